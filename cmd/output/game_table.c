/*
 * game_table.c - the --to=tsv and --to=csv tables (see game_table.h): the
 * writer, which keeps a game's plies as their cells until its end and
 * then writes its rows.  The columns are game_table_fields's, the cells'
 * values game_table_cell's, and the games' numbers under --jobs are
 * shifted by game_table_numbers.
 */
#include "game_table.h"

#include "games/annotation.h"
#include "notation/fen.h"
#include "game_table_cell.h"
#include "game_table_numbers.h"
#include "games/opening.h"
#include "notation/uci.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool game_table_start(const struct game_table_fields *f)
{
    if ((f->kinds & GAME_TABLE_OPENING_CELLS) && !opening_table_get())
        return false;
    struct cli_buf b = {0};
    for (size_t i = 0; i < f->n; i++) {
        if (i)
            cli_buf_char(&b, f->csv ? ',' : '\t');
        game_table_cell_text(&b, f->v[i].name, f->v[i].name_len, f->csv);
    }
    cli_buf_char(&b, '\n');
    bool ok = !b.nomem;
    fwrite_unlocked(b.data, 1, b.len, stdout);
    cli_buf_free(&b);
    return ok;
}

/* ---- the writer ---- */

struct game_table {
    const struct game_table_fields *f;
    enum named_vocabulary names;
    size_t ncells; /* columns of those kinds: cells of a ply */
    /* the game's plies: their cells (written in the columns' order), each
     * cell's end in cells (ncells a ply), and their comments' values */
    struct cli_buf cells;
    size_t *ends;
    struct game_table_cell_ply *plies;
    size_t nplies, cap;
    /* the position before the first ply (per game, fen_before) */
    char start_fen[FEN_MAX];
    size_t start_fen_len;
    /* eco, opening: lichess's classification (the table, or NULL) */
    const struct opening_table *openings;
    struct opening_search search;
    struct cli_buf scratch; /* a comment's text, which annotation_parse writes */
    /* the game's number (behind its marker unless plain numbers) */
    char number[24];
    size_t number_len;
    bool marked;
    /* the cells of the game's own columns, each column's end (per ply) */
    struct cli_buf game_cells;
    size_t game_ends[GAME_TABLE_FIELDS_MAX];
};

static void table_begin(void *w)
{
    struct game_table *t = w;
    t->cells.len = 0;
    t->nplies = 0;
    t->start_fen_len = 0;
}

/* Room for one more ply; false when out of memory (the ply is dropped and
 * the output's nomem set at the game's end). */
static bool ply_room(struct game_table *t)
{
    if (t->nplies < t->cap)
        return true;
    size_t cap = t->cap ? t->cap * 2 : 256;
    struct game_table_cell_ply *p = realloc(t->plies, cap * sizeof *p);
    if (p)
        t->plies = p;
    size_t *e = p ? realloc(t->ends, cap * (t->ncells ? t->ncells : 1) * sizeof *e) : NULL;
    if (!e) {
        t->cells.nomem = true;
        return false;
    }
    t->ends = e;
    t->cap = cap;
    return true;
}

/* Room for a ply's longest cell: a FEN, a named record, an opening's
 * name escaped (each byte at most U+FFFD). */
static size_t cell_room(void)
{
    return FEN_MAX + NAMED_MAX;
}

/* A ply of the main line: its cells, formatted straight into the cells. */
static void table_ply(struct game_table *t, const struct game_event *ev)
{
    if (!ply_room(t))
        return;
    bool pass = ev->kind == GAME_EV_NULL;
    if (t->nplies == 0) {
        if (t->f->per_game && (t->f->kinds & GAME_TABLE_KIND(GAME_TABLE_FEN_BEFORE)))
            t->start_fen_len = fen_format(ev->before, t->start_fen, sizeof t->start_fen);
        if (t->openings)
            opening_search_start(&t->search, t->openings, ev->before);
    }
    if (t->openings)
        opening_search_ply(&t->search, ev->after, pass);
    struct cli_buf *b = &t->cells;
    size_t *ends = t->ends + t->nplies * t->ncells;
    const struct game_table_fields *f = t->f;
    for (size_t i = 0, k = 0; i < f->n; i++) {
        enum game_table_kind kind = f->v[i].kind;
        if (!(GAME_TABLE_KIND(kind) & GAME_TABLE_PLY_CELLS))
            continue;
        if (!cli_buf_reserve(b, cell_room()))
            return;
        char *buf = b->data + b->len;
        size_t n = 0;
        switch (kind) {
        case GAME_TABLE_PLY:
            n = game_table_cell_ulong(ev->ply, buf);
            break;
        case GAME_TABLE_MOVE:
            n = game_table_cell_ulong(ev->before->fullmove, buf);
            break;
        case GAME_TABLE_SIDE:
            buf[n++] = ev->before->side == WHITE ? 'w' : 'b';
            break;
        case GAME_TABLE_UCI:
            n = pass ? (memcpy(buf, "0000", 4), 4)
                     : uci_format(ev->before, ev->m, UCI_CASTLING_AUTO, buf);
            break;
        case GAME_TABLE_SAN:
            n = pass ? (memcpy(buf, "--", 2), 2)
                     : san_format_after(ev->before, ev->m, ev->after, buf);
            break;
        case GAME_TABLE_NAMED: {
            n = pass ? named_format_pass(ev->before, t->names, buf, NAMED_MAX)
                     : named_format_ply(ev->before, ev->m, t->names, buf, NAMED_MAX);
            if (n >= NAMED_MAX)
                n = NAMED_MAX - 1;
            /* a ply's record without its number ("1. e2 - e4 Pawn-move"
             * gives "e2 - e4 Pawn-move", as in --to=json); a game's
             * records keep theirs, as --inline writes them */
            const char *rec = f->per_game ? NULL : memchr(buf, ' ', n);
            if (rec) {
                n -= (size_t)(rec + 1 - buf);
                memmove(buf, rec + 1, n);
            }
            break;
        }
        case GAME_TABLE_FEN:
            n = fen_format(ev->after, buf, FEN_MAX);
            break;
        case GAME_TABLE_FEN_BEFORE:
            n = fen_format(ev->before, buf, FEN_MAX);
            break;
        case GAME_TABLE_ECO:
        case GAME_TABLE_OPENING: {
            const struct opening *o = t->openings ? opening_search_result(&t->search) : NULL;
            if (o && kind == GAME_TABLE_ECO)
                n = strlen(memcpy(buf, o->eco, sizeof o->eco));
            else if (o)
                game_table_cell_text(b, o->name, strlen(o->name), f->csv);
            break;
        }
        default:
            break;
        }
        b->len += n;
        ends[k++] = b->len;
    }
    t->plies[t->nplies++] = (struct game_table_cell_ply){0};
}

/* A comment after a ply of the main line: the values it holds, where the
 * ply has none yet (the first holds, as python-chess's clock() reads the
 * first of a node's comments joined). */
static void table_comment(struct game_table *t, const struct pgn_token *tok)
{
    if (t->nplies == 0 || !cli_buf_reserve(&t->scratch, tok->len + 1))
        return;
    struct annotations a;
    annotation_parse(tok->text, tok->len, &a, t->scratch.data);
    game_table_cell_annotations_add(&t->plies[t->nplies - 1], &a);
}

static void table_event(void *w, const struct game_event *ev)
{
    struct game_table *t = w;
    if (ev->depth > 0)
        return;
    switch (ev->kind) {
    case GAME_EV_MOVE:
    case GAME_EV_NULL:
        table_ply(t, ev);
        break;
    case GAME_EV_COMMENT:
        if (t->f->kinds & GAME_TABLE_ANNOTATION_CELLS)
            table_comment(t, ev->tok);
        break;
    default:
        break;
    }
}

/* Ply i's cell of column i (its k-th ply cell). */
static void put_cell(struct cli_buf *out, const struct game_table *t, size_t ply, size_t k)
{
    const size_t *ends = t->ends + ply * t->ncells;
    size_t start = k ? ends[k - 1] : ply ? ends[-1] : 0;
    cli_buf_put(out, t->cells.data + start, ends[k] - start);
}

/* A column of the game's own (per ply, the same in each of its rows). */
static void put_game_cell(struct cli_buf *out, const struct game_table *t,
                          const struct game_table_field *fd, const struct pgn_game *g,
                          unsigned long line, const char *result)
{
    switch (fd->kind) {
    case GAME_TABLE_GAME: /* (formatted once a game, by table_end) */
        cli_buf_put(out, t->number, t->number_len);
        break;
    case GAME_TABLE_LINE:
        game_table_cell_put_ulong(out, line);
        break;
    case GAME_TABLE_RESULT:
        cli_buf_str(out, result);
        break;
    case GAME_TABLE_OFFSET:
        game_table_cell_put_ulong(out, (unsigned long)g->offset);
        break;
    case GAME_TABLE_TAG:
        for (size_t i = 0; i < g->ntags; i++) {
            const struct pgn_tag *tg = &g->tags[i];
            if (!tg->repeated && tg->name_len == fd->tag_len &&
                memcmp(tg->name, fd->tag, fd->tag_len) == 0) {
                game_table_cell_text(out, tg->value, tg->value_len, t->f->csv);
                break;
            }
        }
        break;
    default:
        break;
    }
}

/* A game's row (--per-game): a ply column holds the last ply's cell, the
 * moves joined, or the first position; a comment's, the plies' values
 * joined ("-" for a ply without one; nothing when no ply has one). */
static void put_game_ply_cell(struct cli_buf *out, const struct game_table *t,
                              enum game_table_kind kind, size_t k)
{
    size_t n = t->nplies;
    if (GAME_TABLE_KIND(kind) & GAME_TABLE_ANNOTATION_CELLS) {
        unsigned bit = game_table_cell_annotation_bit(kind);
        bool any = false;
        for (size_t p = 0; p < n && !any; p++)
            any = (t->plies[p].has & bit) != 0;
        for (size_t p = 0; p < n && any; p++) {
            if (p)
                cli_buf_char(out, ' ');
            if (t->plies[p].has & bit)
                game_table_cell_put_annotation(out, &t->plies[p], kind);
            else
                cli_buf_char(out, '-');
        }
        return;
    }
    switch (kind) {
    case GAME_TABLE_PLY: /* the plies played */
        game_table_cell_put_ulong(out, n);
        break;
    case GAME_TABLE_UCI:
    case GAME_TABLE_SAN:
    case GAME_TABLE_NAMED:
        for (size_t p = 0; p < n; p++) {
            if (p)
                cli_buf_char(out, ' ');
            put_cell(out, t, p, k);
        }
        break;
    case GAME_TABLE_FEN_BEFORE:
        cli_buf_put(out, t->start_fen, t->start_fen_len);
        break;
    default: /* move, side, fen, eco, opening: the last ply's */
        if (n)
            put_cell(out, t, n - 1, k);
        break;
    }
}

/* The rows of the plies: each row's room reserved once and its cells
 * copied into place, the game's own (its number, tags, ...) formatted
 * once for all its rows. */
static void put_ply_rows(struct game_table *t, struct cli_buf *out, const struct pgn_game *g,
                         unsigned long line, const char *result)
{
    const struct game_table_fields *f = t->f;
    char sep = f->csv ? ',' : '\t';
    struct cli_buf *gc = &t->game_cells;
    gc->len = 0;
    size_t nannotations = 0;
    for (size_t i = 0; i < f->n; i++) {
        unsigned kind = GAME_TABLE_KIND(f->v[i].kind);
        if (kind & GAME_TABLE_ANNOTATION_CELLS)
            nannotations++;
        else if (!(kind & GAME_TABLE_PLY_CELLS))
            put_game_cell(gc, t, &f->v[i], g, line, result);
        t->game_ends[i] = gc->len;
    }
    if (gc->nomem) {
        out->nomem = true;
        return;
    }
    const char *cells = t->cells.data;
    for (size_t r = 0; r < t->nplies; r++) {
        const size_t *ends = t->ends + r * t->ncells;
        size_t first = r && t->ncells ? ends[-1] : 0;
        size_t len = t->ncells ? ends[t->ncells - 1] - first : 0;
        if (!cli_buf_reserve(out, len + gc->len + nannotations * GAME_TABLE_CELL_ANNOTATION_ROOM +
                                      f->n + 3))
            return;
        char *p = out->data + out->len, *row = p;
        for (size_t i = 0, k = 0; i < f->n; i++) {
            enum game_table_kind kind = f->v[i].kind;
            if (i)
                *p++ = sep;
            if (GAME_TABLE_KIND(kind) & GAME_TABLE_PLY_CELLS) {
                size_t from = k ? ends[k - 1] : first;
                memcpy(p, cells + from, ends[k] - from);
                p += ends[k] - from;
                k++;
            } else if (GAME_TABLE_KIND(kind) & GAME_TABLE_ANNOTATION_CELLS) {
                p += game_table_cell_annotation(&t->plies[r], kind, p);
            } else {
                size_t from = i ? t->game_ends[i - 1] : 0;
                memcpy(p, gc->data + from, t->game_ends[i] - from);
                p += t->game_ends[i] - from;
            }
        }
        if (f->csv && f->n == 1 && p == row) { /* (an empty line is no row) */
            *p++ = '"';
            *p++ = '"';
        }
        *p++ = '\n';
        out->len = (size_t)(p - out->data);
    }
}

static void table_end(void *w, struct cli_buf *out, const struct pgn_game *g, unsigned long line,
                      const char *result, const struct games_problem *error)
{
    struct game_table *t = w;
    const struct game_table_fields *f = t->f;
    (void)error; /* (rows of the plies before it: the diagnostic says what) */
    if (t->cells.nomem || t->scratch.nomem) {
        out->nomem = true;
        return;
    }
    t->number_len = 0;
    if (t->marked)
        t->number[t->number_len++] = GAME_TABLE_NUMBERS_MARK;
    t->number_len += game_table_cell_ulong(g->number, t->number + t->number_len);
    if (!f->per_game) {
        put_ply_rows(t, out, g, line, result);
        return;
    }
    size_t row = out->len;
    for (size_t i = 0, k = 0; i < f->n; i++) {
        enum game_table_kind kind = f->v[i].kind;
        if (i)
            cli_buf_char(out, f->csv ? ',' : '\t');
        if (GAME_TABLE_KIND(kind) & (GAME_TABLE_PLY_CELLS | GAME_TABLE_ANNOTATION_CELLS))
            put_game_ply_cell(out, t, kind, k);
        else
            put_game_cell(out, t, &f->v[i], g, line, result);
        k += (GAME_TABLE_KIND(kind) & GAME_TABLE_PLY_CELLS) != 0;
    }
    if (f->csv && f->n == 1 && out->len == row) /* (an empty line is no row) */
        cli_buf_put(out, "\"\"", 2);
    cli_buf_char(out, '\n');
}

static void table_free(void *w)
{
    struct game_table *t = w;
    if (!t)
        return;
    cli_buf_free(&t->cells);
    cli_buf_free(&t->scratch);
    cli_buf_free(&t->game_cells);
    free(t->ends);
    free(t->plies);
    free(t);
}

bool game_table_writer(struct game_writer *out, const struct game_table_fields *f,
                       enum named_vocabulary names)
{
    struct game_table *t = calloc(1, sizeof *t);
    *out = (struct game_writer){
        .w = t, .begin = table_begin, .event = table_event, .end = table_end, .free = table_free};
    if (!t)
        return false;
    t->f = f;
    t->names = names;
    t->marked = game_table_fields_numbered(f);
    for (size_t i = 0; i < f->n; i++)
        t->ncells += (GAME_TABLE_KIND(f->v[i].kind) & GAME_TABLE_PLY_CELLS) != 0;
    /* (built by game_table_start before the threads: this only finds it) */
    t->openings = f->kinds & GAME_TABLE_OPENING_CELLS ? opening_table_get() : NULL;
    return !(f->kinds & GAME_TABLE_OPENING_CELLS) || t->openings;
}

/* ---- the numbers of the games ---- */

void game_table_plain_numbers(struct game_writer *w)
{
    ((struct game_table *)w->w)->marked = false;
}
