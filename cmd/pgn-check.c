/*
 * pgn-check - check PGN game databases: every game without a problem goes
 * to standard output byte for byte, every problem of the others to
 * standard error (or, with --format, a JSON, SARIF or GitHub report to
 * standard output).  The checks are lib/pgn_check.c's, the report formats
 * cmd/report.c's; cmd/checked.c carries checked games from the workers
 * (one thread, or --jobs N on chunks cut by cmd/jobs.c) to the writer,
 * which sees them in input order.
 */
#include "check-options.h"
#include "checked.h"
#include "cli.h"
#include "config.h"
#include "game.h"
#include "games.h"
#include "jobs.h"
#include "pgn.h"
#include "pgn_check.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct options {
    struct cli_common common;
    bool pedantic, invert, stats;
    enum report_format format;
    bool selected[PGN_CHECK_CODE_NB], ignored[PGN_CHECK_CODE_NB];
    bool select_given;
    enum pgn_check_level fail_on; /* the lowest level that makes the status 1 */
    struct config_source config;
    long jobs;
    char **files;
    int nfiles;
};

/* A stream hands its records to the writer every FLUSH_AT bytes. */
enum { FLUSH_AT = 1 << 16 };

enum {
    OPT_PEDANTIC = 0x200,
    OPT_IGNORE,
    OPT_SELECT,
    OPT_FORMAT,
    OPT_INVERT,
    OPT_STATS,
    OPT_FAIL_ON,
    OPT_CONFIG,
    OPT_NO_CONFIG
};

/* The configuration file looked for from the current directory up. */
#define CONFIG_NAME ".pgn-check.conf"

static const struct argp_option tool_options[] = {
    {"pedantic", OPT_PEDANTIC, 0, 0,
     "Add the notes: check marks, SAN style, castling with zeros, long lines, tag order", 0},
    {"ignore", OPT_IGNORE, "CODE[,CODE...]", 0, "Turn these checks off", 0},
    {"select", OPT_SELECT, "CODE[,CODE...]", 0, "Run only these checks (notes included)", 0},
    {"format", OPT_FORMAT, "FORMAT", 0,
     "text (the default: games to stdout, diagnostics to stderr), or json (JSON lines), sarif "
     "(SARIF 2.1.0) or github (workflow annotations): the report to stdout, no games",
     0},
    {"fail-on", OPT_FAIL_ON, "LEVEL", 0,
     "The lowest level whose findings make the exit status 1: error, warning or note (the "
     "default: every finding reported fails the run); the others are still reported",
     0},
    {"config", OPT_CONFIG, "FILE", 0,
     "Read the options of FILE (key = value lines) instead of looking for " CONFIG_NAME
     " from the current directory up to the repository's top; the command line overrides them",
     0},
    {"no-config", OPT_NO_CONFIG, 0, 0, "Read no configuration file", 0},
    {"invert", OPT_INVERT, 0, 0, "Write the games that have a problem instead of the clean ones",
     0},
    {0, 'v', 0, OPTION_ALIAS, 0, 0}, /* as fen-check's and grep's -v */
    {"stats", OPT_STATS, 0, 0,
     "End with 'N games, N clean, N with errors, N with warnings' on stderr", 0},
    {"jobs", 'j', "N", 0,
     "Check with N threads (0: one per CPU it may use); the output is the same", 0},
    {0},
};

/* --select and --ignore take comma-separated codes; an unknown one is a
 * usage error that lists the codes, so a typo never turns a check off. */
static void parse_codes(struct argp_state *state, const char *option, const char *arg, bool *set)
{
    size_t bad, len;
    if (check_codes_parse(arg, strlen(arg), set, &bad, &len))
        return;
    struct cli_buf b = {0};
    check_list_codes(&b);
    argp_error(state, "unknown code '%.*s' in --%s (the codes: %s)", (int)len, arg + bad, option,
               b.nomem ? "..." : b.data);
    cli_buf_free(&b);
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct options *opt = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->common;
        break;
    case OPT_PEDANTIC:
        opt->pedantic = true;
        break;
    case OPT_IGNORE:
        parse_codes(state, "ignore", arg, opt->ignored);
        break;
    case OPT_SELECT:
        parse_codes(state, "select", arg, opt->selected);
        opt->select_given = true;
        break;
    case OPT_FORMAT:
        opt->format = (enum report_format)cli_keyword(state, "format", arg, report_format_names,
                                                      REPORT_FORMAT_NB);
        break;
    case OPT_FAIL_ON:
        opt->fail_on = (enum pgn_check_level)cli_keyword(state, "fail-on", arg, check_level_names,
                                                         PGN_CHECK_LEVEL_NB);
        break;
    case OPT_CONFIG:
        opt->config.path = arg;
        break;
    case OPT_NO_CONFIG:
        opt->config.none = true;
        break;
    case 'v':
    case OPT_INVERT:
        opt->invert = true;
        break;
    case OPT_STATS:
        opt->stats = true;
        break;
    case 'j':
        opt->jobs = (long)cli_uint_option(state, "jobs", arg, 0, JOBS_MAX);
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    case ARGP_KEY_END:
        if (opt->config.path && opt->config.none)
            argp_error(state, "--config and --no-config contradict each other");
        if (opt->invert && opt->format != REPORT_TEXT)
            argp_error(state, "--invert writes games: it needs --format=text");
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

/* The checks on: errors and warnings, the notes with --pedantic; --select
 * replaces that set, --ignore removes from it. */
static void enable_checks(struct pgn_checker *c, const struct options *o)
{
    for (int i = 0; i < PGN_CHECK_CODE_NB; i++) {
        enum pgn_check_code code = (enum pgn_check_code)i;
        bool on = o->select_given ? o->selected[i]
                                  : o->pedantic || pgn_check_code_level(code) != PGN_CHECK_NOTE;
        pgn_checker_enable(c, code, on && !o->ignored[i]);
    }
}

/* A worker: its own reader and checker (neither is thread-safe). */
struct worker {
    struct pgn_reader *reader;
    struct pgn_checker *checker;
};

static void worker_free(void *arg)
{
    struct worker *w = arg;
    if (!w)
        return;
    pgn_reader_free(w->reader);
    pgn_checker_free(w->checker);
    free(w);
}

/* A worker's reader takes the options' line cap and the checker's reader
 * options; its checker the checks asked for. */
static void *worker_new(void *arg)
{
    const struct options *o = arg;
    struct worker *w = calloc(1, sizeof *w);
    if (!w || !(w->reader = pgn_reader_new()) || !(w->checker = pgn_checker_new())) {
        worker_free(w);
        return NULL;
    }
    struct pgn_limits lim = {.max_line = o->common.max_line};
    pgn_reader_set_limits(w->reader, &lim);
    pgn_reader_set_options(w->reader, PGN_CHECK_READER_OPTIONS);
    enable_checks(w->checker, o);
    pgn_checker_set_variant(w->checker, (enum variant)o->common.variant, o->common.chess960);
    pgn_checker_set_chess960_all(w->checker, o->common.chess960_all);
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
    pgn_checker_set_line_offset(w->checker, line_offset);
    while ((rc = pgn_next_game(w->reader, &g)) > 0) {
        if (pgn_check_game(w->checker, &g, &cr) < 0) {
            res->out.nomem = true; /* hard_error says: out of memory */
            return -1;
        }
        checked_put_game(&res->out, &g, &cr, line_offset);
        res->games += !g.stray; /* (stray text is no game: numbers go on) */
        if (res->out.nomem)
            return -1;
        if (s && res->out.len >= FLUSH_AT) {
            jobs_stream_write(s, res);
            if (cli_stdout_failed() || ((struct checked_writer *)s->cfg->write_arg)->nomem)
                return 0;
        }
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
    char msg[GAMES_HARD_ERROR_MAX];
    enum pgn_error e = nomem || res->out.nomem ? PGN_E_NOMEM : pgn_reader_error(w->reader);
    res->status = cli_status_merge(
        res->status, games_hard_error_text(name, e, pgn_reader_errno(w->reader), msg, sizeof msg));
    unsigned long at = games_hard_error_line(e);
    jobs_diags_add(&res->diags, at, at ? 1 : 0, 0, msg);
    res->stop |= e == PGN_E_NOMEM;
}

/* --jobs N: one chunk of whole games, its lines numbered as in its file. */
static void check_chunk(void *arg, const struct jobs_chunk *in, struct jobs_result *res)
{
    struct worker *w = arg;
    int rc = -1;
    if (w && pgn_reader_open_mem(w->reader, in->data, in->len, in->name) == PGN_OK)
        rc = check_games(w, res, in->first_line - 1, NULL);
    if (rc < 0 && w)
        hard_error(w, res, in->name, false);
    else if (!w) {
        res->status = cli_nomem();
        res->stop = true;
    }
}

/* --jobs N: the rest of a file that cannot be cut into chunks, streamed. */
static void check_stream(void *arg, FILE *fp, const struct jobs_chunk *at, struct jobs_result *res,
                         struct jobs_stream *s)
{
    struct worker *w = arg;
    int rc = -1;
    if (w && pgn_reader_open_file(w->reader, fp, at->name) == PGN_OK)
        rc = check_games(w, res, at->first_line - 1, s);
    if (rc < 0 && w)
        hard_error(w, res, at->name, false);
    else if (!w)
        check_chunk(NULL, at, res);
}

/* One thread: each input streamed through one reader. */
static void run_serial(const struct options *o, struct checked_writer *run, struct jobs_totals *t)
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
        FILE *fp = cli_open(o->nfiles ? o->files[i] : NULL, &name);
        struct jobs_stream s = {&writer, name, 0, true};
        if (!fp) {
            t->status = cli_status_merge(t->status, CLI_NOINPUT);
            checked_write(run, &res, name, 0, true);
            continue;
        }
        int rc = -1;
        if (pgn_reader_open_file(w->reader, fp, name) == PGN_OK)
            rc = check_games(w, &res, 0, &s);
        if (rc < 0)
            hard_error(w, &res, name, false);
        jobs_stream_write(&s, &res);
        t->status = cli_status_merge(t->status, res.status);
        t->stop |= res.stop || cli_stdout_failed() || run->nomem;
        cli_close(fp);
    }
    jobs_result_free(&res);
    worker_free(w);
}

/* The findings from --fail-on's level up make the status 1. */
static int run_status(const struct options *o, const struct checked_writer *run, int status)
{
    if (run->nomem)
        status = cli_status_merge(status, cli_nomem());
    for (int lv = 0; lv <= (int)o->fail_on; lv++)
        if (run->found_at[lv])
            status = cli_status_merge(status, CLI_INVALID);
    return status;
}

static const struct argp_child children[] = {{&cli_common_argp, 0, "Common options:", 0}, {0}};
static const struct argp argp = {
    tool_options,
    parse_opt,
    "[FILE...]",
    "Check PGN games: clean games to stdout unchanged, every problem to stderr.\v"
    "Each game is read, its tags checked and its moves replayed; a game with no problem is "
    "written to standard output byte for byte, so 'pgn-check db.pgn > clean.pgn' cleans a "
    "database. Each problem is reported as FILE:LINE:COL: error|warning|note: game N (LABEL): "
    "message [code], the label being the game's players and round (White - Black, Round) or, "
    "without players, its Event; formats/pgn-check.md lists the codes. Text after a game's "
    "result that begins no game is reported about no game, as FILE:LINE:COL: error: text "
    "after a game's result belongs to no game (ignored): 'TEXT' [stray-text], and is not "
    "written. A directory FILE is "
    "every *.pgn file under it, in byte order of their paths; with no FILE, or when FILE is -, "
    "read standard input.\n\n"
    "Options can come from a file, " CONFIG_NAME ", looked for from the current directory up "
    "to the repository's top (the directory holding .git): 'key = value' lines with the keys "
    "ignore, select, fail-on, pedantic (true or false) and variant, '#' comment lines; the "
    "command line adds to its lists and overrides the rest (docs/ci.md). Under GitHub Actions "
    "(--format=github, or GITHUB_ACTIONS=true) a Markdown summary of the findings is appended "
    "to $GITHUB_STEP_SUMMARY.\n\n" CLI_EXIT_STATUS_DOC,
    children,
    NULL,
    NULL};

/* The checks on, then one thread or the jobs module, the report around
 * them, and the totals. */
int main(int argc, char **argv)
{
    struct options opt = {.jobs = 1, .fail_on = PGN_CHECK_NOTE}, first = opt;
    struct report report;
    struct checked_writer run = {.report = &report};
    struct jobs_totals t = {.status = CLI_OK};
    cli_init(argc, argv);
    /* A first pass finds --config and --no-config; the second parses the
     * file's options, then the command line's, which override them. */
    argp_parse(&argp, argc, argv, 0, NULL, &first);
    first.config.name = CONFIG_NAME;
    int nargs;
    char **args;
    int cs =
        config_args(&first.config, check_config_keys, CHECK_CONFIG_KEYS, argc, argv, &nargs, &args);
    if (cs != CLI_OK)
        return cli_finish(cs);
    argp_parse(&argp, nargs, args, 0, NULL, &opt);
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
    run.dups = pgn_check_dups_new();
    if (!probe || !run.dups) {
        t.status = cli_nomem();
    } else {
        enable_checks(probe, &opt);
        run.dup_on = pgn_checker_enabled(probe, PGN_CHECK_DUPLICATE_GAME);
        run.invert = opt.invert;
        run.games_out = !opt.common.quiet && opt.format == REPORT_TEXT;
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
        else if (cfg.threads > 1)
            jobs_run(&cfg, opt.files, opt.nfiles, &t);
        else
            run_serial(&opt, &run, &t);
        t.status = run_status(&opt, &run, t.status);
        struct report_totals totals = {run.games,       run.clean,
                                       run.with_errors, run.with_warnings,
                                       t.status,        check_level_names[opt.fail_on]};
        t.status = report_summary(&report, &totals, t.status);
        report_end(&report);
    }
    if (opt.stats && !opt.common.quiet)
        fprintf(stderr, "%lu game%s, %lu clean, %lu with errors, %lu with warnings\n", run.games,
                run.games == 1 ? "" : "s", run.clean, run.with_errors, run.with_warnings);
    pgn_checker_free(probe);
    pgn_check_dups_free(run.dups);
    checked_writer_free(&run);
    cli_operands_free(&ops);
    config_args_free(nargs, args, argc);
    return cli_finish(t.status);
}
