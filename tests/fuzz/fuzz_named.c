/* libFuzzer target for the named-notation reader: arbitrary bytes through
 * the record reader (named_next_game), the replay of its games
 * (game_replay_next with GAME_NAMED), and the ply parser on a few fixed
 * positions.  Besides crashes and sanitizer reports it checks the
 * notation's own invariant: every move the replay accepts is formatted
 * back into a record that reads as the same move, in both vocabularies. */
#include "game.h"
#include "named.h"
#include "named_reader.h"
#include "san.h"

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

static void replay_games(const char *text, size_t size, struct game_replay *replay)
{
    struct named_reader *r = named_reader_new();
    struct pgn_game g;
    if (!r)
        return;
    named_reader_set_max_line(r, 512);
    if (named_reader_open_mem(r, text, size, "fuzz") == PGN_OK) {
        while (named_next_game(r, &g) > 0) {
            struct game_event ev;
            struct game_problem pb;
            char buf[1024];
            int rc = 1;
            game_label(g.tags, g.ntags, buf, sizeof buf);
            if (game_replay_begin(replay, &g, GAME_NAMED | GAME_VARIATIONS, &pb) != GAME_OK)
                rc = -1;
            while (rc > 0 && (rc = game_replay_next(replay, &ev, &pb)) > 0)
                if (ev.kind == GAME_EV_MOVE) {
                    char san[SAN_MAX];
                    check_round_trip(ev.before, ev.m);
                    san_format(ev.before, ev.m, san);
                }
            if (rc < 0)
                game_problem_format(&pb, buf, sizeof buf);
        }
    }
    named_reader_free(r);
}

/* The first line of the input as one ply record, in a few positions. */
static void parse_records(const char *text, size_t size)
{
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r3k2r/8/8/8/3pPp2/8/8/R3K1R1 b Qkq e3 0 1",
    };
    const char *nl = memchr(text, '\n', size);
    size_t len = nl ? (size_t)(nl - text) : size;
    struct named_ply ply;
    named_scan(text, len, &ply);
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct pgn_tag tag = {.name = "FEN", .value = fens[i], .value_len = strlen(fens[i])};
        struct position p;
        struct game_problem pb;
        char expected[NAMED_MAX];
        move m;
        if (game_setup(&tag, 1, &p, &pb) != GAME_OK)
            abort();
        for (int v = 0; v <= NAMED_ANY; v++)
            if (named_parse(&p, text, len, (enum named_vocabulary)v, &m, expected) == NAMED_OK &&
                m != MOVE_NONE)
                check_round_trip(&p, m);
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
