/*
 * explore_index_query.c - one position's answer from an index.
 *
 * Two statements, made once for the run's filters: the moves (the rows
 * of the position's key range that the filters keep, summed per move)
 * and the top games (the best of the buckets kept: each bucket holds
 * its best EXPLORE_TOP_GAMES, so theirs are among them).
 */
#include "explore_index_query.h"

#include "explore_index_db.h"

#include "cli/cli.h"
#include "policy/select.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct explore_index_query {
    struct explore_index_db db;
    struct explore_index_query_filter filter;
    sqlite3_stmt *moves, *top;
};

bool explore_index_query_parse_ratings(const char *text, unsigned *mask, char *err, size_t errsize)
{
    unsigned m = 0;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        int found = -1;
        for (int i = 0; i < EXPLORE_INDEX_DB_RATING_GROUPS; i++) {
            char name[8];
            snprintf(name, sizeof name, "%d", explore_index_db_rating_groups[i]);
            if (len == strlen(name) && memcmp(p, name, len) == 0)
                found = i;
        }
        if (found < 0) {
            snprintf(err, errsize,
                     "unknown rating group '%.*s' (0, 1000, 1200, 1400, 1600, 1800, 2000, 2200 "
                     "or 2500)",
                     (int)(len > 20 ? 20 : len), p);
            return false;
        }
        m |= 1u << found;
        if (!p[len])
            break;
        p += len + 1;
    }
    *mask = m;
    return true;
}

bool explore_index_query_parse_month(const char *text, bool until, int *out)
{
    int year = 0, month = 0, n = 0;
    if (strlen(text) == 4 && sscanf(text, "%4d%n", &year, &n) == 1 && n == 4)
        month = until ? 12 : 1;
    else if (!(strlen(text) == 7 && sscanf(text, "%4d-%2d%n", &year, &month, &n) == 2 && n == 7 &&
               month >= 1 && month <= 12))
        return false;
    if (!isdigit((unsigned char)text[0]) || year < 1)
        return false;
    *out = year * 100 + month;
    return true;
}

/* " AND column IN (a, b)" for the bits of mask over values. */
static void in_list(char *sql, size_t size, const char *column, unsigned mask, const int *values,
                    int n)
{
    if (!mask)
        return;
    size_t len = strlen(sql);
    len += (size_t)snprintf(sql + len, size - len, " AND %s IN (", column);
    const char *sep = "";
    for (int i = 0; i < n; i++)
        if (mask & (1u << i)) {
            len += (size_t)snprintf(sql + len, size - len, "%s%d", sep, values[i]);
            sep = ", ";
        }
    snprintf(sql + len, size - len, ")");
}

/* The filters' conditions on a table's columns (prefix "t." or ""). */
static void where(char *sql, size_t size, const struct explore_index_query_filter *f, const char *t)
{
    static const int speeds[EXPLORE_INDEX_DB_SPEEDS] = {0, 1, 2, 3, 4, 5, 6};
    char col[32];
    size_t len = strlen(sql);
    snprintf(sql + len, size - len, " WHERE %skey_hi = ?1 AND %skey_lo = ?2 AND %svariant = ?3", t,
             t, t);
    snprintf(col, sizeof col, "%sspeed", t);
    in_list(sql, size, col, f->speeds, speeds, EXPLORE_INDEX_DB_SPEEDS);
    snprintf(col, sizeof col, "%srating_group", t);
    in_list(sql, size, col, f->ratings, explore_index_db_rating_groups,
            EXPLORE_INDEX_DB_RATING_GROUPS);
    len = strlen(sql);
    if (f->since || f->until)
        len += (size_t)snprintf(sql + len, size - len, " AND %smonth > 0", t);
    if (f->since)
        len += (size_t)snprintf(sql + len, size - len, " AND %smonth >= %d", t, f->since);
    if (f->until)
        snprintf(sql + len, size - len, " AND %smonth <= %d", t, f->until);
}

struct explore_index_query *
explore_index_query_open(const char *path, const struct explore_index_query_filter *filter,
                         int *status)
{
    struct explore_index_query *r = calloc(1, sizeof *r);
    if (!r) {
        *status = cli_nomem();
        return NULL;
    }
    r->filter = *filter;
    if ((*status = explore_index_db_open(&r->db, path, EXPLORE_INDEX_DB_READ, 0))) {
        free(r);
        return NULL;
    }
    char sql[2048] = "SELECT move, sum(white), sum(draws), sum(black), sum(rating_sum), "
                     "sum(rating_games), sum(eval_sum), sum(eval_games), max(month) FROM moves";
    where(sql, sizeof sql, filter, "");
    size_t len = strlen(sql);
    snprintf(sql + len, sizeof sql - len, " GROUP BY move");
    r->moves = explore_index_db_prepare(&r->db, sql, status);
    if (!*status) {
        snprintf(sql, sizeof sql,
                 "SELECT t.move, g.white, g.black, g.white_elo, g.black_elo, g.result, g.month,"
                 " f.name, g.number, g.line, g.file, g.speed FROM top_games AS t"
                 " JOIN games AS g ON g.id = t.game JOIN files AS f ON f.id = g.file");
        where(sql, sizeof sql, filter, "t.");
        len = strlen(sql);
        snprintf(sql + len, sizeof sql - len, " ORDER BY t.rating DESC, t.game LIMIT %d",
                 EXPLORE_TOP_GAMES);
        r->top = explore_index_db_prepare(&r->db, sql, status);
    }
    if (*status) {
        explore_index_query_close(r);
        return NULL;
    }
    return r;
}

void explore_index_query_close(struct explore_index_query *r)
{
    if (!r)
        return;
    sqlite3_finalize(r->moves);
    sqlite3_finalize(r->top);
    explore_index_db_close(&r->db);
    free(r);
}

int explore_index_query_max_ply(const struct explore_index_query *r)
{
    return r->db.max_ply;
}

static int read_moves(struct explore_index_query *r, struct explore_answer *out)
{
    sqlite3_stmt *st = r->moves;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        struct explore_stats s;
        memset(&s, 0, sizeof s);
        s.white = (uint64_t)sqlite3_column_int64(st, 1);
        s.draws = (uint64_t)sqlite3_column_int64(st, 2);
        s.black = (uint64_t)sqlite3_column_int64(st, 3);
        s.rating_sum = (uint64_t)sqlite3_column_int64(st, 4);
        s.rating_count = (uint64_t)sqlite3_column_int64(st, 5);
        s.eval_sum = sqlite3_column_int64(st, 6);
        s.eval_count = (uint64_t)sqlite3_column_int64(st, 7);
        s.last_year = (unsigned)(sqlite3_column_int(st, 8) / 100);
        explore_answer_add(out, (move)sqlite3_column_int(st, 0), &s);
    }
    return rc == SQLITE_DONE ? 0 : explore_index_db_fail(&r->db, "cannot read the index");
}

static const char *text_of(sqlite3_stmt *st, int col)
{
    return (const char *)sqlite3_column_text(st, col);
}

static int read_top(struct explore_index_query *r, struct explore_answer *out)
{
    sqlite3_stmt *st = r->top;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int month = sqlite3_column_int(st, 6);
        struct explore_game g = {
            .m = (move)sqlite3_column_int(st, 0),
            .white = (char *)text_of(st, 1),
            .black = (char *)text_of(st, 2),
            .white_elo = (unsigned)sqlite3_column_int(st, 3),
            .black_elo = (unsigned)sqlite3_column_int(st, 4),
            .result = explore_result_parse(text_of(st, 5)),
            .year = (unsigned)(month / 100),
            .month = (unsigned)(month % 100),
            .file = (char *)text_of(st, 7),
            .number = (unsigned long)sqlite3_column_int64(st, 8),
            .line = (unsigned long)sqlite3_column_int64(st, 9),
            .file_index = (unsigned)sqlite3_column_int64(st, 10),
            .speed = sqlite3_column_int(st, 11),
        };
        if (g.speed == EXPLORE_INDEX_DB_SPEED_UNKNOWN)
            g.speed = SELECT_SPEED_NB;
        explore_answer_top(out, &g);
    }
    return rc == SQLITE_DONE ? 0 : explore_index_db_fail(&r->db, "cannot read the index");
}

int explore_index_query_position(struct explore_index_query *r, struct explore_key key, int variant,
                                 struct explore_answer *out)
{
    int status = 0;
    sqlite3_stmt *sts[2] = {r->moves, r->top};
    for (int i = 0; i < 2; i++) {
        sqlite3_bind_int64(sts[i], 1, (int64_t)key.w[0]);
        sqlite3_bind_int64(sts[i], 2, (int64_t)key.w[1]);
        sqlite3_bind_int(sts[i], 3, variant);
    }
    status = read_moves(r, out);
    if (!status)
        status = read_top(r, out);
    sqlite3_reset(r->moves);
    sqlite3_reset(r->top);
    return status;
}
