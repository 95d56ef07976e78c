/* The data of lib/rules/position.c held to how it was made before it was data:
 * the Zobrist keys drawn in a loop from SplitMix64 in their order (the
 * numbers every key, perft's table and a printed key depend on), and the
 * start position built square by square with position_put, its key from
 * position_compute_key. */
#include "rules/position.h"

#include "unit.h"

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Counts the entries of one table that differ from the draws. */
static int differ(const uint64_t *table, const uint64_t *want, size_t n)
{
    int bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += table[i] != want[i];
    return bad;
}

static void test_keys(void)
{
    static uint64_t piece[PIECE_NB][SQUARE_NB], castling[16], ep_file[8], side,
        pocket[COLOR_NB][6][POCKET_MAX + 1], checks[COLOR_NB][4], promoted[SQUARE_NB],
        variant[VARIANT_NB];
    uint64_t s = 0x5EEDC0DE12345678ULL;
    for (int p = 0; p < PIECE_NB; p++)
        for (int sq = 0; sq < SQUARE_NB; sq++)
            piece[p][sq] = p == NO_PIECE ? (splitmix(&s), 0) : splitmix(&s);
    uint64_t single[4];
    for (int i = 0; i < 4; i++)
        single[i] = splitmix(&s);
    for (int c = 0; c < 16; c++)
        for (int i = 0; i < 4; i++)
            if (c & (1 << i))
                castling[c] ^= single[i];
    for (int f = 0; f < 8; f++)
        ep_file[f] = splitmix(&s);
    side = splitmix(&s);
    for (int c = 0; c < COLOR_NB; c++)
        for (int t = 0; t < 6; t++)
            for (int n = 1; n <= POCKET_MAX; n++)
                pocket[c][t][n] = splitmix(&s);
    for (int c = 0; c < COLOR_NB; c++)
        for (int n = 1; n < 4; n++)
            checks[c][n] = splitmix(&s);
    for (int sq = 0; sq < SQUARE_NB; sq++)
        promoted[sq] = splitmix(&s);
    for (int v = 1; v < VARIANT_NB; v++)
        variant[v] = splitmix(&s);

    UNIT_EQ_INT(differ(&position_zobrist_piece[0][0], &piece[0][0], PIECE_NB * SQUARE_NB), 0,
                "the pieces' keys are the draws (NO_PIECE's row 0)");
    UNIT_EQ_INT(differ(position_zobrist_castling, castling, 16), 0,
                "the castling keys are their rights' draws together");
    UNIT_EQ_INT(differ(position_zobrist_ep_file, ep_file, 8), 0, "the en-passant files' keys");
    UNIT_EQ_U64(position_zobrist_side, side, "the side's key");
    UNIT_EQ_INT(differ(&position_zobrist_pocket[0][0][0], &pocket[0][0][0],
                       COLOR_NB * 6 * (POCKET_MAX + 1)),
                0, "the pockets' keys (an empty pocket 0)");
    UNIT_EQ_INT(differ(&position_zobrist_checks[0][0], &checks[0][0], COLOR_NB * 4), 0,
                "the checks' keys (no check given 0)");
    UNIT_EQ_INT(differ(position_zobrist_promoted, promoted, SQUARE_NB), 0,
                "the promoted squares' keys");
    UNIT_EQ_INT(differ(position_zobrist_variant, variant, VARIANT_NB), 0,
                "the variants' keys (standard chess 0)");
}

static void test_start(void)
{
    static const enum piece_type back[8] = {ROOK, KNIGHT, BISHOP, QUEEN,
                                            KING, BISHOP, KNIGHT, ROOK};
    struct position built, start;
    position_clear(&built);
    for (int f = 0; f < 8; f++) {
        position_put(&built, piece_make(WHITE, back[f]), square_make(f, 0));
        position_put(&built, piece_make(WHITE, PAWN), square_make(f, 1));
        position_put(&built, piece_make(BLACK, PAWN), square_make(f, 6));
        position_put(&built, piece_make(BLACK, back[f]), square_make(f, 7));
    }
    built.castling = CASTLE_ALL;
    built.castle_rook[0] = 7;
    built.castle_rook[1] = 0;
    built.castle_rook[2] = 63;
    built.castle_rook[3] = 56;
    built.key = position_compute_key(&built);
    position_start(&start);
    UNIT_CHECK(position_equal(&start, &built),
               "the start position is the one built square by square");
    UNIT_EQ_U64(start.key, built.key, "... and its key the computed one");
}

int main(void)
{
    test_keys();
    test_start();
    return unit_done();
}
