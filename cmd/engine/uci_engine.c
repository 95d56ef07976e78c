/*
 * uci_engine.c - a UCI engine for perft --against (see uci_engine.h).
 */
#include "uci_engine.h"

#include "notation/fen.h"
#include "cli/progress.h"
#include "rules/variant.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Run cmd by sh with both pipes, as the user would type it. */
static bool spawn(struct uci_engine *e, const char *cmd)
{
    int in[2], out[2];
    if (pipe(in) != 0)
        return false;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return false;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        return false;
    }
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    *e = (struct uci_engine){.pid = pid,
                             .to = in[1],
                             .from = out[0],
                             .chess960 = -1,
                             .variant = -1,
                             .timeout_ms = e->timeout_ms};
    snprintf(e->name, sizeof e->name, "%s", cmd);
    return true;
}

bool uci_engine_write_nosigpipe(int fd, const char *text, size_t len)
{
    sigset_t pipe_set, old, pending;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    sigpending(&pending);
    bool was_pending = sigismember(&pending, SIGPIPE);
    bool ok = true;
    while (len > 0) {
        ssize_t n = write(fd, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n < 0 && errno == EPIPE && !was_pending) {
                /* the SIGPIPE this write raised: taken back, not delivered */
                struct timespec zero = {0, 0};
                while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR)
                    ;
            }
            ok = false;
            break;
        }
        text += n;
        len -= (size_t)n;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return ok;
}

/* Write all of text to the engine.  A broken pipe does not kill us, nor
 * does it end the engine here: whether an engine that closed its input
 * dies first or reads first is a race, so its fate is read where its
 * answer is awaited (its output ends, or it gives none in time). */
static bool send_text(struct uci_engine *e, const char *text)
{
    if (!e->dead && !e->deaf && !uci_engine_write_nosigpipe(e->to, text, strlen(text)))
        e->deaf = true;
    return !e->dead;
}

int uci_engine_ms_left(double deadline)
{
    double left = deadline - progress_now();
    return left <= 0 ? 0 : left > 1e9 ? 1000000000 : (int)(left * 1000) + 1;
}

/* The next line from the engine into e->line (cut at its size), waiting
 * until deadline at most; false at end of file or timeout, said in e->why
 * (what: the command that waits for the answer). */
static bool read_line(struct uci_engine *e, double deadline, const char *what)
{
    size_t n = 0;
    for (;;) {
        while (e->len > 0) {
            char c = e->buf[e->start++];
            e->len--;
            if (c == '\n') {
                if (n > 0 && e->line[n - 1] == '\r')
                    n--;
                e->line[n] = '\0';
                return true;
            }
            if (n + 1 < sizeof e->line)
                e->line[n++] = c;
        }
        if (e->dead)
            return false;
        struct pollfd pfd = {.fd = e->from, .events = POLLIN};
        int k = poll(&pfd, 1, uci_engine_ms_left(deadline));
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            e->dead = true;
            snprintf(e->why, sizeof e->why, "gave no answer to '%s' within %g s (--engine-timeout)",
                     what, e->timeout_ms / 1000.0);
            return false;
        }
        ssize_t got = read(e->from, e->buf, sizeof e->buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            e->dead = true;
            snprintf(e->why, sizeof e->why, "stopped answering at '%s' (its output ended)", what);
            return false;
        }
        e->start = 0;
        e->len = (size_t)got;
    }
}

/* The deadline of an answer to a command sent now. */
static double deadline_of(const struct uci_engine *e)
{
    return progress_now() + e->timeout_ms / 1000.0;
}

/* Read lines until one equals token (the answer to what); remembers "id
 * name". */
static bool expect(struct uci_engine *e, const char *token, const char *what)
{
    double deadline = deadline_of(e);
    while (read_line(e, deadline, what)) {
        if (strncmp(e->line, "id name ", 8) == 0)
            snprintf(e->name, sizeof e->name, "%s", e->line + 8);
        if (strcmp(e->line, token) == 0)
            return true;
    }
    return false;
}

bool uci_engine_start(struct uci_engine *e, const char *cmd)
{
    e->pid = -1;
    if (!spawn(e, cmd)) {
        snprintf(e->why, sizeof e->why, "could not be started: %s", strerror(errno));
        return false;
    }
    if (send_text(e, "uci\n") && expect(e, "uciok", "uci"))
        return true;
    uci_engine_stop(e);
    return false;
}

/* Ask politely, then firmly: the engine is our own child. */
void uci_engine_stop(struct uci_engine *e)
{
    if (e->pid <= 0)
        return;
    send_text(e, "quit\n");
    close(e->to);
    close(e->from);
    for (int i = 0; i < 100; i++) {
        if (waitpid(e->pid, NULL, WNOHANG) == e->pid) {
            e->pid = -1;
            return;
        }
        struct timespec ts = {0, 20000000L};
        nanosleep(&ts, NULL);
    }
    kill(e->pid, SIGKILL);
    waitpid(e->pid, NULL, 0);
    e->pid = -1;
}

/* "position fen ... moves ..." and "go perft N"; collects "move: count"
 * lines until "Nodes searched: N". */
bool uci_engine_divide(struct uci_engine *e, const char *fen, const char *path, bool chess960,
                       int variant, int depth, struct uci_engine_divide *t)
{
    char cmd[FEN_MAX + 64];
    if (e->variant != variant && (variant != VARIANT_CHESS || e->variant >= 0)) {
        /* A variant engine (Fairy-Stockfish and the like) is told the rules
         * by name; a plain chess engine never hears of the option. */
        snprintf(cmd, sizeof cmd, "setoption name UCI_Variant value %s\n",
                 variant_rules((enum variant)variant)->name);
        if (!send_text(e, cmd))
            return false;
        e->variant = variant;
    }
    if (e->chess960 != (int)chess960) {
        snprintf(cmd, sizeof cmd, "setoption name UCI_Chess960 value %s\n",
                 chess960 ? "true" : "false");
        if (!send_text(e, cmd))
            return false;
        e->chess960 = chess960;
    }
    if (!send_text(e, "isready\n") || !expect(e, "readyok", "isready"))
        return false;
    snprintf(cmd, sizeof cmd, "position fen %s", fen);
    if (!send_text(e, cmd) || (*path && (!send_text(e, " moves ") || !send_text(e, path))) ||
        !send_text(e, "\n"))
        return false;
    snprintf(cmd, sizeof cmd, "go perft %d\n", depth);
    if (!send_text(e, cmd))
        return false;
    t->count = 0;
    t->have_total = false;
    double deadline = deadline_of(e);
    cmd[strlen(cmd) - 1] = '\0'; /* "go perft N" for the message */
    while (read_line(e, deadline, cmd)) {
        const char *l = e->line;
        if (strncmp(l, "Nodes searched:", 15) == 0) {
            t->total = strtoull(l + 15, NULL, 10);
            t->have_total = true;
            return true;
        }
        uci_engine_divide_line(l, t);
    }
    return false;
}

bool uci_engine_divide_line(const char *l, struct uci_engine_divide *t)
{
    const char *colon = strchr(l, ':');
    size_t mlen = colon ? (size_t)(colon - l) : 0;
    if (!colon || mlen < 4 || mlen > 5 || colon[1] != ' ' || colon[2] < '0' || colon[2] > '9')
        return false;
    if (t->count == 2 * MOVELIST_MAX)
        return false;
    /* A count beyond 64 bits is no count (strtoull would give the
     * largest one, a count the engine never said). */
    errno = 0;
    unsigned long long nodes = strtoull(colon + 2, NULL, 10);
    if (errno == ERANGE)
        return false;
    memcpy(t->moves[t->count].text, l, mlen);
    t->moves[t->count].text[mlen] = '\0';
    t->moves[t->count].nodes = nodes;
    t->count++;
    return true;
}
