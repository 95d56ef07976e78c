/*
 * select_options.c - pgn-select's command line (select_options.h).
 */
#include "select_options.h"

#include "cli/criteria_args.h"
#include "jobs/jobs.h"

#include <stdlib.h>

/* The criteria's options are criteria_argp's (cmd/cli/criteria_args.h),
 * from the library's rows; --unique, whose identities the writer keeps,
 * and --unique-max are the tool's own. */
enum {
    OPT_LIMIT = 0x200,
    OPT_UNIQUE_MAX,
    OPT_STATS,
    OPT_UNIQUE,
};

static const struct argp_option tool_options[] = {
    {"unique", OPT_UNIQUE, 0, 0,
     "Of the games with the same rules, start position and main line, only the first (names, "
     "dates and other tags are not compared)",
     1},
    {"unique-max", OPT_UNIQUE_MAX, "N", 0,
     "--unique remembers at most N distinct games (default 16777216, about 32 bytes each); "
     "past that, a warning, and later games are compared with those remembered only",
     1},
    {0, 0, 0, 0, "Output:", 2},
    {"invert", 'v', 0, 0, "Write the games that are not chosen", 2},
    {"count", 'c', 0, 0, "Write only the number of games that would be written", 2},
    {"limit", OPT_LIMIT, "N", 0, "Stop after N games written (or counted)", 2},
    {"jobs", 'j', "N", 0, "Read with N threads (0: one per CPU it may use); the output is the same",
     2},
    {"stats", OPT_STATS, 0, 0,
     "End with 'N games, N selected, N unreadable' (and ', N duplicates' with --unique) on stderr",
     2},
    {0},
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct select_options *opt = state->input;
    char err[512];
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = opt->criteria;
        state->child_inputs[1] = &opt->common;
        break;
    case OPT_UNIQUE:
        if (!select_add(opt->criteria, "unique", NULL, err, sizeof err))
            argp_error(state, "--unique: %s", err);
        opt->unique = true;
        break;
    case 'v':
        opt->invert = true;
        break;
    case 'c':
        opt->count = true;
        break;
    case OPT_LIMIT:
        opt->limit = cli_uint_option(state, "limit", arg, 1, ULONG_MAX);
        break;
    case 'j':
        opt->jobs = (long)cli_uint_option(state, "jobs", arg, 0, JOBS_MAX);
        break;
    case OPT_UNIQUE_MAX:
        opt->unique_max = cli_uint_option(state, "unique-max", arg, 1, SELECT_UNIQUE_MAX);
        break;
    case OPT_STATS:
        opt->stats = true;
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    case ARGP_KEY_END:
        if (opt->unique_max && !opt->unique)
            argp_error(state, "--unique-max bounds --unique, which is not given");
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

static const struct argp_child children[] = {
    {&criteria_argp, 0, NULL, 0}, {&cli_common_select_argp, 0, "Common options:", 3}, {0}};

static const struct argp argp = {
    tool_options,
    parse_opt,
    "[FILE...]",
    "Write the PGN games that meet every criterion, each byte for byte as it was read.\v"
    "Games of every variant and of every dialect the other tools read are judged. Criteria on "
    "tags alone never replay the moves; the others replay each main line whose tags pass. A "
    "game whose text or moves cannot be read when they are needed is reported as "
    "FILE:LINE:COL: game N (LABEL): reason, and written neither as chosen nor under --invert. "
    "The output is PGN again: pgn-select's output can be read by pgn-select or "
    "pgn-to-named-notation. formats/pgn-select.md describes each criterion. With no FILE, or "
    "when FILE is -, read standard input. Input compressed with zstd, gzip, bzip2 or xz "
    "(known by its first bytes, whatever its name) is read as its text; a damaged or "
    "truncated stream is reported once, at the line and column of the text where it breaks. "
    "A directory FILE is every *.pgn file under it, plain or compressed (*.pgn.zst, "
    "*.pgn.gz, *.pgn.bz2, *.pgn.xz). The exit status is 0 when a game was written (or counted) "
    "and every game needed could be read, 1 when none was or when a game could not be "
    "read.\n\n" CLI_EXIT_STATUS_DOC,
    children,
    NULL,
    NULL};

void select_options_parse(struct select_options *opt, int argc, char **argv)
{
    opt->criteria = select_new();
    if (!opt->criteria)
        exit(cli_nomem());
    argp_parse(&argp, argc, argv, 0, NULL, opt);
}
