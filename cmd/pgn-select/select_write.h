/*
 * select_write.h - pgn-select's writer: the records of select_work.h
 * read back in input order (in the main thread), where what needs the
 * games before is decided: --unique (the first of equal games), --limit
 * (stop after N), --invert and --count; the games written byte for byte
 * (game_out.h), and the diagnostics of the games read.
 */
#ifndef CHESS_SELECT_WRITE_H
#define CHESS_SELECT_WRITE_H

#include "output/game_out.h"
#include "jobs/jobs.h"
#include "select_options.h"
#include "policy/game_id.h"

#include <stdbool.h>

struct select_writer {
    const struct select_options *opt;
    struct jobs_out how; /* -q, the progress line */
    /* totals */
    unsigned long games, chosen, unreadable, duplicates, written;
    bool full_said; /* --unique's bound was reported */
    bool invalid;   /* a game written about was unreadable, or text made no game */
    /* private */
    struct game_out out;
    struct game_id_set seen;
};

void select_writer_init(struct select_writer *w, const struct select_options *opt,
                        const struct jobs_out *how);
void select_writer_free(struct select_writer *w);

/* The jobs module's write hook (jobs_config.write); sets res->stop once
 * --limit's games are written, or in the last file past the last number
 * --game-number can choose (without --invert or --stats). */
void select_write(void *writer, struct jobs_result *res, const char *name,
                  unsigned long game_offset, bool file_first);

/* After the last input: the count (--count), the totals (--stats), and
 * the exit status merged into status. */
int select_writer_finish(struct select_writer *w, int status);

#endif /* CHESS_SELECT_WRITE_H */
