/* The PGN reader's tag pairs (pgn_impl.h): read, recovered when
 * malformed, stored unescaped, a repeated one found; and the lookups of
 * pgn.h (pgn_tags_find, pgn_game_tag, pgn_repeat_message). */
#include "pgn_impl.h"

#include "base/array.h"

#include <stdio.h>
#include <string.h>

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

int pgn_repeat_message(const struct pgn_game *g, size_t i, unsigned long line_offset, char *buf,
                       size_t size)
{
    const struct pgn_tag *t = &g->tags[i], *first = pgn_tags_find(g->tags, i, t->name);
    return snprintf(buf, size, "tag %s appears twice (first on line %lu)", t->name,
                    (first ? first->line : t->line) + line_offset);
}

/* A tag pattern of the lexer (pgn_lexer_tag) at s[0..n). */
int pgn_match_tag(struct pgn_reader *r, enum pgn_lexer_tag_form form, const char *s, size_t n,
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
        return pgn_diag_at(r, PGN_E_TOO_MANY_TAGS, at);
    }
    size_t vmax = vlen < r->lim.max_text ? vlen : r->lim.max_text;
    struct pgn_tag *tags = array_grow(r->tags, &r->tags_cap, r->ntags + 1, sizeof *tags);
    if (!tags)
        return pgn_nomem(r);
    r->tags = tags;
    if (pgn_arena_reserve(r, nlen + vmax + 2) < 0)
        return -1;
    size_t noff = r->arena_len;
    if (plain)
        array_copy_short(r->arena + noff, name, nlen);
    else if (pgn_copy_clean(r, r->arena + noff, name, nlen) < 0)
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
            if (pgn_note_binary(r, val + i) < 0)
                return -1;
            c = ' ';
        }
        dst[out++] = (char)c;
    }
    dst[out] = '\0';
    r->arena_len = r->arena_floor = voff + out + 1;
    if (i < vlen && pgn_diag_at(r, PGN_E_TOKEN_TOO_LONG, at) < 0)
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
int pgn_scan_tag(struct pgn_reader *r, const char *p, const char *end, const char **next, bool *dup)
{
    size_t n = (size_t)(end - p);
    struct pgn_lexer_tag t;
    enum pgn_error problem = PGN_OK;
    bool plain = !(r->options & PGN_OPT_NO_FASTPATH) && pgn_lexer_tag_fast(p, n, &t);
    int rc = plain ? 3 : pgn_match_tag(r, PGN_LEXER_TAG, p, n, &t);
    if (rc < 0) {
        problem = PGN_E_BAD_TAG;
        /* the loose pattern scans to the end of the line: tried only where
         * it can match, or a long line of broken tags would be quadratic */
        rc = ends_quote_bracket(r) ? pgn_match_tag(r, PGN_LEXER_TAG_LOOSE, p, n, &t) : -1;
        if (rc < 0)
            rc = pgn_match_tag(r, PGN_LEXER_TAG_BARE, p, n, &t);
        if (rc < 0) {
            problem = PGN_E_UNTERMINATED_TAG;
            rc = pgn_match_tag(r, PGN_LEXER_TAG_OPEN, p, n, &t);
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
        return pgn_diag_at(r, close ? PGN_E_BAD_TAG : PGN_E_UNTERMINATED_TAG, p);
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
        if (pgn_arena_reserve(r, nlen) < 0)
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
    if (problem && pgn_diag_at(r, problem, p) < 0)
        return -1;
    r->state = ST_TAGS;
    return push_tag(r, name, nlen, val, vlen, p, plain, bit, repeated);
}

/* In movetext, whether the '[' at p begins the next game's tag section: at
 * the start of a line when a tag name follows, elsewhere when a whole
 * well-formed tag pair follows. */
bool pgn_starts_tag(struct pgn_reader *r, const char *p, const char *end)
{
    if ((size_t)(p - r->line) == r->first_nonblank)
        return pgn_lexer_tag_name_follows(p, (size_t)(end - p));
    struct pgn_lexer_tag t;
    return pgn_match_tag(r, PGN_LEXER_TAG, p, (size_t)(end - p), &t) > 0;
}
