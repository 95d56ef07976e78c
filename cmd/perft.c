/*
 * perft - count the move paths of FEN or EPD positions to a given depth:
 * totals, per root move (Stockfish's "go perft" layout), checks of perft
 * suites (EPD ;Dn operations or python-chess's id/epd/perft blocks),
 * bisection of a wrong move generator against a UCI engine, and the split
 * of a deep perft into positions for many machines.
 *
 * This file reads the options and the records; what is done with each
 * position is in perft-modes.c, --against in against.c and uci_engine.c.
 */
#include "cli.h"

#include "against.h"
#include "fen-cli.h"
#include "fen.h"
#include "perft-modes.h"
#include "perft_suite.h"
#include "uci_engine.h"
#include "variant.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum {
    DEPTH_MAX = 30, /* far beyond what finishes; keeps counts and table depths in range */
    SPLIT_MAX = 8,  /* plies of --split (the positions are held in memory) */
};

/* Largest --hash: half the address space, more than any machine can give,
 * which keeps the byte count far from overflowing. */
#define HASH_MAX (SIZE_MAX >> 1)

static const char startpos_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

enum {
    OPT_DIVIDE = 0x100,
    OPT_MAX_DEPTH,
    OPT_FEN,
    OPT_STARTPOS,
    OPT_AGAINST,
    OPT_HASH,
    OPT_CHESS960,
    OPT_STRICT,
    OPT_CASTLING,
    OPT_SPLIT,
};

static const struct argp_option tool_options[] = {
    {0, 0, 0, 0, "What to count:", 1},
    {"depth", 'd', "N", 0, "Count the paths of N plies and print \"N nodes\" per position", 1},
    {"divide", OPT_DIVIDE, 0, 0,
     "Print the count below each root move, as Stockfish's \"go perft\" does", 1},
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
    {"chess960", OPT_CHESS960, 0, 0,
     "Read KQkq castling rights as Chess960 (X-FEN) even when the position looks standard "
     "(tricky.perft's xfen records need it)",
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
    "Each FILE (standard input when none, or -) holds one FEN or EPD record per line; blank lines "
    "and lines starting with # are skipped. A FILE whose first such line starts with id, epd or "
    "perft is a perft suite in python-chess's format instead: blocks of \"id NAME\", \"epd FEN\" "
    "and \"perft DEPTH COUNT\" lines, one block per position.\n\n"
    "With --depth N each position prints \"N nodes\", after its FEN and a tab unless it is the "
    "only position of the command line. --divide prints \"e2e4: 20\" per root move (sorted), a "
    "blank line and \"Nodes searched: N\", exactly as Stockfish does, so the two can be compared "
    "line by line.\n\n"
    "Without --depth, an EPD record carrying ;D1 20 ;D2 400 ... (or a block with perft lines) is "
    "checked at every depth it carries (up to --max-depth): each prints ok or FAIL with the "
    "depth, the expected and the counted number, and the run ends with \"N passed, N failed\".\n\n"
    "--against CMD runs CMD as a UCI engine and compares its \"go perft\" with ours at --depth "
    "(or the deepest count of the record); where they differ it follows the first differing root "
    "move down and prints the position reached (FEN and the moves from the record's position) "
    "with the moves one side has and the other lacks.\n\n"
    "Variants (--variant): crazyhouse, atomic, antichess, giveaway, kingofthehill, 3check, horde "
    "and racingkings are counted as lichess plays them (no move after a variant end), with divide, "
    "suites, --hash and --jobs; --against tells the engine the variant with setoption name "
    "UCI_Variant.\n\n"
    "A record that is not a position (or a malformed block line) gives a message "
    "perft:FILE:LINE:COL: and is skipped; positions no game can reach but whose moves are well "
    "defined (as perft suites have) are counted. On a terminal, a run longer than a second shows "
    "its progress on standard error.\n\n"
    "Examples:\n"
    "  perft --startpos -d 6\n"
    "  perft --startpos -d 3 --divide --json\n"
    "  perft --max-depth 5 -j 2 --hash 256M standard.epd\n"
    "  perft --chess960 --max-depth 3 tricky.perft\n"
    "  perft --startpos -d 5 --against /usr/games/stockfish\n"
    "  perft --variant=crazyhouse --startpos -d 5 --against /usr/games/fairy-stockfish\n"
    "  perft --startpos --split 3 >split.tsv   # see scripts/perft-cluster\n\n"
    "-t and --threads are the old names of -j and --jobs, kept for scripts (docs/options.md: one "
    "meaning per option name in every chesskit tool).\n\n" CLI_EXIT_STATUS_DOC;

/* Options that only make sense apart, refused with a usage error. */
static void check_combinations(const struct perft_options *opt, struct argp_state *state)
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
    if (opt->against && opt->divide)
        argp_error(state, "--against cannot be combined with --divide");
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    /* --castling values, in the order of enum uci_castling */
    static const char *const castlings[] = {"auto", "king-two-squares", "king-takes-rook"};
    struct perft_options *opt = state->input;
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
        opt->fens[opt->nfens++] = key == OPT_FEN ? arg : startpos_fen;
        break;
    }
    case OPT_AGAINST:
        if (!*arg)
            argp_error(state, "--against needs a command");
        opt->against = arg;
        break;
    case OPT_SPLIT:
        opt->split = (int)cli_uint_option(state, "split", arg, 0, SPLIT_MAX);
        break;
    case 'j':
        opt->threads = (int)cli_uint_option(state, "jobs", arg, 0, PERFT_THREADS_MAX);
        break;
    case 't': /* the old name of --jobs, kept for scripts: 1 thread at least */
        opt->threads = (int)cli_uint_option(state, "threads", arg, 1, PERFT_THREADS_MAX);
        break;
    case OPT_HASH:
        if (!cli_parse_size(arg, HASH_MAX, &opt->hash_bytes))
            argp_error(state,
                       "invalid --hash value '%s' (expected bytes with an optional K, M or G)",
                       arg);
        break;
    case OPT_CHESS960:
        opt->chess960 = true;
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
static const struct argp argp = {tool_options, parse_opt, "[FILE...]", doc, children, 0, 0};

/* ---- records ---- */

/* One position with what its record expects (e: its counts by depth, read
 * only when a mode needs them), handed to the mode the options chose. */
static void process_position(struct perft_session *s, const struct perft_source *src,
                             const struct position *p, const struct perft_expect *e)
{
    const struct perft_options *opt = s->opt;
    if (opt->split >= 0) {
        perft_mode_split(s, p);
    } else if (opt->against) {
        against_position(s, p, e, src);
    } else if (opt->depth >= 0) {
        perft_mode_depth(s, p);
    } else {
        int deepest = perft_mode_deepest(s, e);
        if (deepest == -2) {
            perft_mode_skip(s, p, src);
            return;
        }
        if (deepest == 0 && !opt->common.quiet)
            cli_diag(src->name, src->line, 0, "nothing to count: give --depth or %s",
                     src->blocks ? "perft lines" : ";Dn operations");
        if (deepest <= 0) {
            s->status = cli_status_merge(s->status, CLI_INVALID);
            return;
        }
        perft_mode_check(s, p, e, src, deepest);
    }
}

/* Read a position, every problem reported at its column (col_offset: the
 * record's place in its line).  Perft suites hold positions no game
 * reaches but whose moves are well defined (the standard suite's line 51:
 * an impossible double check); they are counted without a word unless
 * --strict (formats/fen.md, "Which tools accept what"). */
static bool read_position(struct perft_session *s, const struct perft_source *src,
                          unsigned col_offset, const char *text, size_t len, struct fen_record *rec)
{
    struct fen_options fo = {.strict = s->opt->strict,
                             .chess960 = s->opt->chess960 || s->opt->common.chess960,
                             .playable = !s->opt->strict,
                             .variant = (uint8_t)s->opt->common.variant};
    struct fen_report rep = {0};
    if (fen_read(text, len, &fo, rec, &rep))
        return true;
    if (!s->opt->common.quiet)
        cli_fen_problems(src->name, src->line, col_offset, &rep);
    s->status = cli_status_merge(s->status, CLI_INVALID);
    return false;
}

/* One FEN or EPD record: its ;Dn counts are read when a mode needs them. */
static void process_record(struct perft_session *s, const struct perft_source *src,
                           const char *line, size_t len)
{
    struct fen_record rec;
    struct perft_expect e = {0};
    struct perft_suite_problem pb;
    if (!read_position(s, src, 0, line, len, &rec))
        return;
    if (s->opt->split < 0 && s->opt->depth < 0 && !perft_suite_epd_counts(&rec, &e, &pb)) {
        if (!s->opt->common.quiet)
            cli_diag(src->name, src->line, pb.col, "%s", pb.message);
        s->status = cli_status_merge(s->status, CLI_INVALID);
        return;
    }
    process_position(s, src, &rec.pos, &e);
}

/* A complete block of python-chess's format; a malformed one was reported
 * line by line already. */
static void process_block(struct perft_session *s, const char *name,
                          const struct perft_suite_block *b)
{
    struct perft_source src = {name, b->has_epd ? b->epd_line : b->line, true};
    struct fen_record rec;
    if (b->bad)
        return;
    if (!b->has_epd) {
        if (!s->opt->common.quiet)
            cli_diag(name, b->line, 0, "a block without an 'epd' line");
        s->status = cli_status_merge(s->status, CLI_INVALID);
        return;
    }
    if (read_position(s, &src, b->epd_col - 1, b->epd, b->epd_len, &rec))
        process_position(s, &src, &rec.pos, &b->expect);
}

/* One file: its format is told by its first record line; the blocks of
 * python-chess's format are gathered across lines. */
struct file_state {
    struct perft_session *s;
    const char *name;
    enum { FORMAT_UNKNOWN, FORMAT_RECORDS, FORMAT_BLOCKS } format;
    struct perft_suite_block block, done;
};

static int file_line(void *ctx, const struct cli_input *in, const char *line, size_t len)
{
    struct file_state *f = ctx;
    struct perft_suite_problem pb;
    f->name = in->name;
    if (f->format == FORMAT_UNKNOWN)
        f->format = perft_suite_is_block_line(line, len) ? FORMAT_BLOCKS : FORMAT_RECORDS;
    if (f->format == FORMAT_RECORDS) {
        struct perft_source src = {in->name, in->line_no, false};
        process_record(f->s, &src, line, len);
        return CLI_OK;
    }
    int rc = perft_suite_feed(&f->block, line, len, in->line_no, &f->done, &pb);
    if (rc & PERFT_SUITE_COMPLETE)
        process_block(f->s, in->name, &f->done);
    if (!(rc & PERFT_SUITE_PROBLEM))
        return CLI_OK;
    if (!f->s->opt->common.quiet)
        cli_diag(in->name, in->line_no, pb.col, "%s", pb.message);
    return CLI_INVALID;
}

/* Every record of one operand (NULL: standard input); blank lines and '#'
 * comments are skipped. */
static void process_file(struct perft_session *s, const char *path)
{
    const struct cli_records how = {
        .max_line = s->opt->common.max_line, .quiet = s->opt->common.quiet, .comments = true};
    struct file_state *f = calloc(1, sizeof *f);
    if (!f) {
        cli_error("out of memory");
        s->status = cli_status_merge(s->status, CLI_INVALID);
        return;
    }
    f->s = s;
    s->status = cli_status_merge(s->status, cli_each_record(path, &how, file_line, f));
    if (f->block.open && !cli_stdout_failed())
        process_block(s, f->name, &f->block);
    free(f);
}

/* ---- main ---- */

int main(int argc, char **argv)
{
    char outbuf[1 << 16];
    struct perft_options opt = {.depth = -1, .max_depth = -1, .split = -1};
    struct perft_session s = {.opt = &opt, .status = CLI_OK};
    struct perft_table *table = NULL;
    struct uci_engine engine = {.pid = -1};
    cli_init(argc, argv);
    argp_parse(&argp, argc, argv, 0, NULL, &opt);
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    s.status = perft_session_start(&s, &table, &engine);
    if (s.status == CLI_OK) {
        for (int i = 0; i < opt.nfens && !cli_stdout_failed(); i++) {
            struct perft_source src = {"--fen", (unsigned long)i + 1, false};
            /* --startpos: the variant's own starting position */
            const char *fen = opt.fens[i] == startpos_fen
                                  ? variant_rules((enum variant)opt.common.variant)->start
                                  : opt.fens[i];
            process_record(&s, &src, fen, strlen(fen));
        }
        if (opt.nfens == 0 && opt.nfiles == 0)
            process_file(&s, NULL);
        for (int i = 0; i < opt.nfiles && !cli_stdout_failed(); i++)
            process_file(&s, opt.files[i]);
        perft_mode_summary(&s);
    }
    uci_engine_stop(&engine);
    perft_table_free(table);
    free(opt.fens);
    cli_buf_free(&s.line);
    return cli_finish(s.status);
}
