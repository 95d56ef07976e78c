/* The plain board field nearly every FEN record has, read fast: eight ranks
 * of eight squares, piece letters and digits 1-8 (never side by side)
 * separated by '/'.  fen.c's parse_board reads any other with its full
 * loop, which words every problem; test_fen_board holds the two equal. */
#ifndef CHESS_FEN_BOARD_H
#define CHESS_FEN_BOARD_H

#include "rules/position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* When field[0..len) is a plain board: the pieces in p->board and its
 * bitboards (by_type, by_color), their Zobrist keys added into p->key,
 * count[] the number of each piece; true.  Otherwise false, with p and
 * count untouched. */
bool fen_board_plain(const char *field, size_t len, struct position *p, uint8_t count[PIECE_NB]);

#endif /* CHESS_FEN_BOARD_H */
