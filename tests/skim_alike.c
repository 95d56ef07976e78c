/*
 * skim_alike.c - holding the skimmer to the reader (see skim_alike.h).
 */
#include "skim_alike.h"

#include "pgn_alike.h"
#include "pgn_collect.h"
#include "games/pgn_split.h"

#include <stdio.h>
#include <string.h>

static struct pgn_reader *skim_alike_reader(void)
{
    static struct pgn_reader *r; /* (kept: the tests read many games) */
    if (!r && (r = pgn_reader_new()))
        pgn_reader_set_options(r, SKIM_ALIKE_OPTIONS);
    return r;
}

/* The skimmed g against the reader's game b, read from text + at. */
static bool skim_alike_read(const char *text, size_t at, const struct pgn_skim_game *g,
                            const struct pgn_game *b, char *why, size_t n)
{
    if (b->raw != text + at || b->raw_len != g->raw_len || g->raw != text + at) {
        snprintf(why, n, "at %zu: raw %zu bytes skimmed, %zu read", at, g->raw_len, b->raw_len);
        return false;
    }
    unsigned long lines = 0;
    for (size_t i = 0; i < g->raw_len; i++)
        lines += g->raw[i] == '\n';
    if (g->lines != lines) {
        snprintf(why, n, "at %zu: %lu lines skimmed, %lu in raw", at, g->lines, lines);
        return false;
    }
    for (size_t i = 0; i < b->ndiags; i++)
        if (b->diags[i].code != PGN_E_UNEXPECTED_TOKEN && b->diags[i].code != PGN_E_BAD_NAG) {
            snprintf(why, n, "at %zu: skimmed, but the reader finds %s at %lu:%lu", at,
                     pgn_error_name(b->diags[i].code), b->diags[i].line, b->diags[i].col);
            return false;
        }
    if (b->stray || b->ntags != g->ntags || !g->ntags) {
        snprintf(why, n, "at %zu: %zu tags skimmed, %zu read%s", at, g->ntags, b->ntags,
                 b->stray ? " (stray text)" : "");
        return false;
    }
    if (b->tags[0].line != g->tag_line + 1 || b->tags[0].col != g->tag_col) {
        snprintf(why, n, "at %zu: first tag at %lu:%lu skimmed (0-based line), %lu:%lu read", at,
                 g->tag_line, g->tag_col, b->tags[0].line, b->tags[0].col);
        return false;
    }
    for (size_t i = 0; i < g->ntags; i++) {
        const struct pgn_tag *x = &g->tags[i], *y = &b->tags[i];
        if (x->name_len != y->name_len || x->value_len != y->value_len ||
            strlen(x->name) != x->name_len || strlen(x->value) != x->value_len ||
            memcmp(x->name, y->name, x->name_len) || memcmp(x->value, y->value, x->value_len) ||
            x->line + 1 != y->line || x->col != y->col || x->plain_value != y->plain_value ||
            x->repeated != y->repeated) {
            snprintf(why, n,
                     "at %zu: tag %zu [%s \"%s\"] %lu:%lu skimmed, [%s \"%s\"] %lu:%lu read", at, i,
                     x->name, x->value, x->line, x->col, y->name, y->value, y->line, y->col);
            return false;
        }
    }
    return true;
}

/* The bytes a reader opened where a game was skimmed is given: the game
 * and SKIM_ALIKE_WINDOW more (the reader ends a game on its result's line
 * and looks no further), not the whole rest of the text, which the
 * reader's search for a lone CR would read at each game. */
static size_t skim_alike_window(size_t rest, const struct pgn_skim_game *g)
{
    return rest - g->raw_len > SKIM_ALIKE_WINDOW ? g->raw_len + SKIM_ALIKE_WINDOW : rest;
}

bool skim_alike_game(const char *text, size_t len, size_t at, const struct pgn_skim_game *g,
                     char *why, size_t n)
{
    struct pgn_reader *r = skim_alike_reader();
    struct pgn_game b;
    if (!r || pgn_reader_open_mem(r, text + at, skim_alike_window(len - at, g), "skim") != PGN_OK ||
        pgn_collect_game(r, &b) <= 0) {
        snprintf(why, n, "at %zu: skimmed a game, the reader reads none", at);
        return false;
    }
    return skim_alike_read(text, at, g, &b, why, n);
}

/* The next game of whole against b, read from a later start (dl lines
 * before it): b's raw, with the bytes from prev (where the walk's last
 * game ended) before it, is whole's. */
static bool skim_alike_next(struct pgn_reader *whole, const char *text, size_t prev,
                            const struct pgn_game *b, unsigned long dl, struct skim_alike_stats *st,
                            char *why, size_t n)
{
    struct pgn_game a;
    if (pgn_collect_game(whole, &a) <= 0) {
        snprintf(why, n, "the walk has a game %lu, the whole text has not", st->games + 1);
        return false;
    }
    st->games++;
    if (!b->raw || !a.raw || a.raw != text + prev || a.raw + a.raw_len != b->raw + b->raw_len) {
        snprintf(why, n, "game %lu: raw bytes [%zu, %zu) in the whole text, [%zu, %zu) walked",
                 st->games, a.raw ? (size_t)(a.raw - text) : 0,
                 a.raw ? (size_t)(a.raw - text) + a.raw_len : 0, prev,
                 b->raw ? (size_t)(b->raw - text) + b->raw_len : 0);
        return false;
    }
    return pgn_alike(&a, b, dl, why, n);
}

size_t skim_alike_cut(const char *text, size_t len)
{
    struct pgn_split sp = {0};
    size_t cut = 0, window = 0;
    unsigned long lines = 0;
    do {
        window = len - window > SKIM_ALIKE_WINDOW ? window + SKIM_ALIKE_WINDOW : len;
        if (pgn_split_scan(&sp, text, window, 1, &cut, &lines))
            return cut;
    } while (window < len);
    return len;
}

bool skim_alike_walk(const char *text, size_t len, struct skim_alike_stats *st, char *why, size_t n)
{
    struct pgn_reader *whole = pgn_reader_new(), *part = pgn_reader_new();
    static struct pgn_skim_game g; /* (8 KiB of arena: not on the stack) */
    bool ok = whole && part && skim_alike_reader();
    if (!ok)
        snprintf(why, n, "out of memory");
    else {
        pgn_reader_set_options(whole, SKIM_ALIKE_OPTIONS);
        pgn_reader_set_options(part, SKIM_ALIKE_OPTIONS);
        pgn_reader_open_mem(whole, text, len, "whole");
    }
    size_t at = 0, prev = 0; /* where the walk is, where its last game ended */
    unsigned long line = 0;  /* lines before at */
    while (ok) {
        size_t was = at;
        enum pgn_skim_rc rc = pgn_skim_next(text, len, &at, &g);
        if (rc == PGN_SKIM_END) {
            if (at != was) {
                snprintf(why, n, "END moved the place from %zu to %zu", was, at);
                ok = false;
            }
            /* the rest: one reader reads no game in it */
            struct pgn_game b;
            pgn_reader_open_mem(part, text + at, len - at, "rest");
            if (ok && pgn_collect_game(part, &b) != 0) {
                snprintf(why, n, "at %zu: END, but the reader reads a game", at);
                ok = false;
            }
            break;
        }
        if (rc == PGN_SKIM_GAME) {
            st->skimmed++;
            struct pgn_reader *r = skim_alike_reader();
            struct pgn_game b;
            pgn_reader_open_mem(r, text + was, skim_alike_window(len - was, &g), "skim");
            if (at <= was || at > len || pgn_collect_game(r, &b) <= 0) {
                snprintf(why, n, "at %zu: skimmed a game, the reader reads none", was);
                ok = false;
                break;
            }
            ok = skim_alike_read(text, was, &g, &b, why, n) &&
                 skim_alike_next(whole, text, prev, &b, line, st, why, n);
            line += g.lines;
            prev = at;
            continue;
        }
        if (rc != PGN_SKIM_READER || at != was) {
            snprintf(why, n, "at %zu: answer %d, place moved to %zu", was, (int)rc, at);
            ok = false;
            break;
        }
        /* the reader's, up to the splitter's next cut */
        st->readers++;
        size_t cut = skim_alike_cut(text + at, len - at);
        struct pgn_game b;
        if (cut >= 2 && pgn_utf16_bom(text + at)) {
            /* A reader refuses text that starts with a UTF-16 mark
             * (PGN_E_UTF16): the whole text's reader too when it is the
             * input's start; later (after a game skimmed) the whole
             * reader reads those bytes as text and a reader opened there
             * does not, which ends the walk (pgn_skim.h) */
            if (at == 0 &&
                (pgn_collect_game(whole, &b) >= 0 || pgn_reader_error(whole) != PGN_E_UTF16)) {
                snprintf(why, n, "a UTF-16 mark at the start, read by the whole text's reader");
                ok = false;
            }
            st->utf16 = true;
            break;
        }
        pgn_reader_open_mem(part, text + at, cut, "part");
        int rb;
        while (ok && (rb = pgn_collect_game(part, &b)) > 0) {
            ok = skim_alike_next(whole, text, prev, &b, line, st, why, n);
            prev = (size_t)(b.raw - text) + b.raw_len;
        }
        if (ok && rb < 0) {
            snprintf(why, n, "at %zu: the reader fails (%s)", at,
                     pgn_error_name(pgn_reader_error(part)));
            ok = false;
        }
        for (size_t i = at; i < at + cut; i++) /* (as the reader counts lines) */
            line += text[i] == '\n' || (text[i] == '\r' && (i + 1 == len || text[i + 1] != '\n'));
        at += cut;
    }
    struct pgn_game a;
    if (ok && !st->utf16 && pgn_collect_game(whole, &a) != 0) {
        snprintf(why, n, "the whole text has more than the %lu games of the walk", st->games);
        ok = false;
    }
    const char *rest;
    unsigned long rest_line;
    if (ok && !st->utf16 && text + prev + pgn_reader_rest(whole, &rest, &rest_line) != text + len) {
        snprintf(why, n, "the whole text's rest does not start where the walk's last game ends");
        ok = false;
    }
    pgn_reader_free(whole);
    pgn_reader_free(part);
    return ok;
}
