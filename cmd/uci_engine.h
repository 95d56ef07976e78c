/*
 * uci_engine.h - perft --against's side of the UCI protocol: an engine run
 * by sh as the user typed it, talked to over two pipes, asked for its
 * "go perft" divide (Stockfish's layout: "e2e4: 20" lines, then "Nodes
 * searched: N").  A dead engine (closed pipe, no answer in time) is noticed
 * and reported, never waited for forever at start.
 *
 *     struct uci_engine e;
 *     if (uci_engine_start(&e, "stockfish")) {
 *         struct uci_divide *d = malloc(sizeof *d);
 *         uci_engine_divide(&e, fen, "e2e4 e7e5", false, 3, d);
 *         uci_engine_stop(&e);
 *     }
 */
#ifndef UCI_ENGINE_H
#define UCI_ENGINE_H

#include "movegen.h"

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
    bool dead;
};

/* An engine's divide: its move texts as written, with their counts. */
struct uci_divide {
    int count;
    struct {
        char text[16];
        uint64_t nodes;
    } moves[2 * MOVELIST_MAX];
    uint64_t total;
    bool have_total; /* "Nodes searched" was given */
};

/* Run cmd by sh (SIGPIPE must be ignored by the caller: a dead engine is
 * noticed by write) and wait for its "uciok"; false when it cannot be
 * started or does not answer (it is stopped again). */
bool uci_engine_start(struct uci_engine *e, const char *cmd);

/* "quit", then kill it if it does not exit. */
void uci_engine_stop(struct uci_engine *e);

/* The engine's divide at depth below the position fen plus the moves of
 * path (UCI, space-separated, may be ""), UCI_Chess960 set as asked;
 * false when the engine failed. */
bool uci_engine_divide(struct uci_engine *e, const char *fen, const char *path, bool chess960,
                       int depth, struct uci_divide *out);

#endif /* UCI_ENGINE_H */
