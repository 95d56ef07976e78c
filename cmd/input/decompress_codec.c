/*
 * decompress_codec.c - the decoders of compressed input (see
 * decompress_codec.h).  They share one loop (decompress.c's): feed the
 * input, take the output, and at the end of the input tell a clean end
 * (between frames, members or streams) from a cut.
 */
#include "decompress_codec.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

struct decompress_codec {
    enum decompress_format format;
    bool live;     /* u holds a decoder to end */
    bool between;  /* the decoder stands between two streams (frames...) */
    char why[160]; /* the decoder's message on DECOMPRESS_CODEC_ERROR */
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
    } u;
};

bool decompress_codec_built(enum decompress_format f)
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

/* ---- the decoders: each starts, takes input, ends, and says whether it
 * stands between two of its streams (a clean end of the input) ---- */

static bool dec_start(struct decompress_codec *c)
{
    switch (c->format) {
#ifdef HAVE_ZSTD
    case DECOMPRESS_ZSTD:
        c->u.zstd = ZSTD_createDCtx();
        c->live = c->u.zstd != NULL;
        break;
#endif
#ifdef HAVE_ZLIB
    case DECOMPRESS_GZIP:
        memset(&c->u.zlib, 0, sizeof c->u.zlib);
        c->live = inflateInit2(&c->u.zlib, 16 + MAX_WBITS) == Z_OK;
        break;
#endif
#ifdef HAVE_BZ2
    case DECOMPRESS_BZIP2:
        memset(&c->u.bz2, 0, sizeof c->u.bz2);
        c->live = BZ2_bzDecompressInit(&c->u.bz2, 0, 0) == BZ_OK;
        break;
#endif
#ifdef HAVE_LZMA
    case DECOMPRESS_XZ:
        c->u.lzma = (lzma_stream)LZMA_STREAM_INIT;
        c->live = lzma_stream_decoder(&c->u.lzma, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK;
        break;
#endif
    default:
        break;
    }
    return c->live;
}

static void dec_end(struct decompress_codec *c)
{
    if (!c->live)
        return;
    c->live = false;
    switch (c->format) {
#ifdef HAVE_ZSTD
    case DECOMPRESS_ZSTD:
        ZSTD_freeDCtx(c->u.zstd);
        break;
#endif
#ifdef HAVE_ZLIB
    case DECOMPRESS_GZIP:
        inflateEnd(&c->u.zlib);
        break;
#endif
#ifdef HAVE_BZ2
    case DECOMPRESS_BZIP2:
        BZ2_bzDecompressEnd(&c->u.bz2);
        break;
#endif
#ifdef HAVE_LZMA
    case DECOMPRESS_XZ:
        lzma_end(&c->u.lzma);
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

enum decompress_codec_step decompress_codec_step(struct decompress_codec *c,
                                                 const unsigned char *in, size_t len, size_t *used,
                                                 char *out, size_t cap, size_t *made, bool finish)
{
    switch (c->format) {
#ifdef HAVE_ZSTD
    case DECOMPRESS_ZSTD: {
        ZSTD_inBuffer ib = {in, len, *used};
        ZSTD_outBuffer ob = {out, cap, *made};
        size_t rc = ZSTD_decompressStream(c->u.zstd, &ob, &ib);
        bool progress = ib.pos != *used || ob.pos != *made;
        *used = ib.pos;
        *made = ob.pos;
        if (ZSTD_isError(rc)) {
            if (ZSTD_getErrorCode(rc) == ZSTD_error_memory_allocation)
                return DECOMPRESS_CODEC_NOMEM;
            snprintf(c->why, sizeof c->why, "%s", ZSTD_getErrorName(rc));
            return DECOMPRESS_CODEC_ERROR;
        }
        if (rc == 0)
            c->between = true;
        else if (progress)
            c->between = false;
        return finish && !progress && ob.pos < ob.size ? DECOMPRESS_CODEC_END : DECOMPRESS_CODEC_OK;
    }
#endif
#ifdef HAVE_ZLIB
    case DECOMPRESS_GZIP: {
        z_stream *z = &c->u.zlib;
        if (c->between && *used < len) {
            /* the next member of the concatenation */
            if (inflateReset(z) != Z_OK)
                return DECOMPRESS_CODEC_NOMEM;
            c->between = false;
        }
        if (c->between)
            return finish ? DECOMPRESS_CODEC_END : DECOMPRESS_CODEC_OK;
        z->next_in = (unsigned char *)in + *used;
        z->avail_in = (unsigned)(len - *used);
        z->next_out = (unsigned char *)out + *made;
        z->avail_out = (unsigned)(cap - *made);
        int rc = inflate(z, Z_NO_FLUSH);
        bool progress = z->next_in != in + *used || z->next_out != (unsigned char *)out + *made;
        *used = (size_t)(z->next_in - in);
        *made = (size_t)((char *)z->next_out - out);
        if (rc == Z_STREAM_END) {
            c->between = true;
            return DECOMPRESS_CODEC_OK;
        }
        if (rc == Z_MEM_ERROR)
            return DECOMPRESS_CODEC_NOMEM;
        if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT || rc == Z_STREAM_ERROR) {
            snprintf(c->why, sizeof c->why, "%s", z->msg ? z->msg : "invalid data");
            return DECOMPRESS_CODEC_ERROR;
        }
        return finish && !progress && *made < cap ? DECOMPRESS_CODEC_END : DECOMPRESS_CODEC_OK;
    }
#endif
#ifdef HAVE_BZ2
    case DECOMPRESS_BZIP2: {
        bz_stream *b = &c->u.bz2;
        if (c->between && *used < len) {
            BZ2_bzDecompressEnd(b);
            memset(b, 0, sizeof *b);
            c->live = BZ2_bzDecompressInit(b, 0, 0) == BZ_OK;
            if (!c->live)
                return DECOMPRESS_CODEC_NOMEM;
            c->between = false;
        }
        if (c->between)
            return finish ? DECOMPRESS_CODEC_END : DECOMPRESS_CODEC_OK;
        b->next_in = (char *)in + *used;
        b->avail_in = (unsigned)(len - *used);
        b->next_out = out + *made;
        b->avail_out = (unsigned)(cap - *made);
        int rc = BZ2_bzDecompress(b);
        bool progress = b->next_in != (const char *)in + *used || b->next_out != out + *made;
        *used = (size_t)((unsigned char *)b->next_in - in);
        *made = (size_t)(b->next_out - out);
        if (rc == BZ_STREAM_END) {
            c->between = true;
            return DECOMPRESS_CODEC_OK;
        }
        if (rc == BZ_MEM_ERROR)
            return DECOMPRESS_CODEC_NOMEM;
        if (rc != BZ_OK) {
            snprintf(c->why, sizeof c->why, "%s", bz2_message(rc));
            return DECOMPRESS_CODEC_ERROR;
        }
        return finish && !progress && *made < cap ? DECOMPRESS_CODEC_END : DECOMPRESS_CODEC_OK;
    }
#endif
#ifdef HAVE_LZMA
    case DECOMPRESS_XZ: {
        lzma_stream *s = &c->u.lzma;
        s->next_in = in + *used;
        s->avail_in = len - *used;
        s->next_out = (uint8_t *)out + *made;
        s->avail_out = cap - *made;
        lzma_ret rc = lzma_code(s, finish ? LZMA_FINISH : LZMA_RUN);
        *used = (size_t)(s->next_in - in);
        *made = (size_t)((char *)s->next_out - out);
        if (rc == LZMA_STREAM_END) {
            c->between = true;
            return DECOMPRESS_CODEC_END;
        }
        if (rc == LZMA_MEM_ERROR)
            return DECOMPRESS_CODEC_NOMEM;
        if (rc == LZMA_BUF_ERROR && finish) {
            c->between = false; /* cut short */
            return DECOMPRESS_CODEC_END;
        }
        if (rc != LZMA_OK && rc != LZMA_BUF_ERROR) {
            snprintf(c->why, sizeof c->why, "%s", lzma_message(rc));
            return DECOMPRESS_CODEC_ERROR;
        }
        return DECOMPRESS_CODEC_OK;
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
    c->between = true;
    return finish && *used == len ? DECOMPRESS_CODEC_END : DECOMPRESS_CODEC_OK;
}

struct decompress_codec *decompress_codec_new(enum decompress_format f)
{
    struct decompress_codec *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->format = f;
    if (f != DECOMPRESS_PLAIN && !dec_start(c)) {
        free(c);
        return NULL;
    }
    return c;
}

void decompress_codec_free(struct decompress_codec *c)
{
    if (!c)
        return;
    dec_end(c);
    free(c);
}

bool decompress_codec_between(const struct decompress_codec *c)
{
    return c->between;
}

const char *decompress_codec_why(const struct decompress_codec *c)
{
    return c->why;
}
