/*
 * jobs_result.h - what the work on a run of games gives, kept until it is
 * written in its place: the bytes for standard output, the diagnostics
 * for standard error (their game numbers counted from the run's first
 * game, shifted when written) and the tool's counters.  The PGN tools
 * fill one per chunk under --jobs (jobs.h), and in a single thread one
 * that is written as it goes; the results written add up into the
 * totals.  Part of jobs.h, which includes it.
 */
#ifndef CHESS_JOBS_RESULT_H
#define CHESS_JOBS_RESULT_H

#include "cli/cli.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct progress;

/* Slots of tool-defined counters in a result (e.g. games converted, games
 * with errors), added up in input order into the totals. */
enum { JOBS_COUNTS = 4 };

/* A diagnostic kept until its chunk is written: at a place, about game
 * number game of its file ("game N " is put in front; 0: no game), or, with
 * line 0, about the input as a whole ("PROG: message", written even under
 * -q, as a file that cannot be opened is). */
struct jobs_diag {
    unsigned long line, col, game;
    size_t off, len; /* the message, in the text buffer */
};

struct jobs_diags {
    struct jobs_diag *v;
    size_t n, cap;
    struct cli_buf text; /* an allocation failure sets text.nomem */
};

/* Keep a diagnostic (see struct jobs_diag) to write later. */
void jobs_result_diag(struct jobs_diags *d, unsigned long line, unsigned long col,
                      unsigned long game, const char *msg);

/* One chunk of input: whole games of one file. */
struct jobs_chunk {
    const char *name;         /* the file's name in messages ("<stdin>") */
    const char *data;         /* the text, not NUL-terminated */
    size_t len;               /* never 0 */
    unsigned long first_line; /* the line number in the file of data's first line */
    uint64_t offset;          /* the offset in the file's text (decompressed) of
                               * data's first byte: a game's address is
                               * offset + its place in data */
};

/* What the work on one chunk gives.  Counters start at 0 and the buffers
 * empty (their memory is kept from chunk to chunk). */
struct jobs_result {
    struct cli_buf out;      /* for standard output */
    struct jobs_diags diags; /* for standard error; game numbers from 1 in the chunk */
    unsigned long games;     /* games read: the file's next chunks number theirs after */
    unsigned long counts[JOBS_COUNTS];
    int status;   /* the worst exit status of the chunk's own (CLI_OK...) */
    bool stop;    /* write this chunk, then read no more (--on-error=stop, no memory) */
    bool at_rest; /* with guess_cuts: the reader came to rest at the end of the
                   * chunk (pgn_reader_at_rest) */
};

/* How results are written: -q, and the progress line to keep off the
 * diagnostics (NULL: none). */
struct jobs_out {
    bool quiet;
    struct progress *progress;
};

/* Write a result and empty its buffers: out to standard output, then the
 * diagnostics as "PROG:NAME:LINE:COL: game N message" (N shifted by
 * game_offset), placed ones only when not quiet.  Counters stay. */
void jobs_result_write(struct jobs_result *res, const char *name, unsigned long game_offset,
                       const struct jobs_out *how);

/* Empty a result that will not be written (its counters stay). */
void jobs_result_drop(struct jobs_result *res);

/* The sums of the results written, in input order. */
struct jobs_totals {
    unsigned long games;
    unsigned long counts[JOBS_COUNTS];
    int status; /* merged: chunks' statuses, files that cannot be opened or read */
    bool stop;  /* a chunk asked to stop, or standard output failed */
};

/* Add a written result into the totals: its games, counters and status;
 * a stop it asks for, or a failed standard output, stops the run. */
void jobs_result_add_up(struct jobs_totals *t, const struct jobs_result *res);

/* Free a result's memory. */
void jobs_result_free(struct jobs_result *res);

#endif /* CHESS_JOBS_RESULT_H */
