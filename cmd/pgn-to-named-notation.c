/*
 * pgn-to-named-notation - rewrite PGN games in the Dagaz named-rule
 * notation (formats/named-notation.md), or in UCI, SAN, LAN or FEN.
 *
 * The input is read once, game by game, in constant memory.  With --jobs N
 * the input is cut at game boundaries into chunks that N threads convert;
 * the chunks are written in input order, with the same game numbers and
 * line numbers as a single-threaded run, so the output is byte-identical.
 */
#include "cli.h"
#include "fen.h"
#include "game.h"
#include "game_json.h"
#include "games.h"
#include "jobs.h"
#include "named.h"
#include "pgn.h"
#include "san.h"
#include "uci.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum target { TO_NAMED, TO_UCI, TO_SAN, TO_LAN, TO_FEN, TO_JSON };

/* A stream writes its output in blocks of about FLUSH_AT bytes; --jobs
 * takes at most JOBS_MAX threads. */
enum { FLUSH_AT = 1 << 16, JOBS_MAX = 256 };

struct options {
    struct cli_common common;
    enum target to;
    enum named_vocabulary names;
    enum games_on_error on_error;
    bool inline_layout, comments, nags, variations, stats, strict;
    long jobs;
    char **files;
    int nfiles;
};

enum {
    OPT_TO = 0x200,
    OPT_NAMES,
    OPT_INLINE,
    OPT_COMMENTS,
    OPT_NAGS,
    OPT_VARIATIONS,
    OPT_ON_ERROR,
    OPT_STATS,
    OPT_STRICT,
};

static const struct argp_option tool_options[] = {
    {"to", OPT_TO, "FORMAT", 0,
     "Write named (the default), uci, san (normalised SAN), lan (long algebraic), fen (the "
     "position after each ply) or json (one object per game: tags, result, and each ply in UCI, "
     "SAN and named notation with the FEN after it; see formats/game-json.md)",
     0},
    {"names", OPT_NAMES, "VOCABULARY", 0,
     "Rule names: dagaz (the default) or zrf (Zillions of Games)", 0},
    {"inline", OPT_INLINE, 0, 0, "All plies of a game on one line, the result last", 0},
    {"comments", OPT_COMMENTS, 0, 0, "Keep comments, as {...} after their ply", 0},
    {"nags", OPT_NAGS, 0, 0, "Keep NAGs (and !? suffixes) as $n after their ply", 0},
    {"variations", OPT_VARIATIONS, 0, 0,
     "Keep variations, checked and converted, between ( and ) lines", 0},
    {"on-error", OPT_ON_ERROR, "ACTION", 0,
     "For a game with an error: skip it (the default), keep the plies before the error and a "
     "'; error:' line, or stop",
     0},
    {"stats", OPT_STATS, 0, 0, "End with 'N games, N converted, N with errors' on stderr", 0},
    {"strict", OPT_STRICT, 0, 0,
     "Refuse a FEN tag whose position no game can reach (by default any position whose moves are "
     "defined is replayed)",
     0},
    {"jobs", 'j', "N", 0, "Convert with N threads (0: one per CPU); the output is the same", 0},
    {0},
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    static const char *const targets[] = {"named", "uci", "san", "lan", "fen", "json"};
    struct options *opt = state->input;
    unsigned long jobs = 0;
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->common;
        break;
    case OPT_TO:
        opt->to = (enum target)cli_keyword(state, "to", arg, targets, 6);
        break;
    case OPT_NAMES:
        if (!named_vocabulary_parse(arg, &opt->names))
            argp_error(state, "invalid --names value '%s' (expected dagaz or zrf)", arg);
        break;
    case OPT_INLINE:
        opt->inline_layout = true;
        break;
    case OPT_COMMENTS:
        opt->comments = true;
        break;
    case OPT_NAGS:
        opt->nags = true;
        break;
    case OPT_VARIATIONS:
        opt->variations = true;
        break;
    case OPT_ON_ERROR:
        opt->on_error = games_on_error(state, arg);
        break;
    case OPT_STATS:
        opt->stats = true;
        break;
    case OPT_STRICT:
        opt->strict = true;
        break;
    case 'j':
        if (!cli_parse_uint(arg, 0, JOBS_MAX, &jobs))
            argp_error(state, "invalid --jobs value '%s' (expected 0 to %d)", arg, JOBS_MAX);
        opt->jobs = (long)jobs;
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    case ARGP_KEY_END:
        if (opt->to == TO_FEN && opt->inline_layout)
            argp_error(state, "--inline does not apply to --to=fen (a FEN holds spaces)");
        if (opt->to == TO_JSON && opt->inline_layout)
            argp_error(state, "--inline does not apply to --to=json (a game is one line already)");
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

/* ---- converting one game ---- */

/* One converter per thread: its reader, its replay, and the result its
 * output, diagnostics and counts go to (a chunk's, or the whole run's). */
struct conv {
    const struct options *opt;
    struct pgn_reader *reader;
    struct game_replay *replay;
    struct jobs_result *res;
    struct game_json *json;    /* --to=json */
    unsigned long line_offset; /* added to the reader's line numbers */
    /* layout state of the game being written */
    bool line_open;   /* a line has text and no newline yet */
    bool need_number; /* SAN/LAN inline: Black's next ply needs "N..." */
};

/* The counts of a result, beside its games. */
enum { COUNT_CONVERTED, COUNT_ERRORS };

/* A converter: its own PGN reader (readers are not thread-safe) and
 * replay state; the reader's line cap follows --max-line. */
static bool conv_init(struct conv *c, const struct options *opt, struct jobs_result *res)
{
    memset(c, 0, sizeof *c);
    c->opt = opt;
    c->res = res;
    c->reader = pgn_reader_new();
    c->replay = malloc(sizeof *c->replay);
    if (!c->reader || !c->replay)
        return false;
    if (opt->to == TO_JSON && !(c->json = calloc(1, sizeof *c->json)))
        return false;
    if (opt->common.max_line != CLI_MAX_LINE_DEFAULT) {
        struct pgn_limits lim = {.max_line = opt->common.max_line};
        pgn_reader_set_limits(c->reader, &lim);
    }
    return true;
}

static void conv_free(struct conv *c)
{
    pgn_reader_free(c->reader);
    free(c->replay);
    if (c->json)
        game_json_free(c->json);
    free(c->json);
}

/* Start a token of the layout: a new line per item, or one line with single
 * spaces for --inline. */
static void item_begin(struct conv *c)
{
    if (c->line_open)
        cli_buf_char(&c->res->out, c->opt->inline_layout ? ' ' : '\n');
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
    if (!c->opt->inline_layout)
        line_end(c);
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
    if (!c->opt->inline_layout)
        line_end(c);
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
    char num[32];
    bool black = before->side == BLACK;
    if (black && c->opt->inline_layout && !c->need_number)
        return;
    int n = snprintf(num, sizeof num, "%u%s ", before->fullmove, black ? "..." : ".");
    cli_buf_put(&c->res->out, num, (size_t)n);
}

/* One ply in the target notation, formatted straight into the output. */
static void write_ply(struct conv *c, const struct game_event *ev)
{
    enum { ROOM = FEN_MAX + NAMED_MAX };
    if (!c->opt->inline_layout)
        line_end(c);
    item_begin(c);
    if (c->opt->to == TO_SAN || c->opt->to == TO_LAN)
        write_move_number(c, ev->before);
    if (!cli_buf_reserve(&c->res->out, ROOM))
        return;
    char *buf = c->res->out.data + c->res->out.len;
    bool pass = ev->kind == GAME_EV_NULL;
    size_t n = 0;
    switch (c->opt->to) {
    case TO_NAMED:
        n = pass ? named_format_pass(ev->before, c->opt->names, buf, ROOM)
                 : named_format_ply(ev->before, ev->m, c->opt->names, buf, ROOM);
        break;
    case TO_UCI:
        n = pass ? (memcpy(buf, "0000", 4), 4)
                 : uci_format(ev->before, ev->m, UCI_CASTLING_AUTO, buf);
        break;
    case TO_SAN:
        n = pass ? (memcpy(buf, "--", 2), 2) : san_format(ev->before, ev->m, buf);
        break;
    case TO_LAN:
        n = pass ? (memcpy(buf, "--", 2), 2) : san_format_lan(ev->before, ev->m, buf);
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
    if (!c->opt->inline_layout)
        line_end(c);
    item_begin(c);
    cli_buf_str(&c->res->out, result);
    line_end(c);
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

/* Convert one game into c->res->out; a game with a problem is reported and, by
 * default, not written at all (the output is rolled back). */
static void convert_game(struct conv *c, const struct pgn_game *g)
{
    const struct options *o = c->opt;
    struct game_event ev;
    struct game_problem pb;
    size_t mark = c->res->out.len;
    const char *result = NULL;
    int rc = 1;

    c->res->games++;
    c->line_open = false;
    c->need_number = true;
    if (c->json)
        game_json_begin(c->json, &(struct game_json_options){o->names, o->comments, o->nags});
    if (game_replay_begin(c->replay, g,
                          (o->variations ? GAME_VARIATIONS : 0) | (o->strict ? GAME_STRICT_FEN : 0), &pb) != GAME_OK) {
        rc = -1;
    } else if (c->json) {
        while ((rc = game_replay_next(c->replay, &ev, &pb)) > 0)
            if (ev.kind == GAME_EV_RESULT)
                result = ev.tok->text;
            else
                game_json_event(c->json, &ev);
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

/* ---- reading games: one stream, or chunks under --jobs ---- */

static bool conv_nomem(const struct conv *c)
{
    return c->res->out.nomem || c->res->diags.text.nomem;
}

/* Convert the games the reader yields until the input ends, a hard error,
 * or --on-error=stop; games are numbered from 1 for the diagnostics, and a
 * stream writes its output as it goes.  Returns the reader's last status
 * (0 at the end, -1 hard error). */
static int convert_input(struct conv *c, const char *name, bool stream)
{
    struct pgn_game g;
    int rc;
    unsigned long number = 0;
    while (!c->res->stop && (rc = pgn_next_game(c->reader, &g)) > 0) {
        g.number = ++number;
        convert_game(c, &g);
        if (conv_nomem(c))
            return -1;
        if (stream && (c->res->out.len >= FLUSH_AT || c->res->diags.n))
            jobs_write(c->res, name, 0, c->opt->common.quiet);
    }
    return c->res->stop ? 0 : rc;
}

/* The reader stopped on a hard error (no memory, a read error): report it
 * after the games before it; without memory the run ends. */
static void hard_error(struct conv *c, const char *name)
{
    char msg[GAMES_HARD_ERROR_MAX];
    enum pgn_error e = conv_nomem(c) ? PGN_E_NOMEM : pgn_reader_error(c->reader);
    int st = games_hard_error_text(name, e, pgn_reader_errno(c->reader), msg, sizeof msg);
    c->res->status = cli_status_merge(c->res->status, st);
    jobs_diags_add(&c->res->diags, 0, 0, 0, msg);
    if (e == PGN_E_NOMEM)
        c->res->stop = true;
}

/* One thread: each operand is streamed through one reader, and output and
 * diagnostics go out as games are converted, so memory stays that of one
 * game whatever the archive's size. */
static void run_serial(const struct options *o, struct jobs_totals *t)
{
    struct jobs_result res = {.status = CLI_OK};
    struct conv c;
    if (!conv_init(&c, o, &res)) {
        t->status = cli_status_merge(t->status, cli_nomem());
        conv_free(&c);
        return;
    }
    int n = o->nfiles ? o->nfiles : 1;
    for (int i = 0; i < n && !t->stop; i++) {
        const char *name;
        FILE *fp = cli_open(o->nfiles ? o->files[i] : NULL, &name);
        if (!fp) {
            t->status = cli_status_merge(t->status, CLI_NOINPUT);
            continue;
        }
        int rc = -1;
        if (pgn_reader_open_file(c.reader, fp, name) == PGN_OK)
            rc = convert_input(&c, name, true);
        if (rc < 0)
            hard_error(&c, name);
        jobs_write(&res, name, 0, o->common.quiet);
        cli_close(fp);
        if (res.stop || cli_stdout_failed())
            t->stop = true;
    }
    t->games += res.games;
    for (int i = 0; i < JOBS_COUNTS; i++)
        t->counts[i] += res.counts[i];
    t->status = cli_status_merge(t->status, res.status);
    jobs_result_free(&res);
    conv_free(&c);
}

/* --jobs: each worker thread has a converter of its own. */
static void *worker_new(void *opt)
{
    struct conv *c = malloc(sizeof *c);
    if (c && !conv_init(c, opt, NULL)) {
        conv_free(c);
        free(c);
        c = NULL;
    }
    return c;
}

static void worker_free(void *worker)
{
    conv_free(worker);
    free(worker);
}

/* Convert one chunk of whole games into its result; its line numbers are
 * the file's. */
static void convert_chunk(void *worker, const struct jobs_chunk *in, struct jobs_result *res)
{
    struct conv *c = worker;
    if (!c) {
        char msg[GAMES_HARD_ERROR_MAX];
        res->status = games_hard_error_text(in->name, PGN_E_NOMEM, 0, msg, sizeof msg);
        jobs_diags_add(&res->diags, 0, 0, 0, msg);
        res->stop = true;
        return;
    }
    c->res = res;
    c->line_offset = in->first_line - 1;
    int rc = -1;
    if (pgn_reader_open_mem(c->reader, in->data, in->len, in->name) == PGN_OK)
        rc = convert_input(c, in->name, false);
    if (rc < 0)
        hard_error(c, in->name);
}

static const struct argp_child children[] = {{&cli_common_argp, 0, "Common options:", 0}, {0}};
static const struct argp argp = {
    tool_options,
    parse_opt,
    "[FILE...]",
    "Rewrite PGN games in the Dagaz named-rule notation (or UCI, SAN, LAN, FEN).\v"
    "Each ply is written as FROM SEP TO RULE [PARAMS] [= PIECE] with its move number, "
    "e.g. '2. g1 - f3 leap2 n nw' (see formats/named-notation.md). Every game is checked "
    "move by move; a game with an illegal move is reported as "
    "FILE:LINE:COL: game N (White - Black, Round): ply P (17...): illegal move 'Ke3': reason. "
    "With no FILE, or when FILE is -, read standard input; compressed archives go through "
    "a pipe (zstdcat big.pgn.zst | pgn-to-named-notation).\n\n" CLI_EXIT_STATUS_DOC,
    children,
    NULL,
    NULL};

int main(int argc, char **argv)
{
    struct options opt = {.names = NAMED_DAGAZ, .jobs = 1};
    struct jobs_totals t = {.status = CLI_OK};
    cli_init(argc, argv);
    argp_parse(&argp, argc, argv, 0, NULL, &opt);
    long jobs = opt.jobs ? opt.jobs : sysconf(_SC_NPROCESSORS_ONLN);
    if (jobs > 1) {
        struct jobs_config cfg = {.threads = (int)(jobs > JOBS_MAX ? JOBS_MAX : jobs),
                                  .quiet = opt.common.quiet,
                                  .worker_new = worker_new,
                                  .worker_free = worker_free,
                                  .work = convert_chunk,
                                  .arg = &opt};
        jobs_run(&cfg, opt.files, opt.nfiles, &t);
    } else {
        run_serial(&opt, &t);
    }
    return cli_finish(games_finish(&opt.common, opt.stats, t.games, t.counts[COUNT_CONVERTED],
                                   t.counts[COUNT_ERRORS], t.status));
}
