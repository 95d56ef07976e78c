/* UCI move text ("e2e4", "e7e8q"), in and out.  Castling is written as the
 * king's two-square move in standard chess and as king-takes-rook in
 * Chess960 unless the caller asks otherwise. */
#ifndef CHESS_UCI_H
#define CHESS_UCI_H

#include "rules/movegen.h"

enum uci_castling {
    UCI_CASTLING_AUTO,      /* king two squares in standard chess, king takes rook in Chess960 */
    UCI_CASTLING_KING_TWO,  /* always the king's destination square */
    UCI_CASTLING_KING_ROOK, /* always king takes own rook */
};

enum { UCI_MOVE_MAX = 6 };

/* uci_format for any move. */
size_t uci_format_move(const struct position *p, move m, enum uci_castling style,
                       char buf[UCI_MOVE_MAX]);
/* Write m (legal in p) into buf (UCI_MOVE_MAX bytes); returns the length.
 * Inline for a plain move, nearly every ply a converter writes. */
static inline size_t uci_format(const struct position *p, move m, enum uci_castling style,
                                char buf[UCI_MOVE_MAX])
{
    if (m != MOVE_NONE && move_kind(m) != MOVE_CASTLE && move_kind(m) < MOVE_PROMOTE_KNIGHT) {
        square_put(move_from(m), buf);
        square_put(move_to(m), buf + 2);
        buf[4] = '\0';
        return 4;
    }
    return uci_format_move(p, m, style, buf);
}
/* Find the legal move of p that the UCI text names (either castling form
 * accepted); MOVE_NONE if there is none. */
move uci_parse(const struct position *p, const char *s, size_t len);

/* Sort moves (legal in p) into the order of every move list the tools
 * print, their UCI text's in style: from-square, to-square (file first: a1
 * a2 ... h8), promotion (none, b, n, q, r); moves written alike keep theirs. */
void uci_sort(const struct position *p, move *moves, int n, enum uci_castling style);

#endif
