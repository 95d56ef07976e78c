/* The PGN lexer: what a movetext word or a tag pair line is (text in;
 * kind, length and value out), with no reader state.  Two recognisers of
 * each: a hand-written fast one for the commonest shapes (inline: the
 * reader's hottest path) and the PCRE2 pattern, its slow twin, which
 * reads everything else.  Where the fast one answers, the pattern answers
 * alike (tests/unit/test_pgn_lexer.c holds them to it; PGN_OPT_NO_FASTPATH
 * makes the reader ask only the patterns).  SAN's grammar is san's: the
 * lexer asks san for a move's shape.  Internal to the library. */
#ifndef CHESS_PGN_LEXER_H
#define CHESS_PGN_LEXER_H

#include "pgn_result.h"
#include "notation/san.h"
#include "base/textscan.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Eight bytes at a time (SWAR): the word of byte c repeated, and whether
 * the word w holds a byte c (its bit 7 set in the result, for the first
 * such byte at least; zero exactly when there is none). */
#define PGN_LEXER_WORD_OF(c) (0x0101010101010101u * (uint64_t)(unsigned char)(c))
static inline uint64_t pgn_lexer_word_has(uint64_t w, unsigned char c)
{
    uint64_t x = w ^ PGN_LEXER_WORD_OF(c);
    return (x - PGN_LEXER_WORD_OF(1)) & ~x & PGN_LEXER_WORD_OF(0x80);
}

/* The same for the control bytes (below 0x20, or 0x7f; the blanks below
 * 0x20 are flagged too, for a closer look with pgn_lexer_control_byte). */
static inline uint64_t pgn_lexer_word_controls(uint64_t w)
{
    return ((w - PGN_LEXER_WORD_OF(0x20)) & ~w & PGN_LEXER_WORD_OF(0x80)) |
           pgn_lexer_word_has(w, 0x7f);
}

/* The control bytes of PGN text: below 0x20 but not a blank (tab, LF,
 * VT, FF, CR, and the DOS end-of-file mark ^Z), or 0x7f; the reader's
 * byte classes agree (its C_CTRL). */
extern const bool pgn_lexer_control_byte[256];

/* ------------------------------------------------------------ movetext */

/* What a lexeme is. */
enum pgn_lexeme_kind {
    PGN_LEX_NONE,      /* not recognised */
    PGN_LEX_MOVE,      /* SAN, long algebraic, UCI, a drop, castling */
    PGN_LEX_NULL_MOVE, /* "--", "Z0", "0000", "@@@@" */
    PGN_LEX_NUMBER,    /* a move number with its periods, if any */
    PGN_LEX_DOTS,      /* periods without a number ("4. ...Be7") */
    PGN_LEX_RESULT,    /* a game result */
    PGN_LEX_NAG,       /* "$n": value n */
    PGN_LEX_BAD_NAG,   /* "$n" with n over 255 */
    PGN_LEX_SYMBOL,    /* a suffix or evaluation symbol alone: value its NAG */
    PGN_LEX_EP,        /* a detached "e.p." (dropped) */
};

/* A lexeme at the start of a word: the token it makes is text then tail
 * (a move and its check mark, a number and its periods), as the reader
 * stores it; text and tail point into the word or at constant strings
 * (castling written "O-O-O" cut to its length, a result as the standard
 * writes it, a Unicode ellipsis as "..."). */
struct pgn_lexeme {
    enum pgn_lexeme_kind kind;
    size_t len; /* bytes of the word it takes */
    const char *text, *tail;
    size_t text_len, tail_len;
    unsigned value; /* a move's SAN shape (san.h; 0 when not plain SAN), a
                     * number, a NAG */
    /* a move's annotation suffix ("!?"), a NAG token of its own after it */
    const char *suffix;
    size_t suffix_len;
    unsigned suffix_nag;
};

/* The value of the n decimal digits s[0..n) (n at most 9). */
static inline unsigned pgn_lexer_digits(const char *s, size_t n)
{
    unsigned v = 0;
    for (size_t i = 0; i < n; i++)
        v = v * 10 + (unsigned)(s[i] - '0');
    return v;
}

/* The reader's hottest path, in two steps so that each answer goes
 * straight to its token: the plain SAN move, then the move number, that
 * starts the eight bytes w (a word's bytes in memory order, zero past its
 * end).  The move: its shape (san_word_shape) with its length in *len, 0
 * when w starts with none; whether the byte after it ends the word (it
 * must) is the caller's to see. */
static inline __attribute__((always_inline)) unsigned pgn_lexer_word_move(uint64_t w, size_t *len)
{
    unsigned char s[sizeof w];
    memcpy(s, &w, sizeof w);
    return san_word_shape(s, len);
}

/* The move number ("12.", "7...") that starts w, the word at p (avail
 * bytes in all there): its length in *len and its number in *value, or
 * false.  More may be glued after it. */
static inline __attribute__((always_inline)) bool
pgn_lexer_word_number(const char *p, size_t avail, uint64_t w, size_t *len, unsigned *value)
{
    unsigned char s[sizeof w];
    memcpy(s, &w, sizeof w);
    if (s[0] < '1' || s[0] > '9')
        return false;
    unsigned number = s[0] - '0';
    size_t i = 1;
    while (i < 3 && s[i] >= '0' && s[i] <= '9')
        number = number * 10 + (unsigned)(s[i++] - '0');
    if (s[i] != '.')
        return false;
    while (i < sizeof w && s[i] == '.')
        i++;
    if (i == sizeof w && avail > sizeof w && p[sizeof w] == '.')
        return false; /* more periods than the word holds */
    *len = i;
    *value = number;
    return true;
}

/* The token shapes that make up nearly all real movetext ("12." "Nf3"
 * "exd5+" "Rad1" "O-O" "$1" "1-0" "e8=Q+"), recognised by hand in the
 * whole word p[0..n) (n > 0): a number with its periods (more may be
 * glued after it), a NAG up to 255, a result or a SAN move filling the
 * word.  Fills *out (text at p, a promotion's check mark in the tail,
 * value 0 for a promotion) and returns true, or returns false for the
 * pattern to read the word. */
static inline __attribute__((always_inline)) bool pgn_lexer_fast(const char *p, size_t n,
                                                                 struct pgn_lexeme *out)
{
    out->text = p;
    out->tail = p;
    out->tail_len = 0;
    out->suffix_len = 0;
    if ((*p >= '0' && *p <= '9') || *p == '*') {
        size_t d = 0;
        while (d < n && p[d] >= '0' && p[d] <= '9')
            d++;
        if (d && d < n && p[d] == '.' && d <= 9) {
            size_t e = d;
            while (e < n && p[e] == '.')
                e++;
            out->kind = PGN_LEX_NUMBER;
            out->len = out->text_len = e;
            out->value = pgn_lexer_digits(p, d);
            return true;
        }
        if (pgn_result_parse(p, n) == PGN_RESULT_NB)
            return false;
        out->kind = PGN_LEX_RESULT;
        out->len = out->text_len = n;
        out->value = 0;
        return true;
    }
    if (*p == '$') {
        size_t d = 1;
        while (d < n && d <= 4 && p[d] >= '0' && p[d] <= '9')
            d++;
        if (d == 1 || d > 4)
            return false;
        unsigned v = pgn_lexer_digits(p + 1, d - 1);
        if (v > 255)
            return false;
        out->kind = PGN_LEX_NAG;
        out->len = out->text_len = d;
        out->value = v;
        return true;
    }
    /* a SAN move without promotion or suffix, filling the whole word */
    unsigned shape = san_token_shape(p, n);
    if (shape) {
        out->kind = PGN_LEX_MOVE;
        out->len = out->text_len = n;
        out->value = shape;
        return true;
    }
    /* a promotion, the move and its check mark as the pattern splits
     * them: the only token of real archives that the pattern read, whose
     * compilation it spares */
    size_t m = san_promotion_len(p, n);
    if (!m)
        return false;
    out->kind = PGN_LEX_MOVE;
    out->len = n;
    out->text_len = m;
    out->tail = p + m;
    out->tail_len = n - m;
    out->value = 0;
    return true;
}

/* The tag patterns: the standard's [Name "value"] (\" and \\ escapes),
 * and the recoveries: a value holding stray quotes, running to the last
 * quote of a line that ends with ']' (LOOSE; matched only on such a line,
 * or a long line of broken tags would be quadratic), an unquoted value
 * (BARE), a pair whose line ends before its ']' (OPEN). */
enum pgn_lexer_tag_form {
    PGN_LEXER_TAG,
    PGN_LEXER_TAG_LOOSE,
    PGN_LEXER_TAG_BARE,
    PGN_LEXER_TAG_OPEN,
    PGN_LEXER_TAG_FORM_NB
};

/* The patterns, compiled at their first use, and the match data they
 * share: the lexer's only state (none of a reader's). */
struct pgn_lexer {
    struct textscan_pattern token, tag[PGN_LEXER_TAG_FORM_NB];
    pcre2_match_data *md;
    PCRE2_SIZE *ov; /* md's ovector */
};

/* Sets up lx (nothing is compiled yet); false when out of memory. */
bool pgn_lexer_init(struct pgn_lexer *lx);
void pgn_lexer_free(struct pgn_lexer *lx);

/* The patterns return what PCRE2 answered: > 0 when they matched,
 * TEXTSCAN_ERROR_COMPILE when the pattern did not compile at its first
 * use (memory ran out), another code when they did not match.
 *
 * The token pattern, the slow twin of pgn_lexer_fast, matched at the start
 * of the word p[0..n): *out is filled, its kind PGN_LEX_NONE when the
 * pattern matched nothing (or only the empty string). */
int pgn_lexer_token(struct pgn_lexer *lx, const char *p, size_t n, struct pgn_lexeme *out);

/* ------------------------------------------------------------ tag pairs */

/* A tag pair line's parts: the name at name_off, the value at value_off
 * (value_len 0 when it has none), the pair ending at end; offsets from the
 * line's '['. */
struct pgn_lexer_tag {
    size_t end, name_off, name_len, value_off, value_len;
};

/* The bytes of a tag name: [A-Za-z0-9_], as in the tag patterns. */
extern const bool pgn_lexer_tag_name_byte[256];

/* Does a tag name follow the '[' at p[0] (after blanks) in p[0..n)?  Else
 * the '[' begins no tag pair, whatever comes after the name. */
static inline bool pgn_lexer_tag_name_follows(const char *p, size_t n)
{
    size_t i = 1;
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    return i < n && pgn_lexer_tag_name_byte[(unsigned char)p[i]];
}

/* The commonest tag pair at p[0..n) (p[0] is '['), [Name "value"] with no
 * backslash and no control byte in the value (nothing to unescape or
 * clean), read by hand: true with *out filled as the tag pattern fills it,
 * false for the patterns to read. */
static inline __attribute__((always_inline)) bool pgn_lexer_tag_fast(const char *p, size_t n,
                                                                     struct pgn_lexer_tag *out)
{
    size_t i = 1;
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    size_t name = i;
    while (i < n && pgn_lexer_tag_name_byte[(unsigned char)p[i]])
        i++;
    size_t name_end = i;
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    if (name_end == name || i >= n || p[i] != '"')
        return false;
    size_t value = ++i;
    /* eight bytes at a time to the closing quote (or a backslash or a
     * control byte, which the pattern's path deals with) */
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, sizeof w);
        if (pgn_lexer_word_has(w, '"') | pgn_lexer_word_has(w, '\\') | pgn_lexer_word_controls(w))
            break;
    }
    while (i < n && p[i] != '"' && p[i] != '\\' && !pgn_lexer_control_byte[(unsigned char)p[i]])
        i++;
    if (i >= n || p[i] != '"')
        return false;
    size_t value_end = i++;
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    if (i >= n || p[i] != ']')
        return false;
    out->end = i + 1;
    out->name_off = name;
    out->name_len = name_end - name;
    out->value_off = value;
    out->value_len = value_end - value;
    return true;
}

/* The tag pattern of the form given, matched at p[0..n) (p[0] is '['): on
 * a match *out is filled and the code returned. */
int pgn_lexer_tag(struct pgn_lexer *lx, enum pgn_lexer_tag_form form, const char *p, size_t n,
                  struct pgn_lexer_tag *out);

#endif
