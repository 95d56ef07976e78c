/* A position's status (status.h): checkmate, stalemate, dead position,
 * the 50- and 75-move rules and the variants' ends. */
#include "status.h"

#include "movegen.h"

static const char *const names[STATUS_NB] = {
#define STATUS_NAME(status, name) [status] = name,
    STATUS_LIST(STATUS_NAME)
#undef STATUS_NAME
};

/* Each variant status's text by reason and status: string constants, the
 * library hands out no buffer of its own. */
#define WIN_LOSS(reason, text) [reason] = {"variant win: " text, "variant loss: " text}
static const char *const variant_texts[VARIANT_END_NB][3] = {
    WIN_LOSS(VARIANT_END_HILL, "king of the hill"),
    WIN_LOSS(VARIANT_END_THREE_CHECKS, "three checks"),
    WIN_LOSS(VARIANT_END_EXPLODED, "exploded king"),
    WIN_LOSS(VARIANT_END_RACE, "king reached the eighth rank"),
    WIN_LOSS(VARIANT_END_HORDE_CAPTURED, "horde captured"),
    [VARIANT_END_NO_PIECES] = {"variant win: no pieces left"},
    [VARIANT_END_NO_MOVES] = {"variant win: no legal move"},
    [VARIANT_END_RACE_DRAW] = {[2] = "variant draw: both kings reached the eighth rank"},
};
#undef WIN_LOSS

const char *status_text(enum game_status s, enum variant_end_reason reason)
{
    if (s <= STATUS_VARIANT_DRAW && (unsigned)reason < VARIANT_END_NB && variant_texts[reason][s])
        return variant_texts[reason][s];
    return (unsigned)s < STATUS_NB ? names[s] : "unknown";
}

/* FIDE Art. 5.1.1, 5.2.1, 5.2.2, 9.6.2 and 9.3 in the precedence of enum
 * game_status, after a variant's own end (variant_end); antichess's side
 * without a move has won. */
enum game_status status_get_reason(const struct position *p, enum variant_end_reason *reason)
{
    struct variant_end end;
    if (reason)
        *reason = VARIANT_END_NONE;
    if (p->variant != VARIANT_CHESS && variant_end(p, &end)) {
        if (reason)
            *reason = end.reason;
        return end.winner == COLOR_NB  ? STATUS_VARIANT_DRAW
               : end.winner == p->side ? STATUS_VARIANT_WIN
                                       : STATUS_VARIANT_LOSS;
    }
    bool check = position_in_check(p);
    if (movegen_count(p) == 0) {
        if (variant_rules((enum variant)p->variant)->must_capture) {
            if (reason)
                *reason = VARIANT_END_NO_MOVES;
            return STATUS_VARIANT_WIN;
        }
        return check ? STATUS_CHECKMATE : STATUS_STALEMATE;
    }
    if (variant_insufficient_material(p))
        return STATUS_INSUFFICIENT_MATERIAL;
    if (p->halfmove >= 150)
        return STATUS_SEVENTY_FIVE_MOVE;
    if (p->halfmove >= 100)
        return STATUS_FIFTY_MOVE;
    return check ? STATUS_CHECK : STATUS_ONGOING;
}
