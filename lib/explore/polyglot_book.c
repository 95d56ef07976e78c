/* Polyglot books: entries, moves, reading with its checks, lookup, and
 * building by make-book's rules (polyglot_book.h states them). */
#include "polyglot_book.h"

#include "polyglot_key.h"
#include "rules/makemove.h"
#include "rules/movegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t get_be(const uint8_t *s, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = v << 8 | s[i];
    return v;
}

static void put_be(uint8_t *d, int n, uint64_t v)
{
    for (int i = n - 1; i >= 0; i--, v >>= 8)
        d[i] = (uint8_t)v;
}

void polyglot_entry_put(const struct polyglot_entry *e, uint8_t out[POLYGLOT_ENTRY_SIZE])
{
    put_be(out, 8, e->key);
    put_be(out + 8, 2, e->move);
    put_be(out + 10, 2, e->weight);
    put_be(out + 12, 4, e->learn);
}

struct polyglot_entry polyglot_entry_get(const uint8_t in[POLYGLOT_ENTRY_SIZE])
{
    return (struct polyglot_entry){
        .key = get_be(in, 8),
        .move = (uint16_t)get_be(in + 8, 2),
        .weight = (uint16_t)get_be(in + 10, 2),
        .learn = (uint32_t)get_be(in + 12, 4),
    };
}

uint16_t polyglot_move_encode(move m)
{
    enum piece_type promo = move_promotion(m);
    int code = promo == NO_PIECE_TYPE ? 0 : (int)promo - KNIGHT + 1;
    return (uint16_t)(move_to(m) | move_from(m) << 6 | code << 12);
}

bool polyglot_move_well_formed(uint16_t raw)
{
    int to = raw & 63, from = (raw >> 6) & 63, promo = (raw >> 12) & 7;
    if ((raw >> 15) || from == to || promo > 4)
        return false;
    if (promo == 0)
        return true;
    int fr = square_rank(from), tr = square_rank(to);
    return (fr == 6 && tr == 7) || (fr == 1 && tr == 0);
}

move polyglot_move_decode(const struct position *p, uint16_t raw)
{
    if (!polyglot_move_well_formed(raw))
        return MOVE_NONE;
    struct movelist list;
    movegen_legal(p, &list);
    for (int i = 0; i < list.count; i++)
        if (polyglot_move_encode(list.moves[i]) == raw)
            return list.moves[i];
    return MOVE_NONE;
}

static bool problem(struct polyglot_book_problem *pr, enum polyglot_book_status status,
                    size_t entry, const char *fmt, unsigned long long a, unsigned long long b)
{
    if (pr) {
        pr->status = status;
        pr->entry = entry;
        pr->offset = entry * POLYGLOT_ENTRY_SIZE;
        snprintf(pr->message, sizeof pr->message, fmt, a, b);
    }
    return false;
}

bool polyglot_book_open(struct polyglot_book *b, const uint8_t *bytes, size_t len,
                        struct polyglot_book_problem *pr)
{
    b->bytes = bytes;
    b->entries = 0;
    if (pr)
        *pr = (struct polyglot_book_problem){.status = POLYGLOT_BOOK_OK};
    size_t n = len / POLYGLOT_ENTRY_SIZE;
    if (len % POLYGLOT_ENTRY_SIZE)
        return problem(pr, POLYGLOT_BOOK_SIZE, n,
                       "the book's size, %llu bytes, is not a multiple of 16: its last entry "
                       "is torn (%llu of 16 bytes)",
                       (unsigned long long)len, (unsigned long long)(len % POLYGLOT_ENTRY_SIZE));
    uint64_t last = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *e = bytes + i * POLYGLOT_ENTRY_SIZE;
        uint64_t key = get_be(e, 8);
        uint16_t raw = (uint16_t)get_be(e + 8, 2);
        if (i > 0 && key < last)
            return problem(pr, POLYGLOT_BOOK_UNSORTED, i,
                           "entry %llu's key %016llx is below the key before it: the entries "
                           "are not sorted",
                           (unsigned long long)i + 1, (unsigned long long)key);
        if (!polyglot_move_well_formed(raw))
            return problem(pr, POLYGLOT_BOOK_MOVE, i, "entry %llu's move 0x%04llx is not a move",
                           (unsigned long long)i + 1, raw);
        last = key;
    }
    b->entries = n;
    return true;
}

size_t polyglot_book_find(const struct polyglot_book *b, uint64_t key, size_t *count)
{
    size_t lo = 0, hi = b->entries;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (get_be(b->bytes + mid * POLYGLOT_ENTRY_SIZE, 8) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t end = lo;
    while (end < b->entries && get_be(b->bytes + end * POLYGLOT_ENTRY_SIZE, 8) == key)
        end++;
    *count = end - lo;
    return lo;
}

/* The builder: make-book's own layout, one array of (key, move) counters in
 * the order first played, and an open-addressed table of their indices
 * probed from the key's low bits, so that every move of one key lies on
 * the probe run from that key's slot (halving finds them there). */
struct counter {
    uint64_t key;
    uint16_t move;
    uint16_t n, sum;
    uint8_t side;
};

struct polyglot_builder {
    struct counter *counters;
    size_t size, alloc;
    uint32_t *slots; /* index + 1, 0 empty; 2 * alloc of them */
    size_t mask;
};

struct polyglot_builder *polyglot_builder_new(void)
{
    struct polyglot_builder *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->alloc = 1024;
    b->counters = malloc(b->alloc * sizeof *b->counters);
    b->slots = calloc(2 * b->alloc, sizeof *b->slots);
    b->mask = 2 * b->alloc - 1;
    if (!b->counters || !b->slots) {
        polyglot_builder_free(b);
        return NULL;
    }
    return b;
}

void polyglot_builder_free(struct polyglot_builder *b)
{
    if (!b)
        return;
    free(b->counters);
    free(b->slots);
    free(b);
}

size_t polyglot_builder_size(const struct polyglot_builder *b)
{
    return b->size;
}

static bool grow(struct polyglot_builder *b)
{
    size_t alloc = b->alloc * 2;
    if (alloc > UINT32_MAX / 2)
        return false;
    struct counter *c = realloc(b->counters, alloc * sizeof *c);
    if (!c)
        return false;
    b->counters = c;
    uint32_t *slots = calloc(2 * alloc, sizeof *slots);
    if (!slots)
        return false;
    free(b->slots);
    b->slots = slots;
    b->alloc = alloc;
    b->mask = 2 * alloc - 1;
    for (size_t i = 0; i < b->size; i++) {
        size_t s = b->counters[i].key & b->mask;
        while (b->slots[s])
            s = (s + 1) & b->mask;
        b->slots[s] = (uint32_t)i + 1;
    }
    return true;
}

static void halve(struct polyglot_builder *b, uint64_t key)
{
    for (size_t s = key & b->mask; b->slots[s]; s = (s + 1) & b->mask) {
        struct counter *c = &b->counters[b->slots[s] - 1];
        if (c->key == key) {
            c->n = (uint16_t)((c->n + 1) / 2);
            c->sum = (uint16_t)((c->sum + 1) / 2);
        }
    }
}

bool polyglot_builder_add(struct polyglot_builder *b, uint64_t key, uint16_t raw, enum color side,
                          int score)
{
    size_t s = key & b->mask;
    for (; b->slots[s]; s = (s + 1) & b->mask) {
        struct counter *c = &b->counters[b->slots[s] - 1];
        if (c->key == key && c->move == raw)
            goto found;
    }
    if (b->size == b->alloc) {
        if (!grow(b))
            return false;
        for (s = key & b->mask; b->slots[s]; s = (s + 1) & b->mask)
            ;
    }
    b->counters[b->size] = (struct counter){.key = key, .move = raw, .side = (uint8_t)side};
    b->slots[s] = (uint32_t)++b->size;
found:;
    struct counter *c = &b->counters[b->slots[s] - 1];
    c->n++;
    c->sum = (uint16_t)(c->sum + score);
    if (c->n >= POLYGLOT_COUNT_MAX)
        halve(b, key);
    return true;
}

bool polyglot_builder_add_game(struct polyglot_builder *b, const struct position *start,
                               const move *moves, size_t n, int white_score, int max_ply)
{
    struct position p = *start;
    size_t plies = max_ply < 0 ? 0 : (size_t)max_ply;
    if (n > plies)
        n = plies;
    for (size_t i = 0; i < n; i++) {
        int score = p.side == WHITE ? white_score : 2 - white_score;
        if (!polyglot_builder_add(b, polyglot_key(&p), polyglot_move_encode(moves[i]),
                                  (enum color)p.side, score))
            return false;
        if (i + 1 < n)
            makemove_play(&p, moves[i]);
    }
    return true;
}

static bool keep(const struct counter *c, const struct polyglot_build_options *opt)
{
    if (c->n < opt->min_games || c->sum == 0)
        return false;
    /* make-book's own arithmetic, so that a score on the line goes as it does */
    double score = ((double)c->sum / (double)c->n) / 2.0;
    if (score < opt->min_score)
        return false;
    if ((opt->only_white && c->side != WHITE) || (opt->only_black && c->side != BLACK))
        return false;
    return true;
}

struct kept {
    uint64_t key;
    uint32_t order;
    uint16_t move, weight;
};

static int kept_cmp(const void *x, const void *y)
{
    const struct kept *a = x, *b = y;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    if (a->weight != b->weight)
        return a->weight > b->weight ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

uint8_t *polyglot_builder_finish(const struct polyglot_builder *b,
                                 const struct polyglot_build_options *opt, size_t *len, bool *oom)
{
    *len = 0;
    *oom = false;
    struct kept *k = malloc((b->size ? b->size : 1) * sizeof *k);
    if (!k) {
        *oom = true;
        return NULL;
    }
    size_t n = 0;
    for (size_t i = 0; i < b->size; i++) {
        const struct counter *c = &b->counters[i];
        if (keep(c, opt))
            k[n++] = (struct kept){c->key, (uint32_t)i, c->move, opt->uniform ? 1 : c->sum};
    }
    qsort(k, n, sizeof *k, kept_cmp);
    uint8_t *out = n ? malloc(n * POLYGLOT_ENTRY_SIZE) : NULL;
    if (n && !out) {
        free(k);
        *oom = true;
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        struct polyglot_entry e = {k[i].key, k[i].move, k[i].weight, 0};
        polyglot_entry_put(&e, out + i * POLYGLOT_ENTRY_SIZE);
    }
    free(k);
    *len = n * POLYGLOT_ENTRY_SIZE;
    return out;
}
