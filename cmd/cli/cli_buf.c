/*
 * cli_buf.c - a growable byte buffer (see cli_buf.h).
 */
#include "cli_buf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* First size of a struct cli_buf; it doubles from there. */
#define CLI_BUF_MIN 4096

/* Grow by doubling, so that appending byte by byte stays linear; a failure
 * is remembered in nomem rather than reported here, because each tool has
 * its own answer to running out of memory. */
bool cli_buf_grow(struct cli_buf *b, size_t n)
{
    size_t need, cap;
    char *data;

    if (n <= b->cap - b->len)
        return true;
    if (n > SIZE_MAX - b->len) {
        b->nomem = true;
        return false;
    }
    need = b->len + n;
    cap = b->cap ? b->cap : CLI_BUF_MIN;
    while (cap < need)
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    data = realloc(b->data, cap);
    if (!data) {
        b->nomem = true;
        return false;
    }
    b->data = data;
    b->cap = cap;
    return true;
}

void cli_buf_put(struct cli_buf *b, const char *s, size_t n)
{
    if (n == 0 || !cli_buf_reserve(b, n))
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
}

void cli_buf_str(struct cli_buf *b, const char *s)
{
    cli_buf_put(b, s, strlen(s));
}

/* Formatted straight into the buffer: vsnprintf once into the room there
 * is, and again after growing when that was too little. */
void cli_buf_printf(struct cli_buf *b, const char *fmt, ...)
{
    va_list ap;
    size_t room = b->cap - b->len;
    va_start(ap, fmt);
    int n = vsnprintf(room ? b->data + b->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= room) {
        if (!cli_buf_reserve(b, (size_t)n + 1))
            return;
        va_start(ap, fmt);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}

void cli_buf_free(struct cli_buf *b)
{
    free(b->data);
    *b = (struct cli_buf){0};
}
