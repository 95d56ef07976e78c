/* Skimming PGN text (pgn_skim.h): a clean game's bounds and tags, found
 * from the few bytes that can change how the reader (pgn.c) reads it.
 *
 * The game taken has this shape, and anything else is the reader's:
 *   - blank lines ([ \t]*, LF or CRLF), lines of a ';' comment and
 *     escape lines ('%'), as the reader reads them before a game's tags;
 *   - one or more tag lines, each [Name "value"] alone on its line
 *     (blanks around, a byte-order mark before the first only, no quote,
 *     backslash or control byte in the value: pgn_lexer_tag_fast reads
 *     it so, with the same name and value), no name twice;
 *   - blank lines, then movetext lines up to the one that ends with the
 *     result: no line that starts with '%' (an escape line) or a
 *     byte-order mark; a blank line among them only when the next line
 *     that is not blank starts with neither '[' (the reader ends an open
 *     comment at a tag pair line after a blank line) nor, after text
 *     outside comments, a '1' (it ends a game at "1." and a move after
 *     one: pgn.c, starts_new_game);
 *   - in the movetext, outside {...} comments (closed at their first '}',
 *     the standard's rule), no '[', ']', '}', ';', no byte above 0x7e
 *     (the results written with '½' or an en dash), no ')' without its
 *     '(', and no text that could be a result ("1-0", "0-1", "1/2", "*")
 *     but the game's last: after a blank, a '}' or a ')' (a word of its
 *     own), at depth 0, with only blanks after it on its line;
 *   - no control byte anywhere (a tab aside; a CR only before its LF):
 *     the reader reads a lone CR as a line end and notes the others;
 *   - at most SKIM_MAX_GAME bytes in all, which keeps every line, comment
 *     and token count under the reader's default caps.
 * The words of the movetext are not read: text that is no token
 * (PGN_E_UNEXPECTED_TOKEN, PGN_E_BAD_NAG) is the replay's to find, as an
 * illegal move is (pgn_skim.h). */
#include "pgn_skim.h"

#include "base/bytes16.h"
#include "pgn_lexer.h"

#include <stdint.h>
#include <string.h>

/* A game's bytes at most: under the reader's max_line and max_text (1 MiB,
 * so no line is split and no comment cut) and its max_tokens (1 Mi: a
 * token takes a byte at least). */
enum { SKIM_MAX_GAME = 512u << 10 };

static inline bool skim_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The end of the blank line that starts at s[i] (the index after its LF,
 * or len when it is the input's last line), or SIZE_MAX when it is not
 * blank. */
static size_t skim_blank_line(const char *s, size_t i, size_t len)
{
    while (i < len && skim_blank(s[i]))
        i++;
    if (i == len)
        return len;
    if (s[i] == '\r' && i + 1 < len && s[i + 1] == '\n')
        i++;
    return s[i] == '\n' ? i + 1 : SIZE_MAX;
}

/* A bit per tag name, from its length and two of its bytes: a name whose
 * bit is clear is none of the names before it. */
static inline uint64_t skim_name_bit(const char *name, size_t n)
{
    return 1ull << ((n * 7u + (unsigned char)name[0] * 3u + (unsigned char)name[n - 1]) & 63u);
}

/* The bytes that end a tag value: '"', '\\' and the controls (a tab among
 * them), sixteen at a time. */
static inline unsigned skim_value_ends16(const char *p)
{
    bytes16 v = bytes16_load(p);
    bytes16 hit = (bytes16)(v == bytes16_splat('"')) | (bytes16)(v == bytes16_splat('\\')) |
                  (bytes16)(v < bytes16_splat(0x20)) | (bytes16)(v == bytes16_splat(0x7f));
    return bytes16_mask(hit);
}

/* Reads the tag line at s[i] (a '['): its name and value (as places in s)
 * in g's next tag; the index after the line's LF, or 0 when the line is
 * not of the plain form (or ends the input, or repeats a name, or is one
 * tag too many). */
static size_t skim_tag(const char *s, size_t i, size_t len, struct pgn_skim_game *g,
                       uint64_t *names)
{
    size_t k = i + 1;
    while (k < len && skim_blank(s[k]))
        k++;
    size_t name = k;
    while (k < len && pgn_lexer_tag_name_byte[(unsigned char)s[k]])
        k++;
    size_t name_end = k;
    while (k < len && skim_blank(s[k]))
        k++;
    if (name_end == name || k >= len || s[k] != '"' || g->ntags == PGN_SKIM_MAX_TAGS)
        return 0;
    size_t value = ++k;
    for (;;) {
        if (k + 16 > len) {
            while (k < len && s[k] != '"' && s[k] != '\\' && (unsigned char)s[k] >= 0x20 &&
                   s[k] != 0x7f)
                k++;
            break;
        }
        unsigned mask = skim_value_ends16(s + k);
        if (mask) {
            k += (size_t)__builtin_ctz(mask);
            break;
        }
        k += 16;
    }
    if (k >= len || s[k] != '"')
        return 0;
    size_t value_end = k++;
    size_t end;
    if (k + 1 < len && s[k] == ']' && s[k + 1] == '\n') {
        end = k + 2; /* (the common end) */
    } else {
        while (k < len && skim_blank(s[k]))
            k++;
        if (k >= len || s[k] != ']')
            return 0;
        end = skim_blank_line(s, k + 1, len);
        if (end == SIZE_MAX || end == len)
            return 0;
    }
    size_t nlen = name_end - name;
    uint64_t bit = skim_name_bit(s + name, nlen);
    if (*names & bit) {
        for (size_t t = 0; t < g->ntags; t++)
            if (g->tags[t].name_len == nlen && memcmp(g->tags[t].name, s + name, nlen) == 0)
                return 0;
    }
    *names |= bit;
    g->tags[g->ntags++] = (struct pgn_tag){
        .name = s + name,
        .name_len = nlen,
        .value = s + value,
        .value_len = value_end - value,
        .col = 1,
        .plain_value = true,
    };
    return end;
}

/* The bytes the movetext scan stops at, outside comments: controls (a
 * tab, LF and CR among them), 0x7f and above, '(' ')' '*', '-' '/', ';',
 * and '[' ']' '{' '}' (with 'Y' 'y' '_' and 0x7f, which share their
 * masked bits and are passed over).  Sixteen bytes at a time. */
static inline unsigned skim_code_marks16(const char *p)
{
    bytes16 v = bytes16_load(p);
    bytes16 hit = (bytes16)((bytes16)(v - bytes16_splat(0x20)) >= bytes16_splat(0x5f)) |
                  (bytes16)((bytes16)(v - bytes16_splat('(')) < bytes16_splat(3)) |
                  (bytes16)((v | bytes16_splat(2)) == bytes16_splat('/')) |
                  (bytes16)((v & bytes16_splat(0xD9)) == bytes16_splat(0x59)) |
                  (bytes16)(v == bytes16_splat(';'));
    return bytes16_mask(hit);
}

/* Inside a comment: controls, '}' and 0x7f. */
static inline unsigned skim_comment_marks16(const char *p)
{
    bytes16 v = bytes16_load(p);
    bytes16 hit = (bytes16)(v < bytes16_splat(0x20)) | (bytes16)(v == bytes16_splat('}')) |
                  (bytes16)(v == bytes16_splat(0x7f));
    return bytes16_mask(hit);
}

static inline bool skim_code_mark(unsigned char c)
{
    return (unsigned char)(c - 0x20) >= 0x5f || (unsigned char)(c - '(') < 3 || (c | 2) == '/' ||
           (c & 0xD9) == 0x59 || c == ';';
}

static inline bool skim_comment_mark(unsigned char c)
{
    return c < 0x20 || c == '}' || c == 0x7f;
}

/* The first mark of s[i..n), or n: thirty-two bytes a step, then the
 * tail read as the last sixteen bytes (n >= 16) or byte by byte. */
#define SKIM_NEXT(name, marks16, mark)                                                             \
    static inline size_t name(const char *s, size_t i, size_t n)                                   \
    {                                                                                              \
        for (; i + 32 <= n; i += 32) {                                                             \
            unsigned mask = marks16(s + i) | marks16(s + i + 16) << 16;                            \
            if (mask)                                                                              \
                return i + (size_t)__builtin_ctz(mask);                                            \
        }                                                                                          \
        for (; i + 16 <= n; i += 16) {                                                             \
            unsigned mask = marks16(s + i);                                                        \
            if (mask)                                                                              \
                return i + (size_t)__builtin_ctz(mask);                                            \
        }                                                                                          \
        if (i < n && n >= 16) {                                                                    \
            unsigned mask = marks16(s + n - 16) >> (i - (n - 16));                                 \
            return mask ? i + (size_t)__builtin_ctz(mask) : n;                                     \
        }                                                                                          \
        for (; i < n; i++)                                                                         \
            if (mark((unsigned char)s[i]))                                                         \
                return i;                                                                          \
        return n;                                                                                  \
    }
SKIM_NEXT(skim_next_code, skim_code_marks16, skim_code_mark)
SKIM_NEXT(skim_next_comment, skim_comment_marks16, skim_comment_mark)

/* Is s[ls..e) (a line without its LF) blank? */
static bool skim_line_blank(const char *s, size_t ls, size_t e)
{
    if (e > ls && s[e - 1] == '\r')
        e--;
    while (ls < e && skim_blank(s[ls]))
        ls++;
    return ls == e;
}

/* The tags' texts into g's arena: the tag lines s[from..to) copied whole
 * (one copy), each name and value ended there by a NUL over the byte
 * after it (a blank or a quote, the closing quote); false when they do
 * not fit. */
static bool skim_arena(const char *s, size_t from, size_t to, struct pgn_skim_game *g)
{
    if (to - from > PGN_SKIM_ARENA)
        return false;
    memcpy(g->arena, s + from, to - from);
    for (size_t t = 0; t < g->ntags; t++) {
        struct pgn_tag *tag = &g->tags[t];
        char *name = g->arena + (tag->name - (s + from));
        char *value = g->arena + (tag->value - (s + from));
        name[tag->name_len] = '\0';
        value[tag->value_len] = '\0';
        tag->name = name;
        tag->value = value;
    }
    return true;
}

/* The end of the line at s[i] (the index after its LF) when it holds no
 * control byte but tabs and its CRLF's CR, else SIZE_MAX (the input's last
 * line, without LF, too). */
static size_t skim_plain_line(const char *s, size_t i, size_t len)
{
    for (;;) {
        size_t j = skim_next_comment(s, i, len);
        if (j >= len)
            return SIZE_MAX;
        if (s[j] == '\n')
            return j + 1;
        if (s[j] == '\r' && j + 1 < len && s[j + 1] == '\n')
            return j + 2;
        if (s[j] != '}' && s[j] != '\t')
            return SIZE_MAX;
        i = j + 1;
    }
}

/* Is there a byte in s[*from..to) outside {...} comments that is no
 * blank?  *from moves to to, *comment carrying whether a comment is open
 * there: each byte is looked at once. */
static bool skim_code_in(const char *s, size_t *from, size_t to, bool *comment)
{
    for (size_t k = *from; k < to; k++) {
        char c = s[k];
        if (*comment) {
            *comment = c != '}';
        } else if (c == '{') {
            *comment = true;
        } else if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
            return true;
        }
    }
    *from = to;
    return false;
}

enum pgn_skim_rc pgn_skim_next(const char *text, size_t len, size_t *at, struct pgn_skim_game *g)
{
    const char *s = text;
    size_t start = *at, i = start;
    size_t limit = len - start > SKIM_MAX_GAME ? start + SKIM_MAX_GAME : len;
    unsigned long lines = 0;
    bool blank = true;
    for (;;) { /* before the tags: blank lines, ';' comments and escape lines */
        if (i >= limit)
            return blank && limit == len ? PGN_SKIM_END : PGN_SKIM_READER;
        size_t e = skim_blank_line(s, i, limit);
        if (e == SIZE_MAX) {
            if (s[i] != ';' && s[i] != '%')
                break;
            if ((e = skim_plain_line(s, i, limit)) == SIZE_MAX)
                return PGN_SKIM_READER;
            blank = false;
        }
        i = e;
        lines++;
    }
    i += pgn_utf8_bom_len(s + i, limit - i); /* (no column) */
    if (i >= limit || s[i] != '[')
        return PGN_SKIM_READER;

    g->ntags = 0;
    g->tag_line = lines;
    g->tag_col = 1;
    uint64_t names = 0;
    size_t tags = i;
    while (i < limit && s[i] == '[') {
        size_t e = skim_tag(s, i, limit, g, &names);
        if (!e)
            return PGN_SKIM_READER;
        g->tags[g->ntags - 1].line = lines++;
        i = e;
    }
    size_t tags_end = i;
    for (;;) { /* the blank lines after them */
        if (i >= limit)
            return PGN_SKIM_READER;
        size_t e = skim_blank_line(s, i, limit);
        if (e == SIZE_MAX)
            break;
        if (e == limit)
            return PGN_SKIM_READER;
        i = e;
        lines++;
    }
    if (s[i] == '%' || s[i] == '[')
        return PGN_SKIM_READER;

    /* the movetext */
    size_t ls = i; /* where the current line starts */
    bool comment = false;
    int depth = 0;
    size_t code_at = i; /* skim_code_in's place */
    bool code_comment = false, code = false;
    for (;;) {
        size_t j = comment ? skim_next_comment(s, i, limit) : skim_next_code(s, i, limit);
        if (j >= limit)
            return PGN_SKIM_READER; /* no result within the cap, or the input ended */
        unsigned char c = (unsigned char)s[j];
        i = j + 1;
        switch (c) {
        case '\t':
        case 'Y':
        case 'y':
        case '_':
            continue;
        case '\n': {
            bool was_blank = skim_line_blank(s, ls, j);
            lines++;
            ls = i;
            if (was_blank) {
                /* The reader ends an open comment at a tag pair line after
                 * a blank line, and the game at a "1." and a move after
                 * one once a move was played (pgn.c, starts_new_game):
                 * neither may follow.  (Blank lines inside a game are
                 * ChessBase's, before or among the moves.) */
                for (size_t e; (e = skim_blank_line(s, ls, limit)) != SIZE_MAX; ls = e) {
                    if (e == limit)
                        return PGN_SKIM_READER;
                    lines++;
                }
                size_t k = ls;
                while (k < limit && skim_blank(s[k]))
                    k++;
                if (k < limit && (s[k] == '[' ||
                                  (s[k] == '1' && (code || (code = skim_code_in(s, &code_at, ls,
                                                                                &code_comment))))))
                    return PGN_SKIM_READER;
                i = ls;
            }
            if (i < limit && (s[i] == '%' || (unsigned char)s[i] == 0xEF))
                return PGN_SKIM_READER;
            continue;
        }
        case '\r':
            if (i < limit && s[i] == '\n')
                continue;
            return PGN_SKIM_READER;
        case '{':
            comment = true;
            continue;
        case '}':
            if (!comment)
                return PGN_SKIM_READER;
            comment = false;
            continue;
        case '(':
            depth++;
            continue;
        case ')':
            if (!depth)
                return PGN_SKIM_READER;
            depth--;
            continue;
        case '-':
        case '/':
        case '*':
            break;
        default:
            return PGN_SKIM_READER;
        }
        /* a result, or text that could be one */
        size_t a = j, rlen = 1;
        if (c != '*') {
            char before = j > ls ? s[j - 1] : ' ', after = i < limit ? s[i] : ' ';
            if (c == '-' && !((before == '1' && after == '0') || (before == '0' && after == '1')))
                continue;
            if (c == '/' && !(before == '1' && after == '2'))
                continue;
            a = j - 1;
            rlen = c == '-' ? 3 : 7;
            if (c == '/' && (a + 7 > limit || memcmp(s + a, "1/2-1/2", 7) != 0))
                return PGN_SKIM_READER;
        }
        if (depth || !(a == ls || skim_blank(s[a - 1]) || s[a - 1] == '}' || s[a - 1] == ')'))
            return PGN_SKIM_READER;
        size_t e = a + rlen;
        while (e < limit && skim_blank(s[e]))
            e++;
        if (e < limit && s[e] == '\r' && e + 1 < limit && s[e + 1] == '\n')
            e++;
        if (e < limit) {
            if (s[e] != '\n')
                return PGN_SKIM_READER;
            e++;
            lines++;
        } else if (limit < len) {
            return PGN_SKIM_READER;
        }
        if (!skim_arena(s, tags, tags_end, g))
            return PGN_SKIM_READER;
        g->raw = s + start;
        g->raw_len = e - start;
        g->lines = lines;
        *at = e;
        return PGN_SKIM_GAME;
    }
}
