/*
 * decompress_source.h - where a decompressing stream's text comes from
 * (decompress.c's): the compressed file, read from its first bytes (those
 * read to sniff its format first), decoded a block at a time by its codec
 * (decompress_codec.h), and the place in the text where it broke, counted
 * as the blocks are made.  One thread at a time uses it (decompress.c's
 * dec_mu).
 */
#ifndef CHESS_DECOMPRESS_SOURCE_H
#define CHESS_DECOMPRESS_SOURCE_H

#include "decompress_format.h"
#include "decompress_codec.h"
#include "base/text_input.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Bytes of compressed input read at a time. */
enum { DECOMPRESS_SOURCE_IN = 1 << 17 };

struct decompress_source {
    struct text_reader *raw; /* the compressed bytes (the caller's) */
    enum decompress_format format;
    struct decompress_codec *codec; /* NULL until decompress_source_start */
    unsigned char in[DECOMPRESS_SOURCE_IN];
    size_t in_len, in_used;
    bool in_end;         /* the compressed input has ended */
    unsigned long lines; /* '\n' given */
    unsigned long col;   /* bytes given since the last '\n' */
    int read_errno;      /* reading the compressed file failed */
    bool damaged;        /* the stream broke: damage says how */
    struct decompress_damage damage;
};

/* The format whose magic bytes start raw (nothing given out from it
 * yet), looked at in its buffer, read into until they decide (they stay
 * there, to be read first).  *empty is set when raw has no byte (or a
 * read error: raw->failed). */
enum decompress_format decompress_source_sniff(struct text_reader *raw, bool *empty);

/* Ready s (zeroed) to decode raw in format f, which the build has:
 * false when out of memory. */
bool decompress_source_start(struct decompress_source *s, struct text_reader *raw,
                             enum decompress_format f);

/* Ends its codec (s itself is the caller's). */
void decompress_source_end(struct decompress_source *s);

/* Fill a block of cap bytes (*block, allocated when NULL) with the next of
 * the text: full, or as much as the input read so far gave (text fed
 * slowly through a pipe is not held back).  *len is the bytes filled, to
 * be handed over; true when no block comes after this one: the input
 * ended, a read failed (read_errno: the block is dropped), or the stream
 * broke (damaged, placed after the bytes of this block). */
bool decompress_source_block(struct decompress_source *s, char **block, size_t cap, size_t *len);

#endif /* CHESS_DECOMPRESS_SOURCE_H */
