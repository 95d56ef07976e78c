/* PGN reader (pgn.h; formats/pgn.md says what is accepted): input split
 * into lines, lines into tag pairs and movetext words at the delimiters
 * (a byte-class table), words into tokens by the lexer (pgn_lexer.h). */
#include "pgn.h"

#include "base/array.h"
#include "pgn_lexer.h"
#include "notation/san.h"
#include "base/text_input.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
    FILE *fp;
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

/* The name and the message of each code. */
static const struct {
    const char *name, *message;
} errors[PGN_ERROR_NB] = {
    [PGN_OK] = {"ok", "no error"},
    [PGN_E_NOMEM] = {"out-of-memory", "out of memory"},
    [PGN_E_IO] = {"read-error", "read error"},
    [PGN_E_NOT_OPEN] = {"not-open", "no input opened"},
    [PGN_E_UTF16] = {"utf-16", "UTF-16 text: convert it to UTF-8"},
    [PGN_E_BAD_TAG] = {"bad-tag", "malformed tag pair"},
    [PGN_E_UNTERMINATED_TAG] = {"unterminated-tag", "tag pair not closed by ']' on its line"},
    [PGN_E_TOO_MANY_TAGS] = {"too-many-tags", "too many tag pairs; the rest are ignored"},
    [PGN_E_UNTERMINATED_COMMENT] = {"unterminated-comment", "comment '{' not closed by '}'"},
    [PGN_E_UNCLOSED_VARIATION] = {"unclosed-variation", "variation '(' not closed by ')'"},
    [PGN_E_UNMATCHED_CLOSE] = {"unmatched-close", "')' without an open variation"},
    [PGN_E_UNEXPECTED_TOKEN] = {"unexpected-token", "unrecognised text in movetext"},
    [PGN_E_BAD_NAG] = {"bad-nag", "NAG number above 255"},
    [PGN_E_RESULT_IN_VARIATION] = {"result-in-variation", "game result inside a variation"},
    [PGN_E_MISSING_RESULT] = {"missing-result",
                              "game has no result; the next game's tags begin here"},
    [PGN_E_TRUNCATED] = {"truncated", "input ends inside a game (no result)"},
    [PGN_E_UNENDED_GAME] =
        {"unended-game", "game has no result; a new game begins here (move 1 after a blank line)"},
    [PGN_E_STRAY_TEXT] = {"stray-text", "text outside any game (ignored)"},
    [PGN_E_TOKEN_TOO_LONG] = {"token-too-long", "token too long; truncated"},
    [PGN_E_LINE_TOO_LONG] = {"line-too-long", "line too long; split"},
    [PGN_E_TOO_MANY_TOKENS] = {"too-many-tokens",
                               "too many tokens in one game; the rest are ignored"},
    [PGN_E_TOO_MANY_DIAGS] = {"too-many-diagnostics",
                              "too many problems in one game; the rest are not reported"},
    [PGN_E_BINARY] = {"binary-byte", "NUL or control byte (read as a space)"},
};

static const char *const kind_names[PGN_TOK_KIND_NB] = {
    [PGN_TOK_MOVE] = "move",
    [PGN_TOK_NULL_MOVE] = "null-move",
    [PGN_TOK_MOVE_NUMBER] = "move-number",
    [PGN_TOK_NAG] = "nag",
    [PGN_TOK_COMMENT] = "comment",
    [PGN_TOK_VARIATION_START] = "variation-start",
    [PGN_TOK_VARIATION_END] = "variation-end",
    [PGN_TOK_RESULT] = "result",
    [PGN_TOK_UNKNOWN] = "unknown",
};

const char *pgn_error_name(enum pgn_error code)
{
    return (unsigned)code < PGN_ERROR_NB ? errors[code].name : "unknown-error";
}

const char *pgn_error_message(enum pgn_error code)
{
    return (unsigned)code < PGN_ERROR_NB ? errors[code].message : "unknown error";
}

const char *pgn_token_kind_name(enum pgn_token_kind kind)
{
    return (unsigned)kind < PGN_TOK_KIND_NB ? kind_names[kind] : "invalid";
}

bool pgn_utf16_bom(const char *s)
{
    unsigned char a = (unsigned char)s[0], b = (unsigned char)s[1];
    return (a == 0xFF && b == 0xFE) || (a == 0xFE && b == 0xFF);
}

/* ---------------------------------------------------------------- setup */

void pgn_reader_set_limits(struct pgn_reader *r, const struct pgn_limits *src)
{
    struct pgn_limits z = {0}, *dst = &r->lim;
    if (!src)
        src = &z;
    dst->max_line = src->max_line ? src->max_line : DEFAULT_MAX_LINE;
    if (dst->max_line < MIN_LINE)
        dst->max_line = MIN_LINE;
    dst->max_text = src->max_text ? src->max_text : DEFAULT_MAX_TEXT;
    dst->max_tokens = src->max_tokens ? src->max_tokens : DEFAULT_MAX_TOKENS;
    dst->max_tags = src->max_tags ? src->max_tags : DEFAULT_MAX_TAGS;
    dst->max_diags = src->max_diags ? src->max_diags : DEFAULT_MAX_DIAGS;
    dst->max_game = src->max_game ? src->max_game : DEFAULT_MAX_GAME;
}

struct pgn_reader *pgn_reader_new(void)
{
    struct pgn_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    pgn_reader_set_limits(r, NULL);
    if (!pgn_lexer_init(&r->lex)) {
        pgn_reader_free(r);
        return NULL;
    }
    return r;
}

void pgn_reader_free(struct pgn_reader *r)
{
    if (!r)
        return;
    pgn_lexer_free(&r->lex);
    free(r->buf);
    free(r->name);
    free(r->arena);
    free(r->toks);
    free(r->tags);
    free(r->diags);
    free(r);
}

void pgn_reader_set_options(struct pgn_reader *r, unsigned options)
{
    r->options = options;
}

/* Resets everything that belongs to the previous input. */
static enum pgn_error open_common(struct pgn_reader *r, const char *name)
{
    char *copy = strdup(name ? name : "-");
    if (!copy)
        return PGN_E_NOMEM;
    free(r->name);
    r->name = copy;
    r->fp = NULL;
    r->src = r->line = NULL;
    r->cur = r->end = r->line_len = r->pos = r->raw_start = 0;
    r->eof = r->have_line = r->continued = r->cur_blank = r->at_end = r->at_rest = false;
    r->raw_lost = false;
    r->prev_blank = r->after_result = true; /* (the input's start is between games too) */
    r->lineno = r->col_base = r->binary_line = r->games = 0;
    r->err = PGN_OK;
    r->sys_errno = 0;
    r->raw_line = r->raw_col = 1;
    text_input_cr_reset(&r->cr);
    return PGN_OK;
}

enum pgn_error pgn_reader_open_file(struct pgn_reader *r, FILE *fp, const char *name)
{
    enum pgn_error e = open_common(r, name);
    if (e)
        return e;
    if (!fp)
        return PGN_E_NOT_OPEN;
    if (!r->buf) {
        r->buf = malloc(READ_CHUNK);
        if (!r->buf)
            return PGN_E_NOMEM;
        r->buf_cap = READ_CHUNK;
    }
    r->fp = fp;
    r->src = r->buf;
    return PGN_OK;
}

enum pgn_error pgn_reader_open_mem(struct pgn_reader *r, const char *buf, size_t len,
                                   const char *name)
{
    enum pgn_error e = open_common(r, name);
    if (e)
        return e;
    r->src = buf ? buf : "";
    r->end = buf ? len : 0;
    r->eof = true;
    return PGN_OK;
}

enum pgn_error pgn_reader_error(const struct pgn_reader *r)
{
    return r->err;
}

int pgn_reader_errno(const struct pgn_reader *r)
{
    return r->sys_errno;
}

bool pgn_reader_at_rest(const struct pgn_reader *r)
{
    return r->at_rest; /* (set with at_end) */
}

size_t pgn_reader_rest(const struct pgn_reader *r, const char **text, unsigned long *line)
{
    *text = "";
    *line = r->raw_line;
    if (!(r->options & PGN_OPT_RAW) || r->raw_lost || !r->src || r->raw_start >= r->end)
        return 0;
    *text = r->src + r->raw_start;
    return r->end - r->raw_start;
}

/* Linear (a game has a score of tags); comparing the first letters first
 * spares nearly every strcmp. */
const struct pgn_tag *pgn_tags_find(const struct pgn_tag *tags, size_t ntags, const char *name)
{
    for (size_t i = 0; i < ntags; i++)
        if (tags[i].name[0] == name[0] && strcmp(tags[i].name, name) == 0)
            return &tags[i];
    return NULL;
}

const char *pgn_game_tag(const struct pgn_game *g, const char *name)
{
    const struct pgn_tag *t = pgn_tags_find(g->tags, g->ntags, name);
    return t ? t->value : NULL;
}

int pgn_stray_message(const struct pgn_game *g, char *buf, size_t size)
{
    if (g->stray_binary) /* (its bytes are no text to quote) */
        return snprintf(buf, size, "binary data (%s bytes) outside any game",
                        g->stray_nul ? "NUL" : "control");
    const char *text = "";
    for (size_t i = 0; i < g->ntokens && !*text; i++)
        if (g->tokens[i].kind != PGN_TOK_COMMENT)
            text = g->tokens[i].text;
    /* the text quoted, its control bytes written \xNN (a message is one
     * line of text) */
    char quoted[4 * 64 + 1];
    size_t n = 0;
    for (size_t i = 0; i < 64 && text[i]; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c < 0x20 || c == 0x7f)
            n += (size_t)snprintf(quoted + n, sizeof quoted - n, "\\x%02x", c);
        else
            quoted[n++] = (char)c;
    }
    quoted[n] = '\0';
    return snprintf(buf, size, "%s: '%s'", errors[PGN_E_STRAY_TEXT].message, quoted);
}

int pgn_repeat_message(const struct pgn_game *g, size_t i, unsigned long line_offset, char *buf,
                       size_t size)
{
    const struct pgn_tag *t = &g->tags[i], *first = pgn_tags_find(g->tags, i, t->name);
    return snprintf(buf, size, "tag %s appears twice (first on line %lu)", t->name,
                    (first ? first->line : t->line) + line_offset);
}

/* ---------------------------------------------------------------- storage */

static int nomem(struct pgn_reader *r)
{
    r->err = PGN_E_NOMEM;
    return -1;
}

/* Moves the pointers of the stored texts (tokens', tags'): less from,
 * they are arena offsets while the arena moves; plus to, pointers again. */
static void move_texts(struct pgn_reader *r, uintptr_t from, uintptr_t to)
{
    for (size_t i = 0; i < r->ntoks; i++)
        r->toks[i].text = (const char *)((uintptr_t)r->toks[i].text - from + to);
    for (size_t i = 0; i < r->ntags; i++) {
        r->tags[i].name = (const char *)((uintptr_t)r->tags[i].name - from + to);
        r->tags[i].value = (const char *)((uintptr_t)r->tags[i].value - from + to);
    }
}

/* Makes room for n more bytes of text; the stored texts follow the arena
 * when it moves (rarely: it doubles). */
static int arena_reserve(struct pgn_reader *r, size_t n)
{
    if (r->arena_len + n <= r->arena_cap)
        return 0;
    move_texts(r, (uintptr_t)r->arena, 0);
    char *a = array_grow(r->arena, &r->arena_cap, r->arena_len + n, 1);
    /* (a failed realloc keeps the old block) */
    move_texts(r, 0, (uintptr_t)(a ? a : r->arena));
    if (!a)
        return nomem(r);
    r->arena = a;
    return 0;
}

static unsigned long col_at(const struct pgn_reader *r, const char *p)
{
    return (unsigned long)(p - r->line) + 1 + r->col_base;
}

static void mark_start(struct pgn_reader *r, unsigned long line, unsigned long col)
{
    if (!r->started) {
        r->started = true;
        r->start_line = line;
        r->start_col = col;
    }
}

/* Records a problem; past max_diags the last slot says that more were
 * dropped, which keeps a garbage game from growing the array. */
static int add_diag(struct pgn_reader *r, enum pgn_error code, unsigned long line,
                    unsigned long col)
{
    if (r->ndiags >= r->lim.max_diags)
        return 0;
    struct pgn_diag *d = array_grow(r->diags, &r->diags_cap, r->ndiags + 1, sizeof *r->diags);
    if (!d)
        return nomem(r);
    r->diags = d;
    if (r->ndiags + 1 == r->lim.max_diags)
        code = PGN_E_TOO_MANY_DIAGS;
    r->diags[r->ndiags++] = (struct pgn_diag){.line = line, .col = col, .code = code};
    return 0;
}

static int diag_at(struct pgn_reader *r, enum pgn_error code, const char *p)
{
    return add_diag(r, code, r->lineno, col_at(r, p));
}

/* Records a control byte, once per line so that a binary file does not
 * drown the game in diagnostics. */
static int note_binary(struct pgn_reader *r, const char *p)
{
    if (r->binary_line == r->lineno)
        return 0;
    r->binary_line = r->lineno;
    return diag_at(r, PGN_E_BINARY, p);
}

/* How many bytes at the start of p[0..n), a multiple of eight, hold no
 * control byte (below 0x20, or 0x7f): most text, read eight at a time. */
static size_t plain_prefix(const char *p, size_t n)
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
static size_t first_control(const char *p, size_t n)
{
    size_t i = plain_prefix(p, n);
    while (i < n && byte_class[(unsigned char)p[i]] != C_CTRL)
        i++;
    return i;
}

/* Copies text that may hold control bytes (comments, tag values, junk),
 * turning them into spaces so that every stored text is a clean C string. */
static int copy_clean(struct pgn_reader *r, char *dst, const char *src, size_t n)
{
    if (n) /* (src may be NULL when n is 0) */
        memcpy(dst, src, n);
    size_t i = first_control(src, n);
    if (i < n && note_binary(r, src + i) < 0) /* (the first is the one noted) */
        return -1;
    for (; i < n; i++)
        if (byte_class[(unsigned char)src[i]] == C_CTRL)
            dst[i] = ' ';
    return 0;
}

/* Notes the first control byte of text that is not kept, as copy_clean
 * would have. */
static int note_controls(struct pgn_reader *r, const char *p, size_t n)
{
    size_t i = first_control(p, n);
    return i < n ? note_binary(r, p + i) : 0;
}

/* The slow part of emit2: the max_tokens cap and array growth.  Returns 1
 * when there is room, 0 when the game is full (a token of that kind is
 * dropped), -1 when out of memory. */
static int token_room(struct pgn_reader *r, size_t n, const char *at, enum pgn_token_kind kind)
{
    if (r->ntoks >= r->tok_limit) {
        /* (what makes the text a game, though dropped: stray_check) */
        if (kind == PGN_TOK_MOVE || kind == PGN_TOK_MOVE_NUMBER || kind == PGN_TOK_NULL_MOVE)
            r->move_dropped = true;
        if (r->tokens_full)
            return 0;
        r->tokens_full = true;
        return diag_at(r, PGN_E_TOO_MANY_TOKENS, at) < 0 ? -1 : 0;
    }
    struct pgn_token *t = array_grow(r->toks, &r->toks_cap, r->ntoks + 1, sizeof *t);
    if (!t)
        return nomem(r);
    r->toks = t;
    return arena_reserve(r, n + 1) < 0 ? -1 : 1;
}

/* ---------------------------------------------------------------- visiting */

/* tags_done: the tags are all read (the movetext has begun, or the game
 * ends). */
static __attribute__((noinline)) void tell_tags(struct pgn_reader *r)
{
    r->v_told = true;
    struct pgn_game g = {
        .number = r->games + 1,
        .line = r->start_line,
        .col = r->start_col,
        .tags = r->tags,
        .ntags = r->ntags,
        .tokens = r->toks,
        .source = r->name,
    };
    if (r->v->tags_done(r->v_ctx, &g) == PGN_VISIT_SKIP_GAME)
        r->v_skip = true;
}

static void visit_update(struct pgn_reader *r)
{
    r->v_direct = r->v_told && !r->v_skip && !r->v_mute;
}

/* visit when an answer holds tokens back or the tags are still to be
 * told: whether t is to be offered. */
static __attribute__((noinline)) bool visit_held(struct pgn_reader *r, const struct pgn_token *t)
{
    bool muted = r->v_mute;
    if (muted && t->depth < r->v_mute)
        r->v_mute = 0; /* (the muted variation's ")", not offered either) */
    else if (!muted && !r->v_told)
        tell_tags(r);
    visit_update(r);
    return !muted && !r->v_skip;
}

static __attribute__((noinline)) void visit_answer(struct pgn_reader *r, const struct pgn_token *t,
                                                   enum pgn_visit a)
{
    if (a == PGN_VISIT_SKIP_GAME)
        r->v_skip = true;
    else if (a == PGN_VISIT_SKIP_VARIATION && t->kind == PGN_TOK_VARIATION_START)
        r->v_mute = t->depth + 1; /* its tokens, up to its ")", the first token above */
    visit_update(r);
}

/* Offers the complete token t to the visitor (telling it the tags first),
 * unless an answer before holds it back; true when it was offered. */
static inline __attribute__((always_inline)) bool visit(struct pgn_reader *r,
                                                        const struct pgn_token *t)
{
    if (__builtin_expect(!r->v_direct, 0) && !visit_held(r, t))
        return false;
    enum pgn_visit a = r->v->token(r->v_ctx, t);
    if (__builtin_expect(a != PGN_VISIT_GO, 0))
        visit_answer(r, t, a);
    return true;
}

/* Sets of token kinds, as pgn_reader.kinds holds them (a bit a kind). */
enum {
    KINDS_MOVE = 1u << PGN_TOK_MOVE,
    KINDS_PLAYED = 1u << PGN_TOK_MOVE | 1u << PGN_TOK_MOVE_NUMBER | 1u << PGN_TOK_NULL_MOVE,
    KINDS_NOT_COMMENT = ~(1u << PGN_TOK_COMMENT),
};

/* Notes a token that is no comment, t, while stray text may come
 * (first_watch): the first one's place, and the first text that is no
 * empty string (the reader lets them go). */
static __attribute__((noinline)) void note_first(struct pgn_reader *r, const struct pgn_token *t)
{
    if (!r->first_placed) {
        r->first_placed = true;
        r->first = *t;
        r->first.text = r->first_text;
        r->first.len = 0;
        r->first_text[0] = '\0';
    }
    if (!t->text[0])
        return;
    r->first_watch = false;
    size_t n = t->len < SYMBOL_MAX ? t->len : SYMBOL_MAX;
    memcpy(r->first_text, t->text, n);
    r->first_text[n] = '\0';
    r->first.len = n;
}

/* The kinds of the tokens read so far, let go or stored. */
static unsigned kinds_read(const struct pgn_reader *r)
{
    unsigned k = r->kinds;
    for (size_t i = 0; i < r->ntoks; i++)
        k |= 1u << r->toks[i].kind;
    return k;
}

/* Where the stored tokens' texts begin: at the first's, but never below
 * the tags' texts (a comment before the tags is stored before them). */
static size_t text_base(const struct pgn_reader *r)
{
    size_t off = (size_t)(r->toks[0].text - r->arena);
    return off > r->arena_floor ? off : r->arena_floor;
}

/* Offers the stored tokens not offered yet, and lets them all go (the
 * cap counts them still). */
static void visit_stored(struct pgn_reader *r)
{
    while (r->v_next < r->ntoks)
        visit(r, &r->toks[r->v_next++]);
    if (!r->ntoks)
        return;
    r->arena_len = text_base(r);
    r->tok_limit -= r->ntoks;
    r->ntoks = r->v_next = 0;
}

/* Offers the stored tokens before the last one (tokens[0..last)), lets
 * them go, and moves the last, held back, to the front. */
static __attribute__((noinline)) void visit_before(struct pgn_reader *r, size_t last)
{
    while (r->v_next < last)
        visit(r, &r->toks[r->v_next++]);
    size_t base = text_base(r), len = r->toks[last].len;
    memmove(r->arena + base, r->toks[last].text, len + 1);
    r->toks[0] = r->toks[last];
    r->toks[0].text = r->arena + base;
    r->arena_len = base + len + 1;
    r->tok_limit -= last;
    r->ntoks = 1;
    r->v_next = 0;
}

/* Offers the token just stored (its text at arena offset off) and those
 * before it once the tags are all read (ST_MOVES: a comment before the
 * tags waits), and lets them go; held back while it may still change: a
 * move number (merge_dots), a brace comment still open (comment_close). */
static void visit_new(struct pgn_reader *r, size_t off)
{
    if (r->state != ST_MOVES)
        return;
    if (__builtin_expect(r->ntoks > 1, 0)) {
        visit_before(r, r->ntoks - 1);
        off = (size_t)(r->toks[0].text - r->arena);
    }
    const struct pgn_token *t = &r->toks[0];
    if (t->kind == PGN_TOK_MOVE_NUMBER || (t->kind == PGN_TOK_COMMENT && r->in_comment))
        return;
    visit(r, t);
    r->arena_len = off;
    r->tok_limit--;
    r->ntoks = r->v_next = 0;
}

/* Fills the next token slot, whose text (n bytes at arena offset off) is
 * stored already; the caller made room. */
static inline __attribute__((always_inline)) void push_token(struct pgn_reader *r,
                                                             enum pgn_token_kind kind, size_t off,
                                                             size_t n, const char *at,
                                                             unsigned value)
{
    r->arena_len = off + n + 1;
    unsigned long col = col_at(r, at);
    mark_start(r, r->lineno, col);
    struct pgn_token *t = &r->toks[r->ntoks++];
    t->kind = kind;
    t->text = r->arena + off;
    t->len = n;
    t->line = r->lineno;
    t->col = col;
    t->depth = r->depth;
    t->value = value;
    /* (what the reader notes of the tokens it lets go) */
    r->kinds |= 1u << kind;
    if (__builtin_expect(r->first_watch, 0) && kind != PGN_TOK_COMMENT)
        note_first(r, t);
    visit_new(r, off);
}

/* Stores a token of at most 8 bytes held in the word w (zero past the
 * token) with one 8-byte store, or offers it at once when final (a move;
 * a move number no periods can follow).  Returns as emit2. */
static inline __attribute__((always_inline)) int emit_word(struct pgn_reader *r,
                                                           enum pgn_token_kind kind, const char *p,
                                                           size_t n, uint64_t w, unsigned value,
                                                           bool final)
{
    if (final && r->ntoks < r->tok_limit && (kind == PGN_TOK_MOVE || !r->first_watch)) {
        /* offered from the line, not stored (the caller set ST_MOVES) */
        if (r->ntoks)
            visit_stored(r);
        memcpy(r->word, &w, sizeof w);
        r->word[n] = '\0';
        struct pgn_token t = {.kind = kind,
                              .text = r->word,
                              .len = n,
                              .line = r->lineno,
                              .col = col_at(r, p),
                              .depth = r->depth,
                              .value = value};
        mark_start(r, t.line, t.col);
        if (visit(r, &t)) {
            r->tok_limit--;
            r->kinds |= 1u << kind;
            return 1;
        }
    }
    if (r->ntoks >= r->toks_cap || r->ntoks >= r->tok_limit ||
        r->arena_cap - r->arena_len <= sizeof w) {
        int room = token_room(r, sizeof w, p, kind);
        if (room <= 0)
            return room;
    }
    size_t off = r->arena_len;
    memcpy(r->arena + off, &w, sizeof w);
    r->arena[off + n] = '\0';
    push_token(r, kind, off, n, p, value);
    return 1;
}

/* Stores a token whose text is two pieces joined (a move and its check
 * mark); clean says they may hold control bytes.  Returns 1 when stored,
 * 0 when the game has no room left, -1 when out of memory. */
static inline __attribute__((always_inline)) int emit2(struct pgn_reader *r,
                                                       enum pgn_token_kind kind, const char *s1,
                                                       size_t n1, const char *s2, size_t n2,
                                                       const char *at, unsigned value, bool clean)
{
    size_t n = n1 + n2;
    if (r->ntoks >= r->toks_cap || r->ntoks >= r->tok_limit || r->arena_cap - r->arena_len <= n) {
        int room = token_room(r, n, at, kind);
        if (room <= 0)
            return room;
    }
    size_t off = r->arena_len;
    char *dst = r->arena + off;
    if (clean) {
        if (copy_clean(r, dst, s1, n1) < 0 || copy_clean(r, dst + n1, s2, n2) < 0)
            return -1;
    } else if (n <= 8 && !n2) {
        for (size_t i = 0; i < n; i++)
            dst[i] = s1[i];
    } else {
        if (n1)
            memcpy(dst, s1, n1);
        if (n2)
            memcpy(dst + n1, s2, n2);
    }
    dst[n] = '\0';
    push_token(r, kind, off, n, at, value);
    return 1;
}

static inline __attribute__((always_inline)) int emit(struct pgn_reader *r,
                                                      enum pgn_token_kind kind, const char *s,
                                                      size_t n, const char *at, unsigned value)
{
    return emit2(r, kind, s, n, NULL, 0, at, value, false);
}

/* Text between games (after a result, nothing started) is stray text: the
 * next tag pair begins a game (finish_game). */
static void stray_begin(struct pgn_reader *r)
{
    if (r->after_result && r->state == ST_START) {
        r->state = ST_MOVES;
        r->stray_text = true;
    }
}

/* Could the text read since the last game ended still be stray text
 * (stray_check): no tag, and no move, move number or null move? */
static bool stray_so_far(const struct pgn_reader *r)
{
    return r->after_result && !r->ntags && !(kinds_read(r) & KINDS_PLAYED) && !r->number_skipped &&
           !r->move_dropped;
}

/* The end of the run of binary data at p (a control byte): the control
 * bytes and blanks up to end or to the first byte of text, noting a NUL
 * among them. */
static const char *binary_run(struct pgn_reader *r, const char *p, const char *end)
{
    for (; p < end && (byte_class[(unsigned char)*p] == C_CTRL ||
                       byte_class[(unsigned char)*p] == C_WS || *p == ' ');
         p++)
        r->stray_nul |= *p == '\0';
    return p;
}

/* Text that is no token: kept (cut to SYMBOL_MAX bytes) as an UNKNOWN
 * token for a later layer to quote, with the diagnostic code. */
static int emit_unknown(struct pgn_reader *r, const char *p, const char *q, enum pgn_error code)
{
    size_t n = (size_t)(q - p);
    stray_begin(r);
    if (diag_at(r, code, p) < 0)
        return -1;
    if (n > SYMBOL_MAX) {
        if (diag_at(r, PGN_E_TOKEN_TOO_LONG, p) < 0)
            return -1;
        n = SYMBOL_MAX;
    }
    return emit2(r, PGN_TOK_UNKNOWN, p, n, NULL, 0, p, 0, true) < 0 ? -1 : 0;
}

/* ---------------------------------------------------------------- comments */

/* Starts a brace comment at p (the '{'); its text grows at the end of the
 * arena until the '}' (no other token can come in between). */
static int comment_open(struct pgn_reader *r, const char *p)
{
    r->in_comment = true;
    r->comment_truncated = false;
    r->comment_nest = 0;
    r->comment_line = r->lineno;
    r->comment_col = col_at(r, p);
    r->comment_len = 0;
    r->comment_skipped = r->options & PGN_OPT_SKIP_COMMENTS;
    if (r->comment_skipped) {
        mark_start(r, r->lineno, r->comment_col);
        r->comment_stored = false;
        return 0;
    }
    int st = emit(r, PGN_TOK_COMMENT, NULL, 0, p, 0);
    if (st < 0)
        return -1;
    r->comment_stored = st == 1;
    if (r->comment_stored)
        r->arena_len--; /* drop the NUL: the text follows */
    return 0;
}

/* Adds [p, p + n) to the open comment, cut at max_text bytes. */
static int comment_append(struct pgn_reader *r, const char *p, size_t n)
{
    if (!r->comment_stored && !r->comment_skipped)
        return note_controls(r, p, n);
    size_t have = r->comment_skipped
                      ? r->comment_len
                      : r->arena_len - (size_t)(r->toks[r->ntoks - 1].text - r->arena);
    size_t room = have < r->lim.max_text ? r->lim.max_text - have : 0;
    if (n > room) {
        if (!r->comment_truncated) {
            r->comment_truncated = true;
            if (add_diag(r, PGN_E_TOKEN_TOO_LONG, r->comment_line, r->comment_col) < 0)
                return -1;
        }
        n = room;
    }
    if (r->comment_skipped) { /* what is kept is checked alike, and only that */
        r->comment_len += n;
        return note_controls(r, p, n);
    }
    if (arena_reserve(r, n + 1) < 0 || copy_clean(r, r->arena + r->arena_len, p, n) < 0)
        return -1;
    r->arena_len += n;
    return 0;
}

static int comment_close(struct pgn_reader *r)
{
    r->in_comment = false;
    if (!r->comment_stored)
        return 0;
    size_t i = r->ntoks - 1;
    r->toks[i].len = r->arena_len - (size_t)(r->toks[i].text - r->arena);
    r->arena[r->arena_len++] = '\0'; /* (comment_open and _append left room) */
    if (r->state == ST_MOVES)
        visit_stored(r); /* (complete now) */
    return 0;
}

/* Where the comment that is open ends in [p, end): the first '}', or with
 * PGN_OPT_NESTED_COMMENTS the '}' that balances the inner '{' seen so far
 * (the count carries over lines); NULL if not on this line. */
static const char *comment_end(struct pgn_reader *r, const char *p, const char *end)
{
    if (!(r->options & PGN_OPT_NESTED_COMMENTS))
        return memchr(p, '}', (size_t)(end - p));
    for (; p < end; p++) {
        if (*p == '{')
            r->comment_nest++;
        else if (*p == '}' && r->comment_nest-- == 0)
            return p;
    }
    return NULL;
}

/* The first byte of [p, end) that is a '}' or a control byte, eight bytes
 * at a time; end when there is none. */
static const char *close_or_control(const char *p, const char *end)
{
    for (; end - p >= 8; p += 8) {
        uint64_t w;
        memcpy(&w, p, sizeof w);
        uint64_t stop = pgn_lexer_word_controls(w) | pgn_lexer_word_has(w, '}');
        if (stop) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            /* each test flags its first byte exactly (a false flag can
             * only follow a true one), so the lowest flag is the first */
            return p + (__builtin_ctzll(stop) >> 3);
#else
            break;
#endif
        }
    }
    for (; p < end; p++)
        if (*p == '}' || byte_class[(unsigned char)*p] == C_CTRL)
            return p;
    return end;
}

/* Scans comment text from p to its '}' or the end of the line; returns
 * where scanning resumes, NULL when out of memory. */
static const char *comment_scan(struct pgn_reader *r, const char *p, const char *end)
{
    const char *close = comment_end(r, p, end);
    if (comment_append(r, p, (size_t)((close ? close : end) - p)) < 0)
        return NULL;
    if (close)
        return comment_close(r) < 0 ? NULL : close + 1;
    if (r->continued) /* a split overlong line goes on in the next piece */
        return end;
    return comment_append(r, "\n", 1) < 0 ? NULL : end;
}

/* ---------------------------------------------------------------- tags */

/* A pattern that does not compile at its first match (memory ran out)
 * reads as no match here and stops the reader with PGN_E_NOMEM at the end
 * of the line, before the game is given out. */
static int lexed(struct pgn_reader *r, int rc)
{
    if (rc == TEXTSCAN_ERROR_COMPILE)
        r->err = PGN_E_NOMEM;
    return rc;
}

/* A tag pattern of the lexer (pgn_lexer_tag) at s[0..n). */
static int match_tag(struct pgn_reader *r, enum pgn_lexer_tag_form form, const char *s, size_t n,
                     struct pgn_lexer_tag *t)
{
    return lexed(r, pgn_lexer_tag(&r->lex, form, s, n, t));
}

/* A tag name's bit in tag_names: a lookup of a name whose bit is clear
 * needs no scan (each tag pair of a game is looked up among those before
 * it, to find a repeated one). */
static uint64_t tag_bit(const char *name, size_t nlen)
{
    return 1ull << ((nlen * 7 + (unsigned char)name[0] + (unsigned char)name[nlen - 1] * 3) & 63);
}

/* Stores a tag pair: the value is unescaped (\" and \\) and cut at
 * max_text bytes.  With plain set, the name is only tag name bytes, the
 * value holds no backslash and no control byte (pgn_lexer_tag_fast read them), and
 * bit is the name's tag_bit: neither is looked at again. */
static int push_tag(struct pgn_reader *r, const char *name, size_t nlen, const char *val,
                    size_t vlen, const char *at, bool plain, uint64_t bit, bool repeated)
{
    if (r->ntags >= r->lim.max_tags) {
        if (r->tags_full)
            return 0;
        r->tags_full = true;
        return diag_at(r, PGN_E_TOO_MANY_TAGS, at);
    }
    size_t vmax = vlen < r->lim.max_text ? vlen : r->lim.max_text;
    struct pgn_tag *tags = array_grow(r->tags, &r->tags_cap, r->ntags + 1, sizeof *tags);
    if (!tags)
        return nomem(r);
    r->tags = tags;
    if (arena_reserve(r, nlen + vmax + 2) < 0)
        return -1;
    size_t noff = r->arena_len;
    if (plain)
        array_copy_short(r->arena + noff, name, nlen);
    else if (copy_clean(r, r->arena + noff, name, nlen) < 0)
        return -1;
    r->arena[noff + nlen] = '\0';
    size_t voff = noff + nlen + 1;
    char *dst = r->arena + voff;
    size_t out = 0, i = 0;
    bool verbatim = false;
    if (vlen == vmax && (plain || (first_control(val, vlen) == vlen && !memchr(val, '\\', vlen)))) {
        /* the common value, with nothing to unescape or clean: one copy;
         * written back as it is when it holds no quote either (pgn_lexer_tag_fast's
         * end at the first; a recovered value may hold some) */
        array_copy_short(dst, val, vlen);
        out = i = vlen;
        verbatim = plain || !memchr(val, '"', vlen);
    }
    for (; i < vlen && out < vmax; i++) {
        unsigned char c = (unsigned char)val[i];
        if (c == '\\' && i + 1 < vlen && (val[i + 1] == '"' || val[i + 1] == '\\')) {
            c = (unsigned char)val[++i];
        } else if (byte_class[c] == C_CTRL) {
            if (note_binary(r, val + i) < 0)
                return -1;
            c = ' ';
        }
        dst[out++] = (char)c;
    }
    dst[out] = '\0';
    r->arena_len = r->arena_floor = voff + out + 1;
    if (i < vlen && diag_at(r, PGN_E_TOKEN_TOO_LONG, at) < 0)
        return -1;
    unsigned long col = col_at(r, at);
    mark_start(r, r->lineno, col);
    r->tag_names |= plain ? bit : nlen ? tag_bit(r->arena + noff, nlen) : 0;
    r->tags[r->ntags++] = (struct pgn_tag){.name = r->arena + noff,
                                           .name_len = nlen,
                                           .value = dst,
                                           .value_len = out,
                                           .line = r->lineno,
                                           .col = col,
                                           .plain_value = verbatim,
                                           .repeated = repeated};
    return 0;
}

/* The index of the first tag of the game being read called name[0..nlen),
 * ntags when none. */
static size_t tag_find_bit(const struct pgn_reader *r, const char *name, size_t nlen, uint64_t bit)
{
    if (!nlen || !(r->tag_names & bit))
        return r->ntags;
    size_t i = 0;
    while (i < r->ntags &&
           (r->tags[i].name_len != nlen || memcmp(r->tags[i].name, name, nlen) != 0))
        i++;
    return i;
}

/* Does the current line end with '"' and ']' (blanks aside)?  Asked only
 * of a tag pair that neither pgn_lexer_tag_fast nor the tag pattern
 * reads. */
static bool ends_quote_bracket(const struct pgn_reader *r)
{
    const char *base = r->line;
    size_t e = r->line_len;
    while (e > 0 && (base[e - 1] == ' ' || base[e - 1] == '\t'))
        e--;
    bool bracket = e > 0 && base[--e] == ']';
    while (bracket && e > 0 && (base[e - 1] == ' ' || base[e - 1] == '\t'))
        e--;
    return bracket && e > 0 && base[e - 1] == '"';
}

/* Reads the tag pair at p (a '['), recovering what it can from malformed
 * ones.  Sets *next to where scanning resumes.  When the name repeats a tag
 * of this game's tag section, nothing is consumed and *dup is set: a game
 * without movetext ended there and the next game begins. */
static int scan_tag(struct pgn_reader *r, const char *p, const char *end, const char **next,
                    bool *dup)
{
    size_t n = (size_t)(end - p);
    struct pgn_lexer_tag t;
    enum pgn_error problem = PGN_OK;
    bool plain = !(r->options & PGN_OPT_NO_FASTPATH) && pgn_lexer_tag_fast(p, n, &t);
    int rc = plain ? 3 : match_tag(r, PGN_LEXER_TAG, p, n, &t);
    if (rc < 0) {
        problem = PGN_E_BAD_TAG;
        /* the loose pattern scans to the end of the line: tried only where
         * it can match, or a long line of broken tags would be quadratic */
        rc = ends_quote_bracket(r) ? match_tag(r, PGN_LEXER_TAG_LOOSE, p, n, &t) : -1;
        if (rc < 0)
            rc = match_tag(r, PGN_LEXER_TAG_BARE, p, n, &t);
        if (rc < 0) {
            problem = PGN_E_UNTERMINATED_TAG;
            rc = match_tag(r, PGN_LEXER_TAG_OPEN, p, n, &t);
        }
    }
    if (problem == PGN_E_UNTERMINATED_TAG && r->continued && !memchr(p, ']', n)) {
        /* A tag pair on a line over max_line (the line-too-long diagnostic
         * is said): the pieces after this one are its value, not movetext
         * to read, nor tag pairs each cut short. */
        r->skip_pieces = true;
        problem = PGN_OK;
        if (rc < 0) {
            *next = end;
            return 0;
        }
    }
    if (rc < 0) {
        /* nothing to keep: skip to the ']' */
        const char *close = memchr(p, ']', n);
        *next = close ? close + 1 : end;
        return diag_at(r, close ? PGN_E_BAD_TAG : PGN_E_UNTERMINATED_TAG, p);
    }
    const char *name = p + t.name_off;
    size_t nlen = t.name_len;
    const char *val = t.value_len ? p + t.value_off : "";
    size_t vlen = t.value_len;
    *next = p + t.end;
    const char *key = name; /* the name as it is stored (push_tag) */
    if (!plain && first_control(name, nlen) < nlen) {
        /* a recovered name's control bytes are stored as spaces: looked
         * up so, in the arena's free room, or the same name twice would
         * not be found */
        if (arena_reserve(r, nlen) < 0)
            return -1;
        char *clean = r->arena + r->arena_len;
        for (size_t i = 0; i < nlen; i++)
            clean[i] = byte_class[(unsigned char)name[i]] == C_CTRL ? ' ' : name[i];
        key = clean;
    }
    uint64_t bit = nlen ? tag_bit(key, nlen) : 0;
    /* linear, but under max_tags; skipped once the tags are full */
    bool repeated =
        r->state == ST_TAGS && !r->tags_full && tag_find_bit(r, key, nlen, bit) < r->ntags;
    if (repeated && (!(r->options & PGN_OPT_REPEATED_TAGS) ||
                     (r->prev_blank && (size_t)(p - r->line) == r->first_nonblank))) {
        *dup = true;
        return 0;
    }
    if (problem && diag_at(r, problem, p) < 0)
        return -1;
    r->state = ST_TAGS;
    return push_tag(r, name, nlen, val, vlen, p, plain, bit, repeated);
}

/* In movetext, whether the '[' at p begins the next game's tag section: at
 * the start of a line when a tag name follows, elsewhere when a whole
 * well-formed tag pair follows. */
static bool starts_tag(struct pgn_reader *r, const char *p, const char *end)
{
    if ((size_t)(p - r->line) == r->first_nonblank)
        return pgn_lexer_tag_name_follows(p, (size_t)(end - p));
    struct pgn_lexer_tag t;
    return match_tag(r, PGN_LEXER_TAG, p, (size_t)(end - p), &t) > 0;
}

/* ---------------------------------------------------------------- words */

/* "4. ...Be7": periods right after a move number make it "4..."; not
 * after a move (a visitor's reader holds a move number back until the
 * next token, and keeps no token after that). */
static int merge_dots(struct pgn_reader *r)
{
    /* (once the cap has dropped a token, the last number kept is not the
     * token before the periods) */
    if (r->tokens_full || r->ntoks == 0 || r->toks[r->ntoks - 1].kind != PGN_TOK_MOVE_NUMBER)
        return 0;
    size_t i = r->ntoks - 1, off = (size_t)(r->toks[i].text - r->arena), digits = 0;
    while (r->arena[off + digits] >= '0' && r->arena[off + digits] <= '9')
        digits++;
    r->arena_len = off + digits;
    if (arena_reserve(r, 4) < 0)
        return -1;
    memcpy(r->arena + r->arena_len, "...", 4);
    r->arena_len += 4;
    r->toks[i].len = digits + 3;
    return 0;
}

/* Is a move number ending at q final: does a byte that cannot be periods
 * follow it on its line, after blanks?  Periods after it would merge into
 * it (merge_dots), so a visitor's reader holds it back otherwise. */
static inline bool number_final(const char *q, const char *end)
{
    if (end - q >= 2 && q[0] == ' ') /* (the common case: "12. Nf3") */
        return q[1] != '.' && (unsigned char)q[1] > ' ';
    while (q < end && (*q == ' ' || *q == '\t'))
        q++;
    return q < end && *q != '.' && (unsigned char)*q > ' ';
}

/* With PGN_OPT_SKIP_NUMBERS a move number at p is read and dropped: it
 * still starts the game where it stands.  True when it is dropped. */
static inline bool skip_number(struct pgn_reader *r, const char *p)
{
    if (!(r->options & PGN_OPT_SKIP_NUMBERS))
        return false;
    mark_start(r, r->lineno, col_at(r, p));
    r->number_skipped = true;
    return true;
}
/* The hottest path: a word at p that is a plain SAN move filling it
 * ("Nf3", "O-O") or starts with a move number ("12.", "7..."), recognised
 * while its end is found.  Returns 1 with *next set when it took the
 * token, 0 for the general path (scan_run: the same tokens), -1 when out
 * of memory. */
static inline __attribute__((always_inline)) int movetext_word(struct pgn_reader *r, const char *p,
                                                               const char *end, const char **next)
{
    size_t avail = (size_t)(end - p);
    uint64_t w = 0;
    if (avail >= sizeof w)
        memcpy(&w, p, sizeof w);
    else
        memcpy(&w, p, avail);
    size_t i;
    unsigned shape = pgn_lexer_word_move(w, &i);
    if (!shape) {
        unsigned number;
        if (!pgn_lexer_word_number(p, avail, w, &i, &number))
            return 0;
        *next = p + i;
        r->state = ST_MOVES;
        if (skip_number(r, p))
            return 1;
        return emit_word(r, PGN_TOK_MOVE_NUMBER, p, i, w, number, number_final(p + i, end)) < 0 ? -1
                                                                                                : 1;
    }
    /* the move must fill the word: the next byte ends it */
    if (i > avail || (i < avail && byte_class[(unsigned char)p[i]] == C_RUN))
        return 0;
    *next = p + i;
    r->state = ST_MOVES;
    return emit_word(r, PGN_TOK_MOVE, p, i, w, shape, true) < 0 ? -1 : 1;
}

/* Classifies the word [p, q) (text between delimiters), which may hold
 * several glued tokens ("12...Nf6!?$5"): the lexer's fast recogniser
 * first (pgn_lexer_fast), then its pattern.  Sets *done when a result at
 * depth 0 ended the game. */
static __attribute__((noinline)) int scan_run(struct pgn_reader *r, const char *p, const char *q,
                                              bool *done)
{
    while (p < q) {
        struct pgn_lexeme lx;
        if ((r->options & PGN_OPT_NO_FASTPATH) || !pgn_lexer_fast(p, (size_t)(q - p), &lx))
            lexed(r, pgn_lexer_token(&r->lex, p, (size_t)(q - p), &lx));
        if (lx.kind == PGN_LEX_NONE)
            return emit_unknown(r, p, q, PGN_E_UNEXPECTED_TOKEN);
        const char *next = p + lx.len;
        int st = 0;
        /* the state first: a visitor is offered the token at once */
        if (lx.kind != PGN_LEX_BAD_NAG && lx.kind != PGN_LEX_DOTS && lx.kind != PGN_LEX_EP)
            r->state = ST_MOVES;
        switch (lx.kind) {
        case PGN_LEX_MOVE:
        case PGN_LEX_NULL_MOVE:
            st = emit2(r, lx.kind == PGN_LEX_MOVE ? PGN_TOK_MOVE : PGN_TOK_NULL_MOVE, lx.text,
                       lx.text_len, lx.tail, lx.tail_len, p, lx.value, false);
            if (st >= 0 && lx.suffix_len)
                st = emit(r, PGN_TOK_NAG, lx.suffix, lx.suffix_len, lx.suffix, lx.suffix_nag);
            break;
        case PGN_LEX_NUMBER:
            if (!skip_number(r, p))
                st = emit2(r, PGN_TOK_MOVE_NUMBER, lx.text, lx.text_len, lx.tail, lx.tail_len, p,
                           lx.value, false);
            break;
        case PGN_LEX_RESULT: /* stored as the standard writes it (pgn.h); ends the run */
            st = emit(r, PGN_TOK_RESULT, lx.text, lx.text_len, p, 0);
            if (st >= 0 && r->depth == 0)
                *done = true;
            else if (st >= 0)
                st = diag_at(r, PGN_E_RESULT_IN_VARIATION, p);
            break;
        case PGN_LEX_NAG:
        case PGN_LEX_SYMBOL:
            st = emit(r, PGN_TOK_NAG, p, lx.text_len, p, lx.value);
            break;
        case PGN_LEX_BAD_NAG:
            st = emit_unknown(r, p, next, PGN_E_BAD_NAG);
            r->state = ST_MOVES;
            break;
        case PGN_LEX_DOTS:
            st = merge_dots(r);
            break;
        default: /* PGN_LEX_EP: a detached "e.p." is dropped */
            break;
        }
        if (st < 0)
            return -1;
        p = next;
    }
    return 0;
}

/* ---------------------------------------------------------------- lines */

/* The buffer holds no whole line: compacts it, grows it to hold a whole
 * line (and with PGN_OPT_RAW the game so far, up to max_game), reads
 * more.  Returns 1, -1 on a read error or when out of memory. */
static __attribute__((noinline)) int refill(struct pgn_reader *r)
{
    size_t max = r->lim.max_line;
    bool keep_raw = (r->options & PGN_OPT_RAW) && !r->raw_lost;
    if (keep_raw && r->cur - r->raw_start > r->lim.max_game) {
        r->raw_lost = true;
        keep_raw = false;
    }
    size_t keep = keep_raw ? r->raw_start : r->cur;
    /* a line, its CR and the byte after, which tells a lone CR (fetch_line) */
    size_t limit = keep_raw ? r->lim.max_game + max + 2 : max + 2;
    memmove(r->buf, r->src + keep, r->end - keep);
    r->end -= keep;
    r->cur -= keep;
    if (keep_raw)
        r->raw_start -= keep;
    if (r->buf_cap < limit && r->end * 2 > r->buf_cap) {
        size_t c = r->buf_cap * 2 < limit ? r->buf_cap * 2 : limit;
        char *b = realloc(r->buf, c);
        if (!b)
            return nomem(r);
        r->buf = b;
        r->buf_cap = c;
    }
    r->src = r->buf;
    text_input_cr_reset(&r->cr);
    bool failed;
    size_t got = text_input_read_some(r->fp, r->buf + r->end, r->buf_cap - r->end, &failed);
    if (got == 0) {
        if (failed) {
            r->sys_errno = errno;
            r->err = PGN_E_IO;
            return -1;
        }
        r->eof = true;
    }
    r->end += got;
    return 1;
}

/* Makes the next line current: finds its end in the buffer, refilling a
 * FILE buffer as needed.  A line longer than max_line comes in pieces of
 * max_line bytes (the same line number, later columns).  Returns 1, 0 at
 * the end of the input, -1 on a read error or when out of memory. */
static inline __attribute__((always_inline)) int fetch_line(struct pgn_reader *r)
{
    size_t max = r->lim.max_line;
    for (;;) {
        size_t avail = r->end - r->cur;
        const char *base = r->src + r->cur;
        size_t look = avail < max + 1 ? avail : max + 1;
        const char *nl = look ? memchr(base, '\n', look) : NULL;
        size_t lim = nl ? (size_t)(nl - base) : look;
        size_t cr = text_input_cr_next(&r->cr, r->src, r->end, r->cur) - r->cur;
        if (__builtin_expect(cr < lim, 0) && !(nl && cr + 1 == lim)) {
            /* a CR that is not the CR of a CRLF: a line end (old Mac
             * text), unless the byte after it is still to be read: the
             * rule of text_input_line_end, with the scan for lone CRs
             * kept across the lines of a buffer */
            if (cr + 1 < avail || r->eof)
                nl = base + cr;
            else if (avail <= max + 1) { /* (a CR after max bytes ends the line too) */
                int f = refill(r);
                if (f != 1)
                    return f;
                continue;
            }
        }
        size_t len;
        bool split = false;
        if (nl) {
            len = (size_t)(nl - base);
            r->cur += len + 1;
        } else if (avail > max) {
            len = max;
            r->cur += len;
            split = true;
        } else if (!r->eof) {
            int f = refill(r);
            if (f != 1)
                return f;
            continue;
        } else if (avail == 0) {
            return 0;
        } else {
            len = avail;
            r->cur += len;
        }

        if (!split && len && base[len - 1] == '\r')
            len--;
        r->prev_blank = r->cur_blank;
        if (r->continued) {
            r->col_base += r->line_len;
            r->first_nonblank = SIZE_MAX;
            r->cur_blank = false;
        } else {
            if (r->lineno == 0 && len >= 2 && pgn_utf16_bom(base)) {
                /* read byte by byte, UTF-16 text would be games of
                 * nothing: one word for the whole input instead */
                r->err = PGN_E_UTF16;
                return -1;
            }
            r->lineno++;
            r->col_base = 0;
            r->line_raw = (size_t)(base - r->src);
            size_t i = pgn_utf8_bom_len(base, len); /* not a column */
            base += i;
            len -= i;
            i = 0;
            while (i < len && (base[i] == ' ' || base[i] == '\t'))
                i++;
            r->first_nonblank = i;
            r->cur_blank = i == len && !split;
            if (split && add_diag(r, PGN_E_LINE_TOO_LONG, r->lineno, len + 1) < 0)
                return -1;
        }
        r->line = base;
        r->line_len = len;
        r->pos = 0;
        r->have_line = true;
        r->continued = split;
        return 1;
    }
}

/* Does the current line, which follows a blank line inside a game's main
 * line, begin a new game: White's move 1 ("1." and then no period: "1..."
 * after a comment is how ChessBase goes on with Black's move) with a
 * move after it, while the game has played a move already?  Then the game
 * had no result (untagged games that lack one).  After stray text, such a
 * line begins a game, blank line or not. */
static bool starts_new_game(const struct pgn_reader *r)
{
    size_t i = r->first_nonblank;
    const char *s = r->line;
    size_t n = r->line_len;
    if (i == SIZE_MAX || i + 2 >= n || s[i] != '1' || s[i + 1] != '.' || s[i + 2] == '.')
        return false;
    if (!(kinds_read(r) & KINDS_MOVE) && !r->stray_text) /* a move played before */
        return false;
    i += 2;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    size_t j = i;
    while (j < n && byte_class[(unsigned char)s[j]] == C_RUN)
        j++;
    while (j > i && (s[j - 1] == '+' || s[j - 1] == '#' || s[j - 1] == '!' || s[j - 1] == '?'))
        j--;
    return j > i && san_token_shape(s + i, j - i) != 0;
}

/* Scans the current line from r->pos.  Returns SCAN_GAME_DONE (or
 * SCAN_RESULT_DONE) with r->pos at the first byte of the next game when the
 * game ended on this line.  Inline: a call a line costs more than the loop
 * around it. */
static inline __attribute__((always_inline)) enum scan_status scan_line(struct pgn_reader *r)
{
    const char *line = r->line, *end = line + r->line_len;
    const char *p = line + r->pos;

    if (__builtin_expect(r->skip_pieces, 0)) { /* see scan_tag */
        r->skip_pieces = r->continued;
        r->pos = r->line_len;
        return SCAN_LINE_DONE;
    }
    if (r->in_comment) {
        /* an unclosed '{' must not swallow the rest of the file: a blank
         * line followed by a tag pair line ends it */
        struct pgn_lexer_tag t;
        if (p == line && r->prev_blank && r->first_nonblank < r->line_len &&
            line[r->first_nonblank] == '[' &&
            match_tag(r, PGN_LEXER_TAG, line + r->first_nonblank, r->line_len - r->first_nonblank,
                      &t) > 0) {
            if (add_diag(r, PGN_E_UNTERMINATED_COMMENT, r->comment_line, r->comment_col) < 0 ||
                comment_close(r) < 0)
                return SCAN_ERROR;
        } else if (!(p = comment_scan(r, p, end))) {
            return SCAN_ERROR;
        }
    }

    if (__builtin_expect(r->prev_blank || r->stray_text, 0) && p == line) {
        if (r->stray_binary) { /* the run goes on over the line, or ends at its text */
            p = binary_run(r, p, end);
            r->pos = (size_t)(p - line);
            return p < end ? SCAN_STRAY_DONE : SCAN_LINE_DONE;
        }
        if (r->state == ST_MOVES && r->depth == 0 && starts_new_game(r)) {
            /* PGN standard 8.2.6 wants a result; no game is to be invented
             * from two that lack it */
            p = line + r->first_nonblank;
            if (!r->stray_text && diag_at(r, PGN_E_UNENDED_GAME, p) < 0)
                return SCAN_ERROR;
            r->pos = (size_t)(p - line);
            return SCAN_GAME_DONE;
        }
    }

    while (p < end) {
        unsigned char c = (unsigned char)*p;
        if (c == ' ') { /* (the commonest byte, before the switch's jump) */
            p++;
            continue;
        }
        switch (byte_class[c]) {
        case C_WS:
            p++;
            while (p < end && *p == ' ')
                p++;
            continue;
        case C_CTRL:
            if (r->after_result && r->state == ST_START) {
                /* between games: a run of binary data, stray text of its
                 * own (one report a run), not the next game's damage; its
                 * first byte kept as it is (pgn_stray_message) */
                stray_begin(r);
                r->stray_binary = true;
                r->binary_line = r->lineno;
                if (diag_at(r, PGN_E_BINARY, p) < 0 ||
                    emit2(r, PGN_TOK_UNKNOWN, p, 1, NULL, 0, p, 0, false) < 0)
                    return SCAN_ERROR;
                p = binary_run(r, p, end);
                if (p < end) {
                    r->pos = (size_t)(p - line);
                    return SCAN_STRAY_DONE;
                }
                continue;
            }
            if (r->after_result && stray_so_far(r) && r->first_placed) {
                /* stray text ends where binary data begins */
                r->pos = (size_t)(p - line);
                return SCAN_STRAY_DONE;
            }
            if (note_binary(r, p) < 0)
                return SCAN_ERROR;
            p++;
            continue;
        case C_LBRACE:
            if ((r->options & (PGN_OPT_SKIP_COMMENTS | PGN_OPT_NESTED_COMMENTS)) ==
                    PGN_OPT_SKIP_COMMENTS &&
                r->started) {
                /* the commonest comment ("{[%clk 0:03:00]}"), skipped inside
                 * a game, closed on its line, with no control byte and not
                 * too long: passed over in one pass to its '}' */
                const char *q = close_or_control(p + 1, end);
                if (q < end && *q == '}' && (size_t)(q - p - 1) <= r->lim.max_text) {
                    p = q + 1;
                    continue;
                }
            }
            if (comment_open(r, p) < 0 || !(p = comment_scan(r, p + 1, end)))
                return SCAN_ERROR;
            continue;
        case C_SEMI: {
            size_t n =
                (size_t)(end - p - 1) < r->lim.max_text ? (size_t)(end - p - 1) : r->lim.max_text;
            if (r->options & PGN_OPT_SKIP_COMMENTS) {
                mark_start(r, r->lineno, col_at(r, p));
                if (note_controls(r, p + 1, n) < 0)
                    return SCAN_ERROR;
            } else if (emit2(r, PGN_TOK_COMMENT, p + 1, n, NULL, 0, p, 0, true) < 0) {
                return SCAN_ERROR;
            }
            p = end;
            continue;
        }
        case C_LPAREN:
            if (r->depth == 0) {
                r->open_line = r->lineno;
                r->open_col = col_at(r, p);
            }
            if (emit(r, PGN_TOK_VARIATION_START, p, 1, p, 0) < 0)
                return SCAN_ERROR;
            r->depth++;
            r->state = ST_MOVES;
            p++;
            continue;
        case C_RPAREN:
            if (r->depth == 0 && r->after_result && (r->state == ST_START || r->stray_text)) {
                /* after a result: stray text, kept for its report */
                if (emit_unknown(r, p, p + 1, PGN_E_UNMATCHED_CLOSE) < 0)
                    return SCAN_ERROR;
            } else if (r->depth == 0) {
                if (diag_at(r, PGN_E_UNMATCHED_CLOSE, p) < 0)
                    return SCAN_ERROR;
            } else {
                r->depth--;
                if (emit(r, PGN_TOK_VARIATION_END, p, 1, p, 0) < 0)
                    return SCAN_ERROR;
            }
            p++;
            continue;
        case C_LBRACK: {
            size_t m = pgn_forum_markup(p, (size_t)(end - p));
            if (m) {
                if (!r->markup_line) {
                    r->markup_line = r->lineno;
                    r->markup_col = col_at(r, p);
                }
                p += m;
                continue;
            }
            /* in movetext, the next game's tags, or text to its ']' */
            const char *next = end;
            bool dup = r->state == ST_MOVES && starts_tag(r, p, end);
            if (r->state == ST_MOVES && !dup) {
                const char *close = memchr(p, ']', (size_t)(end - p));
                next = close ? close + 1 : end;
                if (emit_unknown(r, p, next, PGN_E_UNEXPECTED_TOKEN) < 0)
                    return SCAN_ERROR;
            } else if (r->state != ST_MOVES && scan_tag(r, p, end, &next, &dup) < 0) {
                return SCAN_ERROR;
            }
            if (dup) {
                if (diag_at(r, PGN_E_MISSING_RESULT, p) < 0)
                    return SCAN_ERROR;
                r->pos = (size_t)(p - line);
                return SCAN_GAME_DONE;
            }
            p = next;
            continue;
        }
        case C_RBRACE:
        case C_RBRACK:
            if (emit_unknown(r, p, p + 1, PGN_E_UNEXPECTED_TOKEN) < 0)
                return SCAN_ERROR;
            p++;
            continue;
        default: {
            if (!(r->options & PGN_OPT_NO_FASTPATH)) {
                const char *next;
                int f = movetext_word(r, p, end, &next);
                if (f < 0)
                    return SCAN_ERROR;
                if (f > 0) {
                    p = next;
                    continue;
                }
            }
            const char *q = p + 1;
            while (q < end && byte_class[(unsigned char)*q] == C_RUN)
                q++;
            bool done = false;
            if (scan_run(r, p, q, &done) < 0)
                return SCAN_ERROR;
            p = q;
            if (done) {
                r->pos = (size_t)(p - line);
                return SCAN_RESULT_DONE;
            }
            continue;
        }
        }
    }
    r->pos = r->line_len;
    return SCAN_LINE_DONE;
}

/* ---------------------------------------------------------------- games */

/* Empties the game arrays for the next game (or the same game read
 * again), giving back memory that one huge game made the arrays take. */
static void clear_game(struct pgn_reader *r)
{
    if (r->arena_cap > ARENA_KEEP) {
        free(r->arena);
        r->arena = NULL;
        r->arena_cap = 0;
    }
    if (r->toks_cap > TOKENS_KEEP) {
        free(r->toks);
        r->toks = NULL;
        r->toks_cap = 0;
    }
    r->arena_len = r->arena_floor = r->ntoks = r->ntags = r->ndiags = r->v_next = 0;
    r->kinds = 0;
    r->first_watch = r->after_result;
    r->tag_names = 0;
    r->state = ST_START;
    r->depth = r->v_mute = 0;
    r->in_comment = r->comment_stored = r->tokens_full = r->tags_full = r->started = false;
    r->comment_skipped = r->number_skipped = r->move_dropped = r->stray_text = false;
    r->stray_binary = r->stray_nul = false;
    r->skip_pieces = r->v_told = r->v_skip = r->v_direct = r->first_placed = false;
    r->markup_line = r->markup_col = r->binary_line = 0;
    r->tok_limit = r->lim.max_tokens;
}

/* Puts the diagnostics in input order (those found at the end of a game,
 * such as an unclosed '(', point back into it).  Insertion sort: the array
 * is short and nearly sorted. */
static void sort_diags(struct pgn_diag *d, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        struct pgn_diag x = d[i];
        size_t j = i;
        while (j > 0 &&
               (d[j - 1].line > x.line || (d[j - 1].line == x.line && d[j - 1].col > x.col))) {
            d[j] = d[j - 1];
            j--;
        }
        d[j] = x;
    }
}

/* Where the bytes of the game that ended on the current line stop (see
 * pgn_game.raw): after the line when the rest of it is blank, at the start
 * of the line when the next game begins there, else at r->pos.  Sets
 * where the next game's bytes start. */
static size_t raw_end_on_line(struct pgn_reader *r)
{
    const char *line = r->line;
    size_t pos = r->pos, i = pos;
    while (i < r->line_len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (i == r->line_len && !r->continued) {
        r->have_line = false; /* nothing left on it for the next game */
        r->next_raw_line = r->lineno + 1;
        r->next_raw_col = 1;
        return r->cur;
    }
    r->next_raw_line = r->lineno;
    if (r->first_nonblank != SIZE_MAX && pos <= r->first_nonblank) {
        r->next_raw_col = 1;
        return r->line_raw;
    }
    r->next_raw_col = r->col_base + pos + 1;
    return (size_t)(line - r->src) + pos;
}

/* Hands the game its bytes, src[raw_start, end), unless they were let go
 * (max_game), and starts the next game's bytes at end. */
static void raw_cut(struct pgn_reader *r, struct pgn_game *g, size_t end)
{
    /* the same answer whether the bytes came in one read or many */
    if (!r->raw_lost && end - r->raw_start <= r->lim.max_game) {
        g->raw = r->src + r->raw_start;
        g->raw_len = end - r->raw_start;
    }
    g->raw_line = r->raw_line;
    g->raw_col = r->raw_col;
    r->raw_start = end;
    r->raw_line = r->next_raw_line;
    r->raw_col = r->next_raw_col;
    r->raw_lost = false;
}

/* Is the game that ends stray text (pgn_game.stray): after a result, no
 * tag and no move (or move number, or null move), only such text as
 * words, ')', NAGs, comments, and not ended by a result (PGN standard 18:
 * a result alone is a game, with an empty tag section and movetext; so
 * python-chess and chessops read it)?  Then its diagnostics give way to
 * one, PGN_E_STRAY_TEXT, at its first token that is no comment. */
static int stray_check(struct pgn_reader *r, bool at_result)
{
    if (at_result || !stray_so_far(r))
        return 0;
    if (r->first_watch && !r->first_placed)
        return 0;  /* comments alone: the next game's, or the input's last words */
    r->ndiags = 0; /* (an open comment or ')' is part of the stray text) */
    return add_diag(r, PGN_E_STRAY_TEXT, r->first.line, r->first.col) < 0 ? -1 : 1;
}

/* Closes what is still open and points the public arrays at the arena;
 * end is where the game's bytes stop (PGN_OPT_RAW). */
static int finish_game(struct pgn_reader *r, struct pgn_game *g, size_t end, bool at_result)
{
    if (r->in_comment &&
        (add_diag(r, PGN_E_UNTERMINATED_COMMENT, r->comment_line, r->comment_col) < 0 ||
         comment_close(r) < 0))
        return -1;
    if (r->depth > 0 && add_diag(r, PGN_E_UNCLOSED_VARIATION, r->open_line, r->open_col) < 0)
        return -1;
    int stray = stray_check(r, at_result);
    if (stray < 0)
        return -1;
    if (!stray) { /* what the visitor has not seen yet */
        if (!r->v_told)
            tell_tags(r);
        visit_stored(r);
    }
    sort_diags(r->diags, r->ndiags);
    if (!r->started && r->ndiags) {
        r->start_line = r->diags[0].line;
        r->start_col = r->diags[0].col;
    }
    *g = (struct pgn_game){
        .number = stray ? r->games : ++r->games,
        .stray = stray,
        .stray_binary = stray && r->stray_binary,
        .stray_nul = stray && r->stray_nul,
        .line = r->start_line,
        .col = r->start_col,
        .tags = r->tags,
        .ntags = r->ntags,
        .tokens = r->toks,
        .ntokens = r->ntoks,
        .diags = r->diags,
        .ndiags = r->ndiags,
        .source = r->name,
        .markup_line = r->markup_line,
        .markup_col = r->markup_col,
    };
    if (stray) { /* the one token its message quotes (pgn_stray_message) */
        g->tokens = &r->first;
        g->ntokens = 1;
    }
    if (r->options & PGN_OPT_RAW)
        raw_cut(r, g, end);
    r->v->game_end(r->v_ctx, g);
    return 1;
}

/* Whether what was gathered before the end of the input is a game: not
 * when it is nothing, or only comments (trailing remarks after the last
 * game). */
static bool worth_a_game(const struct pgn_reader *r)
{
    return r->ntags || r->ndiags || r->in_comment || r->number_skipped ||
           (kinds_read(r) & KINDS_NOT_COMMENT);
}

int pgn_read_game(struct pgn_reader *r, const struct pgn_visitor *v, void *ctx)
{
    struct pgn_game g;
    if (!r->src) /* (no input opened, or its opening failed) */
        r->err = PGN_E_NOT_OPEN;
    if (r->err)
        return -1;
    clear_game(r);
    r->v = v;
    r->v_ctx = ctx;
    for (;;) {
        if (!r->have_line) {
            int f = fetch_line(r);
            if (f < 0)
                return -1;
            if (f == 0)
                break;
            if (!r->in_comment && r->first_nonblank != SIZE_MAX &&
                pgn_escape_line(r->line, r->line_len)) {
                r->have_line = false;
                continue;
            }
        }
        enum scan_status s = scan_line(r);
        if (s == SCAN_ERROR || r->err)
            return -1;
        if (s == SCAN_GAME_DONE || s == SCAN_RESULT_DONE || s == SCAN_STRAY_DONE) {
            /* (a game ends at its result, at the next game's tags or at a
             * new game's move 1; told by the scan, as max_tokens may have
             * dropped the result: what follows it is stray text all the same) */
            int rc = finish_game(r, &g, (r->options & PGN_OPT_RAW) ? raw_end_on_line(r) : 0,
                                 s == SCAN_RESULT_DONE);
            r->after_result = s != SCAN_GAME_DONE;
            return rc;
        }
        r->have_line = false;
    }
    if (!r->at_end) {
        /* at rest when the last game ended at its result and nothing at
         * all (token, tag, comment, move number, diagnostic) came after;
         * a game ended otherwise may not end where the next one starts (a
         * tag pair on a line over max_line may come to nothing) */
        r->at_end = true;
        r->at_rest = r->after_result && !r->started && !worth_a_game(r);
    }
    if (!worth_a_game(r))
        return 0;
    if (add_diag(r, PGN_E_TRUNCATED, r->lineno ? r->lineno : 1, r->col_base + r->line_len + 1) < 0)
        return -1;
    return finish_game(r, &g, r->end, false);
}
