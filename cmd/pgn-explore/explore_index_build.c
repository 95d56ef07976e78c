/*
 * explore_index_build.c - adding games to an index in bounded memory.
 *
 * Two tables gather in memory: the counts per (position, filter columns,
 * move), and the best EXPLORE_INDEX_BUILD_TOP games per (position, filter
 * columns).  When either is full both are written out in key order
 * (an upsert adds the counts to the rows there) and cleared; a game goes
 * to the games table as it comes.  The top games written out by several
 * flushes (or by an earlier build) are cut back to EXPLORE_INDEX_BUILD_TOP per
 * bucket at the end, by the one order (rating, then game number), so the
 * index is the same whatever --memory was.
 */
#include "explore_index_build.h"

#include "explore_index_agg.h"
#include "explore_index_db.h"
#include "explore_index_games.h"

#include "cli/cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The columns a query filters on: a row's key starts with them. */
struct bucket {
    uint64_t key_hi, key_lo;
    int32_t month;
    int16_t rating_group;
    uint8_t variant, speed;
};

struct move_row {
    struct bucket b;
    uint32_t move; /* move (rules/move.h); uint32_t: no padding in the key */
    /* the key ends here */
    uint32_t white, draws, black, rating_games, eval_games;
    int64_t rating_sum, eval_sum;
};

struct top_row {
    struct bucket b;
    /* the key ends here */
    uint32_t n;
    uint32_t rating[EXPLORE_INDEX_BUILD_TOP]; /* White's and Black's added */
    int64_t game[EXPLORE_INDEX_BUILD_TOP];
    move m[EXPLORE_INDEX_BUILD_TOP];
};

struct explore_index_build {
    struct explore_index_db db;
    struct explore_index_agg moves, tops;
    struct explore_index_games games_table;
    sqlite3_stmt *put_move, *put_top;
    unsigned long long games;
    bool flushed_into_rows; /* top_games may hold more than EXPLORE_INDEX_BUILD_TOP a bucket */
};

int explore_index_build_variant_code(int variant, bool chess960)
{
    return variant * 2 + (chess960 ? 1 : 0);
}

bool explore_index_build_parse_memory(const char *text, size_t *out)
{
    char *end;
    if (!isdigit((unsigned char)text[0]))
        return false;
    unsigned long long v = strtoull(text, &end, 10);
    int shift = 0;
    switch (toupper((unsigned char)*end)) {
    case 'K':
        shift = 10;
        break;
    case 'M':
        shift = 20;
        break;
    case 'G':
        shift = 30;
        break;
    case 'T':
        shift = 40;
        break;
    case 0:
        break;
    default:
        return false;
    }
    if (shift) {
        end++;
        if (strcmp(end, "iB") == 0 || strcmp(end, "B") == 0 || strcmp(end, "ib") == 0)
            end += strlen(end);
    }
    if (*end || v > (SIZE_MAX >> shift) || (v << shift) < ((size_t)1 << 20))
        return false;
    *out = (size_t)(v << shift);
    return true;
}

static int cmp_i64(int64_t a, int64_t b)
{
    return (a > b) - (a < b);
}

/* SQLite's order of the primary key: signed integers, then the bytes. */
static int cmp_bucket(const struct bucket *x, const struct bucket *y)
{
    int c;
    if ((c = cmp_i64((int64_t)x->key_hi, (int64_t)y->key_hi)) ||
        (c = cmp_i64((int64_t)x->key_lo, (int64_t)y->key_lo)) ||
        (c = cmp_i64(x->variant, y->variant)) || (c = cmp_i64(x->speed, y->speed)) ||
        (c = cmp_i64(x->rating_group, y->rating_group)) || (c = cmp_i64(x->month, y->month)))
        return c;
    return 0;
}

static int cmp_move_row(const void *a, const void *b, void *ctx)
{
    (void)ctx;
    const struct move_row *x = a, *y = b;
    int c = cmp_bucket(&x->b, &y->b);
    return c ? c : cmp_i64(x->move, y->move);
}

static int cmp_top_row(const void *a, const void *b, void *ctx)
{
    (void)ctx;
    return cmp_bucket(&((const struct top_row *)a)->b, &((const struct top_row *)b)->b);
}

static void bind_bucket(sqlite3_stmt *st, const struct bucket *b)
{
    sqlite3_bind_int64(st, 1, (int64_t)b->key_hi);
    sqlite3_bind_int64(st, 2, (int64_t)b->key_lo);
    sqlite3_bind_int(st, 3, b->variant);
    sqlite3_bind_int(st, 4, b->speed);
    sqlite3_bind_int(st, 5, b->rating_group);
    sqlite3_bind_int(st, 6, b->month);
}

static int step(struct explore_index_build *b, sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc == SQLITE_DONE || rc == SQLITE_ROW)
        return 0;
    return explore_index_db_fail(&b->db, "cannot write the index; it is left as it was");
}

/* Write both tables out in key order and clear them (but after the last),
 * and the games whose number has come. */
static int flush(struct explore_index_build *b, bool last)
{
    int status = 0;
    explore_index_agg_sort(&b->moves, cmp_move_row, NULL);
    for (size_t i = 0; i < b->moves.n && !status; i++) {
        const struct move_row *r = explore_index_agg_sorted(&b->moves, i);
        sqlite3_stmt *st = b->put_move;
        bind_bucket(st, &r->b);
        sqlite3_bind_int(st, 7, (int)r->move);
        const int64_t v[] = {r->white,        r->draws,    r->black,     r->rating_sum,
                             r->rating_games, r->eval_sum, r->eval_games};
        for (int k = 0; k < 7; k++)
            sqlite3_bind_int64(st, 8 + k, v[k]);
        status = step(b, st);
    }
    explore_index_agg_sort(&b->tops, cmp_top_row, NULL);
    for (size_t i = 0; i < b->tops.n && !status; i++) {
        const struct top_row *r = explore_index_agg_sorted(&b->tops, i);
        for (uint32_t k = 0; k < r->n && !status; k++) {
            sqlite3_stmt *st = b->put_top;
            bind_bucket(st, &r->b);
            sqlite3_bind_int64(st, 7, r->rating[k]);
            sqlite3_bind_int64(st, 8, r->game[k]);
            sqlite3_bind_int(st, 9, r->m[k]);
            status = step(b, st);
        }
    }
    if (b->tops.n)
        b->flushed_into_rows = true;
    if (!status)
        status = explore_index_games_write(&b->games_table, false);
    /* (the last write-out leaves the slots: clearing them would touch
     * every page of a table sized for --memory, for nothing) */
    if (!last) {
        explore_index_agg_clear(&b->moves);
        explore_index_agg_clear(&b->tops);
    }
    return status;
}

static const char put_move_sql[] =
    "INSERT INTO moves VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) "
    "ON CONFLICT DO UPDATE SET white = white + excluded.white, "
    "draws = draws + excluded.draws, black = black + excluded.black, "
    "rating_sum = rating_sum + excluded.rating_sum, "
    "rating_games = rating_games + excluded.rating_games, "
    "eval_sum = eval_sum + excluded.eval_sum, eval_games = eval_games + excluded.eval_games";

struct explore_index_build *explore_index_build_open(const char *path, int max_ply, size_t memory,
                                                     int *status)
{
    struct explore_index_build *b = calloc(1, sizeof *b);
    if (!b) {
        *status = cli_nomem();
        return NULL;
    }
    if ((*status = explore_index_db_open(&b->db, path, EXPLORE_INDEX_DB_WRITE, max_ply))) {
        free(b);
        return NULL;
    }
    if (b->db.max_ply != max_ply) {
        cli_error("%s: an index of the first %d plies of each game, not %d: give --max-ply %d "
                  "to add to it (it is left as it is)",
                  path, b->db.max_ply, max_ply, b->db.max_ply);
        *status = CLI_USAGE;
        explore_index_db_end(&b->db, false);
        free(b);
        return NULL;
    }
    /* --memory: most for the two tables, an eighth for SQLite's page
     * cache, a sixteenth for the games waiting for their numbers. */
    size_t cache = memory / 8, waiting = memory / 16, rows = (memory - cache - waiting) / 2;
    char pragma[96];
    snprintf(pragma, sizeof pragma, "PRAGMA cache_size = -%zu", cache / 1024);
    *status = explore_index_db_exec(&b->db, pragma);
    if (!*status)
        *status = explore_index_games_init(&b->games_table, &b->db, waiting);
    if (!*status && (!explore_index_agg_init(&b->moves, sizeof(struct move_row),
                                             offsetof(struct move_row, white), rows) ||
                     !explore_index_agg_init(&b->tops, sizeof(struct top_row),
                                             offsetof(struct top_row, n), rows)))
        *status = cli_nomem();
    if (!*status) {
        b->put_move = explore_index_db_prepare(&b->db, put_move_sql, status);
        if (!*status)
            b->put_top = explore_index_db_prepare(
                &b->db, "INSERT INTO top_games VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", status);
    }
    /* Top games written into an index that had some are cut back at the
     * end; a new index needs that only after a second flush. */
    b->flushed_into_rows = !b->db.created;
    if (*status) {
        explore_index_build_end(b, false);
        return NULL;
    }
    return b;
}

/* Add the game (id, rating) to a bucket's best games: by rating, highest
 * first, then by id, lowest first (ids come in increasing order). */
static void top_add(struct top_row *t, int64_t game, uint32_t rating, move m)
{
    uint32_t at = t->n;
    while (at > 0 && t->rating[at - 1] < rating)
        at--;
    if (at >= EXPLORE_INDEX_BUILD_TOP)
        return;
    uint32_t last = t->n < EXPLORE_INDEX_BUILD_TOP ? t->n : EXPLORE_INDEX_BUILD_TOP - 1;
    for (uint32_t k = last; k > at; k--) {
        t->rating[k] = t->rating[k - 1];
        t->game[k] = t->game[k - 1];
        t->m[k] = t->m[k - 1];
    }
    t->rating[at] = rating;
    t->game[at] = game;
    t->m[at] = m;
    if (t->n < EXPLORE_INDEX_BUILD_TOP)
        t->n++;
}

/* The rows of one counted ply, in tables with room for them; false when
 * out of memory. */
static bool add_ply(struct explore_index_build *b, const struct bucket *bk,
                    const struct explore_ply *p, int result, unsigned mover_elo,
                    const struct explore_meta *m, int64_t game)
{
    struct move_row key;
    memset(&key, 0, sizeof key);
    key.b = *bk;
    key.b.key_hi = p->key.w[0];
    key.b.key_lo = p->key.w[1];
    key.move = p->m;
    bool fresh, nomem;
    struct move_row *r = explore_index_agg_get(&b->moves, &key, &fresh, &nomem);
    if (!r)
        return false;
    uint32_t *counts[3] = {&r->white, &r->draws, &r->black};
    (*counts[result])++;
    if (mover_elo) {
        r->rating_sum += mover_elo;
        r->rating_games++;
    }
    if (p->has_eval) {
        r->eval_sum += p->eval;
        r->eval_games++;
    }
    if (!m->white_elo || !m->black_elo)
        return true;
    struct top_row *t = explore_index_agg_get(&b->tops, &key.b, &fresh, &nomem);
    if (!t)
        return false;
    top_add(t, game, m->white_elo + m->black_elo, p->m);
    return true;
}

int explore_index_build_add(struct explore_index_build *b, const struct explore_walk *w,
                            unsigned long **number)
{
    const struct explore_meta *m = &w->meta;
    *number = NULL;
    if (m->result == EXPLORE_RESULT_NONE)
        return 0;
    int result = (int)m->result - (int)EXPLORE_WHITE_WINS;
    struct bucket bk;
    memset(&bk, 0, sizeof bk);
    bk.month = m->year ? (int32_t)(m->year * 100 + m->month) : 0;
    bk.rating_group = (int16_t)explore_index_db_rating_group(m->white_elo ? (int)m->white_elo : -1,
                                                             m->black_elo ? (int)m->black_elo : -1);
    bk.variant = (uint8_t)explore_index_build_variant_code(m->variant, m->chess960);
    bk.speed = (uint8_t)(m->speed >= 0 && m->speed < EXPLORE_INDEX_DB_SPEEDS
                             ? m->speed
                             : EXPLORE_INDEX_DB_SPEED_UNKNOWN);
    int64_t id = explore_index_games_next_id(&b->games_table);
    int status =
        explore_index_games_add(&b->games_table, m, result, bk.month, bk.speed, bk.variant, number);
    bool white = w->start.side == WHITE;
    /* Both tables have room for a ply's rows before it is added: a row
     * made and then left without counts would be written as zeros. */
    for (size_t i = 0; i < w->nplies && !status; i++, white = !white) {
        if (!w->ply[i].counted)
            continue;
        if (b->moves.n == b->moves.max_rows || b->tops.n == b->tops.max_rows ||
            explore_index_games_full(&b->games_table))
            status = flush(b, false);
        if (!status &&
            !add_ply(b, &bk, &w->ply[i], result, white ? m->white_elo : m->black_elo, m, id))
            status = cli_nomem();
    }
    if (!status)
        b->games++;
    return status;
}

unsigned long long explore_index_build_games(const struct explore_index_build *b)
{
    return b->games;
}

int explore_index_build_end(struct explore_index_build *b, bool commit)
{
    int status = 0;
    if (commit && b->put_move) {
        status = flush(b, true);
        if (!status)
            status = explore_index_games_write(&b->games_table, true);
        if (!status && b->flushed_into_rows)
            status = explore_index_db_prune_top(&b->db, EXPLORE_INDEX_BUILD_TOP);
    }
    sqlite3_finalize(b->put_move);
    sqlite3_finalize(b->put_top);
    if (b->db.db) {
        int end = explore_index_db_end(&b->db, commit && !status);
        status = cli_status_merge(status, end);
    }
    explore_index_agg_free(&b->moves);
    explore_index_agg_free(&b->tops);
    explore_index_games_free(&b->games_table);
    free(b);
    return status;
}
