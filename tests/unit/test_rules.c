/* The rule modules, each rule where it lives: en_passant_square in its
 * three modes on positions where they differ (no capturer, a pinned
 * capturer, a capture that empties the king's rank), and its legal mode
 * held against the generator on every position of short walks; castling_rule
 * with each of its reasons, movegen_castle against the generator, and the
 * two forms of the castling rights' rule against each other; the modes of
 * makemove_standard against makemove_play, and position_key after the
 * keyless makemove_play_undo; king safety: the generator's moves against
 * a plain pseudo-legal list filtered by movegen_king_safe (and
 * movegen_left_king_safe) on every position of depth-2 walks from the
 * shared perft suites. */
#include "rules/attacks.h"
#include "rules/castling.h"
#include "rules/en_passant.h"
#include "notation/fen.h"
#include "rules/makemove.h"
#include "rules/makemove_impl.h"
#include "rules/movegen.h"
#include "unit.h"

#include <stdlib.h>

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

/* The fields every make-move mode writes: sets, side, en passant, rights. */
static bool position_equal_pieces(const struct position *a, const struct position *b)
{
    return memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 &&
           memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 && a->side == b->side &&
           a->ep_square == b->ep_square && a->castling == b->castling;
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

/* Each reason of castling_rule, White castling king side (idx 0) or
 * queen side (idx 1). */
static void test_castling_reasons(void)
{
    static const struct {
        const char *fen, *what;
        int idx;
        enum castling_reason want;
    } cases[] = {
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "free", 0, CASTLING_LEGAL},
        {"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "right gone", 0, CASTLING_NO_RIGHTS},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "queen side free", 1, CASTLING_LEGAL},
        {"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "in check", 0, CASTLING_IN_CHECK},
        {"r3k2r/8/8/8/8/8/8/R3KN1R w KQkq - 0 1", "a knight on f1", 0, CASTLING_PATH},
        {"r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "a knight on b1", 1, CASTLING_PATH},
        {"r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", "g1 attacked", 0, CASTLING_ATTACKED},
        {"r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", "only b1 attacked", 1, CASTLING_LEGAL},
        {"1r2k2r/8/8/8/8/8/8/1R2K2R w Bk - 0 1", "Chess960: b1 rook, free", 1, CASTLING_LEGAL},
        {"4k3/8/8/8/8/8/8/5KRr w G - 0 1", "Chess960: the rook shields nothing", 0,
         CASTLING_ATTACKED},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position p;
        if (!UNIT_CHECK(read_fen(cases[i].fen, &p), "reads %s", cases[i].fen))
            continue;
        enum castling_reason got = castling_rule(&p, cases[i].idx, position_king(&p, WHITE), false,
                                                 false, castling_attacked_in_position, &p);
        UNIT_CHECK(got == cases[i].want, "castling_rule: %s (got %d, want %d)", cases[i].what,
                   (int)got, (int)cases[i].want);
    }
}

struct castle_walk {
    unsigned long positions, castles, disagreements, rights_disagreements;
};

/* movegen_castle finds a castling exactly when the generator lists it, and
 * castling_rights_after agrees with the table of the walk's root. */
static void walk_castle(const struct position *p, const uint8_t keep[SQUARE_NB], int depth,
                        struct castle_walk *w)
{
    w->positions++;
    struct movelist l;
    movegen_legal(p, &l);
    for (int side = 0; side < 2; side++) {
        move m = movegen_castle(p, side);
        bool listed = false;
        for (int i = 0; i < l.count; i++)
            listed |= move_kind(l.moves[i]) == MOVE_CASTLE &&
                      (move_to(l.moves[i]) < move_from(l.moves[i])) == side;
        w->castles += m != MOVE_NONE;
        w->disagreements += listed != (m != MOVE_NONE);
    }
    for (int i = 0; i < l.count; i++) {
        int from = move_from(l.moves[i]), to = move_to(l.moves[i]);
        w->rights_disagreements += castling_rights_after(p, from, to, p->board[from]) !=
                                   (p->castling & keep[from] & keep[to]);
        if (depth == 0)
            continue;
        struct position c = *p;
        makemove_play(&c, l.moves[i]);
        walk_castle(&c, keep, depth - 1, w);
    }
}

static void test_castling_walks(void)
{
    static const char *const fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "1r2k2r/8/8/8/8/8/8/1R2K2R w BHbh - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct position p;
        if (!UNIT_CHECK(read_fen(fens[i], &p), "reads %s", fens[i]))
            continue;
        uint8_t keep[SQUARE_NB];
        castling_keep_init(keep, &p);
        struct castle_walk w = {0};
        walk_castle(&p, keep, 2, &w);
        UNIT_CHECK(w.disagreements == 0 && w.castles > 0,
                   "movegen_castle = the generator's castlings: %s (%lu positions, %lu castlings, "
                   "%lu disagree)",
                   fens[i], w.positions, w.castles, w.disagreements);
        UNIT_CHECK(w.rights_disagreements == 0,
                   "castling_rights_after = castling_keep_init's table: %s (%lu disagree)", fens[i],
                   w.rights_disagreements);
    }
}

struct mode_walk {
    unsigned long moves, bad_key, bad_lean, bad_leaf, bad_stale;
};

/* Every mode of makemove_standard agrees with makemove_play on what it
 * keeps: perft's walk (key, no counters, the rights' table) and its last
 * ply (a child from its parent's sets, without mailbox or key). */
static void walk_modes(const struct position *p, const uint8_t keep[SQUARE_NB], int depth,
                       struct mode_walk *w)
{
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        move m = l.moves[i];
        struct position full = *p, lean = *p, leaf, undo = *p;
        makemove_play(&full, m);
        w->moves++;
        w->bad_key += full.key != position_compute_key(&full);
        makemove_standard(&lean, &lean, m, (struct makemove_mode){.key = true}, keep);
        w->bad_lean += lean.key != full.key || !position_equal_pieces(&lean, &full);
        memset(&leaf, 0xA5, sizeof leaf);
        memcpy(leaf.by_type, p->by_type, sizeof leaf.by_type);
        memcpy(leaf.by_color, p->by_color, sizeof leaf.by_color);
        makemove_standard(&leaf, p, m, (struct makemove_mode){0}, keep);
        w->bad_leaf += !position_equal_pieces(&leaf, &full);
        struct makemove_undo u;
        makemove_play_undo(&undo, m, &u);
        w->bad_stale += !undo.key_stale || position_key(&undo) != full.key;
        if (depth > 0)
            walk_modes(&full, keep, depth - 1, w);
    }
}

static void test_makemove_modes(void)
{
    static const char *const fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "1r2k2r/8/8/8/8/8/8/1R2K2R w BHbh - 0 1",
        "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 4",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct position p;
        if (!UNIT_CHECK(read_fen(fens[i], &p), "reads %s", fens[i]))
            continue;
        uint8_t keep[SQUARE_NB];
        castling_keep_init(keep, &p);
        struct mode_walk w = {0};
        walk_modes(&p, keep, 2, &w);
        UNIT_CHECK(w.moves > 0 && !w.bad_key && !w.bad_lean && !w.bad_leaf && !w.bad_stale,
                   "makemove modes agree: %s (%lu moves; key %lu, walk %lu, last ply %lu, "
                   "keyless %lu wrong)",
                   fens[i], w.moves, w.bad_key, w.bad_lean, w.bad_leaf, w.bad_stale);
    }
}

/* King safety (FIDE Art. 3.9): the generator's check and pin masks are the
 * per-move test movegen_king_safe computed ahead for every move at once.
 * Here a plain pseudo-legal list (every piece going where its rules let
 * it, castling apart: castling_rule is held above) is filtered by
 * movegen_king_safe and must give exactly the generator's moves but the
 * castlings; movegen_left_king_safe, asked after the move, must agree. */
static int pseudo_legal(const struct position *p, move *out)
{
    enum color us = (enum color)p->side;
    bitboard occ = position_occupied(p), own = p->by_color[us], enemy = p->by_color[!us];
    int n = 0, up = us == WHITE ? 8 : -8;
    bitboard pieces = own;
    while (pieces) {
        int from = bb_pop(&pieces);
        enum piece_type pt = piece_type(p->board[from]);
        bitboard t;
        if (pt == PAWN) {
            t = attacks_pawn(us, from) & enemy;
            int one = from + up;
            if (!bb_test(occ, one)) {
                t |= bb_square(one);
                if (square_relative_rank(from, us) == 1 && !bb_test(occ, one + up))
                    out[n++] = move_make(from, one + up, MOVE_DOUBLE_PUSH);
            }
            int ep = p->ep_square;
            if (ep != SQUARE_NONE && bb_test(attacks_pawn(us, from), ep) &&
                p->board[ep - up] == piece_make((enum color) !us, PAWN))
                out[n++] = move_make(from, ep, MOVE_EN_PASSANT);
            while (t) {
                int to = bb_pop(&t);
                if (square_relative_rank(to, us) == 7)
                    for (int k = MOVE_PROMOTE_KNIGHT; k <= MOVE_PROMOTE_QUEEN; k++)
                        out[n++] = move_make(from, to, (enum move_kind)k);
                else
                    out[n++] = move_make(from, to, MOVE_NORMAL);
            }
            continue;
        }
        switch (pt) {
        case KNIGHT:
            t = attacks_knight(from);
            break;
        case BISHOP:
            t = attacks_bishop(from, occ);
            break;
        case ROOK:
            t = attacks_rook(from, occ);
            break;
        case QUEEN:
            t = attacks_queen(from, occ);
            break;
        default:
            t = attacks_king(from);
            break;
        }
        t &= ~own;
        while (t)
            out[n++] = move_make(from, bb_pop(&t), MOVE_NORMAL);
    }
    return n;
}

struct safety_walk {
    unsigned long positions, moves, safe, bad_generated, bad_after;
};

static void walk_safety(const struct position *p, int depth, struct safety_walk *w)
{
    struct movelist l;
    movegen_legal(p, &l);
    move pseudo[MOVELIST_MAX];
    int n = pseudo_legal(p, pseudo), castles = 0, listed = 0;
    for (int i = 0; i < l.count; i++)
        castles += move_kind(l.moves[i]) == MOVE_CASTLE;
    w->positions++;
    for (int i = 0; i < n; i++) {
        bool generated = false;
        for (int j = 0; j < l.count && !generated; j++)
            generated = l.moves[j] == pseudo[i];
        bool safe = movegen_king_safe(p, pseudo[i]);
        struct position after = *p;
        makemove_play(&after, pseudo[i]);
        w->moves++;
        w->safe += safe;
        listed += generated;
        w->bad_generated += generated != safe;
        w->bad_after += movegen_left_king_safe(&after) != safe;
    }
    /* Nothing generated outside the pseudo-legal list but castling. */
    w->bad_generated += (unsigned long)(l.count - castles - listed);
    if (depth == 0)
        return;
    for (int i = 0; i < l.count; i++) {
        struct position c = *p;
        makemove_play(&c, l.moves[i]);
        walk_safety(&c, depth - 1, w);
    }
}

static void test_king_safety_suite(const char *shared, const char *name, int depth)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/perft/%s", shared, name);
    if (!unit_need_shared(path))
        return;
    FILE *f = fopen(path, "r");
    if (!UNIT_CHECK(f != NULL, "opens %s", path))
        return;
    char line[512];
    int roots = 0;
    struct safety_walk w = {0};
    while (fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n");
        struct fen_record rec;
        struct fen_report rep = {0};
        struct fen_options opt = {0};
        if (len == 0 || !fen_read(line, len, &opt, &rec, &rep))
            continue;
        roots++;
        walk_safety(&rec.pos, depth, &w);
    }
    fclose(f);
    UNIT_CHECK(roots > 100 && w.bad_generated == 0 && w.bad_after == 0,
               "generated = pseudo-legal and movegen_king_safe, = movegen_left_king_safe after "
               "it: %s to depth %d (%d roots, %lu positions, %lu moves, %lu safe; %lu and %lu "
               "disagree)",
               name, depth, roots, w.positions, w.moves, w.safe, w.bad_generated, w.bad_after);
}

int main(void)
{
    const char *shared = getenv("SHARED");
    test_en_passant_modes();
    test_en_passant_legal_is_the_generators();
    test_castling_reasons();
    test_castling_walks();
    test_makemove_modes();
    test_king_safety_suite(shared ? shared : "../shared/data", "standard.epd", 2);
    test_king_safety_suite(shared ? shared : "../shared/data", "fischer960.epd", 2);
    return unit_done();
}
