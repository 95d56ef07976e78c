/*
 * explore_query.h - the positions asked, answered from the archives in one
 * pass: explore_loop's consumer that adds up, per asked position, the
 * counted move of each game that reaches it and keeps its top games.  Only
 * the asked positions are looked at (explore_walk_only: a board compare a
 * ply, a key only where the board is one asked).
 */
#ifndef CHESS_EXPLORE_QUERY_H
#define CHESS_EXPLORE_QUERY_H

#include "explore/explore_answer.h"
#include "explore_loop.h"
#include "explore_options.h"

/* Fill answers[i] for each i < opt->nasked with asked[i].ok
 * (explore_answer_init'ed with asked[i].pos by the caller; the caller
 * finishes them): the exit status, and the loop's counts in *n. */
int explore_query_run(const struct explore_options *opt, struct explore_answer *answers,
                      struct explore_loop_counts *n);

#endif /* CHESS_EXPLORE_QUERY_H */
