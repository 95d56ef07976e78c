/* The FEN layer's shared vocabulary: the parsed record, the diagnostics and
 * the report that collects them.  fen_parse (fen.h) fills a record and
 * fen_validate (fen_validate.h) judges it; both add to a report. */
#ifndef CHESS_FEN_RECORD_H
#define CHESS_FEN_RECORD_H

#include "rules/position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Every diagnostic the FEN layer can give, with its short stable name
 * (fen_code_name).  Syntax codes come from fen_parse, position codes from
 * fen_validate. */
#define FEN_CODES(X)                                                                               \
    X(FEN_OK, "ok")                                                                                \
    /* syntax */                                                                                   \
    X(FEN_EMPTY, "empty")                                                                          \
    X(FEN_MISSING_FIELD, "missing-field")                                                          \
    X(FEN_RANK_COUNT, "rank-count")                                                                \
    X(FEN_RANK_SIZE, "rank-size")                                                                  \
    X(FEN_CONSECUTIVE_DIGITS, "consecutive-digits")                                                \
    X(FEN_BAD_DIGIT, "bad-digit")                                                                  \
    X(FEN_BAD_PIECE, "bad-piece")                                                                  \
    X(FEN_BAD_SIDE, "bad-side")                                                                    \
    X(FEN_BAD_CASTLING, "bad-castling")                                                            \
    X(FEN_CASTLING_ORDER, "castling-order")                                                        \
    X(FEN_CASTLING_REPEAT, "castling-repeat")                                                      \
    X(FEN_BAD_EP, "bad-en-passant")                                                                \
    X(FEN_BAD_HALFMOVE, "bad-halfmove")                                                            \
    X(FEN_BAD_FULLMOVE, "bad-fullmove")                                                            \
    X(FEN_EXTRA_FIELD, "extra-field")                                                              \
    X(FEN_MISSING_COUNTERS, "missing-counters")                                                    \
    X(FEN_SPACING, "spacing")                                                                      \
    X(FEN_BAD_EPD, "bad-epd")                                                                      \
    X(FEN_BAD_POCKET, "bad-pocket")       /* crazyhouse pockets: [QRbp] or a ninth rank */         \
    X(FEN_BAD_PROMOTED, "bad-promoted")   /* crazyhouse: '~' after a pawn or king */               \
    X(FEN_BAD_CHECKS, "bad-checks")       /* 3check counters: 3+3 or +0+0 */                       \
    X(FEN_VARIANT_FIELD, "variant-field") /* pockets, '~' or check counters in another variant */  \
    /* position (fen_validate) */                                                                  \
    X(FEN_KING_COUNT, "king-count")                                                                \
    X(FEN_PAWN_BACK_RANK, "pawn-back-rank")                                                        \
    X(FEN_TOO_MANY_PAWNS, "too-many-pawns")                                                        \
    X(FEN_TOO_MANY_PIECES, "too-many-pieces")                                                      \
    X(FEN_IMPOSSIBLE_MATERIAL, "impossible-material")                                              \
    X(FEN_CASTLING_NO_KING, "castling-no-king")                                                    \
    X(FEN_CASTLING_NO_ROOK, "castling-no-rook")                                                    \
    X(FEN_EP_WRONG_RANK, "en-passant-rank")                                                        \
    X(FEN_EP_NO_PAWN, "en-passant-no-pawn")                                                        \
    X(FEN_EP_NOT_EMPTY, "en-passant-not-empty")                                                    \
    X(FEN_OPPONENT_IN_CHECK, "opponent-in-check")                                                  \
    X(FEN_IMPOSSIBLE_CHECK, "impossible-check")                                                    \
    X(FEN_HALFMOVE_EP, "halfmove-en-passant")                                                      \
    X(FEN_VARIANT_CASTLING, "variant-castling") /* castling rights where the variant has none */   \
    X(FEN_VARIANT_PAWN, "variant-pawn")         /* a pawn in racing kings */                       \
    X(FEN_VARIANT_CHECK, "variant-check")       /* racing kings: a king in check */                \
    X(FEN_TOO_MANY_MEN, "too-many-men") /* crazyhouse: more than 64 men, pockets included */       \
    X(FEN_VARIANT_OVER, "variant-over") /* 3check: three checks given; racing kings: race over */  \
    /* given by tools, not by this library: their line reader cut the line */                      \
    X(FEN_LINE_TOO_LONG, "line-too-long")

enum fen_code {
#define FEN_CODE_ENUM(code, name) code,
    FEN_CODES(FEN_CODE_ENUM) FEN_CODE_NB
#undef FEN_CODE_ENUM
};

/* A short stable name for each code ("rank-size"), for --json and scripts. */
const char *fen_code_name(enum fen_code code);

enum { FEN_PROBLEMS_MAX = 24, FEN_MESSAGE_MAX = 96 };

struct fen_problem {
    enum fen_code code;
    unsigned col;                  /* 1-based column in the record */
    char message[FEN_MESSAGE_MAX]; /* complete sentence fragment, no trailing period */
};

struct fen_report {
    int count;   /* problems stored (at most FEN_PROBLEMS_MAX) */
    int dropped; /* problems beyond the limit, counted only */
    struct fen_problem problems[FEN_PROBLEMS_MAX];
};

/* Bits of fen_record.fields_ok: the fields fen_validate reads. */
enum { FEN_FIELD_BOARD = 1 << 0, FEN_FIELD_SIDE = 1 << 1, FEN_FIELD_HALFMOVE = 1 << 2 };

/* A castling letter as written and what fen_parse found it to name, kept
 * for fen_validate to judge (at most one of each of KQkq, A-H and a-h is
 * stored; letters with a syntax problem are not). */
enum { FEN_CASTLING_LETTERS_MAX = 20 };
struct fen_castling_letter {
    char letter;
    unsigned col;
    /* FEN_OK when the right was granted (rook square in pos.castle_rook),
     * else FEN_CASTLING_NO_KING, FEN_CASTLING_NO_ROOK or FEN_CASTLING_REPEAT */
    enum fen_code status;
};

/* What was read beyond the position itself (fen_parse clears each member
 * after pos but castling, with no list of them). */
struct fen_record {
    struct position pos;
    int fields;         /* FEN fields present (0 to 6) */
    int ep_raw;         /* the en-passant field as written (SQUARE_NONE for '-') */
    unsigned col[6];    /* column of each field, 0 when absent */
    unsigned fields_ok; /* FEN_FIELD_* bits: present and read without a problem */
    const char *ops;    /* EPD operations (after the FEN fields), not NUL-terminated */
    size_t ops_len;
    unsigned ops_col;
    int castling_count; /* castling letters that passed the syntax check */
    struct fen_castling_letter castling[FEN_CASTLING_LETTERS_MAX];
    unsigned pocket_col; /* crazyhouse: column of the pockets, 0 when none */
    unsigned checks_col; /* 3check: column of the check counters, 0 when none */
    /* The board field proper (pockets aside) as written: it points into the
     * text given to fen_parse, like ops, so validate while that text lives
     * (fen_validate reads it to place a diagnostic). */
    const char *board;
    size_t board_len;
    bool board_canonical;          /* the board text is what fen_format writes for it */
    uint8_t piece_count[PIECE_NB]; /* pieces of each kind the board field placed */
};

/* The piece a FEN piece letter stands for (PNBRQK, pnbrqk), by byte;
 * NO_PIECE (0) for any other byte. */
extern const uint8_t fen_piece_by_letter[256];

/* Add a problem to a report. */
void fen_report_add(struct fen_report *rep, enum fen_code code, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif /* CHESS_FEN_RECORD_H */
