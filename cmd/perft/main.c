/*
 * perft - count the move paths of FEN or EPD positions to a given depth:
 * totals, per root move (Stockfish's "go perft" layout), checks of perft
 * suites (EPD ;Dn operations or python-chess's id/epd/perft blocks),
 * bisection of a wrong move generator against a UCI engine, and the split
 * of a deep perft into positions for many machines.
 *
 * The data, and where each step is done:
 *     options        perft_args.c (struct perft_args, --help)
 *     set-up         perft_session.c: threads, table, the engine, once
 *     records        here: cli_input.c's record loop, the suites' records
 *                    and blocks (lib/perft/perft_suite.c), --fen and --startpos;
 *                    fen_cli.c words an unreadable record
 *     each position  perft_session.c: count, divide, suite check, split
 *                    (lib/perft/perft.c), watched by progress.c; against.c:
 *                    --against bisection, talking to uci_engine.c (a UCI
 *                    engine) or divide_command.c (--against-divide)
 */
#include "cli/cli.h"
#include "input/cli_input.h"

#include "against.h"
#include "engine/divide_command.h"
#include "cli/fen_cli.h"
#include "notation/fen.h"
#include "perft_args.h"
#include "perft_session.h"
#include "perft/perft_suite.h"
#include "engine/uci_engine.h"
#include "rules/variant.h"

#include <stdlib.h>
#include <string.h>

/* ---- records ---- */

/* One position with what its record expects (e: its counts by depth, read
 * only when a mode needs them), handed to the mode the options chose. */
static void process_position(struct perft_session *s, const struct perft_session_source *src,
                             const struct position *p, const struct perft_expect *e)
{
    const struct perft_args *opt = s->opt;
    if (opt->split >= 0) {
        perft_session_split(s, p);
    } else if (opt->against || opt->against_divide) {
        against_position(s, p, e, src);
    } else if (opt->depth >= 0) {
        perft_session_depth(s, p);
    } else {
        int deepest = perft_session_deepest(s, e);
        if (deepest == -2) {
            perft_session_skip(s, p, src);
            return;
        }
        if (deepest == 0 && !opt->common.quiet)
            cli_diag(src->name, src->line, 0, "nothing to count: give --depth or %s",
                     src->blocks ? "perft lines" : ";Dn operations");
        if (deepest <= 0) {
            s->status = cli_status_merge(s->status, CLI_INVALID);
            return;
        }
        perft_session_check(s, p, e, src, deepest);
    }
}

/* Read a position, every problem reported at its column (col_offset: the
 * record's place in its line).  Perft suites hold positions no game
 * reaches but whose moves are well defined (the standard suite's line 51:
 * an impossible double check); they are counted without a word unless
 * --strict (formats/fen.md, "Which tools accept what"). */
static bool read_position(struct perft_session *s, const struct perft_session_source *src,
                          unsigned col_offset, const char *text, size_t len, struct fen_record *rec)
{
    struct fen_options fo = {.strict = s->opt->strict,
                             .chess960 = cli_chess960(&s->opt->common),
                             .playable = !s->opt->strict,
                             .variant = (uint8_t)s->opt->common.variant};
    struct fen_report rep = {0};
    if (fen_read(text, len, &fo, rec, &rep))
        return true;
    if (!s->opt->common.quiet)
        fen_cli_problems(src->name, src->line, col_offset, &rep);
    s->status = cli_status_merge(s->status, CLI_INVALID);
    return false;
}

/* One FEN or EPD record: its ;Dn counts are read when a mode needs them. */
static void process_record(struct perft_session *s, const struct perft_session_source *src,
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
    struct perft_session_source src = {name, b->has_epd ? b->epd_line : b->line, true};
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
        struct perft_session_source src = {in->name, in->line_no, false};
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
    struct perft_args opt = {.depth = -1,
                             .max_depth = -1,
                             .split = -1,
                             .engine_timeout = PERFT_ARGS_ENGINE_TIMEOUT_DEFAULT};
    struct perft_session s = {.opt = &opt, .status = CLI_OK};
    struct perft_table *table = NULL;
    struct uci_engine engine = {.pid = -1};
    struct divide_command command = {0};
    cli_init(argc, argv);
    argp_parse(&perft_args_argp, argc, argv, 0, NULL, &opt);
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    s.status = perft_session_start(&s, &table, &engine, &command);
    if (s.status == CLI_OK) {
        for (int i = 0; i < opt.nfens && !cli_stdout_failed(); i++) {
            struct perft_session_source src = {"--fen", (unsigned long)i + 1, false};
            /* --startpos: the variant's own starting position */
            const char *fen = opt.fens[i] == perft_args_startpos_fen
                                  ? variant_rules((enum variant)opt.common.variant)->start
                                  : opt.fens[i];
            process_record(&s, &src, fen, strlen(fen));
        }
        if (opt.nfens == 0 && opt.nfiles == 0)
            process_file(&s, NULL);
        for (int i = 0; i < opt.nfiles && !cli_stdout_failed(); i++)
            process_file(&s, opt.files[i]);
        perft_session_summary(&s);
    }
    uci_engine_stop(&engine);
    divide_command_free(&command);
    perft_table_free(table);
    free(opt.fens);
    cli_buf_free(&s.line);
    return cli_finish(s.status);
}
