/* The PGN splitter: where PGN text may be cut into runs of whole games, so
 * that several readers (pgn.h) can read the runs in parallel and together
 * give exactly the games that one reader gives over the whole text
 * (pgn-to-named-notation --jobs).  The cut follows the reader's own rules:
 * it falls only before a line that starts with '[' (after an optional
 * byte-order mark) and follows a movetext line ending with a result
 * (nothing after it, not even a comment: that would belong to the next
 * game), outside {...} comments (which may span lines; the standard rule,
 * not PGN_OPT_NESTED_COMMENTS), ';' comments, '%' escape lines and
 * variations.  Only whole lines are looked at; the caller keeps the text.
 * tests/unit/test_pgn.c holds it to the reader, on its own cases and on
 * every archive of the shared data.
 *
 *     struct pgn_split sp = {0};
 *     size_t at = 0;
 *     unsigned long lines = 0;
 *     if (pgn_split_scan(&sp, buf, len, 1 << 20, &at, &lines))
 *         ... buf[0..at) holds whole games (lines of them), the rest
 *             starts the next run; scan it with the same sp ... */
#ifndef CHESS_PGN_SPLIT_H
#define CHESS_PGN_SPLIT_H

#include <stdbool.h>
#include <stddef.h>

struct pgn_split {
    bool in_brace;   /* inside a {...} comment that goes on past its line */
    bool ends_game;  /* the last movetext line ended with a result at depth 0 */
    int paren;       /* variations open */
    bool prev_blank; /* the last line was blank */
    /* A line came whose reading the splitter does not know (a lone CR, a
     * tag line with a comment or a variation after its pairs, a tag pair
     * of no plain form ending a comment): no cut is offered after it. */
    bool lost;
};

/* Look at one whole line s[0..n) (without its '\n'); true when a run of
 * games may start with it.  A lone CR in it (a line end for the reader)
 * is the caller's to see: pgn_split_scan marks the splitter lost. */
bool pgn_split_line(struct pgn_split *sp, const char *s, size_t n);

/* A likely place to cut buf[0..len), for a fraction of pgn_split_scan's
 * cost: the first line at offset *at or beyond that starts with '[' and
 * follows a line ending with a result (blank lines between).  Wrong when
 * these stand inside a comment or a variation over several lines (the
 * reader of the text before then does not come to rest: pgn_reader_at_rest).
 * True with *at moved to the line; false with *at = len. */
bool pgn_split_guess(const char *buf, size_t len, size_t *at);

/* Look at the whole lines of buf from *at (a last line without '\n' is
 * left for later), moving *at and *lines past each; stop and return true
 * at the first line that may start a run and lies at offset min or beyond
 * (and past 0).  False when no such line came before the end. */
bool pgn_split_scan(struct pgn_split *sp, const char *buf, size_t len, size_t min, size_t *at,
                    unsigned long *lines);

#endif /* CHESS_PGN_SPLIT_H */
