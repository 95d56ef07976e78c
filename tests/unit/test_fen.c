/* FEN layer at the API level: fen_parse, fen_validate and fen_format.
 * The truths are independent of this code: the perft suites (published
 * positions, written canonically, whose FENs must come back unchanged),
 * hand-made records with one known problem each (code and column worked
 * out by hand from the text), and invariants that hold for any input
 * (no crash, printable messages, columns inside the record). */
#include "notation/fen.h"
#include "notation/fen_validate.h"
#include "rules/makemove.h"
#include "notation/uci.h"
#include "unit.h"

#include <stdlib.h>

static const struct fen_options lenient = {0};

/* Parse then validate, both always, as fen-check does. */
static bool check(const char *s, size_t len, const struct fen_options *opt, struct fen_record *rec,
                  struct fen_report *rep)
{
    rep->count = rep->dropped = 0;
    bool parsed = fen_parse(s, len, opt, rec, rep);
    bool valid = fen_validate(rec, rep);
    return parsed && valid;
}

/* "code@col code@col ..." of a report, for comparing with an expectation. */
static void summarize(const struct fen_report *rep, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < rep->count && n < size; i++)
        n += (size_t)snprintf(out + n, size - n, "%s%s@%u", i ? " " : "",
                              fen_code_name(rep->problems[i].code), rep->problems[i].col);
}

/* Every line of a perft suite is valid (except the listed ones), and its
 * first six fields are its canonical FEN, so fen_format must give them
 * back byte for byte; the incremental key must equal a recomputed one. */
static void test_suite(const char *path, long bad_line, const char *bad_summary)
{
    if (!unit_need_shared(path))
        return;
    FILE *f = fopen(path, "r");
    if (!UNIT_CHECK(f != NULL, "open %s", path))
        return;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0, good = 0, total = 0;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len == 0)
            continue;
        total++;
        /* The first six fields as written. */
        char want[FEN_MAX + 1] = "";
        int spaces = 0;
        size_t w = 0;
        for (ssize_t i = 0; i < len && w < FEN_MAX; i++) {
            if (line[i] == ' ' && ++spaces == 6)
                break;
            want[w++] = line[i];
        }
        want[w] = '\0';
        struct fen_record rec;
        struct fen_report rep;
        bool valid = check(line, (size_t)len, &lenient, &rec, &rep);
        char got[FEN_MAX], sum[512];
        fen_format(&rec.pos, got, sizeof got);
        summarize(&rep, sum, sizeof sum);
        bool ok = strcmp(got, want) == 0 && rec.pos.key == position_compute_key(&rec.pos);
        if (lineno == bad_line)
            ok = ok && !valid && strcmp(sum, bad_summary) == 0;
        else
            ok = ok && valid;
        if (ok) {
            good++;
            continue;
        }
        UNIT_CHECK(false, "%s:%ld round trip and validity", path, lineno);
        printf("#   got:      %s (%s)\n#   expected: %s\n", got, sum, want);
    }
    free(line);
    fclose(f);
    UNIT_CHECK(total > 100 && good == total, "%s: %ld of %ld records round-trip and validate", path,
               good, total);
}

struct bad_case {
    const char *fen;
    bool chess960, strict;
    const char *want; /* "code@col ..." in report order, worked out by hand */
};

/* One record per diagnostic, each derived from a valid position by one
 * change; the column is where that change is in the text. */
static const struct bad_case bad_cases[] = {
    /* syntax: board */
    {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 0, "rank-count@1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 0, "rank-count@37"},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 0, "rank-size@17"},
    {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 0, "rank-size@18"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", 0, 0, "rank-size@42"},
    {"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 0, "consecutive-digits@20"},
    {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 0, "bad-digit@19"},
    {"rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 0, "bad-digit@19"},
    {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 0, "bad-piece@14"},
    /* syntax: the other fields */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 0, 0, "bad-side@45"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", 0, 0, "bad-side@45"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", 0, 0, "bad-castling@50"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1", 0, 0, "bad-castling@47"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1", 0, 0,
     "castling-order@49 castling-order@50"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1", 0, 0, "castling-order@48"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQqk - 0 1", 0, 0, "castling-order@50"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", 0, 0, "castling-repeat@48"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", 0, 0, "bad-en-passant@52"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E3 0 1", 0, 0, "bad-en-passant@52"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", 0, 0, "bad-halfmove@54"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2147483648 1", 0, 0, "bad-halfmove@54"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", 0, 0, "bad-fullmove@56"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 +1", 0, 0, "bad-fullmove@56"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", 0, 0, "extra-field@58"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 0, 0, "missing-field@46"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", 0, 1, "missing-field@55"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 0, 1, "missing-counters@53"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  KQkq - 0 1", 0, 1, "spacing@46"},
    {" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 1, "spacing@1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ", 0, 1, "spacing@57"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w\tKQkq - 0 1", 0, 1, "spacing@46"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;1x e4;", 0, 0, "bad-epd@55"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"open;", 0, 0, "bad-epd@57"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc x; fmvn 3;", 0, 0, "bad-epd@59"},
    /* position: material */
    {"8/8/8/8/8/8/8/8 w - - 0 1", 0, 0, "king-count@1 king-count@1"},
    {"kk6/8/8/8/8/8/8/K7 w - - 0 1", 0, 0, "king-count@1"},
    {"P3k3/8/8/8/8/8/8/4K2p w - - 0 1", 0, 0, "pawn-back-rank@1 pawn-back-rank@21"},
    {"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", 0, 0, "too-many-pawns@1"},
    {"4k3/8/8/8/8/NNNNNNNN/PPPPPPPP/4K3 w - - 0 1", 0, 0,
     "too-many-pieces@1 impossible-material@1"},
    {"4k3/8/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1", 0, 0, "impossible-material@1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBQR w KQkq - 0 1", 0, 0, "impossible-material@1"},
    /* position: castling */
    {"4k3/8/8/8/8/8/8/3K4 w KQ - 0 1", 0, 0, "castling-no-king@23 castling-no-king@24"},
    {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", 0, 0, "castling-no-rook@23"},
    {"4k3/8/8/8/8/8/8/R5K1 w KQ - 0 1", 0, 0, "castling-no-king@24"},
    {"4k3/8/8/8/8/8/8/4K2R w C - 0 1", 0, 0, "castling-no-rook@24"},
    {"4k3/8/8/8/8/8/8/R4K2 w K - 0 1", 1, 0, "castling-no-rook@24"},
    {"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", 1, 0, "castling-no-king@25 castling-no-king@26"},
    {"4k3/8/8/8/8/8/8/4K2R w HK - 0 1", 0, 0, "castling-repeat@25"},
    {"4k3/8/8/8/8/8/8/1R2K1RR w KG - 0 1", 1, 0, "castling-repeat@28"},
    {"r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1", 0, 0, "castling-no-rook@25 castling-no-rook@26"},
    /* position: en passant */
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", 0, 0, "en-passant-rank@54"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", 0, 0,
     "en-passant-no-pawn@52 en-passant-not-empty@52"},
    {"rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", 0, 0,
     "en-passant-not-empty@56"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1", 0, 0, "halfmove-en-passant@57"},
    /* position: checks */
    {"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", 0, 0, "opponent-in-check@23"},
    {"8/8/8/8/8/8/8/Kk6 w - - 0 1", 0, 0, "opponent-in-check@19"},
    {"4k3/8/8/8/8/5n2/3b4/r3K3 w - - 0 1", 0, 0, "impossible-check@26"},
    {"4k3/8/8/8/8/5n2/3p4/4K3 w - - 0 1", 0, 0, "impossible-check@25"},
    {"4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", 0, 0, "impossible-check@25"},
    {"4r3/8/8/8/4K3/8/8/4r2k w - - 0 1", 0, 0, "impossible-check@24"},
    {"R3k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", 0, 0, "impossible-check@24"},
    {"8/8/8/5k2/4P3/8/8/4KR2 b - e3 0 1", 0, 0, "impossible-check@24"},
    {"8/8/8/8/2k1P2R/8/8/4K3 b - e3 0 1", 0, 0, "impossible-check@24"},
};

/* Records that look odd but are legal: each exercises a rule's edge. */
static const struct bad_case good_cases[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 0, 0, ""},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w\tKQkq   -  0  1  ", 0, 0, ""},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", 0, 0, ""},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 0, ""},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0, 0, ""},
    /* check uncovered by the double step (bishop d1 through e2) */
    {"8/8/8/7k/4P3/8/8/3BK3 b - e3 0 1", 0, 0, ""},
    /* check given by the pawn that stepped */
    {"8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1", 0, 0, ""},
    /* double check: knight moved and uncovered a rook */
    {"4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1", 0, 0, ""},
    /* promotions: two queens with a pawn missing, a bishop pair of one colour */
    {"3qk3/8/8/8/8/8/1PPPPPPP/Q2QK3 w - - 0 1", 0, 0, ""},
    {"4k3/8/8/8/8/8/1PPPPPPP/B1B1K3 w - - 0 1", 0, 0, ""},
    /* X-FEN: an inner rook named by its file, the outer one by Q */
    {"4k3/8/8/8/8/8/8/1R2K1RR w GQ - 0 1", 1, 0, ""},
    /* EPD: four fields and operations, counters from hmvc and fmvn */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"a;b\";", 0, 0, ""},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400", 0, 0, ""},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 1, ""},
    /* five fields: the full-move number is 1, as python-chess and chessops read it */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", 0, 0, ""},
    /* outside the standard set-up KQkq are X-FEN (the outermost rook) */
    {"4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1", 0, 0, ""},
    {"4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", 0, 0, ""},
};

static void test_cases(void)
{
    for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
        const struct bad_case *c = &bad_cases[i];
        struct fen_options opt = {.strict = c->strict, .chess960 = c->chess960};
        struct fen_record rec;
        struct fen_report rep;
        bool valid = check(c->fen, strlen(c->fen), &opt, &rec, &rep);
        char sum[512];
        summarize(&rep, sum, sizeof sum);
        UNIT_CHECK(!valid, "invalid: %s", c->fen);
        UNIT_EQ_STR(sum, c->want, c->want);
    }
    for (size_t i = 0; i < sizeof good_cases / sizeof *good_cases; i++) {
        const struct bad_case *c = &good_cases[i];
        struct fen_options opt = {.strict = c->strict, .chess960 = c->chess960};
        struct fen_record rec;
        struct fen_report rep;
        bool valid = check(c->fen, strlen(c->fen), &opt, &rec, &rep);
        char sum[512];
        summarize(&rep, sum, sizeof sum);
        UNIT_CHECK(valid, "valid: %s", c->fen);
        if (!valid)
            printf("#   problems: %s\n", sum);
    }
}

/* fen_format gives the canonical form: the expected strings follow the
 * FEN standard by hand (counters added, KQkq order, the en-passant square
 * only with a legal capture: the c6 capture here is pinned along rank 5). */
static void test_format(void)
{
    static const struct {
        const char *in, *out;
        bool chess960;
    } cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", 1},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", 0},
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 0},
        {"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
         "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", 0},
        {"8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "8/8/8/KPp4r/8/8/8/7k w - - 0 2", 0},
        {"4k3/8/8/8/8/8/8/4K3 b - - 65535 65535", "4k3/8/8/8/8/8/8/4K3 b - - 65535 65535", 0},
        {"4k3/8/8/8/8/8/8/4K3 b - - 2147483647 2147483647",
         "4k3/8/8/8/8/8/8/4K3 b - - 2147483647 2147483647", 0},
        {"4k3/8/8/8/8/8/8/4K3 w - - hmvc 12; fmvn 40;", "4k3/8/8/8/8/8/8/4K3 w - - 12 40", 0},
        {"1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct fen_options opt = {.chess960 = cases[i].chess960};
        struct fen_record rec;
        struct fen_report rep;
        bool valid = check(cases[i].in, strlen(cases[i].in), &opt, &rec, &rep);
        char got[FEN_MAX];
        size_t n = fen_format(&rec.pos, got, sizeof got);
        UNIT_CHECK(valid && n == strlen(got), "valid: %s", cases[i].in);
        UNIT_EQ_STR(got, cases[i].out, cases[i].in);
    }
    /* A small buffer gets a cut, terminated string and the full length. */
    struct position p;
    position_start(&p);
    char small[10];
    size_t n = fen_format(&p, small, sizeof small);
    UNIT_CHECK(n == 56 && strcmp(small, "rnbqkbnr/") == 0, "fen_format truncates safely");
}

/* The parser keeps the en-passant square exactly when makemove would have
 * set it, so that the position and its hash key agree with a played one. */
static void test_matches_makemove(void)
{
    static const char *const moves[] = {"e2e4", "d7d5", "e4e5", "f7f5"};
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    };
    struct position p;
    position_start(&p);
    for (int i = 0; i < 4; i++) {
        move m = uci_parse(&p, moves[i], strlen(moves[i]));
        makemove_play(&p, m);
        struct fen_record rec;
        struct fen_report rep;
        bool valid = check(fens[i], strlen(fens[i]), &lenient, &rec, &rep);
        UNIT_CHECK(valid && rec.pos.key == p.key && rec.pos.ep_square == p.ep_square,
                   "after %s: parsed key and en-passant square match the played position",
                   moves[i]);
    }
}

/* One field of the state changed, for test_position_equal. */
static void change_chess960(struct position *p)
{
    p->chess960 = 1;
}
static void change_variant(struct position *p)
{
    p->variant = VARIANT_CRAZYHOUSE;
}
static void change_pocket(struct position *p)
{
    p->pocket[BLACK][KNIGHT - PAWN] = 1;
}
static void change_promoted(struct position *p)
{
    p->promoted = bb_square(3);
}
static void change_checks(struct position *p)
{
    p->checks_given[WHITE] = 1;
}
static void change_halfmove(struct position *p)
{
    p->halfmove = 1;
}

/* position_equal, which pgn-to-named-notation's fast path asks whether a
 * game starts from the standard position: a FEN read equals the played
 * position, and each field of the state tells two positions apart. */
static void test_position_equal(void)
{
    struct position start, p;
    struct fen_record rec;
    struct fen_report rep;
    position_start(&start);
    const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    UNIT_CHECK(check(fen, strlen(fen), &lenient, &rec, &rep) && position_equal(&rec.pos, &start),
               "the standard FEN is the start position");
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 7";
    UNIT_CHECK(check(fen, strlen(fen), &lenient, &rec, &rep) && !position_equal(&rec.pos, &start),
               "another move number is another position");
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1";
    UNIT_CHECK(check(fen, strlen(fen), &lenient, &rec, &rep) && !position_equal(&rec.pos, &start),
               "another right is another position");
    p = start;
    makemove_play(&p, uci_parse(&p, "g1f3", 4));
    fen = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1";
    UNIT_CHECK(check(fen, strlen(fen), &lenient, &rec, &rep) && position_equal(&rec.pos, &p) &&
                   !position_equal(&p, &start),
               "a played move: the position read from its FEN");
    struct {
        const char *what;
        void (*change)(struct position *);
    } fields[] = {
        {"Chess960", change_chess960},       {"the variant", change_variant},
        {"a pocket", change_pocket},         {"a promoted mark", change_promoted},
        {"the checks given", change_checks}, {"the halfmove clock", change_halfmove},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        p = start;
        fields[i].change(&p);
        UNIT_CHECK(!position_equal(&p, &start) && position_equal(&p, &p), "%s differs",
                   fields[i].what);
    }
}

static void test_names(void)
{
    bool ok = true;
    for (int a = 0; a < FEN_CODE_NB; a++) {
        if (strcmp(fen_code_name((enum fen_code)a), "unknown") == 0)
            ok = false;
        for (int b = 0; b < a; b++)
            if (strcmp(fen_code_name((enum fen_code)a), fen_code_name((enum fen_code)b)) == 0)
                ok = false;
    }
    UNIT_CHECK(ok, "every code has its own name");
    UNIT_EQ_STR(fen_code_name(FEN_CODE_NB), "unknown", "out-of-range code");
}

/* Whatever the bytes, the parser stays in the record, counts its problems,
 * and writes messages a terminal can show. */
static bool report_sane(const struct fen_report *rep, size_t len)
{
    for (int i = 0; i < rep->count; i++) {
        const struct fen_problem *pr = &rep->problems[i];
        if (pr->col < 1 || pr->col > len + 1 || pr->message[0] == '\0')
            return false;
        for (const char *c = pr->message; *c; c++)
            if (*c < 0x20 || *c > 0x7E)
                return false;
    }
    return rep->count <= FEN_PROBLEMS_MAX && rep->dropped >= 0;
}

static void test_garbage(void)
{
    static const char start[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    struct fen_record rec;
    struct fen_report rep;
    bool all = true;
    char buf[sizeof start];
    /* Every byte value at every position of a valid record. */
    for (size_t pos = 0; pos < sizeof start - 1; pos++) {
        for (int b = 0; b < 256; b++) {
            memcpy(buf, start, sizeof start);
            buf[pos] = (char)b;
            check(buf, sizeof start - 1, &lenient, &rec, &rep);
            all = all && report_sane(&rep, sizeof start - 1);
        }
    }
    UNIT_CHECK(all, "every byte at every position: sane reports");

    /* NUL bytes are data, shown as \x00. */
    static const char nul[] = "rnbqkbnr/ppp\0pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    check(nul, sizeof nul - 1, &lenient, &rec, &rep);
    UNIT_CHECK(rep.count >= 1 && strstr(rep.problems[0].message, "\\x00") &&
                   rep.problems[0].col == 13,
               "NUL byte reported as \\x00 at column 13");

    /* A megabyte of garbage: bounded report, dropped counted. */
    size_t big = (size_t)1 << 20;
    char *huge = malloc(big);
    if (!UNIT_CHECK(huge != NULL, "allocate 1 MiB"))
        return;
    unsigned seed = 12345;
    for (size_t i = 0; i < big; i++) {
        seed = seed * 1103515245u + 12345u;
        huge[i] = (char)(seed >> 16);
        if (huge[i] == ' ' || huge[i] == '\t')
            huge[i] = 'x';
    }
    /* One field with a '/': a board gone wrong, not a line that is no FEN
     * record at all (one problem, tested below). */
    huge[1] = '/';
    check(huge, big, &lenient, &rec, &rep);
    UNIT_CHECK(report_sane(&rep, big) && rep.count == FEN_PROBLEMS_MAX && rep.dropped > 0,
               "1 MiB of random bytes: %d problems kept, %d dropped", rep.count, rep.dropped);
    for (size_t i = 0; i < big; i++)
        if (huge[i] == '/')
            huge[i] = 'x';
    check(huge, big, &lenient, &rec, &rep);
    UNIT_CHECK(report_sane(&rep, big) && rep.count == 1 && rep.dropped == 0 &&
                   strstr(rep.problems[0].message, "not a FEN record"),
               "1 MiB of random bytes with no '/': not a FEN record, one problem");
    memset(huge, '8', big);
    check(huge, big, &lenient, &rec, &rep);
    UNIT_CHECK(report_sane(&rep, big), "1 MiB of digits");
    memset(huge, ' ', big);
    check(huge, big, &lenient, &rec, &rep);
    UNIT_CHECK(rep.count == 1 && rep.problems[0].code == FEN_EMPTY, "1 MiB of blanks is empty");
    free(huge);

    /* Long fields are shown cut, within the message size. */
    static const char longside[] =
        "8/8/8/8/8/8/8/K6k wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww - - 0 "
        "1";
    check(longside, sizeof longside - 1, &lenient, &rec, &rep);
    UNIT_CHECK(rep.count == 1 && strstr(rep.problems[0].message, "...'") != NULL,
               "a long field is quoted cut with ...");
}

static void test_epd_find(void)
{
    static const char ops[] = "bm e4 d4; id \"x; y\"; c0 ok";
    const char *arg;
    size_t len;
    UNIT_CHECK(fen_epd_find(ops, sizeof ops - 1, "bm", &arg, &len) && len == 5 &&
                   memcmp(arg, "e4 d4", 5) == 0,
               "fen_epd_find bm");
    UNIT_CHECK(fen_epd_find(ops, sizeof ops - 1, "id", &arg, &len) && len == 6 &&
                   memcmp(arg, "\"x; y\"", 6) == 0,
               "fen_epd_find keeps ';' inside quotes");
    UNIT_CHECK(fen_epd_find(ops, sizeof ops - 1, "c0", &arg, &len) && len == 2,
               "fen_epd_find without a final ';'");
    UNIT_CHECK(!fen_epd_find(ops, sizeof ops - 1, "b", &arg, &len), "fen_epd_find whole opcodes");
}

int main(void)
{
    const char *shared = getenv("SHARED");
    char path[4096];
    if (!shared)
        shared = "../shared/data";
    /* standard.epd:51 has two bishops checking along one diagonal from both
     * sides of the king (a8 and h1 against f3): no last move gives that, a
     * known unreachable position of that suite (python-chess agrees). */
    snprintf(path, sizeof path, "%s/perft/standard.epd", shared);
    test_suite(path, 51, "impossible-check@25");
    snprintf(path, sizeof path, "%s/perft/fischer960.epd", shared);
    test_suite(path, 0, "");
    test_cases();
    test_format();
    test_matches_makemove();
    test_names();
    test_position_equal();
    test_garbage();
    test_epd_find();
    return unit_done();
}
