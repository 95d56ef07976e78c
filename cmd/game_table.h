/*
 * game_table.h - pgn-to-named-notation --to=tsv and --to=csv: a table of
 * the main line's plies (one row a ply), or of the games (--per-game), with
 * the columns --fields names and a header line of their names
 * (formats/game-table.md is the specification), e.g. in CSV:
 *
 *     game,ply,side,uci,san,fen
 *     1,1,w,e2e4,e4,rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
 *
 * CSV is RFC 4180's (a value with a comma, a double quote, CR or LF in
 * double quotes, its quotes doubled; LF line ends); a TSV value holds no
 * raw tab, newline or CR (written \t, \n, \r, and a backslash \\, as the
 * linear TSV convention escapes them).  In both, bytes that are not
 * well-formed UTF-8 and control bytes become U+FFFD.
 *
 * The columns are read from the command line once (game_table_fields_parse,
 * at the end of argp's parse); each thread's converter then has a writer of
 * its own (game_table_writer) that keeps a game's plies until its end, when
 * the tags are known, and writes its rows.
 */
#ifndef GAME_TABLE_H
#define GAME_TABLE_H

#include "cli.h"
#include "game_writer.h"
#include "jobs.h"
#include "named.h"

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

/* Before any game, in the main thread: build what the columns need once
 * (lichess's opening table, shared by the threads) and write the header
 * line to standard output.  false when out of memory. */
bool game_table_start(const struct game_table_fields *f);

/* The writer of one thread's converter (game_writer.h). */
bool game_table_writer(struct game_writer *out, const struct game_table_fields *f,
                       enum named_vocabulary names);

/* With a game column, a result's output holds each game's number as it
 * counts them (from 1 in the chunk) behind a marker byte: jobs_config's
 * write callback that writes it with the number shifted (game_offset) as
 * diagnostics are, then the diagnostics (jobs_result_write; arg: the
 * struct jobs_out).  Needed exactly when game_table_numbered(f). */
bool game_table_numbered(const struct game_table_fields *f);
/* A writer (game_table_writer's) whose game numbers are final, as one
 * thread numbers the games of a file: written plainly, without marker. */
void game_table_plain_numbers(struct game_writer *w);
void game_table_write(void *arg, struct jobs_result *res, const char *name,
                      unsigned long game_offset, bool file_first);

#endif /* GAME_TABLE_H */
