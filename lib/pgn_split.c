/* The PGN splitter (pgn_split.h): the reader's rules for where a game may
 * end, read a line at a time. */
#include "pgn_split.h"

#include "bytes16.h"
#include "pgn.h"

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
 * ';', '(' or ')'), n when none.  Movetext is mostly without them, and the
 * splitter runs on one thread before the workers of --jobs: sixteen bytes
 * at a time ('(' and ')' differ in bit 0 and ';' and '{' in bit 6: one
 * masked comparison per pair). */
static unsigned split_marks16(const char *s)
{
    bytes16 v = bytes16_load(s);
    bytes16 hit = (bytes16)((v & bytes16_splat((unsigned char)~1)) == bytes16_splat('(')) |
                  (bytes16)((v & bytes16_splat((unsigned char)~0x40)) == bytes16_splat(';'));
    return bytes16_mask(hit);
}

static size_t split_next_mark(const char *s, size_t i, size_t n)
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
        if (s[i] == '{' || s[i] == ';' || s[i] == '(' || s[i] == ')')
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

/* The reader's rules, seen a line at a time: what a brace comment hides
 * (up to its first '}', on this line or a later one), a ';' comment (to
 * the end of the line), escape lines, variations; a tag line after a
 * result at depth 0 starts the next game. */
bool pgn_split_line(struct pgn_split *sp, const char *s, size_t n)
{
    size_t i = 0;
    if (sp->in_brace) {
        i = split_brace_end(s, 0, n);
        if (i == n)
            return false;
        sp->in_brace = false;
        i++;
    } else {
        i = pgn_utf8_bom_len(s, n);
        if (pgn_escape_line(s + i, n - i))
            return false;
        if (i < n && s[i] == '[') {
            bool cut = sp->ends_game;
            sp->ends_game = false;
            sp->paren = 0;
            return cut;
        }
        size_t k = i;
        while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r'))
            k++;
        if (k == n)
            return false; /* a blank line changes nothing */
    }
    size_t code_end = n;
    for (; (i = split_next_mark(s, i, n)) < n; i++) {
        switch (s[i]) {
        case '{':
            i = split_brace_end(s, i + 1, n);
            if (i == n) {
                sp->in_brace = true;
                sp->ends_game = false;
                return false;
            }
            break;
        case ';':
            code_end = i;
            i = n;
            break;
        case '(':
            sp->paren++;
            break;
        case ')':
            sp->paren--;
            break;
        default:
            break;
        }
    }
    /* What follows a result on its line, a ';' comment included, belongs
     * to the next game: no cut after it. */
    sp->ends_game = sp->paren == 0 && code_end == n && ends_with_result(s, n);
    return false;
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
            *lines += cr + 1 < nl; /* (not the CR of the line's CRLF) */
        *at += n + 1;
        ++*lines;
    }
    return false;
}
