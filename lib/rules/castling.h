/* Castling (FIDE Art. 3.8.2, Chess960's rules alike): whether a castling
 * is legal, with the first rule it breaks (castling_rule, for the
 * generator, movegen_castle and explain), and which castling rights
 * survive a move (castling_rights_after and its table, castling_keep_init). */
#ifndef CHESS_CASTLING_H
#define CHESS_CASTLING_H

#include "attacks.h"
#include "move.h"
#include "position.h"

/* The rules of Art. 3.8.2 in the order they are tested: the first one a
 * castling breaks is its reason. */
enum castling_reason {
    CASTLING_LEGAL = 0,
    CASTLING_NO_RIGHTS, /* the right is gone: king or rook has moved (3.8.2.1), or is not there */
    CASTLING_IN_CHECK,  /* the king is attacked (3.8.2.2) */
    CASTLING_PATH,      /* a piece stands on a square king or rook crosses or lands on */
    CASTLING_ATTACKED,  /* a square the king crosses or lands on is attacked (3.8.2.2) */
};

#define CASTLING_INLINE static inline __attribute__((always_inline))

/* The squares the king (on ksq) and the rook (on rsq) of a castling cross
 * or land on; *king_path gets the king's own. */
CASTLING_INLINE bitboard castling_path(int ksq, int rsq, bitboard *king_path)
{
    int kto = move_castle_king_to(ksq, rsq), rto = move_castle_rook_to(ksq, rsq);
    *king_path = attacks_between(ksq, kto) | bb_square(kto);
    return *king_path | attacks_between(rsq, rto) | bb_square(rto);
}

/* Is one of the squares of king_path attacked, with the occupancy occ
 * (king and rook lifted off the board: a rook that shields the king's
 * square in Chess960 does not hide the attack)?  The caller's answer; NULL
 * where kings are not royal and no attack stops a castling. */
typedef bool castling_attacked_fn(const void *ctx, bitboard king_path, bitboard occ);

/* The castling of right idx (castle_index) in p, the king on ksq: legal,
 * or the first rule it breaks.  rights_known (the generator's candidates)
 * skips the test of the right, the rook on its square and the king on its
 * rank; in_check is then the caller's, else asked here. */
CASTLING_INLINE enum castling_reason castling_rule(const struct position *p, int idx, int ksq,
                                                   bool rights_known, bool in_check,
                                                   castling_attacked_fn *attacked, const void *ctx)
{
    enum color us = (enum color)(idx >> 1);
    int rsq = p->castle_rook[idx];
    if (!rights_known) {
        if (!(p->castling & (1 << idx)) || rsq == SQUARE_NONE || ksq == SQUARE_NONE ||
            p->board[rsq] != piece_make(us, ROOK) || square_rank(rsq) != square_rank(ksq))
            return CASTLING_NO_RIGHTS;
        in_check = position_in_check(p);
    }
    if (in_check)
        return CASTLING_IN_CHECK;
    bitboard both = bb_square(ksq) | bb_square(rsq), occ = position_occupied(p), king_path;
    bitboard path = castling_path(ksq, rsq, &king_path);
    if (path & ~both & occ)
        return CASTLING_PATH;
    if (attacked && attacked(ctx, king_path, occ ^ both))
        return CASTLING_ATTACKED;
    return CASTLING_LEGAL;
}

/* The attack test of castling_rule from the position itself, square by
 * square (ctx: the position). */
bool castling_attacked_in_position(const void *ctx, bitboard king_path, bitboard occ);

/* The castling rights left after the piece `piece` has moved from `from`
 * to `to` (FIDE Art. 3.8.2.1): a right is lost for good when its king
 * moves or when anything moves from or to its rook's square. */
CASTLING_INLINE uint8_t castling_rights_after(const struct position *p, int from, int to, int piece)
{
    uint8_t rights = p->castling;
    for (int i = 0; i < 4; i++) {
        if (!(rights & (1 << i)))
            continue;
        int rook = p->castle_rook[i];
        bool king_moved = piece == piece_make((enum color)(i >> 1), KING);
        if (king_moved || from == rook || to == rook)
            rights &= (uint8_t) ~(1 << i);
    }
    return rights;
}

/* The same rule as a mask per square, for a walk that starts from p
 * (perft): after a move the rights are castling & keep[from] & keep[to].
 * A right holds only while its king and rook stand where they stood in p,
 * so with one king a side this is castling_rights_after. */
void castling_keep_init(uint8_t keep[SQUARE_NB], const struct position *p);

#endif
