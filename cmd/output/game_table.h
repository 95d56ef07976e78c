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
#ifndef CHESS_GAME_TABLE_H
#define CHESS_GAME_TABLE_H

#include "cli/cli.h"
#include "game_table_fields.h"
#include "game_writer.h"
#include "games/named.h"

#include <stdbool.h>
#include <stddef.h>

/* Before any game, in the main thread: build what the columns need once
 * (lichess's opening table, shared by the threads) and write the header
 * line to standard output.  false when out of memory. */
bool game_table_start(const struct game_table_fields *f);

/* The writer of one thread's converter (game_writer.h). */
bool game_table_writer(struct game_writer *out, const struct game_table_fields *f,
                       enum named_vocabulary names);

/* A writer (game_table_writer's) whose game numbers are final, as one
 * thread numbers the games of a file: written plainly, without the marker
 * of game_table_numbers.h. */
void game_table_plain_numbers(struct game_writer *w);

#endif /* CHESS_GAME_TABLE_H */
