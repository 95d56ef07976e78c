/* libFuzzer target for the one line-end rule (lib/base/text_input.h,
 * text_input_line_end): any bytes, the first one the size of the buffer
 * they are fed through (1 to 256 bytes, grown when a line is longer, as
 * the readers grow theirs).  Besides crashes and sanitizer reports, a
 * finding is any broken property (abort):
 *  - the lines cut at that boundary are the lines cut from the whole text
 *    at once: a CR at the buffer's end waits for the byte after it;
 *  - they are the lines of a cutter written here from the rule: LF, CRLF
 *    and a lone CR each end a line, no line holds a CR or an LF, and the
 *    bytes after the last end, if any, are one more line;
 *  - text_input_cr_scan finds the first CR that is no CRLF's;
 *  - the buffered reader (struct text_reader) fed in pieces of that size
 *    gives the same lines with text_reader_line, each cut to a maximum
 *    the text's first byte picks (over set exactly when the line is
 *    longer: a line of max bytes and its CRLF is not), NUL-terminated,
 *    and its offset after each line is where the next line starts. */
#include "base/text_input.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/types.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(bool cond)
{
    if (!cond)
        abort();
}

/* The oracle's next line of s[at..n): its length, and where the next one
 * starts. */
static size_t want_line(const char *s, size_t n, size_t at, size_t *next)
{
    size_t i = at;
    while (i < n && s[i] != '\n' && s[i] != '\r')
        i++;
    *next = i == n ? n : i + (s[i] == '\r' && i + 1 < n && s[i + 1] == '\n' ? 2 : 1);
    return i - at;
}

/* A source that gives its text step bytes at a time. */
struct pieces {
    const char *s;
    size_t n, at, step;
};
static ssize_t pieces_read(void *ctx, char *dst, size_t cap)
{
    struct pieces *p = ctx;
    size_t k = p->n - p->at;
    k = k < p->step ? k : p->step;
    k = k < cap ? k : cap;
    memcpy(dst, p->s + p->at, k);
    p->at += k;
    return (ssize_t)k;
}

static void check_reader(const char *s, size_t n, size_t step, size_t max)
{
    struct pieces src = {s, n, 0, step};
    struct text_reader r;
    require(text_reader_init(&r, pieces_read, &src, step));
    size_t at = 0;
    char *line;
    size_t len;
    bool over;
    int got;
    while ((got = text_reader_line(&r, max, &line, &len, &over)) == 1) {
        size_t next, wl = want_line(s, n, at, &next);
        require(at < n && over == (wl > max) && len == (wl > max ? max : wl));
        require(memcmp(line, s + at, len) == 0 && line[len] == '\0');
        require(text_reader_offset(&r) == next);
        at = next;
    }
    require(got == 0 && at == n);
    text_reader_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t cap = (size_t)data[0] + 1;
    const char *s = (const char *)data + 1;
    size_t n = size - 1;
    char *buf = malloc(n + 1);
    if (!buf)
        return 0;
    size_t have = 0, fed = 0, at = 0;
    for (;;) {
        while (have < cap && fed < n)
            buf[have++] = s[fed++];
        bool eof = fed == n;
        size_t len, used = text_input_line_end(buf, have, eof, &len);
        if (!used && !eof) {
            if (have == cap)
                cap++; /* a line longer than the buffer */
            continue;
        }
        if (!used) {
            if (have) {
                size_t next, wl = want_line(s, n, at, &next);
                require(wl == have && next == n && memcmp(buf, s + at, have) == 0);
                require(!memchr(buf, '\n', have) && !memchr(buf, '\r', have));
            } else {
                require(at == n);
            }
            break;
        }
        size_t next, wl = want_line(s, n, at, &next);
        require(len == wl && used == next - at && memcmp(buf, s + at, len) == 0);
        at += used;
        memmove(buf, buf + used, have - used);
        have -= used;
    }
    /* the lone-CR scan over the whole text */
    struct text_input_cr c;
    text_input_cr_reset(&c);
    size_t want = n;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\r' && !(i + 1 < n && s[i + 1] == '\n')) {
            want = i;
            break;
        }
    require(text_input_cr_next(&c, s, n, 0) == want);
    check_reader(s, n, (size_t)data[0] + 1, n ? (size_t)(unsigned char)s[0] % 32 + 1 : 1);
    free(buf);
    return 0;
}
