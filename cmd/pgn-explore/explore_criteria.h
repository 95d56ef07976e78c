/*
 * explore_criteria.h - pgn-select's criteria as pgn-explore's argp child
 * (each read by lib/policy/select.h as it comes, a bad one a usage error
 * naming its option), but --fen and --moves, which pgn-explore takes for
 * the position asked, and --unique.
 *
 * INTERIM: replaced by the criteria child shared with pgn-select once it
 * lands (branch w-criteria).
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

/* The child; its input is a struct explore_criteria_opts * (zeroed). */
extern const struct argp explore_criteria_argp;

/* The --variant text given (NULL: none), for the rules of the position
 * asked. */
const char *explore_criteria_variant(const struct explore_criteria_opts *o);

/* After parsing: the criteria, ready to judge games (owned by the caller:
 * select_free), or NULL with a message. */
struct select_criteria *explore_criteria_finish(struct explore_criteria_opts *o, char *err,
                                                size_t errsize);

#endif /* CHESS_EXPLORE_CRITERIA_H */
