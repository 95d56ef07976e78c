/*
 * decompress_format.h - the words the modules of compressed input share
 * (decompress.h, decompress_source.h, decompress_codec.h): the formats,
 * told by their magic bytes, and how a stream broke.  Below them all, so
 * that none of them includes another's header to learn these.
 */
#ifndef CHESS_DECOMPRESS_FORMAT_H
#define CHESS_DECOMPRESS_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

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

#endif /* CHESS_DECOMPRESS_FORMAT_H */
