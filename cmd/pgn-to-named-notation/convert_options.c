/*
 * convert_options.c - pgn-to-named-notation's command line (see
 * convert_options.h).
 */
#include "convert_options.h"

#include "jobs/jobs.h"

enum {
    OPT_TO = 0x200,
    OPT_NAMES,
    OPT_INLINE,
    OPT_COMMENTS,
    OPT_NAGS,
    OPT_VARIATIONS,
    OPT_NO_COMMENTS,
    OPT_NO_NAGS,
    OPT_NO_VARIATIONS,
    OPT_FIELDS,
    OPT_PER_GAME,
    OPT_FIX_RESULT,
    OPT_ADD_PLYCOUNT,
    OPT_ADD_OPENING,
    OPT_ON_ERROR,
    OPT_STATS,
    OPT_STRICT,
};

static const struct argp_option tool_options[] = {
    {"to", OPT_TO, "FORMAT", 0, "Write ", 0}, /* and the targets: help_filter */
    {"notation", 'n', 0, OPTION_ALIAS, 0, 0}, /* legal-moves' name for it */
    {"names", OPT_NAMES, "VOCABULARY", 0,
     "Rule names: dagaz (the default) or zrf (Zillions of Games)", 0},
    {"inline", OPT_INLINE, 0, 0, "All plies of a game on one line, the result last", 0},
    {"comments", OPT_COMMENTS, 0, 0,
     "Keep comments, as {...} after their ply (--to=pgn keeps them unless --no-comments)", 0},
    {"nags", OPT_NAGS, 0, 0,
     "Keep NAGs (and !? suffixes) as $n after their ply (--to=pgn keeps them unless --no-nags)", 0},
    {"variations", OPT_VARIATIONS, 0, 0,
     "Keep variations, checked and converted, between ( and ) lines (--to=pgn keeps them unless "
     "--no-variations)",
     0},
    {"no-comments", OPT_NO_COMMENTS, 0, 0, "--to=pgn: leave the comments out", 0},
    {"no-nags", OPT_NO_NAGS, 0, 0, "--to=pgn: leave the NAGs out", 0},
    {"no-variations", OPT_NO_VARIATIONS, 0, 0, "--to=pgn: leave the variations out", 0},
    {"fields", OPT_FIELDS, "LIST", 0,
     "--to=tsv, --to=csv: the columns, comma-separated: game, line, ply, move, side, uci, san, "
     "named, fen, fen_before, clock, emt, eval, eco, opening, result, tag:NAME (see "
     "formats/game-table.md); by default " GAME_TABLE_DEFAULT_PLY
     ", and with --per-game " GAME_TABLE_DEFAULT_GAME,
     0},
    {"per-game", OPT_PER_GAME, 0, 0,
     "--to=tsv, --to=csv: one row a game rather than a ply (its moves joined, its last position)",
     0},
    {"fix-result", OPT_FIX_RESULT, 0, 0,
     "--to=pgn: the Result tag and the termination marker from the game's end where the rules "
     "decide it (checkmate, stalemate, insufficient material, the seventy-five-move rule, a "
     "variant's end); elsewhere the Result tag follows the marker",
     0},
    {"add-plycount", OPT_ADD_PLYCOUNT, 0, 0, "--to=pgn: add a PlyCount tag (main-line plies)", 0},
    {"add-opening", OPT_ADD_OPENING, 0, 0,
     "--to=pgn: add ECO and Opening tags, lichess's classification (as pgn-select --eco reads "
     "it)",
     0},
    {"on-error", OPT_ON_ERROR, "ACTION", 0,
     "For a game with an error: skip it (the default), keep the plies before the error and a "
     "'; error:' line, or stop",
     0},
    {"stats", OPT_STATS, CLI_STATS_ARG, OPTION_ARG_OPTIONAL,
     "End with 'N games, N converted, N with errors' on stderr; =json: one JSON object of those "
     "counts instead (games, converted, with_errors), which add up across runs",
     0},
    {"strict", OPT_STRICT, 0, 0,
     "Refuse a FEN tag whose position no game can reach (by default any position whose moves are "
     "defined is replayed)",
     0},
    {"jobs", 'j', "N", 0,
     "Convert with N threads (0: one per CPU it may use); the output is the same", 0},
    {0},
};

/* "--to=tsv and --to=csv": the targets with a flag, for the messages. */
struct target_list {
    char s[256];
};

static struct target_list targets_with(unsigned flag)
{
    struct target_list l = {{0}};
    size_t n = 0, k = 0, len = 0;
    for (size_t i = 0; i < convert_targets_n; i++)
        n += (convert_targets[i].flags & flag) != 0;
    for (size_t i = 0; i < convert_targets_n && len < sizeof l.s; i++) {
        if (!(convert_targets[i].flags & flag))
            continue;
        const char *sep = k == 0 ? "" : k == n - 1 ? " and " : ", ";
        k++;
        len += (size_t)snprintf(l.s + len, sizeof l.s - len, "%s--to=%s", sep,
                                convert_targets[i].name);
    }
    return l;
}

/* Which of the keep/leave-out options were given, to settle at the end. */
struct given {
    bool comments, nags, variations, no_comments, no_nags, no_variations;
};

static void settle_keeps(struct argp_state *state, struct convert_options *opt,
                         const struct given *g)
{
    static const char *const names[] = {"comments", "nags", "variations"};
    const bool keep[] = {g->comments, g->nags, g->variations};
    const bool drop[] = {g->no_comments, g->no_nags, g->no_variations};
    bool *out[] = {&opt->comments, &opt->nags, &opt->variations};
    for (int i = 0; i < 3; i++) {
        if (keep[i] && drop[i])
            argp_error(state, "--%s and --no-%s contradict each other", names[i], names[i]);
        if (drop[i] && !(opt->to->flags & CONVERT_KEEPS))
            argp_error(state,
                       "--no-%s applies to %s (the other formats leave %s out "
                       "unless --%s)",
                       names[i], targets_with(CONVERT_KEEPS).s, names[i], names[i]);
        *out[i] = opt->to->flags & CONVERT_KEEPS ? !drop[i] : keep[i];
    }
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    static struct given given; /* (one command line per process) */
    struct convert_options *opt = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->common;
        given = (struct given){0};
        break;
    case 'n':
    case OPT_TO: {
        const char *names[CONVERT_TARGETS_MAX];
        for (size_t i = 0; i < convert_targets_n; i++)
            names[i] = convert_targets[i].name;
        opt->to = &convert_targets[cli_keyword(state, key == 'n' ? "notation" : "to", arg, names,
                                               (int)convert_targets_n)];
        break;
    }
    case OPT_NAMES:
        opt->names = (enum named_vocabulary)cli_keyword(
            state, "names", arg, named_vocabulary_names(), NAMED_VOCABULARY_NB);
        break;
    case OPT_INLINE:
        opt->inline_layout = true;
        break;
    case OPT_COMMENTS:
        given.comments = true;
        break;
    case OPT_NAGS:
        given.nags = true;
        break;
    case OPT_VARIATIONS:
        given.variations = true;
        break;
    case OPT_NO_COMMENTS:
        given.no_comments = true;
        break;
    case OPT_NO_NAGS:
        given.no_nags = true;
        break;
    case OPT_NO_VARIATIONS:
        given.no_variations = true;
        break;
    case OPT_FIELDS:
        opt->fields = arg;
        break;
    case OPT_PER_GAME:
        opt->per_game = true;
        break;
    case OPT_FIX_RESULT:
        opt->fix_result = true;
        break;
    case OPT_ADD_PLYCOUNT:
        opt->add_plycount = true;
        break;
    case OPT_ADD_OPENING:
        opt->add_opening = true;
        break;
    case OPT_ON_ERROR:
        opt->on_error = games_on_error(state, arg);
        break;
    case OPT_STATS:
        opt->stats = cli_stats_parse(state, arg);
        break;
    case OPT_STRICT:
        opt->strict = true;
        break;
    case 'j':
        opt->jobs = (long)cli_uint_option(state, "jobs", arg, 0, JOBS_MAX);
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    case ARGP_KEY_END: {
        const struct convert_target *t = opt->to;
        if (opt->inline_layout && t->no_inline)
            argp_error(state, "--inline does not apply to --to=%s (%s)", t->name, t->no_inline);
        if ((opt->fields || opt->per_game) && !(t->flags & CONVERT_TABLE))
            argp_error(state, "--%s applies to %s", opt->fields ? "fields" : "per-game",
                       targets_with(CONVERT_TABLE).s);
        if ((opt->fix_result || opt->add_plycount || opt->add_opening) &&
            !(t->flags & CONVERT_EXPORT))
            argp_error(state, "--%s applies to %s",
                       opt->fix_result     ? "fix-result"
                       : opt->add_plycount ? "add-plycount"
                                           : "add-opening",
                       targets_with(CONVERT_EXPORT).s);
        settle_keeps(state, opt, &given);
        if (t->no_annotations && (opt->comments || opt->nags || opt->variations))
            argp_error(state, "--%s does not apply to --to=%s (%s)",
                       opt->comments ? "comments"
                       : opt->nags   ? "nags"
                                     : "variations",
                       t->name, t->no_annotations);
        char err[512];
        if (t->settle && !t->settle(opt, err, sizeof err))
            argp_error(state, "%s", err);
        break;
    }
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

struct convert_options convert_options_defaults(void)
{
    return (struct convert_options){.to = &convert_targets[0], .names = NAMED_DAGAZ, .jobs = 1};
}

/* --to's help: "Write " and the targets, from their rows ("named (the
 * default), uci, ..., tsv or csv (a table, ...)"). */
static char *help_filter(int key, const char *text, void *input)
{
    (void)input;
    if (key != OPT_TO || !text)
        return (char *)text;
    struct cli_buf b = {0};
    cli_buf_str(&b, text);
    for (size_t i = 0; i < convert_targets_n; i++) {
        const struct convert_target *t = &convert_targets[i];
        if (i)
            cli_buf_str(&b, convert_targets[i - 1].or_next ? " or " : ", ");
        cli_buf_str(&b, t->name);
        if (t->help && *t->help) {
            cli_buf_char(&b, ' ');
            cli_buf_str(&b, t->help);
        }
    }
    cli_buf_char(&b, '\0');
    return b.nomem ? (cli_buf_free(&b), (char *)text) : b.data;
}

static const struct argp_child children[] = {{&cli_common_argp, 0, "Common options:", 0}, {0}};
const struct argp convert_argp = {
    tool_options,
    parse_opt,
    "[FILE...]",
    "Rewrite PGN games in the Dagaz named-rule notation (or UCI, SAN, LAN, FEN).\v"
    "Each ply is written as FROM SEP TO RULE [PARAMS] [= PIECE] with its move number, "
    "e.g. '2. g1 - f3 leap2 n nw' (see formats/named-notation.md). Every game is checked "
    "move by move; a game with an illegal move is reported as "
    "FILE:LINE:COL: game N (LABEL): ply P (17...): illegal move 'Ke3': reason. "
    "Text the reader would have to repair (a tag pair cut short, a NUL or control byte) is "
    "reported as damaged text and its game not written; UTF-16 input is refused with one "
    "message ('UTF-16 text: convert it to UTF-8'); LF, CRLF and a lone CR each end a line. "
    "Text after a game's result that begins no game (words, a stray ')', a NAG) "
    "belongs to no game: it is reported where it stands and the exit status is 1, and the "
    "games around it are converted. A game is converted, with a warning at the place and "
    "the exit status unchanged, when a tag repeats (its first value is kept and written) and "
    "when it has no result but a new game's '1.' follows a blank line (two games, not one). "
    "With no FILE, or when FILE is -, read standard input. Input compressed with zstd, gzip, "
    "bzip2 or xz (known by its first bytes, whatever its name) is read as its text; a damaged "
    "or truncated stream is reported once, at the line and column of the text where it breaks, "
    "after the games before it. On a terminal, a run longer than a second shows its progress "
    "on standard error: games, games per second and, when the input is regular files, "
    "megabytes read of their total (compressed bytes, for compressed "
    "files).\n\n" CLI_EXIT_STATUS_DOC,
    children,
    help_filter,
    NULL};
