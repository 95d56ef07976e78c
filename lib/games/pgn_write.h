/*
 * pgn_write.h - the PGN writer: a game in the PGN standard's export format
 * (section 8; formats/pgn-export.md is the layout and says where a choice
 * was made), from the events of its replay (game.h), for both tools that
 * write PGN (pgn-to-named-notation --to=pgn, named-notation-to-pgn):
 *
 *   [Event "?"]            the seven-tag roster in its order (a missing
 *   ...                    tag as "?", "????.??.??", the result), then
 *   [Result "1-0"]         the other tags in ASCII order by name
 *   [ECO "C20"]
 *                          a blank line
 *   1. e4 $1 { A comment } ( 1. d4 ) 1... e5 2. Qh5 ...
 *   ... 4. Qxf7# 1-0       the movetext, lines of at most 79 characters
 *                          a blank line
 *
 * The movetext is laid out as the events come; the tag section is made
 * at the game's end, when the caller knows the tags it sets.  The writer
 * writes into buffers of its own, which the caller copies out:
 *
 *     struct pgn_writer w = {0};
 *     pgn_writer_begin(&w);                 // each game
 *     pgn_writer_start(&w, &replay->start); // its setup succeeded
 *     pgn_writer_event(&w, &ev);            // each replay event
 *     if (pgn_writer_end(&w, g, NULL, 0, "1-0", NULL))
 *         write(w.head), write(w.text);
 *     pgn_writer_free(&w);
 *
 * It never prints: out of memory is its answer false.
 */
#ifndef CHESS_PGN_WRITE_H
#define CHESS_PGN_WRITE_H

#include "base/array.h"
#include "game.h"
#include "pgn.h"
#include "rules/position.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* The longest line of movetext (standard 8.2.1: "less than 80"). */
enum { PGN_WRITE_COLUMNS = 79 };

/* Bytes that grow by doubling (array_grow); nomem: an allocation failed
 * and bytes were dropped. */
struct pgn_write_buf {
    char *data;
    size_t len, cap;
    bool nomem;
};

/* A game being written: start from {0}, reuse it for every game. */
struct pgn_writer {
    struct pgn_write_buf head; /* after pgn_writer_end: the tag section and its blank line */
    struct pgn_write_buf text; /* the movetext so far; after end, its marker and blank line */
    /* private */
    struct pgn_write_buf scratch; /* a comment's words */
    size_t col;                   /* length of the movetext's last line */
    bool need_number;             /* Black's next move gets "N..." */
    int depth;                    /* variations open */
    int pending;                  /* of them, those with nothing written yet */
    bool need_number_before;      /* need_number before the first of those */
    const char *variant_tag;      /* the rules of pgn_writer_start as a Variant tag, or NULL */
    const struct pgn_tag **order; /* the tags after the roster, to sort */
    size_t order_cap;
};

/* Start a game: no movetext yet, no rules known. */
void pgn_writer_begin(struct pgn_writer *w);

/* The position the game's replay starts from, under its rules: a game
 * played by other rules than standard chess (--variant, --chess960)
 * without a Variant tag gets one, so that the export reads back the same
 * (formats/pgn-export.md).  Not called: no Variant tag is added. */
void pgn_writer_start(struct pgn_writer *w, const struct position *start);

/* One replay event: a move or null move (SAN, its number where the
 * export format wants one), a NAG ("$n"), a comment ("{ words }"), a
 * variation's start or end (an empty variation is left out).  The result
 * event is ignored: the marker comes with pgn_writer_end. */
void pgn_writer_event(struct pgn_writer *w, const struct game_event *ev);

/* The game is over: w->head gets its tag section, w->text its marker and
 * the blank line.  The tags are g's (each name once, its first value)
 * with those of set[0..nset) in their place (set: the tags the caller
 * decides, each name once; they replace the game's of the same name, or
 * are added); a roster tag neither gives is the standard's unknown, the
 * Result tag result.  result is the marker.  error, when not NULL, is
 * the problem that stopped the game (kept under --on-error=keep): its
 * open variations are closed, a comment "error: ERROR" written, and the
 * marker and Result tag are "*" whatever result and set say.  False when
 * memory ran out (the text is then incomplete). */
bool pgn_writer_end(struct pgn_writer *w, const struct pgn_game *g, const struct pgn_tag *set,
                    size_t nset, const char *result, const char *error);

/* Free the buffers; w is {0} again. */
void pgn_writer_free(struct pgn_writer *w);

/* A tag pair t from its texts (not yet written), for set. */
static inline struct pgn_tag pgn_write_tag_of(const char *name, const char *value)
{
    return (struct pgn_tag){
        .name = name, .name_len = strlen(name), .value = value, .value_len = strlen(value)};
}

/* One tag pair as a line, [Name "value"] and LF, written at q (which has
 * room for pgn_write_tag_room(t) bytes); returns the end of what it
 * wrote.  A quote or backslash in the value is escaped with a backslash
 * (standard 8.1.1).  Inline: every conversion writes its tags with it
 * (cmd/output/games.c), and a call per tag weighed on archives with long tags. */
static inline size_t pgn_write_tag_room(const struct pgn_tag *t)
{
    return t->name_len + 2 * t->value_len + 6;
}
static inline char *pgn_write_tag(char *q, const struct pgn_tag *t)
{
    *q++ = '[';
    array_copy_short(q, t->name, t->name_len);
    q += t->name_len;
    memcpy(q, " \"", 2);
    q += 2;
    const char *v = t->value, *end = v + t->value_len;
    if (t->plain_value) { /* (nearly every value: nothing to escape) */
        array_copy_short(q, v, t->value_len);
        q += t->value_len;
        v = end;
    }
    while (v < end) {
        const char *run = v;
        while (v < end && *v != '"' && *v != '\\')
            v++;
        memcpy(q, run, (size_t)(v - run));
        q += v - run;
        if (v < end) {
            *q++ = '\\';
            *q++ = *v++;
        }
    }
    memcpy(q, "\"]\n", 3);
    return q + 3;
}

#endif /* CHESS_PGN_WRITE_H */
