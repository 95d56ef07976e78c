/* libFuzzer target for the perft suites' reader (lib/perft/perft_suite.c):
 * any bytes, line by line, as python-chess's blocks (perft_suite_feed)
 * and as EPD records with ;Dn counts (fen_parse, perft_suite_epd_counts).
 * Besides crashes and sanitizer reports, a finding is any broken property
 * (abort):
 *  - every problem lies in its line or record (column 1 to its length + 1)
 *    with a message; feed returns only its two bits;
 *  - a perft line is accepted exactly when a reader written here from the
 *    format's words accepts it (depth 1 to 30, a count of at most 23
 *    decimal digits that fits 64 bits, nothing after, each depth once, in
 *    a block that has its epd), and its count is then what the digits say;
 *  - a block handed over (complete, or open at the end) keeps its counts
 *    at depths 1 to 30 only, an id and an epd within their buffers, the
 *    epd as written in its line from its column;
 *  - an EPD record's counts are accepted exactly when every ;D1..;D30
 *    operand is such a count, and are then what its digits say;
 *  - the same lines read again give the same (no state leaks). */
#include "notation/fen.h"
#include "perft/perft_suite.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(bool cond)
{
    if (!cond)
        abort();
}

static void check_problem(const struct perft_suite_problem *pb, size_t len)
{
    require(pb->col >= 1 && pb->col <= len + 1);
    size_t n = strnlen(pb->message, sizeof pb->message);
    require(n > 0 && n < sizeof pb->message);
}

/* The oracle's count: decimal digits only, 1 to 23 of them, within 64 bits. */
static bool digits_value(const char *s, size_t len, uint64_t *out)
{
    if (len == 0 || len > 23)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

/* The blank-separated words of a line, at most max of them. */
static size_t words(const char *s, size_t len, const char **w, size_t *wl, size_t max)
{
    size_t n = 0, i = 0;
    while (n < max) {
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i == len)
            break;
        size_t start = i;
        while (i < len && s[i] != ' ' && s[i] != '\t')
            i++;
        w[n] = s + start;
        wl[n++] = i - start;
    }
    return n;
}

static void check_block(const struct perft_suite_block *b)
{
    require(b->open);
    require((b->expect.has & ~(uint64_t)0x7FFFFFFE) == 0); /* depths 1..30 */
    require(strnlen(b->id, sizeof b->id) < sizeof b->id);
    if (b->has_epd) {
        require(b->epd_len < sizeof b->epd && b->epd[b->epd_len] == '\0');
        require(b->epd_col >= 1 && b->epd_line >= b->line);
    }
}

/* One pass over the lines as blocks; the outcome is folded into a digest
 * so that a second pass can be compared. */
static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 0x100000001B3ull;
}

static uint64_t digest_block(uint64_t h, const struct perft_suite_block *b)
{
    h = mix(h, b->bad);
    h = mix(h, b->line);
    h = mix(h, b->has_epd);
    h = mix(h, b->epd_len);
    h = mix(h, b->expect.has);
    for (int d = 1; d <= PERFT_SUITE_DEPTH_MAX; d++)
        if (perft_expect_has(&b->expect, d))
            h = mix(h, b->expect.count[d]);
    for (const char *p = b->id; *p; p++)
        h = mix(h, (unsigned char)*p);
    return h;
}

static uint64_t run_blocks(const char *text, size_t size)
{
    struct perft_suite_block b, done;
    memset(&b, 0, sizeof b);
    uint64_t h = 0xcbf29ce484222325ull;
    unsigned long line_no = 0;
    for (size_t i = 0; i <= size;) {
        const char *nl = memchr(text + i, '\n', size - i);
        size_t end = nl ? (size_t)(nl - text) : size;
        const char *s = text + i;
        size_t len = end - i;
        if (!nl && len == 0)
            break;
        line_no++;
        i = end + 1;

        const char *w[5];
        size_t wl[5];
        size_t nw = words(s, len, w, wl, 5);
        bool is_perft = nw > 0 && wl[0] == 5 && memcmp(w[0], "perft", 5) == 0;
        bool is_epd = nw > 0 && wl[0] == 3 && memcmp(w[0], "epd", 3) == 0;
        /* What the oracle expects of a perft line. */
        uint64_t d = 0, n = 0;
        bool want_ok = is_perft && b.open && b.has_epd && nw == 3 &&
                       digits_value(w[1], wl[1], &d) && d >= 1 && d <= PERFT_SUITE_DEPTH_MAX &&
                       digits_value(w[2], wl[2], &n) && !perft_expect_has(&b.expect, (int)d);
        struct perft_expect before = b.expect;

        struct perft_suite_problem pb = {0};
        int rc = perft_suite_feed(&b, s, len, line_no, &done, &pb);
        require((rc & ~(PERFT_SUITE_COMPLETE | PERFT_SUITE_PROBLEM)) == 0);
        if (rc & PERFT_SUITE_PROBLEM)
            check_problem(&pb, len);
        if (rc & PERFT_SUITE_COMPLETE) {
            check_block(&done);
            require(done.line < line_no);
            h = digest_block(h, &done);
        }
        h = mix(h, (uint64_t)rc);
        if (b.open)
            check_block(&b);
        if (is_perft) {
            require(!(rc & PERFT_SUITE_COMPLETE));
            require(want_ok == !(rc & PERFT_SUITE_PROBLEM));
            if (want_ok) {
                require(b.expect.has == (before.has | (uint64_t)1 << d));
                require(b.expect.count[d] == n);
            } else {
                require(b.expect.has == before.has);
            }
        }
        if (is_epd && !(rc & PERFT_SUITE_PROBLEM)) {
            /* The epd as written, from its column to the line's end. */
            require(b.has_epd && b.epd_line == line_no && b.epd_col <= len + 1);
            require(b.epd_len == len - (b.epd_col - 1) &&
                    memcmp(b.epd, s + b.epd_col - 1, b.epd_len) == 0);
        }
    }
    if (b.open) {
        check_block(&b);
        h = digest_block(h, &b);
    }
    return h;
}

/* Each line as an EPD record with ;Dn counts. */
static void run_records(const char *text, size_t size)
{
    for (size_t i = 0; i < size;) {
        const char *nl = memchr(text + i, '\n', size - i);
        size_t end = nl ? (size_t)(nl - text) : size;
        const char *s = text + i;
        size_t len = end - i;
        i = end + 1;
        struct fen_options opt = {0};
        struct fen_record rec;
        struct fen_report rep = {0};
        fen_parse(s, len, &opt, &rec, &rep);
        if (!rec.ops)
            continue;
        require(rec.ops >= s && rec.ops + rec.ops_len <= s + len);
        bool want_ok = true;
        struct perft_expect want = {0};
        for (int d = 1; d <= PERFT_SUITE_DEPTH_MAX; d++) {
            char op[8];
            const char *arg;
            size_t alen;
            snprintf(op, sizeof op, "D%d", d);
            if (!fen_epd_find(rec.ops, rec.ops_len, op, &arg, &alen))
                continue;
            if (!digits_value(arg, alen, &want.count[d]))
                want_ok = false;
            want.has |= (uint64_t)1 << d;
        }
        struct perft_expect got;
        struct perft_suite_problem pb = {0};
        bool ok = perft_suite_epd_counts(&rec, &got, &pb);
        require(ok == want_ok);
        if (ok) {
            require(got.has == want.has);
            for (int d = 1; d <= PERFT_SUITE_DEPTH_MAX; d++)
                if (perft_expect_has(&got, d))
                    require(got.count[d] == want.count[d]);
        } else {
            check_problem(&pb, len);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    uint64_t first = run_blocks(text, size);
    require(run_blocks(text, size) == first);
    run_records(text, size);
    return 0;
}
