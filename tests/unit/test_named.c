/* The named-rule notation (lib/games/named.h) against independent truth: the
 * Dagaz project's own chess example, byte for byte, and hand-checked plies
 * for every rule (en passant, promotions, castling in both vocabularies,
 * Chess960 castling whose king stays put, Black's mirrored directions). */
#include "games/named.h"

#include "notation/fen.h"
#include "rules/makemove.h"
#include "notation/san.h"
#include "unit.h"

#include <stdlib.h>

/* Set up a position of a variant from FEN (Chess960 castling when asked);
 * fails the test (and returns false) if the FEN is refused. */
static bool setup(struct position *p, const char *fen, bool chess960, enum variant v)
{
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {.chess960 = chess960, .variant = (uint8_t)v};
    if (!UNIT_CHECK(fen_read(fen, strlen(fen), &opt, &rec, &rep), "FEN %s is read", fen))
        return false;
    *p = rec.pos;
    return true;
}

/* Play SAN moves (space-separated) on p, appending each ply's record to
 * out (joined by single spaces); false on a SAN the library refuses. */
static bool convert(struct position *p, const char *sans, enum named_vocabulary v, char *out,
                    size_t size)
{
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", sans);
    out[0] = '\0';
    size_t len = 0;
    for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
        move m;
        if (san_parse(p, tok, strlen(tok), &m) != SAN_OK) {
            UNIT_CHECK(false, "SAN '%s' is legal", tok);
            return false;
        }
        char ply[NAMED_MAX];
        named_format_ply(p, m, v, ply, sizeof ply);
        len += (size_t)snprintf(out + len, size - len, "%s%s", len ? " " : "", ply);
        makemove_play(p, m);
    }
    return true;
}

static void test_seed(void)
{
    static const char want[] =
        "1. e2 - e4 Pawn-move 1. e7 - e5 Pawn-move 2. g1 - f3 leap2 n nw 2. b8 - c6 leap2 n ne "
        "3. f1 - c4 slide nw 3. g8 - f6 leap2 n nw 4. e1 - g1 OO 4. d7 - d5 Pawn-move "
        "5. e4 x d5 Pawn-capture nw 5. f6 x d5 leap2 w nw";
    struct position p;
    char out[2048];
    position_start(&p);
    if (convert(&p, "e4 e5 Nf3 Nc6 Bc4 Nf6 O-O d5 exd5 Nxd5", NAMED_DAGAZ, out, sizeof out))
        UNIT_EQ_STR(out, want, "the Dagaz example converts byte for byte");
}

/* One move in one position: its record in a vocabulary. */
static void check_one(const char *fen, bool chess960, const char *san, enum named_vocabulary v,
                      const char *want)
{
    struct position p;
    move m;
    char got[NAMED_MAX], desc[256];
    if (!setup(&p, fen, chess960, VARIANT_CHESS))
        return;
    snprintf(desc, sizeof desc, "%s %s in %s", san, named_vocabulary_names()[v], fen);
    if (!UNIT_CHECK(san_parse(&p, san, strlen(san), &m) == SAN_OK, "SAN %s legal", san))
        return;
    named_format_ply(&p, m, v, got, sizeof got);
    UNIT_EQ_STR(got, want, desc);

    /* The reader gives back the same move from the record. */
    move back;
    char expected[NAMED_MAX];
    enum named_error e = named_parse(&p, want, strlen(want), v, &back, expected);
    UNIT_CHECK(e == NAMED_OK && back == m, "'%s' reads back (%s)", want, named_error_message(e));
}

static void test_rules(void)
{
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    check_one(start, false, "e4", NAMED_DAGAZ, "1. e2 - e4 Pawn-move");
    check_one(start, false, "e3", NAMED_DAGAZ, "1. e2 - e3 Pawn-move");
    check_one(start, false, "Na3", NAMED_DAGAZ, "1. b1 - a3 leap2 n nw");
    check_one(start, false, "Nf3", NAMED_ZRF, "1. g1 - f3 leap2 n nw");

    /* En passant: the captured pawn stands east or west. */
    const char *ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    check_one(ep, false, "exf6", NAMED_DAGAZ, "3. e5 x f6 En-Passant e");
    const char *ep2 = "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2";
    check_one(ep2, false, "exd3", NAMED_DAGAZ, "2. e4 x d3 En-Passant w");

    /* Promotions, quiet and capturing; east and west stay east and west
     * for Black (only n and s swap). */
    const char *promo = "2n3k1/1P1P4/8/8/8/8/6p1/4K2R w K - 0 40";
    check_one(promo, false, "d8=Q+", NAMED_DAGAZ, "40. d7 - d8 Pawn-move = Queen");
    check_one(promo, false, "bxc8=N", NAMED_DAGAZ, "40. b7 x c8 Pawn-capture ne = Knight");
    check_one(promo, false, "dxc8=R", NAMED_ZRF, "40. d7 x c8 Pawn-capture nw = Rook");
    const char *bpromo = "4k3/8/8/8/8/8/6p1/4K2R b K - 0 40";
    check_one(bpromo, false, "gxh1=B", NAMED_DAGAZ, "40. g2 x h1 Pawn-capture ne = Bishop");
    check_one(bpromo, false, "g1=Q+", NAMED_DAGAZ, "40. g2 - g1 Pawn-move = Queen");

    /* Sliders, king steps, castling in both vocabularies. */
    const char *castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    check_one(castle, false, "O-O", NAMED_DAGAZ, "1. e1 - g1 OO");
    check_one(castle, false, "O-O-O", NAMED_DAGAZ, "1. e1 - c1 OOO");
    check_one(castle, false, "O-O", NAMED_ZRF, "1. e1 - g1 O-O");
    check_one(castle, false, "O-O-O", NAMED_ZRF, "1. e1 - c1 O-O-O");
    check_one(castle, false, "Rxa8+", NAMED_DAGAZ, "1. a1 x a8 slide n");
    check_one(castle, false, "Rxa8+", NAMED_ZRF, "1. a1 x a8 rook-slide n");
    check_one(castle, false, "Kf2", NAMED_DAGAZ, "1. e1 - f2 step ne");
    check_one(castle, false, "Kd2", NAMED_ZRF, "1. e1 - d2 king-shift nw");
    const char *bcastle = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    check_one(bcastle, false, "O-O", NAMED_DAGAZ, "1. e8 - g8 OO");
    check_one(bcastle, false, "O-O-O", NAMED_ZRF, "1. e8 - c8 O-O-O");
    check_one(bcastle, false, "Kd7", NAMED_DAGAZ, "1. e8 - d7 step nw");
    check_one(bcastle, false, "Rh2", NAMED_DAGAZ, "1. h8 - h2 slide n");

    /* Chess960: the king on g1 castles king side onto g1. */
    const char *c960 = "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1";
    check_one(c960, true, "O-O", NAMED_DAGAZ, "1. g1 - g1 OO");
    check_one(c960, true, "O-O-O", NAMED_DAGAZ, "1. g1 - c1 OOO");

    /* Queens and bishops share "slide"; Black's directions are mirrored. */
    const char *q = "4k3/8/8/3q4/8/8/8/2B1K3 b - - 0 7";
    check_one(q, false, "Qa2", NAMED_DAGAZ, "7. d5 - a2 slide nw");
    check_one(q, false, "Qh1+", NAMED_DAGAZ, "7. d5 - h1 slide ne");
    check_one(q, false, "Qd8", NAMED_DAGAZ, "7. d5 - d8 slide s");
    check_one(q, false, "Qa8", NAMED_DAGAZ, "7. d5 - a8 slide sw");
}

/* What the reader refuses, and why. */
static void check_error(const char *fen, const char *record, enum named_vocabulary v,
                        enum named_error want, const char *want_expected)
{
    struct position p;
    move m;
    char expected[NAMED_MAX];
    char desc[256];
    if (!setup(&p, fen, false, VARIANT_CHESS))
        return;
    enum named_error e = named_parse(&p, record, strlen(record), v, &m, expected);
    snprintf(desc, sizeof desc, "'%s' is refused: %s", record, named_error_message(want));
    UNIT_EQ_INT(e, want, desc);
    if (want != NAMED_OK)
        UNIT_CHECK(m == MOVE_NONE, "no move for '%s'", record);
    if (want_expected)
        UNIT_EQ_STR(expected, want_expected, "the generator's record is shown");
}

static void test_errors(void)
{
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    check_error(start, "1. e2 - e5 Pawn-move", NAMED_ANY, NAMED_E_NO_MOVE, NULL);
    check_error(start, "2. e2 - e4 Pawn-move", NAMED_ANY, NAMED_E_NUMBER, NULL);
    check_error(start, "1. e2 x e4 Pawn-move", NAMED_ANY, NAMED_E_RULE, "1. e2 - e4 Pawn-move");
    check_error(start, "1. g1 - f3 leap2 nw n", NAMED_ANY, NAMED_E_RULE, "1. g1 - f3 leap2 n nw");
    check_error(start, "1. g1 - f3 leap2 n nw", NAMED_ZRF, NAMED_OK, NULL);
    check_error(start, "1. e2 - e4", NAMED_ANY, NAMED_E_SYNTAX, NULL);
    check_error(start, "1 e2 - e4 Pawn-move", NAMED_ANY, NAMED_E_SYNTAX, NULL);
    check_error(start, "1. e2 - e4 Pawn-move n n n", NAMED_ANY, NAMED_E_SYNTAX, NULL);
    check_error(start, "1. e2 / e4 Pawn-move", NAMED_ANY, NAMED_E_SYNTAX, NULL);
    check_error(start, "", NAMED_ANY, NAMED_E_SYNTAX, NULL);
    const char *castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    check_error(castle, "1. e1 - g1 O-O", NAMED_DAGAZ, NAMED_E_RULE, "1. e1 - g1 OO");
    check_error(castle, "1. a1 - a5 rook-slide n", NAMED_DAGAZ, NAMED_E_RULE, "1. a1 - a5 slide n");
    const char *check = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 9";
    check_error(check, "9. Pass", NAMED_ANY, NAMED_E_PASS_IN_CHECK, NULL);
    const char *promo = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 50";
    check_error(promo, "50. b7 - b8 Pawn-move", NAMED_ANY, NAMED_E_RULE,
                "50. b7 - b8 Pawn-move = Queen");
    check_error(promo, "50. b7 - b8 Pawn-move = Pawn", NAMED_ANY, NAMED_E_RULE, NULL);
}

/* Spacing is free in the reader; Black's plies may carry "N..." as in PGN;
 * "Pass" is a null move. */
static void test_reader(void)
{
    struct position p;
    move m;
    position_start(&p);
    const char *spaced = "1.  e2\t-  e4 Pawn-move ";
    UNIT_EQ_INT(named_parse(&p, spaced, strlen(spaced), NAMED_ANY, &m, NULL), NAMED_OK,
                "extra spaces and tabs are accepted");
    UNIT_EQ_INT(named_parse(&p, "1. Pass", 7, NAMED_ANY, &m, NULL), NAMED_OK, "Pass is read");
    UNIT_EQ_INT(m, MOVE_NONE, "Pass gives no move");
    makemove_play(&p, m = move_make(12, 28, MOVE_DOUBLE_PUSH));
    UNIT_EQ_INT(named_parse(&p, "1... e7 - e5 Pawn-move", 22, NAMED_ANY, &m, NULL), NAMED_OK,
                "Black's ply numbered 1... is accepted");

    char buf[NAMED_MAX];
    UNIT_EQ_INT((long long)named_format_pass(&p, NAMED_DAGAZ, buf, sizeof buf), 7,
                "Pass is 7 bytes");
    UNIT_EQ_STR(buf, "1. Pass", "the pass record");

    /* snprintf contract: truncation keeps the full length and a NUL. */
    position_start(&p);
    char small[8];
    size_t n =
        named_format_ply(&p, move_make(6, 21, MOVE_NORMAL), NAMED_DAGAZ, small, sizeof small);
    UNIT_EQ_INT((long long)n, 21, "the full length is returned");
    UNIT_EQ_STR(small, "1. g1 -", "the text is cut, NUL-terminated");

    struct named_ply ply;
    UNIT_EQ_INT(named_scan("12. a1 x a8 slide n", 19, &ply), NAMED_OK, "scan a ply");
    UNIT_CHECK(ply.number == 12 && ply.from == 0 && ply.to == 56 && ply.sep == 'x',
               "scan gives number, squares and separator");

    UNIT_EQ_INT(NAMED_VOCABULARY_NB, 2, "two vocabularies, the columns of the table");
    UNIT_EQ_STR(named_vocabulary_names()[NAMED_DAGAZ], "dagaz", "the dagaz column");
    UNIT_EQ_STR(named_vocabulary_names()[NAMED_ZRF], "zrf", "the zrf column");
    UNIT_EQ_STR(named_rule_name(NAMED_ZRF, "king"), "king-shift", "zrf king is king-shift");
    UNIT_EQ_STR(named_rule_name(NAMED_DAGAZ, "castle-queen"), "OOO", "dagaz OOO");
    UNIT_CHECK(named_rule_name(NAMED_DAGAZ, "no-such-rule") == NULL, "unknown key gives NULL");
}

/* Every legal move of a few busy positions reads back as itself in both
 * vocabularies: the formatter and the reader agree on the whole rule set. */
/* The records of p's legal moves (*count of them), in every vocabulary,
 * that do not read back to their move: the number of failures. */
static int round_trip_failures(const struct position *p, int *count)
{
    struct movelist l;
    movegen_legal(p, &l);
    int bad = 0;
    for (int k = 0; k < l.count; k++)
        for (int v = 0; v < NAMED_VOCABULARY_NB; v++) {
            char rec[NAMED_MAX];
            move back;
            size_t n = named_format_ply(p, l.moves[k], (enum named_vocabulary)v, rec, sizeof rec);
            if (named_parse(p, rec, n, (enum named_vocabulary)v, &back, NULL) != NAMED_OK ||
                back != l.moves[k])
                bad++;
        }
    *count = l.count;
    return bad;
}

static void test_round_trip(void)
{
    static const char *const fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/8/8/8/3pPp2/8/8/R3K1R1 b Qkq e3 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct position p;
        if (!setup(&p, fens[i], false, VARIANT_CHESS))
            continue;
        int count;
        UNIT_EQ_INT(round_trip_failures(&p, &count), 0, fens[i]);
    }
}

/* The variants' records (formats/named-notation.md, "Variants"), written
 * by hand from the specification: a drop names no start square, an atomic
 * capture ends with its explosion, a king promotion is "= King"; each
 * reads back, and every legal move of variant positions round-trips. */
static void test_variants(void)
{
    static const struct {
        enum variant v;
        const char *fen, *text, *want;
    } cases[] = {
        {VARIANT_CRAZYHOUSE, "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1", "N@f7", "1. @ f7 drop Knight"},
        {VARIANT_CRAZYHOUSE, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "@e4", "1. @ e4 drop Pawn"},
        {VARIANT_CRAZYHOUSE, "4k3/8/8/8/8/8/8/4K3[q] b - - 0 23", "Q@d2", "23. @ d2 drop Queen"},
        {VARIANT_ANTICHESS, "8/4P3/8/8/8/8/8/k7 w - - 0 1", "e8=K", "1. e7 - e8 Pawn-move = King"},
        {VARIANT_ATOMIC, "4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1", "Qxd4", "1. d1 x d4 slide n explode"},
        /* Black's pawn takes towards the h-file and rank 1: "ne" for Black */
        {VARIANT_ATOMIC, "4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 9", "dxe4",
         "9. d5 x e4 Pawn-capture ne explode"},
        {VARIANT_ATOMIC, "4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1", "Qd2", "1. d1 - d2 slide n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position p;
        move m, back;
        char got[NAMED_MAX];
        if (!setup(&p, cases[i].fen, false, cases[i].v) ||
            !UNIT_CHECK(san_parse(&p, cases[i].text, strlen(cases[i].text), &m) == SAN_OK,
                        "%s legal in %s", cases[i].text, cases[i].fen))
            continue;
        named_format_ply(&p, m, NAMED_DAGAZ, got, sizeof got);
        UNIT_EQ_STR(got, cases[i].want, cases[i].text);
        enum named_error e =
            named_parse(&p, cases[i].want, strlen(cases[i].want), NAMED_ANY, &back, NULL);
        UNIT_CHECK(e == NAMED_OK && back == m, "'%s' reads back (%s)", cases[i].want,
                   named_error_message(e));
    }

    /* what a variant record may not be */
    static const struct {
        enum variant v;
        const char *fen, *record;
        enum named_error want;
    } bad[] = {
        {VARIANT_CHESS, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "1. @ e4 drop Pawn", NAMED_E_NO_MOVE},
        {VARIANT_CRAZYHOUSE, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "1. @ e4 drop Pawn", NAMED_E_RULE},
        {VARIANT_CRAZYHOUSE, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "1. @ e4 drop", NAMED_E_SYNTAX},
        {VARIANT_CRAZYHOUSE, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "1. @ e4 drop King",
         NAMED_E_SYNTAX},
        {VARIANT_CRAZYHOUSE, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "1. @ e9 drop Knight",
         NAMED_E_SYNTAX},
        {VARIANT_ATOMIC, "4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1", "1. d1 x d4 slide n", NAMED_E_RULE},
        {VARIANT_ATOMIC, "4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1", "1. d1 - d2 slide n explode",
         NAMED_E_RULE},
        {VARIANT_CHESS, "4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1", "1. d1 x d4 slide n explode",
         NAMED_E_RULE},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct position p;
        move m;
        if (!setup(&p, bad[i].fen, false, bad[i].v))
            continue;
        UNIT_EQ_INT(named_parse(&p, bad[i].record, strlen(bad[i].record), NAMED_ANY, &m, NULL),
                    bad[i].want, bad[i].record);
    }

    static const struct {
        enum variant v;
        const char *fen;
    } round[] = {
        {VARIANT_CRAZYHOUSE,
         "r2qk2r/ppp2ppp/2n5/3pP3/3Pn3/5N2/PP3PPP/R1BQKB1R[PNbp] w KQkq d6 0 7"},
        {VARIANT_ATOMIC, "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 4"},
        {VARIANT_ANTICHESS, "8/1P4P1/8/8/3k4/8/1p2K3/R7 w - - 0 1"},
    };
    for (size_t i = 0; i < sizeof round / sizeof round[0]; i++) {
        struct position p;
        if (!setup(&p, round[i].fen, false, round[i].v))
            continue;
        int count, bad_moves = round_trip_failures(&p, &count);
        UNIT_CHECK(count > 0 && bad_moves == 0, "%d of %d moves round-trip in %s",
                   count - bad_moves, count, round[i].fen);
    }
}

/* ------------------------------------------------- the fast path
 *
 * The named formatter's fast path (the table of whole phrases that writes
 * an ordinary move) against the general path that writes every move
 * (named_format_ply_general), move by move in every vocabulary: every
 * legal move of positions of both sides and of the variants, knights in
 * all eight directions, the games of a deterministic random walk, and
 * move numbers around the fast path's limit.  Beside the comparison,
 * records written by hand from formats/named-notation.md, so that the two
 * paths cannot agree on a wrong text. */

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
        if (!setup(&p, cases[i].fen, false, cases[i].v))
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
        if (!setup(&p, cases[i].fen, false, VARIANT_CHESS) ||
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
        if (!setup(&p, cases[i].fen, false, VARIANT_CHESS) ||
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
        if (!setup(&p, cases[i].fen, false, VARIANT_CHESS))
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
        if (!setup(&start, starts[i].fen, false, starts[i].v))
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
    test_variants();
    test_seed();
    test_rules();
    test_errors();
    test_reader();
    test_round_trip();
    return unit_done();
}
