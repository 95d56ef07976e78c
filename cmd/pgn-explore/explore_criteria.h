/*
 * explore_criteria.h - pgn-select's criteria as pgn-explore's argp child:
 * the shared child (cli/criteria_args.h: the same names, texts, meanings
 * and messages) but --fen and --moves, which pgn-explore takes for the
 * position asked, and --game-number; and the --variant text, whose rules
 * are those of the position asked.
 */
#ifndef CHESS_EXPLORE_CRITERIA_H
#define CHESS_EXPLORE_CRITERIA_H

#include "cli/cli.h"
#include "policy/select.h"

#include <stddef.h>

struct explore_criteria_opts {
    struct select_criteria *criteria; /* being read */
    const char *variant;              /* the last --variant's text, or NULL */
};

/* The child; its input is a struct explore_criteria_opts * (zeroed).
 * explore_criteria_prepare builds its table: call it before argp_parse. */
extern const struct argp explore_criteria_argp;
void explore_criteria_prepare(void);

/* The --variant text given (NULL: none), for the rules of the position
 * asked. */
const char *explore_criteria_variant(const struct explore_criteria_opts *o);

/* After parsing: the criteria, ready to judge games (owned by the caller:
 * select_free); the shared child finished them (a refusal was a usage
 * error). */
struct select_criteria *explore_criteria_finish(struct explore_criteria_opts *o, char *err,
                                                size_t errsize);

#endif /* CHESS_EXPLORE_CRITERIA_H */
