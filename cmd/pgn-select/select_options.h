/*
 * select_options.h - pgn-select's command line: the criteria (the child
 * cli/criteria_args.h, each read by lib/policy/select.h as it comes, a bad
 * one a usage error naming its option; --unique and --unique-max here),
 * what is written (the games, the others, their number), --limit,
 * --jobs, --stats, --split and the --help text.
 */
#ifndef CHESS_SELECT_OPTIONS_H
#define CHESS_SELECT_OPTIONS_H

#include "cli/cli.h"
#include "cli/cli_stats.h"
#include "policy/select.h"
#include "select_template.h"

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
    enum cli_stats stats;             /* --stats[=json]: the counts on stderr */
    bool unique;                      /* --unique */
    unsigned long unique_max;         /* --unique-max: distinct games remembered */
    unsigned long limit;              /* -m: stop after this many games written (0: no limit) */
    long jobs;                        /* -j */
    /* --split TEMPLATE: the games to files (select_split.h) */
    const char *split;               /* the template as given, or NULL */
    struct select_template template; /* parsed */
    unsigned long split_every;       /* --split-every: games per {n} (0: not given) */
    bool append;                     /* --append: add to files that exist */
    bool at_given;                   /* --at: the one game at byte `at` of the one FILE */
    uint64_t at;
    char **files;
    int nfiles;
};

/* Parse the command line into *opt (a usage error exits with 64); the
 * criteria are ready to judge games afterwards. */
void select_options_parse(struct select_options *opt, int argc, char **argv);

#endif /* CHESS_SELECT_OPTIONS_H */
