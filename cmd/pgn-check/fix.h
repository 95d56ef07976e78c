/*
 * fix.h - pgn-check --fix: a checked game whose findings the export can
 * mend, written again in the PGN standard's export format by the
 * library's one PGN writer (lib/games/pgn_write, through pgn-to-named-
 * notation's policy, cmd/output/game_pgn, with --fix-result's rule for
 * the Result tag), then checked again, so that a finding counts as fixed
 * only when the new text no longer has it.
 *
 *     struct fixer *f = fixer_new(&options);       // one per thread
 *     if (fixer_fix(f, g, &res, &fx))              // after pgn_check_read_game
 *         ... fx.text, fx.fixed[i] for res.diags[i], fx.id ...
 *     fixer_free(f);
 *
 * A game is written again only when it has no error (but a tag value with
 * unescaped quotes, which the reader recovered), is not an empty game,
 * has a finding of a code the export mends (fixer_code_fixable), and its
 * new text reads back without an error, with no finding the old one did
 * not have and without at least one of those it had: else the game stays
 * byte for byte (a game fixed once is never written again, so --fix of
 * its own output changes nothing).
 */
#ifndef CHESS_FIX_H
#define CHESS_FIX_H

#include "check_options.h"
#include "games/pgn.h"
#include "policy/game_id.h"
#include "policy/pgn_check.h"

#include <stdbool.h>
#include <stddef.h>

/* A game written again: its new text (the tags, the movetext, the
 * marker and its line end; no blank line after it; CR LF line ends and a
 * byte-order mark when the game had them), which of its findings
 * it mends (fixed[i] for res->diags[i]) and its identity for the
 * duplicate check, from the new text.  Valid until the fixer's next call. */
struct fix_result {
    const char *text;
    size_t len;
    const bool *fixed;
    bool hashed;
    struct game_id id;
};

struct fixer;

/* A fixer with the checks and rules of o; NULL when out of memory. */
struct fixer *fixer_new(const struct check_options *o);
void fixer_free(struct fixer *f);

/* Whether the export mends findings of this code (the codes listed under
 * --fix in formats/pgn-check.md). */
bool fixer_code_fixable(enum pgn_check_code code);

/* Write g (read with PGN_CHECK_READER_OPTIONS, checked into res) again:
 * true with *out set, false when the game stays as it is (nothing to
 * mend, or nothing mended).  Out of memory: false with *nomem set. */
bool fixer_fix(struct fixer *f, const struct pgn_game *g, const struct pgn_check_result *res,
               struct fix_result *out, bool *nomem);

/* A game that had no termination marker ends with one once fixed; what
 * follows it may then read otherwise (the reader's text after a result is
 * not the text after moves: a malformed tag pair there can be stray text,
 * and the game after it another).  fix_gave_marker: the fix of res gave
 * its game a marker; fix_next_reads_alike: the game read next, g with
 * res, starts as a game after a marker would (no error at its first
 * line, no stray text), else the game before is to stay as it was
 * (checked_unfix), so that --fix of the output changes nothing. */
bool fix_gave_marker(const struct pgn_check_result *res, const struct fix_result *fx);
bool fix_next_reads_alike(const struct pgn_game *g, const struct pgn_check_result *res);

#endif /* CHESS_FIX_H */
