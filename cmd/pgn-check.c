/*
 * pgn-check - check PGN game databases: every game without a problem goes
 * to standard output byte for byte, every problem of the others to
 * standard error (or, with --format, a JSON, SARIF or GitHub report to
 * standard output).  The checks are lib/pgn_check.c's; the formats
 * cmd/report.c's.
 */
#include "cli.h"
#include "games.h"
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
    char **files;
    int nfiles;
};

enum { OPT_PEDANTIC = 0x200, OPT_IGNORE, OPT_SELECT, OPT_FORMAT, OPT_INVERT, OPT_STATS };

static const struct argp_option tool_options[] = {
    {"pedantic", OPT_PEDANTIC, 0, 0,
     "Add the notes: check marks, SAN style, castling with zeros, long lines, tag order", 0},
    {"ignore", OPT_IGNORE, "CODE[,CODE...]", 0, "Turn these checks off", 0},
    {"select", OPT_SELECT, "CODE[,CODE...]", 0, "Run only these checks (notes included)", 0},
    {"format", OPT_FORMAT, "FORMAT", 0,
     "text (the default: games to stdout, diagnostics to stderr), or json (JSON lines), sarif "
     "(SARIF 2.1.0) or github (workflow annotations): the report to stdout, no games",
     0},
    {"invert", OPT_INVERT, 0, 0, "Write the games that have a problem instead of the clean ones",
     0},
    {"stats", OPT_STATS, 0, 0,
     "End with 'N games, N clean, N with errors, N with warnings' on stderr", 0},
    {0},
};

/* Every code, for the message of an unknown one: the list to choose from. */
static void list_codes(struct cli_buf *b)
{
    for (int i = 0; i < PGN_CHECK_CODE_NB; i++) {
        cli_buf_str(b, i ? ", " : "");
        cli_buf_str(b, pgn_check_code_name((enum pgn_check_code)i));
    }
    cli_buf_char(b, '\0');
}

/* --select and --ignore take comma-separated codes; an unknown one is a
 * usage error that lists the codes, so a typo never turns a check off. */
static void parse_codes(struct argp_state *state, const char *option, const char *arg, bool *set)
{
    const char *p = arg;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        enum pgn_check_code code;
        if (!pgn_check_code_parse(p, len, &code)) {
            struct cli_buf b = {0};
            list_codes(&b);
            argp_error(state, "unknown code '%.*s' in --%s (the codes: %s)", (int)len, p, option,
                       b.nomem ? "..." : b.data);
            cli_buf_free(&b);
            return;
        }
        set[code] = true;
        if (!comma)
            return;
        p = comma + 1;
    }
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
    case OPT_INVERT:
        opt->invert = true;
        break;
    case OPT_STATS:
        opt->stats = true;
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    case ARGP_KEY_END:
        if (opt->invert && opt->format != REPORT_TEXT)
            argp_error(state, "--invert writes games: it needs --format=text");
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

/* The inputs seen so far, for naming the first copy of a duplicate: the
 * duplicate table numbers games across all inputs (ordinals). */
struct input {
    const char *name;
    unsigned long first_ordinal;
};

struct run {
    const struct options *opt;
    struct pgn_checker *checker;
    struct pgn_check_dups *dups;
    struct report report;
    struct input *inputs;
    size_t ninputs;
    unsigned long ordinal; /* games so far, all inputs */
    unsigned long games, clean, with_errors, with_warnings;
    bool found;        /* something was reported */
    bool last_written; /* the previous game of this input went to stdout */
    int status;
};

/* Which input holds the game with this ordinal (inputs are in order). */
static const struct input *input_of(const struct run *run, unsigned long ordinal)
{
    size_t lo = 0, hi = run->ninputs;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (run->inputs[mid].first_ordinal <= ordinal)
            lo = mid;
        else
            hi = mid;
    }
    return &run->inputs[lo];
}

/* PGN standard 8.2.6's "same game" for a database: the first copy stays,
 * each later one is reported with the place of the first. */
static int check_duplicate(struct run *run, const struct pgn_game *g, struct pgn_check_result *res)
{
    uint32_t first, line;
    if (!res->hashed || run->ordinal > UINT32_MAX)
        return 0;
    int seen = pgn_check_dups_find(run->dups, res->hash, (uint32_t)run->ordinal,
                                   g->line > UINT32_MAX ? UINT32_MAX : (uint32_t)g->line, &first,
                                   &line);
    if (seen <= 0)
        return seen;
    const struct input *in = input_of(run, first);
    const struct input *cur = &run->inputs[run->ninputs - 1];
    return pgn_check_duplicate(run->checker, g, res, first - in->first_ordinal + 1,
                               in == cur ? NULL : in->name, line);
}

/* The blank lines at the start of a game's bytes: the separator after the
 * game before it, written with that game. */
static size_t separator_len(const char *s, size_t n)
{
    size_t lead = 0, i = 0;
    while (i < n) {
        if (s[i] == '\n')
            lead = ++i;
        else if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')
            i++;
        else
            break;
    }
    return lead;
}

/* Check one game, report its problems, and pass it through when it is
 * clean (or, under --invert, when it is not).  The blank lines between
 * two games go out with the first, so the games written stay separated
 * as they were and nothing is written before the first. */
static int handle_game(struct run *run, const char *name, const struct pgn_game *g)
{
    const struct options *o = run->opt;
    struct pgn_check_result res;
    run->ordinal++;
    run->games++;
    if (pgn_check_game(run->checker, g, &res) < 0 || check_duplicate(run, g, &res) < 0)
        return -1;
    for (size_t i = 0; i < res.ndiags; i++)
        report_diag(&run->report, name, g->number, &res.diags[i]);
    bool clean = res.ndiags == 0;
    run->clean += clean;
    run->with_errors += res.errors > 0;
    run->with_warnings += res.warnings > 0;
    run->found |= !clean;
    if (o->common.quiet || o->format != REPORT_TEXT || !g->raw)
        return 0;
    size_t lead = separator_len(g->raw, g->raw_len);
    if (run->last_written)
        fwrite_unlocked(g->raw, 1, lead, stdout);
    run->last_written = clean != o->invert;
    if (run->last_written)
        fwrite_unlocked(g->raw + lead, 1, g->raw_len - lead, stdout);
    return 0;
}

/* One input, game by game through one reader: memory is that of one game
 * (and the duplicate table), whatever the input's size. */
static void check_input(struct run *run, struct pgn_reader *reader, const char *path)
{
    const char *name;
    FILE *fp = cli_open(path, &name);
    if (!fp) {
        run->status = cli_status_merge(run->status, CLI_NOINPUT);
        return;
    }
    struct input *in = realloc(run->inputs, (run->ninputs + 1) * sizeof *in);
    if (!in) {
        run->status = cli_status_merge(run->status, cli_nomem());
        cli_close(fp);
        return;
    }
    run->inputs = in;
    run->inputs[run->ninputs++] = (struct input){name, run->ordinal + 1};
    run->last_written = !run->opt->invert; /* blank lines opening a file stay */
    struct pgn_game g;
    int rc = -1;
    if (pgn_reader_open_file(reader, fp, name) == PGN_OK)
        while (!cli_stdout_failed() && (rc = pgn_next_game(reader, &g)) > 0)
            if (handle_game(run, name, &g) < 0) {
                run->status = cli_status_merge(run->status, cli_nomem());
                rc = 0;
                break;
            }
    if (rc < 0)
        run->status = cli_status_merge(
            run->status, games_hard_error(name, pgn_reader_error(reader), pgn_reader_errno(reader)));
    const char *rest;
    unsigned long rest_line;
    size_t n = pgn_reader_rest(reader, &rest, &rest_line);
    if (rc == 0 && n && run->last_written && !run->opt->common.quiet &&
        run->opt->format == REPORT_TEXT)
        fwrite_unlocked(rest, 1, n, stdout);
    cli_close(fp);
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

static const struct argp_child children[] = {{&cli_common_argp, 0, "Common options:", 0}, {0}};
static const struct argp argp = {
    tool_options,
    parse_opt,
    "[FILE...]",
    "Check PGN games: clean games to stdout unchanged, every problem to stderr.\v"
    "Each game is read, its tags checked and its moves replayed; a game with no problem is "
    "written to standard output byte for byte, so 'pgn-check db.pgn > clean.pgn' cleans a "
    "database. Each problem is reported as FILE:LINE:COL: error|warning|note: game N (White - "
    "Black, Round): message [code]; formats/pgn-check.md lists the codes. With no FILE, or "
    "when FILE is -, read standard input.\n\n" CLI_EXIT_STATUS_DOC,
    children,
    NULL,
    NULL};

int main(int argc, char **argv)
{
    struct options opt = {0};
    struct run run = {.opt = &opt};
    cli_init(argc, argv);
    argp_parse(&argp, argc, argv, 0, NULL, &opt);
    /* A database can hold a finding per game: stderr goes out by the line
     * (by the buffer when no terminal waits for it) rather than by the
     * piece, and stdout by the buffer. */
    setvbuf(stderr, NULL, isatty(fileno(stderr)) ? _IOLBF : _IOFBF, 1 << 16);
    struct pgn_reader *reader = pgn_reader_new();
    run.checker = pgn_checker_new();
    run.dups = pgn_check_dups_new();
    if (!reader || !run.checker || !run.dups) {
        run.status = cli_nomem();
    } else {
        struct pgn_limits lim = {.max_line = opt.common.max_line};
        pgn_reader_set_limits(reader, &lim);
        pgn_reader_set_options(reader, PGN_CHECK_READER_OPTIONS);
        enable_checks(run.checker, &opt);
        report_begin(&run.report, opt.format, opt.common.quiet);
        for (int i = 0; i < (opt.nfiles ? opt.nfiles : 1) && !cli_stdout_failed(); i++)
            check_input(&run, reader, opt.nfiles ? opt.files[i] : "-");
        report_end(&run.report);
    }
    if (run.found)
        run.status = cli_status_merge(run.status, CLI_INVALID);
    if (opt.stats && !opt.common.quiet)
        fprintf(stderr, "%lu games, %lu clean, %lu with errors, %lu with warnings\n", run.games,
                run.clean, run.with_errors, run.with_warnings);
    pgn_reader_free(reader);
    pgn_checker_free(run.checker);
    pgn_check_dups_free(run.dups);
    free(run.inputs);
    return cli_finish(run.status);
}
