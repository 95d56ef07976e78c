/*
 * pgn_write.c - the PGN writer of the export format (see pgn_write.h;
 * formats/pgn-export.md is the layout): the tag section and the movetext
 * of a game, from its replay's events.
 */
#include "pgn_write.h"

#include "pgn_result.h"
#include "notation/san.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* buf_reserve's slow path: the buffer grown, or nomem set. */
static __attribute__((noinline)) bool buf_grow(struct pgn_write_buf *b, size_t n)
{
    char *grown = array_grow(b->data, &b->cap, b->len + n, 1);
    if (!grown) {
        b->nomem = true;
        return false;
    }
    b->data = grown;
    return true;
}

/* Room for n more bytes at b->len: false (nomem set) when memory ran
 * out.  (Inline: a few bytes a token.) */
static inline bool buf_reserve(struct pgn_write_buf *b, size_t n)
{
    return n <= b->cap - b->len || buf_grow(b, n);
}

static void buf_put(struct pgn_write_buf *b, const char *s, size_t n)
{
    if (buf_reserve(b, n)) {
        memcpy(b->data + b->len, s, n);
        b->len += n;
    }
}

static inline void buf_char(struct pgn_write_buf *b, char c)
{
    if (buf_reserve(b, 1))
        b->data[b->len++] = c;
}

void pgn_writer_begin(struct pgn_writer *w)
{
    w->head.len = 0;
    w->text.len = 0;
    w->head.nomem = w->text.nomem = w->scratch.nomem = false;
    w->col = 0;
    w->need_number = true;
    w->depth = 0;
    w->pending = 0;
    w->variant_tag = NULL;
}

void pgn_writer_start(struct pgn_writer *w, const struct position *start)
{
    w->variant_tag = game_variant_tag((enum variant)start->variant, start->chess960);
}

/* One token of the movetext (standard 8.2.1): after a single space on the
 * line, or first on a new line when the line would grow past
 * PGN_WRITE_COLUMNS.  A token longer than a line has a line of its own. */
static inline __attribute__((always_inline)) void put_raw(struct pgn_writer *w, const char *s,
                                                          size_t n)
{
    struct pgn_write_buf *b = &w->text;
    if (!buf_reserve(b, n + 1)) /* (a token and its separator: written in place) */
        return;
    char *q = b->data + b->len;
    if (w->col && w->col + 1 + n > PGN_WRITE_COLUMNS) {
        *q++ = '\n';
        w->col = 0;
    } else if (w->col) {
        *q++ = ' ';
        w->col++;
    }
    memcpy(q, s, n);
    b->len = (size_t)(q + n - b->data);
    w->col += n;
}

/* A token, after the "(" of the variations it opens (held back until
 * something is in them: an empty variation is left out). */
static void put_token(struct pgn_writer *w, const char *s, size_t n)
{
    for (; w->pending; w->pending--)
        put_raw(w, "(", 1);
    put_raw(w, s, n);
}

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* A comment as a brace comment: its words, one space between them (its
 * line breaks and runs of white space are no part of it), without '}'
 * (which only a ';' comment can hold, and which would end it), as
 * "{ words }".  It is one token when it fits on a line (so python-chess
 * and this writer lay it out alike); a longer one is broken between its
 * words, a word that starts with '%' kept after the one before it (a line
 * that starts with '%' is an escape line, standard 6), and so is one that
 * starts with a UTF-8 BOM (the reader drops a BOM at the start of a line,
 * formats/pgn.md, so the comment would not read back).  An empty comment
 * is left out: false when nothing was written. */
static bool put_comment(struct pgn_writer *w, const char *s, size_t n)
{
    struct pgn_write_buf *c = &w->scratch;
    c->len = 0;
    buf_char(c, '{');
    for (size_t i = 0; i < n;) {
        while (i < n && is_space(s[i]))
            i++;
        if (i == n)
            break;
        buf_char(c, ' ');
        while (i < n && !is_space(s[i])) {
            if (s[i] != '}')
                buf_char(c, s[i]);
            i++;
        }
        if (c->len && c->data[c->len - 1] == ' ') /* a word of '}' alone */
            c->len--;
    }
    if (c->len <= 1)
        return false;
    buf_put(c, " }", 2);
    if (c->len <= PGN_WRITE_COLUMNS) {
        put_token(w, c->data, c->len);
        return true;
    }
    /* Word by word: a piece runs to the next space that is not followed
     * by '%' or a BOM. */
    const char *q = c->data, *end = c->data + c->len;
    while (q < end) {
        const char *e = q;
        while (e < end && !(*e == ' ' && e + 1 < end && e[1] != '%' &&
                            !pgn_utf8_bom_len(e + 1, (size_t)(end - e - 1))))
            e++;
        put_token(w, q, (size_t)(e - q));
        q = e < end ? e + 1 : end;
    }
    return true;
}

/* A move or null move: its number where the export format wants one
 * (White's moves, and Black's first in a line or after a comment or a
 * variation: standard 8.2.2.2), then its SAN. */
static void put_move(struct pgn_writer *w, const struct game_event *ev)
{
    char buf[32]; /* (PGN_MOVE_NUMBER_MAX, SAN_MAX) */
    _Static_assert(PGN_MOVE_NUMBER_MAX <= 32 && SAN_MAX <= 32, "room for either");
    const struct position *before = ev->before;
    bool black = before->side == BLACK;
    if (!black || w->need_number)
        put_token(w, buf, pgn_move_number(before->fullmove, black, buf, sizeof buf));
    size_t n = ev->kind == GAME_EV_NULL ? (memcpy(buf, "--", 2), 2)
                                        : san_format_after(before, ev->m, ev->after, buf);
    put_token(w, buf, n);
    w->need_number = false;
}

void pgn_writer_event(struct pgn_writer *w, const struct game_event *ev)
{
    char num[16];

    switch (ev->kind) {
    case GAME_EV_MOVE:
    case GAME_EV_NULL:
        put_move(w, ev);
        break;
    case GAME_EV_NAG: {
        int n = snprintf(num, sizeof num, "$%u", ev->tok->value);
        put_token(w, num, (size_t)n);
        break;
    }
    case GAME_EV_COMMENT:
        if (put_comment(w, ev->tok->text, ev->tok->len))
            w->need_number = true;
        break;
    case GAME_EV_VARIATION_START:
        if (!w->pending++)
            w->need_number_before = w->need_number;
        w->need_number = true;
        w->depth++;
        break;
    case GAME_EV_VARIATION_END:
        if (w->pending && !--w->pending) {
            w->need_number = w->need_number_before; /* as if it were not there */
        } else if (!w->pending) {
            put_token(w, ")", 1);
            w->need_number = true;
        }
        w->depth--;
        break;
    default:
        break;
    }
}

/* The seven-tag roster, in its order (standard 8.1.1), with the value a
 * missing one takes (the Result's: the marker). */
static const char *const roster[7][2] = {
    {"Event", "?"}, {"Site", "?"},  {"Date", "????.??.??"}, {"Round", "?"},
    {"White", "?"}, {"Black", "?"}, {"Result", NULL},
};

static bool in_roster(const struct pgn_tag *t)
{
    for (size_t i = 0; i < 7; i++)
        if (strcmp(t->name, roster[i][0]) == 0)
            return true;
    return false;
}

/* By name in ASCII order; tags of one name in the order of the array
 * they come from (the game's, in input order), so that the first value is
 * the one kept. */
static int tag_order(const void *a, const void *b)
{
    const struct pgn_tag *x = *(const struct pgn_tag *const *)a;
    const struct pgn_tag *y = *(const struct pgn_tag *const *)b;
    int c = strcmp(x->name, y->name);
    if (c)
        return c;
    return (uintptr_t)x < (uintptr_t)y ? -1 : (uintptr_t)x > (uintptr_t)y;
}

static void put_tag(struct pgn_write_buf *b, const struct pgn_tag *t)
{
    if (buf_reserve(b, pgn_write_tag_room(t)))
        b->len = (size_t)(pgn_write_tag(b->data + b->len, t) - b->data);
}

/* The tag section (standard 8.1.1): the roster, then the other tags in
 * ASCII order by name, each name once (a repeated tag: its first value),
 * then the blank line. */
static bool put_tags(struct pgn_writer *w, const struct pgn_game *g, const struct pgn_tag *set,
                     size_t nset, const char *result)
{
    struct pgn_write_buf *b = &w->head;
    struct pgn_tag variant;
    size_t need = g->ntags + nset + 1, n = 0;
    if (need > w->order_cap) {
        const struct pgn_tag **grown = array_grow(w->order, &w->order_cap, need, sizeof *grown);
        if (!grown)
            return false;
        w->order = grown;
    }
    for (size_t i = 0; i < 7; i++) {
        const struct pgn_tag *t = pgn_tags_find(set, nset, roster[i][0]);
        if (!t)
            t = pgn_tags_find(g->tags, g->ntags, roster[i][0]);
        struct pgn_tag missing;
        if (!t) {
            missing = pgn_write_tag_of(roster[i][0], roster[i][1] ? roster[i][1] : result);
            t = &missing;
        }
        put_tag(b, t);
    }
    for (size_t i = 0; i < g->ntags; i++) {
        const struct pgn_tag *t = &g->tags[i];
        if (!t->repeated && !in_roster(t) && !pgn_tags_find(set, nset, t->name))
            w->order[n++] = t;
    }
    for (size_t i = 0; i < nset; i++)
        if (!in_roster(&set[i]))
            w->order[n++] = &set[i];
    if (w->variant_tag && !pgn_tags_find(g->tags, g->ntags, "Variant") &&
        !pgn_tags_find(set, nset, "Variant")) {
        variant = pgn_write_tag_of("Variant", w->variant_tag);
        w->order[n++] = &variant;
    }
    qsort(w->order, n, sizeof *w->order, tag_order);
    for (size_t i = 0; i < n; i++)
        if (i == 0 || strcmp(w->order[i]->name, w->order[i - 1]->name) != 0)
            put_tag(b, w->order[i]);
    buf_char(b, '\n');
    return true;
}

bool pgn_writer_end(struct pgn_writer *w, const struct pgn_game *g, const struct pgn_tag *set,
                    size_t nset, const char *result, const char *error)
{
    struct pgn_tag *own = NULL;
    w->head.len = 0;
    if (error) {
        /* the plies before the error, its open variations closed */
        while (w->depth > 0)
            pgn_writer_event(w, &(struct game_event){.kind = GAME_EV_VARIATION_END});
        size_t n = strlen(error);
        char *what = malloc(n + 8);
        if (!what)
            return false;
        memcpy(what, "error: ", 7);
        memcpy(what + 7, error, n + 1);
        put_comment(w, what, n + 7);
        free(what);
        result = pgn_result_text(PGN_RESULT_UNKNOWN);
        /* the Result tag "*" in the place of the caller's */
        own = malloc((nset + 1) * sizeof *own);
        if (!own)
            return false;
        size_t k = 0;
        for (size_t i = 0; i < nset; i++)
            if (strcmp(set[i].name, "Result") != 0)
                own[k++] = set[i];
        own[k++] = pgn_write_tag_of("Result", result);
        set = own;
        nset = k;
    }
    bool ok = put_tags(w, g, set, nset, result);
    free(own);
    put_token(w, result, strlen(result));
    buf_put(&w->text, "\n\n", 2);
    return ok && !w->head.nomem && !w->text.nomem && !w->scratch.nomem;
}

void pgn_writer_free(struct pgn_writer *w)
{
    free(w->head.data);
    free(w->text.data);
    free(w->scratch.data);
    free(w->order);
    *w = (struct pgn_writer){0};
}
