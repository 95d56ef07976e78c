/*
 * progress.h - a progress line on standard error for long runs: redrawn in
 * place ("\r...\033[K") twice a second after the first second, by a thread
 * of its own that asks the tool for the text, and erased at the end.  A
 * short run shows nothing; a standard error that is not a terminal (a
 * file, a pipe, a log) never gets it, nor does -q.
 *
 *     static void line(void *ctx, double seconds, char *buf, size_t size)
 *     {
 *         snprintf(buf, size, "%lu games", atomic_load(&((struct counts *)ctx)->games));
 *     }
 *     struct progress *pr = progress_start(&opt.common, line, &counts);
 *     ... the work, updating counts atomically ...
 *     progress_stop(pr);  // NULL is fine
 */
#ifndef CHESS_PROGRESS_H
#define CHESS_PROGRESS_H

#include "cli.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* Format the line (without the program name, which goes first) after
 * seconds of work; called in the progress thread, so what it reads must be
 * atomic. */
typedef void progress_line_fn(void *ctx, double seconds, char *buf, size_t size);

struct progress;

/* Whether a progress line may be shown: not -q, and standard error is a
 * terminal. */
bool progress_wanted(const struct cli_common *common);

/* Start drawing lines from fn when progress_wanted; NULL when not (or when
 * no thread can be had: the work goes on without). */
struct progress *progress_start(const struct cli_common *common, progress_line_fn *fn, void *ctx);

/* Stop and erase the line if one was drawn; frees p (NULL does nothing). */
void progress_stop(struct progress *p);

/* Keep the line off standard error while the caller writes messages
 * there: hold erases it and stops the redrawing until release (the next
 * tick draws it again).  NULL does nothing. */
void progress_hold(struct progress *p);
void progress_release(struct progress *p);

/* Seconds on the monotonic clock, for rates and elapsed times. */
double progress_now(void);

/* What a run of games has done, for the PGN tools' line: games written,
 * input bytes read, and the bytes of the whole input when all of it is
 * regular files (0 when not known). */
struct progress_games {
    atomic_uint_fast64_t games, bytes;
    uint64_t total;
    /* a stream read by the main thread: its descriptor, the bytes of the
     * files before it and how far it has been read */
    int fd;
    uint64_t base, at;
};

/* A stream read in the main thread: the file on descriptor fd comes next
 * (its bytes count after those of the files before), and after each game
 * the games written so far and the file's offset are counted.  NULL does
 * nothing. */
void progress_games_file(struct progress_games *g, int fd);
void progress_games_update(struct progress_games *g, uint64_t games);

/* The line of a progress_games run: "1234 games, 5678 games/s" and, when
 * the total is known, ", 12.3 of 45.6 MB". */
progress_line_fn progress_games_line;

/* The total bytes of the files (nfiles 0 or "-": standard input), when
 * every one is a regular file; else 0. */
uint64_t progress_input_size(char *const *files, int nfiles);

#endif /* CHESS_PROGRESS_H */
