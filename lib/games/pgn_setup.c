/* The PGN reader's setup and public answers (pgn.h): the codes' names and
 * messages, the reader made, its limits and options, an input opened, its
 * state asked, the stray-text message. */
#include "pgn_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    text_reader_free(&r->own);
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
    r->in = NULL;
    r->src_base = 0;
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

enum pgn_error pgn_reader_open_input(struct pgn_reader *r, struct text_reader *in, const char *name)
{
    enum pgn_error e = open_common(r, name);
    if (e)
        return e;
    if (!in)
        return PGN_E_NOT_OPEN;
    if (!r->buf) {
        r->buf = malloc(READ_CHUNK);
        if (!r->buf)
            return PGN_E_NOMEM;
        r->buf_cap = READ_CHUNK;
    }
    r->in = in;
    r->src_base = text_reader_offset(in);
    r->src = r->buf;
    return PGN_OK;
}

/* A stdio stream is a source like any other: its reader, the reader's own
 * (its buffer unused: the bytes go straight into the reader's). */
enum pgn_error pgn_reader_open_file(struct pgn_reader *r, FILE *fp, const char *name)
{
    if (!fp) {
        enum pgn_error e = open_common(r, name);
        return e ? e : PGN_E_NOT_OPEN;
    }
    text_reader_free(&r->own);
    if (!text_reader_init(&r->own, text_input_stdio_read, fp, 16))
        return PGN_E_NOMEM;
    return pgn_reader_open_input(r, &r->own, name);
}

void pgn_reader_set_base(struct pgn_reader *r, uint64_t offset)
{
    r->src_base = offset;
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
