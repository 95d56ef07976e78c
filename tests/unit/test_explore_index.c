/* The saved index's pure parts (cmd/pgn-explore/explore_index_agg.c and
 * the option values of explore_index_build.c and explore_index_query.c),
 * against what their contracts say, counted here by hand:
 *  - the bounded table holds each key once, says full at its bound (and
 *    never before), gives back every row sorted, and is empty after a
 *    clear; 100,000 keys added through a bound of 4,096 rows, written out
 *    each time it fills, add up to the counts of a plain array;
 *  - --memory's sizes (suffixes, at least 1M), --ratings' lichess groups,
 *    --since/--until's months, and the rating group of two ratings. */
#include "pgn-explore/explore_index_agg.h"
#include "pgn-explore/explore_index_build.h"
#include "pgn-explore/explore_index_db.h"
#include "pgn-explore/explore_index_query.h"

#include "unit.h"

#include <stdlib.h>

struct row {
    uint64_t key;
    uint64_t count;
};

static int by_key(const void *a, const void *b, void *ctx)
{
    (void)ctx;
    uint64_t x = ((const struct row *)a)->key, y = ((const struct row *)b)->key;
    return (x > y) - (x < y);
}

static void check_table(void)
{
    struct explore_index_agg a;
    /* the smallest table: 4,096 rows whatever the budget */
    UNIT_CHECK(explore_index_agg_init(&a, sizeof(struct row), sizeof(uint64_t), 1), "init");
    UNIT_EQ_U64(a.max_rows, 4096, "the smallest bound is 4,096 rows");
    enum { KEYS = 10007, ADDS = 100000 };
    static uint64_t want[KEYS], got[KEYS];
    unsigned long flushes = 0;
    bool sorted = true, once = true;
    uint64_t x = 88172645463325252u;
    for (int i = 0; i <= ADDS; i++) {
        bool full = a.n == a.max_rows;
        if (full || i == ADDS) {
            explore_index_agg_sort(&a, by_key, NULL);
            for (size_t k = 0; k < a.n; k++) {
                const struct row *r = explore_index_agg_sorted(&a, k);
                if (k && ((const struct row *)explore_index_agg_sorted(&a, k - 1))->key >= r->key)
                    sorted = false;
                got[r->key] += r->count;
            }
            explore_index_agg_clear(&a);
            flushes++;
            if (i == ADDS)
                break;
        }
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        uint64_t key = x % KEYS;
        bool fresh, nomem;
        struct row *r = explore_index_agg_get(&a, &key, &fresh, &nomem);
        if (!r || nomem || (fresh && r->count != 0) || r->key != key)
            once = false;
        if (r)
            r->count++;
        want[key]++;
    }
    UNIT_CHECK(once, "every key found, a new row's counts zero");
    UNIT_CHECK(sorted, "the rows come sorted, each key once");
    UNIT_CHECK(memcmp(want, got, sizeof want) == 0,
               "100,000 adds through %lu write-outs add up to the plain counts", flushes);
    UNIT_CHECK(flushes > 2, "the bound was reached (%lu write-outs)", flushes);

    /* full means full: the bound's row goes in, the next is refused */
    for (uint64_t k = 0; k < a.max_rows; k++) {
        bool fresh, nomem;
        (void)explore_index_agg_get(&a, &k, &fresh, &nomem);
    }
    uint64_t one_more = a.max_rows, old = 7;
    bool fresh, nomem;
    UNIT_CHECK(explore_index_agg_get(&a, &one_more, &fresh, &nomem) == NULL && !nomem,
               "a new key past the bound is refused, not out of memory");
    UNIT_CHECK(explore_index_agg_get(&a, &old, &fresh, &nomem) != NULL && !fresh,
               "a key there is still found when full");
    explore_index_agg_clear(&a);
    UNIT_EQ_U64(a.n, 0, "cleared: no rows");
    explore_index_agg_free(&a);
}

static void check_options(void)
{
    size_t m = 0;
    UNIT_CHECK(explore_index_build_parse_memory("16M", &m) && m == 16u << 20, "16M");
    UNIT_CHECK(explore_index_build_parse_memory("1G", &m) && m == 1u << 30, "1G");
    UNIT_CHECK(explore_index_build_parse_memory("2GiB", &m) && m == (size_t)2 << 30, "2GiB");
    UNIT_CHECK(explore_index_build_parse_memory("1048576", &m) && m == 1u << 20, "1048576 bytes");
    UNIT_CHECK(!explore_index_build_parse_memory("1048575", &m), "below 1M: refused");
    UNIT_CHECK(!explore_index_build_parse_memory("-1G", &m), "a sign: refused");
    UNIT_CHECK(!explore_index_build_parse_memory("1Q", &m), "an unknown suffix: refused");
    UNIT_CHECK(!explore_index_build_parse_memory("", &m), "empty: refused");

    unsigned mask = 0;
    char err[128];
    UNIT_CHECK(explore_index_query_parse_ratings("1600,1800", &mask, err, sizeof err) &&
                   mask == ((1u << 4) | (1u << 5)),
               "--ratings 1600,1800: the fifth and sixth groups");
    UNIT_CHECK(explore_index_query_parse_ratings("0,2500", &mask, err, sizeof err) &&
                   mask == (1u | (1u << 8)),
               "--ratings 0,2500: the first and last");
    UNIT_CHECK(!explore_index_query_parse_ratings("1500", &mask, err, sizeof err) &&
                   strstr(err, "'1500'") != NULL,
               "--ratings 1500: no such group, named in the message");
    UNIT_CHECK(!explore_index_query_parse_ratings("1600,", &mask, err, sizeof err),
               "--ratings with an empty item");

    int month = 0;
    UNIT_CHECK(explore_index_query_parse_month("2013-01", false, &month) && month == 201301,
               "2013-01");
    UNIT_CHECK(explore_index_query_parse_month("2013", false, &month) && month == 201301,
               "--since 2013: its first month");
    UNIT_CHECK(explore_index_query_parse_month("2013", true, &month) && month == 201312,
               "--until 2013: its last month");
    UNIT_CHECK(!explore_index_query_parse_month("2013-13", false, &month), "month 13");
    UNIT_CHECK(!explore_index_query_parse_month("2013-1", false, &month), "one digit of month");
    UNIT_CHECK(!explore_index_query_parse_month("13-01", false, &month), "two digits of year");

    UNIT_EQ_INT(explore_index_db_rating_group(999, 999), 0, "999: below 1000");
    UNIT_EQ_INT(explore_index_db_rating_group(1600, 1799), 1600, "mean 1699 (rounded down): 1600");
    UNIT_EQ_INT(explore_index_db_rating_group(2400, 2601), 2500, "mean 2500: 2500");
    UNIT_EQ_INT(explore_index_db_rating_group(3000, 3000), 2500, "3000: the last group");
    UNIT_EQ_INT(explore_index_db_rating_group(-1, 2000), EXPLORE_INDEX_DB_RATING_NONE,
                "one rating missing: none");
}

int main(void)
{
    check_table();
    check_options();
    return unit_done();
}
