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
 *   - the replay as the reader's visitor (game_replay_visitor, the way
 *     pgn-to-named-notation replays), which plays each token as it is
 *     read, gives the events and the problem that the replay of the whole
 *     game gives (a damaged game: the damage, its events dropped).
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

/* What the replay as a visitor gave for the game being read: its events
 * (kind, move, ply, depth) and its problem. */
static struct {
    struct {
        int kind, depth;
        move m;
        unsigned long ply;
    } ev[4096];
    size_t n;
    bool lost, has_problem;
    struct game_problem pb;
} pushed;

static enum pgn_visit push_begin(void *ctx, const struct pgn_game *g)
{
    (void)ctx;
    (void)g;
    return PGN_VISIT_GO;
}

static enum pgn_visit push_event(void *ctx, const struct game_event *ev)
{
    (void)ctx;
    if (pushed.n == sizeof pushed.ev / sizeof pushed.ev[0]) {
        pushed.lost = true;
        return PGN_VISIT_SKIP_GAME;
    }
    pushed.ev[pushed.n].kind = ev->kind;
    pushed.ev[pushed.n].depth = ev->depth;
    pushed.ev[pushed.n].m = ev->m;
    pushed.ev[pushed.n++].ply = ev->ply;
    return PGN_VISIT_GO;
}

static void push_end(void *ctx, const struct pgn_game *g, const struct game_problem *pb)
{
    (void)ctx;
    (void)g;
    pushed.has_problem = pb != NULL;
    if (pb)
        pushed.pb = *pb;
}

static const struct game_consumer push_consumer = {push_begin, push_event, push_end};

/* The visitor's events against the whole game's replay. */
static void check_pushed(const struct pgn_game *g, unsigned flags)
{
    static struct game_replay r;
    struct game_problem pb;
    struct game_event ev;
    if (g->stray || pushed.lost)
        return;
    int rc = game_replay_begin(&r, g, flags, &pb) == GAME_OK ? 1 : -1;
    size_t k = 0;
    bool damaged = rc < 0 && pb.code == GAME_E_DAMAGED;
    while (rc > 0 && (rc = game_replay_next(&r, &ev, &pb)) > 0)
        if (k >= pushed.n || pushed.ev[k].kind != (int)ev.kind || pushed.ev[k].m != ev.m ||
            pushed.ev[k].ply != ev.ply || pushed.ev[k++].depth != ev.depth)
            fail("the replay as a visitor gave other events", g->number);
    if (!damaged && k != pushed.n)
        fail("the replay as a visitor gave more events", g->number);
    if ((rc < 0) != pushed.has_problem)
        fail("the replay as a visitor found a problem where the other did not", g->number);
    if (rc < 0 &&
        (pb.code != pushed.pb.code || pb.line != pushed.pb.line || pb.col != pushed.pb.col ||
         pb.ply != pushed.pb.ply || strcmp(pb.text, pushed.pb.text) != 0 ||
         strcmp(pb.reason, pushed.pb.reason) != 0))
        fail("the replay as a visitor found another problem", g->number);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct pgn_reader *reader, *pusher;
    static struct game_replay replay;
    if (!reader) {
        if (!(reader = pgn_reader_new()) || !(pusher = pgn_reader_new()))
            abort();
    }
    static const enum variant rules[] = {VARIANT_CHESS, VARIANT_CHESS, VARIANT_CHESS,
                                         VARIANT_ATOMIC, VARIANT_CRAZYHOUSE};
    unsigned flags = GAME_RULES(rules[size % 5]) | (size % 7 == 0 ? GAME_VARIATIONS : 0);
    pgn_reader_open_mem(reader, (const char *)data, size, "fuzz");
    pgn_reader_open_mem(pusher, (const char *)data, size, "fuzz");
    game_replay_listen(&replay, flags, &push_consumer, NULL);
    struct pgn_game g;
    while (pgn_next_game(reader, &g) > 0) {
        pushed.n = 0;
        pushed.lost = false;
        if (pgn_read_game(pusher, &game_replay_visitor, &replay) <= 0)
            fail("the visitor's reader read fewer games", g.number);
        replay_both(&g, flags);
        check_refusal(&g, flags & ~GAME_VARIATIONS);
        check_pushed(&g, flags);
    }
    return 0;
}
