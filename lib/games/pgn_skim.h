/* Skimming PGN text: a game's bounds, its raw bytes and its tags, without
 * reading the tokens of its movetext.  The fast path of a selection on
 * tags alone (pgn-select), which must run at the speed of finding lines.
 *
 * A speed engine in a room of its own: it takes a game only when it can
 * show, from the bytes it looks at, that the reader (pgn.h, default
 * limits, options PGN_OPT_RAW | PGN_OPT_REPEATED_TAGS) opened at the same
 * place reads the same text as one game with the same raw bytes and the
 * same tags, and finds in it no diagnostic (none that game_damage counts,
 * no missing or misplaced result, no stray text, no repeated tag) but
 * the two of words that are no token: PGN_E_UNEXPECTED_TOKEN and
 * PGN_E_BAD_NAG.  Those it cannot see without reading every word; the
 * replay reports them where it meets them (GAME_E_TEXT), as it reports an
 * illegal move, and a selection that replays nothing passes both alike.
 * What it takes: blank lines, ';' comment and '%' escape lines, then tag
 * lines of the plain form (pgn_lexer_tag_fast's, alone on their lines,
 * the first perhaps after a byte-order mark), then movetext lines without
 * control bytes, ';' comments, brackets or bytes above 0x7e outside
 * comments, with comments and variations closed, no result nor text that
 * could be one ("1-0", "0-1", "1/2", "*") before the result that ends the
 * game's last line, at most 512 KiB in all (under every default cap of
 * the reader).  Anything else it leaves to the reader (PGN_SKIM_READER),
 * which then reads from the same place up to the next place where a run
 * of games may start (pgn_split_scan).  tests/unit/test_pgn_skim.c holds
 * it to the reader (tests/skim_alike.c), on its own cases, on every
 * archive of the shared data and on mutations of them; fuzz_pgn_skim on
 * any bytes.
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
 * Give the reader and pgn_split_scan text[at..cut), not the whole rest:
 * each looks for a lone CR over all the bytes it is given, at every call
 * (opened at each READER answer over the rest of a large input, that is
 * quadratic); find the cut in windows of the text (pgn_split_scan goes on
 * with the same state and place over a longer one): tests/skim_alike.c,
 * skim_alike_cut, does so.  A reader refuses text that starts with a
 * UTF-16 byte-order mark (PGN_E_UTF16), where one reader over the whole
 * input reads those bytes as text: a READER answer after a game skimmed,
 * at FF FE or FE FF, is the one place where a fresh reader parts from it.
 *
 * text must start where a reader is between games: the start of an
 * input, a cut of pgn_split_scan, or the end of a game skimmed.  It is
 * whole: text[len] is the end of the input or a cut, never the middle of
 * a line. */
#ifndef CHESS_PGN_SKIM_H
#define CHESS_PGN_SKIM_H

#include "pgn.h"

#include <stddef.h>

/* The tags of a game skimmed: more, or longer tag lines (with their
 * blanks and line ends) in all, are left to the reader. */
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
