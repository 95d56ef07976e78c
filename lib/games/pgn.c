/* PGN reader (pgn.h; formats/pgn.md says what is accepted): input split
 * into lines, lines into tag pairs and movetext words at the delimiters
 * (a byte-class table), words into tokens by the lexer (pgn_lexer.h).
 * This file holds the hot path, what runs per byte and per token: the
 * words, the tokens offered to the visitor, the lines, a comment
 * opened, pgn_read_game; the colder pieces are pgn_setup.c, pgn_store.c,
 * pgn_comment.c, pgn_tags.c and pgn_game.c (pgn_impl.h). */
#include "pgn_impl.h"

#include "base/array.h"
#include "notation/san.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---------------------------------------------------------------- storage */

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
        return pgn_diag_at(r, PGN_E_TOO_MANY_TOKENS, at) < 0 ? -1 : 0;
    }
    struct pgn_token *t = array_grow(r->toks, &r->toks_cap, r->ntoks + 1, sizeof *t);
    if (!t)
        return pgn_nomem(r);
    r->toks = t;
    return pgn_arena_reserve(r, n + 1) < 0 ? -1 : 1;
}

/* ---------------------------------------------------------------- visiting */

/* tags_done: the tags are all read (the movetext has begun, or the game
 * ends). */
__attribute__((noinline)) void pgn_tell_tags(struct pgn_reader *r)
{
    r->v_told = true;
    struct pgn_game g = {
        .number = r->games + 1,
        .line = r->start_line,
        .col = r->start_col,
        .offset = r->start_offset,
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
        pgn_tell_tags(r);
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
 * move number (merge_dots), a brace comment still open (pgn_comment_close). */
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
        if (pgn_copy_clean(r, dst, s1, n1) < 0 || pgn_copy_clean(r, dst + n1, s2, n2) < 0)
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
 * next tag pair begins a game (pgn_finish_game). */
static void stray_begin(struct pgn_reader *r)
{
    if (r->after_result && r->state == ST_START) {
        r->state = ST_MOVES;
        r->stray_text = true;
    }
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
    if (pgn_diag_at(r, code, p) < 0)
        return -1;
    if (n > SYMBOL_MAX) {
        if (pgn_diag_at(r, PGN_E_TOKEN_TOO_LONG, p) < 0)
            return -1;
        n = SYMBOL_MAX;
    }
    return emit2(r, PGN_TOK_UNKNOWN, p, n, NULL, 0, p, 0, true) < 0 ? -1 : 0;
}

/* visit_stored for the other pieces (a comment closed). */
void pgn_visit_stored(struct pgn_reader *r)
{
    visit_stored(r);
}

/* ---------------------------------------------------------------- comments */

/* Starts a brace comment at p (the '{'); its text grows at the end of the
 * arena until the '}' (no other token can come in between). */
int pgn_comment_open(struct pgn_reader *r, const char *p)
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
    if (pgn_arena_reserve(r, 4) < 0)
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
                st = pgn_diag_at(r, PGN_E_RESULT_IN_VARIATION, p);
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
    r->src_base += keep;
    r->end -= keep;
    r->cur -= keep;
    if (keep_raw)
        r->raw_start -= keep;
    if (r->buf_cap < limit && r->end * 2 > r->buf_cap) {
        size_t c = r->buf_cap * 2 < limit ? r->buf_cap * 2 : limit;
        char *b = realloc(r->buf, c);
        if (!b)
            return pgn_nomem(r);
        r->buf = b;
        r->buf_cap = c;
    }
    r->src = r->buf;
    text_input_cr_reset(&r->cr);
    bool failed;
    size_t got = text_reader_read_some(r->in, r->buf + r->end, r->buf_cap - r->end, &failed);
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
        /* max bytes and their CRLF are a line of max bytes, not over */
        size_t look = avail < max + 2 ? avail : max + 2;
        const char *nl = look ? memchr(base, '\n', look) : NULL;
        if (nl && (size_t)(nl - base) == max + 1 && base[max] != '\r')
            nl = NULL;
        size_t lim = nl ? (size_t)(nl - base) : look < max + 1 ? look : max + 1;
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
            r->line_offset = r->src_base + (uint64_t)(base - r->src);
            len -= i;
            i = 0;
            while (i < len && (base[i] == ' ' || base[i] == '\t'))
                i++;
            r->first_nonblank = i;
            r->cur_blank = i == len && !split;
            if (split && pgn_add_diag(r, PGN_E_LINE_TOO_LONG, r->lineno, len + 1) < 0)
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

    if (__builtin_expect(r->skip_pieces, 0)) { /* see pgn_scan_tag */
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
            pgn_match_tag(r, PGN_LEXER_TAG, line + r->first_nonblank,
                          r->line_len - r->first_nonblank, &t) > 0) {
            if (pgn_add_diag(r, PGN_E_UNTERMINATED_COMMENT, r->comment_line, r->comment_col) < 0 ||
                pgn_comment_close(r) < 0)
                return SCAN_ERROR;
        } else if (!(p = pgn_comment_scan(r, p, end))) {
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
            if (!r->stray_text && pgn_diag_at(r, PGN_E_UNENDED_GAME, p) < 0)
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
                if (pgn_diag_at(r, PGN_E_BINARY, p) < 0 ||
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
            if (pgn_note_binary(r, p) < 0)
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
            if (pgn_comment_open(r, p) < 0 || !(p = pgn_comment_scan(r, p + 1, end)))
                return SCAN_ERROR;
            continue;
        case C_SEMI: {
            size_t n =
                (size_t)(end - p - 1) < r->lim.max_text ? (size_t)(end - p - 1) : r->lim.max_text;
            if (r->options & PGN_OPT_SKIP_COMMENTS) {
                mark_start(r, r->lineno, col_at(r, p));
                if (pgn_note_controls(r, p + 1, n) < 0)
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
                if (pgn_diag_at(r, PGN_E_UNMATCHED_CLOSE, p) < 0)
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
            bool dup = r->state == ST_MOVES && pgn_starts_tag(r, p, end);
            if (r->state == ST_MOVES && !dup) {
                const char *close = memchr(p, ']', (size_t)(end - p));
                next = close ? close + 1 : end;
                if (emit_unknown(r, p, next, PGN_E_UNEXPECTED_TOKEN) < 0)
                    return SCAN_ERROR;
            } else if (r->state != ST_MOVES && pgn_scan_tag(r, p, end, &next, &dup) < 0) {
                return SCAN_ERROR;
            }
            if (dup) {
                if (pgn_diag_at(r, PGN_E_MISSING_RESULT, p) < 0)
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

int pgn_read_game(struct pgn_reader *r, const struct pgn_visitor *v, void *ctx)
{
    struct pgn_game g;
    if (!r->src) /* (no input opened, or its opening failed) */
        r->err = PGN_E_NOT_OPEN;
    if (r->err)
        return -1;
    pgn_clear_game(r);
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
            int rc = pgn_finish_game(r, &g, (r->options & PGN_OPT_RAW) ? pgn_raw_end_on_line(r) : 0,
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
        r->at_rest = r->after_result && !r->started && !pgn_worth_a_game(r);
    }
    if (!pgn_worth_a_game(r))
        return 0;
    if (pgn_add_diag(r, PGN_E_TRUNCATED, r->lineno ? r->lineno : 1, r->col_base + r->line_len + 1) <
        0)
        return -1;
    return pgn_finish_game(r, &g, r->end, false);
}
