/* The variants' move generation against their published perft counts
 * (../shared/data/perft/variants: python-chess's suites, in its
 * id/epd/perft blocks, read by lib/perft_suite): one TAP line per block,
 * every depth up to --depth checked, with perft_count and with perft_run
 * (two threads and a table), so that the walk the perft tool uses is held
 * to the same counts.
 *
 * usage: test_variant_suites --suite FILE --variant NAME [--depth N] [--chess960]
 * (--chess960 reads KQkq as X-FEN, as the atomic960 records need). */
#include "notation/fen.h"
#include "perft/perft.h"
#include "perft/perft_suite.h"
#include "unit.h"
#include "rules/variant.h"

#include <errno.h>
#include <stdlib.h>

struct run {
    const char *suite;
    enum variant variant;
    bool chess960;
    long max_depth;
    struct perft_table *table;
};

/* One block: read its position under the variant, count every depth. */
static void check_block(const struct run *r, const struct perft_suite_block *b)
{
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {
        .playable = true, .chess960 = r->chess960, .variant = (uint8_t)r->variant};
    const char *name = b->id[0] ? b->id : "(no id)";
    if (b->bad || !b->has_epd) {
        UNIT_CHECK(false, "%s:%lu %s: a malformed block", r->suite, b->line, name);
        return;
    }
    if (!fen_read(b->epd, b->epd_len, &opt, &rec, &rep)) {
        UNIT_CHECK(false, "%s:%lu %s parses as %s: %s", r->suite, b->epd_line, name,
                   variant_rules(r->variant)->name, rep.count ? rep.problems[0].message : "");
        return;
    }
    char detail[256] = "";
    bool all = true;
    int deepest = 0;
    for (int d = 1; d <= r->max_depth && all; d++) {
        if (!perft_expect_has(&b->expect, d))
            continue;
        deepest = d;
        uint64_t want = b->expect.count[d];
        uint64_t got = perft_count(&rec.pos, d);
        struct perft_config cfg = {.threads = 2, .table = r->table};
        uint64_t got_run = perft_run(&rec.pos, d, &cfg, NULL);
        if (got != want || got_run != want) {
            all = false;
            snprintf(detail, sizeof detail,
                     ": depth %d: got %" PRIu64 " (threads and table: %" PRIu64
                     "), expected %" PRIu64,
                     d, got, got_run, want);
        }
    }
    UNIT_CHECK(all, "%s %s %s to depth %d%s", variant_rules(r->variant)->name, r->suite, name,
               deepest, detail);
}

int main(int argc, char **argv)
{
    struct run r = {.variant = VARIANT_CHESS, .max_depth = 3};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--chess960") == 0) {
            r.chess960 = true;
        } else if (i + 1 < argc && strcmp(argv[i], "--suite") == 0) {
            r.suite = argv[++i];
        } else if (i + 1 < argc && strcmp(argv[i], "--variant") == 0) {
            bool c960 = false;
            i++;
            if (!variant_parse(argv[i], strlen(argv[i]), &r.variant, &c960)) {
                fprintf(stderr, "unknown variant %s\n", argv[i]);
                return 2;
            }
            r.chess960 |= c960;
        } else if (i + 1 < argc && strcmp(argv[i], "--depth") == 0) {
            char *end;
            errno = 0;
            r.max_depth = strtol(argv[++i], &end, 10);
            if (errno || *end || r.max_depth < 1 || r.max_depth > PERFT_SUITE_DEPTH_MAX) {
                fprintf(stderr, "bad --depth\n");
                return 2;
            }
        } else {
            fprintf(stderr, "usage: test_variant_suites --suite FILE --variant NAME [--depth N] "
                            "[--chess960]\n");
            return 2;
        }
    }
    if (!r.suite) {
        fprintf(
            stderr,
            "usage: test_variant_suites --suite FILE --variant NAME [--depth N] [--chess960]\n");
        return 2;
    }
    FILE *f = fopen(r.suite, "r");
    if (!UNIT_CHECK(f != NULL, "open %s", r.suite))
        return unit_done();
    r.table = perft_table_new((size_t)16 << 20);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned long lineno = 0;
    struct perft_suite_block block = {0}, done;
    struct perft_suite_problem pb;
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        int k = perft_suite_feed(&block, line, (size_t)len, lineno, &done, &pb);
        if (k & PERFT_SUITE_PROBLEM)
            UNIT_CHECK(false, "%s:%lu:%u: %s", r.suite, lineno, pb.col, pb.message);
        if (k & PERFT_SUITE_COMPLETE)
            check_block(&r, &done);
    }
    if (block.open)
        check_block(&r, &block);
    free(line);
    fclose(f);
    perft_table_free(r.table);
    return unit_done();
}
