/* libFuzzer target for the game replay (lib/game.h) of what the PGN reader
 * reads: every game of the input is replayed twice in step, keeping the
 * position before each move and with GAME_NO_BEFORE (moves played in
 * place, a move that leaves the king in check taken back), and checks
 * what must hold for any bytes at all:
 *   - both replays give the same events (kind, move, ply, depth) and the
 *     same position after each move (position_equal: a move played in
 *     place leaves the Zobrist key stale), and the same problem;
 *   - the replay that keeps the position before each move keeps the key
 *     too: it is position_compute_key's;
 *   - every move played is one of the legal moves the generator lists in
 *     the position before it (the independent truth: perft-checked);
 *   - a move refused as illegal is refused by san_parse too;
 *   - the moves that a token hook (pgn_reader_set_token_hook) plays as
 *     the reader reads, the way pgn-to-named-notation's fast path does,
 *     are the full replay's, and the full replay accepts the game, when
 *     the hook took every main line token, the reader found nothing to
 *     report and the game starts from the standard position.
 * Games without a Variant tag are played by the rules of a variant that
 * the input's length picks (standard chess three times in five), so that
 * the variants' paths run too.  A broken property aborts, which libFuzzer
 * reports as a crash. */
#include "game.h"

#include "movegen.h"
#include "pgn.h"
#include "san.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, unsigned long game)
{
    fprintf(stderr, "fuzz_replay: %s (game %lu)\n", what, game);
    abort();
}

/* Replays g both ways in step. */
static void replay_both(const struct pgn_game *g, unsigned flags)
{
    static struct game_replay kept, in_place; /* large: one each for the run */
    struct game_problem pk, pi;
    enum game_error ek = game_replay_begin(&kept, g, flags, &pk);
    enum game_error ei = game_replay_begin(&in_place, g, flags | GAME_NO_BEFORE, &pi);
    if (ek != ei)
        fail("the replays begin differently", g->number);
    if (ek != GAME_OK)
        return;
    for (;;) {
        struct game_event a, b;
        /* (each call gives one event: a move is played on the line on top) */
        struct position before = game_stack_top(&kept.stack)->pos;
        int ra = game_replay_next(&kept, &a, &pk);
        int rb = game_replay_next(&in_place, &b, &pi);
        if (ra != rb)
            fail("the replays end differently", g->number);
        if (ra < 0) {
            if (pk.code != pi.code || pk.line != pi.line || pk.col != pi.col || pk.ply != pi.ply ||
                strcmp(pk.text, pi.text) || strcmp(pk.reason, pi.reason))
                fail("the replays report different problems", g->number);
            return;
        }
        if (ra == 0)
            return;
        if (a.kind != b.kind || a.m != b.m || a.ply != b.ply || a.depth != b.depth ||
            a.tok != b.tok)
            fail("the replays give different events", g->number);
        if (a.kind == GAME_EV_MOVE) {
            if (!position_equal(a.after, b.after))
                fail("the positions after a move differ", g->number);
            if (a.after->key != position_compute_key(a.after))
                fail("the kept replay's key is not the position's", g->number);
            if (!a.before || memcmp(a.before, &before, sizeof before) != 0)
                fail("the kept replay lost the position before a move", g->number);
            if (!movegen_is_legal(&before, a.m))
                fail("a move played is not legal", g->number);
            if (b.before && (b.tok->value & SAN_SHAPE) && !(flags & GAME_VARIATIONS))
                fail("GAME_NO_BEFORE kept a position before a SAN move", g->number);
        }
    }
}

/* A refused SAN move: san_parse must refuse it on the same position. */
static void check_refusal(const struct pgn_game *g, unsigned flags)
{
    static struct game_replay r;
    struct game_problem pb;
    struct game_event ev;
    if (game_replay_begin(&r, g, flags, &pb) != GAME_OK)
        return;
    int rc;
    struct position before = game_stack_top(&r.stack)->pos;
    while ((rc = game_replay_next(&r, &ev, &pb)) > 0)
        before = game_stack_top(&r.stack)->pos;
    if (rc < 0 && pb.code == GAME_E_ILLEGAL && r.stack.depth == 0) {
        const struct pgn_token *tok = NULL;
        for (size_t i = 0; i < g->ntokens; i++)
            if (g->tokens[i].line == pb.line && g->tokens[i].col == pb.col &&
                g->tokens[i].kind == PGN_TOK_MOVE)
                tok = &g->tokens[i];
        move m;
        if (tok && san_parse(&before, tok->text, tok->len, &m) == SAN_OK)
            fail("a move refused by the replay is accepted by san_parse", g->number);
    }
}

/* What the hook played of the game being read: its moves, from the
 * standard start, until a token that is no move (but numbers, NAGs,
 * comments, parentheses and the result) or a move it cannot play. */
static struct {
    struct game_stack stack;
    move moves[4096];
    size_t n;
    bool stopped;
} hooked;

static enum pgn_hook_answer hook(void *ctx, const struct pgn_token *tok)
{
    (void)ctx;
    if (!tok) { /* a game begins */
        struct position start;
        position_start(&start);
        game_stack_reset(&hooked.stack, &start);
        hooked.n = 0;
        hooked.stopped = false;
        return PGN_HOOK_KEEP;
    }
    if (hooked.stopped)
        fail("a token offered to a hook that gave up", 0);
    move m;
    switch (tok->kind) {
    case PGN_TOK_MOVE:
        if (hooked.n < sizeof hooked.moves / sizeof hooked.moves[0] &&
            game_stack_play_token(&hooked.stack, tok, false, &m) == SAN_OK) {
            hooked.moves[hooked.n++] = m;
            return PGN_HOOK_KEEP;
        }
        break;
    case PGN_TOK_MOVE_NUMBER:
    case PGN_TOK_NAG:
    case PGN_TOK_COMMENT:
    case PGN_TOK_VARIATION_START:
    case PGN_TOK_VARIATION_END:
    case PGN_TOK_RESULT:
        return PGN_HOOK_KEEP;
    default:
        break;
    }
    hooked.stopped = true;
    return PGN_HOOK_GIVE_UP;
}

/* The hook's moves against the full replay of the main line in standard
 * chess, where the fast path would take them. */
static void check_hooked(const struct pgn_game *g)
{
    static struct game_replay r;
    struct game_problem pb;
    struct game_event ev;
    struct position start;
    position_start(&start);
    if (g->hooked == hooked.stopped)
        fail("the game's hooked flag is not the hook's", g->number);
    if (hooked.stopped || g->ndiags ||
        game_replay_begin(&r, g, GAME_RULES(VARIANT_CHESS), &pb) != GAME_OK ||
        !position_equal(&r.start, &start))
        return;
    size_t k = 0;
    int rc;
    while ((rc = game_replay_next(&r, &ev, &pb)) > 0) {
        if (ev.kind == GAME_EV_NULL)
            fail("the hook played past a null move", g->number);
        if (ev.kind == GAME_EV_MOVE && (k >= hooked.n || hooked.moves[k++] != ev.m))
            fail("the hook played other moves than the replay", g->number);
    }
    if (rc < 0)
        fail("the replay refuses a game the hook played", g->number);
    if (k != hooked.n)
        fail("the hook played more moves than the replay", g->number);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct pgn_reader *reader;
    if (!reader) {
        if (!(reader = pgn_reader_new()))
            abort();
        pgn_reader_set_token_hook(reader, hook, NULL);
    }
    static const enum variant rules[] = {VARIANT_CHESS, VARIANT_CHESS, VARIANT_CHESS,
                                         VARIANT_ATOMIC, VARIANT_CRAZYHOUSE};
    unsigned flags = GAME_RULES(rules[size % 5]) | (size % 7 == 0 ? GAME_VARIATIONS : 0);
    pgn_reader_open_mem(reader, (const char *)data, size, "fuzz");
    struct pgn_game g;
    while (pgn_next_game(reader, &g) > 0) {
        replay_both(&g, flags);
        check_refusal(&g, flags & ~GAME_VARIATIONS);
        check_hooked(&g);
    }
    return 0;
}
