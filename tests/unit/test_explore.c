/* The explorer's rule and data model (lib/explore/explore.h,
 * explore_answer.h): the key (transpositions merge, the counters and an
 * en-passant square no capture can use do not count, Chess960 and the
 * variants apart), the metadata read from tags, the walk's counted plies
 * (the last visit of a position, the limit, a null move), the filter, the
 * statistics and their mean, the answer's order and top games, as
 * docs/pgn-explore.md states them (lichess's indexer). */
#include "explore/explore.h"
#include "explore/explore_answer.h"

#include "notation/fen.h"
#include "notation/san.h"
#include "policy/select.h"
#include "rules/makemove.h"
#include "unit.h"

#include <stdlib.h>

static struct position from_fen(const char *fen, int variant, bool chess960)
{
    struct fen_options o = {.variant = (uint8_t)variant, .chess960 = chess960};
    struct fen_record rec;
    struct fen_report rep = {0};
    if (!fen_read(fen, strlen(fen), &o, &rec, &rep))
        abort();
    rec.pos.chess960 = chess960;
    return rec.pos;
}

static const char START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* The position after the SAN moves of line (space-separated) from p. */
static struct position after(struct position p, const char *line)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
        move m;
        if (san_parse(&p, w, strlen(w), &m) != SAN_OK)
            abort();
        makemove_play(&p, m);
    }
    return p;
}

static move san_move(const struct position *p, const char *san)
{
    move m;
    if (san_parse(p, san, strlen(san), &m) != SAN_OK)
        abort();
    return m;
}

static void test_key(void)
{
    struct position s = from_fen(START, VARIANT_CHESS, false);
    struct position pa = after(s, "d4 Nf6 Nf3"), pb = after(s, "Nf3 Nf6 d4");
    struct explore_key a = explore_key_of(&pa), b = explore_key_of(&pb);
    UNIT_CHECK(explore_key_equal(a, b), "a transposition: the same key (d3 not capturable)");
    UNIT_CHECK(!explore_key_none(a), "a key is never {0, 0}");
    struct position c = after(s, "Nf3 Nf6 Ng1 Ng8");
    UNIT_CHECK(explore_key_equal(explore_key_of(&s), explore_key_of(&c)),
               "the counters are no part of the key");
    struct position ep = from_fen("rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
                                  VARIANT_CHESS, false),
                    noep = from_fen("rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
                                    VARIANT_CHESS, false);
    UNIT_CHECK(!explore_key_equal(explore_key_of(&ep), explore_key_of(&noep)),
               "a legal en-passant capture is part of the position");
    struct position e4 = after(s, "e4");
    struct position e4_noep = from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                                       VARIANT_CHESS, false);
    UNIT_CHECK(explore_key_equal(explore_key_of(&e4), explore_key_of(&e4_noep)),
               "an en-passant square no pawn can use is not");
    struct position c960 = from_fen(START, VARIANT_CHESS, true);
    UNIT_CHECK(!explore_key_equal(explore_key_of(&s), explore_key_of(&c960)),
               "Chess960 from the standard array is another position");
    struct position atomic = from_fen(START, VARIANT_ATOMIC, false);
    UNIT_CHECK(!explore_key_equal(explore_key_of(&s), explore_key_of(&atomic)),
               "atomic's start is another position");
    struct position side =
        from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", VARIANT_CHESS, false);
    UNIT_CHECK(!explore_key_equal(explore_key_of(&s), explore_key_of(&side)),
               "the side to move is part of it");
    struct position rights =
        from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1", VARIANT_CHESS, false);
    UNIT_CHECK(!explore_key_equal(explore_key_of(&s), explore_key_of(&rights)),
               "and so are the castling rights");
}

static struct pgn_tag tag(const char *name, const char *value)
{
    return (struct pgn_tag){
        .name = name, .name_len = strlen(name), .value = value, .value_len = strlen(value)};
}

static void test_meta(void)
{
    struct pgn_tag tags[] = {
        tag("Result", "0-1"),         tag("White", "A"),          tag("Black", "B"),
        tag("WhiteElo", "2710"),      tag("BlackElo", "?"),       tag("Date", "2001.02.03"),
        tag("UTCDate", "2019.11.??"), tag("TimeControl", "180+2")};
    struct explore_meta m = {.file = "f.pgn", .line = 7};
    explore_meta_from_tags(&m, tags, sizeof tags / sizeof *tags);
    UNIT_EQ_INT(m.result, EXPLORE_BLACK_WINS, "Result 0-1");
    UNIT_EQ_STR(m.white, "A", "White");
    UNIT_EQ_INT(m.white_elo, 2710, "WhiteElo");
    UNIT_EQ_INT(m.black_elo, 0, "BlackElo '?': none");
    UNIT_EQ_INT(m.year, 2019, "the year of UTCDate before Date's");
    UNIT_EQ_INT(m.month, 11, "its month");
    UNIT_EQ_INT(m.speed, SELECT_SPEED_BLITZ, "180+2 is blitz (select_speed_of)");
    UNIT_EQ_STR(m.file, "f.pgn", "the place is kept");
    UNIT_EQ_INT(m.line, 7, "and its line");
    UNIT_EQ_INT(explore_result_parse("*"), EXPLORE_RESULT_NONE, "'*' is no result");
    UNIT_EQ_INT(explore_result_parse(NULL), EXPLORE_RESULT_NONE, "nor a missing tag");
    UNIT_EQ_INT(explore_result_parse("1/2-1/2"), EXPLORE_DRAW, "1/2-1/2 a draw");
    unsigned y, mo;
    UNIT_CHECK(!explore_date_parse("????.??.??", &y, &mo) && y == 0, "an unknown year");
    UNIT_CHECK(explore_date_parse("1857.??.??", &y, &mo) && y == 1857 && mo == 0,
               "a year without its month");
    struct pgn_tag big[] = {tag("WhiteElo", "70000"), tag("BlackElo", "0"),
                            tag("TimeControl", "-")};
    explore_meta_from_tags(&m, big, 3);
    UNIT_CHECK(m.white_elo == 0 && m.black_elo == 0, "ratings beyond 65535, and 0, are none");
    UNIT_EQ_INT(m.speed, SELECT_SPEED_CORRESPONDENCE, "'-' is correspondence");
    UNIT_EQ_INT(m.result, EXPLORE_RESULT_NONE, "no Result tag");
}

/* Walk the SAN moves of line from p ("--": a null move). */
static void walk_line(struct explore_walk *w, struct position p, const char *line)
{
    explore_walk_begin(w, &p);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        move m = MOVE_NONE;
        if (strcmp(t, "--") == 0) {
            makemove_null(&p);
        } else {
            m = san_move(&p, t);
            makemove_play(&p, m);
        }
        explore_walk_move(w, m, &p);
    }
    explore_walk_end(w);
}

static void test_walk(void)
{
    struct position s = from_fen(START, VARIANT_CHESS, false);
    struct explore_walk *w = explore_walk_new(50, EXPLORE_WALK_POSITIONS);
    walk_line(w, s, "Nf3 Nf6 Ng1 Ng8 e4 e5");
    UNIT_EQ_INT((long long)w->nplies, 6, "six plies walked");
    UNIT_CHECK(!w->ply[0].counted && w->ply[4].counted,
               "back at the start: the last visit (e4) counts, the first (Nf3) not");
    UNIT_CHECK(w->ply[4].m == san_move(&s, "e4"), "the move counted there is e4");
    UNIT_CHECK(w->ply[1].counted && w->ply[5].counted,
               "after 1. Nf3 (ply 1) and after 3. e4 (ply 5): their only visits count");
    UNIT_CHECK(w->pos[4].by_type[0] == w->pos[0].by_type[0] && w->pos[4].fullmove == 3,
               "the positions kept are the ones before each move (ply 4: the start, move 3)");
    UNIT_CHECK(explore_key_equal(w->ply[0].key, w->ply[4].key), "plies 0 and 4: one key");
    explore_walk_free(w);

    w = explore_walk_new(3, 0);
    walk_line(w, s, "e4 e5 Nf3 Nc6 Bb5");
    UNIT_EQ_INT((long long)w->nplies, 3, "--max-ply 3: three plies");
    UNIT_EQ_INT((long long)w->played, 5, "of five played");
    UNIT_CHECK(w->pos == NULL, "no positions kept unless asked");
    explore_walk_free(w);

    w = explore_walk_new(50, 0);
    walk_line(w, s, "e4 e5 -- Nc6");
    UNIT_EQ_INT((long long)w->nplies, 2, "a null move ends the walk");
    UNIT_CHECK(w->stopped && !explore_walk_open(w), "and says so");
    explore_walk_free(w);
    UNIT_CHECK(explore_walk_new(0, 0) == NULL, "a limit of 0 is refused");
}

static void test_filter(void)
{
    struct position s = from_fen(START, VARIANT_CHESS, false);
    struct explore_filter *f = explore_filter_new();
    struct position e4 = after(s, "e4"), d4 = after(s, "d4");
    UNIT_CHECK(explore_filter_add(f, &e4) && explore_filter_add(f, &d4) &&
                   explore_filter_add(f, &e4),
               "three positions added (one twice)");
    UNIT_EQ_INT(explore_filter_find(f, explore_key_of(&e4)), 0, "1. e4 is the first asked");
    UNIT_EQ_INT(explore_filter_find(f, explore_key_of(&d4)), 1, "1. d4 the second");
    UNIT_EQ_INT(explore_filter_find(f, explore_key_of(&s)), -1, "the start is not asked");
    UNIT_CHECK(explore_filter_board(f, position_occupied(&e4)), "its board is one asked");
    UNIT_CHECK(!explore_filter_board(f, position_occupied(&s)), "the start's is not");

    struct explore_walk *w = explore_walk_new(50, 0);
    explore_walk_only(w, f);
    walk_line(w, s, "e4 e5 Nf3");
    UNIT_CHECK(explore_key_none(w->ply[0].key) && !w->ply[0].counted,
               "a board not asked gets no key");
    UNIT_CHECK(explore_key_equal(w->ply[1].key, explore_key_of(&e4)) && w->ply[1].counted,
               "the asked one does, counted");
    explore_walk_free(w);
    explore_filter_free(f);
}

static void test_stats(void)
{
    struct explore_stats s = {0};
    explore_stats_add_game(&s, EXPLORE_WHITE_WINS, 2000, 2010);
    explore_stats_add_game(&s, EXPLORE_DRAW, 2001, 1999);
    explore_stats_add_game(&s, EXPLORE_BLACK_WINS, 0, 0);
    UNIT_EQ_INT((long long)explore_stats_games(&s), 3, "three games");
    UNIT_EQ_INT((long long)s.rating_count, 2, "two with the mover's rating");
    UNIT_EQ_INT(explore_stats_average_rating(&s), 2001, "2000.5 rounds half up to 2001");
    UNIT_EQ_INT(s.last_year, 2010, "the last year");
    struct explore_stats t = {0};
    UNIT_EQ_INT(explore_stats_average_rating(&t), 0, "no rating: 0");
    explore_stats_add(&t, &s);
    explore_stats_add(&t, &s);
    UNIT_CHECK(t.white == 2 && t.draws == 2 && t.black == 2 && t.rating_sum == 8002, "added up");
}

static void test_answer(void)
{
    struct position s = from_fen(START, VARIANT_CHESS, false);
    struct explore_answer a;
    explore_answer_init(&a, &s);
    struct explore_stats one = {0};
    explore_stats_add_game(&one, EXPLORE_WHITE_WINS, 2000, 2000);
    move e4 = san_move(&s, "e4"), d4 = san_move(&s, "d4"), c4 = san_move(&s, "c4");
    explore_answer_add(&a, c4, &one);
    explore_answer_add(&a, d4, &one);
    explore_answer_add(&a, e4, &one);
    explore_answer_add(&a, e4, &one);
    const char *names[] = {"a", "b", "c", "d", "e"};
    unsigned elos[][2] = {{2000, 2000}, {2500, 2500}, {0, 2900}, {2500, 2500}, {2600, 2400}};
    for (int i = 0; i < 5; i++) {
        struct explore_game g = {.white = (char *)names[i],
                                 .black = "x",
                                 .white_elo = elos[i][0],
                                 .black_elo = elos[i][1],
                                 .file = "f",
                                 .line = (unsigned long)(10 * i + 1),
                                 .number = (unsigned long)i + 1,
                                 .m = e4};
        explore_answer_top(&a, &g);
    }
    explore_answer_finish(&a);
    UNIT_EQ_INT((long long)a.nmoves, 3, "three moves");
    UNIT_CHECK(a.moves[0].m == e4, "e4, in two games, first");
    UNIT_CHECK(a.moves[1].m == c4 && a.moves[2].m == d4, "then c2c4 before d2d4 (UCI order)");
    UNIT_EQ_INT((long long)explore_stats_games(&a.total), 4, "four games in all");
    UNIT_EQ_INT((long long)a.ntop, 4, "four top games: the one without both ratings is none");
    UNIT_CHECK(strcmp(a.top[0].white, "b") == 0 && strcmp(a.top[1].white, "d") == 0 &&
                   strcmp(a.top[2].white, "e") == 0 && strcmp(a.top[3].white, "a") == 0,
               "three of 5000 in input order (b, d, e), then 4000 (a)");
    UNIT_CHECK(a.opening == NULL, "the start position has no name in lichess's table");
    explore_answer_clear(&a);

    struct position sic = after(s, "e4 c5");
    explore_answer_init(&a, &sic);
    explore_answer_finish(&a);
    UNIT_CHECK(a.opening && strcmp(a.opening->eco, "B20") == 0, "1. e4 c5 is B20 (%s)",
               a.opening ? a.opening->name : "none");
    explore_answer_clear(&a);
}

int main(void)
{
    test_key();
    test_meta();
    test_walk();
    test_filter();
    test_stats();
    test_answer();
    return unit_done();
}
