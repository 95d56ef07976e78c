/*
 * against.h - perft --against (a UCI engine) and --against-divide (a
 * divide command): our divide and the engine's compared at a record's
 * position; where the totals differ, the first differing root
 * move is followed down, a ply at a time, to the position where the two
 * move lists differ (or to depth 1), which is printed with the moves from
 * the record's position and the moves each side has alone, or, where
 * both have the same moves, the two counts that differ.
 */
#ifndef CHESS_AGAINST_H
#define CHESS_AGAINST_H

#include "perft_session.h"
#include "perft/perft_suite.h"

/* Compare at --depth (or the record's deepest expected count, from e) and
 * print ok, or FAIL with where the move lists part; s->engine must run (or
 * s->command be set); an engine failure is reported at src, status 69. */
void against_position(struct perft_session *s, const struct position *p,
                      const struct perft_expect *e, const struct perft_session_source *src);

#endif /* CHESS_AGAINST_H */
