/*
 * fen-check - check FEN and EPD records, one per line, as a filter: valid
 * records go to stdout unchanged, every problem of an invalid one goes to
 * stderr as "fen-check:FILE:LINE:COL: message [code]".  What is accepted
 * and every diagnostic are specified in formats/fen.md.
 *
 * The data, and where each step is done:
 *     options        here (cli.c: the common ones)
 *     records        cli_input.c: FILE operands line by line (cli_each_record)
 *     check          lib/notation/fen.c parses, lib/notation/fen_validate.c judges legality
 *     valid records  here: as read, normalized (-N, fen_cli.c), a board (-D)
 *     problems       here, as cli.c's diagnostics, or --json lines (json.c)
 */
#include "cli/cli.h"
#include "input/cli_input.h"
#include "cli/fen_cli.h"
#include "notation/fen.h"
#include "notation/fen_validate.h"
#include "cli/json.h"

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum diagram_style { DIAGRAM_NONE, DIAGRAM_AUTO, DIAGRAM_ASCII, DIAGRAM_UNICODE };

struct options {
    struct cli_common common;
    struct fen_options fen;
    bool invert;
    bool normalize;
    bool json;
    enum diagram_style diagram;
    bool flip; /* --flip: the diagram seen from Black's side */
    char **files;
    int nfiles;
};

enum { OPT_FLIP = 0x100 };

static const struct argp_option options[] = {
    {"invert", 'v', 0, 0, "Print the invalid records instead of the valid ones", 0},
    {"normalize", 'N', 0, 0,
     "Print the canonical FEN of each valid record: counters added, castling in order, the "
     "en-passant square only when a legal capture exists; an EPD record (four fields and "
     "operations) stays EPD: its four fields canonical, no counters, its operations kept",
     0},
    {"strict", 's', 0, 0,
     "Require all six FEN fields, separated by single spaces, with no blank at either end", 0},
    {"json", 'J', 0, 0,
     "Print one JSON object per record (file, line, record, valid, problems with code, column "
     "and message) instead of the records and the diagnostics",
     0},
    {"diagram", 'D', "STYLE", OPTION_ARG_OPTIONAL,
     "Print a board picture after each valid record, with the side to move, castling rights and "
     "en-passant square (as --normalize writes them) under it: auto (the default: Unicode pieces "
     "on a UTF-8 terminal, else ASCII), ascii or unicode; the style may also follow as the next "
     "argument (-D unicode, --diagram ascii): write ./ascii for a file of that name",
     0},
    {"flip", OPT_FLIP, 0, 0, "Draw the --diagram from Black's side (rank 1 at the top)", 0},
    /* the old short names, kept for scripts (docs/options.md) */
    {0, 'n', 0, OPTION_HIDDEN, 0, 0},
    {0, 'j', 0, OPTION_HIDDEN, 0, 0},
    {0, 'd', "STYLE", OPTION_ARG_OPTIONAL | OPTION_HIDDEN, 0, 0},
    {0},
};

/* Options that would contradict each other are refused before any input
 * is read, so that a wrong command line cannot pass for a check. */
static void check_conflicts(const struct options *opt, struct argp_state *state)
{
    if (opt->invert && opt->normalize)
        argp_error(state, "--invert and --normalize cannot be combined (invalid records have "
                          "no canonical form)");
    if (opt->invert && opt->diagram != DIAGRAM_NONE)
        argp_error(state, "--invert and --diagram cannot be combined");
    if (opt->json && opt->diagram != DIAGRAM_NONE)
        argp_error(state, "--json and --diagram cannot be combined");
    if (opt->flip && opt->diagram == DIAGRAM_NONE)
        argp_error(state, "--flip turns the diagram: it needs --diagram");
}

/* argp callback: the common options go to the child, the rest here. */
static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    /* --diagram values, in the order of enum diagram_style from DIAGRAM_AUTO */
    static const char *const diagrams[] = {"auto", "ascii", "unicode"};
    struct options *opt = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->common;
        break;
    case 'v':
        opt->invert = true;
        break;
    case 'n':
    case 'N':
        opt->normalize = true;
        break;
    case 's':
        opt->fen.strict = true;
        break;
    case 'j':
    case 'J':
        opt->json = true;
        break;
    case 'd':
    case 'D':
        /* argp binds an optional value only when attached (-dascii,
         * --diagram=ascii); a separate argument that names a style is taken
         * as the value too, as users write it: a file so named is ./ascii */
        if (!arg && state->next < state->argc) {
            const char *next = state->argv[state->next];
            for (int i = 0; i < 3 && !arg; i++)
                if (strcmp(next, diagrams[i]) == 0)
                    arg = state->argv[state->next++];
        }
        opt->diagram = (enum diagram_style)(
            DIAGRAM_AUTO + (arg ? cli_keyword(state, "diagram", arg, diagrams, 3) : 0));
        break;
    case OPT_FLIP:
        opt->flip = true;
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    case ARGP_KEY_END:
        check_conflicts(opt, state);
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

static const struct argp_child children[] = {{&cli_common_argp, 0, "Common options:", 0}, {0}};

static const struct argp argp = {
    options,
    parse_opt,
    "[FILE...]",
    "Check FEN and EPD records, one per line, and print the valid ones.\v"
    "Reads each FILE (none or - means standard input; zstd, gzip, bzip2 or xz compressed "
    "input is read as its text) and writes every valid record to "
    "standard output unchanged; every problem of an invalid record goes to standard error as "
    "'fen-check:FILE:LINE:COL: message [code]'. Empty lines and lines starting with '#' are "
    "skipped. With --variant the record is read and judged by a variant's rules: crazyhouse "
    "pockets "
    "([QRbp] or a ninth rank) and '~' after promoted pieces, three-check counters (3+3 after the "
    "en-passant field, or lichess's +0+0 after the move counters), and each variant's own "
    "validity. "
    "formats/fen.md lists what is accepted and every diagnostic.\n\n"
    "Old spellings, kept for scripts: -j for -J (--json), -n for -N (--normalize), -d for -D "
    "(--diagram); in the other chesskit tools -j is --jobs, -n --notation and -d --depth "
    "(docs/options.md).\n\n" CLI_EXIT_STATUS_DOC,
    children,
    NULL,
    NULL};

/* What one record needs while it is checked; kept across records so that
 * the hot loop allocates nothing. */
struct checker {
    const struct options *opt;
    bool unicode;
    struct fen_record rec;
    struct fen_report rep;
    struct cli_buf line; /* the output line being built (--json, --normalize) */
    struct cli_buf norm; /* --normalize: the canonical record */
};

/* --normalize: the canonical FEN of a valid record, or the canonical EPD
 * of an EPD record, then its operations as written. */
static const struct cli_buf *normalized(struct checker *ck)
{
    struct cli_buf *b = &ck->norm;
    b->len = 0;
    fen_cli_buf_record(b, &ck->rec);
    if (ck->rec.ops) {
        cli_buf_char(b, ' ');
        cli_buf_put(b, ck->rec.ops, ck->rec.ops_len);
    }
    return b;
}

/* --json: one object per line, for scripts; the problems carry the same
 * code names as the text diagnostics. */
static void print_json(struct checker *ck, const struct cli_input *in, const char *line, size_t len,
                       bool valid)
{
    const struct fen_report *rep = &ck->rep;
    struct cli_buf *b = &ck->line;
    b->len = 0;
    cli_buf_str(b, "{\"file\":");
    json_put_string(b, in->name, strlen(in->name));
    cli_buf_printf(b, ",\"line\":%lu,\"record\":", in->line_no);
    json_put_string(b, line, len);
    cli_buf_printf(b, ",\"valid\":%s", valid ? "true" : "false");
    if (valid && ck->opt->normalize) {
        const struct cli_buf *n = normalized(ck);
        cli_buf_str(b, ",\"normalized\":");
        json_put_string(b, n->data, n->len);
    }
    cli_buf_str(b, ",\"problems\":[");
    for (int i = 0; i < rep->count; i++) {
        const struct fen_problem *pr = &rep->problems[i];
        cli_buf_printf(b, "%s{\"code\":\"%s\",\"column\":%u,\"message\":", i ? "," : "",
                       fen_code_name(pr->code), pr->col);
        json_put_string(b, pr->message, strlen(pr->message));
        cli_buf_char(b, '}');
    }
    cli_buf_char(b, ']');
    if (rep->dropped)
        cli_buf_printf(b, ",\"more_problems\":%d", rep->dropped);
    cli_buf_str(b, "}\n");
    fwrite_unlocked(b->data, 1, b->len, stdout);
}

/* The board as text, rank 8 at the top (rank 1 when flipped, files from
 * h): piece letters (or Unicode chess symbols), '.' for an empty square,
 * rank and file labels; then the side to move, the castling rights and
 * the en-passant square as the canonical FEN (--normalize) has them: the
 * square only when a pawn can take there.  With
 * color, White's pieces and Black's are painted apart (a Unicode symbol's
 * outline is hard to tell from its fill on many terminal fonts) and the
 * rest faint. */
static void print_diagram(const struct position *p, bool unicode, bool flip, bool paint)
{
    const char *reset = cli_paint(paint, CLI_PAINT_RESET);
    static const char ascii[PIECE_NB] = ".PNBRQK..pnbrqk.";
    static const char *const symbols[PIECE_NB] = {
        "\u00b7", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654", "?",
        "?",      "\u265f", "\u265e", "\u265d", "\u265c", "\u265b", "\u265a", "?"};
    for (int row = 0; row < 8; row++) {
        int rank = flip ? row : 7 - row;
        printf("%s%c%s", cli_paint(paint, CLI_PAINT_DIM), '1' + rank, reset);
        for (int col = 0; col < 8; col++) {
            int file = flip ? 7 - col : col;
            int pc = p->board[square_make(file, rank)] & 15;
            enum cli_paint look = pc == NO_PIECE             ? CLI_PAINT_DIM
                                  : piece_color(pc) == WHITE ? CLI_PAINT_WHITE
                                                             : CLI_PAINT_BLACK;
            putc_unlocked(' ', stdout);
            fputs_unlocked(cli_paint(paint, look), stdout);
            if (unicode)
                fputs_unlocked(symbols[pc], stdout);
            else
                putc_unlocked(ascii[pc], stdout);
            fputs_unlocked(reset, stdout);
        }
        putc_unlocked('\n', stdout);
    }
    printf("%s  %s%s\n", cli_paint(paint, CLI_PAINT_DIM),
           flip ? "h g f e d c b a" : "a b c d e f g h", reset);
    /* the castling field of the canonical FEN, its third */
    char fen[FEN_MAX], ep[3] = "";
    fen_format(p, fen, sizeof fen);
    char *castling = strchr(fen, ' ');
    castling = castling ? strchr(castling + 1, ' ') : NULL;
    if (!castling)
        return;
    castling++;
    castling[strcspn(castling, " ")] = '\0';
    bool can_castle = strcmp(castling, "-") != 0;
    if (p->ep_square != SQUARE_NONE)
        square_format(p->ep_square, ep);
    printf("%s to move; %s%s; %s%s\n\n", p->side == WHITE ? "White" : "Black",
           can_castle ? "castling " : "no castling", can_castle ? castling : "",
           ep[0] ? "en passant " : "no en passant", ep);
}

/* Where a valid record goes: unchanged (the filter), canonical, or with a
 * picture of its board. */
static void print_valid(struct checker *ck, const char *line, size_t len)
{
    const struct options *opt = ck->opt;
    if (opt->normalize) {
        const struct cli_buf *b = normalized(ck);
        cli_put_line(b->data, b->len);
    } else {
        cli_put_line(line, len);
    }
    if (opt->diagram != DIAGRAM_NONE)
        print_diagram(&ck->rec.pos, ck->unicode, opt->flip, opt->common.paint_out);
}

/* Check one line and print what the options ask for; returns CLI_OK or
 * CLI_INVALID. */
static int check_record(void *ctx, const struct cli_input *in, const char *line, size_t len)
{
    struct checker *ck = ctx;
    const struct options *opt = ck->opt;
    struct fen_report *rep = &ck->rep;
    rep->count = 0;
    rep->dropped = 0;
    bool valid;
    if (in->truncated) {
        fen_report_add(rep, FEN_LINE_TOO_LONG, (unsigned)cli_line_too_long_col(in),
                       CLI_LINE_TOO_LONG, in->max_line);
        valid = false;
    } else {
        bool parsed = fen_parse(line, len, &opt->fen, &ck->rec, rep);
        valid = fen_validate(&ck->rec, rep) && parsed;
    }
    if (opt->common.quiet)
        return valid ? CLI_OK : CLI_INVALID;
    if (opt->json) {
        if (!valid || !opt->invert)
            print_json(ck, in, line, len, valid);
        return valid ? CLI_OK : CLI_INVALID;
    }
    if (valid) {
        if (!opt->invert)
            print_valid(ck, line, len);
        return CLI_OK;
    }
    for (int i = 0; i < rep->count; i++)
        cli_diag(in->name, in->line_no, rep->problems[i].col, "%s [%s]", rep->problems[i].message,
                 fen_code_name(rep->problems[i].code));
    if (rep->dropped)
        cli_diag(in->name, in->line_no, 0, "%d more problem%s not shown", rep->dropped,
                 rep->dropped == 1 ? "" : "s");
    if (opt->invert && !in->truncated) {
        fwrite_unlocked(line, 1, len, stdout);
        putc_unlocked('\n', stdout);
    }
    return CLI_INVALID;
}

/* Check every record of one operand; the status of the worst problem. An
 * over-long line is checked too: it is reported with its column and code. */
static int check_file(struct checker *ck, const char *path)
{
    const struct cli_records how = {
        .max_line = ck->opt->common.max_line, .comments = true, .pass_long = true};
    return cli_each_record(path, &how, check_record, ck);
}

/* Unicode pieces only where they can show: a terminal whose locale speaks
 * UTF-8, unless the user chose a style. */
static bool want_unicode(enum diagram_style style)
{
    if (style != DIAGRAM_AUTO)
        return style == DIAGRAM_UNICODE;
    if (!isatty(STDOUT_FILENO))
        return false;
    setlocale(LC_CTYPE, "");
    return strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

/* Parse the options, check every operand (none: stdin), and exit with
 * the worst status met, write errors included. */
int main(int argc, char **argv)
{
    struct options opt = {0};
    cli_init(argc, argv);
    argp_parse(&argp, argc, argv, 0, NULL, &opt);
    opt.fen.variant = (uint8_t)opt.common.variant;
    opt.fen.chess960 = cli_chess960(&opt.common);
    /* A pipe or file gets big blocks; a terminal keeps line buffering.
     * (The buffer must be given: glibc ignores a size without one.) */
    static char outbuf[CLI_BUFSIZE];
    if (!isatty(STDOUT_FILENO))
        setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    struct checker ck = {.opt = &opt, .unicode = want_unicode(opt.diagram)};
    int status = opt.nfiles ? CLI_OK : check_file(&ck, NULL);
    for (int i = 0; i < opt.nfiles && !cli_stdout_failed(); i++)
        status = cli_status_merge(status, check_file(&ck, opt.files[i]));
    cli_buf_free(&ck.line);
    cli_buf_free(&ck.norm);
    return cli_finish(status);
}
