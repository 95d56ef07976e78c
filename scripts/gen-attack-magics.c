/* gen-attack-magics: the slider magics of lib/rules/attacks.c, found again by the
 * seeded random search that used to run at every program start.  It prints
 * the block of lib/rules/attacks.c between its BEGIN and END gen-attack-magics
 * lines, byte for byte; `make check` (check-magics) compares the two.
 *
 * With --tables it prints instead the header that the build makes
 * (build/gen/slider_tables.h) and lib/rules/attacks.c includes: the PEXT-indexed
 * slider tables, every square's 2^popcount(mask) attack sets, square a1
 * first, entry i being the attacks through the subset of the mask that
 * PDEP would deposit i into.  Built into the program, they are pages read
 * from the file when touched; filled at start-up, they were 860 KB of zeroed
 * pages, 240 page faults and 0.4 ms before every run's first byte.
 *
 * The search: one xorshift generator with a fixed seed serves all 128
 * searches in the order rook a1, bishop a1, rook b1, bishop b1, ... h8.  A
 * candidate is the AND of three draws, skipped unless its product with the
 * mask has at least six bits in its top byte; the first candidate that sends
 * every two subsets of the mask with different attacks to different slots of
 * the square's 2^popcount(mask) is the square's magic.  Everything here
 * (rays, masks, attacks) is worked out on its own, apart from the library.
 *
 * Usage: make build/scripts/gen-attack-magics && build/scripts/gen-attack-magics [--tables]
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uint64_t bitboard;

enum { SQUARES = 64, MAX_SUBSETS = 4096 };

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/* The search's generator, as lib/rules/attacks.c had it: xorshift64* with the
 * seed given in main. */
static uint64_t rand_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

/* What a slider attacks from sq through occ, walked square by square; with
 * mask set, the squares whose occupation matters instead (each ray without
 * its last square). */
static bitboard walk(int sq, bitboard occ, const int dirs[4][2], int mask)
{
    bitboard result = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8 + dirs[d][0], r = sq / 8 + dirs[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            int nf = f + dirs[d][0], nr = r + dirs[d][1];
            bool last = !(nf >= 0 && nf < 8 && nr >= 0 && nr < 8);
            if (!(mask && last))
                result |= 1ULL << (r * 8 + f);
            if (occ >> (r * 8 + f) & 1)
                break;
            f = nf;
            r = nr;
        }
    }
    return result;
}

/* Search one square's magic: every subset of the mask and its attacks are
 * listed once, then candidates drawn until one maps them without a harmful
 * collision (a slot's stamp says which candidate filled it). */
static bitboard find_magic(int sq, const int dirs[4][2], uint64_t *seed)
{
    static bitboard occ[MAX_SUBSETS], att[MAX_SUBSETS], slot[MAX_SUBSETS];
    static unsigned stamp[MAX_SUBSETS];
    static unsigned attempt;
    bitboard mask = walk(sq, 0, dirs, 1);
    unsigned shift = 64 - (unsigned)__builtin_popcountll(mask);
    size_t n = 0;
    bitboard b = 0;
    do {
        occ[n] = b;
        att[n++] = walk(sq, b, dirs, 0);
        b = (b - mask) & mask;
    } while (b);
    for (;;) {
        bitboard m;
        do
            m = rand_next(seed) & rand_next(seed) & rand_next(seed);
        while (__builtin_popcountll((m * mask) >> 56) < 6);
        attempt++;
        size_t i;
        for (i = 0; i < n; i++) {
            size_t idx = (size_t)((occ[i] * m) >> shift);
            if (stamp[idx] != attempt) {
                stamp[idx] = attempt;
                slot[idx] = att[i];
            } else if (slot[idx] != att[i]) {
                break;
            }
        }
        if (i == n)
            return m;
    }
}

/* One table of the block, four magics a line (clang-format's layout). */
static void print_table(const char *name, const bitboard magics[SQUARES])
{
    printf("static const bitboard %s[SQUARE_NB] = {\n", name);
    for (int sq = 0; sq < SQUARES; sq++)
        printf("%s0x%016llXULL,%s", sq % 4 == 0 ? "    " : " ", (unsigned long long)magics[sq],
               sq % 4 == 3 ? "\n" : "");
    printf("};\n");
}

/* PDEP worked out bit by bit: the bits of i laid on mask's squares, the
 * lowest bit of i on the lowest square. */
static bitboard deposit(size_t i, bitboard mask)
{
    bitboard occ = 0;
    for (unsigned bit = 0; mask; bit++, mask &= mask - 1)
        if (i >> bit & 1)
            occ |= mask & -mask;
    return occ;
}

/* One piece's PEXT-indexed table, squares a1 to h8, two entries a line. */
static void print_pext_table(const char *name, const int dirs[4][2])
{
    size_t total = 0;
    for (int sq = 0; sq < SQUARES; sq++)
        total += (size_t)1 << __builtin_popcountll(walk(sq, 0, dirs, 1));
    printf("static const bitboard %s[%zu] = {\n", name, total);
    for (int sq = 0; sq < SQUARES; sq++) {
        bitboard mask = walk(sq, 0, dirs, 1);
        size_t n = (size_t)1 << __builtin_popcountll(mask);
        for (size_t i = 0; i < n; i++)
            printf("%s0x%016llXULL,%s", i % 2 == 0 ? "    " : " ",
                   (unsigned long long)walk(sq, deposit(i, mask), dirs, 0),
                   i % 2 == 1 || i + 1 == n ? "\n" : "");
    }
    printf("};\n");
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--tables") == 0) {
        printf("/* Generated by scripts/gen-attack-magics.c --tables, do not edit: the\n"
               " * PEXT-indexed slider tables of lib/rules/attacks.c. */\n");
        print_pext_table("builtin_rook_pext", rook_dirs);
        print_pext_table("builtin_bishop_pext", bishop_dirs);
        return ferror(stdout) ? 1 : 0;
    }
    if (argc != 1) {
        fprintf(stderr, "usage: gen-attack-magics [--tables]\n");
        return 64;
    }
    bitboard rook[SQUARES], bishop[SQUARES];
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    for (int sq = 0; sq < SQUARES; sq++) {
        rook[sq] = find_magic(sq, rook_dirs, &seed);
        bishop[sq] = find_magic(sq, bishop_dirs, &seed);
    }
    printf(
        "/* BEGIN gen-attack-magics: generated by scripts/gen-attack-magics.c, do not edit. */\n");
    print_table("rook_magics", rook);
    print_table("bishop_magics", bishop);
    printf("/* END gen-attack-magics */\n");
    return 0;
}
