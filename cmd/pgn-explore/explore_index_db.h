/*
 * explore_index_db.h - pgn-explore's saved index, the SQLite file
 * itself: opening one (a new one created with its tables), telling a
 * file that is not an index, or an index of another version, from an
 * index (a message naming the file, and never a write to it), its meta
 * values, and the one wording of SQLite's errors.  The tables are
 * formats/explorer.md's.
 */
#ifndef CHESS_EXPLORE_INDEX_DB_H
#define CHESS_EXPLORE_INDEX_DB_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>

/* The version of the tables (PRAGMA user_version and meta 'version'); an
 * index of any other is refused, never read nor written. */
enum { EXPLORE_INDEX_DB_VERSION = 1 };
/* PRAGMA application_id of an index: "ChkX". */
#define EXPLORE_INDEX_DB_APP_ID 0x43686b58

/* The codes of the rating_group column: lichess's groups of the mean
 * rating of both players, by their lower bound (0 below 1000);
 * EXPLORE_INDEX_DB_RATING_NONE when a rating is missing. */
enum { EXPLORE_INDEX_DB_RATING_GROUPS = 9, EXPLORE_INDEX_DB_RATING_NONE = -1 };
extern const int explore_index_db_rating_groups[EXPLORE_INDEX_DB_RATING_GROUPS];
/* The group of the mean of two ratings (either < 0: unknown). */
int explore_index_db_rating_group(int white_elo, int black_elo);

/* The speed column's code where the game's TimeControl says nothing
 * (the others are enum select_speed's). */
enum { EXPLORE_INDEX_DB_SPEED_UNKNOWN = 6, EXPLORE_INDEX_DB_SPEEDS = 7 };

struct explore_index_db {
    sqlite3 *db;
    const char *path; /* as named on the command line (not owned) */
    int max_ply;      /* meta 'max_ply': the plies of each game indexed */
    bool created;     /* the file was new (or empty): its tables were made */
    bool existed;     /* the file was there before */
};

enum explore_index_db_mode {
    EXPLORE_INDEX_DB_READ,  /* an existing index, only read */
    EXPLORE_INDEX_DB_WRITE, /* an existing index, or a new one created */
};

/* Open path as mode asks.  A new index takes max_ply (an existing one
 * keeps its own, in db->max_ply).  A writer's transaction is open on
 * return (explore_index_db_end ends it): everything it writes is one
 * transaction, so an interrupted run leaves the file as it was.  Returns 0, or prints "pgn-explore:
 * PATH: why" and returns the exit status (66: missing, unreadable, not an
 * index, another version; 71: SQLite failed otherwise); db is closed
 * then. */
int explore_index_db_open(struct explore_index_db *db, const char *path,
                          enum explore_index_db_mode mode, int max_ply);
void explore_index_db_close(struct explore_index_db *db);
/* A writer's end: commit (or roll back), then close; a file this run made
 * and did not commit is removed.  0, or the status after a message. */
int explore_index_db_end(struct explore_index_db *db, bool commit);

/* Print "pgn-explore: PATH: what: SQLite's message" and return the exit
 * status of the error: 74 for a full disk or a failed write, 66 for a
 * damaged or unreadable file, 71 for no memory, a lock held too long
 * (another writer) or a file that cannot be opened. */
int explore_index_db_fail(const struct explore_index_db *db, const char *what);

/* Cut top_games back to the best top games of each bucket
 * (position, variant, speed, rating group, month): by rating, highest
 * first, then by game id, lowest first.  0 or the status after a
 * message. */
int explore_index_db_prune_top(const struct explore_index_db *db, int top);

/* Run SQL that returns no rows; 0 or explore_index_db_fail's status. */
int explore_index_db_exec(const struct explore_index_db *db, const char *sql);

/* A prepared statement; NULL after explore_index_db_fail's message, with
 * *status set. */
sqlite3_stmt *explore_index_db_prepare(const struct explore_index_db *db, const char *sql,
                                       int *status);

#endif
