/* libFuzzer target for the PGN writer (lib/games/pgn_write.c) on both tools'
 * paths: pgn-to-named-notation --to=pgn (cmd/output/game_pgn.c through the
 * converter, cmd/pgn-to-named-notation/convert.c, as the tool runs it), and named-notation-to-pgn
 * (the named reader's replay events straight to the writer, as that tool
 * writes them).  For any bytes, what converts exports to PGN that
 *   - converts again with no error, every game (export reads back);
 *   - gives the same moves, variations included (--to=uci --inline
 *     --variations of the export and of the input, tag lines aside);
 *   - exports to itself, byte for byte (export of an export), with and
 *     without --fix-result --add-plycount --add-opening;
 *   - has no line of movetext of 80 characters or more but a single
 *     token's, and no line that starts with '%' (an escape line);
 * and the input converted to the named notation and written back by
 * named-notation-to-pgn's path has the same lines' properties, and reads
 * back through the PGN reader with no error and the input's moves.
 * The input's length picks the options (comments, NAGs, variations kept
 * or not), so that each path runs.  A broken property aborts, which
 * libFuzzer reports as a crash. */
#include "pgn-to-named-notation/convert.h"
#include "output/game_pgn.h"
#include "games/named_reader.h"
#include "games/opening.h"
#include "games/pgn_write.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_pgn_export: %s\n", what);
    abort();
}

/* Convert text with the converter of opt into out (replaced); the games
 * with errors.  One converter per set of options, made on its first use
 * and kept (as the tool keeps one for all its files): a reader's patterns
 * are compiled once. */
static unsigned long convert(const struct convert_options *opt, const char *text, size_t len,
                             struct cli_buf *out)
{
    static struct convert_options opts[64];
    static struct convert convs[64];
    static bool made[64];
    unsigned i = (unsigned)opt->comments | (unsigned)opt->nags << 1 |
                 (unsigned)opt->variations << 2 | (unsigned)opt->fix_result << 3 |
                 (unsigned)(opt->to == convert_target_find("uci")) << 4 |
                 (unsigned)(opt->to == convert_target_find("named")) << 5;
    if (!made[i]) {
        opts[i] = *opt;
        if (!convert_init(&convs[i], &opts[i], NULL))
            fail("out of memory");
        made[i] = true;
    }
    struct convert *c = &convs[i];
    struct jobs_result res = {0};
    c->res = &res;
    if (pgn_reader_open_mem(c->reader, text, len, "fuzz") != PGN_OK)
        fail("the reader does not open");
    c->number = 0;
    while (!res.stop && convert_next_game(c) > 0)
        ;
    out->len = 0;
    cli_buf_put(out, res.out.data, res.out.len);
    unsigned long errors = res.counts[COUNT_ERRORS];
    jobs_result_free(&res);
    c->res = NULL;
    return errors;
}

/* The lines of a conversion that are not tags or blank. */
static void moves_only(const struct cli_buf *in, struct cli_buf *out)
{
    out->len = 0;
    for (size_t i = 0; i < in->len;) {
        const char *nl = memchr(in->data + i, '\n', in->len - i);
        size_t end = nl ? (size_t)(nl - in->data) : in->len;
        if (end > i && in->data[i] != '[') {
            cli_buf_put(out, in->data + i, end - i);
            cli_buf_char(out, '\n');
        }
        i = end + 1;
    }
}

static bool same(const struct cli_buf *a, const struct cli_buf *b)
{
    return a->len == b->len && (!a->len || memcmp(a->data, b->data, a->len) == 0);
}

/* Whether a line of movetext could have been broken: a space in it that
 * is not before a '%' or a UTF-8 BOM (a word that starts with either is
 * kept after the one before it, so that no line starts with one: such a
 * pair, or one word, may be longer than a line). */
static bool breakable(const char *line, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (line[i] == ' ' && line[i + 1] != '%' && !pgn_utf8_bom_len(line + i + 1, n - i - 1))
            return true;
    return false;
}

static void check_lines(const struct cli_buf *b)
{
    for (size_t i = 0; i < b->len;) {
        const char *nl = memchr(b->data + i, '\n', b->len - i);
        size_t end = nl ? (size_t)(nl - b->data) : b->len;
        const char *line = b->data + i;
        size_t n = end - i;
        if (n && line[0] == '%')
            fail("a line starts with '%'");
        if (pgn_utf8_bom_len(line, n))
            fail("a line starts with a BOM (a reader drops it)");
        if (n > PGN_WRITE_COLUMNS && line[0] != '[' && breakable(line, n))
            fail("a line of movetext is longer than 79 characters");
        i = end + 1;
    }
}

/* named-notation-to-pgn's path: each game of the named text replayed and
 * written by the library's writer into out (a game with an error left
 * out); the games with errors. */
struct named_run {
    struct pgn_writer w;
    struct game_replay *replay;
    struct cli_buf *out;
    const char *result;
    bool begun;
    unsigned long errors;
};

static enum pgn_visit named_begin(void *ctx, const struct pgn_game *g)
{
    struct named_run *r = ctx;
    (void)g;
    r->begun = true;
    pgn_writer_start(&r->w, &r->replay->start);
    return PGN_VISIT_GO;
}

static enum pgn_visit named_event(void *ctx, const struct game_event *ev)
{
    struct named_run *r = ctx;
    if (ev->kind == GAME_EV_RESULT)
        r->result = ev->tok->text;
    else
        pgn_writer_event(&r->w, ev);
    return PGN_VISIT_GO;
}

static void named_end(void *ctx, const struct pgn_game *g, const struct game_problem *pb)
{
    struct named_run *r = ctx;
    if (pb) {
        r->errors++;
        return;
    }
    if (!pgn_writer_end(&r->w, g, NULL, 0, r->result ? r->result : games_tag_result(g), NULL))
        fail("out of memory (the named path's writer)");
    cli_buf_put(r->out, r->w.head.data, r->w.head.len);
    cli_buf_put(r->out, r->w.text.data, r->w.text.len);
}

static const struct game_consumer named_consumer = {named_begin, named_event, named_end};

static unsigned long named_to_pgn(const char *text, size_t len, struct cli_buf *out)
{
    static struct named_reader *reader;
    static struct named_run r;
    if (!reader && (!(reader = named_reader_new()) || !(r.replay = malloc(sizeof *r.replay))))
        fail("out of memory");
    game_replay_listen(r.replay, GAME_NAMED | GAME_VARIATIONS, &named_consumer, &r);
    r.out = out;
    r.errors = 0;
    out->len = 0;
    if (named_reader_open_mem(reader, text, len, "fuzz") != PGN_OK)
        fail("the named reader does not open");
    for (;;) {
        pgn_writer_begin(&r.w);
        r.result = NULL;
        r.begun = false;
        if (named_read_game(reader, &game_replay_visitor, r.replay) <= 0)
            break;
    }
    return r.errors;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct cli_buf e1, e2, u1, u2, m1, m2, n1, n2;
    static bool table;
    if (!table) { /* (built once, as the tool builds it before any thread) */
        if (!opening_table_get())
            fail("out of memory (the table of openings)");
        table = true;
    }
    struct convert_options pgn = {.to = convert_target_find("pgn"),
                                  .comments = size % 2 == 0,
                                  .nags = size % 3 != 0,
                                  .variations = size % 5 != 0,
                                  .jobs = 1};
    struct convert_options uci = {.to = convert_target_find("uci"),
                                  .inline_layout = true,
                                  .variations = pgn.variations,
                                  .jobs = 1};
    pgn.common.max_line = uci.common.max_line = CLI_MAX_LINE_DEFAULT;

    convert(&pgn, (const char *)data, size, &e1);
    check_lines(&e1);
    if (convert(&pgn, e1.data, e1.len, &e2))
        fail("the export has a game with an error");
    if (!same(&e1, &e2))
        fail("the export of the export differs");
    convert(&uci, (const char *)data, size, &u1);
    convert(&uci, e1.data, e1.len, &u2);
    moves_only(&u1, &m1);
    moves_only(&u2, &m2);
    if (!same(&m1, &m2))
        fail("the export's moves differ from the input's");

    /* named-notation-to-pgn's path, from the input in the named notation
     * (comments, NAGs and variations as the export kept them) */
    struct convert_options named = {.to = convert_target_find("named"),
                                    .comments = pgn.comments,
                                    .nags = pgn.nags,
                                    .variations = pgn.variations,
                                    .jobs = 1};
    named.common.max_line = CLI_MAX_LINE_DEFAULT;
    convert(&named, (const char *)data, size, &n1);
    unsigned long named_errors = named_to_pgn(n1.data, n1.len, &n2);
    check_lines(&n2);
    if (convert(&pgn, n2.data, n2.len, &e2))
        fail("named-notation-to-pgn's export has a game with an error");
    if (!named_errors) { /* (a limit of the named reader may refuse a game) */
        convert(&uci, n2.data, n2.len, &u2);
        moves_only(&u2, &m2);
        if (!same(&m1, &m2))
            fail("named-notation-to-pgn's export's moves differ from the input's");
    }

    pgn.fix_result = pgn.add_plycount = pgn.add_opening = true;
    convert(&pgn, (const char *)data, size, &e1);
    convert(&pgn, e1.data, e1.len, &e2);
    if (!same(&e1, &e2))
        fail("the export of the export differs (--fix-result --add-plycount --add-opening)");
    return 0;
}
