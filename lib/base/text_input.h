/* Text input shared by every reader of the library and the tools: the one
 * line-end rule (LF, CRLF, and a lone CR, old Mac text: each ends a line;
 * a CR is never part of one), and the one place that looks into a stdio
 * stream's buffer (glibc's FILE fields), so that a reader takes what a
 * pipe has without waiting for a whole buffer.  Nothing here prints. */
#ifndef CHESS_TEXT_INPUT_H
#define CHESS_TEXT_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The line that starts at p, of which n bytes are known: returns the bytes
 * of the line with its end (LF, CRLF or a lone CR) and sets *len to the
 * line's length without it.  Returns 0 when the bytes known do not decide
 * it: no line end among them, or a CR as the last byte (a CRLF's or not)
 * while more may come (!eof).  At eof a CR as the last byte ends its line;
 * bytes with no end after them are the caller's last line. */
static inline size_t text_input_line_end(const char *p, size_t n, bool eof, size_t *len)
{
    const char *nl = n ? memchr(p, '\n', n) : NULL;
    size_t upto = nl ? (size_t)(nl - p) : n;
    const char *cr = upto ? memchr(p, '\r', upto) : NULL;
    if (cr) {
        size_t at = (size_t)(cr - p);
        *len = at;
        if (nl && at + 1 == upto)
            return at + 2; /* CRLF */
        if (at + 1 < n || eof)
            return at + 1; /* a lone CR: the byte after it is known, no LF */
        return 0;
    }
    if (!nl)
        return 0;
    *len = upto;
    return upto + 1;
}

/* The next lone CR of a buffer read line by line, found once a buffer
 * rather than once a line (LF and CRLF text pays one memchr a buffer):
 * none in src[from, at); src[at] is one unless at == to, the end of the
 * bytes looked at.  Reset (text_input_cr_reset) whenever more bytes are
 * read (a CR that was the last byte may be a CRLF's now), the buffer moves
 * or its bytes go back. */
struct text_input_cr {
    size_t from, at, to;
};

static inline void text_input_cr_reset(struct text_input_cr *c)
{
    c->from = SIZE_MAX;
}

/* The index of the first CR in src[from, end) that is not a CRLF's (it may
 * be src[end - 1], whose LF may be still to come), end when none. */
/* (static, not inline: the scan is rare, and a function of the reader's
 * own unit lets the compiler see that it writes only *c, so that the
 * reader's line loop keeps its state in registers across the call) */
static __attribute__((noinline, unused)) size_t
text_input_cr_scan(struct text_input_cr *c, const char *src, size_t end, size_t from)
{
    size_t start = from;
    if (c->from != SIZE_MAX && from >= c->from && from <= c->to && c->at == c->to)
        start = c->to; /* none up to to: look at the bytes read since */
    const char *p = start < end ? memchr(src + start, '\r', end - start) : NULL;
    const char *stop = src + end;
    while (p && p + 1 < stop && p[1] == '\n')
        p = p + 2 < stop ? memchr(p + 2, '\r', (size_t)(stop - p - 2)) : NULL;
    c->from = from;
    c->to = end;
    c->at = p ? (size_t)(p - src) : end;
    return c->at;
}

static inline size_t text_input_cr_next(struct text_input_cr *c, const char *src, size_t end,
                                        size_t from)
{
    if (c->from <= from && from <= c->at && (c->at < c->to || c->to == end))
        return c->at;
    return text_input_cr_scan(c, src, end, from);
}

/* The bytes fp has read and not yet given out: sets *p to the first and
 * returns their count (0, and *p NULL, where the C library is not glibc). */
static inline size_t text_input_buffered(FILE *fp, char **p)
{
#ifdef __GLIBC__
    if (fp->_IO_read_ptr < fp->_IO_read_end) {
        *p = fp->_IO_read_ptr;
        return (size_t)(fp->_IO_read_end - fp->_IO_read_ptr);
    }
#else
    (void)fp;
#endif
    *p = NULL;
    return 0;
}

/* Gives out n of the bytes text_input_buffered showed (n at most their
 * count): the caller has read them where they stand. */
static inline void text_input_take(FILE *fp, size_t n)
{
#ifdef __GLIBC__
    fp->_IO_read_ptr += n;
#else
    (void)fp;
    (void)n;
#endif
}

/* Reads what fp can give now, at most cap bytes, waiting only when nothing
 * is there (a fread of the whole buffer would wait for it to fill, holding
 * back text fed through a pipe): what the stream has buffered, else one
 * read(2) of its descriptor, else (a stream with none: fmemopen,
 * fopencookie) one byte and the rest of the stream's buffer.  0 at the
 * end; on a failure 0 with *failed set and errno. */
size_t text_input_read_some(FILE *fp, char *dst, size_t cap, bool *failed);

#endif
