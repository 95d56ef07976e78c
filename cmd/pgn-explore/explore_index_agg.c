/*
 * explore_index_agg.c - the build's bounded hash table of rows.
 *
 * Open addressing with linear probing over a slot array twice the rows'
 * number at least; rows live in blocks allocated as they fill, so the
 * memory held grows with the rows and stops at the budget.  Sorting for
 * the write-out reuses the slots as the array of row indexes.
 */
#include "explore_index_agg.h"

#include <stdlib.h>
#include <string.h>

enum { EXPLORE_INDEX_AGG_BLOCK = 1 << 14 };

static void *row_at(const struct explore_index_agg *a, size_t i)
{
    return a->blocks[i / EXPLORE_INDEX_AGG_BLOCK] + (i % EXPLORE_INDEX_AGG_BLOCK) * a->row_size;
}

bool explore_index_agg_init(struct explore_index_agg *a, size_t row_size, size_t key_size,
                            size_t budget)
{
    memset(a, 0, sizeof *a);
    a->row_size = row_size;
    a->key_size = key_size;
    /* Each row costs its bytes and two slots at most. */
    size_t rows = budget / (row_size + 2 * 2 * sizeof(uint32_t));
    if (rows < 4096)
        rows = 4096;
    if (rows > (size_t)1 << 30)
        rows = (size_t)1 << 30;
    a->max_rows = rows;
    a->nslots = 1;
    while (a->nslots < 2 * rows)
        a->nslots <<= 1;
    a->slots = calloc(a->nslots, sizeof *a->slots);
    size_t nblocks = (rows + EXPLORE_INDEX_AGG_BLOCK - 1) / EXPLORE_INDEX_AGG_BLOCK;
    a->blocks = calloc(nblocks, sizeof *a->blocks);
    if (!a->slots || !a->blocks) {
        explore_index_agg_free(a);
        return false;
    }
    return true;
}

void explore_index_agg_free(struct explore_index_agg *a)
{
    if (a->blocks)
        for (size_t i = 0; i < a->nblocks; i++)
            free(a->blocks[i]);
    free(a->blocks);
    free(a->slots);
    memset(a, 0, sizeof *a);
}

/* FNV-1a over the key, finished with a multiply-xorshift: the keys begin
 * with a position's hash, so a few rounds spread them enough. */
static uint64_t hash_key(const unsigned char *k, size_t n)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ k[i]) * 0x100000001b3u;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9u;
    return h ^ (h >> 32);
}

void *explore_index_agg_get(struct explore_index_agg *a, const void *key, bool *fresh, bool *nomem)
{
    *fresh = false;
    *nomem = false;
    size_t mask = a->nslots - 1;
    size_t s = (size_t)hash_key(key, a->key_size) & mask;
    for (;; s = (s + 1) & mask) {
        uint32_t v = a->slots[s];
        if (v == 0)
            break;
        void *row = row_at(a, v - 1);
        if (memcmp(row, key, a->key_size) == 0)
            return row;
    }
    if (a->n == a->max_rows)
        return NULL;
    size_t b = a->n / EXPLORE_INDEX_AGG_BLOCK;
    if (b == a->nblocks) {
        a->blocks[b] = malloc(EXPLORE_INDEX_AGG_BLOCK * a->row_size);
        if (!a->blocks[b]) {
            *nomem = true;
            return NULL;
        }
        a->nblocks++;
    }
    unsigned char *row = row_at(a, a->n);
    memcpy(row, key, a->key_size);
    memset(row + a->key_size, 0, a->row_size - a->key_size);
    a->slots[s] = (uint32_t)++a->n;
    *fresh = true;
    return row;
}

struct sort_ctx {
    const struct explore_index_agg *a;
    int (*cmp)(const void *, const void *, void *);
    void *ctx;
};

static int by_row(const void *x, const void *y, void *c)
{
    const struct sort_ctx *sc = c;
    return sc->cmp(row_at(sc->a, *(const uint32_t *)x), row_at(sc->a, *(const uint32_t *)y),
                   sc->ctx);
}

void explore_index_agg_sort(struct explore_index_agg *a,
                            int (*cmp)(const void *, const void *, void *), void *ctx)
{
    for (size_t i = 0; i < a->n; i++)
        a->slots[i] = (uint32_t)i;
    struct sort_ctx sc = {a, cmp, ctx};
    qsort_r(a->slots, a->n, sizeof *a->slots, by_row, &sc);
}

void *explore_index_agg_sorted(const struct explore_index_agg *a, size_t i)
{
    return row_at(a, a->slots[i]);
}

void explore_index_agg_clear(struct explore_index_agg *a)
{
    memset(a->slots, 0, a->nslots * sizeof *a->slots);
    a->n = 0;
}
