/*
 * divide_command.c - perft --against-divide's engine (see
 * divide_command.h).
 */
#include "divide_command.h"

#include "cli/progress.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

bool divide_command_init(struct divide_command *c, const char *tmpl, int timeout_ms)
{
    memset(c, 0, sizeof *c);
    c->timeout_ms = timeout_ms;
    if (!strstr(tmpl, "{fen}") || !strstr(tmpl, "{depth}")) {
        snprintf(c->why, sizeof c->why, "needs {fen} and {depth} in its command");
        return false;
    }
    size_t len = strlen(tmpl);
    c->words_text = malloc(len + 1);
    c->words = malloc((len / 2 + 2) * sizeof *c->words);
    if (!c->words_text || !c->words) {
        divide_command_free(c);
        snprintf(c->why, sizeof c->why, "out of memory");
        return false;
    }
    memcpy(c->words_text, tmpl, len + 1);
    for (char *w = strtok(c->words_text, " \t"); w; w = strtok(NULL, " \t"))
        c->words[c->nwords++] = w;
    c->words[c->nwords] = NULL;
    snprintf(c->name, sizeof c->name, "%s", c->words[0]);
    return true;
}

void divide_command_free(struct divide_command *c)
{
    free(c->words);
    free(c->words_text);
    c->words = NULL;
    c->words_text = NULL;
}

/* word with {fen} and {depth} replaced, in a new string (NULL: no memory). */
static char *substitute(const char *word, const char *fen, const char *depth)
{
    size_t n = 1;
    for (const char *w = word; *w; w++)
        n += strncmp(w, "{fen}", 5) == 0     ? strlen(fen)
             : strncmp(w, "{depth}", 7) == 0 ? strlen(depth)
                                             : 1;
    char *out = malloc(n), *o = out;
    if (!out)
        return NULL;
    for (const char *w = word; *w;) {
        const char *with = strncmp(w, "{fen}", 5) == 0     ? fen
                           : strncmp(w, "{depth}", 7) == 0 ? depth
                                                           : NULL;
        if (with) {
            o = stpcpy(o, with);
            w += with == fen ? 5 : 7;
        } else {
            *o++ = *w++;
        }
    }
    *o = '\0';
    return out;
}

/* The child: input from /dev/null, output to the pipe, then exec; a
 * failed exec writes its errno to the pipe err (closed on exec), read
 * here into *exec_errno (0: the program runs). */
static pid_t spawn(char **argv, int out[2], int *exec_errno)
{
    int err[2];
    *exec_errno = 0;
    if (pipe2(err, O_CLOEXEC) != 0)
        return -1;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        close(err[0]);
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0 && null != STDIN_FILENO) {
            dup2(null, STDIN_FILENO);
            close(null);
        }
        dup2(out[1], STDOUT_FILENO);
        signal(SIGPIPE, SIG_DFL);
        execvp(argv[0], argv);
        int e = errno;
        if (write(err[1], &e, sizeof e) < 0)
            _exit(127);
        _exit(127);
    }
    close(err[1]);
    if (pid > 0) {
        ssize_t n;
        while ((n = read(err[0], exec_errno, sizeof *exec_errno)) < 0 && errno == EINTR)
            ;
        if (n != (ssize_t)sizeof *exec_errno)
            *exec_errno = 0;
    }
    close(err[0]);
    return pid;
}

/* Read the child's output to its end (or the deadline), a line at a time;
 * false at the deadline. */
static bool read_divide(int fd, double deadline, struct uci_engine_divide *t)
{
    char buf[1 << 14], line[4096];
    size_t n = 0;
    for (;;) {
        struct pollfd pfd = {.fd = fd, .events = POLLIN};
        int k = poll(&pfd, 1, uci_engine_ms_left(deadline));
        if (k < 0 && errno == EINTR)
            continue;
        if (k == 0)
            return false;
        ssize_t got = k < 0 ? 0 : read(fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            line[n] = '\0';
            if (n)
                uci_engine_divide_line(line, t);
            return true;
        }
        for (ssize_t i = 0; i < got; i++) {
            if (buf[i] != '\n') {
                if (n + 1 < sizeof line)
                    line[n++] = buf[i];
                continue;
            }
            if (n > 0 && line[n - 1] == '\r')
                n--;
            line[n] = '\0';
            uci_engine_divide_line(line, t);
            n = 0;
        }
    }
}

bool divide_command_run(struct divide_command *c, const char *fen, int depth,
                        struct uci_engine_divide *t)
{
    char depth_text[16];
    snprintf(depth_text, sizeof depth_text, "%d", depth);
    char **argv = calloc((size_t)c->nwords + 1, sizeof *argv);
    bool ok = argv != NULL;
    for (int i = 0; ok && i < c->nwords; i++)
        ok = (argv[i] = substitute(c->words[i], fen, depth_text)) != NULL;
    int out[2] = {-1, -1};
    pid_t pid = -1;
    int exec_errno = 0;
    if (!ok || pipe2(out, O_CLOEXEC) != 0 || (pid = spawn(argv, out, &exec_errno)) < 0) {
        snprintf(c->why, sizeof c->why, "could not be started: %s", strerror(errno));
        ok = false;
    }
    for (int i = 0; argv && i < c->nwords; i++)
        free(argv[i]);
    free(argv);
    if (out[1] >= 0)
        close(out[1]);
    if (pid < 0) {
        if (out[0] >= 0)
            close(out[0]);
        return false;
    }
    t->count = 0;
    double deadline = progress_now() + c->timeout_ms / 1000.0;
    bool ended = read_divide(out[0], deadline, t);
    close(out[0]);
    /* its output ended: it has a moment, to the deadline, to exit */
    int wstatus = 0;
    pid_t done = 0;
    while (ended && (done = waitpid(pid, &wstatus, WNOHANG)) == 0 &&
           uci_engine_ms_left(deadline) > 0) {
        struct timespec ts = {0, 5000000L};
        nanosleep(&ts, NULL);
    }
    if (done != pid) {
        ended = false;
        kill(pid, SIGKILL);
        while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
            ;
    }
    t->total = 0;
    for (int i = 0; i < t->count; i++)
        t->total += t->moves[i].nodes;
    t->have_total = true;
    if (exec_errno)
        snprintf(c->why, sizeof c->why, "could not be run: %s", strerror(exec_errno));
    else if (!ended)
        snprintf(c->why, sizeof c->why, "did not end within %g s (--engine-timeout)",
                 c->timeout_ms / 1000.0);
    else if (WIFSIGNALED(wstatus))
        snprintf(c->why, sizeof c->why, "was killed by signal %d", WTERMSIG(wstatus));
    else if (WEXITSTATUS(wstatus) != 0)
        snprintf(c->why, sizeof c->why, "exited with status %d", WEXITSTATUS(wstatus));
    else
        return true;
    return false;
}
