/*
 * fen_cli.h - positions in and out of the tools that read FEN records
 * (legal-moves, perft): the diagnostics of an unreadable record, worded the
 * same way by each, and a position's FEN written into an output line.
 */
#ifndef CHESS_FEN_CLI_H
#define CHESS_FEN_CLI_H

#include "cli.h"
#include "notation/fen.h"

/* Print every problem of rep as "PROG:FILE:LINE:COL: message", the column
 * shifted by col_offset (the record's place in its line), or "not a valid
 * FEN record" when the report holds none. */
void fen_cli_problems(const char *file, unsigned long line, unsigned col_offset,
                      const struct fen_report *rep);

/* Append the canonical FEN of p (fen_format) to b. */
void fen_cli_buf(struct cli_buf *b, const struct position *p);
/* The same for a parsed record's position (fen_format_record). */
void fen_cli_buf_record(struct cli_buf *b, const struct fen_record *rec);

#endif /* CHESS_FEN_CLI_H */
