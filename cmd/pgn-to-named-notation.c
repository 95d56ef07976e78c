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
#include "named.h"
#include "pgn.h"
#include "san.h"
#include "uci.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum target { TO_NAMED, TO_UCI, TO_SAN, TO_LAN, TO_FEN, TO_JSON };

/* Bytes of input per chunk under --jobs: large enough that the cost of a
 * hand-over is lost in the work, small enough to keep all threads busy. */
enum { CHUNK_TARGET = 1 << 20, READ_BLOCK = 1 << 20, FLUSH_AT = 1 << 16, JOBS_MAX = 256 };

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

/* ---- diagnostics kept until their chunk is written ---- */

struct diag {
    unsigned long line, col, game; /* game 0: no game number */
    size_t off, len;               /* message in the text buffer */
};

struct diags {
    struct diag *v;
    size_t n, cap;
    struct cli_buf text;
};

static void diags_add(struct diags *d, unsigned long line, unsigned long col, unsigned long game,
                      const char *msg)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 16;
        struct diag *v = realloc(d->v, cap * sizeof *v);
        if (!v) {
            d->text.nomem = true;
            return;
        }
        d->v = v;
        d->cap = cap;
    }
    d->v[d->n++] = (struct diag){line, col, game, d->text.len, strlen(msg)};
    cli_buf_str(&d->text, msg);
}

/* ---- converting one game ---- */

/* One converter per thread: its reader, its replay, its output. */
struct conv {
    const struct options *opt;
    struct pgn_reader *reader;
    struct game_replay *replay;
    struct cli_buf out;
    struct diags diags;
    struct game_json *json;    /* --to=json */
    unsigned long line_offset; /* added to the reader's line numbers */
    unsigned long games, converted, errors;
    bool stop;
    /* layout state of the game being written */
    bool line_open;   /* a line has text and no newline yet */
    bool need_number; /* SAN/LAN inline: Black's next ply needs "N..." */
};

/* A converter: its own PGN reader (readers are not thread-safe) and
 * replay state; the reader's line cap follows --max-line. */
static bool conv_init(struct conv *c, const struct options *opt)
{
    memset(c, 0, sizeof *c);
    c->opt = opt;
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
    cli_buf_free(&c->out);
    cli_buf_free(&c->diags.text);
    free(c->diags.v);
}

/* Start a token of the layout: a new line per item, or one line with single
 * spaces for --inline. */
static void item_begin(struct conv *c)
{
    if (c->line_open)
        cli_buf_char(&c->out, c->opt->inline_layout ? ' ' : '\n');
    c->line_open = true;
}

static void line_end(struct conv *c)
{
    if (c->line_open)
        cli_buf_char(&c->out, '\n');
    c->line_open = false;
}

/* A comment as {text} on one line: line ends become spaces and a '}' (only
 * possible in a ';' comment) a ')', so the record stays one token. */
static void write_comment(struct conv *c, const struct pgn_token *tok)
{
    if (!c->opt->inline_layout)
        line_end(c);
    item_begin(c);
    cli_buf_char(&c->out, '{');
    for (size_t i = 0; i < tok->len; i++) {
        char ch = tok->text[i];
        cli_buf_char(&c->out, ch == '\n' || ch == '\r' ? ' ' : ch == '}' ? ')' : ch);
    }
    cli_buf_char(&c->out, '}');
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
    cli_buf_char(&c->out, mark);
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
    cli_buf_put(&c->out, num, (size_t)n);
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
    if (!cli_buf_reserve(&c->out, ROOM))
        return;
    char *buf = c->out.data + c->out.len;
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
    c->out.len += n < ROOM ? n : ROOM - 1;
    c->need_number = false;
}

/* A NAG follows its ply on the ply's line, as "$n" whatever its PGN
 * spelling ("!?" is $5), so that one form is read back. */
static void write_nag(struct conv *c, unsigned nag)
{
    char buf[16];
    int n = snprintf(buf, sizeof buf, "$%u", nag);
    if (c->line_open) /* on the ply's line, in either layout */
        cli_buf_char(&c->out, ' ');
    c->line_open = true;
    cli_buf_put(&c->out, buf, (size_t)n);
}

/* The result closes the game: on its own line, or last on the line. */
static void write_result(struct conv *c, const char *result)
{
    if (!c->opt->inline_layout)
        line_end(c);
    item_begin(c);
    cli_buf_str(&c->out, result);
    line_end(c);
}

/* Record a game's problem: the diagnostic (with the game's label) and,
 * under --on-error=keep, the "; error:" line. */
static void report_problem(struct conv *c, const struct pgn_game *g, const struct game_problem *pb,
                           const char *result)
{
    struct games_problem gp;
    games_problem(g, pb, &gp);
    diags_add(&c->diags, gp.line + c->line_offset, gp.col, g->number, gp.msg);
    if (c->opt->on_error != GAMES_ON_ERROR_KEEP)
        return;
    if (c->json) { /* the plies before the error, and the error */
        gp.line += c->line_offset;
        game_json_end(c->json, &c->out, g, g->line + c->line_offset, result, &gp);
        return;
    }
    int depth = c->replay->stack.depth;
    while (depth-- > 0 && c->opt->variations)
        write_marker(c, ')');
    if (c->opt->inline_layout) {
        write_result(c, result);
        cli_buf_str(&c->out, "; error: ");
    } else {
        line_end(c);
        cli_buf_str(&c->out, "; error: ");
    }
    cli_buf_str(&c->out, gp.what);
    cli_buf_char(&c->out, '\n');
    if (!c->opt->inline_layout)
        write_result(c, result);
    cli_buf_char(&c->out, '\n');
}

/* Convert one game into c->out; a game with a problem is reported and, by
 * default, not written at all (the output is rolled back). */
static void convert_game(struct conv *c, const struct pgn_game *g)
{
    const struct options *o = c->opt;
    struct game_event ev;
    struct game_problem pb;
    size_t mark = c->out.len;
    const char *result = NULL;
    int rc = 1;

    c->games++;
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
        games_put_tags(&c->out, g);
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
        c->errors++;
        if (o->on_error != GAMES_ON_ERROR_KEEP)
            c->out.len = mark;
        else if (c->out.len == mark && !c->json)
            games_put_tags(&c->out, g);
        report_problem(c, g, &pb, result);
        if (o->on_error == GAMES_ON_ERROR_STOP)
            c->stop = true;
        return;
    }
    if (c->json) {
        game_json_end(c->json, &c->out, g, g->line + c->line_offset, result, NULL);
    } else {
        write_result(c, result);
        cli_buf_char(&c->out, '\n');
    }
    c->converted++;
}

/* ---- writing in input order ---- */

struct totals {
    unsigned long games, converted, errors;
    int status;
    bool stop;
};

/* Write converted text to stdout and the diagnostics to stderr; game
 * numbers are counted per file, so a chunk's are shifted by the games of
 * the chunks before it. */
static void emit(const struct options *o, const char *name, struct cli_buf *out, struct diags *d,
                 unsigned long game_offset)
{
    if (out->len)
        fwrite_unlocked(out->data, 1, out->len, stdout);
    out->len = 0;
    for (size_t i = 0; i < d->n && !o->common.quiet; i++) {
        const struct diag *x = &d->v[i];
        cli_diag(name, x->line, x->col, "game %lu %.*s", x->game + game_offset, (int)x->len,
                 d->text.data + x->off);
    }
    d->n = 0;
    d->text.len = 0;
}

static bool conv_nomem(const struct conv *c)
{
    return c->out.nomem || c->diags.text.nomem;
}

/* Convert the games the reader yields until the input ends, a hard error,
 * or --on-error=stop; c->game_no counts them from 1 for the diagnostics.
 * Returns the reader's last status (0 at the end, -1 hard error). */
static int convert_input(struct conv *c, const char *name, unsigned long game_offset, bool stream)
{
    struct pgn_game g;
    int rc;
    unsigned long number = 0;
    while (!c->stop && (rc = pgn_next_game(c->reader, &g)) > 0) {
        g.number = ++number;
        convert_game(c, &g);
        if (conv_nomem(c))
            return -1;
        if (stream && (c->out.len >= FLUSH_AT || c->diags.n))
            emit(c->opt, name, &c->out, &c->diags, game_offset);
    }
    return c->stop ? 0 : rc;
}

/* ---- single-threaded: stream each file through one reader ---- */

/* One thread: each operand is streamed through one reader, and output and
 * diagnostics go out as games are converted, so memory stays that of one
 * game whatever the archive's size. */
static void run_serial(const struct options *o, struct totals *t)
{
    struct conv c;
    if (!conv_init(&c, o)) {
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
            rc = convert_input(&c, name, 0, true);
        emit(o, name, &c.out, &c.diags, 0);
        if (rc < 0) {
            enum pgn_error e = conv_nomem(&c) ? PGN_E_NOMEM : pgn_reader_error(c.reader);
            t->status =
                cli_status_merge(t->status, games_hard_error(name, e, pgn_reader_errno(c.reader)));
            if (e == PGN_E_NOMEM)
                t->stop = true;
        }
        cli_close(fp);
        if (c.stop || cli_stdout_failed())
            t->stop = true;
    }
    t->games += c.games;
    t->converted += c.converted;
    t->errors += c.errors;
    conv_free(&c);
}

/* ---- --jobs N: chunks of whole games, converted in parallel ---- */

enum chunk_state { CHUNK_FREE, CHUNK_READY, CHUNK_BUSY, CHUNK_DONE };

struct chunk {
    struct cli_buf in;        /* whole games of PGN text */
    const char *name;         /* the file's name in messages */
    unsigned long first_line; /* line number of the first line of in */
    bool file_first;          /* the first chunk of its file */
    int open_errno;           /* the file could not be opened (in is empty) */
    int read_errno;           /* reading stopped on this error after in */
    enum chunk_state state;
    /* results */
    struct cli_buf out;
    struct diags diags;
    unsigned long games, converted, errors;
    bool stop;
    int rc; /* the reader's last status */
    enum pgn_error hard;
    int hard_errno;
};

struct pool {
    pthread_mutex_t mu;
    pthread_cond_t work, done;
    struct chunk *slots;
    size_t nslots;
    unsigned long take_seq; /* next chunk a worker takes */
    unsigned long fill_seq; /* next chunk the reader fills */
    unsigned long emit_seq; /* next chunk to write */
    bool quit;
    const struct options *opt;
};

/* Convert one chunk with the worker's converter; its buffers are the
 * chunk's, lent to the converter for the time of the work. */
static void convert_chunk(struct conv *c, struct chunk *k, bool skip)
{
    k->games = k->converted = k->errors = 0;
    k->stop = false;
    k->rc = 0;
    if (skip || k->open_errno || k->in.len == 0)
        return;
    c->out = k->out;
    c->diags = k->diags;
    c->games = c->converted = c->errors = 0;
    c->stop = false;
    c->line_offset = k->first_line - 1;
    k->rc = -1;
    if (pgn_reader_open_mem(c->reader, k->in.data, k->in.len, k->name) == PGN_OK)
        k->rc = convert_input(c, k->name, 0, false);
    k->hard = conv_nomem(c) ? PGN_E_NOMEM : pgn_reader_error(c->reader);
    k->hard_errno = pgn_reader_errno(c->reader);
    k->out = c->out;
    k->diags = c->diags;
    c->out = (struct cli_buf){0};
    c->diags = (struct diags){0};
    k->games = c->games;
    k->converted = c->converted;
    k->errors = c->errors;
    k->stop = c->stop;
}

/* A worker thread: takes the oldest chunk not yet taken, converts it
 * with its own reader and replay, and marks it done; the main thread
 * writes chunks in order, so workers never wait for each other. */
static void *worker(void *arg)
{
    struct pool *p = arg;
    struct conv c;
    bool ok = conv_init(&c, p->opt);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->quit && p->take_seq == p->fill_seq)
            pthread_cond_wait(&p->work, &p->mu);
        if (p->take_seq == p->fill_seq)
            break;
        struct chunk *k = &p->slots[p->take_seq++ % p->nslots];
        k->state = CHUNK_BUSY;
        bool skip = p->quit;
        pthread_mutex_unlock(&p->mu);
        if (ok)
            convert_chunk(&c, k, skip);
        else
            k->rc = -1, k->hard = PGN_E_NOMEM;
        pthread_mutex_lock(&p->mu);
        k->state = CHUNK_DONE;
        pthread_cond_broadcast(&p->done);
    }
    pthread_mutex_unlock(&p->mu);
    conv_free(&c);
    return NULL;
}

/* Where the next game starts: the splitter cuts only before a tag line
 * that follows a movetext line ending with a result, outside comments and
 * variations, so a chunk holds whole games and the reader sees the same
 * boundaries as when it reads the whole file. */
struct splitter {
    FILE *fp;
    struct cli_buf buf; /* text from the start of the current chunk */
    size_t scanned;     /* bytes of buf looked at: whole lines */
    unsigned long line; /* line number of buf's first line */
    unsigned long lines_scanned;
    size_t cut_lines_at; /* offset of a possible cut, 0 if none */
    unsigned long cut_line;
    bool in_brace, ends_game, eof;
    bool err_sent; /* the read error has gone out with a chunk: report it once */
    int paren;
    int err;
};

/* Does the text s[0..n) end with a result token standing alone? */
static bool ends_with_result(const char *s, size_t n)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    for (int i = 0; i < 4; i++) {
        size_t k = strlen(results[i]);
        if (n >= k && memcmp(s + n - k, results[i], k) == 0 &&
            (n == k || s[n - k - 1] == ' ' || s[n - k - 1] == '\t'))
            return true;
    }
    return false;
}

/* Look at one whole line s[0..n); true when a chunk may start with it. */
static bool scan_line(struct splitter *sp, const char *s, size_t n)
{
    size_t i = 0;
    if (sp->in_brace) {
        const char *close = memchr(s, '}', n);
        if (!close)
            return false;
        sp->in_brace = false;
        i = (size_t)(close - s) + 1;
    } else {
        if (n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
            i = 3;
        if (i < n && s[i] == '%')
            return false; /* escape line (PGN standard 6) */
        if (i < n && s[i] == '[') {
            bool cut = sp->ends_game;
            sp->ends_game = false;
            sp->paren = 0;
            return cut;
        }
        size_t k = i;
        while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r'))
            k++;
        if (k == n)
            return false; /* blank */
    }
    size_t code_end = n;
    for (; i < n; i++) {
        char ch = s[i];
        if (ch == '{') {
            const char *close = memchr(s + i + 1, '}', n - i - 1);
            if (!close) {
                sp->in_brace = true;
                sp->ends_game = false;
                return false;
            }
            i = (size_t)(close - s);
        } else if (ch == ';') {
            code_end = i;
            break;
        } else if (ch == '(') {
            sp->paren++;
        } else if (ch == ')') {
            sp->paren--;
        }
    }
    sp->ends_game = sp->paren == 0 && ends_with_result(s, code_end);
    return false;
}

/* Fill chunk k with the next run of whole games (at least CHUNK_TARGET
 * bytes unless the file ends); false when the file has nothing left. */
static bool split_next(struct splitter *sp, struct chunk *k)
{
    size_t cut = 0;
    for (;;) {
        /* Look at whole lines not yet seen. */
        while (!cut) {
            char *start = sp->buf.data + sp->scanned;
            char *nl =
                sp->scanned < sp->buf.len ? memchr(start, '\n', sp->buf.len - sp->scanned) : NULL;
            if (!nl)
                break;
            size_t len = (size_t)(nl - start);
            if (sp->scanned >= CHUNK_TARGET && scan_line(sp, start, len))
                cut = sp->scanned;
            else if (sp->scanned < CHUNK_TARGET)
                scan_line(sp, start, len);
            if (!cut) {
                sp->scanned += len + 1;
                sp->lines_scanned++;
            }
        }
        if (cut || sp->eof)
            break;
        if (!cli_buf_reserve(&sp->buf, READ_BLOCK)) {
            sp->err = ENOMEM;
            sp->eof = true;
            break;
        }
        size_t got = fread(sp->buf.data + sp->buf.len, 1, READ_BLOCK, sp->fp);
        sp->buf.len += got;
        if (got < READ_BLOCK) {
            if (ferror(sp->fp))
                sp->err = errno ? errno : EIO;
            sp->eof = true;
        }
    }
    if (!cut)
        cut = sp->buf.len;
    if (cut == 0 && (!sp->err || sp->err_sent))
        return false;
    /* The chunk takes the buffer; the rest moves to the chunk's old one. */
    struct cli_buf rest = k->in;
    rest.len = 0;
    cli_buf_put(&rest, sp->buf.data + cut, sp->buf.len - cut);
    k->in = sp->buf;
    k->in.len = cut;
    k->first_line = sp->line;
    k->read_errno = sp->eof && cut == sp->buf.len ? sp->err : 0;
    sp->err_sent |= k->read_errno != 0;
    sp->buf = rest;
    sp->line += sp->lines_scanned;
    sp->lines_scanned = 0;
    sp->scanned = 0;
    if (rest.nomem)
        sp->err = ENOMEM;
    return true;
}

/* Write the oldest chunk once it is converted, and add up its counts. */
static void emit_oldest(struct pool *p, struct totals *t, unsigned long *game_offset)
{
    struct chunk *k = &p->slots[p->emit_seq % p->nslots];
    pthread_mutex_lock(&p->mu);
    while (k->state != CHUNK_DONE)
        pthread_cond_wait(&p->done, &p->mu);
    pthread_mutex_unlock(&p->mu);
    if (!t->stop) {
        if (k->file_first)
            *game_offset = 0;
        if (k->open_errno) {
            cli_error("cannot open %s: %s", k->name, strerror(k->open_errno));
            t->status = cli_status_merge(t->status, CLI_NOINPUT);
        }
        emit(p->opt, k->name, &k->out, &k->diags, *game_offset);
        *game_offset += k->games;
        t->games += k->games;
        t->converted += k->converted;
        t->errors += k->errors;
        if (k->rc < 0) {
            t->status =
                cli_status_merge(t->status, games_hard_error(k->name, k->hard, k->hard_errno));
            if (k->hard == PGN_E_NOMEM)
                t->stop = true;
        }
        if (k->read_errno) {
            cli_error("cannot read %s: %s", k->name, strerror(k->read_errno));
            t->status =
                cli_status_merge(t->status, k->read_errno == ENOMEM ? CLI_OSERR : CLI_NOINPUT);
        }
        if (k->stop || cli_stdout_failed())
            t->stop = true;
    } else {
        k->out.len = 0;
        k->diags.n = 0;
        k->diags.text.len = 0;
    }
    k->state = CHUNK_FREE;
    p->emit_seq++;
    if (t->stop) {
        pthread_mutex_lock(&p->mu);
        p->quit = true;
        pthread_cond_broadcast(&p->work);
        pthread_mutex_unlock(&p->mu);
    }
}

/* A free slot for the next chunk: the oldest is written first when all
 * are in use, which bounds memory to a few chunks per thread. */
static struct chunk *next_slot(struct pool *p, struct totals *t, unsigned long *game_offset)
{
    while (p->fill_seq - p->emit_seq == p->nslots)
        emit_oldest(p, t, game_offset);
    struct chunk *k = &p->slots[p->fill_seq % p->nslots];
    k->open_errno = k->read_errno = 0;
    k->file_first = false;
    k->in.len = 0;
    return k;
}

/* Hand a filled chunk to the workers. */
static void submit(struct pool *p, struct chunk *k)
{
    pthread_mutex_lock(&p->mu);
    k->state = CHUNK_READY;
    p->fill_seq++;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->mu);
}

/* --jobs N: the main thread reads and cuts the input into chunks of whole
 * games, N workers convert them, and the main thread writes them in
 * input order.  At most 2N + 1 chunks are in flight, which bounds memory. */
static void run_parallel(const struct options *o, long jobs, struct totals *t)
{
    struct pool p = {.opt = o, .nslots = (size_t)jobs * 2 + 1};
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    p.slots = calloc(p.nslots, sizeof *p.slots);
    if (!threads || !p.slots) {
        t->status = cli_status_merge(t->status, cli_nomem());
        free(threads);
        free(p.slots);
        return;
    }
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.work, NULL);
    pthread_cond_init(&p.done, NULL);
    long started = 0;
    while (started < jobs && pthread_create(&threads[started], NULL, worker, &p) == 0)
        started++;
    unsigned long game_offset = 0;
    int n = o->nfiles ? o->nfiles : 1;
    for (int i = 0; i < n && !t->stop && started > 0; i++) {
        const char *path = o->nfiles ? o->files[i] : "-";
        bool use_stdin = strcmp(path, "-") == 0;
        const char *name = use_stdin ? "<stdin>" : path;
        struct splitter sp = {.line = 1};
        sp.fp = use_stdin ? stdin : fopen(path, "re");
        struct chunk *k = next_slot(&p, t, &game_offset);
        k->name = name;
        k->file_first = true;
        if (!sp.fp) {
            k->open_errno = errno;
            submit(&p, k);
            continue;
        }
        if (use_stdin)
            clearerr(stdin);
        bool first = true;
        while (!t->stop) {
            if (!first) {
                k = next_slot(&p, t, &game_offset);
                k->name = name;
            }
            if (t->stop || !split_next(&sp, k))
                break;
            submit(&p, k);
            first = false;
        }
        if (first && !t->stop)
            submit(&p, k); /* an empty file still starts its game count */
        cli_buf_free(&sp.buf);
        if (!use_stdin)
            fclose(sp.fp);
    }
    if (started == 0) {
        cli_error("cannot start threads");
        t->status = cli_status_merge(t->status, CLI_OSERR);
    }
    while (p.emit_seq != p.fill_seq)
        emit_oldest(&p, t, &game_offset);
    pthread_mutex_lock(&p.mu);
    p.quit = true;
    pthread_cond_broadcast(&p.work);
    pthread_mutex_unlock(&p.mu);
    for (long i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    for (size_t i = 0; i < p.nslots; i++) {
        cli_buf_free(&p.slots[i].in);
        cli_buf_free(&p.slots[i].out);
        cli_buf_free(&p.slots[i].diags.text);
        free(p.slots[i].diags.v);
    }
    free(p.slots);
    free(threads);
    pthread_mutex_destroy(&p.mu);
    pthread_cond_destroy(&p.work);
    pthread_cond_destroy(&p.done);
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
    struct totals t = {0};
    cli_init(argc, argv);
    argp_parse(&argp, argc, argv, 0, NULL, &opt);
    long jobs = opt.jobs ? opt.jobs : sysconf(_SC_NPROCESSORS_ONLN);
    if (jobs > 1)
        run_parallel(&opt, jobs > JOBS_MAX ? JOBS_MAX : jobs, &t);
    else
        run_serial(&opt, &t);
    return cli_finish(
        games_finish(&opt.common, opt.stats, t.games, t.converted, t.errors, t.status));
}
