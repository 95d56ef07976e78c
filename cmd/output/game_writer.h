/*
 * game_writer.h - the interface of pgn-to-named-notation's writers of
 * whole games (JSON, PGN, TSV and CSV): the converter (convert.c) gives
 * the writer of its target a game's start position and its replay's
 * events, and the writer writes the game when it ends.  Each writer is a module (game_json.c,
 * game_pgn.c, game_table.c) with a function that fills one of these, e.g.
 *
 *     bool game_json_writer(struct game_writer *out, const struct game_json_options *opt);
 *
 * (false when out of memory; out->free is then still safe to call).
 */
#ifndef CHESS_GAME_WRITER_H
#define CHESS_GAME_WRITER_H

#include "cli/cli.h"
#include "games/game.h"
#include "games.h"
#include "games/pgn.h"

struct game_writer {
    void *w; /* the writer's own state, given back to each call */
    /* A game starts (no tags yet: they come with end). */
    void (*begin)(void *w);
    /* Its tags are read and its replay set up: the position the replay
     * starts from, under the rules it plays by (the Variant tag's, else
     * those of --variant and --chess960), and the main line's position,
     * which the replay keeps as it plays (the start now, the main line's
     * last position at end); both valid until end returns.  Not called
     * for a game whose setup failed (end then has the error).  NULL when
     * the writer needs no start. */
    void (*start)(void *w, const struct position *start, const struct position *main_line);
    /* One replay event (game.h) of the game, but GAME_EV_RESULT (the
     * converter reads the result and gives it to end). */
    void (*event)(void *w, const struct game_event *ev);
    /* The game is over: write it whole into out.  line is where it starts
     * in its file; result the marker to write (the movetext's, else the
     * tag's); error, under --on-error=keep, the problem that stopped it
     * (NULL for a game without one). */
    void (*end)(void *w, struct cli_buf *out, const struct pgn_game *g, unsigned long line,
                const char *result, const struct games_problem *error);
    void (*free)(void *w);
};

#endif /* CHESS_GAME_WRITER_H */
