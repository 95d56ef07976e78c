/* UCI move text in and out (uci.h); uci_sort, the one order of every
 * printed move list. */
#include "uci.h"

#include <stdint.h>
#include <string.h>

/* The to-square UCI writes: castling is king takes rook in the move
 * encoding, the king's destination when style (or standard chess, for
 * UCI_CASTLING_AUTO) asks for the two-square step. */
static int written_to(const struct position *p, move m, enum uci_castling style)
{
    int to = move_to(m);
    if (move_kind(m) == MOVE_CASTLE &&
        (style == UCI_CASTLING_KING_TWO || (style == UCI_CASTLING_AUTO && !p->chess960)))
        to = move_castle_king_to(move_from(m), to);
    return to;
}

size_t uci_format_move(const struct position *p, move m, enum uci_castling style,
                       char buf[UCI_MOVE_MAX])
{
    int from = move_from(m), to = written_to(p, m, style);
    if (m == MOVE_NONE) {
        memcpy(buf, "0000", 5);
        return 4;
    }
    if (move_is_drop(m)) {
        /* Crazyhouse drops as UCI engines write them: "P@e4". */
        buf[0] = " PNBRQK"[move_drop_piece(m)];
        buf[1] = '@';
    } else {
        square_format(from, buf);
    }
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

/* A square's place in the order of square names: a1 a2 ... a8 b1 ... h8. */
static inline uint32_t name_order(int sq)
{
    return (uint32_t)(square_file(sq) * 8 + square_rank(sq));
}

/* The sort key of a move: its UCI text's order as a number, the counting
 * sort's bucket in the bits above 9: 0 for the drops ("P@e4" sorts before
 * every square name, B N P Q R), then one per from-square. */
static uint32_t sort_key(const struct position *p, move m, enum uci_castling style)
{
    /* promotion letters b < k < n < q < r (k: antichess) */
    static const uint8_t promo_rank[PIECE_TYPE_NB] = {0, 0, 3, 1, 5, 4, 2};
    static const uint8_t drop_rank[PIECE_TYPE_NB] = {0, 2, 1, 0, 4, 3, 0};
    if (move_is_drop(m))
        return (uint32_t)drop_rank[move_drop_piece(m)] * 64 + name_order(move_to(m));
    return ((name_order(move_from(m)) + 1) * 64 + name_order(written_to(p, m, style))) * 8 +
           promo_rank[move_promotion(m)];
}

/* A counting sort on the from-square, then insertion within each run (a
 * piece has few moves): legal-moves sorts once per position, a hot path. */
void uci_sort(const struct position *p, move *moves, int n, enum uci_castling style)
{
    struct {
        uint32_t key;
        move m;
    } in[MOVELIST_MAX], out[MOVELIST_MAX];
    uint16_t start[SQUARE_NB + 2] = {0}, base[SQUARE_NB + 2];
    for (int i = 0; i < n; i++) {
        in[i].m = moves[i];
        in[i].key = sort_key(p, moves[i], style);
        start[(in[i].key >> 9) + 1]++;
    }
    for (int b = 1; b <= SQUARE_NB + 1; b++)
        start[b] = (uint16_t)(start[b] + start[b - 1]);
    memcpy(base, start, sizeof base);
    for (int i = 0; i < n; i++) {
        uint32_t b = in[i].key >> 9;
        int j = start[b]++;
        while (j > base[b] && out[j - 1].key > in[i].key) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = in[i];
    }
    for (int i = 0; i < n; i++)
        moves[i] = out[i].m;
}
