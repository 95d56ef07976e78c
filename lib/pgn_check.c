/* PGN game checker: its bytes, the reader's findings, its tags and its
 * moves replayed; formats/pgn-check.md names the rule behind each check. */
#include "pgn_check.h"

#include "annotation.h"
#include "array.h"
#include "bitboard.h"
#include "game.h"
#include "movegen.h"
#include "san.h"
#include "status.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- codes */

/* A code's level is its group's in enum pgn_check_code. */
struct code_info {
    const char *name;
    const char *summary;
};

static const struct code_info codes[PGN_CHECK_FEN] = {
    [PGN_CHECK_UNEXPECTED_TOKEN] = {"unexpected-token",
                                    "text in the movetext that is no PGN token"},
    [PGN_CHECK_BAD_NAG] = {"bad-nag", "a NAG number above 255"},
    [PGN_CHECK_BAD_TAG] = {"bad-tag", "a malformed tag pair"},
    [PGN_CHECK_UNTERMINATED_TAG] = {"unterminated-tag", "a tag pair not closed by ']' on its line"},
    [PGN_CHECK_UNTERMINATED_COMMENT] = {"unterminated-comment", "a '{' comment not closed by '}'"},
    [PGN_CHECK_UNCLOSED_VARIATION] = {"unclosed-variation", "a '(' variation not closed by ')'"},
    [PGN_CHECK_UNMATCHED_CLOSE] = {"unmatched-close", "a ')' without an open variation"},
    [PGN_CHECK_RESULT_IN_VARIATION] = {"result-in-variation", "a game result inside a variation"},
    [PGN_CHECK_VARIATION_WITHOUT_MOVE] = {"variation-without-move",
                                          "a variation with no move before it to replace"},
    [PGN_CHECK_OVER_LIMIT] = {"over-limit", "a line, token or game beyond what the reader keeps"},
    [PGN_CHECK_ILLEGAL_MOVE] = {"illegal-move", "a move of the main line that is not legal"},
    [PGN_CHECK_AMBIGUOUS_MOVE] = {"ambiguous-move", "SAN that more than one legal move matches"},
    [PGN_CHECK_ILLEGAL_VARIATION_MOVE] = {"illegal-variation-move",
                                          "an illegal or ambiguous move inside a variation"},
    [PGN_CHECK_UNSUPPORTED_VARIANT] = {"unsupported-variant",
                                       "a variant that the rules library does not play"},
    [PGN_CHECK_STRAY_TEXT] =
        {"stray-text", "text outside any game (before the first, between two, after the last)"},
    [PGN_CHECK_MISSING_RESULT] = {"missing-result", "the movetext has no termination marker"},
    [PGN_CHECK_BAD_RESULT_TAG] = {"bad-result-tag",
                                  "a Result tag that is not 1-0, 0-1, 1/2-1/2 or *"},
    [PGN_CHECK_RESULT_MISMATCH] = {"result-mismatch",
                                   "the Result tag differs from the termination marker"},
    [PGN_CHECK_WRONG_RESULT] = {"wrong-result", "a result that the final position contradicts"},
    [PGN_CHECK_MISSING_TAG] = {"missing-tag", "a Seven Tag Roster tag is missing"},
    [PGN_CHECK_EMPTY_TAG] = {"empty-tag", "a Seven Tag Roster tag with an empty value"},
    [PGN_CHECK_DUPLICATE_TAG] = {"duplicate-tag", "a tag that appears twice in one game"},
    [PGN_CHECK_BAD_DATE] = {"bad-date", "a date that is not YYYY.MM.DD or does not exist"},
    [PGN_CHECK_FEN_WITHOUT_SETUP] = {"fen-without-setup", "a FEN tag without SetUp \"1\""},
    [PGN_CHECK_SETUP_WITHOUT_FEN] = {"setup-without-fen", "SetUp \"1\" without a FEN tag"},
    [PGN_CHECK_PLYCOUNT_MISMATCH] = {"plycount-mismatch",
                                     "a PlyCount tag that differs from the main line"},
    [PGN_CHECK_WRONG_MOVE_NUMBER] = {"wrong-move-number",
                                     "a move number that is not the position's"},
    [PGN_CHECK_NULL_MOVE] = {"null-move", "a null move in the main line"},
    [PGN_CHECK_INVALID_UTF8] = {"invalid-utf8", "bytes that are not valid UTF-8"},
    [PGN_CHECK_NUL_BYTE] = {"nul-byte", "a NUL byte"},
    [PGN_CHECK_CONTROL_BYTE] = {"control-byte", "a control character other than tab, CR and LF"},
    [PGN_CHECK_DUPLICATE_GAME] = {"duplicate-game",
                                  "the same players, result and moves as an earlier game"},
    [PGN_CHECK_BAD_CLOCK] = {"bad-clock", "a [%clk] or [%emt] comment command that is no H:MM:SS"},
    [PGN_CHECK_BAD_EVAL] = {"bad-eval", "a [%eval] comment command that is no evaluation"},
    [PGN_CHECK_BAD_SHAPE] = {"bad-shape",
                             "a [%csl] or [%cal] comment command that is no list of shapes"},
    [PGN_CHECK_EMPTY_GAME] = {"empty-game", "a game with no tag pair and no move (a result alone)"},
    [PGN_CHECK_CHECK_MARK] = {"check-mark", "a check or mate mark that is wrong or missing"},
    [PGN_CHECK_ZERO_CASTLING] = {"zero-castling", "castling written with zeros or lower-case o"},
    [PGN_CHECK_SAN_STYLE] = {"san-style", "a move not written as SAN (disambiguation, 'x', '=')"},
    [PGN_CHECK_LONG_LINE] = {"long-line", "a line longer than 255 characters"},
    [PGN_CHECK_TAG_ORDER] = {"tag-order", "tags outside the Seven Tag Roster order"},
    [PGN_CHECK_NONSTANDARD_TOKEN] = {"nonstandard-token",
                                     "a result, en-passant note or forum delimiter that the "
                                     "reader takes but the PGN standard does not write"},
};

const char *pgn_check_code_name(enum pgn_check_code code)
{
    if ((unsigned)code < PGN_CHECK_FEN)
        return codes[code].name;
    if ((unsigned)code < PGN_CHECK_CODE_NB)
        return fen_code_name((enum fen_code)(code - PGN_CHECK_FEN + 1));
    return "unknown";
}

enum pgn_check_level pgn_check_code_level(enum pgn_check_code code)
{
    if (code < PGN_CHECK_MISSING_RESULT || code >= PGN_CHECK_FEN)
        return PGN_CHECK_ERROR;
    return code < PGN_CHECK_CHECK_MARK ? PGN_CHECK_WARNING : PGN_CHECK_NOTE;
}

const char *pgn_check_code_summary(enum pgn_check_code code)
{
    return (unsigned)code < PGN_CHECK_FEN
               ? codes[code].summary
               : "a FEN tag that is not a legal position (as fen-check reports it)";
}

const char *pgn_check_level_name(enum pgn_check_level level)
{
    static const char *const names[PGN_CHECK_LEVEL_NB] = {"error", "warning", "note"};
    return (unsigned)level < PGN_CHECK_LEVEL_NB ? names[level] : "error";
}

/* A linear search: it runs once per code on the command line. */
bool pgn_check_code_parse(const char *name, size_t len, enum pgn_check_code *out)
{
    for (int i = 0; i < PGN_CHECK_CODE_NB; i++) {
        const char *n = pgn_check_code_name((enum pgn_check_code)i);
        if (strlen(n) == len && memcmp(n, name, len) == 0) {
            *out = (enum pgn_check_code)i;
            return true;
        }
    }
    return false;
}

/* ---------------------------------------------------------------- checker */

/* A diagnostic while the game is checked, its message at off in the text
 * arena (which moves as it grows); a zero-castling in moved holds
 * "where\0san" until the bytes tell how it was written (moved_replay). */
struct pending {
    enum pgn_check_code code;
    unsigned long line, col;
    size_t off, len;
    /* In moved: the check that made it (a MOVED_* group); in noted: what
     * the token is (a NOTED_* kind). */
    uint8_t group;
};

struct pendings {
    struct pending *at;
    size_t n, cap;
};

/* The checks that run as the tokens come (moved's groups). */
enum { MOVED_MOVES, MOVED_COMMENTS, MOVED_NB };

/* The tokens noted for the checks at the game's end (noted): a pawn
 * capture and a result for their spelling, unknown text for its quote. */
enum { NOTED_CAPTURE, NOTED_RESULT, NOTED_UNKNOWN };

/* The tags that checks read (known_names has their names). */
enum {
    TAG_EVENT,
    TAG_SITE,
    TAG_DATE,
    TAG_ROUND,
    TAG_WHITE,
    TAG_BLACK,
    TAG_RESULT,
    TAG_FEN,
    TAG_SETUP,
    TAG_VARIANT,
    TAG_PLYCOUNT,
    TAG_EVENT_DATE,
    TAG_UTC_DATE,
    TAG_KNOWN_NB
};

struct pgn_checker {
    bool enabled[PGN_CHECK_CODE_NB];
    const struct pgn_tag *known[TAG_KNOWN_NB]; /* of the game being checked */
    size_t known_at[TAG_KNOWN_NB]; /* ... as indices + 1 (0: none), kept from tags_done */
    struct game_replay replay;     /* the moves' (large: one per checker) */
    uint8_t variant;               /* the rules of a game without a Variant tag (enum variant) */
    bool chess960;                 /* ... and whether it is Chess960 */
    bool chess960_all;             /* every game is Chess960, whatever its Variant tag */
    unsigned long line_offset;     /* pgn_checker_set_line_offset */

    /* the game being checked, at its end (NULL while it is pushed) */
    const struct pgn_game *g;
    char label[200];
    size_t label_len;
    bool nomem;
    size_t dropped;

    /* The checks made as the tokens are pushed: their diagnostics wait in
     * moved, unlabelled, for the game's end (the bytes); the first
     * PGN_CHECK_DIAGS_MAX of a group are kept, the rest counted. */
    bool told;  /* tags_done came for this game (else stray text's tokens make none) */
    bool notes; /* the style notes of moves are on */
    bool main_alive;
    bool variations; /* the replay plays variations (since the first "(") */
    struct pendings moved;
    size_t moved_real[MOVED_NB], moved_dropped[MOVED_NB];
    unsigned long ntokens; /* tokens offered */
    struct replay_state {
        struct position start;
        unsigned long plies; /* MOVE and NULL tokens of the main line */
        bool has_marker;     /* the main line's termination marker: */
        unsigned long marker_line, marker_col;
        char marker[8];
        uint64_t hash; /* of the main line's moves */
    } rs;
    /* the main line's moves before the first "(" (MOVE_NONE: a null move) */
    move *line;
    size_t nline, line_cap;
    /* tokens noted for the checks at the end (NOTED_*), their text at off */
    struct pendings noted;
    struct pgn_game *game_out; /* pgn_check_read_game's g */

    struct pendings pend;
    struct pgn_check_diag *out;
    size_t out_cap;
    char *text;
    size_t text_len, text_cap;

    /* offsets into g->raw of the first byte (after a BOM) of each line */
    size_t *lines;
    size_t nlines, lines_cap;

    /* room for a comment's text without its commands (check_comment) */
    char *ann_text;
    size_t ann_cap;
};

struct pgn_checker *pgn_checker_new(void)
{
    struct pgn_checker *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    for (int i = 0; i < PGN_CHECK_CODE_NB; i++)
        c->enabled[i] = pgn_check_code_level((enum pgn_check_code)i) != PGN_CHECK_NOTE;
    return c;
}

void pgn_checker_set_variant(struct pgn_checker *c, enum variant v, bool chess960,
                             bool chess960_all)
{
    c->variant = (uint8_t)v;
    c->chess960 = chess960;
    c->chess960_all = chess960_all;
}

void pgn_checker_set_line_offset(struct pgn_checker *c, unsigned long lines)
{
    c->line_offset = lines;
}

void pgn_checker_free(struct pgn_checker *c)
{
    if (!c)
        return;
    free(c->pend.at);
    free(c->moved.at);
    free(c->line);
    free(c->noted.at);
    free(c->out);
    free(c->text);
    free(c->lines);
    free(c->ann_text);
    free(c);
}

void pgn_checker_enable(struct pgn_checker *c, enum pgn_check_code code, bool on)
{
    if ((unsigned)code < PGN_CHECK_CODE_NB)
        c->enabled[code] = on;
}

bool pgn_checker_enabled(const struct pgn_checker *c, enum pgn_check_code code)
{
    return (unsigned)code < PGN_CHECK_CODE_NB && c->enabled[code];
}

/* Record e in l, its text (e.len bytes) copied into the arena and
 * NUL-terminated; false (and nomem) when out of memory. */
static bool pending_put(struct pgn_checker *c, struct pendings *l, struct pending e,
                        const char *text)
{
    struct pending *p = array_grow(l->at, &l->cap, l->n + 1, sizeof *p);
    char *t = array_grow(c->text, &c->text_cap, c->text_len + e.len + 1, 1);
    l->at = p ? p : l->at;
    c->text = t ? t : c->text;
    if (!p || !t) {
        c->nomem = true;
        return false;
    }
    e.off = c->text_len;
    memcpy(t + e.off, text, e.len);
    t[e.off + e.len] = '\0';
    c->text_len += e.len + 1;
    l->at[l->n++] = e;
    return true;
}

/* Record a problem of the game: while it is pushed, the message alone in
 * moved; else its label (game_label), ": " and the message in pend.
 * Past PGN_CHECK_DIAGS_MAX problems are only counted.  The arguments may
 * point into the text arena: they are formatted before it grows. */
__attribute__((format(printf, 5, 6))) static void
check_report(struct pgn_checker *c, enum pgn_check_code code, unsigned long line, unsigned long col,
             const char *fmt, ...)
{
    if (!c->enabled[code] || c->nomem || !c->told)
        return;
    uint8_t group = code >= PGN_CHECK_BAD_CLOCK && code <= PGN_CHECK_BAD_SHAPE
                        ? MOVED_COMMENTS /* (a comment's commands, checked as it comes) */
                        : MOVED_MOVES;
    bool pushing = !c->g;
    struct pendings *to = pushing ? &c->moved : &c->pend;
    size_t *kept = pushing ? &c->moved_real[group] : &c->pend.n;
    if (*kept >= PGN_CHECK_DIAGS_MAX) {
        (*(pushing ? &c->moved_dropped[group] : &c->dropped))++;
        return;
    }
    char msg[sizeof c->label + 2 + 512]; /* the label, ": ", the message */
    size_t k = 0;
    if (!pushing && !c->g->stray) { /* (stray text is no game's) */
        if (!c->label_len) {
            game_label(c->g->tags, c->g->ntags, c->label, sizeof c->label);
            c->label_len = strlen(c->label);
        }
        memcpy(msg, c->label, c->label_len);
        memcpy(msg + c->label_len, ": ", 2);
        k = c->label_len + 2;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(msg + k, 512, fmt, ap);
    va_end(ap);
    n = n < 0 ? 0 : n >= 512 ? 511 : n;
    struct pending e = {code, line ? line : 1, col ? col : 1, 0, k + (size_t)n, group};
    if (pending_put(c, to, e, msg) && pushing)
        c->moved_real[group]++;
}

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
                check_report(c, PGN_CHECK_NUL_BYTE, line, col, "NUL byte");
            seen_nul = true;
        } else if (b < 0x80) {
            if (b == '\r' && i + 1 < n) {
                *cr = i;
                return chars;
            }
            bool ctrl = b != '\t' && b != '\r'; /* (a CR here ends a CRLF) */
            if (ctrl && !seen_ctrl)
                check_report(c, PGN_CHECK_CONTROL_BYTE, line, col, "control character 0x%02X", b);
            seen_ctrl |= ctrl;
        } else if (b >= 0x80 && !(k = utf8_sequence(s + i, n - i))) {
            if (!seen_utf8)
                check_report(c, PGN_CHECK_INVALID_UTF8, line, col, "byte 0x%02X is not valid UTF-8",
                             b);
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
 * starts (raw_at). */
static void check_bytes(struct pgn_checker *c, const struct pgn_game *g)
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
            check_report(c, PGN_CHECK_LONG_LINE, line, 1,
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
static const char *raw_at(const struct pgn_checker *c, const struct pgn_game *g, unsigned long line,
                          unsigned long col)
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
 * (check_result_marker). */
static void check_reader(struct pgn_checker *c, const struct pgn_game *g)
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
            check_report(c, PGN_CHECK_UNEXPECTED_TOKEN, d->line, d->col,
                         "unrecognised text '%s' in the movetext",
                         unknown_text(c, d->line, d->col));
        else if (d->code == PGN_E_BAD_NAG)
            check_report(c, PGN_CHECK_BAD_NAG, d->line, d->col, "NAG '%s' above 255",
                         unknown_text(c, d->line, d->col));
        else if (d->code == PGN_E_BINARY && g->raw)
            continue; /* check_bytes says which byte */
        else
            for (size_t k = 0; k < sizeof as_read / sizeof as_read[0]; k++)
                if (as_read[k].error == d->code)
                    check_report(c, as_read[k].code, d->line, d->col, "%s",
                                 pgn_error_message(d->code));
    }
    if (!g->raw && g->raw_line)
        check_report(c, PGN_CHECK_OVER_LIMIT, g->line, g->col,
                     "game too long to be kept whole: it cannot be passed through");
}

/* The run of bytes written at (line, col) up to a blank or a delimiter
 * (PGN standard 8.2), its length in *n; NULL when the bytes are not kept. */
static const char *written_run(const struct pgn_checker *c, const struct pgn_game *g,
                               unsigned long line, unsigned long col, size_t *n)
{
    const char *p = raw_at(c, g, line, col);
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
static void check_spelling(struct pgn_checker *c, const struct pgn_game *g)
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
                check_report(c, PGN_CHECK_NONSTANDARD_TOKEN, t->line, t->col,
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
            check_report(c, PGN_CHECK_NONSTANDARD_TOKEN, t->line, t->col,
                         "en-passant note after '%s': SAN writes none", text);
    }
    if (g->markup_line) {
        const char *p = raw_at(c, g, g->markup_line, g->markup_col);
        bool close = p && p + 1 < g->raw + g->raw_len && p[1] == '/';
        check_report(c, PGN_CHECK_NONSTANDARD_TOKEN, g->markup_line, g->markup_col,
                     "forum delimiter '%s' read as a blank: it is not PGN",
                     close ? "[/pgn]" : "[pgn]");
    }
}

/* ---------------------------------------------------------------- comments */

/* The command annotations of one comment token (formats/annotations.md):
 * each malformed [%clk], [%emt], [%eval], [%csl] or [%cal], at the line
 * and column of its "[" (the comment's text follows its '{' or ';', its
 * line breaks the file's), quoted up to its line's end. */
static __attribute__((noinline)) void check_comment(struct pgn_checker *c,
                                                    const struct pgn_token *tok)
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
        check_report(c, code_of[a.problem.code], line, col, "%s '%.*s%s': %s%s",
                     annotation_error_message(a.problem.code), (int)(n > QUOTE_MAX ? QUOTE_MAX : n),
                     cmd, n > QUOTE_MAX || n < a.problem.len ? "..." : "",
                     closed ? "expected " : "not closed by ']'",
                     closed ? annotation_error_expected(a.problem.code) : "");
        at = off + a.problem.len;
    }
}

/* ---------------------------------------------------------------- tags */

/* The tags the checks read; the roster's seven first, in their order. */
static const char *const known_names[TAG_KNOWN_NB] = {
    "Event", "Site",  "Date",    "Round",    "White",     "Black",  "Result",
    "FEN",   "SetUp", "Variant", "PlyCount", "EventDate", "UTCDate"};

/* Which known tag a name is, or -1: its first letter and, for E, S and R,
 * its length pick the one it can be (a lookup by strcmp showed in
 * profiles; a letter of none finds Event's 0, not its letter). */
static int known_index(const struct pgn_tag *t)
{
    static const signed char by_letter[26] = {
        ['B' - 'A'] = TAG_BLACK, ['D' - 'A'] = TAG_DATE,     ['E' - 'A'] = TAG_EVENT,
        ['F' - 'A'] = TAG_FEN,   ['P' - 'A'] = TAG_PLYCOUNT, ['R' - 'A'] = TAG_ROUND,
        ['S' - 'A'] = TAG_SITE,  ['U' - 'A'] = TAG_UTC_DATE, ['V' - 'A'] = TAG_VARIANT,
        ['W' - 'A'] = TAG_WHITE,
    };
    unsigned l = (unsigned char)t->name[0] - 'A';
    int k = l < 26 ? by_letter[l] : TAG_EVENT;
    if (known_names[k][0] != t->name[0])
        return -1;
    if (k == TAG_EVENT && t->name_len != 5)
        k = TAG_EVENT_DATE;
    else if (k == TAG_SITE && t->name_len != 4)
        k = TAG_SETUP;
    else if (k == TAG_ROUND && t->name_len != 5)
        k = TAG_RESULT;
    size_t n = strlen(known_names[k]);
    return t->name_len == n && memcmp(t->name, known_names[k], n) == 0 ? k : -1;
}

static const char *tag_value(const struct pgn_checker *c, int k)
{
    return c->known[k] ? c->known[k]->value : NULL;
}

/* PGN standard 8.1.1: the Seven Tag Roster is required in every game, with
 * a value ("?" when unknown), and comes first, in its order (a note). */
static void check_roster(struct pgn_checker *c, const struct pgn_game *g)
{
    char missing[80] = "";
    size_t len = 0;
    int nmissing = 0;
    for (int i = 0; i < 7; i++) {
        const struct pgn_tag *t = c->known[i];
        if (!t) {
            len += (size_t)snprintf(missing + len, sizeof missing - len, "%s%s",
                                    nmissing ? ", " : "", known_names[i]);
            nmissing++;
        } else if (t->value_len == 0) {
            check_report(c, PGN_CHECK_EMPTY_TAG, t->line, t->col,
                         "%s tag is empty (the Seven Tag Roster wants a value, '?' when unknown)",
                         known_names[i]);
        }
    }
    if (nmissing)
        check_report(c, PGN_CHECK_MISSING_TAG, g->line, g->col,
                     "Seven Tag Roster tag%s missing: %s", nmissing > 1 ? "s" : "", missing);
    if (!c->enabled[PGN_CHECK_TAG_ORDER])
        return;
    /* the roster tags present must be the first tags, in roster order */
    int want = 0, last = -1;
    for (size_t i = 0; i < g->ntags; i++) {
        int k = known_index(&g->tags[i]);
        k = k < 7 ? k : -1;
        if (k < 0 ? want < 7 - nmissing : (i != (size_t)want || k < last)) {
            check_report(
                c, PGN_CHECK_TAG_ORDER, g->tags[i].line, g->tags[i].col,
                "tag %s out of order (the Seven Tag Roster comes first: Event, Site, Date, "
                "Round, White, Black, Result)",
                g->tags[i].name);
            return;
        }
        if (k >= 0) {
            want++;
            last = k;
        }
    }
}

/* PGN standard 8.1: a tag name appears at most once in a game (the
 * reader marks the repeats). */
static void check_duplicate_tags(struct pgn_checker *c, const struct pgn_game *g)
{
    char msg[512];
    for (size_t i = 1; i < g->ntags; i++)
        if (g->tags[i].repeated) {
            pgn_repeat_message(g, i, c->line_offset, msg, sizeof msg);
            check_report(c, PGN_CHECK_DUPLICATE_TAG, g->tags[i].line, g->tags[i].col, "%s", msg);
        }
}

/* PGN standard 8.1.1.3 (Date) and 9.2 (EventDate), 9.6 (UTCDate):
 * "YYYY.MM.DD", each part all digits or all '?' (unknown), and a day
 * that exists. */
static void check_date(struct pgn_checker *c, const struct pgn_tag *t)
{
    static const int at[3] = {0, 5, 8}, width[3] = {4, 2, 2};
    const char *v = t->value;
    unsigned part[3] = {0, 0, 0}; /* year, month, day, where known */
    bool known[3] = {false, false, false};
    bool ok = t->value_len == 10 && v[4] == '.' && v[7] == '.';
    for (int i = 0; ok && i < 3; i++) {
        known[i] = v[at[i]] != '?';
        for (int k = at[i]; ok && k < at[i] + width[i]; k++) {
            ok = known[i] ? v[k] >= '0' && v[k] <= '9' : v[k] == '?';
            part[i] = known[i] ? part[i] * 10 + (unsigned)(v[k] - '0') : 0;
        }
    }
    if (!ok) {
        check_report(c, PGN_CHECK_BAD_DATE, t->line, t->col,
                     "%s '%s' is not YYYY.MM.DD ('?' for unknown digits)", t->name, v);
        return;
    }
    bool has_y = known[0], has_m = known[1], has_d = known[2];
    unsigned y = part[0], m = part[1], d = part[2];
    static const unsigned days[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (has_m && (m < 1 || m > 12)) {
        check_report(c, PGN_CHECK_BAD_DATE, t->line, t->col, "%s '%s': there is no month %02u",
                     t->name, v, m);
        return;
    }
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    unsigned max = !has_m ? 31 : m == 2 && has_y && !leap ? 28 : days[m - 1];
    if (has_d && (d < 1 || d > max))
        check_report(c, PGN_CHECK_BAD_DATE, t->line, t->col, "%s '%s': there is no day %02u%s%s",
                     t->name, v, d, has_m ? " in that month" : "",
                     has_m && m == 2 && d == 29 ? " (not a leap year)" : "");
}

/* The column of a tag's value, found in the bytes (spacing varies); a
 * guess from the standard layout when they are not kept. */
static unsigned long tag_value_col(const struct pgn_checker *c, const struct pgn_game *g,
                                   const struct pgn_tag *t)
{
    const char *p = raw_at(c, g, t->line, t->col);
    if (p) {
        const char *end = g->raw + g->raw_len;
        for (const char *q = p; q < end && *q != '\n'; q++)
            if (*q == '"')
                return t->col + (unsigned long)(q - p) + 1;
    }
    return t->col + t->name_len + 3;
}

/* PGN standard 9.7 (SetUp and FEN), FIDE Laws Guidelines III (Chess960)
 * and formats/fen.md: the start position, at tags_done.  A FEN problem's
 * column is its column in the value + 1 (moved_replay places it in the
 * tag's bytes).  False when the game cannot be replayed. */
static bool check_setup(struct pgn_checker *c, struct position *start)
{
    const struct pgn_tag *fen = c->known[TAG_FEN];
    const struct pgn_tag *setup = c->known[TAG_SETUP];
    const struct pgn_tag *variant = c->known[TAG_VARIANT];
    if (fen && !(setup && strcmp(setup->value, "1") == 0))
        check_report(c, PGN_CHECK_FEN_WITHOUT_SETUP, fen->line, fen->col,
                     "FEN tag without SetUp \"1\"%s", setup ? " (SetUp is not \"1\")" : "");
    if (!fen && setup && strcmp(setup->value, "1") == 0)
        check_report(c, PGN_CHECK_SETUP_WITHOUT_FEN, setup->line, setup->col,
                     "SetUp \"1\" without a FEN tag");
    enum variant v = (enum variant)c->variant;
    bool c960 = c->chess960;
    if (variant && !game_variant_parse(variant->value, &v, &c960)) {
        check_report(c, PGN_CHECK_UNSUPPORTED_VARIANT, variant->line, variant->col,
                     "unsupported variant '%s'", variant->value);
        return false;
    }
    c960 |= c->chess960_all;
    if (!fen && v == VARIANT_CHESS) {
        position_start(start);
        start->chess960 = c960;
        return true;
    }
    /* A variant's own start position is its FEN in the rule table. */
    const char *text = fen ? fen->value : variant_rules(v)->start;
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {.chess960 = c960, .variant = (uint8_t)v};
    if (fen_read(text, strlen(text), &opt, &rec, &rep)) {
        *start = rec.pos;
        if (c960)
            start->chess960 = 1;
        return true;
    }
    for (int i = 0; i < rep.count; i++)
        check_report(c, pgn_check_fen_code(rep.problems[i].code), fen->line,
                     rep.problems[i].col + 1UL, "FEN tag: %s", rep.problems[i].message);
    if (rep.count == 0)
        check_report(c, pgn_check_fen_code(FEN_EMPTY), fen->line, 2,
                     "FEN tag: not a valid position");
    return false;
}

/* ---------------------------------------------------------------- moves */

/* Where a ply stands, as the converters word it: "ply 34 (17...)". */
static void ply_where(char *buf, size_t size, unsigned long ply, unsigned long fullmove, int side)
{
    snprintf(buf, size, "ply %lu (%lu%s)", ply, fullmove, side ? "..." : ".");
}

/* PGN standard 8.2.3.7 and FIDE Art. 3.10 (check), 5.1.1 (mate): '+' on
 * a move that checks, '#' on one that mates, neither otherwise. */
static void check_mark(struct pgn_checker *c, const struct pgn_token *tok, const char *where,
                       const struct position *after, const char *san)
{
    size_t n = tok->len;
    char mark = n && (tok->text[n - 1] == '+' || tok->text[n - 1] == '#') ? tok->text[n - 1] : 0;
    /* (a variant win is '#' whether or not a king is checked: san_mark) */
    char want = san_mark(after);
    bool mate = want == '#', check = want != 0;
    const char *why = NULL;
    if (mate && mark != '#')
        why = after->variant != VARIANT_CHESS
                  ? (mark ? "wins the game: its mark is '#'" : "wins the game: '#' is missing")
              : mark ? "mates: its mark is '#'"
                     : "mates: '#' is missing";
    else if (check && !mate && mark != '+')
        why = mark ? "gives check but not mate: its mark is '+'" : "gives check: '+' is missing";
    else if (!check && mark)
        why = "does not give check: no mark";
    if (why)
        check_report(c, PGN_CHECK_CHECK_MARK, tok->line, tok->col, "%s: '%s' %s (SAN '%s%.*s')",
                     where, tok->text, why, san, (int)check, &want);
}

/* Is the move text long algebraic or UCI ("Ng1-f3", "e2e4")?  Such text
 * has no check marks, so only san-style speaks about it. */
static bool long_form(const struct pgn_token *tok)
{
    struct san_parsed sp;
    if (memchr(tok->text, '-', tok->len) && tok->text[0] != 'O')
        return true;
    return san_scan(tok->text, tok->len, &sp) == SAN_OK && sp.piece == PAWN && sp.from_rank >= 0;
}

/* PGN standard 8.2.3: SAN names a move with the fewest characters that
 * identify it (8.2.3.4), 'x' for captures (8.2.3.3), '=' before a
 * promotion piece (8.2.3.5), and castling with the letter O (8.2.3.6). */
static void check_san_style(struct pgn_checker *c, const struct pgn_token *tok, const char *where,
                            const char *san)
{
    size_t n = tok->len;
    while (n && (tok->text[n - 1] == '+' || tok->text[n - 1] == '#'))
        n--;
    if (tok->text[0] == 'O' && c->enabled[PGN_CHECK_ZERO_CASTLING]) {
        /* written with zeros or a lower-case o?  The bytes tell, at the
         * game's end (moved_replay): its place and words noted here */
        char text[64 + SAN_MAX]; /* where, a NUL, san */
        int k = snprintf(text, sizeof text, "%s%c%s", where, '\0', san);
        pending_put(c, &c->moved,
                    (struct pending){PGN_CHECK_ZERO_CASTLING, tok->line, tok->col, 0, (size_t)k,
                                     MOVED_MOVES},
                    text);
    }
    if (strlen(san) == n && memcmp(tok->text, san, n) == 0)
        return;
    const char *what = "is not SAN";
    if (!long_form(tok) && tok->text[0] != 'P') {
        if (strchr(san, 'x') && !memchr(tok->text, 'x', n))
            what = "is a capture without 'x'";
        else if (strchr(san, '=') && !memchr(tok->text, '=', n))
            what = "is a promotion without '='";
        else if (n > strlen(san))
            what = "is over-disambiguated";
    }
    check_report(c, PGN_CHECK_SAN_STYLE, tok->line, tok->col, "%s: '%.*s' %s: SAN is '%s'", where,
                 (int)n, tok->text, what, san);
}

/* A move the replay refused (FIDE Art. 3 and PGN standard 8.2.3, with
 * the rules library's reason, explain.h), a null move in check, or a
 * variation that opens none, worded as the converters word them. */
static void report_problem(struct pgn_checker *c, const struct pgn_token *tok,
                           const struct game_problem *pb)
{
    char where[64];
    ply_where(where, sizeof where, pb->ply, pb->fullmove, pb->side);
    enum pgn_check_code illegal =
        pb->depth > 0 ? PGN_CHECK_ILLEGAL_VARIATION_MOVE : PGN_CHECK_ILLEGAL_MOVE;
    switch (pb->code) {
    case GAME_E_ILLEGAL: {
        bool ambiguous = pb->san == SAN_AMBIGUOUS;
        const char *why = pb->reason;
        if (ambiguous && strncmp(why, "ambiguous: ", 11) == 0)
            why += 11; /* "ambiguous move 'Nd2': Nbd2 and Nfd2 both match" */
        check_report(c, ambiguous && pb->depth == 0 ? PGN_CHECK_AMBIGUOUS_MOVE : illegal, tok->line,
                     tok->col, "%s: %s move '%s'%s: %s", where, ambiguous ? "ambiguous" : "illegal",
                     tok->text, pb->depth > 0 ? " in a variation" : "", why);
        break;
    }
    case GAME_E_NULL_IN_CHECK:
        check_report(c, illegal, tok->line, tok->col,
                     "%s: illegal null move '%s': the side to move is in check", where, tok->text);
        break;
    case GAME_E_VARIATION:
        check_report(c, PGN_CHECK_VARIATION_WITHOUT_MOVE, tok->line, tok->col,
                     "a variation with no move before it to replace");
        break;
    case GAME_E_TOO_DEEP:
        check_report(c, PGN_CHECK_OVER_LIMIT, tok->line, tok->col,
                     "variations nested deeper than %d", GAME_DEPTH_MAX);
        break;
    default: /* (no other problem comes from these tokens) */
        break;
    }
}

/* The duplicate hash: a multiply-xorshift step per value, cheap enough to
 * run on every ply of the main line. */
static inline uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x;
    h *= 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

/* A tag value into the hash, its length first so that ("ab", "c") and
 * ("a", "bc") differ; a missing tag hashes as empty. */
static uint64_t mix_text(uint64_t h, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    h = mix(h, n + 1);
    for (size_t i = 0; i < n; i++)
        h = mix(h, (unsigned char)s[i]);
    return h;
}

/* Replay every line of the movetext (PGN standard 8.2.5: a variation
 * replaces the move before it) as the reader pushes the tokens, from
 * tags_done.  An illegal move ends the main line's replay and skips a
 * variation's (GAME_VARIATION_ERRORS_SKIP).  Until the first "(", and
 * without the style notes, moves are played in place (GAME_NO_BEFORE) and
 * the main line noted; at the first "(" moves_keep plays it again keeping
 * the positions before the moves. */
static __attribute__((noinline)) void moves_keep(struct pgn_checker *c)
{
    struct game_replay *r = &c->replay;
    c->variations = true;
    game_replay_start_at(r, &c->rs.start, GAME_VARIATION_ERRORS_SKIP | GAME_VARIATIONS);
    for (size_t i = 0; i < c->nline; i++) {
        if (c->line[i] == MOVE_NONE)
            game_stack_pass(&r->stack);
        else
            game_stack_play(&r->stack, c->line[i]);
    }
}

/* Room for one more move in c->line; false (the replay ends) when out of
 * memory. */
static __attribute__((noinline)) bool line_grow(struct pgn_checker *c)
{
    move *l = array_grow(c->line, &c->line_cap, c->nline + 1, sizeof *l);
    if (!l) {
        c->nomem = true;
        c->main_alive = false;
        return false;
    }
    c->line = l;
    return true;
}

/* moves_play's other outcomes: a problem, a line opened or closed, a null
 * move (a warning in the main line), a move while the style notes are on;
 * the main line's moves go into the hash. */
static __attribute__((noinline)) void moves_played(struct pgn_checker *c,
                                                   const struct pgn_token *tok, int rc,
                                                   const struct game_event *ev,
                                                   const struct game_problem *pb)
{
    if (rc < 0) {
        report_problem(c, tok, pb);
        c->main_alive = pb->recovered;
        return;
    }
    bool null = ev->kind == GAME_EV_NULL;
    if (rc == 0 || (ev->kind != GAME_EV_MOVE && !null))
        return;
    if (!c->variations) {
        if (c->nline == c->line_cap && !line_grow(c))
            return;
        c->line[c->nline++] = null ? MOVE_NONE : ev->m;
    }
    if (null && ev->depth > 0)
        return;
    char where[64], san[SAN_MAX];
    ply_where(where, sizeof where, ev->ply, ev->before->fullmove, ev->before->side);
    if (null) {
        check_report(c, PGN_CHECK_NULL_MOVE, tok->line, tok->col,
                     "%s: null move '%s' in the main line (no move was played)", where, tok->text);
        c->rs.hash = mix(c->rs.hash, 0x10000);
        return;
    }
    san_format_plain(ev->before, ev->m, san);
    if (c->enabled[PGN_CHECK_SAN_STYLE] || c->enabled[PGN_CHECK_ZERO_CASTLING])
        check_san_style(c, tok, where, san);
    if (c->enabled[PGN_CHECK_CHECK_MARK] && !long_form(tok))
        check_mark(c, tok, where, ev->after, san);
    if (ev->depth == 0)
        c->rs.hash = mix(c->rs.hash, ev->m);
}

/* A move, "(" or ")", replayed while the main line is alive; a move is
 * noted for moves_keep (without notes, those of variations too, harmlessly:
 * the common case stays short).  Out of line: check_token saves no registers. */
static __attribute__((noinline)) enum pgn_visit moves_play(struct pgn_checker *c,
                                                           const struct pgn_token *tok)
{
    struct game_replay *r = &c->replay;
    struct game_event ev;
    struct game_problem pb;
    int rc = game_replay_token(r, tok, &ev, &pb);
    if (__builtin_expect(rc > 0 && ev.kind == GAME_EV_MOVE && !c->notes, 1)) {
        if (__builtin_expect(c->nline == c->line_cap, 0) && !line_grow(c))
            return PGN_VISIT_GO;
        c->line[c->nline++] = ev.m;
        if (ev.depth == 0)
            c->rs.hash = mix(c->rs.hash, ev.m);
        return PGN_VISIT_GO;
    }
    moves_played(c, tok, rc, &ev, &pb);
    return PGN_VISIT_GO;
}

/* A group of moved joins the other diagnostics, in the order made,
 * castling's spelling and FEN problems' columns now that the bytes tell. */
static void moved_replay(struct pgn_checker *c, const struct pgn_game *g, unsigned group)
{
    for (size_t i = 0; i < c->moved.n; i++) {
        const struct pending m = c->moved.at[i];
        if (m.group != group)
            continue;
        const char *text = c->text + m.off;
        if (m.code == PGN_CHECK_ZERO_CASTLING) {
            const char *p = raw_at(c, g, m.line, m.col);
            if (!p || (*p != '0' && *p != 'o'))
                continue;
            check_report(c, PGN_CHECK_ZERO_CASTLING, m.line, m.col,
                         "%s: castling written with %s: SAN is '%s'", text,
                         *p == '0' ? "zeros" : "a lower-case o", text + strlen(text) + 1);
        } else {
            unsigned long col =
                m.code < PGN_CHECK_FEN ? m.col : tag_value_col(c, g, c->known[TAG_FEN]) + m.col - 2;
            check_report(c, m.code, m.line, col, "%s", text);
        }
    }
    c->dropped += c->moved_dropped[group];
}

/* ---------------------------------------------------------------- results */

/* PGN standard 8.2.6 and 8.1.1.7: the movetext ends with a termination
 * marker, the Result tag holds one of the four results, and the two
 * agree.  Returns the game's result (the marker, else the tag's) or NULL. */
static const char *check_result_marker(struct pgn_checker *c, const struct pgn_game *g)
{
    const struct replay_state *rs = &c->rs;
    const struct pgn_tag *tag = c->known[TAG_RESULT];
    enum pgn_result r = tag ? pgn_result_parse(tag->value, strlen(tag->value)) : PGN_RESULT_NB;
    const char *tag_result = r == PGN_RESULT_NB ? NULL : pgn_result_text(r); /* pgn.h's text */
    if (tag && !tag_result)
        check_report(c, PGN_CHECK_BAD_RESULT_TAG, tag->line, tag->col,
                     "Result tag '%s' is not 1-0, 0-1, 1/2-1/2 or *", tag->value);
    if (!rs->has_marker) {
        bool truncated = false;
        for (size_t i = 0; i < g->ndiags; i++)
            truncated |= g->diags[i].code == PGN_E_TRUNCATED;
        check_report(c, PGN_CHECK_MISSING_RESULT, g->line, g->col, "%s",
                     truncated         ? "the input ends inside the game: no termination marker"
                     : c->ntokens == 0 ? "the game has no movetext and no termination marker"
                                       : "the movetext has no termination marker");
    } else if (tag_result && strcmp(tag_result, rs->marker) != 0) {
        check_report(c, PGN_CHECK_RESULT_MISMATCH, rs->marker_line, rs->marker_col,
                     "the movetext ends with '%s' but the Result tag says '%s'", rs->marker,
                     tag_result);
    }
    return rs->has_marker ? rs->marker : tag_result;
}

/* FIDE Art. 5.1.1 (checkmate wins), 5.2.1 (stalemate draws), 5.2.2 (a dead
 * position draws) and 6.9 (a lone king cannot win): the result must be
 * one that the final position allows. */
static void check_final_position(struct pgn_checker *c, const struct pgn_game *g,
                                 const char *result)
{
    static const char *const side[2] = {"White", "Black"};
    const struct position *p = &c->replay.stack.lines[0].pos;
    unsigned long line = c->rs.has_marker ? c->rs.marker_line : g->line;
    unsigned long col = c->rs.has_marker ? c->rs.marker_col : g->col;
    int winner = strcmp(result, "1-0") == 0 ? WHITE : strcmp(result, "0-1") == 0 ? BLACK : -1;
    bool draw = strcmp(result, "1/2-1/2") == 0;
    if (winner < 0 && !draw)
        return; /* "*": nothing claimed */
    enum variant_end_reason why;
    enum game_status s = status_get_reason(p, &why);
    if (s == STATUS_VARIANT_WIN || s == STATUS_VARIANT_LOSS || s == STATUS_VARIANT_DRAW) {
        /* The variant's own end (lib/variant.h): its winner, or a draw. */
        int w = s == STATUS_VARIANT_DRAW ? -1 : s == STATUS_VARIANT_WIN ? p->side : !p->side;
        if (w != winner)
            check_report(
                c, PGN_CHECK_WRONG_RESULT, line, col,
                "the final position ends the game by the rules of %s (%s): %s%s, but the result "
                "is '%s'",
                variant_rules((enum variant)p->variant)->title, variant_end_name(why),
                w < 0 ? "a draw" : side[w], w < 0 ? "" : " wins", result);
        return;
    }
    if (s == STATUS_CHECKMATE) {
        if (winner != !p->side)
            check_report(c, PGN_CHECK_WRONG_RESULT, line, col,
                         "the final position is checkmate: %s wins, but the result is '%s'",
                         side[!p->side], result);
        return;
    }
    if (winner < 0)
        return;
    const char *drawn = s == STATUS_STALEMATE ? "the final position is stalemate"
                        : s == STATUS_INSUFFICIENT_MATERIAL
                            ? "neither side can checkmate in the final position"
                            : NULL;
    if (drawn)
        check_report(c, PGN_CHECK_WRONG_RESULT, line, col, "%s (a draw), but the result is '%s'",
                     drawn, result);
    else if (p->variant == VARIANT_CHESS && bb_count(p->by_color[winner]) == 1)
        check_report(c, PGN_CHECK_WRONG_RESULT, line, col,
                     "%s wins with a lone king, which cannot checkmate (result '%s')", side[winner],
                     result);
}

/* PGN standard 9.2.7 (PlyCount): the number of plies of the main line. */
static void check_plycount(struct pgn_checker *c)
{
    const struct pgn_tag *t = c->known[TAG_PLYCOUNT];
    if (!t)
        return;
    unsigned long n = 0;
    size_t i = 0;
    for (; i < t->value_len && i < 9 && t->value[i] >= '0' && t->value[i] <= '9'; i++)
        n = n * 10 + (unsigned long)(t->value[i] - '0');
    if (i == 0 || i != t->value_len)
        check_report(c, PGN_CHECK_PLYCOUNT_MISMATCH, t->line, t->col,
                     "PlyCount '%s' is not a number", t->value);
    else if (n != c->rs.plies)
        check_report(c, PGN_CHECK_PLYCOUNT_MISMATCH, t->line, t->col,
                     "PlyCount is %lu but the main line has %lu %s", n, c->rs.plies,
                     c->rs.plies == 1 ? "ply" : "plies");
}

/* ---------------------------------------------------------------- game */

/* Input order, and for one place the order in which the checks ran
 * (insertion sort: stable, and the list is short and nearly sorted). */
static void sort_pending(struct pending *d, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        struct pending x = d[i];
        size_t j = i;
        while (j > 0 &&
               (d[j - 1].line > x.line || (d[j - 1].line == x.line && d[j - 1].col > x.col))) {
            d[j] = d[j - 1];
            j--;
        }
        d[j] = x;
    }
}

/* The pending diagnostics into the result (zeroed): pointers into the
 * text arena, which no longer moves, and the counts by level. */
static int publish(struct pgn_checker *c, struct pgn_check_result *res)
{
    if (c->nomem)
        return -1;
    size_t n = c->pend.n;
    struct pgn_check_diag *o = n ? array_grow(c->out, &c->out_cap, n, sizeof *o) : c->out;
    if (n && !o)
        return -1;
    c->out = o;
    res->diags = o;
    res->ndiags = n;
    for (size_t i = 0; i < n; i++) {
        const struct pending *p = &c->pend.at[i];
        enum pgn_check_level lv = pgn_check_code_level(p->code);
        o[i] = (struct pgn_check_diag){p->code, lv, p->line, p->col, c->text + p->off, p->len};
        res->errors += lv == PGN_CHECK_ERROR;
        res->warnings += lv == PGN_CHECK_WARNING;
        res->notes += lv == PGN_CHECK_NOTE;
    }
    return 0;
}

/* A game begins: its tags are read (valid during the call), and the
 * start position is set up for the moves. */
static enum pgn_visit check_tags_done(void *ctx, const struct pgn_game *g)
{
    struct pgn_checker *c = ctx;
    c->told = true;
    c->nomem = false;
    c->pend.n = c->moved.n = c->noted.n = 0;
    memset(c->moved_real, 0, sizeof c->moved_real);
    memset(c->moved_dropped, 0, sizeof c->moved_dropped);
    c->text_len = 0;
    c->ntokens = 0;
    memset(&c->rs, 0, sizeof c->rs);
    memset(c->known, 0, sizeof c->known); /* the first tag of each known name */
    memset(c->known_at, 0, sizeof c->known_at);
    for (size_t i = 0; i < g->ntags; i++) {
        int k = known_index(&g->tags[i]);
        if (k >= 0 && !c->known[k]) {
            c->known[k] = &g->tags[i];
            c->known_at[k] = i + 1;
        }
    }
    c->g = NULL;
    c->notes = c->enabled[PGN_CHECK_CHECK_MARK] || c->enabled[PGN_CHECK_SAN_STYLE] ||
               c->enabled[PGN_CHECK_ZERO_CASTLING];
    c->variations = false;
    c->nline = 0;
    c->main_alive = check_setup(c, &c->rs.start); /* (false: no replay) */
    if (c->main_alive)
        game_replay_start_at(&c->replay, &c->rs.start,
                             GAME_VARIATION_ERRORS_SKIP | (c->notes ? 0u : GAME_NO_BEFORE));
    return PGN_VISIT_GO;
}

/* A token noted for the checks at the game's end (NOTED_*). */
static __attribute__((noinline)) void note_token(struct pgn_checker *c, const struct pgn_token *tok,
                                                 uint8_t what)
{
    pending_put(
        c, &c->noted,
        (struct pending){PGN_CHECK_NONSTANDARD_TOKEN, tok->line, tok->col, 0, tok->len, what},
        tok->text);
}

/* check_token's result, out of line so that the light cases (most tokens
 * that are not moves) pay for no saved registers. */
static __attribute__((noinline)) enum pgn_visit token_result(struct pgn_checker *c,
                                                             const struct pgn_token *tok)
{
    if (tok->depth == 0) {
        c->rs.has_marker = true;
        c->rs.marker_line = tok->line;
        c->rs.marker_col = tok->col;
        memcpy(c->rs.marker, tok->text, tok->len + 1); /* (one of the four results: pgn.h) */
    }
    if (c->enabled[PGN_CHECK_NONSTANDARD_TOKEN])
        note_token(c, tok, NOTED_RESULT);
    return PGN_VISIT_GO;
}

/* Each token of the movetext, in input order: the one place where the
 * checker reads a token.  Every main-line ply and the termination marker
 * are counted even when the replay ended; a pawn capture and a result are
 * noted for their spelling, unknown text for its quote. */
static enum pgn_visit check_token(void *ctx, const struct pgn_token *tok)
{
    struct pgn_checker *c = ctx;
    c->ntokens++;
    /* (moves, null moves and move numbers, most tokens, first: a switch is an indirect
     * jump, mispredicted at each change of kind) */
    if (__builtin_expect(tok->kind == PGN_TOK_MOVE || tok->kind == PGN_TOK_NULL_MOVE, 1)) {
        if (__builtin_expect(c->enabled[PGN_CHECK_NONSTANDARD_TOKEN], 0) && tok->len >= 4 &&
            tok->text[1] == 'x' && tok->text[0] >= 'a' && tok->text[0] <= 'h')
            note_token(c, tok, NOTED_CAPTURE);
        c->rs.plies += tok->depth == 0;
        return c->main_alive ? moves_play(c, tok) : PGN_VISIT_GO;
    }
    if (tok->kind == PGN_TOK_MOVE_NUMBER) {
        if (c->main_alive) {
            unsigned at = game_replay_line(&c->replay)->pos.fullmove;
            if (__builtin_expect(tok->value != at, 0) && c->enabled[PGN_CHECK_WRONG_MOVE_NUMBER] &&
                !game_replay_skipping(&c->replay))
                check_report(c, PGN_CHECK_WRONG_MOVE_NUMBER, tok->line, tok->col,
                             "move number %u where the position is at move %u", tok->value, at);
        }
        return PGN_VISIT_GO;
    }
    switch (tok->kind) {
    case PGN_TOK_VARIATION_START:
        if (c->main_alive && !c->variations)
            moves_keep(c);
        /* fall through */
    case PGN_TOK_VARIATION_END:
        return c->main_alive ? moves_play(c, tok) : PGN_VISIT_GO;
    case PGN_TOK_RESULT:
        return token_result(c, tok);
    case PGN_TOK_COMMENT:
        check_comment(c, tok);
        break;
    case PGN_TOK_UNKNOWN:
        note_token(c, tok, NOTED_UNKNOWN);
        break;
    default:
        break;
    }
    return PGN_VISIT_GO;
}

/* The checks of one game in their order: bytes, the reader's findings,
 * tags, the start position and the moves (checked as they came), then
 * result, PlyCount, the final position and the hash; then input order. */
static int check_finish(struct pgn_checker *c, const struct pgn_game *g,
                        struct pgn_check_result *res)
{
    c->g = g;
    c->label_len = 0;
    c->dropped = 0;
    memset(res, 0, sizeof *res);

    if (g->stray) { /* no game: its one problem */
        char msg[160];
        pgn_stray_message(g, msg, sizeof msg);
        check_report(c, PGN_CHECK_STRAY_TEXT, g->diags[0].line, g->diags[0].col, "%s", msg);
        return publish(c, res);
    }
    if (g->raw)
        check_bytes(c, g);
    check_reader(c, g);
    check_spelling(c, g);
    moved_replay(c, g, MOVED_COMMENTS);
    for (int k = 0; k < TAG_KNOWN_NB; k++) /* (the tags of tags_done, indexed there) */
        c->known[k] =
            c->known_at[k] && c->known_at[k] <= g->ntags ? &g->tags[c->known_at[k] - 1] : NULL;
    if (!g->ntags && !c->rs.plies) /* (PGN 18 allows it: an empty tag section and movetext) */
        check_report(c, PGN_CHECK_EMPTY_GAME, g->line, g->col,
                     "empty game: no tag pair and no move");
    check_roster(c, g);
    check_duplicate_tags(c, g);
    static const int dates[] = {TAG_DATE, TAG_EVENT_DATE, TAG_UTC_DATE};
    for (size_t i = 0; i < 3; i++)
        if (c->known[dates[i]] && c->enabled[PGN_CHECK_BAD_DATE])
            check_date(c, c->known[dates[i]]);
    moved_replay(c, g, MOVED_MOVES); /* (check_setup's first) */
    const char *result = check_result_marker(c, g);
    check_plycount(c);
    if (c->main_alive && result && c->enabled[PGN_CHECK_WRONG_RESULT])
        check_final_position(c, g, result);
    if (c->main_alive && c->rs.plies > 0) { /* no moves: nothing that tells two games apart */
        uint64_t h = mix_text(0x243F6A8885A308D3ull, tag_value(c, TAG_WHITE));
        h = mix_text(h, tag_value(c, TAG_BLACK));
        h = mix_text(h, result);
        h = mix_text(h, tag_value(c, TAG_FEN));
        h = mix(h, c->rs.start.variant); /* the same moves in atomic are another game */
        h = mix(h, c->rs.hash);
        h = mix(h, c->rs.plies);
        res->hashed = true;
        res->hash = h ? h : 1;
    }
    sort_pending(c->pend.at, c->pend.n);
    if (c->dropped && c->enabled[PGN_CHECK_OVER_LIMIT]) {
        const struct pending *last = &c->pend.at[--c->pend.n]; /* the count replaces it */
        check_report(c, PGN_CHECK_OVER_LIMIT, last->line, last->col,
                     "%zu more problems in this game are not reported", c->dropped + 1);
    }
    if (publish(c, res) < 0)
        return -1;
    res->white = c->known[TAG_WHITE];
    res->black = c->known[TAG_BLACK];
    res->round = c->known[TAG_ROUND];
    res->event = c->known[TAG_EVENT];
    return 0;
}

/* The game ends (stray text without tokens had no tags_done): it is
 * checked once pgn_read_game returns it. */
static void check_game_end(void *ctx, const struct pgn_game *g)
{
    struct pgn_checker *c = ctx;
    if (!c->told)
        check_tags_done(c, g);
    *c->game_out = *g;
}

static const struct pgn_visitor check_visitor = {check_tags_done, check_token, check_game_end};

int pgn_check_read_game(struct pgn_checker *c, struct pgn_reader *r, struct pgn_game *g,
                        struct pgn_check_result *res)
{
    c->game_out = g;
    int rc = pgn_read_game(r, &check_visitor, c);
    if (rc > 0 && check_finish(c, g, res) < 0)
        rc = -2;
    c->main_alive = false; /* (stray text's tokens replay nothing) */
    c->told = false;
    return rc;
}

/* ---------------------------------------------------------------- duplicates */

struct dup_entry {
    uint64_t hash; /* 0: empty */
    uint32_t ordinal, line;
};

struct pgn_check_dups {
    struct dup_entry *slots;
    size_t cap, used; /* cap a power of two */
};

struct pgn_check_dups *pgn_check_dups_new(void)
{
    return calloc(1, sizeof(struct pgn_check_dups));
}

void pgn_check_dups_free(struct pgn_check_dups *d)
{
    if (!d)
        return;
    free(d->slots);
    free(d);
}

/* Open addressing with linear probing on the hash's low bits. */
static struct dup_entry *dup_slot(struct dup_entry *slots, size_t cap, uint64_t hash)
{
    size_t i = (size_t)hash & (cap - 1);
    while (slots[i].hash && slots[i].hash != hash)
        i = (i + 1) & (cap - 1);
    return &slots[i];
}

/* Double the table (kept at most half full, so probes stay short). */
static int dup_grow(struct pgn_check_dups *d)
{
    size_t cap = d->cap ? d->cap * 2 : 1024;
    struct dup_entry *s = calloc(cap, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < d->cap; i++)
        if (d->slots[i].hash)
            *dup_slot(s, cap, d->slots[i].hash) = d->slots[i];
    free(d->slots);
    d->slots = s;
    d->cap = cap;
    return 0;
}

/* Find or add in one probe sequence. */
int pgn_check_dups_find(struct pgn_check_dups *d, uint64_t hash, uint32_t ordinal, uint32_t line,
                        uint32_t *first_ordinal, uint32_t *first_line)
{
    if ((d->used + 1) * 2 > d->cap && dup_grow(d) < 0)
        return -1;
    struct dup_entry *e = dup_slot(d->slots, d->cap, hash);
    if (e->hash) {
        *first_ordinal = e->ordinal;
        *first_line = e->line;
        return 1;
    }
    *e = (struct dup_entry){hash, ordinal, line};
    d->used++;
    return 0;
}

size_t pgn_check_duplicate_text(char *buf, size_t size, unsigned long first_game,
                                const char *first_file, unsigned long first_line)
{
    int n = snprintf(buf, size, "duplicate of game %lu (%s%s%lu)", first_game,
                     first_file ? first_file : "line ", first_file ? ":" : "", first_line);
    return n < 0 ? 0 : (size_t)n;
}
