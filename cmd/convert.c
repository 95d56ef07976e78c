/*
 * convert.c - one game in the target notation and layout (see convert.h).
 */
#include "convert.h"

#include "fen.h"
#include "san.h"
#include "uci.h"

#include <stdlib.h>
#include <string.h>

static enum pgn_hook_answer fast_play(void *ctx, const struct pgn_token *tok);

/* The reader's caps are its defaults unless --max-line says otherwise. */
bool conv_init(struct conv *c, const struct convert_options *opt, struct jobs_result *res)
{
    memset(c, 0, sizeof *c);
    c->opt = opt;
    c->res = res;
    c->sep = opt->inline_layout ? ' ' : '\n';
    c->reader = pgn_reader_new();
    c->replay = malloc(sizeof *c->replay);
    if (!c->reader || !c->replay)
        return false;
    if (opt->to == TO_JSON) {
        if (!(c->json = calloc(1, sizeof *c->json)))
            return false;
        c->json->opt = (struct game_json_options){opt->names, opt->comments, opt->nags};
    }
    /* The output takes move numbers from the positions, and comments only
     * when asked: the reader need not keep what will not be written. */
    pgn_reader_set_options(c->reader, PGN_OPT_SKIP_NUMBERS | PGN_OPT_REPEATED_TAGS |
                                          (opt->comments ? 0 : PGN_OPT_SKIP_COMMENTS));
    /* The fast path: standard chess, and an output of plies alone. */
    if ((opt->to == TO_UCI || opt->to == TO_NAMED) && !opt->comments && !opt->nags &&
        !opt->variations && !cli_games_rules(&opt->common)) {
        if (!(c->fast = malloc(sizeof *c->fast)))
            return false;
        c->fast_named = opt->to == TO_NAMED;
        pgn_reader_set_token_hook(c->reader, fast_play, c);
    }
    if (opt->common.max_line != CLI_MAX_LINE_DEFAULT) {
        struct pgn_limits lim = {.max_line = opt->common.max_line};
        pgn_reader_set_limits(c->reader, &lim);
    }
    return true;
}

void conv_free(struct conv *c)
{
    pgn_reader_free(c->reader);
    free(c->replay);
    free(c->fast);
    cli_buf_free(&c->fast_out);
    if (c->json)
        game_json_free(c->json);
    free(c->json);
}

/* Start a token of the layout: a new line per item (ending the open one),
 * or one line with single spaces for --inline.  (Inline: every ply starts
 * with it, and the call was a tenth of writing a UCI ply.) */
static inline __attribute__((always_inline)) void item_begin(struct conv *c)
{
    struct cli_buf *out = &c->res->out;
    if (c->line_open && cli_buf_reserve(out, 1))
        out->data[out->len++] = c->sep;
    c->line_open = true;
}

static void line_end(struct conv *c)
{
    if (c->line_open)
        cli_buf_char(&c->res->out, '\n');
    c->line_open = false;
}

/* A comment as {text} on one line: line ends become spaces and a '}' (only
 * possible in a ';' comment) a ')', so the record stays one token. */
static void write_comment(struct conv *c, const struct pgn_token *tok)
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
static void write_marker(struct conv *c, char mark)
{
    item_begin(c);
    cli_buf_char(&c->res->out, mark);
    if (!c->opt->inline_layout)
        line_end(c);
    c->need_number = true;
}

/* "17. " or "17... " before SAN and LAN: on every line of the line layout,
 * and inline where PGN wants it (White's plies, and Black's after a break). */
static void write_move_number(struct conv *c, const struct position *before)
{
    char num[PGN_MOVE_NUMBER_MAX];
    bool black = before->side == BLACK;
    if (black && c->opt->inline_layout && !c->need_number)
        return;
    cli_buf_put(&c->res->out, num, pgn_move_number(before->fullmove, black, num, sizeof num));
    cli_buf_char(&c->res->out, ' ');
}

/* One ply in the target notation, formatted straight into the output. */
static void write_ply(struct conv *c, const struct game_event *ev)
{
    enum { ROOM = FEN_MAX + NAMED_MAX };
    struct cli_buf *out = &c->res->out;
    if (!cli_buf_reserve(out, ROOM + 1)) /* (room for the separator too) */
        return;
    item_begin(c);
    if (c->opt->to == TO_SAN || c->opt->to == TO_LAN) {
        write_move_number(c, ev->before);
        if (!cli_buf_reserve(out, ROOM))
            return;
    }
    char *buf = out->data + out->len;
    bool pass = ev->kind == GAME_EV_NULL;
    size_t n = 0;
    switch (c->opt->to) {
    case TO_NAMED:
        n = pass ? named_format_pass(ev->before, c->opt->names, buf, ROOM)
                 : named_format_ply(ev->before, ev->m, c->opt->names, buf, ROOM);
        break;
    case TO_UCI:
        n = pass ? (memcpy(buf, "0000", 4), 4)
                 : uci_format(ev->after, ev->m, UCI_CASTLING_AUTO, buf); /* (the rules are alike) */
        break;
    case TO_SAN:
        n = pass ? (memcpy(buf, "--", 2), 2) : san_format_after(ev->before, ev->m, ev->after, buf);
        break;
    case TO_LAN:
        n = pass ? (memcpy(buf, "--", 2), 2)
                 : san_format_lan_after(ev->before, ev->m, ev->after, buf);
        break;
    case TO_FEN:
        n = fen_format(ev->after, buf, ROOM);
        break;
    case TO_JSON: /* game_json writes its plies itself */
        break;
    }
    c->res->out.len += n < ROOM ? n : ROOM - 1;
    c->need_number = false;
}

/* A NAG follows its ply on the ply's line, as "$n" whatever its PGN
 * spelling ("!?" is $5), so that one form is read back. */
static void write_nag(struct conv *c, unsigned nag)
{
    char buf[16];
    int n = snprintf(buf, sizeof buf, "$%u", nag);
    if (c->line_open) /* on the ply's line, in either layout */
        cli_buf_char(&c->res->out, ' ');
    c->line_open = true;
    cli_buf_put(&c->res->out, buf, (size_t)n);
}

/* The result closes the game: on its own line, or last on the line. */
static void write_result(struct conv *c, const char *result)
{
    item_begin(c);
    cli_buf_str(&c->res->out, result);
    line_end(c);
}

/* The reader's token hook of the fast path: each main line token of the
 * game being read, NULL as a game begins.  Moves are played as the full
 * replay plays them (game_stack_play_token) and written as write_ply
 * writes them, each followed by the separator.  Whatever the full replay
 * treats otherwise is declined for the game: a null move, a token that is
 * no move, an illegal move, and tags that set up another start (a FEN
 * tag, a Variant tag naming other rules than standard chess): the hook
 * gives the game up, and the reader keeps it whole and offers it no more
 * (pgn_game.hooked is clear).  A move played is taken, so that the reader
 * need not store it (the output has it). */
static enum pgn_hook_answer fast_play(void *ctx, const struct pgn_token *tok)
{
    enum { ROOM = NAMED_MAX };
    struct conv *c = ctx;
    if (!tok) {
        c->fast_out.len = 0;
        c->fast_started = false;
        c->fast_result = PGN_RESULT_NB;
        return PGN_HOOK_KEEP;
    }
    if (tok->kind != PGN_TOK_MOVE) { /* (most tokens are moves) */
        switch (tok->kind) {
        case PGN_TOK_RESULT:
            c->fast_result = pgn_result_parse(tok->text, tok->len);
            return PGN_HOOK_KEEP;
        case PGN_TOK_MOVE_NUMBER:
        case PGN_TOK_NAG:
        case PGN_TOK_COMMENT:
        case PGN_TOK_VARIATION_START:
        case PGN_TOK_VARIATION_END:
            return PGN_HOOK_KEEP; /* (not written, and without effect on the main line) */
        default:
            return PGN_HOOK_GIVE_UP;
        }
    }
    if (!c->fast_started) { /* the game's first move: its tags are read */
        const char *variant = pgn_reader_tag(c->reader, "Variant");
        enum variant v;
        bool c960;
        if (pgn_reader_tag(c->reader, "FEN") ||
            (variant && (!game_variant_parse(variant, &v, &c960) || v != VARIANT_CHESS || c960)))
            return PGN_HOOK_GIVE_UP; /* (a lichess game names standard chess) */
        struct position start;
        position_start(&start);
        game_stack_reset(c->fast, &start);
        c->fast_started = true;
    }
    bool named = c->fast_named;
    move m;
    struct cli_buf *out = &c->fast_out;
    if (game_stack_play_token(c->fast, tok, named, &m) != SAN_OK || !cli_buf_reserve(out, ROOM + 1))
        return PGN_HOOK_GIVE_UP;
    const struct game_line *l = game_stack_top(c->fast);
    char *buf = out->data + out->len;
    size_t n = named ? named_format_ply(&l->before, m, c->opt->names, buf, ROOM)
                     : uci_format(&l->pos, m, UCI_CASTLING_AUTO, buf);
    out->len += n < ROOM ? n : ROOM - 1;
    out->data[out->len++] = c->sep;
    return PGN_HOOK_TAKEN;
}

/* Can conv_game take the fast path's text for g?  Only when the hook
 * followed the game to its end without giving it up (g->hooked: else the
 * game is whole for the full replay) and the full replay, set up already,
 * would start where the hook did and meet nothing that the hook declined:
 * then it plays the same moves and writes the same plies. */
static bool fast_usable(const struct conv *c, const struct pgn_game *g)
{
    if (!c->fast || !g->hooked || g->ndiags)
        return false;
    struct position start;
    position_start(&start);
    return position_equal(&c->replay->start, &start);
}

/* Record a game's problem: the diagnostic (with the game's label) and,
 * under --on-error=keep, the "; error:" line. */
static void report_problem(struct conv *c, const struct pgn_game *g, const struct game_problem *pb,
                           const char *result)
{
    struct games_problem gp;
    games_problem(g, pb, &gp);
    jobs_diags_add(&c->res->diags, gp.line + c->line_offset, gp.col, g->number, gp.msg);
    if (c->opt->on_error != GAMES_ON_ERROR_KEEP)
        return;
    if (c->json) { /* the plies before the error, and the error */
        gp.line += c->line_offset;
        game_json_end(c->json, &c->res->out, g, g->line + c->line_offset, result, &gp);
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

/* A game with a problem is reported and, by default, not written at all
 * (the output is rolled back). */
void conv_game(struct conv *c, const struct pgn_game *g)
{
    const struct convert_options *o = c->opt;
    struct game_event ev;
    struct game_problem pb;
    size_t mark = c->res->out.len;
    const char *result = NULL;
    int rc = 1;

    if (games_report_read(&c->res->diags, &c->res->status, g, c->line_offset))
        return; /* stray text: no game */
    c->res->games++;
    c->line_open = false;
    c->need_number = true;
    if (c->json)
        game_json_begin(c->json);
    /* UCI and FEN are written from the position after each move */
    unsigned no_before = o->to == TO_UCI || o->to == TO_FEN ? GAME_NO_BEFORE : 0;
    if (game_replay_begin(c->replay, g,
                          (o->variations ? GAME_VARIATIONS : 0) | no_before |
                              (o->strict ? GAME_STRICT_FEN : 0) | cli_games_rules(&o->common),
                          &pb) != GAME_OK) {
        rc = -1;
    } else if (c->json) {
        while ((rc = game_replay_next(c->replay, &ev, &pb)) > 0)
            if (ev.kind == GAME_EV_RESULT)
                result = ev.tok->text;
            else
                game_json_event(c->json, &ev);
    } else if (fast_usable(c, g)) {
        games_put_tags(&c->res->out, g);
        cli_buf_put(&c->res->out, c->fast_out.data, c->fast_out.len);
        if (c->fast_result != PGN_RESULT_NB)
            result = pgn_result_text(c->fast_result);
        rc = 0;
    } else {
        games_put_tags(&c->res->out, g);
        while ((rc = game_replay_next(c->replay, &ev, &pb)) > 0) {
            switch (ev.kind) {
            case GAME_EV_MOVE:
            case GAME_EV_NULL:
                write_ply(c, &ev);
                break;
            case GAME_EV_COMMENT:
                if (o->comments)
                    write_comment(c, ev.tok);
                break;
            case GAME_EV_NAG:
                if (o->nags)
                    write_nag(c, ev.tok->value);
                break;
            case GAME_EV_VARIATION_START:
                write_marker(c, '(');
                break;
            case GAME_EV_VARIATION_END:
                write_marker(c, ')');
                break;
            case GAME_EV_RESULT:
                result = ev.tok->text;
                break;
            default:
                break;
            }
        }
    }
    if (!result)
        result = games_tag_result(g);
    if (rc < 0) {
        c->res->counts[COUNT_ERRORS]++;
        if (o->on_error != GAMES_ON_ERROR_KEEP)
            c->res->out.len = mark;
        else if (c->res->out.len == mark && !c->json)
            games_put_tags(&c->res->out, g);
        report_problem(c, g, &pb, result);
        if (o->on_error == GAMES_ON_ERROR_STOP)
            c->res->stop = true;
        return;
    }
    if (c->json) {
        game_json_end(c->json, &c->res->out, g, g->line + c->line_offset, result, NULL);
    } else {
        write_result(c, result);
        cli_buf_char(&c->res->out, '\n');
    }
    c->res->counts[COUNT_CONVERTED]++;
}
