/*
 * game_table_fields.h - the columns of pgn-to-named-notation's tables
 * (--to=tsv, --to=csv; game_table.h): what each holds, and the list
 * --fields names, read once from the command line (at the end of argp's
 * parse).
 */
#ifndef CHESS_GAME_TABLE_FIELDS_H
#define CHESS_GAME_TABLE_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

/* What a column holds (formats/game-table.md). */
enum game_table_kind {
    GAME_TABLE_GAME,       /* the game's number in its file, as diagnostics count it */
    GAME_TABLE_LINE,       /* the line where the game starts */
    GAME_TABLE_PLY,        /* 1-based from the start position; per game: the plies */
    GAME_TABLE_MOVE,       /* the full-move number the ply is played at */
    GAME_TABLE_SIDE,       /* w or b: who plays it */
    GAME_TABLE_UCI,        /* per game: the moves, space-separated */
    GAME_TABLE_SAN,        /* per game: the moves, space-separated */
    GAME_TABLE_NAMED,      /* the record without its number; per game: with them */
    GAME_TABLE_FEN,        /* the position after the ply; per game: the last */
    GAME_TABLE_FEN_BEFORE, /* the position before the ply; per game: the first */
    GAME_TABLE_CLOCK,      /* [%clk] after the ply, in seconds */
    GAME_TABLE_EMT,        /* [%emt] after the ply, in seconds */
    GAME_TABLE_EVAL,       /* [%eval]: centipawns, or #N */
    GAME_TABLE_ECO,        /* lichess's classification so far (per game: the game's) */
    GAME_TABLE_OPENING,    /* its name */
    GAME_TABLE_RESULT,     /* the game's termination marker (as --to=json's result) */
    GAME_TABLE_OFFSET,     /* the game's address: the byte offset of its first byte in
                            * the file's text (pgn_game.offset; pgn-select --at) */
    GAME_TABLE_TAG,        /* tag:NAME, the tag's value (its first, if repeated) */
    GAME_TABLE_KIND_NB
};

/* At most this many columns. */
enum { GAME_TABLE_FIELDS_MAX = 64 };

struct game_table_field {
    enum game_table_kind kind;
    const char *name; /* as given ("tag:White"), in the command line's text */
    size_t name_len;
    const char *tag; /* GAME_TABLE_TAG: the tag's name, tag_len bytes */
    size_t tag_len;
};

/* The table asked for: its columns, in order, and its format. */
struct game_table_fields {
    size_t n;
    struct game_table_field v[GAME_TABLE_FIELDS_MAX];
    bool csv;       /* else TSV */
    bool per_game;  /* one row a game */
    unsigned kinds; /* bit 1 << kind for each kind among the columns */
};

/* The default columns: of a ply, and of a game (--per-game). */
#define GAME_TABLE_DEFAULT_PLY "game,ply,side,uci,san,fen"
#define GAME_TABLE_DEFAULT_GAME "game,tag:White,tag:Black,result,ply,uci"

/* Read --fields (list NULL: the default of the mode) into f: true, or
 * false with the usage error in err (size bytes), e.g. "unknown field
 * 'fenn' in --fields (known: game, line, ...)".  list must outlive f (the
 * names point into it). */
bool game_table_fields_parse(struct game_table_fields *f, const char *list, bool csv, bool per_game,
                             char *err, size_t size);

/* Whether a column reads the comments (clock, emt, eval): the reader must
 * then keep them. */
bool game_table_fields_comments(const struct game_table_fields *f);

/* Whether a column is the game's number (game_table_numbers.h). */
bool game_table_fields_numbered(const struct game_table_fields *f);

/* Kinds as bits, as in game_table_fields's kinds. */
#define GAME_TABLE_KIND(k) (1u << (k))
/* Kinds whose cell is written when the ply is played (the others at the
 * game's end: the game's own, and the comments' values that follow). */
#define GAME_TABLE_PLY_CELLS                                                                       \
    (GAME_TABLE_KIND(GAME_TABLE_PLY) | GAME_TABLE_KIND(GAME_TABLE_MOVE) |                          \
     GAME_TABLE_KIND(GAME_TABLE_SIDE) | GAME_TABLE_KIND(GAME_TABLE_UCI) |                          \
     GAME_TABLE_KIND(GAME_TABLE_SAN) | GAME_TABLE_KIND(GAME_TABLE_NAMED) |                         \
     GAME_TABLE_KIND(GAME_TABLE_FEN) | GAME_TABLE_KIND(GAME_TABLE_FEN_BEFORE) |                    \
     GAME_TABLE_KIND(GAME_TABLE_ECO) | GAME_TABLE_KIND(GAME_TABLE_OPENING))
/* The comments' values. */
#define GAME_TABLE_ANNOTATION_CELLS                                                                \
    (GAME_TABLE_KIND(GAME_TABLE_CLOCK) | GAME_TABLE_KIND(GAME_TABLE_EMT) |                         \
     GAME_TABLE_KIND(GAME_TABLE_EVAL))
/* lichess's classification. */
#define GAME_TABLE_OPENING_CELLS                                                                   \
    (GAME_TABLE_KIND(GAME_TABLE_ECO) | GAME_TABLE_KIND(GAME_TABLE_OPENING))

#endif /* CHESS_GAME_TABLE_FIELDS_H */
