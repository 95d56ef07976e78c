/* libFuzzer target for the PGN reader: reads the input as PGN, drains every
 * game and checks what must hold for any bytes at all:
 *   - every text is a clean C string of the stated length, every position
 *     is 1-based and tokens and diagnostics come in input order, depths
 *     follow the parentheses, NAG values fit in 0..255, caps hold;
 *   - the same bytes read through a text_reader (base/text_input.h, the
 *     tools' input) whose source gives them in pieces of a size the
 *     input's length picks, and read with the PCRE2 pattern alone
 *     (PGN_OPT_NO_FASTPATH), give the same games, at the same offsets
 *     (pgn_game.offset: within the input, at its line's column);
 *   - read with PGN_OPT_SKIP_NUMBERS and PGN_OPT_SKIP_COMMENTS, they give
 *     the same games without the move numbers and comments (unless the
 *     token cap cut the game, which then counts different tokens);
 *   - read with a visitor (pgn_read_game) that answers SKIP_GAME at a
 *     token that the input's length picks (or never), it is offered the
 *     game's tokens in order up to that one, and the game at game_end is
 *     the same but for the MOVE tokens offered; so with the skipping
 *     options (pgn-to-named-notation's reader) and through a FILE
 *     (fmemopen: pgn_reader_open_file);
 *   - stray text (pgn_game.stray) holds no tag, no move and no result at
 *     depth 0 (a result ends a game, an empty one at least: PGN 18) and
 *     has one diagnostic, stray-text; a run of binary data
 *     (pgn_game.stray_binary) is stray text whose first token that is no
 *     comment is a control byte; a tag is marked repeated exactly when its name came before in
 *     the game;
 *   - all of this again with tiny limits, so that the truncation, line
 *     splitting and cap paths run on short inputs.
 * A broken property aborts, which libFuzzer reports as a crash. */
#include "pgn_collect.h"
#include "games/pgn.h"
#include "base/text_input.h"

#include "pgn_alike.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, unsigned long game, size_t index)
{
    fprintf(stderr, "fuzz_pgn: %s (game %lu, item %zu)\n", what, game, index);
    abort();
}

static bool before(unsigned long l1, unsigned long c1, unsigned long l2, unsigned long c2)
{
    return l1 < l2 || (l1 == l2 && c1 < c2);
}

/* The invariants of one game. */
static void check_game(const struct pgn_game *g, const struct pgn_limits *lim, unsigned long lines)
{
    unsigned long n = g->number;
    if (g->line < 1 || g->col < 1 || g->line > lines)
        fail("game position", n, 0);
    if (g->ntokens > lim->max_tokens || g->ntags > lim->max_tags || g->ndiags > lim->max_diags)
        fail("cap exceeded", n, 0);
    for (size_t i = 0; i < g->ntags; i++) {
        const struct pgn_tag *t = &g->tags[i];
        if (!t->name || !t->value || strlen(t->name) != t->name_len || t->name_len == 0 ||
            strlen(t->value) != t->value_len || t->value_len > lim->max_text)
            fail("tag text", n, i);
        if (t->line < 1 || t->col < 1 || t->line > lines)
            fail("tag position", n, i);
        if (i && before(t->line, t->col, g->tags[i - 1].line, g->tags[i - 1].col))
            fail("tag order", n, i);
        if (t->repeated != (pgn_tags_find(g->tags, i, t->name) != NULL))
            fail("repeated tag mark", n, i);
    }
    if (g->stray && (g->ntags || g->ndiags != 1 || g->diags[0].code != PGN_E_STRAY_TEXT))
        fail("stray text with tags or other diagnostics", n, 0);
    if ((g->stray_nul && !g->stray_binary) || (g->stray_binary && !g->stray))
        fail("binary data that is no stray text", n, 0);
    if (g->stray_binary) { /* (its first token but comments is its first byte: pgn.h) */
        const struct pgn_token *t = g->tokens, *end = g->tokens + g->ntokens;
        while (t < end && t->kind == PGN_TOK_COMMENT)
            t++;
        unsigned char c = t < end && t->kind == PGN_TOK_UNKNOWN ? (unsigned char)t->text[0] : 'x';
        if (t == end || t->len != 1 || (c >= 0x20 && c != 0x7f) || c == '\t')
            fail("binary data whose first token is no control byte", n, 0);
    }
    int depth = 0;
    for (size_t i = 0; i < g->ntokens; i++) {
        const struct pgn_token *t = &g->tokens[i];
        if ((unsigned)t->kind >= PGN_TOK_KIND_NB)
            fail("token kind", n, i);
        if (!t->text || t->text[t->len] != '\0' ||
            (strlen(t->text) != t->len && t->kind != PGN_TOK_UNKNOWN))
            fail("token text", n, i); /* (a control byte between games is kept: pgn.h) */
        if (t->kind != PGN_TOK_COMMENT && t->len == 0)
            fail("empty token", n, i);
        if (t->kind == PGN_TOK_COMMENT && t->len > lim->max_text)
            fail("comment over max_text", n, i);
        if (t->kind == PGN_TOK_UNKNOWN && t->len > 255)
            fail("unknown token over 255 bytes", n, i);
        if (t->line < 1 || t->col < 1 || t->line > lines)
            fail("token position", n, i);
        if (i && !before(g->tokens[i - 1].line, g->tokens[i - 1].col, t->line, t->col))
            fail("token order", n, i);
        if (t->kind == PGN_TOK_NAG && t->value > 255)
            fail("NAG value", n, i);
        if (t->kind == PGN_TOK_VARIATION_END)
            depth--;
        if (t->depth != depth || depth < 0)
            fail("token depth", n, i);
        if (t->kind == PGN_TOK_VARIATION_START)
            depth++;
        if (t->kind == PGN_TOK_RESULT && t->depth == 0 && i + 1 != g->ntokens)
            fail("a main-line result is not the last token", n, i);
        if (g->stray && (t->kind == PGN_TOK_MOVE || t->kind == PGN_TOK_MOVE_NUMBER ||
                         t->kind == PGN_TOK_NULL_MOVE))
            fail("stray text with a move", n, i);
        if (g->stray && t->kind == PGN_TOK_RESULT && t->depth == 0)
            fail("stray text with a result", n, i);
    }
    for (size_t i = 0; i < g->ndiags; i++) {
        const struct pgn_diag *d = &g->diags[i];
        if (d->code <= PGN_E_UTF16 || d->code >= PGN_ERROR_NB)
            fail("diagnostic code", n, i);
        if (d->line < 1 || d->col < 1 || d->line > lines)
            fail("diagnostic position", n, i);
        if (i && before(d->line, d->col, g->diags[i - 1].line, g->diags[i - 1].col))
            fail("diagnostic order", n, i);
        if (!pgn_error_name(d->code) || !pgn_error_message(d->code))
            fail("diagnostic text", n, i);
    }
}

/* a and b alike, numbers too; b read from a later start: its line
 * numbers shifted by dl lines and its game numbers by dn games. */
static bool same_game_at(const struct pgn_game *a, const struct pgn_game *b, unsigned long dl,
                         unsigned long dn)
{
    return a->number == b->number + dn && pgn_alike(a, b, dl, NULL, 0);
}

static bool same_game(const struct pgn_game *a, const struct pgn_game *b)
{
    return same_game_at(a, b, 0, 0);
}

/* b, read with the skipping options, against a without its move numbers
 * and comments. */
static bool same_game_skipped(const struct pgn_game *a, const struct pgn_game *b)
{
    struct pgn_game f = *a;
    pgn_alike_drop(&f, pgn_alike_skipped);
    return same_game(&f, b);
}

/* (The cap's diagnostic may itself be lost to the diagnostics' cap.) */
static bool token_cap_hit(const struct pgn_game *g, const struct pgn_limits *lim)
{
    if (g->ntokens >= lim->max_tokens)
        return true;
    for (size_t i = 0; i < g->ndiags; i++)
        if (g->diags[i].code == PGN_E_TOO_MANY_TOKENS)
            return true;
    return false;
}

/* The visitor of the taking readers: records the tokens it is offered
 * (their places and kinds) and answers SKIP_GAME at the give_up-th token of
 * a game (never when negative). */
static struct {
    long give_up;
    size_t n;
    bool lost, told, ended;
    struct pgn_token toks[1024];
    struct pgn_game end;
} taker;

static enum pgn_visit take_tags(void *ctx, const struct pgn_game *g)
{
    (void)ctx;
    (void)g;
    if (taker.told || taker.n || taker.ended)
        fail("tags_done twice, or after a token", 0, 0);
    taker.told = true;
    return PGN_VISIT_GO;
}

static enum pgn_visit take_token(void *ctx, const struct pgn_token *tok)
{
    (void)ctx;
    if (!taker.told || taker.ended)
        fail("a token before tags_done or after game_end", 0, 0);
    /* (a control byte between games is kept as it is in its UNKNOWN
     * token, for the stray text's report: the length is what counts) */
    if (tok->text[tok->len] != '\0' ||
        (strlen(tok->text) != tok->len && tok->kind != PGN_TOK_UNKNOWN))
        fail("a token offered is no clean string", 0, taker.n);
    if (taker.n == sizeof taker.toks / sizeof taker.toks[0]) {
        taker.lost = true;
        return PGN_VISIT_SKIP_GAME;
    }
    taker.toks[taker.n++] = *tok;
    return taker.give_up >= 0 && (long)taker.n > taker.give_up ? PGN_VISIT_SKIP_GAME : PGN_VISIT_GO;
}

static void take_end(void *ctx, const struct pgn_game *g)
{
    (void)ctx;
    if (taker.ended)
        fail("game_end twice", g->number, 0);
    taker.ended = true;
    taker.end = *g;
}

static const struct pgn_visitor take_visitor = {take_tags, take_token, take_end};

/* Reads the next game of r with the taking visitor into *b. */
static int take_next(struct pgn_reader *r, struct pgn_game *b)
{
    long give_up = taker.give_up;
    memset(&taker, 0, sizeof taker);
    taker.give_up = give_up;
    int rc = pgn_read_game(r, &take_visitor, NULL);
    if (rc > 0 && !taker.ended)
        fail("a game without game_end", 0, 0);
    *b = taker.end;
    return rc;
}

/* b, read by a taking reader, against a: the tokens offered are a's up to
 * the answer SKIP_GAME (none need be offered for stray text), and b is a
 * without its tokens (the reader keeps none), stray text with the one its
 * message quotes: the first token that is no comment, with the first such
 * text that is no empty string (a NUL byte's is). */
static bool same_game_taken(const struct pgn_game *a, const struct pgn_game *b)
{
    static struct pgn_token kept[1 << 16];
    if (taker.lost || a->ntokens > sizeof kept / sizeof kept[0])
        return true;
    if (!taker.told && !a->stray)
        fail("a game without tags_done", a->number, 0);
    size_t offered = 0, nkept = 0;
    for (size_t i = 0; i < a->ntokens; i++) {
        const struct pgn_token *t = &a->tokens[i];
        bool offer = !a->stray && (taker.give_up < 0 || (long)offered <= taker.give_up);
        if (offer) {
            const struct pgn_token *o = offered < taker.n ? &taker.toks[offered] : NULL;
            if (!o || o->kind != t->kind || o->line != t->line || o->col != t->col ||
                o->len != t->len || o->depth != t->depth || o->value != t->value)
                fail("a token offered is not the game's", a->number, i);
            offered++;
        }
        if (a->stray && t->kind != PGN_TOK_COMMENT) {
            if (!nkept) { /* the first's place, the first text that is no empty string */
                kept[nkept++] = *t;
                kept[0].text = "";
                kept[0].len = 0;
            }
            if (!kept[0].text[0] && t->text[0]) {
                kept[0].text = t->text;
                kept[0].len = t->len;
            }
        }
    }
    if (!a->stray && offered != taker.n)
        fail("more tokens offered than the game has", a->number, offered);
    struct pgn_game f = *a;
    f.tokens = kept;
    f.ntokens = nkept;
    return same_game(&f, b);
}

struct setup {
    struct pgn_reader *mem, *file, *slow, *skip, *take, *take_skip;
    struct pgn_limits lim; /* effective values, for the checks */
};

static struct setup setups[2];

static void make_setup(struct setup *s, const struct pgn_limits *lim)
{
    s->mem = pgn_reader_new();
    s->file = pgn_reader_new();
    s->slow = pgn_reader_new();
    s->skip = pgn_reader_new();
    s->take = pgn_reader_new();
    s->take_skip = pgn_reader_new();
    if (!s->mem || !s->file || !s->slow || !s->skip || !s->take || !s->take_skip)
        abort();
    pgn_reader_set_limits(s->take, lim);
    pgn_reader_set_limits(s->take_skip, lim);
    pgn_reader_set_options(s->take_skip, PGN_OPT_SKIP_NUMBERS | PGN_OPT_SKIP_COMMENTS);
    pgn_reader_set_limits(s->skip, lim);
    pgn_reader_set_options(s->skip, PGN_OPT_SKIP_NUMBERS | PGN_OPT_SKIP_COMMENTS);
    pgn_reader_set_limits(s->mem, lim);
    pgn_reader_set_limits(s->file, lim);
    pgn_reader_set_limits(s->slow, lim);
    pgn_reader_set_options(s->slow, PGN_OPT_NO_FASTPATH);
    s->lim = (struct pgn_limits){
        .max_line = lim->max_line ? lim->max_line : 1u << 20,
        .max_text = lim->max_text ? lim->max_text : 1u << 20,
        .max_tokens = lim->max_tokens ? lim->max_tokens : 1u << 20,
        .max_tags = lim->max_tags ? lim->max_tags : 1024,
        .max_diags = lim->max_diags ? lim->max_diags : 1024,
    };
}

/* The text_reader's source: the input step bytes at a time. */
struct pieces {
    const uint8_t *s;
    size_t n, at, step;
};
static ssize_t pieces_read(void *ctx, char *dst, size_t cap)
{
    struct pieces *p = ctx;
    size_t k = p->n - p->at;
    k = k < p->step ? k : p->step;
    k = k < cap ? k : cap;
    memcpy(dst, p->s + p->at, k);
    p->at += k;
    return (ssize_t)k;
}

/* Reads the input with the three readers of a setup in step. */
static void run(struct setup *s, const uint8_t *data, size_t size, unsigned long lines)
{
    struct pieces src = {data, size, 0, size % 97 + 1};
    struct text_reader in;
    bool fp = size && text_reader_init(&in, pieces_read, &src, 16);
    FILE *tp = size ? fmemopen((void *)data, size, "r") : NULL;
    taker.give_up = (long)(size % 11) - 1;
    pgn_reader_open_mem(s->mem, (const char *)data, size, "fuzz");
    pgn_reader_open_mem(s->slow, (const char *)data, size, "fuzz");
    pgn_reader_open_mem(s->skip, (const char *)data, size, "fuzz");
    if (fp)
        pgn_reader_open_input(s->file, &in, "fuzz");
    if (tp)
        pgn_reader_open_file(s->take, tp, "fuzz");
    else
        pgn_reader_open_mem(s->take, (const char *)data, size, "fuzz");
    pgn_reader_open_mem(s->take_skip, (const char *)data, size, "fuzz");
    unsigned long games = 0;
    for (;;) {
        struct pgn_game g, gs, gf, gk, gt, gts;
        int rc = pgn_collect_game(s->mem, &g);
        int rs = pgn_collect_game(s->slow, &gs);
        int rk = pgn_collect_game(s->skip, &gk);
        int rf = fp ? pgn_collect_game(s->file, &gf) : rc;
        int rt = take_next(s->take, &gt);
        if (rt > 0 && rc > 0 && !same_game_taken(&g, &gt))
            fail("a visitor changed the game beyond the moves offered", games + 1, 0);
        int rts = take_next(s->take_skip, &gts);
        if (rts > 0 && rk > 0 && !same_game_taken(&gk, &gts))
            fail("a visitor changed the skipping reader's game beyond the moves offered", games + 1,
                 0);
        /* the one hard error of memory input: UTF-16 text, said at once */
        bool utf16 = size >= 2 && pgn_utf16_bom((const char *)data);
        if (rc < 0 && !(utf16 && games == 0 && pgn_reader_error(s->mem) == PGN_E_UTF16))
            fail("hard error on memory input", games, 0);
        if (utf16 && rc >= 0)
            fail("UTF-16 text was read", games, 0);
        if (rs != rc)
            fail("fast path and PCRE2-only disagree on the game count", games, 0);
        if (rf != rc)
            fail("FILE and memory disagree on the game count", games, 0);
        if (rk != rc)
            fail("skipping changed the game count", games, 0);
        if (rt != rc || rts != rc)
            fail("a visitor changed the game count", games, 0);
        if (rc <= 0)
            break;
        if (++games > size + 1)
            fail("more games than bytes", games, 0);
        check_game(&g, &s->lim, lines);
        if (!same_game(&g, &gs))
            fail("fast path and PCRE2-only disagree", games, 0);
        if (fp && !same_game(&g, &gf))
            fail("a text_reader and memory disagree", games, 0);
        if (fp && g.offset != gf.offset)
            fail("a text_reader and memory disagree on the offset", games, 0);
        if (g.offset > size || (g.offset < size && g.offset + 1 < g.col))
            fail("an offset out of the input", games, 0);
        if (!token_cap_hit(&g, &s->lim) && !same_game_skipped(&g, &gk))
            fail("skipping numbers and comments dropped more than them", games, 0);
    }
    if (fp)
        text_reader_free(&in);
    if (tp)
        fclose(tp);
}

/* pgn_reader_at_rest's promise, on which --jobs checks the cuts it
 * guesses: at each of the first eight lines that start with '[', when a
 * reader of the text before that line comes to rest at its end, the text
 * before and the text after read as the whole text does. */
static void check_at_rest(struct setup *s, const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    int tried = 0;
    unsigned long lines = 0; /* before cut */
    for (size_t cut = 1; cut < size && tried < 8; cut++) {
        /* a line end: LF, or a CR not followed by one (pgn.h) */
        lines += text[cut - 1] == '\n' || (text[cut - 1] == '\r' && text[cut] != '\n');
        if (text[cut] != '[' || text[cut - 1] != '\n')
            continue;
        tried++;
        struct pgn_game a, b;
        unsigned long games = 0;
        int rb;
        pgn_reader_open_mem(s->file, text, cut, "fuzz");
        while ((rb = pgn_collect_game(s->file, &b)) > 0)
            games = b.number; /* (stray text is no game: it has the number of the one before) */
        if (rb < 0 || !pgn_reader_at_rest(s->file))
            continue;
        pgn_reader_open_mem(s->mem, text, size, "fuzz");
        for (int piece = 0; piece < 2; piece++) {
            if (piece)
                pgn_reader_open_mem(s->file, text + cut, size - cut, "fuzz");
            else
                pgn_reader_open_mem(s->file, text, cut, "fuzz");
            while (pgn_collect_game(s->file, &b) > 0)
                if (pgn_collect_game(s->mem, &a) <= 0 ||
                    !same_game_at(&a, &b, piece ? lines : 0, piece ? games : 0))
                    fail("a cut where the reader came to rest reads otherwise", b.number, cut);
        }
        if (pgn_collect_game(s->mem, &a) != 0)
            fail("a cut where the reader came to rest lost a game", games, cut);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!setups[0].mem) {
        make_setup(&setups[0], &(struct pgn_limits){0});
        make_setup(
            &setups[1],
            &(struct pgn_limits){
                .max_line = 64, .max_text = 24, .max_tokens = 40, .max_tags = 4, .max_diags = 12});
    }
    unsigned long lines = 1; /* line ends: LF, or a CR not followed by one */
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n' || (data[i] == '\r' && (i + 1 == size || data[i + 1] != '\n'));
    run(&setups[0], data, size, lines);
    run(&setups[1], data, size, lines);
    check_at_rest(&setups[0], data, size);
    check_at_rest(&setups[1], data, size);
    return 0;
}
