/* gen-train: the training input of the profile-guided build (Makefile,
 * PGO=1): games and positions that look like the archives the tools read,
 * made from a fixed seed, so that every build trains on the same bytes.
 *
 * It writes DIR/games.pgn and DIR/positions.fen.  Each game is played from
 * the standard position by the library's own generator (movegen_legal),
 * choosing among the legal moves with a seeded xorshift, a capture more
 * often than its share, and written as SAN (san_format) in one of three
 * layouts that the shared archives show:
 *   - lichess: seventeen tag pairs, the movetext on one line, a clock
 *     comment "{ [%clk 0:02:58] }" after every move, "12..." before each
 *     black move;
 *   - chess.com: long tag values, "{[%clk 0:24:55.5]}" after every move;
 *   - a database: the seven tag roster, "12. e4 e5" wrapped at 79 columns.
 * Every tenth game is one of lichess's variants (a Variant tag, the
 * variant's start), in turn.  A game ends at mate or stalemate (its
 * result), at a variant's own end, or at a length drawn for it with a
 * result drawn too.  Every seventh position of every game goes to
 * positions.fen (fen_format).
 *
 * Usage: gen-train DIR [GAMES]   (GAMES: 1500 by default)
 */
#include "notation/fen.h"
#include "rules/makemove.h"
#include "rules/movegen.h"
#include "rules/position.h"
#include "notation/san.h"
#include "rules/variant.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rng {
    uint64_t s;
};

/* xorshift64: the same numbers on every machine. */
static uint64_t rng_next(struct rng *r)
{
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return r->s;
}

static unsigned rng_below(struct rng *r, unsigned n)
{
    return (unsigned)(rng_next(r) % n);
}

enum layout { LICHESS, CHESSCOM, DATABASE };

/* A move of p: a capture three times in ten when there is one (games of
 * people trade pieces), else any legal move. */
static move pick_move(const struct position *p, const struct movelist *list, struct rng *r)
{
    if (rng_below(r, 10) < 3) {
        move caps[MOVELIST_MAX];
        int n = 0;
        for (int i = 0; i < list->count; i++)
            if (p->board[move_to(list->moves[i])] != NO_PIECE)
                caps[n++] = list->moves[i];
        if (n)
            return caps[rng_below(r, (unsigned)n)];
    }
    return list->moves[rng_below(r, (unsigned)list->count)];
}

/* The tag pairs of game number g in its layout (no blank line after). */
static void write_tags(FILE *out, enum layout lay, unsigned g, const char *result, struct rng *r)
{
    unsigned we = 800 + rng_below(r, 2000), be = 800 + rng_below(r, 2000);
    unsigned month = 1 + g % 12, day = 1 + g % 28;
    if (lay == LICHESS) {
        fprintf(out,
                "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/g%07u\"]\n"
                "[Date \"2024.%02u.%02u\"]\n[Round \"-\"]\n[White \"player%u\"]\n"
                "[Black \"player%u\"]\n[Result \"%s\"]\n[UTCDate \"2024.%02u.%02u\"]\n"
                "[UTCTime \"%02u:%02u:%02u\"]\n[WhiteElo \"%u\"]\n[BlackElo \"%u\"]\n"
                "[WhiteRatingDiff \"+%u\"]\n[BlackRatingDiff \"-%u\"]\n[ECO \"B%02u\"]\n"
                "[Opening \"Sicilian Defense: Variation %u\"]\n[TimeControl \"180+0\"]\n"
                "[Termination \"Normal\"]\n",
                g, month, day, rng_below(r, 100000), rng_below(r, 100000), result, month, day,
                g % 24, g % 60, (g * 7) % 60, we, be, 1 + g % 9, 1 + g % 9, g % 100, g % 50);
    } else if (lay == CHESSCOM) {
        fprintf(out,
                "[Event \"Live Chess\"]\n[Site \"Chess.com\"]\n[Date \"2023.%02u.%02u\"]\n"
                "[Round \"-\"]\n[White \"SomePlayer%u\"]\n[Black \"OtherPlayer%u\"]\n"
                "[Result \"%s\"]\n[ECO \"C%02u\"]\n"
                "[ECOUrl \"https://www.chess.com/openings/Italian-Game-Two-Knights-Defense-%u\"]\n"
                "[WhiteElo \"%u\"]\n[BlackElo \"%u\"]\n[TimeControl \"600\"]\n"
                "[Termination \"SomePlayer%u won by resignation\"]\n[StartTime \"12:%02u:00\"]\n"
                "[EndDate \"2023.%02u.%02u\"]\n[EndTime \"12:%02u:00\"]\n"
                "[Link \"https://www.chess.com/game/live/%u\"]\n",
                month, day, g, g + 1, result, g % 100, g, we, be, g, g % 60, month, day,
                (g + 13) % 60, 100000000 + g);
    } else {
        fprintf(out,
                "[Event \"Club championship\"]\n[Site \"Somewhere\"]\n[Date \"1999.%02u.%02u\"]\n"
                "[Round \"%u\"]\n[White \"Player, A.\"]\n[Black \"Player, B.\"]\n"
                "[Result \"%s\"]\n",
                month, day, 1 + g % 9, result);
    }
}

/* Plays game number g and writes it; positions along it go to fens. */
static void write_game(FILE *out, FILE *fens, unsigned g, struct rng *r)
{
    static const enum variant variants[] = {
        VARIANT_CRAZYHOUSE, VARIANT_ATOMIC, VARIANT_ANTICHESS,  VARIANT_KINGOFTHEHILL,
        VARIANT_3CHECK,     VARIANT_HORDE,  VARIANT_RACINGKINGS};
    enum variant v = g % 10 == 9 ? variants[g / 10 % 7] : VARIANT_CHESS;
    enum layout lay = (enum layout)(g % 10 < 5 ? LICHESS : g % 10 < 7 ? CHESSCOM : DATABASE);
    unsigned length = 30 + rng_below(r, 130);
    static char movetext[1 << 16];
    size_t len = 0, col = 0;
    struct position p;
    position_start(&p);
    if (v != VARIANT_CHESS) {
        const char *start = variant_rules(v)->start;
        struct fen_record rec;
        struct fen_report rep = {0};
        struct fen_options opt = {.variant = (uint8_t)v};
        if (!fen_read(start, strlen(start), &opt, &rec, &rep)) {
            fprintf(stderr, "gen-train: the start of %s does not read\n", variant_rules(v)->name);
            exit(70);
        }
        p = rec.pos;
    }
    const char *result = NULL;
    unsigned clock[2] = {18000, 18000}; /* tenths of a second */
    for (unsigned ply = 0; ply < length; ply++) {
        struct movelist list;
        struct variant_end end;
        if (v != VARIANT_CHESS && variant_end(&p, &end)) {
            result = "*";
            break;
        }
        if (movegen_legal(&p, &list) == 0) {
            result = position_in_check(&p) ? (p.side == WHITE ? "0-1" : "1-0") : "1/2-1/2";
            break;
        }
        move m = pick_move(&p, &list, r);
        char san[SAN_MAX], item[96];
        san_format(&p, m, san);
        int n;
        if (p.side == WHITE)
            n = snprintf(item, sizeof item, "%u. %s", p.fullmove, san);
        else if (lay == DATABASE)
            n = snprintf(item, sizeof item, "%s", san);
        else
            n = snprintf(item, sizeof item, "%u... %s", p.fullmove, san);
        unsigned *c = &clock[p.side];
        *c -= *c > 400 ? rng_below(r, 300) : 0;
        if (lay == LICHESS)
            n += snprintf(item + n, sizeof item - (size_t)n, " { [%%clk 0:%02u:%02u] }", *c / 600,
                          *c / 10 % 60);
        else if (lay == CHESSCOM)
            n += snprintf(item + n, sizeof item - (size_t)n, " {[%%clk 0:%02u:%02u.%u]}", *c / 600,
                          *c / 10 % 60, *c % 10);
        if (lay == DATABASE && col && col + 1 + (size_t)n > 79) {
            movetext[len++] = '\n';
            col = 0;
        } else if (col) {
            movetext[len++] = ' ';
            col++;
        }
        memcpy(movetext + len, item, (size_t)n);
        len += (size_t)n;
        col += (size_t)n;
        makemove_play(&p, m);
        if (ply % 7 == 3) {
            char fen[128];
            fen_format(&p, fen, sizeof fen);
            fprintf(fens, "%s\n", fen);
        }
    }
    if (!result) {
        static const char *const drawn[] = {"1-0", "0-1", "1/2-1/2", "*", "*", "*"};
        result = drawn[rng_below(r, 6)];
    }
    write_tags(out, lay, g, result, r);
    if (v != VARIANT_CHESS)
        fprintf(out, "[Variant \"%s\"]\n", variant_rules(v)->name);
    fputc('\n', out);
    fprintf(out, "%.*s %s\n\n", (int)len, movetext, result);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: gen-train DIR [GAMES]\n");
        return 64;
    }
    unsigned long games = 1500;
    if (argc == 3) {
        char *end;
        errno = 0;
        games = strtoul(argv[2], &end, 10);
        if (errno || *end || !games || games > 1000000) {
            fprintf(stderr, "gen-train: bad number of games: %s\n", argv[2]);
            return 64;
        }
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/games.pgn", argv[1]);
    FILE *out = fopen(path, "w");
    snprintf(path, sizeof path, "%s/positions.fen", argv[1]);
    FILE *fens = fopen(path, "w");
    if (!out || !fens) {
        fprintf(stderr, "gen-train: cannot write in %s: %s\n", argv[1], strerror(errno));
        return 73;
    }
    struct rng r = {0x9E3779B97F4A7C15u};
    for (unsigned g = 0; g < games; g++)
        write_game(out, fens, g, &r);
    if (fclose(out) != 0 || fclose(fens) != 0) {
        fprintf(stderr, "gen-train: write error: %s\n", strerror(errno));
        return 74;
    }
    return 0;
}
