/* Unit tests of the PGN lexer (lib/games/pgn_lexer.h): its fast recognisers
 * held to their slow twins, the PCRE2 patterns.  Every word of the shared
 * archives' text (between PGN's delimiters), and mutations of each
 * (truncated, a byte replaced, a byte appended), is read by both: where a
 * fast recogniser answers (pgn_lexer_word_move, pgn_lexer_word_number,
 * pgn_lexer_fast), the token pattern must give the same kind, length,
 * stored text and value.  Every tag pair line is read by
 * pgn_lexer_tag_fast and the tag pattern alike. */
#include "games/pgn_lexer.h"

#include "unit.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct pgn_lexer lexer;
static unsigned long compared, failures;

/* The words already checked (an open-addressing set of their hashes and
 * texts): the archives repeat the same moves millions of times. */
#define SEEN_BITS 22
static struct {
    char *text;
    size_t len;
} seen[1u << SEEN_BITS];
static size_t nseen;

enum { MUTATED_WORDS = 5000 };

static uint64_t hash(const char *p, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 1099511628211u;
    return h;
}

/* True the first time p[0..n) is seen (false too once the set is full). */
static bool first_time(const char *p, size_t n)
{
    size_t mask = (1u << SEEN_BITS) - 1, i = hash(p, n) & mask;
    while (seen[i].text) {
        if (seen[i].len == n && memcmp(seen[i].text, p, n) == 0)
            return false;
        i = (i + 1) & mask;
    }
    if (nseen * 2 > mask)
        return false;
    seen[i].text = malloc(n + 1);
    memcpy(seen[i].text, p, n);
    seen[i].len = n;
    nseen++;
    return true;
}

/* The stored text of a lexeme: text then tail. */
static size_t stored(const struct pgn_lexeme *lx, char *buf)
{
    memcpy(buf, lx->text, lx->text_len);
    memcpy(buf + lx->text_len, lx->tail, lx->tail_len);
    return lx->text_len + lx->tail_len;
}

static void fail(const char *what, const char *p, size_t n, const struct pgn_lexeme *slow)
{
    failures++;
    if (failures <= 20)
        printf("#   %s differs from the pattern on \"%.*s\" (pattern: kind %d, len %zu, value "
               "%u)\n",
               what, (int)n, p, slow->kind, slow->kind ? slow->len : 0,
               slow->kind ? slow->value : 0);
}

/* Holds the fast recognisers to the token pattern on the word p[0..n)
 * (once per distinct word when once is set). */
static void compare_word(const char *p, size_t n, bool once)
{
    if (!n || (once && !first_time(p, n)))
        return;
    compared++;
    struct pgn_lexeme slow;
    int rc = pgn_lexer_token(&lexer, p, n, &slow);
    if (rc == TEXTSCAN_ERROR_COMPILE) {
        fail("the token pattern (not compiled)", p, n, &slow);
        return;
    }
    char a[512], b[512];
    size_t nb = slow.kind ? stored(&slow, b) : 0;

    /* the word path: the bytes as the reader loads them, zero past the end */
    uint64_t w = 0;
    memcpy(&w, p, n < sizeof w ? n : sizeof w);
    size_t len;
    unsigned value;
    unsigned shape = pgn_lexer_word_move(w, &len);
    if (shape && len == n &&
        !(slow.kind == PGN_LEX_MOVE && slow.len == n && slow.value == shape && nb == n &&
          memcmp(b, p, n) == 0))
        fail("pgn_lexer_word_move", p, n, &slow);
    if (!shape && pgn_lexer_word_number(p, n, w, &len, &value) &&
        !(slow.kind == PGN_LEX_NUMBER && slow.len == len && slow.value == value && nb == len &&
          memcmp(b, p, len) == 0))
        fail("pgn_lexer_word_number", p, n, &slow);

    struct pgn_lexeme fast;
    if (n < sizeof a && pgn_lexer_fast(p, n, &fast)) {
        size_t na = stored(&fast, a);
        if (!(slow.kind == fast.kind && slow.len == fast.len && slow.value == fast.value &&
              na == nb && memcmp(a, b, na) == 0 && !slow.suffix_len))
            fail("pgn_lexer_fast", p, n, &slow);
    }
}

/* The word and its mutations: every prefix, each byte replaced by bytes
 * that matter to the grammar, a byte appended. */
static void compare_mutations(const char *p, size_t n)
{
    static const char bytes[] = "+#!?=.-x$@0189QNKPOZeh/\xE2";
    char buf[64];
    if (n + 1 >= sizeof buf)
        return;
    compare_word(p, n, false);
    for (size_t k = 1; k < n; k++)
        compare_word(p, k, false);
    for (size_t i = 0; i < n; i++) {
        memcpy(buf, p, n);
        for (const char *c = bytes; *c; c++) {
            buf[i] = *c;
            compare_word(buf, n, false);
        }
    }
    memcpy(buf, p, n);
    for (const char *c = bytes; *c; c++) {
        buf[n] = *c;
        compare_word(buf, n + 1, false);
    }
}

static bool delimiter(unsigned char c)
{
    return c <= ' ' || c == 0x7f || strchr("{}()[];", c);
}

static bool control_in(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (pgn_lexer_control_byte[(unsigned char)p[i]])
            return true;
    return false;
}

/* Holds pgn_lexer_tag_fast to the tag pattern on the line p[0..n), and to
 * its promise of a plain value. */
static void compare_tag(const char *p, size_t n)
{
    struct pgn_lexer_tag fast, slow;
    if (!pgn_lexer_tag_fast(p, n, &fast))
        return;
    compared++;
    int rc = pgn_lexer_tag(&lexer, PGN_LEXER_TAG, p, n, &slow);
    if (rc <= 0 || fast.end != slow.end || fast.name_off != slow.name_off ||
        fast.name_len != slow.name_len || fast.value_len != slow.value_len ||
        (fast.value_len && fast.value_off != slow.value_off) ||
        memchr(p + fast.value_off, '\\', fast.value_len) ||
        control_in(p + fast.value_off, fast.value_len)) {
        failures++;
        if (failures <= 20)
            printf("#   pgn_lexer_tag_fast differs from the tag pattern on %.*s\n", (int)n, p);
    }
}

static void compare_text(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t eol = i;
        while (eol < n && s[eol] != '\n')
            eol++;
        size_t b = i;
        while (b < eol && (s[b] == ' ' || s[b] == '\t'))
            b++;
        if (b < eol && s[b] == '[')
            compare_tag(s + b, eol - b);
        for (size_t j = i; j < eol;) {
            while (j < eol && delimiter((unsigned char)s[j]))
                j++;
            size_t k = j;
            while (k < eol && !delimiter((unsigned char)s[k]))
                k++;
            if (k > j)
                compare_word(s + j, k - j, true);
            j = k;
        }
        i = eol + 1;
    }
}

static char *slurp(const char *path, size_t *n)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *s = malloc((size_t)size + 1);
    *n = fread(s, 1, (size_t)size, fp);
    fclose(fp);
    return s;
}

static void test_constructed(void)
{
    static const char *const words[] = {
        "1.",     "12...", "123.",   "1234567890.", "999999999.", "7\xE2\x80\xA6", "e4",   "exd5+",
        "Nbxd2#", "O-O",   "O-O-O+", "0-0",         "e8=Q+",      "dxe8=N#",       "e8Q",  "$1",
        "$255",   "$256",  "$1234",  "1-0",         "0-1",        "1/2-1/2",       "*",    "*1",
        "Nf3!?",  "Qh4ep", "--",     "Z0",          "e2e4",       "e7e8q",         "N@f3", "+-",
        "=",      "e.p.",  "...",
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        compare_mutations(words[i], strlen(words[i]));
    static const char *const tags[] = {
        "[Event \"x\"]",  "[ Event  \"a long value, longer than eight\" ]",
        "[E \"\"]",       "[E \"a\\\"b\"]",
        "[E \"a\"b\"]",   "[E x]",
        "[E \"x\"",       "[\"x\"]",
        "[E \"a\\\\b\"]", "[E \"a\x01b\"]",
    };
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        compare_tag(tags[i], strlen(tags[i]));
    UNIT_CHECK(failures == 0,
               "the fast recognisers read constructed words as the patterns do "
               "(%lu compared)",
               compared);
}

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
        if (!dir)
            continue;
        struct dirent *e;
        while ((e = readdir(dir))) {
            size_t l = strlen(e->d_name);
            if (l <= 4 || strcmp(e->d_name + l - 4, ".pgn") != 0)
                continue;
            char file[2048];
            snprintf(file, sizeof file, "%s/%s", path, e->d_name);
            size_t n;
            char *s = slurp(file, &n);
            if (!s)
                continue;
            compare_text(s, n);
            free(s);
            files++;
        }
        closedir(dir);
    }
    unsigned long words = compared;
    UNIT_CHECK(failures == 0,
               "the fast recognisers read every word and tag pair of %lu archives "
               "as the patterns do (%lu distinct)",
               files, words);
    /* the mutations of distinct words (a sample of them, in the set's
     * order: the mutations are many times the words) */
    unsigned long mutated = 0;
    for (size_t i = 0; i < (1u << SEEN_BITS) && mutated < MUTATED_WORDS; i++)
        if (seen[i].text && seen[i].len <= 16) {
            compare_mutations(seen[i].text, seen[i].len);
            mutated++;
        }
    UNIT_CHECK(failures == 0, "... and the mutations of %lu of those words (%lu compared)", mutated,
               compared - words);
}

int main(void)
{
    if (!UNIT_CHECK(pgn_lexer_init(&lexer), "the lexer is set up"))
        return unit_done();
    test_constructed();
    test_archives();
    pgn_lexer_free(&lexer);
    return unit_done();
}
