/* Chess variants: their names, their ends and their dead positions, on
 * top of their rule table (variant_rules.h).  A variant is a field of the
 * position; standard chess is VARIANT_CHESS, with the position's chess960
 * flag for Fischer random chess, which combines with any variant.
 *
 * The rules are those lichess plays (and python-chess, chessops and
 * shakmaty implement), named after the variants' own rule texts:
 *
 *   crazyhouse: captured pieces go to the capturer's pocket (a promoted
 *     piece as a pawn) and may be dropped instead of a move;
 *   atomic: a capture explodes the capturer and every piece but pawns next
 *     to the target; kings never capture, may stand side by side (then
 *     neither is in check), and the game ends when a king explodes;
 *   antichess: captures are compulsory, the king is an ordinary piece (no
 *     check, a pawn may promote to it), no castling; the side with no move
 *     or no piece wins;
 *   giveaway: antichess with the castling rights the FEN gives
 *     (python-chess's and Fairy-Stockfish's), castling only needing empty
 *     squares;
 *   kingofthehill: a king reaching d4, e4, d5 or e5 wins;
 *   3check: the third check wins;
 *   horde: one side has no king (lichess: White, 36 pawns), its pawns may
 *     double-step from its first rank too (no en-passant square then), and
 *     it loses when all its pieces are taken;
 *   racingkings: no move may give check, no pawns, no castling; a king on
 *     the eighth rank wins, Black having one more move to draw after White
 *     got there.
 *
 * After a variant end there are no legal moves. */
#ifndef CHESS_VARIANT_H
#define CHESS_VARIANT_H

#include "bitboard.h"
#include "position.h"
#include "variant_rules.h"

#include <stddef.h>

/* The variant of a name ("atomic", "3check"; "chess960" is standard chess
 * with *chess960 set, "fischerandom" the same); false for an unknown name.
 * *chess960 is left alone for the other names. */
bool variant_parse(const char *name, size_t len, enum variant *out, bool *chess960);

/* The names variant_parse accepts, from the rule table, for --help and
 * messages, into buf (size bytes, cut short if need be): "chess,
 * chess960, crazyhouse, ..., racingkings" (how 0), or as how asks:
 * VARIANT_NAMES_NOTES a row's note after its name ("chess (the default)",
 * "giveaway (antichess with castling)"), VARIANT_NAMES_OR or _AND the last
 * name after " or " or " and ", VARIANT_NAMES_VARIANTS the variants alone
 * (not standard chess, nor Chess960).  Returns buf. */
enum {
    VARIANT_NAMES_NOTES = 1 << 0,
    VARIANT_NAMES_OR = 1 << 1,
    VARIANT_NAMES_AND = 1 << 2,
    VARIANT_NAMES_VARIANTS = 1 << 3,
};
enum { VARIANT_NAMES_MAX = 512 }; /* a size that holds every list */
const char *variant_names(char *buf, size_t size, unsigned how);

/* The squares of the hill (d4, e4, d5, e5) and the racing kings' goal. */
#define VARIANT_HILL 0x0000001818000000ULL
#define VARIANT_GOAL BB_RANK_8

/* Why a game of a variant is over, by its own rules (not checkmate or
 * stalemate, which position status reports as in chess). */
enum variant_end_reason {
    VARIANT_END_NONE,
    VARIANT_END_HILL,         /* a king on the hill */
    VARIANT_END_THREE_CHECKS, /* a side has given its third check */
    VARIANT_END_EXPLODED,     /* a king has exploded */
    VARIANT_END_RACE,         /* a king on the eighth rank, the other one unable to follow */
    VARIANT_END_RACE_DRAW,    /* both kings on the eighth rank */
    VARIANT_END_NO_PIECES,    /* antichess: the side to move has no piece (and wins) */
    VARIANT_END_NO_MOVES,     /* antichess: the side to move has no move (and wins; status only) */
    VARIANT_END_HORDE_CAPTURED, /* horde: the side without a king has lost every piece */
    VARIANT_END_NB
};

/* The outcome of a variant end: the reason and the winner (COLOR_NB for a
 * draw). */
struct variant_end {
    enum variant_end_reason reason;
    int winner;
};

/* Words for a reason: "king of the hill", "exploded king". */
const char *variant_end_name(enum variant_end_reason r);

/* Has the game of p ended by its variant's rules?  Fills *out (reason
 * VARIANT_END_NONE when not).  Standard chess never ends this way. */
bool variant_end(const struct position *p, struct variant_end *out);

/* Is the position dead by its variant's rules, neither side able to win
 * (chessops's per-variant rules; standard chess: FIDE Art. 5.2.2)? */
bool variant_insufficient_material(const struct position *p);

#endif
