/*
 * named-notation-to-pgn - read games in the Dagaz named-rule notation
 * (formats/named-notation.md: either layout, either vocabulary) and write
 * them as PGN with SAN.  Every ply must be exactly the record the move
 * generator gives for a legal move; a record that is not is reported with
 * its place, and its game is not written (by default).
 */
#include "cli.h"
#include "game.h"
#include "named.h"
#include "san.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum on_error { ON_ERROR_SKIP, ON_ERROR_KEEP, ON_ERROR_STOP };

/* PGN export format (standard 8.2.1): movetext lines of at most 79 bytes. */
enum { LINE_MAX_PGN = 79 };

struct options {
    struct cli_common common;
    enum on_error on_error;
    bool stats;
    char **files;
    int nfiles;
};

enum { OPT_ON_ERROR = 0x200, OPT_STATS };

static const struct argp_option tool_options[] = {
    {"on-error", OPT_ON_ERROR, "ACTION", 0,
     "For a game with an error: skip it (the default), keep the moves before the error and a "
     "comment saying what is wrong, or stop",
     0},
    {"stats", OPT_STATS, 0, 0, "End with 'N games, N converted, N with errors' on stderr", 0},
    {0},
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    /* --on-error values, in the order of enum on_error */
    static const char *const actions[] = {"skip", "keep", "stop"};
    struct options *opt = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->common;
        break;
    case OPT_ON_ERROR:
        opt->on_error = (enum on_error)cli_keyword(state, "on-error", arg, actions, 3);
        break;
    case OPT_STATS:
        opt->stats = true;
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

/* The movetext writer: words wrapped at LINE_MAX_PGN, move numbers where
 * PGN wants them (White's moves, and Black's after a break). A game's PGN
 * is built in memory so that a game with an error can be left out whole. */
struct writer {
    struct cli_buf out;
    size_t col;       /* bytes on the current movetext line */
    bool need_number; /* Black's next move needs "N..." */
    bool glue;        /* no space before the next word: it follows "(" */
};

static void put_word(struct writer *w, const char *s, size_t n)
{
    bool space = !w->glue && !(n == 1 && s[0] == ')');
    if (w->col && w->col + space + n > LINE_MAX_PGN) {
        cli_buf_put(&w->out, "\n", 1);
        w->col = 0;
    } else if (w->col && space) {
        cli_buf_put(&w->out, " ", 1);
        w->col++;
    }
    cli_buf_put(&w->out, s, n);
    w->col += n;
    w->glue = n == 1 && s[0] == '(';
}

/* A comment is wrapped at its spaces like movetext (standard 8.2.5). */
static void put_comment(struct writer *w, const char *text, size_t len)
{
    char buf[LINE_MAX_PGN + 2];
    size_t i = 0;
    bool first = true;
    while (i < len || first) {
        while (i < len && (text[i] == ' ' || text[i] == '\t'))
            i++;
        size_t start = i;
        while (i < len && text[i] != ' ' && text[i] != '\t' && i - start < LINE_MAX_PGN - 2)
            i++;
        size_t n = 0;
        if (first)
            buf[n++] = '{';
        memcpy(buf + n, text + start, i - start);
        n += i - start;
        size_t j = i;
        while (j < len && (text[j] == ' ' || text[j] == '\t'))
            j++;
        if (j >= len)
            buf[n++] = '}';
        put_word(w, buf, n);
        first = false;
        if (j >= len)
            break;
    }
    w->need_number = true;
}

/* A move in SAN (standard 8.2.3), numbered "N." for White and "N..." for
 * Black after a break (start, comment, variation); "--" for a pass. */
static void put_move(struct writer *w, const struct game_event *ev)
{
    char num[32], san[SAN_MAX];
    const struct position *p = ev->before;
    if (p->side == WHITE || w->need_number) {
        int n = snprintf(num, sizeof num, "%u%s", p->fullmove, p->side == WHITE ? "." : "...");
        put_word(w, num, (size_t)n);
    }
    if (ev->kind == GAME_EV_NULL)
        put_word(w, "--", 2);
    else
        put_word(w, san, san_format(p, ev->m, san));
    w->need_number = false;
}

/* Tag pairs in input order, escaped as the standard asks (8.1.1). */
static void put_tags(struct writer *w, const struct pgn_game *g)
{
    for (size_t i = 0; i < g->ntags; i++) {
        const struct pgn_tag *t = &g->tags[i];
        cli_buf_put(&w->out, "[", 1);
        cli_buf_put(&w->out, t->name, t->name_len);
        cli_buf_put(&w->out, " \"", 2);
        for (size_t k = 0; k < t->value_len; k++) {
            if (t->value[k] == '"' || t->value[k] == '\\')
                cli_buf_put(&w->out, "\\", 1);
            cli_buf_put(&w->out, &t->value[k], 1);
        }
        cli_buf_put(&w->out, "\"]\n", 3);
    }
    if (g->ntags)
        cli_buf_put(&w->out, "\n", 1);
}

/* The result a game ends with: its result token, else a well-formed Result
 * tag, else "*". */
static const char *tag_result(const struct pgn_game *g)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    const char *tag = game_tag(g->tags, g->ntags, "Result");
    for (size_t i = 0; tag && i < 4; i++)
        if (strcmp(tag, results[i]) == 0)
            return results[i];
    return "*";
}

struct run {
    const struct options *opt;
    struct game_replay *replay;
    struct writer w;
    unsigned long games, converted, errors;
    int status;
    bool stop;
};

/* Replay one game's records and write its PGN; a game with a problem is
 * reported and, by default, left out. */
static void convert_game(struct run *run, const struct pgn_game *g)
{
    struct writer *w = &run->w;
    struct game_event ev;
    struct game_problem pb;
    const char *result = NULL;
    int rc = 1, depth = 0;

    run->games++;
    w->out.len = 0;
    w->col = 0;
    w->need_number = true;
    w->glue = false;
    put_tags(w, g);
    if (game_replay_begin(run->replay, g, GAME_NAMED | GAME_VARIATIONS, &pb) != GAME_OK)
        rc = -1;
    while (rc > 0 && (rc = game_replay_next(run->replay, &ev, &pb)) > 0) {
        char nag[16];
        switch (ev.kind) {
        case GAME_EV_MOVE:
        case GAME_EV_NULL:
            put_move(w, &ev);
            break;
        case GAME_EV_COMMENT:
            put_comment(w, ev.tok->text, ev.tok->len);
            break;
        case GAME_EV_NAG:
            put_word(w, nag, (size_t)snprintf(nag, sizeof nag, "$%u", ev.tok->value));
            break;
        case GAME_EV_VARIATION_START:
            put_word(w, "(", 1);
            w->need_number = true;
            depth++;
            break;
        case GAME_EV_VARIATION_END:
            put_word(w, ")", 1); /* joined to the last word, as "(" to the next */
            w->need_number = true;
            depth--;
            break;
        case GAME_EV_RESULT:
            result = ev.tok->text;
            break;
        default:
            break;
        }
    }
    if (!result)
        result = tag_result(g);
    if (rc < 0) {
        char label[256], what[512];
        game_label(g->tags, g->ntags, label, sizeof label);
        game_problem_format(&pb, what, sizeof what);
        if (!run->opt->common.quiet)
            cli_diag(g->source, pb.line ? pb.line : g->line, pb.line ? pb.col : g->col,
                     "game %lu %s: %s", g->number, label, what);
        run->errors++;
        if (run->opt->on_error == ON_ERROR_STOP)
            run->stop = true;
        if (run->opt->on_error != ON_ERROR_KEEP)
            return;
        while (depth-- > 0)
            put_word(w, ")", 1);
        char note[600];
        int n = snprintf(note, sizeof note, "error: %s", what);
        put_comment(w, note, (size_t)n < sizeof note ? (size_t)n : sizeof note - 1);
    } else {
        run->converted++;
    }
    put_word(w, result, strlen(result));
    cli_buf_str(&w->out, "\n\n");
    fwrite_unlocked(w->out.data, 1, w->out.len, stdout);
}

/* One operand, game by game; a file that cannot be opened or read is
 * reported and the next one is read (exit status 66). */
static void convert_file(struct run *run, struct named_reader *reader, const char *path)
{
    bool use_stdin = strcmp(path, "-") == 0;
    const char *name = use_stdin ? "<stdin>" : path;
    FILE *fp = use_stdin ? stdin : fopen(path, "re");
    struct pgn_game g;
    int rc = -1;
    if (!fp) {
        cli_error("cannot open %s: %s", path, strerror(errno));
        run->status = cli_status_merge(run->status, CLI_NOINPUT);
        return;
    }
    if (named_reader_open_file(reader, fp, name) == PGN_OK)
        while (!run->stop && (rc = named_next_game(reader, &g)) > 0) {
            convert_game(run, &g);
            if (run->w.out.nomem || cli_stdout_failed())
                run->stop = true;
        }
    if (rc < 0 && !run->stop) {
        enum pgn_error e = named_reader_error(reader);
        if (e == PGN_E_IO) {
            cli_error("cannot read %s: %s", name, strerror(named_reader_errno(reader)));
            run->status = cli_status_merge(run->status, CLI_NOINPUT);
        } else {
            cli_error("%s: %s", name, pgn_error_message(e));
            run->status = cli_status_merge(run->status, CLI_INVALID);
            run->stop = true;
        }
    }
    if (run->w.out.nomem) {
        cli_error("out of memory");
        run->status = cli_status_merge(run->status, CLI_INVALID);
    }
    if (!use_stdin)
        fclose(fp);
}

static const struct argp_child children[] = {{&cli_common_argp, 0, "Common options:", 0}, {0}};
static const struct argp argp = {
    tool_options,
    parse_opt,
    "[FILE...]",
    "Write games in the Dagaz named-rule notation back as PGN with SAN.\v"
    "Reads both layouts (one ply per line, or --inline's one line per game) and both "
    "vocabularies (dagaz, zrf). Each ply must be exactly the record the move generator gives "
    "for a legal move (see formats/named-notation.md); a game with one that is not is reported "
    "as FILE:LINE:COL: game N (White - Black, Round): ply P (17...): bad record '...': reason. "
    "With no FILE, or when FILE is -, read standard input.\n\n" CLI_EXIT_STATUS_DOC,
    children,
    NULL,
    NULL};

int main(int argc, char **argv)
{
    struct options opt = {0};
    struct run run = {.opt = &opt};
    cli_init(argc, argv);
    argp_parse(&argp, argc, argv, 0, NULL, &opt);
    struct named_reader *reader = named_reader_new();
    run.replay = malloc(sizeof *run.replay);
    if (!reader || !run.replay) {
        cli_error("out of memory");
        run.status = CLI_INVALID;
    } else {
        if (opt.common.max_line != CLI_MAX_LINE_DEFAULT)
            named_reader_set_max_line(reader, opt.common.max_line);
        for (int i = 0; i < (opt.nfiles ? opt.nfiles : 1) && !run.stop; i++)
            convert_file(&run, reader, opt.nfiles ? opt.files[i] : "-");
    }
    named_reader_free(reader);
    free(run.replay);
    cli_buf_free(&run.w.out);
    if (run.errors)
        run.status = cli_status_merge(run.status, CLI_INVALID);
    if ((opt.stats || run.status != CLI_OK) && !opt.common.quiet)
        fprintf(stderr, "%lu games, %lu converted, %lu with errors\n", run.games, run.converted,
                run.errors);
    return cli_finish(run.status);
}
