/*
 * explore_options.c - pgn-explore's command line (explore_options.h).
 */
#include "explore_options.h"

#include "cli/cli_help.h"
#include "cli/fen_cli.h"
#include "explore/explore.h"
#include "explore_criteria.h"
#include "games/game.h"
#include "input/cli_input.h"
#include "jobs/jobs.h"
#include "notation/fen.h"
#include "notation/san.h"
#include "rules/makemove.h"
#include "rules/variant.h"
#include "rules/variant_rules.h"

#include <stdlib.h>
#include <string.h>

enum {
    OPT_FEN = 0x400,
    OPT_MOVES,
    OPT_POSITIONS,
    OPT_TO,
    OPT_MAX_PLY,
    OPT_STATS,
};

static const struct argp_option tool_options[] = {
    {0, 0, 0, 0, "The position asked:", 2},
    {"fen", OPT_FEN, "FEN", 0,
     "The position (X-FEN or Shredder-FEN; its rules are those of --variant when it names one, "
     "else standard chess); the counters are not part of it",
     2},
    {"moves", OPT_MOVES, "'SAN...'", 0,
     "The position after these moves ('e4 c5 Nf3'), from the start or from --fen", 2},
    {"positions", OPT_POSITIONS, "FILE", 0,
     "One FEN a line (- : standard input; blank lines and lines starting with # skipped): one "
     "answer each, in order, from one pass over the games",
     2},
    {0, 0, 0, 0, "Output:", 3},
    {"to", OPT_TO, "FORMAT", 0,
     "table (the default: a table a person reads), json (lichess's explorer API shape; JSON "
     "Lines with --positions), tsv, csv (the move table), polyglot (a Polyglot book: --output)",
     3},
    {"json", 'J', 0, 0, "The same as --to=json", 3},
    {"max-ply", OPT_MAX_PLY, "N", 0,
     "Index the positions before the first N moves of each game (default 50, as lichess; "
     "with --to=polyglot, make-book's 1024)",
     3},
    {"jobs", 'j', "N", 0, "Read with N threads (0: one per CPU it may use); the output is the same",
     3},
    {"stats", OPT_STATS, 0, 0,
     "End with 'N games, N counted, N unreadable, N without result, N not chosen' on stderr", 3},
    {0},
};

static const char *const to_names[] = {"table", "json", "tsv", "csv", "polyglot", NULL};

/* The rules of a position read from the command line: the --variant
 * criterion's when it names one, and --chess960. */
static void asked_rules(const struct explore_options *opt, struct fen_options *fo)
{
    *fo = (struct fen_options){.chess960 = cli_chess960(&opt->common)};
    const char *v = explore_criteria_variant(&opt->criteria_opts);
    enum variant var = VARIANT_CHESS;
    bool c960 = false;
    if (v && !strchr(v, ',') &&
        (variant_parse(v, strlen(v), &var, &c960) || game_variant_parse(v, &var, &c960))) {
        fo->variant = (uint8_t)var;
        fo->chess960 |= c960;
    }
}

/* Read a FEN with the asked rules into *pos; false with rep filled. */
static bool read_fen(const struct explore_options *opt, const char *s, size_t len,
                     struct position *pos, struct fen_report *rep)
{
    struct fen_options fo;
    asked_rules(opt, &fo);
    struct fen_record rec;
    *rep = (struct fen_report){0};
    if (!fen_read(s, len, &fo, &rec, rep))
        return false;
    *pos = rec.pos;
    pos->chess960 = fo.chess960;
    return true;
}

/* The position asked on the command line: --fen, then --moves. */
static void asked_position(struct explore_options *opt, struct argp_state *state)
{
    struct position pos;
    if (opt->fen) {
        struct fen_report rep;
        if (!read_fen(opt, opt->fen, strlen(opt->fen), &pos, &rep))
            argp_error(state, "--fen: illegal position '%s'%s%s", opt->fen, rep.count ? ": " : "",
                       rep.count ? rep.problems[0].message : "");
    } else {
        struct fen_report rep;
        struct fen_options fo;
        asked_rules(opt, &fo);
        const char *start = variant_rules((enum variant)fo.variant)->start;
        if (!read_fen(opt, start, strlen(start), &pos, &rep))
            argp_error(state, "--variant: no standard start position for these rules");
    }
    for (const char *p = opt->moves; p && *p;) {
        while (*p == ' ' || *p == '\t')
            p++;
        const char *w = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (p == w)
            break;
        /* a move number ("1.", "1...") is skipped */
        const char *d = w;
        while (d < p && *d >= '0' && *d <= '9')
            d++;
        if (d > w && d < p && *d == '.') {
            while (d < p && *d == '.')
                d++;
            if (d == p)
                continue;
            w = d;
        }
        move m;
        enum san_error se = san_parse(&pos, w, (size_t)(p - w), &m);
        if (se != SAN_OK)
            argp_error(state, "--moves: illegal move '%.*s': %s", (int)(p - w), w,
                       san_error_message(se));
        makemove_play(&pos, m);
    }
    opt->asked = calloc(1, sizeof *opt->asked);
    if (!opt->asked)
        exit(cli_nomem());
    opt->asked[0] = (struct explore_asked){.pos = pos, .ok = true};
    opt->nasked = 1;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct explore_options *opt = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->criteria_opts;
        state->child_inputs[1] = &opt->common;
        state->child_inputs[2] = &opt->index;
        state->child_inputs[3] = &opt->book;
        break;
    case OPT_FEN:
        opt->fen = arg;
        break;
    case OPT_MOVES:
        opt->moves = arg;
        break;
    case OPT_POSITIONS:
        opt->positions = arg;
        break;
    case OPT_TO: {
        int i = 0;
        while (to_names[i] && strcmp(to_names[i], arg) != 0)
            i++;
        if (!to_names[i])
            argp_error(state, "--to: unknown format '%s' (table, json, tsv, csv, polyglot)", arg);
        opt->to = (enum explore_to)i;
        break;
    }
    case 'J':
        opt->to = EXPLORE_TO_JSON;
        break;
    case OPT_MAX_PLY:
        opt->max_ply = cli_uint_option(state, "max-ply", arg, 1, EXPLORE_MAX_PLY_MAX);
        opt->max_ply_given = true;
        break;
    case 'j':
        opt->jobs = (long)cli_uint_option(state, "jobs", arg, 0, JOBS_MAX);
        break;
    case OPT_STATS:
        opt->stats = true;
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    case ARGP_KEY_END: {
        char err[512];
        opt->criteria = explore_criteria_finish(&opt->criteria_opts, err, sizeof err);
        if (!opt->criteria)
            argp_error(state, "%s", err);
        if (opt->positions && (opt->fen || opt->moves))
            argp_error(state, "--positions asks its own positions: not with --fen or --moves");
        bool builds = opt->index.build || opt->index.merge || opt->to == EXPLORE_TO_POLYGLOT;
        if (!builds && !opt->positions)
            asked_position(opt, state);
        if (opt->positions && strcmp(opt->positions, "-") == 0 &&
            (opt->nfiles == 0 || (opt->nfiles == 1 && strcmp(opt->files[0], "-") == 0)) &&
            !opt->index.db)
            argp_error(state, "--positions reads standard input: name the game FILEs");
        break;
    }
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

static const struct argp_child children[] = {{&explore_criteria_argp, 0, NULL, 0},
                                             {&cli_common_select_argp, 0, "Common options:", 4},
                                             {&explore_index_argp, 0, "The saved index:", 5},
                                             {&explore_book_argp, 0, "Polyglot books:", 6},
                                             {0}};

static const struct argp argp = {
    tool_options,
    parse_opt,
    "[FILE...]",
    "Tell what is played in a position, and how each move scores, in the games of PGN "
    "archives: lichess's opening explorer on the command line.\v"
    "A game counts when it meets every criterion, has a known result (1-0, 0-1, 1/2-1/2 in "
    "its Result tag) and its main line replays; a game whose text or moves cannot be read is "
    "reported as FILE:LINE:COL: game N (LABEL): reason and skipped. The positions before its "
    "first --max-ply moves are indexed, each without its move counters and with the "
    "en-passant square only where a capture there is legal, so that transpositions merge; a "
    "game counts once per position, with the move it played there last. Games of each variant, "
    "and of Chess960, are kept apart from standard chess. Per move: games, White's wins, "
    "draws and Black's wins, the mean rating of the players who made it, and the last year it "
    "was played; the top games are those with the highest mean rating of both players. "
    "docs/pgn-explore.md is the manual. With no FILE, or when FILE is -, read standard input. "
    "Input compressed with zstd, gzip, bzip2 or xz is read as its text; a directory FILE is "
    "every *.pgn file under it, plain or compressed. The exit status is 0 when every game "
    "could be read, 1 when one could not.\n\n" CLI_EXIT_STATUS_DOC,
    children,
    NULL,
    NULL};

void explore_options_parse(struct explore_options *opt, int argc, char **argv)
{
    opt->max_ply = EXPLORE_MAX_PLY_DEFAULT;
    explore_criteria_prepare();
    argp_parse(&argp, argc, argv, 0, NULL, opt);
}

/* ---- --positions ---- */

static int position_line(void *ctx, const struct cli_input *in, const char *line, size_t len)
{
    struct explore_options *opt = ctx;
    static size_t cap;
    if (opt->nasked == cap) {
        size_t n = cap ? 2 * cap : 64;
        struct explore_asked *v = realloc(opt->asked, n * sizeof *v);
        if (!v)
            return cli_nomem();
        opt->asked = v;
        cap = n;
    }
    struct explore_asked *a = &opt->asked[opt->nasked++];
    *a = (struct explore_asked){.line = in->line_no};
    struct fen_report rep;
    a->ok = read_fen(opt, line, len, &a->pos, &rep);
    if (!a->ok) {
        if (!opt->common.quiet)
            fen_cli_problems(in->name, in->line_no, 0, &rep);
        return CLI_INVALID;
    }
    return CLI_OK;
}

int explore_options_positions(struct explore_options *opt)
{
    if (!opt->positions)
        return CLI_OK;
    struct cli_records how = {
        .max_line = opt->common.max_line, .quiet = opt->common.quiet, .comments = true};
    return cli_each_record(opt->positions, &how, position_line, opt);
}

void explore_options_free(struct explore_options *opt)
{
    select_free(opt->criteria);
    free(opt->asked);
    opt->criteria = NULL;
    opt->asked = NULL;
}
