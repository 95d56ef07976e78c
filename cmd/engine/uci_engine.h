/*
 * uci_engine.h - perft --against's side of the UCI protocol: an engine run
 * by sh as the user typed it, talked to over two pipes, asked for its
 * "go perft" divide (Stockfish's layout: "e2e4: 20" lines, then "Nodes
 * searched: N").  A dead engine (closed pipe, no answer in time) is noticed
 * and said why in e->why, never waited for forever: every answer (uciok,
 * readyok, a whole divide) must come within e->timeout_ms.
 *
 *     struct uci_engine e = {.timeout_ms = 60000};
 *     if (uci_engine_start(&e, "stockfish")) {
 *         struct uci_engine_divide *d = malloc(sizeof *d);
 *         uci_engine_divide(&e, fen, "e2e4 e7e5", false, 3, d);
 *         uci_engine_stop(&e);
 *     }
 */
#ifndef CHESS_UCI_ENGINE_H
#define CHESS_UCI_ENGINE_H

#include "rules/movegen.h"

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* A running engine: our child, with its pipes and what it said of itself. */
struct uci_engine {
    pid_t pid;    /* -1 when not running */
    int to, from; /* pipe ends: its standard input, its standard output */
    char buf[1 << 16];
    size_t start, len; /* unread bytes: buf[start .. start+len) */
    char line[4096];
    char name[128]; /* "id name" (the command until it says) */
    int chess960;   /* what UCI_Chess960 was last set to: -1 unknown */
    int variant;    /* what UCI_Variant was last set to (enum variant): -1 unknown */
    int timeout_ms; /* the longest wait for one answer, set before uci_engine_start */
    bool dead;
    bool deaf;     /* it closed its input: nothing more is sent */
    char why[160]; /* when dead: what happened ("gave no answer to ... within N s") */
};

/* An engine's divide: its move texts as written, with their counts (the
 * "move: count" lines, as uci_engine_divide_line reads them). */
struct uci_engine_divide {
    int count;
    struct {
        char text[16];
        uint64_t nodes;
    } moves[2 * MOVELIST_MAX];
    uint64_t total;
    bool have_total; /* "Nodes searched" was given */
};

/* Run cmd by sh and wait for its "uciok"; false when it cannot be started
 * or does not answer (it is stopped again).  A dead engine is noticed by
 * write, which never raises SIGPIPE (blocked around it), so that the
 * caller's own SIGPIPE, of a closed standard output, stays as it is. */
bool uci_engine_start(struct uci_engine *e, const char *cmd);

/* "quit", then kill it if it does not exit. */
void uci_engine_stop(struct uci_engine *e);

/* The engine's divide at depth below the position fen plus the moves of
 * path (UCI, space-separated, may be ""), UCI_Chess960 set as asked;
 * false when the engine failed. */
bool uci_engine_divide(struct uci_engine *e, const char *fen, const char *path, bool chess960,
                       int variant, int depth, struct uci_engine_divide *out);

/* One line of a divide, "e2e4: 20" (a move of 4 or 5 characters, a colon,
 * a blank and digits that fit 64 bits), added to *t; false (nothing
 * added) for any other line.  Shared with --against-divide's commands
 * (divide_command.h). */
bool uci_engine_divide_line(const char *line, struct uci_engine_divide *t);

/* The milliseconds left until deadline (progress_now()-style seconds),
 * for poll: 0 when it has passed. */
int uci_engine_ms_left(double deadline);

/* Write n bytes to fd, SIGPIPE blocked (and a pending one of this write
 * taken back) so that a closed pipe is EPIPE only; false on error. */
bool uci_engine_write_nosigpipe(int fd, const char *text, size_t n);

#endif /* CHESS_UCI_ENGINE_H */
