/*
 * game_table_numbers.h - the games' numbers in the tables of
 * pgn-to-named-notation --jobs N (game_table.h): with a game column
 * (game_table_fields_numbered), a chunk's output holds each game's number
 * as its thread counts them (from 1 in the chunk) behind a marker byte,
 * and the main thread, which writes the results in input order, writes
 * it shifted by the games of the chunks before (game_offset), as the
 * diagnostics are.
 */
#ifndef CHESS_GAME_TABLE_NUMBERS_H
#define CHESS_GAME_TABLE_NUMBERS_H

#include "jobs/jobs.h"

#include <stdbool.h>

/* The marker before a game's number in a chunk's output: a byte that
 * game_table_cell_text never writes. */
enum { GAME_TABLE_NUMBERS_MARK = '\x01' };

/* jobs_config's write callback: res's output with its numbers shifted by
 * game_offset, then its diagnostics (jobs_result_write; arg: the struct
 * jobs_out). */
void game_table_numbers_write(void *arg, struct jobs_result *res, const char *name,
                              unsigned long game_offset, bool file_first);

#endif /* CHESS_GAME_TABLE_NUMBERS_H */
