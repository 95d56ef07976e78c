/* Expected perft counts (perft_suite.h): EPD ';Dn' operations and
 * python-chess's id/epd/perft blocks, read into records. */
#include "perft_suite.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

__attribute__((format(printf, 3, 4))) static bool problem(struct perft_suite_problem *pb,
                                                          unsigned col, const char *fmt, ...)
{
    va_list ap;
    pb->col = col;
    va_start(ap, fmt);
    vsnprintf(pb->message, sizeof pb->message, fmt, ap);
    va_end(ap);
    return false;
}

/* A count is decimal digits only (no sign, no blank) that fit in 64 bits:
 * the published suites go up to about 10^13. */
static bool parse_count(const char *s, size_t len, uint64_t *out)
{
    uint64_t v = 0;
    if (len == 0 || len >= 24)
        return false;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9' || v > (UINT64_MAX - (unsigned)(s[i] - '0')) / 10)
            return false;
        v = v * 10 + (unsigned)(s[i] - '0');
    }
    *out = v;
    return true;
}

/* Every depth's operation is looked up by name (fen_epd_find), so their
 * order in the record does not matter and other operations pass. */
bool perft_suite_epd_counts(const struct fen_record *rec, struct perft_expect *out,
                            struct perft_suite_problem *pb)
{
    memset(out, 0, sizeof *out);
    for (int d = 1; d <= PERFT_SUITE_DEPTH_MAX; d++) {
        char op[8];
        const char *arg;
        size_t len;
        snprintf(op, sizeof op, "D%d", d);
        if (!rec->ops || !fen_epd_find(rec->ops, rec->ops_len, op, &arg, &len))
            continue;
        if (!parse_count(arg, len, &out->count[d]))
            return problem(pb, rec->ops_col + (unsigned)(arg - rec->ops),
                           "invalid ;%s count '%.*s'", op, (int)len, arg);
        out->has |= (uint64_t)1 << d;
    }
    return true;
}

/* A word of a line (blank-separated, as python-chess splits them), with
 * its 1-based column. */
struct word {
    const char *s;
    size_t len;
    unsigned col;
};

/* The next word of s[*i..len), skipping blanks first; false at the end. */
static bool next_word(const char *s, size_t len, size_t *i, struct word *w)
{
    size_t start = *i;
    while (start < len && (s[start] == ' ' || s[start] == '\t'))
        start++;
    if (start == len)
        return false;
    size_t end = start;
    while (end < len && s[end] != ' ' && s[end] != '\t')
        end++;
    *i = end;
    *w = (struct word){s + start, end - start, (unsigned)start + 1};
    return true;
}

static bool word_is(const struct word *w, const char *text)
{
    return w->len == strlen(text) && memcmp(w->s, text, w->len) == 0;
}

bool perft_suite_is_block_line(const char *s, size_t len)
{
    size_t i = 0;
    struct word w;
    return next_word(s, len, &i, &w) &&
           (word_is(&w, "id") || word_is(&w, "epd") || word_is(&w, "perft"));
}

/* Close the open block into *done and open a new one at line_no. */
static int begin_block(struct perft_suite_block *b, unsigned long line_no,
                       struct perft_suite_block *done)
{
    int complete = b->open ? PERFT_SUITE_COMPLETE : 0;
    if (complete)
        *done = *b;
    memset(b, 0, sizeof *b);
    b->open = true;
    b->line = line_no;
    return complete;
}

/* "perft DEPTH COUNT": depth 1 to 30, each depth once, in a block that
 * has its position (else the block is not counted). */
static bool perft_line(struct perft_suite_block *b, const char *s, size_t len, size_t i,
                       const struct word *key, struct perft_suite_problem *pb)
{
    struct word depth = {0}, count = {0}, extra;
    uint64_t d = 0, n = 0;
    if (!b->open || !b->has_epd) {
        b->bad = b->open; /* a block with no position: this one report says so */
        return problem(pb, key->col, "a 'perft' line before the block's 'epd' line");
    }
    if (!next_word(s, len, &i, &depth) || !parse_count(depth.s, depth.len, &d) || d < 1 ||
        d > PERFT_SUITE_DEPTH_MAX)
        return problem(pb, depth.s ? depth.col : (unsigned)len + 1,
                       "invalid perft depth '%.*s' (expected 1 to %d)", (int)depth.len,
                       depth.s ? depth.s : "", PERFT_SUITE_DEPTH_MAX);
    if (!next_word(s, len, &i, &count) || !parse_count(count.s, count.len, &n))
        return problem(pb, count.s ? count.col : (unsigned)len + 1, "invalid perft count '%.*s'",
                       (int)count.len, count.s ? count.s : "");
    if (next_word(s, len, &i, &extra))
        return problem(pb, extra.col, "unexpected '%.*s' after the count", (int)extra.len, extra.s);
    if (perft_expect_has(&b->expect, (int)d))
        return problem(pb, depth.col, "a second count for depth %d", (int)d);
    b->expect.has |= (uint64_t)1 << d;
    b->expect.count[d] = n;
    return true;
}

/* "epd FEN": the block's position; a second one begins a new block, so
 * that files without id lines read too. */
static int epd_line(struct perft_suite_block *b, const char *s, size_t len, size_t i,
                    unsigned long line_no, struct perft_suite_block *done,
                    struct perft_suite_problem *pb)
{
    int rc = !b->open || b->has_epd ? begin_block(b, line_no, done) : 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (len - i >= sizeof b->epd) {
        b->bad = true;
        problem(pb, (unsigned)i + 1, "epd text too long (more than %zu bytes)", sizeof b->epd - 1);
        return rc | PERFT_SUITE_PROBLEM;
    }
    memcpy(b->epd, s + i, len - i);
    b->epd[len - i] = '\0';
    b->epd_len = len - i;
    b->epd_line = line_no;
    b->epd_col = (unsigned)i + 1;
    b->has_epd = true;
    return rc;
}

/* As python-chess's reader (examples/perft/perft.py), but each malformed
 * line is a problem of its own. */
int perft_suite_feed(struct perft_suite_block *b, const char *s, size_t len, unsigned long line_no,
                     struct perft_suite_block *done, struct perft_suite_problem *pb)
{
    size_t i = 0;
    struct word key = {0};
    if (!next_word(s, len, &i, &key) || key.s[0] == '#')
        return 0;
    if (word_is(&key, "id")) {
        int rc = begin_block(b, line_no, done);
        struct word name;
        if (next_word(s, len, &i, &name))
            snprintf(b->id, sizeof b->id, "%.*s", (int)(len - (size_t)(name.s - s)), name.s);
        return rc;
    }
    if (word_is(&key, "epd"))
        return epd_line(b, s, len, i, line_no, done, pb);
    if (word_is(&key, "perft"))
        return perft_line(b, s, len, i, &key, pb) ? 0 : PERFT_SUITE_PROBLEM;
    problem(pb, key.col, "unknown line '%.*s' (expected id, epd or perft)", (int)key.len, key.s);
    b->bad |= b->open;
    return PERFT_SUITE_PROBLEM;
}
