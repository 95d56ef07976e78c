/*
 * game_pgn.c - --to=pgn: the converter's policy over the library's PGN
 * writer (see game_pgn.h; lib/games/pgn_write.c lays the game out).
 */
#include "game_pgn.h"

#include "rules/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void game_pgn_begin(struct game_pgn *p)
{
    pgn_writer_begin(&p->w);
    p->plies = 0;
    p->moved = false;
    p->main_line = NULL;
}

void game_pgn_start(struct game_pgn *p, const struct position *start,
                    const struct position *main_line)
{
    pgn_writer_start(&p->w, start);
    p->main_line = main_line;
}

/* The main line's plies: what the tags added from it need. */
static void main_line_ply(struct game_pgn *p, const struct game_event *ev)
{
    if (p->opt.add_opening) {
        if (!p->moved)
            opening_search_start(&p->os, p->openings, ev->before);
        opening_search_ply(&p->os, ev->after, ev->kind == GAME_EV_NULL);
    }
    p->plies++;
    p->moved = true;
}

void game_pgn_event(struct game_pgn *p, const struct game_event *ev)
{
    switch (ev->kind) {
    case GAME_EV_MOVE:
    case GAME_EV_NULL:
        pgn_writer_event(&p->w, ev);
        if (ev->depth == 0)
            main_line_ply(p, ev);
        break;
    case GAME_EV_NAG:
        if (p->opt.nags)
            pgn_writer_event(&p->w, ev);
        break;
    case GAME_EV_COMMENT:
        if (p->opt.comments)
            pgn_writer_event(&p->w, ev);
        break;
    default:
        pgn_writer_event(&p->w, ev);
        break;
    }
}

/* The result the rules give the game's last position (the replay's
 * start for a game without moves), or NULL where they leave it to the
 * players (a resignation, a draw agreed or claimed, a time forfeit):
 * checkmate, stalemate, a dead position by insufficient material, the
 * seventy-five-move rule and a variant's own end, as lib/status decides
 * them. */
static const char *rules_result(const struct game_pgn *p)
{
    const struct position *pos = p->main_line;
    if (!pos) /* (no start: the setup failed) */
        return NULL;
    enum game_status st = status_get(pos);
    bool white = pos->side == WHITE; /* to move */
    switch (st) {
    case STATUS_VARIANT_WIN:
        return pgn_result_text(white ? PGN_RESULT_WHITE : PGN_RESULT_BLACK);
    case STATUS_VARIANT_LOSS:
    case STATUS_CHECKMATE:
        return pgn_result_text(white ? PGN_RESULT_BLACK : PGN_RESULT_WHITE);
    case STATUS_VARIANT_DRAW:
    case STATUS_STALEMATE:
    case STATUS_INSUFFICIENT_MATERIAL:
    case STATUS_SEVENTY_FIVE_MOVE:
        return pgn_result_text(PGN_RESULT_DRAW);
    default:
        return NULL;
    }
}

void game_pgn_end(struct game_pgn *p, struct cli_buf *out, const struct pgn_game *g,
                  const char *result, const struct games_problem *error)
{
    struct pgn_tag set[4]; /* the tags the options decide */
    size_t nset = 0;
    char plies[24];
    if (!error && p->opt.fix_result) {
        /* as pgn-extract's --fixresulttags: the rules' result where they
         * decide one, else the marker's, in the tag and the marker */
        const char *r = rules_result(p);
        result = r ? r : result;
        set[nset++] = pgn_write_tag_of("Result", result);
    }
    if (p->opt.add_plycount) {
        snprintf(plies, sizeof plies, "%lu", p->plies);
        set[nset++] = pgn_write_tag_of("PlyCount", plies);
    }
    const struct opening *o = p->opt.add_opening && p->moved ? opening_search_result(&p->os) : NULL;
    if (o) {
        set[nset++] = pgn_write_tag_of("ECO", o->eco);
        set[nset++] = pgn_write_tag_of("Opening", o->name);
    }
    if (!pgn_writer_end(&p->w, g, set, nset, result, error ? error->what : NULL))
        out->nomem = true;
    cli_buf_put(out, p->w.head.data, p->w.head.len);
    cli_buf_put(out, p->w.text.data, p->w.text.len);
}

void game_pgn_free(struct game_pgn *p)
{
    pgn_writer_free(&p->w);
}

static void writer_begin(void *w)
{
    game_pgn_begin(w);
}

static void writer_start(void *w, const struct position *start, const struct position *main_line)
{
    game_pgn_start(w, start, main_line);
}

static void writer_event(void *w, const struct game_event *ev)
{
    game_pgn_event(w, ev);
}

static void writer_end(void *w, struct cli_buf *out, const struct pgn_game *g, unsigned long line,
                       const char *result, const struct games_problem *error)
{
    (void)line;
    game_pgn_end(w, out, g, result, error);
}

static void writer_free(void *w)
{
    if (w)
        game_pgn_free(w);
    free(w);
}

bool game_pgn_writer(struct game_writer *out, const struct game_pgn_options *opt)
{
    struct game_pgn *p = calloc(1, sizeof *p);
    *out = (struct game_writer){.w = p,
                                .begin = writer_begin,
                                .start = writer_start,
                                .event = writer_event,
                                .end = writer_end,
                                .free = writer_free};
    if (!p)
        return false;
    p->opt = *opt;
    if (opt->add_opening && !(p->openings = opening_table_get()))
        return false;
    game_pgn_begin(p);
    return true;
}
