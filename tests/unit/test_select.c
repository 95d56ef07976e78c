/* pgn-select's criteria (select.h): each kind read from its option text,
 * its messages, and its verdict on games built here by playing SAN, with
 * expected values from the rules and hand-checked positions (Fool's mate
 * is checkmate after 4 plies, and so on), never from the code's own
 * output. */
#include "games/game.h"
#include "rules/makemove.h"
#include "notation/san.h"
#include "policy/select.h"
#include "policy/select_tag.h"
#include "unit.h"

#include <stdlib.h>
#include <string.h>

struct crit {
    const char *kind;
    const char *text;
};

/* Criteria from a list; NULL (and a failed check) when one is refused. */
static struct select_criteria *make(const struct crit *cs, size_t n)
{
    struct select_criteria *s = select_new();
    char err[256];
    for (size_t i = 0; i < n; i++)
        if (!select_add(s, cs[i].kind, cs[i].text, err, sizeof err)) {
            UNIT_CHECK(false, "criterion '%s' accepted: %s", cs[i].text ? cs[i].text : "", err);
            select_free(s);
            return NULL;
        }
    if (!select_finish(s, err, sizeof err)) {
        UNIT_CHECK(false, "criteria finished: %s", err);
        select_free(s);
        return NULL;
    }
    return s;
}
#define MAKE(...)                                                                                  \
    make((const struct crit[]){__VA_ARGS__},                                                       \
         sizeof((const struct crit[]){__VA_ARGS__}) / sizeof(struct crit))

/* The message select_add (or select_finish, after the others) gives. */
static const char *refusal(const char *kind, const char *text)
{
    static char err[512];
    struct select_criteria *s = select_new();
    err[0] = '\0';
    if (select_add(s, kind, text, err, sizeof err))
        snprintf(err, sizeof err, "(accepted)");
    select_free(s);
    return err;
}

/* Is the game with these tags ("White=Tal|Date=1960.??.??") and these
 * main-line moves ("e4 e5 Nf3", from the tags' start) chosen?  -1 when
 * the game itself cannot be played. */
static int chosen_id(const struct select_criteria *s, const char *tagtext, const char *moves,
                     uint64_t id[2])
{
    if (!s) /* refused: make() said so */
        return -2;
    char buf[1024];
    struct pgn_tag tags[16];
    size_t ntags = 0;
    snprintf(buf, sizeof buf, "%s", tagtext);
    for (char *p = buf; *p && ntags < 16;) {
        char *end = p + strcspn(p, "|");
        bool last = !*end;
        *end = '\0';
        char *eq = strchr(p, '=');
        *eq = '\0';
        tags[ntags++] = (struct pgn_tag){
            .name = p, .name_len = strlen(p), .value = eq + 1, .value_len = strlen(eq + 1)};
        if (last)
            break;
        p = end + 1;
    }
    enum select_verdict v = select_tags(s, tags, ntags);
    struct select_game *g = select_game_new(s);
    UNIT_CHECK(select_game_tags(g, tags, ntags) == v, "select_game_tags agrees with select_tags");
    if (v != SELECT_REPLAY) {
        select_game_free(g);
        return v == SELECT_YES;
    }
    static struct game_replay replay; /* large: its setup alone is used */
    struct game_problem pb;
    if (game_replay_start(&replay, tags, ntags, 0, &pb) != GAME_OK) {
        select_game_free(g);
        return -1;
    }
    struct position pos = replay.start;
    select_game_start(g, &pos);
    char mv[1024];
    snprintf(mv, sizeof mv, "%s", moves);
    for (char *tok = strtok(mv, " "); tok; tok = strtok(NULL, " ")) {
        move m = MOVE_NONE;
        if (strcmp(tok, "--") == 0) {
            makemove_null(&pos);
        } else {
            if (san_parse(&pos, tok, strlen(tok), &m) != SAN_OK) {
                select_game_free(g);
                return -1;
            }
            makemove_play(&pos, m);
        }
        select_game_move(g, m, &pos);
    }
    int r = select_game_end(g);
    if (id)
        select_game_identity(g, id);
    select_game_free(g);
    return r;
}
static int chosen(const struct select_criteria *s, const char *tagtext, const char *moves)
{
    return chosen_id(s, tagtext, moves, NULL);
}

#define FOOLS_MATE "f3 e5 g4 Qh4"
#define STD "Event=x|White=Carlsen, Magnus|Black=Nepomniachtchi, Ian"

static void test_tags(void)
{
    struct select_criteria *s = MAKE({"tag", "WhiteElo>=2700"});
    UNIT_EQ_INT(chosen(s, "WhiteElo=2700", ""), 1, "2700 >= 2700");
    UNIT_EQ_INT(chosen(s, "WhiteElo=2699", ""), 0, "2699 < 2700");
    UNIT_EQ_INT(chosen(s, "WhiteElo=10000", ""), 1, "numbers compare as numbers: 10000 >= 2700");
    UNIT_EQ_INT(chosen(s, "WhiteElo=?", ""), 0, "'?' is unknown: as a missing tag");
    UNIT_EQ_INT(chosen(s, "WhiteElo=-", ""), 0, "'-' is no number: not ordered against 2700");
    UNIT_EQ_INT(chosen(s, "BlackElo=2800", ""), 0, "a missing tag meets no comparison");
    select_free(s);

    s = MAKE({"tag", "WhiteElo != 2700"});
    UNIT_EQ_INT(chosen(s, "WhiteElo=2700.0", ""), 0, "!= on numbers: 2700.0 is 2700");
    UNIT_EQ_INT(chosen(s, "WhiteElo=2701", ""), 1, "2701 != 2700");
    UNIT_EQ_INT(chosen(s, "Event=x", ""), 0, "a missing tag meets not even !=");
    select_free(s);

    s = MAKE({"tag", "BlackElo>999"});
    UNIT_EQ_INT(chosen(s, "BlackElo=1200", ""), 1, "1200 > 999 as numbers (not as text)");
    UNIT_EQ_INT(chosen(s, "BlackElo=abc", ""), 0, "text is not ordered against a number");
    select_free(s);
    s = MAKE({"tag", "White!=Carlsen"});
    UNIT_EQ_INT(chosen(s, "White=?", ""), 0, "!= on '?': unknown meets nothing");
    UNIT_EQ_INT(chosen(s, "White=Caruana", ""), 1, "!= on another name");
    select_free(s);

    s = MAKE({"tag", "White=Carlsen"});
    UNIT_EQ_INT(chosen(s, "White=Carlsen", ""), 1, "= is exact");
    UNIT_EQ_INT(chosen(s, "White=carlsen", ""), 0, "= is case-sensitive");
    UNIT_EQ_INT(chosen(s, "White=Carlsen, Magnus", ""), 0, "= is not a prefix match");
    select_free(s);

    s = MAKE({"tag", "White ~ ^Carl"}, {"tag", "Black !~ Nepo"});
    UNIT_EQ_INT(chosen(s, "White=Carlsen, Magnus|Black=Caruana, Fabiano", ""), 1,
                "~ and !~ both met");
    UNIT_EQ_INT(chosen(s, STD, ""), 0, "!~ fails on a match: all tag criteria must hold");
    UNIT_EQ_INT(chosen(s, "White=Carlsen, Magnus", ""), 0, "!~ on a missing tag: not met");
    select_free(s);

    s = MAKE({"tag", "White~^Ä"});
    UNIT_EQ_INT(chosen(s, "White=Ärni", ""), 1, "UTF-8 pattern");
    UNIT_EQ_INT(chosen(s, "White=\xc4rni", ""), 0, "Latin-1 bytes never match a UTF-8 letter");
    select_free(s);

    s = MAKE({"tag", "Event<M"});
    UNIT_EQ_INT(chosen(s, "Event=London", ""), 1, "text compares bytewise: London < M");
    UNIT_EQ_INT(chosen(s, "Event=Moscow", ""), 0, "Moscow > M");
    select_free(s);

    s = MAKE({"tag", "White=\"Carlsen, Magnus\""});
    UNIT_EQ_INT(chosen(s, STD, ""), 1, "a quoted value loses its quotes");
    select_free(s);
}

static void test_dates(void)
{
    struct select_criteria *s = MAKE({"tag", "Date>=2000.05.10"});
    UNIT_EQ_INT(chosen(s, "Date=2000.05.10", ""), 1, "same day");
    UNIT_EQ_INT(chosen(s, "Date=2000.05.09", ""), 0, "day before");
    UNIT_EQ_INT(chosen(s, "Date=2000.06.01", ""), 1, "month after");
    UNIT_EQ_INT(chosen(s, "Date=2000.05.??", ""), 1, "unknown day: equal on year and month");
    UNIT_EQ_INT(chosen(s, "Date=2000.??.??", ""), 1, "unknown month: equal on the year");
    UNIT_EQ_INT(chosen(s, "Date=1999.??.??", ""), 0, "year before");
    UNIT_EQ_INT(chosen(s, "Date=????.??.??", ""), 0, "unknown year compares with nothing");
    UNIT_EQ_INT(chosen(s, "Date=2000", ""), 1, "a year alone is a date");
    UNIT_EQ_INT(chosen(s, "Date=abc", ""), 0, "no date: not met");
    select_free(s);
    s = MAKE({"tag", "Date<2000.05.10"});
    UNIT_EQ_INT(chosen(s, "Date=2000.??.??", ""), 0, "< on an unknown month: equal, not less");
    UNIT_EQ_INT(chosen(s, "Date=1999.12.31", ""), 1, "< day before");
    select_free(s);
    s = MAKE({"tag", "Date>1962"});
    UNIT_EQ_INT(chosen(s, "Date=1963.01.??", ""), 1, "1963.01.?? > 1962 (as pgn-extract: years)");
    UNIT_EQ_INT(chosen(s, "Date=1962.12.31", ""), 0, "1962.12.31 is not > 1962");
    select_free(s);
    s = MAKE({"tag", "Date=2000.05.10"});
    UNIT_EQ_INT(chosen(s, "Date=2000.05.??", ""), 0, "= compares text, not dates");
    select_free(s);
}

static void test_player_speed_variant(void)
{
    struct select_criteria *s = MAKE({"player", "Nepo"});
    UNIT_EQ_INT(chosen(s, STD, ""), 1, "player as Black");
    UNIT_EQ_INT(chosen(s, "White=Nepomniachtchi, Ian", ""), 1, "player as White");
    UNIT_EQ_INT(chosen(s, "White=Carlsen", ""), 0, "neither player");
    select_free(s);

    enum select_speed sp;
    struct {
        const char *tc;
        int speed; /* -1: none */
    } tcs[] = {
        {"15+0", SELECT_SPEED_ULTRABULLET},
        {"29+0", SELECT_SPEED_ULTRABULLET},
        {"30+0", SELECT_SPEED_BULLET},
        {"60+0", SELECT_SPEED_BULLET},
        {"120+1", SELECT_SPEED_BULLET}, /* 160 */
        {"180+0", SELECT_SPEED_BLITZ},
        {"300+3", SELECT_SPEED_BLITZ}, /* 420 */
        {"180+8", SELECT_SPEED_RAPID}, /* 500 */
        {"600+0", SELECT_SPEED_RAPID},
        {"900+15", SELECT_SPEED_CLASSICAL}, /* 1500 */
        {"1800+0", SELECT_SPEED_CLASSICAL},
        {"-", SELECT_SPEED_CORRESPONDENCE},
        {"10800+180", SELECT_SPEED_CLASSICAL},
        {"21600+0", SELECT_SPEED_CORRESPONDENCE},
        {"300", SELECT_SPEED_BLITZ},
        {"10+0.05", SELECT_SPEED_ULTRABULLET}, /* cutechess: 12 s */
        {"60+-1", -1},
        {"?", -1},
        {"", -1},
        {"40/7200:3600", -1},
        {"300+", -1},
        {"+3", -1},
    };
    for (size_t i = 0; i < sizeof tcs / sizeof tcs[0]; i++) {
        bool ok = select_speed_of(tcs[i].tc, &sp);
        UNIT_EQ_INT(ok ? (int)sp : -1, tcs[i].speed, tcs[i].tc);
    }
    UNIT_EQ_STR(select_speed_name(SELECT_SPEED_ULTRABULLET), "ultrabullet", "speed name");

    s = MAKE({"speed", "bullet,blitz"});
    UNIT_EQ_INT(chosen(s, "TimeControl=60+0", ""), 1, "bullet in bullet,blitz");
    UNIT_EQ_INT(chosen(s, "TimeControl=300+0", ""), 1, "blitz in bullet,blitz");
    UNIT_EQ_INT(chosen(s, "TimeControl=600+0", ""), 0, "rapid not in bullet,blitz");
    UNIT_EQ_INT(chosen(s, "Event=x", ""), 0, "no TimeControl: no speed");
    select_free(s);

    s = MAKE({"variant", "chess"});
    UNIT_EQ_INT(chosen(s, "Event=x", ""), 1, "no Variant tag: chess");
    UNIT_EQ_INT(chosen(s, "Variant=Standard", ""), 1, "Standard: chess");
    UNIT_EQ_INT(chosen(s, "Variant=Chess960", ""), 0, "Chess960 is not chess");
    UNIT_EQ_INT(chosen(s, "Variant=Atomic", ""), 0, "atomic is not chess");
    select_free(s);
    s = MAKE({"variant", "chess960,atomic"});
    UNIT_EQ_INT(chosen(s, "Variant=Chess960", ""), 1, "chess960");
    UNIT_EQ_INT(chosen(s, "Variant=Atomic", ""), 1, "atomic");
    UNIT_EQ_INT(chosen(s, "Variant=Martian", ""), 0, "an unknown Variant meets nothing");
    UNIT_EQ_INT(chosen(s, "Event=x", ""), 0, "chess is neither");
    select_free(s);
    s = MAKE({"variant", "King of the Hill,three-check"});
    UNIT_EQ_INT(chosen(s, "Variant=kingofthehill", ""), 1, "the Variant tag's spelling");
    UNIT_EQ_INT(chosen(s, "Variant=3check", ""), 1, "three-check is 3check");
    UNIT_EQ_INT(chosen(s, "Variant=Atomic", ""), 0, "atomic is neither");
    select_free(s);
}

static void test_messages(void)
{
    UNIT_EQ_STR(refusal("tag", "WhiteElo"),
                "no operator in 'WhiteElo' (one of = != ~ !~ < <= > >=)", "no operator");
    UNIT_EQ_STR(refusal("tag", "White Elo>=3"),
                "no operator after 'White' in 'White Elo>=3' (tag names are letters, digits and "
                "'_'; operators = != ~ !~ < <= > >=)",
                "a space in the name");
    UNIT_EQ_STR(refusal("tag", ">=2700"), "no tag name in '>=2700'", "no name");
    UNIT_EQ_STR(refusal("tag", "White~("),
                "bad pattern '(': missing closing parenthesis at offset 1", "bad pattern");
    UNIT_EQ_STR(refusal("player", "a[b"),
                "bad pattern 'a[b': missing terminating ] for character class at offset 3",
                "bad player pattern");
    UNIT_EQ_STR(refusal("speed", "blit"),
                "unknown speed 'blit' (ultrabullet, bullet, blitz, rapid, classical, "
                "correspondence)",
                "unknown speed");
    UNIT_EQ_STR(refusal("speed", "blitz,"),
                "unknown speed '' (ultrabullet, bullet, blitz, rapid, classical, correspondence)",
                "empty item");
    UNIT_EQ_STR(refusal("ending", "mate"),
                "unknown ending 'mate' (checkmate, stalemate, insufficient, threefold, fifty, "
                "variant)",
                "unknown ending");
    UNIT_EQ_STR(refusal("variant", "chess9600"),
                "unknown variant 'chess9600' (chess, chess960, crazyhouse, atomic, antichess, "
                "giveaway, kingofthehill, 3check, horde, racingkings)",
                "unknown variant");
    UNIT_EQ_STR(refusal("min-plies", "ten"), "'ten' is not a number of plies", "plies");
    UNIT_EQ_STR(refusal("max-plies", "-1"), "'-1' is not a number of plies", "negative");
    UNIT_EQ_STR(refusal("min-plies", "\b44"), "'?44' is not a number of plies",
                "a control byte of the text shows as '?'");
    UNIT_EQ_STR(refusal("material-plies", "0"), "'0': the material is held for 1 ply or more",
                "material plies 0");

    char err[256];
    struct select_criteria *s = select_new();
    select_add(s, "min-plies", "10", err, sizeof err);
    select_add(s, "max-plies", "5", err, sizeof err);
    UNIT_CHECK(!select_finish(s, err, sizeof err), "min above max refused");
    UNIT_EQ_STR(err, "--min-plies 10 is above --max-plies 5: no game has both", "min > max");
    select_free(s);
    s = select_new();
    select_add(s, "material-plies", "3", err, sizeof err);
    UNIT_CHECK(!select_finish(s, err, sizeof err), "material plies alone refused");
    UNIT_EQ_STR(err, "--material-plies without --material", "material plies alone");
    select_free(s);
}

static void test_plies_endings(void)
{
    struct select_criteria *s = MAKE({"min-plies", "4"}, {"max-plies", "5"});
    UNIT_CHECK(select_needs_moves(s), "plies need the moves");
    UNIT_EQ_INT(chosen(s, STD, "e4 e5 Nf3"), 0, "3 plies < 4");
    UNIT_EQ_INT(chosen(s, STD, FOOLS_MATE), 1, "4 plies");
    UNIT_EQ_INT(chosen(s, STD, "e4 e5 Nf3 Nc6 Bb5"), 1, "5 plies");
    UNIT_EQ_INT(chosen(s, STD, "e4 e5 Nf3 Nc6 Bb5 a6"), 0, "6 plies > 5");
    select_free(s);

    s = MAKE({"ending", "checkmate"});
    UNIT_EQ_INT(chosen(s, STD, FOOLS_MATE), 1, "Fool's mate is checkmate");
    UNIT_EQ_INT(chosen(s, STD, "f3 e5 g4"), 0, "one ply before it is not");
    UNIT_EQ_INT(chosen(s, STD, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#"), 1, "Scholar's mate");
    select_free(s);

    /* Sam Loyd's ten-move stalemate (1882). */
    const char *loyd = "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 "
                       "Kg6 Qe6";
    s = MAKE({"ending", "stalemate"});
    UNIT_EQ_INT(chosen(s, STD, loyd), 1, "Loyd's stalemate");
    UNIT_EQ_INT(chosen(s, STD, FOOLS_MATE), 0, "mate is no stalemate");
    select_free(s);

    s = MAKE({"ending", "insufficient"});
    UNIT_EQ_INT(chosen(s, "FEN=8/8/8/4k3/8/8/3K4/7N w - - 0 1", "Ng3"), 1, "K+N v K");
    UNIT_EQ_INT(chosen(s, "FEN=8/8/8/4k3/8/8/3K4/7R w - - 0 1", "Rg1"), 0, "K+R v K");
    UNIT_EQ_INT(chosen(s, "FEN=8/8/8/4k3/8/8/3K4/6rN w - - 0 1", "Nf2"), 0,
                "the end counts: K+N v K+R");
    select_free(s);

    s = MAKE({"ending", "fifty"});
    UNIT_EQ_INT(chosen(s, "FEN=8/8/8/4k3/8/8/3K4/7R w - - 99 80", "Rg1"), 1, "clock 100");
    UNIT_EQ_INT(chosen(s, "FEN=8/8/8/4k3/8/8/3K4/7R w - - 98 80", "Rg1"), 0, "clock 99");
    select_free(s);

    s = MAKE({"ending", "threefold"});
    const char *shuffle = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8";
    UNIT_EQ_INT(chosen(s, STD, shuffle), 1, "the start position a third time");
    UNIT_EQ_INT(chosen(s, STD, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1"), 0, "twice only (after Ng1)");
    UNIT_EQ_INT(chosen(s, STD, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 e4"), 0,
                "a repetition before the end does not count");
    /* After 1.e4 the e3 square is no legal capture: the position after
     * 1.e4 Nf6 2.Nf3 Ng8 3.Ng1 Nf6 ... repeats the one after 1.e4 Nf6. */
    UNIT_EQ_INT(chosen(s, STD, "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6"), 1,
                "three times after 1...Nf6 (with white to move)");
    /* Castling rights lost: the same pieces, not the same position. */
    UNIT_EQ_INT(chosen(s, STD, "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8"), 0,
                "the first position had castling rights: only twice");
    UNIT_EQ_INT(chosen(s, STD, "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8"), 1,
                "three times without the rights");
    select_free(s);

    s = MAKE({"ending", "variant"});
    UNIT_EQ_INT(chosen(s, "Variant=King of the Hill", "e3 e6 Ke2 Ke7 Kd3 Kd6 Kd4"), 1,
                "a king on the hill");
    UNIT_EQ_INT(chosen(s, "Variant=King of the Hill", "e3 e6 Ke2 Ke7 Kd3 Kd6"), 0, "not yet");
    UNIT_EQ_INT(chosen(s, STD, FOOLS_MATE), 0, "checkmate is no variant end");
    select_free(s);

    s = MAKE({"ending", "checkmate"}, {"ending", "stalemate,threefold"});
    UNIT_EQ_INT(chosen(s, STD, FOOLS_MATE), 0, "repeated --ending: all must hold");
    select_free(s);
}

static void test_positions(void)
{
    /* 1.e4: no black pawn can take on e3, so no en-passant square. */
    struct select_criteria *s =
        MAKE({"fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"});
    UNIT_EQ_INT(chosen(s, STD, "e4 e5"), 1, "reached after 1.e4");
    UNIT_EQ_INT(chosen(s, STD, "d4 e5"), 0, "not reached");
    UNIT_EQ_INT(chosen(s, STD, "Nf3 Nf6 Ng1 Ng8 e4"), 1, "counters are ignored");
    select_free(s);
    s = MAKE({"fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"});
    UNIT_EQ_INT(chosen(s, STD, "e4"), 1, "an en-passant square no pawn can use is no part");
    select_free(s);
    /* 1.e4 Nf6 2.e5 d5: exd6 is legal, so the e.p. square counts. */
    s = MAKE({"fen", "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"});
    UNIT_EQ_INT(chosen(s, STD, "e4 Nf6 e5 d5"), 1, "with the legal en-passant square");
    UNIT_EQ_INT(chosen(s, STD, "e4 Nf6 e5 d6 Nf3 d5 Ng1"), 0,
                "the same board without it is another position");
    select_free(s);
    s = MAKE({"fen", "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"});
    UNIT_EQ_INT(chosen(s, STD, "e4 Nf6 e5 d5"), 0, "without the square: not that position");
    select_free(s);
    s = MAKE({"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
             {"fen", "8/8/8/8/8/8/8/k6K w - - 0 1"});
    UNIT_EQ_INT(chosen(s, STD, "e4"), 1, "ply 0 counts; any --fen suffices");
    select_free(s);
    s = MAKE({"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1"});
    UNIT_EQ_INT(chosen(s, STD, "Nf3 Nf6 Rg1 Ng8 Rh1 Nf6 Ng1 Ng8"), 1, "castling rights count");
    UNIT_EQ_INT(chosen(s, STD, "Nf3 Nf6 Ng1 Ng8"), 0, "KQkq is not Qkq");
    select_free(s);

    s = MAKE({"position", "\?\?\?\?\?\?\?\?/\?\?\?\?\?\?\?\?/\?\?\?\?\?\?\?\?/"
                          "\?\?\?\?\?\?\?\?/\?\?\?PP\?\?\?/\?\?\?\?\?\?\?\?/"
                          "\?\?\?\?\?\?\?\?/\?\?\?\?\?\?\?\?"});
    UNIT_EQ_INT(chosen(s, STD, "e4 e5 d4"), 1, "white pawns on d4 and e4");
    UNIT_EQ_INT(chosen(s, STD, "e4 d5 exd5 e5 d4"), 0, "never both");
    select_free(s);
    s = MAKE({"position", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w"});
    UNIT_EQ_INT(chosen(s, STD, "e4 Nf6 Nc3 Ng8"), 0, "the board with Black to move only");
    UNIT_EQ_INT(chosen(s, STD, "e3 Nf6 e4 Ng8"), 1, "with White to move");
    select_free(s);
    s = MAKE({"position",
              "\?\?\?\?\?\?\?\?/\?\?\?\?\?\?\?\?/8/8/8/8/\?\?\?\?\?\?\?\?/\?\?\?\?\?\?\?\?"});
    UNIT_EQ_INT(chosen(s, STD, "Nf3"), 1, "digits: empty squares (ply 0)");
    select_free(s);

    UNIT_EQ_STR(refusal("position", "8/8/8/8/8/8/8"),
                "bad board pattern '8/8/8/8/8/8/8': 7 ranks, not 8", "7 ranks");
    UNIT_EQ_STR(refusal("position", "8/8/8/8/8/8/8/7"),
                "bad board pattern '8/8/8/8/8/8/8/7': rank 1 has 7 squares, not 8", "short rank");
    UNIT_EQ_STR(refusal("position", "8/8/8/8/8/8/8/8/8"),
                "bad board pattern '8/8/8/8/8/8/8/8/8': more than 8 ranks", "9 ranks");
    UNIT_EQ_STR(refusal("position", "8/8/8/8/8/8/8/7x"),
                "bad board pattern '8/8/8/8/8/8/8/7x': 'x' is no piece letter, digit 1-8 or '?'",
                "bad letter");
    UNIT_EQ_STR(refusal("position", "8/8/8/8/8/8/8/8 x"),
                "bad board pattern '8/8/8/8/8/8/8/8 x': after the board only \" w\" or \" b\"",
                "bad side");
    UNIT_EQ_STR(refusal("fen", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                "illegal position 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1': "
                "column 19: digit '9' is not a count of 1 to 8 empty squares",
                "bad digit");
    UNIT_EQ_STR(refusal("fen", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
                "illegal position '4k3/8/8/8/8/8/8/4K3 w K - 0 1': column 23: castling right 'K' "
                "but no white rook between the king and h1",
                "castling without rook (column 23: the K)");
}

static void test_material(void)
{
    /* After 1.e4 d5 2.exd5 Qxd5: White lost a pawn, Black a pawn. */
    struct select_criteria *s = MAKE({"material", "KQRRBBNNPPPPPPP:KQRRBBNNPPPPPPP"});
    UNIT_EQ_INT(chosen(s, STD, "e4 d5 exd5 Qxd5"), 1, "seven pawns each");
    UNIT_EQ_INT(chosen(s, STD, "e4 d5 exd5"), 0, "eight black pawns still");
    select_free(s);
    s = MAKE({"material", "KQ+:KQRRBBNNPPPPPPP"});
    UNIT_EQ_INT(chosen(s, STD, "e4 d5 exd5 Qxd5"), 1, "at least KQ for White");
    select_free(s);
    s = MAKE({"material", "KQRRBBNNPPPPPPP:KQRRBBNNPPPPPPP"}, {"material-plies", "3"});
    UNIT_EQ_INT(chosen(s, STD, "e4 d5 exd5 Qxd5 Nc3"), 0, "held 2 plies");
    UNIT_EQ_INT(chosen(s, STD, "e4 d5 exd5 Qxd5 Nc3 Qa5"), 1, "held 3 plies");
    UNIT_EQ_INT(chosen(s, STD, "e4 d5 exd5 Qxd5 Nc3 Qxg2"), 0, "broken by a capture");
    select_free(s);
    s = MAKE({"material", "KQRRBBNNPPPPPPP:KQRRBBNNPPPPPPP"}, {"material", "K:K"});
    UNIT_EQ_INT(chosen(s, STD, "e4 d5 exd5 Qxd5"), 1, "several --material: any one");
    UNIT_EQ_INT(chosen(s, STD, "e4 d5 exd5"), 0, "neither");
    select_free(s);
    UNIT_EQ_STR(refusal("material", "KQ"),
                "bad material 'KQ': White's pieces, ':', Black's pieces (as KQR:KR)", "no colon");
    UNIT_EQ_STR(refusal("material", "KX:K"),
                "bad material 'KX:K': 'X' is no piece letter (K Q R B N P, upper case)",
                "bad letter");
    UNIT_EQ_STR(refusal("material", "K:K:"), "bad material 'K:K:': ':' after Black's pieces",
                "two colons");
}

static void test_moves_unique(void)
{
    struct select_criteria *s = MAKE({"moves", "1. e4 c5 2. Nf3"});
    UNIT_EQ_INT(chosen(s, STD, "e4 c5 Nf3 d6"), 1, "starts with the moves");
    UNIT_EQ_INT(chosen(s, STD, "Nf3 c5 e4"), 0, "a transposition is other moves");
    UNIT_EQ_INT(chosen(s, STD, "e4 c5"), 0, "shorter than the moves");
    UNIT_EQ_INT(chosen(s,
                       "Variant=Chess960|FEN=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
                       "KQkq - 0 1",
                       "e4 c5 Nf3"),
                0, "Chess960 is not standard chess");
    select_free(s);
    UNIT_EQ_STR(refusal("moves", "e4 e5 Ke3"), "move 3 'Ke3' of 'e4 e5 Ke3': no legal move matches",
                "illegal move");
    UNIT_EQ_STR(refusal("moves", "  "), "no moves in '  '", "no moves");

    s = MAKE({"unique", NULL});
    uint64_t a[2], b[2], c[2], d[2], e[2];
    chosen_id(s, "White=A", "e4 e5 Nf3", a);
    chosen_id(s, "White=B|Date=2000.01.01", "e4 e5 Nf3", b);
    chosen_id(s, "White=A", "e4 e5 Nf3 Nc6", c);
    chosen_id(s, "White=A", "Nf3 e5 e4", d);
    chosen_id(s, "Variant=Chess960|FEN=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
              "e4 e5 Nf3", e);
    UNIT_CHECK(a[0] == b[0] && a[1] == b[1], "same moves, other tags: the same identity");
    UNIT_CHECK(a[0] != c[0] && a[1] != c[1], "one ply more: another identity");
    UNIT_CHECK(a[0] != d[0] && a[1] != d[1], "a transposition: another identity");
    UNIT_CHECK(a[0] != e[0] && a[1] != e[1], "Chess960: another identity");
    select_free(s);
}

static void test_openings(void)
{
    struct select_criteria *s = MAKE({"eco", "B20-B29"});
    UNIT_EQ_INT(chosen(s, STD, "e4 c5 Nf3"), 1, "1.e4 c5 2.Nf3 is B27");
    UNIT_EQ_INT(chosen(s, STD, "Nf3 c5 e4"), 1, "its transposition too (lichess's rule)");
    UNIT_EQ_INT(chosen(s, STD, "e4"), 0, "1.e4 is B00");
    select_free(s);
    s = MAKE({"eco", "A04,B00"}, {"opening", "^King's Pawn"});
    UNIT_EQ_INT(chosen(s, STD, "e4"), 1, "B00 King's Pawn Game");
    UNIT_EQ_INT(chosen(s, STD, "e4 a6"), 0, "1.e4 a6 is B00 St. George Defense");
    select_free(s);
    s = MAKE({"opening", "Zukertort"});
    UNIT_EQ_INT(chosen(s, STD, "Nf3 c5"), 1, "Zukertort Opening: Sicilian Invitation");
    UNIT_EQ_INT(chosen(s, STD, "Nf3 c5 e4"), 0, "the deepest named position: Sicilian Defense");
    select_free(s);
    UNIT_EQ_STR(refusal("eco", "B20-Z99"),
                "bad ECO code or range 'B20-Z99' (a code as B90, a range as A00-B99)", "bad range");
}

static void test_numbers_dates(void)
{
    struct {
        const char *s;
        bool ok;
        double v;
    } nums[] = {{"2700", true, 2700},
                {"-12", true, -12},
                {"+7", true, 7},
                {"1.5", true, 1.5},
                {"0.25", true, 0.25},
                {"1.", false, 0},
                {".5", false, 0},
                {"12a", false, 0},
                {"", false, 0},
                {"-", false, 0},
                {"1e5", false, 0},
                {" 1", false, 0},
                {"12345678901234567890", true, 12345678901234567890.0}};
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
        double v = 0;
        bool ok = select_number_parse(nums[i].s, strlen(nums[i].s), &v);
        UNIT_CHECK(ok == nums[i].ok && (!ok || v == nums[i].v), "number '%s'", nums[i].s);
    }
    struct {
        const char *s;
        bool ok;
        unsigned y, m, d;
    } dates[] = {{"2024.01.31", true, 2024, 1, 31}, {"2024.??.??", true, 2024, 0, 0},
                 {"2024.01.??", true, 2024, 1, 0},  {"????.??.??", true, 0, 0, 0},
                 {"2024.??.05", true, 2024, 0, 0},  {"19??.??.??", true, 0, 0, 0},
                 {"2024", true, 2024, 0, 0},        {"2024.03", true, 2024, 3, 0},
                 {"2024-01-31", false, 0, 0, 0},    {"2024.1.31", false, 0, 0, 0},
                 {"24.01.31", false, 0, 0, 0},      {"2024.01.31.", false, 0, 0, 0}};
    for (size_t i = 0; i < sizeof dates / sizeof dates[0]; i++) {
        struct select_date d;
        bool ok = select_date_parse(dates[i].s, strlen(dates[i].s), &d);
        UNIT_CHECK(ok == dates[i].ok && (!ok || (d.year == dates[i].y && d.month == dates[i].m &&
                                                 d.day == dates[i].d)),
                   "date '%s'", dates[i].s);
    }
}

int main(void)
{
    test_numbers_dates();
    test_tags();
    test_dates();
    test_player_speed_variant();
    test_messages();
    test_plies_endings();
    test_positions();
    test_material();
    test_moves_unique();
    test_openings();
    return unit_done();
}
