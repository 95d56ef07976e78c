/* Sixteen bytes at a time: the vector type the text scanners work on
 * (pgn_split's marks, fen's blanks and board), written with GCC's generic
 * vector extensions (`(bytes16)(v == bytes16_splat(';'))` is 0xFF in each
 * byte of v that is ';', else 0), and the two gathers they do not spell:
 * SSE2 instructions where there is SSE2, else their portable definitions,
 * which tests/unit/test_bytes16.c holds equal. */
#ifndef CHESS_BYTES16_H
#define CHESS_BYTES16_H

#include <stdint.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

typedef unsigned char bytes16 __attribute__((vector_size(16)));
typedef uint16_t bytes16_u16 __attribute__((vector_size(16))); /* the same bits, 8 lanes */
typedef uint64_t bytes16_u64 __attribute__((vector_size(16))); /* the same bits, 2 lanes */

/* The sixteen bytes at p (any alignment). */
static inline bytes16 bytes16_load(const void *p)
{
    bytes16 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* c in each of the sixteen bytes. */
static inline bytes16 bytes16_splat(unsigned char c)
{
    return (bytes16){0} + c;
}

/* Bit i of the result is bit 7 of byte i of v. */
static inline unsigned bytes16_mask_portable(bytes16 v)
{
    unsigned m = 0;
    for (int i = 0; i < 16; i++)
        m |= (unsigned)(v[i] >> 7) << i;
    return m;
}

/* The bytes of each half of v added up: *lo the sum of bytes 0-7, *hi
 * that of bytes 8-15. */
static inline void bytes16_sum_halves_portable(bytes16 v, unsigned *lo, unsigned *hi)
{
    unsigned s[2] = {0, 0};
    for (int i = 0; i < 16; i++)
        s[i / 8] += v[i];
    *lo = s[0];
    *hi = s[1];
}

static inline unsigned bytes16_mask(bytes16 v)
{
#ifdef __SSE2__
    return (unsigned)_mm_movemask_epi8((__m128i)v);
#else
    return bytes16_mask_portable(v);
#endif
}

static inline void bytes16_sum_halves(bytes16 v, unsigned *lo, unsigned *hi)
{
#ifdef __SSE2__
    __m128i sum = _mm_sad_epu8((__m128i)v, _mm_setzero_si128()); /* two 16-bit sums */
    *lo = (unsigned)_mm_cvtsi128_si32(sum);
    *hi = (unsigned)_mm_extract_epi16(sum, 4);
#else
    bytes16_sum_halves_portable(v, lo, hi);
#endif
}

#endif /* CHESS_BYTES16_H */
