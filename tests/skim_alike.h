/*
 * skim_alike.h - the tests' hold of the skimmer (lib/games/pgn_skim.h) to the
 * reader (test_pgn_skim and fuzz_pgn_skim): every game skimmed against a
 * reader opened where it starts, and the games of a whole walk (skimmed,
 * or read by a reader up to the splitter's next cut where the skimmer
 * said READER) against those of one reader over the whole text.
 */
#ifndef SKIM_ALIKE_H
#define SKIM_ALIKE_H

#include "games/pgn_skim.h"

#include <stdbool.h>
#include <stddef.h>

/* The reader's options that the skimmer answers for. */
enum { SKIM_ALIKE_OPTIONS = PGN_OPT_RAW | PGN_OPT_REPEATED_TAGS };

struct skim_alike_stats {
    unsigned long games;   /* games of the whole text (one reader) */
    unsigned long skimmed; /* of them, taken by the skimmer */
    unsigned long readers; /* READER answers */
    /* The walk stopped at a UTF-16 byte-order mark, where a reader opened
     * there refuses the text (PGN_E_UTF16): at the input's start, as the
     * whole text's reader does; after a game skimmed, where that reader
     * reads the bytes as text (a READER answer there is pgn-select's to
     * deal with: pgn_skim.h) */
    bool utf16;
};

/* Does the skimmed game g, at text[at..], equal what a reader opened at
 * text + at (the same len - at bytes) reads first: the same raw bytes,
 * line count and tags (texts, places, plain_value, repeated), and no
 * diagnostic?  When not, why (n bytes) says where they part. */
bool skim_alike_game(const char *text, size_t len, size_t at, const struct pgn_skim_game *g,
                     char *why, size_t n);

/* Where the reader's run that starts at text[0] ends: the splitter's
 * first cut past 0 (pgn_split_scan), else len.  Scanned in windows of
 * SKIM_ALIKE_WINDOW bytes: pgn_split_scan looks for a CR over all the
 * bytes it is given, at each call, and a walk calls it at each READER
 * answer (pgn-select does likewise). */
enum { SKIM_ALIKE_WINDOW = 64u << 10 };
size_t skim_alike_cut(const char *text, size_t len);

/* Walks text[0..len) with pgn_skim_next (a READER answer read by a reader
 * up to the next cut of pgn_split_scan), each game skimmed held to
 * skim_alike_game, and the games of the walk held to those of one reader
 * over the whole text (number, raw bytes, tags, diagnostics; the rest).
 * Counts into *st; false with why on the first difference. */
bool skim_alike_walk(const char *text, size_t len, struct skim_alike_stats *st, char *why,
                     size_t n);

#endif /* SKIM_ALIKE_H */
