/* The state of the game in a position, as the FIDE Laws of Chess define
 * its end: checkmate (Art. 5.1.1), stalemate (5.2.1), a dead position by
 * insufficient material (5.2.2), the seventy-five-move rule (9.6.2, the
 * game is drawn) and the fifty-move rule (9.3, a draw may be claimed). */
#ifndef CHESS_STATUS_H
#define CHESS_STATUS_H

#include "position.h"
#include "variant.h"

#include <stdbool.h>

/* One status per position; when several hold, the first in this order
 * wins: a mate stands even past the seventy-fifth move (Art. 9.6.2), a
 * game that has ended outranks a draw that may only be claimed, and that
 * outranks a mere check. */
enum game_status {
    STATUS_VARIANT_WIN,  /* the variant's own end: the side to move has won */
    STATUS_VARIANT_LOSS, /* ... has lost */
    STATUS_VARIANT_DRAW, /* ... neither */
    STATUS_CHECKMATE,
    STATUS_STALEMATE,
    STATUS_INSUFFICIENT_MATERIAL,
    STATUS_SEVENTY_FIVE_MOVE, /* halfmove clock >= 150 */
    STATUS_FIFTY_MOVE,        /* halfmove clock >= 100 */
    STATUS_CHECK,
    STATUS_ONGOING,
    STATUS_NB
};

/* The status of p; for a variant end, *reason (when not NULL) gets why
 * (VARIANT_END_NONE otherwise). */
enum game_status status_get_reason(const struct position *p, enum variant_end_reason *reason);
static inline enum game_status status_get(const struct position *p)
{
    return status_get_reason(p, NULL);
}

/* Its name: "checkmate", "stalemate", "insufficient material",
 * "seventy-five-move rule", "fifty-move rule", "check", "ongoing"; a
 * variant end with its reason, as python-chess words it from the side to
 * move's point of view: "variant loss: king of the hill", "variant win: no
 * pieces left" ("variant win", "variant loss", "variant draw" without). */
const char *status_text(enum game_status s, enum variant_end_reason reason);

#endif
