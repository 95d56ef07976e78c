/* Unit tests of the skimmer (lib/games/pgn_skim.h), held to the reader
 * (tests/skim_alike.c): hand cases for each thing it leaves to the reader,
 * every archive of the shared data walked whole, and mutations of real
 * games. */
#include "games/pgn_skim.h"

#include "pgn_collect.h"
#include "skim_alike.h"
#include "unit.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, fp)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    fclose(fp);
    *len = n;
    return buf;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The reader's reading of text, in short: per game its tags ("2t"), its
 * diagnostics (":missing-result") and "stray" for stray text, " | "
 * between games. */
static const char *reader_summary(const char *text, size_t len, char *out, size_t n)
{
    struct pgn_reader *r = pgn_reader_new();
    pgn_reader_set_options(r, SKIM_ALIKE_OPTIONS);
    pgn_reader_open_mem(r, text, len, "t");
    struct pgn_game g;
    size_t k = 0;
    out[0] = '\0';
    while (pgn_collect_game(r, &g) > 0 && k < n) {
        k += (size_t)snprintf(out + k, n - k, "%s%zut%s", k ? " | " : "", g.ntags,
                              g.stray ? " stray" : "");
        for (size_t i = 0; i < g.ndiags && k < n; i++)
            k += (size_t)snprintf(out + k, n - k, ":%s", pgn_error_name(g.diags[i].code));
        for (size_t i = 0; i < g.ntags && k < n; i++)
            if (g.tags[i].repeated || !g.tags[i].plain_value)
                k += (size_t)snprintf(out + k, n - k, " (%s%s)", g.tags[i].name,
                                      g.tags[i].repeated ? " repeated" : " not plain");
    }
    pgn_reader_free(r);
    return out;
}

/* Each construct the skimmer takes or leaves: its answer at the start of
 * the text, what the reader makes of the text (the reason it is left,
 * or "conservative" where the reader reads it cleanly and the skimmer
 * does not take it to stay simple), and the walk held to the reader. */
static void test_cases(void)
{
    enum { G = PGN_SKIM_GAME, R = PGN_SKIM_READER, E = PGN_SKIM_END };
    static const struct {
        const char *text;
        int rc;
        const char *reader;
        const char *desc;
    } cases[] = {
        {"[A \"b\"]\n\n1. e4 e5 1-0\n", G, "1t", "a clean game"},
        {"[A \"b\"]\r\n[C \"d\"]\r\n\r\n1. e4 e5 2. Nf3 1/2-1/2\r\n", G, "2t", "CRLF lines"},
        {"[A \"b\"]\n\n1. e4 e5 1-0", G, "1t", "the input ends after the result"},
        {"\n \t\n[A \"b\"]\n1. e4\t{a [%clk 0:03:00] } (1. d4 (1. c4)) e5 * \t\n", G, "1t",
         "blank lines, tabs, a clock comment, variations, '*'"},
        {"[A \"b\"]\n\n1. e4 {1-0 0-1 1/2-1/2 * ; [ ] ( \xC2\xBD} e5 0-1\n", G, "1t",
         "results and marks inside a comment"},
        {"[A \"b\"]\n\n1. e4 {a\nb}\ne5 {c}0-1\n", G, "1t",
         "a comment over lines, the result after '}'"},
        {"[A \"b\"]\n\n1. e4 foo $300 1-0\n", G, "1t:unexpected-token:bad-nag",
         "words that are no token: the replay's to report"},
        {"; a comment\n%escape\n\n[A \"b\"]\n\n1. e4 1-0\n", G, "1t",
         "';' and '%' lines before the tags"},
        {"\xEF\xBB\xBF[A \"b\"]\n\n1. e4 1-0\n", G, "1t", "a byte-order mark before the first tag"},
        {"[A \"b\"]\n\n{c}\n\n1. e4 e5\n\n2. Nf3 1-0\n", G, "1t",
         "blank lines among the moves (ChessBase)"},
        {"", E, "", "nothing"},
        {"\n \t\r\n  ", E, "", "blank lines only"},
        /* left to the reader, where it reads otherwise */
        {"[A \"b\"]\n\n1. e4 e5\n\n1. d4 d5 1-0\n", R, "1t:unended-game | 0t",
         "a blank line, then \"1.\" after a move: a new game"},
        {"[A \"b\"]\n\n1. e4 {c\n\n[B \"x\"]\n} 1-0\n", R,
         "1t:unterminated-comment:missing-result | 1t:unexpected-token",
         "a blank line, then a tag line, in a comment"},
        {"[A \"b\"]\n\n1. e4 [B \"c\"] 1-0\n", R, "1t:missing-result | 1t",
         "a tag in the movetext"},
        {"[A \"b\"]\n[A \"c\"]\n\n1. e4 1-0\n", R, "2t (A repeated)", "a repeated tag"},
        {"[A \"b\\\"c\"]\n\n1. e4 1-0\n", R, "1t (A not plain)", "an escaped quote in a value"},
        {"[A b]\n\n1. e4 1-0\n", R, "1t:bad-tag", "an unquoted value"},
        {"[A \"b\"\n\n1. e4 1-0\n", R, "1t:unterminated-tag", "a tag without ']'"},
        {"[A \"b\"]\n", R, "1t:truncated", "tags and the end of the input"},
        {"[A \"b\"]\n\n1. e4 e5\n", R, "1t:truncated", "no result"},
        {"[A \"b\"]\n\n1. e4 \x01 1-0\n", R, "1t:binary-byte", "a control byte"},
        {"[A \"b\"]\n\n1. e4 {\x7f} 1-0\n", R, "1t:binary-byte", "a DEL in a comment"},
        {"[A \"b\"]\n\n1. e4\re5 1-0\n", R, "1t",
         "a lone CR: a line end for the reader (its lines)"},
        {"[A \"b\"]\n\n1. e4 {c 1-0\n", R, "1t:unterminated-comment:truncated", "an open comment"},
        {"[A \"b\"]\n\n1. e4 (1. d4 1-0\n", R,
         "1t:unclosed-variation:result-in-variation:truncated", "an open variation"},
        {"[A \"b\"]\n\n1. e4 ) 1-0\n", R, "1t:unmatched-close", "a ')' without '('"},
        {"[A \"b\"]\n\n1. e4 } 1-0\n", R, "1t:unexpected-token", "a '}' without '{'"},
        {"[A \"b\"]\n\n1. e4 ; c 1-0\n", R, "1t:truncated", "a ';' comment takes the result"},
        {"[A \"b\"]\n\n1. e4 1-0 e5 0-1\n", R, "1t | 0t", "a result before the last: two games"},
        {"[A \"b\"]\n\n1. e4 12.1-0\n", R, "1t", "a result glued to a move number"},
        {"[A \"b\"]\n\n1. e4 1-0 {c}\n", R, "1t", "a comment after the result (the next game's)"},
        {"[A \"b\"]\n\n1. e4 *1-0\n", R, "1t:unexpected-token:truncated", "a result glued to text"},
        /* left to the reader, which reads them cleanly: conservative */
        {"{c}\n[A \"b\"]\n\n1. e4 1-0\n", R, "1t", "conservative: a comment before the tags"},
        {"[A \"b\"] [C \"d\"]\n\n1. e4 1-0\n", R, "2t", "conservative: two tags on a line"},
        {"[A \"b\"]\n\n[C \"d\"]\n1. e4 1-0\n", R, "2t", "conservative: a tag after a blank line"},
        {"[A \"b\"]\n\n1. e4\n%x\ne5 1-0\n", R, "1t",
         "conservative: an escape line in the movetext"},
        {"[A \"b\"]\n\n1. e4 ; c\n1-0\n", R, "1t", "conservative: a ';' comment in the movetext"},
        {"[A \"b\"]\n\n1. e4 \xC2\xBD-\xC2\xBD\n", R, "1t",
         "conservative: a result written with '\xC2\xBD'"},
        {"[A \"b\"]\n\n1. e4 1\xE2\x80\x93"
         "0\n",
         R, "1t", "conservative: a result with an en dash"},
        {"[A \"b\"]\n\n1. e4\x0b"
         "e5 1-0\n",
         R, "1t", "conservative: a vertical tab (a blank)"},
        {"[A \"b\"]\n\n1. e4 [pgn] 1-0\n", R, "1t", "conservative: forum markup"},
        {"[A \"b\"]\n\n1. e4 e5\n\n1-0\n", R, "1t", "conservative: a blank line, then a '1'"},
        {"[A \"b\"]\n\xEF\xBB\xBF[C \"d\"]\n\n1. e4 1-0\n", R, "2t",
         "conservative: a byte-order mark before a later tag"},
        {"1. e4 1-0\n", R, "0t", "conservative: a game without tags"},
        {"\n%x\n", R, "", "conservative: an escape line and no game"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        static struct pgn_skim_game g;
        const char *text = cases[i].text;
        size_t len = strlen(text), at = 0;
        int rc = (int)pgn_skim_next(text, len, &at, &g);
        char summary[300], why[400] = "";
        reader_summary(text, len, summary, sizeof summary);
        struct skim_alike_stats st = {0};
        bool ok = skim_alike_walk(text, len, &st, why, sizeof why);
        UNIT_CHECK(rc == cases[i].rc && !strcmp(summary, cases[i].reader) && ok,
                   "%s: %s (reader: %s) %s", cases[i].desc,
                   rc == G   ? "skimmed"
                   : rc == R ? "to the reader"
                             : "end",
                   summary, why);
        if (rc != cases[i].rc || strcmp(summary, cases[i].reader))
            printf("#   expected %d and '%s'\n", cases[i].rc, cases[i].reader);
    }
}

/* Every archive of the shared data, walked and held to one reader. */
static void test_archives(void)
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
            char file[1600];
            snprintf(file, sizeof file, "%s/%s", path, names[i]);
            size_t len = 0;
            char *buf = slurp(file, &len);
            if (UNIT_CHECK(buf != NULL, "%s/%s readable", dirs[d], names[i])) {
                struct skim_alike_stats st = {0};
                char why[400] = "";
                bool ok = skim_alike_walk(buf, len, &st, why, sizeof why);
                UNIT_CHECK(ok, "%s/%s: %lu games, %lu skimmed (%.1f%%), %lu to the reader %s",
                           dirs[d], names[i], st.games, st.skimmed,
                           st.games ? 100.0 * (double)st.skimmed / (double)st.games : 0.0,
                           st.readers, why);
            }
            free(buf);
            free(names[i]);
            files++;
        }
    }
}

/* The caps: tags (PGN_SKIM_MAX_TAGS, PGN_SKIM_ARENA) and a game's size
 * (512 KiB), each at its edge, and past the reader's line cap (1 MiB),
 * where the reader reads otherwise. */
static void test_caps(void)
{
    size_t cap = (1u << 20) + 4096;
    char *t = malloc(cap);
    if (!UNIT_CHECK(t != NULL, "allocation"))
        return;
    static struct pgn_skim_game g;
    static const struct {
        int tags;     /* tag lines [T1 "v"] ... */
        size_t value; /* bytes of each value */
        size_t body;  /* bytes of a comment in the movetext */
        int rc;
        const char *desc;
    } cases[] = {
        {PGN_SKIM_MAX_TAGS, 1, 10, PGN_SKIM_GAME, "as many tags as the skimmer keeps"},
        {PGN_SKIM_MAX_TAGS + 1, 1, 10, PGN_SKIM_READER, "conservative: one tag more"},
        /* a tag line is its value and 8 bytes; the game, 23 and its comment */
        {1, PGN_SKIM_ARENA - 8, 10, PGN_SKIM_GAME, "a tag line as long as the arena"},
        {1, PGN_SKIM_ARENA - 7, 10, PGN_SKIM_READER, "conservative: a byte more"},
        {1, 1, (512u << 10) - 23, PGN_SKIM_GAME, "a game of 512 KiB"},
        {1, 1, (512u << 10) - 22, PGN_SKIM_READER, "conservative: a byte more"},
        {1, 1, (1u << 20) + 10, PGN_SKIM_READER, "a line over the reader's 1 MiB"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        size_t n = 0;
        for (int i = 0; i < cases[c].tags; i++) {
            n += (size_t)sprintf(t + n, "[T%d \"", i);
            memset(t + n, 'v', cases[c].value);
            n += cases[c].value;
            n += (size_t)sprintf(t + n, "\"]\n");
        }
        n += (size_t)sprintf(t + n, "\n1. e4 {");
        memset(t + n, 'c', cases[c].body);
        n += cases[c].body;
        n += (size_t)sprintf(t + n, "} 1-0\n");
        size_t at = 0;
        int rc = (int)pgn_skim_next(t, n, &at, &g);
        struct skim_alike_stats st = {0};
        char why[400] = "";
        bool ok = skim_alike_walk(t, n, &st, why, sizeof why);
        char summary[300];
        UNIT_CHECK(rc == cases[c].rc && ok, "%s (%zu bytes): %s (reader: %s) %s", cases[c].desc, n,
                   rc == PGN_SKIM_GAME ? "skimmed" : "to the reader",
                   reader_summary(t, n, summary, sizeof summary), why);
    }
    free(t);
}

/* Texts where the splitter offered a cut that the reader does not come to
 * rest at (found by the mutations above), so that a READER answer read up
 * to it parted from the reader: each walked and held to one reader. */
static void test_split_traps(void)
{
    static const struct {
        const char *text;
        const char *desc;
    } traps[] = {
        {"[A \"b\"]\n\n1. e4 [x 1-0\n\n[B \"c\"]\n\n1. d4 1-0\n\n[C \"d\"]\n\n1. c4 *\n",
         "a '[' in the movetext takes the line's result"},
        {"[A \"b\"]\n\n1. e4 {open\n\n[B \"c\"]\n\n1. d4 (1. c4) 1-0\n\n[C \"d\"]\n\n1. c4 "
         "(1. d4 {x} 1-0\n\n[D \"e\"]\n\n1. Nf3 *\n",
         "a blank line and a tag line end an open comment"},
        {"[A \"b\"] {open\n1-0\n[B \"c\"]\n} 1. e4 1-0\n\n[C \"d\"]\n\n1. c4 *\n",
         "a comment opened on a tag line"},
        {"[A \"b\"]\n\n1. e4 ) e5 (1. d4 1-0\n\n[B \"c\"]\n\n1. d4 1-0\n\n[C \"d\"]\n\n1. c4 *\n",
         "a ')' without its '('"},
        {"[A \"b\"]\n\n1. e4\r%x 1-0\n[B \"c\"]\n\n1. d4 *\n",
         "a lone CR: an escape line for the reader"},
        {"[A \"b\"]\n\n1. e4 (1. d4\n[\n1-0\n[B \"c\"]\n\n1. d4 *\n",
         "a line that starts with '[' and no tag name: text in the variation"},
        {"[A \"b\"]\n\n1. e4 (1. d4\n[pgn]\n1-0\n[B \"c\"]\n\n1. d4 *\n",
         "a forum delimiter line: a blank in the variation"},
    };
    for (size_t i = 0; i < sizeof traps / sizeof traps[0]; i++) {
        struct skim_alike_stats st = {0};
        char why[400] = "";
        bool ok = skim_alike_walk(traps[i].text, strlen(traps[i].text), &st, why, sizeof why);
        UNIT_CHECK(ok, "split trap, %s: %lu games walked as the reader reads them %s",
                   traps[i].desc, st.games, why);
    }
}

/* A small generator of its own (xorshift): the same mutants every run. */
static uint64_t mutate_rand(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* What a mutation puts in: the bytes the skimmer looks at, and some it
 * should not care about. */
static const struct {
    const char *s;
    size_t n;
} mutate_bits[] = {
    {"\n", 1},
    {"\r", 1},
    {"\r\n", 2},
    {"\n\n", 2},
    {"\t", 1},
    {" ", 1},
    {"{", 1},
    {"}", 1},
    {"(", 1},
    {")", 1},
    {"[", 1},
    {"]", 1},
    {";", 1},
    {"%", 1},
    {"*", 1},
    {"-", 1},
    {"/", 1},
    {"1-0", 3},
    {"0-1", 3},
    {"1/2-1/2", 7},
    {"1.", 2},
    {"\x01", 1},
    {"\0", 1},
    {"\x7f", 1},
    {"\xEF\xBB\xBF", 3},
    {"\xC2\xBD", 2},
    {"\"", 1},
    {"\\", 1},
    {"[A \"x\"]", 8},
    {"e4", 2},
    {"$1", 2},
    {"\x0b", 1},
    {"\n1. e4 ", 7},
    {"\n[B \"y\"]\n", 10},
    {"[Event \"z\"]", 12},
    {"\n\n1. d4 ", 8},
    {"1", 1},
    {"0", 1},
    {"Y", 1},
    {"\n%", 2},
};

/* Mutants of text (a few games): bytes replaced, inserted or deleted, one
 * to three places each, every one walked and held to the reader.  Counts
 * the walks and the games they skimmed. */
static void mutate(const char *text, size_t len, const char *name, unsigned count, uint64_t seed)
{
    char *buf = malloc(len + 64);
    unsigned long failed = 0, skimmed = 0, games = 0;
    char first[500] = "";
    for (unsigned m = 0; m < count && buf; m++) {
        memcpy(buf, text, len);
        size_t n = len;
        int edits = 1 + (int)(mutate_rand(&seed) % 3);
        for (int e = 0; e < edits; e++) {
            size_t at = n ? (size_t)(mutate_rand(&seed) % n) : 0;
            unsigned op = (unsigned)(mutate_rand(&seed) % 4);
            size_t b = (size_t)(mutate_rand(&seed) % (sizeof mutate_bits / sizeof mutate_bits[0]));
            size_t k = mutate_bits[b].n;
            if (op == 0 && n) { /* delete a byte */
                memmove(buf + at, buf + at + 1, n - at - 1);
                n--;
            } else if (op == 1 && at + k <= n) { /* overwrite */
                memcpy(buf + at, mutate_bits[b].s, k);
            } else if (n + k <= len + 64) { /* insert */
                memmove(buf + at + k, buf + at, n - at);
                memcpy(buf + at, mutate_bits[b].s, k);
                n += k;
            }
        }
        struct skim_alike_stats st = {0};
        char why[400] = "";
        if (!skim_alike_walk(buf, n, &st, why, sizeof why) && !failed++) {
            snprintf(first, sizeof first, "mutant %u: %s", m, why);
            if (getenv("SKIM_DUMP")) {
                FILE *d = fopen(getenv("SKIM_DUMP"), "wb");
                if (d) {
                    fwrite(buf, 1, n, d);
                    fclose(d);
                }
            }
        }
        skimmed += st.skimmed;
        games += st.games;
    }
    UNIT_CHECK(buf && !failed,
               "%s: %u mutants walked as the reader reads them (%lu games, %lu skimmed) %s", name,
               count, games, skimmed, first);
    free(buf);
}

/* Games to mutate: the built-in ones, and the first games of archives of
 * each kind in the shared data. */
static const char builtin_games[] =
    "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abc\"]\n[White \"a\"]\n"
    "[Black \"b\"]\n[Result \"1-0\"]\n[TimeControl \"180+2\"]\n\n"
    "1. e4 { [%clk 0:03:00] } 1... c5 { [%clk 0:03:00] } 2. Nf3 { [%clk 0:02:59] } 2... d6 "
    "{ [%clk 0:02:58] }\n3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. f3 Be7 9. Qd2 "
    "O-O 10. O-O-O\nNbd7 11. g4 b5 12. g5 b4 13. Ne2 Ne8 14. f4 a5 15. f5 a4 16. Nbd4 exd4 17. "
    "Nxd4 b3 1-0\n\n"
    "[Event \"Club\"]\r\n[Site \"?\"]\r\n[Result \"1/2-1/2\"]\r\n\r\n1. d4 d5 2. c4 (2. Nf3 Nf6 "
    "(2... c5)) 2... e6 {QGD} 3. Nc3 Nf6 $1 4. Bg5 Be7 5. e3 O-O 1/2-1/2\r\n\r\n"
    "[Event \"Unknown\"]\n[Result \"*\"]\n\n{Opening comment}\n\n1. c4 e5 2. g3 Nf6 3. Bg2 d5 "
    "4. cxd5 Nxd5 *\n";

static void test_mutations(void)
{
    /* SKIM_MUTANTS=n: n times as many (a longer hunt) */
    unsigned times = getenv("SKIM_MUTANTS") ? (unsigned)atoi(getenv("SKIM_MUTANTS")) : 1;
    times = times ? times : 1;
    mutate(builtin_games, sizeof builtin_games - 1, "built-in games", 4000 * times,
           0x9E3779B97F4A7C15u);
    const char *shared = getenv("SHARED");
    if (!shared || !*shared)
        shared = "../shared/data";
    static const char *const files[] = {
        "online/allancao_lichess_DrDrunkenstein_2019-01-29.pgn",
        "online/dela3499_Carlsen.pgn",
        "engines/TCEC_Season_4_-_Superfinal.pgn",
        "edge-cases/bots.pgn",
        "events/20240527-20240607-12th-norway-chess.pgn",
        "edge-cases/petrosian.pgn",
        "repertoires/White_Catalan.pgn",
    };
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/pgn/%s", shared, files[f]);
        if (!unit_need_shared(path))
            continue;
        size_t len = 0;
        char *buf = slurp(path, &len);
        if (!UNIT_CHECK(buf != NULL, "%s readable", files[f]))
            continue;
        /* its first three games (or 40 KiB), cut before the fourth tag
         * section (a '[' after a blank line); fewer mutants of a long text */
        size_t cut = len < 40960 ? len : 40960, sections = 0;
        for (size_t i = 3; i < cut; i++)
            if (buf[i] == '[' && buf[i - 1] == '\n' &&
                (buf[i - 2] == '\n' || (buf[i - 2] == '\r' && buf[i - 3] == '\n')) &&
                ++sections == 3) {
                cut = i;
                break;
            }
        while (cut < len && cut > 0 && buf[cut - 1] != '\n')
            cut--;
        mutate(buf, cut, files[f], (cut > 8192 ? 300 : 1500) * times, 0x243F6A8885A308D3u + f);
        free(buf);
    }
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The benchmark archive (100,000 games, through zstd): every game
 * skimmed, the walk held to one reader; and the speed of a loop of
 * pgn_skim_next over it in memory, in CPU time (the best of five runs),
 * as a comment: docs/performance.md quotes it. */
static void test_bench_archive(void)
{
    const char *shared = getenv("SHARED");
    if (!shared || !*shared)
        shared = "../shared/data";
    char path[1024], cmd[1200];
    snprintf(path, sizeof path, "%s/pgn/bench/random-100k.pgn.zst", shared);
    if (!unit_need_shared(path))
        return;
    snprintf(cmd, sizeof cmd, "zstd -dc '%s' 2>/dev/null", path);
    FILE *pp = popen(cmd, "r");
    if (!pp)
        return;
    size_t cap = 1u << 26, len = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + len, 1, cap - len, pp)) > 0)
        if ((len += got) == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    if (pclose(pp) != 0 || !buf || !len) {
        UNIT_CHECK(true, "benchmark skipped: zstd not available");
        free(buf);
        return;
    }
    struct skim_alike_stats st = {0};
    char why[400] = "";
    bool ok = skim_alike_walk(buf, len, &st, why, sizeof why);
    UNIT_CHECK(ok && st.games == 100000 && st.skimmed == 100000,
               "random-100k: %lu games, %lu skimmed, as the reader reads them %s", st.games,
               st.skimmed, why);
    static struct pgn_skim_game g;
    double best = 0;
    for (int run = 0; run < 5; run++) {
        double t = cpu_seconds();
        size_t at = 0;
        unsigned long games = 0;
        while (pgn_skim_next(buf, len, &at, &g) == PGN_SKIM_GAME)
            games++;
        t = cpu_seconds() - t;
        if (games == 100000 && (!best || t < best))
            best = t;
    }
    if (best > 0)
        printf("# pgn_skim: random-100k, %zu bytes in %.1f ms of CPU (best of 5): %.0f MB/s\n", len,
               best * 1e3, (double)len / best / 1e6);
    free(buf);
}

int main(void)
{
    test_cases();
    test_split_traps();
    test_caps();
    test_mutations();
    test_archives();
    test_bench_archive();
    return unit_done();
}
