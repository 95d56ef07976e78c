/*
 * game_pgn.h - pgn-to-named-notation --to=pgn: each game in the PGN
 * standard's export format, written by the library's PGN writer
 * (lib/games/pgn_write.h; formats/pgn-export.md is the layout), with the
 * converter's policy: comments and NAGs kept or not, and the tags
 * --fix-result, --add-plycount and --add-opening decide.
 *
 * The events of a replay are fed in as they come; the movetext is laid
 * out as it grows, and the game is written whole at its end (its tags
 * first).
 */
#ifndef CHESS_GAME_PGN_H
#define CHESS_GAME_PGN_H

#include "cli/cli.h"
#include "games/game.h"
#include "game_writer.h"
#include "games.h"
#include "games/opening.h"
#include "games/pgn.h"
#include "games/pgn_write.h"

/* What a game carries beyond its moves, and the tags it gains. */
struct game_pgn_options {
    bool comments, nags; /* keep them; variations come only if replayed */
    bool fix_result;     /* the Result tag and marker from the rules' end */
    bool add_plycount;   /* a PlyCount tag */
    bool add_opening;    /* ECO and Opening tags (lib/opening) */
};

/* A game being written: allocate it zeroed once (game_pgn_writer does),
 * set opt, and reuse it for every game. */
struct game_pgn {
    struct game_pgn_options opt;
    const struct opening_table *openings; /* with add_opening */
    struct pgn_writer w;                  /* the layout */
    unsigned long plies;                  /* main-line plies */
    bool moved;                           /* a main-line ply was played */
    const struct position *main_line;     /* the replay's, as it plays (NULL: no game_pgn_start) */
    struct opening_search os;             /* (add_opening) */
};

/* Start a game: no movetext yet. */
void game_pgn_begin(struct game_pgn *p);

/* The position the replay starts from, under its rules, and its main
 * line's position as it plays, valid until game_pgn_end returns
 * (game_writer.h): the Variant tag written for the rules, and where the
 * game ends for fix_result. */
void game_pgn_start(struct game_pgn *p, const struct position *start,
                    const struct position *main_line);

/* One replay event (game.h); results are left to game_pgn_end. */
void game_pgn_event(struct game_pgn *p, const struct game_event *ev);

/* Write the game into out: its tags, its movetext, the marker (result,
 * unless fix_result decides another) and a blank line.  A game kept under
 * --on-error=keep (error not NULL) ends with its open variations closed,
 * a comment "error: WHAT" and the marker "*" (its Result tag "*" too).
 * Out of memory sets out->nomem. */
void game_pgn_end(struct game_pgn *p, struct cli_buf *out, const struct pgn_game *g,
                  const char *result, const struct games_problem *error);

/* Free the buffers. */
void game_pgn_free(struct game_pgn *p);

/* The --to=pgn writer (game_writer.h): a game_pgn of its own, with opt;
 * false when out of memory (add_opening: the table of openings too). */
bool game_pgn_writer(struct game_writer *out, const struct game_pgn_options *opt);

#endif /* CHESS_GAME_PGN_H */
