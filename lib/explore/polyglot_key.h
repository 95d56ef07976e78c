/* Polyglot's Zobrist key of a standard chess position: the key an opening
 * book (formats/polyglot.md's entries, lib/explore/polyglot_book.h) files
 * a position under.  It is not the library's own position key (which has
 * its own random numbers and variants' state): Polyglot's key XORs the
 * published 781 random numbers of its specification, for
 *
 *   each piece: index 64 * kind + square, kind = 2 * (type - 1) + (white),
 *     pawn to king, black before white, square a1 = 0 to h8 = 63;
 *   each castling right: 768 White's king side, 769 White's queen side,
 *     770 Black's king side, 771 Black's queen side;
 *   the en-passant file, 772 + file, only where a pawn of the side to move
 *     stands beside the pawn that has just advanced two squares (whether
 *     the capture is legal does not matter: Polyglot's rule, the library's
 *     EN_PASSANT_PSEUDO_LEGAL mode);
 *   White to move: 780.
 *
 * The move counters are not hashed. */
#ifndef CHESS_POLYGLOT_KEY_H
#define CHESS_POLYGLOT_KEY_H

#include "rules/position.h"

#include <stdint.h>

enum {
    POLYGLOT_RANDOM_NB = 781,
    POLYGLOT_RANDOM_CASTLE = 768,
    POLYGLOT_RANDOM_EN_PASSANT = 772,
    POLYGLOT_RANDOM_TURN = 780,
};

/* The published random numbers (Polyglot's book format specification). */
extern const uint64_t polyglot_random[POLYGLOT_RANDOM_NB];

/* The number of a piece (type and colour) on sq in polyglot_random. */
static inline int polyglot_piece_index(int piece, int sq)
{
    return 64 * (2 * ((int)piece_type(piece) - 1) + (piece_color(piece) == WHITE)) + sq;
}

/* Polyglot's key of p, read from its pieces, side, castling rights and
 * en-passant square (a position of standard chess or Chess960; the
 * variants' extra state is not Polyglot's and is not hashed). */
uint64_t polyglot_key(const struct position *p);

/* Polyglot's key of after, a position reached from before (whose key is
 * key) by one move: the squares whose piece changed, the castling rights
 * and en-passant files that changed, and the turn, XORed into key.  The
 * same as polyglot_key(after), cheaper for a walk along a game. */
uint64_t polyglot_key_after(const struct position *before, uint64_t key,
                            const struct position *after);

#endif
