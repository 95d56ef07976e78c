#include "status.h"

#include "movegen.h"

static const char *const names[STATUS_NB] = {
    [STATUS_CHECKMATE] = "checkmate",
    [STATUS_STALEMATE] = "stalemate",
    [STATUS_INSUFFICIENT_MATERIAL] = "insufficient material",
    [STATUS_SEVENTY_FIVE_MOVE] = "seventy-five-move rule",
    [STATUS_FIFTY_MOVE] = "fifty-move rule",
    [STATUS_CHECK] = "check",
    [STATUS_ONGOING] = "ongoing",
};

const char *status_name(enum game_status s)
{
    return (unsigned)s < STATUS_NB ? names[s] : "unknown";
}

/* FIDE Art. 5.1.1 and 5.2.1: no legal move is mate when in check and
 * stalemate otherwise; Art. 5.2.2 (dead position by material), Art. 9.6.2
 * (75 moves, 150 plies, drawn) and Art. 9.3 (50 moves, 100 plies, a draw
 * may be claimed), in the precedence of enum game_status. */
enum game_status status_get(const struct position *p)
{
    bool check = position_in_check(p);
    if (movegen_count(p) == 0)
        return check ? STATUS_CHECKMATE : STATUS_STALEMATE;
    if (position_insufficient_material(p))
        return STATUS_INSUFFICIENT_MATERIAL;
    if (p->halfmove >= 150)
        return STATUS_SEVENTY_FIVE_MOVE;
    if (p->halfmove >= 100)
        return STATUS_FIFTY_MOVE;
    return check ? STATUS_CHECK : STATUS_ONGOING;
}
