/* Text input shared by every reader of the library and the tools: the one
 * line-end rule (LF, CRLF, and a lone CR, old Mac text: each ends a line;
 * a CR is never part of one), and the one buffered reader
 * (struct text_reader) that every reader reads through, over read(2),
 * the decompressor or memory.  Nothing here prints. */
#ifndef CHESS_TEXT_INPUT_H
#define CHESS_TEXT_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

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

/* ---------------------------------------------------------- the reader */

/* Where a reader's bytes come from: up to cap bytes into dst, what there
 * is now (waiting only when nothing is: a pipe's text is not held back
 * for a whole buffer).  Returns the count, 0 at the end, or -1 with errno
 * set on a failure. */
typedef ssize_t text_source_fn(void *ctx, char *dst, size_t cap);

/* The project's one buffered reader, the input of every reader of text:
 * a buffer that a source fills (text_input_fd_read: read(2) on a
 * descriptor; the tools' decompressor; a chunk's bytes), whose bytes the
 * readers look at where they lie (text_reader_buffered, text_reader_take)
 * or read as lines (text_reader_line: the one line-end rule).  No stdio
 * stream and no C library internals: a FILE comes in only through
 * text_input_stdio_read, a source like any other. */
struct text_reader {
    char *buf;
    size_t cap;      /* bytes of buf (one more is kept for a line's NUL) */
    size_t pos, end; /* buf[pos, end): read, not yet given out */
    uint64_t base;   /* the offset in the whole stream of buf[0] */
    bool eof;        /* the source said its end */
    bool failed;     /* ... or failed: err is its errno */
    int err;
    text_source_fn *read;
    void *ctx;
    bool own_buf; /* buf is the reader's to free */
};

/* A reader over fn(ctx) with a buffer of cap bytes (grown as long lines
 * need): false when out of memory. */
bool text_reader_init(struct text_reader *r, text_source_fn *fn, void *ctx, size_t cap);

/* A reader over a descriptor (read(2), EINTR retried). */
bool text_reader_init_fd(struct text_reader *r, int fd, size_t cap);

/* A reader over a copy of buf[0, len): at its end already. */
bool text_reader_init_mem(struct text_reader *r, const char *buf, size_t len);

/* Frees the buffer (the source is the caller's). */
void text_reader_free(struct text_reader *r);

/* The sources of descriptors (ctx: the fd, as (void *)(intptr_t)fd) and
 * of stdio streams (ctx: the FILE *; fread, which waits for cap bytes or
 * the end: for files and memory streams, not for pipes). */
ssize_t text_input_fd_read(void *ctx, char *dst, size_t cap);
ssize_t text_input_stdio_read(void *ctx, char *dst, size_t cap);

/* The bytes read and not yet given out: sets *p to the first, returns
 * their count. */
static inline size_t text_reader_buffered(const struct text_reader *r, char **p)
{
    *p = r->buf + r->pos;
    return r->end - r->pos;
}

/* Gives out n of the bytes text_reader_buffered showed (n at most their
 * count): the caller has read them where they stand. */
static inline void text_reader_take(struct text_reader *r, size_t n)
{
    r->pos += n;
}

/* The offset in the stream of the next byte to be given out. */
static inline uint64_t text_reader_offset(const struct text_reader *r)
{
    return r->base + r->pos;
}

/* Reads more after the bytes buffered, moving them to the buffer's start
 * (and growing it, up to max bytes, when it is full): 1 when some came,
 * 0 at the end (eof), -1 on a failure (failed, err) or when the buffer is
 * full at max bytes. */
int text_reader_fill(struct text_reader *r, size_t max);

/* Reads until at least n bytes are buffered or the end: false on a
 * failure (or out of memory). */
bool text_reader_want(struct text_reader *r, size_t n);

/* Up to cap bytes into dst: the bytes buffered first, else one read of
 * the source straight into dst (what it has now).  0 at the end; on a
 * failure 0 with *failed set and errno. */
size_t text_reader_read_some(struct text_reader *r, char *dst, size_t cap, bool *failed);

/* Reads until n bytes or the end: the count; *failed on a failure. */
size_t text_reader_read_full(struct text_reader *r, char *dst, size_t n, bool *failed);

/* The next line (text_input_line_end's rule; the bytes after the last
 * end, if any, are the last line), where it lies in the buffer, its end
 * overwritten by a NUL: *line and *len, valid until the next call.  A
 * line longer than max bytes is read to its end but only its first max
 * bytes kept, and *over set; memory stays about max bytes whatever the
 * line.  A line of max bytes and its CRLF is not over.  Returns 1, 0 at
 * the end, -1 on a failure (r->failed, r->err; or ENOMEM). */
int text_reader_line(struct text_reader *r, size_t max, char **line, size_t *len, bool *over);

#endif
