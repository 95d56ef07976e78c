/*
 * jobs_cpus.c - the threads of --jobs bound to CPUs (see jobs_cpus.h).
 */
#include "jobs_cpus.h"

/* (sched_getaffinity's set is what taskset and a cgroup's cpuset leave.) */
int jobs_cpus_allowed(cpu_set_t *set)
{
    return sched_getaffinity(0, sizeof *set, set) == 0 ? CPU_COUNT(set) : 0;
}

/* The main thread is bound first, where it is: it reads and writes, and
 * its CPU is left out of the workers'. */
void jobs_cpus_plan(struct jobs_cpus *b, int threads)
{
    b->on = false;
    b->next = 0;
    if (threads < 2 || jobs_cpus_allowed(&b->allowed) != threads)
        return;
    b->main_cpu = sched_getcpu();
    if (b->main_cpu < 0 || b->main_cpu >= CPU_SETSIZE || !CPU_ISSET(b->main_cpu, &b->allowed))
        return;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(b->main_cpu, &one);
    b->on = sched_setaffinity(0, sizeof one, &one) == 0;
}

/* A bound thread gets the next allowed CPU that is not the main thread's. */
bool jobs_cpus_start(struct jobs_cpus *b, pthread_t *thread, void *(*fn)(void *), void *arg)
{
    while (b->on && b->next < CPU_SETSIZE &&
           (b->next == b->main_cpu || !CPU_ISSET(b->next, &b->allowed)))
        b->next++;
    if (b->on && b->next < CPU_SETSIZE) {
        pthread_attr_t attr;
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(b->next++, &one);
        if (pthread_attr_init(&attr) == 0) {
            bool ok = pthread_attr_setaffinity_np(&attr, sizeof one, &one) == 0 &&
                      pthread_create(thread, &attr, fn, arg) == 0;
            pthread_attr_destroy(&attr);
            if (ok)
                return true;
        }
    }
    return pthread_create(thread, NULL, fn, arg) == 0;
}

void jobs_cpus_end(const struct jobs_cpus *b)
{
    if (b->on)
        sched_setaffinity(0, sizeof b->allowed, &b->allowed);
}
