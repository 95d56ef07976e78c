/* libFuzzer target for the annotation reader (lib/games/annotation.h): any
 * bytes as a comment's text.  Besides crashes and sanitizer reports, a
 * finding is any broken property (abort):
 *  - the text left is no longer than the comment, has no blank at either
 *    end, and is the comment itself when nothing was read;
 *  - every value is in its range: clocks not negative and below the
 *    widest H:MM:SS read, an evaluation's value and depth within nine
 *    digits, shapes of the four colours on the 64 squares, no more kept
 *    than there is room for;
 *  - a problem lies inside the comment, starts with "[%", and its code is
 *    set exactly when one was counted;
 *  - the text read again holds no command that was taken out: no value,
 *    no shape;
 *  - read in place (text the comment itself), the same text and values;
 *  - the formatted numbers fit their bounds;
 *  - the same comment read in two pieces at a blank-free cut (as a ply's
 *    two comments) keeps the first piece's values. */
#include "games/annotation.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(bool cond)
{
    if (!cond)
        abort();
}

static bool blank(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

/* The widest clock: 999999999:999999999:999999999.999 */
static const int64_t CLOCK_MAX =
    999999999LL * 3600000 + 999999999LL * 60000 + 999999999LL * 1000 + 999;

static void check_values(const struct annotations *a, size_t size)
{
    require(
        !(a->has & ~(unsigned)(ANNOTATION_HAS_CLOCK | ANNOTATION_HAS_EMT | ANNOTATION_HAS_EVAL)));
    if (a->has & ANNOTATION_HAS_CLOCK)
        require(a->clock_ms >= 0 && a->clock_ms <= CLOCK_MAX);
    if (a->has & ANNOTATION_HAS_EMT)
        require(a->emt_ms >= 0 && a->emt_ms <= CLOCK_MAX);
    if (a->has & ANNOTATION_HAS_EVAL) {
        require(a->eval.value >= -999999999 && a->eval.value <= 999999999);
        require(a->eval.depth >= -1 && a->eval.depth <= 999999999);
    }
    require(a->nshapes <= ANNOTATION_SHAPES_MAX);
    require(!a->shapes_dropped || a->nshapes == ANNOTATION_SHAPES_MAX);
    for (size_t i = 0; i < a->nshapes; i++) {
        const struct annotation_shape *s = &a->shapes[i];
        require(s->brush && strchr("RGYB", s->brush) && s->from < 64 && s->to < 64);
    }
    require((a->problem.code == ANNOTATION_OK) == (a->nproblems == 0));
    require(a->problem.code >= ANNOTATION_OK && a->problem.code <= ANNOTATION_E_SHAPE);
    if (a->nproblems)
        require(a->problem.len >= 2 && a->problem.offset + a->problem.len <= size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* copies of the exact size: a read past either is the sanitizers' */
    char *comment = malloc(size ? size : 1);
    char *text = malloc(size ? size : 1);
    char *again = malloc(size ? size : 1);
    if (!comment || !text || !again)
        abort();
    if (size)
        memcpy(comment, data, size);
    static struct annotations a, b;

    size_t n = annotation_parse(comment, size, &a, text);
    require(n <= size);
    require(!n || (!blank(text[0]) && !blank(text[n - 1])));
    check_values(&a, size);
    if (a.nproblems)
        require(memcmp(comment + a.problem.offset, "[%", 2) == 0);
    bool read = a.has || a.nshapes || a.shapes_dropped;
    if (!read) { /* nothing taken out: the comment trimmed */
        size_t lo = 0, hi = size;
        while (lo < hi && blank(comment[lo]))
            lo++;
        while (hi > lo && blank(comment[hi - 1]))
            hi--;
        require(n == hi - lo && memcmp(text, comment + lo, n) == 0);
    }

    /* in place: the same text and values */
    memcpy(again, comment, size);
    require(annotation_parse(again, size, &b, again) == n && memcmp(again, text, n) == 0);
    require(b.has == a.has && b.clock_ms == a.clock_ms && b.emt_ms == a.emt_ms &&
            b.nshapes == a.nshapes && b.nproblems == a.nproblems);

    /* the text again: nothing left to take out */
    size_t m = annotation_parse(text, n, &b, again);
    check_values(&b, n);
    require(!b.has && !b.nshapes && !b.shapes_dropped);
    require(m == n && memcmp(again, text, n) == 0);

    /* in two pieces: the first piece's values hold */
    if (size > 1) {
        size_t cut = (size_t)data[0] % size;
        struct annotations first;
        annotation_parse(comment, cut, &first, text);
        annotation_init(&b);
        annotation_parse_more(comment, cut, &b, text);
        annotation_parse_more(comment + cut, size - cut, &b, text);
        check_values(&b, size);
        if (first.has & ANNOTATION_HAS_CLOCK)
            require(b.clock_ms == first.clock_ms);
        if (first.has & ANNOTATION_HAS_EVAL)
            require(b.eval.value == first.eval.value && b.eval.mate == first.eval.mate);
        require((b.has & first.has) == first.has);
    }

    char buf[ANNOTATION_SECONDS_MAX + ANNOTATION_EVAL_MAX];
    if (a.has & ANNOTATION_HAS_CLOCK)
        require(annotation_format_seconds(a.clock_ms, buf) <= ANNOTATION_SECONDS_MAX);
    if (a.has & ANNOTATION_HAS_EVAL)
        require(annotation_format_eval(&a.eval, buf) <= ANNOTATION_EVAL_MAX);
    require(*annotation_error_message(a.problem.code));
    free(comment);
    free(text);
    free(again);
    return 0;
}
