/* The move encoding, apart from the generator so that every module names
 * moves without depending on it. */
#ifndef CHESS_MOVE_H
#define CHESS_MOVE_H

#include "position.h"

/* A move in 16 bits: from (0-5), to (6-11), kind (12-15).  Castling is
 * king-takes-own-rook (to = the rook's square), for standard chess and
 * Chess960 alike.  A drop has from = to and names the piece in its kind. */
typedef uint16_t move;

enum move_kind {
    MOVE_NORMAL = 0,
    MOVE_DOUBLE_PUSH = 1,
    MOVE_CASTLE = 2,
    MOVE_EN_PASSANT = 3,
    MOVE_PROMOTE_KNIGHT = 4,
    MOVE_PROMOTE_BISHOP = 5,
    MOVE_PROMOTE_ROOK = 6,
    MOVE_PROMOTE_QUEEN = 7,
    MOVE_PROMOTE_KING = 8, /* antichess and giveaway */
    MOVE_DROP_PAWN = 9,    /* crazyhouse drops: MOVE_DROP_PAWN + type - PAWN */
    MOVE_DROP_KNIGHT = 10,
    MOVE_DROP_BISHOP = 11,
    MOVE_DROP_ROOK = 12,
    MOVE_DROP_QUEEN = 13,
};

/* No move: 0 is a1 to a1, never a move. */
enum { MOVE_NONE = 0 };

static inline move move_make(int from, int to, enum move_kind kind)
{
    return (move)(from | (to << 6) | ((int)kind << 12));
}
static inline int move_from(move m)
{
    return m & 63;
}
static inline int move_to(move m)
{
    return (m >> 6) & 63;
}
static inline enum move_kind move_kind(move m)
{
    return (enum move_kind)(m >> 12);
}
static inline bool move_is_promotion(move m)
{
    return (unsigned)((m >> 12) - MOVE_PROMOTE_KNIGHT) <= 4;
}
static inline bool move_is_drop(move m)
{
    return (m >> 12) >= MOVE_DROP_PAWN;
}
/* The piece type a drop puts on the board. */
static inline enum piece_type move_drop_piece(move m)
{
    return (enum piece_type)((m >> 12) - MOVE_DROP_PAWN + PAWN);
}
static inline move move_make_drop(enum piece_type t, int to)
{
    return (move)(to | (to << 6) | ((int)(MOVE_DROP_PAWN + t - PAWN) << 12));
}
static inline enum piece_type move_promotion(move m)
{
    return move_is_promotion(m) ? (enum piece_type)((m >> 12) - MOVE_PROMOTE_KNIGHT + KNIGHT)
                                : NO_PIECE_TYPE;
}
/* The squares where the king and the rook end up when castling with the rook
 * on rook_sq (FIDE Art. 3.8.2 and its Chess960 counterpart: g/f or c/d file). */
static inline int move_castle_king_to(int king_sq, int rook_sq)
{
    return square_make(rook_sq > king_sq ? 6 : 2, square_rank(king_sq));
}
static inline int move_castle_rook_to(int king_sq, int rook_sq)
{
    return square_make(rook_sq > king_sq ? 5 : 3, square_rank(king_sq));
}

/* Is the move a capture (en passant included, castling and drops excluded)? */
static inline bool move_is_capture(const struct position *p, move m)
{
    return move_kind(m) == MOVE_EN_PASSANT ||
           (move_kind(m) != MOVE_CASTLE && p->board[move_to(m)] != NO_PIECE);
}

/* The piece type that moves: the dropped piece for a drop. */
static inline enum piece_type move_piece_type(const struct position *p, move m)
{
    return move_is_drop(m) ? move_drop_piece(m) : piece_type(p->board[move_from(m)]);
}

#endif
