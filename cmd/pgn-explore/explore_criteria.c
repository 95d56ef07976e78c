/*
 * explore_criteria.c - pgn-select's criteria for pgn-explore
 * (explore_criteria.h): the shared child (cli/criteria_args.h) but three
 * of its options, each forwarded to it.
 */
#include "explore_criteria.h"

#include "cli/criteria_args.h"

#include <stdlib.h>
#include <string.h>

/* The shared child's options that pgn-explore takes otherwise: --fen and
 * --moves name the position asked (a criterion --moves would keep only
 * the games that start so, not the transpositions); --game-number needs a
 * game's number where the game is judged, which the loop knows only once
 * its chunk is written. */
static const char *const not_offered[] = {"fen", "moves", "game-number", NULL};

enum { MAX_OPTIONS = 0x100 };
static struct argp_option options[MAX_OPTIONS + 1];

static bool offered(const struct argp_option *o)
{
    for (int i = 0; o->name && not_offered[i]; i++)
        if (strcmp(o->name, not_offered[i]) == 0)
            return false;
    return true;
}

/* The table, from the shared child's (built before main runs). */
static void build(void)
{
    if (options[0].name || options[0].doc)
        return;
    size_t n = 0;
    for (const struct argp_option *o = criteria_argp.options;
         (o->name || o->doc) && n < MAX_OPTIONS; o++)
        if (offered(o))
            options[n++] = *o;
}

static int variant_key(void)
{
    for (const struct argp_option *o = criteria_argp.options; o->name || o->doc; o++)
        if (o->name && strcmp(o->name, "variant") == 0)
            return o->key;
    return 0;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct explore_criteria_opts *o = state->input;
    if (key == ARGP_KEY_INIT) {
        o->criteria = select_new();
        if (!o->criteria)
            exit(cli_nomem());
        return 0;
    }
    if (key == variant_key())
        o->variant = arg;
    /* the shared child reads its own input: the criteria */
    state->input = o->criteria;
    error_t rc = criteria_argp.parser(key, arg, state);
    state->input = o;
    return rc;
}

static char *help_filter(int key, const char *text, void *input)
{
    return criteria_argp.help_filter ? criteria_argp.help_filter(key, text, input) : (char *)text;
}

const struct argp explore_criteria_argp = {options, parse_opt, NULL, NULL, NULL, help_filter, NULL};

void explore_criteria_prepare(void)
{
    build();
}

const char *explore_criteria_variant(const struct explore_criteria_opts *o)
{
    return o->variant;
}

struct select_criteria *explore_criteria_finish(struct explore_criteria_opts *o, char *err,
                                                size_t errsize)
{
    (void)err;
    (void)errsize;
    struct select_criteria *s = o->criteria; /* (finished by the shared child at its end) */
    o->criteria = NULL;
    return s;
}
