/* The input module (lib/base/text_input.h): the one line-end rule (LF, CRLF, a
 * lone CR; a CR at the end of the bytes known waits for the next byte
 * unless at the end), the lone-CR scan of the buffered readers, and the
 * read of a stream's text as it comes (a pipe, a stream with no
 * descriptor, a read error).  Expected values are worked out from the
 * rule as formats/pgn.md and formats/fen.md state it. */
#include "base/text_input.h"

#include "unit.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>

/* The lines of text[0..n) as the rule cuts them, fed k bytes at a time
 * (the buffer boundary), written as "line|line|...|" into out. */
static void cut(const char *text, size_t n, size_t k, char *out)
{
    char buf[256]; /* (more than any text here) */
    size_t have = 0, fed = 0;
    *out = '\0';
    for (;;) {
        while (have < k && fed < n)
            buf[have++] = text[fed++];
        bool eof = fed == n;
        size_t len, used = text_input_line_end(buf, have, eof, &len);
        if (!used) {
            if (!eof) {
                if (have == k)
                    k++; /* a line longer than the buffer: the buffer grows */
                continue;
            }
            if (have) {
                strncat(out, buf, have);
                strcat(out, "|");
            }
            return;
        }
        strncat(out, buf, len);
        strcat(out, "|");
        memmove(buf, buf + used, have - used);
        have -= used;
    }
}

static void check_cut(const char *text, const char *want, const char *desc)
{
    char out[512];
    size_t n = strlen(text);
    for (size_t k = 2; k <= n + 1 && k < 64; k++) {
        cut(text, n, k, out);
        if (!UNIT_EQ_STR(out, want, desc))
            break;
    }
}

static void test_line_end(void)
{
    size_t len;
    UNIT_EQ_INT((int)text_input_line_end("ab\ncd", 5, false, &len), 3, "LF: the line and its end");
    UNIT_EQ_INT((int)len, 2, "LF: two bytes");
    UNIT_EQ_INT((int)text_input_line_end("ab\r\ncd", 6, false, &len), 4, "CRLF is one end");
    UNIT_EQ_INT((int)len, 2, "CRLF: two bytes");
    UNIT_EQ_INT((int)text_input_line_end("ab\rcd", 5, false, &len), 3, "a lone CR ends the line");
    UNIT_EQ_INT((int)len, 2, "lone CR: two bytes");
    UNIT_EQ_INT((int)text_input_line_end("ab\r", 3, false, &len), 0,
                "a CR as the last byte known waits: its LF may come");
    UNIT_EQ_INT((int)text_input_line_end("ab\r", 3, true, &len), 3, "... and at the end it ends");
    UNIT_EQ_INT((int)len, 2, "... a line of two bytes");
    UNIT_EQ_INT((int)text_input_line_end("abc", 3, false, &len), 0, "no end: more to come");
    UNIT_EQ_INT((int)text_input_line_end("abc", 3, true, &len), 0,
                "no end at eof: the caller's last line");
    UNIT_EQ_INT((int)text_input_line_end("", 0, true, &len), 0, "nothing");
    UNIT_EQ_INT((int)text_input_line_end("a\0b\n", 4, false, &len), 4, "a NUL byte is content");
    UNIT_EQ_INT((int)len, 3, "... of the line");
    UNIT_EQ_INT((int)text_input_line_end("\r\r\n", 3, false, &len), 1, "CR CR LF: a lone CR first");
    UNIT_EQ_INT((int)len, 0, "... an empty line");

    check_cut("a\nb\r\nc\rd", "a|b|c|d|", "LF, CRLF, lone CR, no end at eof, at every boundary");
    check_cut("a\r\r\nb\r\rc\r", "a||b||c|", "empty lines of each end");
    check_cut("\n\r\r\n", "|||", "empty lines only");
    check_cut("xy\r\n\r\nz\n", "xy||z|", "CRLF CRLF");
}

static void test_cr_scan(void)
{
    const char s[] = "ab\r\ncd\ref\r\ngh\r";
    size_t end = sizeof s - 1;
    struct text_input_cr c;
    text_input_cr_reset(&c);
    UNIT_EQ_INT((int)text_input_cr_next(&c, s, end, 0), 6, "the first lone CR, past a CRLF's");
    UNIT_EQ_INT((int)text_input_cr_next(&c, s, end, 4), 6, "... the same from later (kept)");
    UNIT_EQ_INT((int)text_input_cr_next(&c, s, end, 7), 13, "then the last byte, a CR");
    text_input_cr_reset(&c);
    UNIT_EQ_INT((int)text_input_cr_next(&c, s, 10, 7), 9,
                "a CR as the last byte read: its LF may come");
    text_input_cr_reset(&c); /* (more read) */
    UNIT_EQ_INT((int)text_input_cr_next(&c, s, end, 7), 13, "... it came: a CRLF's, the next");
    UNIT_EQ_INT((int)text_input_cr_next(&c, s, 6, 0), 6, "none in the bytes read: end");
    text_input_cr_reset(&c);
    UNIT_EQ_INT((int)text_input_cr_next(&c, "a\r\nb", 4, 0), 4, "CRLF only: end");
    UNIT_EQ_INT((int)text_input_cr_next(&c, "a\r\nb\rc", 6, 0), 4, "more read: looked at again");
}

/* A source that gives its text in pieces of a fixed size: the reader's
 * cuts fall anywhere, a CR's LF in the next read. */
struct pieces {
    const char *s;
    size_t n, at, step;
};
static ssize_t pieces_read(void *ctx, char *dst, size_t cap)
{
    struct pieces *p = ctx;
    size_t k = p->n - p->at;
    if (k > p->step)
        k = p->step;
    if (k > cap)
        k = cap;
    memcpy(dst, p->s + p->at, k);
    p->at += k;
    return (ssize_t)k;
}

static void test_reader(void)
{
    bool failed;
    char buf[64];

    /* a pipe gives what it holds: no wait for the buffer to fill */
    int pfd[2];
    if (!UNIT_CHECK(pipe(pfd) == 0, "a pipe"))
        return;
    if (write(pfd[1], "abc", 3) != 3)
        return;
    struct text_reader r;
    text_reader_init_fd(&r, pfd[0], 16);
    size_t n = text_reader_read_some(&r, buf, sizeof buf, &failed);
    UNIT_CHECK(n == 3 && !failed, "a pipe: the 3 bytes written, at once (got %zu)", n);
    close(pfd[1]);
    n = text_reader_read_some(&r, buf, sizeof buf, &failed);
    UNIT_CHECK(n == 0 && !failed && r.eof, "... then the end");
    UNIT_EQ_INT((int)text_reader_offset(&r), 3, "the offset counts bytes read past the buffer");
    text_reader_free(&r);
    close(pfd[0]);

    /* a read error: a directory read */
    int fd = open(".", O_RDONLY | O_DIRECTORY);
    if (UNIT_CHECK(fd >= 0, "a directory opened")) {
        text_reader_init_fd(&r, fd, 16);
        errno = 0;
        n = text_reader_read_some(&r, buf, sizeof buf, &failed);
        UNIT_CHECK(n == 0 && failed && r.err == EISDIR, "a read error: failed, EISDIR (%d)", r.err);
        char *line;
        size_t len;
        bool over;
        UNIT_EQ_INT(text_reader_line(&r, 10, &line, &len, &over), -1, "... and lines fail");
        text_reader_free(&r);
        close(fd);
    }

    /* lines: LF, CRLF, a lone CR, the last without an end; every piece
     * size, so that a CR's LF comes in the next read */
    static const char text[] = "ab\ncd\r\nef\rgh\r\r\nij";
    static const char *const want[] = {"ab", "cd", "ef", "gh", "", "ij"};
    for (size_t step = 1; step <= sizeof text; step++) {
        struct pieces src = {text, sizeof text - 1, 0, step};
        text_reader_init(&r, pieces_read, &src, 4);
        char *line;
        size_t len, k = 0;
        bool over, same = true;
        uint64_t at = 0;
        int got;
        while ((got = text_reader_line(&r, 8, &line, &len, &over)) == 1) {
            same = same && k < 6 && len == strlen(want[k]) && memcmp(line, want[k], len) == 0 &&
                   line[len] == '\0' && !over;
            k++;
            at = text_reader_offset(&r);
        }
        UNIT_CHECK(got == 0 && same && k == 6 && at == sizeof text - 1,
                   "lines read in pieces of %zu bytes (%zu lines)", step, k);
        text_reader_free(&r);
    }

    /* a line of max bytes and its CRLF (or lone CR) is not over-long; one
     * byte more is, cut to max, and the line after keeps its offset */
    static const char edge[] = "abcd\r\nabcd\refghi\r\nxy\n";
    for (size_t step = 1; step <= sizeof edge; step++) {
        struct pieces src = {edge, sizeof edge - 1, 0, step};
        text_reader_init(&r, pieces_read, &src, 4);
        char *line;
        size_t len;
        bool over;
        bool ok = text_reader_line(&r, 4, &line, &len, &over) == 1 && len == 4 && !over &&
                  memcmp(line, "abcd", 4) == 0;
        ok = ok && text_reader_line(&r, 4, &line, &len, &over) == 1 && len == 4 && !over;
        ok = ok && text_reader_line(&r, 4, &line, &len, &over) == 1 && len == 4 && over &&
             memcmp(line, "efgh", 4) == 0;
        uint64_t at = text_reader_offset(&r);
        ok = ok && at == 18 && text_reader_line(&r, 4, &line, &len, &over) == 1 && len == 2 &&
             !over && memcmp(line, "xy", 2) == 0;
        ok = ok && text_reader_line(&r, 4, &line, &len, &over) == 0;
        UNIT_CHECK(ok, "max-byte lines with CRLF and CR, an over-long one (pieces of %zu)", step);
        text_reader_free(&r);
    }

    /* a huge line costs time, not memory */
    enum { HUGE = 1 << 20 };
    char *big = malloc(HUGE + 2);
    if (big) {
        memset(big, 'x', HUGE);
        memcpy(big + HUGE, "\ny", 2);
        struct pieces src = {big, HUGE + 2, 0, 1000};
        text_reader_init(&r, pieces_read, &src, 64);
        char *line;
        size_t len;
        bool over;
        bool ok = text_reader_line(&r, 100, &line, &len, &over) == 1 && len == 100 && over;
        ok = ok && r.cap <= 256 && text_reader_line(&r, 100, &line, &len, &over) == 1 && len == 1 &&
             line[0] == 'y' && text_reader_offset(&r) == HUGE + 2;
        UNIT_CHECK(ok, "a 1 MiB line: cut, in a buffer of %zu bytes", r.cap);
        text_reader_free(&r);
        free(big);
    }

    /* memory, and an empty input */
    text_reader_init_mem(&r, "", 0);
    char *line;
    size_t len;
    bool over;
    UNIT_EQ_INT(text_reader_line(&r, 4, &line, &len, &over), 0, "an empty input: no line");
    text_reader_free(&r);
}

int main(void)
{
    test_line_end();
    test_cr_scan();
    test_reader();
    return unit_done();
}
