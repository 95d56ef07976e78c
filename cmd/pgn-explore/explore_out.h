/*
 * explore_out.h - an answer written (explore_answer.h), the same whoever
 * filled it (the archive scan or the saved index): the table a person
 * reads, lichess's explorer API JSON (one line an answer), and the move
 * tables (TSV, CSV) for pipelines.  docs/pgn-explore.md shows each.
 */
#ifndef CHESS_EXPLORE_OUT_H
#define CHESS_EXPLORE_OUT_H

#include "cli/cli.h"
#include "explore/explore_answer.h"
#include "explore_options.h"

#include <stdbool.h>

/* Write the answers to opt->asked (answers[i] finished for each asked[i]
 * that is ok) in opt->to's format on standard output, in order.  A
 * --positions line that held no position gets "null" in JSON and nothing
 * in the others. */
void explore_out_write(const struct explore_options *opt, const struct explore_answer *answers);

#endif /* CHESS_EXPLORE_OUT_H */
