/* Perft's breakdown: beside the leaf nodes, how many of the moves that
 * reach them are captures, en passant, castlings, promotions, and how many
 * leaves are checks (discovered, double) and checkmates: the columns of
 * the Chess Programming Wiki's perft tables, by which a move generator's
 * bug shows where the node count alone hides it.  A counting path of its
 * own (the plain generator and make-move, each leaf asked of the rules),
 * so that plain perft (perft.h) keeps its speed. */
#ifndef CHESS_PERFT_BREAKDOWN_H
#define CHESS_PERFT_BREAKDOWN_H

#include "perft.h"

/* The columns, in the Wiki's order.  Each counts leaves (positions depth
 * plies down) by the last move played to them, or by the leaf itself:
 *   captures     the move takes a piece (en passant included; atomic: the
 *                capture that explodes; crazyhouse drops never capture);
 *   en_passant   the move is an en-passant capture;
 *   castles      the move is a castling;
 *   promotions   the move promotes (to a king too, in antichess);
 *   checks       the side to move in the leaf is in check
 *                (position_checkers: none in antichess and racing kings);
 *   discovered_checks  checks where the piece that moved is not among the
 *                checkers (a castling's moving piece is its rook; a drop
 *                is the dropped piece; atomic's capturer explodes, so a
 *                capture's check is always discovered);
 *   double_checks  checks by two pieces or more;
 *   checkmates   the leaf's status is checkmate (status_get: a variant's
 *                own end, as atomic's exploded king or 3check's third
 *                check, is not a mate).
 * At depth 0 the one leaf is the position itself: nodes 1, no move, and
 * the other columns 0. */
enum perft_column {
    PERFT_NODES,
    PERFT_CAPTURES,
    PERFT_EN_PASSANT,
    PERFT_CASTLES,
    PERFT_PROMOTIONS,
    PERFT_CHECKS,
    PERFT_DISCOVERED_CHECKS,
    PERFT_DOUBLE_CHECKS,
    PERFT_CHECKMATES,
    PERFT_COLUMNS
};

/* The columns' names, as the tools print them ("nodes", "captures",
 * "en_passant", "castles", "promotions", "checks", "discovered_checks",
 * "double_checks", "checkmates"). */
extern const char *const perft_column_names[PERFT_COLUMNS];

struct perft_breakdown {
    uint64_t count[PERFT_COLUMNS];
};

/* The breakdown below each root move, in the order of movegen_legal. */
struct perft_breakdown_divide {
    int count;
    move moves[MOVELIST_MAX];
    struct perft_breakdown below[MOVELIST_MAX];
};

/* The breakdown of the leaves depth plies below p into *total, with the
 * configured threads and progress (cfg may be NULL; its table is not
 * used: it holds node counts only); also fills *divide (when not NULL)
 * with the breakdown below each root move (for depth 0 divide->count is
 * 0).  total->count[PERFT_NODES] is perft_run's count. */
void perft_breakdown_run(const struct position *p, int depth, const struct perft_config *cfg,
                         struct perft_breakdown *total, struct perft_breakdown_divide *divide);

/* Put a divide in the order of uci_sort, as perft_divide_sort does. */
void perft_breakdown_divide_sort(const struct position *p, struct perft_breakdown_divide *d,
                                 enum uci_castling style);

#endif
