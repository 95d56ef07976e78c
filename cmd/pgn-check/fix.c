/*
 * fix.c - pgn-check --fix: a game written again in the export format
 * (see fix.h).
 */
#include "fix.h"

#include "games/pgn_result.h"
#include "output/game_pgn.h"
#include "output/games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fixer {
    struct pgn_reader *reader; /* reads the game's bytes again, for the replay */
    struct pgn_reader *again;  /* reads the new text, for the second check */
    struct pgn_checker *checker;
    struct game_replay *replay;
    struct game_pgn pgn;         /* the export: --to=pgn --fix-result's writer */
    struct cli_buf text, export; /* the new text; the writer's, before the line ends */
    bool fixed[PGN_CHECK_DIAGS_MAX + 1];
    /* the game being written */
    struct pgn_tag *tags;
    size_t tags_cap;
    enum pgn_result result; /* the movetext's marker (PGN_RESULT_NB: none) */
    bool ok;
    char plies[24];
};

bool fixer_code_fixable(enum pgn_check_code code)
{
    switch (code) {
    case PGN_CHECK_BAD_TAG: /* (only a value's unescaped quotes: fixable_error) */
    case PGN_CHECK_MISSING_RESULT:
    case PGN_CHECK_BAD_RESULT_TAG:
    case PGN_CHECK_RESULT_MISMATCH:
    case PGN_CHECK_WRONG_RESULT:
    case PGN_CHECK_MISSING_TAG:
    case PGN_CHECK_EMPTY_TAG:
    case PGN_CHECK_DUPLICATE_TAG:
    case PGN_CHECK_FEN_WITHOUT_SETUP:
    case PGN_CHECK_PLYCOUNT_MISMATCH:
    case PGN_CHECK_WRONG_MOVE_NUMBER:
    case PGN_CHECK_CHECK_MARK:
    case PGN_CHECK_ZERO_CASTLING:
    case PGN_CHECK_SAN_STYLE:
    case PGN_CHECK_LONG_LINE:
    case PGN_CHECK_TAG_ORDER:
    case PGN_CHECK_NONSTANDARD_TOKEN:
        return true;
    default:
        return false;
    }
}

struct fixer *fixer_new(const struct check_options *o)
{
    struct fixer *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->reader = pgn_reader_new();
    f->again = pgn_reader_new();
    f->checker = pgn_checker_new();
    f->replay = malloc(sizeof *f->replay);
    if (!f->reader || !f->again || !f->checker || !f->replay) {
        fixer_free(f);
        return NULL;
    }
    struct pgn_limits lim = {.max_line = o->common.max_line};
    pgn_reader_set_limits(f->reader, &lim);
    pgn_reader_set_limits(f->again, &lim);
    pgn_reader_set_options(f->reader, PGN_OPT_REPEATED_TAGS | PGN_OPT_SKIP_NUMBERS);
    pgn_reader_set_options(f->again, PGN_CHECK_READER_OPTIONS);
    check_options_enable(f->checker, o);
    pgn_checker_set_variant(f->checker, (enum variant)o->common.variant, o->common.chess960,
                            o->common.chess960_all);
    game_replay_listen(f->replay, GAME_VARIATIONS | cli_games_rules(&o->common), NULL, NULL);
    f->pgn.opt = (struct game_pgn_options){.comments = true, .nags = true, .fix_result = true};
    return f;
}

void fixer_free(struct fixer *f)
{
    if (!f)
        return;
    pgn_reader_free(f->reader);
    pgn_reader_free(f->again);
    pgn_checker_free(f->checker);
    free(f->replay);
    game_pgn_free(&f->pgn);
    cli_buf_free(&f->text);
    cli_buf_free(&f->export);
    free(f->tags);
    free(f);
}

/* ---- the export of the game: its bytes replayed into the writer ---- */

static enum pgn_visit fix_tags_done(void *ctx, const struct pgn_game *g)
{
    struct fixer *f = ctx;
    if (!game_replay_open(f->replay, g))
        return PGN_VISIT_SKIP_GAME;
    game_pgn_start(&f->pgn, &f->replay->start, &f->replay->stack.lines[0].pos);
    f->ok = true;
    return PGN_VISIT_GO;
}

static enum pgn_visit fix_token(void *ctx, const struct pgn_token *tok)
{
    struct fixer *f = ctx;
    struct game_event ev;
    enum pgn_visit answer;
    if (!game_replay_visit(f->replay, tok, &ev, &answer))
        return answer;
    if (ev.kind == GAME_EV_RESULT)
        f->result = pgn_result_parse(ev.tok->text, ev.tok->len);
    else
        game_pgn_event(&f->pgn, &ev);
    return PGN_VISIT_GO;
}

/* The roster's unknown values (PGN standard 8.1.1), for an empty one. */
static const char *unknown_value(const struct pgn_tag *t)
{
    static const char *const names[] = {"Event", "Site", "Round", "White", "Black"};
    if (strcmp(t->name, "Date") == 0)
        return "????.??.??";
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(t->name, names[i]) == 0)
            return "?";
    return NULL;
}

/* The game's tags with what the writer does not mend itself: an empty
 * roster tag becomes the standard's unknown, a FEN tag gets SetUp "1"
 * (standard 9.7.1), a PlyCount tag the main line's plies (9.2.7).  The
 * Result tag is game_pgn's (--fix-result), a repeated tag the writer's
 * (the first value holds), the missing roster tags too. */
static bool fixed_tags(struct fixer *f, const struct pgn_game *g, struct pgn_game *out)
{
    struct pgn_tag *t = f->tags;
    if (g->ntags + 1 > f->tags_cap) {
        t = realloc(f->tags, (g->ntags + 1) * sizeof *t);
        if (!t)
            return false;
        f->tags = t;
        f->tags_cap = g->ntags + 1;
    }
    bool fen = pgn_game_tag(g, "FEN") != NULL, setup = false;
    snprintf(f->plies, sizeof f->plies, "%lu", f->pgn.plies);
    size_t n = 0;
    for (size_t i = 0; i < g->ntags; i++) {
        struct pgn_tag v = g->tags[i];
        const char *unknown = v.value_len == 0 ? unknown_value(&v) : NULL;
        if (unknown)
            v = (struct pgn_tag){v.name, v.name_len, unknown, strlen(unknown),
                                 v.line, v.col,      true,    v.repeated};
        if (strcmp(v.name, "SetUp") == 0 && !v.repeated) {
            setup = true;
            if (fen)
                v.value = "1", v.value_len = 1, v.plain_value = true;
        }
        if (strcmp(v.name, "PlyCount") == 0 && !v.repeated)
            v.value = f->plies, v.value_len = strlen(f->plies), v.plain_value = true;
        t[n++] = v;
    }
    if (fen && !setup)
        t[n++] = pgn_write_tag_of("SetUp", "1");
    *out = *g;
    out->tags = t;
    out->ntags = n;
    return true;
}

static void fix_game_end(void *ctx, const struct pgn_game *g)
{
    struct fixer *f = ctx;
    const struct game_problem *pb = game_replay_close(f->replay, g);
    struct pgn_game copy;
    if (!f->ok || pb || g->stray || !fixed_tags(f, g, &copy)) {
        f->ok = false;
        return;
    }
    const char *result =
        f->result != PGN_RESULT_NB ? pgn_result_text(f->result) : games_tag_result(g);
    game_pgn_end(&f->pgn, &f->export, &copy, result, NULL);
    f->ok = !f->export.nomem;
}

static const struct pgn_visitor fix_visitor = {
    .tags_done = fix_tags_done,
    .token = fix_token,
    .game_end = fix_game_end,
};

static enum pgn_visit skip_tags(void *ctx, const struct pgn_game *g)
{
    (void)ctx;
    (void)g;
    return PGN_VISIT_SKIP_GAME;
}
static enum pgn_visit skip_token(void *ctx, const struct pgn_token *tok)
{
    (void)ctx;
    (void)tok;
    return PGN_VISIT_SKIP_GAME;
}
static void skip_end(void *ctx, const struct pgn_game *g)
{
    (void)ctx;
    (void)g;
}
static const struct pgn_visitor skip_visitor = {skip_tags, skip_token, skip_end};

/* ---- which games are written again ---- */

/* An error the export mends: a tag pair whose value holds quotes not
 * escaped, which the reader recovered up to the line's last quote (its
 * value then holds a quote; any other malformed pair has lost text). */
static bool fixable_error(const struct pgn_game *g, const struct pgn_check_diag *d)
{
    if (d->code != PGN_CHECK_BAD_TAG)
        return false;
    for (size_t i = 0; i < g->ntags; i++)
        if (g->tags[i].line == d->line && g->tags[i].col == d->col)
            return memchr(g->tags[i].value, '"', g->tags[i].value_len) != NULL;
    return false;
}

static bool worth_fixing(const struct pgn_game *g, const struct pgn_check_result *res)
{
    bool any = false;
    if (!g->raw || g->stray || res->ndiags > PGN_CHECK_DIAGS_MAX)
        return false;
    for (size_t i = 0; i < res->ndiags; i++) {
        const struct pgn_check_diag *d = &res->diags[i];
        if ((d->level == PGN_CHECK_ERROR && !fixable_error(g, d)) ||
            d->code == PGN_CHECK_EMPTY_GAME)
            return false;
        any |= fixer_code_fixable(d->code);
    }
    return any;
}

/* The export's text as the game's bytes were: a UTF-8 byte-order mark
 * that opened them opens it, and its lines end with CR LF when the
 * game's first line did; without its closing blank line. */
static void as_the_game_was(struct fixer *f, const struct pgn_game *g)
{
    const char *nl = memchr(g->raw, '\n', g->raw_len);
    bool crlf = nl && nl > g->raw && nl[-1] == '\r';
    size_t n = f->export.len;
    while (n >= 2 && f->export.data[n - 1] == '\n' && f->export.data[n - 2] == '\n')
        n--;
    cli_buf_put(&f->text, g->raw, pgn_utf8_bom_len(g->raw, g->raw_len));
    for (size_t i = 0; i < n; i++) {
        if (crlf && f->export.data[i] == '\n')
            cli_buf_char(&f->text, '\r');
        cli_buf_char(&f->text, f->export.data[i]);
    }
}

/* The export of g into f->text. */
static bool export_game(struct fixer *f, const struct pgn_game *g, bool *nomem)
{
    f->text.len = f->export.len = 0;
    f->text.nomem = f->export.nomem = false;
    f->ok = false;
    f->result = PGN_RESULT_NB;
    game_pgn_begin(&f->pgn);
    if (pgn_reader_open_mem(f->reader, g->raw, g->raw_len, g->source) != PGN_OK) {
        *nomem = true;
        return false;
    }
    int rc = pgn_read_game(f->reader, &fix_visitor, f);
    *nomem |= rc < 0 || f->export.nomem;
    if (rc != 1 || !f->ok || pgn_read_game(f->reader, &skip_visitor, f) != 0)
        return false; /* (the bytes read alone are not the one game) */
    as_the_game_was(f, g);
    *nomem |= f->text.nomem;
    return !f->text.nomem;
}

bool fixer_fix(struct fixer *f, const struct pgn_game *g, const struct pgn_check_result *res,
               struct fix_result *out, bool *nomem)
{
    *nomem = false;
    if (!worth_fixing(g, res) || !export_game(f, g, nomem))
        return false;
    /* the new text checked: no error, nothing new, something mended */
    bool now[PGN_CHECK_CODE_NB] = {false}, before[PGN_CHECK_CODE_NB] = {false};
    struct pgn_game g2;
    struct pgn_check_result r2;
    if (pgn_reader_open_mem(f->again, f->text.data, f->text.len, g->source) != PGN_OK) {
        *nomem = true;
        return false;
    }
    int rc = pgn_check_read_game(f->checker, f->again, &g2, &r2);
    *nomem |= rc == -2;
    if (rc != 1 || g2.stray || r2.errors)
        return false;
    for (size_t i = 0; i < r2.ndiags; i++)
        now[r2.diags[i].code] = true;
    for (size_t i = 0; i < res->ndiags; i++)
        before[res->diags[i].code] = true;
    struct fix_result fx = {f->text.data, f->text.len, f->fixed, r2.hashed, r2.id};
    if (pgn_check_read_game(f->checker, f->again, &g2, &r2) != 0)
        return false;
    bool mended = false;
    for (int c = 0; c < PGN_CHECK_CODE_NB; c++)
        if (now[c] && !before[c])
            return false;
    for (size_t i = 0; i < res->ndiags; i++) {
        enum pgn_check_code c = res->diags[i].code;
        f->fixed[i] = fixer_code_fixable(c) && !now[c];
        mended |= f->fixed[i];
    }
    if (mended)
        *out = fx;
    return mended;
}

bool fix_gave_marker(const struct pgn_check_result *res, const struct fix_result *fx)
{
    for (size_t i = 0; i < res->ndiags; i++)
        if (res->diags[i].code == PGN_CHECK_MISSING_RESULT && fx->fixed[i])
            return true;
    return false;
}

bool fix_next_reads_alike(const struct pgn_game *g, const struct pgn_check_result *res)
{
    if (g->stray)
        return false;
    for (size_t i = 0; i < res->ndiags; i++)
        if (res->diags[i].level == PGN_CHECK_ERROR && res->diags[i].line <= g->line)
            return false;
    return true;
}
