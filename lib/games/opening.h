/* Naming a game's opening: lichess's table of named openings
 * (formats/openings/, from lichess-org/chess-openings, public domain) and
 * lichess's rule for classifying a game by it.
 *
 * The rule (lichess's OpeningDb.search, scalachess): of the positions
 * after the first OPENING_MAX_PLIES moves of the main line that still have
 * OPENING_MIN_PIECES pieces or more on the board (lichess takes the moves
 * while the position before has that many, then the positions while they
 * have: pieces never come back in standard chess, so the first position
 * short of them ends the search), the deepest one that the table names
 * gives the game its opening.  Positions are compared as lichess's
 * "standard FEN" (Fen.writeOpening) compares them: board, side to move,
 * castling rights, and the en-passant square only when a capture there is
 * legal (the table's EPDs hold it so: "en passant field only if legal";
 * after 1. e4 no black pawn can take, so the square is no part of the
 * position); never the counters.  So transpositions classify alike.  Only
 * games of standard chess (not Chess960) that start from the standard
 * position (counters aside) are classified.  When two lines of the table
 * reach the same position, the later line in the table's order (a.tsv to
 * e.tsv, top to bottom) names it, as lichess's map built from the table
 * keeps the later one (formats/openings/README.md counts them).
 *
 *     const struct opening_table *t = opening_table_get();  // NULL: no memory
 *     struct opening_search s;
 *     opening_search_start(&s, t, &start_position);
 *     for each main-line move: opening_search_move(&s, &position_after);
 *     const struct opening *o = opening_search_result(&s);  // NULL: none named
 *     ... o->eco, o->name ...
 *
 * The table is built once from the copy of the table compiled into the
 * library (about 3,800 lines, each replayed) and never changes after:
 * threads share it. */
#ifndef CHESS_OPENING_H
#define CHESS_OPENING_H

#include "rules/position.h"

#include <stdbool.h>
#include <stddef.h>

/* lichess's bounds of the search. */
enum { OPENING_MAX_PLIES = 40, OPENING_MIN_PIECES = 20 };

/* One named line of the table. */
struct opening {
    char eco[4];      /* "B90": a letter A to E and two digits */
    const char *name; /* "Sicilian Defense: Najdorf Variation" */
    const char *pgn;  /* its moves as the table writes them, "1. e4 c5 2. Nf3 ..." */
    unsigned plies;   /* the number of moves of pgn */
};

struct opening_table;

/* The table, built on the first call (not thread-safe: call it once
 * before starting threads); NULL when out of memory.  Never freed. */
const struct opening_table *opening_table_get(void);

/* The number of lines of the table, and line i (0-based, in the table's
 * order). */
size_t opening_table_size(const struct opening_table *t);
const struct opening *opening_table_line(const struct opening_table *t, size_t i);

/* The number of distinct positions the table names, and the number of
 * its lines that reach a position an earlier line reached (the later
 * line names it). */
size_t opening_table_positions(const struct opening_table *t);
size_t opening_table_collisions(const struct opening_table *t);

/* The line that names position p (board, side to move, castling rights,
 * the en-passant square when a capture there is legal; not the counters),
 * or NULL.  Exact (the board is compared after the hash), no allocation. */
const struct opening *opening_table_find(const struct opening_table *t, const struct position *p);

/* A game's classification in progress. */
struct opening_search {
    const struct opening_table *table;
    const struct opening *found; /* the deepest named position so far */
    unsigned long found_ply;     /* its ply (0: none) */
    unsigned long ply;           /* moves seen while open */
    int pieces;                  /* pieces on the board of the last position seen */
    bool open;                   /* still searching: standard chess from the standard start,
                                  * within the bounds */
};

/* Start classifying a game that starts at p (classified only when p is
 * the standard starting position of standard chess). */
void opening_search_start(struct opening_search *s, const struct opening_table *t,
                          const struct position *p);

/* A main-line move was played: after is the position after it.  Cheap
 * once the search is closed (past the bounds): one test. */
void opening_search_move(struct opening_search *s, const struct position *after);

/* A null move was played (PGN "--"): lichess's games have none, so the
 * search ends there; the deepest named position before it stands. */
void opening_search_pass(struct opening_search *s);

/* Whether moves still matter to the search (a caller may stop feeding
 * it once false). */
static inline bool opening_search_open(const struct opening_search *s)
{
    return s->open;
}

/* A main-line ply was played: a move (after, the position it reached) or,
 * when pass, a null move.  What every caller of the search does a ply;
 * one test once the search is closed. */
static inline void opening_search_ply(struct opening_search *s, const struct position *after,
                                      bool pass)
{
    if (!s->open)
        return;
    if (pass)
        opening_search_pass(s);
    else
        opening_search_move(s, after);
}

/* The game's opening, or NULL when no position of it is named. */
static inline const struct opening *opening_search_result(const struct opening_search *s)
{
    return s->found;
}

/* Does eco ("B90") lie in the range text "A00-B99" or equal the code
 * "B90"?  false for a malformed range (opening_eco_range_valid). */
bool opening_eco_range_valid(const char *range);
bool opening_eco_in_range(const char *eco, const char *range);

#endif /* CHESS_OPENING_H */
