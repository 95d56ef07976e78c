/*
 * explore_index.h - pgn-explore's saved index (an SQLite database,
 * formats/explorer.md): --index DB with --build (the games of the FILEs
 * added), --merge (indexes combined), --memory (the bound while building);
 * --index DB alone answers the positions asked from it.
 *
 * STUB: the argp child is real; the entry points say "not built yet".
 * The index's engineer replaces explore_index.c (and may add modules).
 */
#ifndef CHESS_EXPLORE_INDEX_H
#define CHESS_EXPLORE_INDEX_H

#include "cli/cli.h"

#include <stdbool.h>
#include <stddef.h>

/* --memory's default: 1 GiB. */
#define EXPLORE_INDEX_MEMORY_DEFAULT (1ull << 30)

struct explore_index_options {
    const char *db;            /* --index DB, NULL: no index */
    bool build;                /* --build: add the games of the operands */
    bool merge;                /* --merge: the operands are indexes to combine into DB */
    unsigned long long memory; /* --memory SIZE in bytes */
    bool memory_given;
};

/* The child; its input is a struct explore_index_options * (zeroed, then
 * its defaults set at ARGP_KEY_INIT). */
extern const struct argp explore_index_argp;

struct explore_options;
struct explore_answer;

/* --build or --merge: the whole run (it walks the archives with
 * explore_loop_run itself); the exit status. */
int explore_index_run(const struct explore_options *opt);

/* --index DB without --build/--merge: fill answers[i] (explore_answer_init'ed
 * with opt->asked[i].pos by the caller, for each i < opt->nasked with
 * asked[i].ok) from the index, filtered by the criteria an index keeps
 * (speed, rating group, month); the caller finishes and writes them.  The
 * exit status. */
int explore_index_query(const struct explore_options *opt, struct explore_answer *answers);

#endif /* CHESS_EXPLORE_INDEX_H */
