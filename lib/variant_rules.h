/* The variants' rule table: which rule modules each variant switches on,
 * its names and starting position.  Below the position; the rules that
 * look at a position (the variants' ends, dead positions) are variant.h's. */
#ifndef CHESS_VARIANT_RULES_H
#define CHESS_VARIANT_RULES_H

#include "bitboard.h"

enum variant {
    VARIANT_CHESS,
    VARIANT_CRAZYHOUSE,
    VARIANT_ATOMIC,
    VARIANT_ANTICHESS,
    VARIANT_GIVEAWAY,
    VARIANT_KINGOFTHEHILL,
    VARIANT_3CHECK,
    VARIANT_HORDE,
    VARIANT_RACINGKINGS,
    VARIANT_NB
};

/* How many kings each side has in a legal position of the variant. */
enum variant_kings {
    VARIANT_KINGS_ONE_EACH, /* FIDE Art. 2.2 */
    VARIANT_KINGS_ANY,      /* antichess: the king is an ordinary piece */
    VARIANT_KINGS_ONE,      /* horde: one king in all, the other side has none */
    VARIANT_KINGS_ATOMIC, /* one each, but the side to move may have lost its own to an explosion */
};

/* The rules a variant switches on; the generator, makemove and the FEN
 * layer read these flags, never the variant's name. */
struct variant_rules {
    const char *name;  /* as UCI engines (UCI_Variant) and lichess name it */
    const char *title; /* in messages: "king of the hill" */
    const char *start; /* the starting position's FEN */
    bool royal;        /* kings are royal: check exists and no move may leave one's king attacked */
    bool drops;        /* crazyhouse pockets and drops */
    bool explosions;   /* atomic captures */
    bool must_capture; /* antichess: a capture, when there is one, is compulsory */
    bool king_promotion; /* a pawn may promote to a king */
    bool castling;       /* castling rights exist */
    bool no_check;       /* racing kings: no move may give check, no position has one */
    bool no_pawns;       /* racing kings */
    bool hill;           /* king of the hill */
    bool three_checks;   /* check counters */
    bool race;           /* racing kings' goal */
    enum variant_kings kings;
    int pieces_max; /* men a side may have: 16, or 36 for the side without a king in horde */
};

const struct variant_rules *variant_rules(enum variant v);

#endif
