/* PGN reader: splits input into lines, lines into tag pairs and movetext
 * tokens, and tokens into games.  Delimiters ({ } ( ) [ ] ; and spaces) are
 * found by a byte-class table; what lies between them ("symbol runs" such
 * as "12...Nf6!?") and tag pair lines are recognised with PCRE2 patterns
 * compiled once per reader and JIT-compiled.  See pgn.h for the API and
 * formats/pgn.md for what is accepted. */
#include "pgn.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    DEFAULT_MAX_LINE = 1u << 20,
    DEFAULT_MAX_TEXT = 1u << 20,
    DEFAULT_MAX_TOKENS = 1u << 20,
    DEFAULT_MAX_TAGS = 4096,
    DEFAULT_MAX_DIAGS = 1024,
    SYMBOL_MAX = 255,           /* bytes kept of an UNKNOWN token */
    READ_CHUNK = 256u << 10,    /* initial FILE buffer */
    ARENA_KEEP = 4u << 20,      /* arena bytes kept between games */
    TOKENS_KEEP = 1u << 16,     /* token slots kept between games */
    MIN_LINE = 64,              /* smallest max_line accepted */
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

static const unsigned char byte_class[256] = {
    C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, /* 00-07 */
    C_CTRL, C_WS,   C_WS,   C_WS,   C_WS,   C_WS,   C_CTRL, C_CTRL, /* 08-0f */
    C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, /* 10-17 */
    C_CTRL, C_CTRL, C_WS,   C_CTRL, C_CTRL, C_CTRL, C_CTRL, C_CTRL, /* 18-1f */
    C_WS,                                                           /* space */
    ['{'] = C_LBRACE, ['}'] = C_RBRACE, ['('] = C_LPAREN, [')'] = C_RPAREN,
    ['['] = C_LBRACK, [']'] = C_RBRACK, [';'] = C_SEMI,   [0x7f] = C_CTRL,
};

/* The movetext token pattern, matched anchored at the start of what is left
 * of a symbol run.  Capture groups: */
enum {
    G_RESULT = 1,
    G_CASTLE,
    G_NULL,
    G_MOVE,
    G_CHECK,
    G_SUFFIX,
    G_NUMBER,
    G_NUMBER_DOTS,
    G_DOTS,
    G_NAG,
    G_SYMBOL,
    G_EP,
    G_COUNT
};

static const char token_pattern[] =
    /* 1: a result ends the run */
    "(1-0|0-1|1/2-1/2|\\*|\\xC2\\xBD-\\xC2\\xBD)\\z"
    /* 2: castling, 3: null move, 4: SAN / long algebraic / UCI / drop */
    "|(?:([O0o]-[O0o](?:-[O0o])?)"
    "|(--|Z0|0000|@@@@)"
    "|([KQRBN][a-h]?[1-8]?x?[a-h][1-8]"
    "|[KQRBN][a-h][1-8]-[a-h][1-8]"
    "|P?[a-h][1-8][-x]?[a-h][1-8](?:=?[QRBNKqrbnk])?"
    "|P?[a-h](?:x[a-h])?[1-8](?:=?[QRBNKqrbnk])?"
    "|[QRBNP]?@[a-h][1-8]))"
    /* 5: check or mate mark, 6: annotation suffix; e.p. is dropped; the move
     * ends the run or is followed by a NAG */
    "(?:e\\.p\\.)?([+#]{1,2})?(?:e\\.p\\.)?([!?]{1,2})?(?=\\z|\\$)"
    /* 7, 8: move number with its periods (or a Unicode ellipsis) */
    "|([0-9]{1,9})(?:(\\.+|(?:\\xE2\\x80\\xA6)+)|\\z)"
    /* 9: periods without a number ("4. ...Be7") */
    "|(\\.+|(?:\\xE2\\x80\\xA6)+)"
    /* 10: numeric annotation glyph */
    "|\\$([0-9]{1,3})(?![0-9])"
    /* 11: suffix or evaluation symbol standing alone */
    "|([!?]{1,2}|\\+/-|-/\\+|\\+/=|=/\\+|\\+-|-\\+|\\+=|=\\+|="
    "|\\xC2\\xB1|\\xE2\\x88\\x93|\\xE2\\x88\\x9E|\\xE2\\xA9\\xB2|\\xE2\\xA9\\xB1|\\xE2\\x96\\xA1)"
    "(?=\\z|\\$)"
    /* 12: a detached "e.p." */
    "|(e\\.p\\.)\\z";

/* A tag pair as the standard writes it: [Name "value"], with \" and \\
 * escapes; the unrolled loop keeps long values linear. */
static const char tag_pattern[] =
    "\\[[ \\t]*([A-Za-z0-9_]+)[ \\t]*\"([^\"\\\\]*+(?:\\\\.[^\"\\\\]*+)*+)\"[ \\t]*\\]";
/* Recovery for values with stray quotes: the value runs to the last quote
 * of a line that ends with ']'. */
static const char tag_loose_pattern[] =
    "\\[[ \\t]*([^\\s\"\\[\\]]+)[ \\t]*\"(.*)\"[ \\t]*\\][ \\t]*\\z";
/* Recovery for unquoted values: [Name value] or [Name]. */
static const char tag_bare_pattern[] =
    "\\[[ \\t]*([A-Za-z0-9_]+)(?:[ \\t]+([^\"\\]]*?))?[ \\t]*\\]";

enum game_state { ST_START, ST_TAGS, ST_MOVES };
enum scan_status { SCAN_LINE_DONE, SCAN_GAME_DONE, SCAN_ERROR };

struct pattern {
    pcre2_code *code;
    bool jit;
};

struct pgn_reader {
    struct pgn_limits lim;
    struct pattern re_token, re_tag, re_tag_loose, re_tag_bare;
    pcre2_match_data *md;

    /* input: unread bytes are src[cur, end) */
    bool open;
    FILE *fp;
    const char *src;
    char *buf;
    size_t buf_cap, cur, end;
    bool eof;
    char *name;

    /* current line (or piece of an overlong line) */
    const char *line;
    size_t line_len, pos, first_nonblank;
    bool have_line, continued, cur_blank, prev_blank;
    unsigned long lineno, col_base, binary_line;

    enum pgn_error err;
    int sys_errno;
    unsigned long games;

    /* game under construction */
    enum game_state state;
    int depth;
    unsigned long open_line, open_col;
    bool in_comment, comment_stored, comment_truncated, tokens_full, tags_full, started;
    unsigned long comment_line, comment_col, start_line, start_col;

    char *arena;
    size_t arena_len, arena_cap;
    struct pgn_token *toks;
    size_t *tok_off;
    size_t ntoks, toks_cap;
    struct pgn_tag *tags;
    size_t *tag_name_off, *tag_value_off;
    size_t ntags, tags_cap;
    struct pgn_diag *diags;
    size_t ndiags, diags_cap;
};

static const char *const error_names[PGN_ERROR_NB] = {
    [PGN_OK] = "ok",
    [PGN_E_NOMEM] = "out-of-memory",
    [PGN_E_IO] = "read-error",
    [PGN_E_NOT_OPEN] = "not-open",
    [PGN_E_BAD_TAG] = "bad-tag",
    [PGN_E_UNTERMINATED_TAG] = "unterminated-tag",
    [PGN_E_TOO_MANY_TAGS] = "too-many-tags",
    [PGN_E_UNTERMINATED_COMMENT] = "unterminated-comment",
    [PGN_E_UNCLOSED_VARIATION] = "unclosed-variation",
    [PGN_E_UNMATCHED_CLOSE] = "unmatched-close",
    [PGN_E_UNEXPECTED_TOKEN] = "unexpected-token",
    [PGN_E_BAD_NAG] = "bad-nag",
    [PGN_E_RESULT_IN_VARIATION] = "result-in-variation",
    [PGN_E_MISSING_RESULT] = "missing-result",
    [PGN_E_TRUNCATED] = "truncated",
    [PGN_E_TOKEN_TOO_LONG] = "token-too-long",
    [PGN_E_LINE_TOO_LONG] = "line-too-long",
    [PGN_E_TOO_MANY_TOKENS] = "too-many-tokens",
    [PGN_E_TOO_MANY_DIAGS] = "too-many-diagnostics",
    [PGN_E_BINARY] = "binary-byte",
};

static const char *const error_messages[PGN_ERROR_NB] = {
    [PGN_OK] = "no error",
    [PGN_E_NOMEM] = "out of memory",
    [PGN_E_IO] = "read error",
    [PGN_E_NOT_OPEN] = "no input opened",
    [PGN_E_BAD_TAG] = "malformed tag pair",
    [PGN_E_UNTERMINATED_TAG] = "tag pair not closed by ']' on its line",
    [PGN_E_TOO_MANY_TAGS] = "too many tag pairs; the rest are ignored",
    [PGN_E_UNTERMINATED_COMMENT] = "comment '{' not closed by '}'",
    [PGN_E_UNCLOSED_VARIATION] = "variation '(' not closed by ')'",
    [PGN_E_UNMATCHED_CLOSE] = "')' without an open variation",
    [PGN_E_UNEXPECTED_TOKEN] = "unrecognised text in movetext",
    [PGN_E_BAD_NAG] = "NAG number above 255",
    [PGN_E_RESULT_IN_VARIATION] = "game result inside a variation",
    [PGN_E_MISSING_RESULT] = "game has no result; the next game's tags begin here",
    [PGN_E_TRUNCATED] = "input ends inside a game (no result)",
    [PGN_E_TOKEN_TOO_LONG] = "token too long; truncated",
    [PGN_E_LINE_TOO_LONG] = "line too long; split",
    [PGN_E_TOO_MANY_TOKENS] = "too many tokens in one game; the rest are ignored",
    [PGN_E_TOO_MANY_DIAGS] = "too many problems in one game; the rest are not reported",
    [PGN_E_BINARY] = "NUL or control byte (read as a space)",
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
    return (unsigned)code < PGN_ERROR_NB ? error_names[code] : "unknown-error";
}

const char *pgn_error_message(enum pgn_error code)
{
    return (unsigned)code < PGN_ERROR_NB ? error_messages[code] : "unknown error";
}

const char *pgn_token_kind_name(enum pgn_token_kind kind)
{
    return (unsigned)kind < PGN_TOK_KIND_NB ? kind_names[kind] : "invalid";
}

/* ---------------------------------------------------------------- setup */

/* Compiles one anchored pattern and JIT-compiles it when the platform can;
 * the interpreter is the fallback, so a missing JIT only costs speed. */
static bool compile_pattern(struct pattern *p, const char *src)
{
    int errcode;
    PCRE2_SIZE erroff;
    p->code = pcre2_compile((PCRE2_SPTR)src, PCRE2_ZERO_TERMINATED,
                            PCRE2_ANCHORED | PCRE2_NO_AUTO_CAPTURE * 0, &errcode, &erroff, NULL);
    if (!p->code)
        return false;
    p->jit = pcre2_jit_compile(p->code, PCRE2_JIT_COMPLETE) == 0;
    return true;
}

static void set_limits(struct pgn_limits *dst, const struct pgn_limits *src)
{
    struct pgn_limits z = {0};
    if (!src)
        src = &z;
    dst->max_line = src->max_line ? src->max_line : DEFAULT_MAX_LINE;
    if (dst->max_line < MIN_LINE)
        dst->max_line = MIN_LINE;
    dst->max_text = src->max_text ? src->max_text : DEFAULT_MAX_TEXT;
    dst->max_tokens = src->max_tokens ? src->max_tokens : DEFAULT_MAX_TOKENS;
    dst->max_tags = src->max_tags ? src->max_tags : DEFAULT_MAX_TAGS;
    dst->max_diags = src->max_diags ? src->max_diags : DEFAULT_MAX_DIAGS;
}

struct pgn_reader *pgn_reader_new(void)
{
    struct pgn_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    set_limits(&r->lim, NULL);
    if (!compile_pattern(&r->re_token, token_pattern) || !compile_pattern(&r->re_tag, tag_pattern) ||
        !compile_pattern(&r->re_tag_loose, tag_loose_pattern) ||
        !compile_pattern(&r->re_tag_bare, tag_bare_pattern) ||
        !(r->md = pcre2_match_data_create(G_COUNT + 1, NULL))) {
        pgn_reader_free(r);
        return NULL;
    }
    return r;
}

void pgn_reader_free(struct pgn_reader *r)
{
    if (!r)
        return;
    pcre2_code_free(r->re_token.code);
    pcre2_code_free(r->re_tag.code);
    pcre2_code_free(r->re_tag_loose.code);
    pcre2_code_free(r->re_tag_bare.code);
    pcre2_match_data_free(r->md);
    free(r->buf);
    free(r->name);
    free(r->arena);
    free(r->toks);
    free(r->tok_off);
    free(r->tags);
    free(r->tag_name_off);
    free(r->tag_value_off);
    free(r->diags);
    free(r);
}

void pgn_reader_set_limits(struct pgn_reader *r, const struct pgn_limits *lim)
{
    set_limits(&r->lim, lim);
}

/* Resets everything that belongs to the previous input. */
static enum pgn_error open_common(struct pgn_reader *r, const char *name)
{
    char *copy = strdup(name ? name : "-");
    if (!copy)
        return PGN_E_NOMEM;
    free(r->name);
    r->name = copy;
    r->open = true;
    r->fp = NULL;
    r->src = NULL;
    r->cur = r->end = 0;
    r->eof = false;
    r->line = NULL;
    r->line_len = r->pos = 0;
    r->have_line = r->continued = r->cur_blank = false;
    r->prev_blank = true;
    r->lineno = r->col_base = r->binary_line = 0;
    r->err = PGN_OK;
    r->sys_errno = 0;
    r->games = 0;
    return PGN_OK;
}

enum pgn_error pgn_reader_open_file(struct pgn_reader *r, FILE *fp, const char *name)
{
    enum pgn_error e = open_common(r, name);
    if (e)
        return e;
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
    r->src = buf;
    r->end = len;
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

const char *pgn_game_tag(const struct pgn_game *g, const char *name)
{
    for (size_t i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, name) == 0)
            return g->tags[i].value;
    return NULL;
}

/* ---------------------------------------------------------------- storage */

/* Grows an array to hold at least need elements, doubling so that a
 * stream of games settles into no allocation at all. */
static bool grow(void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    void *p = realloc(*arr, n * elem);
    if (!p)
        return false;
    *arr = p;
    *cap = n;
    return true;
}

static int nomem(struct pgn_reader *r)
{
    r->err = PGN_E_NOMEM;
    return -1;
}

static int arena_reserve(struct pgn_reader *r, size_t n)
{
    if (r->arena_len + n <= r->arena_cap)
        return 0;
    size_t c = r->arena_cap;
    if (!grow((void **)&r->arena, &c, r->arena_len + n, 1))
        return nomem(r);
    r->arena_cap = c;
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
    if (!grow((void **)&r->diags, &r->diags_cap, r->ndiags + 1, sizeof *r->diags))
        return nomem(r);
    if (r->ndiags + 1 == r->lim.max_diags)
        code = PGN_E_TOO_MANY_DIAGS;
    r->diags[r->ndiags++] = (struct pgn_diag){.line = line, .col = col, .code = code};
    return 0;
}

static int diag_at(struct pgn_reader *r, enum pgn_error code, const char *p)
{
    return add_diag(r, code, r->lineno, col_at(r, p));
}

