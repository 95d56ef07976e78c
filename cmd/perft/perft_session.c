/*
 * perft_session.c - what perft does with each position (see perft_session.h).
 */
#include "perft_session.h"

#include "cli/fen_cli.h"
#include "engine/divide_command.h"
#include "cli/json.h"
#include "engine/uci_engine.h"

#include <inttypes.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The table, the engine and the threads, set up before the first record;
 * false (reported) when one of them cannot be had. */
int perft_session_start(struct perft_session *s, struct perft_table **table,
                        struct uci_engine *engine, struct divide_command *command)
{
    const struct perft_args *opt = s->opt;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    s->cfg.threads =
        opt->threads
            ? opt->threads
            : (cores > 0 ? (int)(cores < PERFT_ARGS_THREADS_MAX ? cores : PERFT_ARGS_THREADS_MAX)
                         : 1);
    s->cfg.progress = &s->progress;
    s->prefix_fen = !(opt->nfens == 1 && opt->nfiles == 0);
    if (opt->hash_bytes) {
        *table = perft_table_new(opt->hash_bytes);
        if (!*table) {
            cli_error("--hash: cannot allocate %zu bytes", opt->hash_bytes);
            return CLI_OSERR;
        }
        s->cfg.table = *table;
    }
    if (opt->against) {
        engine->timeout_ms = opt->engine_timeout * 1000;
        if (!uci_engine_start(engine, opt->against)) {
            cli_error("--against: cannot run '%s' as a UCI engine: it %s", opt->against,
                      engine->why);
            return CLI_UNAVAILABLE;
        }
        s->engine = engine;
    }
    if (opt->against_divide) {
        /* the template was checked with the options */
        if (!divide_command_init(command, opt->against_divide, opt->engine_timeout * 1000)) {
            cli_error("--against-divide: %s", command->why);
            return CLI_OSERR;
        }
        s->command = command;
    }
    return CLI_OK;
}

static bool quiet(const struct perft_session *s)
{
    return s->opt->common.quiet;
}

void perft_session_flush(struct perft_session *s)
{
    if (!quiet(s) && s->line.len)
        fwrite_unlocked(s->line.data, 1, s->line.len, stdout);
    s->line.len = 0;
    fflush(stdout);
}

/* The line of a running perft: nodes, speed and an estimate of the time
 * left from the pieces of work done. */
static void count_line(void *ctx, double elapsed, char *buf, size_t size)
{
    struct perft_session *s = ctx;
    struct perft_progress *pr = &s->progress;
    uint64_t nodes = atomic_load(&pr->nodes_done);
    unsigned done = atomic_load(&pr->items_done), total = atomic_load(&pr->items_total);
    char left[32] = "?";
    if (done > 0 && total > 0)
        snprintf(left, sizeof left, "%.0f s", elapsed * (double)(total - done) / (double)done);
    snprintf(buf, size, "depth %d: %" PRIu64 " nodes, %.1f Mnps, %s left", s->progress_depth, nodes,
             (double)nodes / elapsed / 1e6, left);
}

/* The progress line of a count about to start. */
static struct progress *count_start(struct perft_session *s, int depth)
{
    atomic_store(&s->progress.nodes_done, 0);
    atomic_store(&s->progress.items_done, 0);
    atomic_store(&s->progress.items_total, 0);
    s->progress_depth = depth;
    return progress_start(&s->opt->common, count_line, s);
}

uint64_t perft_session_count(struct perft_session *s, const struct position *p, int depth,
                             struct perft_divide *d)
{
    struct progress *pr = count_start(s, depth);
    uint64_t n = perft_run(p, depth, &s->cfg, d);
    progress_stop(pr);
    return n;
}

void perft_session_breakdown(struct perft_session *s, const struct position *p, int depth,
                             struct perft_breakdown *b, struct perft_breakdown_divide *d)
{
    struct progress *pr = count_start(s, depth);
    perft_breakdown_run(p, depth, &s->cfg, b, d);
    progress_stop(pr);
}

void perft_session_breakdown_words(struct perft_session *s, const struct perft_breakdown *b)
{
    for (int i = PERFT_NODES + 1; i < PERFT_COLUMNS; i++)
        cli_buf_printf(&s->line, s->opt->json ? ",\"%s\":%" PRIu64 : " %s %" PRIu64,
                       perft_column_names[i], b->count[i]);
}

/* One row of --breakdown's table: [FEN] [move] depth and the columns. */
static void breakdown_row(struct perft_session *s, const struct position *p, const char *root_move,
                          const struct perft_breakdown *b)
{
    struct cli_buf *l = &s->line;
    if (s->prefix_fen) {
        fen_cli_buf(l, p);
        cli_buf_char(l, '\t');
    }
    if (root_move)
        cli_buf_printf(l, "%s\t", root_move);
    cli_buf_printf(l, "%d", s->opt->depth);
    for (int i = 0; i < PERFT_COLUMNS; i++)
        cli_buf_printf(l, "\t%" PRIu64, b->count[i]);
    cli_buf_char(l, '\n');
}

/* -d N --breakdown: the table (its header before the first row of the
 * run), a row per root move and a "total" row with --divide; or JSON. */
static void depth_breakdown(struct perft_session *s, const struct position *p)
{
    const struct perft_args *opt = s->opt;
    struct cli_buf *l = &s->line;
    struct perft_breakdown b;
    struct perft_breakdown_divide *d = opt->divide ? malloc(sizeof *d) : NULL;
    if (opt->divide && !d) {
        s->status = cli_status_merge(s->status, cli_nomem());
        return;
    }
    double start = progress_now();
    perft_session_breakdown(s, p, opt->depth, &b, d);
    double secs = progress_now() - start;
    uint64_t n = b.count[PERFT_NODES];
    char text[UCI_MOVE_MAX];
    if (quiet(s)) {
        free(d);
        return;
    }
    if (d)
        perft_breakdown_divide_sort(p, d, opt->castling);
    if (opt->json) {
        cli_buf_str(l, "{\"fen\":\"");
        fen_cli_buf(l, p);
        cli_buf_printf(l, "\",\"depth\":%d,\"nodes\":%" PRIu64, opt->depth, n);
        perft_session_breakdown_words(s, &b);
        cli_buf_printf(l, ",\"seconds\":%.6f,\"nps\":%.0f", secs,
                       secs > 0 ? (double)n / secs : 0.0);
        if (d) {
            cli_buf_str(l, ",\"moves\":{");
            for (int i = 0; i < d->count; i++) {
                uci_format(p, d->moves[i], opt->castling, text);
                cli_buf_printf(l, "%s\"%s\":{\"nodes\":%" PRIu64, i ? "," : "", text,
                               d->below[i].count[PERFT_NODES]);
                perft_session_breakdown_words(s, &d->below[i]);
                cli_buf_char(l, '}');
            }
            cli_buf_char(l, '}');
        }
        cli_buf_str(l, "}\n");
    } else {
        if (!s->table_head) {
            cli_buf_printf(l, "%s%sdepth", s->prefix_fen ? "fen\t" : "", d ? "move\t" : "");
            for (int i = 0; i < PERFT_COLUMNS; i++)
                cli_buf_printf(l, "\t%s", perft_column_names[i]);
            cli_buf_char(l, '\n');
            s->table_head = true;
        }
        for (int i = 0; d && i < d->count; i++) {
            uci_format(p, d->moves[i], opt->castling, text);
            breakdown_row(s, p, text, &d->below[i]);
        }
        breakdown_row(s, p, d ? "total" : NULL, &b);
    }
    perft_session_flush(s);
    free(d);
}

/* -d N, with or without --divide: the divide in Stockfish's order and
 * layout, so that the two compare line by line. */
void perft_session_depth(struct perft_session *s, const struct position *p)
{
    const struct perft_args *opt = s->opt;
    struct cli_buf *l = &s->line;
    struct perft_divide d;
    if (opt->breakdown) {
        depth_breakdown(s, p);
        return;
    }
    double start = progress_now();
    uint64_t n = perft_session_count(s, p, opt->depth, &d);
    double secs = progress_now() - start;
    if (quiet(s))
        return;
    if (opt->divide)
        perft_divide_sort(p, &d, opt->castling);
    if (opt->json) {
        cli_buf_str(l, "{\"fen\":\"");
        fen_cli_buf(l, p);
        cli_buf_printf(l, "\",\"depth\":%d,\"nodes\":%" PRIu64 ",\"seconds\":%.6f,\"nps\":%.0f",
                       opt->depth, n, secs, secs > 0 ? (double)n / secs : 0.0);
        if (opt->divide) {
            cli_buf_str(l, ",\"moves\":{");
            for (int i = 0; i < d.count; i++) {
                char text[UCI_MOVE_MAX];
                uci_format(p, d.moves[i], opt->castling, text);
                cli_buf_printf(l, "%s\"%s\":%" PRIu64, i ? "," : "", text, d.nodes[i]);
            }
            cli_buf_char(l, '}');
        }
        cli_buf_str(l, "}\n");
    } else if (opt->divide) {
        if (s->prefix_fen) {
            fen_cli_buf(l, p);
            cli_buf_char(l, '\n');
        }
        for (int i = 0; i < d.count; i++) {
            char text[UCI_MOVE_MAX];
            uci_format(p, d.moves[i], opt->castling, text);
            cli_buf_printf(l, "%s: %" PRIu64 "\n", text, d.nodes[i]);
        }
        cli_buf_printf(l, "\nNodes searched: %" PRIu64 "\n\n", n);
    } else {
        if (s->prefix_fen) {
            fen_cli_buf(l, p);
            cli_buf_char(l, '\t');
        }
        cli_buf_printf(l, "%" PRIu64 " nodes\n", n);
    }
    perft_session_flush(s);
}

int perft_session_deepest(const struct perft_session *s, const struct perft_expect *e)
{
    int deepest = 0, beyond = 0;
    int limit = s->opt->max_depth >= 0 ? s->opt->max_depth : PERFT_SUITE_DEPTH_MAX;
    for (int d = 1; d <= PERFT_SUITE_DEPTH_MAX; d++) {
        if (perft_expect_has(e, d) && d <= limit)
            deepest = d;
        else if (perft_expect_has(e, d))
            beyond = d;
    }
    return deepest == 0 && beyond ? -2 : deepest;
}

void perft_session_result(struct perft_session *s, bool ok)
{
    s->checked = true;
    if (ok) {
        s->passed++;
    } else {
        s->failed++;
        s->status = cli_status_merge(s->status, CLI_INVALID);
    }
}

void perft_session_json_head(struct perft_session *s, const struct position *p,
                             const struct perft_session_source *src)
{
    cli_buf_str(&s->line, "{\"file\":");
    json_put_string(&s->line, src->name, strlen(src->name));
    cli_buf_printf(&s->line, ",\"line\":%lu,\"fen\":\"", src->line);
    fen_cli_buf(&s->line, p);
}

/* Print one checked record (ok or FAIL) and count it for the summary. */
static void suite_result(struct perft_session *s, const struct position *p,
                         const struct perft_session_source *src, bool ok, int depth, uint64_t want,
                         const struct perft_breakdown *got_b)
{
    uint64_t got = got_b->count[PERFT_NODES];
    perft_session_result(s, ok);
    if (quiet(s))
        return;
    if (s->opt->json) {
        perft_session_json_head(s, p, src);
        cli_buf_printf(&s->line,
                       "\",\"ok\":%s,\"depth\":%d,\"expected\":%" PRIu64 ",\"got\":%" PRIu64,
                       ok ? "true" : "false", depth, want, got);
        if (s->opt->breakdown)
            perft_session_breakdown_words(s, got_b);
        cli_buf_str(&s->line, "}\n");
    } else {
        bool on = s->opt->common.paint_out;
        cli_buf_printf(&s->line, "%s%s%s%s %s:%lu depth %d expected %" PRIu64 " got %" PRIu64,
                       cli_paint(on, ok ? CLI_PAINT_OK : CLI_PAINT_ERROR), ok ? "ok" : "FAIL",
                       cli_paint(on, CLI_PAINT_RESET), ok ? "  " : "", src->name, src->line, depth,
                       want, got);
        if (s->opt->breakdown)
            perft_session_breakdown_words(s, got_b);
        cli_buf_char(&s->line, '\n');
    }
    perft_session_flush(s);
}

/* Nothing to check, and nothing wrong either. */
void perft_session_skip(struct perft_session *s, const struct position *p,
                        const struct perft_session_source *src)
{
    s->checked = true;
    s->skipped++;
    if (quiet(s))
        return;
    if (s->opt->json) {
        perft_session_json_head(s, p, src);
        cli_buf_str(&s->line, "\",\"skipped\":true}\n");
    } else {
        cli_buf_printf(&s->line, "skip %s:%lu no %s up to depth %d\n", src->name, src->line,
                       src->blocks ? "perft count" : ";Dn", s->opt->max_depth);
    }
    perft_session_flush(s);
}

/* Every expected count up to the deepest (or --max-depth), shallowest
 * first; the first wrong depth ends the record. */
void perft_session_check(struct perft_session *s, const struct position *p,
                         const struct perft_expect *e, const struct perft_session_source *src,
                         int deepest)
{
    uint64_t want = 0;
    struct perft_breakdown got = {{0}};
    int depth = 0;
    for (int d = 1; d <= deepest; d++) {
        if (!perft_expect_has(e, d))
            continue;
        depth = d;
        want = e->count[d];
        if (s->opt->breakdown)
            perft_session_breakdown(s, p, d, &got, NULL);
        else
            got.count[PERFT_NODES] = perft_session_count(s, p, d, NULL);
        if (got.count[PERFT_NODES] != want) {
            suite_result(s, p, src, false, d, want, &got);
            return;
        }
    }
    suite_result(s, p, src, true, depth, want, &got);
}

/* One line of --split: the position and how many move paths reach it. */
static void split_visit(const struct position *p, uint64_t paths, void *ctx)
{
    struct perft_session *s = ctx;
    if (quiet(s))
        return;
    if (s->opt->json) {
        cli_buf_str(&s->line, "{\"fen\":\"");
        fen_cli_buf(&s->line, p);
        cli_buf_printf(&s->line, "\",\"paths\":%" PRIu64 "}\n", paths);
    } else {
        fen_cli_buf(&s->line, p);
        cli_buf_printf(&s->line, "\t%" PRIu64 "\n", paths);
    }
    if (s->line.len >= 1 << 16) {
        fwrite_unlocked(s->line.data, 1, s->line.len, stdout);
        s->line.len = 0;
    }
}

void perft_session_split(struct perft_session *s, const struct position *p)
{
    if (!perft_split(p, s->opt->split, split_visit, s)) {
        cli_error("--split %d: out of memory", s->opt->split);
        s->status = cli_status_merge(s->status, CLI_OSERR);
    }
    perft_session_flush(s);
}

/* As TAP summaries read it. */
void perft_session_summary(struct perft_session *s)
{
    if (!s->checked || quiet(s))
        return;
    if (s->opt->json)
        cli_buf_printf(&s->line, "{\"passed\":%lu,\"failed\":%lu,\"skipped\":%lu}\n", s->passed,
                       s->failed, s->skipped);
    else if (s->skipped)
        cli_buf_printf(&s->line, "%lu passed, %lu failed, %lu skipped\n", s->passed, s->failed,
                       s->skipped);
    else
        cli_buf_printf(&s->line, "%lu passed, %lu failed\n", s->passed, s->failed);
    perft_session_flush(s);
}
