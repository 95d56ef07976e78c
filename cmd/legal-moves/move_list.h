/*
 * move_list.h - what legal-moves prints for a position, one line each: its
 * legal moves (filtered, in the documented order, in one notation), their
 * number, its game status, the verdict on one move (--explain), all of
 * these as JSON; and, without a position, where a lone piece goes
 * (--lone).  cmd/legal-moves/main.c reads the options and the records.
 */
#ifndef CHESS_MOVE_LIST_H
#define CHESS_MOVE_LIST_H

#include "cli/cli.h"
#include "games/named.h"

#include <stdbool.h>
#include <stddef.h>

enum move_list_notation {
    MOVE_LIST_NOTATION_UCI,
    MOVE_LIST_NOTATION_SAN,
    MOVE_LIST_NOTATION_LAN,
    MOVE_LIST_NOTATION_NAMED
};

/* What each record prints: the move list, its size, the status, the
 * verdict on one move, or (without input) a lone piece's squares. */
enum move_list_mode {
    MOVE_LIST_MODE_LIST,
    MOVE_LIST_MODE_COUNT,
    MOVE_LIST_MODE_STATUS,
    MOVE_LIST_MODE_EXPLAIN,
    MOVE_LIST_MODE_LONE
};

/* One move of --moves, as a slice of the option's text. */
struct move_list_text {
    const char *s;
    size_t len;
};

/* What the command line asked for. */
struct move_list_options {
    struct cli_common common;
    enum move_list_notation notation;
    enum named_vocabulary names;
    enum move_list_mode mode;
    bool count, status, json, fen /* --with-fen */, strict;
    /* filters */
    int from, to;          /* SQUARE_NONE when not given */
    enum piece_type piece; /* NO_PIECE_TYPE when not given */
    bool captures, checks;
    bool filtered;
    /* --moves */
    struct move_list_text *moves;
    size_t nmoves;
    /* --explain */
    const char *explain;
    /* --lone */
    int lone_piece, lone_square;
    /* --fen=FEN and --startpos, in order, in place of FILE operands */
    const char **positions;
    int npositions;
    /* operands */
    char **files;
    int nfiles;
};

/* The line of one position, in the mode the options chose, built in l and
 * written whole (unless -q); out of memory ends the run. */
void move_list_print(const struct move_list_options *opt, const struct position *p,
                     struct cli_buf *l);

/* --lone: the squares of a lone piece on an empty board, sorted by name,
 * or their number. */
void move_list_lone(const struct move_list_options *opt, struct cli_buf *l);

#endif /* CHESS_MOVE_LIST_H */
