/* The named formatter's fast path (the table of whole phrases that writes
 * an ordinary move) against the general path that writes every move
 * (named_format_ply_general), move by move in every vocabulary: every
 * legal move of positions of both sides and of the variants, knights in
 * all eight directions, the games of a deterministic random walk, and
 * move numbers around the fast path's limit.  Beside the comparison,
 * records written by hand from formats/named-notation.md, so that the two
 * paths cannot agree on a wrong text. */
#include "named.h"

#include "fen.h"
#include "makemove.h"
#include "san.h"
#include "unit.h"

/* A position of a variant from FEN; fails the test (and returns false) if
 * the FEN is refused. */
static bool setup(struct position *p, const char *fen, enum variant v)
{
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {.variant = (uint8_t)v};
    if (!UNIT_CHECK(fen_read(fen, strlen(fen), &opt, &rec, &rep), "FEN %s is read", fen))
        return false;
    *p = rec.pos;
    return true;
}

/* The first disagreement of a check, printed after its TAP line. */
struct difference {
    bool found;
    char text[3 * NAMED_MAX + 64];
};

static void show(const struct difference *d)
{
    if (d->found)
        printf("%s", d->text);
}

/* Does m's record agree between the two paths, numbered and not, in
 * vocabulary v?  The first disagreement is kept in *d. */
static bool same_record(const struct position *p, move m, enum named_vocabulary v,
                        struct difference *d)
{
    char fast[NAMED_MAX], general[NAMED_MAX], bare[NAMED_MAX];
    size_t nf = named_format_ply(p, m, v, fast, sizeof fast);
    size_t ng = named_format_ply_general(p, m, v, general, sizeof general);
    size_t nb = named_format(p, m, v, bare, sizeof bare);
    /* named_format is the ply without its "N. " */
    const char *space = strchr(general, ' ');
    bool same = nf == ng && strcmp(fast, general) == 0 && nf == strlen(fast) && space &&
                strcmp(bare, space + 1) == 0 && nb == strlen(bare);
    if (!same && !d->found) {
        snprintf(d->text, sizeof d->text,
                 "#   fast:    \"%s\" (%zu)\n#   general: \"%s\" (%zu)\n#   bare:    \"%s\"\n",
                 fast, nf, general, ng, bare);
        d->found = true;
    }
    return same;
}

/* The legal moves of p that some vocabulary writes differently on the two
 * paths; *count receives the number of legal moves. */
static int differences(const struct position *p, int *count, struct difference *d)
{
    struct movelist l;
    movegen_legal(p, &l);
    int bad = 0;
    for (int k = 0; k < l.count; k++)
        for (int v = 0; v < NAMED_VOCABULARY_NB; v++)
            if (!same_record(p, l.moves[k], (enum named_vocabulary)v, d))
                bad++;
    *count = l.count;
    return bad;
}

/* Every legal move of positions of both colours, with every piece, in
 * chess, Chess960 castling and the variants (whose captures and special
 * moves the general path writes, and the rest the fast one). */
static void test_positions(void)
{
    static const struct {
        enum variant v;
        const char *fen;
    } cases[] = {
        {VARIANT_CHESS, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {VARIANT_CHESS, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
        {VARIANT_CHESS, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1"},
        {VARIANT_CHESS, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
        {VARIANT_CHESS, "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"},
        {VARIANT_CHESS, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
        {VARIANT_CHESS, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
        {VARIANT_CHESS, "r3k2r/8/8/8/3pPp2/8/8/R3K1R1 b Qkq e3 0 1"},
        {VARIANT_CHESS, "4k3/8/8/3q4/8/8/8/2B1K3 b - - 0 7"},
        {VARIANT_CHESS, "2n3k1/1P1P4/8/8/8/8/6p1/4K2R w K - 0 40"},
        {VARIANT_CHESS, "4k3/8/8/8/8/8/6p1/4K2R b K - 0 40"},
        {VARIANT_CRAZYHOUSE,
         "r2qk2r/ppp2ppp/2n5/3pP3/3Pn3/5N2/PP3PPP/R1BQKB1R[PNbp] w KQkq d6 0 7"},
        {VARIANT_CRAZYHOUSE, "r2qk2r/ppp2ppp/2n5/3pP3/3Pn3/5N2/PP3PPP/R1BQKB1R[PNbp] b KQkq - 0 7"},
        {VARIANT_ATOMIC, "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 4"},
        {VARIANT_ATOMIC, "rnbqkb1r/pp1p1ppp/5n2/2pPp3/3P4/8/PPP2PPP/RNBQKBNR b KQkq - 0 4"},
        {VARIANT_ANTICHESS, "8/1P4P1/8/8/3k4/8/1p2K3/R7 w - - 0 1"},
        {VARIANT_ANTICHESS, "8/1P4P1/8/8/3k4/8/1p2K3/R7 b - - 0 1"},
        {VARIANT_HORDE,
         "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"},
        {VARIANT_RACINGKINGS, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"},
        {VARIANT_3CHECK, "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 3"},
        {VARIANT_KINGOFTHEHILL, "rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b - - 2 3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position p;
        struct difference d = {0};
        if (!setup(&p, cases[i].fen, cases[i].v))
            continue;
        int count, bad = differences(&p, &count, &d);
        UNIT_CHECK(count > 0 && bad == 0, "%d of %d moves agree in every vocabulary: %s",
                   count * NAMED_VOCABULARY_NB - bad, count * NAMED_VOCABULARY_NB, cases[i].fen);
        show(&d);
    }
}

/* A knight in the middle of an empty board, of each colour: its eight
 * leaps, written by hand from the notation's rule (the orthogonal step of
 * the two-square leg, then the diagonal, seen from the side that moves:
 * for Black a step down the board is "n"). */
static void test_knights(void)
{
    static const struct {
        const char *fen, *san, *want;
    } cases[] = {
        {"4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1", "Ne6", "1. d4 - e6 leap2 n ne"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1", "Nc6", "1. d4 - c6 leap2 n nw"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1", "Nf5", "1. d4 - f5 leap2 e ne"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1", "Nf3", "1. d4 - f3 leap2 e se"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1", "Ne2", "1. d4 - e2 leap2 s se"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1", "Nc2", "1. d4 - c2 leap2 s sw"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1", "Nb3", "1. d4 - b3 leap2 w sw"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1", "Nb5", "1. d4 - b5 leap2 w nw"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 b - - 0 1", "Nd3", "1. e5 - d3 leap2 n nw"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 b - - 0 1", "Nf3", "1. e5 - f3 leap2 n ne"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 b - - 0 1", "Nc4", "1. e5 - c4 leap2 w nw"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 b - - 0 1", "Ng4", "1. e5 - g4 leap2 e ne"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 b - - 0 1", "Nc6", "1. e5 - c6 leap2 w sw"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 b - - 0 1", "Ng6", "1. e5 - g6 leap2 e se"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 b - - 0 1", "Nd7", "1. e5 - d7 leap2 s sw"},
        {"4k3/8/8/4n3/3N4/8/8/4K3 b - - 0 1", "Nf7", "1. e5 - f7 leap2 s se"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position p;
        move m;
        char got[NAMED_MAX];
        struct difference d = {0};
        if (!setup(&p, cases[i].fen, VARIANT_CHESS) ||
            !UNIT_CHECK(san_parse(&p, cases[i].san, strlen(cases[i].san), &m) == SAN_OK, "%s legal",
                        cases[i].san))
            continue;
        named_format_ply(&p, m, NAMED_DAGAZ, got, sizeof got);
        UNIT_EQ_STR(got, cases[i].want, cases[i].want);
        UNIT_CHECK(same_record(&p, m, NAMED_DAGAZ, &d) && same_record(&p, m, NAMED_ZRF, &d),
                   "%s: the paths agree", cases[i].want);
        show(&d);
    }
}

/* Records of formats/named-notation.md (its table of rules and its text on
 * directions), each in the position it needs. */
static void test_spec_records(void)
{
    static const struct {
        const char *fen, *san;
        enum named_vocabulary v;
        const char *want;
    } cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4", NAMED_DAGAZ,
         "1. e2 - e4 Pawn-move"},
        {"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 5", "exd5", NAMED_DAGAZ,
         "5. e4 x d5 Pawn-capture nw"},
        {"4k3/8/8/4p3/5P2/8/8/4K3 b - - 0 9", "exf4", NAMED_DAGAZ, "9. e5 x f4 Pawn-capture ne"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", "Nf3", NAMED_ZRF,
         "2. g1 - f3 leap2 n nw"},
        {"4k3/8/5n2/8/8/8/8/4K3 b - - 0 5", "Nd5", NAMED_DAGAZ, "5. f6 - d5 leap2 w nw"},
        {"4k3/8/8/8/8/8/8/4KB2 w - - 0 3", "Bc4", NAMED_DAGAZ, "3. f1 - c4 slide nw"},
        {"r3k3/8/8/8/8/8/8/R3K3 w - - 0 20", "Rxa8+", NAMED_ZRF, "20. a1 x a8 rook-slide n"},
        {"4k3/8/8/3q4/8/8/8/4K3 b - - 0 7", "Qa2", NAMED_DAGAZ, "7. d5 - a2 slide nw"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 12", "Kf2", NAMED_DAGAZ, "12. e1 - f2 step ne"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 12", "Kf2", NAMED_ZRF, "12. e1 - f2 king-shift ne"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position p;
        move m;
        char got[NAMED_MAX];
        if (!setup(&p, cases[i].fen, VARIANT_CHESS) ||
            !UNIT_CHECK(san_parse(&p, cases[i].san, strlen(cases[i].san), &m) == SAN_OK, "%s legal",
                        cases[i].san))
            continue;
        size_t n = named_format_ply(&p, m, cases[i].v, got, sizeof got);
        UNIT_EQ_STR(got, cases[i].want, cases[i].want);
        UNIT_EQ_INT((long long)n, (long long)strlen(cases[i].want), "its length is returned");
    }
}

/* Move numbers on both sides of the fast path's table (below 1000) and
 * the largest a position holds. */
static void test_numbers(void)
{
    static const struct {
        const char *fen, *want;
    } cases[] = {
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 9", "9. e2 - e4 Pawn-move"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 10", "10. e2 - e4 Pawn-move"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 99", "99. e2 - e4 Pawn-move"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 100", "100. e2 - e4 Pawn-move"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 999", "999. e2 - e4 Pawn-move"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1000", "1000. e2 - e4 Pawn-move"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 65535", "65535. e2 - e4 Pawn-move"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position p;
        char got[NAMED_MAX];
        struct difference d = {0};
        if (!setup(&p, cases[i].fen, VARIANT_CHESS))
            continue;
        move m = move_make(12, 28, MOVE_DOUBLE_PUSH);
        named_format_ply(&p, m, NAMED_DAGAZ, got, sizeof got);
        UNIT_EQ_STR(got, cases[i].want, cases[i].want);
        UNIT_CHECK(same_record(&p, m, NAMED_DAGAZ, &d), "%s: the paths agree", cases[i].want);
        show(&d);
    }
}

/* Games of a deterministic random walk (a linear congruential choice among
 * the legal moves), in chess and the variants: every legal move of every
 * position on the way. */
static void test_walk(void)
{
    static const struct {
        enum variant v;
        const char *fen;
    } starts[] = {
        {VARIANT_CHESS, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {VARIANT_CRAZYHOUSE, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
        {VARIANT_ATOMIC, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {VARIANT_ANTICHESS, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
    };
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        unsigned long seed = 12345 + i, positions = 0, moves = 0, bad = 0;
        struct difference d = {0};
        struct position start;
        if (!setup(&start, starts[i].fen, starts[i].v))
            continue;
        for (int game = 0; game < 20; game++) {
            struct position p = start;
            for (int ply = 0; ply < 200; ply++) {
                struct movelist l;
                movegen_legal(&p, &l);
                if (l.count == 0)
                    break;
                int count;
                bad += (unsigned long)differences(&p, &count, &d);
                positions++;
                moves += (unsigned long)count;
                seed = seed * 6364136223846793005UL + 1442695040888963407UL;
                makemove_play(&p, l.moves[(seed >> 33) % (unsigned long)l.count]);
            }
        }
        UNIT_CHECK(positions > 100 && bad == 0,
                   "random walk from %s: %lu moves of %lu positions, %lu differ", starts[i].fen,
                   moves, positions, bad);
        show(&d);
    }
}

int main(void)
{
    test_positions();
    test_knights();
    test_spec_records();
    test_numbers();
    test_walk();
    return unit_done();
}
