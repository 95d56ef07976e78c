/* A game read whole for the tests and fuzz targets: the reader's visitor
 * (pgn_read_game) collecting each token it is offered, so that a test
 * sees a game as the tools' visitors are offered it, every token at
 * hand at its end.  The library reads only by pushing (pgn.h). */
#ifndef CHESS_TESTS_PGN_COLLECT_H
#define CHESS_TESTS_PGN_COLLECT_H

#include "games/pgn.h"

/* Reads the next game of r into *g with every token offered kept (texts
 * copied, NUL-terminated, their lengths kept: an UNKNOWN token may hold a
 * NUL), the rest as pgn_read_game's game_end gives it: 1, 0 at the end,
 * -1 on a hard error (or out of memory: pgn_reader_error is then
 * PGN_OK).  The tokens stay valid until the next call on the same reader
 * (one collector per reader, at most PGN_COLLECT_READERS at once). */
enum { PGN_COLLECT_READERS = 8 };
int pgn_collect_game(struct pgn_reader *r, struct pgn_game *g);

/* Offers a game collected so to v as pgn_read_game offers one as it reads
 * it (tags_done, each token as the answers let it, game_end), but for
 * game_end's game, which has all its tokens. */
void pgn_collect_visit(const struct pgn_game *g, const struct pgn_visitor *v, void *ctx);

#endif
