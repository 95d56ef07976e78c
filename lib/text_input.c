/* Text input (text_input.h): the lone-CR scan of the buffered readers and
 * the read of a stream's text as it comes. */
#include "text_input.h"

#include <errno.h>
#include <unistd.h>

size_t text_input_cr_scan(struct text_input_cr *c, const char *src, size_t end, size_t from)
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

size_t text_input_read_some(FILE *fp, char *dst, size_t cap, bool *failed)
{
    *failed = false;
#ifdef __GLIBC__
    char *p;
    size_t ready = text_input_buffered(fp, &p);
    if (ready)
        return fread(dst, 1, ready < cap ? ready : cap, fp);
    int fd = fileno(fp);
    if (fd >= 0 && !feof(fp)) {
        for (;;) {
            ssize_t n = read(fd, dst, cap);
            if (n >= 0)
                return (size_t)n;
            if (errno != EINTR) {
                *failed = true;
                return 0;
            }
        }
    }
    size_t got = fread(dst, 1, 1, fp);
    if (got == 1 && cap > 1) {
        ready = text_input_buffered(fp, &p);
        if (ready)
            got += fread(dst + 1, 1, ready < cap - 1 ? ready : cap - 1, fp);
    }
#else
    size_t got = fread(dst, 1, cap, fp);
#endif
    if (got == 0 && ferror(fp))
        *failed = true;
    return got;
}
