/*
 * jobs_result.c - a run's output kept until it is written (see
 * jobs_result.h).
 */
#include "jobs_result.h"

#include "cli/progress.h"

#include <stdlib.h>
#include <string.h>

/* Diagnostics are few, so their array simply doubles; a failure is kept in
 * text.nomem, for the tool to see with the rest of its output. */
void jobs_result_diag(struct jobs_diags *d, unsigned long line, unsigned long col,
                      unsigned long game, const char *msg)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 16;
        struct jobs_diag *v = realloc(d->v, cap * sizeof *v);
        if (!v) {
            d->text.nomem = true;
            return;
        }
        d->v = v;
        d->cap = cap;
    }
    d->v[d->n++] = (struct jobs_diag){line, col, game, d->text.len, strlen(msg)};
    cli_buf_str(&d->text, msg);
}

/* Game numbers are counted per file, so a chunk's are shifted by the games
 * of the file's chunks before it; an error about the whole input has no
 * place and is written even under -q. */
void jobs_result_write(struct jobs_result *res, const char *name, unsigned long game_offset,
                       const struct jobs_out *how)
{
    struct jobs_diags *d = &res->diags;
    bool quiet = how->quiet;
    if (res->out.len)
        fwrite_unlocked(res->out.data, 1, res->out.len, stdout);
    res->out.len = 0;
    if (d->n)
        progress_hold(how->progress);
    for (size_t i = 0; i < d->n; i++) {
        const struct jobs_diag *x = &d->v[i];
        const char *text = d->text.data + x->off;
        if (x->line == 0)
            cli_error("%.*s", (int)x->len, text);
        else if (quiet)
            continue;
        else if (x->game)
            cli_diag(name, x->line, x->col, "game %lu%.*s", x->game + game_offset, (int)x->len,
                     text);
        else
            cli_diag(name, x->line, x->col, "%.*s", (int)x->len, text);
    }
    if (d->n)
        progress_release(how->progress);
    d->n = 0;
    d->text.len = 0;
}

void jobs_result_drop(struct jobs_result *res)
{
    res->out.len = 0;
    res->diags.n = 0;
    res->diags.text.len = 0;
}

void jobs_result_add_up(struct jobs_totals *t, const struct jobs_result *res)
{
    t->games += res->games;
    for (int i = 0; i < JOBS_COUNTS; i++)
        t->counts[i] += res->counts[i];
    t->status = cli_status_merge(t->status, res->status);
    if (res->stop || cli_stdout_failed())
        t->stop = true;
}

void jobs_result_free(struct jobs_result *res)
{
    cli_buf_free(&res->out);
    cli_buf_free(&res->diags.text);
    free(res->diags.v);
    *res = (struct jobs_result){0};
}
