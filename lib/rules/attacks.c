/* Attack tables (attacks.h): PEXT-indexed or magic sliders, knights, kings,
 * pawns and the lines between squares, the vocabulary of check and move
 * generation. */
#include "attacks.h"

#include <cpuid.h>

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

/* The magic-indexed tables, filled on CPUs without a fast PEXT. */
static bitboard rook_storage[0x19000];  /* 102400 entries: sum of 2^bits over squares */
static bitboard bishop_storage[0x1480]; /* 5248 entries */

/* The PEXT-indexed tables, made by the build (scripts/gen-attack-magics.c
 * --tables): read-only pages of the program. */
#if defined(__x86_64__) && !defined(ATTACKS_NO_PEXT)
#define ATTACKS_BUILTIN_PEXT 1
#include "slider_tables.h"
#endif

/* CPUID leaf 7 reports BMI2 (PEXT).  AMD before Zen 3 has a slow
 * microcoded PEXT, so those families keep the magic multiplication. */
static bool cpu_has_fast_pext(void)
{
#if defined(__x86_64__) && !defined(ATTACKS_NO_PEXT)
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

/* The eight ray directions, the four that climb in square number first, so
 * that a direction's opposite is four places on.  A rook's rays are
 * RAY_N, RAY_E and their opposites; a bishop's RAY_NE, RAY_NW and theirs. */
enum { RAY_N, RAY_E, RAY_NE, RAY_NW, RAY_S, RAY_W, RAY_SW, RAY_SE, RAY_NB };
enum { ROOK_RAYS = RAY_N, BISHOP_RAYS = RAY_NE };

static const int ray_steps[RAY_NB][2] = {{0, 1},  {1, 0},  {1, 1},   {-1, 1},
                                         {0, -1}, {-1, 0}, {-1, -1}, {1, -1}};

/* Walk the rays first, first + 1 and their opposites until the edge or the
 * first occupied square, inclusive. */
static bitboard slide(int sq, bitboard occ, int first)
{
    bitboard result = 0;
    for (int i = 0; i < 4; i++) {
        const int *step = ray_steps[first + (i & 1) + (i & 2) * 2];
        int f = square_file(sq) + step[0], r = square_rank(sq) + step[1];
        for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += step[0], r += step[1]) {
            result |= bb_square(square_make(f, r));
            if (bb_test(occ, square_make(f, r)))
                break;
        }
    }
    return result;
}

bitboard attacks_slow_rook(int sq, bitboard occ)
{
    return slide(sq, occ, ROOK_RAYS);
}
bitboard attacks_slow_bishop(int sq, bitboard occ)
{
    return slide(sq, occ, BISHOP_RAYS);
}

/* Each direction's ray from each square on an empty board, without the
 * square; filled first, then every other table is made from them. */
static bitboard rays[RAY_NB][SQUARE_NB];

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
    return ray[sq] ^ ray[bb_msb((ray[sq] & occ) | bb_square(0))];
}

/* Scratch of attacks_fill_slider: the subsets of one half of a mask (0:
 * on the climbing rays, 1: the falling) in increasing order, and what that
 * half's two rays attack through each.  A half has 12 squares at most. */
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

/* The magic multipliers, square a1 first: each the first candidate of a
 * seeded random search that sends every two subsets of the square's mask
 * with different attacks to different slots (scripts/gen-attack-magics.c
 * prints this block; `make check` compares the two). */
/* BEGIN gen-attack-magics: generated by scripts/gen-attack-magics.c, do not edit. */
static const bitboard rook_magics[SQUARE_NB] = {
    0x1080004008801020ULL, 0x0840092002C03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000A001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021D00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000A0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0050500500080100ULL, 0x0000020080040080ULL, 0x0C10010400420810ULL, 0x1040008200005104ULL,
    0x01808240088004A0ULL, 0x0882804004802000ULL, 0x0880402001001100ULL, 0x2000210409001000ULL,
    0x2000480131001500ULL, 0x0000800400800200ULL, 0x000002380C001003ULL, 0x4600084882000431ULL,
    0x0080002000504000ULL, 0x0300500020004002ULL, 0x0040408200220011ULL, 0x0010040008004040ULL,
    0x0000080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040A00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04C1002414824001ULL, 0x020020000B001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084C0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
static const bitboard bishop_magics[SQUARE_NB] = {
    0x20C0090901061081ULL, 0x0024040094030104ULL, 0x8210810200290200ULL, 0x0011040484620000ULL,
    0x0081104002221000ULL, 0x0009012011001350ULL, 0x0081010802400380ULL, 0x0000420210010408ULL,
    0x0008105002280050ULL, 0x0001028484040044ULL, 0x2A00880810408804ULL, 0x7020022282000100ULL,
    0x0084040420100A50ULL, 0x000401010840E000ULL, 0x2020020210420888ULL, 0x0008084202012010ULL,
    0x2010400810018800ULL, 0x0445122008020840ULL, 0x0804100808002008ULL, 0x0008002104110100ULL,
    0x0061005820080800ULL, 0x2001000200820100ULL, 0x480C210084010800ULL, 0x3004442500480420ULL,
    0x1010102240048100ULL, 0x00182009084220A3ULL, 0x8803090A10004205ULL, 0x0208080040202020ULL,
    0x000C044084010040ULL, 0x00A1010002004106ULL, 0x6008210020640202ULL, 0x1600902112860801ULL,
    0x00042008C1220200ULL, 0x010C042002440140ULL, 0x5022080200040820ULL, 0x0402004042940100ULL,
    0x0860108400008020ULL, 0x000C080022021000ULL, 0x0264080652822100ULL, 0x4005031221010401ULL,
    0x0004502410008400ULL, 0x000500B010A20400ULL, 0x0415094050080800ULL, 0x080000201800A104ULL,
    0x4022A80304000110ULL, 0x4012140802028020ULL, 0x40200104010100A0ULL, 0x12810806008B0C41ULL,
    0x0020441008080000ULL, 0x2002120084045420ULL, 0x0704020062080002ULL, 0x0000001084040001ULL,
    0x0322200891240200ULL, 0xF040200210024800ULL, 0x0140824832008042ULL, 0x000210020A004602ULL,
    0x0083042805141020ULL, 0x002C12009A011000ULL, 0x0041A00044140400ULL, 0x00004004020A0202ULL,
    0x0000140010020210ULL, 0x2864160811012200ULL, 0x2060080841082A17ULL, 0xA010041108003100ULL,
};
/* END gen-attack-magics */

/* A slider's relevant occupancy from sq: its rays on an empty board
 * without their last squares, whose occupation changes nothing. */
static bitboard slider_mask(int sq, enum attacks_slider_kind kind)
{
    bitboard edges = ((BB_RANK_1 | BB_RANK_8) & ~bb_rank(square_rank(sq))) |
                     ((BB_FILE_A | BB_FILE_H) & ~bb_file(square_file(sq)));
    return open_rays(sq, kind == ATTACKS_ROOK ? ROOK_RAYS : BISHOP_RAYS) & ~edges;
}

/* The entry of a slider on sq whose attack sets are at table, but for the
 * magic (0: PEXT's); returns its mask. */
static bitboard slider_entry(struct attacks_slider *s, int sq, enum attacks_slider_kind kind,
                             const bitboard *table)
{
    bitboard mask = slider_mask(sq, kind);
    *s = (struct attacks_slider){
        .mask = mask, .magic = 0, .table = table, .shift = 64 - (unsigned)bb_count(mask)};
    return mask;
}

/* A mask's subsets in increasing order are PEXT's indices 0, 1, 2...  The
 * climbing rays' squares all lie above sq and the falling rays' below, so
 * that order runs through every falling subset for each climbing one, and
 * an entry's attacks are the OR of its two halves', each worked out once
 * per half subset.  Without PEXT the same entries go to the slots the
 * square's magic gives them. */
void attacks_fill_slider(struct attacks_slider *s, int sq, enum attacks_slider_kind kind, bool pext,
                         bitboard *table)
{
    int first = kind == ATTACKS_ROOK ? ROOK_RAYS : BISHOP_RAYS;
    bitboard mask = slider_entry(s, sq, kind, table);
    unsigned shift = s->shift;
    size_t nu = init_half(0, mask & (rays[first][sq] | rays[first + 1][sq]), sq, first);
    size_t nd = init_half(1, mask & (rays[first + 4][sq] | rays[first + 5][sq]), sq, first + 4);
    if (pext) {
        for (size_t u = 0; u < nu; u++)
            for (size_t d = 0; d < nd; d++)
                table[u * nd + d] = half_att[0][u] | half_att[1][d];
        return;
    }
    bitboard magic = kind == ATTACKS_ROOK ? rook_magics[sq] : bishop_magics[sq];
    s->magic = magic;
    for (size_t u = 0; u < nu; u++)
        for (size_t d = 0; d < nd; d++)
            table[((half_occ[0][u] | half_occ[1][d]) * magic) >> shift] =
                half_att[0][u] | half_att[1][d];
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

/* Where each square's entries begin in a piece's tables, in both index
 * schemes: after those of the squares before it, 2^popcount(mask) each. */
static uint32_t slider_offset[2][SQUARE_NB];

const bitboard *attacks_builtin_pext(int sq, enum attacks_slider_kind kind)
{
#ifdef ATTACKS_BUILTIN_PEXT
    return (kind == ATTACKS_ROOK ? builtin_rook_pext : builtin_bishop_pext) +
           slider_offset[kind][sq];
#else
    (void)sq;
    (void)kind;
    return NULL;
#endif
}

/* One slider entry: on the built-in PEXT table (the layout of
 * attacks_fill_slider's PEXT fill), or filled into the magic storage. */
static void init_slider(struct attacks_slider *s, int sq, enum attacks_slider_kind kind)
{
    if (attacks_use_pext) {
        slider_entry(s, sq, kind, attacks_builtin_pext(sq, kind));
    } else {
        attacks_fill_slider(s, sq, kind, false,
                            (kind == ATTACKS_ROOK ? rook_storage : bishop_storage) +
                                slider_offset[kind][sq]);
    }
}

/* Before main, with the CPU's index scheme; the fill reads nothing another
 * constructor makes. */
__attribute__((constructor)) static void init_tables(void)
{
    attacks_use_pext = cpu_has_fast_pext();
    init_rays();
    for (int kind = ATTACKS_ROOK; kind <= ATTACKS_BISHOP; kind++)
        for (int sq = 1; sq < SQUARE_NB; sq++)
            slider_offset[kind][sq] =
                slider_offset[kind][sq - 1] +
                (1u << bb_count(slider_mask(sq - 1, (enum attacks_slider_kind)kind)));
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        init_slider(&attacks_rook_slider[sq], sq, ATTACKS_ROOK);
        init_slider(&attacks_bishop_slider[sq], sq, ATTACKS_BISHOP);
    }

    static const int knight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        int f = square_file(sq), r = square_rank(sq);
        for (int i = 0; i < 8; i++) {
            int nf = f + knight[i][0], nr = r + knight[i][1];
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
                attacks_knight_table[sq] |= bb_square(square_make(nf, nr));
        }
        bitboard b = bb_square(sq), row = bb_west(b) | b | bb_east(b);
        attacks_king_table[sq] = (bb_north(row) | row | bb_south(row)) ^ b;
        attacks_pawn_table[WHITE][sq] = bb_east(bb_north(b)) | bb_west(bb_north(b));
        attacks_pawn_table[BLACK][sq] = bb_east(bb_south(b)) | bb_west(bb_south(b));
        attacks_rook_ray_table[sq] = open_rays(sq, ROOK_RAYS);
        attacks_bishop_ray_table[sq] = open_rays(sq, BISHOP_RAYS);
    }
    init_lines();
}
