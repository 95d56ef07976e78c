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
 *     if (!select_add(s, "tag", "WhiteElo>=2000", err, sizeof err)) ... err ...
 *     select_finish(s, err, sizeof err);        // after the last select_add
 *     if (!select_number(s, n)) ...              // every game, by its number in its file
 *     switch (select_tags(s, tags, ntags)) {     // every game
 *     case SELECT_NO: ...                        // its moves are not needed
 *     case SELECT_YES: ...
 *     case SELECT_REPLAY:                         // replay its main line:
 *         select_game_start(gs, &start);
 *         ... select_game_move(gs, m, &after) for each main-line move ...
 *         chosen = select_game_end(gs);
 *     }
 *
 * Criteria (their rows in select_kinds[], by option name; the option texts;
 * formats/pgn-select.md is their manual):
 *   tag             "NAME OP VALUE", OP one of = != ~ !~ < <= > >= (spaces
 *                    around OP optional); ~ and !~ take a PCRE2 pattern;
 *                    < <= > >= compare numbers as numbers, PGN dates
 *                    ("2024.01.??") as dates, other text as text (bytes);
 *                    = and != compare text, or numbers as numbers when
 *                    both sides are numbers.  A missing tag meets no
 *                    comparison, not even != and !~.
 *   player          a PCRE2 pattern that White or Black matches
 *   speed           ultrabullet, bullet, blitz, rapid, classical or
 *                    correspondence (a comma-separated list: any one),
 *                    from TimeControl by lichess's rule
 *   variant         a variant name (variant_parse's spellings, or the
 *                    Variant tag's as game_variant_parse reads them; a
 *                    comma-separated list: any one): the game's rules,
 *                    from its Variant tag as the replay reads it (none or
 *                    "Standard": chess); chess960 for a Chess960 game; an
 *                    unknown Variant tag meets none
 *   fen             a FEN the main line reaches (ply 0 included): board,
 *                    side, castling rights (with their rooks), the
 *                    en-passant square when a capture en passant is legal,
 *                    a variant's state (pockets, checks); counters ignored
 *   position        a board in FEN board syntax where '?' stands for any
 *                    square, optionally followed by " w" or " b"
 *   material        "KQR:KR" (White's pieces, Black's), "+" after a side
 *                    for "at least", reached on the main line and held for
 *                    material-plies plies (default 1)
 *   material-plies  N >= 1, with a material only
 *   min-plies, max-plies  the main line's length in plies
 *                    (a minimum above the maximum: select_finish refuses)
 *   ending           checkmate, stalemate, insufficient, threefold, fifty
 *                    or variant (a comma-separated list: any one): the
 *                    position at the end of the main line (threefold: it
 *                    stood three times on the main line, as --fen compares)
 *   moves            "e4 c5 Nf3": the main line starts with these moves
 *                    (SAN, from the standard start of standard chess)
 *   eco              "B90" or "A00-B99" (a comma-separated list: any one):
 *                    the opening's code (opening.h)
 *   opening          a PCRE2 pattern on the opening's name
 *   game-number      "5000-5010,17": numbers and ranges of numbers from 1 (a
 *                    comma-separated list: any one): the game's number in
 *                    its file, which the caller knows and select_number
 *                    judges
 *   unique           no text: the main line's identity is wanted
 *                    (select_game_identity), for the tool to keep
 *
 * A new criterion is one row of select_kinds[] (select.c) with the
 * functions it names: how its text is read into its own storage, and its
 * judge on the tags or on the number; docs/development.md says which
 * files one on the moves touches. */
#ifndef CHESS_SELECT_H
#define CHESS_SELECT_H

#include "rules/move.h"
#include "games/opening.h"
#include "games/pgn.h"
#include "rules/position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A criterion's row: its option, as every tool that offers the criteria
 * names and explains it (cmd/cli/criteria_args builds the argp options
 * from the rows), and how it is read and judged (ops, select_impl.h). */
struct select_ops;
struct select_kind {
    const char *name; /* the option's long name, select_add's kind: "tag" */
    int key;          /* its short option ('p'), or 0 */
    const char *arg;  /* its argument's name in --help; NULL: it takes no text */
    const char *doc;  /* its --help text; NULL: the tool words it (SELECT_KIND_TOOL) */
    unsigned flags;   /* SELECT_KIND_... */
    const struct select_ops *ops;
};
enum {
    /* doc holds a "%s" for the variants' names (cli_help_variants) */
    SELECT_KIND_VARIANTS = 1,
    /* the tool does part of it and offers the option itself: --unique
     * (the tool keeps the identities), which criteria_args leaves out */
    SELECT_KIND_TOOL = 2,
};
/* The rows, in no order that matters; select_nkinds of them. */
extern const struct select_kind select_kinds[];
extern const size_t select_nkinds;
/* The row named name (an option's long name), or NULL. */
const struct select_kind *select_kind_named(const char *name);

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

/* Add the criterion of the row named kind ("tag") from its option text
 * (NULL for one that takes none, as "unique"): true, or
 * false with a message in err (snprintf contract), such as "no operator
 * in 'WhiteElo' (one of = != ~ !~ < <= > >=)" or "unknown speed 'blit'
 * (ultrabullet, bullet, ...)", which the tool prefixes with the option's
 * name; control bytes of text show as '?' in it. */
bool select_add(struct select_criteria *s, const char *kind, const char *text, char *err,
                size_t errsize);

/* After the last select_add: checks how the criteria combine (a
 * --min-plies above --max-plies...) and loads what they need (the
 * opening table); true, or false with a message.  Not thread-safe; the
 * criteria are read-only afterwards and threads share them. */
bool select_finish(struct select_criteria *s, char *err, size_t errsize);

/* Whether any criterion needs the moves (else select_tags decides). */
bool select_needs_moves(const struct select_criteria *s);

/* Whether a criterion asks for the game's number (--game-number): the
 * caller then asks select_number of every game, as well as the others. */
bool select_needs_number(const struct select_criteria *s);
/* Does the game numbered n (from 1, in its file, as the tools' messages
 * number games) meet the criteria on the number?  True when there is
 * none; false once n is past select_number_last. */
bool select_number(const struct select_criteria *s, unsigned long n);
/* The last number select_number can accept (ULONG_MAX: no bound), so that
 * a caller can stop reading a file there. */
unsigned long select_number_last(const struct select_criteria *s);

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

/* With "unique", after select_game_end: the game's identity
 * (game_id.h) without tag texts: its rules, start position and main line,
 * 16 bytes a distinct game for the caller to keep (in a game_id_set). */
void select_game_identity(const struct select_game *g, uint64_t out[2]);

/* The game's opening after select_game_end (NULL: not classified or none
 * named), when --eco or --opening asked for it. */
const struct opening *select_game_opening(const struct select_game *g);

#endif /* CHESS_SELECT_H */
