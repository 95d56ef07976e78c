/*
 * explore_options.h - pgn-explore's command line: what is asked (--fen,
 * --moves, --positions), the output (--to, --json), --max-ply, --jobs,
 * --stats, the criteria that filter the games first (as pgn-select's),
 * the common options, and the two children of the saved index
 * (explore_index.h) and the Polyglot book (explore_book.h).
 */
#ifndef CHESS_EXPLORE_OPTIONS_H
#define CHESS_EXPLORE_OPTIONS_H

#include "cli/cli.h"
#include "explore_book.h"
#include "explore_criteria.h"
#include "explore_index.h"
#include "policy/select.h"
#include "rules/position.h"

#include <stdbool.h>

/* --to: what is written. */
enum explore_to {
    EXPLORE_TO_TABLE,    /* the default: a table a person reads */
    EXPLORE_TO_JSON,     /* lichess's explorer API shape (JSON Lines with --positions); --json */
    EXPLORE_TO_TSV,      /* the move table, tab-separated */
    EXPLORE_TO_CSV,      /* the move table, RFC 4180 */
    EXPLORE_TO_POLYGLOT, /* a Polyglot book (explore_book.h; --output BOOK) */
};

/* A position asked: from --fen/--moves, or a line of --positions. */
struct explore_asked {
    struct position pos;
    bool ok;            /* false: the line held no position (reported; its answer is empty) */
    unsigned long line; /* its line in --positions (0: from --fen/--moves) */
};

struct explore_options {
    struct cli_common common;
    struct explore_criteria_opts criteria_opts; /* the criteria child's */
    struct select_criteria *criteria;           /* owned; select_finish'ed after parsing */
    enum explore_to to;
    unsigned long max_ply; /* --max-ply: plies indexed (default EXPLORE_MAX_PLY_DEFAULT) */
    bool max_ply_given;    /* (the book's default is make-book's, not the explorer's) */
    const char *fen;       /* --fen: the position asked, or where --moves start */
    const char *moves;     /* --moves: SAN from the start or from --fen */
    const char *positions; /* --positions FILE: one FEN a line ("-": standard input) */
    bool stats;            /* --stats: the counts on stderr */
    long jobs;             /* -j */
    char **files;          /* the operands: PGN archives (or, with --merge, indexes) */
    int nfiles;
    /* the positions asked, read after parsing by explore_options_positions */
    struct explore_asked *asked;
    size_t nasked;
    /* the children's own */
    struct explore_index_options index;
    struct explore_book_options book;
};

/* Parse the command line into *opt (a usage error exits with 64): the
 * criteria ready, --fen and --moves turned into opt->asked[0] (a bad one
 * is a usage error). */
void explore_options_parse(struct explore_options *opt, int argc, char **argv);

/* Read --positions into opt->asked (a line that is no FEN reported as
 * FILE:LINE:COL, its answer left empty): the exit status (CLI_OK,
 * CLI_INVALID, CLI_NOINPUT, or no memory's). */
int explore_options_positions(struct explore_options *opt);

void explore_options_free(struct explore_options *opt);

#endif /* CHESS_EXPLORE_OPTIONS_H */
