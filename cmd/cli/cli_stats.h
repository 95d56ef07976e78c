/*
 * cli_stats.h - --stats[=json], the closing counts of the PGN tools, with
 * one meaning in all of them: --stats ends the run with the tool's line of
 * counts on standard error, as it always has; --stats=json (or --stats
 * json) with one JSON object on one line of standard error instead, whose
 * values are counts only (integers, no ratio, no text), so that the objects
 * of runs over parts of an input add up, key by key, to the object of one
 * run over all of it (docs/scale-out.md sums them with jq).  Standard error,
 * as the line: standard output keeps the data.  A key means the same count
 * in every tool that has it: "games" (games read), "with_errors" (games
 * with an error), ...; docs/options.md lists them.
 */
#ifndef CHESS_CLI_STATS_H
#define CHESS_CLI_STATS_H

#include <argp.h>
#include <stddef.h>

enum cli_stats {
    CLI_STATS_OFF,  /* no --stats */
    CLI_STATS_TEXT, /* --stats: the tool's line */
    CLI_STATS_JSON, /* --stats=json */
};

/* The argp row's argument name and flags: {"stats", KEY, CLI_STATS_ARG,
 * OPTION_ARG_OPTIONAL, doc, group}, shown as --stats[=json]. */
#define CLI_STATS_ARG "json"

/* --stats's value: none (the line), "json", or "text" (the line, said);
 * a separate next argument "json" is taken as the value too, as the other
 * optional values are (docs/options.md: a file so named is ./json).  Any
 * other value is a usage error. */
enum cli_stats cli_stats_parse(struct argp_state *state, const char *arg);

/* One count of the object. */
struct cli_stats_count {
    const char *key;
    unsigned long n;
};

/* The object {"KEY":N,...} of counts[0..n) as one line on stderr. */
void cli_stats_json(const struct cli_stats_count *counts, size_t n);

#endif /* CHESS_CLI_STATS_H */
