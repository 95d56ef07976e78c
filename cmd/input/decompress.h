/*
 * decompress.h - compressed input read as its text: zstd, gzip, bzip2 and
 * xz, recognised by their magic bytes (never the file's name), on files,
 * pipes and standard input alike.  A compressed stream's text is the
 * source of a text_reader (decompress_read), decompressed by a thread of
 * its own a few blocks ahead of the reader, so that the reading and the
 * decompression take two cores, as `zstd -dc x.zst | tool` does.  Plain
 * text is read as it is: its path costs one look at the reader's buffer
 * (decompress_detect).  Concatenated streams (frames, members: what
 * pigz, pbzip2, `zstd -T` and `cat a.gz b.gz` make) are read to the end.
 *
 * A stream that breaks (damaged, or cut short) ends there for its reader,
 * as if the text ended, and is reported once by decompress_damage, placed
 * after the last byte given; a read error of the compressed file is the
 * stream's read error (errno), as a plain file's would be.
 */
#ifndef CHESS_DECOMPRESS_H
#define CHESS_DECOMPRESS_H

#include "decompress_format.h"
#include "base/text_input.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Whether this build reads the format (it was built with its library). */
bool decompress_supported(enum decompress_format f);

/* The format whose magic bytes start raw (nothing given out from it
 * yet), read into until they decide; the bytes stay in raw's buffer.
 * *empty is set when raw has no byte, or failed (raw->failed). */
enum decompress_format decompress_detect(struct text_reader *raw, bool *empty);

/* A decompressor of raw's bytes in format (not DECOMPRESS_PLAIN), which
 * takes raw over (*raw is emptied; its buffer and the descriptor fd,
 * closed at the end when close_fd, are the decompressor's from then on:
 * its thread may still be reading after decompress_close).  Its text is
 * read through a text_reader whose source is decompress_read, ctx the
 * decompressor.  NULL when it cannot be made, raw still the caller's:
 * errno ENOTSUP when the build lacks the format's library
 * (decompress_missing says so), or ENOMEM. */
struct decompress;
struct decompress *decompress_open(struct text_reader *raw, int fd, bool close_fd,
                                   enum decompress_format format);

/* The text_source_fn of the decompressed text (ctx: the decompressor). */
ssize_t decompress_read(void *ctx, char *dst, size_t cap);

/* Let go of the decompressor (its thread ends on its own). */
void decompress_close(struct decompress *d);

/* The message for input in a format the build cannot read: which library
 * it lacks and what to install. */
const char *decompress_missing(enum decompress_format f);

/* The descriptor of the compressed file: its position tells how far the
 * input has been read (its bytes count against the file's size). */
int decompress_fileno(const struct decompress *d);

/* Once the reader of d's text has met its end: true, once, when the
 * stream broke, with what broke it.  False before the end, and after
 * the first true. */
bool decompress_damage(struct decompress *d, struct decompress_damage *out);

#endif /* CHESS_DECOMPRESS_H */
