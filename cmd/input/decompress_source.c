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

enum decompress_format decompress_source_sniff(struct text_reader *raw, bool *empty)
{
    bool more = false;
    char *p;
    *empty = false;
    /* one read first (a pipe's first bytes decide it, mostly), then as
     * many as the magic bytes need */
    if (!text_reader_buffered(raw, &p) && text_reader_fill(raw, raw->cap) < 0) {
        *empty = true;
        return DECOMPRESS_PLAIN;
    }
    size_t ready = text_reader_buffered(raw, &p);
    enum decompress_format f = decompress_sniff((const unsigned char *)p, ready, &more);
    if (more) {
        if (!text_reader_want(raw, DECOMPRESS_MAGIC_MAX)) {
            *empty = true;
            return DECOMPRESS_PLAIN;
        }
        ready = text_reader_buffered(raw, &p);
        f = decompress_sniff((const unsigned char *)p, ready, &more);
    }
    *empty = ready == 0;
    return f;
}

bool decompress_source_start(struct decompress_source *s, struct text_reader *raw,
                             enum decompress_format f)
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

/* Read some of the compressed file: what it gives now (a pipe gives what
 * it has, so text fed slowly comes out as it comes); the bytes read to
 * sniff its format come first, from the reader's buffer. 0 at the end,
 * -1 on an error. */
static ssize_t raw_read(struct decompress_source *s, unsigned char *dst, size_t cap)
{
    bool failed;
    size_t got = text_reader_read_some(s->raw, (char *)dst, cap, &failed);
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
