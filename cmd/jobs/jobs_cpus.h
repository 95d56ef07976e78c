/*
 * jobs_cpus.h - the threads of --jobs bound to CPUs.  When --jobs N takes
 * every CPU the process may run on, each thread is bound to one of them
 * for the run, the main thread to the CPU it is on.  The kernel of the
 * 2-CPU test host packs runnable threads onto few virtual CPUs
 * (sched_vcpu_pack on its command line): a free worker often ran beside
 * the main thread, from its start and again after a wait for a chunk,
 * and bound threads made --jobs 2 faster; binding the worker for its
 * start alone did not (docs/performance.md, "cmd/").  With fewer threads
 * than CPUs they stay free: only the scheduler sees what else runs.  Used
 * by jobs.c alone.
 *
 *     struct jobs_cpus b;
 *     jobs_cpus_plan(&b, threads);              // binds the main thread
 *     while (...) jobs_cpus_start(&b, &thread[i], worker_main, arg);
 *     ...
 *     jobs_cpus_end(&b);                        // the main thread unbound
 */
#ifndef CHESS_JOBS_CPUS_H
#define CHESS_JOBS_CPUS_H

#include <pthread.h>
#include <sched.h>
#include <stdbool.h>

struct jobs_cpus {
    bool on;
    int main_cpu;      /* the main thread's */
    int next;          /* where the next worker's is looked for: the allowed
                        * CPUs in order, main_cpu left out */
    cpu_set_t allowed; /* the process's CPUs, the main thread's again at the end */
};

/* The CPUs the process may run on (taskset, a cgroup's cpuset) in *set,
 * and how many: 0 when they cannot be known. */
int jobs_cpus_allowed(cpu_set_t *set);

/* Plan the binding of threads threads (the main one included) and bind
 * the main thread to the CPU it is on; b->on tells whether they are bound. */
void jobs_cpus_plan(struct jobs_cpus *b, int threads);

/* Start a thread running fn(arg), on the next CPU when bound (it starts
 * there, not beside the main thread); unbound if the binding is refused.
 * False when the thread could not be started. */
bool jobs_cpus_start(struct jobs_cpus *b, pthread_t *thread, void *(*fn)(void *), void *arg);

/* The main thread free again on every CPU of the process, if it was bound. */
void jobs_cpus_end(const struct jobs_cpus *b);

#endif /* CHESS_JOBS_CPUS_H */
