/*
 * named-notation-to-pgn - read games in the Dagaz named-rule notation
 * (formats/named-notation.md: either layout, either vocabulary) and write
 * them as PGN with SAN, in the export format (Seven Tag Roster first).  Every ply must be exactly
 * the record the move generator gives for a legal move; a record that is not is reported with its
 * place, and its game is not written (by default).
 *
 * The data, and where each step is done:
 *     options        here (games.c: --on-error)
 *     input          lib/games/named_reader.c, one thread
 *     each game      replayed (lib/games/game.c) and written in the PGN export
 *                    format by lib/games/pgn_write.c (formats/pgn-export.md, as
 *                    pgn-to-named-notation --to=pgn writes it); games.c:
 *                    result, the game's problem
 *     output         here; the diagnostics through jobs_result.c; games.c's
 *                    closing counts; progress.c on a terminal
 */
#include "cli/cli.h"
#include "cli/cli_stats.h"
#include "input/cli_input.h"
#include "input/decompress.h"
#include "games/game.h"
#include "output/games.h"
#include "jobs/jobs.h"
#include "cli/progress.h"
#include "games/named.h"
#include "games/named_reader.h"
#include "games/pgn_write.h"

#include <stdlib.h>
#include <string.h>

struct options {
    struct cli_common common;
    enum games_on_error on_error;
    enum cli_stats stats;
    bool strict;
    char **files;
    int nfiles;
};

enum { OPT_ON_ERROR = 0x200, OPT_STATS, OPT_STRICT };

static const struct argp_option tool_options[] = {
    {"on-error", OPT_ON_ERROR, "ACTION", 0,
     "For a game with an error: skip it (the default), keep the moves before the error and a "
     "comment saying what is wrong, or stop",
     0},
    {"stats", OPT_STATS, CLI_STATS_ARG, OPTION_ARG_OPTIONAL,
     "End with 'N games, N converted, N with errors' on stderr; =json: one JSON object of those "
     "counts instead (games, converted, with_errors), which add up across runs",
     0},
    {"strict", OPT_STRICT, 0, 0,
     "Refuse a FEN tag whose position no game can reach (by default any position whose moves are "
     "defined is replayed)",
     0},
    {0},
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct options *opt = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->common;
        break;
    case OPT_ON_ERROR:
        opt->on_error = games_on_error(state, arg);
        break;
    case OPT_STATS:
        opt->stats = cli_stats_parse(state, arg);
        break;
    case OPT_STRICT:
        opt->strict = true;
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

struct run {
    const struct options *opt;
    struct game_replay *replay;
    struct pgn_writer w;
    bool nomem;                    /* the writer ran out of memory */
    struct jobs_result diags;      /* the diagnostics, written as they come */
    struct jobs_out out;           /* -q, the progress line */
    struct progress_games *counts; /* NULL: no progress line */
    unsigned long games, converted, errors;
    int status;
    bool stop;
    /* the game being replayed */
    const char *result; /* of its RESULT event, NULL: none */
    bool begun;         /* its setup succeeded (game_begin came) */
};

/* The replay (game.h) is the reader's visitor, and the writer its
 * consumer: each game's records are replayed and its PGN written as the
 * events come; a game with a problem is reported and, by default, left
 * out.  The game's text is written out at its end. */
static void game_start(struct run *run)
{
    pgn_writer_begin(&run->w);
    run->result = NULL;
    run->begun = false;
}

static enum pgn_visit game_begin(void *ctx, const struct pgn_game *g)
{
    struct run *run = ctx;
    (void)g;
    run->begun = true;
    pgn_writer_start(&run->w, &run->replay->start);
    return PGN_VISIT_GO;
}

static enum pgn_visit game_event(void *ctx, const struct game_event *ev)
{
    struct run *run = ctx;
    if (ev->kind == GAME_EV_RESULT)
        run->result = ev->tok->text;
    else
        pgn_writer_event(&run->w, ev);
    return PGN_VISIT_GO;
}

/* A game whose setup failed has its tags alone; a damaged one keeps
 * nothing of its replay. */
static void game_end(void *ctx, const struct pgn_game *g, const struct game_problem *pb)
{
    struct run *run = ctx;
    run->games++;
    if (!run->begun || (pb && pb->code == GAME_E_DAMAGED))
        game_start(run);
    const char *result = run->result ? run->result : games_tag_result(g);
    struct games_problem gp;
    if (pb) {
        games_problem(g, pb, &gp);
        jobs_result_diag(&run->diags.diags, gp.line, gp.col, g->number, gp.msg);
        jobs_result_write(&run->diags, g->source, 0, &run->out);
        run->errors++;
        if (run->opt->on_error == GAMES_ON_ERROR_STOP)
            run->stop = true;
        if (run->opt->on_error != GAMES_ON_ERROR_KEEP)
            return;
    } else {
        run->converted++;
    }
    if (!pgn_writer_end(&run->w, g, NULL, 0, result, pb ? gp.what : NULL))
        run->nomem = true;
    fwrite_unlocked(run->w.head.data, 1, run->w.head.len, stdout);
    fwrite_unlocked(run->w.text.data, 1, run->w.text.len, stdout);
}

static const struct game_consumer writer_consumer = {game_begin, game_event, game_end};

/* One operand, game by game; a file that cannot be opened or read is
 * reported and the next one is read (exit status 66). */
static void convert_file(struct run *run, struct named_reader *reader, const char *path)
{
    const char *name;
    progress_hold(run->out.progress);
    struct text_reader *fp = cli_open(path, &name);
    progress_release(run->out.progress);
    int rc = -1;
    if (!fp) {
        run->status = cli_status_merge(run->status, CLI_NOINPUT);
        return;
    }
    progress_games_file(run->counts, cli_input_fd(fp));
    if (named_reader_open_input(reader, fp, name) == PGN_OK)
        for (;;) {
            if (run->stop)
                break;
            game_start(run);
            if ((rc = named_read_game(reader, &game_replay_visitor, run->replay)) <= 0)
                break;
            progress_games_update(run->counts, run->games);
            if (run->nomem || cli_stdout_failed())
                run->stop = true;
        }
    if (rc < 0 && !run->stop) {
        enum pgn_error e = named_reader_error(reader);
        progress_hold(run->out.progress);
        run->status =
            cli_status_merge(run->status, games_hard_error(name, e, named_reader_errno(reader)));
        progress_release(run->out.progress);
        if (e != PGN_E_IO)
            run->stop = true;
    }
    if (rc == 0 && !run->stop) {
        progress_hold(run->out.progress);
        run->status = cli_status_merge(run->status, cli_input_damage(fp, name, false));
        progress_release(run->out.progress);
    }
    if (run->nomem)
        run->status = cli_status_merge(run->status, cli_nomem());
    cli_close(fp);
}

static const struct argp_child children[] = {{&cli_common_argp, 0, "Common options:", 0}, {0}};
static const struct argp argp = {
    tool_options,
    parse_opt,
    "[FILE...]",
    "Write games in the Dagaz named-rule notation back as PGN with SAN, in the PGN export "
    "format (Seven Tag Roster first; formats/pgn-export.md), as pgn-to-named-notation --to=pgn "
    "writes it.\v"
    "Reads both layouts (one ply per line, or --inline's one line per game) and both "
    "vocabularies (dagaz, zrf). Each ply must be exactly the record the move generator gives "
    "for a legal move (see formats/named-notation.md); a game with one that is not is reported "
    "as FILE:LINE:COL: game N (LABEL): ply P (17...): bad record '...': reason. "
    "With no FILE, or when FILE is -, read standard input. Input compressed with zstd, gzip, "
    "bzip2 or xz (known by its first bytes, whatever its name) is read as its text; a damaged "
    "or truncated stream is reported once, at the line and column of the text where it "
    "breaks. On a terminal, a run longer than a "
    "second shows its progress on standard error, as pgn-to-named-notation "
    "does.\n\n" CLI_EXIT_STATUS_DOC,
    children,
    NULL,
    NULL};

int main(int argc, char **argv)
{
    struct options opt = {0};
    struct run run = {.opt = &opt};
    struct progress_games counts = {0};
    cli_init(argc, argv);
    argp_parse(&argp, argc, argv, 0, NULL, &opt);
    if (progress_wanted(&opt.common)) {
        counts.total = progress_input_size(opt.files, opt.nfiles);
        run.out.progress = progress_start(&opt.common, progress_games_line, &counts);
        run.counts = run.out.progress ? &counts : NULL;
    }
    run.out.quiet = opt.common.quiet;
    struct named_reader *reader = named_reader_new();
    run.replay = malloc(sizeof *run.replay);
    if (!reader || !run.replay) {
        run.status = cli_nomem();
    } else {
        game_replay_listen(run.replay,
                           GAME_NAMED | GAME_VARIATIONS | (opt.strict ? GAME_STRICT_FEN : 0) |
                               cli_games_rules(&opt.common),
                           &writer_consumer, &run);
        if (opt.common.max_line != CLI_MAX_LINE_DEFAULT)
            named_reader_set_max_line(reader, opt.common.max_line);
        for (int i = 0; i < (opt.nfiles ? opt.nfiles : 1) && !run.stop; i++)
            convert_file(&run, reader, opt.nfiles ? opt.files[i] : "-");
    }
    progress_stop(run.out.progress);
    named_reader_free(reader);
    free(run.replay);
    pgn_writer_free(&run.w);
    jobs_result_free(&run.diags);
    return cli_finish(
        games_finish(&opt.common, opt.stats, run.games, run.converted, run.errors, run.status));
}
