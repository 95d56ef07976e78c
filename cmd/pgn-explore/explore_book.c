/*
 * explore_book.c - pgn-explore's Polyglot books (explore_book.h).
 *
 * STUB: the options are parsed; explore_book_run and explore_book_list
 * say "not built yet".  To be replaced by the book's engineer.
 */
#include "explore_book.h"

#include "explore_options.h"

#include <stdlib.h>

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
    {"output", OPT_OUTPUT, "BOOK", 0, "With --to=polyglot: the book file to write", 0},
    {"book", OPT_BOOK, "BOOK", 0,
     "List the moves of a Polyglot book for the position asked (--fen, --moves), with their "
     "weights and learn values",
     0},
    {"min-games", OPT_MIN_GAMES, "N", 0,
     "With --to=polyglot: keep a move played in at least N games (make-book's -min-game, "
     "default 3)",
     0},
    {"min-score", OPT_MIN_SCORE, "PERCENT", 0,
     "With --to=polyglot: keep a move that scores at least PERCENT for its side (make-book's "
     "-min-score, default 0)",
     0},
    {"only-white", OPT_ONLY_WHITE, 0, 0, "With --to=polyglot: White's moves only", 0},
    {"only-black", OPT_ONLY_BLACK, 0, 0, "With --to=polyglot: Black's moves only", 0},
    {"uniform", OPT_UNIFORM, 0, 0, "With --to=polyglot: every move of a position weighs the same",
     0},
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
        o->min_games = cli_uint_option(state, "min-games", arg, 1, ULONG_MAX);
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
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

const struct argp explore_book_argp = {options, parse_opt, NULL, NULL, NULL, NULL, NULL};

/* ENTRY POINT (book engineer): write the book. */
int explore_book_run(const struct explore_options *opt)
{
    (void)opt;
    cli_error("--to=polyglot: not built yet");
    return CLI_USAGE;
}

/* ENTRY POINT (book engineer): list a book's moves. */
int explore_book_list(const struct explore_options *opt)
{
    (void)opt;
    cli_error("--book: not built yet");
    return CLI_USAGE;
}
