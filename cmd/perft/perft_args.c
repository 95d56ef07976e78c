/*
 * perft_args.c - perft's command line (see perft_args.h).
 */
#include "perft_args.h"

#include "cli/cli_help.h"
#include "notation/uci.h"
#include "rules/variant.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    DEPTH_MAX = 30, /* far beyond what finishes; keeps counts and table depths in range */
    SPLIT_MAX = 8,  /* plies of --split (the positions are held in memory) */
};

/* Largest --hash: half the address space, more than any machine can give,
 * which keeps the byte count far from overflowing. */
#define HASH_MAX (SIZE_MAX >> 1)

const char perft_args_startpos_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

enum {
    OPT_DIVIDE = 0x100,
    OPT_MAX_DEPTH,
    OPT_FEN,
    OPT_STARTPOS,
    OPT_AGAINST,
    OPT_HASH,
    OPT_STRICT,
    OPT_CASTLING,
    OPT_SPLIT,
    OPT_AGAINST_DIVIDE,
    OPT_ENGINE_TIMEOUT,
    OPT_BREAKDOWN,
};

enum { ENGINE_TIMEOUT_MAX = 10000000 }; /* seconds, about 116 days: no limit in practice */

static const struct argp_option tool_options[] = {
    {0, 0, 0, 0, "What to count:", 1},
    {"depth", 'd', "N", 0, "Count the paths of N plies and print \"N nodes\" per position", 1},
    {"divide", OPT_DIVIDE, 0, 0,
     "Print the count below each root move, as Stockfish's \"go perft\" does", 1},
    {"breakdown", OPT_BREAKDOWN, 0, 0,
     "Count at the leaves, beside the nodes, the Chess Programming Wiki's columns: captures, en "
     "passant, castles, promotions, checks, discovered checks, double checks, checkmates (with "
     "-d a table, one row per root move with --divide; suites and --against still compare nodes; "
     "--hash does not serve it)",
     1},
    {"max-depth", OPT_MAX_DEPTH, "N", 0,
     "Check suite records (;D1 20 ;D2 400 ... or perft lines) to depth N at most (default: every "
     "depth they carry)",
     1},
    {"fen", OPT_FEN, "FEN", 0, "Count this position instead of reading files (may be repeated)", 1},
    {"startpos", OPT_STARTPOS, 0, 0,
     "Count the starting position (of --variant) instead of reading files", 1},
    {"against", OPT_AGAINST, "CMD", 0,
     "Compare with the UCI engine CMD (run by sh; \"go perft\") and, where the counts differ, "
     "follow the first differing move down to the position where the move lists differ",
     1},
    {"against-divide", OPT_AGAINST_DIVIDE, "TEMPLATE", 0,
     "As --against, with a program that prints a divide (\"e2e4: 20\" lines) from its command "
     "line: TEMPLATE, such as 'myengine perft {fen} {depth}', is split at blanks into words, "
     "{fen} and {depth} are replaced in them (the FEN stays one argument) and the words are run "
     "with no shell; one run per divide",
     1},
    {"engine-timeout", OPT_ENGINE_TIMEOUT, "SECONDS", 0,
     "The longest wait for one answer of the engine (--against: uciok, readyok, a whole \"go "
     "perft\"; --against-divide: a whole run) before it counts as failed, status 69 (default: "
     "60)",
     1},
    {"split", OPT_SPLIT, "K", 0,
     "Print the distinct positions K plies down (0 to 8) as FEN<TAB>paths, for running perft on "
     "each elsewhere (see scripts/perft-cluster)",
     1},
    {0, 0, 0, 0, "How:", 2},
    {"jobs", 'j', "N", 0,
     "Count with N threads (0, the default: one per core), as --jobs does in the PGN tools", 2},
    {"threads", 't', "N", OPTION_ALIAS, 0, 2},
    {"hash", OPT_HASH, "SIZE", 0,
     "Transposition table of SIZE bytes (K, M, G suffixes; 0, the default, for none); counts stay "
     "exact",
     2},
    {"strict", OPT_STRICT, 0, 0,
     "Refuse positions no game can reach and records without all six fields, as fen-check "
     "--strict does (by default every position whose moves are defined is counted)",
     2},
    {"castling", OPT_CASTLING, "STYLE", 0,
     "Write castling as auto (e1g1 in standard chess, king takes rook in Chess960; the default), "
     "king-two-squares or king-takes-rook",
     2},
    {"json", 'J', 0, 0, "One JSON object per line instead of text", 2},
    {0},
};

static const char doc[] =
    "Count the move paths (perft) of chess positions given as FEN or EPD records.\v"
    "Each FILE (standard input when none, or -; zstd, gzip, bzip2 or xz compressed input is "
    "read as its text) holds one FEN or EPD record per line; blank lines "
    "and lines starting with # are skipped. A FILE whose first such line starts with id, epd or "
    "perft is a perft suite in python-chess's format instead: blocks of \"id NAME\", \"epd FEN\" "
    "and \"perft DEPTH COUNT\" lines, one block per position. DEPTH goes from 1 to 30, as "
    "--depth does (no deeper perft finishes, and the start position's counts pass 64 bits at "
    "depth 14): a perft line beyond, or otherwise malformed, is reported and refused alone, and "
    "the block's other counts are checked.\n\n"
    "With --depth N each position prints \"N nodes\", after its FEN and a tab unless it is the "
    "only position of the command line. --divide prints \"e2e4: 20\" per root move (sorted), a "
    "blank line and \"Nodes searched: N\", exactly as Stockfish does, so the two can be compared "
    "line by line.\n\n"
    "--breakdown counts at the leaves the nodes; the captures (en passant included), en "
    "passant captures, castlings and promotions among the last moves; the leaves in check, in "
    "discovered check (the piece that moved, a castling's rook, is not among the checkers), in "
    "double check, and checkmated. With -d it prints a tab-separated table, its header once: "
    "depth and the nine columns (after fen when several positions are counted; after move, a row "
    "per root move and a total row, with --divide). In the variants: an atomic capture counts "
    "once, and its check is always discovered (the capturer explodes); a crazyhouse drop is no "
    "capture and checks with the dropped piece; antichess and racing kings have no checks; a "
    "variant's own end (an exploded king, the third check, the hill) is no checkmate.\n\n"
    "Without --depth, an EPD record carrying ;D1 20 ;D2 400 ... (or a block with perft lines) is "
    "checked at every depth it carries (up to --max-depth): each prints ok or FAIL with the "
    "depth, the expected and the counted number, and the run ends with \"N passed, N failed\".\n\n"
    "--against CMD runs CMD as a UCI engine and compares its \"go perft\" with ours at --depth "
    "(or the deepest count of the record); where they differ it follows the first differing root "
    "move down and prints the position reached (FEN and the moves from the record's position) "
    "with the moves one side has and the other lacks, or, where both have the same moves, the "
    "two counts that differ. --against-divide TEMPLATE does the same with a program that prints "
    "a divide from its command line (as many engines' perft commands do), told the position by "
    "its FEN alone (no variant, no Chess960 option); lines of its output other than \"move: "
    "count\" are ignored, and it must exit 0. An engine that fails (exits, "
    "dies, a nonzero status, no answer within --engine-timeout) gives a message "
    "perft:FILE:LINE: and exit status 69.\n\n"
    "Variants (--variant): %s are counted as lichess plays them (no move after a variant end), "
    "with divide, "
    "suites, --hash and --jobs; --against tells the engine the variant with setoption name "
    "UCI_Variant.\n\n"
    "A record that is not a position (or a malformed block line) gives a message "
    "perft:FILE:LINE:COL: and is skipped; positions no game can reach but whose moves are well "
    "defined (as perft suites have) are counted. On a terminal, a run longer than a second shows "
    "its progress on standard error.\n\n"
    "Examples:\n"
    "  perft --startpos -d 6\n"
    "  perft --startpos -d 3 --divide --json\n"
    "  perft --fen FEN -d 5 --breakdown --divide\n"
    "  perft --max-depth 5 -j 2 --hash 256M standard.epd\n"
    "  perft --max-depth 3 tricky.perft\n"
    "  perft --startpos -d 5 --against /usr/games/stockfish\n"
    "  perft --fen FEN -d 4 --against-divide './myengine perft {fen} {depth}'\n"
    "  perft --variant=crazyhouse --startpos -d 5 --against /usr/games/fairy-stockfish\n"
    "  perft --startpos --split 3 >split.tsv   # see scripts/perft-cluster\n\n"
    "-t and --threads are the old names of -j and --jobs, kept for scripts (docs/options.md: one "
    "meaning per option name in every chesskit tool).\n\n" CLI_EXIT_STATUS_DOC;

/* Options that only make sense apart, refused with a usage error. */
static void check_combinations(const struct perft_args *opt, struct argp_state *state)
{
    if (opt->nfens && opt->nfiles)
        argp_error(state, "--fen and --startpos take the place of FILE operands");
    if (opt->divide && opt->depth < 0)
        argp_error(state, "--divide needs --depth");
    if (opt->max_depth >= 0 && opt->depth >= 0)
        argp_error(state, "--max-depth applies to EPD records without --depth");
    if (opt->split >= 0 && (opt->depth >= 0 || opt->divide || opt->against || opt->max_depth >= 0))
        argp_error(state,
                   "--split cannot be combined with --depth, --divide, --max-depth or --against");
    if (opt->against && opt->against_divide)
        argp_error(state, "--against and --against-divide cannot be combined");
    if (opt->split >= 0 && opt->breakdown)
        argp_error(state, "--split cannot be combined with --breakdown");
    if (opt->split >= 0 && opt->against_divide)
        argp_error(state, "--split cannot be combined with --against-divide");
    if ((opt->against || opt->against_divide) && opt->divide)
        argp_error(state, "--against cannot be combined with --divide");
    if (opt->engine_timeout_given && !opt->against && !opt->against_divide)
        argp_error(state, "--engine-timeout needs --against or --against-divide");
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    /* --castling values, in the order of enum uci_castling */
    static const char *const castlings[] = {"auto", "king-two-squares", "king-takes-rook"};
    struct perft_args *opt = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->common;
        break;
    case 'd':
        opt->depth = (int)cli_uint_option(state, "depth", arg, 0, DEPTH_MAX);
        break;
    case OPT_MAX_DEPTH:
        opt->max_depth = (int)cli_uint_option(state, "max-depth", arg, 1, DEPTH_MAX);
        break;
    case OPT_DIVIDE:
        opt->divide = true;
        break;
    case OPT_FEN:
    case OPT_STARTPOS: {
        const char **more = realloc(opt->fens, (size_t)(opt->nfens + 1) * sizeof *more);
        if (!more)
            argp_failure(state, CLI_OSERR, ENOMEM, "--fen");
        opt->fens = more;
        opt->fens[opt->nfens++] = key == OPT_FEN ? arg : perft_args_startpos_fen;
        break;
    }
    case OPT_AGAINST:
        if (!*arg)
            argp_error(state, "--against needs a command");
        opt->against = arg;
        break;
    case OPT_AGAINST_DIVIDE:
        if (!strstr(arg, "{fen}") || !strstr(arg, "{depth}"))
            argp_error(state, "--against-divide needs {fen} and {depth} in its command");
        opt->against_divide = arg;
        break;
    case OPT_ENGINE_TIMEOUT:
        opt->engine_timeout =
            (int)cli_uint_option(state, "engine-timeout", arg, 1, ENGINE_TIMEOUT_MAX);
        opt->engine_timeout_given = true;
        break;
    case OPT_SPLIT:
        opt->split = (int)cli_uint_option(state, "split", arg, 0, SPLIT_MAX);
        break;
    case 'j':
        opt->threads = (int)cli_uint_option(state, "jobs", arg, 0, PERFT_ARGS_THREADS_MAX);
        break;
    case 't': /* the old name of --jobs, kept for scripts: 1 thread at least */
        opt->threads = (int)cli_uint_option(state, "threads", arg, 1, PERFT_ARGS_THREADS_MAX);
        break;
    case OPT_HASH:
        if (!cli_parse_size(arg, HASH_MAX, &opt->hash_bytes))
            argp_error(state,
                       "invalid --hash value '%s' (expected bytes with an optional K, M or G)",
                       arg);
        break;
    case OPT_BREAKDOWN:
        opt->breakdown = true;
        break;
    case OPT_STRICT:
        opt->strict = true;
        break;
    case OPT_CASTLING:
        opt->castling = (enum uci_castling)cli_keyword(state, "castling", arg, castlings, 3);
        break;
    case 'J':
        opt->json = true;
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    case ARGP_KEY_END:
        check_combinations(opt, state);
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

static const struct argp_child children[] = {{&cli_common_argp, 0, "Common options:", 0}, {0}};
/* The variants' names, from the rule table, in the text after the options. */
static char *help_filter(int key, const char *text, void *input)
{
    (void)input;
    return key == ARGP_KEY_HELP_POST_DOC && text
               ? cli_help_variants(text, VARIANT_NAMES_VARIANTS | VARIANT_NAMES_AND)
               : (char *)text;
}

const struct argp perft_args_argp = {tool_options, parse_opt, "[FILE...]", doc, children,
                                     help_filter,  0};