/*
 * select_options.c - pgn-select's command line (select_options.h).
 */
#include "select_options.h"

#include "cli/cli_help.h"
#include "jobs/jobs.h"
#include "rules/variant.h"

#include <stdlib.h>

/* A criterion's option is OPT_CRITERION + its enum select_criterion (but
 * --player's, -p); lib/policy/select.c has its row. */
enum {
    OPT_CRITERION = 0x300,
    OPT_TAG = OPT_CRITERION + SELECT_TAG,
    OPT_SPEED = OPT_CRITERION + SELECT_SPEED,
    OPT_VARIANT = OPT_CRITERION + SELECT_VARIANT,
    OPT_FEN = OPT_CRITERION + SELECT_FEN,
    OPT_POSITION = OPT_CRITERION + SELECT_POSITION,
    OPT_MATERIAL = OPT_CRITERION + SELECT_MATERIAL,
    OPT_MATERIAL_PLIES = OPT_CRITERION + SELECT_MATERIAL_PLIES,
    OPT_MIN_PLIES = OPT_CRITERION + SELECT_MIN_PLIES,
    OPT_MAX_PLIES = OPT_CRITERION + SELECT_MAX_PLIES,
    OPT_ENDING = OPT_CRITERION + SELECT_ENDING,
    OPT_MOVES = OPT_CRITERION + SELECT_MOVES,
    OPT_ECO = OPT_CRITERION + SELECT_ECO,
    OPT_OPENING = OPT_CRITERION + SELECT_OPENING,
    OPT_UNIQUE = OPT_CRITERION + SELECT_UNIQUE,
    OPT_LIMIT = 0x200,
    OPT_UNIQUE_MAX,
    OPT_STATS,
    OPT_AT,
};

static const struct argp_option tool_options[] = {
    {0, 0, 0, 0, "Criteria (a game is chosen when it meets them all):", 1},
    {"tag", OPT_TAG, "'NAME OP VALUE'", 0,
     "A tag compared with a value: OP is = != < <= > >= (numbers as numbers, dates such as "
     "2024.01.?? as dates, other values as text) or ~ !~ (a PCRE2 pattern); spaces around OP "
     "are optional ('WhiteElo>=2700'). A game without the tag meets no comparison. Repeatable: "
     "every one must hold",
     1},
    {"player", 'p', "PATTERN", 0, "White or Black matches the PCRE2 pattern", 1},
    {"speed", OPT_SPEED, "LIST", 0,
     "The speed of the TimeControl tag, by lichess's rule (initial + 40 x increment seconds: "
     "ultrabullet < 30, bullet < 180, blitz < 480, rapid < 1500, classical < 21600; '-' is "
     "correspondence); a comma-separated list, any one",
     1},
    {"variant", OPT_VARIANT, "NAME", 0,
     "The rules of the game, from its Variant tag (none: chess): %s (PGN's spellings too)", 1},
    {"fen", OPT_FEN, "FEN", 0,
     "The main line reaches this position (pieces, side to move, castling rights, and the "
     "en-passant square when a capture there is legal; the counters are not compared); "
     "repeatable: any one",
     1},
    {"position", OPT_POSITION, "PATTERN", 0,
     "The main line reaches a board that the pattern describes: FEN's board field where ? "
     "stands for any square ('rnbqkb?r/pp??pppp/8/8/8/8/PPPPPPPP/RNBQKBNR'), optionally "
     "followed by ' w' or ' b'; repeatable: any one",
     1},
    {"material", OPT_MATERIAL, "SIG", 0,
     "The main line reaches this material, White's pieces then Black's ('KQR:KR'; '+' after "
     "a side: at least those, 'KR+:K'); repeatable: any one",
     1},
    {"material-plies", OPT_MATERIAL_PLIES, "N", 0,
     "The material of --material is held for N plies in a row (default 1)", 1},
    {"min-plies", OPT_MIN_PLIES, "N", 0, "The main line has at least N plies", 1},
    {"max-plies", OPT_MAX_PLIES, "N", 0, "The main line has at most N plies", 1},
    {"ending", OPT_ENDING, "LIST", 0,
     "The position at the end of the main line: checkmate, stalemate, insufficient "
     "(material), threefold (it stands for the third time), fifty (fifty moves without a "
     "capture or a pawn move) or variant (the variant's own end); a comma-separated list, any one",
     1},
    {"moves", OPT_MOVES, "'SAN...'", 0,
     "The main line starts with these moves ('e4 c5 Nf3'), from the standard starting position", 1},
    {"eco", OPT_ECO, "CODES", 0,
     "The game's opening has one of these ECO codes or ranges ('B90', 'A00-B99', "
     "'C60-C99,B20'), named by lichess's table of openings (lichess-org/chess-openings, built in) "
     "as lichess "
     "names them: the deepest named position among the first 40 plies",
     1},
    {"opening", OPT_OPENING, "PATTERN", 0,
     "The name of the game's opening matches the PCRE2 pattern ('Sicilian.*Najdorf')", 1},
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
    {"at", OPT_AT, "OFFSET", 0,
     "Write the one game that starts at byte OFFSET of FILE, read there directly (a plain file: "
     "its offset as --to=json's \"offset\" or pgn-check --format=json gives it)",
     2},
    {0},
};

/* The long name of an option, for the messages. */
static const char *option_name(int key)
{
    for (const struct argp_option *o = tool_options; o->name || o->doc; o++)
        if (o->key == key && o->name)
            return o->name;
    return "?";
}

/* The criterion of an option, or SELECT_CRITERION_NB. */
static enum select_criterion criterion_of(int key)
{
    if (key == 'p')
        return SELECT_PLAYER;
    if (key >= OPT_CRITERION && key < OPT_CRITERION + SELECT_CRITERION_NB)
        return (enum select_criterion)(key - OPT_CRITERION);
    return SELECT_CRITERION_NB;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct select_options *opt = state->input;
    char err[512];
    enum select_criterion c = criterion_of(key);
    if (c != SELECT_CRITERION_NB) {
        if (!select_add(opt->criteria, c, arg, err, sizeof err))
            argp_error(state, "--%s: %s", option_name(key), err);
        opt->unique |= c == SELECT_UNIQUE;
        return 0;
    }
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->common;
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
    case OPT_AT:
        opt->at = cli_uint_option(state, "at", arg, 0, ULONG_MAX);
        opt->at_given = true;
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    case ARGP_KEY_END:
        if (opt->at_given && opt->nfiles != 1)
            argp_error(state, "--at reads one game of one FILE: give exactly one FILE");
        if (opt->unique_max && !opt->unique)
            argp_error(state, "--unique-max bounds --unique, which is not given");
        if (!select_finish(opt->criteria, err, sizeof err))
            argp_error(state, "%s", err);
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

/* --variant's help: the names from the rule table. */
static char *help_filter(int key, const char *text, void *input)
{
    (void)input;
    return key == OPT_VARIANT && text ? cli_help_variants(text, 0) : (char *)text;
}

static const struct argp_child children[] = {{&cli_common_select_argp, 0, "Common options:", 3},
                                             {0}};

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
    help_filter,
    NULL};

void select_options_parse(struct select_options *opt, int argc, char **argv)
{
    opt->criteria = select_new();
    if (!opt->criteria)
        exit(cli_nomem());
    argp_parse(&argp, argc, argv, 0, NULL, opt);
}
