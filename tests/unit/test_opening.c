/* lib/games/opening.h against independent truth: the table's own text
 * (the TSV files of formats/openings/, read here line by line, not through the
 * library's compiled copy) and lichess's rule as chessops computes it
 * (scripts/chessops-openings.mjs --ply on the games written below: the
 * expected lines and plies are its output).  Every line of the table must
 * classify to the last line that reaches its position, that position
 * keyed by the FEN writer's first four fields (lichess's "standard FEN":
 * the en-passant square only when a capture there is legal), not by the
 * library's hash; every lookup near the table's positions must be exact.
 * Run from the top of the project (make check-unit does). */
#include "games/opening.h"

#include "notation/fen.h"
#include "rules/makemove.h"
#include "rules/movegen.h"
#include "notation/san.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

enum { TSV_LINES_MAX = 8192 };

struct tsv_line {
    char eco[4];
    char *name, *pgn;
    unsigned plies;
    char key[FEN_MAX]; /* FEN of its final position, four fields */
    size_t last;       /* the last line of the table with the same key */
};

static struct tsv_line tsv[TSV_LINES_MAX];
static size_t ntsv;

/* The first four fields of p's FEN (board, side, castling, the
 * en-passant square when a capture there is legal). */
static void key_of(const struct position *p, char key[FEN_MAX])
{
    fen_format(p, key, FEN_MAX);
    char *s = key;
    for (int f = 0; f < 4 && s; f++)
        s = strchr(s + 1, ' ');
    if (s)
        *s = '\0';
}

/* Play the SAN moves of text (move numbers skipped) from p, feeding the
 * search when s is not NULL; the number of moves, or -1 when one does not
 * read. */
static int play(struct position *p, const char *text, struct opening_search *s)
{
    int n = 0;
    while (*text) {
        while (*text == ' ')
            text++;
        size_t len = strcspn(text, " ");
        if (len == 0)
            break;
        if (text[len - 1] != '.') {
            move m;
            if (san_parse(p, text, len, &m) != SAN_OK)
                return -1;
            makemove_play(p, m);
            if (s)
                opening_search_move(s, p);
            n++;
        }
        text += len;
    }
    return n;
}

static bool read_tsv(void)
{
    static const char *const files[] = {"a", "b", "c", "d", "e"};
    for (size_t f = 0; f < 5; f++) {
        char path[64];
        snprintf(path, sizeof path, "formats/openings/%s.tsv", files[f]);
        FILE *fp = fopen(path, "r");
        if (!fp)
            return false;
        char line[1024];
        bool header = true;
        while (fgets(line, sizeof line, fp)) {
            line[strcspn(line, "\r\n")] = '\0';
            if (header) {
                UNIT_CHECK(strcmp(line, "eco\tname\tpgn") == 0, "%s starts with its header", path);
                header = false;
                continue;
            }
            char *name = strchr(line, '\t'), *pgn = name ? strchr(name + 1, '\t') : NULL;
            if (!pgn || strlen(line) < 3 || ntsv == TSV_LINES_MAX) {
                UNIT_CHECK(false, "%s: three fields: %s", path, line);
                continue;
            }
            struct tsv_line *t = &tsv[ntsv++];
            *name++ = '\0';
            *pgn++ = '\0';
            memcpy(t->eco, line, 3); /* the table's codes have three bytes: checked below */
            t->eco[3] = '\0';
            t->name = strdup(name);
            t->pgn = strdup(pgn);
        }
        fclose(fp);
    }
    return true;
}

static int by_key(const void *a, const void *b)
{
    const struct tsv_line *x = *(const struct tsv_line *const *)a;
    const struct tsv_line *y = *(const struct tsv_line *const *)b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x < y ? -1 : x > y);
}

static struct tsv_line *sorted[TSV_LINES_MAX];

/* The index of the last line whose key is key, or -1. */
static long find_key(const char *key)
{
    size_t lo = 0, hi = ntsv;
    while (lo < hi) { /* the first >= key */
        size_t mid = (lo + hi) / 2;
        if (strcmp(sorted[mid]->key, key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ntsv && strcmp(sorted[lo]->key, key) == 0 ? (long)sorted[lo]->last : -1;
}

static bool same_line(const struct opening *o, size_t i)
{
    return o && strcmp(o->eco, tsv[i].eco) == 0 && strcmp(o->name, tsv[i].name) == 0 &&
           strcmp(o->pgn, tsv[i].pgn) == 0;
}

static void test_table(const struct opening_table *t)
{
    UNIT_EQ_INT((long long)opening_table_size(t), (long long)ntsv,
                "the table has the lines of formats/openings/");
    size_t bad = 0, badplies = 0;
    for (size_t i = 0; i < ntsv && i < opening_table_size(t); i++) {
        const struct opening *o = opening_table_line(t, i);
        if (!same_line(o, i) && bad++ < 5)
            UNIT_CHECK(false, "line %zu is the text's: %s %s", i + 1, tsv[i].eco, tsv[i].name);
        struct position p;
        position_start(&p);
        int n = play(&p, tsv[i].pgn, NULL);
        if (n <= 0) {
            if (bad++ < 5)
                UNIT_CHECK(false, "line %zu replays: %s", i + 1, tsv[i].pgn);
            continue;
        }
        tsv[i].plies = (unsigned)n;
        if (o && o->plies != (unsigned)n && badplies++ < 5)
            UNIT_CHECK(false, "line %zu has %d moves, not %u", i + 1, n, o->plies);
        key_of(&p, tsv[i].key);
    }
    UNIT_CHECK(bad == 0, "every line replays, its eco, name and pgn the text's (%zu do not)", bad);
    UNIT_CHECK(badplies == 0, "every line's plies are its moves (%zu differ)", badplies);
    UNIT_CHECK(opening_table_line(t, ntsv) == NULL, "no line past the end");

    /* the last line of each key (lichess's map keeps the later one) */
    for (size_t i = 0; i < ntsv; i++)
        sorted[i] = &tsv[i];
    qsort(sorted, ntsv, sizeof *sorted, by_key);
    size_t distinct = 0;
    for (size_t i = 0; i < ntsv;) {
        size_t j = i;
        while (j + 1 < ntsv && strcmp(sorted[j + 1]->key, sorted[i]->key) == 0)
            j++;
        size_t last = (size_t)(sorted[j] - tsv);
        for (size_t k = i; k <= j; k++)
            sorted[k]->last = last;
        distinct++;
        i = j + 1;
    }
    UNIT_EQ_INT((long long)opening_table_positions(t), (long long)distinct,
                "the table names as many positions as the text's lines reach");
    UNIT_EQ_INT((long long)opening_table_collisions(t), (long long)(ntsv - distinct),
                "collisions: lines that reach a position an earlier line reached");
}

/* Each line classifies to the last line of its position, at its last ply. */
static void test_every_line(const struct opening_table *t)
{
    size_t bad = 0, later = 0;
    for (size_t i = 0; i < ntsv; i++) {
        struct position p;
        struct opening_search s;
        position_start(&p);
        opening_search_start(&s, t, &p);
        play(&p, tsv[i].pgn, &s);
        const struct opening *o = opening_search_result(&s);
        size_t want = tsv[i].last;
        if (want != i)
            later++;
        if ((!same_line(o, want) || s.found_ply != tsv[i].plies) && bad++ < 5)
            UNIT_CHECK(false, "line %zu (%s %s) classifies as line %zu (%s) at ply %u: got %s %s",
                       i + 1, tsv[i].eco, tsv[i].name, want + 1, tsv[want].name, tsv[i].plies,
                       o ? o->eco : "-", o ? o->name : "-");
        if (opening_table_find(t, &p) != o && bad++ < 5)
            UNIT_CHECK(false, "line %zu: opening_table_find gives the search's line", i + 1);
    }
    UNIT_CHECK(bad == 0,
               "every line of the table classifies as the last line that reaches its position "
               "(%zu lines, %zu named by a later line), at its last ply",
               ntsv, later);
}

/* Every position one move past a line's end: opening_table_find names it
 * exactly when its key is one of the table's, with the right line. */
static void test_exact(const struct opening_table *t)
{
    size_t probes = 0, named = 0, wrong = 0;
    for (size_t i = 0; i < ntsv; i++) {
        struct position p;
        position_start(&p);
        play(&p, tsv[i].pgn, NULL);
        struct movelist ml;
        movegen_legal(&p, &ml);
        for (int k = 0; k < ml.count; k++) {
            struct position q = p;
            makemove_play(&q, ml.moves[k]);
            char key[FEN_MAX];
            key_of(&q, key);
            long want = find_key(key);
            const struct opening *o = opening_table_find(t, &q);
            probes++;
            if (want >= 0)
                named++;
            if ((want < 0 ? o != NULL : !same_line(o, (size_t)want)) && wrong++ < 5)
                UNIT_CHECK(false, "lookup of %s: want %s, got %s", key,
                           want < 0 ? "none" : tsv[want].name, o ? o->name : "none");
        }
    }
    UNIT_CHECK(wrong == 0 && probes > 50000,
               "lookups one move past every line are exact (%zu positions, %zu named)", probes,
               named);
}

/* A game from the standard position (or the FEN) through the search. */
static const struct opening *classify(const char *fen, const struct fen_options *fo,
                                      const char *moves, const struct opening_table *t,
                                      struct opening_search *s)
{
    struct position p;
    if (fen) {
        struct fen_record rec;
        struct fen_report rep = {0};
        if (!UNIT_CHECK(fen_read(fen, strlen(fen), fo, &rec, &rep), "FEN reads: %s", fen))
            return NULL;
        p = rec.pos;
    } else {
        position_start(&p);
    }
    opening_search_start(s, t, &p);
    UNIT_CHECK(play(&p, moves, s) >= 0, "moves replay: %.60s", moves);
    return opening_search_result(s);
}

static void expect(const char *what, const struct opening *o, const struct opening_search *s,
                   const char *eco, const char *name, unsigned long ply)
{
    if (!eco) {
        UNIT_CHECK(o == NULL, "%s: not classified (got %s)", what, o ? o->name : "none");
        return;
    }
    if (UNIT_CHECK(o && strcmp(o->eco, eco) == 0 && strcmp(o->name, name) == 0, "%s: %s %s", what,
                   eco, name))
        UNIT_CHECK(s->found_ply == ply, "%s: at ply %lu (got %lu)", what, ply, s->found_ply);
    else
        printf("#   got: %s %s\n", o ? o->eco : "-", o ? o->name : "-");
}

static void test_rule(const struct opening_table *t)
{
    struct opening_search s;
    const struct opening *o;
    /* chessops-openings.mjs --ply on these games gave the expected lines */
    o = classify(NULL, NULL, "1. Nf3 d5 2. d4", t, &s);
    expect("1. Nf3 d5 2. d4 (a transposition)", o, &s, "D02",
           "Queen's Pawn Game: Zukertort Variation", 3);
    o = classify(NULL, NULL, "1. d4 d5 2. Nf3", t, &s);
    expect("1. d4 d5 2. Nf3", o, &s, "D02", "Queen's Pawn Game: Zukertort Variation", 3);
    /* one board, side and castling; after 3. e4 the pawn on f4 may take en
     * passant on e3, after 3. Nc3 not: two positions for lichess, two names */
    o = classify(NULL, NULL, "1. Nc3 e5 2. f4 exf4 3. e4", t, &s);
    expect("1. Nc3 e5 2. f4 exf4 3. e4 (en passant legal)", o, &s, "A00",
           "Van Geet Opening: Nowokunski Gambit", 5);
    o = classify(NULL, NULL, "1. e4 e5 2. f4 exf4 3. Nc3", t, &s);
    expect("1. e4 e5 2. f4 exf4 3. Nc3 (no en passant)", o, &s, "C33",
           "King's Gambit Accepted: Mason-Keres Gambit", 5);
    /* after 1. e4 no black pawn can take on e3: the square is no part of it */
    o = classify(NULL, NULL, "1. e4", t, &s);
    expect("1. e4", o, &s, "B00", "King's Pawn Game", 1);

    /* 40 plies: nine knight round trips (36 plies) then 1. e4 at ply 37 */
    char moves[1024] = "";
    for (int i = 0; i < 9; i++)
        strcat(moves, " Nf3 Nf6 Ng1 Ng8");
    char nine[1024], ten[1024];
    snprintf(nine, sizeof nine, "%s e4", moves);
    snprintf(ten, sizeof ten, "%s Nf3 Nf6 Ng1 Ng8 e4", moves);
    o = classify(NULL, NULL, nine, t, &s);
    expect("1. e4 at ply 37, after 36 plies of knight moves", o, &s, "B00", "King's Pawn Game", 37);
    o = classify(NULL, NULL, ten, t, &s);
    expect("1. e4 at ply 41: past the bound, ply 38 (1. Nf3 Nf6) stands", o, &s, "A05",
           "Zukertort Opening", 38);
    UNIT_CHECK(!opening_search_open(&s), "the search is closed after 40 plies");
    UNIT_EQ_INT((long long)s.ply, 40, "the search counted 40 plies");

    /* 20 pieces: a line of captures (chessops: the first capture in square
     * order, else the first move) that leaves 20 pieces after ply 27 and
     * 19 after ply 28 */
    const char *captures = "Na3 a5 Rb1 a4 Ra1 b5 Nxb5 a3 bxa3 Rxa3 Bxa3 c5 Bxc5 d5 Bxe7 Qxe7 Rb1 "
                           "Qxe2+ Qxe2+ Be6 Qxe6+ fxe6 Ra1 d4 Nxd4 e5 Rb1";
    o = classify(NULL, NULL, captures, t, &s);
    expect("27 plies down to 20 pieces", o, &s, "A00", "Sodium Attack", 1);
    UNIT_CHECK(opening_search_open(&s) && s.pieces == 20, "20 pieces: the search is open (%d)",
               s.pieces);
    struct position p;
    position_start(&p);
    play(&p, captures, NULL);
    play(&p, "exd4", &s);
    UNIT_CHECK(!opening_search_open(&s) && s.pieces == 19, "19 pieces: the search is closed (%d)",
               s.pieces);
    UNIT_EQ_INT((long long)s.ply, 28, "the search counted 28 plies");

    /* a null move ends the search */
    position_start(&p);
    opening_search_start(&s, t, &p);
    play(&p, "e4", &s);
    opening_search_pass(&s);
    makemove_null(&p);
    play(&p, "c5", &s);
    expect("1. e4 -- 2. c5: the search ends at the null move", opening_search_result(&s), &s, "B00",
           "King's Pawn Game", 1);

    /* only standard chess from the standard position */
    struct fen_options fo = {0};
    o = classify("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", &fo, "c5", t, &s);
    expect("from the FEN after 1. e4, then c5", o, &s, NULL, NULL, 0);
    o = classify("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 12", &fo, "e4 c5", t, &s);
    expect("the standard position with other counters", o, &s, "B20", "Sicilian Defense", 2);
    fo.chess960 = true;
    o = classify("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &fo, "e4 c5", t, &s);
    expect("Chess960 from the standard position", o, &s, NULL, NULL, 0);
    fo.chess960 = false;
    fo.variant = VARIANT_KINGOFTHEHILL;
    o = classify("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &fo, "e4 c5", t, &s);
    expect("King of the Hill from the standard position", o, &s, NULL, NULL, 0);
    opening_search_start(&s, NULL, &p);
    UNIT_CHECK(!opening_search_open(&s), "no table: nothing is classified");
}

static void test_eco(void)
{
    static const char *const valid[] = {"A00", "E99", "B90", "A00-B99", "C60-C99", "B90-B90"};
    static const char *const invalid[] = {"",        "F00",     "a00",  "A0",       "A000",
                                          "B99-A00", "A00-",    "-B99", "A00 -B99", "A00-B99-C00",
                                          "A0O",     "A00-F00", " A00", "A00 ",     "A00--B99"};
    for (size_t i = 0; i < sizeof valid / sizeof *valid; i++)
        UNIT_CHECK(opening_eco_range_valid(valid[i]), "ECO range '%s' is valid", valid[i]);
    for (size_t i = 0; i < sizeof invalid / sizeof *invalid; i++)
        UNIT_CHECK(!opening_eco_range_valid(invalid[i]), "ECO range '%s' is malformed", invalid[i]);
    UNIT_CHECK(!opening_eco_range_valid(NULL), "no range is malformed");
    struct {
        const char *eco, *range;
        bool in;
    } cases[] = {
        {"B90", "A00-B99", true},  {"A00", "A00-B99", true},  {"B99", "A00-B99", true},
        {"C00", "A00-B99", false}, {"B90", "B90", true},      {"B91", "B90", false},
        {"C65", "C60-C99", true},  {"C59", "C60-C99", false}, {"B90", "B99-A00", false},
        {"B9", "A00-B99", false},  {"X00", "A00-E99", false}, {"E99", "A00-E99", true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        UNIT_CHECK(opening_eco_in_range(cases[i].eco, cases[i].range) == cases[i].in,
                   "'%s' %s in '%s'", cases[i].eco, cases[i].in ? "is" : "is not", cases[i].range);
}

int main(void)
{
    test_eco();
    const struct opening_table *t = opening_table_get();
    if (!UNIT_CHECK(t != NULL, "the table builds"))
        return unit_done();
    UNIT_CHECK(opening_table_get() == t, "the table is built once");
    if (!read_tsv()) {
        printf("ok - formats/openings/*.tsv # skip not found (run from the top of the project)\n");
        return unit_done();
    }
    test_table(t);
    test_every_line(t);
    test_exact(t);
    test_rule(t);
    return unit_done();
}
