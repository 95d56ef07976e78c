/*
 * cli_stats.c - --stats[=json] (cli_stats.h).
 */
#include "cli_stats.h"

#include "cli.h"

#include <stdio.h>
#include <string.h>

enum cli_stats cli_stats_parse(struct argp_state *state, const char *arg)
{
    static const char *const names[] = {"text", "json"};
    if (!arg && state->next < state->argc && strcmp(state->argv[state->next], "json") == 0)
        arg = state->argv[state->next++];
    if (!arg)
        return CLI_STATS_TEXT;
    return cli_keyword(state, "stats", arg, names, 2) == 1 ? CLI_STATS_JSON : CLI_STATS_TEXT;
}

void cli_stats_json(const struct cli_stats_count *counts, size_t n)
{
    fputc('{', stderr);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "%s\"%s\":%lu", i ? "," : "", counts[i].key, counts[i].n);
    fputs("}\n", stderr);
}
