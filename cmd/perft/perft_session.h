/*
 * perft_session.h - a perft run: its state (threads, table, engine, the
 * output line, the tally of checked records) and what it does with each
 * position, one function per mode: count (with or without --divide),
 * check a suite record's expected counts, split into the positions K
 * plies down.  cmd/perft/main.c reads the records and calls these; --against
 * (against.h) shares the state.  Every count goes through
 * perft_session_count, watched by the progress line on a terminal.
 */
#ifndef CHESS_PERFT_SESSION_H
#define CHESS_PERFT_SESSION_H

#include "cli/cli.h"
#include "perft/perft.h"
#include "perft/perft_breakdown.h"
#include "perft_args.h"
#include "perft/perft_suite.h"
#include "cli/progress.h"
#include "notation/uci.h"

#include <stdbool.h>
#include <stdint.h>

struct uci_engine;
struct divide_command;

/* Where a position came from, for messages: a file and line, or the n-th
 * --fen option; and how its suite writes expected counts (the words of
 * the "skip" line and of a missing count). */
struct perft_session_source {
    const char *name;
    unsigned long line;
    bool blocks; /* python-chess's id/epd/perft blocks, else EPD ;Dn */
};

/* The state of a run. */
struct perft_session {
    const struct perft_args *opt;
    struct perft_config cfg;
    struct perft_progress progress;
    int progress_depth;                    /* the depth the progress line shows */
    bool prefix_fen;                       /* several positions: each result after its FEN */
    unsigned long passed, failed, skipped; /* suite records and --against comparisons */
    bool checked;                          /* something was checked: print the summary */
    bool table_head;                       /* --breakdown's table header was written */
    struct uci_engine *engine;             /* --against */
    struct divide_command *command;        /* --against-divide */
    struct cli_buf line;                   /* the output line being built */
    int status;
};

/* Before the first record: the threads (--jobs, else one per core, at
 * most PERFT_ARGS_THREADS_MAX), the table (--hash) and the engine (--against,
 * which must answer "uciok", or --against-divide's command); CLI_OK, or
 * the exit status of what could not be had (reported). */
int perft_session_start(struct perft_session *s, struct perft_table **table,
                        struct uci_engine *engine, struct divide_command *command);

/* perft_run with the session's threads and table, shown on the progress
 * line when standard error is a terminal. */
uint64_t perft_session_count(struct perft_session *s, const struct position *p, int depth,
                             struct perft_divide *d);

/* perft_breakdown_run (--breakdown) with the session's threads, shown on
 * the progress line as perft_session_count is; d may be NULL. */
void perft_session_breakdown(struct perft_session *s, const struct position *p, int depth,
                             struct perft_breakdown *b, struct perft_breakdown_divide *d);

/* The columns after the nodes, appended to a line: " captures N
 * en_passant N ..." (text), or ,"captures":N,... (JSON). */
void perft_session_breakdown_words(struct perft_session *s, const struct perft_breakdown *b);

/* --depth N: "N nodes" (after the FEN and a tab when several positions),
 * the divide in Stockfish's layout, or JSON; with --breakdown a table
 * (tab-separated, its header once per run) or JSON with the columns. */
void perft_session_depth(struct perft_session *s, const struct position *p);

/* The deepest depth with an expected count, up to --max-depth: 0 when
 * none, -2 when all are deeper than --max-depth. */
int perft_session_deepest(const struct perft_session *s, const struct perft_expect *e);

/* A suite record: every expected count up to deepest, ok or FAIL (with
 * --breakdown, the columns of the depth reported after its counts). */
void perft_session_check(struct perft_session *s, const struct position *p,
                         const struct perft_expect *e, const struct perft_session_source *src,
                         int deepest);

/* A record whose counts are all deeper than --max-depth: "skip". */
void perft_session_skip(struct perft_session *s, const struct position *p,
                        const struct perft_session_source *src);

/* Count a checked record (suite or --against) for the summary; a failure
 * makes the exit status 1. */
void perft_session_result(struct perft_session *s, bool ok);

/* --split K: "FEN<TAB>paths" per distinct position K plies down. */
void perft_session_split(struct perft_session *s, const struct position *p);

/* "N passed, N failed[, N skipped]" (or its JSON) after checks. */
void perft_session_summary(struct perft_session *s);

/* The start of a checked record's JSON object: {"file":...,"line":N,
 * "fen":"FEN with the string left open for the caller to close. */
void perft_session_json_head(struct perft_session *s, const struct position *p,
                             const struct perft_session_source *src);

/* Write the line built in s->line (unless -q) and empty it. */
void perft_session_flush(struct perft_session *s);

#endif /* CHESS_PERFT_SESSION_H */
