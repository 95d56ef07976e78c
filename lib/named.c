#include "named.h"

#include "named_vocabularies.h" /* generated from formats/named-vocabularies.tsv */

#include "textscan.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)NAMED_GEN_VOCABULARIES == (int)NAMED_VOCABULARY_NB,
               "formats/named-vocabularies.tsv must have one column per enum named_vocabulary");

/* The directions in the order of the dir-* rows: clockwise from n. */
enum { DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW, DIR_NB };

/* Words of a record: enough for the longest ply
 * ("N. FROM SEP TO RULE P1 P2 = PIECE" is 9) plus one to detect excess. */
enum { MAX_WORDS = 10 };

const char *named_vocabulary_name(enum named_vocabulary v)
{
    return (unsigned)v < NAMED_VOCABULARY_NB ? named_gen_vocabulary_names[v] : "any";
}

bool named_vocabulary_parse(const char *name, enum named_vocabulary *out)
{
    for (int v = 0; v < NAMED_VOCABULARY_NB; v++)
        if (strcmp(name, named_gen_vocabulary_names[v]) == 0) {
            *out = (enum named_vocabulary)v;
            return true;
        }
    return false;
}

const char *named_rule_name(enum named_vocabulary v, const char *key)
{
    if ((unsigned)v >= NAMED_VOCABULARY_NB)
        return NULL;
    for (int r = 0; r < NAMED_RULE_NB; r++)
        if (strcmp(key, named_gen_rule_keys[r]) == 0)
            return named_gen_rule_names[v][r];
    return NULL;
}

const char *named_error_message(enum named_error e)
{
    switch (e) {
    case NAMED_OK:
        return "ok";
    case NAMED_E_SYNTAX:
        return "not a ply of the named notation (N. FROM SEP TO RULE [PARAMS] [= PIECE])";
    case NAMED_E_NUMBER:
        return "the move number is not the position's";
    case NAMED_E_NO_MOVE:
        return "no legal move goes from FROM to TO";
    case NAMED_E_RULE:
        return "the move generator names this move differently";
    case NAMED_E_PASS_IN_CHECK:
        return "a side in check cannot pass";
    default:
        return "unknown error";
    }
}

/* A bounded appender with snprintf's contract: the full length is counted,
 * at most size - 1 bytes are stored, and the text stays NUL-terminated. */
struct out {
    char *buf;
    size_t size, len;
};

static void out_put(struct out *o, const char *s, size_t n)
{
    if (o->len + 1 < o->size) {
        size_t room = o->size - 1 - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
    if (o->size)
        o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
}

/* Directions are seen from the side that moves (the notation's rule): for
 * Black the board is turned round, so north points to rank 1 while east and
 * west stay.  df and dr are the signs of the file and rank steps. */
static int direction(enum color side, int df, int dr)
{
    static const int table[3][3] = {
        /* dr = -1      0       +1 */
        {DIR_SW, DIR_W, DIR_NW}, /* df = -1 */
        {DIR_S, DIR_NB, DIR_N},  /* df = 0 */
        {DIR_SE, DIR_E, DIR_NE}, /* df = +1 */
    };
    if (side == BLACK)
        dr = -dr;
    return table[df + 1][dr + 1];
}

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

static const char *rule_name(enum named_vocabulary v, int rule)
{
    return named_gen_rule_names[v][rule];
}

/* Append a word of the vocabulary; q points into a buffer of NAMED_MAX
 * bytes, which every ply fits (names are at most 16 bytes). */
static char *put_rule(char *q, enum named_vocabulary v, int rule)
{
    size_t n = named_gen_rule_lens[v][rule];
    memcpy(q, named_gen_rule_names[v][rule], n);
    return q + n;
}

static char *put_direction(char *q, enum named_vocabulary v, int dir)
{
    *q++ = ' ';
    return put_rule(q, v, NAMED_RULE_DIR_N + dir);
}

static char *put_square(char *q, int sq)
{
    *q++ = (char)('a' + square_file(sq));
    *q++ = (char)('1' + square_rank(sq));
    return q;
}

/* "N. ": both White's and Black's plies carry the full-move number, so
 * every line of a record stands on its own. */
static char *put_number(char *q, unsigned long n)
{
    char digits[24];
    size_t k = sizeof digits;
    do {
        digits[--k] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    memcpy(q, digits + k, sizeof digits - k);
    q += sizeof digits - k;
    *q++ = '.';
    *q++ = ' ';
    return q;
}

/* The rule that generates m and its parameters, as the notation defines
 * them: pawn push, pawn capture (ne/nw), en passant (e/w: the captured
 * pawn's side), leap2 (the orthogonal step of the knight's two-square leg,
 * then the diagonal step), slide, step, castling by the king's squares.
 * Writes into q (NAMED_MAX bytes), returns the end. */
static char *put_move(char *q, const struct position *p, move m, enum named_vocabulary v)
{
    enum color side = (enum color)p->side;
    int from = move_from(m), to = move_to(m);
    enum piece_type pt = piece_type(p->board[from]);

    if (move_kind(m) == MOVE_CASTLE) {
        /* FROM and TO are the king's squares, even when they coincide (Chess960). */
        q = put_square(q, from);
        memcpy(q, " - ", 3);
        q = put_square(q + 3, move_castle_king_to(from, to));
        *q++ = ' ';
        return put_rule(q, v, to > from ? NAMED_RULE_CASTLE_KING : NAMED_RULE_CASTLE_QUEEN);
    }
    int df = square_file(to) - square_file(from), dr = square_rank(to) - square_rank(from);
    q = put_square(q, from);
    memcpy(q, move_is_capture(p, m) ? " x " : " - ", 3);
    q = put_square(q + 3, to);
    *q++ = ' ';
    switch (pt) {
    case PAWN:
        if (move_kind(m) == MOVE_EN_PASSANT) {
            q = put_rule(q, v, NAMED_RULE_EN_PASSANT);
            q = put_direction(q, v, direction(side, sign(df), 0));
        } else if (df != 0) {
            q = put_rule(q, v, NAMED_RULE_PAWN_CAPTURE);
            q = put_direction(q, v, direction(side, sign(df), sign(dr)));
        } else {
            q = put_rule(q, v, NAMED_RULE_PAWN_MOVE);
        }
        break;
    case KNIGHT: {
        q = put_rule(q, v, NAMED_RULE_KNIGHT);
        bool rank_leg = dr == 2 || dr == -2;
        q = put_direction(q, v,
                          rank_leg ? direction(side, 0, sign(dr)) : direction(side, sign(df), 0));
        q = put_direction(q, v, direction(side, sign(df), sign(dr)));
        break;
    }
    case BISHOP:
    case ROOK:
    case QUEEN:
        q = put_rule(q, v,
                     pt == BISHOP ? NAMED_RULE_BISHOP
                     : pt == ROOK ? NAMED_RULE_ROOK
                                  : NAMED_RULE_QUEEN);
        q = put_direction(q, v, direction(side, sign(df), sign(dr)));
        break;
    default: /* KING; an empty square never holds a legal move's piece */
        q = put_rule(q, v, NAMED_RULE_KING);
        q = put_direction(q, v, direction(side, sign(df), sign(dr)));
        break;
    }
    if (move_is_promotion(m)) {
        memcpy(q, " = ", 3);
        q = put_rule(q + 3, v, NAMED_RULE_PROMOTE_KNIGHT + (move_promotion(m) - KNIGHT));
    }
    return q;
}

/* Hand a text built in a NAMED_MAX scratch buffer over with snprintf's
 * contract; when the caller's buffer is large enough it was built there. */
static size_t finish(char *buf, size_t size, const char *text, size_t len)
{
    if (size >= NAMED_MAX)
        buf[len] = '\0';
    else if (size) {
        size_t n = len < size - 1 ? len : size - 1;
        memmove(buf, text, n);
        buf[n] = '\0';
    }
    return len;
}

/* The three formatters: the number when numbered, then the move m, or
 * the pass rule for MOVE_NONE (never a legal move).  The text is built in
 * the caller's buffer when it is large enough, else in a scratch one. */
static size_t format(const struct position *p, move m, enum named_vocabulary v, bool numbered,
                     char *buf, size_t size)
{
    char scratch[NAMED_MAX];
    char *q = size >= NAMED_MAX ? buf : scratch;
    if ((unsigned)v >= NAMED_VOCABULARY_NB)
        v = NAMED_DAGAZ;
    char *e = numbered ? put_number(q, p->fullmove) : q;
    e = m == MOVE_NONE ? put_rule(e, v, NAMED_RULE_PASS) : put_move(e, p, m, v);
    return finish(buf, size, q, (size_t)(e - q));
}

size_t named_format(const struct position *p, move m, enum named_vocabulary v, char *buf,
                    size_t size)
{
    return format(p, m, v, false, buf, size);
}

size_t named_format_ply(const struct position *p, move m, enum named_vocabulary v, char *buf,
                        size_t size)
{
    return format(p, m, v, true, buf, size);
}

size_t named_format_pass(const struct position *p, enum named_vocabulary v, char *buf, size_t size)
{
    return format(p, MOVE_NONE, v, true, buf, size);
}

struct word {
    const char *s;
    size_t len;
};

/* Split on spaces and tabs; false when there are more than max words. */
static bool split_words(const char *s, size_t len, struct word *w, int max, int *count)
{
    int n = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i == len)
            break;
        size_t start = i;
        while (i < len && s[i] != ' ' && s[i] != '\t')
            i++;
        if (n == max)
            return false;
        w[n++] = (struct word){s + start, i - start};
    }
    *count = n;
    return true;
}

static bool word_is(const struct word *w, const char *text)
{
    size_t n = strlen(text);
    return w->len == n && memcmp(w->s, text, n) == 0;
}

/* Is the word the given rule's name in some vocabulary? */
static bool word_is_rule(const struct word *w, int rule)
{
    for (int v = 0; v < NAMED_VOCABULARY_NB; v++)
        if (word_is(w, rule_name((enum named_vocabulary)v, rule)))
            return true;
    return false;
}

bool named_is_direction(const char *s, size_t len)
{
    struct word w = {s, len};
    for (int d = 0; d < DIR_NB; d++)
        if (word_is_rule(&w, NAMED_RULE_DIR_N + d))
            return true;
    return false;
}

/* The move number: digits and a '.', or "..." as Black's plies are
 * numbered in PGN (accepted, the notation writes "."). */
static bool scan_number(const struct word *w, unsigned long *out)
{
    size_t i = 0;
    unsigned long n = 0;
    while (i < w->len && w->s[i] >= '0' && w->s[i] <= '9') {
        if (n > 100000000UL)
            return false;
        n = n * 10 + (unsigned long)(w->s[i] - '0');
        i++;
    }
    if (i == 0 || i == w->len)
        return false;
    size_t dots = w->len - i;
    if (!(dots == 1 || dots == 3) || memcmp(w->s + i, "...", dots) != 0)
        return false;
    *out = n;
    return true;
}

/* The shape of a ply, word by word; the words beyond TO are checked
 * against the move generator's text later, so only their count and the
 * place of "=" matter here. */
static enum named_error scan_words(const struct word *w, int n, struct named_ply *out)
{
    memset(out, 0, sizeof *out);
    out->from = out->to = SQUARE_NONE;
    if (n < 2 || !scan_number(&w[0], &out->number))
        return NAMED_E_SYNTAX;
    if (n == 2 && word_is_rule(&w[1], NAMED_RULE_PASS)) {
        out->pass = true;
        return NAMED_OK;
    }
    if (n < 5 || w[1].len != 2 || w[3].len != 2 || w[2].len != 1)
        return NAMED_E_SYNTAX;
    out->from = square_parse(w[1].s, 2);
    out->to = square_parse(w[3].s, 2);
    out->sep = w[2].s[0];
    if (out->from == SQUARE_NONE || out->to == SQUARE_NONE || (out->sep != '-' && out->sep != 'x'))
        return NAMED_E_SYNTAX;
    int params = n - 5;
    if (n >= 7 && word_is(&w[n - 2], "=")) {
        params -= 2;
        for (int k = 0; k < 4; k++)
            if (word_is_rule(&w[n - 1], NAMED_RULE_PROMOTE_KNIGHT + k))
                out->promotion = KNIGHT + k;
    }
    if (params < 0 || params > 2)
        return NAMED_E_SYNTAX;
    for (int i = 5; i < 5 + params; i++)
        if (!named_is_direction(w[i].s, w[i].len))
            return NAMED_E_SYNTAX;
    return NAMED_OK;
}

enum named_error named_scan(const char *s, size_t len, struct named_ply *out)
{
    struct word w[MAX_WORDS];
    int n;
    if (!split_words(s, len, w, MAX_WORDS, &n)) {
        memset(out, 0, sizeof *out);
        return NAMED_E_SYNTAX;
    }
    return scan_words(w, n, out);
}

/* The record's words after the number, joined by single spaces: the form
 * named_format writes, so that a record is checked by comparing texts. */
static size_t join_words(const struct word *w, int n, char *buf, size_t size)
{
    struct out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    for (int i = 1; i < n; i++) {
        if (i > 1)
            out_put(&o, " ", 1);
        out_put(&o, w[i].s, w[i].len);
    }
    return o.len;
}

/* Does legal move m go from `from` to the record's TO?  A castling move
 * is recorded with the king's target square, not the rook's. */
static bool move_reaches(move m, int from, int to)
{
    if (move_from(m) != from)
        return false;
    if (move_kind(m) == MOVE_CASTLE)
        return move_castle_king_to(from, move_to(m)) == to;
    return move_to(m) == to;
}

/* A record is valid when it is, up to spacing, exactly the text the
 * formatter gives for one legal move (the notation's rule: the rule and
 * its parameters are those that generated the move), so reader and
 * writer cannot disagree. */
enum named_error named_parse(const struct position *p, const char *s, size_t len,
                             enum named_vocabulary v, move *out, char *expected)
{
    struct word w[MAX_WORDS];
    struct named_ply ply;
    int n;
    *out = MOVE_NONE;
    if (expected)
        expected[0] = '\0';
    if (!split_words(s, len, w, MAX_WORDS, &n))
        return NAMED_E_SYNTAX;
    enum named_error e = scan_words(w, n, &ply);
    if (e != NAMED_OK)
        return e;
    if (ply.number != p->fullmove)
        return NAMED_E_NUMBER;
    if (ply.pass)
        return position_in_check(p) ? NAMED_E_PASS_IN_CHECK : NAMED_OK;

    char record[NAMED_MAX], text[NAMED_MAX];
    if (join_words(w, n, record, sizeof record) >= sizeof record)
        return NAMED_E_SYNTAX;
    struct movelist l;
    movegen_legal(p, &l);
    move first = MOVE_NONE;
    for (int i = 0; i < l.count; i++) {
        move m = l.moves[i];
        if (!move_reaches(m, ply.from, ply.to))
            continue;
        if (first == MOVE_NONE)
            first = m;
        for (int k = 0; k < NAMED_VOCABULARY_NB; k++) {
            if (v != NAMED_ANY && k != (int)v)
                continue;
            named_format(p, m, (enum named_vocabulary)k, text, sizeof text);
            if (strcmp(text, record) == 0) {
                *out = m;
                return NAMED_OK;
            }
        }
    }
    if (first == MOVE_NONE)
        return NAMED_E_NO_MOVE;
    if (expected) {
        /* Show the promotion the record asked for when there is one. */
        for (int i = 0; i < l.count; i++) {
            move m = l.moves[i];
            if (!move_reaches(m, ply.from, ply.to) || !move_is_promotion(m))
                continue;
            named_format(p, m, v == NAMED_ANY ? NAMED_DAGAZ : v, text, sizeof text);
            const char *eq = strstr(text, " = ");
            const char *req = strstr(record, " = ");
            if (eq && req && strcmp(eq, req) == 0)
                first = m;
        }
        named_format_ply(p, first, v == NAMED_ANY ? NAMED_DAGAZ : v, expected, NAMED_MAX);
    }
    return NAMED_E_RULE;
}

/* ---------------------------------------------------------------- reader */

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
    FILE *fp;
    const char *src;
    size_t src_len, src_pos;
    bool open, eof;
    char *name;
    size_t max_line;
    enum pgn_error err;
    int sys_errno;
    /* current line: line[pos, len) is still to be read */
    char *line;
    size_t line_cap, line_len, pos;
    bool have_line;
    unsigned long lineno, games;
    /* game under construction: texts in the arena, by offset until done */
    char *arena;
    size_t arena_len, arena_cap;
    struct pgn_token *toks;
    size_t *tok_off, ntoks, toks_cap;
    struct pgn_tag *tags;
    size_t *tag_off, ntags, tags_cap; /* two offsets per tag: name, value */
    struct pgn_diag *diags;
    size_t ndiags, diags_cap;
    int depth;
    bool in_moves, started, tokens_full;
    unsigned long start_line, start_col;
};

/* Append "a|b|..." of the names of rules [first, first + n) in every
 * vocabulary, longest first so that "ne" wins over "n" (the words are
 * letters, digits, '-' and '_': nothing to escape). */
static void append_alternatives(char *dst, size_t size, int first, int n)
{
    size_t len = strlen(dst);
    bool first_word = true;
    for (size_t want = 16; want > 0; want--)
        for (int r = first; r < first + n; r++)
            for (int v = 0; v < NAMED_VOCABULARY_NB; v++) {
                if (named_gen_rule_lens[v][r] != want)
                    continue;
                bool seen = false;
                for (int u = 0; u < v; u++)
                    seen |= strcmp(named_gen_rule_names[u][r], named_gen_rule_names[v][r]) == 0;
                if (!seen)
                    len += (size_t)snprintf(dst + len, len < size ? size - len : 0, "%s%s",
                                            first_word ? "" : "|", named_gen_rule_names[v][r]);
                first_word &= seen;
            }
}

/* The movetext word pattern, anchored where a word starts: a result, a
 * NAG, or a move number with the ply record after it (group G_RECORD),
 * each ending where a word ends.  The pass and direction words come from
 * the vocabulary table. */
static bool compile_token_pattern(struct textscan_pattern *p)
{
    static const char end[] = "(?=[ \\t{}();]|$)";
    char src[2048];
    snprintf(src, sizeof src,
             "(" PGN_RESULT_ALTERNATIVES ")%s|\\$([0-9]{1,3})%s|([0-9]+\\.(?:\\.\\.)?"
             "(?:[ \\t]+((?:",
             end, end);
    append_alternatives(src, sizeof src, NAMED_RULE_PASS, 1);
    strncat(src, ")|[a-h][1-8][ \\t]+[-x][ \\t]+[a-h][1-8][ \\t]+[A-Za-z0-9_-]+(?:[ \\t]+(?:",
            sizeof src - strlen(src) - 1);
    append_alternatives(src, sizeof src, NAMED_RULE_DIR_N, 8);
    strncat(src, ")){0,2}(?:[ \\t]+=[ \\t]+[A-Za-z0-9_-]+)?))?)", sizeof src - strlen(src) - 1);
    strncat(src, end, sizeof src - strlen(src) - 1);
    return strlen(src) + 1 < sizeof src && textscan_compile(p, src);
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
static size_t match_at(struct named_reader *r, const struct textscan_pattern *re, const char *s, size_t n,
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
    free(r->name);
    free(r->line);
    free(r->arena);
    free(r->toks);
    free(r->tok_off);
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
    r->eof = false;
    r->err = PGN_OK;
    r->sys_errno = 0;
    r->have_line = false;
    r->lineno = 0;
    r->games = 0;
    return PGN_OK;
}

enum pgn_error named_reader_open_file(struct named_reader *r, FILE *fp, const char *name)
{
    r->fp = fp;
    r->src = NULL;
    return reader_open(r, name);
}

enum pgn_error named_reader_open_mem(struct named_reader *r, const char *buf, size_t len,
                                     const char *name)
{
    r->fp = NULL;
    r->src = buf;
    r->src_len = len;
    r->src_pos = 0;
    return reader_open(r, name);
}

static bool nomem(struct named_reader *r)
{
    r->err = PGN_E_NOMEM;
    return false;
}

/* A problem of the game being read; past the cap the rest are dropped. */
static bool add_diag(struct named_reader *r, enum pgn_error code, unsigned long col)
{
    if (r->ndiags >= READER_MAX_DIAGS)
        return true;
    struct pgn_diag *d = textscan_grow(r->diags, &r->diags_cap, r->ndiags + 1, sizeof *d);
    if (!d)
        return nomem(r);
    r->diags = d;
    r->diags[r->ndiags++] = (struct pgn_diag){.line = r->lineno, .col = col, .code = code};
    return true;
}

/* Copy text into the arena, NUL-terminated; its offset goes to *off. */
static bool arena_put(struct named_reader *r, const char *s, size_t n, size_t *off)
{
    char *a = textscan_grow(r->arena, &r->arena_cap, r->arena_len + n + 1, 1);
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

/* Store a token; past READER_MAX_TOKENS the rest of the game is dropped
 * with one diagnostic, which keeps memory bounded on hostile input. */
static bool add_token(struct named_reader *r, enum pgn_token_kind kind, const char *s, size_t n,
                      size_t at, unsigned value)
{
    if (r->ntoks >= READER_MAX_TOKENS) {
        if (r->tokens_full)
            return true; /* the rest of the game is dropped, said once */
        r->tokens_full = true;
        return add_diag(r, PGN_E_TOO_MANY_TOKENS, at + 1);
    }
    /* parallel arrays: toks_cap moves once both have grown */
    size_t cap = r->toks_cap;
    struct pgn_token *t = textscan_grow(r->toks, &cap, r->ntoks + 1, sizeof *t);
    if (!t)
        return nomem(r);
    r->toks = t;
    size_t *o = textscan_grow(r->tok_off, &r->toks_cap, r->ntoks + 1, sizeof *o);
    if (!o)
        return nomem(r);
    r->tok_off = o;
    size_t off;
    if (!arena_put(r, s, n, &off))
        return false;
    mark_start(r, at + 1);
    r->tok_off[r->ntoks] = off;
    r->toks[r->ntoks++] = (struct pgn_token){.kind = kind,
                                             .len = n,
                                             .line = r->lineno,
                                             .col = at + 1,
                                             .depth = r->depth,
                                             .value = value};
    return true;
}

/* Fetch the next line into r->line (no '\n', no trailing '\r', no BOM at
 * the start of the input); false at the end or on a read error. */
static bool read_line(struct named_reader *r)
{
    size_t n = 0;
    bool over = false;
    if (!r->open || r->eof)
        return false;
    if (!r->line && !(r->line = malloc(r->line_cap = 256)))
        return nomem(r);
    if (r->src) {
        if (r->src_pos >= r->src_len) {
            r->eof = true;
            return false;
        }
        const char *start = r->src + r->src_pos;
        const char *nl = memchr(start, '\n', r->src_len - r->src_pos);
        size_t len = nl ? (size_t)(nl - start) : r->src_len - r->src_pos;
        r->src_pos += len + (nl != NULL);
        over = len > r->max_line;
        n = over ? r->max_line : len;
        char *l = textscan_grow(r->line, &r->line_cap, n + 1, 1);
        if (!l)
            return nomem(r);
        r->line = l;
        memcpy(r->line, start, n);
    } else {
        int c;
        while ((c = getc_unlocked(r->fp)) != EOF && c != '\n') {
            if (n >= r->max_line) {
                over = true;
                continue;
            }
            if (n + 1 >= r->line_cap) {
                char *l = textscan_grow(r->line, &r->line_cap, n + 2, 1);
                if (!l)
                    return nomem(r);
                r->line = l;
            }
            r->line[n++] = (char)c;
        }
        if (c == EOF) {
            if (ferror(r->fp)) {
                r->err = PGN_E_IO;
                r->sys_errno = errno ? errno : EIO;
                return false;
            }
            r->eof = true;
            if (n == 0 && !over)
                return false;
        }
    }
    r->lineno++;
    if (n && r->line[n - 1] == '\r')
        n--;
    r->line[n] = '\0';
    r->line_len = n;
    r->pos = 0;
    if (r->lineno == 1 && n >= 3 && memcmp(r->line, "\xEF\xBB\xBF", 3) == 0)
        r->pos = 3;
    r->have_line = true;
    if (over && !add_diag(r, PGN_E_LINE_TOO_LONG, r->max_line))
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
    struct pgn_tag *t = textscan_grow(r->tags, &cap, r->ntags + 1, sizeof *t);
    if (!t)
        return nomem(r);
    r->tags = t;
    size_t *o = textscan_grow(r->tag_off, &r->tags_cap, r->ntags + 1, 2 * sizeof *o);
    if (!o)
        return nomem(r);
    r->tag_off = o;
    mark_start(r, at + 1);
    r->tag_off[2 * r->ntags] = name_off;
    r->tag_off[2 * r->ntags + 1] = val_off;
    r->tags[r->ntags++] = (struct pgn_tag){
        .name_len = name_end - name_start, .value_len = vlen, .line = r->lineno, .col = at + 1};
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
        if (c == '{') {
            const char *close = memchr(s + i + 1, '}', n - i - 1);
            size_t end = close ? (size_t)(close - s) : n;
            ok = add_token(r, PGN_TOK_COMMENT, s + i + 1, end - i - 1, i, 0) &&
                 (close || add_diag(r, PGN_E_UNTERMINATED_COMMENT, i + 1));
            r->pos = close ? end + 1 : n;
        } else if (c == ';') {
            ok = add_token(r, PGN_TOK_COMMENT, s + i + 1, n - i - 1, i, 0);
            r->pos = n;
        } else if (c == '(') {
            ok = add_token(r, PGN_TOK_VARIATION_START, s + i, 1, i, 0);
            r->depth++;
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

/* Hand the game out: arena offsets become pointers now that the arena no
 * longer moves. */
static void finish_game(struct named_reader *r, struct pgn_game *g)
{
    if (r->depth > 0)
        add_diag(r, PGN_E_UNCLOSED_VARIATION, r->line_len + 1);
    for (size_t i = 0; i < r->ntoks; i++)
        r->toks[i].text = r->arena + r->tok_off[i];
    for (size_t i = 0; i < r->ntags; i++) {
        r->tags[i].name = r->arena + r->tag_off[2 * i];
        r->tags[i].value = r->arena + r->tag_off[2 * i + 1];
    }
    *g = (struct pgn_game){
        .number = ++r->games,
        .line = r->start_line,
        .col = r->start_col,
        .tags = r->tags,
        .ntags = r->ntags,
        .tokens = r->toks,
        .ntokens = r->ntoks,
        .diags = r->diags,
        .ndiags = r->ndiags,
        .source = r->name,
    };
}

/* Games are read line by line: tag lines, then movetext lines (plies,
 * comments, NAGs, variations) up to the result.  A tag line after
 * movetext starts the next game even without a result; a '%' line is an
 * escape (PGN standard 6) and is skipped. */
int named_next_game(struct named_reader *r, struct pgn_game *g)
{
    if (!r->open) {
        r->err = PGN_E_NOT_OPEN;
        return -1;
    }
    r->arena_len = r->ntoks = r->ntags = r->ndiags = 0;
    r->depth = 0;
    r->in_moves = r->started = r->tokens_full = false;
    for (;;) {
        if (!r->have_line && !read_line(r)) {
            if (r->err != PGN_OK)
                return -1;
            break;
        }
        size_t i = r->pos;
        while (i < r->line_len && is_space(r->line[i]))
            i++;
        if (i >= r->line_len) {
            r->have_line = false;
            continue;
        }
        if (r->pos == 0 && r->line[0] == '%') {
            r->have_line = false;
            continue;
        }
        if (r->line[i] == '[' && (r->pos == 0 || (r->pos == 3 && r->lineno == 1))) {
            if (r->in_moves) {
                if (!add_diag(r, PGN_E_MISSING_RESULT, i + 1))
                    return -1;
                finish_game(r, g);
                return 1;
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
        if (rc > 0) {
            finish_game(r, g);
            return 1;
        }
    }
    if (!r->started)
        return 0;
    if (r->in_moves && !add_diag(r, PGN_E_TRUNCATED, 1))
        return -1;
    finish_game(r, g);
    return 1;
}
