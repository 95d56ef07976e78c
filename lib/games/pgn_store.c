/* The PGN reader's storage (pgn_impl.h): the arena of texts, which the
 * stored texts follow when it moves, the diagnostics, and the control
 * bytes of text found, noted and cleaned. */
#include "pgn_impl.h"

#include "base/array.h"

#include <string.h>

int pgn_nomem(struct pgn_reader *r)
{
    r->err = PGN_E_NOMEM;
    return -1;
}

/* Moves the pointers of the stored texts (tokens', tags'): less from,
 * they are arena offsets while the arena moves; plus to, pointers again. */
static void move_texts(struct pgn_reader *r, uintptr_t from, uintptr_t to)
{
    for (size_t i = 0; i < r->ntoks; i++)
        r->toks[i].text = (const char *)((uintptr_t)r->toks[i].text - from + to);
    for (size_t i = 0; i < r->ntags; i++) {
        r->tags[i].name = (const char *)((uintptr_t)r->tags[i].name - from + to);
        r->tags[i].value = (const char *)((uintptr_t)r->tags[i].value - from + to);
    }
}

/* Makes room for n more bytes of text; the stored texts follow the arena
 * when it moves (rarely: it doubles). */
int pgn_arena_reserve(struct pgn_reader *r, size_t n)
{
    if (r->arena_len + n <= r->arena_cap)
        return 0;
    move_texts(r, (uintptr_t)r->arena, 0);
    char *a = array_grow(r->arena, &r->arena_cap, r->arena_len + n, 1);
    /* (a failed realloc keeps the old block) */
    move_texts(r, 0, (uintptr_t)(a ? a : r->arena));
    if (!a)
        return pgn_nomem(r);
    r->arena = a;
    return 0;
}

/* Records a problem; past max_diags the last slot says that more were
 * dropped, which keeps a garbage game from growing the array. */
int pgn_add_diag(struct pgn_reader *r, enum pgn_error code, unsigned long line, unsigned long col)
{
    if (r->ndiags >= r->lim.max_diags)
        return 0;
    struct pgn_diag *d = array_grow(r->diags, &r->diags_cap, r->ndiags + 1, sizeof *r->diags);
    if (!d)
        return pgn_nomem(r);
    r->diags = d;
    if (r->ndiags + 1 == r->lim.max_diags)
        code = PGN_E_TOO_MANY_DIAGS;
    r->diags[r->ndiags++] = (struct pgn_diag){.line = line, .col = col, .code = code};
    return 0;
}

int pgn_diag_at(struct pgn_reader *r, enum pgn_error code, const char *p)
{
    return pgn_add_diag(r, code, r->lineno, col_at(r, p));
}

/* Records a control byte, once per line so that a binary file does not
 * drown the game in diagnostics. */
int pgn_note_binary(struct pgn_reader *r, const char *p)
{
    if (r->binary_line == r->lineno)
        return 0;
    r->binary_line = r->lineno;
    return pgn_diag_at(r, PGN_E_BINARY, p);
}

/* Copies text that may hold control bytes (comments, tag values, junk),
 * turning them into spaces so that every stored text is a clean C string. */
int pgn_copy_clean(struct pgn_reader *r, char *dst, const char *src, size_t n)
{
    if (n) /* (src may be NULL when n is 0) */
        memcpy(dst, src, n);
    size_t i = first_control(src, n);
    if (i < n && pgn_note_binary(r, src + i) < 0) /* (the first is the one noted) */
        return -1;
    for (; i < n; i++)
        if (byte_class[(unsigned char)src[i]] == C_CTRL)
            dst[i] = ' ';
    return 0;
}

/* Notes the first control byte of text that is not kept, as pgn_copy_clean
 * would have. */
int pgn_note_controls(struct pgn_reader *r, const char *p, size_t n)
{
    size_t i = first_control(p, n);
    return i < n ? pgn_note_binary(r, p + i) : 0;
}
