/*
 * fen-diag.h - the diagnostics of an unreadable FEN record, worded the same
 * way by every tool that reads positions (legal-moves, perft).
 */
#ifndef FEN_DIAG_H
#define FEN_DIAG_H

#include "fen.h"

/* Print every problem of rep as "PROG:FILE:LINE:COL: message", or "not a
 * valid FEN record" at column 1 when the report holds none. */
void cli_fen_problems(const char *file, unsigned long line, const struct fen_report *rep);

#endif /* FEN_DIAG_H */
