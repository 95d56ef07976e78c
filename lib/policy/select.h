/* Choosing games: the criteria of pgn-select, read from their option
 * texts, then judged on a game's tags and, when a criterion needs them, on
 * the moves of its main line as the replay (game.h) plays them.  A game is
 * chosen when it meets every criterion; criteria of one kind that repeat
 * are all met (--tag), except --fen, --position and --material, where
 * any one of the kind suffices, and --min-plies/--max-plies, where the stricter bound
 * holds.  Pure: no I/O; a criterion that cannot be read is a message.
 * Only what the criteria ask is computed on the moves: with none that
 * looks at positions, select_game_move is an increment and a test.
 *
 *     struct select_criteria *s = select_new();
 *     if (!select_add(s, SELECT_TAG, "WhiteElo>=2000", err, sizeof err)) ... err ...
 *     select_finish(s, err, sizeof err);        // after the last select_add
 *     switch (select_tags(s, tags, ntags)) {     // every game
 *     case SELECT_NO: ...                        // its moves are not needed
 *     case SELECT_YES: ...
 *     case SELECT_REPLAY:                         // replay its main line:
 *         select_game_start(gs, &start);
 *         ... select_game_move(gs, m, &after) for each main-line move ...
 *         chosen = select_game_end(gs);
 *     }
 *
 * Criteria (the option texts; formats/pgn-select.md is their manual):
 *   SELECT_TAG       "NAME OP VALUE", OP one of = != ~ !~ < <= > >= (spaces
 *                    around OP optional); ~ and !~ take a PCRE2 pattern;
 *                    < <= > >= compare numbers as numbers, PGN dates
 *                    ("2024.01.??") as dates, other text as text (bytes);
 *                    = and != compare text, or numbers as numbers when
 *                    both sides are numbers.  A missing tag meets no
 *                    comparison, not even != and !~.
 *   SELECT_PLAYER    a PCRE2 pattern that White or Black matches
 *   SELECT_SPEED     ultrabullet, bullet, blitz, rapid, classical or
 *                    correspondence (a comma-separated list: any one),
 *                    from TimeControl by lichess's rule
 *   SELECT_VARIANT   a variant name (variant_parse's spellings, or the
 *                    Variant tag's as game_variant_parse reads them; a
 *                    comma-separated list: any one): the game's rules,
 *                    from its Variant tag as the replay reads it (none or
 *                    "Standard": chess); chess960 for a Chess960 game; an
 *                    unknown Variant tag meets none
 *   SELECT_FEN       a FEN the main line reaches (ply 0 included): board,
 *                    side, castling rights (with their rooks), the
 *                    en-passant square when a capture en passant is legal,
 *                    a variant's state (pockets, checks); counters ignored
 *   SELECT_POSITION  a board in FEN board syntax where '?' stands for any
 *                    square, optionally followed by " w" or " b"
 *   SELECT_MATERIAL  "KQR:KR" (White's pieces, Black's), "+" after a side
 *                    for "at least", reached on the main line and held for
 *                    SELECT_MATERIAL_PLIES plies (default 1)
 *   SELECT_MATERIAL_PLIES  N >= 1, with a SELECT_MATERIAL only
 *   SELECT_MIN_PLIES, SELECT_MAX_PLIES  the main line's length in plies
 *                    (a minimum above the maximum: select_finish refuses)
 *   SELECT_ENDING    checkmate, stalemate, insufficient, threefold, fifty
 *                    or variant (a comma-separated list: any one): the
 *                    position at the end of the main line (threefold: it
 *                    stood three times on the main line, as --fen compares)
 *   SELECT_MOVES     "e4 c5 Nf3": the main line starts with these moves
 *                    (SAN, from the standard start of standard chess)
 *   SELECT_ECO       "B90" or "A00-B99" (a comma-separated list: any one):
 *                    the opening's code (opening.h)
 *   SELECT_OPENING   a PCRE2 pattern on the opening's name */
#ifndef CHESS_SELECT_H
#define CHESS_SELECT_H

#include "rules/move.h"
#include "games/opening.h"
#include "games/pgn.h"
#include "rules/position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum select_criterion {
    SELECT_TAG,
    SELECT_PLAYER,
    SELECT_SPEED,
    SELECT_VARIANT,
    SELECT_FEN,
    SELECT_POSITION,
    SELECT_MATERIAL,
    SELECT_MATERIAL_PLIES,
    SELECT_MIN_PLIES,
    SELECT_MAX_PLIES,
    SELECT_ENDING,
    SELECT_MOVES,
    SELECT_ECO,
    SELECT_OPENING,
    SELECT_UNIQUE, /* no text: the main line's identity is wanted (select_game_identity) */
    SELECT_CRITERION_NB
};

/* The lichess speed categories of a TimeControl value. */
enum select_speed {
    SELECT_SPEED_ULTRABULLET,
    SELECT_SPEED_BULLET,
    SELECT_SPEED_BLITZ,
    SELECT_SPEED_RAPID,
    SELECT_SPEED_CLASSICAL,
    SELECT_SPEED_CORRESPONDENCE,
    SELECT_SPEED_NB
};
/* The category of a TimeControl value ("180+2", "600", "10+0.05":
 * estimated duration initial + 40 x increment seconds: < 30 ultrabullet,
 * < 180 bullet, < 480 blitz, < 1500 rapid, < 21600 classical, and beyond
 * (no lichess clock goes there) or "-" correspondence, as lichess's
 * Speed.byTime); false when the value is none of these forms ("?", "",
 * "40/7200:3600"). */
bool select_speed_of(const char *time_control, enum select_speed *out);
const char *select_speed_name(enum select_speed s);

struct select_criteria;

/* NULL when out of memory. */
struct select_criteria *select_new(void);
void select_free(struct select_criteria *s);

/* Add a criterion from its option text (NULL for SELECT_UNIQUE): true, or
 * false with a message in err (snprintf contract), such as "no operator
 * in 'WhiteElo' (one of = != ~ !~ < <= > >=)" or "unknown speed 'blit'
 * (ultrabullet, bullet, ...)", which the tool prefixes with the option's
 * name; control bytes of text show as '?' in it. */
bool select_add(struct select_criteria *s, enum select_criterion kind, const char *text, char *err,
                size_t errsize);

/* After the last select_add: checks how the criteria combine (a
 * --min-plies above --max-plies...) and loads what they need (the
 * opening table); true, or false with a message.  Not thread-safe; the
 * criteria are read-only afterwards and threads share them. */
bool select_finish(struct select_criteria *s, char *err, size_t errsize);

/* Whether any criterion needs the moves (else select_tags decides). */
bool select_needs_moves(const struct select_criteria *s);

enum select_verdict {
    SELECT_NO,     /* not chosen */
    SELECT_YES,    /* chosen: no criterion needs the moves */
    SELECT_REPLAY, /* the tags pass: the main line decides */
};

/* The criteria on a game's tags (as the reader gives them: the first of a
 * repeated name counts). */
enum select_verdict select_tags(const struct select_criteria *s, const struct pgn_tag *tags,
                                size_t ntags);

/* One game's main line being judged: one per thread, reused.  NULL when
 * out of memory. */
struct select_game;
struct select_game *select_game_new(const struct select_criteria *s);
void select_game_free(struct select_game *g);

/* select_tags with g's own scratch (the match data of the patterns), which
 * select_tags allocates on each call when a criterion has a pattern: the
 * same verdict, cheaper for a thread that has a select_game. */
enum select_verdict select_game_tags(struct select_game *g, const struct pgn_tag *tags,
                                     size_t ntags);

/* The game starts at start (set up from its tags by the replay: variant,
 * Chess960 and FEN included). */
void select_game_start(struct select_game *g, const struct position *start);
/* A main-line move m (or a null move, MOVE_NONE) was played: after is the
 * position after it (read during the call only: what the criteria need
 * of it is copied). */
void select_game_move(struct select_game *g, move m, const struct position *after);
/* The main line has ended: is the game chosen? */
bool select_game_end(struct select_game *g);

/* With SELECT_UNIQUE, after select_game_end: the game's identity
 * (game_id.h) without tag texts: its rules, start position and main line,
 * 16 bytes a distinct game for the caller to keep (in a game_id_set). */
void select_game_identity(const struct select_game *g, uint64_t out[2]);

/* The game's opening after select_game_end (NULL: not classified or none
 * named), when --eco or --opening asked for it. */
const struct opening *select_game_opening(const struct select_game *g);

#endif /* CHESS_SELECT_H */
