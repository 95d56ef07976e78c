/* The answer for one position: what the explorer says of it, filled by an
 * archive scan or read from a saved index, and rendered by the tool's
 * writers (table, JSON, TSV, CSV) the same way whichever filled it.
 *
 *     struct explore_answer a;
 *     explore_answer_init(&a, &pos);
 *     explore_answer_add(&a, m, &stats);          // per move (again: added up)
 *     explore_answer_top(&a, &game, m);           // per game that may be a top game
 *     explore_answer_finish(&a);                  // totals, moves sorted, the opening
 *     ... a.total, a.moves[i], a.top[i], a.opening ...
 *     explore_answer_clear(&a);
 *
 * Moves come sorted by games, most first (ties: the move's UCI text, so
 * that the order is the same whoever filled it); the top games are the
 * games with the highest mean rating of the two players (both ratings
 * known), up to EXPLORE_TOP_GAMES, ties to the earlier game (file order,
 * then line).  Pure: no I/O. */
#ifndef CHESS_EXPLORE_ANSWER_H
#define CHESS_EXPLORE_ANSWER_H

#include "explore.h"
#include "games/opening.h"

#include <stdbool.h>
#include <stddef.h>

/* lichess's MAX_TOP_GAMES. */
enum { EXPLORE_TOP_GAMES = 4 };

/* One move of the position and its statistics. */
struct explore_move {
    move m;
    struct explore_stats stats;
};

/* A game for the top games: what is shown of it.  Strings owned by the
 * answer (explore_answer_top copies them). */
struct explore_game {
    char *white, *black; /* NULL: unknown */
    unsigned white_elo, black_elo;
    enum explore_result result;
    unsigned year, month;
    int speed; /* enum select_speed, SELECT_SPEED_NB: unknown */
    char *file;
    unsigned long number; /* the game's number in its file, from 1 (0: unknown) */
    unsigned long line;   /* the line where it starts (0: unknown) */
    unsigned file_index;  /* order of the file among the inputs: the tie-break */
    move m;               /* the move it played in the position */
};

struct explore_answer {
    struct position pos; /* the position asked (its rules included) */
    struct explore_stats total;
    struct explore_move *moves; /* [nmoves], sorted by explore_answer_finish */
    size_t nmoves, cap;
    struct explore_game top[EXPLORE_TOP_GAMES];
    size_t ntop;
    const struct opening *opening; /* its name in lichess's table, or NULL */
    bool nomem;                    /* an allocation failed: the answer is short */
};

void explore_answer_init(struct explore_answer *a, const struct position *pos);
void explore_answer_clear(struct explore_answer *a);

/* Add statistics for move m (added to the move's row, made when new). */
void explore_answer_add(struct explore_answer *a, move m, const struct explore_stats *s);

/* Offer a game as a top game (with the move it played): kept when it
 * ranks among the best EXPLORE_TOP_GAMES so far (its strings copied). */
void explore_answer_top(struct explore_answer *a, const struct explore_game *g);

/* Whether a game with these ratings would be kept by explore_answer_top
 * now (cheap: lets a scan skip copying most games). */
bool explore_answer_top_wanted(const struct explore_answer *a, unsigned white_elo,
                               unsigned black_elo, unsigned file_index, unsigned long line);

/* Add b's moves and top games into a (two threads' answers for the same
 * position). */
void explore_answer_merge(struct explore_answer *a, const struct explore_answer *b);

/* The totals from the moves, the moves sorted, the opening looked up
 * (opening_table_get must have been called before threads started, or be
 * callable here). */
void explore_answer_finish(struct explore_answer *a);

#endif /* CHESS_EXPLORE_ANSWER_H */
