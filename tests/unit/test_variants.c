/* The variants' rules (lib/rules/variant.h), one built position per rule, with
 * the expected moves worked out by hand in the comment beside each: the
 * published suites check the counts in bulk, these say which rule holds.
 * Every position is also checked for what all positions owe the library:
 * the move list and the count agree, and every move keeps the incremental
 * key equal to a recomputed one. */
#include "notation/explain.h"
#include "notation/fen.h"
#include "rules/makemove.h"
#include "notation/san.h"
#include "rules/status.h"
#include "notation/uci.h"
#include "unit.h"
#include "rules/variant.h"

#include <stdlib.h>

/* Read fen under variant v (move-generator level: reachability waived). */
static bool load(const char *fen, enum variant v, struct position *p)
{
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {.playable = true, .variant = (uint8_t)v};
    bool ok = fen_read(fen, strlen(fen), &opt, &rec, &rep);
    if (!UNIT_CHECK(ok, "%s reads as %s%s%s", fen, variant_rules(v)->name, rep.count ? ": " : "",
                    rep.count ? rep.problems[0].message : ""))
        return false;
    *p = rec.pos;
    return true;
}

/* The list and the count agree, and every move keeps the key exact. */
static int count(const struct position *p)
{
    struct movelist l;
    int n = movegen_legal(p, &l);
    bool keys = true;
    for (int i = 0; i < l.count; i++) {
        struct position c = *p;
        makemove_play(&c, l.moves[i]);
        keys &= c.key == position_compute_key(&c);
    }
    UNIT_CHECK(n == movegen_count(p) && keys, "list (%d) and count (%d) agree, keys exact", n,
               movegen_count(p));
    return n;
}

static move find(const struct position *p, const char *uci)
{
    return uci_parse(p, uci, strlen(uci));
}

static bool play(struct position *p, const char *uci)
{
    move m = find(p, uci);
    if (!UNIT_CHECK(m != MOVE_NONE, "%s is legal", uci))
        return false;
    makemove_play(p, m);
    return true;
}

static void test_crazyhouse(void)
{
    struct position p;
    /* Drops: a knight from the pocket onto any of the 62 empty squares,
     * and the king's 5 steps from e1. */
    if (load("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", VARIANT_CRAZYHOUSE, &p))
        UNIT_EQ_INT(count(&p), 62 + 5, "crazyhouse: a knight drops on every empty square");
    /* No pawn is dropped on the first or last rank: ranks 2 to 7, 48
     * squares, and the 5 king steps. */
    if (load("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", VARIANT_CRAZYHOUSE, &p)) {
        UNIT_EQ_INT(count(&p), 48 + 5,
                    "crazyhouse: pawns are not dropped on the first or last rank");
        UNIT_CHECK(find(&p, "P@e8") == MOVE_NONE && find(&p, "P@e7") != MOVE_NONE,
                   "P@e8 refused, P@e7 taken");
    }
    /* Drops block checks: the rook on e7 checks e1; the king has d1, d2,
     * f1, f2 (e2 is on the file), and the knight may drop on e2 to e6. */
    if (load("4k3/4r3/8/8/8/8/8/4K3[N] w - - 0 1", VARIANT_CRAZYHOUSE, &p)) {
        UNIT_EQ_INT(count(&p), 4 + 5, "crazyhouse: in check, drops only between king and checker");
        UNIT_CHECK(find(&p, "N@e4") != MOVE_NONE && find(&p, "N@a4") == MOVE_NONE,
                   "N@e4 blocks, N@a4 does not");
    }
    /* Double check (knight f3 and rook a1): no drop helps; the king has e2
     * and f2 only (d1, f1 on the rook's rank, d2 the knight's). */
    if (load("4k3/8/8/8/8/5n2/8/r3K3[Q] w - - 0 1", VARIANT_CRAZYHOUSE, &p))
        UNIT_EQ_INT(count(&p), 2, "crazyhouse: no drops in double check");
    /* A captured promoted piece goes to the pocket as a pawn; a piece
     * that was not promoted goes as itself. */
    if (load("4k3/8/8/8/8/8/8/3Kq~3[] w - - 0 1", VARIANT_CRAZYHOUSE, &p) && play(&p, "d1e1"))
        UNIT_CHECK(p.pocket[WHITE][PAWN] == 1 && p.pocket[WHITE][QUEEN] == 0,
                   "crazyhouse: a promoted queen captured becomes a pawn in hand");
    if (load("4k3/8/8/8/8/8/8/3Kq3[] w - - 0 1", VARIANT_CRAZYHOUSE, &p) && play(&p, "d1e1"))
        UNIT_CHECK(p.pocket[WHITE][QUEEN] == 1 && p.pocket[WHITE][PAWN] == 0,
                   "crazyhouse: a queen captured is a queen in hand");
    /* A promotion is marked, and the mark follows the piece. */
    if (load("4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", VARIANT_CRAZYHOUSE, &p) && play(&p, "b7b8q") &&
        play(&p, "e8d7") && play(&p, "b8b5"))
        UNIT_CHECK(p.promoted == bb_square(square_make(1, 4)),
                   "crazyhouse: the promoted queen keeps its mark on b5");
    /* A dropped rook gives no castling right: after R@h1 and a black
     * move, the king's 5 steps and the rook's 9 (g1, f1, h2 to h8). */
    if (load("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1", VARIANT_CRAZYHOUSE, &p) && play(&p, "R@h1") &&
        play(&p, "e8d8")) {
        UNIT_EQ_INT(count(&p), 5 + 9, "crazyhouse: a dropped rook does not castle");
        UNIT_EQ_INT(p.castling, 0, "no castling right after a rook drop");
    }
    /* Notation: P@e4 in UCI and SAN, @e4 read too. */
    if (load("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", VARIANT_CRAZYHOUSE, &p)) {
        char buf[SAN_MAX];
        move m = find(&p, "@e4"), m2;
        UNIT_CHECK(m == move_make_drop(PAWN, square_make(4, 3)), "UCI '@e4' is the pawn drop");
        uci_format(&p, m, UCI_CASTLING_AUTO, buf);
        UNIT_EQ_STR(buf, "P@e4", "UCI writes P@e4");
        san_format(&p, m, buf);
        UNIT_EQ_STR(buf, "P@e4", "SAN writes P@e4");
        UNIT_CHECK(san_parse(&p, "@e4", 3, &m2) == SAN_OK && m2 == m,
                   "SAN '@e4' reads as the drop");
    }
}

static void test_atomic(void)
{
    struct position p;
    /* A capture explodes the capturer and the pieces but pawns around the
     * target: Bxc4 takes the knight, the bishop and the rook on b5 go, the
     * pawn on d5 stays. */
    if (load("4k3/8/8/1r1p4/2n5/3B4/8/4K3 w - - 0 1", VARIANT_ATOMIC, &p) && play(&p, "d3c4")) {
        UNIT_CHECK(p.board[square_make(2, 3)] == NO_PIECE &&
                       p.board[square_make(1, 4)] == NO_PIECE &&
                       p.board[square_make(3, 4)] == piece_make(BLACK, PAWN) &&
                       p.board[square_make(3, 2)] == NO_PIECE,
                   "atomic: c4, b5 and d3 are empty, the pawn on d5 stands");
        UNIT_EQ_INT(p.halfmove, 0, "a capture resets the half-move clock");
    }
    /* A move that explodes one's own king is illegal (Qxd2 next to the
     * king on e1), and a king never captures (Kxd2). */
    if (load("4k3/8/8/8/8/8/3n4/3QK3 w - - 0 1", VARIANT_ATOMIC, &p)) {
        UNIT_CHECK(find(&p, "d1d2") == MOVE_NONE, "atomic: Qxd2 would explode the own king");
        UNIT_CHECK(find(&p, "e1d2") == MOVE_NONE, "atomic: the king cannot capture");
        char msg[EXPLAIN_MAX];
        UNIT_EQ_INT(explain_san(&p, "Kxd2", 4, NULL, msg, sizeof msg), EXPLAIN_ATOMIC_KING_CAPTURE,
                    msg);
        UNIT_EQ_INT(explain_san(&p, "Qxd2", 4, NULL, msg, sizeof msg), EXPLAIN_OWN_KING_EXPLODES,
                    msg);
    }
    /* Kings side by side: neither is in check, though the rook on e8
     * bears on e2. */
    if (load("4r3/8/8/8/8/8/3kK3/8 w - - 0 1", VARIANT_ATOMIC, &p))
        UNIT_CHECK(!position_in_check(&p),
                   "atomic: a king touching the enemy king is not in check");
    /* Exploding the enemy king wins even with one's own king in check:
     * the rook on h1 checks e1, and Rxb8 blows up the king on a8. */
    if (load("kn6/8/8/8/8/8/8/1R2K2r w - - 0 1", VARIANT_ATOMIC, &p)) {
        UNIT_CHECK(position_in_check(&p), "the white king is in check");
        if (play(&p, "b1b8")) {
            struct variant_end end;
            UNIT_CHECK(variant_end(&p, &end) && end.reason == VARIANT_END_EXPLODED &&
                           end.winner == WHITE,
                       "atomic: Rxb8 explodes the black king and wins");
            UNIT_EQ_INT(count(&p), 0, "no legal moves after a king exploded");
            enum variant_end_reason why;
            enum game_status s = status_get_reason(&p, &why);
            UNIT_EQ_STR(status_text(s, why), "variant loss: exploded king",
                        "status after the explosion");
        }
    }
    /* En passant explodes around the square the capturer lands on: exd6
     * removes d5, the pawn, and the knight on c7; the pawn on e7 stays. */
    if (load("4k3/2n1p3/8/3pP3/8/8/8/4K3 w - d6 0 1", VARIANT_ATOMIC, &p) && play(&p, "e5d6"))
        UNIT_CHECK(p.board[square_make(3, 5)] == NO_PIECE &&
                       p.board[square_make(3, 4)] == NO_PIECE &&
                       p.board[square_make(2, 6)] == NO_PIECE &&
                       p.board[square_make(4, 6)] == piece_make(BLACK, PAWN),
                   "atomic: en passant explodes around d6");
    /* An exploded rook takes its castling right along: Bxg7 blows away
     * the rook on h8 next to g7, so Black keeps 'q' only. */
    if (load("r3k2r/6n1/8/8/8/8/1B6/4K3 w kq - 0 1", VARIANT_ATOMIC, &p) && play(&p, "b2g7"))
        UNIT_CHECK(p.castling == CASTLE_BLACK_QUEEN,
                   "atomic: the exploded h8 rook's right is gone, 'q' stays");
}

static void test_antichess(void)
{
    struct position p;
    /* Captures are compulsory: Kxd2 is the only move of the king on e1. */
    if (load("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", VARIANT_ANTICHESS, &p)) {
        UNIT_EQ_INT(count(&p), 1, "antichess: the capture is compulsory");
        char msg[EXPLAIN_MAX];
        UNIT_EQ_INT(explain_san(&p, "Kf2", 3, NULL, msg, sizeof msg), EXPLAIN_MUST_CAPTURE, msg);
        UNIT_EQ_STR(msg, "captures are compulsory in antichess", "the reason's words");
    }
    /* The king is an ordinary piece: it may be captured, and is never in
     * check. */
    if (load("8/8/8/8/8/8/3k4/4K3 w - - 0 1", VARIANT_ANTICHESS, &p)) {
        UNIT_CHECK(!position_in_check(&p), "antichess: no check");
        UNIT_CHECK(count(&p) == 1 && find(&p, "e1d2") != MOVE_NONE,
                   "antichess: Kxd2 takes the king");
    }
    /* A pawn may promote to a king: five promotions. */
    if (load("8/4P3/8/8/8/8/8/k7 w - - 0 1", VARIANT_ANTICHESS, &p)) {
        UNIT_EQ_INT(count(&p), 5, "antichess: queen, rook, bishop, knight or king");
        UNIT_CHECK(find(&p, "e7e8k") != MOVE_NONE, "e7e8k is legal");
    }
    /* No castling: a castling right is refused. */
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {.variant = VARIANT_ANTICHESS};
    const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    UNIT_CHECK(!fen_read(fen, strlen(fen), &opt, &rec, &rep) && rep.count >= 1 &&
                   rep.problems[0].code == FEN_VARIANT_CASTLING,
               "antichess: castling rights are refused");
    /* The side with no piece, or no move, has won. */
    enum variant_end_reason why;
    if (load("8/8/8/8/8/8/8/7k w - - 0 1", VARIANT_ANTICHESS, &p)) {
        enum game_status s = status_get_reason(&p, &why);
        UNIT_EQ_STR(status_text(s, why), "variant win: no pieces left",
                    "antichess: no piece left wins");
    }
    if (load("8/8/8/8/8/p7/P7/8 w - - 0 1", VARIANT_ANTICHESS, &p)) {
        enum game_status s = status_get_reason(&p, &why);
        UNIT_EQ_STR(status_text(s, why), "variant win: no legal move", "antichess: no move wins");
    }
}

static void test_kingofthehill(void)
{
    struct position p;
    /* A king reaching d4 wins; then there is no move. */
    if (load("4k3/8/8/8/8/3K4/8/8 w - - 0 1", VARIANT_KINGOFTHEHILL, &p) && play(&p, "d3d4")) {
        struct variant_end end;
        UNIT_CHECK(variant_end(&p, &end) && end.reason == VARIANT_END_HILL && end.winner == WHITE,
                   "king of the hill: Kd4 wins");
        UNIT_EQ_INT(count(&p), 0, "no move after the hill is reached");
        enum variant_end_reason why;
        enum game_status s = status_get_reason(&p, &why);
        UNIT_EQ_STR(status_text(s, why), "variant loss: king of the hill", "black has lost");
    }
}

static void test_3check(void)
{
    struct position p;
    /* Checks given are counted: 1+3 (White has given two), Ra8+ is the
     * third, and the game is over. */
    if (load("4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1", VARIANT_3CHECK, &p)) {
        UNIT_EQ_INT(p.checks_given[WHITE], 2, "3check: '1+3' is two checks given by White");
        if (play(&p, "a1a8")) {
            struct variant_end end;
            UNIT_EQ_INT(p.checks_given[WHITE], 3, "Ra8+ is the third check");
            UNIT_CHECK(variant_end(&p, &end) && end.reason == VARIANT_END_THREE_CHECKS &&
                           end.winner == WHITE,
                       "3check: the third check wins");
            UNIT_EQ_INT(count(&p), 0, "no move after the third check");
            char fen[FEN_MAX];
            fen_format(&p, fen, sizeof fen);
            UNIT_EQ_STR(fen, "R3k3/8/8/8/8/8/8/4K3 b - - 0+3 1 1",
                        "the remaining checks are written 0+3");
        }
    }
    /* lichess's form, checks given after the counters, reads the same. */
    if (load("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+0", VARIANT_3CHECK, &p))
        UNIT_CHECK(p.checks_given[WHITE] == 2 && p.checks_given[BLACK] == 0,
                   "3check: '+2+0' is two checks by White");
}

static void test_horde(void)
{
    struct position p;
    /* A pawn on the first rank advances one or two squares, and the double
     * step leaves no en-passant square: after a1a3 black has b3b2 and the
     * king's 5 steps, not bxa2. */
    if (load("4k3/8/8/8/8/1p6/8/P7 w - - 0 1", VARIANT_HORDE, &p)) {
        UNIT_EQ_INT(count(&p), 2, "horde: a1a2 and a1a3");
        if (play(&p, "a1a3")) {
            UNIT_EQ_INT(p.ep_square, SQUARE_NONE,
                        "horde: no en-passant square after a first-rank double step");
            UNIT_EQ_INT(count(&p), 6, "black: b3b2 and five king steps");
        }
    }
    /* Black wins by taking the last white piece. */
    if (load("1r2k3/8/8/8/8/8/1P6/8 b - - 0 1", VARIANT_HORDE, &p) && play(&p, "b8b2")) {
        struct variant_end end;
        UNIT_CHECK(variant_end(&p, &end) && end.reason == VARIANT_END_HORDE_CAPTURED &&
                       end.winner == BLACK,
                   "horde: the horde captured");
        UNIT_EQ_INT(count(&p), 0, "no move for a horde without pieces");
    }
}

static void test_racingkings(void)
{
    struct position p;
    /* No move may give check.  The king on c1 shields a1 from the rook on
     * h1: Kc2 and Kd2 would uncover it, b1 and b2 touch the black king, so
     * the king has d1 only; the rook has g1 to d1 and h2 to h8 (11). */
    if (load("8/8/8/8/8/8/8/k1K4R w - - 0 1", VARIANT_RACINGKINGS, &p)) {
        UNIT_EQ_INT(count(&p), 1 + 11, "racing kings: no check, not even a discovered one");
        char msg[EXPLAIN_MAX];
        UNIT_EQ_INT(explain_san(&p, "Kc2", 3, NULL, msg, sizeof msg), EXPLAIN_GIVES_CHECK, msg);
        UNIT_EQ_STR(msg, "the move would give check in racing kings", "the reason's words");
    }
    /* White's king on g8: Black, who can still reach the eighth rank (a8,
     * b8), plays on with all 5 moves of its king. */
    if (load("6K1/k7/8/8/8/8/8/8 b - - 0 1", VARIANT_RACINGKINGS, &p)) {
        UNIT_EQ_INT(count(&p), 5, "racing kings: black may still equalize");
        struct position q = p;
        struct variant_end end;
        if (play(&q, "a7b8"))
            UNIT_CHECK(variant_end(&q, &end) && end.reason == VARIANT_END_RACE_DRAW &&
                           end.winner == COLOR_NB,
                       "both kings on the eighth rank: a draw");
        q = p;
        if (play(&q, "a7a6"))
            UNIT_CHECK(variant_end(&q, &end) && end.reason == VARIANT_END_RACE &&
                           end.winner == WHITE,
                       "black did not follow: white wins");
    }
    /* Black too far behind: the race is over at once. */
    if (load("6K1/8/k7/8/8/8/8/8 b - - 0 1", VARIANT_RACINGKINGS, &p))
        UNIT_EQ_INT(count(&p), 0, "racing kings: white has won, no move");
}

/* Dead positions by each variant's own rules (chessops's): bare kings in
 * atomic and three-check (no check, no explosion possible); a king and a
 * knight still play on in crazyhouse when a rook is in hand; a lone king
 * in king of the hill can always walk to the hill. */
static void test_insufficient(void)
{
    struct position p;
    if (load("4k3/8/8/8/8/8/8/4K3 w - - 0 1", VARIANT_ATOMIC, &p))
        UNIT_EQ_INT(status_get(&p), STATUS_INSUFFICIENT_MATERIAL, "atomic: bare kings are dead");
    if (load("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1", VARIANT_3CHECK, &p))
        UNIT_EQ_INT(status_get(&p), STATUS_INSUFFICIENT_MATERIAL,
                    "three-check: bare kings give no check");
    if (load("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1", VARIANT_CRAZYHOUSE, &p))
        UNIT_EQ_INT(status_get(&p), STATUS_ONGOING, "crazyhouse: a rook in hand can still mate");
    if (load("4k3/8/8/8/8/8/8/4K3 w - - 0 1", VARIANT_KINGOFTHEHILL, &p))
        UNIT_EQ_INT(status_get(&p), STATUS_ONGOING,
                    "king of the hill: a lone king walks to the hill");
}

/* The standard rules played through the variants' generator where they
 * coincide: a king of the hill position far from the hill moves exactly
 * as in chess (the racing kings' and pseudo modes aside, the instantiations
 * share the code). */
static void test_same_as_chess(void)
{
    struct position a, b;
    const char *kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    if (load(kiwipete, VARIANT_CHESS, &a) && load(kiwipete, VARIANT_3CHECK, &b))
        UNIT_CHECK(count(&a) == 48 && count(&b) == 48,
                   "kiwipete: 48 moves in chess and in three-check");
}

int main(void)
{
    test_crazyhouse();
    test_atomic();
    test_antichess();
    test_kingofthehill();
    test_3check();
    test_horde();
    test_racingkings();
    test_insufficient();
    test_same_as_chess();
    return unit_done();
}
