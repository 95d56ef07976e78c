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

/* Which positions are dead (neither side able to win) under a variant's
 * rules: variant_insufficient_material's rule for its row. */
enum variant_dead {
    VARIANT_DEAD_FIDE,       /* FIDE Art. 5.2.2 (position_insufficient_material) */
    VARIANT_DEAD_NEVER,      /* none: a king can always walk to its goal, or take the horde */
    VARIANT_DEAD_ATOMIC,     /* chessops's rules per variant (lichess): */
    VARIANT_DEAD_ANTICHESS,  /*   losing all pieces wins */
    VARIANT_DEAD_3CHECK,     /*   a lone king gives no check */
    VARIANT_DEAD_CRAZYHOUSE, /*   pieces come back through the pockets */
};

/* At most this many names of the Variant tag per row, NULL ending them. */
enum { VARIANT_TAGS_MAX = 8 };

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
    enum variant_dead dead;
    /* Its names.  note follows name in the lists of --help ("(antichess
     * with castling)"; NULL: none).  names960: the names variant_parse
     * reads as these rules with Chess960 castling, the first listed after
     * name (chess: "chess960").  tags, tags960: PGN's Variant tag's
     * spellings (game_variant_parse), without and with Chess960 castling,
     * the first in lichess's spelling, which game_variant_tag writes. */
    const char *note;
    const char *names960[3];
    const char *tags[VARIANT_TAGS_MAX];
    const char *tags960[VARIANT_TAGS_MAX];
};

const struct variant_rules *variant_rules(enum variant v);

#endif
