/* The identity of a game, and a bounded set of identities: what
 * "the same game" means to pgn-select --unique and to pgn-check's
 * duplicate-game warning, in one place.
 *
 * An identity is 128 bits standing for the game's rules (variant and
 * Chess960), its start position as repetition counts it
 * (select_position_hash: pieces, side, castling rights, the legal
 * en-passant square, the variant's state; not the counters), its main
 * line (null moves included) and its number of plies, and, when the tool
 * wants them, tag texts in a fixed order (pgn-check: White, Black and the
 * result, byte for byte).  Two games that agree on all of it get equal
 * identities; two that do not get equal ones with a chance of about
 * 2^-128.  Comments, variations, NAGs and other tags never count. */
#ifndef CHESS_GAME_ID_H
#define CHESS_GAME_ID_H

#include "rules/move.h"
#include "rules/position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct game_id {
    uint64_t w[2];
};

/* An identity being made: game_id_begin, then game_id_move for each ply
 * of the main line, then game_id_text for each tag text, game_id_end. */
struct game_id_acc {
    uint64_t a, b;
};

void game_id_begin(struct game_id_acc *acc, const struct position *start);

/* A ply of the main line: m, or MOVE_NONE for a null move.  Run on every
 * ply, so it is two cheap independent steps; game_id_end mixes them
 * well. */
static inline void game_id_step(struct game_id_acc *acc, uint64_t x)
{
    uint64_t a = (acc->a ^ x) * 0x9E3779B97F4A7C15ull;
    uint64_t b = (acc->b + x) * 0xC2B2AE3D27D4EB4Full;
    acc->a = a << 23 | a >> 41; /* (the rotations carry the high bits down) */
    acc->b = b << 37 | b >> 27;
}
static inline void game_id_move(struct game_id_acc *acc, move m)
{
    game_id_step(acc, m);
}

/* A tag text (NULL counts as missing, apart from ""), its length first so
 * that ("ab", "c") and ("a", "bc") differ. */
void game_id_text(struct game_id_acc *acc, const char *s);

struct game_id game_id_end(const struct game_id_acc *acc, unsigned long plies);

/* A set of identities in one open-addressed table that doubles as it
 * fills (kept at most half full), up to a bound on the identities it
 * remembers.  An identity takes 16 bytes, 32 to 64 bytes each with the
 * empty slots; with places, 8 more for the place of its first copy
 * (48 to 96 bytes). */
struct game_id_set {
    struct game_id *slots; /* {0, 0}: empty (an identity of zeros is kept as {0, 1}) */
    uint32_t (*place)[2];  /* with places: the place given with each */
    size_t cap;            /* a power of two, or 0 */
    size_t n;
    size_t max;  /* identities remembered at most */
    bool places; /* game_id_set_add keeps a place with each identity */
    bool full;   /* an identity was not remembered: the bound was reached */
    bool nomem;  /* the table could not grow (then it is full too) */
};

/* An empty set that remembers at most max identities (SIZE_MAX: as many
 * as memory holds), and with places a place (two numbers: pgn-check's
 * game ordinal and line) with each. */
void game_id_set_init(struct game_id_set *s, size_t max, bool places);
void game_id_set_free(struct game_id_set *s);

/* Was id added before?  1: yes (with places, *first gets the place given
 * then); 0: no, and it is remembered with place (which may be NULL
 * without places); -1: no, and it was not remembered: the set is full
 * (s->full; s->nomem too when memory ran out). */
int game_id_set_add(struct game_id_set *s, const struct game_id *id, const uint32_t place[2],
                    uint32_t first[2]);

#endif /* CHESS_GAME_ID_H */
