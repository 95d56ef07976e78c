/* Unit tests of the annotation reader (lib/games/annotation.h).
 *
 * The expected values are python-chess's and chessops's, not ours: clock,
 * emt and eval (with depth) as python-chess reads "1. e4 {COMMENT} *"
 * (node.clock(), node.emt(), node.eval().white(), node.eval_depth(),
 * node.arrows()), and the text as chessops's parseComment leaves it, with
 * its run of two spaces where a command stood between words made one
 * (formats/annotations.md).  Computed by
 *
 *     PYTHONPATH=/work/pychess python3 -c 'import chess.pgn, io, sys
 *     for c in sys.stdin.read().split("\n")[:-1]:
 *         n = chess.pgn.read_game(io.StringIO("1. e4 {" + c + "} *")).next(); e = n.eval()
 *         print(repr(c), n.clock(), n.emt(), e and e.white(), n.eval_depth(),
 *               [(a.color, a.tail, a.head) for a in n.arrows()])' < cases
 *     node -e 'import("CHESSOPS/dist/esm/pgn.js").then(({parseComment}) =>
 *         require("fs").readFileSync(0, "utf8").split("\n").slice(0, -1).forEach(c =>
 *         process.stdout.write(JSON.stringify(parseComment(c)) + "\n")))' < cases
 *
 * where they agree.  Where they disagree (the first value or the last;
 * "[%eval 3.]"; four decimals of a second) the choice of annotations.md
 * is noted on the case. */
#include "games/annotation.h"

#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NONE = -1 };

struct want_shape {
    char brush;
    const char *from, *to;
};

struct kase {
    const char *comment;
    double clock, emt; /* seconds, or NONE */
    int eval_kind;     /* 0 none, 'c' centipawns, 'm' mate */
    int value, depth;  /* depth NONE when absent */
    const char *text;
    enum annotation_error problem;
    struct want_shape shapes[4];
};

static const struct kase cases[] = {
    {"[%clk 0:03:01]", 181, NONE, 0, 0, NONE, "", 0, {{0}}},
    {" [%eval 0.26] [%clk 0:03:01] ", 181, NONE, 'c', 26, NONE, "", 0, {{0}}},
    {"[%clk 1:02:03.4]", 3723.4, NONE, 0, 0, NONE, "", 0, {{0}}},
    {"[%clk 0:00:09.25]", 9.25, NONE, 0, 0, NONE, "", 0, {{0}}},
    {"[%clk 10:00:00]", 36000, NONE, 0, 0, NONE, "", 0, {{0}}},
    {"[%clk 0:00:05.]", 5, NONE, 0, 0, NONE, "", 0, {{0}}},
    {"[%emt 0:00:05]", NONE, 5, 0, 0, NONE, "", 0, {{0}}},
    {"[%emt 0:01:02.5] [%clk 0:10:00]", 600, 62.5, 0, 0, NONE, "", 0, {{0}}},
    {"[%eval #-3]", NONE, NONE, 'm', -3, NONE, "", 0, {{0}}},
    {"[%eval #3]", NONE, NONE, 'm', 3, NONE, "", 0, {{0}}},
    {"[%eval #+2,30]", NONE, NONE, 'm', 2, 30, "", 0, {{0}}},
    {"[%eval -1.5,22]", NONE, NONE, 'c', -150, 22, "", 0, {{0}}},
    {"[%eval +0.26]", NONE, NONE, 'c', 26, NONE, "", 0, {{0}}},
    {"[%eval .5]", NONE, NONE, 'c', 50, NONE, "", 0, {{0}}},
    {"[%eval -.05]", NONE, NONE, 'c', -5, NONE, "", 0, {{0}}},
    {"[%eval 3]", NONE, NONE, 'c', 300, NONE, "", 0, {{0}}},
    /* python-chess reads it, chessops does not: read (python-chess's grammar) */
    {"[%eval 3.]", NONE, NONE, 'c', 300, NONE, "", 0, {{0}}},
    {"[%eval -0.00]", NONE, NONE, 'c', 0, NONE, "", 0, {{0}}},
    {"[%eval 0.29]", NONE, NONE, 'c', 29, NONE, "", 0, {{0}}},
    {"[%eval 12.34,0]", NONE, NONE, 'c', 1234, 0, "", 0, {{0}}},
    {"Inaccuracy. Nf3 was best. [%eval 0.17] [%clk 0:00:30]",
     30,
     NONE,
     'c',
     17,
     NONE,
     "Inaccuracy. Nf3 was best.",
     0,
     {{0}}},
    /* chessops: "Good move  and more" */
    {"[%clk 0:00:30] Good move [%eval 1.5] and more",
     30,
     NONE,
     'c',
     150,
     NONE,
     "Good move and more",
     0,
     {{0}}},
    /* the first value holds, as python-chess's (chessops keeps the last) */
    {"[%clk 0:01:00] [%clk 0:02:00]", 60, NONE, 0, 0, NONE, "", 0, {{0}}},
    {"[%eval 0.5] [%eval 0.7]", NONE, NONE, 'c', 50, NONE, "", 0, {{0}}},
    {"[%csl Ge4,Rd5]", NONE, NONE, 0, 0, NONE, "", 0, {{'G', "e4", "e4"}, {'R', "d5", "d5"}}},
    {"[%cal Ge2e4,Bg1f3] [%csl Yh8]",
     NONE,
     NONE,
     0,
     0,
     NONE,
     "",
     0,
     {{'G', "e2", "e4"}, {'B', "g1", "f3"}, {'Y', "h8", "h8"}}},
    {"text [%tqu \"a\",\"b\"] more",
     NONE,
     NONE,
     0,
     0,
     NONE,
     "text [%tqu \"a\",\"b\"] more",
     0,
     {{0}}},
    {"[%clkx 0:01:00] after", NONE, NONE, 0, 0, NONE, "[%clkx 0:01:00] after", 0, {{0}}},
    /* malformed: neither reads them; kept in the text and reported */
    {"[%clk 3:1]", NONE, NONE, 0, 0, NONE, "[%clk 3:1]", ANNOTATION_E_CLOCK, {{0}}},
    {"[%clk 0:01]", NONE, NONE, 0, 0, NONE, "[%clk 0:01]", ANNOTATION_E_CLOCK, {{0}}},
    {"[%clk  0:01:00]", NONE, NONE, 0, 0, NONE, "[%clk  0:01:00]", ANNOTATION_E_CLOCK, {{0}}},
    {"[%clk 0:01:00 ]", NONE, NONE, 0, 0, NONE, "[%clk 0:01:00 ]", ANNOTATION_E_CLOCK, {{0}}},
    /* python-chess reads 1.2345, chessops nothing: malformed (milliseconds at most) */
    {"[%clk 0:00:01.2345]",
     NONE,
     NONE,
     0,
     0,
     NONE,
     "[%clk 0:00:01.2345]",
     ANNOTATION_E_CLOCK,
     {{0}}},
    {"[%clk]", NONE, NONE, 0, 0, NONE, "[%clk]", ANNOTATION_E_CLOCK, {{0}}},
    {"[%emt x]", NONE, NONE, 0, 0, NONE, "[%emt x]", ANNOTATION_E_CLOCK, {{0}}},
    {"[%eval abc]", NONE, NONE, 0, 0, NONE, "[%eval abc]", ANNOTATION_E_EVAL, {{0}}},
    {"[%eval 0.265]", NONE, NONE, 0, 0, NONE, "[%eval 0.265]", ANNOTATION_E_EVAL, {{0}}},
    {"[%eval #]", NONE, NONE, 0, 0, NONE, "[%eval #]", ANNOTATION_E_EVAL, {{0}}},
    {"[%eval 1,]", NONE, NONE, 0, 0, NONE, "[%eval 1,]", ANNOTATION_E_EVAL, {{0}}},
    {"[%eval 1 ]", NONE, NONE, 0, 0, NONE, "[%eval 1 ]", ANNOTATION_E_EVAL, {{0}}},
    {"[%csl Ge9]", NONE, NONE, 0, 0, NONE, "[%csl Ge9]", ANNOTATION_E_SHAPE, {{0}}},
    {"[%cal Xe2e4]", NONE, NONE, 0, 0, NONE, "[%cal Xe2e4]", ANNOTATION_E_SHAPE, {{0}}},
    {"[%csl Ge4, Rd5]", NONE, NONE, 0, 0, NONE, "[%csl Ge4, Rd5]", ANNOTATION_E_SHAPE, {{0}}},
    {"[%csl ]", NONE, NONE, 0, 0, NONE, "[%csl ]", ANNOTATION_E_SHAPE, {{0}}},
    {"[%clk 0:01:00 [%eval 0.3]",
     NONE,
     NONE,
     'c',
     30,
     NONE,
     "[%clk 0:01:00",
     ANNOTATION_E_CLOCK,
     {{0}}},
};

static int64_t ms_of(double seconds)
{
    return (int64_t)(seconds * 1000 + 0.5);
}

/* One line of what a comment held, the same for what was read and
 * what was expected, so a failure shows both. */
static void summary(char *buf, size_t size, const char *text, int64_t clock, int64_t emt,
                    int eval_kind, int value, int depth, int problem, const char *shapes)
{
    snprintf(buf, size, "text=\"%s\" clock=%lld emt=%lld eval=%c%d,%d problem=%d shapes=%s", text,
             (long long)clock, (long long)emt, eval_kind ? eval_kind : '-', value, depth, problem,
             shapes);
}

static void test_cases(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct kase *k = &cases[i];
        size_t len = strlen(k->comment);
        char *text = malloc(len + 1);
        struct annotations a;
        size_t n = annotation_parse(k->comment, len, &a, text);
        text[n] = '\0';
        char got_shapes[256] = "", want_shapes[256] = "";
        for (size_t s = 0; s < a.nshapes && s < 4; s++)
            snprintf(got_shapes + strlen(got_shapes), sizeof got_shapes - strlen(got_shapes),
                     "%c%c%c%c%c,", a.shapes[s].brush, 'a' + a.shapes[s].from % 8,
                     '1' + a.shapes[s].from / 8, 'a' + a.shapes[s].to % 8,
                     '1' + a.shapes[s].to / 8);
        for (size_t s = 0; s < 4 && k->shapes[s].brush; s++)
            snprintf(want_shapes + strlen(want_shapes), sizeof want_shapes - strlen(want_shapes),
                     "%c%s%s,", k->shapes[s].brush, k->shapes[s].from, k->shapes[s].to);
        char got[512], want[512];
        summary(got, sizeof got, text, a.has & ANNOTATION_HAS_CLOCK ? a.clock_ms : NONE,
                a.has & ANNOTATION_HAS_EMT ? a.emt_ms : NONE,
                a.has & ANNOTATION_HAS_EVAL ? (a.eval.mate ? 'm' : 'c') : 0,
                a.has & ANNOTATION_HAS_EVAL ? a.eval.value : 0,
                a.has & ANNOTATION_HAS_EVAL ? a.eval.depth : NONE, (int)a.problem.code, got_shapes);
        summary(want, sizeof want, k->text, k->clock == NONE ? NONE : ms_of(k->clock),
                k->emt == NONE ? NONE : ms_of(k->emt), k->eval_kind, k->value, k->depth,
                (int)k->problem, want_shapes);
        char desc[200];
        snprintf(desc, sizeof desc, "comment {%s}", k->comment);
        UNIT_EQ_STR(got, want, desc);
        if (k->problem)
            UNIT_CHECK(a.problem.offset == 0 && (k->comment[a.problem.len - 1] == ']' ||
                                                 k->comment[a.problem.len] == '['),
                       "the problem is the whole command of {%s} (length %zu)", k->comment,
                       a.problem.len);
        free(text);
    }
}

/* A problem's place inside a longer comment, over lines; every problem
 * found by parsing again from after the one before. */
static void test_places(void)
{
    const char *c = "good\n[%clk 1:2] x [%eval +-1] [%clk 0:00:07]\n[%csl Gz1]";
    size_t len = strlen(c), at = 0, found = 0;
    char text[128];
    struct annotations a;
    const size_t want_off[] = {5, 18, 45};
    const enum annotation_error want_code[] = {ANNOTATION_E_CLOCK, ANNOTATION_E_EVAL,
                                               ANNOTATION_E_SHAPE};
    size_t n = annotation_parse(c, len, &a, text);
    UNIT_EQ_INT(a.nproblems, 3, "three problems counted");
    UNIT_EQ_INT(a.clock_ms, 7000, "the good clock after two bad commands");
    text[n] = '\0';
    UNIT_EQ_STR(text, "good\n[%clk 1:2] x [%eval +-1] [%csl Gz1]",
                "the text keeps the bad ones; the blanks around a good one become one space");
    while (at < len) {
        annotation_parse(c + at, len - at, &a, text);
        if (!a.nproblems)
            break;
        if (found < 3) {
            UNIT_CHECK(at + a.problem.offset == want_off[found] &&
                           a.problem.code == want_code[found],
                       "problem %zu's offset and code (%zu, %d)", found, at + a.problem.offset,
                       (int)a.problem.code);
        }
        found++;
        at += a.problem.offset + a.problem.len;
    }
    UNIT_EQ_INT(found, 3, "each problem found in turn");
}

/* Several comments of one ply: the first value holds across them. */
static void test_more(void)
{
    struct annotations a;
    char text[64];
    annotation_init(&a);
    annotation_parse_more("[%clk 0:00:10]", 14, &a, text);
    size_t n = annotation_parse_more("hi [%clk 0:00:20] [%eval #-1]", 29, &a, text);
    UNIT_EQ_INT(a.clock_ms, 10000, "the first comment's clock holds");
    UNIT_CHECK(a.has & ANNOTATION_HAS_EVAL && a.eval.mate && a.eval.value == -1,
               "the second comment's eval");
    UNIT_EQ_INT(n, 2, "the second comment's text");
}

/* The numbers as the outputs write them: seconds as python-chess's
 * float prints them less its ".0" (str(181.0), str(181.5), str(0.25),
 * str(3723.4)), and evaluations as centipawns or #N. */
static void test_format(void)
{
    const struct {
        int64_t ms;
        const char *s;
    } secs[] = {{181000, "181"}, {181500, "181.5"}, {250, "0.25"},   {3723400, "3723.4"},
                {0, "0"},        {1, "0.001"},      {10010, "10.01"}};
    for (size_t i = 0; i < sizeof secs / sizeof secs[0]; i++) {
        char buf[ANNOTATION_SECONDS_MAX + 1];
        buf[annotation_format_seconds(secs[i].ms, buf)] = '\0';
        UNIT_EQ_STR(buf, secs[i].s, "milliseconds as seconds");
    }
    const struct {
        struct annotation_eval e;
        const char *s;
    } evals[] = {{{false, 26, -1}, "26"}, {{false, -150, 22}, "-150"},
                 {{true, 3, -1}, "#3"},   {{true, -3, -1}, "#-3"},
                 {{false, 0, -1}, "0"},   {{false, -999999999, -1}, "-999999999"}};
    for (size_t i = 0; i < sizeof evals / sizeof evals[0]; i++) {
        char buf[ANNOTATION_EVAL_MAX + 1];
        buf[annotation_format_eval(&evals[i].e, buf)] = '\0';
        UNIT_EQ_STR(buf, evals[i].s, "an evaluation as a table writes it");
    }
}

/* The widest numbers read, and one digit more (formats/annotations.md). */
static void test_limits(void)
{
    struct annotations a;
    char text[64];
    annotation_parse("[%eval 9999999.99]", 18, &a, text);
    UNIT_EQ_INT(a.eval.value, 999999999, "widest pawns");
    annotation_parse("[%eval 10000000]", 16, &a, text);
    UNIT_EQ_INT(a.problem.code, ANNOTATION_E_EVAL, "eight digits of pawns are malformed");
    annotation_parse("[%clk 999999999:00:00]", 22, &a, text);
    UNIT_EQ_INT(a.clock_ms, 999999999LL * 3600000, "widest hours");
    annotation_parse("[%clk 1000000000:00:00]", 23, &a, text);
    UNIT_EQ_INT(a.problem.code, ANNOTATION_E_CLOCK, "ten digits of hours are malformed");
    annotation_parse("[%eval #-999999999,999999999]", 29, &a, text);
    UNIT_CHECK(a.eval.value == -999999999 && a.eval.depth == 999999999, "widest mate and depth");
}

int main(void)
{
    test_cases();
    test_places();
    test_more();
    test_format();
    test_limits();
    return unit_done();
}
