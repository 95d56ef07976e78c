/* FEN, X-FEN, Shredder-FEN and EPD records: parsing with a diagnostic for
 * every problem (code, column, message), and writing.  formats/fen.md is
 * the specification of what is accepted; keep the two in step. */
#ifndef CHESS_FEN_H
#define CHESS_FEN_H

#include "position.h"

#include <stddef.h>

/* Every diagnostic the FEN layer can give.  Syntax codes come from
 * fen_parse, position codes from fen_validate. */
enum fen_code {
    FEN_OK = 0,
    /* syntax */
    FEN_EMPTY,
    FEN_MISSING_FIELD,
    FEN_RANK_COUNT,
    FEN_RANK_SIZE,
    FEN_CONSECUTIVE_DIGITS,
    FEN_BAD_DIGIT,
    FEN_BAD_PIECE,
    FEN_BAD_SIDE,
    FEN_BAD_CASTLING,
    FEN_CASTLING_ORDER,
    FEN_BAD_EP,
    FEN_BAD_HALFMOVE,
    FEN_BAD_FULLMOVE,
    FEN_EXTRA_FIELD,
    FEN_MISSING_COUNTERS,
    FEN_SPACING,
    FEN_BAD_EPD,
    /* position (fen_validate) */
    FEN_KING_COUNT,
    FEN_PAWN_BACK_RANK,
    FEN_TOO_MANY_PAWNS,
    FEN_TOO_MANY_PIECES,
    FEN_IMPOSSIBLE_MATERIAL,
    FEN_CASTLING_NO_KING,
    FEN_CASTLING_NO_ROOK,
    FEN_EP_WRONG_RANK,
    FEN_EP_NO_PAWN,
    FEN_EP_NOT_EMPTY,
    FEN_OPPONENT_IN_CHECK,
    FEN_IMPOSSIBLE_CHECK,
    FEN_HALFMOVE_EP,
    FEN_CODE_NB
};

/* A short stable name for each code ("rank-size"), for --json and scripts. */
const char *fen_code_name(enum fen_code code);

enum { FEN_PROBLEMS_MAX = 24, FEN_MESSAGE_MAX = 96, FEN_MAX = 100 };

struct fen_problem {
    enum fen_code code;
    unsigned col;                  /* 1-based column in the record */
    char message[FEN_MESSAGE_MAX]; /* complete sentence fragment, no trailing period */
};

struct fen_report {
    int count;     /* problems stored (at most FEN_PROBLEMS_MAX) */
    int dropped;   /* problems beyond the limit, counted only */
    struct fen_problem problems[FEN_PROBLEMS_MAX];
};

struct fen_options {
    bool strict;   /* all six fields, single spaces, nothing else */
    bool chess960; /* read KQkq as X-FEN even when the pieces stand as in standard chess */
};

/* What was read beyond the position itself. */
struct fen_record {
    struct position pos;
    int fields;            /* FEN fields present (4 to 6) */
    int ep_raw;            /* the en-passant field as written (SQUARE_NONE for '-') */
    unsigned col[6];       /* column of each field, 0 when absent */
    const char *ops;       /* EPD operations (after the FEN fields), not NUL-terminated */
    size_t ops_len;
    unsigned ops_col;
};

/* Parse one record (s[0..len), no newline).  Fills rec and appends every
 * syntax problem to rep; returns true when there was none.  When the board
 * and side could be read, rec->pos is usable even if later fields failed. */
bool fen_parse(const char *s, size_t len, const struct fen_options *opt, struct fen_record *rec,
               struct fen_report *rep);

/* Check that a parsed position is legal (FIDE rules and what can be reached
 * from the initial position by piece counts and checks); appends problems to
 * rep and returns true when none were found. */
bool fen_validate(const struct fen_record *rec, struct fen_report *rep);

/* Parse and validate; a convenience for tools that need a legal position. */
bool fen_read(const char *s, size_t len, const struct fen_options *opt, struct fen_record *rec,
              struct fen_report *rep);

/* Write the canonical FEN of p into buf (FEN_MAX bytes is always enough):
 * castling as KQkq (or Shredder-FEN letters for Chess960), the en-passant
 * square only when a legal en-passant capture exists. Returns the length. */
size_t fen_format(const struct position *p, char *buf, size_t size);

/* Add a problem to a report (used by the FEN and validation code). */
void fen_report_add(struct fen_report *rep, enum fen_code code, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Find EPD operation `opcode` in ops (as stored in a fen_record): points
 * *arg at its operand text (trimmed, quotes kept) and returns true. */
bool fen_epd_find(const char *ops, size_t ops_len, const char *opcode, const char **arg, size_t *arg_len);

#endif
