/* Unit tests of the PGN reader (lib/games/pgn.h) and of the splitter held to it
 * (lib/games/pgn_split.h): every construct of formats/pgn.md with its exact
 * tokens, the diagnostics with their positions, and game splitting on the
 * real files under $SHARED/pgn,
 * checked against numbers found independently of the reader (a count of
 * "[Event " lines, or pgn-extract's count where that count is wrong). */
#include "pgn_collect.h"
#include "games/pgn.h"
#include "games/pgn_split.h"
#include "base/textscan.h"

#include "pgn_alike.h"
#include "unit.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ helpers */

struct sbuf {
    char s[16384];
    size_t n;
};

__attribute__((format(printf, 2, 3))) static void sb_add(struct sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (b->n < sizeof b->s) {
        int k = vsnprintf(b->s + b->n, sizeof b->s - b->n, fmt, ap);
        if (k > 0)
            b->n += (size_t)k;
    }
    va_end(ap);
    if (b->n >= sizeof b->s)
        b->n = sizeof b->s - 1;
}

/* A compact spelling of the tokens, for exact comparison: moves as they
 * are, "Z:" null moves, "R:" results, "?:" unknown text, "$n(text)" for
 * NAGs written as symbols, "{text}" comments, "@d" after tokens at depth d. */
static const char *tokens_str(const struct pgn_game *g, struct sbuf *b)
{
    b->n = 0;
    b->s[0] = '\0';
    for (size_t i = 0; i < g->ntokens; i++) {
        const struct pgn_token *t = &g->tokens[i];
        if (i)
            sb_add(b, " ");
        switch (t->kind) {
        case PGN_TOK_NULL_MOVE:
            sb_add(b, "Z:%s", t->text);
            break;
        case PGN_TOK_NAG:
            if (t->text[0] == '$')
                sb_add(b, "%s", t->text);
            else
                sb_add(b, "$%u(%s)", t->value, t->text);
            break;
        case PGN_TOK_COMMENT:
            sb_add(b, "{%s}", t->text);
            break;
        case PGN_TOK_RESULT:
            sb_add(b, "R:%s", t->text);
            break;
        case PGN_TOK_UNKNOWN:
            sb_add(b, "?:%s", t->text);
            break;
        default:
            sb_add(b, "%s", t->text);
        }
        if (t->depth)
            sb_add(b, "@%d", t->depth);
    }
    return b->s;
}

/* "line:col name" of each diagnostic, comma-separated. */
static const char *diags_str(const struct pgn_game *g, struct sbuf *b)
{
    b->n = 0;
    b->s[0] = '\0';
    for (size_t i = 0; i < g->ndiags; i++)
        sb_add(b, "%s%lu:%lu %s", i ? ", " : "", g->diags[i].line, g->diags[i].col,
               pgn_error_name(g->diags[i].code));
    return b->s;
}

/* "Name=value" of each tag, comma-separated. */
static const char *tags_str(const struct pgn_game *g, struct sbuf *b)
{
    b->n = 0;
    b->s[0] = '\0';
    for (size_t i = 0; i < g->ntags; i++)
        sb_add(b, "%s%s=%s%s", i ? ", " : "", g->tags[i].name, g->tags[i].value,
               g->tags[i].repeated ? " (repeated)" : "");
    return b->s;
}

/* Every game of text, one per line: "@line:col tags | tokens | diags",
 * "stray@..." for stray text, "binary@..." ("nul@..." with a NUL) for a
 * run of binary data. */
static const char *games_str(struct pgn_reader *r, const char *text, size_t len, struct sbuf *out)
{
    struct pgn_game g;
    struct sbuf a, b, c;
    out->n = 0;
    out->s[0] = '\0';
    pgn_reader_open_mem(r, text, len, "test");
    int rc;
    while ((rc = pgn_collect_game(r, &g)) > 0)
        sb_add(out, "%s%s@%lu:%lu %s | %s | %s", out->n ? "\n" : "",
               g.stray_binary ? (g.stray_nul ? "nul" : "binary")
               : g.stray      ? "stray"
                              : "",
               g.line, g.col, tags_str(&g, &a), tokens_str(&g, &b), diags_str(&g, &c));
    if (rc < 0)
        sb_add(out, "\nERROR %s", pgn_error_name(pgn_reader_error(r)));
    return out->s;
}

static struct pgn_reader *reader(unsigned options)
{
    struct pgn_reader *r = pgn_reader_new();
    if (!r) {
        printf("Bail out! pgn_reader_new failed\n");
        exit(1);
    }
    pgn_reader_set_options(r, options);
    return r;
}

/* One check: the games of text spelt as games_str does. */
static void expect_games(const char *text, const char *want, const char *desc)
{
    struct pgn_reader *r = reader(0);
    struct sbuf out;
    UNIT_EQ_STR(games_str(r, text, strlen(text), &out), want, desc);
    pgn_reader_free(r);
}

/* Same, with options and limits. */
static void expect_games_opt(const char *text, unsigned options, const struct pgn_limits *lim,
                             const char *want, const char *desc)
{
    struct pgn_reader *r = reader(options);
    pgn_reader_set_limits(r, lim);
    struct sbuf out;
    UNIT_EQ_STR(games_str(r, text, strlen(text), &out), want, desc);
    pgn_reader_free(r);
}

/* Reads the same input with two readers in step; counts the games.  With
 * skipping, b reads with PGN_OPT_SKIP_NUMBERS and PGN_OPT_SKIP_COMMENTS:
 * game for game it must give a's tokens without the move numbers and
 * comments, and the same tags, diagnostics and start. */
static bool readers_agree(struct pgn_reader *a, struct pgn_reader *b, bool skipping,
                          unsigned long *games, char *why, size_t n)
{
    struct pgn_game ga, gb;
    *games = 0;
    for (;;) {
        int ra = pgn_collect_game(a, &ga), rb = pgn_collect_game(b, &gb);
        if (ra != rb) {
            snprintf(why, n, "after %lu games: returns %d vs %d", *games, ra, rb);
            return false;
        }
        if (ra <= 0)
            return ra == 0 || (snprintf(why, n, "hard error"), false);
        ++*games;
        if (skipping)
            pgn_alike_drop(&ga, pgn_alike_skipped);
        if (!pgn_alike(&ga, &gb, 0, why, n))
            return false;
    }
}

/* Reads the piece text[from..to) with part and checks that it gives, game
 * for game, the next games of whole (b's line numbers shifted by shift,
 * the lines before from); piece numbers it in messages, *games counts the
 * games read so far. */
static bool piece_agrees(struct pgn_reader *whole, struct pgn_reader *part, const char *text,
                         size_t from, size_t to, unsigned long shift, unsigned long piece,
                         unsigned long *games, char *why, size_t n)
{
    struct pgn_game a, b;
    pgn_reader_open_mem(part, text + from, to - from, "part");
    while (pgn_collect_game(part, &b) > 0) {
        ++*games;
        if (pgn_collect_game(whole, &a) <= 0) {
            snprintf(why, n, "piece %lu has game %lu, the whole text has not", piece, *games);
            return false;
        }
        if (!pgn_alike(&a, &b, shift, why, n))
            return false;
    }
    return true;
}

/* After the pieces: whole has no game left. */
static bool whole_read(struct pgn_reader *whole, unsigned long games, char *why, size_t n)
{
    struct pgn_game a;
    if (pgn_collect_game(whole, &a) == 0)
        return true;
    snprintf(why, n, "the whole text has more than the %lu games of the pieces", games);
    return false;
}

/* Cuts text wherever pgn_split allows (at offset min or beyond in each
 * piece), reads each piece with its own reader and checks that the pieces
 * give, game for game, what one reader gives over the whole text: the
 * promise --jobs rests on.  Counts the pieces. */
static bool split_agrees(const char *text, size_t len, size_t min, unsigned long *pieces, char *why,
                         size_t n)
{
    struct pgn_reader *whole = reader(0), *part = reader(0);
    struct pgn_split sp = {0};
    size_t start = 0;
    unsigned long first_line = 1, games = 0;
    bool ok = true;
    pgn_reader_open_mem(whole, text, len, "whole");
    *pieces = 0;
    while (ok && start < len) {
        size_t at = 0;
        unsigned long lines = 0;
        bool cut = pgn_split_scan(&sp, text + start, len - start, min, &at, &lines);
        size_t end = cut ? start + at : len;
        ok = piece_agrees(whole, part, text, start, end, first_line - 1, ++*pieces, &games, why, n);
        first_line += lines;
        start = end;
    }
    ok = ok && whole_read(whole, games, why, n);
    pgn_reader_free(whole);
    pgn_reader_free(part);
    return ok;
}

/* Reads text[0..cut) (shift lines) to its end and says whether the reader
 * came to rest there (pgn_reader_at_rest); when it did, checks that the
 * two pieces, each read by its own reader, give game for game what one
 * reader gives over the whole text: the promise a guessed cut of --jobs
 * rests on.  options: the readers' options. */
static bool rest_agrees(const char *text, size_t len, size_t cut, unsigned long shift,
                        unsigned options, bool *rest, char *why, size_t n)
{
    struct pgn_reader *whole = reader(options), *part = reader(options);
    struct pgn_game b;
    unsigned long games = 0;
    bool ok = true;
    pgn_reader_open_mem(part, text, cut, "part");
    int rb;
    while ((rb = pgn_collect_game(part, &b)) > 0)
        ;
    *rest = rb == 0 && pgn_reader_at_rest(part);
    if (*rest) {
        pgn_reader_open_mem(whole, text, len, "whole");
        ok = piece_agrees(whole, part, text, 0, cut, 0, 1, &games, why, n) &&
             piece_agrees(whole, part, text, cut, len, shift, 2, &games, why, n) &&
             whole_read(whole, games, why, n);
    }
    pgn_reader_free(whole);
    pgn_reader_free(part);
    return ok;
}

/* The offsets where pgn_split allows a cut in text, as "12 40" ("" for
 * none). */
static const char *split_points(const char *text, struct sbuf *out)
{
    struct pgn_split sp = {0};
    size_t len = strlen(text), at = 0;
    unsigned long lines = 0;
    out->n = 0;
    out->s[0] = '\0';
    while (pgn_split_scan(&sp, text, len, at + 1, &at, &lines))
        sb_add(out, "%s%zu", out->n ? " " : "", at);
    return out->s;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, fp)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(fp);
    *len = n;
    return buf;
}

/* The independent count: lines that begin with "[Event ". */
static unsigned long count_event_lines(const char *buf, size_t len)
{
    unsigned long n = 0;
    for (size_t i = 0; i + 7 <= len; i++)
        if ((i == 0 || buf[i - 1] == '\n') && memcmp(buf + i, "[Event ", 7) == 0)
            n++;
    return n;
}

/* ------------------------------------------------------------ constructs */

static void test_basic(void)
{
    const char *pgn = "[Event \"Casual\"]\n"
                      "[White \"A \\\"Quoted\\\" Name\"]\n"
                      "[Black \"back\\\\slash\"]\n"
                      "\n"
                      "1. e4 e5 2. Nf3 Nc6 1-0\n";
    struct pgn_reader *r = reader(0);
    struct pgn_game g;
    struct sbuf b;
    pgn_reader_open_mem(r, pgn, strlen(pgn), "basic.pgn");
    UNIT_EQ_INT(pgn_collect_game(r, &g), 1, "basic: a game is read");
    UNIT_EQ_STR(tags_str(&g, &b), "Event=Casual, White=A \"Quoted\" Name, Black=back\\slash",
                "basic: tags in order, \\\" and \\\\ unescaped");
    UNIT_EQ_STR(tokens_str(&g, &b), "1. e4 e5 2. Nf3 Nc6 R:1-0", "basic: tokens");
    UNIT_EQ_INT(g.ndiags, 0, "basic: no diagnostics");
    UNIT_EQ_INT(g.line, 1, "basic: game starts on line 1");
    UNIT_EQ_INT(g.number, 1, "basic: game number 1");
    UNIT_EQ_STR(g.source, "basic.pgn", "basic: source name");
    UNIT_EQ_STR(pgn_game_tag(&g, "White"), "A \"Quoted\" Name", "basic: pgn_game_tag");
    UNIT_CHECK(pgn_game_tag(&g, "Site") == NULL, "basic: absent tag is NULL");
    UNIT_EQ_INT(g.tags[1].value_len, 15, "basic: value length after unescaping");
    UNIT_EQ_INT(g.tags[2].line, 3, "basic: tag line");
    UNIT_CHECK(g.ntokens == 7 && g.tokens[3].line == 5 && g.tokens[3].col == 10 &&
                   g.tokens[3].kind == PGN_TOK_MOVE_NUMBER && g.tokens[3].value == 2,
               "basic: '2.' at 5:10 is move number 2");
    UNIT_CHECK(g.tokens[4].kind == PGN_TOK_MOVE && g.tokens[4].len == 3, "basic: Nf3 is a move");
    UNIT_EQ_INT(pgn_collect_game(r, &g), 0, "basic: then end of input");
    UNIT_EQ_INT(pgn_collect_game(r, &g), 0, "basic: end of input again");
    pgn_reader_free(r);
}

static void test_comments(void)
{
    const char *pgn = "[Event \"c\"]\n"
                      "\n"
                      "1. e4 {[%clk 0:03:00]} e5 {multi\n"
                      "line} ; rest of line\n"
                      "2. Nf3 *\n";
    struct pgn_reader *r = reader(0);
    struct pgn_game g;
    struct sbuf b;
    pgn_reader_open_mem(r, pgn, strlen(pgn), "c");
    UNIT_EQ_INT(pgn_collect_game(r, &g), 1, "comments: game read");
    UNIT_EQ_STR(tokens_str(&g, &b),
                "1. e4 {[%clk 0:03:00]} e5 {multi\nline} { rest of line} 2. Nf3 R:*",
                "comments: brace, multi-line and rest-of-line comments");
    UNIT_CHECK(g.ntokens > 5 && g.tokens[2].kind == PGN_TOK_COMMENT && g.tokens[2].line == 3 &&
                   g.tokens[2].col == 7,
               "comments: clock comment at 3:7");
    UNIT_CHECK(g.ntokens > 5 && g.tokens[4].line == 3 && g.tokens[4].col == 27 &&
                   g.tokens[4].len == 10,
               "comments: multi-line comment at its '{' (3:27), 10 bytes");
    UNIT_CHECK(g.ntokens > 5 && g.tokens[5].line == 4 && g.tokens[5].col == 7,
               "comments: ';' comment at 4:7");
    pgn_reader_free(r);

    expect_games("[Event \"A\"]\r\n\r\n1. e4 {a\r\nb} e5 1-0\r\n",
                 "@1:1 Event=A | 1. e4 {a\nb} e5 R:1-0 | ",
                 "CRLF line ends, also inside a comment");
    expect_games("e4 { a { nested } comment } *",
                 "@1:1  | e4 { a { nested } ?:comment ?:} R:* | 1:19 unexpected-token, "
                 "1:27 unexpected-token",
                 "comments do not nest by default (the standard)");
    expect_games_opt("e4 { a { nested } comment } *", PGN_OPT_NESTED_COMMENTS, NULL,
                     "@1:1  | e4 { a { nested } comment } R:* | ",
                     "PGN_OPT_NESTED_COMMENTS: comments nest");
    expect_games("{ header }\n\n[Event \"A\"]\n\n1. e4 *\n{ trailer }\n",
                 "@1:1 Event=A | { header } 1. e4 R:* | ",
                 "a comment before the tags belongs to the game; trailing comments are no game");
    expect_games("[Event \"A\"]\n{ between tags }\n[Site \"B\"]\n1. e4 *\n",
                 "@1:1 Event=A, Site=B | { between tags } 1. e4 R:* | ",
                 "a comment inside the tag section");
    expect_games("[Event \"A\"]\n{ The tag [Event \"B\"] is inside }\n*\n",
                 "@1:1 Event=A | { The tag [Event \"B\"] is inside } R:* | ",
                 "brackets inside comments are text");
}

static void test_annotations(void)
{
    expect_games("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 Nf6 $1$2 5. O-O !? +- 1-0",
                 "@1:1  | 1. e4 $1(!) e5 $2(?) 2. Nf3 $3(!!) Nc6 $4(?\?) 3. Bb5 $5(!?) a6 $6(?!) "
                 "4. Ba4 $14 Nf6 $1 $2 5. O-O $5(!?) $18(+-) R:1-0 | ",
                 "suffix annotations become NAGs 1..6, $n NAGs, glued NAGs");
    expect_games("e4 = e5 += Nf3 =+ Nc6 +/= d4 =/+ d5 +/- c4 -/+ c5 +- a3 -+ a6 \xC2\xB1 h3 "
                 "\xE2\x88\x93 h6 \xE2\x88\x9E *",
                 "@1:1  | e4 $10(=) e5 $14(+=) Nf3 $15(=+) Nc6 $14(+/=) d4 $15(=/+) d5 $16(+/-) "
                 "c4 $17(-/+) c5 $18(+-) a3 $19(-+) a6 $16(\xC2\xB1) h3 $17(\xE2\x88\x93) h6 "
                 "$13(\xE2\x88\x9E) R:* | ",
                 "evaluation symbols become their NAGs");
    expect_games("e4 $256 $255 *", "@1:1  | e4 ?:$256 $255 R:* | 1:4 bad-nag", "NAG above 255");
}

static void test_variations(void)
{
    expect_games("1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4) 1... e5 *",
                 "@1:1  | 1. e4 ( 1.@1 d4@1 d5@1 (@1 1...@2 Nf6@2 2.@2 c4@2 (@2 2.@3 Nf3@3 )@2 )@1 "
                 "2.@1 c4@1 ) 1... e5 R:* | ",
                 "nested variations with depths");
    expect_games("1. e4 (1. d4 e5 *\n",
                 "@1:1  | 1. e4 ( 1.@1 d4@1 e5@1 R:*@1 | 1:7 unclosed-variation, "
                 "1:17 result-in-variation, 1:18 truncated",
                 "unclosed variation: a result inside it does not end the game");
    expect_games("1. e4 ) e5 *", "@1:1  | 1. e4 e5 R:* | 1:7 unmatched-close",
                 "')' without '(' is dropped with a diagnostic");
}

static void test_moves(void)
{
    expect_games("1. e4 e5 2. 0-0 0-0-0 3. o-o O-O-O+ 0-1",
                 "@1:1  | 1. e4 e5 2. O-O O-O-O 3. O-O O-O-O+ R:0-1 | ",
                 "castling with zeros is a move, not a result");
    expect_games("1. e2e4 e7e5 2. Ng1-f3 Nb8xc6 3. Nb1xc3 d7-d5 4. e4xd5 e7e8q 5. b2b1=Q Pa2-a4 *",
                 "@1:1  | 1. e2e4 e7e5 2. Ng1-f3 Nb8xc6 3. Nb1xc3 d7-d5 4. e4xd5 e7e8q 5. b2b1=Q "
                 "Pa2-a4 R:* | ",
                 "long algebraic and UCI moves");
    expect_games(
        "1. e4 d5 2. e5 f5 3. exf6 e.p. Nc6 4. fxg7+ Kf7 5. gxh8=Q# exd6e.p. exd6e.p.+ 1-0",
        "@1:1  | 1. e4 d5 2. e5 f5 3. exf6 Nc6 4. fxg7+ Kf7 5. gxh8=Q# exd6 exd6+ R:1-0 | ",
        "check marks kept, e.p. dropped");
    /* a move number is offered at once only when no periods can follow it
     * on its line (after blanks): else held until the next token */
    expect_games("1. e4 e5 2.\n... Nf3 2. Nf3 Nc6 3.\t...Bb5 3.  ... a6 4. {c} Ba4 4... Nf6 5.O-O "
                 "5 ...Be7 6.\r\n... Re1 7. ;x\n7... b5 *",
                 "@1:1  | 1. e4 e5 2... Nf3 2. Nf3 Nc6 3... Bb5 3... a6 4. {c} Ba4 4... Nf6 5. O-O "
                 "5... Be7 6... Re1 7. {x} 7... b5 R:* | ",
                 "move numbers before periods on the next line, after a tab, two spaces, a "
                 "comment, CRLF, and before a move");
    expect_games("4. ...Be7 4...Be7 4. ... Be7 4 ... Be7 4\xE2\x80\xA6"
                 "Be7 *",
                 "@1:1  | 4... Be7 4... Be7 4... Be7 4... Be7 4... Be7 R:* | ",
                 "informal numbering: 4. ...Be7, 4 ... Be7, ellipsis");
    expect_games("1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 12...Nf6 e4!?{comment}(e3)$1 *",
                 "@1:1  | 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 12... Nf6 e4 $5(!?) {comment} ( e3@1 ) $1 "
                 "R:* | ",
                 "glued tokens");
    expect_games("1. e4 e5 2. N@f3 P@e6 3. @d4 Q@h5+ *",
                 "@1:1  | 1. e4 e5 2. N@f3 P@e6 3. @d4 Q@h5+ R:* | ", "crazyhouse drops are moves");
    expect_games("1. e4 -- 2. Z0 0000 3. @@@@ e5 *",
                 "@1:1  | 1. e4 Z:-- 2. Z:Z0 Z:0000 3. Z:@@@@ e5 R:* | ", "null moves");
    expect_games("e4 \xC2\xBD-\xC2\xBD", "@1:1  | e4 R:1/2-1/2 | ", "the ½-½ result");
    expect_games("1. Nbd2 N1f3 Qh4xe1 Rxa8+ exd8=N# bxc8=Q+ Kxe2 *",
                 "@1:1  | 1. Nbd2 N1f3 Qh4xe1 Rxa8+ exd8=N# bxc8=Q+ Kxe2 R:* | ",
                 "disambiguated and promoting SAN");

    struct pgn_reader *r = reader(0);
    struct pgn_game g;
    const char *text = "1. e4 e5! *";
    pgn_reader_open_mem(r, text, strlen(text), "k");
    pgn_collect_game(r, &g);
    UNIT_CHECK(g.ntokens == 5 && g.tokens[0].kind == PGN_TOK_MOVE_NUMBER &&
                   g.tokens[0].value == 1 && g.tokens[1].kind == PGN_TOK_MOVE &&
                   g.tokens[3].kind == PGN_TOK_NAG && g.tokens[3].value == 1 &&
                   g.tokens[3].col == 9 && g.tokens[4].kind == PGN_TOK_RESULT,
               "token kinds and values: number 1, move, NAG 1 at 1:9, result");
    pgn_reader_free(r);
}

static void test_games(void)
{
    expect_games(
        "[Event \"A\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n1. Kb1 *\n",
        "@1:1 Event=A, SetUp=1, FEN=8/8/8/8/8/8/8/K6k w - - 0 1 | 1. Kb1 R:* | ",
        "SetUp and FEN tags");
    expect_games("\xEF\xBB\xBF[Event \"A\"]\n\n*\n\xEF\xBB\xBF[Event \"B\"]\n*\n",
                 "@1:1 Event=A | R:* | \n@4:1 Event=B | R:* | ",
                 "byte-order marks (also from concatenated files) are skipped");
    expect_games("% escape line [Event \"no\"]\n[Event \"A\"]\n%1. junk\n1. e4 *\n",
                 "@2:1 Event=A | 1. e4 R:* | ", "'%' escape lines are ignored");
    expect_games("[Event \"A\"]\n1. e4 {[%clk 0:01:00]} 1-0\n[Event \"B\"]\n1. d4 0-1\n",
                 "@1:1 Event=A | 1. e4 {[%clk 0:01:00]} R:1-0 | \n@3:1 Event=B | 1. d4 R:0-1 | ",
                 "no blank line between games");
    expect_games(
        "[Event \"A\"]\n\n1. e4 e5\n\n[Event \"B\"]\n\n1. d4\n",
        "@1:1 Event=A | 1. e4 e5 | 5:1 missing-result\n@5:1 Event=B | 1. d4 | 7:6 truncated",
        "missing results: the game ends at the next tags or the end of input");
    expect_games("1. e4 e5 *\ne4 d5 1-0\n", "@1:1  | 1. e4 e5 R:* | \n@2:1  | e4 d5 R:1-0 | ",
                 "movetext without tags");
    expect_games("[Event \"A\"]\n\n[Date \"2017.12.04\"]\n\n1. e4 e5\n\n2. Nf3\n\n Nc6 0-1\n",
                 "@1:1 Event=A, Date=2017.12.04 | 1. e4 e5 2. Nf3 Nc6 R:0-1 | ",
                 "ChessBase empty lines in tags and movetext");
    expect_games("[Result \"1-0\"] e4 *\n[Result \"0-1\"] e4 1-0\n",
                 "@1:1 Result=1-0 | e4 R:* | \n@2:1 Result=0-1 | e4 R:1-0 | ",
                 "tags and movetext on one line");
    expect_games("[Event \"A\"]\n[Site \"x\"]\n\n[Event \"B\"]\n\n1. e4 *\n",
                 "@1:1 Event=A, Site=x |  | 4:1 missing-result\n@4:1 Event=B | 1. e4 R:* | ",
                 "a repeated tag name starts the next game");
    expect_games("[Event\x01 \"A\"]\n[Event\x01 \"B\"]\n*\n",
                 "@1:1 Event =A |  | 1:1 bad-tag, 1:7 binary-byte, 2:1 missing-result\n"
                 "@2:1 Event =B | R:* | 2:1 bad-tag, 2:7 binary-byte",
                 "a tag name with a control byte (stored as a space) repeated starts the next "
                 "game too");
    expect_games("1. e4 e5 [Event \"B\"] d4 *",
                 "@1:1  | 1. e4 e5 | 1:10 missing-result\n@1:10 Event=B | d4 R:* | ",
                 "a whole tag pair in movetext starts the next game");
    expect_games("1. e4 [%clk 0:01] e5\n[%eval 0.3]\n*",
                 "@1:1  | 1. e4 ?:[%clk 0:01] e5 ?:[%eval 0.3] R:* | 1:7 unexpected-token, "
                 "2:1 unexpected-token",
                 "brackets in movetext that are no tag pair");
    expect_games("1. e4 *", "@1:1  | 1. e4 R:* | ", "no final newline");
    expect_games("", "", "empty input: no game");
    expect_games(" \n\n\t\n", "", "blank input: no game");
    expect_games("{ only a comment }\n", "", "only a comment: no game");
    expect_games("[Event \"a\"]\n*", "@1:1 Event=a | R:* | ", "a game that is tags and a result");
    expect_games("*", "@1:1  | R:* | ",
                 "a result alone is a game, an empty one (PGN 18: an empty tag section and an "
                 "empty movetext; python-chess and chessops read one game)");
}

/* A result ends a game whatever came before it since the last game ended
 * (issue 37): PGN 18's grammar allows an empty tag section and an empty
 * element sequence, and python-chess (read_game) and chessops (parsePgn)
 * each read one game, without moves, from every text here, tagged games
 * around it apart. */
static void test_empty_games(void)
{
    expect_games("1-0\n", "@1:1  | R:1-0 | ", "a decisive result alone");
    expect_games("*\n*\n", "@1:1  | R:* | \n@2:1  | R:* | ", "two results: two empty games");
    expect_games("[bad tag\n*\n", "@2:1  | R:* | 1:1 unterminated-tag",
                 "a malformed tag line, then a result: one game, its tag line's diagnostic kept");
    expect_games("[bad tag]\n*\n", "@1:1 bad=tag | R:* | 1:1 bad-tag",
                 "a tag pair without quotes, then a result: one game, the pair recovered");
    expect_games("trailing *\n", "@1:1  | ?:trailing R:* | 1:1 unexpected-token",
                 "text, then a result: one game, the text no token");
    expect_games("{c} *\n", "@1:1  | {c} R:* | ", "a comment, then a result");
    expect_games("1. e4 *\n", "@1:1  | 1. e4 R:* | ", "an empty tag section with moves");
    expect_games("[Event \"a\"]\n\n1. e4 *\n\n*\n\n[Event \"b\"]\n\n1. d4 *\n",
                 "@1:1 Event=a | 1. e4 R:* | \n@5:1  | R:* | \n@7:1 Event=b | 1. d4 R:* | ",
                 "a result alone between two games: three games");
    expect_games("[Event \"a\"]\n\n1. e4 *\n\ntrailing *\n\n[Event \"b\"]\n\n1. d4 *\n",
                 "@1:1 Event=a | 1. e4 R:* | \n@5:1  | ?:trailing R:* | 5:1 unexpected-token\n"
                 "@7:1 Event=b | 1. d4 R:* | ",
                 "text and a result between two games: three games");
    expect_games("[Event \"a\"]\n\n1. e4 *\n\n[bad tag\n*\n\n[Event \"b\"]\n\n1. d4 *\n",
                 "@1:1 Event=a | 1. e4 R:* | \n@6:1  | R:* | 5:1 unterminated-tag\n"
                 "@8:1 Event=b | 1. d4 R:* | ",
                 "a malformed tag line and a result between two games: three games");
    expect_games("[Event \"a\"]\n\n1. e4 *\n\n) *\n",
                 "@1:1 Event=a | 1. e4 R:* | \n@5:1  | ?:) R:* | 5:1 unmatched-close",
                 "a stray ')' and a result: a game, the ')' kept as text (read between games)");
    expect_games("[Event \"a\"]\n\n1. e4 *\n\n$1 *\n",
                 "@1:1 Event=a | 1. e4 R:* | \n@5:1  | $1 R:* | ",
                 "a NAG and a result (PGN 18: a NAG is an element): a game");
    /* what is ended otherwise is stray text still (test_boundaries) */
    expect_games("1. e4 *\ntrailing garbage\n",
                 "@1:1  | 1. e4 R:* | \nstray@2:1  | ?:trailing ?:garbage | 2:1 stray-text",
                 "text that no result ends is stray text");
}

/* A run of binary data between games (control bytes other than blanks,
 * with the blanks and line ends among them, up to the next text) is stray
 * text of its own, reported once a run and named so (issue 37). */
static void test_binary_runs(void)
{
    static const char lead[] = "\0\0\x01 \x02\n1. e4 *\n";
    static const char mid[] = "1. e4 *\n\0\0 abc \0\n1. d4 *\n";
    static const char lines[] = "1. e4 *\n\x01\x02\n\n \x03\x7f\n[Event \"b\"]\n1. d4 *\n";
    static const char star[] = "\0\0*\n";
    static const char in_game[] = "1. e4\0\0 e5 *\n";
    struct {
        const char *text;
        size_t len;
        const char *want, *desc;
    } cases[] = {
        {lead, sizeof lead - 1, "nul@1:1  | ?: | 1:1 stray-text\n@2:1  | 1. e4 R:* | ",
         "binary data before the first game: one record, the game whole"},
        {mid, sizeof mid - 1,
         "@1:1  | 1. e4 R:* | \nnul@2:1  | ?: | 2:1 stray-text\n"
         "stray@2:4  | ?:abc | 2:4 stray-text\nnul@2:8  | ?: | 2:8 stray-text\n"
         "@3:1  | 1. d4 R:* | ",
         "two runs with text between them: each run and the text reported apart"},
        {lines, sizeof lines - 1,
         "@1:1  | 1. e4 R:* | \nbinary@2:1  | ?:\x01 | 2:1 stray-text\n"
         "@5:1 Event=b | 1. d4 R:* | ",
         "a run over lines, blank ones among them, without a NUL: one record"},
        {star, sizeof star - 1, "nul@1:1  | ?: | 1:1 stray-text\n@1:3  | R:* | ",
         "a run, then a result: the run, then an empty game"},
        {in_game, sizeof in_game - 1, "@1:1  | 1. e4 e5 R:* | 1:6 binary-byte",
         "binary data inside a game is the game's (once a line)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pgn_reader *r = reader(0);
        struct sbuf out;
        UNIT_EQ_STR(games_str(r, cases[i].text, cases[i].len, &out), cases[i].want, cases[i].desc);
        pgn_reader_free(r);
    }

    /* the messages, and the bytes of every record given back whole */
    struct pgn_reader *r = reader(PGN_OPT_RAW);
    struct pgn_game g;
    char msg[128];
    struct sbuf msgs = {0}, raw = {0};
    pgn_reader_open_mem(r, mid, sizeof mid - 1, "m");
    while (pgn_collect_game(r, &g) > 0) {
        if (g.stray) {
            pgn_stray_message(&g, msg, sizeof msg);
            sb_add(&msgs, "%s%s", msgs.n ? "; " : "", msg);
        }
        for (size_t k = 0; k < g.raw_len; k++)
            raw.s[raw.n++] = g.raw[k];
    }
    UNIT_EQ_STR(msgs.s,
                "binary data (NUL bytes) outside any game; text outside any game (ignored): "
                "'abc'; binary data (NUL bytes) outside any game",
                "a run of binary data is named, with NUL bytes or not");
    UNIT_CHECK(raw.n == sizeof mid - 1 && memcmp(raw.s, mid, raw.n) == 0,
               "the records' bytes are the input, byte for byte (PGN_OPT_RAW)");
    pgn_reader_open_mem(r, lines, sizeof lines - 1, "l");
    msgs.n = 0;
    msgs.s[0] = '\0';
    while (pgn_collect_game(r, &g) > 0)
        if (g.stray) {
            pgn_stray_message(&g, msg, sizeof msg);
            sb_add(&msgs, "%s", msg);
        }
    UNIT_EQ_STR(msgs.s, "binary data (control bytes) outside any game",
                "... control bytes without a NUL");
    pgn_reader_free(r);
}

/* Where games begin and end when the text between them is no game, a
 * tag repeats, or untagged games lack their results (issue 25): no valid
 * game is lost or merged with its neighbour, and none is invented.  The
 * texts also go to test_split and test_at_rest. */
static const char *const boundary_texts[] = {
    "[Event \"a\"]\n1. e4 e5 * trailing garbage\n\n[Event \"b\"]\n1. d4 1-0\n",
    "[Event \"a\"]\n1. e4 e5 *\ntrailing garbage\n\n[Event \"b\"]\n1. d4 1-0\n",
    "[Event \"a\"]\n1. e4 e5 * )\n\n[Event \"b\"]\n1. d4 1-0\n",
    "[Event \"a\"]\n1. e4 e5 * 1-0\n\n[Event \"b\"]\n1. d4 1-0\n",
    "[Event \"a\"]\n1. e4 e5 * $1 {c}\n[Event \"b\"]\n1. d4 1-0\n",
    "1. e4 e5 1-0 trailing\n1. d4 d5 0-1\n",
    "[Event \"a\"]\n[Site \"x\"]\n[White \"w\"]\n[Site \"y\"]\n\n1. e4 e5 1-0\n",
    "1. e4 e5 2. Nf3 Nc6 {first}\n\n\n1. d4 d5 {second}\n",
};

static void test_boundaries(void)
{
    static const char *const want[] = {
        "@1:1 Event=a | 1. e4 e5 R:* | \nstray@2:12  | ?:trailing ?:garbage | 2:12 stray-text\n"
        "@4:1 Event=b | 1. d4 R:1-0 | ",
        "@1:1 Event=a | 1. e4 e5 R:* | \nstray@3:1  | ?:trailing ?:garbage | 3:1 stray-text\n"
        "@5:1 Event=b | 1. d4 R:1-0 | ",
        "@1:1 Event=a | 1. e4 e5 R:* | \nstray@2:12  | ?:) | 2:12 stray-text\n"
        "@4:1 Event=b | 1. d4 R:1-0 | ",
        "@1:1 Event=a | 1. e4 e5 R:* | \n@2:12  | R:1-0 | \n@4:1 Event=b | 1. d4 R:1-0 | ",
        "@1:1 Event=a | 1. e4 e5 R:* | \nstray@2:12  | $1 {c} | 2:12 stray-text\n"
        "@3:1 Event=b | 1. d4 R:1-0 | ",
        "@1:1  | 1. e4 e5 R:1-0 | \nstray@1:14  | ?:trailing | 1:14 stray-text\n"
        "@2:1  | 1. d4 d5 R:0-1 | ",
        "@1:1 Event=a, Site=x, White=w, Site=y (repeated) | 1. e4 e5 R:1-0 | ",
        "@1:1  | 1. e4 e5 2. Nf3 Nc6 {first} | 4:1 unended-game\n"
        "@4:1  | 1. d4 d5 {second} | 4:18 truncated",
    };
    static const char *const desc[] = {
        "text after a result on its line is stray text, and the next game is whole",
        "the same on a line of its own",
        "a ')' after a result",
        "a second result after a result: an empty game (PGN 18)",
        "a NAG after a result, and a comment (stray text's too)",
        "stray text before an untagged game on the next line",
        "a repeated tag stays in its game (PGN_OPT_REPEATED_TAGS), marked",
        "a new move 1 after a blank line ends a game without result",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        expect_games_opt(boundary_texts[i], PGN_OPT_REPEATED_TAGS, NULL, want[i], desc[i]);
    expect_games("1. e4 {c}\n\n1... e5 2. Nf3 *\n", "@1:1  | 1. e4 {c} 1... e5 2. Nf3 R:* | ",
                 "Black's move 1 after a blank line goes on (ChessBase)");
    expect_games("1. e4 (1. d4\n\n1. c4) e5 *\n", "@1:1  | 1. e4 ( 1.@1 d4@1 1.@1 c4@1 ) e5 R:* | ",
                 "a move 1 after a blank line inside a variation goes on");
    expect_games("{intro}\n\n1. e4 e5 *\n", "@1:1  | {intro} 1. e4 e5 R:* | ",
                 "a comment before a game is the game's");
    expect_games("[Event \"a\"]\n\n1. e4 e5\n\n1. d4 d5 *\n",
                 "@1:1 Event=a | 1. e4 e5 | 5:1 unended-game\n@5:1  | 1. d4 d5 R:* | ",
                 "a tagged game without result ends at a new move 1 too");
    expect_games("garbage\n[Event \"a\"]\n1. e4 *\n",
                 "stray@1:1  | ?:garbage | 1:1 stray-text\n@2:1 Event=a | 1. e4 R:* | ",
                 "text before the first game is stray text");
    expect_games("1. e4 * trailing",
                 "@1:1  | 1. e4 R:* | \nstray@1:9  | ?:trailing | 1:9 stray-text",
                 "stray text at the end of the input: no truncated game");
    expect_games("1. e4 * foo (bar {open\n",
                 "@1:1  | 1. e4 R:* | \nstray@1:9  | ?:foo ( ?:bar@1 {open\n}@1 | 1:9 stray-text",
                 "stray text with an open variation and an open comment: one diagnostic");
    expect_games("1. e4 * foo (e5\n",
                 "@1:1  | 1. e4 R:* | \n@1:9  | ?:foo ( e5@1 | 1:9 unexpected-token, "
                 "1:13 unclosed-variation, 1:16 truncated",
                 "text with a move (in a variation, even) is a game, with its problems");

    /* game numbers: stray text takes none */
    struct pgn_reader *r = reader(0);
    struct pgn_game g;
    unsigned long numbers[4] = {0};
    bool strays[4] = {0};
    size_t k = 0;
    pgn_reader_open_mem(r, boundary_texts[0], strlen(boundary_texts[0]), "t");
    while (k < 4 && pgn_collect_game(r, &g) > 0) {
        numbers[k] = g.number;
        strays[k++] = g.stray;
    }
    UNIT_CHECK(k == 3 && numbers[0] == 1 && !strays[0] && numbers[1] == 1 && strays[1] &&
                   numbers[2] == 2 && !strays[2],
               "stray text has the number of the game before it, the next game the next number");
    pgn_reader_free(r);
}

static void test_diagnostics(void)
{
    expect_games("1. e4 { never closed\ne5 *\n",
                 "@1:1  | 1. e4 { never closed\ne5 *\n} | 1:7 unterminated-comment, 2:5 truncated",
                 "unterminated comment at the end of input");
    expect_games("[Event \"A\"]\n\n1. e4 { oops\n\n[Event \"B\"]\n\n1. d4 *\n",
                 "@1:1 Event=A | 1. e4 { oops\n\n} | 3:7 unterminated-comment, 5:1 missing-result\n"
                 "@5:1 Event=B | 1. d4 R:* | ",
                 "an unclosed comment ends at a blank line followed by a tag pair");
    expect_games("[Event \"A\"\n[Site \"x\"]\n*\n",
                 "@1:1 Event=A, Site=x | R:* | 1:1 unterminated-tag",
                 "tag pair without ']' is recovered");
    expect_games("[Event \"Foo \"Bar\" Baz\"]\n[Round 3]\n[%evp 1,2]\n[Site\"x\"]\n[]\n*\n",
                 "@1:1 Event=Foo \"Bar\" Baz, Round=3, Site=x | R:* | 1:1 bad-tag, 2:1 bad-tag, "
                 "3:1 bad-tag, 5:1 bad-tag",
                 "malformed tag pairs: recovered or skipped");
    expect_games("[Event \"no end\n1. e4 *\n",
                 "@1:1 Event=no end | 1. e4 R:* | 1:1 unterminated-tag", "unterminated tag value");
    expect_games(
        "1. e4 xyz e5 ] } *",
        "@1:1  | 1. e4 ?:xyz e5 ?:] ?:} R:* | 1:7 unexpected-token, 1:14 unexpected-token, "
        "1:16 unexpected-token",
        "unexpected tokens keep their text");

    static const char nul_text[] = "1. e4\0 e5 {a\0b} *";
    struct pgn_reader *r = reader(0);
    struct sbuf out;
    UNIT_EQ_STR(games_str(r, nul_text, sizeof nul_text - 1, &out),
                "@1:1  | 1. e4 e5 {a b} R:* | 1:6 binary-byte",
                "NUL bytes read as spaces, one diagnostic per line");
    pgn_reader_free(r);

    struct pgn_limits lim = {.max_text = 16};
    expect_games_opt("[Event \"0123456789abcdefghij\"]\n{0123456789abcdefXYZ} *\n", 0, &lim,
                     "@1:1 Event=0123456789abcdef | {0123456789abcdef} R:* | 1:1 token-too-long, "
                     "2:1 token-too-long",
                     "tag values and comments are cut at max_text");

    char longword[400];
    memcpy(longword, "[E \"x\"] ", 8); /* (a game: untagged, the word would be stray text) */
    memset(longword + 8, 'q', 300);
    memcpy(longword + 308, " *", 3);
    r = reader(0);
    struct pgn_game g;
    pgn_reader_open_mem(r, longword, strlen(longword), "w");
    UNIT_CHECK(pgn_collect_game(r, &g) == 1 && g.ntokens == 2 &&
                   g.tokens[0].kind == PGN_TOK_UNKNOWN && g.tokens[0].len == 255 && g.ndiags == 2 &&
                   g.diags[0].code == PGN_E_UNEXPECTED_TOKEN &&
                   g.diags[1].code == PGN_E_TOKEN_TOO_LONG,
               "an unknown token is cut at 255 bytes");
    pgn_reader_free(r);

    char longline[200];
    longline[0] = '{';
    memset(longline + 1, 'a', 98);
    memcpy(longline + 99, "}\n1. e4\n", 9);
    struct pgn_limits small = {.max_line = 64};
    r = reader(0);
    pgn_reader_set_limits(r, &small);
    pgn_reader_open_mem(r, longline, strlen(longline), "l");
    struct sbuf b;
    UNIT_CHECK(pgn_collect_game(r, &g) == 1 && g.ntokens == 3 && g.tokens[0].len == 98 &&
                   strspn(g.tokens[0].text, "a") == 98,
               "an overlong line is split without changing a comment");
    UNIT_EQ_STR(diags_str(&g, &b), "1:65 line-too-long, 2:6 truncated",
                "line-too-long where the line is split");
    pgn_reader_free(r);

    struct pgn_limits few = {.max_tokens = 5, .max_diags = 3, .max_tags = 2};
    expect_games_opt("1. e4 e5 2. Nf3 Nc6 *\n", 0, &few,
                     "@1:1  | 1. e4 e5 2. Nf3 | 1:17 too-many-tokens", "max_tokens");
    /* the game ended at its result though the cap dropped it: what follows
     * is stray text as after any result (fuzz_pgn: the skipping reader,
     * under the cap, kept the result and read it so) */
    expect_games_opt("1. e4 e5 2. Nf3 Nc6 *\ntrailing\n", 0, &few,
                     "@1:1  | 1. e4 e5 2. Nf3 | 1:17 too-many-tokens\n"
                     "stray@2:1  | ?:trailing | 2:1 stray-text",
                     "text after a result that max_tokens dropped is stray text");
    /* text with a move number is no stray text, though max_tokens dropped
     * the number (fuzz_pgn: the skipping reader, which drops it, read a
     * game) */
    expect_games_opt("a b c d e 1. e4\n", 0, &few,
                     "@1:1  | ?:a ?:b ?:c ?:d ?:e | 1:1 unexpected-token, 1:3 unexpected-token, "
                     "1:5 too-many-diagnostics",
                     "text whose move number max_tokens dropped is a game");
    struct pgn_limits three = {.max_diags = 3};
    expect_games_opt(
        "[A \"1\"] a b c d e *\n", 0, &three,
        "@1:1 A=1 | ?:a ?:b ?:c ?:d ?:e R:* | 1:9 unexpected-token, 1:11 unexpected-token, "
        "1:13 too-many-diagnostics",
        "max_diags");
    expect_games_opt("[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n*\n", 0, &few,
                     "@1:1 A=1, B=2 | R:* | 3:1 too-many-tags", "max_tags");
}

static void test_api(void)
{
    struct pgn_reader *r = reader(0);
    struct pgn_game g;
    UNIT_EQ_INT(pgn_collect_game(r, &g), -1, "pgn_read_game before any open fails");
    UNIT_EQ_INT(pgn_reader_error(r), PGN_E_NOT_OPEN, "... with PGN_E_NOT_OPEN");
    pgn_reader_free(r);

    r = reader(0);
    UNIT_EQ_INT(pgn_reader_open_file(r, NULL, "x"), PGN_E_NOT_OPEN, "opening a NULL stream fails");
    UNIT_EQ_INT(pgn_collect_game(r, &g), -1, "... and leaves the reader closed");
    FILE *dir = fopen(".", "r");
    if (dir) {
        pgn_reader_open_file(r, dir, ".");
        UNIT_EQ_INT(pgn_collect_game(r, &g), -1, "a read error is a hard error");
        UNIT_CHECK(pgn_reader_error(r) == PGN_E_IO && pgn_reader_errno(r) == EISDIR,
                   "... PGN_E_IO with the errno of read(2) (%s)",
                   pgn_error_name(pgn_reader_error(r)));
        UNIT_EQ_INT(pgn_collect_game(r, &g), -1, "... and stays one");
        fclose(dir);
    }
    pgn_reader_free(r);

    bool named = true;
    for (int c = 0; c < PGN_ERROR_NB; c++)
        for (int d = 0; d < c; d++)
            if (!pgn_error_name(c) || !pgn_error_message(c) ||
                !strcmp(pgn_error_name(c), pgn_error_name(d)))
                named = false;
    UNIT_CHECK(named, "every error code has a distinct name and a message");
    UNIT_EQ_STR(pgn_error_name(PGN_E_MISSING_RESULT), "missing-result", "error name");
    UNIT_EQ_STR(pgn_token_kind_name(PGN_TOK_MOVE_NUMBER), "move-number", "token kind name");
    UNIT_EQ_STR(pgn_error_name((enum pgn_error)999), "unknown-error", "out-of-range code");
}

/* The FILE path (fmemopen: the fread branch) and the memory path give the
 * same games, also when lines come in pieces and the buffer must grow. */
/* pgn_split: where the text may be cut, each rule of the lexer it follows
 * with its own case, and reading the pieces gives the games of the whole. */
/* The splitter finds its marks ('{' ';' '(' ')') wherever they stand in
 * a line, whatever its length: sixteen bytes at a time, a tail, short
 * lines.  A '(' after a ';' is comment text. */
static void test_split_marks(void)
{
    int bad = 0;
    for (size_t n = 1; n <= 48; n++)
        for (size_t k = 0; k < n; k++)
            for (int m = 0; m < 4; m++) {
                char line[48];
                memset(line, 'a', n);
                line[k] = "({;)"[m];
                if (m == 2 && k + 1 < n)
                    line[n - 1] = '(';
                struct pgn_split sp = {.paren = 1};
                pgn_split_line(&sp, line, n);
                bool ok = m == 0   ? sp.paren == 2
                          : m == 1 ? sp.in_brace && sp.paren == 1
                          : m == 2 ? sp.paren == 1 && !sp.in_brace
                                   : sp.paren == 0;
                bad += !ok;
            }
    UNIT_EQ_INT(bad, 0, "the splitter sees a mark at every place of lines of 1 to 48 bytes");
}

static void test_split(void)
{
    static const struct {
        const char *text, *points, *desc;
    } cases[] = {
        {"[Event \"a\"]\n\n1. e4 e5 1-0\n[Event \"b\"]\n\n1. d4 0-1\n", "26",
         "a cut before the tag line after a result"},
        {"1. e4 1-0\n\n\n[Event \"b\"]\n1. d4 *\n[Event \"c\"]\n1. c4 1/2-1/2\n", "12 32",
         "blank lines between the result and the tags; every result"},
        {"1. e4 {a comment\n1-0\n[Event \"x\"]\n} e5 1-0\n[Event \"y\"]\n1. d4 0-1\n", "42",
         "not inside a brace comment over several lines"},
        {"1. e4 {1-0}\n[Event \"x\"]\n1. d4 0-1\n", "", "not after a result inside a comment"},
        {"1. e4 e5 ; 1-0\n[Event \"x\"]\n1. d4 0-1\n", "", "not after a result in a ';' comment"},
        {"1. e4 e5 1-0 ; a remark\n[Event \"x\"]\n1. d4 0-1\n", "",
         "not when a ';' comment follows the result (it belongs to the next game)"},
        {"1. e4 1-0 {a remark}\n[Event \"x\"]\n1. d4 0-1\n", "",
         "not when a comment follows the result"},
        {"1. e4 (1. d4 1-0\n[Event \"x\"]\n1. c4 *\n", "", "not inside a variation"},
        {"1. e4 1-0\n% an escape line\n[Event \"x\"]\n1. d4 0-1\n", "27",
         "an escape line changes nothing"},
        {"1. e4 e5\n% 1-0\n[Event \"x\"]\n1. d4 0-1\n", "", "nor does a result in one"},
        {"\xEF\xBB\xBF[Event \"a\"]\n1. e4 1-0\n\xEF\xBB\xBF[Event \"b\"]\n1. d4 0-1\n", "25",
         "a byte-order mark before a tag line"},
        {"1. e4 1-0\r\n[Event \"x\"]\r\n1. d4 0-1\r\n", "11", "CRLF line ends"},
        {"1. e4 e5 21-0\n[Event \"x\"]\n1. d4 0-1\n", "", "a result must stand alone"},
        {"1. e4 1-0\n [Event \"x\"]\n1. d4 0-1\n", "", "a tag line starts in column 1"},
        {"1. e4 1-0", "", "a last line without a newline is not looked at"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct sbuf out;
        UNIT_EQ_STR(split_points(cases[i].text, &out), cases[i].points, cases[i].desc);
        char why[200] = "";
        unsigned long pieces = 0;
        bool ok = split_agrees(cases[i].text, strlen(cases[i].text), 1, &pieces, why, sizeof why);
        UNIT_CHECK(ok, "... and the %lu pieces read as the whole %s", pieces, why);
    }

    /* the boundary texts, alone and one after the other: the cuts read
     * as the whole */
    char all[2048];
    size_t all_len = 0;
    unsigned long all_pieces = 0;
    for (size_t i = 0; i < sizeof boundary_texts / sizeof boundary_texts[0]; i++) {
        size_t len = strlen(boundary_texts[i]);
        char why[200] = "";
        unsigned long pieces = 0;
        UNIT_CHECK(split_agrees(boundary_texts[i], len, 1, &pieces, why, sizeof why),
                   "boundary text %zu: the %lu pieces read as the whole %s", i + 1, pieces, why);
        memcpy(all + all_len, boundary_texts[i], len);
        all_len += len;
    }
    char all_why[200] = "";
    UNIT_CHECK(split_agrees(all, all_len, 1, &all_pieces, all_why, sizeof all_why) &&
                   all_pieces >= 5,
               "the boundary texts together: %lu pieces read as the whole %s", all_pieces, all_why);

    /* min: no cut before it; *at and *lines stop at the cut */
    const char *t = "1. e4 1-0\n[Event \"b\"]\n1. d4 0-1\n[Event \"c\"]\n1. c4 *\n";
    struct pgn_split sp = {0};
    size_t at = 0;
    unsigned long lines = 0;
    bool cut = pgn_split_scan(&sp, t, strlen(t), 11, &at, &lines);
    UNIT_CHECK(cut && at == 32 && lines == 3, "min skips the first boundary: at %zu, %lu lines", at,
               lines);
    sp = (struct pgn_split){0};
    at = 0;
    lines = 0;
    cut = pgn_split_scan(&sp, t, 20, 1, &at, &lines);
    UNIT_CHECK(!cut && at == 10 && lines == 1,
               "a line cut short by the end of the buffer is left for later (at %zu)", at);
    cut = pgn_split_scan(&sp, t, strlen(t), 1, &at, &lines);
    UNIT_CHECK(cut && at == 10 && lines == 1, "the whole line then gives the cut (at %zu)", at);
}

/* A 1 MiB text of games (CRLF lines, comments of every length up to 300
 * bytes, a variation, a result missing from six games in seven), in
 * malloc'd memory (out of memory, the tests bail out). */
static char *many_games(size_t *len)
{
    size_t cap = 1 << 20, n = 0;
    char *big = malloc(cap);
    if (!big) {
        printf("Bail out! no memory\n");
        exit(1);
    }
    for (int i = 0; n + 600 < cap; i++) {
        n += (size_t)snprintf(big + n, cap - n,
                              "[Event \"G%d\"]\r\n\r\n1. e4 {%.*s} e5 (1... c5 2. Nf3) 2. Nf3%s", i,
                              i % 300,
                              "a long comment a long comment a long comment a long "
                              "comment a long comment a long comment a long comment a long comment "
                              "a long comment a long comment a long comment a long comment a long "
                              "comment a long comment a long comment a long comment a long comment "
                              "a long comment a long comment a long comment a long comment a long "
                              "comment a long comment a long comment",
                              i % 7 ? " 1-0\n" : "\n");
    }
    *len = n;
    return big;
}

static void test_file_matches_mem(void)
{
    size_t n;
    char *big = many_games(&n);
    const unsigned options[] = {0, PGN_OPT_NO_FASTPATH};
    const struct pgn_limits lims[] = {{0}, {.max_line = 100, .max_text = 200}};
    for (size_t o = 0; o < 2; o++) {
        const struct pgn_limits *lim = &lims[o];
        struct pgn_reader *a = reader(0), *b = reader(options[o]);
        pgn_reader_set_limits(a, lim);
        pgn_reader_set_limits(b, lim);
        FILE *fp = fmemopen(big, n, "r");
        pgn_reader_open_file(a, fp, "f");
        pgn_reader_open_mem(b, big, n, "f");
        char why[200] = "";
        unsigned long games = 0;
        bool ok = readers_agree(a, b, false, &games, why, sizeof why);
        UNIT_CHECK(ok && games > 1000, "FILE and memory input agree (%s, %lu games) %s",
                   o ? "small limits, no fast path" : "default limits", games, why);
        fclose(fp);
        pgn_reader_free(a);
        pgn_reader_free(b);
    }
    char why[200] = "";
    unsigned long pieces = 0;
    bool ok = split_agrees(big, n, 4096, &pieces, why, sizeof why);
    UNIT_CHECK(ok && pieces > 100, "cut into %lu pieces of 4 KiB and more, read as the whole %s",
               pieces, why);
    free(big);
}

/* A line of max_line bytes is not over max_line, whatever ends it: LF, or
 * a lone CR (formats/pgn.md, "Line ends"; a CR is no byte of its line),
 * also when that CR is the last byte a FILE reader has, at the end of the
 * input (fuzz_pgn: the FILE reader split the line there, line-too-long). */
static void test_line_of_max_line(void)
{
    static const char line[] = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 O-O *";
    UNIT_EQ_INT((long)strlen(line), 64, "the line is of 64 bytes");
    static const char *const ends[] = {"\n", "\r", "\r*\r"};
    static const char *const said[] = {"LF", "a lone CR, the last byte", "a lone CR"};
    for (int e = 0; e < 3; e++)
        for (int file = 0; file < 2; file++) {
            char text[128];
            size_t n = (size_t)snprintf(text, sizeof text, "%s%s", line, ends[e]);
            struct pgn_reader *r = reader(0);
            pgn_reader_set_limits(r, &(struct pgn_limits){.max_line = 64});
            FILE *fp = file ? fmemopen(text, n, "r") : NULL;
            if (fp)
                pgn_reader_open_file(r, fp, "l");
            else
                pgn_reader_open_mem(r, text, n, "l");
            struct pgn_game g;
            struct sbuf b, d;
            bool ok = pgn_collect_game(r, &g) == 1 && g.ntokens == 19;
            const struct pgn_token *t = ok ? &g.tokens[18] : NULL;
            UNIT_CHECK(ok && t->kind == PGN_TOK_RESULT && t->line == 1 && t->col == 64 &&
                           g.ndiags == 0,
                       "a line of max_line bytes and %s (%s): not split (%s at %lu:%lu; %s)",
                       said[e], file ? "FILE" : "memory", ok ? tokens_str(&g, &b) : "no game",
                       t ? t->line : 0, t ? t->col : 0, ok ? diags_str(&g, &d) : "");
            if (fp)
                fclose(fp);
            pgn_reader_free(r);
        }
}

/* ------------------------------------------------------------ real files */

/* Files where counting "[Event " lines is not the right number: the
 * count below is pgn-extract's ("N games matched out of M"). */
static const struct {
    const char *file;
    unsigned long games;
} known_counts[] = {
    {"edge-cases/antichess-programfox.pgn", 2}, /* tags without Event */
    {"edge-cases/eco.pgn", 2014},               /* tags without Event */
    {"edge-cases/test-fuzzydepth.pgn", 4},      /* movetext only */
    {"edge-cases/test-nagcomments.pgn", 1},
    {"edge-cases/test-nobadresults.pgn", 9}, /* [Result] only */
    {"edge-cases/test-promotion-in.pgn", 8}, /* [FEN] [SetUp] only */
    {"edge-cases/utf8-bom.pgn", 2},          /* the first [Event follows a BOM */
    /* pgn-extract --nestedcomments; without it pgn-extract resynchronises
     * into 6 games on the words after the inner '}' */
    {"edge-cases/nested-comment.pgn", 1},
};

static long known_count(const char *rel)
{
    for (size_t i = 0; i < sizeof known_counts / sizeof known_counts[0]; i++)
        if (!strcmp(known_counts[i].file, rel))
            return (long)known_counts[i].games;
    return -1;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every game of every file: counted against the independent number, and
 * read identically from a FILE, from memory, and without the fast path. */
static void check_file(const char *shared, const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/pgn/%s", shared, rel);
    size_t len = 0;
    char *buf = slurp(path, &len);
    if (!UNIT_CHECK(buf != NULL, "%s: readable", rel))
        return;
    long want = known_count(rel);
    if (want < 0)
        want = (long)count_event_lines(buf, len);

    struct pgn_reader *a = reader(0), *b = reader(0), *c = reader(PGN_OPT_NO_FASTPATH);
    FILE *fp = fopen(path, "rb");
    pgn_reader_open_file(a, fp, rel);
    pgn_reader_open_mem(b, buf, len, rel);
    char why[300] = "";
    unsigned long games = 0, games2 = 0;
    bool same = readers_agree(a, b, false, &games, why, sizeof why);
    UNIT_EQ_INT((long)games, want, rel);
    pgn_reader_open_mem(b, buf, len, rel);
    pgn_reader_open_mem(c, buf, len, rel);
    if (same)
        same = readers_agree(b, c, false, &games2, why, sizeof why);
    UNIT_CHECK(same, "%s: FILE, memory and PCRE2-only reading agree %s", rel, why);
    struct pgn_reader *d = reader(PGN_OPT_SKIP_NUMBERS | PGN_OPT_SKIP_COMMENTS),
                      *e = reader(PGN_OPT_SKIP_NUMBERS | PGN_OPT_SKIP_COMMENTS |
                                  PGN_OPT_NO_FASTPATH);
    for (int i = 0; i < 2; i++) {
        unsigned long games3 = 0;
        why[0] = '\0';
        pgn_reader_open_mem(b, buf, len, rel);
        pgn_reader_open_mem(i ? e : d, buf, len, rel);
        UNIT_CHECK(readers_agree(b, i ? e : d, true, &games3, why, sizeof why) && games3 == games,
                   "%s: skipping numbers and comments%s drops only them %s", rel,
                   i ? " (PCRE2 only)" : "", why);
    }
    pgn_reader_free(d);
    pgn_reader_free(e);
    unsigned long pieces = 0;
    why[0] = '\0';
    UNIT_CHECK(split_agrees(buf, len, 1, &pieces, why, sizeof why),
               "%s: cut at every boundary pgn_split allows (%lu pieces), read as the whole %s", rel,
               pieces, why);
    fclose(fp);
    pgn_reader_free(a);
    pgn_reader_free(b);
    pgn_reader_free(c);
    free(buf);
}

/* pgn_reader_at_rest: when the input ends between games, as a reader
 * that read on would see it; and at every line of some texts, a cut where
 * the reader came to rest reads as the whole text does. */
static void test_at_rest(void)
{
    static const struct {
        const char *text;
        bool rest;
        const char *desc;
    } cases[] = {
        {"", true, "no input"},
        {"\n \t\r\n", true, "blank lines only"},
        {"[Event \"a\"]\n\n1. e4 e5 1-0\n", true, "a game that ends at its result"},
        {"[Event \"a\"]\n\n1. e4 e5 1-0\n\n% an escape line\n\n", true,
         "then blank lines and escape lines"},
        {"[Event \"a\"]\n\n1. e4 e5 1-0 {a remark}\n", false,
         "a comment after the result (it would go with the next game)"},
        {"[Event \"a\"]\n\n1. e4 e5 1-0\n; a remark\n", false, "a ';' comment after it"},
        {"[Event \"a\"]\n\n1. e4 e5\n", false, "a game without its result"},
        {"[Event \"a\"]\n\n1. e4 {a comment\n1-0\n\n", false, "inside a comment"},
        {"[Event \"a\"]\n\n1. e4 (1. d4 1-0\n\n", false, "inside a variation"},
        {"[Event \"a\"]\n\n1. e4 1-0\n[Event \"b\"]\n", false, "the tags of the next game"},
        {"[Event \"a\"]\n\n1. e4 1-0\n1.\n", false, "a move number after it"},
        {"1. e4 1-0\n\x01\n", false, "a control byte after it"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pgn_reader *r = reader(0);
        struct pgn_game g;
        pgn_reader_open_mem(r, cases[i].text, strlen(cases[i].text), "t");
        UNIT_CHECK(!pgn_reader_at_rest(r), "at rest: not before the end (%s)", cases[i].desc);
        int rc;
        while ((rc = pgn_collect_game(r, &g)) > 0)
            ;
        UNIT_CHECK(rc == 0 && pgn_reader_at_rest(r) == cases[i].rest, "at rest %s: %s",
                   cases[i].rest ? "yes" : "no", cases[i].desc);
        pgn_reader_free(r);
    }
    {
        /* stray text ended by a tag pair that comes to nothing (on a line
         * over max_line, its pieces skipped): that text did not end at a
         * result, so after it, "[]x" would be a game where a fresh reader
         * reads stray text (fuzz_pgn) */
        char text[128] = "J\n[t ";
        memset(text + 5, 'A', 58);
        strcpy(text + 63, "\"F\"]\n");
        struct pgn_reader *r = reader(0);
        pgn_reader_set_limits(r, &(struct pgn_limits){.max_line = 64});
        pgn_reader_open_mem(r, text, strlen(text), "t");
        struct pgn_game g;
        int rc, n = 0;
        while ((rc = pgn_collect_game(r, &g)) > 0)
            n++;
        UNIT_CHECK(rc == 0 && n == 1 && !pgn_reader_at_rest(r),
                   "at rest no: stray text ended by a tag pair that came to nothing");
        pgn_reader_free(r);
    }

    /* At every line start of texts with traps for a guessed cut (a tag
     * line after a result inside a comment, a variation, a ';' comment),
     * and of every tenth line of a 64 KiB text of many games: when the
     * reader comes to rest, the two pieces read as the whole. */
    static const char *const texts[] = {
        "[Event \"a\"]\n\n1. e4 {a comment\n1-0\n\n[Event \"x\"]\n} e5 1-0\n\n[Event "
        "\"b\"]\n\n1. d4 0-1\n",
        "[Event \"a\"]\n\n1. e4 (1. d4 1-0\n\n[Event \"x\"]\n\n1. c4 *\n\n[Event \"y\"]\n1. "
        "d4 *\n",
        "[Event \"a\"]\n\n1. e4 ; 1-0\n\n[Event \"b\"]\n1. d4 0-1\n\n\n%x\n[Event \"c\"]\n1. c4 "
        "*\n",
        "1. e4 1-0 {c}\n\n[Event \"b\"]\n1. d4 0-1\r\n\r\n[Event \"c\"]\r\n1. c4 *\r\n",
    };
    unsigned long tried = 0, rested = 0, failed = 0;
    char why[200] = "";
    for (int options = 0; options < 2; options++) {
        unsigned opt = options ? PGN_OPT_SKIP_NUMBERS | PGN_OPT_SKIP_COMMENTS : 0;
        for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
            size_t len = strlen(texts[t]);
            unsigned long line = 0;
            for (size_t cut = 0; cut <= len; cut++) {
                if (cut && texts[t][cut - 1] != '\n')
                    continue;
                bool rest;
                tried++;
                if (!rest_agrees(texts[t], len, cut, line++, opt, &rest, why, sizeof why) &&
                    !failed++)
                    UNIT_CHECK(false, "text %zu cut at %zu: %s", t + 1, cut, why);
                rested += rest;
            }
        }
    }
    /* the boundary texts (issue 25), with the options of both tools */
    unsigned long boundary_rested = 0;
    for (int options = 0; options < 2; options++) {
        unsigned opt = PGN_OPT_REPEATED_TAGS |
                       (options ? PGN_OPT_SKIP_NUMBERS | PGN_OPT_SKIP_COMMENTS : PGN_OPT_RAW);
        for (size_t t = 0; t < sizeof boundary_texts / sizeof boundary_texts[0]; t++) {
            const char *text = boundary_texts[t];
            size_t len = strlen(text);
            unsigned long line = 0;
            for (size_t cut = 0; cut <= len; cut++) {
                if (cut && text[cut - 1] != '\n')
                    continue;
                bool rest;
                tried++;
                if (!rest_agrees(text, len, cut, line++, opt, &rest, why, sizeof why) && !failed++)
                    UNIT_CHECK(false, "boundary text %zu cut at %zu: %s", t + 1, cut, why);
                boundary_rested += rest;
            }
        }
    }
    UNIT_CHECK(!failed && boundary_rested > 10,
               "at rest: %lu cuts of the boundary texts at rest read as the whole",
               boundary_rested);
    size_t big_len;
    char *big = many_games(&big_len);
    size_t len = 1 << 16;
    while (big[len - 1] != '\n')
        len--;
    unsigned long line = 0, big_rested = 0;
    for (size_t cut = 0; cut <= len; cut++) {
        if (cut && big[cut - 1] != '\n')
            continue;
        if (line++ % 10)
            continue;
        bool rest;
        tried++;
        if (!rest_agrees(big, len, cut, line - 1, PGN_OPT_SKIP_NUMBERS | PGN_OPT_SKIP_COMMENTS,
                         &rest, why, sizeof why) &&
            !failed++)
            UNIT_CHECK(false, "many games cut at %zu: %s", cut, why);
        big_rested += rest;
    }
    free(big);
    UNIT_CHECK(!failed && rested > 10 && big_rested > 10,
               "at rest: %lu cuts, %lu of the traps' and %lu of the many games' at rest read as "
               "the whole (%lu did not)",
               tried, rested, big_rested, failed);
}

static void test_real_files(void)
{
    const char *shared = getenv("SHARED");
    if (!shared || !*shared)
        shared = "../shared/data";
    static const char *const dirs[] = {"edge-cases", "engines", "events", "online", "repertoires"};
    unsigned long files = 0;
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/pgn/%s", shared, dirs[d]);
        if (!unit_need_shared(path))
            continue;
        DIR *dir = opendir(path);
        if (!UNIT_CHECK(dir != NULL, "shared data directory %s is there", path))
            continue;
        char *names[512];
        size_t n = 0;
        struct dirent *e;
        while ((e = readdir(dir)) && n < 512) {
            size_t l = strlen(e->d_name);
            if (l > 4 && !strcmp(e->d_name + l - 4, ".pgn"))
                names[n++] = strdup(e->d_name);
        }
        closedir(dir);
        qsort(names, n, sizeof names[0], cmp_names);
        for (size_t i = 0; i < n; i++) {
            char rel[600];
            snprintf(rel, sizeof rel, "%s/%s", dirs[d], names[i]);
            check_file(shared, rel);
            free(names[i]);
            files++;
        }
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/pgn", shared);
    if (!unit_need_shared(path))
        return;
    UNIT_CHECK(files >= 100, "%lu real PGN files checked", files);

    /* the benchmark, through a pipe: 100,000 games, one "[Event " each */
    snprintf(path, sizeof path, "%s/pgn/bench/random-100k.pgn.zst", shared);
    if (!unit_need_shared(path))
        return;
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "zstd -dc '%s/pgn/bench/random-100k.pgn.zst' 2>/dev/null", shared);
    FILE *pp = popen(cmd, "r");
    if (!pp)
        return;
    struct pgn_reader *r = reader(0);
    pgn_reader_open_file(r, pp, "random-100k.pgn");
    struct pgn_game g;
    unsigned long games = 0, diags = 0;
    int rc;
    while ((rc = pgn_collect_game(r, &g)) > 0) {
        games++;
        diags += g.ndiags;
    }
    int status = pclose(pp);
    if (status == 0)
        UNIT_CHECK(rc == 0 && games == 100000 && diags == 0,
                   "benchmark through a pipe: %lu games (100000), %lu diagnostics", games, diags);
    else
        UNIT_CHECK(true, "benchmark skipped: zstd not available");
    pgn_reader_free(r);
}

/* Short pawn-like tokens at the very end of an input held in memory, read
 * in place: the reader's shape of a SAN move must not look past them
 * (check-asan catches an overread; fuzz_pgn found "ex" at the end). */
static void test_short_tokens_at_end(void)
{
    static const char *const texts[] = {"1. ex", "ex",       "1. a",   "1. exd",    "1. Nx",
                                        "1. e4", "1. Nbxd2", "O-O-O+", "1. e4 12.", "7..."};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        size_t len = strlen(texts[i]);
        char *exact = malloc(len); /* no NUL, nothing after the text */
        struct pgn_reader *r = pgn_reader_new();
        if (!UNIT_CHECK(exact && r, "allocation"))
            return;
        memcpy(exact, texts[i], len);
        pgn_reader_open_mem(r, exact, len, "test");
        struct pgn_game g;
        int games = 0;
        while (pgn_collect_game(r, &g) > 0)
            games++;
        UNIT_EQ_INT(games, 1, texts[i]);
        pgn_reader_free(r);
        free(exact);
    }
}

/* Move number indications (standard 8.2.2.2), at the edges of the inline
 * path (one to three digits) and past it, and cut to small buffers. */
static void test_move_numbers(void)
{
    static const struct {
        unsigned long n;
        bool black;
        size_t size;
        const char *want;
        size_t len;
    } cases[] = {
        {1, false, 24, "1.", 2},
        {9, true, 24, "9...", 4},
        {10, false, 24, "10.", 3},
        {99, true, 24, "99...", 5},
        {100, false, 24, "100.", 4},
        {305, true, 24, "305...", 6},
        {999, false, 24, "999.", 4},
        {1000, false, 24, "1000.", 5},
        {65535, true, 24, "65535...", 8},
        {123, true, 4, "123", 6},
        {7, true, 3, "7.", 4},
        {42, false, 1, "", 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[PGN_MOVE_NUMBER_MAX];
        char desc[64];
        snprintf(desc, sizeof desc, "move number %lu%s in %zu bytes", cases[i].n,
                 cases[i].black ? " (Black)" : "", cases[i].size);
        size_t len = pgn_move_number(cases[i].n, cases[i].black, buf, cases[i].size);
        UNIT_EQ_INT((long)len, (long)cases[i].len, desc);
        UNIT_EQ_STR(buf, cases[i].want, desc);
    }
}

/* PGN_OPT_SKIP_NUMBERS and PGN_OPT_SKIP_COMMENTS: what is dropped still
 * starts a game, still counts as one at the end of the input, and a
 * skipped comment is still checked for control bytes and its length. */
static void test_skip_options(void)
{
    const unsigned skip = PGN_OPT_SKIP_NUMBERS | PGN_OPT_SKIP_COMMENTS;
    expect_games_opt("1. e4 {a} e5 2... Nf3 ; rest\n3.Bc4 *\n", skip, NULL,
                     "@1:1  | e4 e5 Nf3 Bc4 R:* | ", "numbers and comments dropped");
    expect_games_opt("  {start} 1. e4 *\n", skip, NULL, "@1:3  | e4 R:* | ",
                     "a skipped comment starts the game");
    expect_games_opt("  7. e4 *\n", PGN_OPT_SKIP_NUMBERS, NULL, "@1:3  | e4 R:* | ",
                     "a skipped number starts the game");
    expect_games_opt("1. e4 *\n\n12.\n", PGN_OPT_SKIP_NUMBERS, NULL,
                     "@1:1  | e4 R:* | \n@3:1  |  | 3:4 truncated",
                     "a number alone at the end is a game");
    expect_games_opt("1. e4 *\n\n{ remarks }\n", skip, NULL, "@1:1  | e4 R:* | ",
                     "a comment alone at the end is not");
    expect_games_opt("1. e4 {a\x01b} e5 *\n", skip, NULL, "@1:1  | e4 e5 R:* | 1:9 binary-byte",
                     "a control byte in a skipped comment");
    expect_games_opt("1. e4 {aaaaaaaa\x01} e5 *\n", skip, NULL,
                     "@1:1  | e4 e5 R:* | 1:16 binary-byte",
                     "a control byte after a word of text in a skipped comment");
    expect_games_opt("1. e4 ; a\x7f\n*\n", skip, NULL, "@1:1  | e4 R:* | 1:10 binary-byte",
                     "a DEL in a skipped ';' comment");
    struct pgn_limits small = {.max_text = 4};
    expect_games_opt("1. e4 {abcdefgh} *\n", skip, &small, "@1:1  | e4 R:* | 1:7 token-too-long",
                     "a skipped comment longer than max_text");
    expect_games_opt("1. e4 {abcd\n} *\n", skip, &small, "@1:1  | e4 R:* | 1:7 token-too-long",
                     "a skipped comment's line end counts");
    expect_games_opt("1. e4 {abc} *\n", skip, &small, "@1:1  | e4 R:* | ",
                     "a skipped comment within max_text");
}

/* The reader's hand-written paths (movetext_word and scan_run, over the
 * lexer's fast recognisers) against the PCRE2 pattern alone, on the shapes at their edges: numbers
 * with up to eight bytes and more, moves glued to numbers or suffixes, SAN that is not plain, a
 * move at the very end of the input. */
static void test_fast_path_edges(void)
{
    static const char *const texts[] = {
        "1. e4 4....... Ba4 *",
        "4........ Ba4 *",
        "123. e4 *",
        "1234. e4 *",
        "O-O-O+ Nbxd2# exd5+ *",
        "4.e4 12......e5 *",
        "1.Nf3!? Nc6?? *",
        "e8=Q exd8=N+ *",
        "e8=Q# d1=R+ fxg1=B bxa8=N a1=Q+ *",
        "e8=K e8Q e8=q exd8=Q!? e8=Q++ e8=Q$1 *",
        "a=Q e8= exd=Q x8=Q e9=Q exd8=Q+e5 *",
        "e8=Q",
        "exd8=N#",
        "Nb1d2 R1a3 Qh4xe1 *",
        "1... e5 O-O-O-O *",
        "Kxe2 Kx *",
        "0. e4 01. d4 *",
        "1. e4",
        "1. Nbxd2",
        "2... O-O",
        "9. exd5+",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct pgn_reader *a = reader(0), *b = reader(PGN_OPT_NO_FASTPATH);
        pgn_reader_open_mem(a, texts[i], strlen(texts[i]), "test");
        pgn_reader_open_mem(b, texts[i], strlen(texts[i]), "test");
        char why[300] = "";
        unsigned long games = 0;
        bool same = readers_agree(a, b, false, &games, why, sizeof why);
        UNIT_CHECK(same && games == 1, "'%s': fast path and pattern agree %s", texts[i], why);
        pgn_reader_free(a);
        pgn_reader_free(b);
    }
}

/* A pattern left for its first match (textscan_defer, the reader's five)
 * compiles there and matches as one compiled at once; one that does not
 * compile answers TEXTSCAN_ERROR_COMPILE at every match, which the reader
 * turns into PGN_E_NOMEM. */
static void test_deferred_patterns(void)
{
    struct textscan_pattern now, later, broken;
    pcre2_match_data *md = pcre2_match_data_create(4, NULL);
    if (!md)
        return;
    bool compiled = textscan_compile(&now, "([a-h])([1-8])");
    textscan_defer(&later, "([a-h])([1-8])");
    UNIT_CHECK(compiled && later.code == NULL,
               "a deferred pattern is not compiled before its match");
    int a = textscan_match(&now, "e4 e5", 5, 3, md), b = textscan_match(&later, "e4 e5", 5, 3, md);
    UNIT_CHECK(a == 3 && b == 3 && later.code != NULL,
               "a deferred pattern compiles at its first match and matches alike (%d, %d)", a, b);
    UNIT_CHECK(textscan_match(&later, "x9", 2, 0, md) == PCRE2_ERROR_NOMATCH,
               "and fails to match alike");
    textscan_defer(&broken, "([a-h]");
    a = textscan_match(&broken, "e4", 2, 0, md);
    b = textscan_match(&broken, "e4", 2, 0, md);
    UNIT_CHECK(a == TEXTSCAN_ERROR_COMPILE && b == TEXTSCAN_ERROR_COMPILE,
               "a deferred pattern that does not compile answers TEXTSCAN_ERROR_COMPILE (%d, %d)",
               a, b);
    textscan_free(&now);
    textscan_free(&later);
    textscan_free(&broken);
    pcre2_match_data_free(md);
}

/* ------------------------------------------------------------ visitor */

/* A visitor that records what it is offered and answers SKIP_GAME at the
 * skip_at-th token of a game (never when negative), SKIP_VARIATION to
 * every "(" when skip_vars. */
struct watcher {
    long skip_at;
    bool skip_vars;
    struct pgn_token toks[4096];
    char text[1 << 16];
    size_t ntoks, ntext, told, ended;
    bool lost;  /* more than the arrays hold */
    bool early; /* a token before tags_done, or anything after game_end */
    struct pgn_game end;
};

static enum pgn_visit watch_tags(void *ctx, const struct pgn_game *g)
{
    struct watcher *w = ctx;
    (void)g;
    w->early |= w->ntoks > 0 || w->ended > 0;
    w->told++;
    return PGN_VISIT_GO;
}

static enum pgn_visit watch_token(void *ctx, const struct pgn_token *tok)
{
    struct watcher *w = ctx;
    w->early |= !w->told || w->ended;
    if (w->ntoks == sizeof w->toks / sizeof w->toks[0] ||
        w->ntext + tok->len + 1 > sizeof w->text) {
        w->lost = true;
        return PGN_VISIT_SKIP_GAME;
    }
    struct pgn_token *t = &w->toks[w->ntoks++];
    *t = *tok;
    memcpy(w->text + w->ntext, tok->text, tok->len);
    w->text[w->ntext + tok->len] = '\0';
    t->text = w->text + w->ntext;
    w->ntext += tok->len + 1;
    if (w->skip_at >= 0 && (long)w->ntoks > w->skip_at)
        return PGN_VISIT_SKIP_GAME;
    if (w->skip_vars && tok->kind == PGN_TOK_VARIATION_START)
        return PGN_VISIT_SKIP_VARIATION;
    return PGN_VISIT_GO;
}

static void watch_end(void *ctx, const struct pgn_game *g)
{
    struct watcher *w = ctx;
    w->ended++;
    w->end = *g;
}

static const struct pgn_visitor watcher_visitor = {watch_tags, watch_token, watch_end};

/* Reads text collected (pgn_collect_game) and with pgn_read_game and the watcher
 * (from a FILE when file is set), with the options and limits, game for
 * game: the tokens offered must be the whole game's as the answers let
 * them through, in order, tags_done first and game_end last, and the game
 * at game_end the whole game without its tokens (the reader keeps none),
 * stray text with the one its message quotes. */
static bool watcher_agrees(const char *text, size_t len, long skip_at, bool skip_vars, bool file,
                           unsigned options, const struct pgn_limits *lim, unsigned long *games,
                           char *why, size_t n)
{
    struct pgn_reader *a = reader(options), *b = reader(options);
    static struct watcher w;
    static struct pgn_token expect[1 << 16];
    pgn_reader_set_limits(a, lim);
    pgn_reader_set_limits(b, lim);
    FILE *fp = file ? fmemopen((void *)text, len, "r") : NULL;
    pgn_reader_open_mem(a, text, len, "t");
    if (fp)
        pgn_reader_open_file(b, fp, "t");
    else
        pgn_reader_open_mem(b, text, len, "t");
    bool ok = true;
    *games = 0;
    for (;;) {
        struct pgn_game ga;
        w = (struct watcher){.skip_at = skip_at, .skip_vars = skip_vars};
        int ra = pgn_collect_game(a, &ga), rb = pgn_read_game(b, &watcher_visitor, &w);
        if (ra != rb || ra < 0) {
            snprintf(why, n, "after %lu games: returns %d vs %d", *games, ra, rb);
            ok = false;
            break;
        }
        if (ra == 0)
            break;
        ++*games;
        if (w.lost || ga.ntokens > sizeof expect / sizeof expect[0])
            continue; /* (too big for the watcher) */
        if (w.early || w.ended != 1 || w.told > 1 || (!w.told && !ga.stray)) {
            snprintf(why, n, "game %lu: calls out of order (%zu tags_done, %zu game_end)",
                     ga.number, w.told, w.ended);
            ok = false;
            break;
        }
        /* what the answers let through, and what is kept */
        size_t offered = 0, kept = 0;
        int mute = 0;
        bool skipped = false;
        for (size_t i = 0; i < ga.ntokens; i++) {
            const struct pgn_token *t = &ga.tokens[i];
            bool offer = !skipped && !ga.stray;
            if (offer && mute) {
                if (t->depth < mute)
                    mute = 0;
                offer = false;
            }
            if (offer) {
                const struct pgn_token *o = offered < w.ntoks ? &w.toks[offered] : NULL;
                if (!o || o->kind != t->kind || o->len != t->len ||
                    memcmp(o->text, t->text, t->len) != 0 || o->line != t->line ||
                    o->col != t->col || o->depth != t->depth || o->value != t->value) {
                    snprintf(why, n, "game %lu: token %zu '%s' offered as '%s'", ga.number, i,
                             t->text, o ? o->text : "(none)");
                    ok = false;
                    break;
                }
                offered++;
                if (skip_at >= 0 && (long)offered > skip_at)
                    skipped = true;
                else if (skip_vars && t->kind == PGN_TOK_VARIATION_START)
                    mute = t->depth + 1;
            }
            if (ga.stray && !kept && t->kind != PGN_TOK_COMMENT)
                expect[kept++] = *t;
        }
        if (ok && !ga.stray && offered != w.ntoks) {
            snprintf(why, n, "game %lu: %zu tokens offered, %zu expected", ga.number, w.ntoks,
                     offered);
            ok = false;
        }
        struct pgn_game gk = ga;
        gk.tokens = expect;
        gk.ntokens = kept;
        if (!ok || !pgn_alike(&gk, &w.end, 0, why, n)) {
            ok = false;
            break;
        }
    }
    if (fp)
        fclose(fp);
    pgn_reader_free(a);
    pgn_reader_free(b);
    return ok;
}

static void test_visitor(void)
{
    size_t len;
    char *big = many_games(&len);
    char why[200] = "";
    unsigned long games;
    const long skips[] = {0, 1, 2, 4, 7, -1};
    const unsigned options[] = {0, PGN_OPT_SKIP_NUMBERS | PGN_OPT_SKIP_COMMENTS,
                                PGN_OPT_NO_FASTPATH | PGN_OPT_NESTED_COMMENTS};
    for (size_t o = 0; o < sizeof options / sizeof options[0]; o++)
        for (size_t i = 0; i < sizeof skips / sizeof skips[0]; i++)
            for (int vars = 0; vars < 2; vars++) {
                bool ok = watcher_agrees(big, len, skips[i], vars, (i + o) % 2, options[o],
                                         &(struct pgn_limits){0}, &games, why, sizeof why);
                UNIT_CHECK(ok && games > 1000,
                           "a visitor answering SKIP_GAME at token %ld%s (options %#x) is offered "
                           "the game's tokens as the answers let them through, and the game at "
                           "its end holds no token (stray text: the one it quotes) (%lu games) %s",
                           skips[i], vars ? " and SKIP_VARIATION" : "", options[o], games, why);
            }
    /* the token cap counts the tokens offered */
    bool ok = watcher_agrees(big, len, -1, false, true, 0, &(struct pgn_limits){.max_tokens = 5},
                             &games, why, sizeof why);
    UNIT_CHECK(ok && games > 1000,
               "max_tokens falls where the collected game's falls, tokens offered counted (%lu) %s",
               games, why);
    free(big);
    const char *moves = "e4 e5 Nf3 Nc6 Bc4 Bc5 *\n";
    ok = watcher_agrees(moves, strlen(moves), -1, false, false, 0,
                        &(struct pgn_limits){.max_tokens = 5}, &games, why, sizeof why);
    UNIT_CHECK(ok && games == 1, "six moves offered and a result meet max_tokens 5 %s", why);
    const char *pre = "{before} [White \"a\"]\n{between}\n[Black \"b\"]\n\n1. e4 {a\nb} ( 1. d4 "
                      "(1. c4) d5 ) 1... e5 2. ...Nf3 *\n\n1-0 trailing\n";
    for (int vars = 0; vars < 2; vars++) {
        ok = watcher_agrees(pre, strlen(pre), -1, vars, false, 0, &(struct pgn_limits){0}, &games,
                            why, sizeof why);
        UNIT_CHECK(ok && games == 3, /* (a game, then two stray records) */
                   "comments before and between the tags, a comment over two lines, nested "
                   "variations%s, merged periods, stray text (%lu) %s",
                   vars ? " skipped" : "", games, why);
    }
}

int main(void)
{
    test_move_numbers();
    test_fast_path_edges();
    test_deferred_patterns();
    test_skip_options();
    test_short_tokens_at_end();
    test_basic();
    test_comments();
    test_annotations();
    test_variations();
    test_moves();
    test_games();
    test_diagnostics();
    test_boundaries();
    test_empty_games();
    test_binary_runs();
    test_api();
    test_split_marks();
    test_split();
    test_file_matches_mem();
    test_line_of_max_line();
    test_visitor();
    test_at_rest();
    test_real_files();
    return unit_done();
}
