/*
 * decompress.c - compressed input read as its text (see decompress.h).
 *
 * A decompressing stream is a ring of DECOMPRESS_RING blocks between two
 * threads: the stream's own thread reads the compressed file, decodes it
 * into the next free block and hands it over; the reader's thread copies
 * from the oldest full block into the stream's buffer (fopencookie) and
 * frees it, and when there is none, decodes the next block itself if the
 * stream's thread is not at it (whichever decodes holds dec_mu).  The
 * decoders (one per library, each under its HAVE_ macro)
 * share one loop: feed the input, take the output, and at the end of the
 * input tell a clean end (between frames, members or streams) from a cut.
 */
#include "decompress.h"

#include "cli.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_ZSTD
#include <zstd.h>
#include <zstd_errors.h>
#endif
#ifdef HAVE_ZLIB
#include <zlib.h>
#endif
#ifdef HAVE_BZ2
#include <bzlib.h>
#endif
#ifdef HAVE_LZMA
#include <lzma.h>
#endif

/* Blocks of decompressed text in flight, and their size: a few blocks let
 * either thread run ahead of the other for a while; a block is large
 * enough that handing it over costs nothing beside its decoding. */
enum { DECOMPRESS_RING = 8, DECOMPRESS_BLOCK = 1 << 18, DECOMPRESS_IN = 1 << 17 };

/* The stream's buffer: the reader's reads of it come in this size. */
enum { DECOMPRESS_IOBUF = 1 << 16 };

/* What one step of a decoder did. */
enum step { STEP_OK, STEP_END, STEP_ERROR, STEP_NOMEM };

struct decompress {
    FILE *fp; /* the stream given out */
    FILE *raw;
    int raw_fd;
    bool close_raw;
    enum decompress_format format;
    char *iobuf;

    pthread_t thread;
    bool thread_live;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    char *ring[DECOMPRESS_RING];
    size_t ring_len[DECOMPRESS_RING];
    unsigned long produced, consumed; /* blocks handed over, blocks freed */
    bool done;                        /* the thread hands over no more blocks */
    bool quit;                        /* the reader is gone: stop */
    int refs;                         /* the thread's and the reader's */
    int read_errno;                   /* reading the compressed file failed */

    /* the decoder's (under dec_mu): the input, the decoder, the place reached */
    pthread_mutex_t dec_mu; /* held by whichever thread decodes */
    unsigned char in[DECOMPRESS_IN];
    size_t in_len, in_used;
    bool in_end;                                /* the compressed input has ended */
    unsigned char prefix[DECOMPRESS_MAGIC_MAX]; /* bytes read to sniff, read first */
    size_t prefix_len;
    unsigned long lines; /* '\n' given */
    unsigned long col;   /* bytes given since the last '\n' */
    bool between;        /* the decoder stands between two streams (frames...) */
    char why[160];       /* the decoder's message on STEP_ERROR */
    bool damaged;        /* set with damage before done */
    struct decompress_damage damage;
    union {
#ifdef HAVE_ZSTD
        ZSTD_DCtx *zstd;
#endif
#ifdef HAVE_ZLIB
        z_stream zlib;
#endif
#ifdef HAVE_BZ2
        bz_stream bz2;
#endif
#ifdef HAVE_LZMA
        lzma_stream lzma;
#endif
        int none;
    } dec;
    bool dec_live; /* dec holds a decoder to end */

    /* the reader's */
    size_t at;        /* bytes of the oldest block given */
    bool holding;     /* the oldest block is being read */
    bool end_seen;    /* the reader met the end of the text */
    bool damage_told; /* decompress_damage said it */
};

/* The streams open now, so that a FILE leads back to its state
 * (decompress_damage, decompress_fileno): a handful at most. */
static pthread_mutex_t registry_mu = PTHREAD_MUTEX_INITIALIZER;
static struct decompress *registry[64];

static bool registry_add(struct decompress *d)
{
    bool ok = false;
    pthread_mutex_lock(&registry_mu);
    for (size_t i = 0; i < sizeof registry / sizeof *registry && !ok; i++)
        if (!registry[i]) {
            registry[i] = d;
            ok = true;
        }
    pthread_mutex_unlock(&registry_mu);
    return ok;
}

static void registry_remove(struct decompress *d)
{
    pthread_mutex_lock(&registry_mu);
    for (size_t i = 0; i < sizeof registry / sizeof *registry; i++)
        if (registry[i] == d)
            registry[i] = NULL;
    pthread_mutex_unlock(&registry_mu);
}

static struct decompress *registry_find(FILE *fp)
{
    struct decompress *d = NULL;
    pthread_mutex_lock(&registry_mu);
    for (size_t i = 0; i < sizeof registry / sizeof *registry && !d; i++)
        if (registry[i] && registry[i]->fp == fp)
            d = registry[i];
    pthread_mutex_unlock(&registry_mu);
    return d;
}

enum decompress_format decompress_sniff(const unsigned char *p, size_t n, bool *more)
{
    static const struct {
        enum decompress_format f;
        unsigned char magic[DECOMPRESS_MAGIC_MAX];
        size_t len;
    } magics[] = {
        {DECOMPRESS_ZSTD, {0x28, 0xB5, 0x2F, 0xFD}, 4},
        {DECOMPRESS_ZSTD, {0x50, 0x2A, 0x4D, 0x18}, 4}, /* skippable: 0x50..0x5F first */
        {DECOMPRESS_GZIP, {0x1F, 0x8B}, 2},
        {DECOMPRESS_BZIP2, {'B', 'Z', 'h', '1'}, 4}, /* '1'..'9' last */
        {DECOMPRESS_XZ, {0xFD, '7', 'z', 'X', 'Z', 0x00}, 6},
    };
    *more = false;
    for (size_t m = 0; m < sizeof magics / sizeof *magics; m++) {
        size_t len = magics[m].len, i = 0;
        for (; i < len && i < n; i++) {
            unsigned char want = magics[m].magic[i], got = p[i];
            bool ok = want == got;
            if (m == 1 && i == 0)
                ok = (got & 0xF0) == 0x50;
            else if (magics[m].f == DECOMPRESS_BZIP2 && i == 3)
                ok = got >= '1' && got <= '9';
            if (!ok)
                break;
        }
        if (i == len)
            return magics[m].f;
        if (i == n)
            *more = true;
    }
    return DECOMPRESS_PLAIN;
}

const char *decompress_format_name(enum decompress_format f)
{
    switch (f) {
    case DECOMPRESS_ZSTD:
        return "zstd";
    case DECOMPRESS_GZIP:
        return "gzip";
    case DECOMPRESS_BZIP2:
        return "bzip2";
    case DECOMPRESS_XZ:
        return "xz";
    case DECOMPRESS_PLAIN:
        break;
    }
    return "plain";
}

bool decompress_supported(enum decompress_format f)
{
    switch (f) {
    case DECOMPRESS_PLAIN:
        return true;
    case DECOMPRESS_ZSTD:
#ifdef HAVE_ZSTD
        return true;
#else
        return false;
#endif
    case DECOMPRESS_GZIP:
#ifdef HAVE_ZLIB
        return true;
#else
        return false;
#endif
    case DECOMPRESS_BZIP2:
#ifdef HAVE_BZ2
        return true;
#else
        return false;
#endif
    case DECOMPRESS_XZ:
#ifdef HAVE_LZMA
        return true;
#else
        return false;
#endif
    }
    return false;
}

const char *decompress_missing(enum decompress_format f)
{
    switch (f) {
    case DECOMPRESS_ZSTD:
        return "zstd-compressed input, but this build has no libzstd "
               "(install libzstd-dev and rebuild, or decompress it with zstd -dc)";
    case DECOMPRESS_GZIP:
        return "gzip-compressed input, but this build has no zlib "
               "(install zlib1g-dev and rebuild, or decompress it with gzip -dc)";
    case DECOMPRESS_BZIP2:
        return "bzip2-compressed input, but this build has no libbz2 "
               "(install libbz2-dev and rebuild, or decompress it with bzip2 -dc)";
    case DECOMPRESS_XZ:
        return "xz-compressed input, but this build has no liblzma "
               "(install liblzma-dev and rebuild, or decompress it with xz -dc)";
    case DECOMPRESS_PLAIN:
        break;
    }
    return "plain input";
}

/* ---- the decoders: each starts, takes input, ends, and says whether it
 * stands between two of its streams (a clean end of the input) ---- */

static bool dec_start(struct decompress *d)
{
    switch (d->format) {
#ifdef HAVE_ZSTD
    case DECOMPRESS_ZSTD:
        d->dec.zstd = ZSTD_createDCtx();
        d->dec_live = d->dec.zstd != NULL;
        break;
#endif
#ifdef HAVE_ZLIB
    case DECOMPRESS_GZIP:
        memset(&d->dec.zlib, 0, sizeof d->dec.zlib);
        d->dec_live = inflateInit2(&d->dec.zlib, 16 + MAX_WBITS) == Z_OK;
        break;
#endif
#ifdef HAVE_BZ2
    case DECOMPRESS_BZIP2:
        memset(&d->dec.bz2, 0, sizeof d->dec.bz2);
        d->dec_live = BZ2_bzDecompressInit(&d->dec.bz2, 0, 0) == BZ_OK;
        break;
#endif
#ifdef HAVE_LZMA
    case DECOMPRESS_XZ:
        d->dec.lzma = (lzma_stream)LZMA_STREAM_INIT;
        d->dec_live = lzma_stream_decoder(&d->dec.lzma, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK;
        break;
#endif
    default:
        break;
    }
    return d->dec_live;
}

static void dec_end(struct decompress *d)
{
    if (!d->dec_live)
        return;
    d->dec_live = false;
    switch (d->format) {
#ifdef HAVE_ZSTD
    case DECOMPRESS_ZSTD:
        ZSTD_freeDCtx(d->dec.zstd);
        break;
#endif
#ifdef HAVE_ZLIB
    case DECOMPRESS_GZIP:
        inflateEnd(&d->dec.zlib);
        break;
#endif
#ifdef HAVE_BZ2
    case DECOMPRESS_BZIP2:
        BZ2_bzDecompressEnd(&d->dec.bz2);
        break;
#endif
#ifdef HAVE_LZMA
    case DECOMPRESS_XZ:
        lzma_end(&d->dec.lzma);
        break;
#endif
    default:
        break;
    }
}

#ifdef HAVE_BZ2
static const char *bz2_message(int rc)
{
    switch (rc) {
    case BZ_DATA_ERROR:
        return "data integrity error (a block's check failed)";
    case BZ_DATA_ERROR_MAGIC:
        return "data after the end of a stream is no bzip2 stream";
    case BZ_PARAM_ERROR:
        return "parameter error";
    default:
        return "unexpected error";
    }
}
#endif

#ifdef HAVE_LZMA
static const char *lzma_message(lzma_ret rc)
{
    switch (rc) {
    case LZMA_FORMAT_ERROR:
        return "file format not recognized";
    case LZMA_OPTIONS_ERROR:
        return "unsupported options";
    case LZMA_DATA_ERROR:
        return "compressed data is corrupt";
    case LZMA_BUF_ERROR:
        return "unexpected end of input";
    case LZMA_MEMLIMIT_ERROR:
        return "memory usage limit reached";
    default:
        return "unexpected error";
    }
}
#endif

/* One step: decode from in[*used..len) into out[*made..cap), advancing
 * both; finish says the input has ended (len is all there is).  STEP_OK
 * when more input or room is wanted, STEP_END when the decoder has given
 * all it will at the input's end, STEP_ERROR with d->why, STEP_NOMEM.
 * d->between tells whether the decoder stands between streams. */
static enum step dec_step(struct decompress *d, const unsigned char *in, size_t len, size_t *used,
                          char *out, size_t cap, size_t *made, bool finish)
{
    switch (d->format) {
#ifdef HAVE_ZSTD
    case DECOMPRESS_ZSTD: {
        ZSTD_inBuffer ib = {in, len, *used};
        ZSTD_outBuffer ob = {out, cap, *made};
        size_t rc = ZSTD_decompressStream(d->dec.zstd, &ob, &ib);
        bool progress = ib.pos != *used || ob.pos != *made;
        *used = ib.pos;
        *made = ob.pos;
        if (ZSTD_isError(rc)) {
            if (ZSTD_getErrorCode(rc) == ZSTD_error_memory_allocation)
                return STEP_NOMEM;
            snprintf(d->why, sizeof d->why, "%s", ZSTD_getErrorName(rc));
            return STEP_ERROR;
        }
        if (rc == 0)
            d->between = true;
        else if (progress)
            d->between = false;
        return finish && !progress && ob.pos < ob.size ? STEP_END : STEP_OK;
    }
#endif
#ifdef HAVE_ZLIB
    case DECOMPRESS_GZIP: {
        z_stream *z = &d->dec.zlib;
        if (d->between && *used < len) {
            /* the next member of the concatenation */
            if (inflateReset(z) != Z_OK)
                return STEP_NOMEM;
            d->between = false;
        }
        if (d->between)
            return finish ? STEP_END : STEP_OK;
        z->next_in = (unsigned char *)in + *used;
        z->avail_in = (unsigned)(len - *used);
        z->next_out = (unsigned char *)out + *made;
        z->avail_out = (unsigned)(cap - *made);
        int rc = inflate(z, Z_NO_FLUSH);
        bool progress = z->next_in != in + *used || z->next_out != (unsigned char *)out + *made;
        *used = (size_t)(z->next_in - in);
        *made = (size_t)((char *)z->next_out - out);
        if (rc == Z_STREAM_END) {
            d->between = true;
            return STEP_OK;
        }
        if (rc == Z_MEM_ERROR)
            return STEP_NOMEM;
        if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT || rc == Z_STREAM_ERROR) {
            snprintf(d->why, sizeof d->why, "%s", z->msg ? z->msg : "invalid data");
            return STEP_ERROR;
        }
        return finish && !progress && *made < cap ? STEP_END : STEP_OK;
    }
#endif
#ifdef HAVE_BZ2
    case DECOMPRESS_BZIP2: {
        bz_stream *b = &d->dec.bz2;
        if (d->between && *used < len) {
            BZ2_bzDecompressEnd(b);
            memset(b, 0, sizeof *b);
            d->dec_live = BZ2_bzDecompressInit(b, 0, 0) == BZ_OK;
            if (!d->dec_live)
                return STEP_NOMEM;
            d->between = false;
        }
        if (d->between)
            return finish ? STEP_END : STEP_OK;
        b->next_in = (char *)in + *used;
        b->avail_in = (unsigned)(len - *used);
        b->next_out = out + *made;
        b->avail_out = (unsigned)(cap - *made);
        int rc = BZ2_bzDecompress(b);
        bool progress = b->next_in != (const char *)in + *used || b->next_out != out + *made;
        *used = (size_t)((unsigned char *)b->next_in - in);
        *made = (size_t)(b->next_out - out);
        if (rc == BZ_STREAM_END) {
            d->between = true;
            return STEP_OK;
        }
        if (rc == BZ_MEM_ERROR)
            return STEP_NOMEM;
        if (rc != BZ_OK) {
            snprintf(d->why, sizeof d->why, "%s", bz2_message(rc));
            return STEP_ERROR;
        }
        return finish && !progress && *made < cap ? STEP_END : STEP_OK;
    }
#endif
#ifdef HAVE_LZMA
    case DECOMPRESS_XZ: {
        lzma_stream *s = &d->dec.lzma;
        s->next_in = in + *used;
        s->avail_in = len - *used;
        s->next_out = (uint8_t *)out + *made;
        s->avail_out = cap - *made;
        lzma_ret rc = lzma_code(s, finish ? LZMA_FINISH : LZMA_RUN);
        *used = (size_t)(s->next_in - in);
        *made = (size_t)((char *)s->next_out - out);
        if (rc == LZMA_STREAM_END) {
            d->between = true;
            return STEP_END;
        }
        if (rc == LZMA_MEM_ERROR)
            return STEP_NOMEM;
        if (rc == LZMA_BUF_ERROR && finish) {
            d->between = false; /* cut short */
            return STEP_END;
        }
        if (rc != LZMA_OK && rc != LZMA_BUF_ERROR) {
            snprintf(d->why, sizeof d->why, "%s", lzma_message(rc));
            return STEP_ERROR;
        }
        return STEP_OK;
    }
#endif
    default:
        break;
    }
    /* plain text after a sniff that read bytes: copied through */
    size_t k = len - *used < cap - *made ? len - *used : cap - *made;
    memcpy(out + *made, in + *used, k);
    *used += k;
    *made += k;
    d->between = true;
    return finish && *used == len ? STEP_END : STEP_OK;
}

/* ---- the stream's thread ---- */

/* Read some of the compressed file: the sniffed bytes first, then what
 * its buffer holds, then one read(2) (a pipe gives what it has, so text
 * fed slowly comes out as it comes). 0 at the end, -1 on an error. */
static ssize_t raw_read(struct decompress *d, unsigned char *dst, size_t cap)
{
    if (d->prefix_len) {
        size_t k = d->prefix_len < cap ? d->prefix_len : cap;
        memcpy(dst, d->prefix, k);
        memmove(d->prefix, d->prefix + k, d->prefix_len - k);
        d->prefix_len -= k;
        return (ssize_t)k;
    }
    FILE *fp = d->raw;
#ifdef __GLIBC__
    size_t ready =
        fp->_IO_read_ptr < fp->_IO_read_end ? (size_t)(fp->_IO_read_end - fp->_IO_read_ptr) : 0;
    if (!ready && fileno(fp) >= 0 && !feof(fp)) {
        ssize_t n;
        while ((n = read(fileno(fp), dst, cap)) < 0 && errno == EINTR)
            ;
        return n;
    }
    if (ready && ready < cap)
        cap = ready;
#endif
    size_t got = fread(dst, 1, cap, fp);
    if (got == 0 && ferror(fp))
        return -1;
    return (ssize_t)got;
}

/* Count the line ends of text given, for the place of a break. */
static void count_place(struct decompress *d, const char *s, size_t n)
{
    const char *end = s + n, *nl;
    while ((nl = memchr(s, '\n', (size_t)(end - s)))) {
        d->lines++;
        d->col = 0;
        s = nl + 1;
    }
    d->col += (unsigned long)(end - s);
}

/* Hand the block just filled (slot of d->produced) over. */
static void hand_over(struct decompress *d, size_t len)
{
    count_place(d, d->ring[d->produced % DECOMPRESS_RING], len);
    pthread_mutex_lock(&d->mu);
    d->ring_len[d->produced % DECOMPRESS_RING] = len;
    d->produced++;
    pthread_cond_broadcast(&d->cv);
    pthread_mutex_unlock(&d->mu);
}

/* No block comes after those handed over. */
static void end_stream(struct decompress *d)
{
    pthread_mutex_lock(&d->mu);
    d->done = true;
    pthread_cond_broadcast(&d->cv);
    pthread_mutex_unlock(&d->mu);
}

static void set_damage(struct decompress *d, bool truncated, int status, const char *why)
{
    const char *name = decompress_format_name(d->format);
    d->damaged = true;
    d->damage.line = d->lines + 1;
    d->damage.col = d->col + 1;
    d->damage.status = status;
    if (truncated)
        snprintf(d->damage.msg, sizeof d->damage.msg,
                 "truncated %s stream: the compressed data ends before the stream does; the text "
                 "before it was read",
                 name);
    else
        snprintf(d->damage.msg, sizeof d->damage.msg,
                 "damaged %s stream: %s; the text before it was read", name, why);
}

/* One block's work, with d->dec_mu held and a free block to fill: fill
 * it and hand it over (full, or as much as the input read so far gave:
 * text fed slowly through a pipe is not held back), or end the stream at
 * the input's end or a break. */
static void decode_block(struct decompress *d)
{
    size_t made = 0;
    for (;;) {
        if (d->in_used == d->in_len && !d->in_end) {
            ssize_t n = raw_read(d, d->in, sizeof d->in);
            if (n < 0) {
                d->read_errno = errno ? errno : EIO;
                end_stream(d);
                return;
            }
            d->in_used = 0;
            d->in_len = (size_t)n;
            d->in_end = n == 0;
        }
        /* (each block is allocated when first filled: a small input
         * takes one) */
        char **slot = &d->ring[d->produced % DECOMPRESS_RING];
        if (!*slot && !(*slot = malloc(DECOMPRESS_BLOCK))) {
            set_damage(d, false, CLI_OSERR, "out of memory");
            end_stream(d);
            return;
        }
        enum step s =
            dec_step(d, d->in, d->in_len, &d->in_used, *slot, DECOMPRESS_BLOCK, &made, d->in_end);
        if (s == STEP_ERROR || s == STEP_NOMEM || s == STEP_END) {
            if (made)
                hand_over(d, made);
            if (s == STEP_NOMEM)
                set_damage(d, false, CLI_OSERR, "out of memory");
            else if (s == STEP_ERROR)
                set_damage(d, false, CLI_INVALID, d->why);
            else if (!d->between)
                set_damage(d, true, CLI_INVALID, NULL);
            end_stream(d);
            return;
        }
        if (made == DECOMPRESS_BLOCK || (made && d->in_used == d->in_len && !d->in_end)) {
            hand_over(d, made);
            return;
        }
    }
}

/* Whether a block is to be decoded now: the stream goes on, its reader
 * is there, a block is free, and (want_empty) the reader has nothing. */
static bool block_wanted(struct decompress *d, bool want_empty)
{
    pthread_mutex_lock(&d->mu);
    bool go =
        !d->done && !d->quit &&
        (want_empty ? d->produced == d->consumed : d->produced - d->consumed < DECOMPRESS_RING);
    pthread_mutex_unlock(&d->mu);
    return go;
}

/* Let go of the state: the last of the thread and the reader frees it,
 * and closes the compressed file when it is the stream's to close. */
static void release(struct decompress *d)
{
    pthread_mutex_lock(&d->mu);
    bool last = --d->refs == 0;
    pthread_mutex_unlock(&d->mu);
    if (!last)
        return;
    dec_end(d);
    if (d->close_raw)
        fclose(d->raw);
    for (int i = 0; i < DECOMPRESS_RING; i++)
        free(d->ring[i]);
    pthread_mutex_destroy(&d->mu);
    pthread_mutex_destroy(&d->dec_mu);
    pthread_cond_destroy(&d->cv);
    free(d->iobuf);
    free(d);
}

/* The stream's thread decodes a block whenever one is free, until the
 * stream ends or its reader leaves. */
static void *decode_thread(void *arg)
{
    struct decompress *d = arg;
    for (;;) {
        pthread_mutex_lock(&d->mu);
        while (!d->quit && !d->done && d->produced - d->consumed == DECOMPRESS_RING)
            pthread_cond_wait(&d->cv, &d->mu);
        bool stop = d->quit || d->done;
        pthread_mutex_unlock(&d->mu);
        if (stop)
            break;
        pthread_mutex_lock(&d->dec_mu);
        if (block_wanted(d, false))
            decode_block(d);
        pthread_mutex_unlock(&d->dec_mu);
    }
    release(d);
    return NULL;
}

/* ---- the reader's side: the stream's cookie ---- */

static ssize_t cookie_read(void *cookie, char *dst, size_t cap)
{
    struct decompress *d = cookie;
    for (;;) {
        if (d->holding) {
            size_t slot = d->consumed % DECOMPRESS_RING;
            size_t k = d->ring_len[slot] - d->at;
            if (k > cap)
                k = cap;
            memcpy(dst, d->ring[slot] + d->at, k);
            d->at += k;
            if (d->at == d->ring_len[slot]) {
                pthread_mutex_lock(&d->mu);
                d->consumed++;
                pthread_cond_broadcast(&d->cv);
                pthread_mutex_unlock(&d->mu);
                d->holding = false;
            }
            return (ssize_t)k;
        }
        pthread_mutex_lock(&d->mu);
        while (d->produced == d->consumed && !d->done) {
            pthread_mutex_unlock(&d->mu);
            /* Nothing to read: decode the next block here rather than
             * wait, unless the thread is at it (on a busy machine the
             * thread may wait for a processor while this one idles). */
            bool helped = pthread_mutex_trylock(&d->dec_mu) == 0;
            if (helped) {
                if (block_wanted(d, true))
                    decode_block(d);
                pthread_mutex_unlock(&d->dec_mu);
            }
            pthread_mutex_lock(&d->mu);
            if (!helped && d->produced == d->consumed && !d->done)
                pthread_cond_wait(&d->cv, &d->mu);
        }
        bool more = d->produced != d->consumed;
        int err = d->read_errno;
        pthread_mutex_unlock(&d->mu);
        if (!more) {
            if (err) {
                errno = err;
                return -1;
            }
            d->end_seen = true;
            return 0;
        }
        d->holding = true;
        d->at = 0;
    }
}

static int cookie_close(void *cookie)
{
    struct decompress *d = cookie;
    registry_remove(d);
    pthread_mutex_lock(&d->mu);
    d->quit = true;
    pthread_cond_broadcast(&d->cv);
    pthread_mutex_unlock(&d->mu);
    /* The thread is not waited for: it may be waiting on a pipe, and it
     * ends at its next block; the last of the two frees the state. */
    if (d->thread_live)
        pthread_detach(d->thread);
    release(d);
    return 0;
}

/* The first bytes of raw, looked at where they lie in its buffer; when
 * the buffer holds too few to decide, they are read into d->prefix and
 * given first. */
static enum decompress_format sniff_stream(FILE *raw, struct decompress *pre, bool *empty)
{
    bool more = false;
    enum decompress_format f = DECOMPRESS_PLAIN;
    *empty = false;
#ifdef __GLIBC__
    if (raw->_IO_read_ptr >= raw->_IO_read_end) {
        int c = getc(raw);
        if (c == EOF) {
            *empty = true;
            return DECOMPRESS_PLAIN;
        }
        ungetc(c, raw);
    }
    if (raw->_IO_read_ptr < raw->_IO_read_end) {
        f = decompress_sniff((const unsigned char *)raw->_IO_read_ptr,
                             (size_t)(raw->_IO_read_end - raw->_IO_read_ptr), &more);
        if (!more)
            return f;
    }
#endif
    pre->prefix_len = fread(pre->prefix, 1, sizeof pre->prefix, raw);
    *empty = pre->prefix_len == 0;
    return decompress_sniff(pre->prefix, pre->prefix_len, &more);
}

FILE *decompress_open(FILE *raw, bool close_raw, enum decompress_format *format)
{
    struct decompress *d = calloc(1, sizeof *d);
    if (!d) {
        errno = ENOMEM;
        return NULL;
    }
    bool empty;
    errno = 0;
    *format = sniff_stream(raw, d, &empty);
    if (empty && ferror(raw)) {
        int err = errno ? errno : EIO;
        free(d);
        errno = err;
        return NULL;
    }
    if (*format == DECOMPRESS_PLAIN && d->prefix_len == 0) {
        free(d);
        return raw;
    }
    if (!decompress_supported(*format)) {
        free(d);
        errno = ENOTSUP;
        return NULL;
    }
    pthread_mutex_init(&d->mu, NULL);
    pthread_mutex_init(&d->dec_mu, NULL);
    pthread_cond_init(&d->cv, NULL);
    d->raw = raw;
    d->raw_fd = fileno(raw);
    d->format = *format;
    d->refs = 1; /* the reader's; the thread's once it runs */
    bool ok = (d->iobuf = malloc(DECOMPRESS_IOBUF)) != NULL;
    if (ok && d->format != DECOMPRESS_PLAIN)
        ok = dec_start(d);
    if (ok)
        ok = (d->fp = fopencookie(
                  d, "r", (cookie_io_functions_t){.read = cookie_read, .close = cookie_close})) !=
             NULL;
    if (!ok) {
        release(d); /* raw stays the caller's */
        errno = ENOMEM;
        return NULL;
    }
    /* From here the stream holds the state: closing it lets go of it. */
    d->refs = 2;
    if (setvbuf(d->fp, d->iobuf, _IOFBF, DECOMPRESS_IOBUF) != 0 || !registry_add(d) ||
        pthread_create(&d->thread, NULL, decode_thread, d) != 0) {
        d->refs = 1;
        fclose(d->fp);
        errno = ENOMEM;
        return NULL;
    }
    d->thread_live = true;
    d->close_raw = close_raw;
    return d->fp;
}

int decompress_fileno(FILE *fp)
{
    struct decompress *d = registry_find(fp);
    if (!d)
        return fileno(fp);
    return d->raw_fd;
}

bool decompress_damage(FILE *fp, struct decompress_damage *out)
{
    struct decompress *d = registry_find(fp);
    if (!d || !d->end_seen || d->damage_told)
        return false;
    pthread_mutex_lock(&d->mu);
    bool damaged = d->done && d->damaged;
    if (damaged)
        *out = d->damage;
    pthread_mutex_unlock(&d->mu);
    d->damage_told = damaged;
    return damaged;
}
