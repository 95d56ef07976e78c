/* The identity of a game and the bounded set of identities
 * (lib/policy/game_id.h): what counts (rules, start position without its
 * counters, main line, plies, the tag texts given) and what does not
 * (comments, variations, NAGs, the spelling of a move, other tags), as
 * pgn-select --unique and pgn-check's duplicate-game are documented
 * (docs/pgn-select.md, docs/pgn-check.md); the set's membership, its
 * growth, its places and its bound. */
#include "policy/game_id.h"

#include "rules/makemove.h"
#include "policy/pgn_check.h"
#include "notation/san.h"
#include "unit.h"

#include <stdlib.h>

static bool id_eq(struct game_id a, struct game_id b)
{
    return a.w[0] == b.w[0] && a.w[1] == b.w[1];
}

/* The identity of start then the SAN moves sans (NULL-terminated; "--" a
 * null move), with the tag texts texts[0..ntexts). */
static struct game_id id_of(const struct position *start, const char *const *sans,
                            const char *const *texts, size_t ntexts)
{
    struct position p = *start;
    struct game_id_acc acc;
    game_id_begin(&acc, &p);
    unsigned long plies = 0;
    for (; *sans; sans++, plies++) {
        move m = MOVE_NONE;
        if (strcmp(*sans, "--") == 0) {
            makemove_null(&p);
        } else {
            if (san_parse(&p, *sans, strlen(*sans), &m) != SAN_OK)
                abort();
            makemove_play(&p, m);
        }
        game_id_move(&acc, m);
    }
    for (size_t i = 0; i < ntexts; i++)
        game_id_text(&acc, texts[i]);
    return game_id_end(&acc, plies);
}

static void test_identity(void)
{
    struct position start;
    position_start(&start);
    static const char *const italian[] = {"e4", "e5", "Nf3", "Nc6", "Bc4", NULL};
    static const char *const italian_long[] = {"e4", "e5", "Ngf3", "Nbc6", "Bfc4", NULL};
    static const char *const shorter[] = {"e4", "e5", "Nf3", "Nc6", NULL};
    static const char *const other[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", NULL};
    static const char *const order[] = {"Nf3", "Nc6", "e4", "e5", "Bc4", NULL};
    static const char *const with_null[] = {"e4", "e5", "--", "Nc6", "Bc4", NULL};
    struct game_id a = id_of(&start, italian, NULL, 0);
    UNIT_CHECK(id_eq(a, id_of(&start, italian, NULL, 0)), "the same game: the same identity");
    UNIT_CHECK(id_eq(a, id_of(&start, italian_long, NULL, 0)),
               "the same moves spelled otherwise (Ngf3): the same game");
    UNIT_CHECK(!id_eq(a, id_of(&start, shorter, NULL, 0)), "a ply fewer: another game");
    UNIT_CHECK(!id_eq(a, id_of(&start, other, NULL, 0)), "another last move: another game");
    UNIT_CHECK(!id_eq(a, id_of(&start, order, NULL, 0)),
               "the same final position by another order: another game");
    UNIT_CHECK(!id_eq(a, id_of(&start, with_null, NULL, 0)), "a null move counts");

    struct position counters = start;
    counters.halfmove = 7;
    counters.fullmove = 30;
    UNIT_CHECK(id_eq(a, id_of(&counters, italian, NULL, 0)),
               "the start's counters do not count (the position as repetition counts it)");
    struct position c960 = start;
    c960.chess960 = true;
    UNIT_CHECK(!id_eq(a, id_of(&c960, italian, NULL, 0)), "Chess960 rules: another game");
    struct position atomic = start;
    atomic.variant = VARIANT_ATOMIC;
    UNIT_CHECK(!id_eq(a, id_of(&atomic, italian, NULL, 0)),
               "the same moves in atomic: another game");

    const char *const wb[] = {"W", "B", "1-0"}, *const bw[] = {"B", "W", "1-0"};
    const char *const split1[] = {"ab", "c", "*"}, *const split2[] = {"a", "bc", "*"};
    const char *const missing[] = {NULL, "B", "1-0"}, *const empty[] = {"", "B", "1-0"};
    struct game_id t = id_of(&start, italian, wb, 3);
    UNIT_CHECK(!id_eq(a, t), "tag texts given count");
    UNIT_CHECK(id_eq(t, id_of(&start, italian, wb, 3)), "the same texts: the same game");
    UNIT_CHECK(!id_eq(t, id_of(&start, italian, bw, 3)), "the texts' order counts");
    UNIT_CHECK(!id_eq(id_of(&start, italian, split1, 3), id_of(&start, italian, split2, 3)),
               "(\"ab\", \"c\") and (\"a\", \"bc\") differ");
    UNIT_CHECK(!id_eq(id_of(&start, italian, missing, 3), id_of(&start, italian, empty, 3)),
               "a missing text is not an empty one");
}

/* pgn-check's meaning (docs/pgn-check.md): same players, result and main
 * line, whatever the other tags, comments, variations, NAGs and the
 * spelling of the moves. */
static void test_pgn_check_identity(void)
{
    struct pgn_reader *r = pgn_reader_new();
    struct pgn_checker *c = pgn_checker_new();
    if (!r || !c)
        abort();
    pgn_reader_set_options(r, PGN_CHECK_READER_OPTIONS);
    static const char *const games[] = {
        "[Event \"A\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n",
        "[Event \"Other\"]\n[Date \"1999.01.01\"]\n[White \"W\"]\n[Black \"B\"]\n"
        "[Result \"1-0\"]\n\n1. e4 {a comment} e5 $1 (1... c5 2. Nf3) 2. Ng1f3 1-0\n",
        "[Event \"A\"]\n[White \"X\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n",
        "[Event \"A\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 0-1\n",
        "[Event \"A\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nc3 1-0\n",
    };
    struct game_id id[5];
    for (int i = 0; i < 5; i++) {
        struct pgn_game g;
        struct pgn_check_result res = {0};
        pgn_reader_open_mem(r, games[i], strlen(games[i]), "test");
        UNIT_CHECK(pgn_check_read_game(c, r, &g, &res) == 1, "game %d is read", i);
        UNIT_CHECK(res.hashed, "game %d has an identity", i);
        id[i] = res.id;
    }
    UNIT_CHECK(id_eq(id[0], id[1]),
               "other tags, a comment, a NAG, a variation, Ng1f3 for Nf3: the same game");
    UNIT_CHECK(!id_eq(id[0], id[2]), "another White: another game");
    UNIT_CHECK(!id_eq(id[0], id[3]), "another result: another game");
    UNIT_CHECK(!id_eq(id[0], id[4]), "another move: another game");
    pgn_checker_free(c);
    pgn_reader_free(r);
}

static struct game_id nth(uint64_t i)
{
    return (struct game_id){{i * 0x9E3779B97F4A7C15ull, i}};
}

static void test_set(void)
{
    struct game_id_set s;
    game_id_set_init(&s, SIZE_MAX, true);
    uint32_t first[2] = {0, 0};
    struct game_id zero = {{0, 0}};
    UNIT_EQ_INT(game_id_set_add(&s, &zero, (const uint32_t[2]){1, 10}, first), 0,
                "an identity of zeros is new");
    UNIT_EQ_INT(game_id_set_add(&s, &zero, (const uint32_t[2]){2, 20}, first), 1, "and seen again");
    UNIT_EQ_INT(first[0], 1, "its first place's ordinal");
    UNIT_EQ_INT(first[1], 10, "its first place's line");
    for (uint32_t i = 1; i < 5000; i++) {
        struct game_id y = nth(i);
        if (game_id_set_add(&s, &y, (const uint32_t[2]){i + 2, i}, first) != 0)
            break;
    }
    UNIT_EQ_INT((long long)s.n, 5000, "5,000 distinct identities, all new");
    UNIT_CHECK(s.cap >= 2 * s.n, "the table is at most half full (cap %zu)", s.cap);
    struct game_id x = nth(1234);
    UNIT_EQ_INT(game_id_set_add(&s, &x, (const uint32_t[2]){9999, 1}, first), 1,
                "seen again after growth");
    UNIT_EQ_INT(first[0], 1236, "with the place it came with");
    UNIT_CHECK(!s.full, "no bound, not full");
    game_id_set_free(&s);

    game_id_set_init(&s, 3, false);
    for (uint64_t i = 1; i <= 3; i++) {
        struct game_id y = nth(i);
        UNIT_CHECK(game_id_set_add(&s, &y, NULL, NULL) == 0, "identity %d of 3 is remembered",
                   (int)i);
    }
    UNIT_CHECK(!s.full, "three of three: not full yet");
    struct game_id four = nth(4), two = nth(2);
    UNIT_EQ_INT(game_id_set_add(&s, &four, NULL, NULL), -1, "a fourth is not remembered");
    UNIT_CHECK(s.full && !s.nomem, "the bound was reached (not memory)");
    UNIT_EQ_INT(game_id_set_add(&s, &four, NULL, NULL), -1, "so it is still not seen");
    UNIT_EQ_INT(game_id_set_add(&s, &two, NULL, NULL), 1, "those remembered are still found");
    UNIT_EQ_INT((long long)s.n, 3, "three remembered");
    game_id_set_free(&s);
    UNIT_CHECK(s.slots == NULL && s.n == 0, "freed: empty");
}

int main(void)
{
    test_identity();
    test_pgn_check_identity();
    test_set();
    return unit_done();
}
