/* The state of the game in a position, as the FIDE Laws of Chess define
 * its end: checkmate (Art. 5.1.1), stalemate (5.2.1), a dead position by
 * insufficient material (5.2.2), the seventy-five-move rule (9.6.2, the
 * game is drawn) and the fifty-move rule (9.3, a draw may be claimed). */
#ifndef CHESS_STATUS_H
#define CHESS_STATUS_H

#include "position.h"
#include "variant.h"

#include <stdbool.h>

/* One status per position, with its name; when several hold, the first in
 * this order wins: a mate stands even past the seventy-fifth move (Art.
 * 9.6.2), a game that has ended outranks a draw that may only be claimed,
 * and that outranks a mere check. */
#define STATUS_LIST(X)                                                                             \
    X(STATUS_VARIANT_WIN, "variant win")   /* the variant's own end: the side to move has won */   \
    X(STATUS_VARIANT_LOSS, "variant loss") /* ... has lost */                                      \
    X(STATUS_VARIANT_DRAW, "variant draw") /* ... neither */                                       \
    X(STATUS_CHECKMATE, "checkmate")                                                               \
    X(STATUS_STALEMATE, "stalemate")                                                               \
    X(STATUS_INSUFFICIENT_MATERIAL, "insufficient material")                                       \
    X(STATUS_SEVENTY_FIVE_MOVE, "seventy-five-move rule") /* halfmove clock >= 150 */              \
    X(STATUS_FIFTY_MOVE, "fifty-move rule")               /* halfmove clock >= 100 */              \
    X(STATUS_CHECK, "check")                                                                       \
    X(STATUS_ONGOING, "ongoing")

enum game_status {
#define STATUS_ENUM(status, name) status,
    STATUS_LIST(STATUS_ENUM) STATUS_NB
#undef STATUS_ENUM
};

/* The status of p; for a variant end, *reason (when not NULL) gets why
 * (VARIANT_END_NONE otherwise). */
enum game_status status_get_reason(const struct position *p, enum variant_end_reason *reason);
static inline enum game_status status_get(const struct position *p)
{
    return status_get_reason(p, NULL);
}

/* Its name (STATUS_LIST); a variant end with its reason, as python-chess
 * words it from the side to move's point of view: "variant loss: king of
 * the hill", "variant win: no pieces left". */
const char *status_text(enum game_status s, enum variant_end_reason reason);

#endif
