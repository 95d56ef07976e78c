/* The threads of a perft run: one work function run on the calling
 * thread and up to threads - 1 more, which take items from a shared
 * counter (perft's and perft_breakdown's jobs), joined before it
 * returns. */
#ifndef CHESS_PERFT_POOL_H
#define CHESS_PERFT_POOL_H

/* Run work(arg) on the calling thread and threads - 1 more (at most 256
 * in all; fewer when they cannot be created: work takes what is left). */
void perft_pool_run(void *(*work)(void *), void *arg, int threads);

#endif
