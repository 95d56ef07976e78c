/*
 * select_work.h - pgn-select's work on a run of games: each game judged
 * (its tags by lib/policy/select.h; its main line, when a criterion needs it,
 * replayed by lib/games/game.h), and one record per game appended to the
 * result's output, which the writer (select_write.h) reads back in input
 * order: what was decided, the game's bytes and, for --unique, its
 * identity.  A clean game is skimmed (lib/games/pgn_skim.h: its bounds and tags
 * without its tokens); any other text is read by the reader, as far as
 * the next place where a game may start.  Runs in any thread: one worker
 * per thread.
 */
#ifndef CHESS_SELECT_WORK_H
#define CHESS_SELECT_WORK_H

#include "jobs/jobs.h"
#include "select_options.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What became of a game. */
enum select_outcome {
    SELECT_CHOSEN,
    SELECT_NOT_CHOSEN,
    SELECT_UNREADABLE, /* reported: written neither way */
};

/* What a record holds. */
enum select_record_kind {
    SELECT_RECORD_GAME,
    SELECT_RECORD_STRAY, /* text between games that makes no game: reported, never written */
    SELECT_RECORD_REST,  /* bytes after the last game of a run: blank lines and the like */
};

/* A record read back; raw points into the result's buffer. */
struct select_record {
    enum select_record_kind kind;
    enum select_outcome outcome;
    bool has_id;
    uint64_t id[2];          /* --unique: the game's identity */
    unsigned long number;    /* the game's number in its run (from 1) */
    unsigned long last_line; /* the line of the file where raw ends */
    const char *key;         /* --split: the key of the game's file (select_template.h) */
    size_t key_len;
    const char *raw;
    size_t raw_len, lead; /* lead: the blank lines opening raw */
};

/* Read the record at *p (before end) and move *p past it; false at end. */
bool select_record_next(const char **p, const char *end, struct select_record *rec);

/* A worker: its reader, replay and judge (NULL when out of memory). */
void *select_worker_new(void *options);
void select_worker_free(void *worker);

/* The jobs module's callbacks (jobs.h): a chunk of whole games, and a
 * stream read to its end. */
void select_work_chunk(void *worker, const struct jobs_chunk *in, struct jobs_result *res);
void select_work_stream(void *worker, struct text_reader *fp, const struct jobs_chunk *at,
                        struct jobs_result *res, struct jobs_stream *s);

#endif /* CHESS_SELECT_WORK_H */
