/* Polyglot's key (lib/explore/polyglot_key.h) against its truths: the test
 * keys published with Polyglot's book format, and python-chess's
 * chess.polyglot.zobrist_hash on crafted positions (en passant with and
 * without a capturing pawn, a pinned capturer, each castling right) and on
 * every position of random games played from the start by the library's
 * makemove (scripts/gen-polyglot-keys writes polyglot_keys.inc). */
#include "explore/polyglot_key.h"

#include "notation/fen.h"
#include "notation/uci.h"
#include "rules/makemove.h"
#include "unit.h"

#include <stdlib.h>

struct polyglot_key_case {
    const char *fen;
    uint64_t key;
};

#include "polyglot_keys.inc"

static bool position_of(const char *fen, struct position *p)
{
    struct fen_options opt = {0};
    struct fen_record rec;
    struct fen_report rep;
    if (!fen_read(fen, strlen(fen), &opt, &rec, &rep))
        return false;
    *p = rec.pos;
    return true;
}

/* Play the UCI moves of line (space-separated) on p; false at one that is
 * not legal. */
static bool play_line(struct position *p, const char *line)
{
    while (*line) {
        size_t len = strcspn(line, " ");
        move m = uci_parse(p, line, len);
        if (m == MOVE_NONE)
            return false;
        makemove_play(p, m);
        line += len;
        line += *line == ' ';
    }
    return true;
}

/* The specification's test keys: the moves from the start, then the key. */
static void test_published(void)
{
    static const struct {
        const char *moves;
        uint64_t key;
    } cases[] = {
        {"", UINT64_C(0x463b96181691fc9c)},
        {"e2e4", UINT64_C(0x823c9b50fd114196)},
        {"e2e4 d7d5", UINT64_C(0x0756b94461c50fb0)},
        {"e2e4 d7d5 e4e5", UINT64_C(0x662fafb965db29d4)},
        {"e2e4 d7d5 e4e5 f7f5", UINT64_C(0x22a48b5a8e47ff78)},
        {"e2e4 d7d5 e4e5 f7f5 e1e2", UINT64_C(0x652a607ca3f242c1)},
        {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", UINT64_C(0x00fdd303c946bdd9)},
        {"a2a4 b7b5 h2h4 b5b4 c2c4", UINT64_C(0x3c8123ea7b067637)},
        {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", UINT64_C(0x5c3f9b829b279560)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct position p;
        position_start(&p);
        bool ok = play_line(&p, cases[i].moves);
        UNIT_CHECK(ok, "published case '%s' plays", cases[i].moves);
        uint64_t got = polyglot_key(&p);
        UNIT_CHECK(got == cases[i].key, "published key after '%s' (%016" PRIx64 ")", cases[i].moves,
                   got);
    }
}

static void test_positions(void)
{
    size_t n = sizeof polyglot_key_positions / sizeof polyglot_key_positions[0], bad = 0;
    for (size_t i = 0; i < n; i++) {
        struct position p;
        const struct polyglot_key_case *c = &polyglot_key_positions[i];
        if (!position_of(c->fen, &p) || polyglot_key(&p) != c->key) {
            bad++;
            printf("#   %s: expected %016" PRIx64 "\n", c->fen, c->key);
        }
    }
    UNIT_CHECK(bad == 0, "python-chess's key of %zu positions (%zu differ)", n, bad);
}

static void test_games(void)
{
    size_t games = sizeof polyglot_key_games / sizeof polyglot_key_games[0];
    size_t nkeys = sizeof polyglot_key_game_keys / sizeof polyglot_key_game_keys[0];
    size_t k = 0, bad = 0, bad_after = 0;
    for (size_t g = 0; g < games; g++) {
        struct position p;
        position_start(&p);
        const char *line = polyglot_key_games[g];
        while (*line && k < nkeys) {
            size_t len = strcspn(line, " ");
            move m = uci_parse(&p, line, len);
            if (m == MOVE_NONE) {
                bad++;
                break;
            }
            struct position before = p;
            makemove_play(&p, m);
            bad_after +=
                polyglot_key_after(&before, polyglot_key(&before), &p) != polyglot_key_game_keys[k];
            bad += polyglot_key(&p) != polyglot_key_game_keys[k++];
            line += len;
            line += *line == ' ';
        }
    }
    UNIT_CHECK(bad == 0 && k == nkeys,
               "python-chess's key after each of %zu plies of %zu games (%zu differ)", nkeys, games,
               bad);
    UNIT_CHECK(bad_after == 0, "polyglot_key_after: the same keys, move by move (%zu differ)",
               bad_after);
}

int main(void)
{
    test_published();
    test_positions();
    test_games();
    return unit_done();
}
