/*
 * explore_loop.h - the one game loop of pgn-explore: the FILE operands
 * (directories, compressed files, standard input) read in chunks on
 * --jobs N threads (jobs.h), each game's tags judged by the criteria
 * first, then (a known result, or any result when the consumer wants
 * every game) its main line replayed and walked by lib/explore's rule
 * (explore_walk), and each walk of a chosen game that replays handed to a
 * consumer.  A game that does not replay is reported "FILE:LINE:COL: game
 * N (LABEL): reason" and skipped; the counts go to --stats.  The archive
 * query (explore_query.h), the index builder and the book builder are its
 * three consumers.
 *
 *     struct explore_consumer c = {.arg = &totals, .state_new = new_state,
 *                                  .game = one_game, .finish = merge_state};
 *     struct explore_loop_config cfg = {.opt = &opt, .max_ply = 50};
 *     struct explore_loop_counts n;
 *     int status = explore_loop_run(&cfg, &c, &n);
 *
 * A consumer has one state per thread (state_new in that thread); its
 * game() runs in that thread, game after game in input order within a
 * chunk but chunks in any order; finish() merges a state into the
 * consumer's totals and frees it, once per state, after every game was
 * handed out, under a lock (so it may add into shared totals).
 *
 * A game's number in its file (the one diagnostics give) is known only
 * when its chunk is written in input order, after game(): game() may
 * return a pointer to where the loop stores it then (NULL: not wanted);
 * the memory must stay until finish().
 */
#ifndef CHESS_EXPLORE_LOOP_H
#define CHESS_EXPLORE_LOOP_H

#include "explore/explore.h"
#include "explore_options.h"

#include <stdbool.h>
#include <stddef.h>

struct explore_consumer {
    void *arg;
    /* A thread's state; NULL when out of memory (the run stops, status 71). */
    void *(*state_new)(void *arg);
    /* A chosen game that replays, walked: w->meta has its place (file,
     * file_index, line) but not yet its number. */
    unsigned long *(*game)(void *state, const struct explore_walk *w);
    /* Merge state into arg's totals and free it (state may be NULL). */
    void (*finish)(void *arg, void *state);
};

struct explore_loop_config {
    const struct explore_options *opt;   /* files, criteria, common, jobs */
    size_t max_ply;                      /* plies walked (1 to EXPLORE_MAX_PLY_MAX) */
    unsigned walk_flags;                 /* EXPLORE_WALK_POSITIONS ... */
    const struct explore_filter *filter; /* keys only for these positions (NULL: all) */
    bool any_result;        /* hand over games without a known result too (make-book counts them) */
    bool result_tag_only;   /* the result is the Result tag's alone, never the movetext's
                             * marker (make-book's: no tag scores as a draw) */
    bool past_limit_unread; /* the moves past max_ply are not replayed (make-book plays none
                             * of them: a game illegal only there counts), unless the
                             * criteria need the whole line */
    bool comments;          /* the consumer reads annotations (reserved: [%eval]; slower) */
};

/* What the run saw. */
struct explore_loop_counts {
    unsigned long games;      /* games read */
    unsigned long walked;     /* handed to the consumer */
    unsigned long unreadable; /* reported: text or main line that does not replay */
    unsigned long no_result;  /* skipped: no known result */
    unsigned long not_chosen; /* skipped: the criteria turned them away */
};

/* Run the loop over opt->files: the exit status so far (CLI_OK; 1 when a
 * game could not be read; 66 for a file that cannot be opened; 71 out of
 * memory).  Diagnostics are written as they come, in input order; a
 * progress line shows on a terminal. */
int explore_loop_run(const struct explore_loop_config *cfg, const struct explore_consumer *c,
                     struct explore_loop_counts *counts);

/* The --stats line: "N games, N counted, N unreadable, N without result,
 * N not chosen" on stderr (not with -q). */
void explore_loop_stats(const struct explore_options *opt, const struct explore_loop_counts *n);

#endif /* CHESS_EXPLORE_LOOP_H */
