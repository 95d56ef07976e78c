/* The PGN checker's checks of text (pgn_check_impl.h): the bytes of a
 * game, the reader's findings and spellings, the commands in comments. */
#include "pgn_check_impl.h"

#include "games/annotation.h"
#include "base/array.h"
#include "rules/bitboard.h"
#include "games/game.h"
#include "rules/movegen.h"
#include "notation/san.h"
#include "rules/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- bytes */

/* The length of the UTF-8 sequence at s, 0 when invalid (RFC 3629's table:
 * overlong forms and surrogates are invalid).  UTF-8 is PGN's de-facto
 * encoding; the standard's Latin-1 predates it. */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
    unsigned char b = s[0];
    if (b < 0x80)
        return 1;
    size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
    unsigned char lo = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;
    unsigned char hi = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;
    if (b < 0xC2 || b > 0xF4 || n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return len;
}

/* Does the 8-byte word hold a byte below 0x20 or from 0x7F up?  A borrow
 * or carry between bytes only happens next to a byte flagged anyway. */
static inline bool word_suspect(uint64_t x)
{
    return ((x - 0x2020202020202020ull) | x | (x + 0x0101010101010101ull)) & 0x8080808080808080ull;
}

/* The bytes of one line s[0..n) (no '\n', s[0] at column col0): invalid
 * UTF-8, NUL and control bytes, once per line and kind; returns the
 * line's length in characters.  A CR before the last byte ends the line
 * (pgn.h): *cr says where (else it is n). */
static size_t check_line_bytes(struct pgn_checker *c, const unsigned char *s, size_t n,
                               unsigned long line, unsigned long col0, size_t *cr)
{
    *cr = n;
    size_t i = 0, chars = 0;
    bool seen_utf8 = false, seen_nul = false, seen_ctrl = false;
    while (i < n) {
        if (i + 8 <= n) {
            uint64_t x;
            memcpy(&x, s + i, 8);
            if (!word_suspect(x)) {
                i += 8;
                chars += 8;
                continue;
            }
        }
        unsigned char b = s[i];
        if (b >= 0x20 && b < 0x7F) { /* (the common case: a line's last bytes) */
            i++;
            chars++;
            continue;
        }
        unsigned long col = col0 + i;
        size_t k = 1;
        if (b == 0) {
            if (!seen_nul)
                pgn_check_report(c, PGN_CHECK_NUL_BYTE, line, col, "NUL byte");
            seen_nul = true;
        } else if (b < 0x80) {
            if (b == '\r' && i + 1 < n) {
                *cr = i;
                return chars;
            }
            bool ctrl = b != '\t' && b != '\r'; /* (a CR here ends a CRLF) */
            if (ctrl && !seen_ctrl)
                pgn_check_report(c, PGN_CHECK_CONTROL_BYTE, line, col, "control character 0x%02X",
                                 b);
            seen_ctrl |= ctrl;
        } else if (b >= 0x80 && !(k = utf8_sequence(s + i, n - i))) {
            if (!seen_utf8)
                pgn_check_report(c, PGN_CHECK_INVALID_UTF8, line, col,
                                 "byte 0x%02X is not valid UTF-8", b);
            seen_utf8 = true;
            k = 1;
        }
        i += k;
        chars++;
    }
    if (n && s[n - 1] == '\r')
        chars--;
    return chars;
}

/* PGN standard 4.1 (lines of at most 255 characters) and the character
 * set: one pass over the game's bytes, which also records where each line
 * starts (pgn_check_raw_at). */
void pgn_check_bytes(struct pgn_checker *c, const struct pgn_game *g)
{
    const unsigned char *s = (const unsigned char *)g->raw;
    size_t n = g->raw_len, start = 0;
    unsigned long line = g->raw_line, col0 = g->raw_col;
    const unsigned char *lf = memchr(s, '\n', n); /* the next LF at or after start */
    c->nlines = 0;
    while (start <= n) {
        if (lf && (size_t)(lf - s) < start)
            lf = memchr(s + start, '\n', n - start);
        const unsigned char *nl = lf;
        size_t end = nl ? (size_t)(nl - s) : n;
        if (col0 == 1) /* a byte-order mark is no column (pgn.h) */
            start += pgn_utf8_bom_len((const char *)s + start, end - start);
        if (c->nlines == c->lines_cap) {
            size_t *l = array_grow(c->lines, &c->lines_cap, c->nlines + 1, sizeof *l);
            if (!l) {
                c->nomem = true;
                return;
            }
            c->lines = l;
        }
        c->lines[c->nlines++] = start;
        size_t cr;
        size_t chars = check_line_bytes(c, s + start, end - start, line, col0, &cr) + (col0 - 1);
        if (cr < end - start) { /* a lone CR ended the line */
            end = start + cr;
            nl = s + end;
        }
        if (chars > PGN_CHECK_LINE_MAX)
            pgn_check_report(c, PGN_CHECK_LONG_LINE, line, 1,
                             "line of %zu characters (the PGN standard allows %d)", chars,
                             PGN_CHECK_LINE_MAX);
        if (!nl)
            break;
        start = end + 1;
        line++;
        col0 = 1;
    }
}

/* The byte of the game's text at (line, col), or NULL when it is not in
 * the game's bytes. */
const char *pgn_check_raw_at(const struct pgn_checker *c, const struct pgn_game *g,
                             unsigned long line, unsigned long col)
{
    if (!g->raw || line < g->raw_line || line - g->raw_line >= c->nlines)
        return NULL;
    size_t k = line - g->raw_line;
    size_t base = k ? 1 : g->raw_col;
    if (col < base)
        return NULL;
    size_t off = c->lines[k] + (col - base);
    return off < g->raw_len ? g->raw + off : NULL;
}

/* ---------------------------------------------------------------- reader */

/* The UNKNOWN token noted at (line, col). */
static const char *unknown_text(const struct pgn_checker *c, unsigned long line, unsigned long col)
{
    for (const struct pending *t = c->noted.at; t < c->noted.at + c->noted.n; t++)
        if (t->group == NOTED_UNKNOWN && t->line == line && t->col == col)
            return c->text + t->off;
    return "";
}

/* The PGN reader's diagnostics (PGN standard 8: import format syntax) as
 * the checker's codes; a truncated game is judged with the movetext
 * (pgn_check_result_marker). */
void pgn_check_reader(struct pgn_checker *c, const struct pgn_game *g)
{
    /* the diagnostics reported in the reader's own words */
    static const struct {
        enum pgn_error error;
        enum pgn_check_code code;
    } as_read[] = {
        {PGN_E_BAD_TAG, PGN_CHECK_BAD_TAG},
        {PGN_E_UNTERMINATED_TAG, PGN_CHECK_UNTERMINATED_TAG},
        {PGN_E_UNTERMINATED_COMMENT, PGN_CHECK_UNTERMINATED_COMMENT},
        {PGN_E_UNCLOSED_VARIATION, PGN_CHECK_UNCLOSED_VARIATION},
        {PGN_E_UNMATCHED_CLOSE, PGN_CHECK_UNMATCHED_CLOSE},
        {PGN_E_RESULT_IN_VARIATION, PGN_CHECK_RESULT_IN_VARIATION},
        {PGN_E_BINARY, PGN_CHECK_CONTROL_BYTE},
        {PGN_E_TOKEN_TOO_LONG, PGN_CHECK_OVER_LIMIT},
        {PGN_E_LINE_TOO_LONG, PGN_CHECK_OVER_LIMIT},
        {PGN_E_TOO_MANY_TAGS, PGN_CHECK_OVER_LIMIT},
        {PGN_E_TOO_MANY_TOKENS, PGN_CHECK_OVER_LIMIT},
        {PGN_E_TOO_MANY_DIAGS, PGN_CHECK_OVER_LIMIT},
    };
    for (size_t i = 0; i < g->ndiags; i++) {
        const struct pgn_diag *d = &g->diags[i];
        if (d->code == PGN_E_UNEXPECTED_TOKEN)
            pgn_check_report(c, PGN_CHECK_UNEXPECTED_TOKEN, d->line, d->col,
                             "unrecognised text '%s' in the movetext",
                             unknown_text(c, d->line, d->col));
        else if (d->code == PGN_E_BAD_NAG)
            pgn_check_report(c, PGN_CHECK_BAD_NAG, d->line, d->col, "NAG '%s' above 255",
                             unknown_text(c, d->line, d->col));
        else if (d->code == PGN_E_BINARY && g->raw)
            continue; /* pgn_check_bytes says which byte */
        else
            for (size_t k = 0; k < sizeof as_read / sizeof as_read[0]; k++)
                if (as_read[k].error == d->code)
                    pgn_check_report(c, as_read[k].code, d->line, d->col, "%s",
                                     pgn_error_message(d->code));
    }
    if (!g->raw && g->raw_line)
        pgn_check_report(c, PGN_CHECK_OVER_LIMIT, g->line, g->col,
                         "game too long to be kept whole: it cannot be passed through");
}

/* The run of bytes written at (line, col) up to a blank or a delimiter
 * (PGN standard 8.2), its length in *n; NULL when the bytes are not kept. */
static const char *written_run(const struct pgn_checker *c, const struct pgn_game *g,
                               unsigned long line, unsigned long col, size_t *n)
{
    const char *p = pgn_check_raw_at(c, g, line, col);
    if (!p)
        return NULL;
    const char *end = g->raw + g->raw_len, *q = p;
    while (q < end && *q && !strchr(" \t\r\n{}()[];", *q))
        q++;
    *n = (size_t)(q - p);
    return p;
}

/* What the reader takes for the standard's tokens but the standard does
 * not write (PGN standard 8.2.3, 8.2.6): a result with '½' or an en dash
 * (stored as "1/2-1/2", "1-0"...), an en-passant note after a move
 * ("exd6e.p.", "exd6ep", "exd6 e.p.": dropped), a forum's "[pgn]" or
 * "[/pgn]" (read as a blank).  The tokens noted keep the standard text;
 * the game's bytes say how it was written. */
void pgn_check_spelling(struct pgn_checker *c, const struct pgn_game *g)
{
    if (!c->enabled[PGN_CHECK_NONSTANDARD_TOKEN] || !g->raw)
        return;
    for (size_t k = 0; k < c->noted.n; k++) {
        const struct pending *t = &c->noted.at[k];
        const char *text = c->text + t->off, *p;
        size_t n;
        if (t->group == NOTED_UNKNOWN || !(p = written_run(c, g, t->line, t->col, &n)))
            continue;
        if (t->group == NOTED_RESULT) {
            if (n != t->len || memcmp(p, text, n) != 0)
                pgn_check_report(c, PGN_CHECK_NONSTANDARD_TOKEN, t->line, t->col,
                                 "result written '%.*s': the PGN standard writes '%s'", (int)n, p,
                                 text);
            continue;
        }
        /* a pawn capture: its en-passant note, glued or standing after it */
        const char *end = g->raw + g->raw_len, *q = p + n;
        bool ep = memmem(p + 2, n - 2, "e.p.", 4) || memmem(p + 2, n - 2, "ep", 2);
        while (!ep && q < end && (*q == ' ' || *q == '\t'))
            q++;
        ep = ep || (end - q >= 4 && memcmp(q, "e.p.", 4) == 0 &&
                    (end - q == 4 || strchr(" \t\r\n{}()[];", q[4])));
        if (ep)
            pgn_check_report(c, PGN_CHECK_NONSTANDARD_TOKEN, t->line, t->col,
                             "en-passant note after '%s': SAN writes none", text);
    }
    if (g->markup_line) {
        const char *p = pgn_check_raw_at(c, g, g->markup_line, g->markup_col);
        bool close = p && p + 1 < g->raw + g->raw_len && p[1] == '/';
        pgn_check_report(c, PGN_CHECK_NONSTANDARD_TOKEN, g->markup_line, g->markup_col,
                         "forum delimiter '%s' read as a blank: it is not PGN",
                         close ? "[/pgn]" : "[pgn]");
    }
}

/* ---------------------------------------------------------------- comments */

/* The command annotations of one comment token (formats/annotations.md):
 * each malformed [%clk], [%emt], [%eval], [%csl] or [%cal], at the line
 * and column of its "[" (the comment's text follows its '{' or ';', its
 * line breaks the file's), quoted up to its line's end. */
__attribute__((noinline)) void pgn_check_comment(struct pgn_checker *c, const struct pgn_token *tok)
{
    static const enum pgn_check_code code_of[] = {
        [ANNOTATION_E_CLOCK] = PGN_CHECK_BAD_CLOCK,
        [ANNOTATION_E_EVAL] = PGN_CHECK_BAD_EVAL,
        [ANNOTATION_E_SHAPE] = PGN_CHECK_BAD_SHAPE,
    };
    enum { QUOTE_MAX = 60 };
    if (!memmem(tok->text, tok->len, "[%", 2))
        return;
    if (!c->enabled[PGN_CHECK_BAD_CLOCK] && !c->enabled[PGN_CHECK_BAD_EVAL] &&
        !c->enabled[PGN_CHECK_BAD_SHAPE])
        return;
    char *t = array_grow(c->ann_text, &c->ann_cap, tok->len, 1);
    if (!t) {
        c->nomem = true;
        return;
    }
    c->ann_text = t;
    struct annotations a;
    size_t at = 0, seen = 0; /* text read and its line breaks counted */
    unsigned long line = tok->line, col = tok->col + 1;
    while (at < tok->len) {
        annotation_parse(tok->text + at, tok->len - at, &a, c->ann_text);
        if (!a.nproblems)
            break;
        size_t off = at + a.problem.offset;
        for (; seen < off; seen++) {
            bool nl = tok->text[seen] == '\n';
            line += nl;
            col = nl ? 1 : col + 1;
        }
        const char *cmd = tok->text + off;
        size_t n = a.problem.len;
        const char *nl = memchr(cmd, '\n', n);
        if (nl)
            n = (size_t)(nl - cmd);
        bool closed = cmd[a.problem.len - 1] == ']';
        pgn_check_report(c, code_of[a.problem.code], line, col, "%s '%.*s%s': %s%s",
                         annotation_error_message(a.problem.code),
                         (int)(n > QUOTE_MAX ? QUOTE_MAX : n), cmd,
                         n > QUOTE_MAX || n < a.problem.len ? "..." : "",
                         closed ? "expected " : "not closed by ']'",
                         closed ? annotation_error_expected(a.problem.code) : "");
        at = off + a.problem.len;
    }
}
