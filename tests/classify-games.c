/*
 * classify-games - a test aid, not a product: each game of the PGN files
 * named (standard input without one) classified by lib/games/opening.h, one line
 * per game, "N<TAB>ECO<TAB>NAME", N counting the games of all the inputs
 * from 1.  scripts/check-slow-openings compares its lines with
 * scripts/chessops-openings.mjs's, which classifies by lichess's own rules
 * library, so both print the cases that are no classification alike:
 *
 *   N<TAB>-<TAB>-   no position of the game is named, or the game is not
 *                   classified: a Variant tag other than standard chess
 *                   (Chess960 included), or a start position other than
 *                   the standard one;
 *   N<TAB>!<TAB>!   a game of standard chess that cannot be read: its FEN
 *                   tag, or a move of its main line (every one, not only
 *                   those the search looks at: a game with an illegal
 *                   move is never selected), or text the reader lost.
 *
 * Variations are skipped unread; a null move ends the search
 * (opening_search_pass).  Options, before the files: --ply adds a field,
 * the ply of the named position (0 for none); --tag NAME (repeatable)
 * adds one with the value of the game's tag NAME ("-" when it has none),
 * for the comparison of the classification with a file's ECO tags.
 *
 *     classify-games ../shared/data/pgn/online/dela3499_Carlsen.pgn
 *     classify-games --tag ECO --tag Site lichess-export.pgn
 */
#include "games/game.h"
#include "games/opening.h"
#include "games/pgn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct classify {
    struct pgn_reader *reader;
    struct game_replay *replay;
    const struct opening_table *table;
    unsigned long count;
    bool ply;
    char **tags; /* --tag NAME..., ntags of them */
    int ntags;
    const struct pgn_game *game;
    /* the game being read: its search, begun when it is classified */
    struct opening_search search;
    bool searching, other_start;
};

static void print_line(struct classify *c, const char *eco, const char *name, unsigned long ply)
{
    printf("%lu\t%s\t%s", c->count, eco, name);
    if (c->ply)
        printf("\t%lu", ply);
    for (int i = 0; i < c->ntags; i++) {
        const struct pgn_tag *t = pgn_tags_find(c->game->tags, c->game->ntags, c->tags[i]);
        printf("\t%s", t && *t->value ? t->value : "-");
    }
    putchar('\n');
}

/* The replay's consumer (the replay as the reader's visitor): a game of
 * standard chess from the standard position is searched as it is
 * replayed; another start is skipped unread. */
static enum pgn_visit classify_begin(void *ctx, const struct pgn_game *g)
{
    struct classify *c = ctx;
    const struct position *start = &c->replay->start;
    (void)g;
    if (start->variant != VARIANT_CHESS || start->chess960) {
        c->other_start = true;
        return PGN_VISIT_SKIP_GAME;
    }
    opening_search_start(&c->search, c->table, start);
    c->searching = true;
    return PGN_VISIT_GO;
}

static enum pgn_visit classify_event(void *ctx, const struct game_event *ev)
{
    struct classify *c = ctx;
    if (!c->searching || ev->depth > 0)
        return PGN_VISIT_GO;
    if (ev->kind == GAME_EV_MOVE)
        opening_search_move(&c->search, ev->after);
    else if (ev->kind == GAME_EV_NULL)
        opening_search_pass(&c->search);
    return PGN_VISIT_GO;
}

/* The game's line: what the text lost, or a setup or move refused, is
 * "!" (an unknown variant "-"), whatever was searched. */
static void classify_end(void *ctx, const struct pgn_game *g, const struct game_problem *pb)
{
    struct classify *c = ctx;
    bool searched = c->searching, other = c->other_start;
    c->searching = c->other_start = false;
    if (g->stray)
        return;
    c->game = g;
    c->count++;
    const struct opening *o = searched ? opening_search_result(&c->search) : NULL;
    if (pb && pb->code == GAME_E_VARIANT)
        print_line(c, "-", "-", 0);
    else if (pb)
        print_line(c, "!", "!", 0);
    else if (other || !o)
        print_line(c, "-", "-", 0);
    else
        print_line(c, o->eco, o->name, c->search.found_ply);
}

static int classify_stream(struct classify *c, FILE *fp, const char *name)
{
    static const struct game_consumer consumer = {classify_begin, classify_event, classify_end};
    if (pgn_reader_open_file(c->reader, fp, name) != PGN_OK)
        return -1;
    int rc;
    game_replay_listen(c->replay, 0, &consumer, c);
    while ((rc = pgn_read_game(c->reader, &game_replay_visitor, c->replay)) > 0)
        ;
    if (rc < 0)
        fprintf(stderr, "classify-games: %s: %s\n", name,
                pgn_error_message(pgn_reader_error(c->reader)));
    return rc;
}

int main(int argc, char **argv)
{
    struct classify c = {0};
    int first = 1;
    c.tags = calloc((size_t)argc, sizeof *c.tags);
    for (; first < argc; first++) {
        if (strcmp(argv[first], "--ply") == 0) {
            c.ply = true;
        } else if (strcmp(argv[first], "--tag") == 0 && first + 1 < argc && c.tags) {
            c.tags[c.ntags++] = argv[++first];
        } else if (strcmp(argv[first], "--") == 0) {
            first++;
            break;
        } else if (argv[first][0] == '-' && argv[first][1]) {
            fprintf(stderr, "usage: classify-games [--ply] [--tag NAME]... [FILE...]\n");
            return 64;
        } else {
            break;
        }
    }
    c.reader = pgn_reader_new();
    c.replay = malloc(sizeof *c.replay);
    c.table = opening_table_get();
    if (!c.reader || !c.replay || !c.table) {
        fprintf(stderr, "classify-games: out of memory\n");
        return 71;
    }
    pgn_reader_set_options(c.reader, PGN_OPT_SKIP_COMMENTS | PGN_OPT_SKIP_NUMBERS);
    int status = 0;
    if (first >= argc) {
        if (classify_stream(&c, stdin, "-") < 0)
            status = 66;
    }
    for (int i = first; i < argc; i++) {
        FILE *fp = fopen(argv[i], "rb");
        if (!fp) {
            perror(argv[i]);
            status = 66;
            continue;
        }
        if (classify_stream(&c, fp, argv[i]) < 0)
            status = 66;
        fclose(fp);
    }
    if (fflush(stdout) != 0)
        status = 74;
    pgn_reader_free(c.reader);
    free(c.replay);
    free(c.tags);
    return status;
}
