/*
 * perft_args.h - perft's command line: its options, the text of --help
 * (and of the man page help2man makes from it) and the checks of how the
 * options combine; the options are read into struct perft_args, which
 * the caller fills with the defaults first.
 *
 *     struct perft_args opt = {.depth = -1, .max_depth = -1, .split = -1,
 *                               .engine_timeout = PERFT_ARGS_ENGINE_TIMEOUT_DEFAULT};
 *     argp_parse(&perft_args_argp, argc, argv, 0, NULL, &opt);
 */
#ifndef CHESS_PERFT_ARGS_H
#define CHESS_PERFT_ARGS_H

#include "cli/cli.h"
#include "notation/uci.h"

#include <argp.h>
#include <stdbool.h>
#include <stddef.h>

/* The largest --jobs and --threads. */
enum { PERFT_ARGS_THREADS_MAX = 256 };

enum { PERFT_ARGS_ENGINE_TIMEOUT_DEFAULT = 60 }; /* seconds: depth 6 or so of a fast engine */

/* What the command line asked for. */
struct perft_args {
    struct cli_common common;
    int depth;     /* -1 when not given */
    int max_depth; /* -1 when not given */
    int split;     /* -1 when not given */
    bool divide, json, strict;
    bool breakdown; /* --breakdown: the Wiki's columns beside the nodes */
    enum uci_castling castling;
    int threads;
    size_t hash_bytes;
    const char *against;        /* --against: a UCI engine's command */
    const char *against_divide; /* --against-divide: a divide command's template */
    int engine_timeout;         /* --engine-timeout, in seconds */
    bool engine_timeout_given;
    const char **fens; /* --fen and --startpos, in order */
    int nfens;
    char **files;
    int nfiles;
};

extern const struct argp perft_args_argp;

/* --startpos's entry in opt->fens (compared by address: it stands for the
 * starting position of --variant). */
extern const char perft_args_startpos_fen[];

#endif /* CHESS_PERFT_ARGS_H */
