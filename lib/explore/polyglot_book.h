/* Polyglot opening books (formats/polyglot.md): the 16-byte entry, the move
 * encoding, a book read from bytes with its damage found, lookup by key,
 * and a book built by `polyglot make-book`'s rules.
 *
 * An entry is, big-endian: the position's key (polyglot_key.h, 8 bytes),
 * the move (2), the weight (2), the learn value (4).  A book is its entries
 * sorted by key; the entries of one key are its moves.  A move is to-square
 * (bits 0-5), from-square (6-11), promotion (12-14: none, N, B, R, Q), the
 * squares a1 = 0 to h8 = 63, castling as the king taking its own rook (e1h1),
 * as the library writes its moves. */
#ifndef CHESS_POLYGLOT_BOOK_H
#define CHESS_POLYGLOT_BOOK_H

#include "rules/move.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { POLYGLOT_ENTRY_SIZE = 16 };

struct polyglot_entry {
    uint64_t key;
    uint16_t move; /* Polyglot's encoding */
    uint16_t weight;
    uint32_t learn;
};

void polyglot_entry_put(const struct polyglot_entry *e, uint8_t out[POLYGLOT_ENTRY_SIZE]);
struct polyglot_entry polyglot_entry_get(const uint8_t in[POLYGLOT_ENTRY_SIZE]);

/* Polyglot's encoding of m, a move of standard chess or Chess960 (not a
 * drop, not a king promotion). */
uint16_t polyglot_move_encode(move m);
/* Is raw shaped as a move: squares apart, no bit 15, a promotion piece of
 * N to Q only from the seventh rank to the eighth (either side's)? */
bool polyglot_move_well_formed(uint16_t raw);
/* The legal move of p that raw names, MOVE_NONE where none does. */
move polyglot_move_decode(const struct position *p, uint16_t raw);

/* What is wrong with a book's bytes. */
enum polyglot_book_status {
    POLYGLOT_BOOK_OK,
    POLYGLOT_BOOK_SIZE,     /* the size is not a multiple of 16: a torn last entry */
    POLYGLOT_BOOK_UNSORTED, /* an entry's key is below the one before it */
    POLYGLOT_BOOK_MOVE,     /* an entry's move is not shaped as a move */
};
enum { POLYGLOT_MESSAGE_MAX = 160 };
struct polyglot_book_problem {
    enum polyglot_book_status status;
    size_t entry;  /* the entry (from 0) */
    size_t offset; /* its first byte in the book */
    char message[POLYGLOT_MESSAGE_MAX];
};

/* A book over bytes the caller keeps (not copied). */
struct polyglot_book {
    const uint8_t *bytes;
    size_t entries;
};

/* Check bytes[0..len) as a book: the size, the order of the keys, the
 * shape of every move (the first problem found is reported, and the book is
 * not usable).  An empty book is a book. */
bool polyglot_book_open(struct polyglot_book *b, const uint8_t *bytes, size_t len,
                        struct polyglot_book_problem *problem);
static inline struct polyglot_entry polyglot_book_entry(const struct polyglot_book *b, size_t i)
{
    return polyglot_entry_get(b->bytes + i * POLYGLOT_ENTRY_SIZE);
}
/* The entries of key: the first one's index, and their number in *count
 * (0: the book does not have the position). */
size_t polyglot_book_find(const struct polyglot_book *b, uint64_t key, size_t *count);

/* Building a book by make-book's rules (polyglot's book_make.c, Debian's
 * polyglot 2.0.4):
 *   - every ply a game plays before max_ply counts, each time it is played
 *     (a position reached twice in a game counts twice);
 *   - per (key, move): n, the times played, and sum, 2 a win and 1 a draw
 *     for the side that played it (make-book scores every result but 1-0
 *     and 0-1, "*" included, as a draw); when n reaches 16384 the n and sum
 *     of every move of that key are halved, rounding up, and counting goes
 *     on;
 *   - an entry is kept with n >= min_games, sum > 0, sum / n / 2 >=
 *     min_score, and the side to move kept (only_white: White's moves);
 *   - its weight is sum, or 1 with uniform; learn is 0;
 *   - entries are sorted by key, then by weight (highest first), then in
 *     the order they were first played (make-book's qsort is glibc's
 *     merge sort, stable). */
struct polyglot_build_options {
    int min_games;    /* make-book's -min-game, default 3 */
    double min_score; /* a fraction: make-book's -min-score PERCENT / 100.0 */
    bool only_white, only_black, uniform;
};
#define POLYGLOT_BUILD_OPTIONS_DEFAULT                                                             \
    {                                                                                              \
        .min_games = 3                                                                             \
    }
/* make-book's -max-ply default: plies 0 to 1023 count. */
enum { POLYGLOT_MAX_PLY_DEFAULT = 1024, POLYGLOT_COUNT_MAX = 16384 };

struct polyglot_builder;
struct polyglot_builder *polyglot_builder_new(void);
void polyglot_builder_free(struct polyglot_builder *b);
/* Count the move raw (Polyglot's encoding) played by side in the position
 * of key, in a game whose result for that side is score (2 won, 1 drawn, 0
 * lost).  False when memory ran out (the builder stays as it was). */
bool polyglot_builder_add(struct polyglot_builder *b, uint64_t key, uint16_t raw, enum color side,
                          int score);
/* Count the first max_ply plies of a game: moves[0..n) played from start
 * (legal there, in turn), white_score White's score (2, 1, 0). */
bool polyglot_builder_add_game(struct polyglot_builder *b, const struct position *start,
                               const move *moves, size_t n, int white_score, int max_ply);
/* The (key, move) pairs counted so far. */
size_t polyglot_builder_size(const struct polyglot_builder *b);
/* The book's bytes, filtered and sorted by opt: a malloc'ed buffer of
 * *len bytes (NULL with *len 0 for an empty book or when memory ran out:
 * *oom tells which). */
uint8_t *polyglot_builder_finish(const struct polyglot_builder *b,
                                 const struct polyglot_build_options *opt, size_t *len, bool *oom);

#endif
