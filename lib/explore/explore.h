/* The opening explorer's data model and its one rule (lichess's indexer,
 * lila-openingexplorer src/indexer/lichess.rs): which games count, which
 * positions of a game are indexed and which move is counted for each.
 *
 * The rule:
 *   - a game counts only with a known result (1-0, 0-1 or 1/2-1/2: its
 *     Result tag, or where that is missing or "*" the marker that ends its
 *     movetext) and a main line that replays (the caller's replay says so);
 *   - the positions before its first max_ply moves are indexed (lichess:
 *     50), each keyed by explore_key_of: without the counters, with the
 *     en-passant square only where a capture there is legal, the variant
 *     and Chess960 kept apart from standard chess;
 *   - a game counts once per position: where it comes back to a
 *     position, the move it played there LAST is the one counted
 *     (lichess's "without loops": a map from key to move, overwritten);
 *   - per (position, move): white wins, draws, black wins, and the rating
 *     of the player who made the move (lichess's averageRating is the
 *     mean over the games that carry one).
 *
 * A game's walk (struct explore_walk) holds what every user of the rule
 * needs of one game: its metadata from the tags, and per ply of the main
 * line up to the limit the key of the position before the move, the move,
 * whether it is the counted one, and (when asked) the position itself.
 * The archive scan, the saved index and the Polyglot book all read
 * walks; the tools feed them from the replay:
 *
 *     struct explore_walk *w = explore_walk_new(50, 0);
 *     explore_meta_from_tags(&w->meta, tags, ntags);    // result, names, Elos, date, speed
 *     explore_walk_begin(w, &replay->start);
 *     ... explore_walk_move(w, m, after) for each main-line move ...
 *     explore_walk_end(w);                              // the counted flags
 *     for (i < w->nplies) if (w->ply[i].counted) ... w->ply[i].key, .m ...
 *
 * Pure: no I/O, no exit. */
#ifndef CHESS_EXPLORE_H
#define CHESS_EXPLORE_H

#include "games/pgn.h"
#include "rules/move.h"
#include "rules/position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* lichess's MAX_PLIES, the default of --max-ply; the largest limit. */
enum { EXPLORE_MAX_PLY_DEFAULT = 50, EXPLORE_MAX_PLY_MAX = 1 << 16 };

/* ---- the position key ---- */

/* 128 bits that stand for a position as the explorer (and repetition)
 * counts it: select_position_hash's (pieces, side to move, castling rights
 * with their rooks, the legal en-passant square, the variant and its
 * state; not the counters) under two independent seeds, which also carry
 * the Chess960 flag: the same board in Chess960 is another position.
 * Never {0, 0} (that stands for "no key"). */
struct explore_key {
    uint64_t w[2];
};
struct explore_key explore_key_of(const struct position *p);
static inline bool explore_key_equal(struct explore_key a, struct explore_key b)
{
    return a.w[0] == b.w[0] && a.w[1] == b.w[1];
}
static inline bool explore_key_none(struct explore_key a)
{
    return (a.w[0] | a.w[1]) == 0;
}

/* ---- a game's metadata ---- */

enum explore_result {
    EXPLORE_RESULT_NONE, /* "*", missing or malformed: the game does not count */
    EXPLORE_WHITE_WINS,
    EXPLORE_DRAW,
    EXPLORE_BLACK_WINS,
};

/* What the tags say that the explorer keeps.  The strings point into the
 * reader's tags: valid during the call that reads them (the reader's
 * arena may move as it reads the movetext: explore_loop reads them again
 * at the game's end; a consumer that keeps a game copies them). */
struct explore_meta {
    enum explore_result result;    /* from the Result tag */
    const char *white, *black;     /* the White and Black tags; NULL when missing */
    unsigned white_elo, black_elo; /* WhiteElo/BlackElo, 0 when missing or not a number */
    unsigned year, month;          /* from UTCDate, else Date; 0 when unknown */
    int speed; /* enum select_speed of TimeControl (select_speed_of); SELECT_SPEED_NB: unknown */
    uint8_t variant; /* enum variant of the replay's start position */
    bool chess960;
    /* where the game is: the loop fills these (the number is the game's in
     * its file, from 1, as the other tools count it; see explore_loop.h) */
    const char *file;
    unsigned file_index; /* the file's order among the inputs, from 0 */
    unsigned long line;  /* the line of the file where the game starts */
};

/* Fill m from a game's tags (the first of a repeated name counts); the
 * rules and the place are left for explore_walk_begin and the caller. */
void explore_meta_from_tags(struct explore_meta *m, const struct pgn_tag *tags, size_t ntags);

/* The result of a Result tag's text (NULL: missing), and of a result
 * token's n bytes. */
enum explore_result explore_result_parse(const char *text);
enum explore_result explore_result_parse_text(const char *s, size_t n);

/* Year and month of a PGN date ("2024.01.15", "2024.01.??", "2024.??.??"):
 * false when the year is unknown (then both are 0); a month '??' is 0. */
bool explore_date_parse(const char *text, unsigned *year, unsigned *month);

/* ---- a game's walk ---- */

/* One ply of the main line within the limit. */
struct explore_ply {
    struct explore_key key; /* of the position before the move ({0, 0}: not computed,
                             * see explore_walk_only) */
    move m;                 /* the move played there (never a null move: see below) */
    bool counted;           /* the last ply of the walk at this key: the one that counts */
    bool has_eval;          /* an [%eval] in centipawns after the move (explore_walk_eval) */
    int32_t eval;           /* it, from White's side */
};

/* Which keys a walk computes: all (NULL filter), or only those of
 * positions whose occupied squares are one of a few boards (an archive
 * query asks for a few positions: most plies are turned away by one
 * compare, unhashed). */
struct explore_filter;

struct explore_walk {
    struct explore_meta meta;
    struct position start;   /* the replay's start position (its rules included) */
    size_t nplies;           /* plies walked: at most max_ply */
    unsigned long played;    /* main-line plies seen, past the limit too */
    bool stopped;            /* a null move ended the walk (lichess's games have none: the
                              * plies before it count, none after) */
    struct explore_ply *ply; /* [nplies] */
    struct position *pos;    /* [nplies] the positions before each move, with
                              * EXPLORE_WALK_POSITIONS; else NULL */
    /* private */
    size_t max_ply;
    unsigned flags;
    const struct explore_filter *filter;
    struct explore_key next;   /* the key of the position before the next move */
    struct explore_key *slots; /* explore_walk_end's table */
    size_t nslots;
};

enum {
    EXPLORE_WALK_POSITIONS = 1u << 0, /* keep each ply's position in pos[] (the book) */
};

/* A walk of at most max_ply plies (1 to EXPLORE_MAX_PLY_MAX), reused game
 * after game; NULL when out of memory. */
struct explore_walk *explore_walk_new(size_t max_ply, unsigned flags);
void explore_walk_free(struct explore_walk *w);

/* Compute keys only for positions that pass f (NULL: all); f must outlive
 * the walk's use of it. */
void explore_walk_only(struct explore_walk *w, const struct explore_filter *f);

/* A game starts at start; meta's rules are set from it, the plies
 * emptied.  meta's other fields are the caller's (explore_meta_from_tags). */
void explore_walk_begin(struct explore_walk *w, const struct position *start);

/* A main-line move m was played from the walk's current position,
 * reaching after; MOVE_NONE is a null move, which stops the walk.
 * Cheap once past the limit. */
void explore_walk_move(struct explore_walk *w, move m, const struct position *after);

/* Whether more moves matter to the walk (false past the limit or a null
 * move: a caller may stop feeding it, though it still replays the line). */
static inline bool explore_walk_open(const struct explore_walk *w)
{
    return !w->stopped && w->nplies < w->max_ply;
}

/* An evaluation in centipawns (White's side) read after the last move
 * given to explore_walk_move: kept with that ply when it was walked (the
 * first one of the ply holds). */
void explore_walk_eval(struct explore_walk *w, int32_t centipawns);

/* The main line has ended: mark each key's last ply counted. */
void explore_walk_end(struct explore_walk *w);

/* ---- the filter of explore_walk_only ---- */

/* A set of boards (occupied squares) and of keys, the positions asked. */
struct explore_filter *explore_filter_new(void);
void explore_filter_free(struct explore_filter *f);
/* Add a position; false when out of memory. */
bool explore_filter_add(struct explore_filter *f, const struct position *p);
/* Is a position with these occupied squares maybe asked? */
bool explore_filter_board(const struct explore_filter *f, bitboard occupied);
/* The index (0-based, in the order added) of a key asked, or -1; a key
 * asked twice gives its first index. */
long explore_filter_find(const struct explore_filter *f, struct explore_key k);

/* ---- per (position, move) statistics ---- */

/* What is added up per (position, move), and per position (the sum of
 * its moves).  Games with no rating for the mover count in the results
 * but not in the rating's mean.  The extras (not lichess's) are 0 when
 * not gathered. */
struct explore_stats {
    uint64_t white, draws, black; /* games by result */
    uint64_t rating_sum;          /* the mover's rating, over the games that carry one */
    uint64_t rating_count;
    unsigned last_year; /* the latest year a game was played (0: none known) */
    /* extras */
    int64_t eval_sum;    /* [%eval] after the move, centipawns from White's side */
    uint64_t eval_count; /* games with one (mates are not counted) */
};

/* Add one game: its result and the mover's rating (0: none). */
void explore_stats_add_game(struct explore_stats *s, enum explore_result r, unsigned rating,
                            unsigned year);
/* Add b into a (an index merged, a thread's totals). */
void explore_stats_add(struct explore_stats *a, const struct explore_stats *b);
static inline uint64_t explore_stats_games(const struct explore_stats *s)
{
    return s->white + s->draws + s->black;
}
/* The mean rating rounded (lichess's averageRating), 0 when none. */
unsigned explore_stats_average_rating(const struct explore_stats *s);
/* The mean evaluation in centipawns, rounded half away from zero; false
 * when no game had one. */
bool explore_stats_average_eval(const struct explore_stats *s, int64_t *out);

#endif /* CHESS_EXPLORE_H */
