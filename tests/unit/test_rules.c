/* The rule modules, each rule where it lives: en_passant_square in its
 * three modes on positions where they differ (no capturer, a pinned
 * capturer, a capture that empties the king's rank), and its legal mode
 * held against the generator on every position of short walks. */
#include "en_passant.h"
#include "fen.h"
#include "makemove.h"
#include "movegen.h"
#include "unit.h"

static bool read_fen(const char *fen, struct position *p)
{
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {0};
    if (!fen_read(fen, strlen(fen), &opt, &rec, &rep))
        return false;
    *p = rec.pos;
    return true;
}

/* White has just played e2-e4 in each; ep is e3, Black captures. */
static void test_en_passant_modes(void)
{
    static const struct {
        const char *fen, *what;
        bool pseudo, legal;
    } cases[] = {
        {"4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", "no black pawn beside", false, false},
        {"4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1", "a free capturer", true, true},
        {"3k4/8/8/8/3pP3/8/8/3RK3 b - - 0 1", "the capturer pinned on its file", true, false},
        {"8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1", "the capture empties the king's rank", true, false},
        {"8/8/8/8/k2pPp1R/8/8/4K3 b - - 0 1", "two capturers, one on the rank", true, true},
        {"4k3/8/8/8/3p4/8/4P3/4K3 b - - 0 1", "no pawn in front of the square", false, false},
    };
    int e3 = square_make(4, 2);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position p;
        if (!UNIT_CHECK(read_fen(cases[i].fen, &p), "reads %s", cases[i].fen))
            continue;
        UNIT_CHECK(en_passant_square(&p, e3, BLACK, EN_PASSANT_ALWAYS) == e3, "always: e3 kept, %s",
                   cases[i].what);
        UNIT_CHECK(en_passant_square(&p, e3, BLACK, EN_PASSANT_PSEUDO_LEGAL) ==
                       (cases[i].pseudo ? e3 : SQUARE_NONE),
                   "pseudo-legal: %s", cases[i].what);
        UNIT_CHECK(en_passant_square(&p, e3, BLACK, EN_PASSANT_LEGAL) ==
                       (cases[i].legal ? e3 : SQUARE_NONE),
                   "legal: %s", cases[i].what);
        UNIT_CHECK(en_passant_square(&p, SQUARE_NONE, BLACK, EN_PASSANT_ALWAYS) == SQUARE_NONE,
                   "no square, no square: %s", cases[i].what);
    }
    /* The FEN reader and makemove keep the pseudo-legal square. */
    struct position p;
    if (UNIT_CHECK(read_fen("3k4/8/8/8/3pP3/8/8/3RK3 b - e3 0 1", &p), "reads a pinned capture"))
        UNIT_CHECK(p.ep_square == e3, "the FEN reader keeps the square of a pinned capturer");
    if (UNIT_CHECK(read_fen("3k4/8/8/8/3p4/8/4P3/3RK3 w - - 0 1", &p), "reads before e2-e4")) {
        makemove_play(&p, move_make(square_make(4, 1), e3 + 8, MOVE_DOUBLE_PUSH));
        UNIT_CHECK(p.ep_square == e3, "makemove keeps the square of a pinned capturer");
        UNIT_CHECK(p.key == position_compute_key(&p), "and hashes it");
    }
    if (UNIT_CHECK(read_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &p), "reads a lone pawn")) {
        makemove_play(&p, move_make(square_make(4, 1), e3 + 8, MOVE_DOUBLE_PUSH));
        UNIT_CHECK(p.ep_square == SQUARE_NONE, "makemove keeps no square without a capturer");
    }
}

struct walk {
    unsigned long positions, with_ep, disagreements;
};

/* The legal mode against the generator: a capture en passant among the
 * legal moves exactly when the mode keeps the square. */
static void walk_ep(const struct position *p, int depth, struct walk *w)
{
    w->positions++;
    struct movelist l;
    movegen_legal(p, &l);
    bool listed = false;
    for (int i = 0; i < l.count; i++)
        listed |= move_kind(l.moves[i]) == MOVE_EN_PASSANT;
    bool kept =
        en_passant_square(p, p->ep_square, (enum color)p->side, EN_PASSANT_LEGAL) != SQUARE_NONE;
    w->with_ep += p->ep_square != SQUARE_NONE;
    w->disagreements += listed != kept;
    if (depth == 0)
        return;
    for (int i = 0; i < l.count; i++) {
        struct position c = *p;
        makemove_play(&c, l.moves[i]);
        walk_ep(&c, depth - 1, w);
    }
}

static void test_en_passant_legal_is_the_generators(void)
{
    static const char *const fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",
        "r3k3/8/8/2PpP3/8/8/8/4K2R w - d6 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct position p;
        if (!UNIT_CHECK(read_fen(fens[i], &p), "reads %s", fens[i]))
            continue;
        struct walk w = {0};
        walk_ep(&p, 3, &w);
        UNIT_CHECK(w.disagreements == 0 && w.with_ep > 0,
                   "legal mode = the generator's captures: %s (%lu positions, %lu with a square, "
                   "%lu disagree)",
                   fens[i], w.positions, w.with_ep, w.disagreements);
    }
}

int main(void)
{
    test_en_passant_modes();
    test_en_passant_legal_is_the_generators();
    return unit_done();
}
