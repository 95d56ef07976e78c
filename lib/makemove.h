/* Playing a move on a position.  The library uses copy-make: to keep the
 * position before a move, copy the struct (it is small) and play on the copy. */
#ifndef CHESS_MAKEMOVE_H
#define CHESS_MAKEMOVE_H

#include "movegen.h"

/* Play a legal move (as produced by movegen) on p, updating every field
 * including the Zobrist key and the counters. */
void makemove_play(struct position *p, move m);
/* A null move (PGN "--"): the side to move passes; legal only when not in check. */
void makemove_null(struct position *p);

#endif
