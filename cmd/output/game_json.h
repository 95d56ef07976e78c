/*
 * game_json.h - pgn-to-named-notation --to=json: one JSON object per game,
 * on one line, for jq pipelines (formats/game-json.md is the schema):
 *
 *   {"line":1,"tags":{"Event":"...",...},"plies":[{"ply":1,"move":1,
 *    "side":"w","uci":"e2e4","san":"e4","named":"e2 - e4 Pawn-move",
 *    "fen":"..."},...],"result":"1-0"}
 *
 * with "nags", "comments" and "variations" in a ply when --nags,
 * --comments and --variations keep them.  The events of a replay are fed
 * in as they come; a ply is written once nothing more can attach to it.
 */
#ifndef CHESS_GAME_JSON_H
#define CHESS_GAME_JSON_H

#include "cli/cli.h"
#include "games/game.h"
#include "game_writer.h"
#include "games.h"
#include "games/annotation.h"
#include "games/named.h"
#include "games/pgn.h"

/* What a game object carries beyond the moves. */
struct game_json_options {
    enum named_vocabulary names; /* of the "named" texts */
    bool comments, nags;         /* keep them; variations come only if replayed */
};

/* One line of play being written: its plies so far, and the last ply,
 * still open to the NAGs, comments and variations that follow it. */
struct game_json_line {
    struct cli_buf done;     /* closed plies, comma-separated */
    struct cli_buf ply;      /* the open ply's own fields, no braces */
    struct cli_buf nags;     /* its NAG numbers, comma-separated */
    struct cli_buf comments; /* its comments (or the line's leading ones) */
    struct cli_buf vars;     /* its variations, comma-separated arrays */
    struct annotations ann;  /* what its comments' commands held */
    bool has_ply, has_ann;   /* has_ann: ann holds a comment's (else it is clear) */
};

/* A game being written.  Large (a line per variation depth): allocate it
 * zeroed once, set opt, and reuse it for every game. */
struct game_json {
    struct game_json_options opt;
    int depth;
    struct cli_buf text; /* a comment's text without its commands */
    struct game_json_line lines[GAME_DEPTH_MAX + 2];
};

/* Start a game: no line, no ply yet. */
void game_json_begin(struct game_json *j);

/* One replay event (game.h); results are left to game_json_end. */
void game_json_event(struct game_json *j, const struct game_event *ev);

/* Close the game into out: the line where it starts in its file, the
 * tags, the plies, the result and, for a game kept under --on-error=keep,
 * its error ("error":{"line","column","message"}; NULL for none). */
void game_json_end(struct game_json *j, struct cli_buf *out, const struct pgn_game *g,
                   unsigned long line, const char *result, const struct games_problem *error);

/* Free the buffers. */
void game_json_free(struct game_json *j);

/* The --to=json writer (game_writer.h): a game_json of its own, with opt. */
bool game_json_writer(struct game_writer *out, const struct game_json_options *opt);

#endif /* CHESS_GAME_JSON_H */
