/* The explorer's rule and data model (explore.h): the key, a game's
 * metadata, its walk, the filter of asked positions, the statistics. */
#include "explore.h"

#include "games/pgn_result.h"
#include "policy/select.h"
#include "policy/select_pos.h"

#include <stdlib.h>
#include <string.h>

/* ---- the key ---- */

/* Two independent seeds (select_position_hash's contract), each with the
 * Chess960 flag, which the position hash leaves to its callers (as
 * game_id_begin adds it). */
struct explore_key explore_key_of(const struct position *p)
{
    uint64_t c = p->chess960 ? 0x5851F42D4C957F2Dull : 0;
    struct explore_key k = {{select_position_hash(p, 0x452821E638D01377ull ^ c),
                             select_position_hash(p, 0xBE5466CF34E90C6Cull ^ c)}};
    if (explore_key_none(k))
        k.w[1] = 1;
    return k;
}

/* ---- metadata ---- */

enum explore_result explore_result_parse(const char *text)
{
    return text ? explore_result_parse_text(text, strlen(text)) : EXPLORE_RESULT_NONE;
}

enum explore_result explore_result_parse_text(const char *s, size_t n)
{
    switch (pgn_result_parse(s, n)) {
    case PGN_RESULT_WHITE:
        return EXPLORE_WHITE_WINS;
    case PGN_RESULT_BLACK:
        return EXPLORE_BLACK_WINS;
    case PGN_RESULT_DRAW:
        return EXPLORE_DRAW;
    default:
        return EXPLORE_RESULT_NONE;
    }
}

/* n digits at s, as a number; false when any is not a digit. */
static bool digits(const char *s, int n, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (unsigned)(s[i] - '0');
    }
    *out = v;
    return true;
}

bool explore_date_parse(const char *text, unsigned *year, unsigned *month)
{
    *year = *month = 0;
    if (!text || strlen(text) < 4 || !digits(text, 4, year))
        return false;
    unsigned mo;
    if (text[4] == '.' && strlen(text) >= 7 && digits(text + 5, 2, &mo) && mo >= 1 && mo <= 12)
        *month = mo;
    return true;
}

/* A rating: a whole number from 1 to 65535 (lichess keeps u16), else 0. */
static unsigned rating(const struct pgn_tag *tags, size_t ntags, const char *name)
{
    const struct pgn_tag *t = pgn_tags_find(tags, ntags, name);
    if (!t || t->value_len == 0 || t->value_len > 5)
        return 0;
    unsigned v;
    if (!digits(t->value, (int)t->value_len, &v) || v > 65535)
        return 0;
    return v;
}

static const char *value(const struct pgn_tag *tags, size_t ntags, const char *name)
{
    const struct pgn_tag *t = pgn_tags_find(tags, ntags, name);
    return t ? t->value : NULL;
}

void explore_meta_from_tags(struct explore_meta *m, const struct pgn_tag *tags, size_t ntags)
{
    struct explore_meta place = *m;
    *m = (struct explore_meta){.file = place.file,
                               .file_index = place.file_index,
                               .line = place.line,
                               .speed = SELECT_SPEED_NB};
    m->result = explore_result_parse(value(tags, ntags, "Result"));
    m->white = value(tags, ntags, "White");
    m->black = value(tags, ntags, "Black");
    m->white_elo = rating(tags, ntags, "WhiteElo");
    m->black_elo = rating(tags, ntags, "BlackElo");
    if (!explore_date_parse(value(tags, ntags, "UTCDate"), &m->year, &m->month))
        explore_date_parse(value(tags, ntags, "Date"), &m->year, &m->month);
    const char *tc = value(tags, ntags, "TimeControl");
    enum select_speed sp;
    if (tc && select_speed_of(tc, &sp))
        m->speed = (int)sp;
}

/* ---- the filter ---- */

struct explore_filter {
    bitboard *boards; /* open addressing, 0: empty (no position has an empty board) */
    size_t nboards, board_cap;
    struct explore_key *keys; /* in the order added */
    size_t nkeys, key_cap;
    uint32_t *slots; /* open addressing over keys: index + 1, 0: empty */
    size_t slot_cap;
};

struct explore_filter *explore_filter_new(void)
{
    return calloc(1, sizeof(struct explore_filter));
}

void explore_filter_free(struct explore_filter *f)
{
    if (!f)
        return;
    free(f->boards);
    free(f->keys);
    free(f->slots);
    free(f);
}

static size_t board_slot(bitboard b, size_t cap)
{
    return (size_t)select_mix(b) & (cap - 1);
}

static bool board_insert(bitboard *boards, size_t cap, bitboard b)
{
    size_t i = board_slot(b, cap);
    while (boards[i] && boards[i] != b)
        i = (i + 1) & (cap - 1);
    bool fresh = !boards[i];
    boards[i] = b;
    return fresh;
}

static size_t key_slot(const struct explore_filter *f, struct explore_key k)
{
    size_t i = (size_t)k.w[0] & (f->slot_cap - 1);
    while (f->slots[i] && !explore_key_equal(f->keys[f->slots[i] - 1], k))
        i = (i + 1) & (f->slot_cap - 1);
    return i;
}

bool explore_filter_add(struct explore_filter *f, const struct position *p)
{
    bitboard occ = position_occupied(p);
    if (2 * (f->nboards + 1) > f->board_cap) {
        size_t cap = f->board_cap ? 2 * f->board_cap : 16;
        bitboard *b = calloc(cap, sizeof *b);
        if (!b)
            return false;
        for (size_t i = 0; i < f->board_cap; i++)
            if (f->boards[i])
                board_insert(b, cap, f->boards[i]);
        free(f->boards);
        f->boards = b;
        f->board_cap = cap;
    }
    f->nboards += board_insert(f->boards, f->board_cap, occ);
    struct explore_key k = explore_key_of(p);
    if (f->slot_cap && f->slots[key_slot(f, k)])
        return true; /* asked before: its first index stands */
    if (f->nkeys == f->key_cap) {
        size_t cap = f->key_cap ? 2 * f->key_cap : 16;
        struct explore_key *keys = realloc(f->keys, cap * sizeof *keys);
        if (!keys)
            return false;
        f->keys = keys;
        f->key_cap = cap;
    }
    if (2 * (f->nkeys + 1) > f->slot_cap) {
        size_t cap = f->slot_cap ? 2 * f->slot_cap : 32;
        uint32_t *slots = calloc(cap, sizeof *slots);
        if (!slots)
            return false;
        free(f->slots);
        f->slots = slots;
        f->slot_cap = cap;
        for (size_t i = 0; i < f->nkeys; i++)
            f->slots[key_slot(f, f->keys[i])] = (uint32_t)i + 1;
    }
    f->keys[f->nkeys] = k;
    f->slots[key_slot(f, k)] = (uint32_t)++f->nkeys;
    return true;
}

bool explore_filter_board(const struct explore_filter *f, bitboard occupied)
{
    if (!f->board_cap)
        return false;
    size_t i = board_slot(occupied, f->board_cap);
    while (f->boards[i]) {
        if (f->boards[i] == occupied)
            return true;
        i = (i + 1) & (f->board_cap - 1);
    }
    return false;
}

long explore_filter_find(const struct explore_filter *f, struct explore_key k)
{
    if (!f->slot_cap)
        return -1;
    uint32_t s = f->slots[key_slot(f, k)];
    return s ? (long)s - 1 : -1;
}

/* ---- the walk ---- */

struct explore_walk *explore_walk_new(size_t max_ply, unsigned flags)
{
    if (max_ply < 1 || max_ply > EXPLORE_MAX_PLY_MAX)
        return NULL;
    struct explore_walk *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->max_ply = max_ply;
    w->flags = flags;
    size_t n = 4;
    while (n < 2 * max_ply)
        n *= 2;
    w->nslots = n;
    w->ply = malloc(max_ply * sizeof *w->ply);
    w->slots = malloc(n * sizeof *w->slots);
    if (flags & EXPLORE_WALK_POSITIONS)
        w->pos = malloc(max_ply * sizeof *w->pos);
    if (!w->ply || !w->slots || ((flags & EXPLORE_WALK_POSITIONS) && !w->pos)) {
        explore_walk_free(w);
        return NULL;
    }
    return w;
}

void explore_walk_free(struct explore_walk *w)
{
    if (!w)
        return;
    free(w->ply);
    free(w->pos);
    free(w->slots);
    free(w);
}

void explore_walk_only(struct explore_walk *w, const struct explore_filter *f)
{
    w->filter = f;
}

/* The position before ply w->nplies is p: its key (when the filter lets
 * it through), and its copy when positions are kept. */
static void before_next(struct explore_walk *w, const struct position *p)
{
    w->next = !w->filter || explore_filter_board(w->filter, position_occupied(p))
                  ? explore_key_of(p)
                  : (struct explore_key){{0, 0}};
    if (w->pos)
        w->pos[w->nplies] = *p;
}

void explore_walk_begin(struct explore_walk *w, const struct position *start)
{
    w->start = *start;
    w->meta.variant = start->variant;
    w->meta.chess960 = start->chess960;
    w->nplies = 0;
    w->played = 0;
    w->stopped = false;
    before_next(w, start);
}

void explore_walk_move(struct explore_walk *w, move m, const struct position *after)
{
    w->played++;
    if (!explore_walk_open(w))
        return;
    if (m == MOVE_NONE) {
        w->stopped = true;
        return;
    }
    w->ply[w->nplies++] = (struct explore_ply){.key = w->next, .m = m};
    if (w->nplies < w->max_ply)
        before_next(w, after);
}

void explore_walk_eval(struct explore_walk *w, int32_t centipawns)
{
    /* (played == nplies: the last move given was walked) */
    if (w->nplies && w->played == w->nplies && !w->ply[w->nplies - 1].has_eval) {
        w->ply[w->nplies - 1].has_eval = true;
        w->ply[w->nplies - 1].eval = centipawns;
    }
}

void explore_walk_end(struct explore_walk *w)
{
    size_t mask = w->nslots - 1;
    memset(w->slots, 0, w->nslots * sizeof *w->slots);
    for (size_t i = w->nplies; i-- > 0;) {
        struct explore_ply *p = &w->ply[i];
        p->counted = false;
        if (explore_key_none(p->key))
            continue;
        size_t s = (size_t)p->key.w[0] & mask;
        while (!explore_key_none(w->slots[s]) && !explore_key_equal(w->slots[s], p->key))
            s = (s + 1) & mask;
        if (explore_key_none(w->slots[s])) {
            w->slots[s] = p->key;
            p->counted = true; /* none later: this is the last time the game was here */
        }
    }
}

/* ---- statistics ---- */

void explore_stats_add_game(struct explore_stats *s, enum explore_result r, unsigned rating,
                            unsigned year)
{
    s->white += r == EXPLORE_WHITE_WINS;
    s->draws += r == EXPLORE_DRAW;
    s->black += r == EXPLORE_BLACK_WINS;
    if (rating) {
        s->rating_sum += rating;
        s->rating_count++;
    }
    if (year > s->last_year)
        s->last_year = year;
}

void explore_stats_add(struct explore_stats *a, const struct explore_stats *b)
{
    a->white += b->white;
    a->draws += b->draws;
    a->black += b->black;
    a->rating_sum += b->rating_sum;
    a->rating_count += b->rating_count;
    if (b->last_year > a->last_year)
        a->last_year = b->last_year;
    a->eval_sum += b->eval_sum;
    a->eval_count += b->eval_count;
}

unsigned explore_stats_average_rating(const struct explore_stats *s)
{
    if (!s->rating_count)
        return 0;
    /* lichess: (sum as f64 / n).round(), halves away from zero */
    return (unsigned)((2 * s->rating_sum + s->rating_count) / (2 * s->rating_count));
}

bool explore_stats_average_eval(const struct explore_stats *s, int64_t *out)
{
    if (!s->eval_count)
        return false;
    int64_t n = (int64_t)s->eval_count, sum = s->eval_sum;
    *out = sum >= 0 ? (2 * sum + n) / (2 * n) : -((-2 * sum + n) / (2 * n));
    return true;
}
