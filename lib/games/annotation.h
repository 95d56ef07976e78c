/*
 * annotation.h - the command annotations that lichess, chess.com and
 * ChessBase put in PGN comments, read as data:
 *
 *     [%clk 0:03:01]   [%clk 1:02:03.4]   the clock after the move (H:MM:SS, fraction optional)
 *     [%emt 0:00:05]                      the time the move took
 *     [%eval 0.26]  [%eval #-3]  [%eval -1.5,22]
 *                                         the evaluation from White's side: pawns, or mate
 *                                         in N (negative: Black mates), an optional depth
 *     [%csl Ge4,Rd5]  [%cal Ge2e4,Bg1f3]  squares and arrows drawn on the board
 *
 * The grammar (formats/annotations.md) is lichess's and python-chess's
 * (chess.pgn's CLOCK_REGEX, EVAL_REGEX, ARROWS_REGEX): what they read,
 * this reads with the same value; what they do not read is no
 * annotation and stays in the text.  A command whose name is one of the
 * above but whose value is malformed ("[%clk 3:1]", "[%eval abc]") is no
 * value: it is reported (annotation_problem, for pgn-check) and kept in
 * the text, never guessed.  Other commands ("[%tqu ...]") stay in the text.
 *
 *     struct annotations a;
 *     char text[...];  // at least len bytes
 *     size_t n = annotation_parse(comment, len, &a, text);
 *     if (a.has & ANNOTATION_HAS_CLOCK) ... a.clock_ms ...
 *
 * Pure functions; no allocation.
 */
#ifndef CHESS_ANNOTATION_H
#define CHESS_ANNOTATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Which values a comment held (bits of annotations.has). */
enum {
    ANNOTATION_HAS_CLOCK = 1 << 0,
    ANNOTATION_HAS_EMT = 1 << 1,
    ANNOTATION_HAS_EVAL = 1 << 2,
};

/* Squares and arrows kept per comment; more are counted, not kept. */
enum { ANNOTATION_SHAPES_MAX = 64 };

/* An evaluation, from White's point of view as lichess writes it. */
struct annotation_eval {
    bool mate;     /* value is mate in N moves (negative: Black mates) */
    int32_t value; /* centipawns (0.26 is 26), or N */
    int32_t depth; /* the depth after the comma, or -1 */
};

/* A square ([%csl], from == to) or an arrow ([%cal]): a colour letter
 * (G, R, Y, B) and squares 0 (a1) to 63 (h8). */
struct annotation_shape {
    char brush;
    uint8_t from, to;
};

/* What was wrong with a malformed command: its kind and where it stands. */
enum annotation_error {
    ANNOTATION_OK = 0,
    ANNOTATION_E_CLOCK, /* [%clk ...] or [%emt ...] that is no H:MM:SS(.f) */
    ANNOTATION_E_EVAL,  /* [%eval ...] that is no number, #N, with an optional ,depth */
    ANNOTATION_E_SHAPE, /* [%csl ...] / [%cal ...] with a bad colour or square */
};

struct annotation_problem {
    enum annotation_error code;
    size_t offset, len; /* of the whole "[%...]" command in the comment */
};

/* What one comment held.  When a command repeats, the first value holds
 * (as python-chess's clock() and eval() read the first match). */
struct annotations {
    unsigned has;             /* ANNOTATION_HAS_* */
    int64_t clock_ms, emt_ms; /* milliseconds */
    struct annotation_eval eval;
    size_t nshapes, shapes_dropped;
    struct annotation_shape shapes[ANNOTATION_SHAPES_MAX];
    /* the first malformed command (code ANNOTATION_OK: none) and how many */
    struct annotation_problem problem;
    size_t nproblems;
};

/* Read the annotations of a comment's text (without its braces) into a,
 * and write into text (room for len bytes) the comment without the
 * commands read, blanks around them collapsed and the ends trimmed as
 * chessops's parseComment leaves them.  Returns the text's length.
 * text may be comment itself (the text is read before it is written). */
size_t annotation_parse(const char *comment, size_t len, struct annotations *a, char *text);

/* The annotations of a ply's several comments: annotation_init once, then
 * annotation_parse_more for each comment in turn (each with its text);
 * the first value of each kind holds across them, shapes add up, and a
 * problem's offset is in the comment that held it. */
void annotation_init(struct annotations *a);
size_t annotation_parse_more(const char *comment, size_t len, struct annotations *a, char *text);

/* Seconds as the outputs write them: "181", "181.5", "0.25" (no
 * trailing zeros, no exponent).  Writes at most ANNOTATION_SECONDS_MAX
 * bytes, no NUL; returns the length. */
enum { ANNOTATION_SECONDS_MAX = 24 };
size_t annotation_format_seconds(int64_t ms, char *buf);

/* An evaluation as a table writes it: centipawns "26", "-150", or mate
 * "#3", "#-3".  At most ANNOTATION_EVAL_MAX bytes, no NUL. */
enum { ANNOTATION_EVAL_MAX = 16 };
size_t annotation_format_eval(const struct annotation_eval *e, char *buf);

/* The problem's words ("malformed clock"), and what the command should
 * have been ("H:MM:SS, at most three decimals, after one blank"). */
const char *annotation_error_message(enum annotation_error e);
const char *annotation_error_expected(enum annotation_error e);

#endif /* CHESS_ANNOTATION_H */
