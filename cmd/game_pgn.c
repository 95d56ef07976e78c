/*
 * game_pgn.c - each game in the PGN standard's export format for --to=pgn
 * (see game_pgn.h; formats/pgn-export.md is the layout).
 */
#include "game_pgn.h"

#include "san.h"
#include "status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void game_pgn_begin(struct game_pgn *p)
{
    p->text.len = 0;
    p->col = 0;
    p->need_number = true;
    p->depth = 0;
    p->pending = 0;
    p->plies = 0;
    p->moved = false;
    p->main_line = NULL;
    p->variant_tag = NULL;
}

void game_pgn_start(struct game_pgn *p, const struct position *start,
                    const struct position *main_line)
{
    p->variant_tag = game_variant_tag((enum variant)start->variant, start->chess960);
    p->main_line = main_line;
}

/* One token of the movetext (standard 8.2.1): after a single space on the
 * line, or first on a new line when the line would grow past
 * GAME_PGN_COLUMNS.  A token longer than a line has a line of its own. */
static void put_raw(struct game_pgn *p, const char *s, size_t n)
{
    struct cli_buf *b = &p->text;
    if (!cli_buf_reserve(b, n + 1)) /* (a token and its separator: written in place) */
        return;
    char *q = b->data + b->len;
    if (p->col && p->col + 1 + n > GAME_PGN_COLUMNS) {
        *q++ = '\n';
        p->col = 0;
    } else if (p->col) {
        *q++ = ' ';
        p->col++;
    }
    memcpy(q, s, n);
    b->len = (size_t)(q + n - b->data);
    p->col += n;
}

/* A token, after the "(" of the variations it opens (held back until
 * something is in them: an empty variation is left out). */
static void put_token(struct game_pgn *p, const char *s, size_t n)
{
    for (; p->pending; p->pending--)
        put_raw(p, "(", 1);
    put_raw(p, s, n);
}

static void put_cstring(struct game_pgn *p, const char *s)
{
    put_token(p, s, strlen(s));
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
 * that starts with '%' is an escape line, standard 6).  An empty comment
 * is left out.  Nothing of it is written when it has no word. */
static bool put_comment(struct game_pgn *p, const char *s, size_t n)
{
    struct cli_buf *w = &p->scratch;
    w->len = 0;
    cli_buf_str(w, "{");
    for (size_t i = 0; i < n;) {
        while (i < n && is_space(s[i]))
            i++;
        if (i == n)
            break;
        cli_buf_char(w, ' ');
        while (i < n && !is_space(s[i])) {
            if (s[i] != '}')
                cli_buf_char(w, s[i]);
            i++;
        }
        if (w->data[w->len - 1] == ' ') /* a word of '}' alone */
            w->len--;
    }
    if (w->len == 1)
        return false;
    cli_buf_str(w, " }");
    if (w->len <= GAME_PGN_COLUMNS) {
        put_token(p, w->data, w->len);
        return true;
    }
    /* Word by word: a piece runs to the next space that is not followed
     * by '%'. */
    const char *q = w->data, *end = w->data + w->len;
    while (q < end) {
        const char *e = q;
        while (e < end && !(*e == ' ' && e + 1 < end && e[1] != '%'))
            e++;
        put_token(p, q, (size_t)(e - q));
        q = e < end ? e + 1 : end;
    }
    return true;
}

/* A move or null move: its number where the export format wants one
 * (White's moves, and Black's first in a line or after a comment or a
 * variation: standard 8.2.2.2), then its SAN as the tool writes it. */
static void put_move(struct game_pgn *p, const struct game_event *ev)
{
    char buf[32]; /* (PGN_MOVE_NUMBER_MAX, SAN_MAX) */
    _Static_assert(PGN_MOVE_NUMBER_MAX <= 32 && SAN_MAX <= 32, "room for either");
    const struct position *before = ev->before;
    bool black = before->side == BLACK;
    if (!black || p->need_number)
        put_token(p, buf, pgn_move_number(before->fullmove, black, buf, sizeof buf));
    size_t n = ev->kind == GAME_EV_NULL ? (memcpy(buf, "--", 2), 2)
                                        : san_format_after(before, ev->m, ev->after, buf);
    put_token(p, buf, n);
    p->need_number = false;
    if (ev->depth > 0)
        return;
    /* the main line: what the tags added from it need */
    if (p->opt.add_opening) {
        if (!p->moved)
            opening_search_start(&p->os, p->openings, before);
        opening_search_ply(&p->os, ev->after, ev->kind == GAME_EV_NULL);
    }
    p->plies++;
    p->moved = true;
}

void game_pgn_event(struct game_pgn *p, const struct game_event *ev)
{
    char num[16];

    switch (ev->kind) {
    case GAME_EV_MOVE:
    case GAME_EV_NULL:
        put_move(p, ev);
        break;
    case GAME_EV_NAG:
        if (p->opt.nags) {
            int n = snprintf(num, sizeof num, "$%u", ev->tok->value);
            put_token(p, num, (size_t)n);
        }
        break;
    case GAME_EV_COMMENT:
        if (p->opt.comments && put_comment(p, ev->tok->text, ev->tok->len))
            p->need_number = true;
        break;
    case GAME_EV_VARIATION_START:
        if (!p->pending++)
            p->need_number_before = p->need_number;
        p->need_number = true;
        p->depth++;
        break;
    case GAME_EV_VARIATION_END:
        if (p->pending && !--p->pending) {
            p->need_number = p->need_number_before; /* as if it were not there */
        } else if (!p->pending) {
            put_token(p, ")", 1);
            p->need_number = true;
        }
        p->depth--;
        break;
    default:
        break;
    }
}

/* The result the rules give the game's last position (the replay's
 * start for a game without moves), or NULL where they leave it to the
 * players (a resignation, a draw agreed or claimed, a time forfeit):
 * checkmate, stalemate, a dead position by insufficient material, the
 * seventy-five-move rule and a variant's own end, as lib/status decides
 * them. */
static const char *rules_result(const struct game_pgn *p)
{
    const struct position *pos = p->main_line;
    if (!pos) /* (no start: the setup failed) */
        return NULL;
    enum game_status st = status_get(pos);
    bool white = pos->side == WHITE; /* to move */
    switch (st) {
    case STATUS_VARIANT_WIN:
        return pgn_result_text(white ? PGN_RESULT_WHITE : PGN_RESULT_BLACK);
    case STATUS_VARIANT_LOSS:
    case STATUS_CHECKMATE:
        return pgn_result_text(white ? PGN_RESULT_BLACK : PGN_RESULT_WHITE);
    case STATUS_VARIANT_DRAW:
    case STATUS_STALEMATE:
    case STATUS_INSUFFICIENT_MATERIAL:
    case STATUS_SEVENTY_FIVE_MOVE:
        return pgn_result_text(PGN_RESULT_DRAW);
    default:
        return NULL;
    }
}

static int tag_order(const void *a, const void *b)
{
    return strcmp(((const struct pgn_tag *)a)->name, ((const struct pgn_tag *)b)->name);
}

static struct pgn_tag make_tag(const char *name, const char *value)
{
    return (struct pgn_tag){
        .name = name, .name_len = strlen(name), .value = value, .value_len = strlen(value)};
}

/* The seven-tag roster, in its order (standard 8.1.1), with the value a
 * missing one takes. */
static const char *const roster[7][2] = {
    {"Event", "?"}, {"Site", "?"},  {"Date", "????.??.??"}, {"Round", "?"},
    {"White", "?"}, {"Black", "?"}, {"Result", NULL},
};

/* Is tag t one this writer replaces or writes itself? */
static bool replaced(const struct game_pgn *p, const struct pgn_tag *t, bool opening_named)
{
    for (size_t i = 0; i < 7; i++)
        if (strcmp(t->name, roster[i][0]) == 0)
            return true;
    if (p->opt.add_plycount && strcmp(t->name, "PlyCount") == 0)
        return true;
    return opening_named && (strcmp(t->name, "ECO") == 0 || strcmp(t->name, "Opening") == 0);
}

/* The tag section: the roster, then the other tags in ASCII order by
 * name (standard 8.1.1), a repeated tag once (its first value), the tags
 * the options add in their places; then the blank line. */
static void put_tags(struct game_pgn *p, struct cli_buf *out, const struct pgn_game *g,
                     const char *result, const char *tag_result)
{
    char plies[24];
    const struct opening *o = p->opt.add_opening && p->moved ? opening_search_result(&p->os) : NULL;
    size_t need = g->ntags + 4, n = 0;
    if (need > p->ntags_cap) {
        struct pgn_tag *grown = realloc(p->tags, need * sizeof *grown);
        if (!grown)
            return;
        p->tags = grown;
        p->ntags_cap = need;
    }
    for (size_t i = 0; i < 7; i++) {
        const char *v = pgn_game_tag(g, roster[i][0]);
        if (i == 6)
            v = tag_result ? tag_result : v ? v : result;
        struct pgn_tag t = make_tag(roster[i][0], v ? v : roster[i][1]);
        const struct pgn_tag *given = pgn_tags_find(g->tags, g->ntags, roster[i][0]);
        if (given && given->value == v)
            t = *given;
        games_put_tag(out, &t);
    }
    for (size_t i = 0; i < g->ntags; i++)
        if (!g->tags[i].repeated && !replaced(p, &g->tags[i], o != NULL))
            p->tags[n++] = g->tags[i];
    /* Rules given by --variant or --chess960 to a game without a Variant
     * tag: named, so that the export says how to read it back. */
    if (p->variant_tag && !pgn_tags_find(g->tags, g->ntags, "Variant"))
        p->tags[n++] = make_tag("Variant", p->variant_tag);
    if (p->opt.add_plycount) {
        snprintf(plies, sizeof plies, "%lu", p->plies);
        p->tags[n++] = make_tag("PlyCount", plies);
    }
    if (o) {
        p->tags[n++] = make_tag("ECO", o->eco);
        p->tags[n++] = make_tag("Opening", o->name);
    }
    qsort(p->tags, n, sizeof *p->tags, tag_order);
    for (size_t i = 0; i < n; i++)
        games_put_tag(out, &p->tags[i]);
    cli_buf_char(out, '\n');
}

void game_pgn_end(struct game_pgn *p, struct cli_buf *out, const struct pgn_game *g,
                  const char *result, const struct games_problem *error)
{
    const char *tag_result = NULL; /* the Result tag's value, when not the game's */
    if (error) {
        /* the plies before the error, its open variations closed */
        while (p->depth > 0)
            game_pgn_event(p, &(struct game_event){.kind = GAME_EV_VARIATION_END});
        char what[sizeof error->what + 8];
        int n = snprintf(what, sizeof what, "error: %s", error->what);
        put_comment(p, what, (size_t)n < sizeof what ? (size_t)n : sizeof what - 1);
        result = tag_result = pgn_result_text(PGN_RESULT_UNKNOWN);
    } else if (p->opt.fix_result) {
        /* as pgn-extract's --fixresulttags: the rules' result where they
         * decide one, else the marker's, in the tag and the marker */
        const char *r = rules_result(p);
        result = tag_result = r ? r : result;
    }
    put_tags(p, out, g, result, tag_result);
    put_cstring(p, result);
    cli_buf_put(out, p->text.data, p->text.len);
    cli_buf_str(out, "\n\n");
}

void game_pgn_free(struct game_pgn *p)
{
    cli_buf_free(&p->text);
    cli_buf_free(&p->scratch);
    free(p->tags);
}

static void writer_begin(void *w)
{
    game_pgn_begin(w);
}

static void writer_start(void *w, const struct position *start, const struct position *main_line)
{
    game_pgn_start(w, start, main_line);
}

static void writer_event(void *w, const struct game_event *ev)
{
    game_pgn_event(w, ev);
}

static void writer_end(void *w, struct cli_buf *out, const struct pgn_game *g, unsigned long line,
                       const char *result, const struct games_problem *error)
{
    (void)line;
    game_pgn_end(w, out, g, result, error);
}

static void writer_free(void *w)
{
    if (w)
        game_pgn_free(w);
    free(w);
}

bool game_pgn_writer(struct game_writer *out, const struct game_pgn_options *opt)
{
    struct game_pgn *p = calloc(1, sizeof *p);
    *out = (struct game_writer){.w = p,
                                .begin = writer_begin,
                                .start = writer_start,
                                .event = writer_event,
                                .end = writer_end,
                                .free = writer_free};
    if (!p)
        return false;
    p->opt = *opt;
    if (opt->add_opening && !(p->openings = opening_table_get()))
        return false;
    game_pgn_begin(p);
    return true;
}
