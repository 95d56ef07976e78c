/*
 * explore_index_games.h - the games table of a build: each game kept
 * (players, ratings, result, month, speed, variant, file, line) waits in
 * memory until the game loop has stored its number in its file (which
 * it knows only after the game's chunk), then is written; and the files
 * table, one row per input file of the run.
 */
#ifndef CHESS_EXPLORE_INDEX_GAMES_H
#define CHESS_EXPLORE_INDEX_GAMES_H

#include "explore_index_db.h"

#include "explore/explore.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct explore_index_games_pending;

struct explore_index_games {
    struct explore_index_db *db;
    sqlite3_stmt *put_game, *put_file;
    int64_t file_base; /* the files' ids of this run: file_base + file_index + 1 */
    int64_t next_id;   /* the id of the next game: ids follow the input's order */
    long last_file;    /* the file_index of the last game (-1: none yet) */
    struct explore_index_games_pending **pending;
    size_t npending, cap, bytes, max_bytes;
};

/* Ready g for a build of db (its transaction open), holding at most
 * about max_bytes of waiting games.  0, or the status after a message. */
int explore_index_games_init(struct explore_index_games *g, struct explore_index_db *db,
                             size_t max_bytes);
void explore_index_games_free(struct explore_index_games *g);

/* The id the next game added takes: 1, 2, ... after the index's last,
 * so that the ids' order is the input's (the tie-break of the top
 * games). */
static inline int64_t explore_index_games_next_id(const struct explore_index_games *g)
{
    return g->next_id;
}

/* Keep a game (result 0 White won, 1 drawn, 2 Black won; month, speed
 * and variant as the index codes them): *number is where its number is
 * to be stored, valid until explore_index_games_free.  0, or the status
 * after a message. */
int explore_index_games_add(struct explore_index_games *g, const struct explore_meta *m, int result,
                            int month, int speed, int variant, unsigned long **number);

/* The waiting games hold their share of memory: write them out. */
static inline bool explore_index_games_full(const struct explore_index_games *g)
{
    return g->bytes > g->max_bytes;
}

/* Write the games whose number has come (every one when all) and keep
 * the others.  0, or the status after a message. */
int explore_index_games_write(struct explore_index_games *g, bool all);

#endif
