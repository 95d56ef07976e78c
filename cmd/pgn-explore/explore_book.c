/*
 * explore_book.c - pgn-explore's Polyglot books (explore_book.h): the
 * options, and --to=polyglot, the book written from the games by
 * make-book's rules (lib/explore/polyglot_book.h states them).
 *
 * The data goes: explore_loop_run walks the chosen games on the threads
 * (standard chess, any result: make-book counts "*" as a draw); each
 * thread keeps its games' plies (key, move, side) in blocks; the blocks
 * are gathered, the games put back in input order (file, then number in
 * the file) and counted into one polyglot_builder in that order, because
 * make-book's halving of a position's counters (at 16384) depends on the
 * order the games came in; the builder's sorted entries are written by
 * explore_book_file_write (explore_book_file.h), whole or not at all.
 */
#include "explore_book.h"

#include "explore/polyglot_book.h"
#include "explore/polyglot_key.h"
#include "explore_book_file.h"
#include "explore_loop.h"
#include "explore_options.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum {
    OPT_OUTPUT = 0x600,
    OPT_BOOK,
    OPT_MIN_GAMES,
    OPT_MIN_SCORE,
    OPT_ONLY_WHITE,
    OPT_ONLY_BLACK,
    OPT_UNIFORM
};

static const struct argp_option options[] = {
    {"output", OPT_OUTPUT, "BOOK", 0,
     "With --to=polyglot: the book file to write (replaced whole when it is a book or empty; "
     "any other file is left alone)",
     0},
    {"book", OPT_BOOK, "BOOK", 0,
     "List the moves of a Polyglot book for the position asked (--fen, --moves, --positions), "
     "with their weights and learn values",
     0},
    {"min-games", OPT_MIN_GAMES, "N", 0,
     "With --to=polyglot: keep a move played at least N times (make-book's -min-game, "
     "default 3)",
     0},
    {"min-score", OPT_MIN_SCORE, "PERCENT", 0,
     "With --to=polyglot: keep a move that scores at least PERCENT for its side (make-book's "
     "-min-score, default 0)",
     0},
    {"only-white", OPT_ONLY_WHITE, 0, 0, "With --to=polyglot: White's moves only", 0},
    {"only-black", OPT_ONLY_BLACK, 0, 0, "With --to=polyglot: Black's moves only", 0},
    {"uniform", OPT_UNIFORM, 0, 0, "With --to=polyglot: every move of a position weighs 1", 0},
    {0},
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct explore_book_options *o = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        o->min_games = 3;
        break;
    case OPT_OUTPUT:
        o->output = arg;
        break;
    case OPT_BOOK:
        o->book = arg;
        break;
    case OPT_MIN_GAMES:
        o->min_games = cli_uint_option(state, "min-games", arg, 1, POLYGLOT_COUNT_MAX);
        o->min_games_given = true;
        break;
    case OPT_MIN_SCORE: {
        char *end;
        double v = strtod(arg, &end);
        if (end == arg || *end || !(v >= 0 && v <= 100))
            argp_error(state, "--min-score: not a percentage from 0 to 100: '%s'", arg);
        o->min_score = v;
        o->min_score_given = true;
        break;
    }
    case OPT_ONLY_WHITE:
        o->only_white = true;
        break;
    case OPT_ONLY_BLACK:
        o->only_black = true;
        break;
    case OPT_UNIFORM:
        o->uniform = true;
        break;
    case ARGP_KEY_END:
        if (o->only_white && o->only_black)
            argp_error(state, "--only-white and --only-black: a book of neither side is empty");
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

const struct argp explore_book_argp = {options, parse_opt, NULL, NULL, NULL, NULL, NULL};

/* ---- the games' plies, per thread ---- */

struct book_ply {
    uint64_t key;
    uint16_t move;
    uint8_t side;
};

/* A block of games and of their plies; a game's number is stored by the
 * loop after game() (so a block never moves once handed out). */
enum { BLOCK_GAMES = 4096, BLOCK_PLIES = 1 << 16 };
struct book_game {
    unsigned long number;
    unsigned file_index;
    uint8_t white_score; /* 2, 1, 0 */
    uint32_t nplies;
    const struct book_ply *ply;
};
struct game_block {
    struct game_block *next;
    size_t n;
    struct book_game game[BLOCK_GAMES];
};
struct ply_block {
    struct ply_block *next;
    size_t n;
    struct book_ply ply[];
};

struct book_state {
    struct game_block *games; /* newest first */
    struct ply_block *plies;  /* newest first */
    size_t ngames;
    unsigned long not_standard; /* variant and Chess960 games left out */
    bool nomem;
};

struct book_run {
    struct book_state all; /* every thread's blocks, gathered by finish() */
};

static void *state_new(void *arg)
{
    (void)arg;
    return calloc(1, sizeof(struct book_state));
}

/* Room for n plies in the newest ply block; NULL when memory ran out. */
static struct book_ply *plies_room(struct book_state *s, size_t n)
{
    struct ply_block *b = s->plies;
    if (!b || b->n + n > BLOCK_PLIES) {
        size_t cap = n > BLOCK_PLIES ? n : BLOCK_PLIES;
        b = malloc(sizeof *b + cap * sizeof b->ply[0]);
        if (!b)
            return NULL;
        b->n = 0;
        b->next = s->plies;
        s->plies = b;
    }
    struct book_ply *room = b->ply + b->n;
    b->n += n;
    return room;
}

static unsigned long *game(void *state, const struct explore_walk *w)
{
    struct book_state *s = state;
    /* Polyglot keys are standard chess's: the variants and Chess960 are not
     * a book's (make-book reads neither) */
    if (w->meta.variant != VARIANT_CHESS || w->meta.chess960) {
        s->not_standard++;
        return NULL;
    }
    if (s->nomem)
        return NULL;
    if (!s->games || s->games->n == BLOCK_GAMES) {
        struct game_block *g = malloc(sizeof *g);
        if (!g) {
            s->nomem = true;
            return NULL;
        }
        g->n = 0;
        g->next = s->games;
        s->games = g;
    }
    struct book_ply *ply = w->nplies ? plies_room(s, w->nplies) : NULL;
    if (w->nplies && !ply) {
        s->nomem = true;
        return NULL;
    }
    uint64_t key = 0;
    for (size_t i = 0; i < w->nplies; i++) {
        key = i ? polyglot_key_after(&w->pos[i - 1], key, &w->pos[i]) : polyglot_key(&w->pos[0]);
        ply[i] = (struct book_ply){key, polyglot_move_encode(w->ply[i].m), w->pos[i].side};
    }
    struct book_game *g = &s->games->game[s->games->n++];
    *g = (struct book_game){
        .file_index = w->meta.file_index,
        .white_score = w->meta.result == EXPLORE_WHITE_WINS   ? 2
                       : w->meta.result == EXPLORE_BLACK_WINS ? 0
                                                              : 1,
        .nplies = (uint32_t)w->nplies,
        .ply = ply,
    };
    s->ngames++;
    return &g->number;
}

static void state_free(struct book_state *s)
{
    while (s->games) {
        struct game_block *next = s->games->next;
        free(s->games);
        s->games = next;
    }
    while (s->plies) {
        struct ply_block *next = s->plies->next;
        free(s->plies);
        s->plies = next;
    }
}

/* Move a thread's blocks into the run's (under the loop's lock). */
static void finish(void *arg, void *state)
{
    struct book_run *r = arg;
    struct book_state *s = state;
    if (!s)
        return;
    r->all.nomem |= s->nomem;
    r->all.ngames += s->ngames;
    r->all.not_standard += s->not_standard;
    for (struct game_block *g = s->games, *next; g; g = next) {
        next = g->next;
        g->next = r->all.games;
        r->all.games = g;
    }
    for (struct ply_block *p = s->plies, *next; p; p = next) {
        next = p->next;
        p->next = r->all.plies;
        r->all.plies = p;
    }
    free(s);
}

static int game_order(const void *x, const void *y)
{
    const struct book_game *a = *(const struct book_game *const *)x;
    const struct book_game *b = *(const struct book_game *const *)y;
    if (a->file_index != b->file_index)
        return a->file_index < b->file_index ? -1 : 1;
    return a->number < b->number ? -1 : a->number > b->number;
}

/* Count the gathered games into b in input order; false when memory ran out. */
static bool count_games(struct book_state *all, struct polyglot_builder *b)
{
    const struct book_game **order = malloc((all->ngames ? all->ngames : 1) * sizeof *order);
    if (!order)
        return false;
    size_t n = 0;
    for (struct game_block *g = all->games; g; g = g->next)
        for (size_t i = 0; i < g->n; i++)
            order[n++] = &g->game[i];
    qsort(order, n, sizeof *order, game_order);
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        const struct book_game *g = order[i];
        for (uint32_t k = 0; k < g->nplies && ok; k++) {
            const struct book_ply *p = &g->ply[k];
            int score = p->side == WHITE ? g->white_score : 2 - g->white_score;
            ok = polyglot_builder_add(b, p->key, p->move, (enum color)p->side, score);
        }
    }
    free(order);
    return ok;
}

int explore_book_run(const struct explore_options *opt)
{
    const struct explore_book_options *bo = &opt->book;
    if (!bo->output) {
        cli_error("--to=polyglot writes a book: name it with --output BOOK");
        return CLI_USAGE;
    }
    int status = explore_book_file_check(bo->output);
    if (status != CLI_OK)
        return status;
    unsigned long max_ply = opt->max_ply_given ? opt->max_ply : POLYGLOT_MAX_PLY_DEFAULT;
    struct polyglot_build_options po = POLYGLOT_BUILD_OPTIONS_DEFAULT;
    po.min_games = (int)bo->min_games;
    po.min_score = bo->min_score / 100.0; /* make-book's atof(PERCENT) / 100.0 */
    po.only_white = bo->only_white;
    po.only_black = bo->only_black;
    po.uniform = bo->uniform;

    struct book_run run = {0};
    struct explore_consumer c = {
        .arg = &run, .state_new = state_new, .game = game, .finish = finish};
    struct explore_loop_config cfg = {
        .opt = opt,
        .max_ply = max_ply ? max_ply : 1, /* -max-ply 0: the games read, none counted */
        .walk_flags = EXPLORE_WALK_POSITIONS,
        .any_result = true,
        .result_tag_only = true,
        .past_limit_unread = true,
    };
    /* the explorer's own keys are not the book's: a filter of no positions
     * spares the walk computing them */
    struct explore_filter *none = explore_filter_new();
    if (!none)
        return cli_nomem();
    cfg.filter = none;
    struct explore_loop_counts counts = {0};
    status = explore_loop_run(&cfg, &c, &counts);
    explore_filter_free(none);
    /* the games of a variant or of Chess960 were walked, but are not a
     * book's: counted apart */
    counts.walked -= run.all.not_standard;
    if (opt->stats)
        explore_loop_stats(opt, &counts);
    if (run.all.not_standard && !opt->common.quiet)
        cli_error("%lu game%s of a variant or Chess960 left out: a Polyglot book holds standard "
                  "chess",
                  run.all.not_standard, run.all.not_standard == 1 ? "" : "s");
    struct polyglot_builder *b = NULL;
    uint8_t *bytes = NULL;
    size_t len = 0;
    bool oom = run.all.nomem || status == CLI_OSERR;
    if (!oom && status != CLI_NOINPUT) {
        b = polyglot_builder_new();
        oom = !b || (max_ply && !count_games(&run.all, b));
        if (!oom)
            bytes = polyglot_builder_finish(b, &po, &len, &oom);
    }
    if (oom) {
        status = cli_status_merge(status, cli_nomem());
    } else if (status == CLI_NOINPUT) {
        cli_error("%s: not written: an input could not be read", bo->output);
    } else {
        status = cli_status_merge(status, explore_book_file_write(bo->output, bytes, len));
    }
    free(bytes);
    polyglot_builder_free(b);
    state_free(&run.all);
    return status;
}
