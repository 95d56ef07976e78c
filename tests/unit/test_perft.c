/* perft.h beyond perft_count: threads, the transposition table, divide and
 * split, each held against the published counts of the shared suites
 * ($SHARED/perft) or against perft_count; and movegen_legal with
 * makemove_play walked the slow way, so that the generator every other tool
 * uses is checked on the suites even though perft itself takes shortcuts;
 * and the last-ply counter (perft_leaf.h) held to its plain version on every
 * position a few plies from the suites' records; and the breakdown
 * (perft_breakdown.h) against the Chess Programming Wiki's published table. */
#include "notation/fen.h"
#include "notation/uci.h"
#include "rules/variant.h"
#include "rules/makemove.h"
#include "perft/perft.h"
#include "perft/perft_breakdown.h"
#include "perft/perft_leaf.h"
#include "perft_ref.h"
#include "perft/perft_suite.h"
#include "unit.h"

#include <errno.h>
#include <stdlib.h>

enum { RECORDS_MAX = 1100 };

struct record {
    char fen[256];
    struct position pos;
    uint64_t expect[7]; /* ;D1 .. ;D6, 0 when absent */
};

static const char kiwipete[] =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

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

/* Every record of a suite with its expected counts. */
static int load_suite(const char *path, struct record *out, int max)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[512];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n");
        line[len] = '\0';
        struct fen_record rec;
        struct fen_report rep = {0};
        struct fen_options opt = {0};
        if (len == 0 || !fen_read(line, len, &opt, &rec, &rep))
            continue;
        struct record *r = &out[n];
        memset(r, 0, sizeof *r);
        snprintf(r->fen, sizeof r->fen, "%.*s", (int)(rec.ops ? (size_t)(rec.ops - line) : len),
                 line);
        r->pos = rec.pos;
        struct perft_expect want;
        struct perft_suite_problem pb;
        if (!perft_suite_epd_counts(&rec, &want, &pb))
            continue;
        for (int d = 1; d <= 6; d++)
            r->expect[d] = perft_expect_has(&want, d) ? want.count[d] : 0;
        n++;
    }
    fclose(f);
    return n;
}

static void test_slow_walk(const char *name, const struct record *recs, int n, int depth)
{
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (recs[i].expect[depth] &&
            perft_ref(&recs[i].pos, depth, PERFT_REF_CHECK_KEYS) != recs[i].expect[depth]) {
            if (!bad)
                printf("#   first wrong: %s\n", recs[i].fen);
            bad++;
        }
    UNIT_EQ_INT(bad, 0, name);
}

/* movegen_count agrees with movegen_legal on every position two plies
 * below each record. */
static void test_count_matches_list(const struct record *recs, int n)
{
    int bad = 0;
    for (int i = 0; i < n; i++) {
        struct movelist l1;
        movegen_legal(&recs[i].pos, &l1);
        for (int a = 0; a < l1.count; a++) {
            struct position c1 = recs[i].pos;
            makemove_play(&c1, l1.moves[a]);
            struct movelist l2;
            movegen_legal(&c1, &l2);
            if (movegen_count(&c1) != l2.count)
                bad++;
            for (int b = 0; b < l2.count; b++) {
                struct position c2 = c1;
                makemove_play(&c2, l2.moves[b]);
                struct movelist l3;
                if (movegen_count(&c2) != movegen_legal(&c2, &l3))
                    bad++;
            }
        }
    }
    UNIT_EQ_INT(bad, 0,
                "movegen_count equals the length of movegen_legal two plies down every record");
}

/* The perft walk takes shortcuts one ply above the leaves (it works out
 * what a move cannot change); positions reached by random play from every
 * record (pins, checks, castling, en passant in all their mixtures) hold
 * it to the slow walk of the public generator. */
static void test_random_positions(const struct record *recs, int n, int depth, int per_record)
{
    uint64_t seed = 0x2545F4914F6CDD1DULL;
    int bad = 0, tried = 0;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < per_record; k++) {
            struct position p = recs[i].pos;
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            int plies = (int)(seed % 9);
            for (int ply = 0; ply < plies; ply++) {
                struct movelist l;
                if (movegen_legal(&p, &l) == 0)
                    break;
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                makemove_play(&p, l.moves[seed % (uint64_t)l.count]);
            }
            tried++;
            if (perft_count(&p, depth) != perft_ref(&p, depth, PERFT_REF_CHECK_KEYS)) {
                if (!bad) {
                    char fen[FEN_MAX];
                    fen_format(&p, fen, sizeof fen);
                    printf("#   first wrong: %s\n", fen);
                }
                bad++;
            }
        }
    }
    char desc[128];
    snprintf(desc, sizeof desc,
             "perft_count equals the slow walk at depth %d on %d positions of random play", depth,
             tried);
    UNIT_EQ_INT(bad, 0, desc);
}

static void test_run_variants(const struct record *recs, int n, int depth)
{
    struct perft_table *small = perft_table_new(64); /* one bucket: constant replacement */
    struct perft_table *big = perft_table_new((size_t)16 << 20);
    if (!UNIT_CHECK(small && big, "tables allocated"))
        return;
    int bad_threads = 0, bad_small = 0, bad_big = 0, bad_divide = 0;
    for (int i = 0; i < n; i++) {
        const struct record *r = &recs[i];
        if (!r->expect[depth])
            continue;
        struct perft_divide d;
        struct perft_config c2 = {.threads = 2};
        if (perft_run(&r->pos, depth, &c2, &d) != r->expect[depth])
            bad_threads++;
        uint64_t sum = 0;
        for (int k = 0; k < d.count; k++)
            sum += d.nodes[k];
        if (sum != r->expect[depth])
            bad_divide++;
        struct perft_config cs = {.threads = 2, .table = small};
        if (perft_run(&r->pos, depth, &cs, NULL) != r->expect[depth])
            bad_small++;
        struct perft_config cb = {.threads = 2, .table = big};
        /* Twice: the second run answers from the table. */
        if (perft_run(&r->pos, depth, &cb, NULL) != r->expect[depth] ||
            perft_run(&r->pos, depth, &cb, NULL) != r->expect[depth])
            bad_big++;
    }
    UNIT_EQ_INT(bad_threads, 0, "two threads give the suite's counts");
    UNIT_EQ_INT(bad_divide, 0, "the divide adds up to the suite's counts");
    UNIT_EQ_INT(bad_small, 0, "a one-bucket table stays exact");
    UNIT_EQ_INT(bad_big, 0, "a table shared by every record of the suite stays exact, asked twice");
    perft_table_free(small);
    perft_table_free(big);
}

static void test_basics(void)
{
    struct position p;
    position_start(&p);
    UNIT_EQ_U64(perft_count(&p, 0), 1, "depth 0 is one node");
    UNIT_EQ_U64(perft_count(&p, 1), 20, "start position, depth 1");
    UNIT_EQ_U64(perft_count(&p, 4), 197281, "start position, depth 4");
    struct perft_divide d;
    struct perft_config cfg = {.threads = 3};
    UNIT_EQ_U64(perft_run(&p, 0, &cfg, &d), 1, "perft_run depth 0");
    UNIT_EQ_INT(d.count, 0, "depth 0 divides into nothing");
    UNIT_EQ_U64(perft_run(&p, 1, &cfg, &d), 20, "perft_run depth 1");
    UNIT_EQ_INT(d.count, 20, "twenty root moves");
    UNIT_EQ_U64(d.nodes[0], 1, "each root move counts one at depth 1");
    UNIT_EQ_U64(perft_run(&p, 5, &cfg, NULL), 4865609, "three threads, depth 5");

    struct perft_progress progress;
    atomic_init(&progress.nodes_done, 0);
    atomic_init(&progress.items_done, 0);
    atomic_init(&progress.items_total, 0);
    struct perft_config watched = {.threads = 2, .progress = &progress};
    uint64_t n = perft_run(&p, 4, &watched, NULL);
    UNIT_EQ_U64(atomic_load(&progress.nodes_done), n, "the progress counter ends at the total");
    UNIT_EQ_INT(atomic_load(&progress.items_done), atomic_load(&progress.items_total),
                "every item of work is counted done");

    if (read_fen(kiwipete, &p)) {
        struct perft_table *t = perft_table_new((size_t)1 << 20);
        struct perft_config ct = {.threads = 2, .table = t};
        UNIT_EQ_U64(perft_run(&p, 4, &ct, NULL), 4085603, "Kiwipete depth 4 with a table");
        UNIT_EQ_U64(perft_run(&p, 4, &ct, NULL), 4085603, "and again from the filled table");
        perft_table_free(t);
    }
    UNIT_CHECK(perft_table_new((size_t)1 << 62) == NULL, "an impossible table size gives NULL");
    perft_table_free(NULL);
}

/* Two Chess960 roots alike but for the file of the rook that castles king
 * side: same pieces, same rights, so the same Zobrist key, yet castling is
 * legal only with the g rook (the h rook's king would land on g1, taken).
 * The table must keep them apart. */
static void test_castling_rooks_apart(void)
{
    struct position a, b;
    if (!UNIT_CHECK(read_fen("4k3/8/8/8/8/8/P7/4K1RR w G - 0 1", &a) &&
                        read_fen("4k3/8/8/8/8/8/P7/4K1RR w H - 0 1", &b),
                    "two Chess960 positions read"))
        return;
    struct perft_table *t = perft_table_new((size_t)4 << 20);
    struct perft_config c = {.threads = 1, .table = t};
    for (int depth = 2; depth <= 5; depth++) {
        uint64_t wa = perft_count(&a, depth), wb = perft_count(&b, depth);
        uint64_t ga = perft_run(&a, depth, &c, NULL), gb = perft_run(&b, depth, &c, NULL);
        char desc[96];
        snprintf(desc, sizeof desc,
                 "castling with the g or the h rook stay apart in one table, depth %d", depth);
        UNIT_CHECK(ga == wa && gb == wb && wa != wb, "%s", desc);
    }
    perft_table_free(t);
}

struct split_sum {
    int rest;
    uint64_t total, positions, paths;
};

static void add_split(const struct position *p, uint64_t paths, void *ctx)
{
    struct split_sum *s = ctx;
    s->total += paths * perft_count(p, s->rest);
    s->positions++;
    s->paths += paths;
}

static void test_split(void)
{
    struct position p;
    position_start(&p);
    struct split_sum s = {.rest = 2};
    UNIT_CHECK(perft_split(&p, 3, add_split, &s), "split 3 plies");
    UNIT_EQ_U64(s.paths, 8902, "the paths of a 3-ply split are perft 3");
    UNIT_EQ_U64(s.positions, 5362, "5362 distinct positions 3 plies from the start");
    UNIT_EQ_U64(s.total, 4865609, "split 3 + perft 2 = perft 5");
    struct split_sum z = {.rest = 3};
    perft_split(&p, 0, add_split, &z);
    UNIT_EQ_U64(z.total, 8902, "a 0-ply split is the root itself");
    if (read_fen(kiwipete, &p)) {
        struct split_sum k = {.rest = 2};
        perft_split(&p, 2, add_split, &k);
        UNIT_EQ_U64(k.total, 4085603, "Kiwipete: split 2 + perft 2 = perft 4");
    }
}

/* perft_suite: the ;Dn operations of an EPD record. */
static void test_suite_epd(void)
{
    static const char good[] = "8/8/8/8/8/8/8/K6k w - - ;D2 9 ;id \"x\" ;D1 3 ;D31 7";
    static const char bad[] = "8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D3 6x6 ;D2 ";
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {0};
    struct perft_expect e;
    struct perft_suite_problem pb = {0};
    if (!UNIT_CHECK(fen_read(good, strlen(good), &opt, &rec, &rep), "EPD record read"))
        return;
    UNIT_CHECK(perft_suite_epd_counts(&rec, &e, &pb) && perft_expect_has(&e, 1) &&
                   perft_expect_has(&e, 2) && !perft_expect_has(&e, 3) &&
                   !perft_expect_has(&e, 31) && e.count[1] == 3 && e.count[2] == 9,
               ";D2 9 ;D1 3 read in any order, other operations and ;D31 passed over");
    if (!UNIT_CHECK(fen_read(bad, strlen(bad), &opt, &rec, &rep),
                    "EPD record with a bad count read"))
        return;
    UNIT_CHECK(!perft_suite_epd_counts(&rec, &e, &pb), "a malformed ;Dn is refused");
    UNIT_EQ_STR(pb.message, "invalid ;D2 count ''",
                "the first malformed depth is named, ;D2 before ;D3");
    UNIT_EQ_INT(pb.col, (long long)sizeof bad - 1, "... at the column after ';D2 '");
}

/* Spell a complete block "LINE:ID:EPD-LINE[:bad]:D=N,..." into out. */
static size_t spell_block(const struct perft_suite_block *x, char *out, size_t size)
{
    size_t n = (size_t)snprintf(out, size, "%lu:%s:%lu%s:", x->line, x->id, x->epd_line,
                                x->bad ? ":bad" : "");
    for (int d = 1; d <= PERFT_SUITE_DEPTH_MAX && n < size; d++)
        if (perft_expect_has(&x->expect, d))
            n += (size_t)snprintf(out + n, size - n, "%d=%llu,", d,
                                  (unsigned long long)x->expect.count[d]);
    return n < size ? n + (size_t)snprintf(out + n, size - n, " ") : n;
}

/* Feed every line of text to a block reader: the blocks and problems it
 * gives, in order, as spell_block and "!LINE:COL:message ". */
static void feed_text(const char *text, char *out, size_t size)
{
    struct perft_suite_block b = {0}, done;
    struct perft_suite_problem pb;
    size_t n = 0;
    unsigned long line = 0;
    out[0] = '\0';
    for (const char *s = text; *s && n < size;) {
        size_t len = strcspn(s, "\n");
        int rc = perft_suite_feed(&b, s, len, ++line, &done, &pb);
        if (rc & PERFT_SUITE_COMPLETE)
            n += spell_block(&done, out + n, size - n);
        if ((rc & PERFT_SUITE_PROBLEM) && n < size)
            n += (size_t)snprintf(out + n, size - n, "!%lu:%u:%s ", line, pb.col, pb.message);
        s += len + (s[len] == '\n');
    }
    if (b.open && n < size)
        spell_block(&b, out + n, size - n); /* the end completes the last block */
}

/* perft_suite: python-chess's blocks, and what is malformed in them. */
static void test_suite_blocks(void)
{
    char out[1024];
    feed_text("# a comment\n\nid a\nepd 8/8/8/8/8/8/8/K6k w - -\nperft 1 3\nperft 2 9\n\n"
              "id b\nepd 8/8/8/8/8/8/8/K6k b - -\nperft 1 3\n",
              out, sizeof out);
    UNIT_EQ_STR(out, "3:a:4:1=3,2=9, 8:b:9:1=3, ", "two blocks, comments and blank lines between");
    feed_text("epd 8/8/8/8/8/8/8/K6k w - -\nperft 1 3\nepd 8/8/8/8/8/8/8/K6k b - -\nperft 2 9\n",
              out, sizeof out);
    UNIT_EQ_STR(out, "1::1:1=3, 3::3:2=9, ", "blocks without id lines, one per epd");
    feed_text("perft 1 3\nid a\nperft 1 3\nepd 8/8/8/8/8/8/8/K6k w - -\nperft 0 3\nperft 31 3\n"
              "perft 1 x3\nperft 1\nperft 1 3 4\nperft 1 3\nperft 1 4\nfoo bar\n",
              out, sizeof out);
    UNIT_EQ_STR(out,
                "!1:1:a 'perft' line before the block's 'epd' line "
                "!3:1:a 'perft' line before the block's 'epd' line "
                "!5:7:invalid perft depth '0' (expected 1 to 30) "
                "!6:7:invalid perft depth '31' (expected 1 to 30) "
                "!7:9:invalid perft count 'x3' "
                "!8:8:invalid perft count '' "
                "!9:11:unexpected '4' after the count "
                "!11:7:a second count for depth 1 "
                "!12:1:unknown line 'foo' (expected id, epd or perft) "
                "2:a:4:bad:1=3, ",
                "each malformed line reported at its column; the block is bad");
    UNIT_CHECK(
        perft_suite_is_block_line("  epd 8/8", 9) && perft_suite_is_block_line("id x", 4) &&
            !perft_suite_is_block_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 46) &&
            !perft_suite_is_block_line("idle", 4),
        "the two formats are told apart by the first word");
}

/* The published python-chess suites, read with the block reader: as many
 * blocks as "id" lines, and the counts they publish to the depths given. */
static void test_published_suite(const char *shared, const char *name, int depth, bool chess960,
                                 unsigned long want_blocks)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/perft/%s", shared, name);
    if (!unit_need_shared(path))
        return;
    FILE *f = fopen(path, "r");
    if (!UNIT_CHECK(f != NULL, "%s is readable", path))
        return;
    char line[2048];
    unsigned long line_no = 0, blocks = 0, ids = 0, checked = 0;
    int bad = 0;
    struct perft_suite_block b = {0}, done;
    struct perft_suite_problem pb;
    bool more = true;
    while (more) {
        more = fgets(line, sizeof line, f) != NULL;
        size_t len = more ? strcspn(line, "\r\n") : 0;
        int rc = more ? perft_suite_feed(&b, line, len, ++line_no, &done, &pb) : 0;
        if (more && strncmp(line, "id ", 3) == 0)
            ids++;
        if (rc & PERFT_SUITE_PROBLEM)
            bad++;
        if (!more && b.open) {
            done = b;
            rc |= PERFT_SUITE_COMPLETE;
        }
        if (!(rc & PERFT_SUITE_COMPLETE))
            continue;
        blocks++;
        struct fen_record rec;
        struct fen_report rep = {0};
        struct fen_options opt = {.chess960 = chess960, .playable = true};
        if (done.bad || !fen_read(done.epd, done.epd_len, &opt, &rec, &rep)) {
            if (!bad)
                printf("#   first bad block: line %lu\n", done.line);
            bad++;
            continue;
        }
        for (int d = 1; d <= depth; d++) {
            if (!perft_expect_has(&done.expect, d))
                continue;
            checked++;
            if (perft_count(&rec.pos, d) != done.expect.count[d]) {
                if (!bad)
                    printf("#   first wrong: %s (%s) depth %d\n", done.epd, done.id, d);
                bad++;
            }
        }
    }
    fclose(f);
    UNIT_CHECK(blocks == want_blocks && blocks == ids && bad == 0,
               "%s: %lu blocks (%lu id lines), %lu counts to depth %d as published", name, blocks,
               ids, checked, depth);
}

/* perft_divide_sort puts the divide in the order of its UCI texts, as
 * Stockfish prints it, the counts following their moves. */
static void test_divide_sort(void)
{
    static const char *const fens[] = {kiwipete, "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
                                       "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                                       "4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1"};
    static const enum uci_castling styles[] = {UCI_CASTLING_AUTO, UCI_CASTLING_KING_TWO,
                                               UCI_CASTLING_KING_ROOK};
    int bad = 0;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct position p;
        if (!read_fen(fens[i], &p))
            continue;
        for (size_t k = 0; k < 3; k++) {
            struct perft_divide d, e;
            struct perft_config cfg = {.threads = 1};
            perft_run(&p, 2, &cfg, &d);
            e = d;
            perft_divide_sort(&p, &d, styles[k]);
            for (int j = 0; j < d.count; j++) {
                char a[UCI_MOVE_MAX], b[UCI_MOVE_MAX];
                uci_format(&p, d.moves[j], styles[k], a);
                if (j && (uci_format(&p, d.moves[j - 1], styles[k], b), strcmp(b, a) > 0))
                    bad++;
                struct position c = p;
                makemove_play(&c, d.moves[j]);
                if (d.nodes[j] != perft_count(&c, 1))
                    bad++;
            }
            if (d.count != e.count)
                bad++;
        }
    }
    UNIT_EQ_INT(bad, 0, "divides sorted by their UCI text in every castling style, counts kept");
}

/* The reference walk with the bug the UCI helper injects: only the
 * en-passant captures are missing. */
static void test_reference_bug(void)
{
    struct position p;
    if (!read_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", &p))
        return;
    struct perft_divide good, buggy;
    uint64_t g = perft_ref_divide(&p, 2, 0, &good),
             b = perft_ref_divide(&p, 2, PERFT_REF_NO_EN_PASSANT, &buggy);
    UNIT_CHECK(g == perft_count(&p, 2) && good.count == buggy.count + 1 && b < g,
               "without en passant: %d root moves of %d, %llu nodes of %llu", buggy.count,
               good.count, (unsigned long long)b, (unsigned long long)g);
}

/* The last-ply counter (perft_leaf.h) is a fast copy of this: every legal
 * move played in full, the moves after it counted by the generator. */
static uint64_t leaf_plain(const struct position *p)
{
    struct movelist l;
    uint64_t total = 0;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        struct position c = *p;
        makemove_play(&c, l.moves[i]);
        total += (uint64_t)movegen_count(&c);
    }
    return total;
}

struct leaf_tally {
    unsigned long tried, bad;
};

/* perft_leaf_count against leaf_plain on p and every position up to plies
 * below it; the first that differs is shown. */
static void leaf_walk(const struct position *p, int plies, struct leaf_tally *t)
{
    t->tried++;
    uint64_t fast = perft_leaf_count(p), plain = leaf_plain(p);
    if (fast != plain) {
        if (!t->bad) {
            char fen[FEN_MAX];
            fen_format(p, fen, sizeof fen);
            printf("#   first wrong: %s (%llu, the plain count %llu)\n", fen,
                   (unsigned long long)fast, (unsigned long long)plain);
        }
        t->bad++;
    }
    if (plies == 0)
        return;
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        struct position c = *p;
        makemove_play(&c, l.moves[i]);
        leaf_walk(&c, plies - 1, t);
    }
}

static void test_leaf_roots(const char *name, const struct position *roots, int n, int plies)
{
    struct leaf_tally t = {0};
    for (int i = 0; i < n; i++)
        leaf_walk(&roots[i], plies, &t);
    UNIT_CHECK(t.bad == 0 && t.tried > 0,
               "the last-ply counter equals the plain count on %lu positions up to %d plies "
               "from %s (%lu differ)",
               t.tried, plies, name, t.bad);
}

static void test_leaf_records(const char *name, const struct record *recs, int n, int plies)
{
    static struct position roots[RECORDS_MAX];
    for (int i = 0; i < n; i++)
        roots[i] = recs[i].pos;
    test_leaf_roots(name, roots, n, plies);
}

/* The positions of the "epd" lines of a python-chess suite (shared
 * $SHARED/perft/NAME), read as the variant given (Chess960 castling
 * allowed). */
static void test_leaf_suite(const char *shared, const char *name, const char *variant, int plies)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/perft/%s", shared, name);
    if (!unit_need_shared(path))
        return;
    FILE *f = fopen(path, "r");
    if (!UNIT_CHECK(f != NULL, "%s is readable", path))
        return;
    struct fen_options opt = {.chess960 = true, .playable = true};
    enum variant v = VARIANT_CHESS;
    bool frc;
    if (variant && variant_parse(variant, strlen(variant), &v, &frc))
        opt.variant = (uint8_t)v;
    static struct position roots[8000];
    int n = 0;
    char line[2048];
    while (n < (int)(sizeof roots / sizeof roots[0]) && fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n");
        struct fen_record rec;
        struct fen_report rep = {0};
        if (strncmp(line, "epd ", 4) == 0 && fen_read(line + 4, len - 4, &opt, &rec, &rep))
            roots[n++] = rec.pos;
    }
    fclose(f);
    test_leaf_roots(name, roots, n, plies);
}

static void test_leaf_basics(void)
{
    struct position p[2];
    position_start(&p[0]);
    if (UNIT_CHECK(read_fen(kiwipete, &p[1]), "Kiwipete read"))
        test_leaf_roots("the start position and Kiwipete", p, 2, 3);
    static const char *const frc[] = {
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        "4k3/8/8/8/8/8/P7/4K1RR w G - 0 1"};
    struct position q[3];
    int n = 0;
    for (size_t i = 0; i < sizeof frc / sizeof frc[0]; i++)
        if (read_fen(frc[i], &q[n]))
            n++;
    UNIT_EQ_INT(n, 3, "three Chess960 roots read");
    test_leaf_roots("three Chess960 roots", q, n, 2);
}

/* ---- The breakdown ---- */

/* "-": the page gives no figure. */
#define NA UINT64_MAX

/* The Chess Programming Wiki's published perft tables, page "Perft
 * Results" (https://www.chessprogramming.org/Perft_Results), as
 * tests/cli/fixtures/perft-breakdown/published.tsv types them (there with
 * the deeper rows, start position depth 6 and Kiwipete depth 5, which
 * scripts/bench-perft counts): nodes, captures, en passant, castles,
 * promotions, checks, discovered checks, double checks, checkmates.
 * Positions 4 and its mirror have no discovered or double checks in the
 * table, position 5 only nodes. */
static const struct {
    const char *fen;
    int depth;
    uint64_t want[PERFT_COLUMNS];
} published[] = {
#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define POS3 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
#define POS4 "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
#define POS4M "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"
#define POS5 "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
    {START, 1, {20, 0, 0, 0, 0, 0, 0, 0, 0}},
    {START, 2, {400, 0, 0, 0, 0, 0, 0, 0, 0}},
    {START, 3, {8902, 34, 0, 0, 0, 12, 0, 0, 0}},
    {START, 4, {197281, 1576, 0, 0, 0, 469, 0, 0, 8}},
    {START, 5, {4865609, 82719, 258, 0, 0, 27351, 6, 0, 347}},
    {KIWIPETE, 1, {48, 8, 0, 2, 0, 0, 0, 0, 0}},
    {KIWIPETE, 2, {2039, 351, 1, 91, 0, 3, 0, 0, 0}},
    {KIWIPETE, 3, {97862, 17102, 45, 3162, 0, 993, 0, 0, 1}},
    {KIWIPETE, 4, {4085603, 757163, 1929, 128013, 15172, 25523, 42, 6, 43}},
    {POS3, 1, {14, 1, 0, 0, 0, 2, 0, 0, 0}},
    {POS3, 2, {191, 14, 0, 0, 0, 10, 0, 0, 0}},
    {POS3, 3, {2812, 209, 2, 0, 0, 267, 3, 0, 0}},
    {POS3, 4, {43238, 3348, 123, 0, 0, 1680, 106, 0, 17}},
    {POS3, 5, {674624, 52051, 1165, 0, 0, 52950, 1292, 3, 0}},
    {POS3, 6, {11030083, 940350, 33325, 0, 7552, 452473, 26067, 0, 2733}},
    {POS4, 1, {6, 0, 0, 0, 0, 0, NA, NA, 0}},
    {POS4, 2, {264, 87, 0, 6, 48, 10, NA, NA, 0}},
    {POS4, 3, {9467, 1021, 4, 0, 120, 38, NA, NA, 22}},
    {POS4, 4, {422333, 131393, 0, 7795, 60032, 15492, NA, NA, 5}},
    {POS4, 5, {15833292, 2046173, 6512, 0, 329464, 200568, NA, NA, 50562}},
    {POS4M, 1, {6, 0, 0, 0, 0, 0, NA, NA, 0}},
    {POS4M, 2, {264, 87, 0, 6, 48, 10, NA, NA, 0}},
    {POS4M, 3, {9467, 1021, 4, 0, 120, 38, NA, NA, 22}},
    {POS4M, 4, {422333, 131393, 0, 7795, 60032, 15492, NA, NA, 5}},
    {POS5, 1, {44, NA, NA, NA, NA, NA, NA, NA, NA}},
    {POS5, 2, {1486, NA, NA, NA, NA, NA, NA, NA, NA}},
    {POS5, 3, {62379, NA, NA, NA, NA, NA, NA, NA, NA}},
    {POS5, 4, {2103487, NA, NA, NA, NA, NA, NA, NA, NA}},
};

static void test_breakdown_published(void)
{
    for (size_t i = 0; i < sizeof published / sizeof published[0]; i++) {
        struct position p;
        if (!UNIT_CHECK(read_fen(published[i].fen, &p), "published position %zu read", i))
            continue;
        struct perft_config cfg = {.threads = 2};
        struct perft_breakdown b;
        perft_breakdown_run(&p, published[i].depth, &cfg, &b, NULL);
        for (int c = 0; c < PERFT_COLUMNS; c++)
            if (published[i].want[c] != NA)
                UNIT_CHECK(b.count[c] == published[i].want[c],
                           "%s depth %d: %s %" PRIu64 " (published %" PRIu64 ")", published[i].fen,
                           published[i].depth, perft_column_names[c], b.count[c],
                           published[i].want[c]);
    }
}

static bool same_breakdown(const struct perft_breakdown *a, const struct perft_breakdown *b)
{
    return memcmp(a->count, b->count, sizeof a->count) == 0;
}

/* The divide adds up to the total, threads change nothing, the sort keeps
 * each row with its move, the node column is perft_run's (the variants
 * too), and depth 0 is the position alone. */
static void test_breakdown_basics(void)
{
    struct position p;
    position_start(&p);
    struct perft_breakdown b, one;
    perft_breakdown_run(&p, 0, NULL, &b, NULL);
    UNIT_EQ_U64(b.count[PERFT_NODES], 1, "breakdown depth 0: one node");
    UNIT_EQ_U64(b.count[PERFT_CHECKS], 0, "breakdown depth 0: no move, no check");
    if (!read_fen(KIWIPETE, &p))
        return;
    static struct perft_breakdown_divide d;
    struct perft_config three = {.threads = 3};
    perft_breakdown_run(&p, 3, NULL, &one, NULL);
    perft_breakdown_run(&p, 3, &three, &b, &d);
    UNIT_CHECK(same_breakdown(&one, &b), "Kiwipete depth 3: three threads as one");
    UNIT_EQ_INT(d.count, 48, "Kiwipete's breakdown divides into its 48 moves");
    struct perft_breakdown sum = {{0}};
    for (int i = 0; i < d.count; i++)
        for (int c = 0; c < PERFT_COLUMNS; c++)
            sum.count[c] += d.below[i].count[c];
    UNIT_CHECK(same_breakdown(&sum, &b), "the divide's rows add up to the total");
    static struct perft_breakdown_divide sorted;
    sorted = d;
    perft_breakdown_divide_sort(&p, &sorted, UCI_CASTLING_AUTO);
    bool kept = true;
    for (int i = 0; i < sorted.count; i++) {
        struct position child = p;
        makemove_play(&child, sorted.moves[i]);
        struct perft_breakdown below;
        perft_breakdown_run(&child, 2, NULL, &below, NULL);
        kept &= below.count[PERFT_NODES] == sorted.below[i].count[PERFT_NODES];
    }
    UNIT_CHECK(kept, "after the sort each row is its move's");
    struct perft_divide nd;
    perft_run(&p, 3, NULL, &nd);
    perft_divide_sort(&p, &nd, UCI_CASTLING_AUTO);
    bool same = nd.count == sorted.count;
    for (int i = 0; same && i < nd.count; i++)
        same = nd.moves[i] == sorted.moves[i] && nd.nodes[i] == sorted.below[i].count[PERFT_NODES];
    UNIT_CHECK(same, "the sorted breakdown divide is perft's sorted divide, move by move");

    struct perft_progress progress;
    atomic_init(&progress.nodes_done, 0);
    atomic_init(&progress.items_done, 0);
    atomic_init(&progress.items_total, 0);
    struct perft_config watched = {.threads = 2, .progress = &progress};
    perft_breakdown_run(&p, 3, &watched, &b, NULL);
    UNIT_EQ_U64(atomic_load(&progress.nodes_done), b.count[PERFT_NODES],
                "the breakdown's progress ends at its total");

    for (int v = 1; v < VARIANT_NB; v++) {
        struct fen_record rec;
        struct fen_report rep = {0};
        struct fen_options opt = {.variant = (uint8_t)v};
        const char *fen = variant_rules((enum variant)v)->start;
        if (!UNIT_CHECK(fen_read(fen, strlen(fen), &opt, &rec, &rep), "%s start read",
                        variant_rules((enum variant)v)->name))
            continue;
        perft_breakdown_run(&rec.pos, 3, &three, &b, NULL);
        UNIT_EQ_U64(b.count[PERFT_NODES], perft_count(&rec.pos, 3),
                    variant_rules((enum variant)v)->name);
    }
}

int main(void)
{
    const char *shared = getenv("SHARED");
    char path[1024];
    static struct record std_recs[RECORDS_MAX], frc_recs[RECORDS_MAX];
    test_basics();
    test_castling_rooks_apart();
    test_split();
    test_suite_epd();
    test_suite_blocks();
    test_divide_sort();
    test_reference_bug();
    test_leaf_basics();
    test_breakdown_basics();
    test_breakdown_published();
    test_published_suite(shared ? shared : "../shared/data", "tricky.perft", 5, true, 19);
    test_published_suite(shared ? shared : "../shared/data", "random.perft", 2, false, 6838);
    snprintf(path, sizeof path, "%s/perft/standard.epd", shared ? shared : "../shared/data");
    if (!unit_need_shared(path))
        return unit_done();
    int ns = load_suite(path, std_recs, RECORDS_MAX);
    snprintf(path, sizeof path, "%s/perft/fischer960.epd", shared ? shared : "../shared/data");
    if (!unit_need_shared(path))
        return unit_done();
    int nf = load_suite(path, frc_recs, RECORDS_MAX);
    if (!UNIT_CHECK(ns > 100 && nf > 900, "the shared suites read (%d and %d records)", ns, nf))
        return unit_done();
    test_slow_walk(
        "movegen_legal + makemove_play, keys included, give the standard suite to depth 3",
        std_recs, ns, 3);
    test_slow_walk("movegen_legal + makemove_play give the Chess960 suite to depth 2", frc_recs, nf,
                   2);
    test_count_matches_list(std_recs, ns);
    test_count_matches_list(frc_recs, 100);
    test_random_positions(std_recs, ns, 2, 20);
    test_random_positions(std_recs, ns, 3, 3);
    test_random_positions(frc_recs, nf, 2, 2);
    test_random_positions(frc_recs, 300, 3, 1);
    test_leaf_records("the standard suite", std_recs, ns, 2);
    test_leaf_records("the Chess960 suite", frc_recs, nf, 1);
    test_leaf_records("the first 300 records of the Chess960 suite", frc_recs, 300, 2);
    test_leaf_suite(shared ? shared : "../shared/data", "tricky.perft", NULL, 2);
    test_leaf_suite(shared ? shared : "../shared/data", "random.perft", NULL, 1);
    static const char *const variants[] = {"3check",   "atomic", "crazyhouse",
                                           "giveaway", "horde",  "racingkings"};
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        char name[64];
        snprintf(name, sizeof name, "variants/%s.perft", variants[i]);
        test_leaf_suite(shared ? shared : "../shared/data", name, variants[i], 1);
    }
    test_run_variants(std_recs, ns, 4);
    test_run_variants(frc_recs, 200, 3);
    return unit_done();
}
