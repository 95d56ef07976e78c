/*
 * criteria_args.c - the criteria's argp child (criteria_args.h): its
 * options built from the library's rows before main runs, each read by
 * select_add.
 */
#include "criteria_args.h"

#include "cli_help.h"
#include "policy/select.h"

#include <stdio.h>
#include <stdlib.h>

/* Room for the header, the rows and the end. */
enum { MAX_ROWS = 0xff };
static struct argp_option options[MAX_ROWS + 2];

/* The options from the rows, before argp reads them (argp_parse takes a
 * constant table; the rows are the library's, known at run time). */
__attribute__((constructor)) static void build_options(void)
{
    if (select_nkinds > MAX_ROWS) {
        fprintf(stderr, "criteria_args: %zu criteria, room for %d\n", select_nkinds, MAX_ROWS);
        abort();
    }
    size_t n = 0;
    options[n++] =
        (struct argp_option){0, 0, 0, 0, "Criteria (a game is chosen when it meets them all):", 1};
    for (size_t k = 0; k < select_nkinds; k++) {
        const struct select_kind *r = &select_kinds[k];
        if (r->flags & SELECT_KIND_TOOL)
            continue;
        options[n++] = (struct argp_option){
            r->name, r->key ? r->key : CRITERIA_ARGS_KEY + (int)k, r->arg, 0, r->doc, 1};
    }
}

/* The row of an option's key, or NULL. */
static const struct select_kind *row_of(int key)
{
    if (key >= CRITERIA_ARGS_KEY && key < CRITERIA_ARGS_KEY + (int)select_nkinds)
        return &select_kinds[key - CRITERIA_ARGS_KEY];
    for (size_t k = 0; key > 0 && k < select_nkinds; k++)
        if (select_kinds[k].key == key)
            return &select_kinds[k];
    return NULL;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct select_criteria *crit = state->input;
    char err[512];
    const struct select_kind *r = row_of(key);
    if (r) {
        if (!select_add(crit, r->name, arg, err, sizeof err))
            argp_error(state, "--%s: %s", r->name, err);
        return 0;
    }
    if (key != ARGP_KEY_END)
        return ARGP_ERR_UNKNOWN;
    if (!select_finish(crit, err, sizeof err))
        argp_error(state, "%s", err);
    return 0;
}

/* --variant's help (and any row's that lists them): the names from the
 * rule table. */
static char *help_filter(int key, const char *text, void *input)
{
    (void)input;
    const struct select_kind *r = row_of(key);
    return r && r->flags & SELECT_KIND_VARIANTS && text ? cli_help_variants(text, 0) : (char *)text;
}

const struct argp criteria_argp = {options, parse_opt, NULL, NULL, NULL, help_filter, NULL};
