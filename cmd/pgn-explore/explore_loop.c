/*
 * explore_loop.c - pgn-explore's one game loop (explore_loop.h).
 */
#include "explore_loop.h"

#include "cli/progress.h"
#include "games/annotation.h"
#include "games/game.h"
#include "games/opening.h"
#include "games/pgn.h"
#include "input/cli_input.h"
#include "jobs/jobs.h"
#include "output/games.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The counters of a chunk's result (jobs_result.counts). */
enum { COUNT_WALKED, COUNT_UNREADABLE, COUNT_NO_RESULT, COUNT_NOT_CHOSEN };

/* What a chunk's output holds: one record per game whose number the
 * consumer wants, written back in input order. */
struct number_record {
    unsigned long number; /* in the chunk, from 1 */
    unsigned long *slot;
};

struct run {
    const struct explore_loop_config *cfg;
    const struct explore_consumer *c;
    char *const *files; /* the expanded operands, for file_index */
    int nfiles;
    struct jobs_out how;
    pthread_mutex_t mu; /* finish() under it */
};

struct worker {
    struct run *run;
    void *state;
    struct pgn_reader *reader;
    struct game_replay *replay;
    struct select_game *judge;
    struct explore_walk *walk;
    struct cli_buf scratch; /* a comment's text without its commands */
    /* the run being read */
    struct jobs_result *res;
    const char *name;
    unsigned file_index;
    unsigned long line_offset;
    /* the game being read */
    enum select_verdict verdict;
    bool opened; /* its replay was set up (or tried) */
};

static unsigned file_index_of(const struct run *r, const char *name)
{
    for (int i = 0; i < r->nfiles; i++)
        if (r->files[i] == name)
            return (unsigned)i;
    for (int i = 0; i < r->nfiles; i++)
        if (strcmp(r->files[i], name) == 0)
            return (unsigned)i;
    return 0;
}

static void worker_free(void *arg)
{
    struct worker *w = arg;
    if (!w)
        return;
    pthread_mutex_lock(&w->run->mu);
    w->run->c->finish(w->run->c->arg, w->state);
    pthread_mutex_unlock(&w->run->mu);
    pgn_reader_free(w->reader);
    free(w->replay);
    select_game_free(w->judge);
    explore_walk_free(w->walk);
    cli_buf_free(&w->scratch);
    free(w);
}

static void *worker_new(void *arg)
{
    struct run *r = arg;
    const struct explore_options *opt = r->cfg->opt;
    struct worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->run = r;
    w->state = r->c->state_new(r->c->arg);
    w->reader = pgn_reader_new();
    w->replay = malloc(sizeof *w->replay);
    w->judge = select_game_new(opt->criteria);
    w->walk = explore_walk_new(r->cfg->max_ply, r->cfg->walk_flags);
    if (!w->state || !w->reader || !w->replay || !w->judge || !w->walk) {
        worker_free(w);
        return NULL;
    }
    explore_walk_only(w->walk, r->cfg->filter);
    unsigned o = PGN_OPT_REPEATED_TAGS | PGN_OPT_SKIP_NUMBERS;
    if (!r->cfg->comments)
        o |= PGN_OPT_SKIP_COMMENTS;
    pgn_reader_set_options(w->reader, o);
    struct pgn_limits lim = {.max_line = opt->common.max_line};
    pgn_reader_set_limits(w->reader, &lim);
    game_replay_listen(w->replay, GAME_NO_BEFORE | cli_games_rules(&opt->common), NULL, NULL);
    return w;
}

/* ---- the reader's visitor ---- */

static enum pgn_visit tags_done(void *ctx, const struct pgn_game *g)
{
    struct worker *w = ctx;
    w->verdict = select_game_tags(w->judge, g->tags, g->ntags);
    if (w->verdict == SELECT_NO)
        return PGN_VISIT_SKIP_GAME;
    struct explore_meta *m = &w->walk->meta;
    m->file = w->name;
    m->file_index = w->file_index;
    m->line = g->line + w->line_offset;
    explore_meta_from_tags(m, g->tags, g->ntags);
    w->opened = true;
    if (!game_replay_open(w->replay, g))
        return PGN_VISIT_SKIP_GAME;
    explore_walk_begin(w->walk, &w->replay->start);
    if (w->verdict == SELECT_REPLAY)
        select_game_start(w->judge, &w->replay->start);
    return PGN_VISIT_GO;
}

/* A main-line comment (cfg->comments): its [%eval] for the ply before. */
static void eval_comment(struct worker *w, const struct pgn_token *tok)
{
    if (!cli_buf_reserve(&w->scratch, tok->len + 1))
        return;
    struct annotations a;
    annotation_parse(tok->text, tok->len, &a, w->scratch.data);
    if ((a.has & ANNOTATION_HAS_EVAL) && !a.eval.mate)
        explore_walk_eval(w->walk, a.eval.value);
}

static enum pgn_visit token(void *ctx, const struct pgn_token *tok)
{
    struct worker *w = ctx;
    struct game_event ev;
    enum pgn_visit answer;
    if (!game_replay_visit(w->replay, tok, &ev, &answer))
        return answer;
    if (ev.kind == GAME_EV_COMMENT) {
        if (ev.depth == 0)
            eval_comment(w, tok);
    } else if (ev.kind == GAME_EV_RESULT) {
        /* a Result tag that is missing or "*": the movetext's marker */
        if (ev.depth == 0 && w->walk->meta.result == EXPLORE_RESULT_NONE &&
            !w->run->cfg->result_tag_only)
            w->walk->meta.result = explore_result_parse_text(tok->text, tok->len);
    } else if (ev.kind == GAME_EV_MOVE || ev.kind == GAME_EV_NULL) {
        move m = ev.kind == GAME_EV_MOVE ? ev.m : MOVE_NONE;
        explore_walk_move(w->walk, m, ev.after);
        if (w->verdict == SELECT_REPLAY)
            select_game_move(w->judge, m, ev.after);
        else if (w->run->cfg->past_limit_unread && !explore_walk_open(w->walk))
            return PGN_VISIT_SKIP_GAME;
    }
    return PGN_VISIT_GO;
}

static void game_end(void *ctx, const struct pgn_game *g)
{
    struct worker *w = ctx;
    struct jobs_result *res = w->res;
    bool opened = w->opened;
    w->opened = false;
    if (games_report_read(&res->diags, &res->status, g, w->line_offset))
        return; /* stray text: no game */
    unsigned long number = ++res->games;
    struct game_problem own;
    const struct game_problem *pb = NULL;
    if (opened)
        pb = game_replay_close(w->replay, g);
    else if (game_damage(g, 0, &own) != GAME_OK)
        pb = &own;
    if (pb) {
        games_report_problem(w->res, g, pb, w->line_offset, number);
        res->counts[COUNT_UNREADABLE]++;
        return;
    }
    if (!opened || (w->verdict == SELECT_REPLAY && !select_game_end(w->judge))) {
        res->counts[COUNT_NOT_CHOSEN]++;
        return;
    }
    if (w->walk->meta.result == EXPLORE_RESULT_NONE && !w->run->cfg->any_result) {
        res->counts[COUNT_NO_RESULT]++;
        return;
    }
    /* the tags again: the reader's arena may have moved since tags_done
     * (the result and the rules are the walk's own) */
    struct explore_meta *m = &w->walk->meta;
    struct explore_meta kept = *m;
    explore_meta_from_tags(m, g->tags, g->ntags);
    m->result = kept.result;
    m->variant = kept.variant;
    m->chess960 = kept.chess960;
    explore_walk_end(w->walk);
    res->counts[COUNT_WALKED]++;
    unsigned long *slot = w->run->c->game(w->state, w->walk);
    if (slot) {
        struct number_record rec = {number, slot};
        cli_buf_put(&res->out, (const char *)&rec, sizeof rec);
    }
}

static const struct pgn_visitor visitor = {tags_done, token, game_end};

/* Read every game of the reader's input: 0 at its end, -1 on a hard
 * error (kept in the result). */
static int read_games(struct worker *w, struct jobs_stream *s)
{
    int rc = 0;
    struct jobs_result *res = w->res;
    while (!res->stop && (rc = pgn_read_game(w->reader, &visitor, w)) > 0)
        if (s && (res->out.len >= (1 << 16) || res->diags.n))
            jobs_stream_write(s, res);
    if (res->stop)
        return 0;
    if (rc < 0 || res->out.nomem || res->diags.text.nomem) {
        bool nomem = res->out.nomem || res->diags.text.nomem;
        enum pgn_error e = nomem ? PGN_E_NOMEM : pgn_reader_error(w->reader);
        games_hard_error_keep(res, w->name, e, pgn_reader_errno(w->reader), w->line_offset);
        return -1;
    }
    return 0;
}

static void set_file(struct worker *w, const char *name)
{
    if (w->name != name) {
        w->name = name;
        w->file_index = file_index_of(w->run, name);
    }
}

static void work_chunk(void *worker, const struct jobs_chunk *in, struct jobs_result *res)
{
    struct worker *w = worker;
    if (!w) {
        res->status = cli_nomem();
        res->stop = true;
        return;
    }
    w->res = res;
    set_file(w, in->name);
    w->line_offset = in->first_line - 1;
    if (pgn_reader_open_mem(w->reader, in->data, in->len, in->name) != PGN_OK ||
        read_games(w, NULL) < 0)
        return;
}

static void work_stream(void *worker, struct text_reader *in, const struct jobs_chunk *at,
                        struct jobs_result *res, struct jobs_stream *s)
{
    struct worker *w = worker;
    if (!w) {
        work_chunk(NULL, at, res);
        return;
    }
    w->res = res;
    set_file(w, at->name);
    w->line_offset = at->first_line - 1;
    if (pgn_reader_open_input(w->reader, in, at->name) == PGN_OK)
        read_games(w, s);
}

/* In the main thread, in input order: the numbers stored, then the
 * diagnostics written. */
static void write_result(void *arg, struct jobs_result *res, const char *name,
                         unsigned long game_offset, bool file_first)
{
    (void)file_first;
    struct run *r = arg;
    struct number_record rec;
    for (size_t at = 0; at + sizeof rec <= res->out.len; at += sizeof rec) {
        memcpy(&rec, res->out.data + at, sizeof rec);
        *rec.slot = game_offset + rec.number;
    }
    res->out.len = 0;
    jobs_result_write(res, name, game_offset, &r->how);
}

int explore_loop_run(const struct explore_loop_config *cfg, const struct explore_consumer *c,
                     struct explore_loop_counts *counts)
{
    const struct explore_options *opt = cfg->opt;
    *counts = (struct explore_loop_counts){0};
    struct jobs_totals t = {.status = CLI_OK};
    /* the opening table is built once, before any thread reads it */
    if (!opening_table_get())
        return cli_nomem();
    struct cli_operands ops;
    t.status = cli_operands_expand(&ops, opt->files, opt->nfiles, cli_pgn_suffixes);
    struct run r = {.cfg = cfg,
                    .c = c,
                    .files = ops.files,
                    .nfiles = ops.nfiles,
                    .how = {opt->common.quiet, NULL}};
    pthread_mutex_init(&r.mu, NULL);
    struct progress_games meter = {0};
    struct progress *pr = NULL;
    if (progress_wanted(&opt->common)) {
        meter.total = progress_input_size(ops.files, ops.nfiles);
        pr = progress_start(&opt->common, progress_games_line, &meter);
        r.how.progress = pr;
    }
    if (!ops.none && t.status != CLI_OSERR) {
        struct jobs_config jc = {.threads = jobs_threads(opt->jobs),
                                 .out = r.how,
                                 .worker_new = worker_new,
                                 .worker_free = worker_free,
                                 .work = work_chunk,
                                 .stream = work_stream,
                                 .arg = &r,
                                 /* exact cuts: a guessed cut's chunk may be
                                  * worked again, and the consumers add up
                                  * as they go (a second reading would count
                                  * its games twice) */
                                 .guess_cuts = false,
                                 .meter = pr ? &meter : NULL,
                                 .write = write_result,
                                 .write_arg = &r};
        jobs_run(&jc, ops.files, ops.nfiles, &t);
    }
    progress_stop(pr);
    pthread_mutex_destroy(&r.mu);
    cli_operands_free(&ops);
    counts->games = t.games;
    counts->walked = t.counts[COUNT_WALKED];
    counts->unreadable = t.counts[COUNT_UNREADABLE];
    counts->no_result = t.counts[COUNT_NO_RESULT];
    counts->not_chosen = t.counts[COUNT_NOT_CHOSEN];
    return t.status;
}

void explore_loop_stats(const struct explore_options *opt, const struct explore_loop_counts *n)
{
    if (opt->common.quiet)
        return;
    fprintf(stderr, "%lu game%s, %lu counted, %lu unreadable, %lu without result, %lu not chosen\n",
            n->games, n->games == 1 ? "" : "s", n->walked, n->unreadable, n->no_result,
            n->not_chosen);
}
