/*
 * check_options.c - the values of pgn-check's options, checked alike on
 * the command line and in the configuration file (see check_options.h).
 */
#include "check_options.h"

#include "games/game.h"
#include "jobs/jobs.h"
#include "report.h"
#include "rules/variant.h"

#include <stdio.h>
#include <string.h>

const char *const check_options_level_names[PGN_CHECK_LEVEL_NB] = {"error", "warning", "note"};

/* Every code, for the message of an unknown one: the list to choose from. */
void check_options_list_codes(struct cli_buf *b)
{
    for (int i = 0; i < PGN_CHECK_CODE_NB; i++) {
        cli_buf_str(b, i ? ", " : "");
        cli_buf_str(b, pgn_check_code_name((enum pgn_check_code)i));
    }
    cli_buf_char(b, '\0');
}

/* The codes of a comma-separated list into set (when not NULL); false at
 * the first unknown one, at [*bad, *bad + *bad_len). */
bool check_options_codes_parse(const char *arg, size_t n, bool *set, size_t *bad, size_t *bad_len)
{
    const char *p = arg, *end = arg + n;
    for (;;) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        size_t len = comma ? (size_t)(comma - p) : (size_t)(end - p);
        enum pgn_check_code code;
        if (!pgn_check_code_parse(p, len, &code)) {
            *bad = (size_t)(p - arg);
            *bad_len = len;
            return false;
        }
        if (set)
            set[code] = true;
        if (!comma)
            return true;
        p = comma + 1;
    }
}

/* The values of the configuration file, checked as the options check
 * theirs, so that a bad one is reported at its place in the file. */
static const char *config_codes(const char *v, size_t n, size_t *at, char *buf, size_t size)
{
    size_t len;
    if (check_options_codes_parse(v, n, NULL, at, &len))
        return NULL;
    struct cli_buf b = {0};
    check_options_list_codes(&b);
    snprintf(buf, size, "unknown code '%.*s' (the codes: %s)", (int)len, v + *at,
             b.nomem ? "..." : b.data);
    cli_buf_free(&b);
    return buf;
}

static const char *config_level(const char *v, size_t n, size_t *at, char *buf, size_t size)
{
    (void)n;
    (void)buf;
    (void)size;
    *at = 0;
    for (int i = 0; i < PGN_CHECK_LEVEL_NB; i++)
        if (strcmp(v, check_options_level_names[i]) == 0)
            return NULL;
    return "expected error, warning or note";
}

static const char *config_variant(const char *v, size_t n, size_t *at, char *buf, size_t size)
{
    enum variant var;
    bool chess960;
    *at = 0;
    if (variant_parse(v, n, &var, &chess960) || game_variant_parse(v, &var, &chess960))
        return NULL;
    char names[VARIANT_NAMES_MAX];
    snprintf(buf, size, "expected %s", variant_names(names, sizeof names, 0));
    return buf;
}

/* The keys of .pgn-check.conf: the options a repository fixes. */
const struct config_key check_options_config_keys[CHECK_OPTIONS_CONFIG_KEYS] = {
    {"ignore", "--ignore", false, true, config_codes},
    {"select", "--select", false, true, config_codes},
    {"fail-on", "--fail-on", false, false, config_level},
    {"pedantic", "--pedantic", true, false, NULL},
    {"variant", "--variant", false, false, config_variant},
};

/* ---------------------------------------------------------------- the command line */

enum {
    OPT_PEDANTIC = 0x200,
    OPT_IGNORE,
    OPT_SELECT,
    OPT_FORMAT,
    OPT_INVERT,
    OPT_STATS,
    OPT_FAIL_ON,
    OPT_CONFIG,
    OPT_NO_CONFIG,
    OPT_FIX,
    OPT_IN_PLACE
};

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
     "Read the options of FILE (key = value lines) instead of looking for " CHECK_CONFIG_NAME
     " from the current directory up to the repository's top; the command line overrides them",
     0},
    {"no-config", OPT_NO_CONFIG, 0, 0, "Read no configuration file", 0},
    {"invert", OPT_INVERT, 0, 0, "Write the games that have a problem instead of the clean ones",
     0},
    {0, 'v', 0, OPTION_ALIAS, 0, 0}, /* as fen-check's and grep's -v */
    {"fix", OPT_FIX, 0, 0,
     "Write every game, the mendable ones mended (the Result tag, missing roster tags, move "
     "numbers, tag quotes; with --pedantic nonstandard tokens, SAN, layout: in the export "
     "format) and the others byte for byte; each finding mended is reported as a note with "
     "', fixed' after its code",
     0},
    {"in-place", OPT_IN_PLACE, 0, 0,
     "With --fix: rewrite each FILE that has something to mend (a new file renamed over it, "
     "its mode kept) instead of writing to stdout; the exit status is 1 when a file was "
     "changed; compressed files and standard input are refused",
     0},
    {"stats", OPT_STATS, CLI_STATS_ARG, OPTION_ARG_OPTIONAL,
     "End with 'N games, N clean, N with errors, N with warnings' on stderr; =json: one JSON "
     "object of those counts instead (games, clean, with_errors, with_warnings), which add up "
     "across runs",
     0},
    {"jobs", 'j', "N", 0,
     "Check with N threads (0: one per CPU it may use); the output is the same", 0},
    {0},
};

/* --select and --ignore take comma-separated codes; an unknown one is a
 * usage error that lists the codes, so a typo never turns a check off. */
static void parse_codes(struct argp_state *state, const char *option, const char *arg, bool *set)
{
    size_t bad, len;
    if (check_options_codes_parse(arg, strlen(arg), set, &bad, &len))
        return;
    struct cli_buf b = {0};
    check_options_list_codes(&b);
    argp_error(state, "unknown code '%.*s' in --%s (the codes: %s)", (int)len, arg + bad, option,
               b.nomem ? "..." : b.data);
    cli_buf_free(&b);
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct check_options *opt = state->input;
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
        opt->fail_on = (enum pgn_check_level)cli_keyword(
            state, "fail-on", arg, check_options_level_names, PGN_CHECK_LEVEL_NB);
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
        opt->stats = cli_stats_parse(state, arg);
        break;
    case OPT_FIX:
        opt->fix = true;
        break;
    case OPT_IN_PLACE:
        opt->in_place = true;
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
        if (opt->fix && opt->invert)
            argp_error(state, "--fix and --invert contradict each other");
        if (opt->fix && !opt->in_place && opt->format != REPORT_TEXT)
            argp_error(state, "--fix writes games: it needs --format=text, or --in-place");
        if (opt->in_place && !opt->fix)
            argp_error(state, "--in-place rewrites files with --fix: give --fix too");
        for (int i = 0; opt->in_place && i <= opt->nfiles; i++)
            if (i == opt->nfiles ? opt->nfiles == 0 : strcmp(opt->files[i], "-") == 0)
                argp_error(state, "--in-place rewrites files: standard input cannot be rewritten; "
                                  "name the files");
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

void check_options_enable(struct pgn_checker *c, const struct check_options *o)
{
    for (int i = 0; i < PGN_CHECK_CODE_NB; i++) {
        enum pgn_check_code code = (enum pgn_check_code)i;
        bool on = o->select_given ? o->selected[i]
                                  : o->pedantic || pgn_check_code_level(code) != PGN_CHECK_NOTE;
        pgn_checker_enable(c, code, on && !o->ignored[i]);
    }
}

static const struct argp_child children[] = {{&cli_common_argp, 0, "Common options:", 0}, {0}};
const struct argp check_options_argp = {
    tool_options,
    parse_opt,
    "[FILE...]",
    "Check PGN games: clean games to stdout unchanged, every problem to stderr.\v"
    "Each game is read, its tags checked and its moves replayed; a game with no problem is "
    "written to standard output byte for byte, so 'pgn-check db.pgn > clean.pgn' cleans a "
    "database. Each problem is reported as FILE:LINE:COL: error|warning|note: game N (LABEL): "
    "message [code], the label being the game's players and round (White - Black, Round) or, "
    "without players, its Event; formats/pgn-check.md lists the codes. Text outside any game "
    "(before the first, between two, after the last) is reported about no game, as "
    "FILE:LINE:COL: error: text outside any game (ignored): 'TEXT' [stray-text], and is not "
    "written. A directory FILE is "
    "every *.pgn file under it (and *.pgn.zst, *.pgn.gz, *.pgn.bz2, *.pgn.xz), in byte order of "
    "their paths; with no FILE, or when FILE is -, read standard input. Input compressed with "
    "zstd, gzip, bzip2 or xz (known by its first bytes, whatever its name) is read as its text; "
    "a damaged or truncated stream is reported once, at the line and column of the text where "
    "it breaks, after the games before it.\n\n"
    "Options can come from a file, " CHECK_CONFIG_NAME ", looked for from the current directory up "
    "to the repository's top (the directory holding .git): 'key = value' lines with the keys "
    "ignore, select, fail-on, pedantic (true or false) and variant, '#' comment lines; the "
    "command line adds to its lists and overrides the rest (docs/ci.md). Under GitHub Actions "
    "(--format=github, or GITHUB_ACTIONS=true) a Markdown summary of the findings is appended "
    "to $GITHUB_STEP_SUMMARY.\n\n" CLI_EXIT_STATUS_DOC,
    children,
    NULL,
    NULL};
