/*
 * decompress_source.c - a decompressing stream's text from its compressed
 * file (see decompress_source.h).
 */
#include "decompress_source.h"

#include "cli/cli.h"
#include "base/text_input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum decompress_format decompress_source_sniff(struct decompress_source *s, FILE *raw, bool *empty)
{
    bool more = false;
    enum decompress_format f = DECOMPRESS_PLAIN;
    *empty = false;
    char *p;
    if (!text_input_buffered(raw, &p)) {
        int c = getc(raw);
        if (c == EOF) {
            *empty = true;
            return DECOMPRESS_PLAIN;
        }
        ungetc(c, raw);
    }
    size_t ready = text_input_buffered(raw, &p);
    if (ready) {
        f = decompress_sniff((const unsigned char *)p, ready, &more);
        if (!more)
            return f;
    }
    s->prefix_len = fread(s->prefix, 1, sizeof s->prefix, raw);
    *empty = s->prefix_len == 0;
    return decompress_sniff(s->prefix, s->prefix_len, &more);
}

bool decompress_source_start(struct decompress_source *s, FILE *raw, enum decompress_format f)
{
    s->raw = raw;
    s->format = f;
    s->codec = decompress_codec_new(f);
    return s->codec != NULL;
}

void decompress_source_end(struct decompress_source *s)
{
    decompress_codec_free(s->codec);
    s->codec = NULL;
}

/* Read some of the compressed file: the sniffed bytes first, then what it
 * gives now (text_input_read_some: a pipe gives what it has, so text fed
 * slowly comes out as it comes). 0 at the end, -1 on an error. */
static ssize_t raw_read(struct decompress_source *s, unsigned char *dst, size_t cap)
{
    if (s->prefix_len) {
        size_t k = s->prefix_len < cap ? s->prefix_len : cap;
        memcpy(dst, s->prefix, k);
        memmove(s->prefix, s->prefix + k, s->prefix_len - k);
        s->prefix_len -= k;
        return (ssize_t)k;
    }
    bool failed;
    size_t got = text_input_read_some(s->raw, (char *)dst, cap, &failed);
    return failed ? -1 : (ssize_t)got;
}

/* Count the line ends of text given, for the place of a break: the
 * bytes after the last '\n' are the column, and the '\n' before it are
 * counted in runs of a fixed length, a loop the compiler turns into
 * vector compares: cheaper than a memchr a line on PGN's short lines. */
enum { COUNT_RUN = 128 }; /* at most 255: a run's count is one byte */
static void count_place(struct decompress_source *s, const char *text, size_t n)
{
    const char *last = memrchr(text, '\n', n);
    if (!last) {
        s->col += (unsigned long)n;
        return;
    }
    const unsigned char *p = (const unsigned char *)text;
    size_t upto = (size_t)(last - text) + 1, i = 0;
    unsigned long lines = 0;
    for (; upto - i >= COUNT_RUN; i += COUNT_RUN) {
        unsigned char run = 0;
        for (size_t k = 0; k < COUNT_RUN; k++)
            run += p[i + k] == '\n';
        lines += run;
    }
    for (; i < upto; i++)
        lines += p[i] == '\n';
    s->lines += lines;
    s->col = (unsigned long)(n - upto);
}

static void set_damage(struct decompress_source *s, bool truncated, int status, const char *why)
{
    const char *name = decompress_format_name(s->format);
    s->damaged = true;
    s->damage.line = s->lines + 1;
    s->damage.col = s->col + 1;
    s->damage.status = status;
    if (truncated)
        snprintf(s->damage.msg, sizeof s->damage.msg,
                 "truncated %s stream: the compressed data ends before the stream does; the text "
                 "before it was read",
                 name);
    else
        snprintf(s->damage.msg, sizeof s->damage.msg,
                 "damaged %s stream: %s; the text before it was read", name, why);
}

bool decompress_source_block(struct decompress_source *s, char **block, size_t cap, size_t *len)
{
    size_t made = 0;
    *len = 0;
    for (;;) {
        if (s->in_used == s->in_len && !s->in_end) {
            ssize_t n = raw_read(s, s->in, sizeof s->in);
            if (n < 0) {
                s->read_errno = errno ? errno : EIO;
                return true;
            }
            s->in_used = 0;
            s->in_len = (size_t)n;
            s->in_end = n == 0;
        }
        /* (each block is allocated when first filled: a small input
         * takes one) */
        if (!*block && !(*block = malloc(cap))) {
            set_damage(s, false, CLI_OSERR, "out of memory");
            return true;
        }
        enum decompress_codec_step st = decompress_codec_step(
            s->codec, s->in, s->in_len, &s->in_used, *block, cap, &made, s->in_end);
        if (st != DECOMPRESS_CODEC_OK) {
            count_place(s, *block, made);
            *len = made;
            if (st == DECOMPRESS_CODEC_NOMEM)
                set_damage(s, false, CLI_OSERR, "out of memory");
            else if (st == DECOMPRESS_CODEC_ERROR)
                set_damage(s, false, CLI_INVALID, decompress_codec_why(s->codec));
            else if (!decompress_codec_between(s->codec))
                set_damage(s, true, CLI_INVALID, NULL);
            return true;
        }
        if (made == cap || (made && s->in_used == s->in_len && !s->in_end)) {
            count_place(s, *block, made);
            *len = made;
            return false;
        }
    }
}
