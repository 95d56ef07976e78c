/* The collecting visitor of pgn_collect.h. */
#include "pgn_collect.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct collector {
    const struct pgn_reader *reader;
    unsigned long used; /* for reuse: the least recently used goes */
    struct pgn_token *toks;
    size_t ntoks, toks_cap;
    char *text;
    size_t text_len, text_cap;
    struct pgn_game *g;
    bool nomem;
};

static struct collector collectors[PGN_COLLECT_READERS];
static unsigned long clock_;

/* The collector of reader r, or the one least recently used. */
static struct collector *collector_of(const struct pgn_reader *r)
{
    struct collector *c = &collectors[0];
    for (size_t i = 0; i < PGN_COLLECT_READERS; i++) {
        if (collectors[i].reader == r) {
            c = &collectors[i];
            break;
        }
        if (collectors[i].used < c->used)
            c = &collectors[i];
    }
    c->reader = r;
    c->used = ++clock_;
    return c;
}

static bool grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * size);
    if (!q)
        return false;
    *p = q;
    *cap = n;
    return true;
}

static enum pgn_visit collect_tags(void *ctx, const struct pgn_game *g)
{
    (void)ctx;
    (void)g;
    return PGN_VISIT_GO;
}

/* Each token offered: its text copied (offsets until the game's end, as
 * the arena may move). */
static enum pgn_visit collect_token(void *ctx, const struct pgn_token *tok)
{
    struct collector *c = ctx;
    if (c->nomem || !grow((void **)&c->toks, &c->toks_cap, c->ntoks + 1, sizeof *c->toks) ||
        !grow((void **)&c->text, &c->text_cap, c->text_len + tok->len + 1, 1)) {
        c->nomem = true;
        return PGN_VISIT_GO;
    }
    memcpy(c->text + c->text_len, tok->text, tok->len);
    c->text[c->text_len + tok->len] = '\0';
    c->toks[c->ntoks] = *tok;
    c->toks[c->ntoks].text = (const char *)(uintptr_t)c->text_len;
    c->ntoks++;
    c->text_len += tok->len + 1;
    return PGN_VISIT_GO;
}

/* The game at its end, with the tokens collected (stray text's too:
 * the reader offers them as it offers a game's, when it offers any). */
static void collect_end(void *ctx, const struct pgn_game *g)
{
    struct collector *c = ctx;
    for (size_t i = 0; i < c->ntoks; i++)
        c->toks[i].text = c->text + (uintptr_t)c->toks[i].text;
    *c->g = *g;
    /* (stray text whose tokens were none offered keeps the one its
     * message quotes: the reader's, as game_end gives it) */
    if (c->ntoks || !g->stray) {
        c->g->tokens = c->toks;
        c->g->ntokens = c->ntoks;
    }
}

static const struct pgn_visitor collect_visitor = {collect_tags, collect_token, collect_end};

int pgn_collect_game(struct pgn_reader *r, struct pgn_game *g)
{
    struct collector *c = collector_of(r);
    c->ntoks = c->text_len = 0;
    c->nomem = false;
    c->g = g;
    int rc = pgn_read_game(r, &collect_visitor, c);
    return c->nomem && rc > 0 ? -1 : rc;
}

void pgn_collect_visit(const struct pgn_game *g, const struct pgn_visitor *v, void *ctx)
{
    bool skip = g->stray || v->tags_done(ctx, g) == PGN_VISIT_SKIP_GAME;
    int mute = 0; /* SKIP_VARIATION: tokens from this depth on are not offered (0: none) */
    for (size_t i = 0; i < g->ntokens && !skip; i++) {
        const struct pgn_token *t = &g->tokens[i];
        if (mute) {
            if (t->depth < mute)
                mute = 0; /* the variation's ")", not offered either */
            continue;
        }
        enum pgn_visit a = v->token(ctx, t);
        skip = a == PGN_VISIT_SKIP_GAME;
        if (a == PGN_VISIT_SKIP_VARIATION && t->kind == PGN_TOK_VARIATION_START)
            mute = t->depth + 1;
    }
    v->game_end(ctx, g);
}
