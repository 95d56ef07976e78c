/*
 * jobs_reader.c - one file read into chunks of whole games (see
 * jobs_reader.h).
 */
#include "jobs_reader.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "base/bytes16.h"
#include "base/text_input.h"

/* The number of line ends in s[0..n), for the line numbers of a chunk cut
 * on a guess (the splitter counts those it reads): each '\n' and each CR
 * not followed by one, as the reader counts them (pgn.h); sixteen bytes at
 * a time (bytes16.h).  (Cutting by pgn_split_guess spares the main thread,
 * which every other thread waits for, the splitter's reading of every
 * line; docs/performance.md, "cmd/", has what it saves.) */
static unsigned long count_lines(const char *s, size_t n)
{
    unsigned long lines = 0;
    size_t i = 0;
    const bytes16 nl = bytes16_splat('\n'), cr = bytes16_splat('\r');
    while (i + 17 <= n) {
        /* each byte of acc counts the line ends at its place, for at most
         * 255 blocks, then the bytes are added up */
        bytes16 acc = bytes16_splat(0);
        for (int k = 0; k < 255 && i + 17 <= n; k++, i += 16) {
            bytes16 v = bytes16_load(s + i), next = bytes16_load(s + i + 1);
            /* a line end: an LF, or a CR whose next byte is no LF */
            bytes16 hit = (bytes16)(v == nl) | ((bytes16)(v == cr) & ~(bytes16)(next == nl));
            acc -= hit; /* (a hit is all ones: -1) */
        }
        unsigned lo, hi;
        bytes16_sum_halves(acc, &lo, &hi);
        lines += lo + hi;
    }
    for (; i < n; i++)
        lines += s[i] == '\n' || (s[i] == '\r' && (i + 1 == n || s[i + 1] != '\n'));
    return lines;
}

/* got bytes of text were read: the progress meter counts them, or, for
 * compressed input, the compressed bytes read so far (its total is the
 * files' size). */
static void meter_add(struct jobs_reader *rd, struct progress_games *meter, size_t got)
{
    if (!meter)
        return;
    if (rd->meter_fd >= 0) {
        off_t at = lseek(rd->meter_fd, 0, SEEK_CUR);
        if (at < 0 || (uint64_t)at < rd->meter_at)
            return;
        got = (size_t)((uint64_t)at - rd->meter_at);
        rd->meter_at = (uint64_t)at;
    }
    atomic_fetch_add(&meter->bytes, got);
}

/* The splitter's cut in rd->buf, looking only at lines that ended since
 * the last call: a line that goes on over many reads is searched for its
 * end once, not once per read. */
static bool split_scan(struct jobs_reader *rd, size_t target)
{
    if (rd->no_newline < rd->scanned)
        rd->no_newline = rd->scanned;
    if (rd->no_newline < rd->buf.len &&
        !memchr(rd->buf.data + rd->no_newline, '\n', rd->buf.len - rd->no_newline)) {
        rd->no_newline = rd->buf.len;
        return false;
    }
    if (rd->no_newline == rd->buf.len)
        return false;
    bool cut = pgn_split_scan(&rd->split, rd->buf.data, rd->buf.len, target, &rd->scanned,
                              &rd->lines_scanned);
    rd->no_newline = rd->scanned;
    return cut;
}

enum jobs_reader_got jobs_reader_next(struct jobs_reader *rd, struct jobs_reader_text *t,
                                      struct progress_games *meter)
{
    size_t cut = 0,
           target = rd->total < JOBS_READER_SMALL_UNTIL ? JOBS_READER_SMALL : JOBS_READER_TARGET;
    if (rd->guess && rd->scanned < target)
        rd->scanned = target;
    for (;;) {
        if (rd->guess ? pgn_split_guess(rd->buf.data, rd->buf.len, &rd->scanned)
                      : split_scan(rd, target)) {
            cut = rd->scanned;
            if (rd->guess)
                rd->lines_scanned = count_lines(rd->buf.data, cut);
            t->guessed = rd->guess;
            break;
        }
        if (rd->eof)
            break;
        if (rd->buf.len >= JOBS_READER_MAX)
            return JOBS_READER_TOO_LONG;
        if (!cli_buf_reserve(&rd->buf, target)) {
            rd->err = ENOMEM;
            rd->eof = true;
            break;
        }
        bool failed;
        size_t got = text_reader_read_full(rd->in, rd->buf.data + rd->buf.len, target, &failed);
        rd->buf.len += got;
        rd->total += got;
        meter_add(rd, meter, got);
        if (got < target) {
            if (failed)
                rd->err = rd->in->err ? rd->in->err : EIO;
            rd->eof = true;
        }
    }
    if (!cut)
        cut = rd->buf.len;
    if (cut == 0 && (!rd->err || rd->err_sent))
        return JOBS_READER_END;
    /* The chunk takes the buffer; the rest moves to the chunk's old one. */
    struct cli_buf rest = t->in;
    rest.len = 0;
    cli_buf_put(&rest, rd->buf.data + cut, rd->buf.len - cut);
    t->in = rd->buf;
    t->in.len = cut;
    t->first_line = rd->line;
    t->offset = rd->offset;
    rd->offset += cut;
    t->read_errno = rd->eof && cut == rd->buf.len ? rd->err : 0;
    rd->err_sent |= t->read_errno != 0;
    rd->buf = rest;
    rd->line += rd->lines_scanned;
    rd->lines_scanned = 0;
    rd->scanned = 0;
    rd->no_newline = 0;
    if (rest.nomem)
        rd->err = ENOMEM;
    return JOBS_READER_CHUNK;
}

void jobs_reader_resplit(struct jobs_reader *rd, const char *text, size_t len)
{
    size_t at = 0;
    unsigned long lines = 0;
    rd->split = (struct pgn_split){0};
    pgn_split_scan(&rd->split, text, len, SIZE_MAX, &at, &lines);
    rd->scanned = 0;
    rd->no_newline = 0;
    rd->lines_scanned = 0;
    rd->guess = false;
}

static size_t take(char *dst, size_t cap, const char *src, size_t n)
{
    size_t k = n < cap ? n : cap;
    memcpy(dst, src, k);
    return k;
}

/* The stream's source: the head and the chunk's bytes, then what the
 * file gives now (text_reader_read_some, as the reader reads a file: it
 * waits for no more than it needs). */
static ssize_t rest_read(void *ctx, char *dst, size_t cap)
{
    struct jobs_reader_rest *src = ctx;
    struct jobs_reader *rd = src->rd;
    if (src->head_len) {
        size_t k = take(dst, cap, src->head, src->head_len);
        src->head += k;
        src->head_len -= k;
        return (ssize_t)k;
    }
    if (src->buf_at < rd->buf.len) {
        size_t k = take(dst, cap, rd->buf.data + src->buf_at, rd->buf.len - src->buf_at);
        src->buf_at += k;
        return (ssize_t)k;
    }
    if (rd->eof)
        return 0;
    bool failed;
    size_t got = text_reader_read_some(rd->in, dst, cap, &failed);
    if (failed) {
        errno = rd->in->err ? rd->in->err : EIO;
        return -1;
    }
    meter_add(rd, src->meter, got);
    return (ssize_t)got;
}

struct text_reader *jobs_reader_rest_open(struct jobs_reader_rest *src, struct jobs_reader *rd,
                                          const char *head, size_t head_len, uint64_t offset,
                                          struct progress_games *meter)
{
    *src = (struct jobs_reader_rest){.head = head, .head_len = head_len, .rd = rd, .meter = meter};
    rd->streamed = true;
    /* (reads of the chunks' size) */
    if (!text_reader_init(&src->text, rest_read, src, JOBS_READER_TARGET))
        return NULL;
    src->text.base = offset;
    return &src->text;
}

void jobs_reader_rest_close(struct jobs_reader_rest *src, struct jobs_reader *rd)
{
    text_reader_free(&src->text);
    rd->eof = true;
    rd->err = 0;
    rd->buf.len = 0;
}
