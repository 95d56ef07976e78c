/*
 * checked.h - pgn-check's checked games as records in a byte buffer: a
 * worker (one thread, or one of --jobs N) checks games and appends one
 * record per game (its bytes, its label, its diagnostics, its identity) and
 * one for the bytes after the last game; the writer reads the records back
 * in input order, where the duplicates are found and the games written.
 */
#ifndef CHESS_CHECKED_H
#define CHESS_CHECKED_H

#include "cli/cli.h"
#include "fix.h"
#include "fix_out.h"
#include "output/game_out.h"
#include "jobs/jobs.h"
#include "games/pgn.h"
#include "policy/pgn_check.h"
#include "report.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A game, stray text between games (pgn_game.stray: reported, written
 * only under --invert, counted as no game), the bytes after the last
 * game. */
enum checked_kind { CHECKED_GAME, CHECKED_STRAY, CHECKED_REST };

/* The tags a record keeps for the label of a duplicate: White, Black,
 * Round and Event (game_label's). */
enum { CHECKED_LABEL_TAGS = 4 };

/* A record read back; the pointers point into the buffer. */
struct checked {
    enum checked_kind kind;
    unsigned long number, line, col; /* the game's number (from 1 in its chunk) and place */
    uint64_t offset;                 /* its address: pgn_game.offset (the file's) */
    const char *raw;                 /* its bytes (NULL when the reader let them go) */
    size_t raw_len;
    size_t lead; /* the blank lines opening raw: the separator after the game before */
    const char *tag[CHECKED_LABEL_TAGS]; /* White, Black, Round, Event (NULL: no tag) */
    size_t tag_len[CHECKED_LABEL_TAGS];
    bool hashed;
    struct game_id id;
    size_t ndiags;
    const char *diags; /* ndiags encoded diagnostics: checked_diag_next */
    const char *fixed; /* --fix: the game written again (fix.h), else NULL */
    size_t fixed_len;
};

/* Append the record of game g and its result; line_offset is added to
 * every line number (a chunk's first line in its file, minus one).  fx,
 * when not NULL, is the game written again by --fix: its text, the
 * findings it mends and its identity go in the record instead. */
void checked_put_game(struct cli_buf *out, const struct pgn_game *g,
                      const struct pgn_check_result *res, unsigned long line_offset,
                      const struct fix_result *fx);

/* Make the game record at out->data + off (the last one appended) a game
 * not written again: its bytes as they were, its findings not fixed. */
void checked_unfix(struct cli_buf *out, size_t off);

/* Append the bytes after the last game of an input or chunk. */
void checked_put_rest(struct cli_buf *out, const char *text, size_t len);

/* Read the record at *p (before end) and move *p past it; false at end. */
bool checked_next(const char **p, const char *end, struct checked *rec);

/* Read the next diagnostic of a record from *p and move *p past it (one
 * mended by --fix is a note, d->fixed set). */
void checked_diag_next(const char **p, struct pgn_check_diag *d);

/* An input seen by the writer: duplicates are numbered across inputs. */
struct checked_input {
    const char *name;
    unsigned long first_ordinal;
};

/* The writer sees the checked games in input order, whatever the number
 * of threads that checked them: it finds the duplicates (the first copy
 * stays), reports every problem, and writes each clean game (or, with
 * invert, each other one) with the blank lines after it.  Start from {0}
 * and set the first fields. */
struct checked_writer {
    struct report *report;
    struct game_id_set dups; /* with places: ordinal, line (game_id_set_init) */
    bool dup_on;             /* the duplicate-game check is on */
    bool invert;             /* write the games with a problem */
    bool games_out;          /* games go to stdout (text format, not -q) */
    struct fix_out *fix;     /* --fix: every game goes there, mended or as it was */
    /* totals */
    unsigned long games, clean, with_errors, with_warnings;
    bool found_at[PGN_CHECK_LEVEL_NB]; /* something of that level was */
    bool nomem;
    /* private */
    struct checked_input *inputs;
    size_t ninputs;
    unsigned long ordinal;
    struct game_out out; /* the games written: set out.fp */
    struct pgn_check_diag *diags;
    size_t diags_cap;
    char dup_msg[512];
};

/* Write a worker's result (a struct checked_writer * as writer): the
 * jobs module's write hook, also called by the single thread as it goes. */
void checked_write(void *writer, struct jobs_result *res, const char *name,
                   unsigned long game_offset, bool file_first);
void checked_writer_free(struct checked_writer *w);

#endif /* CHESS_CHECKED_H */
