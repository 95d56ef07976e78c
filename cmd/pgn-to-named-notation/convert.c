/*
 * convert.c - one game in the target notation and layout (see convert.h).
 */
#include "convert.h"

#include "notation/fen.h"
#include "notation/uci.h"

#include <stdlib.h>
#include <string.h>

/* The reader's caps are its defaults unless --max-line says otherwise. */
bool convert_init(struct convert *c, const struct convert_options *opt, struct jobs_result *res)
{
    memset(c, 0, sizeof *c);
    c->opt = opt;
    c->res = res;
    c->sep = opt->inline_layout ? ' ' : '\n';
    c->reader = pgn_reader_new();
    c->replay = malloc(sizeof *c->replay);
    if (!c->reader || !c->replay)
        return false;
    const struct convert_target *t = opt->to;
    if (t->writer && !t->writer(&c->writer, opt))
        return false;
    /* The output takes move numbers from the positions, and comments only
     * when asked (JSON reads their annotations always, a table when it has
     * a clock, emt or eval column): the reader need not keep what will
     * not be written. */
    bool comments =
        opt->comments || (t->flags & CONVERT_COMMENTS) || game_table_fields_comments(&opt->table);
    pgn_reader_set_options(c->reader, PGN_OPT_SKIP_NUMBERS | PGN_OPT_REPEATED_TAGS |
                                          (comments ? 0 : PGN_OPT_SKIP_COMMENTS));
    c->plies_fast = t->flags & (CONVERT_FAST_UCI | CONVERT_FAST_NAMED);
    c->plies_named = t->flags & CONVERT_FAST_NAMED;
    unsigned no_before = t->flags & CONVERT_AFTER ? GAME_NO_BEFORE : 0;
    game_replay_listen(c->replay,
                       (opt->variations ? GAME_VARIATIONS : 0) | no_before |
                           (opt->strict ? GAME_STRICT_FEN : 0) | cli_games_rules(&opt->common),
                       NULL, NULL);
    if (opt->common.max_line != CLI_MAX_LINE_DEFAULT) {
        struct pgn_limits lim = {.max_line = opt->common.max_line};
        pgn_reader_set_limits(c->reader, &lim);
    }
    return true;
}

void convert_free(struct convert *c)
{
    pgn_reader_free(c->reader);
    free(c->replay);
    if (c->writer.free)
        c->writer.free(c->writer.w);
}

/* Start a token of the layout: a new line per item (ending the open one),
 * or one line with single spaces for --inline.  (Inline: every ply starts
 * with it, and the call was a tenth of writing a UCI ply.) */
static inline __attribute__((always_inline)) void item_begin(struct convert *c)
{
    struct cli_buf *out = &c->res->out;
    if (c->line_open && cli_buf_reserve(out, 1))
        out->data[out->len++] = c->sep;
    c->line_open = true;
}

static void line_end(struct convert *c)
{
    if (c->line_open)
        cli_buf_char(&c->res->out, '\n');
    c->line_open = false;
}

/* A comment as {text} on one line: line ends become spaces and a '}' (only
 * possible in a ';' comment) a ')', so the record stays one token. */
static void write_comment(struct convert *c, const struct pgn_token *tok)
{
    item_begin(c);
    cli_buf_char(&c->res->out, '{');
    for (size_t i = 0; i < tok->len; i++) {
        char ch = tok->text[i];
        cli_buf_char(&c->res->out, ch == '\n' || ch == '\r' ? ' ' : ch == '}' ? ')' : ch);
    }
    cli_buf_char(&c->res->out, '}');
    if (!c->opt->inline_layout)
        line_end(c);
    c->need_number = true;
}

/* "(" or ")" of a variation: a line of its own, or a word inline. */
static void write_marker(struct convert *c, char mark)
{
    item_begin(c);
    cli_buf_char(&c->res->out, mark);
    if (!c->opt->inline_layout)
        line_end(c);
    c->need_number = true;
}

/* "17. " or "17... " before SAN and LAN: on every line of the line layout,
 * and inline where PGN wants it (White's plies, and Black's after a break). */
static void write_move_number(struct convert *c, const struct position *before)
{
    char num[PGN_MOVE_NUMBER_MAX];
    bool black = before->side == BLACK;
    if (black && c->opt->inline_layout && !c->need_number)
        return;
    cli_buf_put(&c->res->out, num, pgn_move_number(before->fullmove, black, num, sizeof num));
    cli_buf_char(&c->res->out, ' ');
}

/* One ply in the target notation, formatted straight into the output. */
static void write_ply(struct convert *c, const struct game_event *ev)
{
    enum { ROOM = FEN_MAX + NAMED_MAX };
    struct cli_buf *out = &c->res->out;
    if (!cli_buf_reserve(out, ROOM + 1)) /* (room for the separator too) */
        return;
    item_begin(c);
    if (c->opt->to->flags & CONVERT_NUMBERED) {
        write_move_number(c, ev->before);
        if (!cli_buf_reserve(out, ROOM))
            return;
    }
    size_t n = c->opt->to->ply(ev, c->opt->names, out->data + out->len, ROOM);
    c->res->out.len += n < ROOM ? n : ROOM - 1;
    c->need_number = false;
}

/* A move in UCI or the named notation (c->plies_fast), as write_ply
 * writes it, with less room to reserve and no choice to make: most
 * conversions write these, one a ply. */
static inline __attribute__((always_inline)) void write_ply_fast(struct convert *c,
                                                                 const struct position *before,
                                                                 move m,
                                                                 const struct position *after)
{
    enum { ROOM = NAMED_MAX };
    struct cli_buf *out = &c->res->out;
    if (!cli_buf_reserve(out, ROOM + 1))
        return;
    if (c->line_open) /* (item_begin, with the room reserved) */
        out->data[out->len++] = c->sep;
    c->line_open = true;
    char *buf = out->data + out->len;
    size_t n = c->plies_named ? named_format_ply(before, m, c->opt->names, buf, ROOM)
                              : uci_format(after, m, UCI_CASTLING_AUTO, buf);
    out->len += n < ROOM ? n : ROOM - 1; /* (need_number is SAN's and LAN's) */
}

/* A NAG follows its ply on the ply's line, as "$n" whatever its PGN
 * spelling ("!?" is $5), so that one form is read back. */
static void write_nag(struct convert *c, unsigned nag)
{
    char buf[16];
    int n = snprintf(buf, sizeof buf, "$%u", nag);
    if (c->line_open) /* on the ply's line, in either layout */
        cli_buf_char(&c->res->out, ' ');
    c->line_open = true;
    cli_buf_put(&c->res->out, buf, (size_t)n);
}

/* The result closes the game: on its own line, or last on the line. */
static void write_result(struct convert *c, const char *result)
{
    item_begin(c);
    cli_buf_str(&c->res->out, result);
    line_end(c);
}

/* Record a game's problem: the diagnostic (with the game's label) and,
 * under --on-error=keep, the "; error:" line. */
static void report_problem(struct convert *c, const struct pgn_game *g,
                           const struct game_problem *pb, const char *result)
{
    struct games_problem gp;
    games_problem(g, pb, &gp);
    jobs_result_diag(&c->res->diags, gp.line + c->line_offset, gp.col, g->number, gp.msg);
    if (c->opt->on_error != GAMES_ON_ERROR_KEEP)
        return;
    if (c->writer.w) { /* the plies before the error, and the error */
        gp.line += c->line_offset;
        c->writer.end(c->writer.w, &c->res->out, g, g->line + c->line_offset, result, &gp);
        return;
    }
    int depth = c->replay->stack.depth;
    while (depth-- > 0 && c->opt->variations)
        write_marker(c, ')');
    if (c->opt->inline_layout) {
        write_result(c, result);
        cli_buf_str(&c->res->out, "; error: ");
    } else {
        line_end(c);
        cli_buf_str(&c->res->out, "; error: ");
    }
    cli_buf_str(&c->res->out, gp.what);
    cli_buf_char(&c->res->out, '\n');
    if (!c->opt->inline_layout)
        write_result(c, result);
    cli_buf_char(&c->res->out, '\n');
}

/* The reader's visitor: the replay (game.h) plays each token as it is
 * read, and each event is written as it comes, into the game's text. */

/* The game's tags open its text (JSON writes them at its end). */
static enum pgn_visit convert_tags_done(void *ctx, const struct pgn_game *g)
{
    struct convert *c = ctx;
    if (!game_replay_open(c->replay, g))
        return PGN_VISIT_SKIP_GAME;
    if (!c->writer.w)
        games_put_tags(&c->res->out, g);
    else if (c->writer.start)
        c->writer.start(c->writer.w, &c->replay->start, &c->replay->stack.lines[0].pos);
    return PGN_VISIT_GO;
}

static void convert_event(struct convert *c, const struct game_event *ev)
{
    const struct convert_options *o = c->opt;
    if (ev->kind == GAME_EV_RESULT) { /* (its text written at the end) */
        c->result = pgn_result_parse(ev->tok->text, ev->tok->len);
        return;
    }
    if (c->writer.w) {
        c->writer.event(c->writer.w, ev);
        return;
    }
    switch (ev->kind) {
    case GAME_EV_MOVE:
    case GAME_EV_NULL:
        write_ply(c, ev);
        break;
    case GAME_EV_COMMENT:
        if (o->comments)
            write_comment(c, ev->tok);
        break;
    case GAME_EV_NAG:
        if (o->nags)
            write_nag(c, ev->tok->value);
        break;
    case GAME_EV_VARIATION_START:
        write_marker(c, '(');
        break;
    case GAME_EV_VARIATION_END:
        write_marker(c, ')');
        break;
    default:
        break;
    }
}

/* Every token but a ply of c->plies_fast: the replay's event, written.
 * Not inlined into convert_token, so that the common case keeps one copy of
 * the replay's move and a small frame. */
static __attribute__((noinline)) enum pgn_visit convert_token_any(struct convert *c,
                                                                  const struct pgn_token *tok)
{
    struct game_event ev;
    enum pgn_visit answer;
    if (!game_replay_visit(c->replay, tok, &ev, &answer))
        return answer;
    convert_event(c, &ev);
    return PGN_VISIT_GO;
}

static enum pgn_visit convert_token(void *ctx, const struct pgn_token *tok)
{
    struct convert *c = ctx;
    if (tok->kind == PGN_TOK_MOVE && c->plies_fast) { /* (most tokens) */
        move m;
        if (!game_replay_visit_san(c->replay, tok, &m))
            return PGN_VISIT_SKIP_GAME;
        const struct game_line *l = game_replay_line(c->replay);
        write_ply_fast(c, &l->before, m, &l->pos);
        return PGN_VISIT_GO;
    }
    return convert_token_any(c, tok);
}

/* A game with a problem is reported and, by default, not written at all
 * (its text is rolled back); a damaged one keeps nothing of its replay. */
static void convert_game_end(void *ctx, const struct pgn_game *game)
{
    struct convert *c = ctx;
    const struct game_problem *pb = game_replay_close(c->replay, game);
    const struct convert_options *o = c->opt;
    struct pgn_game numbered = *game; /* numbered in the input (stray text is no game) */
    numbered.number = game->stray ? c->number : ++c->number;
    const struct pgn_game *g = &numbered;

    if (games_report_read(&c->res->diags, &c->res->status, g, c->line_offset)) {
        c->res->out.len = c->mark; /* stray text: no game */
        return;
    }
    c->res->games++;
    if (pb && pb->code == GAME_E_DAMAGED) { /* as if nothing were written */
        c->res->out.len = c->mark;
        c->line_open = false;
        c->need_number = true;
        c->result = PGN_RESULT_NB;
        if (c->writer.w)
            c->writer.begin(c->writer.w);
    }
    const char *result =
        c->result != PGN_RESULT_NB ? pgn_result_text(c->result) : games_tag_result(g);
    if (pb) {
        c->res->counts[COUNT_ERRORS]++;
        if (o->on_error != GAMES_ON_ERROR_KEEP)
            c->res->out.len = c->mark;
        else if (c->res->out.len == c->mark && !c->writer.w)
            games_put_tags(&c->res->out, g);
        report_problem(c, g, pb, result);
        if (o->on_error == GAMES_ON_ERROR_STOP)
            c->res->stop = true;
        return;
    }
    if (c->writer.w) {
        c->writer.end(c->writer.w, &c->res->out, g, g->line + c->line_offset, result, NULL);
    } else {
        write_result(c, result);
        cli_buf_char(&c->res->out, '\n');
    }
    c->res->counts[COUNT_CONVERTED]++;
}

static const struct pgn_visitor convert_visitor = {
    .tags_done = convert_tags_done,
    .token = convert_token,
    .game_end = convert_game_end,
};

int convert_next_game(struct convert *c)
{
    c->mark = c->res->out.len;
    c->result = PGN_RESULT_NB;
    c->line_open = false;
    c->need_number = true;
    if (c->writer.w)
        c->writer.begin(c->writer.w);
    int rc = pgn_read_game(c->reader, &convert_visitor, c);
    if (rc < 0) /* a hard error inside a game: no game, as when it was read whole */
        c->res->out.len = c->mark;
    return rc;
}
