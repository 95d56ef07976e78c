/* Perft: the number of move paths of a given length from a position, the
 * standard test of a move generator. */
#ifndef CHESS_PERFT_H
#define CHESS_PERFT_H

#include "movegen.h"

/* Count the leaf nodes at depth plies below p (depth 0 gives 1). */
uint64_t perft_count(const struct position *p, int depth);

#endif
