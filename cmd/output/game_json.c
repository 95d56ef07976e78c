/*
 * game_json.c - one JSON object per game for --to=json (see game_json.h).
 */
#include "game_json.h"

#include "cli/fen_cli.h"
#include "cli/json.h"
#include "notation/san.h"
#include "notation/uci.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void line_reset(struct game_json_line *l)
{
    l->done.len = l->ply.len = l->nags.len = l->comments.len = l->vars.len = 0;
    l->has_ply = l->has_ann = false;
    annotation_init(&l->ann);
}

void game_json_begin(struct game_json *j)
{
    j->depth = 0;
    line_reset(&j->lines[0]);
}

/* The values of a ply's command annotations (formats/annotations.md):
 * "clock", "emt", "eval", "shapes".  (Not inlined: its buffers would
 * weigh on every ply's close, most of which have no annotation.) */
__attribute__((noinline)) static void put_annotations(struct cli_buf *b,
                                                      const struct annotations *a)
{
    char num[ANNOTATION_SECONDS_MAX + ANNOTATION_EVAL_MAX + 32];
    if (a->has & ANNOTATION_HAS_CLOCK) {
        cli_buf_str(b, ",\"clock\":");
        cli_buf_put(b, num, annotation_format_seconds(a->clock_ms, num));
    }
    if (a->has & ANNOTATION_HAS_EMT) {
        cli_buf_str(b, ",\"emt\":");
        cli_buf_put(b, num, annotation_format_seconds(a->emt_ms, num));
    }
    if (a->has & ANNOTATION_HAS_EVAL) {
        int n = a->eval.depth >= 0
                    ? snprintf(num, sizeof num, ",\"eval\":{\"%s\":%d,\"depth\":%d}",
                               a->eval.mate ? "mate" : "cp", (int)a->eval.value, (int)a->eval.depth)
                    : snprintf(num, sizeof num, ",\"eval\":{\"%s\":%d}",
                               a->eval.mate ? "mate" : "cp", (int)a->eval.value);
        cli_buf_put(b, num, (size_t)n);
    }
    if (a->nshapes) {
        static const char *const colors[] = {
            ['G'] = "green", ['R'] = "red", ['Y'] = "yellow", ['B'] = "blue"};
        cli_buf_str(b, ",\"shapes\":[");
        for (size_t i = 0; i < a->nshapes; i++) {
            const struct annotation_shape *s = &a->shapes[i];
            int n =
                snprintf(num, sizeof num, "%s{\"color\":\"%s\",\"from\":\"%c%c\",\"to\":\"%c%c\"}",
                         i ? "," : "", colors[(unsigned char)s->brush], 'a' + s->from % 8,
                         '1' + s->from / 8, 'a' + s->to % 8, '1' + s->to / 8);
            cli_buf_put(b, num, (size_t)n);
        }
        cli_buf_char(b, ']');
    }
}

/* Write the open ply of a line, with what attached to it, after the
 * plies before it; a line that has comments but no ply yet keeps them for
 * its first ply ("comments_before"). */
static void close_ply(struct game_json_line *l)
{
    if (!l->has_ply)
        return;
    if (l->done.len)
        cli_buf_char(&l->done, ',');
    cli_buf_char(&l->done, '{');
    cli_buf_put(&l->done, l->ply.data, l->ply.len);
    if (l->has_ann) {
        put_annotations(&l->done, &l->ann);
        annotation_init(&l->ann);
        l->has_ann = false;
    }
    if (l->nags.len) {
        cli_buf_str(&l->done, ",\"nags\":[");
        cli_buf_put(&l->done, l->nags.data, l->nags.len);
        cli_buf_char(&l->done, ']');
    }
    if (l->comments.len) {
        cli_buf_str(&l->done, ",\"comments\":[");
        cli_buf_put(&l->done, l->comments.data, l->comments.len);
        cli_buf_char(&l->done, ']');
    }
    if (l->vars.len) {
        cli_buf_str(&l->done, ",\"variations\":[");
        cli_buf_put(&l->done, l->vars.data, l->vars.len);
        cli_buf_char(&l->done, ']');
    }
    cli_buf_char(&l->done, '}');
    l->ply.len = l->nags.len = l->comments.len = l->vars.len = 0;
    l->has_ply = false;
}

/* A ply's own fields: its number, and the move in every notation the
 * toolkit writes, with the position after it. */
static void open_ply(struct game_json *j, struct game_json_line *l, const struct game_event *ev)
{
    char buf[NAMED_MAX];
    char num[96];
    bool pass = ev->kind == GAME_EV_NULL;
    size_t n;

    close_ply(l);
    struct cli_buf *b = &l->ply;
    if (l->comments.len) { /* comments before the line's first ply */
        cli_buf_str(b, "\"comments_before\":[");
        cli_buf_put(b, l->comments.data, l->comments.len);
        cli_buf_str(b, "],");
        l->comments.len = 0;
    }
    snprintf(num, sizeof num, "\"ply\":%lu,\"move\":%u,\"side\":\"%c\",\"uci\":", ev->ply,
             ev->before->fullmove, ev->before->side == WHITE ? 'w' : 'b');
    cli_buf_str(b, num);
    n = pass ? (memcpy(buf, "0000", 4), 4) : uci_format(ev->before, ev->m, UCI_CASTLING_AUTO, buf);
    json_put_string(b, buf, n);
    cli_buf_str(b, ",\"san\":");
    n = pass ? (memcpy(buf, "--", 2), 2) : san_format_after(ev->before, ev->m, ev->after, buf);
    json_put_string(b, buf, n);
    cli_buf_str(b, ",\"named\":");
    n = pass ? named_format_pass(ev->before, j->opt.names, buf, sizeof buf)
             : named_format_ply(ev->before, ev->m, j->opt.names, buf, sizeof buf);
    /* The named record without its move number: "1. e2 - e4 Pawn-move"
     * gives "e2 - e4 Pawn-move" (the number is "move" already). */
    const char *rec = memchr(buf, ' ', n);
    rec = rec ? rec + 1 : buf;
    json_put_string(b, rec, n - (size_t)(rec - buf));
    cli_buf_str(b, ",\"fen\":\""); /* a FEN holds nothing JSON escapes */
    fen_cli_buf(b, ev->after);
    cli_buf_char(b, '"');
    l->has_ply = true;
}

void game_json_event(struct game_json *j, const struct game_event *ev)
{
    struct game_json_line *l = &j->lines[j->depth];
    char num[16];

    switch (ev->kind) {
    case GAME_EV_MOVE:
    case GAME_EV_NULL:
        open_ply(j, l, ev);
        break;
    case GAME_EV_NAG:
        if (j->opt.nags && l->has_ply) {
            if (l->nags.len)
                cli_buf_char(&l->nags, ',');
            snprintf(num, sizeof num, "%u", ev->tok->value);
            cli_buf_str(&l->nags, num);
        }
        break;
    case GAME_EV_COMMENT:
        /* A ply's comments give their commands' values, always, and their
         * text with --comments (none when only commands); comments before
         * a line's first ply belong to no ply and stay as written. */
        if (l->has_ply) {
            if (!cli_buf_reserve(&j->text, ev->tok->len))
                break;
            size_t n = annotation_parse_more(ev->tok->text, ev->tok->len, &l->ann, j->text.data);
            l->has_ann = true;
            if (j->opt.comments && n) {
                if (l->comments.len)
                    cli_buf_char(&l->comments, ',');
                json_put_string(&l->comments, j->text.data, n);
            }
        } else if (j->opt.comments) {
            if (l->comments.len)
                cli_buf_char(&l->comments, ',');
            json_put_string(&l->comments, ev->tok->text, ev->tok->len);
        }
        break;
    case GAME_EV_VARIATION_START:
        /* The variation replaces the open ply's move: it opens a line of
         * its own, and goes into that ply's "variations" when it ends. */
        if (j->depth + 1 < (int)(sizeof j->lines / sizeof j->lines[0])) {
            j->depth++;
            line_reset(&j->lines[j->depth]);
        }
        break;
    case GAME_EV_VARIATION_END:
        if (j->depth > 0) {
            struct game_json_line *inner = l, *outer = &j->lines[j->depth - 1];
            close_ply(inner);
            if (outer->vars.len)
                cli_buf_char(&outer->vars, ',');
            cli_buf_char(&outer->vars, '[');
            cli_buf_put(&outer->vars, inner->done.data, inner->done.len);
            if (inner->comments.len) { /* a variation of comments only */
                if (inner->done.len)
                    cli_buf_char(&outer->vars, ',');
                cli_buf_str(&outer->vars, "{\"comments\":[");
                cli_buf_put(&outer->vars, inner->comments.data, inner->comments.len);
                cli_buf_str(&outer->vars, "]}");
            }
            cli_buf_char(&outer->vars, ']');
            j->depth--;
        }
        break;
    default:
        break;
    }
}

void game_json_end(struct game_json *j, struct cli_buf *out, const struct pgn_game *g,
                   unsigned long line, const char *result, const struct games_problem *error)
{
    char num[64];

    /* An error can stop the replay inside variations: close them all. */
    while (j->depth > 0) {
        struct game_event end = {.kind = GAME_EV_VARIATION_END};
        game_json_event(j, &end);
    }
    struct game_json_line *main_line = &j->lines[0];
    close_ply(main_line);
    snprintf(num, sizeof num, "{\"line\":%lu,\"offset\":%" PRIu64 ",\"tags\":{", line, g->offset);
    cli_buf_str(out, num);
    /* A tag repeated in one game keeps its first value (the reader marks
     * the repeats): a JSON object has one member per name. */
    for (size_t i = 0, written = 0; i < g->ntags; i++) {
        const struct pgn_tag *t = &g->tags[i];
        if (t->repeated)
            continue;
        if (written++)
            cli_buf_char(out, ',');
        json_put_string(out, t->name, t->name_len);
        cli_buf_char(out, ':');
        json_put_string(out, t->value, t->value_len);
    }
    cli_buf_str(out, "},\"plies\":[");
    cli_buf_put(out, main_line->done.data, main_line->done.len);
    cli_buf_char(out, ']');
    if (main_line->comments.len) { /* comments with no ply after them */
        cli_buf_str(out, ",\"comments\":[");
        cli_buf_put(out, main_line->comments.data, main_line->comments.len);
        cli_buf_char(out, ']');
    }
    cli_buf_str(out, ",\"result\":");
    json_put_cstring(out, result);
    if (error) {
        snprintf(num, sizeof num,
                 ",\"error\":{\"line\":%lu,\"column\":%lu,\"message\":", error->line, error->col);
        cli_buf_str(out, num);
        json_put_cstring(out, error->what);
        cli_buf_char(out, '}');
    }
    cli_buf_str(out, "}\n");
}

void game_json_free(struct game_json *j)
{
    cli_buf_free(&j->text);
    for (size_t i = 0; i < sizeof j->lines / sizeof j->lines[0]; i++) {
        struct game_json_line *l = &j->lines[i];
        cli_buf_free(&l->done);
        cli_buf_free(&l->ply);
        cli_buf_free(&l->nags);
        cli_buf_free(&l->comments);
        cli_buf_free(&l->vars);
    }
}

static void writer_begin(void *w)
{
    game_json_begin(w);
}

static void writer_event(void *w, const struct game_event *ev)
{
    game_json_event(w, ev);
}

static void writer_end(void *w, struct cli_buf *out, const struct pgn_game *g, unsigned long line,
                       const char *result, const struct games_problem *error)
{
    game_json_end(w, out, g, line, result, error);
}

static void writer_free(void *w)
{
    if (w)
        game_json_free(w);
    free(w);
}

bool game_json_writer(struct game_writer *out, const struct game_json_options *opt)
{
    struct game_json *j = calloc(1, sizeof *j);
    *out = (struct game_writer){.w = j,
                                .begin = writer_begin,
                                .event = writer_event,
                                .end = writer_end,
                                .free = writer_free};
    if (!j)
        return false;
    j->opt = *opt;
    return true;
}
