/*
 * report.h - pgn-check's report formats: text diagnostics on stderr, or
 * JSON lines, one SARIF 2.1.0 log, or GitHub Actions workflow commands on
 * stdout.  Every format carries the same findings: file, line, column,
 * level, code, game number and message.
 */
#ifndef CHESS_REPORT_H
#define CHESS_REPORT_H

#include "cli/cli.h"
#include "policy/pgn_check.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum report_format { REPORT_TEXT, REPORT_JSON, REPORT_SARIF, REPORT_GITHUB, REPORT_FORMAT_NB };

/* The names of --format, in the order of enum report_format. */
extern const char *const report_format_names[REPORT_FORMAT_NB];

/* GitHub shows at most this many annotations of one type per step. */
enum { REPORT_GITHUB_MAX = 10 };

/* The places a step summary lists for each code. */
enum { REPORT_SUMMARY_PLACES = 3 };

/* One code's findings, for the step summary. */
struct report_tally {
    unsigned long count;
    char *places[REPORT_SUMMARY_PLACES]; /* "FILE:LINE:COL" of the first ones */
};

struct report {
    enum report_format format;
    bool quiet; /* -q: nothing at all */
    /* The file of GitHub's job summary ($GITHUB_STEP_SUMMARY, when the
     * run is in GitHub Actions: --format=github or GITHUB_ACTIONS=true),
     * else NULL; report_begin sets it. */
    const char *summary_path;
    /* private */
    bool sarif_results; /* a SARIF result has been written (for the commas) */
    unsigned long shown[PGN_CHECK_LEVEL_NB], hidden[PGN_CHECK_LEVEL_NB];
    struct cli_buf buf, msg;    /* a JSON string, a message being escaped */
    struct report_tally *tally; /* PGN_CHECK_CODE_NB of them, with a summary */
    bool nomem;
};

/* The run's totals, for the step summary. */
struct report_totals {
    unsigned long games, clean, with_errors, with_warnings;
    int status;          /* the exit status the findings give */
    const char *fail_on; /* the lowest level that fails the run */
};

/* Start the report: the SARIF log's head (tool, rules) goes out here. */
void report_begin(struct report *r, enum report_format format, bool quiet);

/* One finding of game number `game` of file `file` ("<stdin>" for the
 * standard input), the game at byte offset `offset` of the file's text
 * (its address: JSON's "offset", SARIF's related location); game 0 for
 * one about no game (stray text after a game's result). */
void report_diag(struct report *r, const char *file, unsigned long game, uint64_t offset,
                 const struct pgn_check_diag *d);

/* Append the Markdown summary (the totals, then a table of every code
 * found: level, count, first places) to the summary file, if any, as
 * GitHub expects: appended, never truncated.  Returns status, or
 * CLI_IOERR after reporting that the file could not be written. */
int report_summary(struct report *r, const struct report_totals *t, int status);

/* End the report: the SARIF log's tail, GitHub's summary of what did not
 * fit in annotations. */
void report_end(struct report *r);

#endif /* CHESS_REPORT_H */
