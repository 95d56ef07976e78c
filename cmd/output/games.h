/*
 * games.h - what the two game converters (pgn-to-named-notation and
 * named-notation-to-pgn) share: --on-error, the tag section and result of
 * a game, the wording of a game's problem and of a reader's hard error,
 * and the closing "N games, N converted, N with errors" line.
 */
#ifndef CHESS_GAMES_H
#define CHESS_GAMES_H

#include "cli/cli.h"
#include "cli/cli_stats.h"
#include "games/game.h"
#include "jobs/jobs.h"
#include "games/pgn.h"

/* --on-error: what becomes of a game with an error. */
enum games_on_error { GAMES_ON_ERROR_SKIP, GAMES_ON_ERROR_KEEP, GAMES_ON_ERROR_STOP };

/* Parse an --on-error value (skip, keep or stop); anything else is a usage
 * error. */
enum games_on_error games_on_error(struct argp_state *state, const char *arg);

/* Write the tag pairs in input order, escaped as PGN wants (standard
 * 8.1.1), and the blank line after them when there are any. */
void games_put_tags(struct cli_buf *out, const struct pgn_game *g);
/* One tag pair so, on a line of its own: [Name "value"]. */
void games_put_tag(struct cli_buf *out, const struct pgn_tag *t);

/* The result to close a game with when it has no result token: a
 * well-formed Result tag, else "*" (standard 8.2.6: unknown). */
const char *games_tag_result(const struct pgn_game *g);

/* Into d, what the reader found around the game (line_offset: the lines
 * before the chunk): a repeated tag (its first value holds) and a missing
 * result where a new game's move 1 follows, warnings; stray text, no
 * game: reported about no game, the input not clean (status 1, merged
 * into *status), and true. */
bool games_report_read(struct jobs_diags *d, int *status, const struct pgn_game *g,
                       unsigned long line_offset);

/* A game's problem, worded for the diagnostic and the --on-error=keep note. */
struct games_problem {
    char what[512];          /* "ply 3 (2.): illegal move 'Ke3': ..." */
    char msg[800];           /* the label (game_label), ": " and what */
    unsigned long line, col; /* where: the problem's place, else the game's */
};
void games_problem(const struct pgn_game *g, const struct game_problem *pb,
                   struct games_problem *out);

/* Report a game's problem into res, "FILE:LINE:COL: game N (LABEL):
 * what" (line_offset: the lines before the chunk; number: the game's in
 * the chunk), and the input not clean (status 1). */
void games_report_problem(struct jobs_result *res, const struct pgn_game *g,
                          const struct game_problem *pb, unsigned long line_offset,
                          unsigned long number);

/* Report a reader's hard error on file name: "cannot read NAME: reason"
 * (CLI_NOINPUT) or "NAME: message" (CLI_INVALID); returns the status.  The
 * _text form words it into buf (GAMES_HARD_ERROR_MAX bytes hold any) for
 * writing later. */
enum { GAMES_HARD_ERROR_MAX = 8192 };
int games_hard_error(const char *name, enum pgn_error e, int err);
int games_hard_error_text(const char *name, enum pgn_error e, int err, char *buf, size_t size);
/* A reader's hard error e (err: its errno) kept in res, after the games
 * read before it: its diagnostic, placed when it has a line (shifted by
 * line_offset, the lines before the text read), the status it gives, and
 * the end of the run when memory ran out.  The one wording of the PGN
 * tools (pgn-to-named-notation, pgn-check, pgn-select). */
/* Once the reader of in (cli_open) met the end of its text: a compressed stream that
 * broke (decompress.h) kept in res, after the games read before it, as
 * its diagnostic placed in the decompressed text and the status it gives;
 * nothing for any other stream. */
void games_input_damage(struct jobs_result *res, struct text_reader *in);

void games_hard_error_keep(struct jobs_result *res, const char *name, enum pgn_error e, int err,
                           unsigned long line_offset);
/* The line of the input a hard error is located at (its column is 1), or
 * 0 for an error of the whole file (games_hard_error_text then names the
 * file in the message). */
unsigned long games_hard_error_line(enum pgn_error e);

/* Exit status 1 when a game had an error, and the "N games, N converted,
 * N with errors" line on stderr with --stats or when something went wrong
 * (never with -q); with --stats=json the object of those counts instead
 * (games, converted, with_errors: cli_stats.h). Returns the status. */
int games_finish(const struct cli_common *common, enum cli_stats stats, unsigned long games,
                 unsigned long converted, unsigned long errors, int status);

#endif /* CHESS_GAMES_H */
