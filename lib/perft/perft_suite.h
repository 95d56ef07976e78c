/* Perft suites: the counts a position is expected to give at each depth,
 * as the two published formats write them.  EPD records carry them as
 * operations (the Roce and Ethereal suites):
 *
 *     rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400
 *
 * and python-chess's suites (the .perft files of its examples/perft) as
 * blocks of lines:
 *
 *     id gentest-1
 *     epd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
 *     perft 1 20
 *     perft 2 400
 *
 * Blank lines and lines starting with '#' separate blocks; a block ends
 * where the next "id" (or "epd", for files without ids) begins.  Every
 * malformed count or line is a problem with its column; a malformed perft
 * line is refused alone (the block's other counts are checked), any other
 * leaves its block uncounted.  Depths go from 1 to PERFT_SUITE_DEPTH_MAX,
 * as perft's --depth: no perft finishes deeper (depth 14 of the starting
 * position already needs more than 64 bits). */
#ifndef CHESS_PERFT_SUITE_H
#define CHESS_PERFT_SUITE_H

#include "notation/fen.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    PERFT_SUITE_DEPTH_MAX = 30, /* ;D1 to ;D30, perft 1 to perft 30 */
    PERFT_SUITE_MESSAGE_MAX = 128,
    PERFT_SUITE_ID_MAX = 64,    /* bytes kept of an id (cut beyond) */
    PERFT_SUITE_EPD_MAX = 1024, /* longest epd line text */
};

/* The expected counts of one position. */
struct perft_expect {
    uint64_t has;                              /* bit d: a count for depth d */
    uint64_t count[PERFT_SUITE_DEPTH_MAX + 1]; /* count[d], where has bit d */
};

static inline bool perft_expect_has(const struct perft_expect *e, int depth)
{
    return depth >= 1 && depth <= PERFT_SUITE_DEPTH_MAX && (e->has >> depth & 1);
}

/* What is wrong, and where: a 1-based column in the line or record. */
struct perft_suite_problem {
    unsigned col;
    char message[PERFT_SUITE_MESSAGE_MAX];
};

/* The ;D1 ... ;D30 operations of an EPD record into *out (other
 * operations are ignored).  False at the first malformed count, in depth
 * order: "invalid ;D2 count '6x6'" at the count's column in the record. */
bool perft_suite_epd_counts(const struct fen_record *rec, struct perft_expect *out,
                            struct perft_suite_problem *pb);

/* Is the line one of python-chess's format ("id", "epd" or "perft" as
 * its first word)?  A file's first line that is not blank or a comment
 * tells the two formats apart: no FEN starts with these words. */
bool perft_suite_is_block_line(const char *s, size_t len);

/* A block of python-chess's format, gathered line by line. */
struct perft_suite_block {
    bool open;                   /* a block has begun */
    bool bad;                    /* a line of it but a perft line was malformed (reported) */
    unsigned long line;          /* where it began */
    char id[PERFT_SUITE_ID_MAX]; /* "" when it has no id line */
    bool has_epd;
    char epd[PERFT_SUITE_EPD_MAX]; /* the position, as written after "epd" */
    size_t epd_len;
    unsigned long epd_line;
    unsigned epd_col; /* column of the FEN in its line */
    struct perft_expect expect;
};

/* What perft_suite_feed found, as bits. */
enum {
    PERFT_SUITE_COMPLETE = 1, /* the line began a new block: the one before is in *done */
    PERFT_SUITE_PROBLEM = 2,  /* the line is malformed: *pb says why (and its block is bad) */
};

/* Feed one line (number line_no, without its newline) to the block being
 * gathered in *b; returns the bits above (0: nothing to do).  At the end
 * of the input, the block still open (b->open) is complete too. */
int perft_suite_feed(struct perft_suite_block *b, const char *s, size_t len, unsigned long line_no,
                     struct perft_suite_block *done, struct perft_suite_problem *pb);

#endif
