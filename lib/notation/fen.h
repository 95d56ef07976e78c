/* FEN, X-FEN, Shredder-FEN and EPD records: parsing with a diagnostic for
 * every problem (code, column, message), and writing.  formats/fen.md is
 * the specification of what is accepted; keep the two in step. */
#ifndef CHESS_FEN_H
#define CHESS_FEN_H

#include "fen_record.h"
#include "rules/position.h"

#include <stddef.h>

enum { FEN_MAX = 256 };
/* The largest half-move clock or full-move number a record may give.  The
 * standard sets none; this one leaves the position's 32-bit counters room
 * for 2^31 moves more than any game the readers hold (PGN's max_tokens). */
#define FEN_COUNTER_MAX 2147483647u

struct fen_options {
    bool strict;   /* all six fields, single spaces between fields, no leading or trailing blank */
    bool chess960; /* KQkq are X-FEN (outermost rook) even in the standard set-up, and
                    * castling is written as Shredder-FEN; file letters always are Chess960 */
    bool playable; /* fen_read: accept positions no game reaches (impossible checks or
                    * material, as in move-generator test suites) where the rules apply:
                    * one king each, the side not to move not in check, no back-rank pawn */
    uint8_t variant;  /* enum variant: the rules the record is read and judged by */
    bool no_fastpath; /* tests: every board field read by the full loop, none by
                       * fen_board_plain (the result is the same) */
};

/* Parse one record (s[0..len), no newline; any bytes, NUL included).  Fills
 * rec and appends every syntax problem to rep; returns true when there was
 * none.  rec->pos then holds the pieces, side, counters, the castling rights
 * that name an existing king and rook, and the en-passant square only when a
 * pawn of the side to move could capture there.  Counters missing from a
 * four-field record are 0 and 1, or the EPD operations hmvc and fmvn. */
bool fen_parse(const char *s, size_t len, const struct fen_options *opt, struct fen_record *rec,
               struct fen_report *rep);

/* Parse and validate (both always run, so rep holds every problem); a
 * convenience for tools that need a legal position. */
bool fen_read(const char *s, size_t len, const struct fen_options *opt, struct fen_record *rec,
              struct fen_report *rep);

/* Write the canonical FEN of p into buf (FEN_MAX bytes is always enough):
 * castling as KQkq (or Shredder-FEN letters for Chess960), the en-passant
 * square only when a legal en-passant capture exists; crazyhouse pockets
 * as [QRBNPqrbnp] with '~' after promoted pieces, three-check's remaining
 * checks as 3+3 after the en-passant field. Returns the length. */
size_t fen_format(const struct position *p, char *buf, size_t size);

/* The same for a parsed record, quicker: a canonical board field
 * (rec->board_canonical) is copied, not rebuilt.  An EPD record (four
 * fields, then operations) stays one: its four fields are written without
 * counters (EPD readers such as python-chess's Board.from_epd would take
 * them for operations), and the caller appends rec->ops. */
size_t fen_format_record(const struct fen_record *rec, char *buf, size_t size);

/* Find EPD operation `opcode` in ops (as stored in a fen_record): points
 * *arg at its operand text (trimmed, quotes kept) and returns true. */
bool fen_epd_find(const char *ops, size_t ops_len, const char *opcode, const char **arg,
                  size_t *arg_len);

#endif
