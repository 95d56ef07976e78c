#include "attacks.h"

#include <cpuid.h>
#include <pthread.h>

struct attacks_slider attacks_rook_slider[SQUARE_NB];
struct attacks_slider attacks_bishop_slider[SQUARE_NB];
bitboard attacks_knight_table[SQUARE_NB];
bitboard attacks_king_table[SQUARE_NB];
bitboard attacks_pawn_table[COLOR_NB][SQUARE_NB];
bitboard attacks_between_table[SQUARE_NB][SQUARE_NB];
bitboard attacks_line_table[SQUARE_NB][SQUARE_NB];
bitboard attacks_rook_ray_table[SQUARE_NB];
bitboard attacks_bishop_ray_table[SQUARE_NB];
bool attacks_use_pext;

static bitboard rook_storage[0x19000];  /* 102400 entries: sum of 2^bits over squares */
static bitboard bishop_storage[0x1480]; /* 5248 entries */

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/* Walk each ray until the edge or the first occupied square, inclusive. */
static bitboard slide(int sq, bitboard occ, const int dirs[4][2])
{
    bitboard result = 0;
    for (int d = 0; d < 4; d++) {
        int f = square_file(sq) + dirs[d][0], r = square_rank(sq) + dirs[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            int to = square_make(f, r);
            result |= bb_square(to);
            if (bb_test(occ, to))
                break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return result;
}

bitboard attacks_slow_rook(int sq, bitboard occ)
{
    return slide(sq, occ, rook_dirs);
}
bitboard attacks_slow_bishop(int sq, bitboard occ)
{
    return slide(sq, occ, bishop_dirs);
}

/* The x86 CPUID leaf 7 reports BMI2 (PEXT).  AMD before Zen 3 has a slow
 * microcoded PEXT, so those families keep the magic multiplication. */
static bool cpu_has_fast_pext(void)
{
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & (1u << 8)))
        return false;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return false;
    bool amd = b == 0x68747541; /* "Auth"enticAMD */
    if (amd && __get_cpuid(1, &a, &b, &c, &d)) {
        unsigned family = ((a >> 8) & 0xF) + ((a >> 20) & 0xFF);
        return family >= 0x19; /* Zen 3 and later */
    }
    return true;
#else
    return false;
#endif
}

/* A small xorshift generator with a fixed seed: magic numbers are found the
 * same way on every run, so the tables are reproducible. */
static uint64_t rand_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

/* The eight ray directions, the four that climb in square number first, so
 * that a direction's opposite is four places on.  A rook's rays are
 * RAY_N, RAY_E and their opposites; a bishop's RAY_NE, RAY_NW and theirs. */
enum { RAY_N, RAY_E, RAY_NE, RAY_NW, RAY_S, RAY_W, RAY_SW, RAY_SE, RAY_NB };
enum { ROOK_RAYS = RAY_N, BISHOP_RAYS = RAY_NE };

static const int ray_steps[RAY_NB][2] = {{0, 1},  {1, 0},  {1, 1},   {-1, 1},
                                         {0, -1}, {-1, 0}, {-1, -1}, {1, -1}};

/* Each direction's ray from each square on an empty board, without the
 * square; filled first, then every other table is made from them. */
static bitboard rays[RAY_NB][SQUARE_NB];

/* Step every ray once (a few thousand steps in all), so that the tables
 * below take a bit scan per ray instead of a walk per square. */
static void init_rays(void)
{
    for (int d = 0; d < RAY_NB; d++)
        for (int sq = 0; sq < SQUARE_NB; sq++) {
            int f = square_file(sq) + ray_steps[d][0], r = square_rank(sq) + ray_steps[d][1];
            for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += ray_steps[d][0], r += ray_steps[d][1])
                rays[d][sq] |= bb_square(square_make(f, r));
        }
}

/* What a slider with the rays first, first + 1 and their opposites
 * (first + 4, first + 5) attacks from sq on an empty board. */
static bitboard open_rays(int sq, int first)
{
    return rays[first][sq] | rays[first + 1][sq] | rays[first + 4][sq] | rays[first + 5][sq];
}

/* The highest square of a non-empty set, as one BSR even when the build
 * does not assume LZCNT (bb_msb's 63 - clz then costs two more steps). */
static inline unsigned highest(bitboard b)
{
    return 63 ^ (unsigned)__builtin_clzll(b);
}

/* A climbing ray from sq through occ, cut after its first blocker (its
 * lowest occupied square): what lies beyond the blocker is the blocker's
 * own ray.  With no blocker h8 stands in, whose climbing rays are empty. */
static inline bitboard climb(const bitboard *ray, int sq, bitboard occ)
{
    return ray[sq] ^ ray[(unsigned)bb_lsb((ray[sq] & occ) | bb_square(63))];
}

/* The same for a falling ray, whose first blocker is its highest occupied
 * square; a1 stands in for none. */
static inline bitboard fall(const bitboard *ray, int sq, bitboard occ)
{
    return ray[sq] ^ ray[highest((ray[sq] & occ) | bb_square(0))];
}

/* Scratch of init_slider: the subsets of one half of a mask (0: the part on
 * the climbing rays, 1: on the falling rays) in increasing order, and what
 * that half's two rays attack through each.  A half has 12 squares at most. */
static bitboard half_occ[2][4096], half_att[2][4096];

/* Fill half h of the scratch from part, the mask's squares on the rays
 * first and first + 1 from sq (climbing for h 0, falling for h 1), one
 * Carry-Rippler step per subset; returns how many subsets there are. */
static inline size_t init_half(int h, bitboard part, int sq, int first)
{
    const bitboard *r1 = rays[first], *r2 = rays[first + 1];
    size_t n = 0;
    bitboard b = 0;
    do {
        half_occ[h][n] = b;
        half_att[h][n] =
            h == 0 ? climb(r1, sq, b) | climb(r2, sq, b) : fall(r1, sq, b) | fall(r2, sq, b);
        n++;
        b = (b - part) & part;
    } while (b);
    return n;
}

/* Fill one square's table.  Its mask's subsets in increasing order are
 * PEXT's indices 0, 1, 2, ... and the order in which the magic search has
 * always met them (which decides what failed attempts leave in the slots
 * the magic found never uses).  The climbing rays' squares all lie above sq
 * and the falling rays' below, so that order runs through every falling
 * subset for each climbing subset in turn, and an entry's attacks are the
 * OR of its two halves': each half's attacks are worked out once per half
 * subset (2^5 + 2^5 for a rook on d4 instead of 2^10; 34,768 for the
 * 107,648 entries of both pieces) and each entry costs one OR.  Without
 * PEXT, search a magic that maps the subsets without harmful collisions. */
static void init_slider(struct attacks_slider *s, int sq, bitboard *table, int first,
                        uint64_t *seed)
{
    bitboard edges = ((BB_RANK_1 | BB_RANK_8) & ~bb_rank(square_rank(sq))) |
                     ((BB_FILE_A | BB_FILE_H) & ~bb_file(square_file(sq)));
    bitboard mask = open_rays(sq, first) & ~edges;
    s->mask = mask;
    unsigned shift = 64 - (unsigned)bb_count(mask);
    s->shift = shift;
    s->table = table;
    size_t nu = init_half(0, mask & (rays[first][sq] | rays[first + 1][sq]), sq, first);
    size_t nd = init_half(1, mask & (rays[first + 4][sq] | rays[first + 5][sq]), sq, first + 4);
    if (attacks_use_pext) {
        s->magic = 0;
        for (size_t u = 0; u < nu; u++)
            for (size_t d = 0; d < nd; d++)
                table[u * nd + d] = half_att[0][u] | half_att[1][d];
        return;
    }

    bitboard occ[4096], ref[4096];
    size_t n = 0;
    for (size_t u = 0; u < nu; u++)
        for (size_t d = 0; d < nd; d++, n++) {
            occ[n] = half_occ[0][u] | half_occ[1][d];
            ref[n] = half_att[0][u] | half_att[1][d];
        }
    int epoch[4096] = {0};
    int attempt = 0;
    for (;;) {
        bitboard m;
        do
            m = rand_next(seed) & rand_next(seed) & rand_next(seed);
        while (bb_count((m * mask) >> 56) < 6);
        attempt++;
        size_t i;
        for (i = 0; i < n; i++) {
            size_t idx = (size_t)((occ[i] * m) >> shift);
            if (epoch[idx] < attempt) {
                epoch[idx] = attempt;
                table[idx] = ref[i];
            } else if (table[idx] != ref[i]) {
                break;
            }
        }
        if (i == n) {
            s->magic = m;
            break;
        }
    }
}

/* The between and line tables: walking each ray from a, every square b it
 * meets shares a's line in that direction and its opposite, and the squares
 * between them are those both a's ray and b's opposite ray cover.  Pairs on
 * no common line keep the zeros the tables start with. */
static void init_lines(void)
{
    for (int a = 0; a < SQUARE_NB; a++)
        for (int d = 0; d < RAY_NB; d++) {
            int back = (d + 4) % RAY_NB;
            bitboard line = rays[d][a] | rays[back][a] | bb_square(a);
            for (bitboard targets = rays[d][a]; targets;) {
                int b = bb_pop(&targets);
                attacks_line_table[a][b] = line;
                attacks_between_table[a][b] = rays[d][a] & rays[back][b];
            }
        }
}

static void init_tables(void)
{
    attacks_use_pext = cpu_has_fast_pext();
    init_rays();
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    size_t roff = 0, boff = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        init_slider(&attacks_rook_slider[sq], sq, rook_storage + roff, ROOK_RAYS, &seed);
        roff += (size_t)1 << (64 - attacks_rook_slider[sq].shift);
        init_slider(&attacks_bishop_slider[sq], sq, bishop_storage + boff, BISHOP_RAYS, &seed);
        boff += (size_t)1 << (64 - attacks_bishop_slider[sq].shift);
    }

    static const int knight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        int f = square_file(sq), r = square_rank(sq);
        for (int i = 0; i < 8; i++) {
            int nf = f + knight[i][0], nr = r + knight[i][1];
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
                attacks_knight_table[sq] |= bb_square(square_make(nf, nr));
            nf = f + king[i][0];
            nr = r + king[i][1];
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
                attacks_king_table[sq] |= bb_square(square_make(nf, nr));
        }
        bitboard b = bb_square(sq);
        attacks_pawn_table[WHITE][sq] = bb_east(bb_north(b)) | bb_west(bb_north(b));
        attacks_pawn_table[BLACK][sq] = bb_east(bb_south(b)) | bb_west(bb_south(b));
        attacks_rook_ray_table[sq] = open_rays(sq, ROOK_RAYS);
        attacks_bishop_ray_table[sq] = open_rays(sq, BISHOP_RAYS);
    }
    init_lines();
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

void attacks_init(void)
{
    pthread_once(&init_once, init_tables);
}

__attribute__((constructor)) static void attacks_constructor(void)
{
    attacks_init();
}
