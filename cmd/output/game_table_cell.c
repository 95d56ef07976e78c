/*
 * game_table_cell.c - the values of a table's cells (see game_table_cell.h).
 */
#include "game_table_cell.h"

#include "cli/json.h"

#include <string.h>

/* Plain text, the common case, is copied in one go. */
void game_table_cell_text(struct cli_buf *b, const char *s, size_t len, bool csv)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    bool quote = false;
    while (i < len) { /* the plain prefix */
        unsigned char c = u[i];
        if (c < 0x20 || c >= 0x7F || c == '\\' || c == ',' || c == '"')
            break;
        i++;
    }
    if (i == len) {
        cli_buf_put(b, s, len);
        return;
    }
    if (csv)
        for (size_t k = i; k < len && !quote; k++)
            quote = u[k] == ',' || u[k] == '"' || u[k] == '\r' || u[k] == '\n';
    if (quote)
        cli_buf_char(b, '"');
    cli_buf_put(b, s, i);
    size_t run = i;
    while (i < len) {
        unsigned char c = u[i];
        size_t n;
        if (c >= 0x80 && (n = json_utf8_length(u + i, len - i)) > 0) {
            i += n;
            continue;
        }
        const char *esc = NULL; /* what replaces c, or NULL: c stays */
        if (c >= 0x80)
            esc = "\xEF\xBF\xBD"; /* U+FFFD */
        else if (c == '"')
            esc = csv ? "\"\"" : NULL;
        else if (c == '\\')
            esc = csv ? NULL : "\\\\";
        else if (c == '\t' || c == '\n' || c == '\r')
            esc = csv ? NULL : c == '\t' ? "\\t" : c == '\n' ? "\\n" : "\\r";
        else if (c < 0x20)
            esc = "\xEF\xBF\xBD";
        if (!esc) {
            i++;
            continue;
        }
        cli_buf_put(b, s + run, i - run);
        cli_buf_str(b, esc);
        run = ++i;
    }
    cli_buf_put(b, s + run, i - run);
    if (quote)
        cli_buf_char(b, '"');
}

void game_table_cell_annotations_add(struct game_table_cell_ply *p, const struct annotations *a)
{
    unsigned fresh = a->has & ~p->has;
    if (fresh & ANNOTATION_HAS_CLOCK)
        p->clock_ms = a->clock_ms;
    if (fresh & ANNOTATION_HAS_EMT)
        p->emt_ms = a->emt_ms;
    if (fresh & ANNOTATION_HAS_EVAL)
        p->eval = a->eval;
    p->has |= fresh;
}

size_t game_table_cell_annotation(const struct game_table_cell_ply *p, enum game_table_kind kind,
                                  char *buf)
{
    if (kind == GAME_TABLE_CLOCK && (p->has & ANNOTATION_HAS_CLOCK))
        return annotation_format_seconds(p->clock_ms, buf);
    if (kind == GAME_TABLE_EMT && (p->has & ANNOTATION_HAS_EMT))
        return annotation_format_seconds(p->emt_ms, buf);
    if (kind == GAME_TABLE_EVAL && (p->has & ANNOTATION_HAS_EVAL))
        return annotation_format_eval(&p->eval, buf);
    return 0;
}

void game_table_cell_put_annotation(struct cli_buf *out, const struct game_table_cell_ply *p,
                                    enum game_table_kind kind)
{
    if (cli_buf_reserve(out, GAME_TABLE_CELL_ANNOTATION_ROOM))
        out->len += game_table_cell_annotation(p, kind, out->data + out->len);
}

unsigned game_table_cell_annotation_bit(enum game_table_kind kind)
{
    return kind == GAME_TABLE_CLOCK ? ANNOTATION_HAS_CLOCK
           : kind == GAME_TABLE_EMT ? ANNOTATION_HAS_EMT
                                    : ANNOTATION_HAS_EVAL;
}
