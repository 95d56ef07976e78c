/* Reading the named notation: whole texts (either layout, either
 * vocabulary, as formats/named-notation.md describes) split into games,
 * as lib/games/pgn.h reads PGN; a record itself is the notation's, read by
 * named.h when the game is replayed (game.h, GAME_NAMED). */
#ifndef CHESS_NAMED_READER_H
#define CHESS_NAMED_READER_H

#include "pgn.h"

#include <stddef.h>
#include <stdio.h>

/* Games are pushed to a visitor in the PGN reader's shapes and events
 * (struct pgn_visitor), so that game.h replays both alike.  A game's tags
 * are its tag pairs; its tokens are MOVE (one ply record, "12. g1 - f3
 * leap2 n nw" or "12. Pass", number included, not yet checked against a
 * position), NAG, COMMENT ({...} or ;...), VARIATION_START and _END,
 * RESULT, and UNKNOWN for stray text (with a diagnostic).  Like the PGN
 * reader it never fails on bad text and keeps memory bounded (one line of
 * at most max_line bytes, the current game's tags). */
struct named_reader;

struct named_reader *named_reader_new(void);
void named_reader_free(struct named_reader *r);
/* Longest line kept (default 1 MiB; longer ones are cut, with a diagnostic). */
void named_reader_set_max_line(struct named_reader *r, size_t max_line);
/* Start reading a text_reader (base/text_input.h; not freed), a stdio
 * stream (not closed; fread) or a copy of a buffer, as pgn_reader_open_*
 * do: lines by text_reader_line, the one line-end rule. */
enum pgn_error named_reader_open_input(struct named_reader *r, struct text_reader *in,
                                       const char *name);
enum pgn_error named_reader_open_file(struct named_reader *r, FILE *fp, const char *name);
enum pgn_error named_reader_open_mem(struct named_reader *r, const char *buf, size_t len,
                                     const char *name);
/* The next game pushed to v (with ctx): 1 when a game was read (game_end
 * has come), 0 at the end of the input, -1 on a hard error. */
int named_read_game(struct named_reader *r, const struct pgn_visitor *v, void *ctx);
enum pgn_error named_reader_error(const struct named_reader *r);
int named_reader_errno(const struct named_reader *r);

#endif
