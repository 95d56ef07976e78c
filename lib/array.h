/* Arrays that grow by doubling, for the library's readers (the tokens,
 * tags and diagnostics of the game being read).  Internal to the library:
 * no tool includes it. */
#ifndef CHESS_ARRAY_H
#define CHESS_ARRAY_H

#include <stddef.h>

/* Grow an array to hold at least need elements of elem bytes, doubling so
 * that a stream of games settles into no allocation at all.  Returns the
 * array (moved or not), or NULL with the old one and *cap untouched. */
void *array_grow(void *arr, size_t *cap, size_t need, size_t elem);

#endif
