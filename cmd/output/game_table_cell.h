/*
 * game_table_cell.h - the values of the cells of pgn-to-named-notation's
 * tables (game_table.h): free text escaped for CSV or TSV, numbers, and a
 * ply's values from its comments (clock, emt, eval), as
 * formats/game-table.md writes them.
 */
#ifndef CHESS_GAME_TABLE_CELL_H
#define CHESS_GAME_TABLE_CELL_H

#include "games/annotation.h"
#include "cli/cli.h"
#include "game_table_fields.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Append a free text (a tag's value, an opening's name, a column's name)
 * as a value: CSV quoted when it holds a comma, a double quote, CR or LF,
 * TSV with its tab, LF, CR and backslash escaped; bytes that are no
 * well-formed UTF-8 and the other control bytes as U+FFFD, so that a
 * reader of UTF-8 takes any table.  No control byte but CSV's tab, LF
 * and CR comes out (game_table_numbers.h's marker relies on it). */
void game_table_cell_text(struct cli_buf *b, const char *s, size_t len, bool csv);

/* v in decimal into buf (room for 20 bytes); its length.  (Inline, and no
 * printf: a number or two is in every row.) */
static inline size_t game_table_cell_ulong(unsigned long v, char *buf)
{
    char tmp[20];
    size_t n = 0;
    do
        tmp[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    for (size_t i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    return n;
}

static inline void game_table_cell_put_ulong(struct cli_buf *b, unsigned long v)
{
    if (cli_buf_reserve(b, 20))
        b->len += game_table_cell_ulong(v, b->data + b->len);
}

/* What a ply's comments held. */
struct game_table_cell_ply {
    unsigned has; /* ANNOTATION_HAS_* */
    int64_t clock_ms, emt_ms;
    struct annotation_eval eval;
};

/* A comment's values (annotation_parse's) added to its ply's, where the
 * ply has none yet (the first holds, as python-chess's clock() reads the
 * first of a node's comments joined). */
void game_table_cell_annotations_add(struct game_table_cell_ply *p, const struct annotations *a);

/* The most bytes game_table_cell_annotation writes. */
enum { GAME_TABLE_CELL_ANNOTATION_ROOM = ANNOTATION_SECONDS_MAX + ANNOTATION_EVAL_MAX };

/* A comment's value of a ply, clock, emt or eval (kind), into buf (room
 * for GAME_TABLE_CELL_ANNOTATION_ROOM bytes), or nothing; its length. */
size_t game_table_cell_annotation(const struct game_table_cell_ply *p, enum game_table_kind kind,
                                  char *buf);

/* The same, appended to out. */
void game_table_cell_put_annotation(struct cli_buf *out, const struct game_table_cell_ply *p,
                                    enum game_table_kind kind);

/* The ANNOTATION_HAS_ bit of a comment's column. */
unsigned game_table_cell_annotation_bit(enum game_table_kind kind);

#endif /* CHESS_GAME_TABLE_CELL_H */
