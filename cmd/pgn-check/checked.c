/*
 * checked.c - pgn-check's checked-game records (see checked.h).  The
 * records never leave the process, so fixed-size heads are copied as they
 * are (memcpy: the buffer gives no alignment).
 */
#include "checked.h"

#include "games/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct game_head {
    unsigned char kind;
    bool raw_ok, hashed;
    unsigned long number, line, col;
    uint64_t offset;
    struct game_id id;
    size_t raw_len, lead, ndiags;
    size_t fixed_len;                   /* SIZE_MAX: not written again */
    size_t tag_len[CHECKED_LABEL_TAGS]; /* White, Black, Round, Event; SIZE_MAX: no such tag */
};

struct diag_head {
    int code;
    bool fixed;
    unsigned long line, col;
    size_t len;
};

/* A worker's record of one game: what the writer needs once the game
 * itself is gone (its reader has moved on, or its chunk is freed): the
 * bytes, the tags of the label of a duplicate's message (made only for a
 * duplicate), the problems, the identity. */
void checked_put_game(struct cli_buf *out, const struct pgn_game *g,
                      const struct pgn_check_result *res, unsigned long line_offset,
                      const struct fix_result *fx)
{
    const struct pgn_tag *tags[CHECKED_LABEL_TAGS] = {res->white, res->black, res->round,
                                                      res->event};
    struct game_head h = {
        .kind = g->stray ? CHECKED_STRAY : CHECKED_GAME,
        .raw_ok = g->raw != NULL,
        .hashed = fx ? fx->hashed : res->hashed,
        .number = g->number,
        .line = g->line + line_offset,
        .col = g->col,
        .offset = g->offset,
        .id = fx ? fx->id : res->id,
        .raw_len = g->raw ? g->raw_len : 0,
        .lead = g->raw ? game_out_lead(g->raw, g->raw_len) : 0,
        .ndiags = res->ndiags,
        .fixed_len = fx ? fx->len : SIZE_MAX,
    };
    for (int i = 0; i < CHECKED_LABEL_TAGS; i++)
        h.tag_len[i] = tags[i] ? tags[i]->value_len : SIZE_MAX;
    cli_buf_put(out, (const char *)&h, sizeof h);
    if (g->raw)
        cli_buf_put(out, g->raw, g->raw_len);
    if (fx)
        cli_buf_put(out, fx->text, fx->len);
    for (int i = 0; i < CHECKED_LABEL_TAGS; i++)
        if (tags[i])
            cli_buf_put(out, tags[i]->value, tags[i]->value_len);
    for (size_t i = 0; i < res->ndiags; i++) {
        const struct pgn_check_diag *d = &res->diags[i];
        struct diag_head dh = {(int)d->code, fx && fx->fixed[i], d->line + line_offset, d->col,
                               d->message_len};
        cli_buf_put(out, (const char *)&dh, sizeof dh);
        cli_buf_put(out, d->message, d->message_len);
    }
}

/* The fixed text leaves the record (the bytes after it move up), and the
 * diagnostics their fixed flags. */
void checked_unfix(struct cli_buf *out, size_t off)
{
    struct game_head h;
    memcpy(&h, out->data + off, sizeof h);
    if (h.fixed_len == SIZE_MAX)
        return;
    char *fixed = out->data + off + sizeof h + h.raw_len;
    size_t after = out->len - (size_t)(fixed + h.fixed_len - out->data);
    memmove(fixed, fixed + h.fixed_len, after);
    out->len -= h.fixed_len;
    h.fixed_len = SIZE_MAX;
    memcpy(out->data + off, &h, sizeof h);
    char *q = fixed;
    for (int i = 0; i < CHECKED_LABEL_TAGS; i++)
        q += h.tag_len[i] == SIZE_MAX ? 0 : h.tag_len[i];
    for (size_t i = 0; i < h.ndiags; i++) {
        struct diag_head dh;
        memcpy(&dh, q, sizeof dh);
        dh.fixed = false;
        memcpy(q, &dh, sizeof dh);
        q += sizeof dh + dh.len;
    }
}

/* Bytes after the last game (blank lines, a closing comment) belong to
 * the input and go out when the game before them did. */
void checked_put_rest(struct cli_buf *out, const char *text, size_t len)
{
    struct game_head h = {
        .kind = CHECKED_REST, .raw_ok = true, .raw_len = len, .fixed_len = SIZE_MAX};
    cli_buf_put(out, (const char *)&h, sizeof h);
    cli_buf_put(out, text, len);
}

/* Records are read in the order they were written; the diagnostics are
 * skipped here and read with checked_diag_next. */
bool checked_next(const char **p, const char *end, struct checked *rec)
{
    struct game_head h;
    if ((size_t)(end - *p) < sizeof h)
        return false;
    memcpy(&h, *p, sizeof h);
    const char *q = *p + sizeof h;
    *rec = (struct checked){
        .kind = (enum checked_kind)h.kind,
        .number = h.number,
        .line = h.line,
        .col = h.col,
        .offset = h.offset,
        .raw = h.raw_ok ? q : NULL,
        .raw_len = h.raw_len,
        .lead = h.lead,
        .hashed = h.hashed,
        .id = h.id,
        .ndiags = h.ndiags,
    };
    q += h.raw_len;
    if (h.fixed_len != SIZE_MAX) {
        rec->fixed = q;
        rec->fixed_len = h.fixed_len;
        q += h.fixed_len;
    }
    for (int i = 0; i < CHECKED_LABEL_TAGS; i++) {
        rec->tag[i] = h.tag_len[i] == SIZE_MAX ? NULL : q;
        rec->tag_len[i] = h.tag_len[i] == SIZE_MAX ? 0 : h.tag_len[i];
        q += rec->tag_len[i];
    }
    rec->diags = q;
    for (size_t i = 0; i < h.ndiags; i++) {
        struct diag_head dh;
        memcpy(&dh, q, sizeof dh);
        q += sizeof dh + dh.len;
    }
    *p = q;
    return true;
}

/* The level is not stored: it follows from the code. */
void checked_diag_next(const char **p, struct pgn_check_diag *d)
{
    struct diag_head dh;
    memcpy(&dh, *p, sizeof dh);
    enum pgn_check_code code = (enum pgn_check_code)dh.code;
    *d = (struct pgn_check_diag){
        code,           dh.fixed ? PGN_CHECK_NOTE : pgn_check_code_level(code),
        dh.line,        dh.col,
        *p + sizeof dh, dh.len,
        dh.fixed};
    *p += sizeof dh + dh.len;
}

/* ---- the writer: games in input order ---- */

/* Which input holds the game with this ordinal (inputs are in order). */
static const struct checked_input *input_of(const struct checked_writer *run, unsigned long ordinal)
{
    size_t lo = 0, hi = run->ninputs;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (run->inputs[mid].first_ordinal <= ordinal)
            lo = mid;
        else
            hi = mid;
    }
    return &run->inputs[lo];
}

/* The first copy stays; a later one gets the duplicate-game warning, at
 * the game's first line, with the place of the first copy.  Returns the
 * number of diagnostics in run->diags. */
static size_t add_duplicate(struct checked_writer *run, const struct checked *rec, size_t n)
{
    if (!run->dup_on || !rec->hashed || run->ordinal > UINT32_MAX)
        return n;
    uint32_t place[2] = {(uint32_t)run->ordinal,
                         rec->line > UINT32_MAX ? UINT32_MAX : (uint32_t)rec->line},
             was[2];
    int seen = game_id_set_add(&run->dups, &rec->id, place, was);
    run->nomem |= seen < 0;
    if (seen <= 0)
        return n;
    uint32_t first = was[0], line = was[1];
    const struct checked_input *in = input_of(run, first);
    const struct checked_input *cur = &run->inputs[run->ninputs - 1];
    static const char *const names[CHECKED_LABEL_TAGS] = {"White", "Black", "Round", "Event"};
    struct pgn_tag tags[CHECKED_LABEL_TAGS];
    size_t ntags = 0;
    char values[CHECKED_LABEL_TAGS][200];
    for (int i = 0; i < CHECKED_LABEL_TAGS; i++)
        if (rec->tag[i]) {
            snprintf(values[i], sizeof values[i], "%.*s", (int)rec->tag_len[i], rec->tag[i]);
            tags[ntags++] = (struct pgn_tag){.name = names[i],
                                             .name_len = strlen(names[i]),
                                             .value = values[i],
                                             .value_len = strlen(values[i])};
        }
    int k = (int)game_label(tags, ntags, run->dup_msg, sizeof run->dup_msg - 2);
    k = k < (int)sizeof run->dup_msg - 2 ? k : (int)sizeof run->dup_msg - 3;
    memcpy(run->dup_msg + k, ": ", 3);
    k += 2;
    pgn_check_duplicate_text(run->dup_msg + k, sizeof run->dup_msg - (size_t)k,
                             first - in->first_ordinal + 1, in == cur ? NULL : in->name, line);
    size_t at = n;
    while (at > 0 && (run->diags[at - 1].line > rec->line ||
                      (run->diags[at - 1].line == rec->line && run->diags[at - 1].col > rec->col)))
        at--;
    memmove(run->diags + at + 1, run->diags + at, (n - at) * sizeof *run->diags);
    run->diags[at] = (struct pgn_check_diag){PGN_CHECK_DUPLICATE_GAME,
                                             PGN_CHECK_WARNING,
                                             rec->line,
                                             rec->col,
                                             run->dup_msg,
                                             strlen(run->dup_msg),
                                             false};
    return n + 1;
}

/* One checked game, in input order: its problems reported, and the game
 * written when it is clean (or, under --invert, when it is not). */
static void write_game(struct checked_writer *run, const char *name, unsigned long game_offset,
                       const struct checked *rec)
{
    run->ordinal++;
    run->games++;
    if (rec->ndiags + 1 > run->diags_cap) {
        struct pgn_check_diag *d = realloc(run->diags, (rec->ndiags + 1) * sizeof *d);
        if (!d) {
            run->nomem = true;
            return;
        }
        run->diags = d;
        run->diags_cap = rec->ndiags + 1;
    }
    const char *p = rec->diags;
    for (size_t i = 0; i < rec->ndiags; i++)
        checked_diag_next(&p, &run->diags[i]);
    size_t n = add_duplicate(run, rec, rec->ndiags);
    bool errors = false, warnings = false;
    for (size_t i = 0; i < n; i++) {
        report_diag(run->report, name, rec->number + game_offset, rec->offset, &run->diags[i]);
        errors |= run->diags[i].level == PGN_CHECK_ERROR;
        warnings |= run->diags[i].level == PGN_CHECK_WARNING;
        run->found_at[run->diags[i].level] = true;
    }
    run->clean += n == 0;
    run->with_errors += errors;
    run->with_warnings += warnings;
    if (run->fix) {
        fix_out_game(run->fix, rec->raw, rec->raw_len, rec->lead, rec->fixed, rec->fixed_len);
        return;
    }
    if (!run->games_out || !rec->raw)
        return;
    game_out_game(&run->out, rec->raw, rec->raw_len, rec->lead, (n == 0) != run->invert);
}

/* Stray text: its problem reported about no game; written only under
 * --invert (it is no clean game), so that the two outputs still make the
 * input.  Else the game written before it may end inside the line that
 * the text goes on: the line is ended, and the blank lines that end the
 * text kept, so that the next game written starts a line of its own. */
static void write_stray(struct checked_writer *run, const char *name, const struct checked *rec)
{
    const char *p = rec->diags;
    struct pgn_check_diag d;
    for (size_t i = 0; i < rec->ndiags; i++) {
        checked_diag_next(&p, &d);
        report_diag(run->report, name, 0, 0, &d);
        run->found_at[d.level] = true;
    }
    if (run->fix) {
        fix_out_game(run->fix, rec->raw, rec->raw_len, 0, NULL, 0);
        return;
    }
    if (!run->games_out || !rec->raw)
        return;
    if (run->invert) /* written as a game with a problem is */
        game_out_game(&run->out, rec->raw, rec->raw_len, rec->lead, true);
    else
        game_out_between(&run->out, rec->raw, rec->raw_len);
}

/* The records, then the messages about the input itself (a read error). */
void checked_write(void *writer, struct jobs_result *res, const char *name,
                   unsigned long game_offset, bool file_first)
{
    struct checked_writer *run = writer;
    if (file_first) {
        struct checked_input *in = realloc(run->inputs, (run->ninputs + 1) * sizeof *in);
        if (!in) {
            run->nomem = true;
            return;
        }
        run->inputs = in;
        run->inputs[run->ninputs++] = (struct checked_input){name, run->ordinal + 1};
        run->out.last_written = !run->invert; /* blank lines opening a file stay */
    }
    const char *p = res->out.data, *end = p + res->out.len;
    struct checked rec;
    while (p && !run->nomem && checked_next(&p, end, &rec)) {
        if (rec.kind == CHECKED_GAME)
            write_game(run, name, game_offset, &rec);
        else if (rec.kind == CHECKED_STRAY)
            write_stray(run, name, &rec);
        else if (run->fix)
            fix_out_game(run->fix, rec.raw, rec.raw_len, 0, NULL, 0);
        else if (run->games_out)
            game_out_rest(&run->out, rec.raw, rec.raw_len);
    }
    res->out.len = 0;
    for (size_t i = 0; i < res->diags.n; i++) {
        const struct jobs_diag *d = &res->diags.v[i];
        if (d->line) /* a hard error located in the file (UTF-16 text) */
            cli_diag(name, d->line, d->col, "%.*s", (int)d->len, res->diags.text.data + d->off);
        else
            cli_error("%.*s", (int)d->len, res->diags.text.data + d->off);
    }
    res->diags.n = 0;
    res->diags.text.len = 0;
}

void checked_writer_free(struct checked_writer *w)
{
    free(w->inputs);
    free(w->diags);
}
