/* Replaying a game: the rules layer above the PGN tokenizer (pgn.h).  It
 * sets up the start position from the tags (FEN, SetUp, Variant), plays
 * moves, null moves and variations on a stack of positions, and hands the
 * caller one event per token (a move with the positions before and after
 * it, a comment, a NAG, a variation's start or end, the result).  Errors
 * are codes with the place and a reason from explain.h.
 *
 * A replay is fed token by token (game_replay_token).  As the reader's
 * visitor it replays each game as the reader offers it and hands the
 * events to a struct game_consumer:
 *
 *     struct game_replay *r = malloc(sizeof *r);
 *     game_replay_listen(r, GAME_VARIATIONS, &consumer, ctx);
 *     while (pgn_read_game(reader, &game_replay_visitor, r) > 0)
 *         ;  // consumer.begin, .event for each event, .end with the problem
 *
 * A visitor that consumes the events itself takes the visitor's three
 * steps (game_replay_open, game_replay_visit, game_replay_close), or
 * game_replay_start and game_replay_token (pgn-check). */
#ifndef CHESS_GAME_H
#define CHESS_GAME_H

#include "notation/explain.h"
#include "rules/makemove.h"
#include "rules/movegen.h"
#include "pgn.h"
#include "notation/san.h"

#include <stdbool.h>
#include <stddef.h>

/* Variations nest at most this deep. */
enum { GAME_DEPTH_MAX = 100 };

enum game_error {
    GAME_OK = 0,
    GAME_E_FEN,           /* the FEN tag holds no legal position */
    GAME_E_VARIANT,       /* a variant whose rules the library does not know */
    GAME_E_ILLEGAL,       /* a move that is not legal in the position */
    GAME_E_NULL_IN_CHECK, /* a null move while in check (it would capture the king) */
    GAME_E_VARIATION,     /* a variation with no move before it to replace */
    GAME_E_TOO_DEEP,      /* variations nested deeper than GAME_DEPTH_MAX */
    GAME_E_TEXT,          /* movetext that is no PGN token */
    GAME_E_DAMAGED,       /* the PGN text lost part of the game (see pgn_error) */
    GAME_E_RECORD,        /* a named-notation record that is not the generator's */
    GAME_ERROR_NB
};

/* Room for the text at fault: a move or token, or a FEN tag quoted whole
 * (a longer one is cut at a field boundary, "..."). */
enum { GAME_TEXT_MAX = 128 };

/* What went wrong and where. */
struct game_problem {
    enum game_error code;
    unsigned long line, col; /* in the input, 1-based; 0 when unknown */
    unsigned long ply;       /* 1-based ply of the move at fault from the start position; 0: none */
    unsigned long fullmove;  /* its move number, */
    int side;                /* and the side that plays it (enum color) */
    char text[GAME_TEXT_MAX]; /* the move, token or tag value at fault (cut to fit) */
    char reason[EXPLAIN_MAX]; /* why, from the rules library; may be empty */
    enum san_error san;       /* GAME_E_ILLEGAL of a SAN move: the SAN reader's verdict */
    int depth;                /* variation depth of the line at fault, 0: main line */
    bool recovered;           /* a variation's, skipped to its end (GAME_VARIATION_ERRORS_SKIP) */
};

/* Word a problem for a diagnostic, e.g. "ply 34 (17...): illegal move 'Ke3':
 * no piece on e3" or "FEN tag: illegal position '8/8 w': ...".  snprintf
 * contract. */
size_t game_problem_format(const struct game_problem *pb, char *buf, size_t size);

/* The label of a game in diagnostics, as it follows "game N": " (White -
 * Black, Round)"; without players " (Event, Round)"; with neither
 * " (round Round)"; else "".  A part whose tag is missing, empty, "?" or
 * (Round) "-" is left out (an unknown player of a known one is "?").
 * snprintf contract. */
size_t game_label(const struct pgn_tag *tags, size_t ntags, char *buf, size_t size);

/* The rules a Variant tag's value names, matched without regard to case,
 * spaces, '-' and '_': lichess's names and the usual aliases ("3check",
 * "zh", "koth", "fischerandom", ...; "giveaway" is antichess with
 * castling).  Chess960 is standard chess with *chess960 set (else
 * cleared); false for a variant this library does not play. */
bool game_variant_parse(const char *value, enum variant *variant, bool *chess960);
/* The Variant tag's value for these rules in lichess's spelling ("King of
 * the Hill", "Chess960"), which game_variant_parse reads back; NULL for
 * standard chess.  A variant played as Chess960 is named by its variant
 * alone (its castling stays in the FEN tag's X-FEN). */
const char *game_variant_tag(enum variant variant, bool chess960);

/* One line of play: the position after its moves so far, and the one before
 * its last move (where a variation on that move starts). */
struct game_line {
    struct position pos;
    struct position before; /* valid when has_move */
    unsigned long ply;      /* plies from the start position to pos */
    bool has_move;
};

/* The main line and the open variations, innermost last. */
struct game_stack {
    int depth; /* 0: main line */
    struct game_line lines[GAME_DEPTH_MAX + 1];
};

/* Play a legal move, or a null move (GAME_E_NULL_IN_CHECK when in check),
 * on the innermost line. */
void game_stack_play(struct game_stack *s, move m);

/* Resolve a MOVE token (SAN, long algebraic, UCI or a drop; plain SAN by
 * the reader's shape) on the innermost line and play it: SAN_OK with *m
 * played, or the error with nothing played.  Unless keep is set, `before`
 * is not kept (no variation follows).  A deferred move (san_resolve_plain)
 * that leaves the king in check is taken back for san_resolve's verdict.
 * Inline: once a ply. */
static inline __attribute__((always_inline)) enum san_error
game_stack_play_token(struct game_stack *s, const struct pgn_token *tok, bool keep, move *m)
{
    struct game_line *l = &s->lines[s->depth];
    unsigned shape = tok->value;
    struct san_parsed sp;
    bool deferred = false;
    enum san_error se;
    /* plain SAN, already scanned by the reader: its parts */
    *m = (shape & SAN_SHAPE) && !san_shape_castle(shape)
             ? san_resolve_plain(&l->pos, san_shape_piece(shape), san_shape_to(shape),
                                 san_shape_from_file(shape), san_shape_from_rank(shape), &deferred)
             : MOVE_NONE;
    if (*m != MOVE_NONE) {
        se = SAN_OK;
    } else if (shape & SAN_SHAPE) { /* castling, and what the common case leaves */
        san_shape_parsed(shape, &sp);
        se = san_resolve(&l->pos, &sp, m);
    } else { /* not scanned by the reader: drops too, "N@f3" */
        se = san_parse(&l->pos, tok->text, tok->len, m);
    }
    if (se != SAN_OK)
        return se;
    bool had_move = l->has_move;
    if (keep) {
        game_stack_play(s, *m);
        if (!deferred || movegen_left_king_safe(&l->pos))
            return SAN_OK;
        l->pos = l->before;
    } else {
        /* the position before the move is not kept: played in place */
        struct makemove_undo u;
        makemove_play_undo(&l->pos, *m, &u);
        l->ply++;
        l->has_move = false;
        if (!deferred || movegen_left_king_safe(&l->pos))
            return SAN_OK;
        makemove_take_back(&l->pos, *m, &u);
    }
    l->ply--;
    l->has_move = had_move;
    san_shape_parsed(shape, &sp);
    return san_resolve(&l->pos, &sp, m);
}
enum game_error game_stack_pass(struct game_stack *s);

/* Options of a replay. */
enum {
    GAME_VARIATIONS = 1u << 0, /* replay what is inside "(" ... ")"; else skip it unchecked */
    GAME_NAMED = 1u << 1,      /* MOVE tokens are named-notation plies (named.h's reader) */
    GAME_STRICT_FEN = 1u << 2, /* refuse a FEN tag of a position no game can reach */
    GAME_CHESS960 = 1u << 3,   /* a game without a Variant tag is Chess960 (with GAME_RULES) */
    /* The caller reads no event's `before` (NULL for moves): a move is
     * played in place.  Ignored with GAME_VARIATIONS. */
    GAME_NO_BEFORE = 1u << 4,
    /* Every game is Chess960, whatever its Variant tag (--chess960). */
    GAME_CHESS960_ALL = 1u << 5,
    /* With GAME_VARIATIONS, for game_replay_token (the visitor ends the
     * game at any problem): a move or null move refused in a variation, or
     * a "(" that opens none, is that variation's problem alone: -1 with
     * pb->recovered set, the variation dropped up to its ")". */
    GAME_VARIATION_ERRORS_SKIP = 1u << 6,
    GAME_RULES_SHIFT = 8,
};
/* The rules of a game without a Variant tag (--variant): an enum variant,
 * or'ed into the options; none is standard chess. */
#define GAME_RULES(v) ((unsigned)(v) << GAME_RULES_SHIFT)

enum game_event_kind {
    GAME_EV_MOVE,            /* m played: before -> after */
    GAME_EV_NULL,            /* a null move: before -> after */
    GAME_EV_COMMENT,         /* tok->text */
    GAME_EV_NAG,             /* tok->value */
    GAME_EV_VARIATION_START, /* "(": the following moves replace the last one */
    GAME_EV_VARIATION_END,   /* ")" */
    GAME_EV_RESULT,          /* tok->text; the main line's result */
};

struct game_event {
    enum game_event_kind kind;
    const struct pgn_token *tok;
    const struct position *before, *after; /* MOVE and NULL; valid until the next call
                                            * (before: NULL for a MOVE with GAME_NO_BEFORE) */
    move m;                                /* MOVE */
    unsigned long ply;                     /* MOVE and NULL: 1-based, from the start position */
    int depth;                             /* variation depth of the line, 0: main line */
};

struct game_consumer;

/* A replay in progress.  It is large (the position stack): allocate it
 * once and reuse it for every game. */
struct game_replay {
    struct position start; /* from the tags */
    /* private */
    unsigned flags;
    struct game_stack stack;
    /* game_replay_visitor's */
    const struct game_consumer *consumer;
    void *consumer_ctx;
    bool begun, failed;
    int depth_before;            /* the stack's depth before the game */
    struct game_problem problem; /* what stopped the game (failed) */
    /* GAME_VARIATION_ERRORS_SKIP: > 0 while a variation is skipped, the
     * depth of its tokens (flags then lack GAME_VARIATIONS, which drops
     * them), and whether the variation is on the stack, to leave at ")" */
    int skip;
    bool skip_leave;
};

/* Start replaying a game with these tags: GAME_OK, or the problem of its
 * setup.  Then game_replay_token for each of its tokens. */
enum game_error game_replay_start(struct game_replay *r, const struct pgn_tag *tags, size_t ntags,
                                  unsigned flags, struct game_problem *pb);
/* The same from a start position the caller set up itself (pgn-check,
 * which reports every problem of a FEN tag). */
void game_replay_start_at(struct game_replay *r, const struct position *start, unsigned flags);
/* game_replay_token's out-of-line parts: every token but a SAN move, and a
 * refused move. */
int game_replay_any(struct game_replay *r, const struct pgn_token *tok, struct game_event *ev,
                    struct game_problem *pb);
int game_replay_refused(struct game_replay *r, const struct pgn_token *tok, enum san_error se,
                        struct game_problem *pb);
/* A MOVE token in SAN (not GAME_NAMED) of the line being replayed, played:
 * 1 with the move in *m (game_replay_line has the positions), or -1. */
static inline __attribute__((always_inline)) int game_replay_san(struct game_replay *r,
                                                                 const struct pgn_token *tok,
                                                                 move *m, struct game_problem *pb)
{
    bool keep = (r->flags & (GAME_NO_BEFORE | GAME_VARIATIONS)) != GAME_NO_BEFORE;
    enum san_error se = game_stack_play_token(&r->stack, tok, keep, m);
    return se == SAN_OK ? 1 : game_replay_refused(r, tok, se, pb);
}
static inline const struct game_line *game_replay_line(const struct game_replay *r)
{
    return &r->stack.lines[r->stack.depth];
}
/* Whether the replay is skipping a variation (GAME_VARIATION_ERRORS_SKIP),
 * for a caller that reads tokens the replay gives no event for (pgn-check's
 * move numbers). */
static inline bool game_replay_skipping(const struct game_replay *r)
{
    return r->skip > 0;
}
/* Replay one token of the game: 1 with its event, 0 when it gives none (a
 * move number, a variation's token without GAME_VARIATIONS or in a
 * variation skipped, a result or ")" that ends nothing), -1 on a problem
 * (pb says what; the replay cannot go on unless pb->recovered).  Inline:
 * once a token. */
static inline __attribute__((always_inline)) int game_replay_token(struct game_replay *r,
                                                                   const struct pgn_token *tok,
                                                                   struct game_event *ev,
                                                                   struct game_problem *pb)
{
    unsigned flags = r->flags;
    if (tok->kind != PGN_TOK_MOVE || (flags & GAME_NAMED) ||
        (tok->depth > 0 && !(flags & GAME_VARIATIONS)))
        return game_replay_any(r, tok, ev, pb);
    bool keep = (flags & (GAME_NO_BEFORE | GAME_VARIATIONS)) != GAME_NO_BEFORE;
    ev->tok = tok;
    ev->depth = r->stack.depth;
    const struct game_line *l = game_replay_line(r);
    if (game_replay_san(r, tok, &ev->m, pb) < 0)
        return -1;
    ev->kind = GAME_EV_MOVE;
    ev->before = keep ? &l->before : NULL;
    ev->after = &l->pos;
    ev->ply = l->ply;
    return 1;
}

/* Whether the reader's diagnostics of g make it unusable (the text lost
 * part of the game, a NUL byte, ...): GAME_E_DAMAGED with pb at the first
 * such, else GAME_OK. */
enum game_error game_damage(const struct pgn_game *g, unsigned flags, struct game_problem *pb);

/* The replay as the reader's visitor (game_replay_visitor with the replay
 * as its context, after game_replay_listen): begin once the game is set up
 * (not when the setup fails), event for each event, end with the problem
 * that stopped the game (NULL: none): the reader's damage first (drop the
 * events given), else the setup's or a token's; stray text (g->stray)
 * comes to end.  begin and event answer as a pgn_visitor does. */
struct game_consumer {
    enum pgn_visit (*begin)(void *ctx, const struct pgn_game *g);
    enum pgn_visit (*event)(void *ctx, const struct game_event *ev);
    void (*end)(void *ctx, const struct pgn_game *g, const struct game_problem *pb);
};
void game_replay_listen(struct game_replay *r, unsigned flags, const struct game_consumer *c,
                        void *ctx);
extern const struct pgn_visitor game_replay_visitor;

/* game_replay_visitor's three steps, for a visitor that consumes the events
 * itself (after game_replay_listen with c NULL): game_replay_open (false:
 * the setup failed, skip the game), game_replay_visit (1 with an event,
 * else 0 with the reader's answer), game_replay_close (the problem or NULL). */
bool game_replay_open(struct game_replay *r, const struct pgn_game *g);
static inline __attribute__((always_inline)) int game_replay_visit(struct game_replay *r,
                                                                   const struct pgn_token *tok,
                                                                   struct game_event *ev,
                                                                   enum pgn_visit *answer)
{
    int rc = game_replay_token(r, tok, ev, &r->problem);
    if (rc > 0)
        return 1;
    if (rc < 0) {
        r->failed = true;
        *answer = PGN_VISIT_SKIP_GAME;
    } else { /* without GAME_VARIATIONS a variation is not even offered */
        *answer = tok->kind == PGN_TOK_VARIATION_START ? PGN_VISIT_SKIP_VARIATION : PGN_VISIT_GO;
    }
    return 0;
}
/* game_replay_visit of a MOVE in SAN (not GAME_NAMED), without its event:
 * 1 with the move in *m, else 0 (answer PGN_VISIT_SKIP_GAME). */
static inline __attribute__((always_inline)) int
game_replay_visit_san(struct game_replay *r, const struct pgn_token *tok, move *m)
{
    if (game_replay_san(r, tok, m, &r->problem) > 0)
        return 1;
    r->failed = true;
    return 0;
}
const struct game_problem *game_replay_close(struct game_replay *r, const struct pgn_game *g);

#endif
