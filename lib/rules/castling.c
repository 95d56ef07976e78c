/* Castling (castling.h): the rights a move leaves as a table per square
 * for a walk (castling_keep_init), and the attacked-square test that
 * castling_rule asks of a position; the rule itself is castling.h's. */
#include "castling.h"

#include <string.h>

bool castling_attacked_in_position(const void *ctx, bitboard king_path, bitboard occ)
{
    const struct position *p = ctx;
    enum color them = (enum color) !p->side;
    while (king_path)
        if (position_attacked_by(p, bb_pop(&king_path), them, occ))
            return true;
    return false;
}

void castling_keep_init(uint8_t keep[SQUARE_NB], const struct position *p)
{
    memset(keep, CASTLE_ALL, SQUARE_NB);
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1 << i)))
            continue;
        if (p->castle_rook[i] != SQUARE_NONE)
            keep[p->castle_rook[i]] &= (uint8_t) ~(1 << i);
        int k = position_king(p, (enum color)(i >> 1));
        if (k != SQUARE_NONE)
            keep[k] &= (uint8_t) ~(1 << i);
    }
}
