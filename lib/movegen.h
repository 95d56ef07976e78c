/* Legal move generation.  Moves are generated legal directly (check and pin
 * masks), never pseudo-legal and filtered, so that counting the moves of a
 * position needs no make/unmake at all.  The variants use the same
 * generator with their rule modules switched on (variant.h): drops, the
 * racing kings' ban on giving check, and for the variants whose kings are
 * not royal a pseudo-legal mode whose moves an invariant then filters
 * (atomic: no own king exploded or left attacked; antichess: captures
 * first). */
#ifndef CHESS_MOVEGEN_H
#define CHESS_MOVEGEN_H

#include "move.h"
#include "position.h"

/* At most 218 legal moves in a chess position; crazyhouse drops add up to
 * five per empty square (301 in a published suite position), hence room
 * for 512. */
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

/* Does the pseudo-legal move m (a piece of the side to move going where
 * its rules let it; not castling, which is castling_rule's) leave that
 * side's king safe (FIDE Art. 3.9)?  The one per-move legality test, for
 * readers that find a move by its text (san.c's resolver) without
 * generating every move; the generator's check and pin masks are the same
 * rule computed ahead for all moves, and test_rules holds the two
 * together.  In the variants it asks the generator (their invariants are
 * its). */
bool movegen_king_safe(const struct position *p, move m);

/* The same test made after the move, on the position it led to: is the
 * king of the side that just moved safe?  One look at the attackers of
 * one square, for a caller that plays the move anyway
 * (san_resolve_plain).  Standard chess and Chess960 only. */
bool movegen_left_king_safe(const struct position *after);

/* The castling move of the side to move on one side (queen_side false:
 * the king's side), when it is legal (FIDE Art. 3.8.2, Chess960's rules
 * alike), else MOVE_NONE: for readers of "O-O", without generating every
 * move.  Standard chess and Chess960 only. */
move movegen_castle(const struct position *p, bool queen_side);

#endif
