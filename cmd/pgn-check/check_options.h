/*
 * check_options.h - pgn-check's options: its command line (check_options_argp,
 * the text of --help and of the man page help2man makes from it) and the
 * values of its options, codes, levels and variants, checked alike on the
 * command line and in the configuration file (config.c), whose keys are
 * here.
 */
#ifndef CHESS_CHECK_OPTIONS_H
#define CHESS_CHECK_OPTIONS_H

#include "cli/cli.h"
#include "cli/cli_stats.h"
#include "input/config.h"
#include "policy/pgn_check.h"

#include "report.h"

#include <argp.h>
#include <stdbool.h>
#include <stddef.h>

/* The configuration file looked for from the current directory up. */
#define CHECK_CONFIG_NAME ".pgn-check.conf"

/* What the command line (and the configuration file) says; the caller
 * sets .jobs = 1 and .fail_on = PGN_CHECK_NOTE first. */
struct check_options {
    struct cli_common common;
    bool pedantic, invert;
    enum cli_stats stats; /* --stats[=json] */
    bool fix, in_place;   /* --fix, --in-place */
    enum report_format format;
    bool selected[PGN_CHECK_CODE_NB], ignored[PGN_CHECK_CODE_NB];
    bool select_given;
    enum pgn_check_level fail_on; /* the lowest level that makes the status 1 */
    struct config_source config;
    long jobs;
    char **files;
    int nfiles;
};

extern const struct argp check_options_argp;

/* The checks on: errors and warnings, the notes with --pedantic; --select
 * replaces that set, --ignore removes from it. */
void check_options_enable(struct pgn_checker *c, const struct check_options *o);

/* The names of --fail-on, in the order of enum pgn_check_level. */
extern const char *const check_options_level_names[PGN_CHECK_LEVEL_NB];

/* Every code, comma-separated and NUL-terminated, into b: the list to
 * choose from in the message of an unknown one. */
void check_options_list_codes(struct cli_buf *b);

/* The codes of a comma-separated list arg[0..n) into set (when not
 * NULL); false at the first unknown one, at [*bad, *bad + *bad_len). */
bool check_options_codes_parse(const char *arg, size_t n, bool *set, size_t *bad, size_t *bad_len);

/* The keys of .pgn-check.conf: ignore, select, fail-on, pedantic, variant. */
enum { CHECK_OPTIONS_CONFIG_KEYS = 5 };
extern const struct config_key check_options_config_keys[CHECK_OPTIONS_CONFIG_KEYS];

#endif /* CHESS_CHECK_OPTIONS_H */
