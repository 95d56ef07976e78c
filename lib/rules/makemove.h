/* Playing a move on a position.  The library uses copy-make: to keep the
 * position before a move, copy the struct (it is small) and play on the copy. */
#ifndef CHESS_MAKEMOVE_H
#define CHESS_MAKEMOVE_H

#include "move.h"
#include "position.h"

/* Play a legal move (as produced by movegen) on p, updating every field
 * including the Zobrist key and the counters. */
void makemove_play(struct position *p, move m);
/* A null move (PGN "--"): the side to move passes; legal only when not in check. */
void makemove_null(struct position *p);

/* What makemove_take_back needs to undo a move of standard chess or
 * Chess960 other than castling: the state a move cannot recompute (not
 * the key: the position is left with a stale one). */
struct makemove_undo {
    uint32_t halfmove;
    uint8_t castling, ep_square, victim;
};
/* makemove_play, keeping in u what makemove_take_back needs, for the
 * replays of games: in standard chess it leaves p->key stale
 * (p->key_stale: position_key computes it). */
void makemove_play_undo(struct position *p, move m, struct makemove_undo *u);
/* Undo m (not castling, standard chess or Chess960) played on p by
 * makemove_play_undo, for a caller that finds afterwards that the move
 * must not stand; the key stays stale. */
void makemove_take_back(struct position *p, move m, const struct makemove_undo *u);

#endif
