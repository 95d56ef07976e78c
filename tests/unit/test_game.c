/* Replaying games (lib/games/game.h): the one SAN resolver (san_parse) against
 * the exhaustive matcher (san_scan + san_match) on every legal move of every position of real
 * games, events and positions of small PGN texts, variations on the position stack, setups from
 * tags, and the problems with their places and wording; and the named-notation reader feeding the
 * same replay. */
#include "games/game.h"

#include "notation/fen.h"
#include "rules/makemove.h"
#include "games/named.h"
#include "games/named_reader.h"
#include "notation/san.h"
#include "notation/uci.h"
#include "unit.h"

#include <stdlib.h>

static struct game_replay replay;

/* The reference: every legal move listed and matched against the text. */
static enum san_error match_parse(const struct position *p, const char *s, size_t len, move *out)
{
    struct san_parsed sp;
    struct movelist matches;
    enum san_error e = san_scan(s, len, &sp);
    *out = MOVE_NONE;
    if (e == SAN_OK && (e = san_match(p, &sp, &matches)) == SAN_OK)
        *out = matches.moves[0];
    return e;
}

/* Every legal move of p, written as SAN, long algebraic and UCI, must be
 * found by san_parse exactly as by the exhaustive match; so must a few
 * texts that name no move.  Returns the number of disagreements. */
static int compare_parsers(const struct position *p)
{
    struct movelist l;
    int bad = 0;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        char texts[4][SAN_MAX];
        san_format(p, l.moves[i], texts[0]);
        san_format_plain(p, l.moves[i], texts[1]);
        san_format_lan(p, l.moves[i], texts[2]);
        uci_format(p, l.moves[i], UCI_CASTLING_AUTO, texts[3]);
        for (int k = 0; k < 4; k++) {
            move a, b;
            enum san_error ea = san_parse(p, texts[k], strlen(texts[k]), &a);
            enum san_error eb = match_parse(p, texts[k], strlen(texts[k]), &b);
            if (ea != eb || a != b) {
                bad++;
                printf("#   %s: san_parse %d %04x, san_match %d %04x\n", texts[k], ea, a, eb, b);
            }
        }
    }
    static const char *const wrong[] = {"Ke3", "Nf6", "exd6", "e5",   "Qxh7", "a8=Q", "bxa8", "Rd1",
                                        "Bb5", "O-O", "e8",   "dxe6", "h1=N", "Kxf2", "O-O-O"};
    for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
        move a, b;
        enum san_error ea = san_parse(p, wrong[i], strlen(wrong[i]), &a);
        enum san_error eb = match_parse(p, wrong[i], strlen(wrong[i]), &b);
        if (ea != eb || a != b) {
            bad++;
            printf("#   %s: san_parse %d %04x, san_match %d %04x\n", wrong[i], ea, a, eb, b);
        }
    }
    return bad;
}

/* The replay's way with a sole candidate (san_resolve_plain, the move
 * played, movegen_left_king_safe after it, san_resolve when the king is
 * left in check) must give san_parse's verdict on every text: every legal
 * move's SAN, and every piece letter and pawn shape on every square,
 * which names moves into pins and checks.  makemove_play_undo must give
 * makemove_play's position but for the key, and makemove_take_back give
 * back the position exactly but for the key, left stale (position_key the
 * same).  Returns the number of disagreements. */
/* Is q, taken back, p again: every byte but the key's, the key stale and
 * position_key p's key? */
static bool taken_back(const struct position *q, const struct position *p)
{
    struct position c = *q;
    c.key = p->key;
    c.key_stale = p->key_stale;
    return q->key_stale && memcmp(&c, p, sizeof c) == 0 && position_key(q) == position_key(p);
}

static int compare_deferred(const struct position *p)
{
    int bad = 0;
    char text[8];
    for (int k = 0; k < 64 * 8; k++) {
        int sq = k % 64, shape = k / 64, file = sq % 8;
        if (shape < 5)
            snprintf(text, sizeof text, "%c%c%c", "NBRQK"[shape], 'a' + file, '1' + sq / 8);
        else if (shape == 5)
            snprintf(text, sizeof text, "%c%c", 'a' + file, '1' + sq / 8);
        else if ((shape == 6 && file == 0) || (shape == 7 && file == 7))
            continue;
        else
            snprintf(text, sizeof text, "%cx%c%c", 'a' + file + (shape == 6 ? -1 : 1), 'a' + file,
                     '1' + sq / 8);
        struct san_parsed sp;
        if (san_scan(text, strlen(text), &sp) != SAN_OK)
            continue;
        move want, got;
        bool deferred;
        enum san_error ew = san_parse(p, text, strlen(text), &want);
        got = san_resolve_plain(p, sp.piece, sp.to, sp.from_file, sp.from_rank, &deferred);
        enum san_error eg = got != MOVE_NONE ? SAN_OK : san_resolve(p, &sp, &got);
        if (eg == SAN_OK && deferred) {
            struct position q = *p;
            struct makemove_undo u;
            makemove_play_undo(&q, got, &u);
            if (!movegen_left_king_safe(&q)) {
                makemove_take_back(&q, got, &u);
                if (!taken_back(&q, p)) {
                    bad++;
                    printf("#   %s: take back differs\n", text);
                }
                eg = san_resolve(p, &sp, &got);
            }
        }
        if (eg != ew || got != want) {
            bad++;
            printf("#   %s: deferred %d %04x, san_parse %d %04x\n", text, eg, got, ew, want);
        }
    }
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        if (move_kind(l.moves[i]) == MOVE_CASTLE)
            continue;
        struct position q = *p, r = *p;
        struct makemove_undo u;
        makemove_play_undo(&q, l.moves[i], &u);
        makemove_play(&r, l.moves[i]);
        if (!position_equal(&q, &r)) {
            bad++;
            printf("#   move %04x: played in place differs\n", l.moves[i]);
        }
        makemove_take_back(&q, l.moves[i], &u);
        if (!taken_back(&q, p)) {
            bad++;
            printf("#   move %04x: take back differs\n", l.moves[i]);
        }
    }
    return bad;
}

/* san_parse and the exhaustive match agree on every position of the main lines
 * of a PGN file, and so does the replay's way with a sole candidate (when it can be read: the
 * shared data may be absent).  The file is replayed with the replay as the reader's visitor. */
struct fast_path {
    long positions, bad;
};

static enum pgn_visit fast_path_begin(void *ctx, const struct pgn_game *g)
{
    struct fast_path *fp = ctx;
    (void)g;
    fp->bad += compare_parsers(&replay.start);
    return PGN_VISIT_GO;
}

static enum pgn_visit fast_path_event(void *ctx, const struct game_event *ev)
{
    struct fast_path *fp = ctx;
    if (ev->kind == GAME_EV_MOVE) {
        fp->bad += compare_parsers(ev->after);
        if (ev->after->variant == VARIANT_CHESS)
            fp->bad += compare_deferred(ev->after);
        fp->positions++;
    }
    return PGN_VISIT_GO;
}

static void fast_path_end(void *ctx, const struct pgn_game *g, const struct game_problem *pb)
{
    (void)ctx;
    (void)g;
    (void)pb;
}

static void test_fast_path_file(const char *path)
{
    static const struct game_consumer consumer = {fast_path_begin, fast_path_event, fast_path_end};
    FILE *f = fopen(path, "r");
    if (!f) {
        UNIT_CHECK(true, "# SKIP %s not found", path);
        return;
    }
    struct pgn_reader *r = pgn_reader_new();
    struct fast_path fp = {0};
    pgn_reader_open_file(r, f, path);
    game_replay_listen(&replay, GAME_VARIATIONS, &consumer, &fp);
    while (pgn_read_game(r, &game_replay_visitor, &replay) > 0)
        ;
    pgn_reader_free(r);
    fclose(f);
    UNIT_CHECK(fp.bad == 0 && fp.positions > 0,
               "san_parse = san_match, and a sole candidate played then judged agrees, on %ld "
               "positions of %s",
               fp.positions, path);
}

static void test_fast_path_positions(void)
{
    static const char *const fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",   /* en passant exposing the king */
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",    /* en passant along a rank pin */
        "4k3/8/8/8/8/8/3r4/R3K2R w KQ - 0 1",   /* in check, castling refused */
        "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1",     /* promotions with capture */
        "3k4/8/8/8/1b6/8/3N4/4K3 w - - 0 1",    /* pinned knight */
        "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",      /* king in check by a queen */
        "R6r/8/8/2K5/5k2/8/8/r6R w - - 0 1",    /* two rooks on a file and a rank */
        "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", /* Chess960 */
        /* castling (FIDE Art. 3.8.2): both ways, crossing or landing on an
         * attacked square, b1 attacked (not crossed), a blocked path */
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
        /* Chess960: the king stays or the rook stays, a rook shielding the
         * king's square from an attack along the rank */
        "nrk1r3/8/8/8/8/8/8/NRK1R3 w EBeb - 0 1",
        "1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1",
        "4k3/8/8/8/8/8/8/qR3K1R w HB - 0 1",
        "rk5r/8/8/8/8/8/8/RK5R b HAha - 0 1",
    };
    int bad = 0, deferred_bad = 0;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct fen_record rec;
        struct fen_report rep = {0};
        struct fen_options opt = {0};
        if (!UNIT_CHECK(fen_read(fens[i], strlen(fens[i]), &opt, &rec, &rep), "FEN %s", fens[i]))
            continue;
        bad += compare_parsers(&rec.pos);
        if (rec.pos.variant == VARIANT_CHESS)
            deferred_bad += compare_deferred(&rec.pos);
    }
    UNIT_EQ_INT(bad, 0, "san_parse = san_match on the tricky positions");
    UNIT_EQ_INT(
        deferred_bad, 0,
        "a sole candidate played, then judged: san_parse's verdict, on the tricky positions");
}

/* Replay a PGN text with the replay as the reader's visitor (pgn_read_game
 * with game_replay_visitor); the events are written as one line each into
 * out as they come: "move 1 e2e4", "null 3", "comment x", "nag 1", "(",
 * ")", "result 1-0", and a problem as "problem LINE:COL text"; the events
 * of a damaged game are dropped at its end. */
struct pushed_text {
    char *out;
    size_t n, size, mark; /* mark: where the game's text starts */
    unsigned flags;
};

static enum pgn_visit pushed_begin(void *ctx, const struct pgn_game *g)
{
    (void)ctx;
    (void)g;
    return PGN_VISIT_GO;
}

static enum pgn_visit pushed_event(void *ctx, const struct game_event *ev)
{
    struct pushed_text *t = ctx;
    char uci[UCI_MOVE_MAX];
    switch (ev->kind) {
    case GAME_EV_MOVE:
        if ((t->flags & GAME_NO_BEFORE) && !(t->flags & GAME_VARIATIONS) && ev->before &&
            (ev->tok->value & SAN_SHAPE))
            t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "(before kept)\n");
        uci_format(ev->after, ev->m, UCI_CASTLING_AUTO, uci);
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "move %lu %s\n", ev->ply, uci);
        break;
    case GAME_EV_NULL:
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "null %lu\n", ev->ply);
        break;
    case GAME_EV_COMMENT:
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "comment %s\n", ev->tok->text);
        break;
    case GAME_EV_NAG:
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "nag %u\n", ev->tok->value);
        break;
    case GAME_EV_VARIATION_START:
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "(\n");
        break;
    case GAME_EV_VARIATION_END:
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, ")\n");
        break;
    case GAME_EV_RESULT:
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "result %s\n", ev->tok->text);
        break;
    default:
        break;
    }
    return PGN_VISIT_GO;
}

static void pushed_end(void *ctx, const struct pgn_game *g, const struct game_problem *pb)
{
    struct pushed_text *t = ctx;
    (void)g;
    if (pb) {
        char what[512];
        if (pb->code == GAME_E_DAMAGED)
            t->n = t->mark;
        game_problem_format(pb, what, sizeof what);
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "problem %lu:%lu %s\n", pb->line,
                                 pb->col, what);
    }
    t->mark = t->n;
}

static void pushed_text(const char *pgn, unsigned flags, char *out, size_t size)
{
    static const struct game_consumer consumer = {pushed_begin, pushed_event, pushed_end};
    static struct game_replay pusher;
    struct pgn_reader *r = pgn_reader_new();
    struct pushed_text t = {.out = out, .size = size, .flags = flags};
    out[0] = '\0';
    game_replay_listen(&pusher, flags, &consumer, &t);
    pgn_reader_open_mem(r, pgn, strlen(pgn), "test");
    while (pgn_read_game(r, &game_replay_visitor, &pusher) > 0)
        ;
    pgn_reader_free(r);
}

/* Each replay is checked twice: as asked, and with GAME_NO_BEFORE, which
 * must give the same events (and no `before` for a SAN move). */
static void check_replay(const char *pgn, unsigned flags, const char *want, const char *desc)
{
    char got[4096], desc2[300];
    for (int in_place = 0; in_place < 2; in_place++) {
        unsigned f = flags | (in_place ? GAME_NO_BEFORE : 0);
        pushed_text(pgn, f, got, sizeof got);
        snprintf(desc2, sizeof desc2, "%s%s", desc, in_place ? " (GAME_NO_BEFORE)" : "");
        UNIT_EQ_STR(got, want, desc2);
    }
}

static void test_replay(void)
{
    check_replay("1. e4 e5 2. Nf3 1-0", 0, "move 1 e2e4\nmove 2 e7e5\nmove 3 g1f3\nresult 1-0\n",
                 "main line moves and result");
    check_replay("1. e4 (1. d4 d5) e5 *", 0, "move 1 e2e4\nmove 2 e7e5\nresult *\n",
                 "variations skipped without GAME_VARIATIONS");
    check_replay("1. e4 (1. d4 d5 (1... Nf6 2. c4)) e5 *", GAME_VARIATIONS,
                 "move 1 e2e4\n(\nmove 1 d2d4\nmove 2 d7d5\n(\nmove 2 g8f6\nmove 3 c2c4\n)\n)\n"
                 "move 2 e7e5\nresult *\n",
                 "nested variations start before the move they replace");
    check_replay("1. e4 $1 {good} -- 2. d4 *", 0,
                 "move 1 e2e4\nnag 1\ncomment good\nnull 2\nmove 3 d2d4\nresult *\n",
                 "NAG, comment and null move");
    check_replay("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 *", 0,
                 "move 1 e8d7\nmove 2 e2e4\nresult *\n", "FEN tag sets the start");
    check_replay("1. e4 e5 2. Ke3 *", 0,
                 "move 1 e2e4\nmove 2 e7e5\nproblem 1:13 ply 3 (2.): illegal move 'Ke3': "
                 "a king cannot move from e1 to e3\n",
                 "illegal move with ply and place");
    check_replay("1. e4 e5\n2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. Re1 Bc5 6. c3 O-O-O *", 0,
                 "move 1 e2e4\nmove 2 e7e5\nmove 3 g1f3\nmove 4 b8c6\nmove 5 f1b5\nmove 6 a7a6\n"
                 "move 7 e1g1\nmove 8 g8f6\nmove 9 f1e1\nmove 10 f8c5\nmove 11 c2c3\n"
                 "problem 2:50 ply 12 (6...): illegal move 'O-O-O': castling not allowed: path "
                 "not clear\n",
                 "castling refused with the FIDE reason (Art. 3.8.2.2.2)");
    check_replay(
        "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 5. Bc4 Bc5 6. O-O *", 0,
        "move 1 e2e4\nmove 2 e7e5\nmove 3 e1e2\nmove 4 e8e7\nmove 5 e2e1\n"
        "move 6 e7e8\nmove 7 g1f3\nmove 8 g8f6\nmove 9 f1c4\nmove 10 f8c5\n"
        "problem 1:57 ply 11 (6.): illegal move 'O-O': castling not allowed: no castling rights\n",
        "castling after the king moved (Art. 3.8.2.1)");
    check_replay("[Variant \"Shogi\"]\n\n1. e4 *", 0, "problem 1:1 unsupported variant 'Shogi'\n",
                 "unsupported variant");
    check_replay("1. e4 N@f6 *", 0,
                 "move 1 e2e4\nproblem 1:7 ply 2 (1...): illegal move 'N@f6': pieces are "
                 "dropped only in crazyhouse\n",
                 "a piece drop in chess is illegal");
    /* lichess's crazyhouse: exd5 and Qxd5 put a pawn in each pocket */
    check_replay("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. @e4 P@e5 *", 0,
                 "move 1 e2e4\nmove 2 d7d5\nmove 3 e4d5\nmove 4 d8d5\nmove 5 P@e4\n"
                 "move 6 P@e5\nresult *\n",
                 "crazyhouse drops, '@e4' a pawn's");
    check_replay("1. e4 d5 2. exd5 Qxd5 3. P@e4 *", GAME_RULES(VARIANT_CRAZYHOUSE),
                 "move 1 e2e4\nmove 2 d7d5\nmove 3 e4d5\nmove 4 d8d5\nmove 5 P@e4\nresult *\n",
                 "GAME_RULES gives a game without a Variant tag its rules");
    check_replay("[Variant \"Standard\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *",
                 GAME_RULES(VARIANT_CRAZYHOUSE),
                 "move 1 e2e4\nmove 2 d7d5\nmove 3 e4d5\nmove 4 d8d5\nproblem 3:26 ply 5 (3.): "
                 "illegal move 'P@e4': pieces are dropped only in crazyhouse\n",
                 "the Variant tag wins over GAME_RULES");
    /* racing kings' own start position, without a FEN tag */
    check_replay("[Variant \"Racing Kings\"]\n\n1. Kh3 *", 0, "move 1 h2h3\nresult *\n",
                 "a variant's start position");
    check_replay("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ -- *", 0,
                 "move 1 e2e4\nmove 2 e7e5\nmove 3 d1h5\nmove 4 b8c6\nmove 5 f1c4\nmove 6 g8f6\n"
                 "move 7 h5f7\nproblem 1:41 ply 8 (4...): illegal null move '--': the side to "
                 "move is in check\n",
                 "null move in check");
    check_replay("( 1. d4 ) 1. e4 *", GAME_VARIATIONS,
                 "problem 1:1 ply 1 (1.): a variation with no move before it to replace\n",
                 "variation before any move");
    check_replay("1. e4 e5 (1... c5 2. Nf3 *\n\n[White \"b\"]\n\n1. d4 *", GAME_VARIATIONS,
                 "problem 1:10 damaged text: variation '(' not closed by ')'\nmove 1 d2d4\n"
                 "result *\n",
                 "a damaged game is its damage alone, whatever was replayed of it");
}

/* The replay as pgn-check consumes it (GAME_VARIATION_ERRORS_SKIP), token
 * by token from the reader's visitor: a problem of a variation is given
 * and the replay goes on after that variation.  Moves are written "move
 * PLY UCI @DEPTH", problems with their SAN verdict, depth and whether the
 * replay went on ("problem", or "stop" at the one that ended it). */
struct skip_text {
    char *out;
    size_t n, size;
    unsigned flags;
};

static void skip_problem(struct skip_text *t, const char *word, const struct game_problem *pb)
{
    char what[512];
    game_problem_format(pb, what, sizeof what);
    t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "%s %lu:%lu %s (%sdepth %d)\n", word,
                             pb->line, pb->col, what, pb->san == SAN_AMBIGUOUS ? "ambiguous, " : "",
                             pb->depth);
}

static enum pgn_visit skip_tags_done(void *ctx, const struct pgn_game *g)
{
    struct skip_text *t = ctx;
    struct game_problem pb;
    if (game_replay_start(&replay, g->tags, g->ntags, t->flags, &pb) == GAME_OK)
        return PGN_VISIT_GO;
    skip_problem(t, "stop", &pb);
    return PGN_VISIT_SKIP_GAME;
}

static enum pgn_visit skip_token(void *ctx, const struct pgn_token *tok)
{
    struct skip_text *t = ctx;
    struct game_event ev;
    struct game_problem pb;
    int rc = game_replay_token(&replay, tok, &ev, &pb);
    if (rc < 0) {
        skip_problem(t, pb.recovered ? "problem" : "stop", &pb);
        return pb.recovered ? PGN_VISIT_GO : PGN_VISIT_SKIP_GAME;
    }
    if (rc == 0)
        return PGN_VISIT_GO;
    if (ev.kind == GAME_EV_MOVE) {
        char uci[UCI_MOVE_MAX];
        uci_format(ev.after, ev.m, UCI_CASTLING_AUTO, uci);
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "move %lu %s @%d\n", ev.ply, uci,
                                 ev.depth);
    } else if (ev.kind == GAME_EV_NULL) {
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "null %lu @%d\n", ev.ply, ev.depth);
    } else if (ev.kind == GAME_EV_VARIATION_START || ev.kind == GAME_EV_VARIATION_END) {
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "%s\n",
                                 ev.kind == GAME_EV_VARIATION_START ? "(" : ")");
    }
    return PGN_VISIT_GO;
}

static void skip_game_end(void *ctx, const struct pgn_game *g)
{
    (void)ctx;
    (void)g;
}

static void skip_text(const char *pgn, unsigned flags, char *out, size_t size)
{
    static const struct pgn_visitor visitor = {skip_tags_done, skip_token, skip_game_end};
    struct pgn_reader *r = pgn_reader_new();
    struct skip_text t = {.out = out, .size = size, .flags = flags};
    out[0] = '\0';
    pgn_reader_open_mem(r, pgn, strlen(pgn), "test");
    while (pgn_read_game(r, &visitor, &t) > 0)
        ;
    pgn_reader_free(r);
}

static void check_skip(const char *pgn, unsigned flags, const char *want, const char *desc)
{
    char got[4096];
    skip_text(pgn, flags, got, sizeof got);
    UNIT_EQ_STR(got, want, desc);
}

static void test_variation_errors_skip(void)
{
    const unsigned skip = GAME_VARIATIONS | GAME_VARIATION_ERRORS_SKIP;
    check_skip("1. e4 ( 1. d4 Ke7 2. c4 ( 2. Nf3 ) ) e5 2. Ke3 Nc6 *", skip,
               "move 1 e2e4 @0\n(\nmove 1 d2d4 @1\nproblem 1:15 ply 2 (1...): illegal move "
               "'Ke7': a piece cannot capture a piece of its own colour: e7 holds a black pawn "
               "(depth 1)\nmove 2 e7e5 @0\nstop 1:44 ply 3 (2.): illegal move 'Ke3': a king "
               "cannot move from e1 to e3 (depth 0)\n",
               "a move refused in a variation skips that variation alone; in the main line it "
               "stops the replay");
    check_skip("( 1. d4 ) 1. e4 ( 1. Nf3 -- ( 1... d5 ) ) *", skip,
               "problem 1:1 ply 1 (1.): a variation with no move before it to replace (depth 0)\n"
               "move 1 e2e4 @0\n(\nmove 1 g1f3 @1\nnull 2 @1\n(\nmove 2 d7d5 @2\n)\n)\n",
               "a variation that opens none is skipped, the main line goes on");
    check_skip("1. d4 d5 2. Nf3 Nf6 3. Nd2 ( 3. Nc3 ) *", skip,
               "move 1 d2d4 @0\nmove 2 d7d5 @0\nmove 3 g1f3 @0\nmove 4 g8f6 @0\nstop 1:24 ply 5 "
               "(3.): illegal move 'Nd2': ambiguous: Nbd2 and Nfd2 both match (ambiguous, depth "
               "0)\n",
               "the SAN verdict of an ambiguous move is kept");
    check_skip("1. f3 e5 2. g4 Qh4+ ( 2... Qh4 3. -- 3. Kf2 ) 3. Kf2 *", skip,
               "move 1 f2f3 @0\nmove 2 e7e5 @0\nmove 3 g2g4 @0\nmove 4 d8h4 @0\n(\n"
               "move 4 d8h4 @1\nproblem 1:35 ply 5 (3.): illegal null move '--': the side to "
               "move is in check (depth 1)\nstop 1:50 ply 5 (3.): illegal move 'Kf2': the move "
               "leaves the king in check (depth 0)\n",
               "a null move in check in a variation; the main line is replayed after it");
    check_skip("1. e4 ( 1. d4 Ke7 ) e5 *", GAME_VARIATIONS,
               "move 1 e2e4 @0\n(\nmove 1 d2d4 @1\nstop 1:15 ply 2 (1...): illegal move 'Ke7': a "
               "piece cannot capture a piece of its own colour: e7 holds a black pawn (depth 1)\n",
               "without GAME_VARIATION_ERRORS_SKIP a problem in a variation stops the replay");

    char got[1024];
    pushed_text("1. e4 ( 1. d4 Ke7 ) e5 *\n\n1. e4 ( 1. d4 ) *\n", skip, got, sizeof got);
    UNIT_EQ_STR(got,
                "move 1 e2e4\n(\nmove 1 d2d4\nproblem 1:15 ply 2 (1...): illegal move 'Ke7': a "
                "piece cannot capture a piece of its own colour: e7 holds a black pawn\n"
                "move 1 e2e4\n(\nmove 1 d2d4\n)\nresult *\n",
                "the replay as the reader's visitor ends a game at a variation's problem, and "
                "replays the next game's variations");

    /* game_replay_start_at: the caller's start position, token by token;
     * game_replay_skipping while a variation's problem is skipped */
    struct position start;
    position_start(&start);
    start.fullmove = 7;
    game_replay_start_at(&replay, &start, skip);
    const struct pgn_token toks[] = {
        {.kind = PGN_TOK_MOVE, .text = "e4", .len = 2},
        {.kind = PGN_TOK_VARIATION_START, .text = "(", .len = 1},
        {.kind = PGN_TOK_MOVE, .text = "e5", .len = 2, .depth = 1},
        {.kind = PGN_TOK_MOVE, .text = "d4", .len = 2, .depth = 1},
        {.kind = PGN_TOK_VARIATION_END, .text = ")", .len = 1},
    };
    struct game_event ev;
    struct game_problem pb;
    UNIT_EQ_INT(game_replay_token(&replay, &toks[0], &ev, &pb), 1, "start_at: e4 played");
    UNIT_EQ_INT((int)ev.before->fullmove, 7, "start_at: from the caller's position");
    UNIT_EQ_INT(game_replay_token(&replay, &toks[1], &ev, &pb), 1, "start_at: a variation");
    UNIT_CHECK(game_replay_token(&replay, &toks[2], &ev, &pb) < 0 && pb.recovered &&
                   game_replay_skipping(&replay),
               "a variation's problem: recovered, the variation skipped");
    UNIT_EQ_INT(game_replay_token(&replay, &toks[3], &ev, &pb), 0, "a skipped move: no event");
    UNIT_CHECK(game_replay_token(&replay, &toks[4], &ev, &pb) == 0 &&
                   !game_replay_skipping(&replay),
               "its ')' ends the skip");
    UNIT_EQ_INT((int)game_replay_line(&replay)->pos.fullmove, 7, "back on the main line");
}

/* The FEN problem's reason comes from fen.h; only its start is fixed. */
static void test_bad_fen_reason(void)
{
    char got[4096];
    pushed_text("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*", 0, got, sizeof got);
    const char *want = "problem 1:1 FEN tag: illegal position '8/8/8/8/8/8/8/8 w - - 0 1': ";
    UNIT_CHECK(strncmp(got, want, strlen(want)) == 0 && strlen(got) > strlen(want) + 2,
               "bad FEN is reported with a reason: %s", got);
}

static void test_labels(void)
{
    struct pgn_tag tags[] = {
        {.name = "White", .value = "Carlsen, M.", .value_len = 11},
        {.name = "Black", .value = "", .value_len = 0},
        {.name = "Round", .value = "3.1", .value_len = 3},
    };
    char buf[128];
    game_label(tags, 3, buf, sizeof buf);
    UNIT_EQ_STR(buf, " (Carlsen, M. - ?, 3.1)", "game label with a missing player");
    game_label(NULL, 0, buf, sizeof buf);
    UNIT_EQ_STR(buf, "", "game label without tags");
    {
        struct pgn_tag t[] = {
            {.name = "Event", .value = "Najdorf: 6.Bg5", .value_len = 14},
            {.name = "White", .value = "?", .value_len = 1},
            {.name = "Black", .value = "", .value_len = 0},
            {.name = "Round", .value = "-", .value_len = 1},
        };
        game_label(t, 4, buf, sizeof buf);
        UNIT_EQ_STR(buf, " (Najdorf: 6.Bg5)", "game label: Event without players");
        t[3].value = "2";
        game_label(t, 4, buf, sizeof buf);
        UNIT_EQ_STR(buf, " (Najdorf: 6.Bg5, 2)", "game label: Event and round");
        t[0].value = "?";
        game_label(t, 4, buf, sizeof buf);
        UNIT_EQ_STR(buf, " (round 2)", "game label: the round alone");
        t[0].value = "Najdorf: 6.Bg5";
        t[2].value = "B";
        game_label(t, 4, buf, sizeof buf);
        UNIT_EQ_STR(buf, " (? - B, 2)", "game label: players win over Event");
    }
    UNIT_EQ_STR(pgn_tags_find(tags, 3, "Round")->value, "3.1", "pgn_tags_find finds a tag");
    UNIT_CHECK(pgn_tags_find(tags, 3, "Event") == NULL, "pgn_tags_find: missing tag is NULL");

    struct game_problem pb;
    struct pgn_tag variant = {.name = "Variant", .value = "Chess 960", .value_len = 9};
    UNIT_CHECK(game_replay_start(&replay, &variant, 1, 0, &pb) == GAME_OK && replay.start.chess960,
               "Variant 'Chess 960' is Chess960");
    variant.value = "fischerandom";
    variant.value_len = 12;
    UNIT_CHECK(game_replay_start(&replay, &variant, 1, 0, &pb) == GAME_OK && replay.start.chess960,
               "Variant 'fischerandom' is Chess960");
    variant.value = "Standard";
    variant.value_len = 8;
    UNIT_CHECK(game_replay_start(&replay, &variant, 1, 0, &pb) == GAME_OK && !replay.start.chess960,
               "Variant 'Standard' is standard chess");
    variant.value = "Antichess";
    variant.value_len = 9;
    UNIT_CHECK(game_replay_start(&replay, &variant, 1, 0, &pb) == GAME_OK &&
                   replay.start.variant == VARIANT_ANTICHESS && replay.start.castling == 0,
               "Antichess: its rules and start position (no castling)");
    variant.value = "Shogi";
    variant.value_len = 5;
    UNIT_EQ_INT(game_replay_start(&replay, &variant, 1, 0, &pb), GAME_E_VARIANT,
                "Shogi is refused");
    /* lichess's names and the aliases, whatever the case */
    static const struct {
        const char *name;
        enum variant v;
        bool c960;
    } names[] = {
        {"Crazyhouse", VARIANT_CRAZYHOUSE, false},
        {"zh", VARIANT_CRAZYHOUSE, false},
        {"Atomic", VARIANT_ATOMIC, false},
        {"King of the Hill", VARIANT_KINGOFTHEHILL, false},
        {"kingofthehill", VARIANT_KINGOFTHEHILL, false},
        {"Three-check", VARIANT_3CHECK, false},
        {"3check", VARIANT_3CHECK, false},
        {"Horde", VARIANT_HORDE, false},
        {"Racing Kings", VARIANT_RACINGKINGS, false},
        {"giveaway", VARIANT_GIVEAWAY, false},
        {"From Position", VARIANT_CHESS, false},
        {"Chess960", VARIANT_CHESS, true},
        {"ANTICHESS", VARIANT_ANTICHESS, false},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        enum variant v = VARIANT_NB;
        bool c960 = !names[i].c960;
        UNIT_CHECK(game_variant_parse(names[i].name, &v, &c960) && v == names[i].v &&
                       c960 == names[i].c960,
                   "Variant '%s'", names[i].name);
    }
}

/* The named-notation reader in both layouts and vocabularies, replayed
 * with the replay as its visitor (named_read_game). */
struct named_text {
    char *out;
    size_t n, size, mark; /* mark: where the game's events start */
    bool begun;
};

static void named_head(struct named_text *t, const struct pgn_game *g)
{
    t->n +=
        (size_t)snprintf(t->out + t->n, t->size - t->n, "game %lu tags %zu\n", g->number, g->ntags);
    t->mark = t->n;
    t->begun = true;
}

static enum pgn_visit named_begin(void *ctx, const struct pgn_game *g)
{
    named_head(ctx, g);
    return PGN_VISIT_GO;
}

static enum pgn_visit named_event(void *ctx, const struct game_event *ev)
{
    struct named_text *t = ctx;
    char san[SAN_MAX];
    const char *text = NULL;
    char *o = t->out + t->n;
    size_t room = t->size - t->n;
    if (ev->kind == GAME_EV_MOVE) {
        san_format(ev->before, ev->m, san);
        text = san;
    } else if (ev->kind == GAME_EV_NULL) {
        text = "--";
    } else if (ev->kind == GAME_EV_RESULT || ev->kind == GAME_EV_VARIATION_START ||
               ev->kind == GAME_EV_VARIATION_END) {
        text = ev->tok->text;
    } else if (ev->kind == GAME_EV_COMMENT) {
        t->n += (size_t)snprintf(o, room, "{%s}\n", ev->tok->text);
    }
    if (text)
        t->n += (size_t)snprintf(o, room, "%s\n", text);
    return PGN_VISIT_GO;
}

/* A game whose setup failed had no begin; a damaged game is its damage
 * alone (its events dropped). */
static void named_end(void *ctx, const struct pgn_game *g, const struct game_problem *pb)
{
    struct named_text *t = ctx;
    if (!t->begun)
        named_head(t, g);
    if (pb && pb->code == GAME_E_DAMAGED)
        t->n = t->mark;
    if (pb) {
        char what[512];
        game_problem_format(pb, what, sizeof what);
        t->n += (size_t)snprintf(t->out + t->n, t->size - t->n, "problem %lu:%lu %s\n", pb->line,
                                 pb->col, what);
    }
    t->out[t->n] = '\0';
    t->begun = false;
}

static void replay_named(const char *text, char *out, size_t size)
{
    static const struct game_consumer consumer = {named_begin, named_event, named_end};
    struct named_reader *r = named_reader_new();
    struct named_text t = {.out = out, .size = size};
    out[0] = '\0';
    named_reader_open_mem(r, text, strlen(text), "named");
    game_replay_listen(&replay, GAME_NAMED | GAME_VARIATIONS, &consumer, &t);
    while (named_read_game(r, &game_replay_visitor, &replay) > 0)
        ;
    named_reader_free(r);
}

static void check_named(const char *text, const char *want, const char *desc)
{
    char got[4096];
    replay_named(text, got, sizeof got);
    UNIT_EQ_STR(got, want, desc);
}

static void test_named_reader(void)
{
    check_named("1. e2 - e4 Pawn-move 1. e7 - e5 Pawn-move 2. g1 - f3 leap2 n nw *\n",
                "game 1 tags 0\ne4\ne5\nNf3\n*\n", "inline layout, no tags");
    check_named("[Event \"a \\\"b\\\"\"]\n[Site \"?\"]\n\n1. e2 - e4 Pawn-move\n"
                "1. e7 - e5 Pawn-move\n{a comment}\n(\n1. c7 - c5 Pawn-move\n)\n"
                "2. Pass\n2. Pass\n1-0\n\n"
                "1. g1 - f3 leap2 n nw 1. b8 - c6 leap2 n ne 0-1\n",
                "game 1 tags 2\ne4\ne5\n{a comment}\n(\nc5\n)\n--\n--\n1-0\n"
                "game 2 tags 0\nNf3\nNc6\n0-1\n",
                "line layout with tags, comment, variation, passes; then an inline game");
    check_named("[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. e1 - g1 O-O\n"
                "1. e8 - c8 OOO\n2. f1 - f8 rook-slide n\n*\n",
                "game 1 tags 1\nO-O\nO-O-O\nRf8\n*\n",
                "a FEN setup, castling in both vocabularies, rook-slide");
}

static void test_named_errors(void)
{
    check_named("1. e2 - e4 Pawn-move\n1. e7 - e5 Pawn-move\n2. g1 - f3 leap2 nw n\n*\n",
                "game 1 tags 0\ne4\ne5\nproblem 3:1 ply 3 (2.): bad record '2. g1 - f3 leap2 "
                "nw n': the move generator writes '2. g1 - f3 leap2 n nw'\n",
                "a knight's parameters in the wrong order");
    check_named("1. e2 - e5 Pawn-move *\n",
                "game 1 tags 0\nproblem 1:1 ply 1 (1.): illegal move '1. e2 - e5 Pawn-move': a "
                "pawn cannot move from e2 to e5\n",
                "an impossible pawn move, explained");
    check_named("1. e2 - e4 Pawn-move 2. e7 - e5 Pawn-move *\n",
                "game 1 tags 0\ne4\nproblem 1:22 ply 2 (1...): bad record '2. e7 - e5 Pawn-move': "
                "the position is at move 1...\n",
                "a wrong move number");
    check_named("1. e2 - e4 Pawn-move\n[Event \"next\"]\n1. d2 - d4 Pawn-move *\n",
                "game 1 tags 0\ne4\ngame 2 tags 1\nd4\n*\n",
                "a tag line ends a game that has no result");
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const char *shared = getenv("SHARED");
    char path[1024];
    test_fast_path_positions();
    snprintf(path, sizeof path, "%s/pgn/edge-cases/fischer.pgn",
             shared ? shared : "../shared/data");
    test_fast_path_file(path);
    snprintf(path, sizeof path, "%s/pgn/edge-cases/cutechess-fischerrandom.pgn",
             shared ? shared : "../shared/data");
    test_fast_path_file(path);
    test_replay();
    test_variation_errors_skip();
    test_bad_fen_reason();
    test_labels();
    test_named_reader();
    test_named_errors();
    return unit_done();
}
