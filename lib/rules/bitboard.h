/* Squares and bitboards, the vocabulary of the rules library.  Square 0 is
 * a1, 7 is h1, 63 is h8 (little-endian rank-file mapping). */
#ifndef CHESS_BITBOARD_H
#define CHESS_BITBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t bitboard;

/* True when built with AddressSanitizer: the hot paths then skip their
 * per-CPU versions, whose resolvers run before the sanitizer is ready. */
#if defined(__SANITIZE_ADDRESS__)
#define CHESS_HAS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CHESS_HAS_ASAN 1
#endif
#endif
#ifndef CHESS_HAS_ASAN
#define CHESS_HAS_ASAN 0
#endif

enum { SQUARE_NB = 64, SQUARE_NONE = 64 };

enum color { WHITE, BLACK, COLOR_NB };

#define BB_FILE_A 0x0101010101010101ULL
#define BB_FILE_H 0x8080808080808080ULL
#define BB_RANK_1 0x00000000000000FFULL
#define BB_RANK_2 0x000000000000FF00ULL
#define BB_RANK_3 0x0000000000FF0000ULL
#define BB_RANK_6 0x0000FF0000000000ULL
#define BB_RANK_7 0x00FF000000000000ULL
#define BB_RANK_8 0xFF00000000000000ULL
#define BB_LIGHT_SQUARES 0x55AA55AA55AA55AAULL
#define BB_DARK_SQUARES 0xAA55AA55AA55AA55ULL

static inline int square_make(int file, int rank)
{
    return rank * 8 + file;
}
static inline int square_file(int sq)
{
    return sq & 7;
}
static inline int square_rank(int sq)
{
    return sq >> 3;
}
/* The same square seen from the other side of the board. */
static inline int square_flip(int sq)
{
    return sq ^ 56;
}
/* The rank of a square counted from the given side's first rank (0..7). */
static inline int square_relative_rank(int sq, enum color c)
{
    return c == WHITE ? sq >> 3 : 7 - (sq >> 3);
}

static inline bitboard bb_square(int sq)
{
    return 1ULL << sq;
}
static inline bool bb_test(bitboard b, int sq)
{
    return (b >> sq) & 1;
}
static inline int bb_count(bitboard b)
{
    return __builtin_popcountll(b);
}
static inline int bb_lsb(bitboard b)
{
    return __builtin_ctzll(b);
}
static inline int bb_msb(bitboard b)
{
    return 63 - __builtin_clzll(b);
}
static inline bool bb_several(bitboard b)
{
    return (b & (b - 1)) != 0;
}
/* Remove and return the lowest set square: the idiom of every bitboard loop. */
static inline int bb_pop(bitboard *b)
{
    int sq = __builtin_ctzll(*b);
    *b &= *b - 1;
    return sq;
}
static inline bitboard bb_file(int file)
{
    return BB_FILE_A << file;
}
static inline bitboard bb_rank(int rank)
{
    return BB_RANK_1 << (8 * rank);
}

/* Shifts that drop what falls off the board edge. */
static inline bitboard bb_north(bitboard b)
{
    return b << 8;
}
static inline bitboard bb_south(bitboard b)
{
    return b >> 8;
}
static inline bitboard bb_east(bitboard b)
{
    return (b & ~BB_FILE_H) << 1;
}
static inline bitboard bb_west(bitboard b)
{
    return (b & ~BB_FILE_A) >> 1;
}

/* The two letters of each square's name, a1 first. */
static const char square_names[2 * SQUARE_NB + 1] = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2"
                                                    "a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4"
                                                    "a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6"
                                                    "a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";
/* Put the two letters of sq (a square, not SQUARE_NONE) at dst; no NUL. */
static inline void square_put(int sq, char *dst)
{
    memcpy(dst, square_names + 2 * sq, 2);
}

/* Write "e4" into buf (at least 3 bytes); SQUARE_NONE gives "-". */
static inline void square_format(int sq, char buf[3])
{
    if (sq < 0 || sq >= SQUARE_NB) {
        buf[0] = '-';
        buf[1] = '\0';
        return;
    }
    square_put(sq, buf);
    buf[2] = '\0';
}
/* Parse a square name from s[0..1]; returns SQUARE_NONE if it is not one. */
static inline int square_parse(const char *s, size_t len)
{
    if (len < 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
        return SQUARE_NONE;
    return square_make(s[0] - 'a', s[1] - '1');
}

#endif
