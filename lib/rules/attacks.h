/* Attack tables: what each piece attacks from each square.  Sliders use one
 * table per square indexed by PEXT (when the CPU has a fast one, chosen at
 * run time) or by a magic multiplication, so one binary serves every
 * x86-64 CPU at full speed.  The tables are filled before main (the
 * PEXT-indexed sliders are built into the program) and only read after. */
#ifndef CHESS_ATTACKS_H
#define CHESS_ATTACKS_H

#include "bitboard.h"

struct attacks_slider {
    bitboard mask;         /* relevant occupancy: the rays without their edge squares */
    bitboard magic;        /* multiplier when PEXT is not used */
    const bitboard *table; /* 2^popcount(mask) attack sets */
    unsigned shift;        /* 64 - popcount(mask) */
};

extern struct attacks_slider attacks_rook_slider[SQUARE_NB];
extern struct attacks_slider attacks_bishop_slider[SQUARE_NB];
extern bitboard attacks_knight_table[SQUARE_NB];
extern bitboard attacks_king_table[SQUARE_NB];
extern bitboard attacks_pawn_table[COLOR_NB][SQUARE_NB];
/* Squares strictly between two aligned squares, else empty. */
extern bitboard attacks_between_table[SQUARE_NB][SQUARE_NB];
/* The whole line (rank, file or diagonal) through two aligned squares, else empty. */
extern bitboard attacks_line_table[SQUARE_NB][SQUARE_NB];
/* What a rook and a bishop attack from each square of an empty board. */
extern bitboard attacks_rook_ray_table[SQUARE_NB];
extern bitboard attacks_bishop_ray_table[SQUARE_NB];
/* True when the sliders are indexed with PEXT: the CPU has a fast one and
 * the build did not define ATTACKS_NO_PEXT (magics on every CPU). */
extern bool attacks_use_pext;

/* PEXT through inline assembly so that no translation unit needs -mbmi2:
 * the instruction only runs when attacks_use_pext says the CPU has it. */
static inline bitboard attacks_pext(bitboard src, bitboard mask)
{
#if defined(__x86_64__)
    bitboard dst;
    __asm__("pextq %2, %1, %0" : "=r"(dst) : "r"(src), "r"(mask));
    return dst;
#else
    (void)src;
    (void)mask;
    return 0;
#endif
}

/* A slider lookup with the index scheme given: the generator and perft,
 * instantiated for each, pass a constant that leaves their inner loops. */
static inline __attribute__((always_inline)) bitboard
attacks_slider_index(const struct attacks_slider *s, bitboard occ, bool pext)
{
    if (pext)
        return s->table[attacks_pext(occ, s->mask)];
    return s->table[((occ & s->mask) * s->magic) >> s->shift];
}
static inline __attribute__((always_inline)) bitboard attacks_bishop_with(int sq, bitboard occ,
                                                                          bool pext)
{
    return attacks_slider_index(&attacks_bishop_slider[sq], occ, pext);
}
static inline __attribute__((always_inline)) bitboard attacks_rook_with(int sq, bitboard occ,
                                                                        bool pext)
{
    return attacks_slider_index(&attacks_rook_slider[sq], occ, pext);
}

static inline bitboard attacks_slider_lookup(const struct attacks_slider *s, bitboard occ)
{
    return attacks_slider_index(s, occ, attacks_use_pext);
}
static inline bitboard attacks_rook(int sq, bitboard occ)
{
    return attacks_slider_lookup(&attacks_rook_slider[sq], occ);
}
static inline bitboard attacks_bishop(int sq, bitboard occ)
{
    return attacks_slider_lookup(&attacks_bishop_slider[sq], occ);
}
static inline bitboard attacks_queen(int sq, bitboard occ)
{
    return attacks_rook(sq, occ) | attacks_bishop(sq, occ);
}
static inline bitboard attacks_knight(int sq)
{
    return attacks_knight_table[sq];
}
static inline bitboard attacks_king(int sq)
{
    return attacks_king_table[sq];
}
static inline bitboard attacks_pawn(enum color c, int sq)
{
    return attacks_pawn_table[c][sq];
}
static inline bitboard attacks_between(int a, int b)
{
    return attacks_between_table[a][b];
}
static inline bitboard attacks_line(int a, int b)
{
    return attacks_line_table[a][b];
}
static inline bool attacks_aligned(int a, int b, int c)
{
    return bb_test(attacks_line_table[a][b], c);
}

/* The sliders among straight (rooks, queens) and diagonal (bishops,
 * queens) that attack sq through occ, tested against the 32 KiB between
 * table: a replay's one lookup per ply would miss the cache in the 900 KiB
 * slider tables. */
static inline bitboard attacks_sliders_reaching(int sq, bitboard straight, bitboard diagonal,
                                                bitboard occ)
{
    bitboard cand = (attacks_rook_ray_table[sq] & straight) |
                    (attacks_bishop_ray_table[sq] & diagonal),
             hits = 0;
    while (cand) {
        int s = bb_pop(&cand);
        if (!(attacks_between_table[sq][s] & occ))
            hits |= bb_square(s);
    }
    return hits;
}

/* Slider attacks walked square by square apart from the tables: the
 * reference the tests hold the tables against. */
bitboard attacks_slow_rook(int sq, bitboard occ);
bitboard attacks_slow_bishop(int sq, bitboard occ);

/* The two sliders whose tables attacks_fill_slider fills. */
enum attacks_slider_kind { ATTACKS_ROOK, ATTACKS_BISHOP };
/* The most entries one square's slider table has (a rook in a corner). */
enum { ATTACKS_SLIDER_MAX_ENTRIES = 4096 };

/* Fill one square's slider entry (mask, shift, magic: 0 with PEXT) and its
 * 2^popcount(mask) attack sets at table, the caller's memory, indexed by
 * PEXT when pext is set, else by the square's magic (the unit test holds
 * both against the slow walk).  Not for concurrent calls. */
void attacks_fill_slider(struct attacks_slider *s, int sq, enum attacks_slider_kind kind, bool pext,
                         bitboard *table);

/* Square sq's entries in the PEXT-indexed tables built into the program
 * (scripts/gen-attack-magics.c --tables), NULL in a build without them
 * (not x86-64, or ATTACKS_NO_PEXT): for the unit test. */
const bitboard *attacks_builtin_pext(int sq, enum attacks_slider_kind kind);

#endif
