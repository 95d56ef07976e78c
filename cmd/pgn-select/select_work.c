/*
 * select_work.c - pgn-select's work on a run of games (select_work.h).
 */
#include "select_work.h"

#include "games/game.h"
#include "output/game_out.h"
#include "output/games.h"
#include "games/pgn.h"
#include "games/pgn_skim.h"
#include "games/pgn_split.h"

#include <stdlib.h>
#include <string.h>

/* A stream writes its records in blocks of about FLUSH_AT bytes. */
enum { FLUSH_AT = 1 << 16 };

/* The head of a record in the buffer, the game's bytes after it. */
struct head {
    uint8_t kind, outcome, has_id;
    uint64_t id[2];
    unsigned long number, last_line;
    size_t key_len; /* --split: the file's key (select_template.h), before the bytes */
    size_t raw_len;
};

struct worker {
    const struct select_options *opt;
    struct pgn_reader *reader;
    struct game_replay *replay;
    struct select_game *judge;
    struct pgn_skim_game *skim;
    bool skim_on; /* games are skimmed first */
    bool lines;   /* last_line counts: --limit or --game-number may stop the writer */
    /* the run being read */
    struct jobs_result *res;
    const char *name;          /* the file's, in messages */
    unsigned long line_offset; /* lines of the file before the text the reader reads */
    struct cli_buf key;        /* --split: the key of the game being read */
    /* the game being read */
    enum select_verdict verdict;
    bool opened; /* its replay was set up (or tried) */
};

void *select_worker_new(void *options)
{
    const struct select_options *opt = options;
    struct worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->opt = opt;
    w->lines = opt->limit || select_needs_number(opt->criteria);
    w->reader = pgn_reader_new();
    w->replay = malloc(sizeof *w->replay);
    w->judge = select_game_new(opt->criteria);
    w->skim = malloc(sizeof *w->skim);
    if (!w->reader || !w->replay || !w->judge || !w->skim) {
        select_worker_free(w);
        return NULL;
    }
    /* Moves numbers and comments are not needed: a replay takes the
     * numbers from its positions, and a game goes out as its bytes. */
    pgn_reader_set_options(w->reader, PGN_OPT_RAW | PGN_OPT_REPEATED_TAGS | PGN_OPT_SKIP_NUMBERS |
                                          PGN_OPT_SKIP_COMMENTS);
    struct pgn_limits lim = {.max_line = opt->common.max_line};
    pgn_reader_set_limits(w->reader, &lim);
    /* The skim holds to the reader's default caps; it pays when tags
     * turn games away unread, not when every game's moves are replayed
     * anyway (no tag criterion: a game without tags is replayed). */
    w->skim_on = opt->common.max_line >= CLI_MAX_LINE_DEFAULT &&
                 select_game_tags(w->judge, NULL, 0) != SELECT_REPLAY;
    game_replay_listen(w->replay, GAME_NO_BEFORE | cli_games_rules(&opt->common), NULL, NULL);
    return w;
}

void select_worker_free(void *worker)
{
    struct worker *w = worker;
    if (!w)
        return;
    pgn_reader_free(w->reader);
    free(w->replay);
    select_game_free(w->judge);
    free(w->skim);
    cli_buf_free(&w->key);
    free(w);
}

/* A record: its head, the key of its file (--split, a game written), its
 * bytes. */
static void put_record(struct jobs_result *res, struct head *h, const struct cli_buf *key,
                       const char *raw)
{
    h->key_len = key ? key->len : 0;
    cli_buf_put(&res->out, (const char *)h, sizeof *h);
    if (key)
        cli_buf_put(&res->out, key->data, key->len);
    cli_buf_put(&res->out, raw, h->raw_len);
}

/* The key of a game's file under --split (the writer decides whether it
 * is written: --unique, --invert); NULL else. */
static const struct cli_buf *split_key(struct worker *w, const struct head *h,
                                       const struct pgn_tag *tags, size_t ntags)
{
    if (!w->opt->split || h->outcome == SELECT_UNREADABLE)
        return NULL;
    w->key.len = 0;
    select_template_key(&w->opt->template, tags, ntags, &w->key);
    return &w->key;
}

bool select_record_next(const char **p, const char *end, struct select_record *rec)
{
    struct head h;
    if ((size_t)(end - *p) < sizeof h)
        return false;
    memcpy(&h, *p, sizeof h);
    *p += sizeof h;
    const char *key = *p;
    *p += h.key_len;
    *rec = (struct select_record){.key = key,
                                  .key_len = h.key_len,
                                  .kind = h.kind,
                                  .outcome = h.outcome,
                                  .has_id = h.has_id,
                                  .id = {h.id[0], h.id[1]},
                                  .number = h.number,
                                  .last_line = h.last_line,
                                  .raw = *p,
                                  .raw_len = h.raw_len,
                                  .lead = game_out_lead(*p, h.raw_len)};
    *p += h.raw_len;
    return true;
}

/* The line where text[0..len) ends, first being its first line's; 0
 * when neither --limit nor --game-number needs it (the writer says
 * nothing past the last game it can write). */
static unsigned long last_line(const struct worker *w, const char *text, size_t len,
                               unsigned long first)
{
    if (!w->lines)
        return 0;
    for (const char *p = text, *end = text + len; (p = memchr(p, '\n', (size_t)(end - p)));)
        if (++p < end)
            first++;
    return first;
}

/* ---- the reader's visitor: one game at a time ---- */

static enum pgn_visit tags_done(void *ctx, const struct pgn_game *g)
{
    struct worker *w = ctx;
    w->verdict = select_game_tags(w->judge, g->tags, g->ntags);
    if (w->verdict != SELECT_REPLAY)
        return PGN_VISIT_SKIP_GAME;
    w->opened = true;
    if (!game_replay_open(w->replay, g))
        return PGN_VISIT_SKIP_GAME;
    select_game_start(w->judge, &w->replay->start);
    return PGN_VISIT_GO;
}

static enum pgn_visit token(void *ctx, const struct pgn_token *tok)
{
    struct worker *w = ctx;
    struct game_event ev;
    enum pgn_visit answer;
    if (!game_replay_visit(w->replay, tok, &ev, &answer))
        return answer;
    if (ev.kind == GAME_EV_MOVE || ev.kind == GAME_EV_NULL)
        select_game_move(w->judge, ev.m, ev.after);
    return PGN_VISIT_GO;
}

static void game_end(void *ctx, const struct pgn_game *g)
{
    struct worker *w = ctx;
    struct jobs_result *res = w->res;
    bool opened = w->opened;
    w->opened = false;
    unsigned long end =
        last_line(w, g->raw ? g->raw : "", g->raw ? g->raw_len : 0, g->raw_line + w->line_offset);
    struct head h = {.kind = SELECT_RECORD_GAME, .last_line = end, .raw_len = g->raw_len};
    /* stray text, reported about no game; a repeated tag (its first value
     * holds) and a game ended by the next one's move 1, warnings: as the
     * converters say them */
    if (games_report_read(&res->diags, &res->status, g, w->line_offset)) {
        h.kind = SELECT_RECORD_STRAY;
        put_record(res, &h, NULL, g->raw);
        return;
    }
    h.number = ++res->games;
    struct game_problem own;
    const struct game_problem *pb = NULL;
    if (opened)
        pb = game_replay_close(w->replay, g);
    else if (game_damage(g, 0, &own) != GAME_OK)
        pb = &own;
    if (!pb && !g->raw) {
        /* (a game over the reader's max_game: its bytes are not kept) */
        own = (struct game_problem){.code = GAME_E_DAMAGED};
        snprintf(own.reason, sizeof own.reason, "game too large to be written");
        pb = &own;
    }
    if (pb) {
        games_report_problem(w->res, g, pb, w->line_offset, h.number);
        h.outcome = SELECT_UNREADABLE;
        h.raw_len = g->raw ? g->raw_len : 0;
    } else if (opened) {
        h.outcome = select_game_end(w->judge) ? SELECT_CHOSEN : SELECT_NOT_CHOSEN;
        if (h.outcome == SELECT_CHOSEN && w->opt->unique) {
            select_game_identity(w->judge, h.id);
            h.has_id = true;
        }
    } else {
        h.outcome = w->verdict == SELECT_YES ? SELECT_CHOSEN : SELECT_NOT_CHOSEN;
    }
    put_record(res, &h, split_key(w, &h, g->tags, g->ntags), g->raw);
}

static const struct pgn_visitor visitor = {tags_done, token, game_end};

/* Read every game of the reader's input; 0 at its end, -1 on a hard
 * error (reported), or when the writer asked to stop. */
static int read_games(struct worker *w, struct jobs_stream *s)
{
    int rc = 0;
    struct jobs_result *res = w->res;
    while (!res->stop && (rc = pgn_read_game(w->reader, &visitor, w)) > 0)
        if (s && (res->out.len >= FLUSH_AT || res->diags.n))
            jobs_stream_write(s, res);
    if (res->stop)
        return 0;
    if (rc < 0 || res->out.nomem || res->diags.text.nomem) {
        bool nomem = res->out.nomem || res->diags.text.nomem;
        enum pgn_error e = nomem ? PGN_E_NOMEM : pgn_reader_error(w->reader);
        games_hard_error_keep(res, w->name, e, pgn_reader_errno(w->reader), w->line_offset);
        return -1;
    }
    const char *rest;
    unsigned long line;
    size_t n = pgn_reader_rest(w->reader, &rest, &line);
    if (n) {
        struct head h = {.kind = SELECT_RECORD_REST,
                         .last_line = last_line(w, rest, n, line + w->line_offset),
                         .raw_len = n};
        put_record(res, &h, NULL, rest);
    }
    return 0;
}

/* ---- a chunk: skimmed game by game, the rest read by the reader ---- */

/* A game the skim took: judged on its tags, or read by the reader when
 * its moves are needed. */
static void skimmed(struct worker *w, unsigned long line)
{
    const struct pgn_skim_game *sk = w->skim;
    struct jobs_result *res = w->res;
    enum select_verdict v = select_game_tags(w->judge, sk->tags, sk->ntags);
    if (v == SELECT_REPLAY) {
        w->line_offset = line - 1;
        if (pgn_reader_open_mem(w->reader, sk->raw, sk->raw_len, w->name) != PGN_OK ||
            read_games(w, NULL) < 0)
            res->stop = true;
        return;
    }
    struct head h = {.kind = SELECT_RECORD_GAME,
                     .outcome = v == SELECT_YES ? SELECT_CHOSEN : SELECT_NOT_CHOSEN,
                     .number = ++res->games,
                     .last_line = last_line(w, sk->raw, sk->raw_len, line),
                     .raw_len = sk->raw_len};
    put_record(res, &h, split_key(w, &h, sk->tags, sk->ntags), sk->raw);
}

/* Where the run of games that text[0..len) starts ends: the splitter's
 * next cut (len: none), and the lines before it.  The splitter is given
 * the text in windows: it looks at every byte it is given (for a lone CR
 * at each call), which over the rest of a chunk at each game the skim
 * leaves would be quadratic. */
enum { CUT_WINDOW = 64 << 10 };
static size_t next_cut(const char *text, size_t len, unsigned long *lines)
{
    struct pgn_split sp = {0};
    size_t cut = 0, window = 0;
    do {
        window = len - window > CUT_WINDOW ? window + CUT_WINDOW : len;
        if (pgn_split_scan(&sp, text, window, 1, &cut, lines))
            return cut;
    } while (window < len);
    return len;
}

void select_work_chunk(void *worker, const struct jobs_chunk *in, struct jobs_result *res)
{
    struct worker *w = worker;
    if (!w) {
        res->status = cli_nomem();
        res->stop = true;
        return;
    }
    w->res = res;
    w->name = in->name;
    res->at_rest = true;
    const char *text = in->data;
    size_t at = 0, len = in->len;
    unsigned long line = in->first_line; /* the line of text[at] */
    while (at < len && !res->stop) {
        size_t next = at;
        enum pgn_skim_rc rc = w->skim_on ? pgn_skim_next(text, len, &next, w->skim) : PGN_SKIM_END;
        if (rc == PGN_SKIM_GAME) {
            skimmed(w, line);
            line += w->skim->lines;
            at = next;
            continue;
        }
        /* the reader reads up to the next place where a game may start
         * (without the skim, to the chunk's end: it holds whole games) */
        unsigned long lines = 0;
        size_t cut = rc == PGN_SKIM_READER ? at + next_cut(text + at, len - at, &lines) : len;
        w->line_offset = line - 1;
        if (pgn_reader_open_mem(w->reader, text + at, cut - at, in->name) != PGN_OK ||
            read_games(w, NULL) < 0) {
            res->at_rest = false;
            return;
        }
        res->at_rest = pgn_reader_at_rest(w->reader);
        line += lines;
        at = cut;
    }
}

void select_work_stream(void *worker, struct text_reader *fp, const struct jobs_chunk *at,
                        struct jobs_result *res, struct jobs_stream *s)
{
    struct worker *w = worker;
    if (!w) {
        select_work_chunk(NULL, at, res);
        return;
    }
    w->res = res;
    w->name = at->name;
    w->line_offset = at->first_line - 1;
    if (pgn_reader_open_input(w->reader, fp, at->name) == PGN_OK)
        read_games(w, s);
}
