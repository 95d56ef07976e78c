/*
 * progress.c - a progress line on standard error (see progress.h).
 */
#include "progress.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct progress {
    progress_line_fn *fn;
    void *ctx;
    double start;
    pthread_t tid;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stop;
    bool drawn; /* a line is on the terminal */
};

double progress_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

bool progress_wanted(const struct cli_common *common)
{
    return !common->quiet && isatty(STDERR_FILENO) == 1;
}

/* Take the line off the terminal (with p->lock held). */
static void erase(struct progress *p)
{
    if (p->drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        p->drawn = false;
    }
}

/* Wake twice a second and redraw one line, after the first second: a
 * short run shows nothing. */
static void *progress_main(void *arg)
{
    struct progress *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->stop) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 500000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&p->wake, &p->lock, &until);
        if (p->stop)
            break;
        double elapsed = progress_now() - p->start;
        if (elapsed < 1.0)
            continue;
        char line[256];
        p->fn(p->ctx, elapsed, line, sizeof line);
        fprintf(stderr, "\r%s: %s\033[K", program_invocation_short_name, line);
        fflush(stderr);
        p->drawn = true;
    }
    erase(p);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

struct progress *progress_start(const struct cli_common *common, progress_line_fn *fn, void *ctx)
{
    if (!progress_wanted(common))
        return NULL;
    struct progress *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    *p = (struct progress){.fn = fn, .ctx = ctx, .start = progress_now()};
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    if (pthread_create(&p->tid, NULL, progress_main, p) != 0) {
        pthread_mutex_destroy(&p->lock);
        pthread_cond_destroy(&p->wake);
        free(p);
        return NULL;
    }
    return p;
}

void progress_stop(struct progress *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stop = true;
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
    pthread_join(p->tid, NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->wake);
    free(p);
}

void progress_hold(struct progress *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    erase(p);
}

void progress_release(struct progress *p)
{
    if (p)
        pthread_mutex_unlock(&p->lock);
}

void progress_games_line(void *ctx, double seconds, char *buf, size_t size)
{
    const struct progress_games *g = ctx;
    uint64_t games = atomic_load(&g->games), bytes = atomic_load(&g->bytes);
    int n = snprintf(buf, size, "%llu game%s, %.0f games/s", (unsigned long long)games,
                     games == 1 ? "" : "s", (double)games / seconds);
    if (g->total && n > 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, ", %.1f of %.1f MB", (double)bytes / 1e6,
                 (double)g->total / 1e6);
}

void progress_games_file(struct progress_games *g, int fd)
{
    if (!g)
        return;
    g->base += g->at;
    g->at = 0;
    g->fd = fd;
}

/* The descriptor's offset is what the reader has taken of the file (its
 * buffer included): near enough for a progress line. */
void progress_games_update(struct progress_games *g, uint64_t games)
{
    if (!g)
        return;
    off_t at = lseek(g->fd, 0, SEEK_CUR);
    if (at >= 0)
        g->at = (uint64_t)at;
    atomic_store(&g->games, games);
    atomic_store(&g->bytes, g->base + g->at);
}

/* A pipe or terminal has no size: then no total is shown, rather than a
 * wrong one. */
uint64_t progress_input_size(char *const *files, int nfiles)
{
    uint64_t total = 0;
    for (int i = 0; i < (nfiles ? nfiles : 1); i++) {
        struct stat st;
        const char *path = nfiles ? files[i] : "-";
        int rc = strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, &st) : stat(path, &st);
        if (rc != 0 || !S_ISREG(st.st_mode))
            return 0;
        total += (uint64_t)st.st_size;
    }
    return total;
}
