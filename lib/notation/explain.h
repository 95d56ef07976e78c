/* Why a move is illegal: one list of reasons, each naming the FIDE rule it
 * breaks, so that every tool words a mistake the same way.  Messages go to
 * the caller's buffer, squares and pieces filled in ("no piece on e3"). */
#ifndef CHESS_EXPLAIN_H
#define CHESS_EXPLAIN_H

#include "rules/movegen.h"

#include <stddef.h>

enum explain_reason {
    EXPLAIN_LEGAL = 0,
    /* the text */
    EXPLAIN_SYNTAX,       /* not a move in SAN, long algebraic or UCI notation */
    EXPLAIN_AMBIGUOUS,    /* SAN that more than one legal move matches */
    EXPLAIN_NO_CANDIDATE, /* SAN: no piece of that type can reach the square */
    /* the piece (FIDE Art. 1.2, 3.1) */
    EXPLAIN_NO_PIECE,    /* nothing on the from-square */
    EXPLAIN_WRONG_SIDE,  /* the piece belongs to the side not to move */
    EXPLAIN_WRONG_PIECE, /* LAN names another piece than the one standing there */
    EXPLAIN_SAME_SQUARE, /* from and to are one square */
    EXPLAIN_OWN_PIECE,   /* the target holds a piece of the same colour (Art. 3.1) */
    /* how the pieces move (Art. 3.2 to 3.7) */
    EXPLAIN_GEOMETRY,         /* the piece does not move that way */
    EXPLAIN_PATH_BLOCKED,     /* a line piece or a pawn's double step jumps a piece (Art. 3.5) */
    EXPLAIN_PAWN_DOUBLE_STEP, /* two squares from elsewhere than the starting rank (Art. 3.7.2) */
    EXPLAIN_PAWN_BLOCKED,     /* a pawn advancing onto an occupied square (Art. 3.7.1) */
    EXPLAIN_PAWN_NO_CAPTURE,  /* a diagonal pawn move to an empty square (Art. 3.7.3) */
    EXPLAIN_NO_EN_PASSANT, /* en passant without the enemy double step just before (Art. 3.7.3.1) */
    EXPLAIN_KING_CAPTURE,  /* the target is the enemy king (Art. 1.4.1: it is never captured) */
    EXPLAIN_MUST_PROMOTE,  /* a pawn reaching the last rank without a piece (Art. 3.7.5.1) */
    EXPLAIN_CANNOT_PROMOTE,  /* a promotion piece on any other move */
    EXPLAIN_PROMOTION_PIECE, /* promotion to a king or a pawn (Art. 3.7.5.1) */
    /* check (Art. 3.9) */
    EXPLAIN_LEAVES_KING_IN_CHECK,
    /* castling (Art. 3.8.2), in the order they are tested */
    EXPLAIN_CASTLE_NO_RIGHTS, /* king or rook has moved (Art. 3.8.2.1) */
    EXPLAIN_CASTLE_IN_CHECK,  /* Art. 3.8.2.2.1: the king's square is attacked */
    EXPLAIN_CASTLE_PATH,      /* Art. 3.8.2.2.2: a piece stands in the way */
    EXPLAIN_CASTLE_ATTACKED,  /* Art. 3.8.2.2.1: a square the king crosses or reaches is attacked */
    /* the variants (variant.h) */
    EXPLAIN_GAME_OVER,           /* the variant's end has come (king of the hill, third check...) */
    EXPLAIN_MUST_CAPTURE,        /* antichess: a capture exists, and captures are compulsory */
    EXPLAIN_GIVES_CHECK,         /* racing kings: no move may give check */
    EXPLAIN_ATOMIC_KING_CAPTURE, /* atomic: a king never captures, it would explode */
    EXPLAIN_OWN_KING_EXPLODES,   /* atomic: the explosion would take one's own king */
    EXPLAIN_NO_DROPS,            /* a drop outside crazyhouse */
    EXPLAIN_DROP_NO_PIECE,       /* crazyhouse: no such piece in the pocket */
    EXPLAIN_DROP_OCCUPIED,       /* crazyhouse: drops go to empty squares */
    EXPLAIN_DROP_PAWN_RANK,      /* crazyhouse: no pawn dropped on the first or last rank */
    EXPLAIN_NO_CASTLING,         /* antichess and racing kings have no castling */
    EXPLAIN_REASON_NB
};

/* Longest message with its NUL, with room to spare. */
enum { EXPLAIN_MAX = 160 };

/* A short stable name for scripts and --json ("no-piece", "castle-path"). */
const char *explain_reason_name(enum explain_reason r);
/* The message with its blanks unfilled, for documentation:
 * "no piece on {from}", "the path from {from} to {to} is blocked at {at}". */
const char *explain_reason_template(enum explain_reason r);

/* The squares a piece of colour c and type pt standing alone on sq
 * reaches on an empty board (legal-moves --lone; the candidates of a SAN
 * move that matches nothing). */
bitboard explain_reach(enum color c, enum piece_type pt, int sq);

/* Is the move from -> to (promoting to `promotion`, NO_PIECE_TYPE if none)
 * legal in p, and if not, why?  Castling may be given as the king's move
 * of two or more squares along its rank or as king takes own rook.  On
 * EXPLAIN_LEGAL *out (if not NULL) gets the move, else MOVE_NONE; the
 * message goes to msg (size bytes, may be 0). */
enum explain_reason explain_move(const struct position *p, int from, int to,
                                 enum piece_type promotion, move *out, char *msg, size_t size);

/* The same for move text that san_scan reads.  SAN that matches no legal
 * move is answered by the problem of the first piece of its type that
 * reaches the target on an empty board ("no bishop can move to c5" when
 * none).  EXPLAIN_LEGAL exactly when san_parse finds one move. */
enum explain_reason explain_san(const struct position *p, const char *s, size_t len, move *out,
                                char *msg, size_t size);

#endif
