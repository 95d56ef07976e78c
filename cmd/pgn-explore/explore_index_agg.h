/*
 * explore_index_agg.h - the build's rows gathered in memory before they
 * are written: a hash table of fixed-size rows, keyed by their first
 * key_size bytes, that holds at most a set number of rows (the share of
 * --memory it was given) and allocates them in blocks, so it never
 * holds more than that budget nor copies itself to grow.  When it is
 * full the build writes its rows out in key order and clears it.
 */
#ifndef CHESS_EXPLORE_INDEX_AGG_H
#define CHESS_EXPLORE_INDEX_AGG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct explore_index_agg {
    size_t row_size, key_size;
    size_t n, max_rows;
    unsigned char **blocks; /* rows, EXPLORE_INDEX_AGG_BLOCK a block */
    size_t nblocks;
    uint32_t *slots; /* row index + 1, 0 empty; reused as the sort order */
    size_t nslots;   /* a power of two, at least twice max_rows */
};

/* A table for rows of row_size bytes whose first key_size bytes are the
 * key (padding included: callers zero the key's padding), in at most
 * budget bytes (at least a few thousand rows).  False when out of
 * memory. */
bool explore_index_agg_init(struct explore_index_agg *a, size_t row_size, size_t key_size,
                            size_t budget);
void explore_index_agg_free(struct explore_index_agg *a);

/* The row of key (*fresh: it was not there; its bytes after the key are
 * zero), or NULL when the table is full (write it out and clear it) or
 * out of memory (*nomem). */
void *explore_index_agg_get(struct explore_index_agg *a, const void *key, bool *fresh, bool *nomem);

/* The rows sorted by cmp (qsort_r's contract, ctx passed on): the i-th
 * is explore_index_agg_sorted(a, i) until the next clear. */
void explore_index_agg_sort(struct explore_index_agg *a,
                            int (*cmp)(const void *, const void *, void *), void *ctx);
void *explore_index_agg_sorted(const struct explore_index_agg *a, size_t i);

/* Forget every row (the blocks stay for the next ones). */
void explore_index_agg_clear(struct explore_index_agg *a);

#endif
