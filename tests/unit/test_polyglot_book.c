/* Polyglot books (lib/explore/polyglot_book.h) against the specification's
 * encoding and make-book's rules (polyglot's book_make.c), worked by hand:
 * the entry's bytes, the move encoding (castling as king takes rook, the
 * promotions), a damaged book's first problem, lookup, and the builder's
 * counts (every occurrence, 2 a win 1 a draw, halving at 16384, rounding
 * up), filters (min-games, min-score, sides) and order (key, weight, first
 * played).  The byte-for-byte comparison with make-book itself is in
 * tests/cli/pgn-explore-book.bats. */
#include "explore/polyglot_book.h"

#include "explore/polyglot_key.h"
#include "notation/fen.h"
#include "notation/uci.h"
#include "unit.h"

#include <stdlib.h>

static struct position position_of(const char *fen)
{
    struct fen_options opt = {0};
    struct fen_record rec;
    struct fen_report rep;
    if (!fen_read(fen, strlen(fen), &opt, &rec, &rep))
        abort();
    return rec.pos;
}

static uint16_t raw_of(const char *fen, const char *uci)
{
    struct position p = position_of(fen);
    move m = uci_parse(&p, uci, strlen(uci));
    if (m == MOVE_NONE)
        abort();
    UNIT_CHECK(polyglot_move_decode(&p, polyglot_move_encode(m)) == m, "%s decodes back", uci);
    return polyglot_move_encode(m);
}

static void test_moves(void)
{
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const char *castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const char *promo = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    UNIT_CHECK(raw_of(start, "e2e4") == 0x031c, "e2e4 is 0x031c");
    UNIT_CHECK(raw_of(start, "g1f3") == 0x0195, "g1f3 is 0x0195");
    UNIT_CHECK(raw_of(castle, "e1g1") == 0x0107, "O-O is e1h1, 0x0107");
    UNIT_CHECK(raw_of(castle, "e1c1") == 0x0100, "O-O-O is e1a1, 0x0100");
    UNIT_CHECK(raw_of(promo, "a7a8q") == 0x4c38, "a7a8q is 0x4c38");
    UNIT_CHECK(raw_of(promo, "a7a8n") == 0x1c38, "a7a8n is 0x1c38");
    UNIT_CHECK(raw_of(promo, "a7a8r") == 0x3c38, "a7a8r is 0x3c38");
    struct position p = position_of(start);
    UNIT_CHECK(polyglot_move_decode(&p, 0x0324) == MOVE_NONE, "e2e5 is not legal");
    UNIT_CHECK(!polyglot_move_well_formed(0x0000), "a1a1 is no move");
    UNIT_CHECK(!polyglot_move_well_formed(0x8000 | 0x031c), "bit 15 set is no move");
    UNIT_CHECK(!polyglot_move_well_formed(0x5c38), "promotion 5 is no move");
    UNIT_CHECK(!polyglot_move_well_formed(0x431c), "a promotion e2e4 is no move");
}

static void test_entries(void)
{
    struct polyglot_entry e = {UINT64_C(0x463b96181691fc9c), 0x031c, 3, 0x01020304}, back;
    uint8_t b[16];
    static const uint8_t want[16] = {0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c,
                                     0x03, 0x1c, 0x00, 0x03, 0x01, 0x02, 0x03, 0x04};
    polyglot_entry_put(&e, b);
    UNIT_CHECK(memcmp(b, want, 16) == 0, "an entry is big-endian key, move, weight, learn");
    back = polyglot_entry_get(b);
    UNIT_CHECK(back.key == e.key && back.move == e.move && back.weight == 3 &&
                   back.learn == 0x01020304,
               "an entry reads back");

    uint8_t book[48];
    struct polyglot_entry es[3] = {{1, 0x031c, 1, 0}, {5, 0x031c, 2, 0}, {5, 0x02db, 1, 0}};
    for (int i = 0; i < 3; i++)
        polyglot_entry_put(&es[i], book + 16 * i);
    struct polyglot_book pb;
    struct polyglot_book_problem pr;
    UNIT_CHECK(polyglot_book_open(&pb, book, 48, &pr) && pb.entries == 3, "a book of 3 entries");
    size_t n, first = polyglot_book_find(&pb, 5, &n);
    UNIT_CHECK(first == 1 && n == 2, "key 5: entries 1 and 2");
    polyglot_book_find(&pb, 3, &n);
    UNIT_CHECK(n == 0, "key 3: none");
    UNIT_CHECK(!polyglot_book_open(&pb, book, 47, &pr) && pr.status == POLYGLOT_BOOK_SIZE &&
                   pr.offset == 32,
               "47 bytes: a torn last entry at byte 32");
    polyglot_entry_put(&es[0], book + 32);
    UNIT_CHECK(!polyglot_book_open(&pb, book, 48, &pr) && pr.status == POLYGLOT_BOOK_UNSORTED &&
                   pr.entry == 2,
               "key 1 after key 5: unsorted at entry 2 (from 0)");
    UNIT_CHECK(polyglot_book_open(&pb, book, 0, &pr) && pb.entries == 0, "an empty book");
}

/* The builder's book as entries. */
static size_t build(struct polyglot_builder *b, const struct polyglot_build_options *o,
                    struct polyglot_entry *out, size_t max)
{
    size_t len;
    bool oom;
    uint8_t *bytes = polyglot_builder_finish(b, o, &len, &oom);
    size_t n = len / 16;
    for (size_t i = 0; i < n && i < max; i++)
        out[i] = polyglot_entry_get(bytes + 16 * i);
    free(bytes);
    return n;
}

static void test_builder(void)
{
    struct polyglot_builder *b = polyglot_builder_new();
    /* key 9, White: move A 3 times (won, drawn, lost: sum 3), move B twice
     * (won twice: 4), move C first, once (won: 2); key 4, Black: D 3 times
     * drawn (3) */
    polyglot_builder_add(b, 9, 0x0c00 | 3, WHITE, 2); /* C, first played */
    polyglot_builder_add(b, 9, 0x0a00 | 1, WHITE, 2);
    polyglot_builder_add(b, 9, 0x0a00 | 1, WHITE, 1);
    polyglot_builder_add(b, 9, 0x0a00 | 1, WHITE, 0);
    polyglot_builder_add(b, 9, 0x0b00 | 2, WHITE, 2);
    polyglot_builder_add(b, 9, 0x0b00 | 2, WHITE, 2);
    for (int i = 0; i < 3; i++)
        polyglot_builder_add(b, 4, 0x0d00 | 4, BLACK, 1);
    struct polyglot_entry e[8];
    struct polyglot_build_options o = POLYGLOT_BUILD_OPTIONS_DEFAULT;
    size_t n = build(b, &o, e, 8);
    UNIT_CHECK(n == 2 && e[0].key == 4 && e[0].weight == 3 && e[1].key == 9 &&
                   e[1].move == (0x0a00 | 1) && e[1].weight == 3,
               "min-games 3: D (key 4) then A; B and C played fewer times");
    o.min_games = 1;
    n = build(b, &o, e, 8);
    UNIT_CHECK(n == 4 && e[1].weight == 4 && e[2].weight == 3 && e[3].weight == 2,
               "min-games 1: key 9's moves by weight, B 4, A 3, C 2");
    o.min_score = 0.75;
    n = build(b, &o, e, 8);
    UNIT_CHECK(n == 2 && e[0].weight == 4 && e[1].weight == 2,
               "min-score 75: B and C (scored 100 %%), not A (50 %%) nor D (50 %%)");
    o.min_score = 0;
    o.only_black = true;
    n = build(b, &o, e, 8);
    UNIT_CHECK(n == 1 && e[0].key == 4, "only-black: D alone");
    o.only_black = false;
    o.uniform = true;
    n = build(b, &o, e, 8);
    UNIT_CHECK(n == 4 && e[1].move == (0x0c00 | 3) && e[2].move == (0x0a00 | 1) &&
                   e[3].move == (0x0b00 | 2) && e[1].weight == 1,
               "uniform: weights 1, ties in the order first played (C, A, B)");
    polyglot_builder_free(b);

    /* halving: 16383 wins of E then one more: n 16384 -> 8192, sum 32768 ->
     * 16384; F (3 draws: n 3, sum 3) -> n 2, sum 2 */
    b = polyglot_builder_new();
    for (int i = 0; i < 3; i++)
        polyglot_builder_add(b, 7, 0x0f00 | 6, WHITE, 1);
    for (int i = 0; i < 16383; i++)
        polyglot_builder_add(b, 7, 0x0e00 | 5, WHITE, 2);
    o = (struct polyglot_build_options)POLYGLOT_BUILD_OPTIONS_DEFAULT;
    n = build(b, &o, e, 8);
    UNIT_CHECK(n == 2 && e[0].weight == 32766 && e[1].weight == 3, "16383 wins: no halving yet");
    polyglot_builder_add(b, 7, 0x0e00 | 5, WHITE, 2);
    n = build(b, &o, e, 8);
    UNIT_CHECK(n == 1 && e[0].weight == 16384,
               "the 16384th: E halved to sum 16384; F to n 2 (below min-games 3)");
    o.min_games = 2;
    n = build(b, &o, e, 8);
    UNIT_CHECK(n == 2 && e[1].weight == 2, "F halved, rounding up: sum 3 -> 2");
    polyglot_builder_free(b);
}

int main(void)
{
    test_moves();
    test_entries();
    test_builder();
    return unit_done();
}
