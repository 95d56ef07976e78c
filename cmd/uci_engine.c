/*
 * uci_engine.c - a UCI engine for perft --against (see uci_engine.h).
 */
#include "uci_engine.h"

#include "fen.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* How long the engine may take for "uciok" and "readyok". */
enum { ENGINE_TIMEOUT_MS = 30000 };

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
    *e = (struct uci_engine){.pid = pid, .to = in[1], .from = out[0], .chess960 = -1};
    snprintf(e->name, sizeof e->name, "%s", cmd);
    return true;
}

/* Write all of text to the engine; a broken pipe marks it dead (SIGPIPE is
 * ignored) instead of killing us. */
static bool send_text(struct uci_engine *e, const char *text)
{
    size_t len = strlen(text);
    while (len > 0 && !e->dead) {
        ssize_t n = write(e->to, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            e->dead = true;
            break;
        }
        text += n;
        len -= (size_t)n;
    }
    return !e->dead;
}

/* The next line from the engine into e->line (cut at its size), waiting at
 * most timeout_ms (-1: forever); false at end of file or timeout. */
static bool read_line(struct uci_engine *e, int timeout_ms)
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
        int k = poll(&pfd, 1, timeout_ms);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            e->dead = true;
            return false;
        }
        ssize_t got = read(e->from, e->buf, sizeof e->buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            e->dead = true;
            return false;
        }
        e->start = 0;
        e->len = (size_t)got;
    }
}

/* Read lines until one equals token; remembers "id name". */
static bool expect(struct uci_engine *e, const char *token)
{
    while (read_line(e, ENGINE_TIMEOUT_MS)) {
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
    if (!spawn(e, cmd))
        return false;
    if (send_text(e, "uci\n") && expect(e, "uciok"))
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
                       int depth, struct uci_divide *t)
{
    char cmd[FEN_MAX + 64];
    if (e->chess960 != (int)chess960) {
        snprintf(cmd, sizeof cmd, "setoption name UCI_Chess960 value %s\n",
                 chess960 ? "true" : "false");
        if (!send_text(e, cmd))
            return false;
        e->chess960 = chess960;
    }
    if (!send_text(e, "isready\n") || !expect(e, "readyok"))
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
    while (read_line(e, -1)) {
        const char *l = e->line;
        if (strncmp(l, "Nodes searched:", 15) == 0) {
            t->total = strtoull(l + 15, NULL, 10);
            t->have_total = true;
            return true;
        }
        const char *colon = strchr(l, ':');
        size_t mlen = colon ? (size_t)(colon - l) : 0;
        if (!colon || mlen < 4 || mlen > 5 || colon[1] != ' ' || colon[2] < '0' || colon[2] > '9')
            continue;
        if (t->count == 2 * MOVELIST_MAX)
            continue;
        memcpy(t->moves[t->count].text, l, mlen);
        t->moves[t->count].text[mlen] = '\0';
        t->moves[t->count].nodes = strtoull(colon + 2, NULL, 10);
        t->count++;
    }
    return false;
}
