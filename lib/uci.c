#include "uci.h"

#include <string.h>

size_t uci_format(const struct position *p, move m, enum uci_castling style, char buf[UCI_MOVE_MAX])
{
    int from = move_from(m), to = move_to(m);
    if (m == MOVE_NONE) {
        memcpy(buf, "0000", 5);
        return 4;
    }
    if (move_is_drop(m)) {
        /* Crazyhouse drops as UCI engines write them: "P@e4". */
        buf[0] = " PNBRQK"[move_drop_piece(m)];
        buf[1] = '@';
        square_format(to, buf + 2);
        buf[4] = '\0';
        return 4;
    }
    if (move_kind(m) == MOVE_CASTLE) {
        bool king_two = style == UCI_CASTLING_KING_TWO || (style == UCI_CASTLING_AUTO && !p->chess960);
        if (king_two)
            to = move_castle_king_to(from, to);
    }
    square_format(from, buf);
    square_format(to, buf + 2);
    size_t n = 4;
    if (move_is_promotion(m))
        buf[n++] = " pnbrqk"[move_promotion(m)];
    buf[n] = '\0';
    return n;
}

/* Matching against the generated moves keeps one source of truth for what
 * is legal; UCI text is short and parsing is not on any hot path. */
move uci_parse(const struct position *p, const char *s, size_t len)
{
    if ((len == 3 && s[0] == '@') || (len == 4 && s[1] == '@')) {
        /* A drop: "P@e4", or "@e4" for a pawn. */
        static const char letters[] = "PNBRQ";
        const char *k = len == 4 ? (s[0] ? strchr(letters, s[0] & ~0x20) : NULL) : letters;
        int to = square_parse(s + len - 2, 2);
        if (!k || to == SQUARE_NONE)
            return MOVE_NONE;
        move m = move_make_drop((enum piece_type)(PAWN + (k - letters)), to);
        return movegen_is_legal(p, m) ? m : MOVE_NONE;
    }
    if (len < 4 || len > 5)
        return MOVE_NONE;
    int from = square_parse(s, 2), to = square_parse(s + 2, 2);
    if (from == SQUARE_NONE || to == SQUARE_NONE)
        return MOVE_NONE;
    enum piece_type promo = NO_PIECE_TYPE;
    if (len == 5) {
        const char *k = strchr("nbrqk", s[4] | 0x20);
        if (!k || s[4] == '\0')
            return MOVE_NONE;
        promo = (enum piece_type)(KNIGHT + (k - "nbrqk")); /* a king in antichess */
    }
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        move m = l.moves[i];
        if (move_from(m) != from || move_promotion(m) != promo || move_is_drop(m))
            continue;
        if (move_to(m) == to)
            return m;
        if (move_kind(m) == MOVE_CASTLE && move_castle_king_to(from, move_to(m)) == to &&
            p->board[to] != piece_make((enum color)p->side, ROOK))
            return m;
    }
    return MOVE_NONE;
}
