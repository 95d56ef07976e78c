/*
 * explore_index.c - pgn-explore's saved index (explore_index.h).
 *
 * STUB: the options are parsed; explore_index_run and explore_index_query
 * say "not built yet".  To be replaced by the index's engineer.
 */
#include "explore_index.h"

#include "explore_options.h"

#include <stdlib.h>

enum { OPT_INDEX = 0x500, OPT_BUILD, OPT_MERGE, OPT_MEMORY };

static const struct argp_option options[] = {
    {"index", OPT_INDEX, "DB", 0,
     "The saved index (an SQLite database, formats/explorer.md): answer from it, or with "
     "--build or --merge make it",
     0},
    {"build", OPT_BUILD, 0, 0, "Add the games of the FILEs to the index of --index", 0},
    {"merge", OPT_MERGE, 0, 0, "The FILEs are indexes: combine them into the index of --index", 0},
    {"memory", OPT_MEMORY, "SIZE", 0,
     "While building, aggregate at most about SIZE bytes in memory before writing out (default "
     "1G; suffixes K, M, G)",
     0},
    {0},
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct explore_index_options *o = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        o->memory = EXPLORE_INDEX_MEMORY_DEFAULT;
        break;
    case OPT_INDEX:
        o->db = arg;
        break;
    case OPT_BUILD:
        o->build = true;
        break;
    case OPT_MERGE:
        o->merge = true;
        break;
    case OPT_MEMORY: {
        char *end;
        unsigned long long v = strtoull(arg, &end, 10);
        unsigned long long unit = *end == 'K'   ? 1ull << 10
                                  : *end == 'M' ? 1ull << 20
                                  : *end == 'G' ? 1ull << 30
                                                : 1;
        if (end == arg || (unit > 1 && end[1]) || (unit == 1 && *end))
            argp_error(state, "--memory: not a size: '%s'", arg);
        o->memory = v * unit;
        o->memory_given = true;
        break;
    }
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

const struct argp explore_index_argp = {options, parse_opt, NULL, NULL, NULL, NULL, NULL};

/* ENTRY POINT (index engineer): build or merge. */
int explore_index_run(const struct explore_options *opt)
{
    (void)opt;
    cli_error("--index: not built yet");
    return CLI_USAGE;
}

/* ENTRY POINT (index engineer): answer from the index. */
int explore_index_query(const struct explore_options *opt, struct explore_answer *answers)
{
    (void)opt;
    (void)answers;
    cli_error("--index: not built yet");
    return CLI_USAGE;
}
