/* Skimming PGN text: a game's bounds, its raw bytes and its tags, without
 * reading the tokens of its movetext.  The fast path of a selection on
 * tags alone (pgn-select), which must run at the speed of finding lines.
 *
 * A speed engine in a room of its own: it takes a game only when it can
 * show, from the bytes it looks at, that the reader (pgn.h, default
 * limits, options PGN_OPT_RAW | PGN_OPT_REPEATED_TAGS) reads the same
 * text as one game with the same raw bytes and the same tags, and finds
 * in it no diagnostic at all (so none that game_damage counts): tag lines
 * of the plain form, movetext lines without control bytes, comments and
 * variations closed, the result ending the game's last line and no result
 * before it, nothing over the caps.  Anything else it leaves to the
 * reader (PGN_SKIM_READER), which then reads from the same place up to
 * the next place where a run of games may start (pgn_split_scan).
 * tests/unit/test_pgn_skim.c holds it to the reader, on its own cases, on
 * every archive of the shared data and on mutations of them.
 *
 *     size_t at = 0;
 *     struct pgn_skim_game g;
 *     int rc;
 *     while ((rc = pgn_skim_next(text, len, &at, &g)) != PGN_SKIM_END)
 *         if (rc == PGN_SKIM_GAME)
 *             ... g.raw, g.tags ...
 *         else  // PGN_SKIM_READER: read text[at..cut) with a reader,
 *               // cut from pgn_split_scan; at = cut
 *
 * text must start where a reader is between games: the start of an
 * input, a cut of pgn_split_scan, or the end of a game skimmed.  It is
 * whole: text[len] is the end of the input or a cut, never the middle of
 * a line. */
#ifndef CHESS_PGN_SKIM_H
#define CHESS_PGN_SKIM_H

#include "pgn.h"

#include <stddef.h>

/* The tags of a game skimmed: more are left to the reader. */
enum { PGN_SKIM_MAX_TAGS = 64, PGN_SKIM_ARENA = 8192 };

struct pgn_skim_game {
    const char *raw; /* the game's bytes, as pgn_game.raw gives them */
    size_t raw_len;
    unsigned long lines; /* '\n's in raw (raw's lines, for the next game's line number) */
    /* Where its first tag stands, in lines from raw's start (0: raw's
     * first line) and column (1-based, bytes, after a byte-order mark). */
    unsigned long tag_line, tag_col;
    /* The tags, as the reader gives them (texts NUL-terminated, in
     * arena; each tag's line and col relative to raw's start as
     * tag_line and tag_col). */
    struct pgn_tag tags[PGN_SKIM_MAX_TAGS];
    size_t ntags;
    char arena[PGN_SKIM_ARENA];
};

enum pgn_skim_rc {
    PGN_SKIM_END,    /* nothing but blank lines from *at: the rest of the input (*at unchanged) */
    PGN_SKIM_GAME,   /* a game: *g, and *at moved past it */
    PGN_SKIM_READER, /* the text from *at is for a reader (*at unchanged) */
};

/* Skim the game at text[*at..len). */
enum pgn_skim_rc pgn_skim_next(const char *text, size_t len, size_t *at, struct pgn_skim_game *g);

#endif /* CHESS_PGN_SKIM_H */
