/* The PGN checker (lib/policy/pgn_check.h) on small hand-made games: the code,
 * level, place and message of a problem of each family, what turning
 * checks on and off does, the bytes the reader hands over (PGN_OPT_RAW),
 * the identity of duplicates (tests/unit/test_game_id.c has its set), and UTF-8 sequences by RFC
 * 3629's table.  Every expected place is counted by hand on the text given here. */
#include "policy/pgn_check.h"

#include "unit.h"

#include <stdlib.h>

static struct pgn_reader *reader;
static struct pgn_checker *checker;

/* Check the first game of text as pgn-check does (the checker as the
 * reader's visitor); returns its result. */
static struct pgn_check_result check_text(const char *text)
{
    struct pgn_game g;
    struct pgn_check_result res = {0};
    pgn_reader_open_mem(reader, text, strlen(text), "test");
    pgn_check_read_game(checker, reader, &g, &res);
    return res;
}

/* The one diagnostic of a game: its code, place and message. */
static void expect_one(const char *text, enum pgn_check_code code, unsigned long line,
                       unsigned long col, const char *message, const char *what)
{
    struct pgn_check_result res = check_text(text);
    if (!UNIT_EQ_INT((long long)res.ndiags, 1, what))
        return;
    UNIT_EQ_STR(pgn_check_code_name(res.diags[0].code), pgn_check_code_name(code), what);
    UNIT_EQ_INT((long long)res.diags[0].line, (long long)line, what);
    UNIT_EQ_INT((long long)res.diags[0].col, (long long)col, what);
    UNIT_EQ_STR(res.diags[0].message, message, what);
}

#define ROSTER                                                                                     \
    "[Event \"E\"]\n[Site \"S\"]\n[Date \"2000.01.01\"]\n[Round \"1\"]\n[White \"W\"]\n"           \
    "[Black \"B\"]\n[Result \"*\"]\n\n"

static void test_codes(void)
{
    enum pgn_check_code c;
    UNIT_CHECK(pgn_check_code_parse("illegal-move", 12, &c) && c == PGN_CHECK_ILLEGAL_MOVE,
               "illegal-move parses");
    UNIT_CHECK(pgn_check_code_parse("king-count", 10, &c) &&
                   c == pgn_check_fen_code(FEN_KING_COUNT),
               "fen-check's codes are the checker's");
    UNIT_CHECK(!pgn_check_code_parse("illegal", 7, &c), "a prefix is no code");
    UNIT_EQ_INT(pgn_check_code_level(PGN_CHECK_ILLEGAL_MOVE), PGN_CHECK_ERROR,
                "illegal move: error");
    UNIT_EQ_INT(pgn_check_code_level(PGN_CHECK_BAD_DATE), PGN_CHECK_WARNING, "bad date: warning");
    UNIT_EQ_INT(pgn_check_code_level(PGN_CHECK_SAN_STYLE), PGN_CHECK_NOTE, "SAN style: note");
    int named = 0;
    for (int i = 0; i < PGN_CHECK_CODE_NB; i++) {
        const char *n = pgn_check_code_name((enum pgn_check_code)i);
        named +=
            n && strcmp(n, "unknown") != 0 && pgn_check_code_parse(n, strlen(n), &c) && (int)c == i;
    }
    UNIT_EQ_INT(named, PGN_CHECK_CODE_NB, "every code has a name that parses back to it");
}

static void test_problems(void)
{
    expect_one(ROSTER "1. e4 e5 2. Ke3 *\n", PGN_CHECK_ILLEGAL_MOVE, 9, 13,
               " (W - B, 1): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3",
               "an illegal move: at its token, with the library's reason");
    expect_one(ROSTER "1. e4 e5 {DEL in the middle \x7f of a long comment} *\n",
               PGN_CHECK_CONTROL_BYTE, 9, 29, " (W - B, 1): control character 0x7F",
               "DEL is a control character, found by the word-at-a-time scan too");
    expect_one(ROSTER "1. e4 e5 3. Nf3 *\n", PGN_CHECK_WRONG_MOVE_NUMBER, 9, 10,
               " (W - B, 1): move number 3 where the position is at move 2", "a wrong move number");
    expect_one("[Event \"E\"]\n[Site \"S\"]\n[Date \"2000.02.30\"]\n[Round \"1\"]\n[White \"W\"]\n"
               "[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n",
               PGN_CHECK_BAD_DATE, 3, 1,
               " (W - B, 1): Date '2000.02.30': there is no day 30 in that month",
               "February 30th does not exist (2000 is a leap year: 29 would)");
    struct pgn_check_result res =
        check_text(ROSTER "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
    UNIT_EQ_INT((long long)res.ndiags, 1,
                "mate for White with the result tag '*' but the marker 1-0");
    UNIT_EQ_INT(res.ndiags ? (int)res.diags[0].code : -1, PGN_CHECK_RESULT_MISMATCH,
                "the marker disagrees with the Result tag");
    UNIT_CHECK(res.hashed, "a game replayed whole has a hash for duplicates");
}

/* Notes are off until asked; any check can be turned off. */
static void test_enable(void)
{
    const char *text = ROSTER "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n";
    UNIT_EQ_INT((long long)check_text(text).ndiags, 0, "castling with zeros: no note by default");
    pgn_checker_enable(checker, PGN_CHECK_ZERO_CASTLING, true);
    expect_one(text, PGN_CHECK_ZERO_CASTLING, 9, 35,
               " (W - B, 1): ply 7 (4.): castling written with zeros: SAN is 'O-O'",
               "castling with zeros, once the note is on: at the '0'");
    pgn_checker_enable(checker, PGN_CHECK_ZERO_CASTLING, false);
    pgn_checker_enable(checker, PGN_CHECK_ILLEGAL_MOVE, false);
    UNIT_EQ_INT((long long)check_text(ROSTER "1. e4 e5 2. Ke3 *\n").ndiags, 0,
                "an illegal move, with that check off: nothing");
    pgn_checker_enable(checker, PGN_CHECK_ILLEGAL_MOVE, true);
}

/* Every diagnostic of a game, one "LINE:COL code message" a line. */
static void expect_all(const char *text, const char *want, const char *what)
{
    struct pgn_check_result res = check_text(text);
    char got[2048];
    size_t n = 0;
    got[0] = '\0';
    for (size_t i = 0; i < res.ndiags && n < sizeof got; i++)
        n += (size_t)snprintf(got + n, sizeof got - n, "%lu:%lu %s%s\n", res.diags[i].line,
                              res.diags[i].col, pgn_check_code_name(res.diags[i].code),
                              res.diags[i].message);
    UNIT_EQ_STR(got, want, what);
}

/* PGN standard 8.2.5: a problem inside a variation skips that variation
 * alone (its move numbers unchecked), the main line goes on; one in the
 * main line ends the replay there.  The texts were checked against
 * pgn-check before it consumed the replay's events. */
static void test_variations(void)
{
    expect_all(ROSTER "( 1. d4 ) 1. e4 e5 2. Nf3 ( 2. Qh5 Nc6 3. Kf3 ( 3. Bc4 ) 9. Nd2 ) 2... Nc6 "
                      "( 2... Nf6 3. Nc3 ( 3. -- ) -- ( 3. Nxe5 Qe7 ) ) 3. Bb5 ( 3. Nd5 ) 4. a6 "
                      "*\n",
               "9:1 variation-without-move (W - B, 1): a variation with no move before it to "
               "replace\n"
               "9:43 illegal-variation-move (W - B, 1): ply 5 (3.): illegal move 'Kf3' in a "
               "variation: a king cannot move from e1 to f3\n"
               "9:112 illegal-variation-move (W - B, 1): ply 6 (3...): illegal move 'Nxe5' in a "
               "variation: no knight can move to e5\n"
               "9:137 illegal-variation-move (W - B, 1): ply 5 (3.): illegal move 'Nd5' in a "
               "variation: no knight can move to d5\n"
               "9:143 wrong-move-number (W - B, 1): move number 4 where the position is at move "
               "3\n",
               "problems in variations: each skips its variation alone");
    expect_all(ROSTER "1. f3 e5 2. g4 Qh4# ( 2... Qh4 3. -- ) 3. -- 4. a3 *\n",
               "9:35 illegal-variation-move (W - B, 1): ply 5 (3.): illegal null move '--': the "
               "side to move is in check\n"
               "9:43 illegal-move (W - B, 1): ply 5 (3.): illegal null move '--': the side to move "
               "is in check\n",
               "a null move in check, in a variation and in the main line (which then ends)");
    expect_all(ROSTER "1. d4 d5 2. Nf3 Nf6 3. Nd2 ( 3. c4 ) *\n",
               "9:24 ambiguous-move (W - B, 1): ply 5 (3.): ambiguous move 'Nd2': Nbd2 and Nfd2 "
               "both match\n",
               "an ambiguous move in the main line: its own code; the variation after it unread");
}

/* The games' bytes and the rest give the input back, blank lines and a
 * comment after the last game included. */
static void test_raw(void)
{
    static const char text[] =
        "\xEF\xBB\xBF[Event \"A\"]\r\n\r\n1. e4 1-0\r\n\n\n[Event \"B\"]\n1. d4 *"
        " [Event \"C\"] 1. c4 0-1   \n\n{the end}\n";
    struct pgn_game g;
    struct pgn_check_result res;
    const char *want[] = {"\xEF\xBB\xBF[Event \"A\"]\r\n\r\n1. e4 1-0\r\n",
                          "\n\n[Event \"B\"]\n1. d4 *", " [Event \"C\"] 1. c4 0-1   \n"};
    unsigned long lines[] = {1, 4, 7}, cols[] = {1, 1, 8};
    pgn_reader_open_mem(reader, text, strlen(text), "raw");
    for (int i = 0; i < 3; i++) {
        if (!UNIT_CHECK(pgn_check_read_game(checker, reader, &g, &res) > 0 && g.raw,
                        "game %d read with its bytes", i + 1))
            return;
        char got[128];
        snprintf(got, sizeof got, "%.*s", (int)g.raw_len, g.raw);
        UNIT_EQ_STR(got, want[i], "the bytes of a game");
        UNIT_EQ_INT((long long)g.raw_line, (long long)lines[i], "where they start: line");
        UNIT_EQ_INT((long long)g.raw_col, (long long)cols[i], "where they start: column");
    }
    UNIT_EQ_INT(pgn_check_read_game(checker, reader, &g, &res), 0, "no fourth game");
    const char *rest;
    unsigned long line;
    size_t n = pgn_reader_rest(reader, &rest, &line);
    UNIT_EQ_INT((long long)n, 11, "the rest: a blank line and a comment line");
    UNIT_CHECK(n == 11 && memcmp(rest, "\n{the end}\n", 11) == 0, "the rest's bytes");
    UNIT_EQ_INT((long long)line, 8, "the rest starts on line 8");
}

/* A game longer than max_game (read from a stream) loses its bytes and
 * says so; the next game has its own again. */
static void test_raw_lost(void)
{
    char text[8192];
    size_t n = (size_t)snprintf(text, sizeof text, "[Event \"long\"]\n\n1. e4 ");
    while (n < 6000)
        n += (size_t)snprintf(text + n, sizeof text - n, "{a comment line to make it long}\n");
    n += (size_t)snprintf(text + n, sizeof text - n, "e5 *\n\n[Event \"next\"]\n\n1. d4 *\n");
    FILE *fp = fmemopen(text, n, "r");
    struct pgn_reader *r = pgn_reader_new();
    struct pgn_game g;
    struct pgn_check_result res;
    pgn_reader_set_options(r, PGN_CHECK_READER_OPTIONS);
    pgn_reader_set_limits(r, &(struct pgn_limits){.max_line = 64, .max_game = 1024});
    pgn_reader_open_file(r, fp, "long");
    UNIT_CHECK(pgn_check_read_game(checker, r, &g, &res) > 0 && g.raw == NULL,
               "a 6000-byte game over max_game 1024: no bytes");
    bool said = false; /* beside the roster's missing tags */
    for (size_t i = 0; i < res.ndiags; i++)
        said |= res.diags[i].code == PGN_CHECK_OVER_LIMIT &&
                strstr(res.diags[i].message, "cannot be passed through") != NULL;
    UNIT_CHECK(said, "and an over-limit error says it cannot be passed through");
    static const char next[] = "\n[Event \"next\"]\n\n1. d4 *\n"; /* the blank line first */
    UNIT_CHECK(pgn_check_read_game(checker, r, &g, &res) > 0 && g.raw &&
                   g.raw_len == strlen(next) && memcmp(g.raw, next, strlen(next)) == 0,
               "the next game has its bytes");
    pgn_reader_free(r);
    fclose(fp);
}

/* RFC 3629's table: each byte sequence in a comment, valid or not. */
static void test_utf8(void)
{
    static const struct {
        const char *bytes, *what;
        bool valid;
    } cases[] = {
        {"\xC3\xA9", "e acute (2 bytes)", true},
        {"\xE2\x80\xA6", "an ellipsis (3 bytes)", true},
        {"\xF0\x9F\x98\x80", "an emoji (4 bytes)", true},
        {"\xC0\xAF", "an overlong '/'", false},
        {"\xED\xA0\x80", "a surrogate", false},
        {"\xF4\x90\x80\x80", "a code point above U+10FFFF", false},
        {"\xE9t", "Latin-1 e acute", false},
        {"\xC3", "a sequence cut short", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, ROSTER "1. e4 {%s} *\n", cases[i].bytes);
        struct pgn_check_result res = check_text(text);
        UNIT_EQ_INT((long long)res.ndiags, cases[i].valid ? 0 : 1, cases[i].what);
        if (!cases[i].valid && res.ndiags)
            UNIT_CHECK(res.diags[0].code == PGN_CHECK_INVALID_UTF8 && res.diags[0].col == 8,
                       "%s: invalid-utf8 at its first byte, column 8", cases[i].what);
    }
}

int main(void)
{
    reader = pgn_reader_new();
    checker = pgn_checker_new();
    if (!UNIT_CHECK(reader && checker, "reader and checker"))
        return unit_done();
    pgn_reader_set_options(reader, PGN_CHECK_READER_OPTIONS);
    test_codes();
    test_problems();
    test_enable();
    test_variations();
    test_raw();
    test_raw_lost();
    test_utf8();
    pgn_reader_free(reader);
    pgn_checker_free(checker);
    return unit_done();
}
