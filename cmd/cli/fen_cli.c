/*
 * fen_cli.c - positions in and out of the tools (see fen_cli.h).
 */
#include "fen_cli.h"

/* A record that fen_read refused must never pass without a word, even if
 * the report came back empty: hence the fallback message. */
void fen_cli_problems(const char *file, unsigned long line, unsigned col_offset,
                      const struct fen_report *rep)
{
    for (int i = 0; i < rep->count; i++)
        cli_diag(file, line, rep->problems[i].col ? rep->problems[i].col + col_offset : 0, "%s",
                 rep->problems[i].message);
    if (rep->count == 0)
        cli_diag(file, line, 1 + col_offset, "not a valid FEN record");
}

void fen_cli_buf(struct cli_buf *b, const struct position *p)
{
    if (cli_buf_reserve(b, FEN_MAX))
        b->len += fen_format(p, b->data + b->len, FEN_MAX);
}

void fen_cli_buf_record(struct cli_buf *b, const struct fen_record *rec)
{
    if (cli_buf_reserve(b, FEN_MAX))
        b->len += fen_format_record(rec, b->data + b->len, FEN_MAX);
}
