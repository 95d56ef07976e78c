/* Arrays that grow by doubling (array.h), for the two readers, pgn_check and
 * perft: the one growth rule, with its overflow checks. */
#include "array.h"

#include <stdint.h>
#include <stdlib.h>

/* Doubling from 64 elements: amortised constant cost per element, and
 * after the first games of a stream the arrays are big enough for good.
 * An overflowing size is refused like a failed allocation. */
void *array_grow(void *arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return arr;
    size_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    if (elem && n > SIZE_MAX / elem)
        return NULL;
    void *p = realloc(arr, n * elem);
    if (p)
        *cap = n;
    return p;
}
