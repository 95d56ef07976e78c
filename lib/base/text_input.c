/* Text input (text_input.h): the one buffered reader and its sources. */
#include "text_input.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

bool text_reader_init(struct text_reader *r, text_source_fn *fn, void *ctx, size_t cap)
{
    *r = (struct text_reader){.read = fn, .ctx = ctx};
    if (cap < 16)
        cap = 16;
    r->buf = malloc(cap);
    r->cap = r->buf ? cap : 0;
    return r->buf != NULL;
}

bool text_reader_init_fd(struct text_reader *r, int fd, size_t cap)
{
    return text_reader_init(r, text_input_fd_read, (void *)(intptr_t)fd, cap);
}

bool text_reader_init_mem(struct text_reader *r, const char *buf, size_t len)
{
    if (!text_reader_init(r, NULL, NULL, len + 1))
        return false;
    if (len)
        memcpy(r->buf, buf, len);
    r->end = len;
    r->eof = true;
    return true;
}

void text_reader_free(struct text_reader *r)
{
    free(r->buf);
    r->buf = NULL;
    r->cap = r->pos = r->end = 0;
}

ssize_t text_input_fd_read(void *ctx, char *dst, size_t cap)
{
    int fd = (int)(intptr_t)ctx;
    for (;;) {
        ssize_t n = read(fd, dst, cap);
        if (n >= 0 || errno != EINTR)
            return n;
    }
}

ssize_t text_input_stdio_read(void *ctx, char *dst, size_t cap)
{
    FILE *fp = ctx;
    size_t got = fread(dst, 1, cap, fp);
    if (got == 0 && ferror(fp)) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return (ssize_t)got;
}

/* One read of the source into dst: the reader's state follows it. */
static ssize_t source_read(struct text_reader *r, char *dst, size_t cap)
{
    if (r->eof || !r->read)
        return r->eof = true, 0;
    ssize_t n = r->read(r->ctx, dst, cap);
    if (n < 0) {
        r->failed = true;
        r->err = errno ? errno : EIO;
        errno = r->err;
    } else if (n == 0) {
        r->eof = true;
    }
    return n;
}

int text_reader_fill(struct text_reader *r, size_t max)
{
    if (r->failed) {
        errno = r->err;
        return -1;
    }
    if (r->eof)
        return 0;
    if (r->pos) {
        memmove(r->buf, r->buf + r->pos, r->end - r->pos);
        r->base += r->pos;
        r->end -= r->pos;
        r->pos = 0;
    }
    if (r->end + 1 >= r->cap) {
        size_t c = r->cap * 2 < max ? r->cap * 2 : max;
        char *b = c > r->cap ? realloc(r->buf, c) : NULL;
        if (!b) {
            errno = c > r->cap ? ENOMEM : ENOBUFS;
            return -1;
        }
        r->buf = b;
        r->cap = c;
    }
    ssize_t n = source_read(r, r->buf + r->end, r->cap - 1 - r->end);
    if (n <= 0)
        return (int)n;
    r->end += (size_t)n;
    return 1;
}

bool text_reader_want(struct text_reader *r, size_t n)
{
    while (r->end - r->pos < n && !r->eof)
        if (text_reader_fill(r, r->cap > n + 1 ? r->cap : n + 1) < 0)
            return false;
    return true;
}

size_t text_reader_read_some(struct text_reader *r, char *dst, size_t cap, bool *failed)
{
    *failed = false;
    size_t k = r->end - r->pos;
    if (k) {
        if (k > cap)
            k = cap;
        memcpy(dst, r->buf + r->pos, k);
        r->pos += k;
        return k;
    }
    if (r->failed) {
        *failed = true;
        errno = r->err;
        return 0;
    }
    /* none buffered: straight into dst, the stream's offset moving on */
    ssize_t n = source_read(r, dst, cap);
    if (n < 0) {
        *failed = true;
        return 0;
    }
    r->base += r->pos + (size_t)n;
    r->pos = r->end = 0;
    return (size_t)n;
}

size_t text_reader_read_full(struct text_reader *r, char *dst, size_t n, bool *failed)
{
    size_t got = 0;
    *failed = false;
    while (got < n) {
        size_t k = text_reader_read_some(r, dst + got, n - got, failed);
        if (k == 0)
            break;
        got += k;
    }
    return got;
}

int text_reader_line(struct text_reader *r, size_t max, char **line, size_t *len, bool *over)
{
    size_t n = 0; /* the line's bytes so far, kept at buf[pos, pos + n) */
    *over = false;
    for (;;) {
        char *s = r->buf + r->pos + n;
        size_t fresh = r->end - r->pos - n, k;
        size_t used = text_input_line_end(s, fresh, r->eof, &k);
        if (used || r->eof) {
            if (!used) {
                if (n + fresh == 0 && !*over)
                    return 0;
                k = fresh;
                used = fresh;
            }
            size_t total = n + k;
            if (total > max) {
                *over = true;
                total = max;
            }
            *line = r->buf + r->pos;
            *len = total;
            r->buf[r->pos + total] = '\0'; /* (end < cap: a byte is kept for it) */
            r->pos += n + used;
            return 1;
        }
        /* no end yet: a CR as the last byte waits for the byte after it */
        bool cr = fresh && s[fresh - 1] == '\r';
        size_t c = fresh - cr;
        if (n + c > max) {
            /* the rest of an over-long line is let go as it comes; the
             * bytes after it keep their offsets in the stream */
            *over = true;
            size_t drop = n + c - max;
            if (cr)
                r->buf[r->pos + max] = '\r';
            r->end = r->pos + max + cr;
            r->base += drop;
            n = max;
        } else {
            n += c;
        }
        if (text_reader_fill(r, max + 3) < 0)
            return -1;
    }
}
