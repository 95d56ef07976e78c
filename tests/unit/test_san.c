/* SAN (lib/notation/san.h) against independent truth.  First hand-built positions
 * whose SAN follows from the PGN standard (section 8.2.3: disambiguation by
 * file, then rank, then both; a pinned piece never adds to it; "=Q" for
 * promotion, "+" and "#"), and the opera game as Morphy played it; then
 * every game of $SHARED/pgn (default ../shared/data/pgn) replayed: the
 * SAN we write for each move must be the game's own text, up to check
 * marks and over-disambiguation.  Games the library cannot replay (really
 * illegal moves, crazyhouse or antichess) are skipped and counted. */
#include "notation/san.h"

#include "notation/fen.h"
#include "games/game.h"
#include "rules/makemove.h"
#include "games/pgn.h"
#include "notation/uci.h"
#include "unit.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool read_position(const char *fen, struct position *p)
{
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {0};
    if (!fen_read(fen, strlen(fen), &opt, &rec, &rep)) {
        UNIT_CHECK(false, "FEN reads: %s (%s)", fen, rep.count ? rep.problems[0].message : "?");
        return false;
    }
    *p = rec.pos;
    return true;
}

/* ------------------------------------------------------------ writing */

struct format_case {
    const char *fen, *uci, *san, *lan;
};

/* Expected texts worked out by hand from the PGN standard. */
static const struct format_case format_cases[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3", "Nf3", "Ng1-f3"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4", "e4", "e2-e4"},
    /* 8.2.3.4: file first */
    {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2", "Nb1-d2"},
    {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2", "Nf3-d2"},
    /* rank when the files agree */
    {"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3", "Ra1-a3"},
    {"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3", "Ra5-a3"},
    /* both when neither alone is enough: three queens reach e1 */
    {"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1", "Qh4-e1"},
    {"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "e4e1", "Qee1", "Qe4-e1"},
    {"1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h1e1", "Q1e1", "Qh1-e1"},
    /* a pinned knight (c3, pinned by b4) does not count */
    {"4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", "g1e2", "Ne2", "Ng1-e2"},
    /* black disambiguates the same way */
    {"3r3r/8/8/8/8/8/8/K1k5 b - - 0 1", "d8f8", "Rdf8", "Rd8-f8"},
    {"3r3r/8/8/8/8/8/8/K1k5 b - - 0 1", "h8f8", "Rhf8", "Rh8-f8"},
    /* pawn captures name the file they leave */
    {"4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "c4d5", "cxd5", "c4xd5"},
    {"4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "e4d5", "exd5", "e4xd5"},
    /* en passant is a pawn capture like any other */
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6", "e5xd6"},
    /* promotion, with check where the new piece gives it */
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+", "e7-e8=Q+"},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e7e8r", "e8=R", "e7-e8=R"},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e7e8b", "e8=B+", "e7-e8=B+"},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e7e8n", "e8=N", "e7-e8=N"},
    {"5r1k/4P1pp/8/8/8/8/8/4K3 w - - 0 1", "e7f8q", "exf8=Q#", "e7xf8=Q#"},
    {"5r1k/4P1pp/8/8/8/8/8/4K3 w - - 0 1", "e7f8r", "exf8=R#", "e7xf8=R#"},
    {"5r1k/4P1pp/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q", "e7-e8=Q"},
    /* castling, and castling that gives check */
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O", "O-O"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O", "O-O-O"},
    {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", "O-O", "O-O"},
    {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O+", "O-O-O+"},
    /* the fool's mate */
    {"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#", "Qd8-h4#"},
};

static void test_format(void)
{
    for (size_t i = 0; i < sizeof format_cases / sizeof *format_cases; i++) {
        const struct format_case *c = &format_cases[i];
        struct position p;
        if (!read_position(c->fen, &p))
            continue;
        move m = uci_parse(&p, c->uci, strlen(c->uci));
        if (!UNIT_CHECK(m != MOVE_NONE, "%s is legal in %s", c->uci, c->fen))
            continue;
        char buf[SAN_MAX], desc[200];
        san_format(&p, m, buf);
        snprintf(desc, sizeof desc, "SAN of %s is %s", c->uci, c->san);
        UNIT_EQ_STR(buf, c->san, desc);
        san_format_lan(&p, m, buf);
        snprintf(desc, sizeof desc, "LAN of %s is %s", c->uci, c->lan);
        UNIT_EQ_STR(buf, c->lan, desc);
        move back;
        UNIT_CHECK(san_parse(&p, c->san, strlen(c->san), &back) == SAN_OK && back == m,
                   "%s reads back as %s", c->san, c->uci);
        UNIT_CHECK(san_parse(&p, c->lan, strlen(c->lan), &back) == SAN_OK && back == m,
                   "%s reads back as %s", c->lan, c->uci);
    }
}

/* ------------------------------------------------------------ reading */

struct parse_case {
    const char *fen, *text;
    enum san_error error;
    const char *uci; /* the move when error is SAN_OK */
};

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define CASTLES "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"

/* What real archives write (PGN 8.2.3 and the variants the header of
 * san.h promises to read), and the errors. */
static const struct parse_case parse_cases[] = {
    {START, "Nf3", SAN_OK, "g1f3"},
    {START, "Nf3+", SAN_OK, "g1f3"},
    {START, "Nf3!?", SAN_OK, "g1f3"},
    {START, "Ngf3", SAN_OK, "g1f3"},
    {START, "N1f3", SAN_OK, "g1f3"},
    {START, "Ng1f3", SAN_OK, "g1f3"},
    {START, "Ng1-f3", SAN_OK, "g1f3"},
    {START, "g1f3", SAN_OK, "g1f3"},
    {START, "e2e4", SAN_OK, "e2e4"},
    {START, "e2-e4", SAN_OK, "e2e4"},
    {START, "Pe4", SAN_OK, "e2e4"},
    {START, "e4", SAN_OK, "e2e4"},
    {START, "Nf6", SAN_ILLEGAL, NULL},
    {START, "e5", SAN_ILLEGAL, NULL},
    {START, "Ke2", SAN_ILLEGAL, NULL},
    {START, "Zz9", SAN_SYNTAX, NULL},
    {START, "", SAN_SYNTAX, NULL},
    {START, "O-O-O-O", SAN_SYNTAX, NULL},
    {CASTLES, "O-O", SAN_OK, "e1g1"},
    {CASTLES, "0-0", SAN_OK, "e1g1"},
    {CASTLES, "O-O+", SAN_OK, "e1g1"},
    {CASTLES, "O-O-O", SAN_OK, "e1c1"},
    {CASTLES, "0-0-0", SAN_OK, "e1c1"},
    {CASTLES, "e1g1", SAN_OK, "e1g1"},
    {CASTLES, "e1h1", SAN_OK, "e1g1"},
    {CASTLES, "Kg1", SAN_OK, "e1g1"},
    {CASTLES, "Kc1", SAN_OK, "e1c1"},
    {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", SAN_AMBIGUOUS, NULL},
    {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nbd2", SAN_OK, "b1d2"},
    {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "N1d2", SAN_OK, "b1d2"},
    {"4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", "Ne2", SAN_OK, "g1e2"},
    {"4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", "Nce2", SAN_ILLEGAL, NULL},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8=Q", SAN_OK, "e7e8q"},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8Q", SAN_OK, "e7e8q"},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8(Q)", SAN_OK, "e7e8q"},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8/N", SAN_OK, "e7e8n"},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e7e8r", SAN_OK, "e7e8r"},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8=B+", SAN_OK, "e7e8b"},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8", SAN_NO_PROMOTION, NULL},
    /* Well-formed (an antichess pawn promotes to a king), but no chess move. */
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8=K", SAN_ILLEGAL, NULL},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8(K)", SAN_ILLEGAL, NULL},
    {"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8(Z)", SAN_SYNTAX, NULL},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", SAN_OK, "e5d6"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6e.p.", SAN_OK, "e5d6"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6 e.p.", SAN_OK, "e5d6"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "ed6", SAN_OK, "e5d6"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "d6", SAN_ILLEGAL, NULL},
};

static void test_parse(void)
{
    for (size_t i = 0; i < sizeof parse_cases / sizeof *parse_cases; i++) {
        const struct parse_case *c = &parse_cases[i];
        struct position p;
        if (!read_position(c->fen, &p))
            continue;
        move m;
        enum san_error e = san_parse(&p, c->text, strlen(c->text), &m);
        char got[UCI_MOVE_MAX] = "-";
        if (m != MOVE_NONE)
            uci_format(&p, m, UCI_CASTLING_AUTO, got);
        if (c->error == SAN_OK)
            UNIT_CHECK(e == SAN_OK && strcmp(got, c->uci) == 0, "'%s' reads as %s (got %s, %s)",
                       c->text, c->uci, got, san_error_message(e));
        else
            UNIT_CHECK(e == c->error && m == MOVE_NONE, "'%s' is refused: %s (got %s)", c->text,
                       san_error_message(c->error), san_error_message(e));
    }
}

/* The opera game, Paris 1858, as printed in every collection: each move
 * read and written back exactly, check marks and "Nbd7" included. */
static void test_opera_game(void)
{
    static const char *const moves[] = {
        "e4",    "e5",  "Nf3",  "d6",   "d4",  "Bg4", "dxe5",  "Bxf3", "Qxf3", "dxe5",  "Bc4",
        "Nf6",   "Qb3", "Qe7",  "Nc3",  "c6",  "Bg5", "b5",    "Nxb5", "cxb5", "Bxb5+", "Nbd7",
        "O-O-O", "Rd8", "Rxd7", "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8",  "Rd8#"};
    struct position p;
    position_start(&p);
    size_t n = sizeof moves / sizeof *moves, agreed = 0;
    for (size_t i = 0; i < n; i++) {
        move m;
        char buf[SAN_MAX];
        if (san_parse(&p, moves[i], strlen(moves[i]), &m) != SAN_OK)
            break;
        san_format(&p, m, buf);
        if (strcmp(buf, moves[i]) != 0) {
            printf("# opera game ply %zu: wrote %s for %s\n", i + 1, buf, moves[i]);
            break;
        }
        makemove_play(&p, m);
        agreed++;
    }
    UNIT_EQ_INT((long long)agreed, (long long)n,
                "the opera game reads and writes back move for move");
    UNIT_EQ_INT(movegen_count(&p), 0, "the opera game ends in mate");
}

/* ------------------------------------------------------------ the games */

struct tally {
    unsigned long games, moves, exact, check_marks, over_disambiguated, not_san, no_capture_mark,
        mismatches;
    unsigned long skipped_illegal, skipped_variant, skipped_other;
    unsigned long shown;
};

static size_t strip_marks(const char *s, size_t len)
{
    while (len && (s[len - 1] == '+' || s[len - 1] == '#'))
        len--;
    return len;
}

/* Text that is not SAN: UCI ("g1f3", a from-square and no piece letter)
 * or long algebraic ("Ng1-f3"); it names the move but cannot be compared
 * with SAN. */
static bool is_san_text(const char *s, size_t len, const struct san_parsed *sp)
{
    if (sp->castle)
        return true;
    if (memchr(s, '-', len))
        return false;
    return !(sp->from_file >= 0 && sp->from_rank >= 0 && (s[0] >= 'a' && s[0] <= 'h'));
}

/* Compare the game's text with ours: the same up to check marks, or the
 * same move with more of the from-square written than needed. */
static void compare(const char *file, const struct pgn_token *tok, const struct position *before,
                    move m, struct tally *t)
{
    char ours[SAN_MAX];
    size_t on = san_format(before, m, ours);
    t->moves++;
    if (tok->len == on && memcmp(tok->text, ours, on) == 0) {
        t->exact++;
        return;
    }
    size_t tl = strip_marks(tok->text, tok->len), ol = strip_marks(ours, on);
    if (tl == ol && memcmp(tok->text, ours, ol) == 0) {
        if (t->check_marks++ < 5)
            printf("# %s:%lu:%lu: check marks differ: the game has %s, we write %s\n", file,
                   tok->line, tok->col, tok->text, ours);
        return;
    }
    struct san_parsed a, b;
    if (san_scan(tok->text, tok->len, &a) == SAN_OK && san_scan(ours, on, &b) == SAN_OK) {
        if (!is_san_text(tok->text, tok->len, &a)) {
            t->not_san++;
            return;
        }
        if (a.piece == b.piece && a.to == b.to && a.promotion == b.promotion &&
            a.capture == b.capture && a.castle == b.castle &&
            (b.from_file < 0 || a.from_file == b.from_file) &&
            (b.from_rank < 0 || a.from_rank == b.from_rank)) {
            if (t->over_disambiguated++ < 5)
                printf("# %s:%lu:%lu: over-disambiguated: the game has %s, we write %s\n", file,
                       tok->line, tok->col, tok->text, ours);
            return;
        }
        /* "Ne4" for a capture on e4: the text is wrong, not our SAN (the
         * hand-written repertoires have a few); listed, not failed. */
        if (!a.capture && b.capture && a.piece == b.piece && a.to == b.to &&
            a.promotion == b.promotion && a.from_file == b.from_file &&
            a.from_rank == b.from_rank) {
            t->no_capture_mark++;
            printf("# %s:%lu:%lu: the game has %s without its capture mark, we write %s\n", file,
                   tok->line, tok->col, tok->text, ours);
            return;
        }
    }
    t->mismatches++;
    if (t->shown++ < 10)
        printf("# %s:%lu:%lu: the game has %s, we write %s\n", file, tok->line, tok->col, tok->text,
               ours);
}

/* A file's games replayed with the replay as the reader's visitor: each
 * move compared, each game that stopped early listed and counted. */
struct replayed {
    const char *path;
    struct tally *t;
};

static enum pgn_visit replayed_begin(void *ctx, const struct pgn_game *g)
{
    (void)ctx;
    (void)g;
    return PGN_VISIT_GO;
}

static enum pgn_visit replayed_event(void *ctx, const struct game_event *ev)
{
    struct replayed *rf = ctx;
    if (ev->kind == GAME_EV_MOVE)
        compare(rf->path, ev->tok, ev->before, ev->m, rf->t);
    return PGN_VISIT_GO;
}

static void replayed_end(void *ctx, const struct pgn_game *g, const struct game_problem *pb)
{
    struct replayed *rf = ctx;
    struct tally *t = rf->t;
    t->games++;
    if (!pb)
        return;
    char why[256];
    game_problem_format(pb, why, sizeof why);
    printf("# skipped %s game %lu: %s\n", rf->path, g->number, why);
    if (pb->code == GAME_E_VARIANT)
        t->skipped_variant++;
    else if (pb->code == GAME_E_ILLEGAL)
        t->skipped_illegal++;
    else
        t->skipped_other++;
}

static void replay_file(const char *path, struct tally *t, struct pgn_reader *reader,
                        struct game_replay *r)
{
    static const struct game_consumer consumer = {replayed_begin, replayed_event, replayed_end};
    FILE *f = fopen(path, "r");
    if (!UNIT_CHECK(f != NULL, "open %s", path))
        return;
    struct replayed rf = {path, t};
    pgn_reader_open_file(reader, f, path);
    game_replay_listen(r, GAME_VARIATIONS, &consumer, &rf);
    while (pgn_read_game(reader, &game_replay_visitor, r) > 0)
        ;
    fclose(f);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.pgn below dir, in name order so that the output is stable. */
static void walk(const char *dir, struct tally *t, struct pgn_reader *reader, struct game_replay *r)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            names = realloc(names, cap * sizeof *names);
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t len = strlen(names[i]);
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            walk(path, t, reader, r);
        else if (len > 4 && strcmp(names[i] + len - 4, ".pgn") == 0)
            replay_file(path, t, reader, r);
        free(names[i]);
    }
    free(names);
}

static void test_games(void)
{
    const char *shared = getenv("SHARED");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/pgn", shared && *shared ? shared : "../shared/data");
    if (!unit_need_shared(dir))
        return;
    struct pgn_reader *reader = pgn_reader_new();
    struct game_replay *r = malloc(sizeof *r);
    struct tally t = {0};
    if (!UNIT_CHECK(reader && r, "PGN reader and replay allocated"))
        return;
    walk(dir, &t, reader, r);
    printf("# %s: %lu games, %lu moves: %lu exact, %lu differ by check marks only, %lu "
           "over-disambiguated, "
           "%lu not in SAN (UCI or long algebraic text), %lu missing the capture mark in the "
           "game's text, "
           "%lu mismatches\n",
           dir, t.games, t.moves, t.exact, t.check_marks, t.over_disambiguated, t.not_san,
           t.no_capture_mark, t.mismatches);
    printf("# skipped games: %lu with an illegal move, %lu in unsupported variants (crazyhouse, "
           "antichess), "
           "%lu unreadable otherwise\n",
           t.skipped_illegal, t.skipped_variant, t.skipped_other);
    UNIT_CHECK(t.moves > 100000, "the games of %s hold many moves (%lu)", dir, t.moves);
    UNIT_EQ_U64(t.mismatches, 0,
                "our SAN is the games' SAN up to check marks and over-disambiguation");
    pgn_reader_free(reader);
    free(r);
}

/* The variants' SAN: lichess's check marks ('#' for any move that wins by
 * the variant's rules, as chessops's makeSanAndPlay writes it), drops, and
 * a drop's text that no chess move matches. */
static void test_variant_marks(void)
{
    static const struct {
        enum variant v;
        const char *fen, *uci, *want;
    } cases[] = {
        /* the knight's explosion on f7 takes the king on e8 */
        {VARIANT_ATOMIC, "rnbqkbnr/1ppppppp/8/p5N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 3", "g5f7",
         "Nxf7#"},
        /* White's third check (1+3: two given, one left) */
        {VARIANT_3CHECK, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1", "a1a8", "Ra8#"},
        /* a plain check in three-check */
        {VARIANT_3CHECK, "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1", "a1a8", "Ra8+"},
        /* the king steps onto the hill */
        {VARIANT_KINGOFTHEHILL, "4k3/8/8/8/8/3K4/8/8 w - - 0 1", "d3d4", "Kd4#"},
        /* Black takes White's last piece: White has won */
        {VARIANT_ANTICHESS, "8/8/8/8/8/8/3p4/4K3 b - - 0 1", "d2e1q", "dxe1=Q#"},
        {VARIANT_ANTICHESS, "8/4P3/8/8/8/8/8/k7 w - - 0 1", "e7e8k", "e8=K"},
        /* a drop that checks */
        {VARIANT_CRAZYHOUSE, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N@d6", "N@d6+"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct fen_record rec;
        struct fen_report rep = {0};
        struct fen_options opt = {.variant = (uint8_t)cases[i].v};
        move m;
        char san[SAN_MAX];
        if (!UNIT_CHECK(fen_read(cases[i].fen, strlen(cases[i].fen), &opt, &rec, &rep), "FEN %s",
                        cases[i].fen) ||
            !UNIT_CHECK((m = uci_parse(&rec.pos, cases[i].uci, strlen(cases[i].uci))) != MOVE_NONE,
                        "%s legal", cases[i].uci))
            continue;
        san_format(&rec.pos, m, san);
        UNIT_EQ_STR(san, cases[i].want, cases[i].fen);
    }
    struct position p;
    move m;
    position_start(&p);
    UNIT_EQ_INT(san_parse(&p, "N@f3", 4, &m), SAN_ILLEGAL, "N@f3 is no chess move (not Nf3)");
}

int main(void)
{
    test_variant_marks();
    test_format();
    test_parse();
    test_opera_game();
    test_games();
    return unit_done();
}
