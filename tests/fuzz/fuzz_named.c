/* libFuzzer target for the named-notation reader: arbitrary bytes through
 * the record reader, the replay of its games as its visitor
 * (named_read_game with game_replay_visitor, GAME_NAMED), and the ply parser on a few fixed
 * positions (of chess and of the variants).  Besides crashes and sanitizer
 * reports it checks the notation's own invariant: every move the replay
 * accepts is formatted back into a record that reads as the same move, in
 * both vocabularies, and into SAN that reads as the same move.  Games
 * without a Variant tag take the rules of a variant picked by the input's
 * length. */
#include "games/game.h"
#include "games/named.h"
#include "games/named_reader.h"
#include "notation/san.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Abort (a finding) unless the record of m reads back as m. */
static void check_round_trip(const struct position *p, move m)
{
    for (int v = 0; v < NAMED_VOCABULARY_NB; v++) {
        char rec[NAMED_MAX];
        move back;
        size_t n = named_format_ply(p, m, (enum named_vocabulary)v, rec, sizeof rec);
        if (n >= sizeof rec ||
            named_parse(p, rec, n, (enum named_vocabulary)v, &back, NULL) != NAMED_OK || back != m)
            abort();
    }
}

/* Abort unless the SAN of m, read back, is m (every variant's SAN: drops,
 * king promotions, the variants' check marks). */
static void check_san(const struct position *p, move m)
{
    char san[SAN_MAX];
    move back;
    size_t n = san_format(p, m, san);
    if (n >= SAN_MAX || san_parse(p, san, n, &back) != SAN_OK || back != m)
        abort();
}

static enum pgn_visit named_begin(void *ctx, const struct pgn_game *g)
{
    char buf[1024];
    (void)ctx;
    game_label(g->tags, g->ntags, buf, sizeof buf);
    return PGN_VISIT_GO;
}

static enum pgn_visit named_event(void *ctx, const struct game_event *ev)
{
    (void)ctx;
    if (ev->kind == GAME_EV_MOVE) {
        check_round_trip(ev->before, ev->m);
        check_san(ev->before, ev->m);
    }
    return PGN_VISIT_GO;
}

static void named_end(void *ctx, const struct pgn_game *g, const struct game_problem *pb)
{
    char buf[1024];
    (void)ctx;
    (void)g;
    if (pb)
        game_problem_format(pb, buf, sizeof buf);
}

static void replay_games(const char *text, size_t size, struct game_replay *replay)
{
    static const struct game_consumer consumer = {named_begin, named_event, named_end};
    struct named_reader *r = named_reader_new();
    if (!r)
        return;
    named_reader_set_max_line(r, 512);
    /* games without a Variant tag: a variant picked by the length */
    unsigned rules = GAME_RULES(size % VARIANT_NB);
    game_replay_listen(replay, GAME_NAMED | GAME_VARIATIONS | rules, &consumer, NULL);
    if (named_reader_open_mem(r, text, size, "fuzz") == PGN_OK)
        while (named_read_game(r, &game_replay_visitor, replay) > 0)
            ;
    named_reader_free(r);
}

/* The first line of the input as one ply record, in a few positions. */
static void parse_records(const char *text, size_t size)
{
    static const struct {
        const char *variant, *fen;
    } fens[] = {
        {"Standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"Standard", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
        {"Standard", "r3k2r/8/8/8/3pPp2/8/8/R3K1R1 b Qkq e3 0 1"},
        {"Crazyhouse", "r2qk2r/ppp2ppp/2n5/3pP3/3Pn3/5N2/PP3PPP/R1BQKB1R[PNbp] w KQkq d6 0 7"},
        {"Atomic", "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 4"},
        {"Antichess", "8/1P4P1/8/8/3k4/8/1p2K3/R7 w - - 0 1"},
    };
    const char *nl = memchr(text, '\n', size);
    size_t len = nl ? (size_t)(nl - text) : size;
    struct named_ply ply;
    named_scan(text, len, &ply);
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct pgn_tag tags[] = {
            {.name = "Variant", .value = fens[i].variant, .value_len = strlen(fens[i].variant)},
            {.name = "FEN", .value = fens[i].fen, .value_len = strlen(fens[i].fen)}};
        static struct game_replay setup; /* large: its start position alone is used */
        struct game_problem pb;
        char expected[NAMED_MAX];
        move m;
        if (game_replay_start(&setup, tags, 2, 0, &pb) != GAME_OK)
            abort();
        const struct position *p = &setup.start;
        for (int v = 0; v <= NAMED_ANY; v++)
            if (named_parse(p, text, len, (enum named_vocabulary)v, &m, expected) == NAMED_OK &&
                m != MOVE_NONE)
                check_round_trip(p, m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct game_replay replay; /* large: one for the whole run */
    const char *text = (const char *)data;
    replay_games(text, size, &replay);
    parse_records(text, size);
    return 0;
}
