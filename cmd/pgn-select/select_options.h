/*
 * select_options.h - pgn-select's command line: the criteria (each read
 * by lib/policy/select.h as it comes, a bad one a usage error naming its option),
 * what is written (the games, the others, their number), --limit,
 * --jobs, --stats, and the --help text.
 */
#ifndef CHESS_SELECT_OPTIONS_H
#define CHESS_SELECT_OPTIONS_H

#include "cli/cli.h"
#include "policy/select.h"

#include <stdbool.h>
#include <stdint.h>

/* The distinct games --unique remembers by default, and its largest bound. */
enum { SELECT_UNIQUE_DEFAULT = 1 << 24 };
#define SELECT_UNIQUE_MAX (1ul << 32)

struct select_options {
    struct cli_common common;
    struct select_criteria *criteria; /* owned; select_finish'ed after parsing */
    bool invert;                      /* -v: write the games not chosen */
    bool count;                       /* -c: write their number only */
    bool stats;                       /* --stats: the counts on stderr */
    bool unique;                      /* --unique */
    unsigned long unique_max;         /* --unique-max: distinct games remembered */
    unsigned long limit;              /* -m: stop after this many games written (0: no limit) */
    long jobs;                        /* -j */
    bool at_given;                    /* --at: the one game at byte `at` of the one FILE */
    uint64_t at;
    char **files;
    int nfiles;
};

/* Parse the command line into *opt (a usage error exits with 64); the
 * criteria are ready to judge games afterwards. */
void select_options_parse(struct select_options *opt, int argc, char **argv);

#endif /* CHESS_SELECT_OPTIONS_H */
