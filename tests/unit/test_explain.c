/* Why a move is illegal (lib/notation/explain.h): every reason in a position built
 * for it, with its exact message; then the verdicts against the move
 * generator (itself checked by the perft suites): over every position of
 * $SHARED/perft, every from/to pair is legal for explain_move exactly when
 * the generator has it, every legal move's SAN and UCI text is legal for
 * explain_san, and explain_san agrees with san_parse on SAN text. */
#include "notation/explain.h"

#include "notation/fen.h"
#include "notation/san.h"
#include "rules/status.h"
#include "notation/uci.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

static bool read_position(const char *fen, struct position *p)
{
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {0};
    if (!fen_read(fen, strlen(fen), &opt, &rec, &rep)) {
        UNIT_CHECK(false, "FEN reads: %s (%s)", fen, rep.count ? rep.problems[0].message : "?");
        return false;
    }
    *p = rec.pos;
    return true;
}

static void test_table(void)
{
    bool complete = true, distinct = true;
    for (int r = 0; r < EXPLAIN_REASON_NB; r++) {
        const char *name = explain_reason_name((enum explain_reason)r);
        const char *text = explain_reason_template((enum explain_reason)r);
        if (!name || !text || !*name || !*text || strcmp(name, "unknown") == 0)
            complete = false;
        for (int k = 0; k < r && name; k++)
            if (strcmp(name, explain_reason_name((enum explain_reason)k)) == 0)
                distinct = false;
    }
    UNIT_CHECK(complete, "every reason has a name and a message");
    UNIT_CHECK(distinct, "reason names are distinct");
    UNIT_EQ_STR(explain_reason_template(EXPLAIN_NO_PIECE), "no piece on {from}",
                "template of no-piece");
    UNIT_EQ_STR(explain_reason_name(EXPLAIN_REASON_NB), "unknown", "name of an unknown reason");
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

struct text_case {
    const char *fen, *text;
    enum explain_reason reason;
    const char *message;
};

/* Move text (SAN, LAN or UCI) with the rule it breaks, one position built
 * for each reason. */
static const struct text_case text_cases[] = {
    {START, "e4", EXPLAIN_LEGAL, "legal"},
    {START, "g1f3", EXPLAIN_LEGAL, "legal"},
    {START, "Zz9", EXPLAIN_SYNTAX, "'Zz9' is not a move in SAN, long algebraic or UCI notation"},
    {START, "e3e4", EXPLAIN_NO_PIECE, "no piece on e3"},
    {START, "e7e5", EXPLAIN_WRONG_SIDE, "the piece on e7 is black and white is to move"},
    {START, "Bg1-f3", EXPLAIN_WRONG_PIECE, "the piece on g1 is a knight, not a bishop"},
    {START, "e2e2", EXPLAIN_SAME_SQUARE, "a move must change square: from and to are both e2"},
    {START, "d1d2", EXPLAIN_OWN_PIECE,
     "a piece cannot capture a piece of its own colour: d2 holds a white pawn"},
    {START, "c1c5", EXPLAIN_GEOMETRY, "a bishop cannot move from c1 to c5"},
    {START, "g1g3", EXPLAIN_GEOMETRY, "a knight cannot move from g1 to g3"},
    {START, "Bc5", EXPLAIN_NO_CANDIDATE, "no bishop can move to c5"},
    {START, "Nd4", EXPLAIN_NO_CANDIDATE, "no knight can move to d4"},
    {START, "e5", EXPLAIN_NO_CANDIDATE, "no pawn can move to e5"},
    {START, "Bf4", EXPLAIN_PATH_BLOCKED, "the path from c1 to f4 is blocked at d2"},
    {START, "e2d3", EXPLAIN_PAWN_NO_CAPTURE,
     "a pawn moves diagonally only to capture, and d3 is empty"},
    {START, "e2e4q", EXPLAIN_CANNOT_PROMOTE, "only a pawn reaching the last rank can promote"},
    {START, "Nf3=Q", EXPLAIN_CANNOT_PROMOTE, "only a pawn reaching the last rank can promote"},
    {START, "O-O", EXPLAIN_CASTLE_PATH, "castling not allowed: path not clear"},
    {"r3k3/8/8/8/P7/8/8/R3K3 w - - 0 1", "a1a8", EXPLAIN_PATH_BLOCKED,
     "the path from a1 to a8 is blocked at a4"},
    {"r3k3/8/P7/8/P7/8/8/R3K3 w - - 0 1", "Ra8", EXPLAIN_PATH_BLOCKED,
     "the path from a1 to a8 is blocked at a4"},
    {"r3k3/8/p7/8/p7/8/8/R3K3 b - - 0 1", "Ra1", EXPLAIN_PATH_BLOCKED,
     "the path from a8 to a1 is blocked at a6"},
    {"4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e4", EXPLAIN_PATH_BLOCKED,
     "the path from e2 to e4 is blocked at e3"},
    {"4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3e5", EXPLAIN_PAWN_DOUBLE_STEP,
     "a pawn advances two squares only from its starting rank, and e3 is not on it"},
    {"4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1", "e4", EXPLAIN_PAWN_BLOCKED,
     "a pawn cannot capture straight ahead: e4 is occupied"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "exd6", EXPLAIN_NO_EN_PASSANT,
     "no en-passant capture is possible on d6"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", EXPLAIN_LEGAL, "legal"},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8", EXPLAIN_MUST_PROMOTE,
     "a pawn reaching the last rank must promote"},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e7e8", EXPLAIN_MUST_PROMOTE,
     "a pawn reaching the last rank must promote"},
    {"4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", "Nce2", EXPLAIN_LEAVES_KING_IN_CHECK,
     "the move leaves the king in check"},
    {"4k3/8/8/8/8/r7/4K3/8 w - - 0 1", "Ke3", EXPLAIN_LEAVES_KING_IN_CHECK,
     "the move leaves the king in check"},
    {"4k3/4r3/8/8/8/8/8/4K3 w - - 0 1", "Kd1", EXPLAIN_LEGAL, "legal"},
    {"4k3/4r3/8/8/8/8/8/3NK3 w - - 0 1", "Nc3", EXPLAIN_LEAVES_KING_IN_CHECK,
     "the move leaves the king in check"},
    {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", EXPLAIN_AMBIGUOUS,
     "ambiguous: Nbd2 and Nfd2 both match"},
    {"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "Qe1", EXPLAIN_AMBIGUOUS,
     "ambiguous: Qee1, Q1e1 and Qh4e1 all match"},
    /* castling: FIDE Art. 3.8.2, each reason in a position built for it */
    {"r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "O-O", EXPLAIN_CASTLE_NO_RIGHTS,
     "castling not allowed: no castling rights"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1", EXPLAIN_CASTLE_NO_RIGHTS,
     "castling not allowed: no castling rights"},
    {"4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", EXPLAIN_CASTLE_IN_CHECK,
     "castling not allowed: king is in check"},
    {"4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", EXPLAIN_CASTLE_IN_CHECK,
     "castling not allowed: king is in check"},
    {"4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "O-O", EXPLAIN_CASTLE_PATH,
     "castling not allowed: path not clear"},
    {"4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "O-O-O", EXPLAIN_CASTLE_PATH,
     "castling not allowed: path not clear"},
    {"4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", EXPLAIN_CASTLE_ATTACKED,
     "castling not allowed: king passes through or lands on an attacked square"},
    {"4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Kg1", EXPLAIN_CASTLE_ATTACKED,
     "castling not allowed: king passes through or lands on an attacked square"},
    {"4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", EXPLAIN_LEGAL, "legal"},
    /* b1 is crossed by the rook only: its being attacked does not matter */
    {"1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", EXPLAIN_LEGAL, "legal"},
    /* rights are tested first: no rights and in check says no rights */
    {"4k3/4r3/8/8/8/8/8/R3K2R w - - 0 1", "O-O", EXPLAIN_CASTLE_NO_RIGHTS,
     "castling not allowed: no castling rights"},
    /* Chess960: king c1, rooks b1 and h1 */
    {"4k3/8/8/8/8/8/8/1RK4R w HB - 0 1", "O-O-O", EXPLAIN_LEGAL, "legal"},
    {"4k3/8/8/8/8/8/8/1RK4R w HB - 0 1", "c1b1", EXPLAIN_LEGAL, "legal"},
    {"4k3/8/8/8/8/8/8/1RK4R w HB - 0 1", "O-O", EXPLAIN_LEGAL, "legal"},
    {"3rk3/8/8/8/8/8/8/1RK4R w HB - 0 1", "O-O-O", EXPLAIN_LEGAL, "legal"},
    {"3rk3/8/8/8/8/8/8/1RK4R w HB - 0 1", "O-O", EXPLAIN_CASTLE_ATTACKED,
     "castling not allowed: king passes through or lands on an attacked square"},
    {"4k3/8/8/8/8/8/8/1RKB3R w HB - 0 1", "O-O-O", EXPLAIN_CASTLE_PATH,
     "castling not allowed: path not clear"},
};

static void test_texts(void)
{
    for (size_t i = 0; i < sizeof text_cases / sizeof *text_cases; i++) {
        const struct text_case *c = &text_cases[i];
        struct position p;
        if (!read_position(c->fen, &p))
            continue;
        char msg[EXPLAIN_MAX], desc[300];
        move m;
        enum explain_reason r = explain_san(&p, c->text, strlen(c->text), &m, msg, sizeof msg);
        snprintf(desc, sizeof desc, "%s in %s: %s", c->text, c->fen, c->message);
        if (UNIT_EQ_STR(msg, c->message, desc))
            UNIT_CHECK(r == c->reason && (r == EXPLAIN_LEGAL) == (m != MOVE_NONE), "%s: reason %s",
                       c->text, explain_reason_name(c->reason));
    }
}

/* A king capture needs a position no FEN reader accepts (the side not to
 * move in check), so it is set up by hand. */
static void test_king_capture(void)
{
    struct position p;
    char msg[EXPLAIN_MAX];
    position_clear(&p);
    position_put(&p, piece_make(WHITE, KING), square_make(4, 0));
    position_put(&p, piece_make(WHITE, ROOK), square_make(4, 4));
    position_put(&p, piece_make(BLACK, KING), square_make(4, 7));
    p.key = position_compute_key(&p);
    enum explain_reason r = explain_move(&p, square_make(4, 4), square_make(4, 7), NO_PIECE_TYPE,
                                         NULL, msg, sizeof msg);
    UNIT_EQ_STR(msg, "the king on e8 cannot be captured", "a king is never captured");
    UNIT_CHECK(r == EXPLAIN_KING_CAPTURE, "reason king-capture");
    position_clear(&p);
    position_put(&p, piece_make(WHITE, KING), square_make(4, 0));
    position_put(&p, piece_make(WHITE, PAWN), square_make(4, 6));
    position_put(&p, piece_make(BLACK, KING), square_make(0, 3));
    r = explain_move(&p, square_make(4, 6), square_make(4, 7), KING, NULL, msg, sizeof msg);
    UNIT_EQ_STR(msg, "a pawn promotes to a queen, rook, bishop or knight",
                "no promotion to a king");
    UNIT_CHECK(r == EXPLAIN_PROMOTION_PIECE, "reason promotion-piece");
}

/* python-chess's verdict on each UCI move of moves (space-separated) in
 * fen, into legal[] (1 legal, 0 illegal, -1 where its two tests,
 * Board.is_legal and the legal_moves list, disagree): python-chess from
 * source, PYCHESS_DIR put on PYTHONPATH (else whatever python3 finds).
 * False, with one TAP line "ok N - # skip", when python-chess is absent. */
static bool pychess_verdicts(const char *fen, const char *moves, int *legal, size_t n)
{
    static const char script[] = "import sys, chess\n"
                                 "b = chess.Board(sys.argv[1])\n"
                                 "for u in sys.argv[2].split():\n"
                                 "    m = chess.Move.from_uci(u)\n"
                                 "    a, g = b.is_legal(m), m in b.legal_moves\n"
                                 "    print(1 if a and g else 0 if not a and not g else -1)\n";
    const char *dir = getenv("PYCHESS_DIR");
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s python3 -c '%s' '%s' '%s' 2>/dev/null",
             dir && *dir ? "PYTHONPATH=\"$PYCHESS_DIR${PYTHONPATH:+:$PYTHONPATH}\"" : "", script,
             fen, moves);
    FILE *f = popen(cmd, "r");
    size_t k = 0;
    while (f && k < n && fscanf(f, "%d", &legal[k]) == 1)
        k++;
    if (f)
        pclose(f);
    if (k == n)
        return true;
    unit_count++;
    printf("ok %lu - # skip python-chess is not available (set PYCHESS_DIR)\n", unit_count);
    fflush(stdout);
    return false;
}

/* Two kings of one colour, set up by hand (no FEN reader of standard chess
 * takes them): explain's last word is movegen_king_safe, the one per-move
 * king-safety rule, not membership of the generator's list (which moves
 * the lowest king only); with nothing attacked, every step of either king
 * is legal, as python-chess says by both of its tests. */
static void test_two_kings(void)
{
    static const char fen[] = "4k3/8/8/8/8/8/8/K6K w - - 0 1";
    static const char *const moves[] = {"a1a2", "a1b1", "a1b2", "h1g1", "h1g2", "h1h2"};
    enum { N = sizeof moves / sizeof moves[0] };
    struct position p;
    position_clear(&p);
    position_put(&p, piece_make(WHITE, KING), square_make(0, 0));
    position_put(&p, piece_make(WHITE, KING), square_make(7, 0));
    position_put(&p, piece_make(BLACK, KING), square_make(4, 7));
    p.key = position_compute_key(&p);
    int truth[N];
    if (!pychess_verdicts(fen, "a1a2 a1b1 a1b2 h1g1 h1g2 h1h2", truth, N))
        return;
    for (size_t i = 0; i < N; i++) {
        const char *u = moves[i];
        char msg[EXPLAIN_MAX];
        enum explain_reason r =
            explain_move(&p, square_make(u[0] - 'a', u[1] - '1'),
                         square_make(u[2] - 'a', u[3] - '1'), NO_PIECE_TYPE, NULL, msg, sizeof msg);
        UNIT_CHECK(truth[i] >= 0 && (r == EXPLAIN_LEGAL) == (truth[i] == 1),
                   "two white kings: %s is %s (python-chess: %s)", u, msg,
                   truth[i] < 0 ? "undecided"
                   : truth[i]   ? "legal"
                                : "illegal");
    }
}

static void test_buffer(void)
{
    struct position p;
    char small[8];
    position_start(&p);
    explain_move(&p, square_make(4, 2), square_make(4, 3), NO_PIECE_TYPE, NULL, small,
                 sizeof small);
    UNIT_EQ_STR(small, "no piec", "a short buffer gets a cut, terminated message");
    UNIT_CHECK(explain_move(&p, square_make(4, 2), square_make(4, 3), NO_PIECE_TYPE, NULL, NULL,
                            0) == EXPLAIN_NO_PIECE,
               "no buffer at all is fine");
}

/* ------------------------------------------------------------ sweep */

struct sweep {
    unsigned long positions, pairs, disagreements, san_checked, san_disagreements;
};

/* The generator's moves by from, to and promotion (0 none, 1..4 N B R Q),
 * castling under both UCI forms as uci_parse reads them: king takes rook,
 * and the king's destination unless an ordinary move or the king itself
 * is there. */
static void legal_table(const struct position *p, move table[SQUARE_NB][SQUARE_NB][5])
{
    struct movelist l;
    memset(table, 0, sizeof(move) * SQUARE_NB * SQUARE_NB * 5);
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        move m = l.moves[i];
        int k = move_is_promotion(m) ? move_promotion(m) - KNIGHT + 1 : 0;
        table[move_from(m)][move_to(m)][k] = m;
    }
    for (int i = 0; i < l.count; i++) {
        move m = l.moves[i];
        int from = move_from(m), kto = move_castle_king_to(from, move_to(m));
        if (move_kind(m) == MOVE_CASTLE && kto != from && !table[from][kto][0])
            table[from][kto][0] = m;
    }
}

/* Every from/to pair (with each promotion piece for pawns) against the
 * generator.  A "move" from a square to itself is left out: uci_parse
 * reads "g1g1" as Chess960 castling when the king already stands on its
 * castled square, while explain_move calls it no move at all. */
static void sweep_position(const struct position *p, struct sweep *s)
{
    static const enum piece_type promos[] = {NO_PIECE_TYPE, KNIGHT, BISHOP, ROOK, QUEEN};
    static move table[SQUARE_NB][SQUARE_NB][5];
    legal_table(p, table);
    s->positions++;
    for (int from = 0; from < SQUARE_NB; from++)
        for (int to = 0; to < SQUARE_NB; to++)
            for (int k = 0; k < 5 && to != from; k++) {
                if (k > 1 && piece_type(p->board[from]) != PAWN)
                    break;
                char msg[EXPLAIN_MAX];
                move want = table[from][to][k], got;
                enum explain_reason r = explain_move(p, from, to, promos[k], &got, NULL, 0);
                s->pairs++;
                if ((r == EXPLAIN_LEGAL) != (want != MOVE_NONE) ||
                    (r == EXPLAIN_LEGAL && got != want)) {
                    char sq[3], sq2[3];
                    explain_move(p, from, to, promos[k], NULL, msg, sizeof msg);
                    square_format(from, sq);
                    square_format(to, sq2);
                    if (s->disagreements++ < 10)
                        printf("# %s%s%c: explain says %s (%s)\n", sq, sq2, " nbrq"[k],
                               explain_reason_name(r), msg);
                }
            }
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        char text[SAN_MAX];
        move got;
        size_t n = san_format(p, l.moves[i], text);
        s->san_checked++;
        if (explain_san(p, text, n, &got, NULL, 0) != EXPLAIN_LEGAL || got != l.moves[i])
            if (s->san_disagreements++ < 10)
                printf("# SAN %s is not legal for explain_san\n", text);
        n = uci_format(p, l.moves[i], UCI_CASTLING_AUTO, text);
        if (explain_san(p, text, n, &got, NULL, 0) != EXPLAIN_LEGAL || got != l.moves[i])
            if (s->san_disagreements++ < 10)
                printf("# UCI %s is not legal for explain_san\n", text);
    }
    /* SAN text of every shape, legal or not: explain_san and san_parse
     * must give the same verdict. */
    static const char *const shapes[] = {"%c%s", "%ca%s", "%ce%s", "%c1%s", "%c8%s", "%cx%s"};
    for (int pt = PAWN; pt <= KING; pt++)
        for (int to = 0; to < SQUARE_NB; to++)
            for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
                char sq[3], text[16];
                square_format(to, sq);
                int n = snprintf(text, sizeof text, shapes[k], " PNBRQK"[pt], sq);
                const char *t = pt == PAWN ? text + 1 : text;
                size_t len = (size_t)n - (pt == PAWN);
                move a, b;
                bool legal = explain_san(p, t, len, &a, NULL, 0) == EXPLAIN_LEGAL;
                bool parsed = san_parse(p, t, len, &b) == SAN_OK;
                s->san_checked++;
                if (legal != parsed || (legal && a != b))
                    if (s->san_disagreements++ < 10)
                        printf("# '%s': explain_san %s, san_parse %s\n", t,
                               legal ? "legal" : "illegal", parsed ? "legal" : "illegal");
            }
}

static void test_sweep(void)
{
    const char *shared = getenv("SHARED");
    static const char *const suites[] = {"standard.epd", "fischer960.epd"};
    for (size_t i = 0; i < 2; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/perft/%s", shared && *shared ? shared : "../shared/data",
                 suites[i]);
        if (!unit_need_shared(path))
            continue;
        FILE *f = fopen(path, "r");
        if (!UNIT_CHECK(f != NULL, "open %s", path))
            continue;
        struct sweep s = {0};
        char *line = NULL;
        size_t cap = 0;
        ssize_t len;
        while ((len = getline(&line, &cap, f)) > 0) {
            struct fen_record rec;
            struct fen_report rep = {0};
            struct fen_options opt = {0};
            while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
                len--;
            if (fen_read(line, (size_t)len, &opt, &rec, &rep))
                sweep_position(&rec.pos, &s);
        }
        free(line);
        fclose(f);
        UNIT_CHECK(s.positions > 100, "%s: %lu positions read", suites[i], s.positions);
        UNIT_EQ_U64(s.disagreements, 0,
                    "explain_move agrees with the generator on every from/to pair");
        printf("# %s: %lu from/to pairs, %lu SAN and UCI texts\n", suites[i], s.pairs,
               s.san_checked);
        UNIT_EQ_U64(s.san_disagreements, 0,
                    "explain_san agrees with the generator and with san_parse");
    }
}

int main(void)
{
    test_table();
    test_texts();
    test_king_capture();
    test_two_kings();
    test_buffer();
    test_sweep();
    return unit_done();
}
