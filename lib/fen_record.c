/* The FEN layer's shared vocabulary (fen_record.h): the codes' names, the
 * report, the piece letters and a square's column in the board field. */
#include "fen_record.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const code_names[FEN_CODE_NB] = {
    [FEN_OK] = "ok",
    [FEN_EMPTY] = "empty",
    [FEN_MISSING_FIELD] = "missing-field",
    [FEN_RANK_COUNT] = "rank-count",
    [FEN_RANK_SIZE] = "rank-size",
    [FEN_CONSECUTIVE_DIGITS] = "consecutive-digits",
    [FEN_BAD_DIGIT] = "bad-digit",
    [FEN_BAD_PIECE] = "bad-piece",
    [FEN_BAD_SIDE] = "bad-side",
    [FEN_BAD_CASTLING] = "bad-castling",
    [FEN_CASTLING_ORDER] = "castling-order",
    [FEN_CASTLING_REPEAT] = "castling-repeat",
    [FEN_BAD_EP] = "bad-en-passant",
    [FEN_BAD_HALFMOVE] = "bad-halfmove",
    [FEN_BAD_FULLMOVE] = "bad-fullmove",
    [FEN_EXTRA_FIELD] = "extra-field",
    [FEN_MISSING_COUNTERS] = "missing-counters",
    [FEN_SPACING] = "spacing",
    [FEN_BAD_EPD] = "bad-epd",
    [FEN_BAD_POCKET] = "bad-pocket",
    [FEN_BAD_PROMOTED] = "bad-promoted",
    [FEN_BAD_CHECKS] = "bad-checks",
    [FEN_VARIANT_FIELD] = "variant-field",
    [FEN_KING_COUNT] = "king-count",
    [FEN_PAWN_BACK_RANK] = "pawn-back-rank",
    [FEN_TOO_MANY_PAWNS] = "too-many-pawns",
    [FEN_TOO_MANY_PIECES] = "too-many-pieces",
    [FEN_IMPOSSIBLE_MATERIAL] = "impossible-material",
    [FEN_CASTLING_NO_KING] = "castling-no-king",
    [FEN_CASTLING_NO_ROOK] = "castling-no-rook",
    [FEN_EP_WRONG_RANK] = "en-passant-rank",
    [FEN_EP_NO_PAWN] = "en-passant-no-pawn",
    [FEN_EP_NOT_EMPTY] = "en-passant-not-empty",
    [FEN_OPPONENT_IN_CHECK] = "opponent-in-check",
    [FEN_IMPOSSIBLE_CHECK] = "impossible-check",
    [FEN_HALFMOVE_EP] = "halfmove-en-passant",
    [FEN_VARIANT_CASTLING] = "variant-castling",
    [FEN_VARIANT_PAWN] = "variant-pawn",
    [FEN_VARIANT_CHECK] = "variant-check",
    [FEN_TOO_MANY_MEN] = "too-many-men",
    [FEN_VARIANT_OVER] = "variant-over",
    [FEN_LINE_TOO_LONG] = "line-too-long",
};

const char *fen_code_name(enum fen_code code)
{
    return (unsigned)code < FEN_CODE_NB && code_names[code] ? code_names[code] : "unknown";
}

void fen_report_add(struct fen_report *rep, enum fen_code code, unsigned col, const char *fmt, ...)
{
    if (rep->count >= FEN_PROBLEMS_MAX) {
        rep->dropped++;
        return;
    }
    struct fen_problem *pr = &rep->problems[rep->count++];
    pr->code = code;
    pr->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pr->message, sizeof pr->message, fmt, ap);
    va_end(ap);
}

/* Piece letters by byte: a table lookup instead of a search, since the
 * board field is the bulk of every record. */
const uint8_t fen_piece_by_letter[256] = {
    ['P'] = 1, ['N'] = 2,  ['B'] = 3,  ['R'] = 4,  ['Q'] = 5,  ['K'] = 6,
    ['p'] = 9, ['n'] = 10, ['b'] = 11, ['r'] = 12, ['q'] = 13, ['k'] = 14,
};

unsigned fen_square_col(const struct fen_record *rec, int sq)
{
    /* The squares are walked again as fen.c's parse_board placed them: a
     * letter where rank and file are on the board, '~' taking no square, a
     * bad digit none and a bad letter one. */
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
