/*
 * jobs_reader.h - one file of --jobs read into chunks of whole games: the
 * text is read in large blocks and cut where the library's splitter
 * (pgn_split_scan) shows that a game ends, or, with guess_cuts, where one
 * likely ends (pgn_split_guess: a tag line after a result line), which the
 * worker's reader then checks.  Text with no place to cut within
 * JOBS_READER_MAX bytes, and the rest of its file after it, is read as one
 * stream instead (jobs_reader_rest_open: a text_reader of its own).  Used by jobs.c alone, in the
 * main thread.
 */
#ifndef CHESS_JOBS_READER_H
#define CHESS_JOBS_READER_H

#include "cli/cli.h"
#include "games/pgn.h"
#include "games/pgn_split.h"
#include "cli/progress.h"
#include "base/text_input.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Bytes of input per chunk: large enough that the cost of a hand-over is
 * lost in the work, small enough to keep all threads busy on a file of a
 * few MB (larger ones were too few to share out evenly).  The first
 * JOBS_READER_SMALL_UNTIL bytes of a file go in chunks of a quarter of
 * that: every slot's buffers are fresh pages the first time (each page a
 * fault), and a file of a few MB uses each slot only a few times.  The
 * sizes were chosen by measurement (docs/performance.md, "cmd/"). */
enum {
    JOBS_READER_TARGET = 1 << 18,
    JOBS_READER_SMALL = 1 << 16,
    JOBS_READER_SMALL_UNTIL = 1 << 23
};

/* Text without a place to cut (a game, or a line, longer than this; no
 * game at all, as in /dev/zero) is not gathered into a chunk past this
 * many bytes: the rest of its file is read by the main thread as one
 * thread reads it (jobs_config.stream), so memory stays a few chunks per
 * thread and the time linear, whatever the input. */
enum { JOBS_READER_MAX = 16 * JOBS_READER_TARGET };

/* Reading one file: the text from the start of the chunk being filled,
 * cut at game boundaries by the library's splitter.  The caller opens the
 * file (cli_open_quiet) and sets in, line (1), guess and meter_fd; it
 * frees buf at the end. */
struct jobs_reader {
    struct text_reader *in;
    struct cli_buf buf; /* text from the start of the current chunk */
    size_t scanned;     /* bytes of buf looked at (by the splitter: whole lines) */
    size_t no_newline;  /* buf[scanned..no_newline) holds no '\n': the splitter
                         * need not look at that line again until it ends */
    size_t total;       /* bytes read from the file so far */
    uint64_t offset;    /* the stream offset of buf's first byte */
    int meter_fd;       /* -1, or the compressed file's descriptor: the meter
                         * counts its bytes read (decompress_fileno) */
    uint64_t meter_at;  /* bytes of meter_fd counted */
    unsigned long line; /* line number of buf's first line */
    unsigned long lines_scanned;
    struct pgn_split split;
    bool guess; /* cut by pgn_split_guess (jobs_config.guess_cuts) until a
                 * guess fails in this file, then by the splitter */
    bool eof;
    bool streamed; /* the rest of the file went through jobs_reader_rest_open */
    bool err_sent; /* the read error has gone out with a chunk: report it once */
    int err;
};

/* A run of whole games of one file, as a chunk holds it. */
struct jobs_reader_text {
    struct cli_buf in;        /* the text (its memory kept from chunk to chunk) */
    unsigned long first_line; /* line number of the first line of in */
    uint64_t offset;          /* offset in the file's text of in's first byte */
    int read_errno;           /* reading stopped on this error after in */
    bool guessed;             /* cut at its end by pgn_split_guess: unchecked */
};

/* What jobs_reader_next gives. */
enum jobs_reader_got { JOBS_READER_END, JOBS_READER_CHUNK, JOBS_READER_TOO_LONG };

/* Fill t with the next run of whole games (at least JOBS_READER_TARGET
 * bytes, JOBS_READER_SMALL at the start of a file, unless the file ends),
 * or of games that likely end there when rd guesses (t->guessed):
 * JOBS_READER_CHUNK; JOBS_READER_END when the file has nothing left;
 * JOBS_READER_TOO_LONG, t untouched, when JOBS_READER_MAX bytes of rd->buf
 * hold no place to cut and the file goes on.  t->in's old memory is kept
 * for the text after the cut. */
enum jobs_reader_got jobs_reader_next(struct jobs_reader *rd, struct jobs_reader_text *t,
                                      struct progress_games *meter);

/* The text before rd->buf, text[0..len) from a place where a game starts,
 * was cut on guesses that proved wrong: find the splitter's state over it
 * and cut the rest of the file by the splitter, no longer by guesses. */
void jobs_reader_resplit(struct jobs_reader *rd, const char *text, size_t len);

/* The text of a file from a place where a game starts, read as a stream:
 * head (the chunk before, its text not yet read), then rd->buf, then the
 * rest of the file.  Kept by the caller while the stream is open. */
struct jobs_reader_rest {
    struct text_reader text; /* the stream given out */
    const char *head;
    size_t head_len;
    struct jobs_reader *rd;
    size_t buf_at; /* bytes of rd->buf given */
    struct progress_games *meter;
};

/* Open the rest of rd's file as a stream (src's text, kept by the caller
 * until the stream is closed: head[0..head_len), then rd->buf, then the
 * file), a text_reader whose offsets are the file's; NULL when out of
 * memory.  The file then counts as read through the stream
 * (rd->streamed). */
struct text_reader *jobs_reader_rest_open(struct jobs_reader_rest *src, struct jobs_reader *rd,
                                          const char *head, size_t head_len, uint64_t offset,
                                          struct progress_games *meter);

/* Close the stream: rd's file has been read to its end. */
void jobs_reader_rest_close(struct jobs_reader_rest *src, struct jobs_reader *rd);

#endif /* CHESS_JOBS_READER_H */
