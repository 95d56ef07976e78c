/*
 * decompress.c - compressed input read as its text (see decompress.h).
 *
 * A decompressing stream is a ring of DECOMPRESS_RING blocks between two
 * threads: the stream's own thread decodes the next block of its source
 * (decompress_source.h: the compressed file and its codec) into the next
 * free block and hands it over; the reader's thread copies from the oldest
 * full block into its text_reader's buffer (decompress_read, the
 * reader's source) and frees it, and when
 * there is none, decodes the next block itself if the stream's thread is
 * not at it (whichever decodes holds dec_mu).
 */
#include "decompress.h"

#include "decompress_codec.h"
#include "decompress_source.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Blocks of decompressed text in flight, and their size: a few blocks let
 * either thread run ahead of the other for a while; a block is large
 * enough that handing it over costs nothing beside its decoding. */
enum { DECOMPRESS_RING = 8, DECOMPRESS_BLOCK = 1 << 18 };

struct decompress {
    struct text_reader raw; /* the compressed bytes, the state's own */
    int raw_fd;             /* their descriptor, or -1 */
    bool close_raw;         /* ... closed with the state */

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

    pthread_mutex_t dec_mu;       /* held by whichever thread decodes */
    struct decompress_source src; /* dec_mu's; read_errno and damage
                                   * also under mu once done */

    /* the reader's */
    size_t at;        /* bytes of the oldest block given */
    bool holding;     /* the oldest block is being read */
    bool end_seen;    /* the reader met the end of the text */
    bool damage_told; /* decompress_damage said it */
};

bool decompress_supported(enum decompress_format f)
{
    return decompress_codec_built(f);
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

/* ---- the stream's thread ---- */

/* One block's work, with d->dec_mu held and a free block to fill: fill
 * it from the source and hand it over, and end the stream when the
 * source says no block follows. */
static void decode_block(struct decompress *d)
{
    size_t slot = d->produced % DECOMPRESS_RING, len;
    bool last = decompress_source_block(&d->src, &d->ring[slot], DECOMPRESS_BLOCK, &len);
    pthread_mutex_lock(&d->mu);
    if (len) {
        d->ring_len[slot] = len;
        d->produced++;
    }
    d->done = last;
    pthread_cond_broadcast(&d->cv);
    pthread_mutex_unlock(&d->mu);
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
    decompress_source_end(&d->src);
    text_reader_free(&d->raw);
    if (d->close_raw)
        close(d->raw_fd);
    for (int i = 0; i < DECOMPRESS_RING; i++)
        free(d->ring[i]);
    pthread_mutex_destroy(&d->mu);
    pthread_mutex_destroy(&d->dec_mu);
    pthread_cond_destroy(&d->cv);
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

/* ---- the reader's side: its source ---- */

ssize_t decompress_read(void *ctx, char *dst, size_t cap)
{
    struct decompress *d = ctx;
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
        int err = d->src.read_errno;
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

void decompress_close(struct decompress *d)
{
    if (!d)
        return;
    pthread_mutex_lock(&d->mu);
    d->quit = true;
    pthread_cond_broadcast(&d->cv);
    pthread_mutex_unlock(&d->mu);
    /* The thread is not waited for: it may be waiting on a pipe, and it
     * ends at its next block; the last of the two frees the state. */
    if (d->thread_live)
        pthread_detach(d->thread);
    release(d);
}

enum decompress_format decompress_detect(struct text_reader *raw, bool *empty)
{
    return decompress_source_sniff(raw, empty);
}

struct decompress *decompress_open(struct text_reader *raw, int fd, bool close_fd,
                                   enum decompress_format format)
{
    if (!decompress_supported(format)) {
        errno = ENOTSUP;
        return NULL;
    }
    struct decompress *d = calloc(1, sizeof *d);
    if (!d) {
        errno = ENOMEM;
        return NULL;
    }
    pthread_mutex_init(&d->mu, NULL);
    pthread_mutex_init(&d->dec_mu, NULL);
    pthread_cond_init(&d->cv, NULL);
    d->raw = *raw;
    d->raw_fd = fd;
    d->refs = 1; /* the reader's; the thread's once it runs */
    if (!decompress_source_start(&d->src, &d->raw, format)) {
        d->raw = (struct text_reader){0}; /* raw stays the caller's */
        release(d);
        errno = ENOMEM;
        return NULL;
    }
    /* From here the state holds raw and the descriptor. */
    *raw = (struct text_reader){0};
    d->close_raw = close_fd;
    d->refs = 2;
    if (pthread_create(&d->thread, NULL, decode_thread, d) != 0) {
        d->refs = 1;
        decompress_close(d);
        errno = ENOMEM;
        return NULL;
    }
    d->thread_live = true;
    return d;
}

int decompress_fileno(const struct decompress *d)
{
    return d->raw_fd;
}

bool decompress_damage(struct decompress *d, struct decompress_damage *out)
{
    if (!d || !d->end_seen || d->damage_told)
        return false;
    pthread_mutex_lock(&d->mu);
    bool damaged = d->done && d->src.damaged;
    if (damaged)
        *out = d->src.damage;
    pthread_mutex_unlock(&d->mu);
    d->damage_told = damaged;
    return damaged;
}
