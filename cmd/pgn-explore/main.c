/*
 * pgn-explore - what is played in a position, and how each move scores,
 * in the games of PGN archives (lichess's opening explorer on the command
 * line); a saved index of them (SQLite) and Polyglot books from them.
 *
 * The data, and where each step is done:
 *     options        explore_options.c: the position asked (--fen, --moves,
 *                    --positions), the output, the criteria (pgn-select's,
 *                    explore_criteria.c), the children of the index and book
 *     the rule       lib/explore/explore.c: which games, plies and moves
 *                    count (lichess's), the position key, a game's walk
 *     input          explore_loop.c: the one game loop: files, chunks on
 *                    --jobs threads (jobs.c), criteria first, each main line
 *                    replayed (lib/games/game.c) and walked, handed to a
 *                    consumer
 *     consumers      explore_query.c (the positions asked, from the
 *                    archives), explore_index.c (the saved index: build,
 *                    merge, answer), explore_book.c (Polyglot books)
 *     answers        lib/explore/explore_answer.c: moves added up and
 *                    sorted, the top games, the opening
 *     output         explore_out.c: table, JSON (lichess's API), TSV, CSV
 */
#include "cli/cli.h"
#include "explore/explore_answer.h"
#include "explore_book.h"
#include "explore_index.h"
#include "explore_loop.h"
#include "explore_options.h"
#include "explore_out.h"
#include "explore_query.h"

#include <stdlib.h>

/* The positions asked, answered from the archives or the index, and
 * written. */
static int answer(struct explore_options *opt)
{
    int status = explore_options_positions(opt);
    if (status != CLI_OK && status != CLI_INVALID)
        return status;
    struct explore_answer *answers = calloc(opt->nasked ? opt->nasked : 1, sizeof *answers);
    if (!answers)
        return cli_nomem();
    for (size_t i = 0; i < opt->nasked; i++)
        explore_answer_init(&answers[i], &opt->asked[i].pos);
    bool write = true;
    if (opt->index.db) {
        int st = explore_index_query(opt, answers);
        /* an index that could not be read answers nothing: empty answers
         * would read as "no games" */
        write = st < CLI_USAGE;
        status = cli_status_merge(status, st);
    } else {
        struct explore_loop_counts n;
        status = cli_status_merge(status, explore_query_run(opt, answers, &n));
        if (opt->stats)
            explore_loop_stats(opt, &n);
    }
    for (size_t i = 0; i < opt->nasked; i++) {
        explore_answer_finish(&answers[i]);
        if (answers[i].nomem)
            status = cli_status_merge(status, cli_nomem());
    }
    /* (an archive that could not be read is reported, and the others
     * answer, as the other tools go on with the next file) */
    if (write && status != CLI_USAGE && status != CLI_OSERR)
        explore_out_write(opt, answers);
    for (size_t i = 0; i < opt->nasked; i++)
        explore_answer_clear(&answers[i]);
    free(answers);
    return status;
}

int main(int argc, char **argv)
{
    struct explore_options opt = {.jobs = 1};
    cli_init(argc, argv);
    explore_options_parse(&opt, argc, argv);
    int status;
    if (opt.to == EXPLORE_TO_POLYGLOT)
        status = explore_book_run(&opt);
    else if (opt.index.db && (opt.index.build || opt.index.merge))
        status = explore_index_run(&opt);
    else if (opt.book.book) {
        status = explore_options_positions(&opt); /* --positions: the book's too */
        if (status == CLI_OK || status == CLI_INVALID)
            status = cli_status_merge(status, explore_book_list(&opt));
    } else
        status = answer(&opt);
    explore_options_free(&opt);
    return cli_finish(status);
}
