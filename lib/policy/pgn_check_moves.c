/* The PGN checker's checks of moves (pgn_check_impl.h): the movetext
 * replayed as the reader pushes it, the style of moves, the result
 * marker, the final position and PlyCount. */
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

/* ---------------------------------------------------------------- moves */

/* Where a ply stands, as the converters word it: "ply 34 (17...)". */
static void ply_where(char *buf, size_t size, unsigned long ply, unsigned long fullmove, int side)
{
    snprintf(buf, size, "ply %lu (%lu%s)", ply, fullmove, side ? "..." : ".");
}

/* PGN standard 8.2.3.7 and FIDE Art. 3.10 (check), 5.1.1 (mate): '+' on
 * a move that checks, '#' on one that mates, neither otherwise. */
static void check_mark(struct pgn_checker *c, const struct pgn_token *tok, const char *where,
                       const struct position *after, const char *san)
{
    size_t n = tok->len;
    char mark = n && (tok->text[n - 1] == '+' || tok->text[n - 1] == '#') ? tok->text[n - 1] : 0;
    /* (a variant win is '#' whether or not a king is checked: san_mark) */
    char want = san_mark(after);
    bool mate = want == '#', check = want != 0;
    const char *why = NULL;
    if (mate && mark != '#')
        why = after->variant != VARIANT_CHESS
                  ? (mark ? "wins the game: its mark is '#'" : "wins the game: '#' is missing")
              : mark ? "mates: its mark is '#'"
                     : "mates: '#' is missing";
    else if (check && !mate && mark != '+')
        why = mark ? "gives check but not mate: its mark is '+'" : "gives check: '+' is missing";
    else if (!check && mark)
        why = "does not give check: no mark";
    if (why)
        pgn_check_report(c, PGN_CHECK_CHECK_MARK, tok->line, tok->col, "%s: '%s' %s (SAN '%s%.*s')",
                         where, tok->text, why, san, (int)check, &want);
}

/* Is the move text long algebraic or UCI ("Ng1-f3", "e2e4")?  Such text
 * has no check marks, so only san-style speaks about it. */
static bool long_form(const struct pgn_token *tok)
{
    struct san_parsed sp;
    if (memchr(tok->text, '-', tok->len) && tok->text[0] != 'O')
        return true;
    return san_scan(tok->text, tok->len, &sp) == SAN_OK && sp.piece == PAWN && sp.from_rank >= 0;
}

/* PGN standard 8.2.3: SAN names a move with the fewest characters that
 * identify it (8.2.3.4), 'x' for captures (8.2.3.3), '=' before a
 * promotion piece (8.2.3.5), and castling with the letter O (8.2.3.6). */
static void check_san_style(struct pgn_checker *c, const struct pgn_token *tok, const char *where,
                            const char *san)
{
    size_t n = tok->len;
    while (n && (tok->text[n - 1] == '+' || tok->text[n - 1] == '#'))
        n--;
    if (tok->text[0] == 'O' && c->enabled[PGN_CHECK_ZERO_CASTLING]) {
        /* written with zeros or a lower-case o?  The bytes tell, at the
         * game's end (pgn_check_moved_replay): its place and words noted here */
        char text[64 + SAN_MAX]; /* where, a NUL, san */
        int k = snprintf(text, sizeof text, "%s%c%s", where, '\0', san);
        pgn_check_pending_put(c, &c->moved,
                              (struct pending){PGN_CHECK_ZERO_CASTLING, tok->line, tok->col, 0,
                                               (size_t)k, MOVED_MOVES},
                              text);
    }
    if (strlen(san) == n && memcmp(tok->text, san, n) == 0)
        return;
    const char *what = "is not SAN";
    if (!long_form(tok) && tok->text[0] != 'P') {
        if (strchr(san, 'x') && !memchr(tok->text, 'x', n))
            what = "is a capture without 'x'";
        else if (strchr(san, '=') && !memchr(tok->text, '=', n))
            what = "is a promotion without '='";
        else if (n > strlen(san))
            what = "is over-disambiguated";
    }
    pgn_check_report(c, PGN_CHECK_SAN_STYLE, tok->line, tok->col, "%s: '%.*s' %s: SAN is '%s'",
                     where, (int)n, tok->text, what, san);
}

/* A move the replay refused (FIDE Art. 3 and PGN standard 8.2.3, with
 * the rules library's reason, explain.h), a null move in check, or a
 * variation that opens none, worded as the converters word them. */
static void report_problem(struct pgn_checker *c, const struct pgn_token *tok,
                           const struct game_problem *pb)
{
    char where[64];
    ply_where(where, sizeof where, pb->ply, pb->fullmove, pb->side);
    enum pgn_check_code illegal =
        pb->depth > 0 ? PGN_CHECK_ILLEGAL_VARIATION_MOVE : PGN_CHECK_ILLEGAL_MOVE;
    switch (pb->code) {
    case GAME_E_ILLEGAL: {
        bool ambiguous = pb->san == SAN_AMBIGUOUS;
        const char *why = pb->reason;
        if (ambiguous && strncmp(why, "ambiguous: ", 11) == 0)
            why += 11; /* "ambiguous move 'Nd2': Nbd2 and Nfd2 both match" */
        pgn_check_report(c, ambiguous && pb->depth == 0 ? PGN_CHECK_AMBIGUOUS_MOVE : illegal,
                         tok->line, tok->col, "%s: %s move '%s'%s: %s", where,
                         ambiguous ? "ambiguous" : "illegal", tok->text,
                         pb->depth > 0 ? " in a variation" : "", why);
        break;
    }
    case GAME_E_NULL_IN_CHECK:
        pgn_check_report(c, illegal, tok->line, tok->col,
                         "%s: illegal null move '%s': the side to move is in check", where,
                         tok->text);
        break;
    case GAME_E_VARIATION:
        pgn_check_report(c, PGN_CHECK_VARIATION_WITHOUT_MOVE, tok->line, tok->col,
                         "a variation with no move before it to replace");
        break;
    case GAME_E_TOO_DEEP:
        pgn_check_report(c, PGN_CHECK_OVER_LIMIT, tok->line, tok->col,
                         "variations nested deeper than %d", GAME_DEPTH_MAX);
        break;
    default: /* (no other problem comes from these tokens) */
        break;
    }
}

/* Replay every line of the movetext (PGN standard 8.2.5: a variation
 * replaces the move before it) as the reader pushes the tokens, from
 * tags_done.  An illegal move ends the main line's replay and skips a
 * variation's (GAME_VARIATION_ERRORS_SKIP).  Until the first "(", and
 * without the style notes, moves are played in place (GAME_NO_BEFORE) and
 * the main line noted; at the first "(" pgn_check_moves_keep plays it again keeping
 * the positions before the moves. */
__attribute__((noinline)) void pgn_check_moves_keep(struct pgn_checker *c)
{
    struct game_replay *r = &c->replay;
    c->variations = true;
    game_replay_start_at(r, &c->rs.start, GAME_VARIATION_ERRORS_SKIP | GAME_VARIATIONS);
    for (size_t i = 0; i < c->nline; i++) {
        if (c->line[i] == MOVE_NONE)
            game_stack_pass(&r->stack);
        else
            game_stack_play(&r->stack, c->line[i]);
    }
}

/* Room for one more move in c->line; false (the replay ends) when out of
 * memory. */
static __attribute__((noinline)) bool line_grow(struct pgn_checker *c)
{
    move *l = array_grow(c->line, &c->line_cap, c->nline + 1, sizeof *l);
    if (!l) {
        c->nomem = true;
        c->main_alive = false;
        return false;
    }
    c->line = l;
    return true;
}

/* pgn_check_moves_play's other outcomes: a problem, a line opened or closed, a null
 * move (a warning in the main line), a move while the style notes are on;
 * the main line's moves go into the hash. */
static __attribute__((noinline)) void moves_played(struct pgn_checker *c,
                                                   const struct pgn_token *tok, int rc,
                                                   const struct game_event *ev,
                                                   const struct game_problem *pb)
{
    if (rc < 0) {
        report_problem(c, tok, pb);
        c->main_alive = pb->recovered;
        return;
    }
    bool null = ev->kind == GAME_EV_NULL;
    if (rc == 0 || (ev->kind != GAME_EV_MOVE && !null))
        return;
    if (!c->variations) {
        if (c->nline == c->line_cap && !line_grow(c))
            return;
        c->line[c->nline++] = null ? MOVE_NONE : ev->m;
    }
    if (null && ev->depth > 0)
        return;
    char where[64], san[SAN_MAX];
    ply_where(where, sizeof where, ev->ply, ev->before->fullmove, ev->before->side);
    if (null) {
        pgn_check_report(c, PGN_CHECK_NULL_MOVE, tok->line, tok->col,
                         "%s: null move '%s' in the main line (no move was played)", where,
                         tok->text);
        game_id_move(&c->rs.id, MOVE_NONE);
        return;
    }
    san_format_plain(ev->before, ev->m, san);
    if (c->enabled[PGN_CHECK_SAN_STYLE] || c->enabled[PGN_CHECK_ZERO_CASTLING])
        check_san_style(c, tok, where, san);
    if (c->enabled[PGN_CHECK_CHECK_MARK] && !long_form(tok))
        check_mark(c, tok, where, ev->after, san);
    if (ev->depth == 0)
        game_id_move(&c->rs.id, ev->m);
}

/* A move, "(" or ")", replayed while the main line is alive; a move is
 * noted for pgn_check_moves_keep (without notes, those of variations too, harmlessly:
 * the common case stays short).  Out of line: check_token saves no registers. */
__attribute__((noinline)) enum pgn_visit pgn_check_moves_play(struct pgn_checker *c,
                                                              const struct pgn_token *tok)
{
    struct game_replay *r = &c->replay;
    struct game_event ev;
    struct game_problem pb;
    int rc = game_replay_token(r, tok, &ev, &pb);
    if (__builtin_expect(rc > 0 && ev.kind == GAME_EV_MOVE && !c->notes, 1)) {
        if (__builtin_expect(c->nline == c->line_cap, 0) && !line_grow(c))
            return PGN_VISIT_GO;
        c->line[c->nline++] = ev.m;
        if (ev.depth == 0)
            game_id_move(&c->rs.id, ev.m);
        return PGN_VISIT_GO;
    }
    moves_played(c, tok, rc, &ev, &pb);
    return PGN_VISIT_GO;
}

/* A group of moved joins the other diagnostics, in the order made,
 * castling's spelling and FEN problems' columns now that the bytes tell. */
void pgn_check_moved_replay(struct pgn_checker *c, const struct pgn_game *g, unsigned group)
{
    for (size_t i = 0; i < c->moved.n; i++) {
        const struct pending m = c->moved.at[i];
        if (m.group != group)
            continue;
        const char *text = c->text + m.off;
        if (m.code == PGN_CHECK_ZERO_CASTLING) {
            const char *p = pgn_check_raw_at(c, g, m.line, m.col);
            if (!p || (*p != '0' && *p != 'o'))
                continue;
            pgn_check_report(c, PGN_CHECK_ZERO_CASTLING, m.line, m.col,
                             "%s: castling written with %s: SAN is '%s'", text,
                             *p == '0' ? "zeros" : "a lower-case o", text + strlen(text) + 1);
        } else {
            unsigned long col = m.code < PGN_CHECK_FEN
                                    ? m.col
                                    : pgn_check_tag_value_col(c, g, c->known[TAG_FEN]) + m.col - 2;
            pgn_check_report(c, m.code, m.line, col, "%s", text);
        }
    }
    c->dropped += c->moved_dropped[group];
}

/* ---------------------------------------------------------------- results */

/* PGN standard 8.2.6 and 8.1.1.7: the movetext ends with a termination
 * marker, the Result tag holds one of the four results, and the two
 * agree.  Returns the game's result (the marker, else the tag's) or NULL. */
const char *pgn_check_result_marker(struct pgn_checker *c, const struct pgn_game *g)
{
    const struct replay_state *rs = &c->rs;
    const struct pgn_tag *tag = c->known[TAG_RESULT];
    enum pgn_result r = tag ? pgn_result_parse(tag->value, strlen(tag->value)) : PGN_RESULT_NB;
    const char *tag_result = r == PGN_RESULT_NB ? NULL : pgn_result_text(r); /* pgn.h's text */
    if (tag && !tag_result)
        pgn_check_report(c, PGN_CHECK_BAD_RESULT_TAG, tag->line, tag->col,
                         "Result tag '%s' is not 1-0, 0-1, 1/2-1/2 or *", tag->value);
    if (!rs->has_marker) {
        bool truncated = false;
        for (size_t i = 0; i < g->ndiags; i++)
            truncated |= g->diags[i].code == PGN_E_TRUNCATED;
        pgn_check_report(c, PGN_CHECK_MISSING_RESULT, g->line, g->col, "%s",
                         truncated         ? "the input ends inside the game: no termination marker"
                         : c->ntokens == 0 ? "the game has no movetext and no termination marker"
                                           : "the movetext has no termination marker");
    } else if (tag_result && strcmp(tag_result, rs->marker) != 0) {
        pgn_check_report(c, PGN_CHECK_RESULT_MISMATCH, rs->marker_line, rs->marker_col,
                         "the movetext ends with '%s' but the Result tag says '%s'", rs->marker,
                         tag_result);
    }
    return rs->has_marker ? rs->marker : tag_result;
}

/* FIDE Art. 5.1.1 (checkmate wins), 5.2.1 (stalemate draws), 5.2.2 (a dead
 * position draws) and 6.9 (a lone king cannot win): the result must be
 * one that the final position allows. */
void pgn_check_final_position(struct pgn_checker *c, const struct pgn_game *g, const char *result)
{
    static const char *const side[2] = {"White", "Black"};
    const struct position *p = &c->replay.stack.lines[0].pos;
    unsigned long line = c->rs.has_marker ? c->rs.marker_line : g->line;
    unsigned long col = c->rs.has_marker ? c->rs.marker_col : g->col;
    int winner = strcmp(result, "1-0") == 0 ? WHITE : strcmp(result, "0-1") == 0 ? BLACK : -1;
    bool draw = strcmp(result, "1/2-1/2") == 0;
    if (winner < 0 && !draw)
        return; /* "*": nothing claimed */
    enum variant_end_reason why;
    enum game_status s = status_get_reason(p, &why);
    if (s == STATUS_VARIANT_WIN || s == STATUS_VARIANT_LOSS || s == STATUS_VARIANT_DRAW) {
        /* The variant's own end (lib/rules/variant.h): its winner, or a draw. */
        int w = s == STATUS_VARIANT_DRAW ? -1 : s == STATUS_VARIANT_WIN ? p->side : !p->side;
        if (w != winner)
            pgn_check_report(
                c, PGN_CHECK_WRONG_RESULT, line, col,
                "the final position ends the game by the rules of %s (%s): %s%s, but the result "
                "is '%s'",
                variant_rules((enum variant)p->variant)->title, variant_end_name(why),
                w < 0 ? "a draw" : side[w], w < 0 ? "" : " wins", result);
        return;
    }
    if (s == STATUS_CHECKMATE) {
        if (winner != !p->side)
            pgn_check_report(c, PGN_CHECK_WRONG_RESULT, line, col,
                             "the final position is checkmate: %s wins, but the result is '%s'",
                             side[!p->side], result);
        return;
    }
    if (winner < 0)
        return;
    const char *drawn = s == STATUS_STALEMATE ? "the final position is stalemate"
                        : s == STATUS_INSUFFICIENT_MATERIAL
                            ? "neither side can checkmate in the final position"
                            : NULL;
    if (drawn)
        pgn_check_report(c, PGN_CHECK_WRONG_RESULT, line, col,
                         "%s (a draw), but the result is '%s'", drawn, result);
    else if (p->variant == VARIANT_CHESS && bb_count(p->by_color[winner]) == 1)
        pgn_check_report(c, PGN_CHECK_WRONG_RESULT, line, col,
                         "%s wins with a lone king, which cannot checkmate (result '%s')",
                         side[winner], result);
}

/* PGN standard 9.2.7 (PlyCount): the number of plies of the main line. */
void pgn_check_plycount(struct pgn_checker *c)
{
    const struct pgn_tag *t = c->known[TAG_PLYCOUNT];
    if (!t)
        return;
    unsigned long n = 0;
    size_t i = 0;
    for (; i < t->value_len && i < 9 && t->value[i] >= '0' && t->value[i] <= '9'; i++)
        n = n * 10 + (unsigned long)(t->value[i] - '0');
    if (i == 0 || i != t->value_len)
        pgn_check_report(c, PGN_CHECK_PLYCOUNT_MISMATCH, t->line, t->col,
                         "PlyCount '%s' is not a number", t->value);
    else if (n != c->rs.plies)
        pgn_check_report(c, PGN_CHECK_PLYCOUNT_MISMATCH, t->line, t->col,
                         "PlyCount is %lu but the main line has %lu %s", n, c->rs.plies,
                         c->rs.plies == 1 ? "ply" : "plies");
}
