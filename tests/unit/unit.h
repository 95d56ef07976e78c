/*
 * unit.h - a tiny header-only TAP harness for chesskit's C unit tests.
 *
 * Each test program is one translation unit that includes this header, runs
 * its checks from main() and ends with `return unit_done();`. Every check
 * prints one TAP line, "ok N - description" or "not ok N - description"
 * followed by "#   ..." diagnostics; no "1..N" plan is printed, since
 * scripts/tap-summary counts the ok lines.
 *
 *     UNIT_CHECK(x > 0, "x is positive (x=%d)", x);
 *     UNIT_EQ_INT(count, 20, "20 moves from the start position");
 *     UNIT_EQ_STR(fen, expected, "round trip");
 *     UNIT_EQ_U64(nodes, 197281, "perft 4");
 *     return unit_done();
 *
 * Every macro evaluates its arguments exactly once and yields true when the
 * check passed, so a test can stop early: `if (!UNIT_CHECK(p, "parsed")) ...`.
 */
#ifndef UNIT_H
#define UNIT_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static unsigned long unit_count;
static unsigned long unit_failed;

/* Print one result line and, on failure, where the check is; the details of
 * what differed are printed by the caller after this. */
__attribute__((format(printf, 4, 0), unused)) static bool
unit_vreport(bool pass, const char *file, int line, const char *fmt, va_list ap)
{
    unit_count++;
    if (!pass)
        unit_failed++;
    printf("%sok %lu - ", pass ? "" : "not ", unit_count);
    vprintf(fmt, ap);
    putchar('\n');
    if (!pass)
        printf("#   at %s:%d\n", file, line);
    fflush(stdout);
    return pass;
}

__attribute__((format(printf, 4, 5), unused)) static bool
unit_report(bool pass, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pass = unit_vreport(pass, file, line, fmt, ap);
    va_end(ap);
    return pass;
}

__attribute__((unused)) static bool unit_eq_int(long long got, long long want, const char *file,
                                                int line, const char *desc)
{
    if (unit_report(got == want, file, line, "%s", desc))
        return true;
    printf("#   got:      %lld\n#   expected: %lld\n", got, want);
    return false;
}

__attribute__((unused)) static bool unit_eq_u64(uint64_t got, uint64_t want, const char *file,
                                                int line, const char *desc)
{
    if (unit_report(got == want, file, line, "%s", desc))
        return true;
    printf("#   got:      %" PRIu64 "\n#   expected: %" PRIu64 "\n", got, want);
    return false;
}

/* Strings compare equal when both are NULL or both hold the same bytes; a NULL
 * is shown as (null) rather than crashing the test program. */
__attribute__((unused)) static bool unit_eq_str(const char *got, const char *want, const char *file,
                                                int line, const char *desc)
{
    bool pass = (got && want) ? strcmp(got, want) == 0 : got == want;
    if (unit_report(pass, file, line, "%s", desc))
        return true;
    printf("#   got:      %s%s%s\n", got ? "\"" : "", got ? got : "(null)", got ? "\"" : "");
    printf("#   expected: %s%s%s\n", want ? "\"" : "", want ? want : "(null)", want ? "\"" : "");
    return false;
}

/* The test program's exit status: 0 when every check passed. */
__attribute__((unused)) static int unit_done(void)
{
    if (unit_failed)
        printf("# %lu of %lu checks failed\n", unit_failed, unit_count);
    fflush(stdout);
    return unit_failed ? 1 : 0;
}

/* Whether the shared test data at path (a file or a directory) is there;
 * where it is absent (a clone made on its own), one TAP line "ok N - # skip
 * the shared test data is absent (PATH)", which scripts/tap-summary counts
 * as skipped, and false: the caller skips the checks that read it. */
__attribute__((unused)) static bool unit_need_shared(const char *path)
{
    if (access(path, R_OK) == 0)
        return true;
    unit_count++;
    printf("ok %lu - # skip the shared test data is absent (%s)\n", unit_count, path);
    fflush(stdout);
    return false;
}

#define UNIT_CHECK(cond, ...) unit_report((cond) ? true : false, __FILE__, __LINE__, __VA_ARGS__)
#define UNIT_EQ_INT(a, b, desc) unit_eq_int((a), (b), __FILE__, __LINE__, (desc))
#define UNIT_EQ_U64(a, b, desc) unit_eq_u64((a), (b), __FILE__, __LINE__, (desc))
#define UNIT_EQ_STR(a, b, desc) unit_eq_str((a), (b), __FILE__, __LINE__, (desc))

#endif /* UNIT_H */
