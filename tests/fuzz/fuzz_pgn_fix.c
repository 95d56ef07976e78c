/* libFuzzer target for pgn-check --fix (cmd/pgn-check/fix.c): reads the
 * input as PGN with every check on (the notes included, as --pedantic),
 * writes each game as --fix does (mended when the fixer mends it, else its
 * bytes, with the bytes between and after the games), and checks what
 * must hold for any bytes at all:
 *   - fixing the fixed output changes nothing: the second pass writes the
 *     first pass's bytes, byte for byte, and mends no finding;
 *   - a game written again mends only findings of the codes the fixer
 *     names (fixer_code_fixable), at least one, and its text ends with a
 *     line end;
 *   - without a game mended, the output is the input (the games' bytes and
 *     the rest give it back).
 * A game given a marker is put back as it was when the game after it
 * does not read alike after a marker (fix_next_reads_alike), as pgn-check
 * does.
 * Games without a Variant tag are played by standard chess or, one input
 * length in three, by a variant (crazyhouse or atomic).  A broken property
 * aborts, which libFuzzer reports as a crash. */
#include "pgn-check/check_options.h"
#include "pgn-check/fix.h"
#include "policy/pgn_check.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_pgn_fix: %s\n", what);
    abort();
}

struct pass {
    struct pgn_reader *reader;
    struct pgn_checker *checker;
    struct fixer *fixer;
};

static void pass_init(struct pass *p, const struct check_options *o)
{
    p->reader = pgn_reader_new();
    p->checker = pgn_checker_new();
    p->fixer = fixer_new(o);
    if (!p->reader || !p->checker || !p->fixer)
        fail("out of memory");
    pgn_reader_set_options(p->reader, PGN_CHECK_READER_OPTIONS);
    check_options_enable(p->checker, o);
    pgn_checker_set_variant(p->checker, (enum variant)o->common.variant, false, false);
}

/* --fix of text into out; the number of findings mended. */
static size_t fix_text(struct pass *p, const char *text, size_t len, struct cli_buf *out)
{
    struct pgn_game g;
    struct pgn_check_result res;
    size_t mended = 0;
    bool lost = false;
    out->len = 0;
    if (pgn_reader_open_mem(p->reader, text, len, "fuzz") != PGN_OK)
        fail("the reader does not open");
    int rc;
    /* a game given a marker: where its text starts in out, its bytes and
     * the findings mended, to put back if the next game reads otherwise
     * after the marker (as pgn-check's check_games does) */
    size_t marked = SIZE_MAX, marked_n = 0;
    struct cli_buf prev = {0};
    while ((rc = pgn_check_read_game(p->checker, p->reader, &g, &res)) > 0) {
        struct fix_result fx;
        bool nomem;
        if (marked != SIZE_MAX && !fix_next_reads_alike(&g, &res)) {
            out->len = marked;
            cli_buf_put(out, prev.data, prev.len);
            mended -= marked_n;
        }
        marked = SIZE_MAX;
        if (!g.raw) {
            lost = true;
            continue;
        }
        if (!fixer_fix(p->fixer, &g, &res, &fx, &nomem)) {
            if (nomem)
                fail("out of memory");
            cli_buf_put(out, g.raw, g.raw_len);
            continue;
        }
        size_t n = 0;
        for (size_t i = 0; i < res.ndiags; i++)
            if (fx.fixed[i]) {
                if (!fixer_code_fixable(res.diags[i].code))
                    fail("a finding of a code the fixer does not mend is marked fixed");
                n++;
            }
        if (!n)
            fail("a game written again mends nothing");
        if (!fx.len || fx.text[fx.len - 1] != '\n')
            fail("a game written again does not end with a line end");
        mended += n;
        if (fix_gave_marker(&res, &fx)) {
            marked = out->len;
            marked_n = n;
            prev.len = 0;
            cli_buf_put(&prev, g.raw, g.raw_len);
        }
        size_t lead = 0;
        for (size_t i = 0; i < g.raw_len; i++)
            if (g.raw[i] == '\n')
                lead = i + 1;
            else if (g.raw[i] != ' ' && g.raw[i] != '\t' && g.raw[i] != '\r')
                break;
        cli_buf_put(out, g.raw, lead);
        cli_buf_put(out, fx.text, fx.len);
    }
    cli_buf_free(&prev);
    if (rc < 0)
        fail("the reader failed on memory");
    const char *rest;
    unsigned long line;
    size_t n = pgn_reader_rest(p->reader, &rest, &line);
    cli_buf_put(out, rest, n);
    if (out->nomem)
        fail("out of memory");
    if (!mended && !lost && (out->len != len || (len && memcmp(out->data, text, len) != 0)))
        fail("nothing mended, but the output is not the input");
    return mended;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct pass passes[3];
    static bool made[3];
    static const int variants[3] = {VARIANT_CHESS, VARIANT_CRAZYHOUSE, VARIANT_ATOMIC};
    unsigned k = size % 9 == 4 ? 1 : size % 9 == 7 ? 2 : 0;
    if (!made[k]) {
        struct check_options o = {.jobs = 1, .fail_on = PGN_CHECK_NOTE, .pedantic = true};
        o.common.max_line = CLI_MAX_LINE_DEFAULT;
        o.common.variant = variants[k];
        pass_init(&passes[k], &o);
        made[k] = true;
    }
    struct cli_buf once = {0}, twice = {0};
    fix_text(&passes[k], (const char *)data, size, &once);
    size_t again = fix_text(&passes[k], once.data ? once.data : "", once.len, &twice);
    if (again)
        fail("fixing the fixed output mends something");
    if (once.len != twice.len || (once.len && memcmp(once.data, twice.data, once.len) != 0))
        fail("fixing the fixed output changes it");
    cli_buf_free(&once);
    cli_buf_free(&twice);
    return 0;
}
