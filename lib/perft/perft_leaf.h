/* Perft's last-ply counter: the number of move paths two plies long from a
 * position, the work of every node one ply above a perft walk's leaves.
 * In standard chess and Chess960 it is worked out incrementally (what the
 * children's side to move can do found once, each child redoing only what
 * its move changes): a fast copy of the plain count (makemove_play, then
 * movegen_count), which test_perft holds it to. */
#ifndef CHESS_PERFT_LEAF_H
#define CHESS_PERFT_LEAF_H

#include "rules/position.h"

#include <stdint.h>

/* The sum over p's legal moves of the number of legal moves after each.
 * Any position the generator serves; the variants take the plain count. */
uint64_t perft_leaf_count(const struct position *p);

#endif
