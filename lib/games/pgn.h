/* PGN reading: a streaming, pure-text layer that splits PGN input into games
 * and each game into tag pairs and classified movetext tokens, pushed to a
 * visitor as they are read (struct pgn_visitor; game.h's
 * game_replay_visitor replays as it reads).  It knows no chess rules (the
 * shape of plain SAN it asks of san.h); it never prints, never exits and
 * never fails on bad text: problems become diagnostics inside the game
 * that holds them.  formats/pgn.md is the specification of what is
 * accepted; keep the two in step.
 *
 *     struct pgn_reader *r = pgn_reader_new();
 *     int rc;
 *     pgn_reader_open_file(r, stdin, "-");
 *     while ((rc = pgn_read_game(r, &visitor, ctx)) > 0)
 *         ;  // visitor.token(ctx, tok): ... tok->kind, tok->text ...
 *     if (rc < 0)
 *         ... pgn_error_message(pgn_reader_error(r)) ...
 *     pgn_reader_free(r);
 *
 * Memory is constant across games: one input buffer (at most max_line + 2
 * bytes for a FILE) and the current game's arrays and text arena, reused
 * for the next; a caller that wants a game's tokens together
 * (tests/pgn_collect.h) collects them as they are offered.  Every text of
 * a game (tag names and values) points into that arena, is NUL-terminated
 * (its length given too) and stays valid until the next pgn_read_game,
 * pgn_reader_open_* or pgn_reader_free call on the same reader.  A reader
 * is not thread-safe; use one reader per thread.
 *
 * Positions are 1-based: line counts '\n' characters, col counts bytes
 * (not characters; a tab is one column) within the line, not counting a
 * UTF-8 byte-order mark at the start of a line. */
#ifndef CHESS_PGN_H
#define CHESS_PGN_H

#include "pgn_result.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

struct text_reader;

/* Diagnostics inside a game, and the hard errors of pgn_read_game
 * (PGN_E_NOMEM, PGN_E_IO).  pgn_error_name gives a short stable name for
 * scripts ("missing-result"), pgn_error_message a sentence fragment. */
enum pgn_error {
    PGN_OK = 0,
    /* hard errors: pgn_read_game returns -1 */
    PGN_E_NOMEM,
    PGN_E_IO,
    PGN_E_NOT_OPEN,
    PGN_E_UTF16, /* the input starts with a UTF-16 byte-order mark: not read */
    /* tag section */
    PGN_E_BAD_TAG,          /* malformed tag pair (recovered or skipped) */
    PGN_E_UNTERMINATED_TAG, /* '[' without ']' on the same line */
    PGN_E_TOO_MANY_TAGS,    /* more than max_tags tag pairs: rest dropped */
    /* movetext */
    PGN_E_UNTERMINATED_COMMENT, /* '{' without '}' before the game ended */
    PGN_E_UNCLOSED_VARIATION,   /* '(' still open when the game ended */
    PGN_E_UNMATCHED_CLOSE,      /* ')' with no open variation: dropped */
    PGN_E_UNEXPECTED_TOKEN,     /* text that is no PGN token: an UNKNOWN token */
    PGN_E_BAD_NAG,              /* "$n" with n above 255: an UNKNOWN token */
    PGN_E_RESULT_IN_VARIATION,  /* a result inside '(' ... ')': kept, game goes on */
    /* game boundaries */
    PGN_E_MISSING_RESULT, /* game ended by the next game's tags, no result */
    PGN_E_TRUNCATED,      /* input ended inside a game (no result) */
    PGN_E_UNENDED_GAME,   /* game ended by a new "1." after a blank line, no result */
    PGN_E_STRAY_TEXT,     /* text outside any game: no tag, no move */
    /* sizes and bytes */
    PGN_E_TOKEN_TOO_LONG,  /* comment, tag value or symbol over its cap: truncated */
    PGN_E_LINE_TOO_LONG,   /* line over max_line bytes: split into pieces */
    PGN_E_TOO_MANY_TOKENS, /* more than max_tokens tokens: rest of game dropped */
    PGN_E_TOO_MANY_DIAGS,  /* more than max_diags diagnostics: rest dropped */
    PGN_E_BINARY,          /* NUL or other control byte: read as a space */
    PGN_ERROR_NB
};

const char *pgn_error_name(enum pgn_error code);
const char *pgn_error_message(enum pgn_error code);

/* Do the two bytes at s make a UTF-16 byte-order mark (FF FE or FE FF)?
 * A text that starts with one is not read (PGN_E_UTF16): every reader of
 * text in the toolkit asks here. */
bool pgn_utf16_bom(const char *s);

/* The length of the UTF-8 byte-order mark at s[0..n) (3), or 0: it may
 * open a line and is no column; every reader of PGN text asks here. */
static inline size_t pgn_utf8_bom_len(const char *s, size_t n)
{
    return n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

/* Is s[0..n) an escape line ('%' in the first column, standard 6),
 * skipped whole? */
static inline bool pgn_escape_line(const char *s, size_t n)
{
    return n > 0 && s[0] == '%';
}

/* The length of the forum delimiter "[pgn]" or "[/pgn]" (any case) at
 * p[0..n) (p[0] is '['), which message boards wrap games in and the
 * reader skips as a blank, or 0. */
static inline size_t pgn_forum_markup(const char *p, size_t n)
{
    if (n >= 6 && p[1] == '/' && strncasecmp(p, "[/pgn]", 6) == 0)
        return 6;
    if (n >= 5 && (p[1] | 0x20) == 'p' && strncasecmp(p, "[pgn]", 5) == 0)
        return 5;
    return 0;
}

enum pgn_token_kind {
    PGN_TOK_MOVE,        /* SAN, long algebraic, UCI or drop text, e.g. "Nf3", "e7e8q", "O-O+" */
    PGN_TOK_NULL_MOVE,   /* "--", "Z0", "0000" or "@@@@" */
    PGN_TOK_MOVE_NUMBER, /* "12." or "12..."; value = 12 */
    PGN_TOK_NAG,         /* "$14" or a suffix/symbol such as "!?" or "+-"; value = NAG number */
    PGN_TOK_COMMENT,     /* text of a {...} or ;... comment, without the delimiters */
    PGN_TOK_VARIATION_START, /* "(" */
    PGN_TOK_VARIATION_END,   /* ")" */
    PGN_TOK_RESULT,          /* "1-0", "0-1", "1/2-1/2" or "*" */
    PGN_TOK_UNKNOWN,         /* anything else, with its text (see PGN_E_UNEXPECTED_TOKEN) */
    PGN_TOK_KIND_NB
};

/* "move", "null-move", "move-number", "nag", "comment", "variation-start",
 * "variation-end", "result", "unknown". */
const char *pgn_token_kind_name(enum pgn_token_kind kind);

/* One movetext token.  MOVE texts have the move-number prefix, annotation
 * suffixes ("!", "?", "!!", "??", "!?", "?!": they follow as a NAG token)
 * and an en-passant note ("e.p.", "ep" glued) removed; check marks "+"/"#"
 * are kept; castling written with zeros or lower-case o is normalised to
 * "O-O" / "O-O-O".  A RESULT text is one of the four standard results
 * ("½-½" and "1/2–1/2" become "1/2-1/2", "1–0" with an en dash "1-0").
 * Lines end at LF, CRLF or a lone CR; line numbers count them so.
 * depth is the variation nesting level: 0 for the main line; tokens inside
 * "(" ... ")" have the depth of the enclosing line plus one, and the "("
 * and ")" tokens themselves have the depth of the enclosing line. */
struct pgn_token {
    enum pgn_token_kind kind;
    const char *text; /* NUL-terminated, in the game's arena (an UNKNOWN token of a control byte
                         read between games keeps that byte, NUL too: len counts) */
    size_t len;
    unsigned long line, col;
    int depth;
    unsigned value; /* NAG number for NAG, move number for MOVE_NUMBER, a MOVE's
                     * shape when it is plain SAN (san_token_shape, san.h) or 0,
                     * else 0 */
};

/* One tag pair, in input order; the value has \" and \\ unescaped. */
struct pgn_tag {
    const char *name;
    size_t name_len;
    const char *value;
    size_t value_len;
    unsigned long line, col; /* of the '[' */
    /* The value holds no quote and no backslash, so that writing it back
     * needs no escape; false when that is not known. */
    bool plain_value;
    /* The name occurs earlier in the game's tags (PGN_OPT_REPEATED_TAGS):
     * the first value is the tag's value (PGN standard 8.1 allows one), so
     * this pair is to be reported, and not written back. */
    bool repeated;
};

struct pgn_diag {
    unsigned long line, col;
    enum pgn_error code;
};

/* A game: its tag pairs, its movetext tokens (none from the reader but
 * stray text's one: struct pgn_visitor), and what was wrong with it. */
struct pgn_game {
    unsigned long number;    /* 1 for the first game of the input */
    unsigned long line, col; /* where the game's first tag or token starts */
    uint64_t offset;         /* ... as a byte offset in the input's text (from
                              * 0, or from the offset pgn_reader_set_base
                              * gives): the game's address, where a reader
                              * seeked to reads the game */
    const struct pgn_tag *tags;
    size_t ntags;
    const struct pgn_token *tokens;
    size_t ntokens;
    const struct pgn_diag *diags;
    size_t ndiags;
    const char *source; /* the name given to pgn_reader_open_* (valid until the next open) */
    /* With PGN_OPT_RAW (else NULL, as when the game outgrew max_game): the
     * game's bytes as read, valid as long as the texts above, from where
     * the previous game ended to the end of the line of its last token
     * (blank lines before its tags are its own).  Concatenated, those of
     * all games and pgn_reader_rest() give back the input byte for byte. */
    const char *raw;
    size_t raw_len;
    unsigned long raw_line, raw_col; /* where raw starts */
    /* The record is no game: text between games that holds no tag, no
     * move and no result ("trailing words", a stray ")", a NAG), to report
     * and count as no game (a result ends a game, an empty one at least).  Its one diagnostic,
     * PGN_E_STRAY_TEXT, is at its first token that is no comment; number is that of the game
     * before. */
    bool stray;
    /* The stray text is a run of binary data: control bytes other than
     * blanks (NUL, and the others below 0x20 and 0x7f), with the blanks
     * and line ends among them, up to the next text, which is read apart;
     * stray_nul when a NUL is among them.  Its diagnostic is at the run's
     * first byte. */
    bool stray_binary, stray_nul;
    /* The first forum delimiter ("[pgn]", "[/pgn]") read while this game
     * was read (0 when none): skipped as a blank, for a checker to note
     * (one after the last game is skipped without a word). */
    unsigned long markup_line, markup_col;
};

/* Caps that keep memory bounded on hostile input.  A zero field means the
 * default (in brackets). */
struct pgn_limits {
    size_t max_line;   /* bytes per line [1 MiB]; longer lines are split */
    size_t max_text;   /* bytes per comment or tag value [1 MiB]; truncated */
    size_t max_tokens; /* tokens per game [1 Mi]; the rest are skipped */
    size_t max_tags;   /* tag pairs per game [1024] */
    size_t max_diags;  /* diagnostics per game [1024] */
    size_t max_game;   /* bytes of one game kept with PGN_OPT_RAW [64 MiB] */
};

/* A reader with its compiled patterns; NULL when out of memory. */
struct pgn_reader *pgn_reader_new(void);
void pgn_reader_free(struct pgn_reader *r);

/* Changes the caps (before opening an input); lim may be NULL for the
 * defaults. */
void pgn_reader_set_limits(struct pgn_reader *r, const struct pgn_limits *lim);

/* Options (bit flags, none by default). */
enum {
    /* Classify every movetext token with the PCRE2 pattern, bypassing the
     * hand-written fast path for common shapes: slower, same output; for
     * tests that check the two agree. */
    PGN_OPT_NO_FASTPATH = 1u << 0,
    /* Let '{' nest inside brace comments: "{ a { b } c }" is one comment.
     * The standard (and the default) ends a comment at its first '}'. */
    PGN_OPT_NESTED_COMMENTS = 1u << 1,
    /* Keep the bytes of each game (pgn_game.raw), for tools that pass
     * games through unchanged; the input buffer then holds a whole game. */
    PGN_OPT_RAW = 1u << 2,
    /* A tag name that repeats in the tag section stays in the game (both
     * pairs are kept, the repeat marked pgn_tag.repeated, for a checker to
     * report and a writer to leave out) unless a blank line comes before
     * it; by default the repeat starts the next game (a game without
     * movetext). */
    PGN_OPT_REPEATED_TAGS = 1u << 3,
    /* Move numbers ("12." "12...") are read but not kept as tokens: a
     * replay takes the number from its position.  max_tokens then counts
     * the tokens kept. */
    PGN_OPT_SKIP_NUMBERS = 1u << 4,
    /* Comments are read and checked (control bytes, the max_text cap, an
     * unterminated '{') but not kept as tokens, for callers that drop them. */
    PGN_OPT_SKIP_COMMENTS = 1u << 5,
};
void pgn_reader_set_options(struct pgn_reader *r, unsigned options);

/* Start reading a text_reader (base/text_input.h: a descriptor, the
 * tools' decompressor...; not freed by the reader), a stdio stream (not
 * closed; read with fread, which waits for a whole read: files and
 * memory streams) or a memory buffer (not copied: it must outlive the
 * reading).  name labels games (e.g. the file name); NULL reads as "-".
 * Returns PGN_OK, PGN_E_NOMEM, or PGN_E_NOT_OPEN for a NULL in or fp; on
 * failure the reader is left closed.  A text_reader is read without
 * waiting for more than one game (what its source has now), so nothing
 * else may read from it while the reader uses it.  Offsets
 * (pgn_game.offset) count from the reader's offset at the open. */
enum pgn_error pgn_reader_open_input(struct pgn_reader *r, struct text_reader *in,
                                     const char *name);
enum pgn_error pgn_reader_open_file(struct pgn_reader *r, FILE *fp, const char *name);
/* After an open: the offset in the whole text of the input's first byte
 * (a chunk of a file read apart), which pgn_game.offset counts from. */
void pgn_reader_set_base(struct pgn_reader *r, uint64_t offset);
enum pgn_error pgn_reader_open_mem(struct pgn_reader *r, const char *buf, size_t len,
                                   const char *name);

/* What a visitor answers. */
enum pgn_visit {
    PGN_VISIT_GO,
    /* To a VARIATION_START token (else read as GO): none of the
     * variation's tokens, its ")" included, is offered; the reader still
     * reads them (and finds their diagnostics). */
    PGN_VISIT_SKIP_VARIATION,
    /* No more tokens of this game are offered; game_end still comes. */
    PGN_VISIT_SKIP_GAME,
};

/* A game's consumer, pushed the game as it is read (game.h's replay is
 * one): tags_done once its tags are all read (when its movetext begins,
 * or at its end), then each token, complete (a brace comment over several
 * lines whole, a move number with its periods merged) and valid during
 * the call, in input order, then game_end.  tags_done's game has its
 * tags (valid during the call), number, place and source; game_end's has
 * the rest but no tokens (the reader keeps none), but for stray text
 * (pgn_game.stray), which has the one token its message quotes (and no
 * tags_done when none was offered).  A diagnostic found after some tokens
 * (a truncated game, a missing result) is known at game_end only. */
struct pgn_visitor {
    enum pgn_visit (*tags_done)(void *ctx, const struct pgn_game *g);
    enum pgn_visit (*token)(void *ctx, const struct pgn_token *tok);
    void (*game_end)(void *ctx, const struct pgn_game *g);
};

/* Reads the next game, pushing it to v (with ctx): 1 when a game was read
 * (game_end has come), 0 at the end of the input, -1 on a hard error (out
 * of memory, read error; see pgn_reader_error).  Bad text never makes it
 * fail.  max_tokens counts every token read, offered or held. */
int pgn_read_game(struct pgn_reader *r, const struct pgn_visitor *v, void *ctx);

/* With PGN_OPT_RAW, after pgn_read_game returned 0: the bytes after the
 * last game that make no game (blank lines, comments, escape lines), to be
 * passed through with the games; *line is where they start.  0 when there
 * are none. */
size_t pgn_reader_rest(const struct pgn_reader *r, const char **text, unsigned long *line);

/* After pgn_read_game returned 0: whether the input ended at rest, its
 * last game (or stray text) ended at its result with only blank lines and
 * escape lines after it (or the input held nothing else), so that it
 * followed by more text reads as the two apart (--jobs checks a cut it
 * guessed so).  False before the end. */
bool pgn_reader_at_rest(const struct pgn_reader *r);

/* The hard error behind the last -1 (PGN_OK if none), and for PGN_E_IO the
 * errno value of the failed read. */
enum pgn_error pgn_reader_error(const struct pgn_reader *r);
int pgn_reader_errno(const struct pgn_reader *r);

/* The first of tags[0..ntags) called name (case-sensitive), or NULL. */
const struct pgn_tag *pgn_tags_find(const struct pgn_tag *tags, size_t ntags, const char *name);
/* The value of the game's first tag called name (case-sensitive), or NULL. */
const char *pgn_game_tag(const struct pgn_game *g, const char *name);

/* The sentences that report stray text and a repeated tag, written once
 * for every tool (snprintf contract): "text outside any game (ignored):
 * 'trailing'", quoting g's first token that is no comment (g->stray), or
 * "binary data (NUL bytes) outside any game" ("(control bytes)" without a
 * NUL: g->stray_binary), and "tag Site appears twice (first on line 2)" for
 * g->tags[i] (repeated), its first's line shifted by line_offset lines
 * (those before the text read, under --jobs). */
int pgn_stray_message(const struct pgn_game *g, char *buf, size_t size);
int pgn_repeat_message(const struct pgn_game *g, size_t i, unsigned long line_offset, char *buf,
                       size_t size);

/* "12." for White's move 12 and "12..." for Black's (PGN standard 8.2.2.2):
 * the move number indication every writer of movetext and every diagnostic
 * uses.  snprintf contract; PGN_MOVE_NUMBER_MAX bytes always suffice.
 * Inline, with the digits in pairs: a named record and a SAN line write
 * one per ply, and every real game stays below move 1000. */
enum { PGN_MOVE_NUMBER_MAX = 24 };
static inline size_t pgn_move_number(unsigned long number, bool black, char *buf, size_t size)
{
    static const char pairs[] = "000102030405060708091011121314151617181920212223242526272829303132"
                                "3334353637383940414243444546474849"
                                "505152535455565758596061626364656667686970717273747576777879808182"
                                "8384858687888990919293949596979899";
    if (number < 1000 && size >= 8) {
        size_t n = 1;
        if (number < 10) {
            buf[0] = (char)('0' + number);
        } else if (number < 100) {
            memcpy(buf, pairs + 2 * number, 2);
            n = 2;
        } else {
            buf[0] = (char)('0' + number / 100);
            memcpy(buf + 1, pairs + 2 * (number % 100), 2);
            n = 3;
        }
        memcpy(buf + n, black ? "...\0" : ".\0", black ? 4 : 2);
        return n + (black ? 3 : 1);
    }
    return (size_t)snprintf(buf, size, black ? "%lu..." : "%lu.", number);
}

#endif /* CHESS_PGN_H */
