/*
 * pgn-check - check PGN game databases: every game without a problem goes
 * to standard output byte for byte, every problem of the others to
 * standard error (or, with --format, a JSON, SARIF or GitHub report to
 * standard output).
 *
 * The data, and where each step is done:
 *     options        check_options.c (command line, --help, codes, levels);
 *                    config.c reads .pgn-check.conf before them
 *     input          here, one thread (lib/games/pgn.c); with --jobs N, jobs.c
 *                    cuts chunks for N threads
 *     each game      lib/policy/pgn_check.c's checks, the reader's visitor (the
 *                    moves checked as they are read); checked.c keeps the
 *                    game and its findings as a record
 *     writer         checked.c, in input order: duplicates, clean games out;
 *                    report.c: text, JSON, SARIF, GitHub
 */
#include "check_options.h"
#include "checked.h"
#include "fix.h"
#include "fix_out.h"
#include "cli/cli.h"
#include "input/cli_input.h"
#include "input/config.h"
#include "input/decompress_format.h"
#include "games/game.h"
#include "output/games.h"
#include "jobs/jobs.h"
#include "games/pgn.h"
#include "policy/pgn_check.h"
#include "report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A stream hands its records to the writer every FLUSH_AT bytes. */
enum { FLUSH_AT = 1 << 16 };

/* A worker: its own reader and checker (neither is thread-safe), and
 * with --fix its fixer. */
struct worker {
    struct pgn_reader *reader;
    struct pgn_checker *checker;
    struct fixer *fixer;
};

static void worker_free(void *arg)
{
    struct worker *w = arg;
    if (!w)
        return;
    pgn_reader_free(w->reader);
    pgn_checker_free(w->checker);
    fixer_free(w->fixer);
    free(w);
}

/* A worker's reader takes the options' line cap and the checker's reader
 * options; its checker the checks asked for. */
static void *worker_new(void *arg)
{
    const struct check_options *o = arg;
    struct worker *w = calloc(1, sizeof *w);
    if (!w || !(w->reader = pgn_reader_new()) || !(w->checker = pgn_checker_new()) ||
        (o->fix && !(w->fixer = fixer_new(o)))) {
        worker_free(w);
        return NULL;
    }
    struct pgn_limits lim = {.max_line = o->common.max_line};
    pgn_reader_set_limits(w->reader, &lim);
    pgn_reader_set_options(w->reader, PGN_CHECK_READER_OPTIONS);
    check_options_enable(w->checker, o);
    pgn_checker_set_variant(w->checker, (enum variant)o->common.variant, o->common.chess960,
                            o->common.chess960_all);
    return w;
}

/* Check the games the reader yields into records; a stream hands them to
 * the writer as it goes (s not NULL), so memory stays that of one game.
 * Returns the reader's last status (0 at the end, -1 hard error). */
static int check_games(struct worker *w, struct jobs_result *res, unsigned long line_offset,
                       struct jobs_stream *s)
{
    struct pgn_game g;
    struct pgn_check_result cr;
    int rc;
    size_t marked = SIZE_MAX; /* the record of a game given a marker by --fix */
    pgn_checker_set_line_offset(w->checker, line_offset);
    while ((rc = pgn_check_read_game(w->checker, w->reader, &g, &cr)) > 0) {
        if (marked != SIZE_MAX && !fix_next_reads_alike(&g, &cr))
            checked_unfix(&res->out, marked); /* (the game stays as it was) */
        if (s && res->out.len >= FLUSH_AT) {
            jobs_stream_write(s, res);
            if (cli_stdout_failed() || ((struct checked_writer *)s->cfg->write_arg)->nomem)
                return 0;
        }
        struct fix_result fx;
        bool nomem = false, fixed = w->fixer && fixer_fix(w->fixer, &g, &cr, &fx, &nomem);
        res->out.nomem |= nomem;
        marked = fixed && fix_gave_marker(&cr, &fx) ? res->out.len : SIZE_MAX;
        checked_put_game(&res->out, &g, &cr, line_offset, fixed ? &fx : NULL);
        res->games += !g.stray; /* (stray text is no game: numbers go on) */
        if (res->out.nomem)
            return -1;
    }
    if (rc == -2) {
        res->out.nomem = true; /* hard_error says: out of memory */
        return -1;
    }
    const char *rest;
    unsigned long rest_line;
    size_t n = pgn_reader_rest(w->reader, &rest, &rest_line);
    if (rc == 0 && n)
        checked_put_rest(&res->out, rest, n);
    return rc;
}

/* The reader stopped on a hard error: reported after the games before it. */
static void hard_error(struct worker *w, struct jobs_result *res, const char *name, bool nomem)
{
    enum pgn_error e = nomem || res->out.nomem ? PGN_E_NOMEM : pgn_reader_error(w->reader);
    games_hard_error_keep(res, name, e, pgn_reader_errno(w->reader), 0);
}

/* --jobs N: one chunk of whole games, its lines numbered as in its file. */
static void check_chunk(void *arg, const struct jobs_chunk *in, struct jobs_result *res)
{
    struct worker *w = arg;
    int rc = -1;
    if (w && pgn_reader_open_mem(w->reader, in->data, in->len, in->name) == PGN_OK &&
        (pgn_reader_set_base(w->reader, in->offset), true))
        rc = check_games(w, res, in->first_line - 1, NULL);
    if (rc < 0 && w)
        hard_error(w, res, in->name, false);
    else if (!w) {
        res->status = cli_nomem();
        res->stop = true;
    }
}

/* --jobs N: the rest of a file that cannot be cut into chunks, streamed. */
static void check_stream(void *arg, struct text_reader *fp, const struct jobs_chunk *at,
                         struct jobs_result *res, struct jobs_stream *s)
{
    struct worker *w = arg;
    int rc = -1;
    if (w && pgn_reader_open_input(w->reader, fp, at->name) == PGN_OK)
        rc = check_games(w, res, at->first_line - 1, s);
    if (rc < 0 && w)
        hard_error(w, res, at->name, false);
    else if (!w)
        check_chunk(NULL, at, res);
}

/* One thread: each input streamed through one reader. */
static void run_serial(const struct check_options *o, struct checked_writer *run,
                       struct jobs_totals *t)
{
    struct jobs_config writer = {.write = checked_write, .write_arg = run};
    struct jobs_result res = {.status = CLI_OK};
    struct worker *w = worker_new((void *)o);
    if (!w) {
        t->status = cli_status_merge(t->status, cli_nomem());
        return;
    }
    for (int i = 0; i < (o->nfiles ? o->nfiles : 1) && !t->stop; i++) {
        const char *name;
        struct text_reader *fp = cli_open(o->nfiles ? o->files[i] : NULL, &name);
        struct jobs_stream s = {&writer, name, 0, true};
        if (!fp) {
            t->status = cli_status_merge(t->status, CLI_NOINPUT);
            checked_write(run, &res, name, 0, true);
            continue;
        }
        int rc = -1;
        if (pgn_reader_open_input(w->reader, fp, name) == PGN_OK)
            rc = check_games(w, &res, 0, &s);
        if (rc < 0)
            hard_error(w, &res, name, false);
        else
            games_input_damage(&res, fp);
        jobs_stream_write(&s, &res);
        t->status = cli_status_merge(t->status, res.status);
        t->stop |= res.stop || cli_stdout_failed() || run->nomem;
        cli_close(fp);
    }
    jobs_result_free(&res);
    worker_free(w);
}

/* --in-place takes a plain file: a compressed one is refused (it would
 * have to be compressed again, with options not known), as is anything
 * but a regular file.  False after saying why. */
static bool in_place_file(const char *path)
{
    unsigned char magic[DECOMPRESS_MAGIC_MAX];
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &st) != 0) {
        cli_error("cannot open %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return false;
    }
    ssize_t n = S_ISREG(st.st_mode) ? read(fd, magic, sizeof magic) : 0;
    close(fd);
    bool more;
    enum decompress_format f = n > 0 ? decompress_sniff(magic, (size_t)n, &more) : DECOMPRESS_PLAIN;
    if (!S_ISREG(st.st_mode))
        cli_error("%s: --in-place rewrites regular files only", path);
    else if (f != DECOMPRESS_PLAIN)
        cli_error("%s: %s-compressed: --in-place rewrites plain text only (decompress it, or "
                  "write --fix's output to standard output)",
                  path, decompress_format_name(f));
    return S_ISREG(st.st_mode) && f == DECOMPRESS_PLAIN;
}

/* --fix --in-place: each file checked (one thread or N) into the fixed
 * text beside it, renamed over it when something changed; the status is 1
 * when a file was changed (pre-commit's rule for a fixer). */
static void run_in_place(const struct check_options *o, const struct jobs_config *cfg,
                         struct checked_writer *run, struct jobs_totals *t)
{
    bool any = false;
    for (int i = 0; i < o->nfiles && !t->stop && !run->nomem; i++) {
        if (!in_place_file(o->files[i])) {
            t->status = cli_status_merge(t->status, CLI_NOINPUT);
            continue;
        }
        struct check_options one = *o;
        struct jobs_config c = *cfg;
        struct jobs_totals ft = {.status = CLI_OK};
        one.files = &o->files[i];
        one.nfiles = 1;
        c.arg = &one;
        fix_out_begin(run->fix, o->files[i]);
        if (c.threads > 1)
            jobs_run(&c, one.files, 1, &ft);
        else
            run_serial(&one, run, &ft);
        bool changed;
        int s = fix_out_end(run->fix, ft.status == CLI_OK && !run->nomem, &changed);
        if (changed && !o->common.quiet)
            cli_error("%s: fixed", o->files[i]);
        any |= changed;
        t->status = cli_status_merge(cli_status_merge(t->status, ft.status), s);
        t->stop |= ft.stop;
    }
    if (any)
        t->status = cli_status_merge(t->status, CLI_INVALID);
}

/* The findings from --fail-on's level up make the status 1. */
static int run_status(const struct check_options *o, const struct checked_writer *run, int status)
{
    if (run->nomem)
        status = cli_status_merge(status, cli_nomem());
    for (int lv = 0; lv <= (int)o->fail_on; lv++)
        if (run->found_at[lv])
            status = cli_status_merge(status, CLI_INVALID);
    return status;
}

/* The checks on, then one thread or the jobs module, the report around
 * them, and the totals. */
int main(int argc, char **argv)
{
    struct check_options opt = {.jobs = 1, .fail_on = PGN_CHECK_NOTE}, first = opt;
    struct report report;
    struct checked_writer run = {.report = &report, .out = {.fp = stdout}};
    struct fix_out fix;
    struct jobs_totals t = {.status = CLI_OK};
    cli_init(argc, argv);
    /* A first pass finds --config and --no-config; the second parses the
     * file's options, then the command line's, which override them. */
    argp_parse(&check_options_argp, argc, argv, 0, NULL, &first);
    first.config.name = CHECK_CONFIG_NAME;
    int nargs;
    char **args;
    int cs = config_args(&first.config, check_options_config_keys, CHECK_OPTIONS_CONFIG_KEYS, argc,
                         argv, &nargs, &args);
    if (cs != CLI_OK)
        return cli_finish(cs);
    argp_parse(&check_options_argp, nargs, args, 0, NULL, &opt);
    /* A database can hold a finding per game: stderr goes out by the line
     * (by the buffer when no terminal waits for it) rather than by the
     * piece. */
    setvbuf(stderr, NULL, isatty(fileno(stderr)) ? _IOLBF : _IOFBF, 1 << 16);
    /* Directories become the *.pgn files under them. */
    struct cli_operands ops;
    t.status = cli_operands_expand(&ops, opt.files, opt.nfiles, cli_pgn_suffixes);
    opt.files = ops.files;
    opt.nfiles = ops.nfiles;
    struct pgn_checker *probe = pgn_checker_new();
    game_id_set_init(&run.dups, SIZE_MAX, true); /* (bounded by memory only) */
    if (!probe) {
        t.status = cli_nomem();
    } else {
        check_options_enable(probe, &opt);
        run.dup_on = pgn_checker_enabled(probe, PGN_CHECK_DUPLICATE_GAME);
        run.invert = opt.invert;
        run.games_out = !opt.common.quiet && opt.format == REPORT_TEXT;
        run.fix = opt.fix ? &fix : NULL;
        if (opt.fix)
            fix_out_begin(&fix, NULL); /* (--in-place: each file's, as it comes) */
        struct jobs_config cfg = {.threads = jobs_threads(opt.jobs),
                                  .out = {.quiet = opt.common.quiet},
                                  .worker_new = worker_new,
                                  .worker_free = worker_free,
                                  .work = check_chunk,
                                  .stream = check_stream,
                                  .arg = &opt,
                                  .write = checked_write,
                                  .write_arg = &run};
        report_begin(&report, opt.format, opt.common.quiet);
        if (ops.none || t.status == CLI_OSERR)
            ; /* directories without a game file: nothing to read */
        else if (opt.in_place)
            run_in_place(&opt, &cfg, &run, &t);
        else if (cfg.threads > 1)
            jobs_run(&cfg, opt.files, opt.nfiles, &t);
        else
            run_serial(&opt, &run, &t);
        t.status = run_status(&opt, &run, t.status);
        struct report_totals totals = {run.games,       run.clean,
                                       run.with_errors, run.with_warnings,
                                       t.status,        check_options_level_names[opt.fail_on]};
        t.status = report_summary(&report, &totals, t.status);
        report_end(&report);
    }
    if (opt.stats == CLI_STATS_JSON && !opt.common.quiet) {
        const struct cli_stats_count c[] = {{"games", run.games},
                                            {"clean", run.clean},
                                            {"with_errors", run.with_errors},
                                            {"with_warnings", run.with_warnings}};
        cli_stats_json(c, sizeof c / sizeof *c);
    } else if (opt.stats && !opt.common.quiet)
        fprintf(stderr, "%lu game%s, %lu clean, %lu with errors, %lu with warnings\n", run.games,
                run.games == 1 ? "" : "s", run.clean, run.with_errors, run.with_warnings);
    pgn_checker_free(probe);
    game_id_set_free(&run.dups);
    checked_writer_free(&run);
    cli_operands_free(&ops);
    config_args_free(nargs, args, argc);
    return cli_finish(t.status);
}
