/* Legal move generation.  Moves are generated legal directly (check and pin
 * masks), so that counting them needs no make/unmake.  The variants use
 * the same generator with their rule modules switched on (variant.h), and
 * where kings are not royal a pseudo-legal mode whose moves an invariant
 * then filters (atomic: no own king exploded or left attacked; antichess:
 * captures first). */
#ifndef CHESS_MOVEGEN_H
#define CHESS_MOVEGEN_H

#include "move.h"
#include "position.h"

/* At most 218 legal moves in a chess position; crazyhouse drops add up to
 * five per empty square (301 in a published position). */
enum { MOVELIST_MAX = 512 };

struct movelist {
    int count;
    move moves[MOVELIST_MAX];
};

/* All legal moves of the side to move, in a fixed (generation) order that
 * callers should not rely on: tools that print moves sort them. */
int movegen_legal(const struct position *p, struct movelist *list);
/* The number of legal moves, without building the list (perft leaves). */
int movegen_count(const struct position *p);
/* Is m one of the legal moves of p? */
bool movegen_is_legal(const struct position *p, move m);

/* Does the pseudo-legal move m (not castling, which is castling_rule's)
 * leave the side to move's king safe (FIDE Art. 3.9)?  The one per-move
 * legality test, for readers that find a move by its text (san.c's
 * resolver); the generator's check and pin masks are its fast form, held
 * to it by test_rules.  In the variants it asks the generator. */
bool movegen_king_safe(const struct position *p, move m);

/* The same test on the position after the move: is the king of the side
 * that just moved safe?  For a caller that plays the move anyway
 * (san_resolve_plain).  Standard chess and Chess960 only. */
bool movegen_left_king_safe(const struct position *after);

/* The castling move of the side to move on one side (queen_side false:
 * the king's side) when it is legal (FIDE Art. 3.8.2), else MOVE_NONE: for
 * readers of "O-O".  Standard chess and Chess960 only. */
move movegen_castle(const struct position *p, bool queen_side);

#endif
