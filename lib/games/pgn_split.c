/* The PGN splitter (pgn_split.h): the reader's rules for where a game may
 * end, read a line at a time. */
#include "pgn_split.h"

#include "base/bytes16.h"
#include "pgn.h"
#include "pgn_lexer.h"

#include <stdint.h>
#include <string.h>

/* Is the last word of s[0..n) (blanks, CRs and blank lines at the end
 * aside) a result standing alone?  The reader ends a game there (standard
 * 8.2.6).  s is a line, or text whose last line that is not blank is
 * looked at (pgn_split_guess). */
static bool ends_with_result(const char *s, size_t n)
{
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        n--;
    if (!n || (s[n - 1] != '0' && s[n - 1] != '1' && s[n - 1] != '2' && s[n - 1] != '*'))
        return false; /* (how the four results end: most lines are passed here) */
    size_t k = n;
    while (k && s[k - 1] != ' ' && s[k - 1] != '\t' && s[k - 1] != '\n')
        k--;
    return pgn_result_parse(s + k, n - k) != PGN_RESULT_NB;
}

/* The index of the first byte of s[i, n) that the splitter acts on ('{',
 * ';', '[', '(' or ')'), n when none, sixteen bytes at a time: '(' and ')'
 * differ in bit 0, and ';', '[' and '{' in bits 5 and 6, so one masked
 * comparison per group (which ESC, 0x1b, passes too, to be passed over). */
static unsigned split_marks16(const char *s)
{
    bytes16 v = bytes16_load(s);
    bytes16 hit = (bytes16)((v & bytes16_splat((unsigned char)~1)) == bytes16_splat('(')) |
                  (bytes16)((v & bytes16_splat((unsigned char)~0x60)) == bytes16_splat(0x1b));
    return bytes16_mask(hit);
}

static inline __attribute__((always_inline)) size_t split_next_mark(const char *s, size_t i,
                                                                    size_t n)
{
    for (; i + 16 <= n; i += 16) {
        unsigned mask = split_marks16(s + i);
        if (mask)
            return i + (size_t)__builtin_ctz(mask);
    }
    if (i < n && n >= 16) {
        /* the tail: the line's last sixteen bytes, those seen already masked */
        unsigned mask = split_marks16(s + n - 16) >> (i - (n - 16));
        return mask ? i + (size_t)__builtin_ctz(mask) : n;
    }
    for (; i < n; i++)
        if (s[i] == '{' || s[i] == ';' || s[i] == '[' || s[i] == '(' || s[i] == ')')
            return i;
    return n;
}

/* The first '}' of s[i..n), or n: a clock comment of an online game
 * closes within sixteen bytes, found here without a call to memchr. */
static size_t split_brace_end(const char *s, size_t i, size_t n)
{
    for (; i + 16 <= n; i += 16) {
        unsigned mask = bytes16_mask((bytes16)(bytes16_load(s + i) == bytes16_splat('}')));
        if (mask)
            return i + (size_t)__builtin_ctz(mask);
    }
    const char *close = i < n ? memchr(s + i, '}', n - i) : NULL;
    return close ? (size_t)(close - s) : n;
}

/* Does p[0..n) hold a '{' or a '(' (what may leave a comment or a
 * variation open after its line)?  Sixteen bytes at a time, the last
 * sixteen overlapping; eight for a shorter line. */
static inline unsigned split_opens16(const char *p)
{
    bytes16 v = bytes16_load(p);
    return bytes16_mask((bytes16)(v == bytes16_splat('{')) | (bytes16)(v == bytes16_splat('(')));
}

static bool split_opens(const char *p, size_t n)
{
    if (n >= 16) {
        size_t i = 0;
        for (; i + 16 <= n; i += 16)
            if (split_opens16(p + i))
                return true;
        return i < n && split_opens16(p + n - 16);
    }
    uint64_t w[2] = {0, 0};
    memcpy(w, p, n < 8 ? n : 8);
    if (n > 8)
        memcpy(&w[1], p + n - 8, 8);
    return (pgn_lexer_word_has(w[0], '{') | pgn_lexer_word_has(w[0], '(') |
            pgn_lexer_word_has(w[1], '{') | pgn_lexer_word_has(w[1], '(')) != 0;
}

/* Is the tag line p[0..n) (p[0] is '[', n without a CR) one after which
 * the splitter knows the reader's state: no '{' and no '(' after its '['
 * (whatever the reader makes of the rest, nothing stays open), or tag
 * pairs of the plain form (pgn_lexer_tag_fast, which the reader reads so)
 * followed by text without '{', ';', '(', ')' or '['?  After any other,
 * where a comment or a variation begins is not known. */
static bool split_tag_line_known(const char *p, size_t n)
{
    if (!split_opens(p + 1, n - 1))
        return true;
    size_t k = 0;
    struct pgn_lexer_tag t;
    while (k < n && p[k] == '[' && pgn_lexer_tag_fast(p + k, n - k, &t)) {
        k += t.end;
        while (k < n && (p[k] == ' ' || p[k] == '\t'))
            k++;
    }
    if (k == 0)
        return false; /* (the reader recovers the pair: where it ends is its own) */
    for (; k < n; k++)
        if (p[k] == '{' || p[k] == ';' || p[k] == '(' || p[k] == ')' || p[k] == '[')
            return false;
    return true;
}

bool pgn_split_line(struct pgn_split *sp, const char *s, size_t n)
{
    if (sp->lost)
        return false;
    bool cut = false;
    size_t i = pgn_utf8_bom_len(s, n), k = i;
    while (k < n && (s[k] == ' ' || s[k] == '\t'))
        k++;
    bool blank = k == n || (k + 1 == n && s[k] == '\r'), prev_blank = sp->prev_blank;
    size_t m = n > 0 && s[n - 1] == '\r' ? n - 1 : n; /* (the reader's line) */
    sp->prev_blank = blank;
    if (sp->in_brace) {
        if (prev_blank && k < m && s[k] == '[' && pgn_lexer_tag_name_follows(s + k, m - k)) {
            /* The reader ends an open comment at a tag pair line after a
             * blank line (the game, too, when it had moves); without a
             * tag name after the '[', the line is no tag pair. */
            struct pgn_lexer_tag t;
            if (split_tag_line_known(s + k, m - k) && pgn_lexer_tag_fast(s + k, m - k, &t)) {
                sp->in_brace = sp->ends_game = false;
                sp->paren = 0;
                return false;
            }
            /* (a pair of no plain form: whether the reader's pattern reads
             * it is not known here) */
            sp->lost = true;
            return false;
        }
        i = split_brace_end(s, 0, n);
        if (i == n)
            return false;
        sp->in_brace = false;
        i++;
    } else {
        if (pgn_escape_line(s + i, n - i))
            return false;
        if (i < n && s[i] == '[') {
            /* A tag line (the next game's, after a result), unless no tag
             * name follows the '[' (the reader reads text to its ']', the
             * game going on) or it is a forum delimiter (skipped) */
            cut = sp->ends_game;
            if (pgn_lexer_tag_name_follows(s + i, m - i) && !pgn_forum_markup(s + i, m - i)) {
                sp->ends_game = false;
                sp->paren = 0;
                sp->lost = !split_tag_line_known(s + i, m - i);
                return cut;
            }
        } else if (blank) {
            return false; /* a blank line changes nothing */
        }
    }
    size_t code_end = n;
    for (; (i = split_next_mark(s, i, n)) < n; i++) {
        switch (s[i]) {
        case '{':
            i = split_brace_end(s, i + 1, n);
            if (i == n) {
                sp->in_brace = true;
                sp->ends_game = false;
                return cut;
            }
            break;
        case ';':
            code_end = i;
            i = n;
            break;
        case '[': {
            /* Inside the movetext, a '[' that begins no tag pair is text
             * up to its ']' (pgn.c: an unexpected token), or to the end
             * of the line, a result there included. */
            const char *close = memchr(s + i, ']', n - i);
            if (!close) {
                code_end = i;
                i = n;
            } else {
                i = (size_t)(close - s);
            }
            break;
        }
        case '(':
            sp->paren++;
            break;
        case ')':
            sp->paren -= sp->paren > 0; /* (the reader drops one without its '(') */
            break;
        default:
            break;
        }
    }
    /* What follows a result on its line, a ';' comment included, belongs
     * to the next game: no cut after it. */
    sp->ends_game = sp->paren == 0 && code_end == n && ends_with_result(s, n);
    return cut;
}

bool pgn_split_guess(const char *buf, size_t len, size_t *at)
{
    const char *q = *at < len ? memchr(buf + *at, '[', len - *at) : NULL;
    for (; q; q = memchr(q + 1, '[', len - (size_t)(q + 1 - buf))) {
        size_t i = (size_t)(q - buf);
        if (i == 0 || buf[i - 1] != '\n')
            continue;
        if (ends_with_result(buf, i)) { /* (the last line before it that is not blank) */
            *at = i;
            return true;
        }
    }
    *at = len;
    return false;
}

bool pgn_split_scan(struct pgn_split *sp, const char *buf, size_t len, size_t min, size_t *at,
                    unsigned long *lines)
{
    /* The lines are counted as the reader counts them: a CR that is not a
     * CRLF's ends one too (looked for once per call, not per line).  The
     * runs are cut at LF line ends only. */
    const char *cr = *at < len ? memchr(buf + *at, '\r', len - *at) : NULL;
    while (*at < len) {
        const char *start = buf + *at;
        const char *nl = memchr(start, '\n', len - *at);
        if (!nl)
            return false;
        size_t n = (size_t)(nl - start);
        if (pgn_split_line(sp, start, n) && *at >= min && *at > 0)
            return true;
        for (; cr && cr < nl; cr = memchr(cr + 1, '\r', len - (size_t)(cr + 1 - buf)))
            if (cr + 1 < nl) { /* (not the CR of the line's CRLF) */
                ++*lines;
                sp->lost = true; /* (a line end for the reader, none here) */
            }
        *at += n + 1;
        ++*lines;
    }
    return false;
}
