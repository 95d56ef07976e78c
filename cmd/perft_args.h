/*
 * perft_args.h - perft's command line: its options, the text of --help
 * (and of the man page help2man makes from it) and the checks of how the
 * options combine; the options are read into struct perft_options
 * (perft_session.h), which the caller fills with the defaults first.
 *
 *     struct perft_options opt = {.depth = -1, .max_depth = -1, .split = -1,
 *                                 .engine_timeout = PERFT_ENGINE_TIMEOUT_DEFAULT};
 *     argp_parse(&perft_argp, argc, argv, 0, NULL, &opt);
 */
#ifndef PERFT_ARGS_H
#define PERFT_ARGS_H

#include "perft_session.h"

#include <argp.h>

enum { PERFT_ENGINE_TIMEOUT_DEFAULT = 60 }; /* seconds: depth 6 or so of a fast engine */

extern const struct argp perft_argp;

/* --startpos's entry in opt->fens (compared by address: it stands for the
 * starting position of --variant). */
extern const char perft_startpos_fen[];

#endif /* PERFT_ARGS_H */
