/*
 * against.c - perft --against: bisection of a difference with a UCI
 * engine (see against.h).
 */
#include "against.h"

#include "engine/divide_command.h"
#include "cli/fen_cli.h"
#include "cli/json.h"
#include "rules/makemove.h"
#include "engine/uci_engine.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* What a comparison found. */
struct verdict {
    bool agree;
    uint64_t ours, theirs; /* totals at the record's position */
    struct position at;    /* where the move lists differ */
    char path[2048];       /* the moves from the record's position (display style) */
    char engine_path[2048];
    char only_ours[2048], only_theirs[2048];
    /* Where both sides have the same moves, the counts that differ: the
     * position's (count_move "") or, at depth 1, one move's. */
    bool has_counts;
    char count_move[UCI_MOVE_MAX];
    uint64_t count_ours, count_theirs;
};

static void append_word(char *buf, size_t size, const char *word)
{
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "%s%s", n ? " " : "", word);
}

/* Match the engine's moves to ours at p (either castling form is
 * understood): the moves each side lacks go to the verdict; returns the
 * engine's first move (in its text order) whose count differs, or -1, and
 * its index in d in *ours_at. */
static int match_moves(struct perft_session *s, const struct position *p,
                       const struct perft_divide *d, const struct uci_engine_divide *t,
                       struct verdict *v, bool *lists_differ, int *ours_at)
{
    int diff_at = -1;
    bool matched[MOVELIST_MAX] = {false};
    for (int k = 0; k < t->count; k++) {
        move m = uci_parse(p, t->moves[k].text, strlen(t->moves[k].text));
        int i = 0;
        while (m != MOVE_NONE && i < d->count && (d->moves[i] != m || matched[i]))
            i++;
        if (m == MOVE_NONE || i == d->count) {
            append_word(v->only_theirs, sizeof v->only_theirs, t->moves[k].text);
            *lists_differ = true;
            continue;
        }
        matched[i] = true;
        if (d->nodes[i] != t->moves[k].nodes &&
            (diff_at < 0 || strcmp(t->moves[k].text, t->moves[diff_at].text) < 0)) {
            diff_at = k;
            *ours_at = i;
        }
    }
    for (int i = 0; i < d->count; i++) {
        if (!matched[i]) {
            char text[UCI_MOVE_MAX];
            uci_format(p, d->moves[i], s->opt->castling, text);
            append_word(v->only_ours, sizeof v->only_ours, text);
            *lists_differ = true;
        }
    }
    return diff_at;
}

/* The engine's divide (UCI or --against-divide's command) at p, which is
 * root plus the moves of engine_path. */
static bool engine_divide(struct perft_session *s, const char *root_fen,
                          const struct position *root, const struct position *p,
                          const char *engine_path, int depth, struct uci_engine_divide *t)
{
    if (s->command) {
        char fen[FEN_MAX];
        fen_format(p, fen, sizeof fen);
        return divide_command_run(s->command, fen, depth, t);
    }
    return uci_engine_divide(s->engine, root_fen, engine_path, root->chess960, root->variant, depth,
                             t);
}

/* Compare divides at the position reached by the path; either report the
 * moves one side lacks or descend into the first move whose counts differ
 * (the engine's count of a position is its total at the record's, its
 * count of the move played to it below).  Returns false when the engine
 * failed. */
static bool bisect(struct perft_session *s, const struct position *root, int depth,
                   struct verdict *v)
{
    char root_fen[FEN_MAX];
    fen_format(root, root_fen, sizeof root_fen);
    struct position p = *root;
    struct perft_divide d;
    struct uci_engine_divide *t = malloc(sizeof *t);
    if (!t)
        return false;
    memset(v, 0, sizeof *v);
    uint64_t theirs_here = 0;
    for (int level = 0;; level++) {
        uint64_t ours = perft_session_count(s, &p, depth, &d);
        if (!engine_divide(s, root_fen, root, &p, v->engine_path, depth, t)) {
            free(t);
            return false;
        }
        if (level == 0) {
            v->ours = ours;
            v->theirs = t->have_total ? t->total : 0;
            theirs_here = v->theirs;
        }
        perft_divide_sort(&p, &d, s->opt->castling);
        bool lists_differ = false;
        int ours_at = -1;
        int diff_at = match_moves(s, &p, &d, t, v, &lists_differ, &ours_at);
        if (!lists_differ && diff_at >= 0 && depth > 1) {
            /* Down the first differing move (in text order). */
            move m = uci_parse(&p, t->moves[diff_at].text, strlen(t->moves[diff_at].text));
            char text[UCI_MOVE_MAX];
            uci_format(&p, m, s->opt->castling, text);
            append_word(v->path, sizeof v->path, text);
            uci_format(&p, m, UCI_CASTLING_AUTO, text);
            append_word(v->engine_path, sizeof v->engine_path, text);
            theirs_here = t->moves[diff_at].nodes;
            makemove_play(&p, m);
            depth--;
            continue;
        }
        v->at = p;
        if (!lists_differ && diff_at >= 0) {
            v->has_counts = true;
            uci_format(&p, d.moves[ours_at], s->opt->castling, v->count_move);
            v->count_ours = d.nodes[ours_at];
            v->count_theirs = t->moves[diff_at].nodes;
        } else if (!lists_differ && (theirs_here != ours || (t->have_total && t->total != ours))) {
            v->has_counts = true;
            v->count_ours = ours;
            v->count_theirs = theirs_here != ours ? theirs_here : t->total;
        }
        v->agree = level == 0 && !lists_differ && !v->has_counts;
        free(t);
        return true;
    }
}

/* The verdict as text or JSON. */
static void print_verdict(struct perft_session *s, const struct position *p,
                          const struct perft_session_source *src, int depth,
                          const struct verdict *v, const struct perft_breakdown *b)
{
    struct cli_buf *l = &s->line;
    const char *engine = s->command ? s->command->name : s->engine->name;
    bool on = s->opt->common.paint_out;
    if (s->opt->json) {
        perft_session_json_head(s, p, src);
        cli_buf_printf(l, "\",\"depth\":%d,\"nodes\":%" PRIu64 ",\"engine\":", depth, v->ours);
        json_put_string(l, engine, strlen(engine));
        cli_buf_printf(l, ",\"engine_nodes\":%" PRIu64 ",\"agree\":%s", v->theirs,
                       v->agree ? "true" : "false");
        if (b)
            perft_session_breakdown_words(s, b);
        if (!v->agree) {
            cli_buf_str(l, ",\"position\":\"");
            fen_cli_buf(l, &v->at);
            cli_buf_str(l, "\",\"path\":");
            json_put_string(l, v->path, strlen(v->path));
            cli_buf_str(l, ",\"only_perft\":");
            json_put_string(l, v->only_ours, strlen(v->only_ours));
            cli_buf_str(l, ",\"only_engine\":");
            json_put_string(l, v->only_theirs, strlen(v->only_theirs));
            if (v->has_counts)
                cli_buf_printf(
                    l, ",\"counts\":{\"move\":\"%s\",\"perft\":%" PRIu64 ",\"engine\":%" PRIu64 "}",
                    v->count_move, v->count_ours, v->count_theirs);
        }
        cli_buf_str(l, "}\n");
    } else if (v->agree) {
        cli_buf_printf(l, "%sok%s   %s:%lu depth %d: %" PRIu64 " nodes, %s agrees",
                       cli_paint(on, CLI_PAINT_OK), cli_paint(on, CLI_PAINT_RESET), src->name,
                       src->line, depth, v->ours, engine);
        if (b) {
            cli_buf_char(l, ',');
            perft_session_breakdown_words(s, b);
        }
        cli_buf_char(l, '\n');
    } else {
        cli_buf_printf(l, "%sFAIL%s %s:%lu depth %d: perft %" PRIu64 ", %s %" PRIu64,
                       cli_paint(on, CLI_PAINT_ERROR), cli_paint(on, CLI_PAINT_RESET), src->name,
                       src->line, depth, v->ours, engine, v->theirs);
        if (b) {
            cli_buf_char(l, ',');
            perft_session_breakdown_words(s, b);
        }
        cli_buf_char(l, '\n');
        cli_buf_str(l, "  position: ");
        fen_cli_buf(l, &v->at);
        cli_buf_printf(l, "\n  moves:    %s\n",
                       *v->path ? v->path : "(none: the record's position)");
        if (v->has_counts) {
            cli_buf_printf(l, "  counts:   %s%sperft %" PRIu64 ", %s %" PRIu64 "\n", v->count_move,
                           *v->count_move ? ": " : "", v->count_ours, engine, v->count_theirs);
        } else {
            cli_buf_printf(l, "  only perft:  %s\n", *v->only_ours ? v->only_ours : "(none)");
            cli_buf_printf(l, "  only engine: %s\n", *v->only_theirs ? v->only_theirs : "(none)");
        }
    }
    perft_session_flush(s);
}

void against_position(struct perft_session *s, const struct position *p,
                      const struct perft_expect *e, const struct perft_session_source *src)
{
    int depth = s->opt->depth;
    if (depth < 0) {
        depth = perft_session_deepest(s, e);
        if (depth == -2) {
            perft_session_skip(s, p, src);
            return;
        }
        if (depth <= 0) {
            if (!s->opt->common.quiet)
                cli_diag(src->name, src->line, 0, "no depth to compare at: give --depth or %s",
                         src->blocks ? "perft lines" : ";Dn operations");
            s->status = cli_status_merge(s->status, CLI_INVALID);
            return;
        }
    }
    struct verdict *v = malloc(sizeof *v);
    if (!v) {
        s->status = cli_status_merge(s->status, cli_nomem());
        return;
    }
    if ((s->engine && s->engine->dead) || !bisect(s, p, depth, v)) {
        if (!s->opt->common.quiet && s->command)
            cli_diag(src->name, src->line, 0, "--against-divide: the command '%s' %s",
                     s->opt->against_divide, s->command->why);
        else if (!s->opt->common.quiet)
            cli_diag(src->name, src->line, 0, "--against: the engine '%s' %s", s->opt->against,
                     s->engine->why);
        s->status = cli_status_merge(s->status, CLI_UNAVAILABLE);
        free(v);
        return;
    }
    perft_session_result(s, v->agree);
    /* --breakdown: our columns of the record's position beside the
     * verdict, which compared nodes alone */
    struct perft_breakdown b;
    if (s->opt->breakdown && !s->opt->common.quiet)
        perft_session_breakdown(s, p, depth, &b, NULL);
    if (!s->opt->common.quiet)
        print_verdict(s, p, src, depth, v, s->opt->breakdown ? &b : NULL);
    free(v);
}
