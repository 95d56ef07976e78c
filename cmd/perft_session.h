/*
 * perft_session.h - what perft does with each position, one function per
 * mode: count (with or without --divide), check a suite record's expected
 * counts, split into the positions K plies down; and the state of a run
 * they share with --against (against.h) and with cmd/perft.c, which reads
 * the options and the records.  Every count goes through perft_mode_count,
 * watched by the progress line on a terminal.
 */
#ifndef PERFT_MODES_H
#define PERFT_MODES_H

#include "cli.h"
#include "perft.h"
#include "perft_suite.h"
#include "progress.h"
#include "uci.h"

#include <stdbool.h>
#include <stdint.h>

struct uci_engine;
struct divide_command;

/* What the command line asked for. */
struct perft_options {
    struct cli_common common;
    int depth;     /* -1 when not given */
    int max_depth; /* -1 when not given */
    int split;     /* -1 when not given */
    bool divide, json, strict;
    enum uci_castling castling;
    int threads;
    size_t hash_bytes;
    const char *against;        /* --against: a UCI engine's command */
    const char *against_divide; /* --against-divide: a divide command's template */
    int engine_timeout;         /* --engine-timeout, in seconds */
    bool engine_timeout_given;
    const char **fens; /* --fen and --startpos, in order */
    int nfens;
    char **files;
    int nfiles;
};

/* Where a position came from, for messages: a file and line, or the n-th
 * --fen option; and how its suite writes expected counts (the words of
 * the "skip" line and of a missing count). */
struct perft_source {
    const char *name;
    unsigned long line;
    bool blocks; /* python-chess's id/epd/perft blocks, else EPD ;Dn */
};

/* The state of a run. */
struct perft_session {
    const struct perft_options *opt;
    struct perft_config cfg;
    struct perft_progress progress;
    int progress_depth;                    /* the depth the progress line shows */
    bool prefix_fen;                       /* several positions: each result after its FEN */
    unsigned long passed, failed, skipped; /* suite records and --against comparisons */
    bool checked;                          /* something was checked: print the summary */
    struct uci_engine *engine;             /* --against */
    struct divide_command *command;        /* --against-divide */
    struct cli_buf line;                   /* the output line being built */
    int status;
};

/* Before the first record: the threads (--jobs, else one per core, at
 * most PERFT_THREADS_MAX), the table (--hash) and the engine (--against,
 * which must answer "uciok", or --against-divide's command); CLI_OK, or
 * the exit status of what could not be had (reported). */
enum { PERFT_THREADS_MAX = 256 };
int perft_session_start(struct perft_session *s, struct perft_table **table,
                        struct uci_engine *engine, struct divide_command *command);

/* perft_run with the session's threads and table, shown on the progress
 * line when standard error is a terminal. */
uint64_t perft_mode_count(struct perft_session *s, const struct position *p, int depth,
                          struct perft_divide *d);

/* --depth N: "N nodes" (after the FEN and a tab when several positions),
 * the divide in Stockfish's layout, or JSON. */
void perft_mode_depth(struct perft_session *s, const struct position *p);

/* The deepest depth with an expected count, up to --max-depth: 0 when
 * none, -2 when all are deeper than --max-depth. */
int perft_mode_deepest(const struct perft_session *s, const struct perft_expect *e);

/* A suite record: every expected count up to deepest, ok or FAIL. */
void perft_mode_check(struct perft_session *s, const struct position *p,
                      const struct perft_expect *e, const struct perft_source *src, int deepest);

/* A record whose counts are all deeper than --max-depth: "skip". */
void perft_mode_skip(struct perft_session *s, const struct position *p,
                     const struct perft_source *src);

/* Count a checked record (suite or --against) for the summary; a failure
 * makes the exit status 1. */
void perft_mode_result(struct perft_session *s, bool ok);

/* --split K: "FEN<TAB>paths" per distinct position K plies down. */
void perft_mode_split(struct perft_session *s, const struct position *p);

/* "N passed, N failed[, N skipped]" (or its JSON) after checks. */
void perft_mode_summary(struct perft_session *s);

/* The start of a checked record's JSON object: {"file":...,"line":N,
 * "fen":"FEN with the string left open for the caller to close. */
void perft_mode_json_head(struct perft_session *s, const struct position *p,
                          const struct perft_source *src);

/* Write the line built in s->line (unless -q) and empty it. */
void perft_mode_flush(struct perft_session *s);

#endif /* PERFT_MODES_H */
