/*
 * cli_buf.h - a growable byte buffer, for output built in memory (a line,
 * a game, a chunk's result) before it is written whole.  Part of cli.h,
 * which includes it.
 */
#ifndef CHESS_CLI_BUF_H
#define CHESS_CLI_BUF_H

#include <stdbool.h>
#include <stddef.h>

/* A growable byte buffer, for output built in memory before it is written.
 * Start from {0}. An allocation failure sets nomem and loses the bytes that
 * did not fit (the buffer stays usable); the caller decides what out of
 * memory means, typically at the end of the item being built. */
struct cli_buf {
    char *data;
    size_t len, cap;
    bool nomem; /* an allocation failed: some bytes were dropped */
};

/* Make room for n more bytes after len; false (and nomem set) when memory
 * ran out. Then data[len .. len + n) may be written in place.  (grow is
 * reserve's slow path.) */
bool cli_buf_grow(struct cli_buf *b, size_t n);
static inline bool cli_buf_reserve(struct cli_buf *b, size_t n)
{
    /* (inline: the converters append a few bytes per ply, and the call
     * was a tenth of writing them) */
    return n <= b->cap - b->len || cli_buf_grow(b, n);
}

/* Append n bytes of s, a NUL-terminated string, or one byte. */
void cli_buf_put(struct cli_buf *b, const char *s, size_t n);
void cli_buf_str(struct cli_buf *b, const char *s);
static inline void cli_buf_char(struct cli_buf *b, char c)
{
    if (cli_buf_reserve(b, 1))
        b->data[b->len++] = c;
}

/* Append printf's output. */
__attribute__((format(printf, 2, 3))) void cli_buf_printf(struct cli_buf *b, const char *fmt, ...);

/* Free the bytes and reset the buffer to {0}. */
void cli_buf_free(struct cli_buf *b);

#endif /* CHESS_CLI_BUF_H */
