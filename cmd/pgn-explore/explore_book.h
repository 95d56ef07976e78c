/*
 * explore_book.h - pgn-explore's Polyglot books: --to=polyglot --output
 * BOOK writes one from the games (polyglot make-book's rules and options:
 * --max-ply, --min-games, --min-score, --only-white, --only-black,
 * --uniform); --book BOOK lists a book's moves for the position asked.
 *
 * STUB: the argp child is real; the entry points say "not built yet".
 * The book's engineer replaces explore_book.c (and may add modules).
 */
#ifndef CHESS_EXPLORE_BOOK_H
#define CHESS_EXPLORE_BOOK_H

#include "cli/cli.h"

#include <stdbool.h>

struct explore_book_options {
    const char *output;      /* --output BOOK (with --to=polyglot) */
    const char *book;        /* --book BOOK: list its moves for the position asked */
    unsigned long min_games; /* --min-games (make-book's -min-game, default 3) */
    double min_score;        /* --min-score percent (make-book's -min-score, default 0) */
    bool min_games_given, min_score_given;
    bool only_white, only_black; /* --only-white, --only-black */
    bool uniform;                /* --uniform: every weight the same */
};

/* The child; its input is a struct explore_book_options *. */
extern const struct argp explore_book_argp;

struct explore_options;

/* --to=polyglot: the whole run (it walks the archives with
 * explore_loop_run itself); the exit status. */
int explore_book_run(const struct explore_options *opt);

/* --book BOOK: list the book's moves for opt->asked (each position); the
 * exit status. */
int explore_book_list(const struct explore_options *opt);

#endif /* CHESS_EXPLORE_BOOK_H */
