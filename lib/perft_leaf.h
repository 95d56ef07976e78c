/* Perft's last-ply counter: the number of move paths two plies long from a
 * position (the legal moves of each of its children, added up), the work
 * of every node one ply above the leaves of a perft walk.  In standard chess
 * and Chess960 it is worked out incrementally: what the side to move in the
 * children can do is found once, at the position, and each child redoes only
 * what its move can change.  It is a fast copy of the plain count (each
 * legal move played with makemove_play, the child's moves counted by
 * movegen_count), which test_perft holds it to. */
#ifndef CHESS_PERFT_LEAF_H
#define CHESS_PERFT_LEAF_H

#include "position.h"

#include <stdint.h>

/* The number of move paths two plies long from p: the sum over p's legal
 * moves of the number of legal moves after each.  Any position the move
 * generator serves; the variants take the plain count. */
uint64_t perft_leaf_count(const struct position *p);

#endif
