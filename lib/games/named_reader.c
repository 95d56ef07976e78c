/* The named notation's reader (named_reader.h); the records themselves
 * are checked by named.c (named_parse) when a game is replayed. */
#include "named_reader.h"

#include "named.h"
#include "base/array.h"
#include "base/text_input.h"
#include "base/textscan.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum {
    READER_MAX_LINE = 1 << 20,
    READER_MAX_TOKENS = 1 << 20,
    READER_MAX_DIAGS = 1024,
    READER_MAX_TAGS = 4096,
};

/* The reader's text recognition (the project's rule: PCRE2 with JIT for
 * recognising text).  A tag pair line, and a movetext word: a result, a
 * NAG, or a ply record whose words are those of the vocabularies. */
static const char tag_pattern[] =
    "\\[[ \\t]*([A-Za-z0-9_]+)[ \\t]*\"((?:[^\"\\\\]|\\\\.)*)\"[ \\t]*\\][ \\t]*$";
enum { G_RESULT = 1, G_NAG, G_PLY, G_RECORD, G_COUNT };

struct named_reader {
    struct textscan_pattern re_tag, re_token;
    pcre2_match_data *md;
    /* input */
    struct text_reader *in; /* the input read (own, or the caller's) */
    struct text_reader own; /* a stdio stream's or a buffer's */
    bool open, eof;
    char *name;
    size_t max_line;
    enum pgn_error err;
    int sys_errno;
    /* current line: line[pos, len) is still to be read */
    char *line; /* in the input's buffer (text_reader_line) */
    size_t line_len, pos;
    bool have_line;
    unsigned long lineno, games;
    /* the game being read, and its visitor with what it answered: the
     * tags' texts in the arena, by offset until told; tokens are offered
     * as they are read and kept by none */
    const struct pgn_visitor *v;
    void *ctx;
    bool told, skip;
    int mute; /* SKIP_VARIATION: tokens from this depth on are not offered (0: none) */
    char *arena;
    size_t arena_len, arena_cap, ntoks;
    struct pgn_tag *tags;
    size_t *tag_off, ntags, tags_cap; /* two offsets per tag: name, value */
    struct pgn_diag *diags;
    size_t ndiags, diags_cap;
    int depth;
    unsigned long open_line, open_col; /* the outermost '(' still open */
    bool in_moves, started, tokens_full;
    unsigned long start_line, start_col;
};

/* "a|b|..." in dst: the names the vocabularies give the rules with the
 * keys given (formats/named-vocabularies.tsv), each name once, longest
 * first so that "ne" wins over "n" (the words are letters, digits, '-'
 * and '_': nothing to escape); false when they do not fit. */
static bool alternatives(char *dst, size_t size, const char *const *keys, int n)
{
    size_t len = 0;
    bool first_word = true;
    dst[0] = '\0';
    for (size_t want = 16; want > 0; want--)
        for (int r = 0; r < n; r++)
            for (int v = 0; v < NAMED_VOCABULARY_NB; v++) {
                const char *name = named_rule_name((enum named_vocabulary)v, keys[r]);
                if (!name || strlen(name) != want)
                    continue;
                bool seen = false;
                for (int u = 0; u < v; u++)
                    seen |= strcmp(named_rule_name((enum named_vocabulary)u, keys[r]), name) == 0;
                if (!seen)
                    len += (size_t)snprintf(dst + len, len < size ? size - len : 0, "%s%s",
                                            first_word ? "" : "|", name);
                first_word &= seen;
            }
    return len < size;
}

/* The movetext word pattern, anchored where a word starts: a result, a
 * NAG, or a move number with the ply record after it (group G_RECORD),
 * each ending where a word ends.  The pass, direction and explosion words
 * come from the vocabulary table; a drop is "@ TO RULE PIECE". */
static bool compile_token_pattern(struct textscan_pattern *p)
{
    static const char *const pass[] = {"pass"}, *const explosion[] = {"explosion"};
    static const char *const directions[] = {"dir-n", "dir-ne", "dir-e", "dir-se",
                                             "dir-s", "dir-sw", "dir-w", "dir-nw"};
    static const char end[] = "(?=[ \\t{}();]|$)";
    char pass_words[256], dir_words[1024], explosion_words[256], src[2048];
    if (!alternatives(pass_words, sizeof pass_words, pass, 1) ||
        !alternatives(dir_words, sizeof dir_words, directions, 8) ||
        !alternatives(explosion_words, sizeof explosion_words, explosion, 1))
        return false;
    int n = snprintf(src, sizeof src,
                     "(" PGN_RESULT_ALTERNATIVES ")%s|\\$([0-9]{1,3})%s|([0-9]+\\.(?:\\.\\.)?"
                     "(?:[ \\t]+((?:%s)|[a-h][1-8][ \\t]+[-x][ \\t]+[a-h][1-8][ \\t]+[A-Za-z0-9_-]+"
                     "(?:[ \\t]+(?:%s)){0,2}(?:[ \\t]+=[ \\t]+[A-Za-z0-9_-]+)?(?:[ \\t]+(?:%s))?"
                     "|@[ \\t]+[a-h][1-8][ \\t]+[A-Za-z0-9_-]+[ \\t]+[A-Za-z0-9_-]+))?)%s",
                     end, end, pass_words, dir_words, explosion_words, end);
    return n > 0 && (size_t)n < sizeof src && textscan_compile(p, src);
}

struct named_reader *named_reader_new(void)
{
    struct named_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->max_line = READER_MAX_LINE;
    if (!textscan_compile(&r->re_tag, tag_pattern) || !compile_token_pattern(&r->re_token) ||
        !(r->md = pcre2_match_data_create(G_COUNT, NULL))) {
        named_reader_free(r);
        return NULL;
    }
    return r;
}

/* Match re anchored at s[at] within s[0..n); the match's end, or 0. */
static size_t match_at(struct named_reader *r, struct textscan_pattern *re, const char *s, size_t n,
                       size_t at)
{
    int rc = textscan_match(re, s, n, at, r->md);
    return rc > 0 ? pcre2_get_ovector_pointer(r->md)[1] : 0;
}

/* Was group g of the last match set?  Its span goes to *start, *end. */
static bool group(struct named_reader *r, int g, size_t *start, size_t *end)
{
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->md);
    if (g >= (int)pcre2_get_ovector_count(r->md) || ov[2 * g] == PCRE2_UNSET)
        return false;
    *start = ov[2 * g];
    *end = ov[2 * g + 1];
    return true;
}

void named_reader_free(struct named_reader *r)
{
    if (!r)
        return;
    textscan_free(&r->re_tag);
    textscan_free(&r->re_token);
    pcre2_match_data_free(r->md);
    text_reader_free(&r->own);
    free(r->name);
    free(r->arena);
    free(r->tags);
    free(r->tag_off);
    free(r->diags);
    free(r);
}

void named_reader_set_max_line(struct named_reader *r, size_t max_line)
{
    r->max_line = max_line >= 64 ? max_line : 64;
}

enum pgn_error named_reader_error(const struct named_reader *r)
{
    return r->err;
}

int named_reader_errno(const struct named_reader *r)
{
    return r->sys_errno;
}

/* Opening an input starts the game and line counts afresh. */
static enum pgn_error reader_open(struct named_reader *r, const char *name)
{
    char *copy = strdup(name ? name : "-");
    if (!copy)
        return PGN_E_NOMEM;
    free(r->name);
    r->name = copy;
    r->open = true;
    r->eof = r->have_line = false;
    r->err = PGN_OK;
    r->sys_errno = 0;
    r->lineno = r->games = 0;
    return PGN_OK;
}

enum pgn_error named_reader_open_input(struct named_reader *r, struct text_reader *in,
                                       const char *name)
{
    r->in = in;
    return reader_open(r, name);
}

enum pgn_error named_reader_open_file(struct named_reader *r, FILE *fp, const char *name)
{
    text_reader_free(&r->own);
    if (!text_reader_init(&r->own, text_input_stdio_read, fp, 1 << 16))
        return PGN_E_NOMEM;
    return named_reader_open_input(r, &r->own, name);
}

enum pgn_error named_reader_open_mem(struct named_reader *r, const char *buf, size_t len,
                                     const char *name)
{
    text_reader_free(&r->own);
    if (!text_reader_init_mem(&r->own, buf ? buf : "", buf ? len : 0))
        return PGN_E_NOMEM;
    return named_reader_open_input(r, &r->own, name);
}

static bool nomem(struct named_reader *r)
{
    r->err = PGN_E_NOMEM;
    return false;
}

/* A problem of the game being read; past the cap the rest are dropped. */
static bool add_diag_at(struct named_reader *r, enum pgn_error code, unsigned long line,
                        unsigned long col)
{
    if (r->ndiags >= READER_MAX_DIAGS)
        return true;
    struct pgn_diag *d = array_grow(r->diags, &r->diags_cap, r->ndiags + 1, sizeof *d);
    if (!d)
        return nomem(r);
    r->diags = d;
    r->diags[r->ndiags++] = (struct pgn_diag){.line = line, .col = col, .code = code};
    return true;
}

static bool add_diag(struct named_reader *r, enum pgn_error code, unsigned long col)
{
    return add_diag_at(r, code, r->lineno, col);
}

/* Copy text into the arena, NUL-terminated; its offset goes to *off. */
static bool arena_put(struct named_reader *r, const char *s, size_t n, size_t *off)
{
    char *a = array_grow(r->arena, &r->arena_cap, r->arena_len + n + 1, 1);
    if (!a)
        return nomem(r);
    r->arena = a;
    *off = r->arena_len;
    memcpy(r->arena + r->arena_len, s, n);
    r->arena[r->arena_len + n] = '\0';
    r->arena_len += n + 1;
    return true;
}

static void mark_start(struct named_reader *r, unsigned long col)
{
    if (!r->started) {
        r->started = true;
        r->start_line = r->lineno;
        r->start_col = col;
    }
}

/* The game as read so far, its tags pointed at their texts (the arena
 * may have moved), its tokens offered already. */
static void describe(struct named_reader *r, struct pgn_game *g)
{
    for (size_t i = 0; i < r->ntags; i++) {
        r->tags[i].name = r->arena + r->tag_off[2 * i];
        r->tags[i].value = r->arena + r->tag_off[2 * i + 1];
    }
    *g = (struct pgn_game){
        .number = r->games + 1,
        .line = r->start_line,
        .col = r->start_col,
        .tags = r->tags,
        .ntags = r->ntags,
        .diags = r->diags,
        .ndiags = r->ndiags,
        .source = r->name,
    };
}

static void tell_tags(struct named_reader *r)
{
    struct pgn_game g;
    describe(r, &g);
    r->told = true;
    r->skip = r->v->tags_done(r->ctx, &g) == PGN_VISIT_SKIP_GAME;
}

/* Offer a token (its text NUL-terminated in the arena, let go after), as
 * the PGN reader does, the tags told first; past READER_MAX_TOKENS the
 * rest of the game is dropped with one diagnostic, which keeps memory
 * bounded on hostile input. */
static bool add_token(struct named_reader *r, enum pgn_token_kind kind, const char *s, size_t n,
                      size_t at, unsigned value)
{
    if (r->ntoks >= READER_MAX_TOKENS) {
        if (r->tokens_full)
            return true; /* the rest of the game is dropped, said once */
        r->tokens_full = true;
        return add_diag(r, PGN_E_TOO_MANY_TOKENS, at + 1);
    }
    size_t off;
    if (!arena_put(r, s, n, &off))
        return false;
    mark_start(r, at + 1);
    r->ntoks++;
    struct pgn_token t = {.kind = kind,
                          .text = r->arena + off,
                          .len = n,
                          .line = r->lineno,
                          .col = at + 1,
                          .depth = r->depth,
                          .value = value};
    if (!r->told)
        tell_tags(r);
    if (r->mute && t.depth < r->mute) {
        r->mute = 0; /* the skipped variation's ")", not offered either */
    } else if (!r->skip && !r->mute) {
        enum pgn_visit a = r->v->token(r->ctx, &t);
        r->skip = a == PGN_VISIT_SKIP_GAME;
        if (a == PGN_VISIT_SKIP_VARIATION && kind == PGN_TOK_VARIATION_START)
            r->mute = t.depth + 1;
    }
    r->arena_len = off;
    return true;
}

/* Fetch the next line into r->line (no '\n', no trailing '\r', no BOM at
 * the start of the input); false at the end or on a read error. */
static bool read_line(struct named_reader *r)
{
    size_t n;
    bool over;
    if (!r->open || r->eof)
        return false;
    int got = text_reader_line(r->in, r->max_line, &r->line, &n, &over);
    if (got < 0) {
        if (r->in->failed) {
            r->err = PGN_E_IO;
            r->sys_errno = r->in->err;
            return false;
        }
        return nomem(r);
    }
    if (got == 0) {
        r->eof = true;
        return false;
    }
    r->lineno++;
    r->line_len = n;
    r->pos = r->lineno == 1 ? pgn_utf8_bom_len(r->line, n) : 0;
    if (r->lineno == 1 && n >= 2 && pgn_utf16_bom(r->line)) {
        r->err = PGN_E_UTF16; /* one word for the whole input (pgn.h) */
        return false;
    }
    r->have_line = true;
    /* At the first column past the limit, as the PGN reader puts it. */
    if (over && !add_diag(r, PGN_E_LINE_TOO_LONG, r->max_line + 1))
        return false;
    return true;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Words end at blanks and at the characters that start other tokens. */
static bool ends_word(char c)
{
    return is_space(c) || c == '\0' || c == '{' || c == '}' || c == '(' || c == ')' || c == ';';
}

/* A tag pair line: [Name "value"] with \" and \\ escapes (PGN standard
 * 8.1.1), the form pgn-to-named-notation writes, alone on its line. */
static bool read_tag(struct named_reader *r, size_t at)
{
    const char *s = r->line;
    size_t name_start, name_end, val_start, val_end, name_off, val_off;
    if (!match_at(r, &r->re_tag, s, r->line_len, at) || !group(r, 1, &name_start, &name_end) ||
        !group(r, 2, &val_start, &val_end))
        return add_diag(r, PGN_E_BAD_TAG, at + 1);
    if (r->ntags >= READER_MAX_TAGS)
        return add_diag(r, PGN_E_TOO_MANY_TAGS, at + 1);
    if (!arena_put(r, s + name_start, name_end - name_start, &name_off) ||
        !arena_put(r, s + val_start, val_end - val_start, &val_off))
        return false;
    /* Unescape in place: the value only shrinks. */
    char *v = r->arena + val_off;
    size_t vlen = 0;
    for (size_t k = 0; k < val_end - val_start; k++) {
        if (v[k] == '\\' && k + 1 < val_end - val_start)
            k++;
        v[vlen++] = v[k];
    }
    v[vlen] = '\0';
    /* parallel arrays (two offsets a tag): tags_cap moves once both have grown */
    size_t cap = r->tags_cap;
    struct pgn_tag *t = array_grow(r->tags, &cap, r->ntags + 1, sizeof *t);
    if (!t)
        return nomem(r);
    r->tags = t;
    size_t *o = array_grow(r->tag_off, &r->tags_cap, r->ntags + 1, 2 * sizeof *o);
    if (!o)
        return nomem(r);
    r->tag_off = o;
    mark_start(r, at + 1);
    r->tag_off[2 * r->ntags] = name_off;
    r->tag_off[2 * r->ntags + 1] = val_off;
    /* (the pattern lets no quote or backslash stand unescaped) */
    r->tags[r->ntags++] = (struct pgn_tag){.name_len = name_end - name_start,
                                           .value_len = vlen,
                                           .line = r->lineno,
                                           .col = at + 1,
                                           .plain_value = vlen == val_end - val_start};
    return true;
}

/* Read the tokens of the rest of the line.  Returns 1 when a result at
 * depth 0 ended the game (the rest of the line stays for the next one), 0
 * when the line is used up, -1 on a hard error. */
static int read_tokens(struct named_reader *r)
{
    const char *s = r->line;
    size_t n = r->line_len;
    while (r->pos < n) {
        size_t i = r->pos;
        while (i < n && is_space(s[i]))
            i++;
        r->pos = i;
        if (i >= n)
            break;
        char c = s[i];
        bool ok = true;
        if (c == '{' || c == ';') { /* a ';' comment runs to the end of the line */
            const char *close = c == '{' ? memchr(s + i + 1, '}', n - i - 1) : NULL;
            size_t end = close ? (size_t)(close - s) : n;
            ok = add_token(r, PGN_TOK_COMMENT, s + i + 1, end - i - 1, i, 0) &&
                 (close || c == ';' || add_diag(r, PGN_E_UNTERMINATED_COMMENT, i + 1));
            r->pos = close ? end + 1 : n;
        } else if (c == '(') {
            ok = add_token(r, PGN_TOK_VARIATION_START, s + i, 1, i, 0);
            if (r->depth++ == 0) {
                r->open_line = r->lineno;
                r->open_col = i + 1;
            }
            r->pos = i + 1;
        } else if (c == ')') {
            if (r->depth == 0) {
                ok = add_diag(r, PGN_E_UNMATCHED_CLOSE, i + 1);
            } else {
                r->depth--;
                ok = add_token(r, PGN_TOK_VARIATION_END, s + i, 1, i, 0);
            }
            r->pos = i + 1;
        } else {
            size_t e = i + 1, gs, ge;
            unsigned long nag;
            while (e < n && !ends_word(s[e]))
                e++;
            r->pos = e;
            size_t m = match_at(r, &r->re_token, s, n, i);
            if (m && group(r, G_RESULT, &gs, &ge)) {
                if (!add_token(r, PGN_TOK_RESULT, s + i, m - i, i, 0))
                    return -1;
                if (r->depth == 0)
                    return 1;
                ok = add_diag(r, PGN_E_RESULT_IN_VARIATION, i + 1);
            } else if (m && group(r, G_NAG, &gs, &ge) && m - i <= 4 &&
                       (nag = strtoul(s + gs, NULL, 10)) <= 255) {
                ok = add_token(r, PGN_TOK_NAG, s + i, m - i, i, (unsigned)nag);
            } else if (m && group(r, G_PLY, &gs, &ge)) {
                size_t last = m;
                if (!group(r, G_RECORD, &gs, &ge)) {
                    /* Not a well-formed record: it runs to the next token
                     * that is not one of its words, and is refused whole
                     * when it is replayed. */
                    for (;;) {
                        size_t k = last;
                        while (k < n && is_space(s[k]))
                            k++;
                        if (k >= n || ends_word(s[k]) || match_at(r, &r->re_token, s, n, k))
                            break;
                        while (k < n && !ends_word(s[k]))
                            k++;
                        last = k;
                    }
                }
                r->pos = last;
                ok = add_token(r, PGN_TOK_MOVE, s + i, last - i, i, 0);
            } else {
                ok = add_token(r, PGN_TOK_UNKNOWN, s + i, e - i, i, 0) &&
                     add_diag(r, c == '$' ? PGN_E_BAD_NAG : PGN_E_UNEXPECTED_TOKEN, i + 1);
            }
        }
        if (!ok)
            return -1;
    }
    r->have_line = false;
    return 0;
}

/* End the game: game_end (tags_done first when no token told it). */
static int finish_game(struct named_reader *r)
{
    if (r->depth > 0) /* at the '(' (where the game ended is the next game's) */
        add_diag_at(r, PGN_E_UNCLOSED_VARIATION, r->open_line, r->open_col);
    if (!r->told)
        tell_tags(r);
    struct pgn_game g;
    describe(r, &g);
    r->games++;
    r->v->game_end(r->ctx, &g);
    return 1;
}

/* Games are read line by line: tag lines, then movetext lines (plies,
 * comments, NAGs, variations) up to the result.  A tag line after
 * movetext starts the next game even without a result; a '%' line is an
 * escape (PGN standard 6) and is skipped. */
int named_read_game(struct named_reader *r, const struct pgn_visitor *v, void *ctx)
{
    if (!r->open) {
        r->err = PGN_E_NOT_OPEN;
        return -1;
    }
    r->arena_len = r->ntoks = r->ntags = r->ndiags = 0;
    r->depth = r->mute = 0;
    r->in_moves = r->started = r->tokens_full = r->told = r->skip = false;
    r->v = v;
    r->ctx = ctx;
    for (;;) {
        if (!r->have_line && !read_line(r)) {
            if (r->err != PGN_OK)
                return -1;
            break;
        }
        size_t i = r->pos;
        while (i < r->line_len && is_space(r->line[i]))
            i++;
        if (i >= r->line_len || (r->pos == 0 && pgn_escape_line(r->line, r->line_len))) {
            r->have_line = false;
            continue;
        }
        if (r->line[i] == '[' && (r->pos == 0 || (r->pos == 3 && r->lineno == 1))) {
            if (r->in_moves) {
                if (!add_diag(r, PGN_E_MISSING_RESULT, i + 1))
                    return -1;
                return finish_game(r);
            }
            if (!read_tag(r, i))
                return -1;
            r->have_line = false;
            continue;
        }
        r->in_moves = true;
        int rc = read_tokens(r);
        if (rc < 0)
            return -1;
        if (rc > 0)
            return finish_game(r);
    }
    if (!r->started)
        return 0;
    if (r->in_moves && !add_diag(r, PGN_E_TRUNCATED, 1))
        return -1;
    return finish_game(r);
}
