/* libFuzzer target for the game replay (lib/games/game.h) of what the PGN reader
 * reads, with the replay as the reader's visitor (its three steps,
 * game_replay_open, game_replay_visit and game_replay_close, so that the
 * position before each token is at hand).  Every game of the input is
 * replayed three times: pushed as it is read, keeping the position
 * before each move; pushed as it is read with GAME_NO_BEFORE (moves played
 * in place, a move that leaves the king in check taken back); and read
 * whole first (collected: pgn_collect_game), then offered (pgn_collect_visit).  It checks
 * what must hold for any bytes at all:
 *   - the three replays give the same events (kind, move, ply, depth, the
 *     token's place) and the same problem, and the first two the same
 *     position after each move (position_equal: a move played in place
 *     leaves the Zobrist key stale);
 *   - the replay that keeps the position before each move keeps the key
 *     too: it is position_compute_key's, and `before` is the position the
 *     move was played on;
 *   - every move played is one of the legal moves the generator lists in
 *     the position before it (the independent truth: perft-checked);
 *   - a move refused as illegal is refused by san_parse too.
 * Games without a Variant tag are played by the rules of a variant that
 * the input's length picks (standard chess three times in five), so that
 * the variants' paths run too.  A broken property aborts, which libFuzzer
 * reports as a crash. */
#include "pgn_collect.h"
#include "games/game.h"

#include "rules/movegen.h"
#include "games/pgn.h"
#include "notation/san.h"

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

enum { EVENTS_MAX = 2048 };

/* One replay of the game being read: what it gave. */
struct run {
    struct game_replay r; /* large: one per run */
    unsigned flags;
    unsigned long game;
    struct {
        int kind, depth;
        move m;
        unsigned long ply, line, col;
        struct position after;
    } ev[EVENTS_MAX];
    size_t n;
    bool lost, has_problem;
    struct game_problem pb;
};

static enum pgn_visit run_tags_done(void *ctx, const struct pgn_game *g)
{
    struct run *u = ctx;
    u->game = g->number;
    return game_replay_open(&u->r, g) ? PGN_VISIT_GO : PGN_VISIT_SKIP_GAME;
}

static enum pgn_visit run_token(void *ctx, const struct pgn_token *tok)
{
    struct run *u = ctx;
    struct position before = game_replay_line(&u->r)->pos;
    struct game_event ev;
    enum pgn_visit answer;
    if (!game_replay_visit(&u->r, tok, &ev, &answer)) {
        move m;
        /* a refused SAN move: san_parse must refuse it on the same position */
        if (answer == PGN_VISIT_SKIP_GAME && u->r.problem.code == GAME_E_ILLEGAL &&
            tok->kind == PGN_TOK_MOVE && san_parse(&before, tok->text, tok->len, &m) == SAN_OK)
            fail("a move refused by the replay is accepted by san_parse", u->game);
        return answer;
    }
    if (ev.kind == GAME_EV_MOVE) {
        bool kept = !(u->flags & GAME_NO_BEFORE);
        if (kept && ev.after->key != position_compute_key(ev.after))
            fail("the kept replay's key is not the position's", u->game);
        if (kept && (!ev.before || memcmp(ev.before, &before, sizeof before) != 0))
            fail("the kept replay lost the position before a move", u->game);
        if (!movegen_is_legal(&before, ev.m))
            fail("a move played is not legal", u->game);
        if (!kept && ev.before && (tok->value & SAN_SHAPE) && !(u->flags & GAME_VARIATIONS))
            fail("GAME_NO_BEFORE kept a position before a SAN move", u->game);
    }
    if (u->n == EVENTS_MAX) {
        u->lost = true;
        return PGN_VISIT_SKIP_GAME;
    }
    u->ev[u->n].kind = ev.kind;
    u->ev[u->n].depth = ev.depth;
    u->ev[u->n].m = ev.m;
    u->ev[u->n].ply = ev.ply;
    u->ev[u->n].line = tok->line;
    u->ev[u->n].col = tok->col;
    if (ev.after)
        u->ev[u->n].after = *ev.after;
    u->n++;
    return PGN_VISIT_GO;
}

static void run_game_end(void *ctx, const struct pgn_game *g)
{
    struct run *u = ctx;
    const struct game_problem *pb = game_replay_close(&u->r, g);
    u->game = g->number;
    u->has_problem = pb != NULL;
    if (pb)
        u->pb = *pb;
}

static const struct pgn_visitor run_visitor = {run_tags_done, run_token, run_game_end};

static void run_reset(struct run *u, unsigned flags)
{
    game_replay_listen(&u->r, flags, NULL, NULL);
    u->flags = flags;
    u->n = 0;
    u->lost = u->has_problem = false;
}

/* Two replays of one game: the same events and problem (and the same
 * positions after the moves, when positions says so).  The events of a
 * damaged game, to be dropped, are compared only when both replays were
 * pushed as the game was read. */
static void compare(const struct run *a, const struct run *b, bool positions, const char *which)
{
    char what[128];
    if (a->lost || b->lost)
        return;
    snprintf(what, sizeof what, "the replays (%s) give different events", which);
    bool damaged = a->has_problem && a->pb.code == GAME_E_DAMAGED;
    if (a->n != b->n && !(damaged && !positions))
        fail(what, a->game);
    for (size_t i = 0; i < a->n && !(damaged && !positions); i++) {
        if (a->ev[i].kind != b->ev[i].kind || a->ev[i].m != b->ev[i].m ||
            a->ev[i].ply != b->ev[i].ply || a->ev[i].depth != b->ev[i].depth ||
            a->ev[i].line != b->ev[i].line || a->ev[i].col != b->ev[i].col)
            fail(what, a->game);
        if (positions && a->ev[i].kind == GAME_EV_MOVE &&
            !position_equal(&a->ev[i].after, &b->ev[i].after))
            fail("the positions after a move differ", a->game);
    }
    const struct game_problem *p = &a->pb, *q = &b->pb;
    if (a->has_problem != b->has_problem ||
        (a->has_problem &&
         (p->code != q->code || p->line != q->line || p->col != q->col || p->ply != q->ply ||
          strcmp(p->text, q->text) != 0 || strcmp(p->reason, q->reason) != 0))) {
        snprintf(what, sizeof what, "the replays (%s) report different problems", which);
        fail(what, a->game);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct pgn_reader *whole, *kept_reader, *in_place_reader;
    static struct run kept, in_place, offered; /* large: one each for the run */
    if (!whole) {
        if (!(whole = pgn_reader_new()) || !(kept_reader = pgn_reader_new()) ||
            !(in_place_reader = pgn_reader_new()))
            abort();
    }
    static const enum variant rules[] = {VARIANT_CHESS, VARIANT_CHESS, VARIANT_CHESS,
                                         VARIANT_ATOMIC, VARIANT_CRAZYHOUSE};
    unsigned flags = GAME_RULES(rules[size % 5]) | (size % 7 == 0 ? GAME_VARIATIONS : 0);
    pgn_reader_open_mem(whole, (const char *)data, size, "fuzz");
    pgn_reader_open_mem(kept_reader, (const char *)data, size, "fuzz");
    pgn_reader_open_mem(in_place_reader, (const char *)data, size, "fuzz");
    run_reset(&kept, flags);
    run_reset(&in_place, flags | GAME_NO_BEFORE);
    run_reset(&offered, flags);
    struct pgn_game g;
    while (pgn_collect_game(whole, &g) > 0) {
        kept.n = in_place.n = offered.n = 0;
        kept.lost = in_place.lost = offered.lost = false;
        pgn_collect_visit(&g, &run_visitor, &offered);
        if (pgn_read_game(kept_reader, &run_visitor, &kept) <= 0 ||
            pgn_read_game(in_place_reader, &run_visitor, &in_place) <= 0)
            fail("the visitors' readers read fewer games", g.number);
        compare(&kept, &in_place, true, "kept and in place");
        if (!g.stray) /* (stray text's tokens are not offered whole) */
            compare(&kept, &offered, false, "pushed as read and offered whole");
    }
    return 0;
}
