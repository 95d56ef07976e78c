/*
 * pgn_alike.h - the tests' comparison of games read by two PGN readers
 * (test_pgn and fuzz_pgn hold readers against each other with it): field
 * by field, and without the tokens that an option drops.
 */
#ifndef PGN_ALIKE_H
#define PGN_ALIKE_H

#include "games/pgn.h"

#include <stdbool.h>
#include <stddef.h>

/* Are a and b the same game but for their numbers, b read from a later
 * start (its line numbers shifted by dl lines)?  Tags, tokens and
 * diagnostics with their places.  When not, why (n bytes, may be NULL)
 * says where they part. */
bool pgn_alike(const struct pgn_game *a, const struct pgn_game *b, unsigned long dl, char *why,
               size_t n);

/* The tokens that PGN_OPT_SKIP_NUMBERS and PGN_OPT_SKIP_COMMENTS drop. */
bool pgn_alike_skipped(const struct pgn_token *t);

/* *g without the tokens that drop() picks, kept in a static array (one
 * game at a time: the next call reuses it); returns how many it dropped. */
long pgn_alike_drop(struct pgn_game *g, bool (*drop)(const struct pgn_token *));

#endif /* PGN_ALIKE_H */
