/*
 * game_table_fields.c - the columns of the tables (see game_table_fields.h).
 */
#include "game_table_fields.h"

#include <stdio.h>
#include <string.h>

/* The names of the kinds, in enum order (GAME_TABLE_TAG's is its prefix). */
static const char *const kind_names[GAME_TABLE_KIND_NB] = {
    "game",       "line",  "ply", "move", "side", "uci",     "san",    "named",  "fen",
    "fen_before", "clock", "emt", "eval", "eco",  "opening", "result", "offset", "tag:NAME",
};

/* "unknown field 'x' in --fields (known: game, line, ...)" */
static void unknown_field(const char *name, size_t len, char *err, size_t size)
{
    int n = snprintf(err, size, "unknown field '%.*s' in --fields (known:", (int)len, name);
    for (int k = 0; k < GAME_TABLE_KIND_NB && n >= 0 && (size_t)n < size; k++)
        n += snprintf(err + n, size - (size_t)n, "%s %s", k ? "," : "", kind_names[k]);
    if (n >= 0 && (size_t)n < size)
        snprintf(err + n, size - (size_t)n, ")");
}

bool game_table_fields_parse(struct game_table_fields *f, const char *list, bool csv, bool per_game,
                             char *err, size_t size)
{
    memset(f, 0, sizeof *f);
    f->csv = csv;
    f->per_game = per_game;
    if (!list)
        list = per_game ? GAME_TABLE_DEFAULT_GAME : GAME_TABLE_DEFAULT_PLY;
    for (const char *s = list;; s++) {
        const char *end = strchr(s, ',');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        struct game_table_field fd = {.name = s, .name_len = len};
        if (len == 0) {
            snprintf(err, size, "an empty field in --fields '%s'", list);
            return false;
        }
        if (len > 4 && memcmp(s, "tag:", 4) == 0) {
            fd.kind = GAME_TABLE_TAG;
            fd.tag = s + 4;
            fd.tag_len = len - 4;
        } else {
            int k = 0;
            while (k < GAME_TABLE_TAG &&
                   !(strlen(kind_names[k]) == len && memcmp(kind_names[k], s, len) == 0))
                k++;
            if (k == GAME_TABLE_TAG) {
                unknown_field(s, len, err, size);
                return false;
            }
            fd.kind = (enum game_table_kind)k;
        }
        if (f->n == GAME_TABLE_FIELDS_MAX) {
            snprintf(err, size, "more than %d fields in --fields", GAME_TABLE_FIELDS_MAX);
            return false;
        }
        f->v[f->n++] = fd;
        f->kinds |= GAME_TABLE_KIND(fd.kind);
        if (!end)
            return true;
        s = end;
    }
}

bool game_table_fields_comments(const struct game_table_fields *f)
{
    return (f->kinds & GAME_TABLE_ANNOTATION_CELLS) != 0;
}

bool game_table_fields_numbered(const struct game_table_fields *f)
{
    return (f->kinds & GAME_TABLE_KIND(GAME_TABLE_GAME)) != 0;
}
