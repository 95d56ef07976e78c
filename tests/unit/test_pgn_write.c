/* The PGN writer (lib/games/pgn_write.h) on small games replayed from PGN text:
 * the tag section (the Seven Tag Roster first in its order, the missing
 * ones as the standard's unknown, the others in ASCII order, each name
 * once, the caller's tags in their place, escaping), the movetext's lines
 * of at most 79 characters, move numbers, comments, NAGs and variations
 * (an empty one left out), and the error note.  The expected texts are
 * worked out by hand from formats/pgn-export.md (PGN standard 8). */
#include "games/pgn_write.h"

#include "games/game.h"
#include "games/pgn.h"
#include "unit.h"

#include <stdlib.h>

struct run {
    struct pgn_writer w;
    struct game_replay *replay;
    const struct pgn_tag *set;
    size_t nset;
    const char *error;
    char out[4096];
    size_t len;
    bool ok;
};

static enum pgn_visit on_begin(void *ctx, const struct pgn_game *g)
{
    struct run *r = ctx;
    (void)g;
    pgn_writer_start(&r->w, &r->replay->start);
    return PGN_VISIT_GO;
}

static enum pgn_visit on_event(void *ctx, const struct game_event *ev)
{
    pgn_writer_event(&((struct run *)ctx)->w, ev);
    return PGN_VISIT_GO;
}

static void on_end(void *ctx, const struct pgn_game *g, const struct game_problem *pb)
{
    struct run *r = ctx;
    const char *result = pgn_game_tag(g, "Result");
    r->ok = !pb && pgn_writer_end(&r->w, g, r->set, r->nset, result ? result : "*", r->error);
    if (r->len + r->w.head.len + r->w.text.len < sizeof r->out) {
        memcpy(r->out + r->len, r->w.head.data, r->w.head.len);
        memcpy(r->out + r->len + r->w.head.len, r->w.text.data, r->w.text.len);
        r->len += r->w.head.len + r->w.text.len;
    }
    r->out[r->len] = 0;
}

static const struct game_consumer consumer = {on_begin, on_event, on_end};

/* The export of the one game of text, with set and error as given. */
static void export(struct run *r, const char *text, const struct pgn_tag *set, size_t nset,
                   const char *error)
{
    static struct game_replay replay;
    struct pgn_reader *reader = pgn_reader_new();
    r->replay = &replay;
    r->len = 0;
    r->set = set;
    r->nset = nset;
    r->error = error;
    r->ok = false;
    game_replay_listen(&replay, GAME_VARIATIONS, &consumer, r);
    pgn_reader_set_options(reader, PGN_OPT_REPEATED_TAGS);
    pgn_reader_open_mem(reader, text, strlen(text), "test");
    pgn_writer_begin(&r->w);
    while (pgn_read_game(reader, &game_replay_visitor, &replay) > 0)
        pgn_writer_begin(&r->w);
    pgn_reader_free(reader);
}

int main(void)
{
    struct run r = {0};

    /* The roster in its order, the missing tags "?" and "????.??.??";
     * the others by name in ASCII order (uppercase before lowercase:
     * "ECO" < "Eco"); a repeated tag once, its first value; quotes and
     * backslashes escaped again. */
    export(&r,
           "[WhiteElo \"2700\"]\n[White \"A \\\"q\\\" \\\\ b\"]\n[Eco \"x\"]\n[ECO \"C20\"]\n"
           "[Event \"E\"]\n[Annotator \"N\"]\n[ECO \"C99\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n",
           NULL, 0, NULL);
    UNIT_CHECK(r.ok, "the game is written");
    UNIT_EQ_STR(
        r.out,
        "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
        "[White \"A \\\"q\\\" \\\\ b\"]\n[Black \"?\"]\n[Result \"1-0\"]\n"
        "[Annotator \"N\"]\n[ECO \"C20\"]\n[Eco \"x\"]\n[WhiteElo \"2700\"]\n\n1. e4 1-0\n\n",
        "tag section: roster first, others sorted, escaping, a repeat once");

    /* The caller's tags: a roster tag replaced in its place, another one
     * replaced among the sorted ones, a new one added among them; a game
     * without a Result tag gets the marker in it. */
    struct pgn_tag set[] = {pgn_write_tag_of("Site", "Here"), pgn_write_tag_of("ECO", "B00"),
                            pgn_write_tag_of("PlyCount", "1")};
    export(&r, "[ECO \"C20\"]\n[Annotator \"N\"]\n\n1. e4 *\n", set, 3, NULL);
    UNIT_EQ_STR(r.out,
                "[Event \"?\"]\n[Site \"Here\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Annotator \"N\"]\n[ECO \"B00\"]\n"
                "[PlyCount \"1\"]\n\n1. e4 *\n\n",
                "the caller's tags in their places");

    /* Lines of at most 79: the tokens fill each line; "8." ends the first
     * line at 79 characters exactly (7 numbered pairs of 10 characters,
     * 6 spaces, " 8."), "Ng1" would take it to 83; the second line ends
     * at 78, "15." would take it to 82. */
    export(
        &r,
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
        "9. Nf3 Nf6 10. Ng1 Ng8 11. Nf3 Nf6 12. Ng1 Ng8 13. Nf3 Nf6 14. Ng1 Ng8 15. Nf3 Nf6 *\n",
        NULL, 0, NULL);
    const char *moves = strstr(r.out, "\n\n");
    UNIT_EQ_STR(moves ? moves + 2 : "",
                "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8.\n"
                "Ng1 Ng8 9. Nf3 Nf6 10. Ng1 Ng8 11. Nf3 Nf6 12. Ng1 Ng8 13. Nf3 Nf6 14. Ng1 Ng8\n"
                "15. Nf3 Nf6 *\n\n",
                "movetext broken at 79 columns");

    /* Comments as "{ words }" (white space one space, a '}' of a ';'
     * comment dropped), Black's move numbered after a comment and a
     * variation but not after a NAG, variations as "( ... )", an empty
     * comment and an empty variation left out. */
    export(&r,
           "1. e4 {A  comment\n here} e5 (1... c5 {x} 2. Nf3) (1... e6) 2. Nf3 $1 {} Nc6 ; a } b\n"
           "3. Bb5 *\n",
           NULL, 0, NULL);
    moves = strstr(r.out, "\n\n");
    UNIT_EQ_STR(moves ? moves + 2 : "",
                "1. e4 { A comment here } 1... e5 ( 1... c5 { x } 2. Nf3 ) ( 1... e6 ) 2. Nf3 $1\n"
                "Nc6 { a b } 3. Bb5 *\n\n",
                "comments, NAGs and variations");

    /* A comment longer than a line is broken between its words, a word
     * that starts with '%' kept after the one before it. */
    export(&r,
           "1. e4 {aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd eeeeeeeeee ffffffffff gggggggggg "
           "%hhhhhhhhh} *\n",
           NULL, 0, NULL);
    moves = strstr(r.out, "\n\n");
    UNIT_EQ_STR(moves ? moves + 2 : "",
                "1. e4 { aaaaaaaaaa bbbbbbbbbb cccccccccc dddddddddd eeeeeeeeee ffffffffff\n"
                "gggggggggg %hhhhhhhhh } *\n\n",
                "a long comment broken between its words, '%' never first on a line");

    /* The error note: the comment "error: ..." and the marker and Result
     * tag "*" whatever the game's and the caller's. */
    struct pgn_tag result[] = {pgn_write_tag_of("Result", "1-0")};
    export(&r, "[Result \"0-1\"]\n\n1. e4 e5 0-1\n", result, 1, "ply 3 (2.): bad");
    UNIT_EQ_STR(r.out,
                "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"
                "1. e4 e5 { error: ply 3 (2.): bad } *\n\n",
                "the error note");

    pgn_writer_free(&r.w);
    return unit_done();
}
