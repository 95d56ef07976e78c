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
#ifndef DECOMPRESS_H
#define DECOMPRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The formats, by their magic bytes. */
enum decompress_format {
    DECOMPRESS_PLAIN,
    DECOMPRESS_ZSTD,  /* 28 B5 2F FD, or a skippable frame 5? 2A 4D 18 */
    DECOMPRESS_GZIP,  /* 1F 8B */
    DECOMPRESS_BZIP2, /* "BZh" and '1'..'9' */
    DECOMPRESS_XZ     /* FD "7zXZ" 00 */
};

/* The most bytes decompress_sniff needs to decide. */
enum { DECOMPRESS_MAGIC_MAX = 6 };

/* The format whose magic bytes start p[0..n); DECOMPRESS_PLAIN when none
 * does.  *more is set when p is too short to decide: the n bytes begin
 * some magic, and more of them could complete it. */
enum decompress_format decompress_sniff(const unsigned char *p, size_t n, bool *more);

/* The format's name in messages ("zstd"...). */
const char *decompress_format_name(enum decompress_format f);

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

/* How a stream broke. */
struct decompress_damage {
    unsigned long line, col; /* in the decompressed text: where the next byte
                              * would have been (1-based, as the readers count:
                              * '\n' ends a line, col counts bytes) */
    int status;              /* the exit status it calls for: 1 (invalid input),
                              * 71 when memory ran out */
    char msg[256];           /* "damaged zstd stream: REASON; the text before it
                              * was read", or "truncated ...: ..." */
};

/* Once the reader of fp has met the end of its text: true, once, when
 * fp is a decompressing stream that broke, with what broke it.  False for
 * any other stream, before the end, and after the first true. */
bool decompress_damage(FILE *fp, struct decompress_damage *out);

#endif /* DECOMPRESS_H */
