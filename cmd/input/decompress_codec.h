/*
 * decompress_codec.h - the decoders of compressed input (decompress.c's),
 * one per library, each built only under its macro (HAVE_ZSTD, HAVE_ZLIB,
 * HAVE_BZ2, HAVE_LZMA: the Makefile defines them for this module alone),
 * behind one interface: made for a format, stepped over input and output
 * buffers, and asked whether it stands between two of its streams (frames,
 * members: a clean end of the input) or inside one (a cut).  Plain text
 * (bytes read to sniff a format that none matched) has a codec too, which
 * copies its input through.
 */
#ifndef CHESS_DECOMPRESS_CODEC_H
#define CHESS_DECOMPRESS_CODEC_H

#include "decompress_format.h"

#include <stdbool.h>
#include <stddef.h>

/* What one step of a decoder did. */
enum decompress_codec_step {
    DECOMPRESS_CODEC_OK,    /* more input or room is wanted */
    DECOMPRESS_CODEC_END,   /* all it will give at the input's end is given */
    DECOMPRESS_CODEC_ERROR, /* the data is damaged: decompress_codec_why says how */
    DECOMPRESS_CODEC_NOMEM
};

struct decompress_codec;

/* Whether this build has the library of format f (PLAIN: true). */
bool decompress_codec_built(enum decompress_format f);

/* A decoder of format f, which this build has; NULL when out of memory
 * (or its library fails to start). */
struct decompress_codec *decompress_codec_new(enum decompress_format f);

/* Ends the decoder and frees it; NULL is nothing. */
void decompress_codec_free(struct decompress_codec *c);

/* One step: decode from in[*used..len) into out[*made..cap), advancing
 * both; finish says the input has ended (len is all there is). */
enum decompress_codec_step decompress_codec_step(struct decompress_codec *c,
                                                 const unsigned char *in, size_t len, size_t *used,
                                                 char *out, size_t cap, size_t *made, bool finish);

/* Whether the decoder stands between two of its streams: after the last
 * step, an end of the input there is a clean one. */
bool decompress_codec_between(const struct decompress_codec *c);

/* After DECOMPRESS_CODEC_ERROR: the library's reason, e.g. "Data
 * corruption detected". */
const char *decompress_codec_why(const struct decompress_codec *c);

#endif /* CHESS_DECOMPRESS_CODEC_H */
