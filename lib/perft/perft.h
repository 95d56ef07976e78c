/* Perft: the number of move paths of a given length from a position, the
 * standard test of a move generator; the count per root move (divide), a
 * transposition table, threads, a progress counter another thread may
 * poll, and the split of a deep perft into the positions a few plies down
 * (for many machines). */
#ifndef CHESS_PERFT_H
#define CHESS_PERFT_H

#include "rules/movegen.h"
#include "notation/uci.h"

#include <stdatomic.h>

/* Count the leaf nodes at depth plies below p (depth 0 gives 1): one
 * thread, no table. */
uint64_t perft_count(const struct position *p, int depth);

/* A transposition table shared by the threads of a run (and by runs one
 * after another): full 64-bit keys, written lock-free so that a torn entry
 * never matches, and results stay exact. */
struct perft_table;

/* A table of about `bytes` (at least one bucket); NULL without memory. */
struct perft_table *perft_table_new(size_t bytes);
void perft_table_free(struct perft_table *t);

/* Progress of a running perft_run, for another thread to poll: items_total
 * is set before the work starts, nodes_done and items_done grow as pieces
 * of work (the subtrees below one or two plies) finish. */
struct perft_progress {
    atomic_uint_fast64_t nodes_done;
    atomic_uint items_done;
    atomic_uint items_total;
};

struct perft_config {
    int threads;                     /* worker threads; 0 or 1: the calling thread alone */
    struct perft_table *table;       /* NULL: no transposition table */
    struct perft_progress *progress; /* NULL: nobody watches */
};

/* The count below each root move, in the order of movegen_legal. */
struct perft_divide {
    int count;
    move moves[MOVELIST_MAX];
    uint64_t nodes[MOVELIST_MAX];
};

/* Count the leaf nodes at depth plies below p with the configured threads
 * and table; also fills *divide (when not NULL) with the count below each
 * root move (for depth 0 divide->count is 0). */
uint64_t perft_run(const struct position *p, int depth, const struct perft_config *cfg,
                   struct perft_divide *divide);

/* Put a divide in the order of uci_sort (castling written in style), the
 * counts following their moves: Stockfish's "go perft" order. */
void perft_divide_sort(const struct position *p, struct perft_divide *d, enum uci_castling style);

/* Called once per distinct position `plies` below the root, in the order
 * first reached, with the number of move paths that lead to it. */
typedef void perft_split_visit(const struct position *p, uint64_t paths, void *ctx);

/* Enumerate the distinct positions `plies` (0 to 8) below p; positions
 * that differ only in their move counters are one.  The sum over them of
 * paths * perft(rest) is perft(plies + rest).  Returns false (having
 * visited nothing) when memory runs out. */
bool perft_split(const struct position *p, int plies, perft_split_visit *visit, void *ctx);

#endif
