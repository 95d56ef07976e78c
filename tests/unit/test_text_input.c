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

static void test_read_some(void)
{
    bool failed;
    char buf[64];

    /* a stream with no descriptor (fmemopen): it all comes, byte by byte
     * or in what its buffer holds */
    char text[] = "1. e4 e5\n";
    FILE *fp = fmemopen(text, sizeof text - 1, "r");
    size_t got = 0, n;
    while ((n = text_input_read_some(fp, buf + got, sizeof buf - got, &failed)) > 0)
        got += n;
    UNIT_CHECK(!failed && got == sizeof text - 1 && memcmp(buf, text, got) == 0,
               "fmemopen: all the text, then 0 (got %zu)", got);
    fclose(fp);

    /* a pipe gives what it holds: no wait for the buffer to fill */
    int pfd[2];
    if (!UNIT_CHECK(pipe(pfd) == 0, "a pipe"))
        return;
    if (write(pfd[1], "abc", 3) != 3)
        return;
    fp = fdopen(pfd[0], "r");
    n = text_input_read_some(fp, buf, sizeof buf, &failed);
    UNIT_CHECK(n == 3 && !failed, "a pipe: the 3 bytes written, at once (got %zu)", n);
    close(pfd[1]);
    n = text_input_read_some(fp, buf, sizeof buf, &failed);
    UNIT_CHECK(n == 0 && !failed, "... then the end");
    fclose(fp);

    /* the bytes a stream buffered come first, then read(2) */
    char text2[] = "xyz";
    fp = fmemopen(text2, 3, "r");
    int c = getc(fp);
    char *p;
    size_t ready = text_input_buffered(fp, &p);
    UNIT_CHECK(c == 'x' && ready == 2 && p && p[0] == 'y', "the buffered bytes (%zu)", ready);
    text_input_take(fp, 1);
    UNIT_EQ_INT(getc(fp), 'z', "taken bytes are given out");
    fclose(fp);

    /* a read error: a directory read */
    int fd = open(".", O_RDONLY | O_DIRECTORY);
    fp = fd >= 0 ? fdopen(fd, "r") : NULL;
    if (UNIT_CHECK(fp != NULL, "a directory opened")) {
        errno = 0;
        n = text_input_read_some(fp, buf, sizeof buf, &failed);
        UNIT_CHECK(n == 0 && failed && errno == EISDIR, "a read error: failed, errno EISDIR (%d)",
                   errno);
        fclose(fp);
    }
}

int main(void)
{
    test_line_end();
    test_cr_scan();
    test_read_some();
    return unit_done();
}
