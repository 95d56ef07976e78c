/* perft_pool.c - the threads of a perft run (perft_pool.h). */
#include "perft_pool.h"

#include <pthread.h>

void perft_pool_run(void *(*work)(void *), void *arg, int threads)
{
    enum { THREADS_MAX = 256 };
    pthread_t tid[THREADS_MAX];
    int started = 0;
    if (threads > THREADS_MAX)
        threads = THREADS_MAX;
    for (int i = 1; i < threads; i++) {
        if (pthread_create(&tid[started], NULL, work, arg) != 0)
            break;
        started++;
    }
    work(arg);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
}
