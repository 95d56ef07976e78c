/* libFuzzer target for the PGN checker (lib/policy/pgn_check.h): reads the input
 * as PGN with every check on (the notes included), each game checked as
 * it is read (pgn_check_read_game, as pgn-check reads), and checks what
 * must hold for any bytes at all:
 *   - the games' bytes and the rest give back the input byte for byte, in
 *     memory and through a FILE (fmemopen) with a small line cap, so that
 *     a clean game is always passed through unchanged;
 *   - every diagnostic has a known code whose level it carries, a place
 *     inside the input (line from 1, column from 1), a message that is a
 *     C string of the stated length, and the diagnostics come in input
 *     order, at most PGN_CHECK_DIAGS_MAX + 1 per game;
 *   - the counts by level add up, and the duplicate table finds a game's
 *     hash once it has been added;
 *   - the same bytes checked twice, by two checkers that checked other
 *     text before (one of them with the small line cap), give the same
 *     games, diagnostics (code, level, place, message) and hashes;
 *   - games without a Variant tag are played by the rules of a variant
 *     that the input's length picks (standard chess one time in nine).
 * A broken property aborts, which libFuzzer reports as a crash. */
#include "policy/pgn_check.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, unsigned long game)
{
    fprintf(stderr, "fuzz_pgn_check: %s (game %lu)\n", what, game);
    abort();
}

/* The invariants of one game's result. */
static void check_result(const struct pgn_game *g, const struct pgn_check_result *res,
                         unsigned long lines)
{
    unsigned counts[PGN_CHECK_LEVEL_NB] = {0};
    if (res->ndiags > PGN_CHECK_DIAGS_MAX + 1)
        fail("too many diagnostics", g->number);
    for (size_t i = 0; i < res->ndiags; i++) {
        const struct pgn_check_diag *d = &res->diags[i];
        if ((unsigned)d->code >= PGN_CHECK_CODE_NB || d->level != pgn_check_code_level(d->code))
            fail("code or level", g->number);
        if (d->line < 1 || d->col < 1 || d->line > lines + 1)
            fail("place", g->number);
        if (!d->message || strlen(d->message) != d->message_len || d->message_len == 0)
            fail("message", g->number);
        if (i + 1 < res->ndiags && res->diags[i].code != PGN_CHECK_OVER_LIMIT) {
            const struct pgn_check_diag *e = &res->diags[i + 1];
            if (e->code != PGN_CHECK_OVER_LIMIT &&
                (e->line < d->line || (e->line == d->line && e->col < d->col)))
                fail("order", g->number);
        }
        counts[d->level]++;
    }
    if (counts[0] != res->errors || counts[1] != res->warnings || counts[2] != res->notes)
        fail("counts", g->number);
}

/* The same game checked twice: the same findings. */
static void compare_games(const struct pgn_game *ga, const struct pgn_check_result *ra,
                          const struct pgn_game *gb, const struct pgn_check_result *rb)
{
    if (ga->number != gb->number || ga->stray != gb->stray)
        fail("checked twice, the games are not the same", ga->number);
    if (ra->ndiags != rb->ndiags || ra->hashed != rb->hashed ||
        (ra->hashed && memcmp(&ra->id, &rb->id, sizeof ra->id) != 0))
        fail("checked twice, a game's findings differ", ga->number);
    for (size_t i = 0; i < ra->ndiags; i++) {
        const struct pgn_check_diag *a = &ra->diags[i], *b = &rb->diags[i];
        if (a->code != b->code || a->level != b->level || a->line != b->line || a->col != b->col ||
            strcmp(a->message, b->message) != 0)
            fail("checked twice, a diagnostic differs", ga->number);
    }
}

/* Read everything with reader r (opened already), check each game, and
 * compare the bytes handed out with the input; with a twin (reader and
 * checker, opened on the same bytes), each game is checked by it too and
 * the findings compared. */
static void drain(struct pgn_reader *r, struct pgn_checker *c, struct pgn_reader *twin,
                  struct pgn_checker *twin_c, struct game_id_set *dups, const uint8_t *data,
                  size_t size, unsigned long lines)
{
    struct pgn_game g, tg;
    struct pgn_check_result res, tres;
    size_t at = 0;
    int rc;
    uint32_t ordinal = 0;
    while ((rc = pgn_check_read_game(c, r, &g, &res)) > 0) {
        if (!g.raw)
            fail("no raw bytes", g.number);
        if (g.raw_len > size - at || memcmp(g.raw, data + at, g.raw_len) != 0)
            fail("raw bytes differ from the input", g.number);
        at += g.raw_len;
        check_result(&g, &res, lines);
        if (twin) {
            if (pgn_check_read_game(twin_c, twin, &tg, &tres) <= 0)
                fail("checked twice, the reading ends otherwise", g.number);
            compare_games(&g, &res, &tg, &tres);
        }
        if (res.hashed) {
            uint32_t place[2] = {++ordinal, 1}, again[2] = {ordinal + 1000, 1}, first[2];
            int seen = game_id_set_add(dups, &res.id, place, first);
            if (seen < 0 || game_id_set_add(dups, &res.id, again, first) != 1)
                fail("duplicate table", g.number);
        }
    }
    if (rc == -2)
        fail("out of memory", g.number);
    if (twin && pgn_check_read_game(twin_c, twin, &tg, &tres) != rc)
        fail("checked twice, the reading ends otherwise", 0);
    bool utf16 = size >= 2 && pgn_utf16_bom((const char *)data);
    if (rc < 0 && !(utf16 && pgn_reader_error(r) == PGN_E_UTF16 && at == 0))
        fail("hard error", 0);
    if (utf16 != (rc < 0))
        fail("UTF-16 text was read", 0);
    if (rc < 0)
        return;
    const char *rest;
    unsigned long rest_line;
    size_t n = pgn_reader_rest(r, &rest, &rest_line);
    if (n != size - at || memcmp(rest, data + at, n) != 0)
        fail("the rest differs from the input", 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct pgn_reader *mem, *file, *twin;
    static struct pgn_checker *checker, *checker2;
    if (!mem) {
        mem = pgn_reader_new();
        file = pgn_reader_new();
        twin = pgn_reader_new();
        checker = pgn_checker_new();
        checker2 = pgn_checker_new();
        if (!mem || !file || !twin || !checker || !checker2)
            abort();
        pgn_reader_set_options(mem, PGN_CHECK_READER_OPTIONS);
        pgn_reader_set_options(file, PGN_CHECK_READER_OPTIONS);
        pgn_reader_set_options(twin, PGN_CHECK_READER_OPTIONS);
        pgn_reader_set_limits(file, &(struct pgn_limits){.max_line = 64, .max_text = 40});
        for (int i = 0; i < PGN_CHECK_CODE_NB; i++) {
            pgn_checker_enable(checker, (enum pgn_check_code)i, true);
            pgn_checker_enable(checker2, (enum pgn_check_code)i, true);
        }
    }
    unsigned long lines = 1; /* line ends: LF, or a CR not followed by one */
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n' || (data[i] == '\r' && (i + 1 == size || data[i + 1] != '\n'));
    /* The games without a Variant tag take the rules of a variant picked by
     * the input's length, so that every variant's movetext is fuzzed. */
    pgn_checker_set_variant(checker, (enum variant)(size % VARIANT_NB), false, false);
    pgn_checker_set_variant(checker2, (enum variant)(size % VARIANT_NB), false, false);
    struct game_id_set dups_set, *dups = &dups_set;
    game_id_set_init(dups, SIZE_MAX, true);
    FILE *fp = size ? fmemopen((void *)data, size, "r") : NULL;
    if (fp) {
        if (pgn_reader_open_file(file, fp, "fuzz") != PGN_OK)
            abort();
        drain(file, checker2, NULL, NULL, dups, data, size, lines);
        fclose(fp);
    }
    if (pgn_reader_open_mem(mem, (const char *)data, size, "fuzz") != PGN_OK ||
        pgn_reader_open_mem(twin, (const char *)data, size, "fuzz") != PGN_OK)
        abort();
    drain(mem, checker, twin, checker2, dups, data, size, lines);
    game_id_set_free(dups);
    return 0;
}
