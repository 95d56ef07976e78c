/*
 * report.h - pgn-check's report formats: text diagnostics on stderr, or
 * JSON lines, one SARIF 2.1.0 log, or GitHub Actions workflow commands on
 * stdout.  Every format carries the same findings: file, line, column,
 * level, code, game number and message.
 */
#ifndef REPORT_H
#define REPORT_H

#include "cli.h"
#include "pgn_check.h"

#include <stdbool.h>
#include <stdio.h>

enum report_format { REPORT_TEXT, REPORT_JSON, REPORT_SARIF, REPORT_GITHUB, REPORT_FORMAT_NB };

/* The names of --format, in the order of enum report_format. */
extern const char *const report_format_names[REPORT_FORMAT_NB];

/* GitHub shows at most this many annotations of one type per step. */
enum { REPORT_GITHUB_MAX = 10 };

struct report {
    enum report_format format;
    bool quiet; /* -q: nothing at all */
    /* private */
    bool sarif_results; /* a SARIF result has been written (for the commas) */
    unsigned long shown[PGN_CHECK_LEVEL_NB], hidden[PGN_CHECK_LEVEL_NB];
    struct cli_buf buf, msg; /* a JSON string, a message being escaped */
};

/* Start the report: the SARIF log's head (tool, rules) goes out here. */
void report_begin(struct report *r, enum report_format format, bool quiet);

/* One finding of game number `game` of file `file` ("<stdin>" for the
 * standard input); game 0 for one about no game (stray text after a
 * game's result). */
void report_diag(struct report *r, const char *file, unsigned long game,
                 const struct pgn_check_diag *d);

/* End the report: the SARIF log's tail, GitHub's summary of what did not
 * fit in annotations. */
void report_end(struct report *r);

#endif /* REPORT_H */
