/*
 * decompress.h - compressed input read as its text: zstd, gzip, bzip2 and
 * xz, recognised by their magic bytes (never the file's name), on files,
 * pipes and standard input alike.  A compressed stream comes back as a
 * stream of its decompressed bytes (fopencookie), decompressed by a thread
 * of its own a few blocks ahead of the reader, so that the reading and
 * the decompression take two cores, as `zstd -dc x.zst | tool` does.
 * Plain text comes back as the very stream given: its path costs one look
 * at the stream's buffer.  Concatenated streams (frames, members: what
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

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Whether this build reads the format (it was built with its library). */
bool decompress_supported(enum decompress_format f);

/* Look at the first bytes of raw (opened for reading, nothing read from it
 * yet) without losing any, and return raw itself when they are plain text,
 * or a new stream giving the decompressed text, which owns raw from then
 * on (closing it closes raw when close_raw is set; standard input is
 * not).  *format is set to what was found.  NULL when the stream cannot be
 * made: errno ENOTSUP when the build lacks the format's library
 * (decompress_missing says so), ENOMEM, or a read error's errno; raw then
 * stays the caller's to close. */
FILE *decompress_open(FILE *raw, bool close_raw, enum decompress_format *format);

/* The message for input in a format the build cannot read: which library
 * it lacks and what to install. */
const char *decompress_missing(enum decompress_format f);

/* The descriptor whose file position tells how far the input has been
 * read: the compressed file's for a decompressing stream (its bytes count
 * against the file's size), fileno(fp) for any other. */
int decompress_fileno(FILE *fp);

/* Once the reader of fp has met the end of its text: true, once, when
 * fp is a decompressing stream that broke, with what broke it.  False for
 * any other stream, before the end, and after the first true. */
bool decompress_damage(FILE *fp, struct decompress_damage *out);

#endif /* CHESS_DECOMPRESS_H */
