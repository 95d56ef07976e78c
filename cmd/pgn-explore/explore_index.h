/*
 * explore_index.h - pgn-explore's saved index (an SQLite database,
 * formats/explorer.md): --index DB with --build (the games of the FILEs
 * added), --merge (indexes combined), --memory (the bound while
 * building); --index DB alone answers the positions asked from it.  The
 * filters of lichess's API that an index keeps are options here too
 * (--ratings, --since, --until; --speed and --variant are the criteria's);
 * they choose a build's games too, and explore_index_keeps is the test a
 * scan of the archive would ask.
 *
 * The modules: explore_index_db (the file, its checks and tables),
 * explore_index_agg (the build's rows in bounded memory),
 * explore_index_build, explore_index_merge, explore_index_query.
 */
#ifndef CHESS_EXPLORE_INDEX_H
#define CHESS_EXPLORE_INDEX_H

#include "cli/cli.h"
#include "explore/explore.h"

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
    unsigned ratings; /* --ratings: 1 << i of lichess's groups (explore_index_db.h); 0: all */
    int since, until; /* --since, --until: year * 100 + month; 0: no bound */
};

/* The child; its input is a struct explore_index_options * (zeroed, then
 * its defaults set at ARGP_KEY_INIT). */
extern const struct argp explore_index_argp;

struct explore_options;
struct explore_answer;

/* Whether a game passes --ratings, --since and --until (a game without
 * both ratings is in no rating group; without a date, outside any
 * bound). */
bool explore_index_keeps(const struct explore_index_options *o, const struct explore_meta *m);

/* --build or --merge: the whole run (it walks the archives with
 * explore_loop_run itself); the exit status. */
int explore_index_run(const struct explore_options *opt);

/* --index DB without --build/--merge: fill answers[i] (explore_answer_init'ed
 * with opt->asked[i].pos by the caller, for each i < opt->nasked with
 * asked[i].ok) from the index, filtered by the criteria an index keeps
 * (speed, rating group, month, the variant); the caller finishes and
 * writes them.  The exit status. */
int explore_index_query(const struct explore_options *opt, struct explore_answer *answers);

#endif /* CHESS_EXPLORE_INDEX_H */
