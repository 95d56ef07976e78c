/* Replaying a game of either reader token by token (game.h): setup from
 * tags, moves, variations, problems with their places; the one replay. */
#include "game.h"

#include "notation/fen.h"
#include "rules/makemove.h"
#include "named.h"
#include "notation/san.h"

#include <string.h>

/* Copy at most size - 1 bytes and a NUL: problem texts are cut, not lost. */
static void copy_cut(char *dst, size_t size, const char *src, size_t len)
{
    if (len >= size)
        len = size - 1;
    memcpy(dst, src, len);
    dst[len] = '\0';
}

/* A FEN too long for dst is cut after the last whole field that fits, and
 * "..." marks the cut, so that no field is shown cut in two (a counter
 * "100" as "1"); a first field too long for dst is cut where it must. */
static void copy_fields_cut(char *dst, size_t size, const char *src, size_t len)
{
    if (len < size) {
        copy_cut(dst, size, src, len);
        return;
    }
    size_t cut = size - 4; /* room for "..." and the NUL */
    for (size_t b = cut; b > 0; b--)
        if (src[b - 1] == ' ' || src[b - 1] == '\t') {
            cut = b;
            break;
        }
    memcpy(dst, src, cut);
    memcpy(dst + cut, "...", 4);
}

/* A tag value that tells something: not missing, not empty, and not the
 * PGN standard's "?" (unknown) nor a Round's "-" (not applicable). */
static const char *label_part(const struct pgn_tag *tags, size_t ntags, const char *name)
{
    const struct pgn_tag *t = pgn_tags_find(tags, ntags, name);
    const char *v = t ? t->value : NULL;
    return v && *v && strcmp(v, "?") != 0 && strcmp(v, "-") != 0 ? v : NULL;
}

/* Diagnostics name a game the way people look it up: by its players and
 * round, since game numbers shift when files are split or merged; a file
 * without players (a repertoire, a study) names its games by Event. */
size_t game_label(const struct pgn_tag *tags, size_t ntags, char *buf, size_t size)
{
    const char *white = label_part(tags, ntags, "White");
    const char *black = label_part(tags, ntags, "Black");
    const char *round = label_part(tags, ntags, "Round");
    const char *event = white || black ? NULL : label_part(tags, ntags, "Event");
    int n;
    if (white || black)
        n = snprintf(buf, size, " (%s - %s%s%s)", white ? white : "?", black ? black : "?",
                     round ? ", " : "", round ? round : "");
    else if (event)
        n = snprintf(buf, size, " (%s%s%s)", event, round ? ", " : "", round ? round : "");
    else if (round)
        n = snprintf(buf, size, " (round %s)", round);
    else
        n = snprintf(buf, size, "%s", "");
    return n < 0 ? 0 : (size_t)n;
}

/* "ply 34 (17...): " names the move at fault both ways: its place in the
 * game and its number as a reader of the score sees it. */
size_t game_problem_format(const struct game_problem *pb, char *buf, size_t size)
{
    char where[64] = "", number[PGN_MOVE_NUMBER_MAX];
    if (pb->ply) {
        pgn_move_number(pb->fullmove, pb->side, number, sizeof number);
        snprintf(where, sizeof where, "ply %lu (%s): ", pb->ply, number);
    }
    /* Each takes where (empty for the setup's problems, which have no
     * ply), text, sep and reason; "%.0s" passes over the text. */
    static const char *const formats[GAME_ERROR_NB] = {
        [GAME_OK] = "%sok%.0s%s%s",
        [GAME_E_FEN] = "%sFEN tag: illegal position '%s'%s%s",
        [GAME_E_VARIANT] = "%sunsupported variant '%s'",
        [GAME_E_ILLEGAL] = "%sillegal move '%s'%s%s",
        [GAME_E_NULL_IN_CHECK] = "%sillegal null move '%s': the side to move is in check",
        [GAME_E_VARIATION] = "%sa variation with no move before it to replace%.0s%s%s",
        [GAME_E_TOO_DEEP] = "%svariations nested too deep%.0s%s%s",
        [GAME_E_TEXT] = "%sunexpected text '%s' in the movetext",
        [GAME_E_DAMAGED] = "%sdamaged text%.0s%s%s",
        [GAME_E_RECORD] = "%sbad record '%s'%s%s",
    };
    const char *format =
        (unsigned)pb->code < GAME_ERROR_NB ? formats[pb->code] : "%sunknown error%.0s%s%s";
    int n = snprintf(buf, size, format, where, pb->text, pb->reason[0] ? ": " : "", pb->reason);
    return n < 0 ? 0 : (size_t)n;
}

static void problem_clear(struct game_problem *pb, enum game_error code, unsigned long line,
                          unsigned long col)
{
    *pb = (struct game_problem){.code = code, .line = line, .col = col};
}

/* The next character of a Variant name that counts: case, spaces, '-' and
 * '_' aside ("Chess 960", "Fischer-Random" are spellings seen). */
static char name_char(const char **s)
{
    while (**s == ' ' || **s == '-' || **s == '_')
        (*s)++;
    char c = **s;
    if (c)
        (*s)++;
    return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
}

static bool variant_is(const char *value, const char *name)
{
    for (char c; (c = name_char(&value)) == name_char(&name);)
        if (!c)
            return true;
    return false;
}

/* The Variant tag's names are the rule table's (variant_rules.h). */
bool game_variant_parse(const char *value, enum variant *variant, bool *chess960)
{
    for (int v = 0; v < VARIANT_NB; v++) {
        const struct variant_rules *r = variant_rules((enum variant)v);
        for (int c960 = 0; c960 < 2; c960++) {
            const char *const *tags = c960 ? r->tags960 : r->tags;
            for (size_t i = 0; i < VARIANT_TAGS_MAX && tags[i]; i++)
                if (variant_is(value, tags[i])) {
                    *variant = (enum variant)v;
                    *chess960 = c960;
                    return true;
                }
        }
    }
    return false;
}

const char *game_variant_tag(enum variant variant, bool chess960)
{
    if (variant == VARIANT_CHESS && !chess960)
        return NULL;
    const struct variant_rules *r = variant_rules(variant);
    return variant == VARIANT_CHESS ? r->tags960[0] : r->tags[0];
}

/* PGN standard 9.7: SetUp "1" and FEN give the start position.  Archives
 * often leave SetUp out, so a FEN tag is read whatever SetUp says.  The
 * FEN must be a position whose moves are defined (fen_read, playable);
 * strict also refuses one that no game can reach (formats/fen.md). */
static enum game_error setup(const struct pgn_tag *tags, size_t ntags, unsigned flags,
                             struct position *start, struct game_problem *pb)
{
    const struct pgn_tag *variant = pgn_tags_find(tags, ntags, "Variant");
    const struct pgn_tag *fen = pgn_tags_find(tags, ntags, "FEN");
    /* The Variant tag names the rules; without one, the caller's
     * (--variant), standard chess by default. */
    enum variant v = (enum variant)((flags >> GAME_RULES_SHIFT) & 0xff);
    bool c960 = flags & GAME_CHESS960;
    if (variant && !game_variant_parse(variant->value, &v, &c960)) {
        problem_clear(pb, GAME_E_VARIANT, variant->line, variant->col);
        copy_cut(pb->text, sizeof pb->text, variant->value, variant->value_len);
        return GAME_E_VARIANT;
    }
    c960 |= (flags & GAME_CHESS960_ALL) != 0;
    if (!fen && v == VARIANT_CHESS) {
        position_start(start);
        start->chess960 = c960;
        return GAME_OK;
    }
    /* A variant's own start position is its FEN in the rule table. */
    const char *text = fen ? fen->value : variant_rules(v)->start;
    size_t len = fen ? fen->value_len : strlen(text);
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {
        .chess960 = c960, .playable = !(flags & GAME_STRICT_FEN), .variant = (uint8_t)v};
    if (!fen_read(text, len, &opt, &rec, &rep)) {
        problem_clear(pb, GAME_E_FEN, fen ? fen->line : 0, fen ? fen->col : 0);
        copy_fields_cut(pb->text, sizeof pb->text, text, len);
        if (rep.count)
            snprintf(pb->reason, sizeof pb->reason, "%s", rep.problems[0].message);
        return GAME_E_FEN;
    }
    *start = rec.pos;
    if (c960)
        start->chess960 = 1;
    return GAME_OK;
}

/* The innermost line before a move or a pass is played on it: its
 * position is kept as `before`, where a variation on that move starts. */
static struct game_line *line_advance(struct game_stack *s)
{
    struct game_line *l = &s->lines[s->depth];
    l->before = l->pos;
    l->ply++;
    l->has_move = true;
    return l;
}

void game_stack_play(struct game_stack *s, move m)
{
    makemove_play(&line_advance(s)->pos, m);
}

/* A null move in check would let the king be taken: every program refuses
 * it (PGN standard 8.2.3 leaves null moves to programs). */
enum game_error game_stack_pass(struct game_stack *s)
{
    if (position_in_check(&s->lines[s->depth].pos))
        return GAME_E_NULL_IN_CHECK;
    makemove_null(&line_advance(s)->pos);
    return GAME_OK;
}

/* "(" (PGN standard 8.2.5): a variation is an alternative to the move just
 * played, so it starts from the position before that move. */
static enum game_error stack_enter(struct game_stack *s)
{
    struct game_line *l = &s->lines[s->depth];
    if (!l->has_move)
        return GAME_E_VARIATION;
    if (s->depth == GAME_DEPTH_MAX)
        return GAME_E_TOO_DEEP;
    struct game_line *v = &s->lines[++s->depth];
    v->pos = l->before;
    v->ply = l->ply - 1;
    v->has_move = false;
    return GAME_OK;
}

/* ")": back to the enclosing line; false when none is open. */
static bool stack_leave(struct game_stack *s)
{
    if (s->depth == 0)
        return false;
    s->depth--;
    return true;
}

/* What loses moves or tags, or changes what the text says, makes a game
 * unusable: a tag pair cut short (the reader's repair would be a guess),
 * a NUL or control byte read as a space.  The reader's other diagnostics
 * are leniencies the converter accepts.  The named-notation reader does
 * not recover a malformed tag line: there it loses the tag. */
static bool diag_is_damage(enum pgn_error code, bool named)
{
    switch (code) {
    case PGN_E_BAD_TAG:
        return named;
    case PGN_E_UNTERMINATED_TAG:
    case PGN_E_BINARY:
    case PGN_E_UNTERMINATED_COMMENT:
    case PGN_E_UNCLOSED_VARIATION:
    case PGN_E_TOKEN_TOO_LONG:
    case PGN_E_LINE_TOO_LONG:
    case PGN_E_TOO_MANY_TOKENS:
    case PGN_E_TOO_MANY_TAGS:
        return true;
    default:
        return false;
    }
}

enum game_error game_damage(const struct pgn_game *g, unsigned flags, struct game_problem *pb)
{
    for (size_t i = 0; i < g->ndiags; i++)
        if (diag_is_damage(g->diags[i].code, flags & GAME_NAMED)) {
            problem_clear(pb, GAME_E_DAMAGED, g->diags[i].line, g->diags[i].col);
            snprintf(pb->reason, sizeof pb->reason, "%s", pgn_error_message(g->diags[i].code));
            return GAME_E_DAMAGED;
        }
    return GAME_OK;
}

enum game_error game_replay_start(struct game_replay *r, const struct pgn_tag *tags, size_t ntags,
                                  unsigned flags, struct game_problem *pb)
{
    struct position start;
    enum game_error e = setup(tags, ntags, flags, &start, pb);
    if (e == GAME_OK) /* (else the stack stays as the game before left it) */
        game_replay_start_at(r, &start, flags);
    return e;
}

void game_replay_start_at(struct game_replay *r, const struct position *start, unsigned flags)
{
    r->flags = flags;
    r->skip = 0;
    r->start = r->stack.lines[0].pos = *start;
    r->stack.depth = 0;
    r->stack.lines[0].ply = 0;
    r->stack.lines[0].has_move = false;
}

/* GAME_VARIATION_ERRORS_SKIP: is the problem at tok a variation's?  Then
 * skip it: a "(" that opened none, from its first token; a move refused in
 * one, from the move on, leaving the variation at its ")". */
static bool skip_variation(struct game_replay *r, const struct pgn_token *tok, enum game_error code)
{
    bool opening = code == GAME_E_VARIATION || code == GAME_E_TOO_DEEP;
    if (!(r->flags & GAME_VARIATION_ERRORS_SKIP) || !(r->flags & GAME_VARIATIONS) ||
        !(opening || ((code == GAME_E_ILLEGAL || code == GAME_E_NULL_IN_CHECK) && tok->depth > 0)))
        return false;
    r->skip = opening ? tok->depth + 1 : tok->depth; /* "(" has the depth of its line */
    r->skip_leave = !opening;
    r->flags &= ~(unsigned)GAME_VARIATIONS;
    return true;
}

/* A problem at a token of the innermost line: the ply it would have been. */
static int token_problem(struct game_replay *r, const struct pgn_token *tok, enum game_error code,
                         struct game_problem *pb)
{
    const struct game_line *l = game_replay_line(r);
    problem_clear(pb, code, tok->line, tok->col);
    pb->ply = l->ply + 1;
    pb->fullmove = l->pos.fullmove;
    pb->side = l->pos.side;
    pb->depth = r->stack.depth;
    copy_cut(pb->text, sizeof pb->text, tok->text, tok->len);
    pb->recovered = skip_variation(r, tok, code);
    return -1;
}

/* The event of a move or pass just played on line l: 1. */
static int played(struct game_event *ev, const struct game_line *l, enum game_event_kind kind,
                  move m)
{
    ev->kind = kind;
    ev->m = m;
    ev->before = &l->before;
    ev->after = &l->pos;
    ev->ply = l->ply;
    return 1;
}

/* The reason for the refusal comes from explain.h so that every tool words
 * it the same way. */
int game_replay_refused(struct game_replay *r, const struct pgn_token *tok, enum san_error se,
                        struct game_problem *pb)
{
    const struct game_line *l = game_replay_line(r);
    token_problem(r, tok, GAME_E_ILLEGAL, pb);
    pb->san = se;
    if (explain_san(&l->pos, tok->text, tok->len, NULL, pb->reason, sizeof pb->reason) ==
        EXPLAIN_LEGAL)
        snprintf(pb->reason, sizeof pb->reason, "%s", san_error_message(se));
    return -1;
}

/* Play one named-notation record (named_parse); a refused move is
 * explained as for SAN, from its squares. */
static int play_record(struct game_replay *r, const struct pgn_token *tok, struct game_event *ev,
                       struct game_problem *pb)
{
    const struct game_line *l = game_replay_line(r);
    char expected[NAMED_MAX];
    move m;
    enum named_error e = named_parse(&l->pos, tok->text, tok->len, NAMED_ANY, &m, expected);
    if (e == NAMED_OK) {
        if (m == MOVE_NONE) {
            game_stack_pass(&r->stack); /* named_parse refused a pass in check */
            return played(ev, l, GAME_EV_NULL, MOVE_NONE);
        }
        game_stack_play(&r->stack, m);
        return played(ev, l, GAME_EV_MOVE, m);
    }
    if (e == NAMED_E_PASS_IN_CHECK)
        return token_problem(r, tok, GAME_E_NULL_IN_CHECK, pb);
    token_problem(r, tok, e == NAMED_E_NO_MOVE ? GAME_E_ILLEGAL : GAME_E_RECORD, pb);
    struct named_ply ply;
    char number[PGN_MOVE_NUMBER_MAX];
    if (e == NAMED_E_NO_MOVE) {
        named_scan(tok->text, tok->len, &ply);
        if (explain_move(&l->pos, ply.from, ply.to, (enum piece_type)ply.promotion, NULL,
                         pb->reason, sizeof pb->reason) == EXPLAIN_LEGAL)
            snprintf(pb->reason, sizeof pb->reason, "%s", named_error_message(e));
    } else if (e == NAMED_E_RULE) {
        snprintf(pb->reason, sizeof pb->reason, "the move generator writes '%s'", expected);
    } else if (e == NAMED_E_NUMBER) {
        pgn_move_number(l->pos.fullmove, l->pos.side, number, sizeof number);
        snprintf(pb->reason, sizeof pb->reason, "the position is at move %s", number);
    } else {
        snprintf(pb->reason, sizeof pb->reason, "%s", named_error_message(e));
    }
    return -1;
}

int game_replay_any(struct game_replay *r, const struct pgn_token *tok, struct game_event *ev,
                    struct game_problem *pb)
{
    if (tok->kind == PGN_TOK_MOVE_NUMBER)
        return 0; /* the position knows its number; written ones are not checked */
    if (!(r->flags & GAME_VARIATIONS) && (tok->depth > 0 || tok->kind == PGN_TOK_VARIATION_START ||
                                          tok->kind == PGN_TOK_VARIATION_END)) {
        if (r->skip && tok->kind == PGN_TOK_VARIATION_END && tok->depth == r->skip - 1) {
            if (r->skip_leave) /* the ")" that ends the variation skipped */
                stack_leave(&r->stack);
            r->skip = 0;
            r->flags |= GAME_VARIATIONS;
        }
        return 0;
    }
    ev->tok = tok;
    ev->depth = r->stack.depth;
    if (tok->kind == PGN_TOK_MOVE) /* GAME_NAMED: game_replay_token plays SAN itself */
        return play_record(r, tok, ev, pb);
    ev->before = ev->after = NULL; /* the other events have no positions */
    ev->m = MOVE_NONE;
    ev->ply = 0;
    switch (tok->kind) {
    case PGN_TOK_NULL_MOVE:
        if (game_stack_pass(&r->stack) != GAME_OK)
            return token_problem(r, tok, GAME_E_NULL_IN_CHECK, pb);
        return played(ev, game_replay_line(r), GAME_EV_NULL, MOVE_NONE);
    case PGN_TOK_NAG:
    case PGN_TOK_COMMENT:
        ev->kind = tok->kind == PGN_TOK_NAG ? GAME_EV_NAG : GAME_EV_COMMENT;
        return 1;
    case PGN_TOK_VARIATION_START: {
        enum game_error e = stack_enter(&r->stack);
        if (e != GAME_OK)
            return token_problem(r, tok, e, pb);
        ev->kind = GAME_EV_VARIATION_START;
        return 1;
    }
    case PGN_TOK_VARIATION_END:
        if (!stack_leave(&r->stack))
            return 0; /* the reader drops unmatched ones already */
        ev->kind = GAME_EV_VARIATION_END;
        ev->depth = r->stack.depth;
        return 1;
    case PGN_TOK_RESULT:
        if (tok->depth > 0 || r->stack.depth > 0)
            return 0; /* a result inside a variation ends nothing */
        ev->kind = GAME_EV_RESULT;
        return 1;
    default:
        return token_problem(r, tok, GAME_E_TEXT, pb);
    }
}

/* ---------------------------------------------------------------- as a visitor */

void game_replay_listen(struct game_replay *r, unsigned flags, const struct game_consumer *c,
                        void *ctx)
{
    r->flags = flags;
    r->consumer = c;
    r->consumer_ctx = ctx;
    r->begun = r->failed = false;
    r->stack.depth = 0;
}

bool game_replay_open(struct game_replay *r, const struct pgn_game *g)
{
    r->begun = true;
    r->failed = false;
    r->depth_before = r->stack.depth;
    if (game_replay_start(r, g->tags, g->ntags, r->flags, &r->problem) != GAME_OK) {
        r->failed = true;
        return false;
    }
    return true;
}

/* The problem of a damaged game is its damage, whatever its replay met:
 * the stack is then as the game before left it. */
const struct game_problem *game_replay_close(struct game_replay *r, const struct pgn_game *g)
{
    const struct game_problem *pb = r->failed ? &r->problem : NULL;
    if (r->skip) { /* the game stopped in a variation it was skipping: not the next one */
        r->skip = 0;
        r->flags |= GAME_VARIATIONS;
    }
    if (game_damage(g, r->flags, &r->problem) != GAME_OK) {
        pb = &r->problem;
        if (r->begun)
            r->stack.depth = r->depth_before;
    }
    r->begun = r->failed = false;
    return pb;
}

static enum pgn_visit replay_tags_done(void *ctx, const struct pgn_game *g)
{
    struct game_replay *r = ctx;
    if (!game_replay_open(r, g))
        return PGN_VISIT_SKIP_GAME;
    return r->consumer->begin(r->consumer_ctx, g);
}

static enum pgn_visit replay_token(void *ctx, const struct pgn_token *tok)
{
    struct game_replay *r = ctx;
    struct game_event ev;
    enum pgn_visit answer;
    if (game_replay_visit(r, tok, &ev, &answer))
        return r->consumer->event(r->consumer_ctx, &ev);
    return answer;
}

static void replay_game_end(void *ctx, const struct pgn_game *g)
{
    struct game_replay *r = ctx;
    r->consumer->end(r->consumer_ctx, g, game_replay_close(r, g));
}

const struct pgn_visitor game_replay_visitor = {
    .tags_done = replay_tags_done,
    .token = replay_token,
    .game_end = replay_game_end,
};
