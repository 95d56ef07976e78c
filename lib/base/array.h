/* Arrays that grow by doubling, for the library's readers (the tokens,
 * tags and diagnostics of the game being read), and a copy of short texts.
 * Internal to the library (pgn_write.h's inline tag writer, which the
 * tools' output of tag pairs uses, copies the same texts). */
#ifndef CHESS_ARRAY_H
#define CHESS_ARRAY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Grow an array to hold at least need elements of elem bytes, doubling so
 * that a stream of games settles into no allocation at all.  Returns the
 * array (moved or not), or NULL with the old one and *cap untouched. */
void *array_grow(void *arr, size_t *cap, size_t need, size_t elem);

/* memcpy for short texts (tag names, most tag values), without a call:
 * two overlapping moves of up to eight bytes each (a call weighed on
 * reading a tag pair: docs/performance.md). */
static inline void array_copy_short(char *dst, const char *src, size_t n)
{
    if (n >= 8 && n <= 16) {
        uint64_t a, b;
        memcpy(&a, src, 8);
        memcpy(&b, src + n - 8, 8);
        memcpy(dst, &a, 8);
        memcpy(dst + n - 8, &b, 8);
    } else if (n >= 4 && n < 8) {
        uint32_t a, b;
        memcpy(&a, src, 4);
        memcpy(&b, src + n - 4, 4);
        memcpy(dst, &a, 4);
        memcpy(dst + n - 4, &b, 4);
    } else if (n < 4) {
        for (size_t i = 0; i < n; i++)
            dst[i] = src[i];
    } else {
        memcpy(dst, src, n);
    }
}

#endif
