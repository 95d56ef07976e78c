/* PGN game checker: its bytes, the reader's findings, its tags and its
 * moves replayed; formats/pgn-check.md names the rule behind each check. */
#include "pgn_check.h"
#include "pgn_check_impl.h"

#include "games/annotation.h"
#include "base/array.h"
#include "rules/bitboard.h"
#include "games/game.h"
#include "rules/movegen.h"
#include "notation/san.h"
#include "rules/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- codes */

/* A code's level is its group's in enum pgn_check_code. */
struct code_info {
    const char *name;
    const char *summary;
};

static const struct code_info codes[PGN_CHECK_FEN] = {
    [PGN_CHECK_UNEXPECTED_TOKEN] = {"unexpected-token",
                                    "text in the movetext that is no PGN token"},
    [PGN_CHECK_BAD_NAG] = {"bad-nag", "a NAG number above 255"},
    [PGN_CHECK_BAD_TAG] = {"bad-tag", "a malformed tag pair"},
    [PGN_CHECK_UNTERMINATED_TAG] = {"unterminated-tag", "a tag pair not closed by ']' on its line"},
    [PGN_CHECK_UNTERMINATED_COMMENT] = {"unterminated-comment", "a '{' comment not closed by '}'"},
    [PGN_CHECK_UNCLOSED_VARIATION] = {"unclosed-variation", "a '(' variation not closed by ')'"},
    [PGN_CHECK_UNMATCHED_CLOSE] = {"unmatched-close", "a ')' without an open variation"},
    [PGN_CHECK_RESULT_IN_VARIATION] = {"result-in-variation", "a game result inside a variation"},
    [PGN_CHECK_VARIATION_WITHOUT_MOVE] = {"variation-without-move",
                                          "a variation with no move before it to replace"},
    [PGN_CHECK_OVER_LIMIT] = {"over-limit", "a line, token or game beyond what the reader keeps"},
    [PGN_CHECK_ILLEGAL_MOVE] = {"illegal-move", "a move of the main line that is not legal"},
    [PGN_CHECK_AMBIGUOUS_MOVE] = {"ambiguous-move", "SAN that more than one legal move matches"},
    [PGN_CHECK_ILLEGAL_VARIATION_MOVE] = {"illegal-variation-move",
                                          "an illegal or ambiguous move inside a variation"},
    [PGN_CHECK_UNSUPPORTED_VARIANT] = {"unsupported-variant",
                                       "a variant that the rules library does not play"},
    [PGN_CHECK_STRAY_TEXT] =
        {"stray-text", "text outside any game (before the first, between two, after the last)"},
    [PGN_CHECK_MISSING_RESULT] = {"missing-result", "the movetext has no termination marker"},
    [PGN_CHECK_BAD_RESULT_TAG] = {"bad-result-tag",
                                  "a Result tag that is not 1-0, 0-1, 1/2-1/2 or *"},
    [PGN_CHECK_RESULT_MISMATCH] = {"result-mismatch",
                                   "the Result tag differs from the termination marker"},
    [PGN_CHECK_WRONG_RESULT] = {"wrong-result", "a result that the final position contradicts"},
    [PGN_CHECK_MISSING_TAG] = {"missing-tag", "a Seven Tag Roster tag is missing"},
    [PGN_CHECK_EMPTY_TAG] = {"empty-tag", "a Seven Tag Roster tag with an empty value"},
    [PGN_CHECK_DUPLICATE_TAG] = {"duplicate-tag", "a tag that appears twice in one game"},
    [PGN_CHECK_BAD_DATE] = {"bad-date", "a date that is not YYYY.MM.DD or does not exist"},
    [PGN_CHECK_FEN_WITHOUT_SETUP] = {"fen-without-setup", "a FEN tag without SetUp \"1\""},
    [PGN_CHECK_SETUP_WITHOUT_FEN] = {"setup-without-fen", "SetUp \"1\" without a FEN tag"},
    [PGN_CHECK_PLYCOUNT_MISMATCH] = {"plycount-mismatch",
                                     "a PlyCount tag that differs from the main line"},
    [PGN_CHECK_WRONG_MOVE_NUMBER] = {"wrong-move-number",
                                     "a move number that is not the position's"},
    [PGN_CHECK_NULL_MOVE] = {"null-move", "a null move in the main line"},
    [PGN_CHECK_INVALID_UTF8] = {"invalid-utf8", "bytes that are not valid UTF-8"},
    [PGN_CHECK_NUL_BYTE] = {"nul-byte", "a NUL byte"},
    [PGN_CHECK_CONTROL_BYTE] = {"control-byte", "a control character other than tab, CR and LF"},
    [PGN_CHECK_DUPLICATE_GAME] = {"duplicate-game",
                                  "the same players, result and moves as an earlier game"},
    [PGN_CHECK_BAD_CLOCK] = {"bad-clock", "a [%clk] or [%emt] comment command that is no H:MM:SS"},
    [PGN_CHECK_BAD_EVAL] = {"bad-eval", "a [%eval] comment command that is no evaluation"},
    [PGN_CHECK_BAD_SHAPE] = {"bad-shape",
                             "a [%csl] or [%cal] comment command that is no list of shapes"},
    [PGN_CHECK_EMPTY_GAME] = {"empty-game", "a game with no tag pair and no move (a result alone)"},
    [PGN_CHECK_CHECK_MARK] = {"check-mark", "a check or mate mark that is wrong or missing"},
    [PGN_CHECK_ZERO_CASTLING] = {"zero-castling", "castling written with zeros or lower-case o"},
    [PGN_CHECK_SAN_STYLE] = {"san-style", "a move not written as SAN (disambiguation, 'x', '=')"},
    [PGN_CHECK_LONG_LINE] = {"long-line", "a line longer than 255 characters"},
    [PGN_CHECK_TAG_ORDER] = {"tag-order", "tags outside the Seven Tag Roster order"},
    [PGN_CHECK_NONSTANDARD_TOKEN] = {"nonstandard-token",
                                     "a result, en-passant note or forum delimiter that the "
                                     "reader takes but the PGN standard does not write"},
};

const char *pgn_check_code_name(enum pgn_check_code code)
{
    if ((unsigned)code < PGN_CHECK_FEN)
        return codes[code].name;
    if ((unsigned)code < PGN_CHECK_CODE_NB)
        return fen_code_name((enum fen_code)(code - PGN_CHECK_FEN + 1));
    return "unknown";
}

enum pgn_check_level pgn_check_code_level(enum pgn_check_code code)
{
    if (code < PGN_CHECK_MISSING_RESULT || code >= PGN_CHECK_FEN)
        return PGN_CHECK_ERROR;
    return code < PGN_CHECK_CHECK_MARK ? PGN_CHECK_WARNING : PGN_CHECK_NOTE;
}

const char *pgn_check_code_summary(enum pgn_check_code code)
{
    return (unsigned)code < PGN_CHECK_FEN
               ? codes[code].summary
               : "a FEN tag that is not a legal position (as fen-check reports it)";
}

const char *pgn_check_level_name(enum pgn_check_level level)
{
    static const char *const names[PGN_CHECK_LEVEL_NB] = {"error", "warning", "note"};
    return (unsigned)level < PGN_CHECK_LEVEL_NB ? names[level] : "error";
}

/* A linear search: it runs once per code on the command line. */
bool pgn_check_code_parse(const char *name, size_t len, enum pgn_check_code *out)
{
    for (int i = 0; i < PGN_CHECK_CODE_NB; i++) {
        const char *n = pgn_check_code_name((enum pgn_check_code)i);
        if (strlen(n) == len && memcmp(n, name, len) == 0) {
            *out = (enum pgn_check_code)i;
            return true;
        }
    }
    return false;
}

/* ---------------------------------------------------------------- checker */

/* ---------------------------------------------------------------- checker */

struct pgn_checker *pgn_checker_new(void)
{
    struct pgn_checker *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    for (int i = 0; i < PGN_CHECK_CODE_NB; i++)
        c->enabled[i] = pgn_check_code_level((enum pgn_check_code)i) != PGN_CHECK_NOTE;
    return c;
}

void pgn_checker_set_variant(struct pgn_checker *c, enum variant v, bool chess960,
                             bool chess960_all)
{
    c->variant = (uint8_t)v;
    c->chess960 = chess960;
    c->chess960_all = chess960_all;
}

void pgn_checker_set_line_offset(struct pgn_checker *c, unsigned long lines)
{
    c->line_offset = lines;
}

void pgn_checker_free(struct pgn_checker *c)
{
    if (!c)
        return;
    free(c->pend.at);
    free(c->moved.at);
    free(c->line);
    free(c->noted.at);
    free(c->out);
    free(c->text);
    free(c->lines);
    free(c->ann_text);
    free(c);
}

void pgn_checker_enable(struct pgn_checker *c, enum pgn_check_code code, bool on)
{
    if ((unsigned)code < PGN_CHECK_CODE_NB)
        c->enabled[code] = on;
}

bool pgn_checker_enabled(const struct pgn_checker *c, enum pgn_check_code code)
{
    return (unsigned)code < PGN_CHECK_CODE_NB && c->enabled[code];
}

/* Record e in l, its text (e.len bytes) copied into the arena and
 * NUL-terminated; false (and nomem) when out of memory. */
bool pgn_check_pending_put(struct pgn_checker *c, struct pendings *l, struct pending e,
                           const char *text)
{
    struct pending *p = array_grow(l->at, &l->cap, l->n + 1, sizeof *p);
    char *t = array_grow(c->text, &c->text_cap, c->text_len + e.len + 1, 1);
    l->at = p ? p : l->at;
    c->text = t ? t : c->text;
    if (!p || !t) {
        c->nomem = true;
        return false;
    }
    e.off = c->text_len;
    memcpy(t + e.off, text, e.len);
    t[e.off + e.len] = '\0';
    c->text_len += e.len + 1;
    l->at[l->n++] = e;
    return true;
}

/* Record a problem of the game: while it is pushed, the message alone in
 * moved; else its label (game_label), ": " and the message in pend.
 * Past PGN_CHECK_DIAGS_MAX problems are only counted.  The arguments may
 * point into the text arena: they are formatted before it grows. */
__attribute__((format(printf, 5, 6))) void pgn_check_report(struct pgn_checker *c,
                                                            enum pgn_check_code code,
                                                            unsigned long line, unsigned long col,
                                                            const char *fmt, ...)
{
    if (!c->enabled[code] || c->nomem || !c->told)
        return;
    uint8_t group = code >= PGN_CHECK_BAD_CLOCK && code <= PGN_CHECK_BAD_SHAPE
                        ? MOVED_COMMENTS /* (a comment's commands, checked as it comes) */
                        : MOVED_MOVES;
    bool pushing = !c->g;
    struct pendings *to = pushing ? &c->moved : &c->pend;
    size_t *kept = pushing ? &c->moved_real[group] : &c->pend.n;
    if (*kept >= PGN_CHECK_DIAGS_MAX) {
        (*(pushing ? &c->moved_dropped[group] : &c->dropped))++;
        return;
    }
    char msg[sizeof c->label + 2 + 512]; /* the label, ": ", the message */
    size_t k = 0;
    if (!pushing && !c->g->stray) { /* (stray text is no game's) */
        if (!c->label_len) {
            game_label(c->g->tags, c->g->ntags, c->label, sizeof c->label);
            c->label_len = strlen(c->label);
        }
        memcpy(msg, c->label, c->label_len);
        memcpy(msg + c->label_len, ": ", 2);
        k = c->label_len + 2;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(msg + k, 512, fmt, ap);
    va_end(ap);
    n = n < 0 ? 0 : n >= 512 ? 511 : n;
    struct pending e = {code, line ? line : 1, col ? col : 1, 0, k + (size_t)n, group};
    if (pgn_check_pending_put(c, to, e, msg) && pushing)
        c->moved_real[group]++;
}

/* ---------------------------------------------------------------- game */

/* Input order, and for one place the order in which the checks ran
 * (insertion sort: stable, and the list is short and nearly sorted). */
static void sort_pending(struct pending *d, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        struct pending x = d[i];
        size_t j = i;
        while (j > 0 &&
               (d[j - 1].line > x.line || (d[j - 1].line == x.line && d[j - 1].col > x.col))) {
            d[j] = d[j - 1];
            j--;
        }
        d[j] = x;
    }
}

/* The pending diagnostics into the result (zeroed): pointers into the
 * text arena, which no longer moves, and the counts by level. */
static int publish(struct pgn_checker *c, struct pgn_check_result *res)
{
    if (c->nomem)
        return -1;
    size_t n = c->pend.n;
    struct pgn_check_diag *o = n ? array_grow(c->out, &c->out_cap, n, sizeof *o) : c->out;
    if (n && !o)
        return -1;
    c->out = o;
    res->diags = o;
    res->ndiags = n;
    for (size_t i = 0; i < n; i++) {
        const struct pending *p = &c->pend.at[i];
        enum pgn_check_level lv = pgn_check_code_level(p->code);
        o[i] =
            (struct pgn_check_diag){p->code, lv, p->line, p->col, c->text + p->off, p->len, false};
        res->errors += lv == PGN_CHECK_ERROR;
        res->warnings += lv == PGN_CHECK_WARNING;
        res->notes += lv == PGN_CHECK_NOTE;
    }
    return 0;
}

/* A game begins: its tags are read (valid during the call), and the
 * start position is set up for the moves. */
static enum pgn_visit check_tags_done(void *ctx, const struct pgn_game *g)
{
    struct pgn_checker *c = ctx;
    c->told = true;
    c->nomem = false;
    c->pend.n = c->moved.n = c->noted.n = 0;
    memset(c->moved_real, 0, sizeof c->moved_real);
    memset(c->moved_dropped, 0, sizeof c->moved_dropped);
    c->text_len = 0;
    c->ntokens = 0;
    memset(&c->rs, 0, sizeof c->rs);
    memset(c->known, 0, sizeof c->known); /* the first tag of each known name */
    memset(c->known_at, 0, sizeof c->known_at);
    for (size_t i = 0; i < g->ntags; i++) {
        int k = pgn_check_known_index(&g->tags[i]);
        if (k >= 0 && !c->known[k]) {
            c->known[k] = &g->tags[i];
            c->known_at[k] = i + 1;
        }
    }
    c->g = NULL;
    c->notes = c->enabled[PGN_CHECK_CHECK_MARK] || c->enabled[PGN_CHECK_SAN_STYLE] ||
               c->enabled[PGN_CHECK_ZERO_CASTLING];
    c->variations = false;
    c->nline = 0;
    c->main_alive = pgn_check_setup(c, &c->rs.start); /* (false: no replay) */
    if (c->main_alive) {
        game_replay_start_at(&c->replay, &c->rs.start,
                             GAME_VARIATION_ERRORS_SKIP | (c->notes ? 0u : GAME_NO_BEFORE));
        game_id_begin(&c->rs.id, &c->rs.start);
    }
    return PGN_VISIT_GO;
}

/* A token noted for the checks at the game's end (NOTED_*). */
static __attribute__((noinline)) void note_token(struct pgn_checker *c, const struct pgn_token *tok,
                                                 uint8_t what)
{
    pgn_check_pending_put(
        c, &c->noted,
        (struct pending){PGN_CHECK_NONSTANDARD_TOKEN, tok->line, tok->col, 0, tok->len, what},
        tok->text);
}

/* check_token's result, out of line so that the light cases (most tokens
 * that are not moves) pay for no saved registers. */
static __attribute__((noinline)) enum pgn_visit token_result(struct pgn_checker *c,
                                                             const struct pgn_token *tok)
{
    if (tok->depth == 0) {
        c->rs.has_marker = true;
        c->rs.marker_line = tok->line;
        c->rs.marker_col = tok->col;
        memcpy(c->rs.marker, tok->text, tok->len + 1); /* (one of the four results: pgn.h) */
    }
    if (c->enabled[PGN_CHECK_NONSTANDARD_TOKEN])
        note_token(c, tok, NOTED_RESULT);
    return PGN_VISIT_GO;
}

/* Each token of the movetext, in input order: the one place where the
 * checker reads a token.  Every main-line ply and the termination marker
 * are counted even when the replay ended; a pawn capture and a result are
 * noted for their spelling, unknown text for its quote. */
static enum pgn_visit check_token(void *ctx, const struct pgn_token *tok)
{
    struct pgn_checker *c = ctx;
    c->ntokens++;
    /* (moves, null moves and move numbers, most tokens, first: a switch is an indirect
     * jump, mispredicted at each change of kind) */
    if (__builtin_expect(tok->kind == PGN_TOK_MOVE || tok->kind == PGN_TOK_NULL_MOVE, 1)) {
        if (__builtin_expect(c->enabled[PGN_CHECK_NONSTANDARD_TOKEN], 0) && tok->len >= 4 &&
            tok->text[1] == 'x' && tok->text[0] >= 'a' && tok->text[0] <= 'h')
            note_token(c, tok, NOTED_CAPTURE);
        c->rs.plies += tok->depth == 0;
        return c->main_alive ? pgn_check_moves_play(c, tok) : PGN_VISIT_GO;
    }
    if (tok->kind == PGN_TOK_MOVE_NUMBER) {
        if (c->main_alive) {
            unsigned at = game_replay_line(&c->replay)->pos.fullmove;
            if (__builtin_expect(tok->value != at, 0) && c->enabled[PGN_CHECK_WRONG_MOVE_NUMBER] &&
                !game_replay_skipping(&c->replay))
                pgn_check_report(c, PGN_CHECK_WRONG_MOVE_NUMBER, tok->line, tok->col,
                                 "move number %u where the position is at move %u", tok->value, at);
        }
        return PGN_VISIT_GO;
    }
    switch (tok->kind) {
    case PGN_TOK_VARIATION_START:
        if (c->main_alive && !c->variations)
            pgn_check_moves_keep(c);
        /* fall through */
    case PGN_TOK_VARIATION_END:
        return c->main_alive ? pgn_check_moves_play(c, tok) : PGN_VISIT_GO;
    case PGN_TOK_RESULT:
        return token_result(c, tok);
    case PGN_TOK_COMMENT:
        pgn_check_comment(c, tok);
        break;
    case PGN_TOK_UNKNOWN:
        note_token(c, tok, NOTED_UNKNOWN);
        break;
    default:
        break;
    }
    return PGN_VISIT_GO;
}

/* The checks of one game in their order: bytes, the reader's findings,
 * tags, the start position and the moves (checked as they came), then
 * result, PlyCount, the final position and the hash; then input order. */
static int check_finish(struct pgn_checker *c, const struct pgn_game *g,
                        struct pgn_check_result *res)
{
    c->g = g;
    c->label_len = 0;
    c->dropped = 0;
    memset(res, 0, sizeof *res);

    if (g->stray) { /* no game: its one problem */
        char msg[160];
        pgn_stray_message(g, msg, sizeof msg);
        pgn_check_report(c, PGN_CHECK_STRAY_TEXT, g->diags[0].line, g->diags[0].col, "%s", msg);
        return publish(c, res);
    }
    if (g->raw)
        pgn_check_bytes(c, g);
    pgn_check_reader(c, g);
    pgn_check_spelling(c, g);
    pgn_check_moved_replay(c, g, MOVED_COMMENTS);
    for (int k = 0; k < TAG_KNOWN_NB; k++) /* (the tags of tags_done, indexed there) */
        c->known[k] =
            c->known_at[k] && c->known_at[k] <= g->ntags ? &g->tags[c->known_at[k] - 1] : NULL;
    if (!g->ntags && !c->rs.plies) /* (PGN 18 allows it: an empty tag section and movetext) */
        pgn_check_report(c, PGN_CHECK_EMPTY_GAME, g->line, g->col,
                         "empty game: no tag pair and no move");
    pgn_check_roster(c, g);
    pgn_check_duplicate_tags(c, g);
    static const int dates[] = {TAG_DATE, TAG_EVENT_DATE, TAG_UTC_DATE};
    for (size_t i = 0; i < 3; i++)
        if (c->known[dates[i]] && c->enabled[PGN_CHECK_BAD_DATE])
            pgn_check_date(c, c->known[dates[i]]);
    pgn_check_moved_replay(c, g, MOVED_MOVES); /* (pgn_check_setup's first) */
    const char *result = pgn_check_result_marker(c, g);
    pgn_check_plycount(c);
    if (c->main_alive && result && c->enabled[PGN_CHECK_WRONG_RESULT])
        pgn_check_final_position(c, g, result);
    if (c->main_alive && c->rs.plies > 0) { /* no moves: nothing that tells two games apart */
        game_id_text(&c->rs.id,
                     pgn_check_tag_value(c, TAG_WHITE)); /* (pgn-check's "same players") */
        game_id_text(&c->rs.id, pgn_check_tag_value(c, TAG_BLACK));
        game_id_text(&c->rs.id, result);
        res->hashed = true;
        res->id = game_id_end(&c->rs.id, c->rs.plies);
    }
    sort_pending(c->pend.at, c->pend.n);
    if (c->dropped && c->enabled[PGN_CHECK_OVER_LIMIT]) {
        const struct pending *last = &c->pend.at[--c->pend.n]; /* the count replaces it */
        pgn_check_report(c, PGN_CHECK_OVER_LIMIT, last->line, last->col,
                         "%zu more problems in this game are not reported", c->dropped + 1);
    }
    if (publish(c, res) < 0)
        return -1;
    res->white = c->known[TAG_WHITE];
    res->black = c->known[TAG_BLACK];
    res->round = c->known[TAG_ROUND];
    res->event = c->known[TAG_EVENT];
    return 0;
}

/* The game ends (stray text without tokens had no tags_done): it is
 * checked once pgn_read_game returns it. */
static void check_game_end(void *ctx, const struct pgn_game *g)
{
    struct pgn_checker *c = ctx;
    if (!c->told)
        check_tags_done(c, g);
    *c->game_out = *g;
}

static const struct pgn_visitor check_visitor = {check_tags_done, check_token, check_game_end};

int pgn_check_read_game(struct pgn_checker *c, struct pgn_reader *r, struct pgn_game *g,
                        struct pgn_check_result *res)
{
    c->game_out = g;
    int rc = pgn_read_game(r, &check_visitor, c);
    if (rc > 0 && check_finish(c, g, res) < 0)
        rc = -2;
    c->main_alive = false; /* (stray text's tokens replay nothing) */
    c->told = false;
    return rc;
}

size_t pgn_check_duplicate_text(char *buf, size_t size, unsigned long first_game,
                                const char *first_file, unsigned long first_line)
{
    int n = snprintf(buf, size, "duplicate of game %lu (%s%s%lu)", first_game,
                     first_file ? first_file : "line ", first_file ? ":" : "", first_line);
    return n < 0 ? 0 : (size_t)n;
}
