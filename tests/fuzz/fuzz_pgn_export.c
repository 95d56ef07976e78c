/* libFuzzer target for the PGN writer (cmd/game_pgn.c, --to=pgn) through
 * pgn-to-named-notation's converter (cmd/convert.c), as the tool runs it:
 * for any bytes, what converts exports to PGN that
 *   - converts again with no error, every game (export reads back);
 *   - gives the same moves, variations included (--to=uci --inline
 *     --variations of the export and of the input, tag lines aside);
 *   - exports to itself, byte for byte (export of an export), with and
 *     without --fix-result --add-plycount --add-opening;
 *   - has no line of movetext of 80 characters or more but a single
 *     token's, and no line that starts with '%' (an escape line).
 * The input's length picks the options (comments, NAGs, variations kept
 * or not), so that each path runs.  A broken property aborts, which
 * libFuzzer reports as a crash. */
#include "convert.h"
#include "game_pgn.h"
#include "opening.h"

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
    static struct convert_options opts[32];
    static struct convert convs[32];
    static bool made[32];
    unsigned i = (unsigned)opt->comments | (unsigned)opt->nags << 1 |
                 (unsigned)opt->variations << 2 | (unsigned)opt->fix_result << 3 |
                 (unsigned)(opt->to->flags & CONVERT_FAST_UCI ? 1 : 0) << 4;
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
 * is not before a '%' (a word that starts with '%' is kept after the one
 * before it, so that no line starts with one: such a pair, or one word,
 * may be longer than a line). */
static bool breakable(const char *line, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (line[i] == ' ' && line[i + 1] != '%')
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
        if (n > GAME_PGN_COLUMNS && line[0] != '[' && breakable(line, n))
            fail("a line of movetext is longer than 79 characters");
        i = end + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct cli_buf e1, e2, u1, u2, m1, m2;
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

    pgn.fix_result = pgn.add_plycount = pgn.add_opening = true;
    convert(&pgn, (const char *)data, size, &e1);
    convert(&pgn, e1.data, e1.len, &e2);
    if (!same(&e1, &e2))
        fail("the export of the export differs (--fix-result --add-plycount --add-opening)");
    return 0;
}
