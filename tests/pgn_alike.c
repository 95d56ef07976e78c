/*
 * pgn_alike.c - comparing games read by two PGN readers (see pgn_alike.h).
 */
#include "pgn_alike.h"

#include <stdio.h>
#include <string.h>

/* The first difference is told: the shape (place and counts), then the
 * first tag, token or diagnostic that differs. */
bool pgn_alike(const struct pgn_game *a, const struct pgn_game *b, unsigned long dl, char *why,
               size_t n)
{
    if (!why)
        n = 0;
    if (a->stray != b->stray || a->stray_binary != b->stray_binary ||
        a->stray_nul != b->stray_nul) {
        if (n)
            snprintf(why, n, "game %lu: stray text (or binary data) in one reading only",
                     a->number);
        return false;
    }
    if (a->line != b->line + dl || a->col != b->col || a->ntags != b->ntags ||
        a->ntokens != b->ntokens || a->ndiags != b->ndiags) {
        if (n)
            snprintf(why, n, "game %lu: shape %lu:%lu/%zu/%zu/%zu vs %lu:%lu/%zu/%zu/%zu",
                     a->number, a->line, a->col, a->ntags, a->ntokens, a->ndiags, b->line, b->col,
                     b->ntags, b->ntokens, b->ndiags);
        return false;
    }
    for (size_t i = 0; i < a->ntags; i++) {
        const struct pgn_tag *x = &a->tags[i], *y = &b->tags[i];
        if (x->name_len != y->name_len || x->value_len != y->value_len ||
            memcmp(x->name, y->name, x->name_len) || memcmp(x->value, y->value, x->value_len) ||
            x->line != y->line + dl || x->col != y->col || x->repeated != y->repeated) {
            if (n)
                snprintf(why, n, "game %lu: tag %zu differs", a->number, i);
            return false;
        }
    }
    for (size_t i = 0; i < a->ntokens; i++) {
        const struct pgn_token *x = &a->tokens[i], *y = &b->tokens[i];
        if (x->kind != y->kind || x->len != y->len || memcmp(x->text, y->text, x->len) ||
            x->line != y->line + dl || x->col != y->col || x->depth != y->depth ||
            x->value != y->value) {
            if (n)
                snprintf(why, n, "game %lu: token %zu at %lu:%lu '%s' vs '%s'", a->number, i,
                         x->line, x->col, x->text, y->text);
            return false;
        }
    }
    for (size_t i = 0; i < a->ndiags; i++)
        if (a->diags[i].line != b->diags[i].line + dl || a->diags[i].col != b->diags[i].col ||
            a->diags[i].code != b->diags[i].code) {
            if (n)
                snprintf(why, n, "game %lu: diagnostic %zu differs", a->number, i);
            return false;
        }
    return true;
}

bool pgn_alike_skipped(const struct pgn_token *t)
{
    return t->kind == PGN_TOK_MOVE_NUMBER || t->kind == PGN_TOK_COMMENT;
}

long pgn_alike_drop(struct pgn_game *g, bool (*drop)(const struct pgn_token *))
{
    static struct pgn_token kept[1u << 20]; /* (max_tokens' default) */
    size_t k = 0;
    long dropped = 0;
    for (size_t i = 0; i < g->ntokens && k < sizeof kept / sizeof kept[0]; i++)
        if (drop(&g->tokens[i]))
            dropped++;
        else
            kept[k++] = g->tokens[i];
    g->tokens = kept;
    g->ntokens = k;
    return dropped;
}
