/* Position legality (fen_validate.h): each rule one small function, with
 * the FIDE article it enforces; attack tables only, never the move
 * generator, since fen-check runs them on millions of records. */
#include "fen_validate.h"

#include "rules/attacks.h"
#include "rules/variant.h"

#include <string.h>

static const char *const color_names[COLOR_NB] = {"white", "black"};
static const char *const plural[PIECE_TYPE_NB] = {"",      "pawns",  "knights", "bishops",
                                                  "rooks", "queens", "kings"};

/* The number of pieces of one kind, as fen_parse counted them. */
static int count(const struct fen_record *rec, enum color c, enum piece_type t)
{
    return rec->piece_count[piece_make(c, t)];
}

/* FIDE Art. 2.2 and 3.9: each side has exactly one king, or no rule
 * (check, castling, mate) is defined.  Antichess: any number; horde: one in
 * all; atomic: the side to move may have lost its own in an explosion. */
static bool check_kings(const struct fen_record *rec, const struct variant_rules *r,
                        struct fen_report *rep)
{
    int n[COLOR_NB] = {count(rec, WHITE, KING), count(rec, BLACK, KING)};
    if (r->kings == VARIANT_KINGS_ANY)
        return true;
    if (r->kings == VARIANT_KINGS_ONE) {
        if (n[WHITE] + n[BLACK] == 1)
            return true;
        fen_report_add(rep, FEN_KING_COUNT, rec->col[0], "%d kings in all, expected 1 in horde",
                       n[WHITE] + n[BLACK]);
        return false;
    }
    if (r->kings == VARIANT_KINGS_ATOMIC && (rec->fields_ok & FEN_FIELD_SIDE)) {
        enum color us = (enum color)rec->pos.side;
        if (n[!us] != 1)
            fen_report_add(rep, FEN_KING_COUNT, rec->col[0], "%s has %d kings, expected 1",
                           color_names[!us], n[!us]);
        if (n[us] > 1)
            fen_report_add(rep, FEN_KING_COUNT, rec->col[0],
                           "%s has %d kings, expected 1 (or none once it has exploded)",
                           color_names[us], n[us]);
    } else {
        for (int c = WHITE; c <= BLACK; c++)
            if (n[c] != 1)
                fen_report_add(rep, FEN_KING_COUNT, rec->col[0], "%s has %d kings, expected 1",
                               color_names[c], n[c]);
    }
    return n[WHITE] == 1 && n[BLACK] == 1;
}

/* The column of the letter of the piece on sq, found again in rec->board
 * (only diagnostics need it): the squares walked as parse_board placed them,
 * '~' and a bad digit taking none, a bad letter one. */
static unsigned square_col(const struct fen_record *rec, int sq)
{
    int rank = 7, file = 0;
    for (size_t i = 0; i < rec->board_len; i++) {
        unsigned char c = (unsigned char)rec->board[i];
        if (fen_piece_by_letter[c]) {
            if (rank >= 0 && file < 8 && square_make(file, rank) == sq)
                return rec->col[0] + (unsigned)i;
            file++;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
        } else if (c == '/') {
            rank--;
            file = 0;
        } else if (c != '~' && c != '0' && c != '9') {
            file++;
        }
    }
    return rec->col[0];
}

/* Report each pawn of bad (ranks flipped: rank 8 first, as the record lists
 * them) on a rank where it cannot stand, or in racing kings on any. */
__attribute__((cold, noinline)) static void report_pawns(const struct fen_record *rec, bitboard bad,
                                                         bool racing, struct fen_report *rep)
{
    while (bad) {
        int sq = square_flip(bb_pop(&bad));
        char name[3];
        square_format(sq, name);
        fen_report_add(rep, racing ? FEN_VARIANT_PAWN : FEN_PAWN_BACK_RANK, square_col(rec, sq),
                       "%s pawn on %s (%s)", color_names[piece_color(rec->pos.board[sq])], name,
                       racing ? "racing kings has no pawns"
                              : "pawns never stand on the first or last rank");
    }
}

/* FIDE Art. 3.7.1 and 3.7.5: pawns start on the second rank, only move
 * forward, and are replaced by a piece on reaching the last rank, so no
 * pawn ever stands on the first or the last rank (racing kings has none at
 * all).  One problem per pawn, at its letter. */
static void check_back_rank_pawns(const struct fen_record *rec, const struct variant_rules *r,
                                  struct fen_report *rep)
{
    const struct position *p = &rec->pos;
    bitboard bad = p->by_type[PAWN] & (r->no_pawns ? ~(bitboard)0 : BB_RANK_8 | BB_RANK_1);
    /* Horde: the side without a king has pawns on its first rank (lichess's
     * starting position). */
    if (r->kings == VARIANT_KINGS_ONE)
        for (int c = WHITE; c <= BLACK; c++)
            if (!position_pieces(p, (enum color)c, KING))
                bad &= ~(bb_rank(c == WHITE ? 0 : 7) & p->by_color[c]);
    if (bad)
        report_pawns(rec, __builtin_bswap64(bad), r->no_pawns, rep);
}

/* Horde: is c the side without a king, that started with 36 pawns? */
static bool is_horde(const struct fen_record *rec, const struct variant_rules *r, enum color c)
{
    return r->kings == VARIANT_KINGS_ONE && !position_pieces(&rec->pos, c, KING);
}

/* FIDE Art. 2.3: each side starts with eight pawns and no move adds one
 * (the horde: 36). */
static void check_pawn_count(const struct fen_record *rec, const struct variant_rules *r,
                             struct fen_report *rep)
{
    for (int c = WHITE; c <= BLACK; c++) {
        int n = count(rec, (enum color)c, PAWN);
        bool horde = is_horde(rec, r, (enum color)c);
        int most = horde ? r->pieces_max : 8;
        if (n > most)
            fen_report_add(rep, FEN_TOO_MANY_PAWNS, rec->col[0], "%s has %d pawns, at most %d%s",
                           color_names[c], n, most, horde ? " in horde" : "");
    }
}

/* FIDE Art. 2.3: each side starts with sixteen men (pawns and king
 * included); a promotion replaces a pawn, so the number never grows (the
 * horde starts with 36). */
static void check_piece_count(const struct fen_record *rec, const struct variant_rules *r,
                              struct fen_report *rep)
{
    for (int c = WHITE; c <= BLACK; c++) {
        /* (the six counts of a colour, bytes 1 to 6 of its half of
         * piece_count, summed into the top byte by one multiplication: no
         * partial sum carries, all of them being at most 64) */
        uint64_t half;
        memcpy(&half, rec->piece_count + 8 * c, sizeof half);
        int n = (int)((half * 0x0101010101010101ULL) >> 56);
        bool horde = is_horde(rec, r, (enum color)c);
        int most = horde ? r->pieces_max : 16;
        if (n > most)
            fen_report_add(rep, FEN_TOO_MANY_PIECES, rec->col[0], "%s has %d pieces, at most %d%s",
                           color_names[c], n, most, horde ? " in horde" : "");
    }
}

/* Crazyhouse (lichess): captured men change sides through the pockets, so
 * board and pockets hold at most 64 men (chessops's hard limit) and, to be
 * reachable, the 32 of the start: 16 pawns (promoted pieces counted as
 * pawns), 4 knights, 4 bishops, 4 rooks and 2 queens. */
__attribute__((cold)) static void check_crazyhouse_material(const struct fen_record *rec,
                                                            struct fen_report *rep)
{
    static const int most[PIECE_TYPE_NB] = {0, 16, 4, 4, 4, 2, 2};
    const struct position *p = &rec->pos;
    int total = 0, per[PIECE_TYPE_NB] = {0};
    for (int t = PAWN; t <= KING; t++)
        for (int c = WHITE; c <= BLACK; c++) {
            int on_board = count(rec, (enum color)c, (enum piece_type)t);
            int in_hand = t < KING ? p->pocket[c][t] : 0;
            total += on_board + in_hand;
            per[t] += in_hand +
                      (t == PAWN ? on_board
                                 : bb_count(position_pieces(p, (enum color)c, (enum piece_type)t) &
                                            ~p->promoted));
        }
    per[PAWN] += bb_count(p->promoted);
    if (total > 32)
        fen_report_add(rep, total > 64 ? FEN_TOO_MANY_MEN : FEN_TOO_MANY_PIECES,
                       rec->pocket_col ? rec->pocket_col : rec->col[0],
                       "%d men on the board and in the pockets, at most %d", total,
                       total > 64 ? 64 : 32);
    if (total > 64)
        return;
    if (per[PAWN] > 16)
        fen_report_add(rep, FEN_TOO_MANY_PAWNS, rec->col[0],
                       "%d pawns on the board, in the pockets and promoted, at most 16", per[PAWN]);
    for (int t = KNIGHT; t <= QUEEN; t++)
        if (per[t] > most[t])
            fen_report_add(
                rep, FEN_IMPOSSIBLE_MATERIAL, rec->col[0],
                "%d %s on the board and in the pockets (promoted ones aside), at most %d", per[t],
                plural[t], most[t]);
}

/* Racing kings starts with two knights, bishops and rooks and one queen a
 * side, and has no pawns to promote. */
static void check_racing_material(const struct fen_record *rec, struct fen_report *rep)
{
    static const int most[PIECE_TYPE_NB] = {0, 0, 2, 2, 2, 1, 1};
    for (int c = WHITE; c <= BLACK; c++)
        for (int t = KNIGHT; t <= QUEEN; t++) {
            int n = count(rec, (enum color)c, (enum piece_type)t);
            if (n > most[t])
                fen_report_add(rep, FEN_IMPOSSIBLE_MATERIAL, rec->col[0],
                               "%s has %d %s, at most %d in racing kings", color_names[c], n,
                               plural[t], most[t]);
        }
}

/* Bishops of one side on light and on dark squares; bits are counted only
 * in the rare case of more than two bishops. */
static void count_bishops(const struct fen_record *rec, enum color c, int *light, int *dark)
{
    bitboard b = position_pieces(&rec->pos, c, BISHOP);
    if (count(rec, c, BISHOP) > 2) {
        *light = bb_count(b & BB_LIGHT_SQUARES);
        *dark = bb_count(b & BB_DARK_SQUARES);
    } else {
        *light = bb_several(b & BB_LIGHT_SQUARES) ? 2 : (b & BB_LIGHT_SQUARES) != 0;
        *dark = bb_several(b & BB_DARK_SQUARES) ? 2 : (b & BB_DARK_SQUARES) != 0;
    }
}

/* FIDE Art. 2.3 and 3.7.5: every piece beyond the initial set (a second
 * queen, a third rook or knight, a second bishop on squares of one colour)
 * is a promoted pawn: at most as many as missing pawns (if not too many). */
static void check_material(const struct fen_record *rec, const struct variant_rules *r,
                           struct fen_report *rep)
{
    for (int c = WHITE; c <= BLACK; c++) {
        enum color col = (enum color)c;
        int pawns = count(rec, col, PAWN);
        if (pawns > 8 || is_horde(rec, r, col))
            continue;
        int light, dark;
        count_bishops(rec, col, &light, &dark);
        int queens = count(rec, col, QUEEN), rooks = count(rec, col, ROOK);
        int knights = count(rec, col, KNIGHT);
        int promoted = (queens > 1 ? queens - 1 : 0) + (rooks > 2 ? rooks - 2 : 0) +
                       (knights > 2 ? knights - 2 : 0) + (light > 1 ? light - 1 : 0) +
                       (dark > 1 ? dark - 1 : 0);
        if (r->king_promotion && count(rec, col, KING) > 1)
            promoted += count(rec, col, KING) - 1; /* antichess: a pawn may become a king */
        if (promoted > 8 - pawns)
            fen_report_add(rep, FEN_IMPOSSIBLE_MATERIAL, rec->col[0],
                           "%s has more promoted pieces (%d) than missing pawns (%d)",
                           color_names[c], promoted, 8 - pawns);
    }
}

/* FIDE Art. 3.8.2.1 (and its Chess960 counterpart): a castling right needs
 * king and rook unmoved; each letter fen_parse could not match to them is
 * reported at its column. */
static void check_castling(const struct fen_record *rec, struct fen_report *rep)
{
    bool chess960 = rec->pos.chess960;
    for (int i = 0; i < rec->castling_count; i++) {
        const struct fen_castling_letter *cl = &rec->castling[i];
        char l = cl->letter, up = (char)(l & ~0x20);
        enum color c = l >= 'a' ? BLACK : WHITE;
        const char *who = color_names[c];
        int rank = c == WHITE ? 1 : 8;
        switch (cl->status) {
        case FEN_CASTLING_NO_KING:
            /* A king on its first rank failed a K or Q read as standard
             * chess (X-FEN found no rook there either): it is not on e1. */
            fen_report_add(rep, cl->status, cl->col,
                           "castling right '%c' but the %s king is not on %s%d", l, who,
                           chess960 && !(position_pieces(&rec->pos, c, KING) & bb_rank(rank - 1))
                               ? "rank "
                               : "e",
                           rank);
            break;
        case FEN_CASTLING_NO_ROOK:
            fen_report_add(rep, cl->status, cl->col, "castling right '%c' but no %s rook %s%c%d", l,
                           who,
                           chess960 && (up == 'K' || up == 'Q') ? "between the king and " : "on ",
                           up == 'K' || up == 'Q' ? "ha"[up == 'Q'] : l | 0x20, rank);
            break;
        case FEN_CASTLING_REPEAT:
            fen_report_add(rep, cl->status, cl->col,
                           "castling right '%c' is the same right as an earlier letter", l);
            break;
        case FEN_VARIANT_CASTLING:
            fen_report_add(rep, cl->status, cl->col, "castling right '%c' but %s has no castling",
                           l, variant_rules((enum variant)rec->pos.variant)->title);
            break;
        default:
            break;
        }
    }
}

/* FIDE Art. 3.7.3.1: an en-passant square is the one a pawn of the side
 * that just moved passed over with its double step: on the sixth rank (for
 * White to move), the pawn in front of it, it and the pawn's start square
 * empty.  Returns true when so, for check_ep_explains_check. */
static bool check_en_passant(const struct fen_record *rec, struct fen_report *rep)
{
    const struct position *p = &rec->pos;
    int ep = rec->ep_raw;
    enum color us = (enum color)p->side, them = (enum color) !us;
    unsigned col = rec->col[3];
    char name[3], other[3];
    square_format(ep, name);
    if (square_relative_rank(ep, us) != 5) {
        fen_report_add(rep, FEN_EP_WRONG_RANK, col,
                       "en-passant square %s is not on rank %d (%s to move)", name,
                       us == WHITE ? 6 : 3, color_names[us]);
        return false;
    }
    int before = rep->count + rep->dropped;
    int pushed = us == WHITE ? ep - 8 : ep + 8, from = us == WHITE ? ep + 8 : ep - 8;
    if (p->board[pushed] != piece_make(them, PAWN)) {
        square_format(pushed, other);
        fen_report_add(rep, FEN_EP_NO_PAWN, col, "en-passant square %s but no %s pawn on %s", name,
                       color_names[them], other);
    }
    if (p->board[ep] != NO_PIECE)
        fen_report_add(rep, FEN_EP_NOT_EMPTY, col, "en-passant square %s is not empty", name);
    if (p->board[from] != NO_PIECE) {
        square_format(from, other);
        fen_report_add(rep, FEN_EP_NOT_EMPTY, col,
                       "en-passant square %s but %s, where the pawn came from, is not empty", name,
                       other);
    }
    return rep->count + rep->dropped == before;
}

/* FIDE Art. 3.9.2: no move leaves the mover's king in check. */
static void check_opponent_not_in_check(const struct fen_record *rec, struct fen_report *rep)
{
    const struct position *p = &rec->pos;
    enum color them = (enum color) !p->side;
    int k = position_king(p, them);
    if (k == SQUARE_NONE)
        return; /* horde: the side without a king is never in check */
    bool attacked =
        p->variant == VARIANT_ATOMIC
            ? position_atomic_attacked(p, k, them, position_occupied(p)) /* kings may touch */
            : position_attacked_by(p, k, (enum color)p->side, position_occupied(p));
    if (attacked)
        fen_report_add(rep, FEN_OPPONENT_IN_CHECK, rec->col[1],
                       "%s is in check but it is %s's move", color_names[them],
                       color_names[p->side]);
}

/* FIDE Art. 3.9.2 again: one move gave every check the side to move is in,
 * so at most two (the piece moved and one uncovered line); pawns and
 * knights cannot be uncovered, and two checkers on one line through the
 * king cannot both be new.  Returns false when the check is impossible. */
static bool check_impossible_check(const struct fen_record *rec, bitboard checkers,
                                   struct fen_report *rep)
{
    const struct position *p = &rec->pos;
    enum color us = (enum color)p->side;
    const char *who = color_names[us];
    unsigned col = rec->col[1];
    if (!checkers)
        return true;
    int n = bb_count(checkers);
    if (n > 2) {
        fen_report_add(rep, FEN_IMPOSSIBLE_CHECK, col,
                       "%s is in check from %d pieces (one move gives at most two checks)", who, n);
    } else if (n == 2 && bb_several(checkers & (p->by_type[PAWN] | p->by_type[KNIGHT]))) {
        fen_report_add(rep, FEN_IMPOSSIBLE_CHECK, col,
                       "%s is in check from two pawns or knights at once", who);
    } else if (n == 2 &&
               attacks_aligned(bb_lsb(checkers), bb_msb(checkers), position_king(p, us))) {
        char a[3], b[3];
        square_format(bb_lsb(checkers), a);
        square_format(bb_msb(checkers), b);
        fen_report_add(rep, FEN_IMPOSSIBLE_CHECK, col,
                       "%s king is checked from %s and %s on one line", who, a, b);
    } else {
        return true;
    }
    return false;
}

/* FIDE Art. 3.9.2 with Art. 3.7.3.1: before the double step an en-passant
 * square shows, the side to move was not in check (the pawn back on its
 * start square, nothing attacks the king), and the step gives no double
 * check (no line through the king and a square the pawn checks from passes
 * its start square). */
static void check_ep_explains_check(const struct fen_record *rec, bitboard checkers,
                                    struct fen_report *rep)
{
    const struct position *p = &rec->pos;
    enum color us = (enum color)p->side, them = (enum color) !us;
    unsigned col = rec->col[1];
    int pushed = us == WHITE ? rec->ep_raw - 8 : rec->ep_raw + 8;
    int from = us == WHITE ? rec->ep_raw + 8 : rec->ep_raw - 8;
    char ep[3];
    square_format(rec->ep_raw, ep);
    if (bb_several(checkers)) {
        fen_report_add(rep, FEN_IMPOSSIBLE_CHECK, col,
                       "double check right after the double pawn step shown by en passant %s", ep);
        return;
    }
    /* The position before the step: the pawn back on its start square
     * (check_en_passant found it on pushed and from empty). */
    struct position before = *p;
    position_remove(&before, pushed);
    position_put(&before, piece_make(them, PAWN), from);
    if (position_attacked_by(&before, position_king(p, us), them, position_occupied(&before)))
        fen_report_add(rep, FEN_IMPOSSIBLE_CHECK, col,
                       "%s was in check before the double pawn step shown by en passant %s",
                       color_names[us], ep);
}

bool fen_validate(const struct fen_record *rec, struct fen_report *rep)
{
    int before = rep->count + rep->dropped;
    if (!(rec->fields_ok & FEN_FIELD_BOARD))
        return false;
    const struct variant_rules *r = variant_rules((enum variant)rec->pos.variant);
    bool kings = check_kings(rec, r, rep);
    check_back_rank_pawns(rec, r, rep);
    if (r->drops) {
        check_crazyhouse_material(rec, rep);
    } else {
        check_pawn_count(rec, r, rep);
        check_piece_count(rec, r, rep);
        if (r->no_pawns)
            check_racing_material(rec, rep);
        else
            check_material(rec, r, rep);
    }
    check_castling(rec, rep);
    const struct position *p = &rec->pos;
    if (r->three_checks) {
        /* Three-check: the game ends with the third check, given by the side
         * that moved last, so not both sides have given three, nor the side
         * to move. */
        unsigned col = rec->checks_col ? rec->checks_col : rec->col[0];
        if (p->checks_given[WHITE] >= 3 && p->checks_given[BLACK] >= 3)
            fen_report_add(rep, FEN_VARIANT_OVER, col, "both sides have given three checks");
        else if ((rec->fields_ok & FEN_FIELD_SIDE) && p->checks_given[p->side] >= 3)
            fen_report_add(rep, FEN_VARIANT_OVER, col,
                           "%s has given three checks and it is %s's move", color_names[p->side],
                           color_names[p->side]);
    }
    bool side = (rec->fields_ok & FEN_FIELD_SIDE) != 0;
    bool ep_known = false;
    if (side && rec->ep_raw != SQUARE_NONE) {
        ep_known = check_en_passant(rec, rep);
        /* FIDE Art. 9.3: a pawn move resets the half-move clock, and an
         * en-passant square says the last move was a pawn's double step. */
        if ((rec->fields_ok & FEN_FIELD_HALFMOVE) && rec->pos.halfmove != 0)
            fen_report_add(
                rep, FEN_HALFMOVE_EP, rec->col[4],
                "half-move clock %u but the en-passant square shows a pawn move (expected 0)",
                rec->pos.halfmove);
    }
    if (kings && side && r->royal) {
        /* Check exists where kings are royal; antichess has none. */
        check_opponent_not_in_check(rec, rep);
        bitboard checkers = position_checkers(&rec->pos);
        if (r->no_check) {
            /* Racing kings: no move may give check, so no position has one;
             * the race ends when a king reaches rank 8 (White's first giving
             * Black one move to draw), so both kings there with Black to move
             * is a race over before that move (python-chess's STATUS_RACE_OVER). */
            bitboard kings8 = p->by_type[KING] & bb_rank(7);
            if (checkers)
                fen_report_add(rep, FEN_VARIANT_CHECK, rec->col[1],
                               "%s is in check (no move may give check in racing kings)",
                               color_names[p->side]);
            if (p->side == BLACK && (kings8 & p->by_color[WHITE]) && (kings8 & p->by_color[BLACK]))
                fen_report_add(rep, FEN_VARIANT_OVER, rec->col[1],
                               "both kings are on rank 8 and it is black's move (the race was "
                               "over before it)");
        } else if (!r->explosions && check_impossible_check(rec, checkers, rep) && ep_known &&
                   position_king(&rec->pos, (enum color)rec->pos.side) != SQUARE_NONE)
            /* (In atomic one explosion can open any number of lines.) */
            check_ep_explains_check(rec, checkers, rep);
    }
    return rep->count + rep->dropped == before;
}
