/*
 * legal-moves - list the legal moves of each FEN or EPD record, one line per
 * position, in UCI, SAN, long algebraic or named notation; or count them,
 * give the game status, explain why a move is illegal, or list where a lone
 * piece could go on an empty board.
 *
 * The data, and where each step is done:
 *     options        here; legal_args.c reads --moves, squares and --lone
 *     records        cli_input.c (cli_each_record), or --fen and --startpos
 *     position       lib/notation/fen.c (fen_cli.c words an unreadable record), then
 *                    --moves played here (lib/notation/san.c, lib/rules/makemove.c)
 *     its line       move_list.c: the legal moves (lib/rules/movegen.c) filtered,
 *                    sorted and written (lib/notation/uci.c, san.c, named.c), or their
 *                    count, the status, --explain (lib/notation/explain.c), as JSON
 */
#include "cli/cli.h"
#include "input/cli_input.h"

#include "notation/explain.h"
#include "legal_args.h"
#include "cli/fen_cli.h"
#include "notation/fen.h"
#include "rules/makemove.h"
#include "move_list.h"
#include "games/named.h"
#include "notation/san.h"

#include "rules/variant.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    OPT_FROM = 0x100,
    OPT_TO,
    OPT_PIECE,
    OPT_CAPTURES,
    OPT_CHECKS,
    OPT_FEN,
    OPT_STARTPOS,
    OPT_WITH_FEN,
    OPT_STATUS,
    OPT_LONE,
    OPT_STRICT,
    OPT_NAMES,
};

static const struct argp_option tool_options[] = {
    {0, 0, 0, 0, "Output:", 1},
    {"notation", 'n', "NOTATION", 0,
     "Write moves as uci (e2e4, e7e8q; the default), san (Nf3, exd5, O-O+), lan (Ng1-f3, e4xd5) or "
     "named (e2 - e4 Pawn-move)",
     1},
    {"names", OPT_NAMES, "VOCABULARY", 0,
     "Rule names of the named notation: dagaz (the default) or zrf", 1},
    {"count", 'c', 0, 0, "Print only the number of moves", 1},
    {"with-fen", OPT_WITH_FEN, 0, 0, "Put the position's FEN and a tab in front of each line", 1},
    {"json", 'J', 0, 0,
     "One JSON object per position: FEN, status, count and the moves in every notation", 1},
    {0, 'j', 0, OPTION_HIDDEN, 0, 1}, /* the old -J, kept for scripts */
    {"status", OPT_STATUS, 0, 0,
     "Print the game status instead: checkmate, stalemate, insufficient material, "
     "seventy-five-move rule, fifty-move rule, check or ongoing; in the variants also their ends, "
     "for the side to move (variant win: no pieces left, variant loss: king of the hill, ...)",
     1},
    {"explain", 'e', "MOVE", 0,
     "Say whether MOVE (UCI or SAN) is legal and, if not, which rule it breaks", 1},
    {"lone", OPT_LONE, "PIECE-SQUARE", 0,
     "Read no input; list the squares a lone piece reaches on an empty board (Nd4; lower case for "
     "black: pe7)",
     1},
    {0, 0, 0, 0, "Position:", 2},
    {"fen", OPT_FEN, "FEN", OPTION_ARG_OPTIONAL,
     "List this position instead of reading files (may be repeated; --fen FEN or --fen=FEN). "
     "Without a position after it, --fen is the old spelling of --with-fen",
     2},
    {"startpos", OPT_STARTPOS, 0, 0,
     "List the starting position (of --variant) instead of reading files", 2},
    {"moves", 'm', "MOVES", 0,
     "Play these moves (UCI or SAN, separated by spaces) from each position first", 2},
    {"strict", OPT_STRICT, 0, 0,
     "Refuse positions that no game can reach (impossible checks or material, a half-move clock "
     "beside an en-passant square) and records without all six fields, as fen-check does; by "
     "default every position whose moves are defined is taken",
     2},
    {0, 0, 0, 0, "Filters (all must hold):", 3},
    {"from", OPT_FROM, "SQUARE", 0, "Only moves from SQUARE", 3},
    {"to", OPT_TO, "SQUARE", 0, "Only moves to SQUARE (for castling, the king's destination)", 3},
    {"piece", OPT_PIECE, "LETTER", 0, "Only moves of this piece: K, Q, R, B, N or P (either case)",
     3},
    {"captures", OPT_CAPTURES, 0, 0, "Only captures (en passant included)", 3},
    {"checks", OPT_CHECKS, 0, 0, "Only moves that give check", 3},
    {0},
};

static const char doc[] =
    "List the legal moves of chess positions given as FEN or EPD records."
    "\v"
    "Each FILE (standard input when none, or -; zstd, gzip, bzip2 or xz compressed input is "
    "read as its text) holds one FEN or EPD record per line; blank lines "
    "are "
    "skipped. Each valid position gives one output line: its legal moves separated by spaces, an "
    "empty "
    "line when there is none. With --moves, the moves are played first and the position reached is "
    "the "
    "one listed.\n\n"
    "Order: moves are sorted by their UCI text (from-square, then to-square, then promotion piece "
    "b, n, "
    "q, r), whatever the notation, so every notation lists the same moves in the same order. "
    "Castling "
    "is written e1g1 in UCI for standard chess and king-takes-rook (e1h1) for Chess960; O-O in "
    "SAN.\n\n"
    "Variants (--variant): crazyhouse drops are P@e4 in UCI and SAN (@e4 is read as a pawn drop) "
    "and "
    "come first in the order; an antichess pawn may promote to a king (e7e8k, e8=K); --explain "
    "names "
    "the variants' reasons (captures are compulsory in antichess, the move would give check in "
    "racing "
    "kings, ...). In the named notation a drop is @ e4 drop Pawn, an atomic capture ends with "
    "explode, a king promotion with = King.\n\n"
    "--explain prints \"legal\" or \"illegal: \" and the reason, for example \"illegal: the path "
    "from "
    "a1 to a8 is blocked at a4\" or \"illegal: castling not allowed: king is in check\"; an "
    "illegal "
    "move is an answer, not an error.\n\n"
    "A record that is not a legal position, or where a move of --moves is illegal, gives a message "
    "legal-moves:FILE:LINE:COL: and no output line; the other records are still processed.\n\n"
    "Examples:\n"
    "  fen-check < positions | legal-moves --count\n"
    "  legal-moves -n san --startpos --moves 'e4 e5 Nf3' --piece N\n"
    "  legal-moves --explain O-O --with-fen positions.fen\n"
    "  legal-moves --fen '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1' -n san\n"
    "  legal-moves --lone Nd4\n\n"
    "Old spellings, kept for scripts: -j for -J (--json), --fen without a position for "
    "--with-fen; in the other chesskit tools -j is --jobs and --fen gives a position "
    "(docs/options.md).\n\n" CLI_EXIT_STATUS_DOC;

/* Options that ask for different outputs cannot be mixed; this says which
 * pair was given rather than picking one silently. */
static void check_combinations(struct move_list_options *opt, struct argp_state *state)
{
    if (opt->npositions && opt->nfiles)
        argp_error(state, "--fen and --startpos take the place of FILE operands");
    if (opt->count && opt->status)
        argp_error(state, "--count and --status cannot be combined");
    if (opt->json && (opt->count || opt->status))
        argp_error(state, "--json already holds the count and the status; give it alone");
    if (opt->explain && (opt->count || opt->status))
        argp_error(state, "--explain cannot be combined with --%s",
                   opt->count ? "count" : "status");
    if ((opt->explain || opt->status) && opt->filtered)
        argp_error(state,
                   "the filters (--from, --to, --piece, --captures, --checks) apply to move lists, "
                   "not to --%s",
                   opt->explain ? "explain" : "status");
    if (opt->mode == MOVE_LIST_MODE_LONE) {
        if (opt->explain || opt->status || opt->json || opt->fen || opt->filtered || opt->nmoves ||
            opt->npositions)
            argp_error(state, "--lone reads no position: only --count goes with it");
        if (opt->nfiles)
            argp_error(state, "--lone reads no input, but FILE operands were given");
        return;
    }
    opt->mode = opt->explain  ? MOVE_LIST_MODE_EXPLAIN
                : opt->status ? MOVE_LIST_MODE_STATUS
                : opt->count  ? MOVE_LIST_MODE_COUNT
                              : MOVE_LIST_MODE_LIST;
}

/* Whether the argument after a bare --fen is a position (a board of eight
 * ranks, and no file of that name) rather than the FILE operand of the old
 * --fen, which is --with-fen now. */
static bool is_position_arg(const char *s)
{
    int slashes = 0;
    for (const char *c = s; *c && *c != ' '; c++)
        slashes += *c == '/';
    return slashes == 7 && access(s, F_OK) != 0;
}

/* --fen FEN and --startpos (NULL: the variant's start, known once the
 * options are parsed), in order. */
static void add_position(struct move_list_options *opt, const char *fen, struct argp_state *state)
{
    const char **more = realloc(opt->positions, (size_t)(opt->npositions + 1) * sizeof *more);
    if (!more)
        argp_failure(state, CLI_OSERR, 0, "out of memory");
    opt->positions = more;
    opt->positions[opt->npositions++] = fen;
}

/* Each option sets its field, values checked on the spot so that a typo
 * is a usage error before any input is read; the combinations are judged
 * at the end, once all are known. */
static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    /* --notation values, in the order of enum move_list_notation */
    static const char *const notations[] = {"uci", "san", "lan", "named"};
    struct move_list_options *opt = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->common;
        break;
    case 'n':
        opt->notation = (enum move_list_notation)cli_keyword(state, "notation", arg, notations, 4);
        break;
    case OPT_NAMES:
        opt->names = (enum named_vocabulary)cli_keyword(
            state, "names", arg, named_vocabulary_names(), NAMED_VOCABULARY_NB);
        break;
    case 'c':
        opt->count = true;
        break;
    case 'j':
    case 'J':
        opt->json = true;
        break;
    case OPT_FEN:
        /* argp binds an optional value only when attached (--fen=FEN) */
        if (!arg && state->next < state->argc && is_position_arg(state->argv[state->next]))
            arg = state->argv[state->next++];
        if (arg)
            add_position(opt, arg, state);
        else
            opt->fen = true;
        break;
    case OPT_STARTPOS:
        add_position(opt, NULL, state);
        break;
    case OPT_WITH_FEN:
        opt->fen = true;
        break;
    case OPT_STATUS:
        opt->status = true;
        break;
    case 'e': {
        struct san_parsed sp;
        if (san_scan(arg, strlen(arg), &sp) != SAN_OK)
            argp_error(
                state,
                "invalid --explain value '%s': not a move in SAN, long algebraic or UCI notation",
                arg);
        opt->explain = arg;
        break;
    }
    case OPT_LONE:
        legal_args_lone(opt, arg, state);
        opt->mode = MOVE_LIST_MODE_LONE;
        break;
    case 'm':
        free(opt->moves);
        legal_args_moves(opt, arg, state);
        break;
    case OPT_STRICT:
        opt->strict = true;
        break;
    case OPT_FROM:
        opt->from = legal_args_square(arg, "--from", state);
        opt->filtered = true;
        break;
    case OPT_TO:
        opt->to = legal_args_square(arg, "--to", state);
        opt->filtered = true;
        break;
    case OPT_PIECE: {
        const char *k = arg[0] && !arg[1] ? strchr("PNBRQK", arg[0] & ~0x20) : NULL;
        if (!k)
            argp_error(state, "invalid --piece value '%s' (expected one of K, Q, R, B, N, P)", arg);
        opt->piece = (enum piece_type)(PAWN + (k - "PNBRQK"));
        opt->filtered = true;
        break;
    }
    case OPT_CAPTURES:
        opt->captures = opt->filtered = true;
        break;
    case OPT_CHECKS:
        opt->checks = opt->filtered = true;
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
static const struct argp argp = {tool_options, parse_opt, "[FILE...]", doc, children, 0, 0};

/* ---- input ---- */

/* Play --moves from the record's position; an illegal move is reported
 * numbered as chess numbers it, from the record's move number and side to
 * move ("2. Ke3" for White, "2... Nf6" for Black), with the rule it
 * breaks. */
static bool play_moves(const struct move_list_options *opt, struct position *p,
                       const struct cli_input *in)
{
    for (size_t i = 0; i < opt->nmoves; i++) {
        char msg[EXPLAIN_MAX];
        move m;
        const struct move_list_text *t = &opt->moves[i];
        if (explain_san(p, t->s, t->len, &m, msg, sizeof msg) != EXPLAIN_LEGAL) {
            if (!opt->common.quiet)
                cli_diag(in->name, in->line_no, 1, "--moves: %u%s %.*s: %s", (unsigned)p->fullmove,
                         p->side == WHITE ? "." : "...", (int)t->len, t->s, msg);
            return false;
        }
        makemove_play(p, m);
    }
    return true;
}

/* What the record callback needs: the options and the output line. */
struct file_ctx {
    const struct move_list_options *opt;
    struct cli_buf *line;
};

/* One record: read it (every problem reported at its column), play the
 * moves, print.  Returns CLI_INVALID when the record was invalid. */
static int process_record(void *ctx, const struct cli_input *in, const char *s, size_t len)
{
    const struct file_ctx *fc = ctx;
    const struct move_list_options *opt = fc->opt;
    struct fen_options fo = {.strict = opt->strict,
                             .chess960 = cli_chess960(&opt->common),
                             .playable = !opt->strict,
                             .variant = (uint8_t)opt->common.variant};
    struct fen_record rec;
    struct fen_report rep = {0};
    if (!fen_read(s, len, &fo, &rec, &rep)) {
        if (!opt->common.quiet)
            fen_cli_problems(in->name, in->line_no, 0, &rep);
        return CLI_INVALID;
    }
    struct position p = rec.pos;
    if (!play_moves(opt, &p, in))
        return CLI_INVALID;
    move_list_print(opt, &p, fc->line);
    return CLI_OK;
}

/* Every record of one operand (blank lines skipped; '#' is not a comment
 * here); returns the worst status met. */
static int process_file(const struct move_list_options *opt, const char *path, struct cli_buf *l)
{
    const struct cli_records how = {.max_line = opt->common.max_line, .quiet = opt->common.quiet};
    struct file_ctx fc = {opt, l};
    return cli_each_record(path, &how, process_record, &fc);
}

int main(int argc, char **argv)
{
    char outbuf[1 << 16];
    struct move_list_options opt = {.from = SQUARE_NONE, .to = SQUARE_NONE, .names = NAMED_DAGAZ};
    struct cli_buf l = {0};
    int status = CLI_OK;
    cli_init(argc, argv);
    argp_parse(&argp, argc, argv, 0, NULL, &opt);
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    struct file_ctx fc = {&opt, &l};
    for (int i = 0; i < opt.npositions && !cli_stdout_failed(); i++) {
        /* diagnostics name the option and the position's place among them */
        struct cli_input in = {.name = "--fen", .line_no = (unsigned long)i + 1};
        const char *fen = opt.positions[i] ? opt.positions[i]
                                           : variant_rules((enum variant)opt.common.variant)->start;
        status = cli_status_merge(status, process_record(&fc, &in, fen, strlen(fen)));
    }
    if (opt.mode == MOVE_LIST_MODE_LONE)
        move_list_lone(&opt, &l);
    else if (opt.nfiles == 0 && opt.npositions == 0)
        status = process_file(&opt, NULL, &l);
    for (int i = 0; i < opt.nfiles && !cli_stdout_failed(); i++)
        status = cli_status_merge(status, process_file(&opt, opt.files[i], &l));
    cli_buf_free(&l);
    free(opt.moves);
    free(opt.positions);
    return cli_finish(status);
}
