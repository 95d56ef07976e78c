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

/* Fill one square's table: enumerate every subset of the mask (Carry-Rippler)
 * and, without PEXT, search a magic that maps them without harmful collisions. */
static void init_slider(struct attacks_slider *s, int sq, bitboard *table, const int dirs[4][2],
                        uint64_t *seed)
{
    bitboard edges = ((BB_RANK_1 | BB_RANK_8) & ~bb_rank(square_rank(sq))) |
                     ((BB_FILE_A | BB_FILE_H) & ~bb_file(square_file(sq)));
    s->mask = slide(sq, 0, dirs) & ~edges;
    s->shift = 64 - (unsigned)bb_count(s->mask);
    s->table = table;
    bitboard occ[4096], ref[4096];
    size_t n = 0;
    bitboard b = 0;
    do {
        occ[n] = b;
        ref[n] = slide(sq, b, dirs);
        n++;
        b = (b - s->mask) & s->mask;
    } while (b);

    if (attacks_use_pext) {
        s->magic = 0;
        for (size_t i = 0; i < n; i++)
            table[attacks_pext(occ[i], s->mask)] = ref[i];
        return;
    }
    int epoch[4096] = {0};
    int attempt = 0;
    for (;;) {
        bitboard m;
        do
            m = rand_next(seed) & rand_next(seed) & rand_next(seed);
        while (bb_count((m * s->mask) >> 56) < 6);
        attempt++;
        size_t i;
        for (i = 0; i < n; i++) {
            size_t idx = (size_t)(((occ[i] & s->mask) * m) >> s->shift);
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

static void init_tables(void)
{
    attacks_use_pext = cpu_has_fast_pext();
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    size_t roff = 0, boff = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        init_slider(&attacks_rook_slider[sq], sq, rook_storage + roff, rook_dirs, &seed);
        roff += (size_t)1 << (64 - attacks_rook_slider[sq].shift);
        init_slider(&attacks_bishop_slider[sq], sq, bishop_storage + boff, bishop_dirs, &seed);
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
        attacks_rook_ray_table[sq] = slide(sq, 0, rook_dirs);
        attacks_bishop_ray_table[sq] = slide(sq, 0, bishop_dirs);
    }

    for (int a = 0; a < SQUARE_NB; a++) {
        for (int b = 0; b < SQUARE_NB; b++) {
            if (a == b)
                continue;
            bitboard ba = bb_square(a), bbq = bb_square(b);
            if (slide(a, 0, rook_dirs) & bbq) {
                attacks_line_table[a][b] =
                    (slide(a, 0, rook_dirs) & slide(b, 0, rook_dirs)) | ba | bbq;
                attacks_between_table[a][b] = slide(a, bbq, rook_dirs) & slide(b, ba, rook_dirs);
            } else if (slide(a, 0, bishop_dirs) & bbq) {
                attacks_line_table[a][b] =
                    (slide(a, 0, bishop_dirs) & slide(b, 0, bishop_dirs)) | ba | bbq;
                attacks_between_table[a][b] =
                    slide(a, bbq, bishop_dirs) & slide(b, ba, bishop_dirs);
            }
        }
    }
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
