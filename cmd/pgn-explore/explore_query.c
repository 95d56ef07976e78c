/*
 * explore_query.c - the positions asked, answered from the archives
 * (explore_query.h).
 */
#include "explore_query.h"

#include "explore_index.h"

#include <stdlib.h>
#include <string.h>

/* A game kept as a top-game candidate by a thread: what is shown of it,
 * and where the loop writes its number.  Kept in blocks that never move
 * (the loop holds a pointer to number until the end). */
struct grec {
    struct explore_game g; /* strings owned; g.m unused */
};
enum { BLOCK = 256 };
struct block {
    struct block *next;
    size_t n;
    struct grec v[BLOCK];
};

/* A thread's candidate for a position: a game and the move it played. */
struct cand {
    struct grec *r;
    move m;
};

struct query {
    const struct explore_index_options *keep; /* --ratings, --since, --until */
    struct explore_filter *filter;
    size_t nkeys;
    struct explore_answer *total; /* [nkeys]: the moves, and the top games */
};

struct qstate {
    struct query *q;
    struct explore_answer *ans; /* [nkeys]: the moves only */
    struct cand (*top)[EXPLORE_TOP_GAMES];
    size_t *ntop;
    struct block *blocks;
    bool nomem;
};

static void state_free(struct qstate *s)
{
    for (struct block *b = s->blocks, *next; b; b = next) {
        next = b->next;
        for (size_t i = 0; i < b->n; i++) {
            free(b->v[i].g.white);
            free(b->v[i].g.black);
        }
        free(b);
    }
    if (s->ans)
        for (size_t i = 0; i < s->q->nkeys; i++)
            explore_answer_clear(&s->ans[i]);
    free(s->ans);
    free(s->top);
    free(s->ntop);
    free(s);
}

static void *state_new(void *arg)
{
    struct query *q = arg;
    struct qstate *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->q = q;
    s->ans = calloc(q->nkeys, sizeof *s->ans);
    s->top = calloc(q->nkeys, sizeof *s->top);
    s->ntop = calloc(q->nkeys, sizeof *s->ntop);
    if (!s->ans || !s->top || !s->ntop) {
        state_free(s);
        return NULL;
    }
    for (size_t i = 0; i < q->nkeys; i++)
        explore_answer_init(&s->ans[i], &q->total[i].pos);
    return s;
}

static char *dup(const char *t)
{
    if (!t)
        return NULL;
    size_t n = strlen(t) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, t, n);
    return d;
}

/* The game of w as a candidate record (made once a game). */
static struct grec *record(struct qstate *s, const struct explore_walk *w)
{
    struct block *b = s->blocks;
    if (!b || b->n == BLOCK) {
        b = malloc(sizeof *b);
        if (!b)
            return NULL;
        b->next = s->blocks;
        b->n = 0;
        s->blocks = b;
    }
    const struct explore_meta *m = &w->meta;
    struct grec *r = &b->v[b->n++];
    r->g = (struct explore_game){.white = dup(m->white),
                                 .black = dup(m->black),
                                 .white_elo = m->white_elo,
                                 .black_elo = m->black_elo,
                                 .result = m->result,
                                 .year = m->year,
                                 .month = m->month,
                                 .speed = m->speed,
                                 .file = (char *)m->file, /* (the operand: it outlives the run) */
                                 .line = m->line,
                                 .file_index = m->file_index};
    return r;
}

/* Does game a rank before b: the higher mean rating, then the earlier. */
static bool before(const struct explore_game *a, const struct explore_game *b)
{
    unsigned sa = a->white_elo + a->black_elo, sb = b->white_elo + b->black_elo;
    if (sa != sb)
        return sa > sb;
    if (a->file_index != b->file_index)
        return a->file_index < b->file_index;
    return a->line < b->line;
}

static unsigned long *one_game(void *state, const struct explore_walk *w)
{
    struct qstate *s = state;
    const struct explore_meta *m = &w->meta;
    struct grec *r = NULL;
    /* the filters an index keeps, judged here as the index judges them */
    if (!explore_index_keeps(s->q->keep, m))
        return NULL;
    for (size_t i = 0; i < w->nplies; i++) {
        const struct explore_ply *p = &w->ply[i];
        if (!p->counted)
            continue;
        long k = explore_filter_find(s->q->filter, p->key);
        if (k < 0)
            continue;
        /* the mover: the side to move before ply i */
        bool white = (w->start.side == WHITE) == (i % 2 == 0);
        struct explore_stats one = {0};
        explore_stats_add_game(&one, m->result, white ? m->white_elo : m->black_elo, m->year);
        if (p->has_eval) {
            one.eval_sum = p->eval;
            one.eval_count = 1;
        }
        explore_answer_add(&s->ans[k], p->m, &one);
        if (!m->white_elo || !m->black_elo)
            continue;
        struct explore_game probe = {.white_elo = m->white_elo,
                                     .black_elo = m->black_elo,
                                     .file_index = m->file_index,
                                     .line = m->line};
        struct cand *top = s->top[k];
        size_t n = s->ntop[k];
        if (n == EXPLORE_TOP_GAMES && !before(&probe, &top[n - 1].r->g))
            continue;
        if (!r && !(r = record(s, w))) {
            s->nomem = true;
            continue;
        }
        size_t j = n < EXPLORE_TOP_GAMES ? n++ : n - 1;
        for (; j > 0 && before(&r->g, &top[j - 1].r->g); j--)
            top[j] = top[j - 1];
        top[j] = (struct cand){r, p->m};
        s->ntop[k] = n;
    }
    return r ? &r->g.number : NULL;
}

static void finish(void *arg, void *state)
{
    struct query *q = arg;
    struct qstate *s = state;
    if (!s)
        return;
    for (size_t k = 0; k < q->nkeys; k++) {
        explore_answer_merge(&q->total[k], &s->ans[k]);
        for (size_t j = 0; j < s->ntop[k]; j++) {
            struct explore_game g = s->top[k][j].r->g;
            g.m = s->top[k][j].m;
            explore_answer_top(&q->total[k], &g);
        }
    }
    q->total[0].nomem |= s->nomem;
    state_free(s);
}

int explore_query_run(const struct explore_options *opt, struct explore_answer *answers,
                      struct explore_loop_counts *n)
{
    struct query q = {.keep = &opt->index, .filter = explore_filter_new()};
    long *index = calloc(opt->nasked ? opt->nasked : 1, sizeof *index);
    q.total = calloc(opt->nasked ? opt->nasked : 1, sizeof *q.total);
    int status = CLI_OK;
    if (!q.filter || !index || !q.total)
        goto nomem;
    /* one answer per distinct key, in the order first asked */
    for (size_t i = 0; i < opt->nasked; i++) {
        index[i] = -1;
        if (!opt->asked[i].ok)
            continue;
        if (!explore_filter_add(q.filter, &opt->asked[i].pos))
            goto nomem;
        index[i] = explore_filter_find(q.filter, explore_key_of(&opt->asked[i].pos));
        if ((size_t)index[i] == q.nkeys)
            explore_answer_init(&q.total[q.nkeys++], &opt->asked[i].pos);
    }
    struct explore_consumer c = {&q, state_new, one_game, finish};
    /* the evaluations only where they are written (reading comments costs) */
    struct explore_loop_config cfg = {.opt = opt,
                                      .max_ply = opt->max_ply,
                                      .filter = q.filter,
                                      .comments = opt->to == EXPLORE_TO_JSON};
    status = explore_loop_run(&cfg, &c, n);
    for (size_t i = 0; i < opt->nasked; i++)
        if (index[i] >= 0)
            explore_answer_merge(&answers[i], &q.total[index[i]]);
    if (q.nkeys && q.total[0].nomem)
        status = cli_status_merge(status, cli_nomem());
    goto done;
nomem:
    status = cli_nomem();
done:
    for (size_t k = 0; k < q.nkeys; k++)
        explore_answer_clear(&q.total[k]);
    free(q.total);
    free(index);
    explore_filter_free(q.filter);
    return status;
}
