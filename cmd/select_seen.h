/*
 * select_seen.h - the games --unique has seen: a set of 128-bit
 * identities (select_game_identity) in one open-addressed table that
 * doubles as it fills, up to a bound on the distinct games it remembers.
 * An identity takes 16 bytes and the table stays at most half full: 32 to
 * 64 bytes per distinct game, whatever the games' length.
 */
#ifndef SELECT_SEEN_H
#define SELECT_SEEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct select_seen {
    uint64_t (*slots)[2]; /* {0, 0}: empty (an identity of zeros is stored as {0, 1}) */
    size_t cap;           /* a power of two, or 0 */
    size_t n;
    size_t max; /* distinct games remembered at most */
    bool full;  /* an identity was not remembered: the bound was reached */
    bool nomem; /* the table could not grow (then it is full too) */
};

/* An empty set that remembers at most max identities. */
void select_seen_init(struct select_seen *s, size_t max);
void select_seen_free(struct select_seen *s);

/* Was id seen before?  If not, it is remembered (unless the set is full). */
bool select_seen_add(struct select_seen *s, const uint64_t id[2]);

#endif /* SELECT_SEEN_H */
