/*
 * explore_index_games.c - the games and files tables of a build.
 *
 * A waiting game is one allocation, its strings after it; its number is
 * its first field, whose address the game loop is given.  Games are
 * written when the build writes its counts out (and at the end), those
 * whose number has come; the others wait for the next time.
 */
#include "explore_index_games.h"

#include "explore_index_build.h"

#include "cli/cli.h"

#include <stdlib.h>
#include <string.h>

/* A game waiting for its number (the loop stores it after the game's
 * chunk), then written to the games table; its strings follow it. */
struct explore_index_games_pending {
    unsigned long number; /* first: the address handed out is the record's */
    int64_t id, file;
    unsigned long line;
    unsigned white_elo, black_elo;
    int result, month, speed, variant;
    const char *white, *black; /* into the record's tail, or NULL */
};

/* The files row of this run's file_index, made when a game of it first
 * comes (the loop hands the games over in input order). */
static int step(struct explore_index_games *b, sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc == SQLITE_DONE || rc == SQLITE_ROW)
        return 0;
    return explore_index_db_fail(b->db, "cannot write the index; it is left as it was");
}

static int file_row(struct explore_index_games *b, const struct explore_meta *m)
{
    if (b->last_file == (long)m->file_index)
        return 0;
    b->last_file = (long)m->file_index;
    sqlite3_bind_int64(b->put_file, 1, b->file_base + m->file_index + 1);
    sqlite3_bind_text(b->put_file, 2, m->file ? m->file : "-", -1, SQLITE_TRANSIENT);
    return step(b, b->put_file);
}

static const char *const result_text[3] = {"1-0", "1/2-1/2", "0-1"};

static int put_game(struct explore_index_games *b, const struct explore_index_games_pending *g)
{
    sqlite3_stmt *st = b->put_game;
    sqlite3_bind_int64(st, 1, g->id);
    sqlite3_bind_int64(st, 2, g->file);
    sqlite3_bind_int64(st, 3, (int64_t)g->number);
    sqlite3_bind_int64(st, 4, (int64_t)g->line);
    const char *names[2] = {g->white, g->black};
    const unsigned elos[2] = {g->white_elo, g->black_elo};
    for (int i = 0; i < 2; i++) {
        if (names[i])
            sqlite3_bind_text(st, 5 + i, names[i], -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, 5 + i);
        if (elos[i])
            sqlite3_bind_int64(st, 7 + i, elos[i]);
        else
            sqlite3_bind_null(st, 7 + i);
    }
    sqlite3_bind_text(st, 9, result_text[g->result], -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 10, g->month);
    sqlite3_bind_int(st, 11, g->speed);
    sqlite3_bind_int(st, 12, g->variant);
    return step(b, st);
}

/* Write the waiting games whose number has come (all of them when all),
 * and keep the others. */
int explore_index_games_write(struct explore_index_games *b, bool all)
{
    size_t kept = 0;
    int status = 0;
    for (size_t i = 0; i < b->npending; i++) {
        struct explore_index_games_pending *g = b->pending[i];
        if (status || (!all && g->number == 0)) {
            b->pending[kept++] = g;
            continue;
        }
        status = put_game(b, g);
        free(g);
    }
    b->npending = kept;
    b->bytes = 0;
    return status;
}

/* Copy a game for the games table; NULL when out of memory. */
static struct explore_index_games_pending *pending_new(struct explore_index_games *b,
                                                       const struct explore_meta *m, int64_t id,
                                                       int result, int month, int speed,
                                                       int variant)
{
    size_t lw = m->white ? strlen(m->white) + 1 : 0, lb = m->black ? strlen(m->black) + 1 : 0;
    struct explore_index_games_pending *g = malloc(sizeof *g + lw + lb);
    if (!g)
        return NULL;
    char *tail = (char *)(g + 1);
    *g = (struct explore_index_games_pending){.id = id,
                                              .file = b->file_base + m->file_index + 1,
                                              .line = m->line,
                                              .white_elo = m->white_elo,
                                              .black_elo = m->black_elo,
                                              .result = result,
                                              .month = month,
                                              .speed = speed,
                                              .variant = variant};
    if (lw)
        g->white = memcpy(tail, m->white, lw);
    if (lb)
        g->black = memcpy(tail + lw, m->black, lb);
    if (b->npending == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 1024;
        void *p = realloc(b->pending, cap * sizeof *b->pending);
        if (!p) {
            free(g);
            return NULL;
        }
        b->pending = p;
        b->cap = cap;
    }
    b->pending[b->npending++] = g;
    b->bytes += sizeof *g + lw + lb + sizeof *b->pending;
    return g;
}

int explore_index_games_init(struct explore_index_games *g, struct explore_index_db *db,
                             size_t max_bytes)
{
    memset(g, 0, sizeof *g);
    g->db = db;
    g->max_bytes = max_bytes;
    g->last_file = -1;
    int status = 0;
    g->put_game = explore_index_db_prepare(
        db, "INSERT INTO games VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)", &status);
    if (!status)
        g->put_file =
            explore_index_db_prepare(db, "INSERT OR IGNORE INTO files VALUES(?, ?)", &status);
    sqlite3_stmt *st = NULL;
    if (!status)
        st = explore_index_db_prepare(db, "SELECT coalesce(max(id), 0) FROM files", &status);
    if (st && sqlite3_step(st) == SQLITE_ROW)
        g->file_base = sqlite3_column_int64(st, 0);
    else if (st)
        status = explore_index_db_fail(db, "cannot read the index");
    sqlite3_finalize(st);
    st = NULL;
    if (!status)
        st = explore_index_db_prepare(db, "SELECT coalesce(max(id), 0) FROM games", &status);
    if (st && sqlite3_step(st) == SQLITE_ROW)
        g->next_id = sqlite3_column_int64(st, 0) + 1;
    else if (st)
        status = explore_index_db_fail(db, "cannot read the index");
    sqlite3_finalize(st);
    return status;
}

void explore_index_games_free(struct explore_index_games *g)
{
    for (size_t i = 0; i < g->npending; i++)
        free(g->pending[i]);
    free(g->pending);
    sqlite3_finalize(g->put_game);
    sqlite3_finalize(g->put_file);
    memset(g, 0, sizeof *g);
}

int explore_index_games_add(struct explore_index_games *g, const struct explore_meta *m, int result,
                            int month, int speed, int variant, unsigned long **number)
{
    int status = file_row(g, m);
    if (status)
        return status;
    struct explore_index_games_pending *p =
        pending_new(g, m, g->next_id, result, month, speed, variant);
    if (!p)
        return cli_nomem();
    g->next_id++;
    *number = &p->number;
    return 0;
}
