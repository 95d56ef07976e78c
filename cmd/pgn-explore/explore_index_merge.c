/*
 * explore_index_merge.c - indexes added into one.
 *
 * Each source is read through its own connection, table by table in
 * primary-key order, and written into the output: the counts of moves by
 * the build's upsert (added to a row there), the games and files with
 * their ids moved past the output's (so the order of the games, which
 * breaks ties among top games, is the order of the sources), the top
 * games likewise, cut back at the end.  The sources are opened through
 * the same checks as any index, and all of them before the first write.
 */
#include "explore_index_merge.h"

#include "explore_index_build.h"
#include "explore_index_db.h"

#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* A table's copy: the SELECT from the source, the INSERT into the
 * output, and which columns (0-based) take which offset. */
struct copy {
    const char *select, *insert;
    int ncols;
    int game_col, file_col; /* -1: none */
};

static const struct copy copies[] = {
    {"SELECT id, name FROM files ORDER BY id", "INSERT INTO files VALUES(?1, ?2)", 2, -1, 0},
    {"SELECT id, file, number, line, white, black, white_elo, black_elo, result, month, speed,"
     " variant FROM games ORDER BY id",
     "INSERT INTO games VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)", 12, 0, 1},
    {"SELECT key_hi, key_lo, variant, speed, rating_group, month, move, white, draws, black,"
     " rating_sum, rating_games, eval_sum, eval_games FROM moves"
     " ORDER BY key_hi, key_lo, variant, speed, rating_group, month, move",
     "INSERT INTO moves VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"
     " ON CONFLICT DO UPDATE SET white = white + excluded.white,"
     " draws = draws + excluded.draws, black = black + excluded.black,"
     " rating_sum = rating_sum + excluded.rating_sum,"
     " rating_games = rating_games + excluded.rating_games,"
     " eval_sum = eval_sum + excluded.eval_sum, eval_games = eval_games + excluded.eval_games",
     14, -1, -1},
    {"SELECT key_hi, key_lo, variant, speed, rating_group, month, rating, game, move"
     " FROM top_games ORDER BY key_hi, key_lo, variant, speed, rating_group, month, game",
     "INSERT INTO top_games VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", 9, 7, -1},
};

/* The largest id of a table of out, or -1 after a message. */
static long long max_id(struct explore_index_db *out, const char *table, int *status)
{
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT coalesce(max(id), 0) FROM %s", table);
    sqlite3_stmt *st = explore_index_db_prepare(out, sql, status);
    if (!st)
        return -1;
    long long v = -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    else
        *status = explore_index_db_fail(out, "cannot read the index");
    sqlite3_finalize(st);
    return v;
}

static int copy_table(struct explore_index_db *src, struct explore_index_db *out,
                      const struct copy *c, long long game_off, long long file_off)
{
    int status = 0;
    sqlite3_stmt *from = explore_index_db_prepare(src, c->select, &status);
    if (!from)
        return status;
    sqlite3_stmt *to = explore_index_db_prepare(out, c->insert, &status);
    if (!to) {
        sqlite3_finalize(from);
        return status;
    }
    int rc;
    while ((rc = sqlite3_step(from)) == SQLITE_ROW) {
        for (int i = 0; i < c->ncols; i++) {
            if (i == c->game_col || i == c->file_col)
                sqlite3_bind_int64(to, i + 1,
                                   sqlite3_column_int64(from, i) +
                                       (i == c->game_col ? game_off : file_off));
            else
                sqlite3_bind_value(to, i + 1, sqlite3_column_value(from, i));
        }
        int wrc = sqlite3_step(to);
        sqlite3_reset(to);
        if (wrc != SQLITE_DONE) {
            status = explore_index_db_fail(out, "cannot write the index; it is left as it was");
            break;
        }
    }
    if (!status && rc != SQLITE_DONE)
        status = explore_index_db_fail(src, "cannot read the index");
    sqlite3_finalize(from);
    sqlite3_finalize(to);
    return status;
}

static int merge_one(struct explore_index_db *out, const char *path)
{
    struct explore_index_db src;
    int status = explore_index_db_open(&src, path, EXPLORE_INDEX_DB_READ, 0);
    if (status)
        return status;
    long long file_off = max_id(out, "files", &status);
    long long game_off = status ? 0 : max_id(out, "games", &status);
    for (size_t i = 0; i < sizeof copies / sizeof copies[0] && !status; i++)
        status = copy_table(&src, out, &copies[i], game_off, file_off);
    explore_index_db_close(&src);
    return status;
}

/* Every source an index of the same max_ply, and none of them out;
 * their max_ply, or -1 after a message (*status). */
static int check_sources(const char *out, char *const *sources, int n, int *status)
{
    struct stat out_sb;
    bool out_exists = stat(out, &out_sb) == 0;
    int max_ply = -1;
    for (int i = 0; i < n; i++) {
        struct stat sb;
        if (out_exists && stat(sources[i], &sb) == 0 && sb.st_dev == out_sb.st_dev &&
            sb.st_ino == out_sb.st_ino) {
            cli_error("%s: the index merged into cannot be merged from", sources[i]);
            *status = CLI_USAGE;
            return -1;
        }
        struct explore_index_db src;
        if ((*status = explore_index_db_open(&src, sources[i], EXPLORE_INDEX_DB_READ, 0)))
            return -1;
        int ply = src.max_ply;
        explore_index_db_close(&src);
        if (max_ply >= 0 && ply != max_ply) {
            cli_error("%s: an index of the first %d plies of each game, and %s of %d: they "
                      "cannot be merged",
                      sources[i], ply, sources[0], max_ply);
            *status = CLI_USAGE;
            return -1;
        }
        max_ply = ply;
    }
    return max_ply;
}

int explore_index_merge(const char *out, char *const *sources, int n)
{
    int status = 0;
    int max_ply = check_sources(out, sources, n, &status);
    if (status)
        return status;
    struct explore_index_db db;
    if ((status = explore_index_db_open(&db, out, EXPLORE_INDEX_DB_WRITE, max_ply)))
        return status;
    if (db.max_ply != max_ply) {
        cli_error("%s: an index of the first %d plies of each game, and %s of %d: they cannot "
                  "be merged (it is left as it is)",
                  out, db.max_ply, sources[0], max_ply);
        explore_index_db_end(&db, false);
        return CLI_USAGE;
    }
    for (int i = 0; i < n && !status; i++)
        status = merge_one(&db, sources[i]);
    if (!status)
        status = explore_index_db_prune_top(&db, EXPLORE_INDEX_BUILD_TOP);
    int end = explore_index_db_end(&db, status == 0);
    return cli_status_merge(status, end);
}
