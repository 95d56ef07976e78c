/* Move generation against the published perft counts of an EPD suite
 * (../shared/data/perft): one TAP line per record, every depth up to
 * --depth checked.  These counts are the independent truth for movegen. */
#include "notation/fen.h"
#include "perft/perft.h"
#include "perft/perft_suite.h"
#include "unit.h"

#include <errno.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    const char *suite = NULL;
    long max_depth = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--suite") == 0) {
            suite = argv[i + 1];
        } else if (strcmp(argv[i], "--depth") == 0) {
            char *end;
            errno = 0;
            max_depth = strtol(argv[i + 1], &end, 10);
            if (errno || *end || max_depth < 1 || max_depth > 9) {
                fprintf(stderr, "bad --depth\n");
                return 2;
            }
        }
    }
    if (!suite) {
        fprintf(stderr, "usage: test_perft_suites --suite FILE [--depth N]\n");
        return 2;
    }
    FILE *f = fopen(suite, "r");
    if (!UNIT_CHECK(f != NULL, "open %s", suite))
        return unit_done();
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned long lineno = 0;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len == 0)
            continue;
        struct fen_record rec;
        struct fen_report rep = {0};
        struct fen_options opt = {.playable = true};
        if (!fen_read(line, (size_t)len, &opt, &rec, &rep)) {
            UNIT_CHECK(false, "%s:%lu parses: %s", suite, lineno,
                       rep.count ? rep.problems[0].message : "");
            continue;
        }
        struct perft_expect expect;
        struct perft_suite_problem pb;
        if (!perft_suite_epd_counts(&rec, &expect, &pb)) {
            UNIT_CHECK(false, "%s:%lu:%u: %s", suite, lineno, pb.col, pb.message);
            continue;
        }
        bool all = true;
        char detail[256] = "";
        for (long d = 1; d <= max_depth; d++) {
            if (!perft_expect_has(&expect, (int)d))
                break;
            unsigned long long want = expect.count[d];
            uint64_t got = perft_count(&rec.pos, (int)d);
            if (got != want) {
                all = false;
                snprintf(detail, sizeof detail, "depth %ld: got %llu, expected %llu", d,
                         (unsigned long long)got, want);
                break;
            }
        }
        UNIT_CHECK(all, "%s:%lu perft to depth %ld %s", suite, lineno, max_depth, detail);
    }
    free(line);
    fclose(f);
    return unit_done();
}
