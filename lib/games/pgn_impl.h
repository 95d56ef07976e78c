/* What the pieces of the PGN reader share (lib/games/pgn*.c): the
 * reader's state, its limits and byte classes, and the functions one piece
 * calls in another.  Private to them: included only by the pgn*.c files of
 * this folder; pgn.h is the contract.
 *
 *     pgn.c          the hot path: lines, words, tokens offered to the
 *                    visitor, a comment opened, pgn_read_game
 *     pgn_setup.c    the reader made, opened and freed; the codes' names
 *                    and messages
 *     pgn_store.c    the arena and the diagnostics; control bytes
 *     pgn_comment.c  brace comments (scan_line opens them)
 *     pgn_game.c     a game begun and ended
 *     pgn_tags.c     tag pairs, and looking them up
 */
#ifndef CHESS_PGN_IMPL_H
#define CHESS_PGN_IMPL_H

#include "pgn.h"

#include "base/text_input.h"
#include "pgn_lexer.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum {
    DEFAULT_MAX_LINE = 1u << 20,
    DEFAULT_MAX_TEXT = 1u << 20,
    DEFAULT_MAX_TOKENS = 1u << 20,
    DEFAULT_MAX_TAGS = 1024,
    DEFAULT_MAX_DIAGS = 1024,
    DEFAULT_MAX_GAME = 64u << 20,
    SYMBOL_MAX = 255,        /* bytes kept of an UNKNOWN token */
    READ_CHUNK = 256u << 10, /* initial FILE buffer */
    ARENA_KEEP = 4u << 20,   /* arena bytes kept between games */
    TOKENS_KEEP = 1u << 16,  /* token slots kept between games */
    MIN_LINE = 64,           /* smallest max_line accepted */
};

/* Byte classes of the movetext scanner. */
enum byte_class {
    C_RUN = 0, /* part of a symbol run */
    C_WS,      /* space, tab, CR, VT, FF, and the DOS end-of-file mark ^Z */
    C_CTRL,    /* NUL and other control bytes: a diagnostic, then a space */
    C_LBRACE,
    C_RBRACE,
    C_LPAREN,
    C_RPAREN,
    C_LBRACK,
    C_RBRACK,
    C_SEMI,
};

/* clang-format off */
static const unsigned char byte_class[256] = {
    C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, /* 00-07 */
    C_CTRL, C_WS,   C_WS,   C_WS,   C_WS,   C_WS,   C_CTRL, C_CTRL, /* 08-0f */
    C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, /* 10-17 */
    C_CTRL, C_CTRL, C_WS,   C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, /* 18-1f */
    C_WS,                                                           /* space */
    ['{'] = C_LBRACE, ['}'] = C_RBRACE, ['('] = C_LPAREN, [')'] = C_RPAREN,
    ['['] = C_LBRACK, [']'] = C_RBRACK, [';'] = C_SEMI,   [0x7f] = C_CTRL,
};
/* clang-format on */

enum game_state { ST_START, ST_TAGS, ST_MOVES };
/* SCAN_RESULT_DONE: the game ended at its result at depth 0 (kept, or
 * dropped by max_tokens); SCAN_GAME_DONE: it ended otherwise;
 * SCAN_STRAY_DONE: stray text ended where a run of binary data begins or
 * ends (what follows is between games still). */
enum scan_status { SCAN_LINE_DONE, SCAN_GAME_DONE, SCAN_RESULT_DONE, SCAN_STRAY_DONE, SCAN_ERROR };

struct pgn_reader {
    struct pgn_limits lim;
    unsigned options;
    /* the visitor of the game being read, and what it answered */
    const struct pgn_visitor *v;
    void *v_ctx;
    size_t v_next;        /* tokens[0..v_next) were offered (or held back by a skip) */
    bool v_told;          /* tags_done was called */
    bool v_skip;          /* SKIP_GAME: nothing more is offered */
    int v_mute;           /* SKIP_VARIATION: tokens from this depth on are not offered (0: none) */
    bool v_direct;        /* told, and neither skip: the next token is offered as it is */
    size_t tok_limit;     /* max_tokens less the tokens offered: the cap counts them */
    char word[16];        /* the text of a MOVE offered from the line, NUL-terminated */
    struct pgn_lexer lex; /* the patterns of words and tag pairs */

    /* input: unread bytes are src[cur, end); src is NULL when none is open */
    struct text_reader *in; /* the input read (own, or the caller's) */
    struct text_reader own; /* a stdio stream's (pgn_reader_open_file) */
    uint64_t src_base;      /* the stream offset of src[0] */
    const char *src;
    char *buf;
    size_t buf_cap, cur, end;
    bool eof;
    char *name;

    /* current line (or piece of an overlong line) */
    const char *line;
    size_t line_len, pos, first_nonblank;
    size_t line_raw; /* src index of the line's first byte (a BOM included) */
    bool have_line, continued, cur_blank, prev_blank;
    bool skip_pieces;        /* the rest of an overlong line is a tag pair's: skipped */
    struct text_input_cr cr; /* the next lone CR in src (text_input.h) */
    unsigned long lineno, col_base, binary_line;

    enum pgn_error err;
    int sys_errno;
    unsigned long games;
    bool at_end;  /* the end of the input was reached (at_rest is known) */
    bool at_rest; /* ... with nothing after the last game's result */
    /* Between games (the input's start, or after a result at depth 0):
     * until a tag or a move comes, text is stray (pgn_game.stray). */
    bool after_result;
    bool stray_text;              /* ... and some came: the game so far is stray text */
    bool stray_binary, stray_nul; /* ... a run of binary data (pgn_game.stray_binary) */

    /* PGN_OPT_RAW: the current game's bytes start at src[raw_start] */
    size_t raw_start;
    unsigned long raw_line, raw_col, next_raw_line, next_raw_col;
    bool raw_lost; /* the game outgrew max_game: its bytes were let go */

    /* game under construction */
    enum game_state state;
    int depth;
    unsigned long open_line, open_col;
    bool in_comment, comment_stored, comment_truncated, tokens_full, tags_full, started;
    bool comment_skipped; /* the open comment is measured, not kept (PGN_OPT_SKIP_COMMENTS) */
    bool number_skipped;  /* a move number was read and not kept (PGN_OPT_SKIP_NUMBERS) */
    bool move_dropped;    /* a move, move number or null move was dropped (max_tokens) */
    size_t comment_len;   /* the skipped comment's length so far */
    unsigned long comment_line, comment_col, start_line, start_col;
    uint64_t line_offset;                  /* the stream offset of the current line's column 1 */
    uint64_t start_offset;                 /* ... of start_line:start_col */
    size_t comment_nest;                   /* inner '{' open, with PGN_OPT_NESTED_COMMENTS */
    unsigned long markup_line, markup_col; /* pgn_game.markup_line */

    /* What is kept of the tokens let go: the kinds read (a bit a kind), and
     * while first_watch (stray text may come; until found) the first token
     * that is no comment, with the first text of such a token that is no
     * empty string, which pgn_stray_message quotes. */
    unsigned kinds;
    bool first_watch;
    bool first_placed;
    struct pgn_token first;
    char first_text[SYMBOL_MAX + 1];

    char *arena;
    size_t arena_len, arena_cap;
    size_t arena_floor; /* the end of the tags' texts: tokens are stored after it */
    struct pgn_token *toks;
    size_t ntoks, toks_cap;
    struct pgn_tag *tags;
    uint64_t tag_names; /* a bit per tag name of the game (tag_bit): most lookups end there */
    size_t ntags, tags_cap;
    struct pgn_diag *diags;
    size_t ndiags, diags_cap;
};

/* The helpers the pieces share. */

static inline unsigned long col_at(const struct pgn_reader *r, const char *p)
{
    return (unsigned long)(p - r->line) + 1 + r->col_base;
}

static inline void mark_start(struct pgn_reader *r, unsigned long line, unsigned long col)
{
    if (!r->started) {
        r->started = true;
        r->start_line = line;
        r->start_col = col;
        r->start_offset = r->line_offset + col - 1; /* (line is the current line) */
    }
}

/* How many bytes at the start of p[0..n), a multiple of eight, hold no
 * control byte (below 0x20, or 0x7f): most text, read eight at a time. */
static inline size_t plain_prefix(const char *p, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, sizeof w);
        if (pgn_lexer_word_controls(w))
            break;
    }
    return i;
}

/* The index of the first control byte of p[0..n), n when none. */
static inline size_t first_control(const char *p, size_t n)
{
    size_t i = plain_prefix(p, n);
    while (i < n && byte_class[(unsigned char)p[i]] != C_CTRL)
        i++;
    return i;
}

/* A pattern that does not compile at its first match (memory ran out)
 * reads as no match here and stops the reader with PGN_E_NOMEM at the end
 * of the line, before the game is given out. */
static inline int lexed(struct pgn_reader *r, int rc)
{
    if (rc == TEXTSCAN_ERROR_COMPILE)
        r->err = PGN_E_NOMEM;
    return rc;
}

/* Sets of token kinds, as pgn_reader.kinds holds them (a bit a kind). */
enum {
    KINDS_MOVE = 1u << PGN_TOK_MOVE,
    KINDS_PLAYED = 1u << PGN_TOK_MOVE | 1u << PGN_TOK_MOVE_NUMBER | 1u << PGN_TOK_NULL_MOVE,
    KINDS_NOT_COMMENT = ~(1u << PGN_TOK_COMMENT),
};

/* The kinds of the tokens read so far, let go or stored. */
static inline unsigned kinds_read(const struct pgn_reader *r)
{
    unsigned k = r->kinds;
    for (size_t i = 0; i < r->ntoks; i++)
        k |= 1u << r->toks[i].kind;
    return k;
}

/* Could the text read since the last game ended still be stray text
 * (stray_check): no tag, and no move, move number or null move? */
static inline bool stray_so_far(const struct pgn_reader *r)
{
    return r->after_result && !r->ntags && !(kinds_read(r) & KINDS_PLAYED) && !r->number_skipped &&
           !r->move_dropped;
}

/* pgn_store.c: the arena, the diagnostics, control bytes */
int pgn_nomem(struct pgn_reader *r);
int pgn_arena_reserve(struct pgn_reader *r, size_t n);
int pgn_add_diag(struct pgn_reader *r, enum pgn_error code, unsigned long line, unsigned long col);
int pgn_diag_at(struct pgn_reader *r, enum pgn_error code, const char *p);
int pgn_note_binary(struct pgn_reader *r, const char *p);
int pgn_copy_clean(struct pgn_reader *r, char *dst, const char *src, size_t n);
int pgn_note_controls(struct pgn_reader *r, const char *p, size_t n);

/* pgn.c: the tags told to the visitor, the stored tokens offered, a
 * comment opened */
void pgn_tell_tags(struct pgn_reader *r);
void pgn_visit_stored(struct pgn_reader *r);
int pgn_comment_open(struct pgn_reader *r, const char *p);

/* pgn_comment.c: brace comments */
int pgn_comment_close(struct pgn_reader *r);
const char *pgn_comment_scan(struct pgn_reader *r, const char *p, const char *end);

/* pgn_tags.c: tag pairs */
int pgn_match_tag(struct pgn_reader *r, enum pgn_lexer_tag_form form, const char *s, size_t n,
                  struct pgn_lexer_tag *t);
int pgn_scan_tag(struct pgn_reader *r, const char *p, const char *end, const char **next,
                 bool *dup);
bool pgn_starts_tag(struct pgn_reader *r, const char *p, const char *end);

/* pgn_game.c: a game begun and ended */
void pgn_clear_game(struct pgn_reader *r);
size_t pgn_raw_end_on_line(struct pgn_reader *r);
int pgn_finish_game(struct pgn_reader *r, struct pgn_game *g, size_t end, bool at_result);
bool pgn_worth_a_game(const struct pgn_reader *r);

#endif
