/* En passant (FIDE Art. 3.7.3.1): which square behind a pawn that has just
 * advanced two squares the position keeps, in one of three modes (as
 * shakmaty's EnPassantMode):
 *
 *   EN_PASSANT_ALWAYS: the square the pawn crossed;
 *   EN_PASSANT_PSEUDO_LEGAL: only when a pawn of the capturing side attacks
 *     it: the square the position records and hashes, since positions that
 *     differ only by a square no pawn could use are the same (Art. 9.2.2);
 *   EN_PASSANT_LEGAL: only when one of those captures is legal (standard
 *     chess and Chess960 rules): what a FEN writer shows.
 *
 * Header only: makemove and perft ask it on every double step. */
#ifndef CHESS_EN_PASSANT_H
#define CHESS_EN_PASSANT_H

#include "attacks.h"
#include "position.h"

enum en_passant_mode {
    EN_PASSANT_LEGAL,
    EN_PASSANT_PSEUDO_LEGAL,
    EN_PASSANT_ALWAYS,
};

/* Does the capture en passant by the pawn on from, onto ep, taking the
 * pawn on victim, leave the capturer's king on ksq safe?  their_* are the
 * other side's pieces (kings apart), occ the occupancy before the capture,
 * pext the slider index scheme.  The capture empties two squares of one
 * rank, a pin no pin mask describes: the test plays it on the occupancy. */
static inline __attribute__((always_inline)) bool
en_passant_safe_with(int ksq, int from, int victim, int ep, enum color capturer, bitboard occ,
                     bitboard their_diag, bitboard their_orth, bitboard their_knights,
                     bitboard their_pawns, bool pext)
{
    bitboard occ2 = (occ ^ bb_square(from) ^ bb_square(victim)) | bb_square(ep);
    bitboard pawns = their_pawns & ~bb_square(victim);
    bitboard attackers = (attacks_bishop_with(ksq, occ2, pext) & their_diag) |
                         (attacks_rook_with(ksq, occ2, pext) & their_orth) |
                         (attacks_knight(ksq) & their_knights) |
                         (attacks_pawn(capturer, ksq) & pawns);
    return !attackers;
}

/* The en-passant square to keep for ep, the square a pawn of the side not
 * `capturer` has just crossed (the pieces already moved; the mailbox is
 * not read), in the given mode; SQUARE_NONE when the mode keeps none (or
 * ep is SQUARE_NONE).  Beyond the ALWAYS mode the square must be on the
 * capturer's sixth rank with the pawn in front of it.  In the LEGAL mode
 * the capturer is the side to move; without its king or in double check
 * it has no capture en passant. */
static inline __attribute__((always_inline)) int
en_passant_square(const struct position *p, int ep, enum color capturer, enum en_passant_mode mode)
{
    if (ep == SQUARE_NONE)
        return SQUARE_NONE;
    if (mode == EN_PASSANT_ALWAYS)
        return ep;
    enum color pusher = (enum color) !capturer;
    if (square_relative_rank(ep, capturer) != 5)
        return SQUARE_NONE;
    int victim = capturer == WHITE ? ep - 8 : ep + 8;
    bitboard their_pawns = position_pieces(p, pusher, PAWN);
    bitboard capturers = attacks_pawn(pusher, ep) & position_pieces(p, capturer, PAWN);
    if (!capturers || !bb_test(their_pawns, victim))
        return SQUARE_NONE;
    if (mode == EN_PASSANT_PSEUDO_LEGAL)
        return ep;
    int ksq = position_king(p, capturer);
    if (ksq == SQUARE_NONE)
        return SQUARE_NONE;
    bitboard occ = position_occupied(p), them = p->by_color[pusher];
    if (bb_several(position_attackers(p, ksq, pusher, occ) & ~p->by_type[KING]))
        return SQUARE_NONE;
    bitboard diag = (p->by_type[BISHOP] | p->by_type[QUEEN]) & them;
    bitboard orth = (p->by_type[ROOK] | p->by_type[QUEEN]) & them;
    bitboard knights = p->by_type[KNIGHT] & them;
    while (capturers)
        if (en_passant_safe_with(ksq, bb_pop(&capturers), victim, ep, capturer, occ, diag, orth,
                                 knights, their_pawns, attacks_use_pext))
            return ep;
    return SQUARE_NONE;
}

#endif
