/* The criteria on a game's main line (select.h): state per game, fed one
 * position a ply, and only what the criteria asked for is computed. */
#include "select.h"

#include "game_id.h"
#include "select_impl.h"
#include "rules/status.h"
#include "rules/variant.h"

#include <stdlib.h>
#include <string.h>

struct select_game {
    const struct select_criteria *s;
    pcre2_match_data *md;
    unsigned long ply;
    /* what select_game_move looks at: any at all, positions, the last
     * position (--ending), the history of positions (threefold) */
    bool per_ply, positions, keep_last, history;
    bool fen_met, pattern_met;   /* (true when none is asked) */
    unsigned long *material_run; /* plies the signature has held, per --material */
    struct opening_search os;
    struct game_id_acc id; /* --unique's identity so far */
    struct position last;
    /* The positions of the main line since its last irreversible move
     * (a capture or a pawn move: none before it can come again; in
     * crazyhouse, whose captured men come back, all of them). */
    struct select_rep *hist;
    size_t nhist, caphist;
    bool hist_lost;    /* memory ran out: threefold is not known */
    bool material_met; /* a --material has held long enough */
    /* the rows' own judges on the main line (s->line_judges), each with
     * its scratch; those with a move function first, nmoving of them */
    struct hook {
        const struct select_ops *ops;
        const void *state;
        void *game;
    } * hooks;
    size_t nhooks, nmoving;
};

struct select_game *select_game_new(const struct select_criteria *s)
{
    struct select_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->s = s;
    if (s->needs_md && !(g->md = pcre2_match_data_create(1, NULL)))
        goto fail;
    if (s->nmaterials && !(g->material_run = calloc(s->nmaterials, sizeof *g->material_run)))
        goto fail;
    unsigned endings = 0;
    for (size_t i = 0; i < s->nendings; i++)
        endings |= s->endings[i];
    g->history = (endings & 1u << END_THREEFOLD) != 0;
    g->keep_last = (endings & ~(1u << END_THREEFOLD)) != 0;
    if (s->nline_judges && !(g->hooks = calloc(s->nline_judges, sizeof *g->hooks)))
        goto fail;
    for (int moving = 1; moving >= 0; moving--)
        for (size_t i = 0; i < s->nline_judges; i++) {
            const struct select_judge *j = &s->line_judges[i];
            if ((j->ops->move != NULL) != moving)
                continue;
            struct hook *h = &g->hooks[g->nhooks++];
            *h = (struct hook){j->ops, j->state, calloc(1, j->ops->game_size + 1)};
            if (!h->game)
                goto fail;
            g->nmoving += moving;
        }
    g->per_ply = s->nfens || s->npatterns || s->nmaterials || g->keep_last || g->history ||
                 g->nmoving || s->table || s->unique;
    return g;
fail:
    select_game_free(g);
    return NULL;
}

void select_game_free(struct select_game *g)
{
    if (!g)
        return;
    pcre2_match_data_free(g->md);
    for (size_t i = 0; i < g->nhooks; i++)
        free(g->hooks[i].game);
    free(g->hooks);
    free(g->material_run);
    free(g->hist);
    free(g);
}

enum select_verdict select_game_tags(struct select_game *g, const struct pgn_tag *tags,
                                     size_t ntags)
{
    return select_tags_md(g->s, tags, ntags, g->md);
}

static void remember(struct select_game *g, const struct position *p)
{
    if (p->halfmove == 0 && p->variant != VARIANT_CRAZYHOUSE)
        g->nhist = 0;
    if (g->nhist == g->caphist) {
        size_t cap = g->caphist ? 2 * g->caphist : 256;
        struct select_rep *h = realloc(g->hist, cap * sizeof *h);
        if (!h) {
            g->hist_lost = true;
            return;
        }
        g->hist = h;
        g->caphist = cap;
    }
    select_rep_make(&g->hist[g->nhist++], p);
}

/* The position criteria on one position of the main line; g->positions
 * is cleared once every one has been met. */
static inline __attribute__((always_inline)) void look(struct select_game *g,
                                                       const struct position *p)
{
    const struct select_criteria *s = g->s;
    /* pointers walked to the end, the flags set on a match: the loops
     * reload nothing (every position of every game comes here) */
    if (!g->fen_met)
        for (const struct select_fen *f = s->fens, *e = f + s->nfens; f < e; f++)
            if (select_fen_match(f, p)) {
                g->fen_met = true;
                break;
            }
    if (!g->pattern_met)
        for (const struct select_pattern *t = s->patterns, *e = t + s->npatterns; t < e; t++)
            if (select_pattern_match(t, p)) {
                g->pattern_met = true;
                break;
            }
    if (!g->material_met)
        for (size_t i = 0; i < s->nmaterials; i++) {
            if (!select_material_match(&s->materials[i], p))
                g->material_run[i] = 0;
            else if (++g->material_run[i] >= s->material_plies)
                g->material_met = true;
        }
    g->positions = !g->fen_met || !g->pattern_met || !g->material_met;
}

void select_game_start(struct select_game *g, const struct position *start)
{
    const struct select_criteria *s = g->s;
    g->ply = 0;
    g->fen_met = !s->nfens;
    g->pattern_met = !s->npatterns;
    g->material_met = !s->nmaterials;
    g->positions = s->nfens || s->npatterns || s->nmaterials;
    g->nhist = 0;
    g->hist_lost = false;
    if (s->nmaterials) {
        memset(g->material_run, 0, s->nmaterials * sizeof *g->material_run);
    }
    for (struct hook *h = g->hooks, *e = h + g->nhooks; h < e; h++)
        if (h->ops->start)
            h->ops->start(h->state, h->game, start);
    if (s->table)
        opening_search_start(&g->os, s->table, start);
    if (s->unique)
        game_id_begin(&g->id, start);
    if (g->positions)
        look(g, start);
    if (g->keep_last)
        g->last = *start;
    if (g->history)
        remember(g, start);
}

static __attribute__((noinline)) void move_slow(struct select_game *g, move m,
                                                const struct position *after)
{
    const struct select_criteria *s = g->s;
    if (s->unique)
        game_id_move(&g->id, m);
    for (struct hook *h = g->hooks, *e = h + g->nmoving; h < e; h++)
        h->ops->move(h->state, h->game, g->ply, m, after);
    if (g->positions)
        look(g, after);
    if (s->table) /* (a null move ends lichess's search) */
        opening_search_ply(&g->os, after, m == MOVE_NONE);
    if (g->keep_last)
        g->last = *after;
    if (g->history)
        remember(g, after);
}

void select_game_move(struct select_game *g, move m, const struct position *after)
{
    g->ply++;
    if (g->per_ply)
        move_slow(g, m, after);
}

static bool ending_holds(struct select_game *g, unsigned set)
{
    const struct position *p = &g->last;
    if (set & (1u << END_FIFTY) && p->halfmove >= 100)
        return true;
    if (set & (1u << END_INSUFFICIENT) && variant_insufficient_material(p))
        return true;
    if (set & (1u << END_THREEFOLD) && !g->hist_lost && g->nhist) {
        const struct select_rep *last = &g->hist[g->nhist - 1];
        size_t n = 0;
        for (size_t i = 0; i < g->nhist; i++)
            n += select_rep_equal(&g->hist[i], last);
        if (n >= 3)
            return true;
    }
    if (set & (1u << END_CHECKMATE | 1u << END_STALEMATE | 1u << END_VARIANT)) {
        enum game_status st = status_get(p);
        if ((set & (1u << END_CHECKMATE) && st == STATUS_CHECKMATE) ||
            (set & (1u << END_STALEMATE) && st == STATUS_STALEMATE) ||
            (set & (1u << END_VARIANT) &&
             (st == STATUS_VARIANT_WIN || st == STATUS_VARIANT_LOSS || st == STATUS_VARIANT_DRAW)))
            return true;
    }
    return false;
}

bool select_game_end(struct select_game *g)
{
    const struct select_criteria *s = g->s;
    if ((s->min_set && g->ply < s->min_plies) || (s->max_set && g->ply > s->max_plies))
        return false;
    if (!g->fen_met || !g->pattern_met)
        return false;
    if (!g->material_met)
        return false;
    for (struct hook *h = g->hooks, *e = h + g->nhooks; h < e; h++)
        if (!h->ops->end(h->state, h->game, g->ply))
            return false;
    for (size_t i = 0; i < s->nendings; i++)
        if (!ending_holds(g, s->endings[i]))
            return false;
    if (s->necos || s->nopenings) {
        const struct opening *o = opening_search_result(&g->os);
        if (!o)
            return false;
        for (size_t i = 0; i < s->necos; i++) {
            const char *r = s->ecos[i].text;
            size_t k = 0;
            while (k < s->ecos[i].n && !opening_eco_in_range(o->eco, r)) {
                r += strlen(r) + 1;
                k++;
            }
            if (k == s->ecos[i].n)
                return false;
        }
        for (size_t i = 0; i < s->nopenings; i++)
            if (!select_regex_match(&s->openings[i], o->name, strlen(o->name), g->md))
                return false;
    }
    return true;
}

void select_game_identity(const struct select_game *g, uint64_t out[2])
{
    struct game_id id = game_id_end(&g->id, g->ply);
    out[0] = id.w[0];
    out[1] = id.w[1];
}

const struct opening *select_game_opening(const struct select_game *g)
{
    return g->s->table ? opening_search_result(&g->os) : NULL;
}
