/*
 * legal_args.h - the values of legal-moves' options that need more than a
 * keyword or a number: the move list of --moves, a square (--from, --to),
 * a lone piece on its square (--lone).  Each is checked when the option is
 * read, so that a typo is a usage error before any input is read.
 */
#ifndef CHESS_LEGAL_ARGS_H
#define CHESS_LEGAL_ARGS_H

#include "move_list.h"

#include <argp.h>

/* --moves: split arg (modified in place) into opt->moves, move numbers
 * dropped; a text that is no move's shape is a usage error. */
void legal_args_moves(struct move_list_options *opt, char *arg, struct argp_state *state);

/* A square operand of option (its name with dashes, for the message). */
int legal_args_square(const char *arg, const char *option, struct argp_state *state);

/* --lone PIECE-SQUARE into opt->lone_piece and opt->lone_square. */
void legal_args_lone(struct move_list_options *opt, const char *arg, struct argp_state *state);

#endif /* CHESS_LEGAL_ARGS_H */
