/*
 * fen-diag.c - diagnostics of unreadable FEN records (see fen-diag.h).
 */
#include "fen-diag.h"

#include "cli.h"

/* A record that fen_read refused must never pass without a word, even if
 * the report came back empty: hence the fallback message. */
void cli_fen_problems(const char *file, unsigned long line, const struct fen_report *rep)
{
    for (int i = 0; i < rep->count; i++)
        cli_diag(file, line, rep->problems[i].col, "%s", rep->problems[i].message);
    if (rep->count == 0)
        cli_diag(file, line, 1, "not a valid FEN record");
}
