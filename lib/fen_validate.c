/* Position legality for fen_validate: the part of FEN checking that looks
 * at the position as a whole rather than at the text.  Each rule is one
 * small function; they need attack tables only, never the move generator,
 * since fen-check runs them on millions of records. */
#include "fen_validate.h"

#include "attacks.h"

static const char *const color_names[COLOR_NB] = {"white", "black"};

/* The number of pieces of one kind, as fen_parse counted them (cheaper
 * than counting bits where the CPU has no popcount instruction). */
static int count(const struct fen_record *rec, enum color c, enum piece_type t)
{
    return rec->piece_count[piece_make(c, t)];
}

/* FIDE Art. 2.2 and 3.9: each side has exactly one king; without that no
 * rule of the game (check, castling, mate) is defined. */
static bool check_kings(const struct fen_record *rec, struct fen_report *rep)
{
    bool ok = true;
    for (int c = WHITE; c <= BLACK; c++) {
        int n = count(rec, (enum color)c, KING);
        if (n != 1) {
            fen_report_add(rep, FEN_KING_COUNT, rec->col[0], "%s has %d kings, expected 1",
                           color_names[c], n);
            ok = false;
        }
    }
    return ok;
}

/* FIDE Art. 3.7.1 and 3.7.5: pawns start on the second rank, only move
 * forward, and are replaced by a piece on reaching the last rank, so no
 * pawn ever stands on the first or the last rank.  One problem per pawn,
 * at its letter. */
static void check_back_rank_pawns(const struct fen_record *rec, struct fen_report *rep)
{
    /* Rank 8 first: the order in which the record lists them. */
    bitboard bad = rec->pos.by_type[PAWN] & (BB_RANK_8 | BB_RANK_1);
    bad = (bad >> 56) | (bad << 56);
    while (bad) {
        int sq = square_flip(bb_pop(&bad));
        char name[3];
        square_format(sq, name);
        fen_report_add(rep, FEN_PAWN_BACK_RANK, rec->square_col[sq],
                       "%s pawn on %s (pawns never stand on the first or last rank)",
                       color_names[piece_color(rec->pos.board[sq])], name);
    }
}

/* FIDE Art. 2.3: each side starts with eight pawns and no move adds one. */
static void check_pawn_count(const struct fen_record *rec, struct fen_report *rep)
{
    for (int c = WHITE; c <= BLACK; c++) {
        int n = count(rec, (enum color)c, PAWN);
        if (n > 8)
            fen_report_add(rep, FEN_TOO_MANY_PAWNS, rec->col[0], "%s has %d pawns, at most 8",
                           color_names[c], n);
    }
}

/* FIDE Art. 2.3: each side starts with sixteen men (pawns and king
 * included); a promotion replaces a pawn, so the number never grows. */
static void check_piece_count(const struct fen_record *rec, struct fen_report *rep)
{
    for (int c = WHITE; c <= BLACK; c++) {
        int n = 0;
        for (int t = PAWN; t <= KING; t++)
            n += count(rec, (enum color)c, (enum piece_type)t);
        if (n > 16)
            fen_report_add(rep, FEN_TOO_MANY_PIECES, rec->col[0], "%s has %d pieces, at most 16",
                           color_names[c], n);
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
 * is a promoted pawn, so there are at most as many as missing pawns.  Not
 * judged when there are too many pawns already (reported above). */
static void check_material(const struct fen_record *rec, struct fen_report *rep)
{
    for (int c = WHITE; c <= BLACK; c++) {
        enum color col = (enum color)c;
        int pawns = count(rec, col, PAWN);
        if (pawns > 8)
            continue;
        int light, dark;
        count_bishops(rec, col, &light, &dark);
        int queens = count(rec, col, QUEEN), rooks = count(rec, col, ROOK);
        int knights = count(rec, col, KNIGHT);
        int promoted = (queens > 1 ? queens - 1 : 0) + (rooks > 2 ? rooks - 2 : 0) +
                       (knights > 2 ? knights - 2 : 0) + (light > 1 ? light - 1 : 0) +
                       (dark > 1 ? dark - 1 : 0);
        if (promoted > 8 - pawns)
            fen_report_add(rep, FEN_IMPOSSIBLE_MATERIAL, rec->col[0],
                           "%s has more promoted pieces (%d) than missing pawns (%d)",
                           color_names[c], promoted, 8 - pawns);
    }
}

/* FIDE Art. 3.8.2.1 (and its Chess960 counterpart): a castling right is
 * kept only while neither the king nor that rook has moved, so both stand
 * on their initial squares.  fen_parse matched each letter to its king and
 * rook; here each failed letter is reported at its column. */
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
            if (chess960)
                fen_report_add(rep, cl->status, cl->col,
                               "castling right '%c' but the %s king is not on rank %d", l, who,
                               rank);
            else
                fen_report_add(rep, cl->status, cl->col,
                               "castling right '%c' but the %s king is not on e%d", l, who, rank);
            break;
        case FEN_CASTLING_NO_ROOK:
            if (chess960 && (up == 'K' || up == 'Q'))
                fen_report_add(rep, cl->status, cl->col,
                               "castling right '%c' but no %s rook between the king and %c%d", l,
                               who, up == 'K' ? 'h' : 'a', rank);
            else
                fen_report_add(rep, cl->status, cl->col,
                               "castling right '%c' but no %s rook on %c%d", l, who,
                               up == 'K'   ? 'h'
                               : up == 'Q' ? 'a'
                                           : up - 'A' + 'a',
                               rank);
            break;
        case FEN_CASTLING_REPEAT:
            fen_report_add(rep, cl->status, cl->col,
                           "castling right '%c' is the same right as an earlier letter", l);
            break;
        default:
            break;
        }
    }
}

/* FIDE Art. 3.7.3.1: an en-passant square is the square a pawn of the side
 * that just moved passed over with its double step: on the sixth rank
 * with White to move (third with Black), with that pawn right in front of
 * it, and both it and the square the pawn came from empty.  Returns true
 * when the square is consistent, so that it can explain a check. */
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
    bool ok = true;
    int pushed = us == WHITE ? ep - 8 : ep + 8, from = us == WHITE ? ep + 8 : ep - 8;
    if (p->board[pushed] != piece_make(them, PAWN)) {
        square_format(pushed, other);
        fen_report_add(rep, FEN_EP_NO_PAWN, col, "en-passant square %s but no %s pawn on %s", name,
                       color_names[them], other);
        ok = false;
    }
    if (p->board[ep] != NO_PIECE) {
        fen_report_add(rep, FEN_EP_NOT_EMPTY, col, "en-passant square %s is not empty", name);
        ok = false;
    }
    if (p->board[from] != NO_PIECE) {
        square_format(from, other);
        fen_report_add(rep, FEN_EP_NOT_EMPTY, col,
                       "en-passant square %s but %s, where the pawn came from, is not empty", name,
                       other);
        ok = false;
    }
    return ok;
}

/* FIDE Art. 9.3: a pawn move resets the half-move clock, and an
 * en-passant square says the last move was a pawn's double step. */
static void check_ep_halfmove(const struct fen_record *rec, struct fen_report *rep)
{
    if ((rec->fields_ok & FEN_FIELD_HALFMOVE) && rec->pos.halfmove != 0)
        fen_report_add(
            rep, FEN_HALFMOVE_EP, rec->col[4],
            "half-move clock %u but the en-passant square shows a pawn move (expected 0)",
            rec->pos.halfmove);
}

/* FIDE Art. 3.9.2: no move may leave the mover's own king in check, so the
 * side that just moved (the side not to move) is never in check. */
static void check_opponent_not_in_check(const struct fen_record *rec, struct fen_report *rep)
{
    const struct position *p = &rec->pos;
    enum color them = (enum color) !p->side;
    if (position_attacked_by(p, position_king(p, them), (enum color)p->side, position_occupied(p)))
        fen_report_add(rep, FEN_OPPONENT_IN_CHECK, rec->col[1],
                       "%s is in check but it is %s's move", color_names[them],
                       color_names[p->side]);
}

/* FIDE Art. 3.9.2 again: before the last move the side to move was not in
 * check, so one move gave every check it is in.  A move gives at most two
 * checks (itself and one uncovered line); pawns and knights cannot be
 * uncovered, so two of them never check together; two checkers on one
 * line through the king cannot both be new.  Returns false when it found
 * the check impossible. */
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

/* FIDE Art. 3.9.2 with Art. 3.7.3.1: an en-passant square says the last
 * move was a double pawn step, and before it the side to move was not in
 * check: with the pawn put back on its start square, no enemy piece may
 * attack the king.  Nor can the step give a double check: the start square
 * is on no line through the king and a square the pawn can check from. */
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
    bool kings = check_kings(rec, rep);
    check_back_rank_pawns(rec, rep);
    check_pawn_count(rec, rep);
    check_piece_count(rec, rep);
    check_material(rec, rep);
    check_castling(rec, rep);
    bool side = (rec->fields_ok & FEN_FIELD_SIDE) != 0;
    bool ep_known = false;
    if (side && rec->ep_raw != SQUARE_NONE) {
        ep_known = check_en_passant(rec, rep);
        check_ep_halfmove(rec, rep);
    }
    if (kings && side) {
        check_opponent_not_in_check(rec, rep);
        bitboard checkers = position_checkers(&rec->pos);
        if (check_impossible_check(rec, checkers, rep) && ep_known)
            check_ep_explains_check(rec, checkers, rep);
    }
    return rep->count + rep->dropped == before;
}
