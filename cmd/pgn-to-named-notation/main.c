/*
 * pgn-to-named-notation - rewrite PGN games in the Dagaz named-rule
 * notation (formats/named-notation.md), or in UCI, SAN, LAN, FEN, JSON,
 * the PGN export format, or a table (TSV, CSV).
 *
 * The input is read once, game by game, in constant memory.  With --jobs N
 * the input is cut at game boundaries into chunks that N threads convert;
 * the chunks are written in input order, with the same game numbers and
 * line numbers as a single-threaded run, so the output is byte-identical.
 *
 * The data, and where each step is done:
 *     options        convert_options.c (struct convert_options); the
 *                    targets of --to, one row each: convert_target.c;
 *                    cli_input.c walks directories
 *     input          here, one thread (lib/games/pgn.c); with --jobs N, jobs.c
 *                    cuts chunks (jobs_reader.c) for N threads
 *     each game      convert.c: replayed (lib/games/game.c) and written by its
 *                    target's row: a ply at a time (lib/games/named.c, san.c,
 *                    uci.c, fen.c), or a game writer (game_writer.h):
 *                    game_json.c for --to=json, game_pgn.c for --to=pgn,
 *                    game_table.c for --to=tsv and --to=csv; games.c:
 *                    tags, result, the game's problem
 *     output         jobs_result.c, in input order; games.c's closing counts;
 *                    progress.c on a terminal
 */
#include "cli/cli.h"
#include "input/cli_input.h"
#include "convert.h"
#include "input/decompress.h"
#include "output/game_table.h"
#include "output/game_table_numbers.h"
#include "output/games.h"
#include "jobs/jobs.h"
#include "games/named.h"
#include "games/opening.h"
#include "games/pgn.h"
#include "cli/progress.h"

#include <stdlib.h>
#include <string.h>

/* A stream writes its output in blocks of about FLUSH_AT bytes. */
enum { FLUSH_AT = 1 << 16 };

/* ---- reading games: one stream, or chunks under --jobs ---- */

static bool convert_nomem(const struct convert *c)
{
    return c->res->out.nomem || c->res->diags.text.nomem;
}

/* Convert the games the reader yields until the input ends, a hard error,
 * or --on-error=stop; games are numbered from 1 for the diagnostics, and a
 * stream (not NULL) writes its output as it goes.  Returns the
 * reader's last status (0 at the end, -1 hard error). */
static int convert_input(struct convert *c, struct jobs_stream *stream,
                         struct progress_games *counts)
{
    int rc = 0;
    c->number = 0;
    while (!c->res->stop && (rc = convert_next_game(c)) > 0) {
        if (convert_nomem(c))
            return -1;
        if (stream && (c->res->out.len >= FLUSH_AT || c->res->diags.n))
            jobs_stream_write(stream, c->res);
        progress_games_update(counts, c->res->games);
    }
    return c->res->stop ? 0 : rc;
}

/* The reader stopped on a hard error (no memory, a read error): report it
 * after the games before it; without memory the run ends. */
static void hard_error(struct convert *c, const char *name)
{
    enum pgn_error e = convert_nomem(c) ? PGN_E_NOMEM : pgn_reader_error(c->reader);
    games_hard_error_keep(c->res, name, e, pgn_reader_errno(c->reader), c->line_offset);
}

/* One thread: each operand is streamed through one reader, and output and
 * diagnostics go out as games are converted, so memory stays that of one
 * game whatever the archive's size. */
static void run_serial(const struct convert_options *o, struct progress *pr,
                       struct progress_games *counts, struct jobs_totals *t)
{
    struct jobs_config writer = {.out = {o->common.quiet, pr}};
    struct jobs_result res = {.status = CLI_OK};
    struct convert c;
    if (!convert_init(&c, o, &res)) {
        t->status = cli_status_merge(t->status, cli_nomem());
        convert_free(&c);
        return;
    }
    if (game_table_fields_numbered(&o->table)) /* (the numbers are the file's) */
        game_table_plain_numbers(&c.writer);
    int n = o->nfiles ? o->nfiles : 1;
    for (int i = 0; i < n && !t->stop; i++) {
        const char *name;
        progress_hold(pr);
        struct text_reader *fp = cli_open(o->nfiles ? o->files[i] : NULL, &name);
        progress_release(pr);
        if (!fp) {
            t->status = cli_status_merge(t->status, CLI_NOINPUT);
            continue;
        }
        int rc = -1;
        struct jobs_stream out = {&writer, name, 0, true};
        progress_games_file(counts, cli_input_fd(fp));
        if (pgn_reader_open_input(c.reader, fp, name) == PGN_OK)
            rc = convert_input(&c, &out, counts);
        if (rc < 0)
            hard_error(&c, name);
        else if (!res.stop)
            games_input_damage(&res, fp);
        jobs_stream_write(&out, &res);
        cli_close(fp);
        if (res.stop || cli_stdout_failed())
            t->stop = true;
    }
    t->games += res.games;
    for (int i = 0; i < JOBS_COUNTS; i++)
        t->counts[i] += res.counts[i];
    t->status = cli_status_merge(t->status, res.status);
    jobs_result_free(&res);
    convert_free(&c);
}

/* --jobs: each worker thread has a converter of its own. */
static void *worker_new(void *opt)
{
    struct convert *c = malloc(sizeof *c);
    if (c && !convert_init(c, opt, NULL)) {
        convert_free(c);
        free(c);
        c = NULL;
    }
    return c;
}

static void worker_free(void *worker)
{
    convert_free(worker);
    free(worker);
}

/* Convert one chunk of whole games into its result; its line numbers are
 * the file's. */
static void convert_chunk(void *worker, const struct jobs_chunk *in, struct jobs_result *res)
{
    struct convert *c = worker;
    if (!c) {
        char msg[GAMES_HARD_ERROR_MAX];
        res->status = games_hard_error_text(in->name, PGN_E_NOMEM, 0, msg, sizeof msg);
        jobs_result_diag(&res->diags, 0, 0, 0, msg);
        res->stop = true;
        return;
    }
    c->res = res;
    c->line_offset = in->first_line - 1;
    int rc = -1;
    if (pgn_reader_open_mem(c->reader, in->data, in->len, in->name) == PGN_OK &&
        (pgn_reader_set_base(c->reader, in->offset), true))
        rc = convert_input(c, NULL, NULL);
    if (rc < 0)
        hard_error(c, in->name);
    res->at_rest = rc >= 0 && pgn_reader_at_rest(c->reader);
}

/* Under --jobs, the rest of a file that cannot be cut into chunks: read
 * and written as one thread does. */
static void convert_stream(void *worker, struct text_reader *fp, const struct jobs_chunk *at,
                           struct jobs_result *res, struct jobs_stream *s)
{
    struct convert *c = worker;
    if (!c) {
        convert_chunk(NULL, at, res);
        return;
    }
    c->res = res;
    c->line_offset = at->first_line - 1;
    int rc = -1;
    if (pgn_reader_open_input(c->reader, fp, at->name) == PGN_OK)
        rc = convert_input(c, s, NULL);
    if (rc < 0)
        hard_error(c, at->name);
}

int main(int argc, char **argv)
{
    struct convert_options opt = convert_options_defaults();
    struct jobs_totals t = {.status = CLI_OK};
    struct progress_games counts = {0};
    cli_init(argc, argv);
    argp_parse(&convert_argp, argc, argv, 0, NULL, &opt);
    /* Directories become the *.pgn files under them. */
    struct cli_operands ops;
    t.status = cli_operands_expand(&ops, opt.files, opt.nfiles, cli_pgn_suffixes);
    opt.files = ops.files;
    opt.nfiles = ops.nfiles;
    int jobs = jobs_threads(opt.jobs);
    /* --add-opening: the table is built once, before any thread reads it */
    if (opt.add_opening && !opening_table_get())
        return cli_finish(cli_nomem());
    struct progress *pr = NULL;
    if (progress_wanted(&opt.common)) {
        counts.total = progress_input_size(opt.files, opt.nfiles);
        pr = progress_start(&opt.common, progress_games_line, &counts);
    }
    if (opt.to->run_start && !opt.to->run_start(&opt)) /* (a table's header line) */
        t.status = cli_status_merge(t.status, cli_nomem());
    if (ops.none || t.status == CLI_OSERR) {
        /* directories without a game file: nothing to read */
    } else if (jobs > 1) {
        struct jobs_config cfg = {.threads = jobs,
                                  .out = {opt.common.quiet, pr},
                                  .worker_new = worker_new,
                                  .worker_free = worker_free,
                                  .work = convert_chunk,
                                  .stream = convert_stream,
                                  .arg = &opt,
                                  .meter = pr ? &counts : NULL,
                                  .guess_cuts = true};
        if (game_table_fields_numbered(&opt.table))
            cfg.write = game_table_numbers_write, cfg.write_arg = &cfg.out;
        jobs_run(&cfg, opt.files, opt.nfiles, &t);
    } else {
        run_serial(&opt, pr, pr ? &counts : NULL, &t);
    }
    progress_stop(pr);
    cli_operands_free(&ops);
    return cli_finish(games_finish(&opt.common, opt.stats, t.games, t.counts[COUNT_CONVERTED],
                                   t.counts[COUNT_ERRORS], t.status));
}
