/* What the pieces of the PGN checker share (lib/pgn_check*.c): the
 * checker's state and the functions one piece calls in another.  Private
 * to them, as select_impl.h is to select; pgn_check.h is the contract.
 *
 *     pgn_check.c        the codes, the checker's state, the report of a
 *                        problem, the visitor and the game's end
 *     pgn_check_text.c   the bytes, the reader's findings, comments
 *     pgn_check_tags.c   the tags and the start position
 *     pgn_check_moves.c  the moves replayed, the result and PlyCount
 */
#ifndef CHESS_PGN_CHECK_IMPL_H
#define CHESS_PGN_CHECK_IMPL_H

#include "pgn_check.h"

#include "games/game.h"
#include "game_id.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A diagnostic while the game is checked, its message at off in the text
 * arena (which moves as it grows); a zero-castling in moved holds
 * "where\0san" until the bytes tell how it was written (moved_replay). */
struct pending {
    enum pgn_check_code code;
    unsigned long line, col;
    size_t off, len;
    /* In moved: the check that made it (a MOVED_* group); in noted: what
     * the token is (a NOTED_* kind). */
    uint8_t group;
};

struct pendings {
    struct pending *at;
    size_t n, cap;
};

/* The checks that run as the tokens come (moved's groups). */
enum { MOVED_MOVES, MOVED_COMMENTS, MOVED_NB };

/* The tokens noted for the checks at the game's end (noted): a pawn
 * capture and a result for their spelling, unknown text for its quote. */
enum { NOTED_CAPTURE, NOTED_RESULT, NOTED_UNKNOWN };

/* The tags that checks read (known_names has their names). */
enum {
    TAG_EVENT,
    TAG_SITE,
    TAG_DATE,
    TAG_ROUND,
    TAG_WHITE,
    TAG_BLACK,
    TAG_RESULT,
    TAG_FEN,
    TAG_SETUP,
    TAG_VARIANT,
    TAG_PLYCOUNT,
    TAG_EVENT_DATE,
    TAG_UTC_DATE,
    TAG_KNOWN_NB
};

struct pgn_checker {
    bool enabled[PGN_CHECK_CODE_NB];
    const struct pgn_tag *known[TAG_KNOWN_NB]; /* of the game being checked */
    size_t known_at[TAG_KNOWN_NB]; /* ... as indices + 1 (0: none), kept from tags_done */
    struct game_replay replay;     /* the moves' (large: one per checker) */
    uint8_t variant;               /* the rules of a game without a Variant tag (enum variant) */
    bool chess960;                 /* ... and whether it is Chess960 */
    bool chess960_all;             /* every game is Chess960, whatever its Variant tag */
    unsigned long line_offset;     /* pgn_checker_set_line_offset */

    /* the game being checked, at its end (NULL while it is pushed) */
    const struct pgn_game *g;
    char label[200];
    size_t label_len;
    bool nomem;
    size_t dropped;

    /* The checks made as the tokens are pushed: their diagnostics wait in
     * moved, unlabelled, for the game's end (the bytes); the first
     * PGN_CHECK_DIAGS_MAX of a group are kept, the rest counted. */
    bool told;  /* tags_done came for this game (else stray text's tokens make none) */
    bool notes; /* the style notes of moves are on */
    bool main_alive;
    bool variations; /* the replay plays variations (since the first "(") */
    struct pendings moved;
    size_t moved_real[MOVED_NB], moved_dropped[MOVED_NB];
    unsigned long ntokens; /* tokens offered */
    struct replay_state {
        struct position start;
        unsigned long plies; /* MOVE and NULL tokens of the main line */
        bool has_marker;     /* the main line's termination marker: */
        unsigned long marker_line, marker_col;
        char marker[8];
        struct game_id_acc id; /* the game's identity so far (from the start) */
    } rs;
    /* the main line's moves before the first "(" (MOVE_NONE: a null move) */
    move *line;
    size_t nline, line_cap;
    /* tokens noted for the checks at the end (NOTED_*), their text at off */
    struct pendings noted;
    struct pgn_game *game_out; /* pgn_check_read_game's g */

    struct pendings pend;
    struct pgn_check_diag *out;
    size_t out_cap;
    char *text;
    size_t text_len, text_cap;

    /* offsets into g->raw of the first byte (after a BOM) of each line */
    size_t *lines;
    size_t nlines, lines_cap;

    /* room for a comment's text without its commands (check_comment) */
    char *ann_text;
    size_t ann_cap;
};

/* pgn_check.c: the report of a problem (check_report's contract there) */
__attribute__((format(printf, 5, 6))) void pgn_check_report(struct pgn_checker *c,
                                                            enum pgn_check_code code,
                                                            unsigned long line, unsigned long col,
                                                            const char *fmt, ...);
bool pgn_check_pending_put(struct pgn_checker *c, struct pendings *l, struct pending e,
                           const char *text);

/* pgn_check_text.c */
void pgn_check_bytes(struct pgn_checker *c, const struct pgn_game *g);
void pgn_check_comment(struct pgn_checker *c, const struct pgn_token *tok);
void pgn_check_reader(struct pgn_checker *c, const struct pgn_game *g);
void pgn_check_spelling(struct pgn_checker *c, const struct pgn_game *g);
const char *pgn_check_raw_at(const struct pgn_checker *c, const struct pgn_game *g,
                             unsigned long line, unsigned long col);

/* pgn_check_tags.c */
void pgn_check_date(struct pgn_checker *c, const struct pgn_tag *t);
void pgn_check_duplicate_tags(struct pgn_checker *c, const struct pgn_game *g);
void pgn_check_roster(struct pgn_checker *c, const struct pgn_game *g);
bool pgn_check_setup(struct pgn_checker *c, struct position *start);
int pgn_check_known_index(const struct pgn_tag *t);
const char *pgn_check_tag_value(const struct pgn_checker *c, int k);
unsigned long pgn_check_tag_value_col(const struct pgn_checker *c, const struct pgn_game *g,
                                      const struct pgn_tag *t);

/* pgn_check_moves.c */
void pgn_check_final_position(struct pgn_checker *c, const struct pgn_game *g, const char *result);
void pgn_check_plycount(struct pgn_checker *c);
const char *pgn_check_result_marker(struct pgn_checker *c, const struct pgn_game *g);
void pgn_check_moved_replay(struct pgn_checker *c, const struct pgn_game *g, unsigned group);
void pgn_check_moves_keep(struct pgn_checker *c);
enum pgn_visit pgn_check_moves_play(struct pgn_checker *c, const struct pgn_token *tok);

#endif /* CHESS_PGN_CHECK_IMPL_H */
