/*
 * explore_index_build.h - `pgn-explore --index DB --build`: the games'
 * counts gathered in bounded memory (--memory), written into the index
 * as they fill it (counts added to those already there), and the top
 * games of each position kept; one transaction from the first game to
 * the commit, so that a build that fails or is killed adds nothing.
 */
#ifndef CHESS_EXPLORE_INDEX_BUILD_H
#define CHESS_EXPLORE_INDEX_BUILD_H

#include "explore/explore_answer.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The top games kept per position (and speed, rating group, month):
 * as many as an answer shows. */
enum { EXPLORE_INDEX_BUILD_TOP = EXPLORE_TOP_GAMES };

struct explore_index_build;

/* Open (or create) the index at path for adding games, with at most
 * memory bytes held; a new index keeps max_ply, an existing one must
 * have been built with the same (else a message and 64).  NULL after a
 * message naming the file, with *status set. */
struct explore_index_build *explore_index_build_open(const char *path, int max_ply, size_t memory,
                                                     int *status);

/* Add a walked game (its counted plies; the top games only where both
 * ratings are known).  *number is where the caller stores the game's
 * number in its file once it knows it (the game loop's contract:
 * explore_loop.h); it stays valid until explore_index_build_end.  0, or
 * the status after a message (then only explore_index_build_end(b,
 * false) is left). */
int explore_index_build_add(struct explore_index_build *b, const struct explore_walk *w,
                            unsigned long **number);

/* Games added so far, and rows written out (for --stats). */
unsigned long long explore_index_build_games(const struct explore_index_build *b);

/* Commit what was added (commit true) or leave the index as it was, and
 * free b.  0, or the status after a message. */
int explore_index_build_end(struct explore_index_build *b, bool commit);

/* The variants table's code of a variant (enum variant) and Chess960
 * flag: variant * 2 + chess960. */
int explore_index_build_variant_code(int variant, bool chess960);

/* Parse --memory's SIZE: digits with an optional K, M, G or T (powers of
 * 1024; "KiB", "MB" and the like are the same), at least 1M.  False when
 * it is not one. */
bool explore_index_build_parse_memory(const char *text, size_t *out);

#endif
