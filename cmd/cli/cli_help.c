/*
 * cli_help.c - texts of --help from the library's tables (see cli_help.h).
 */
#include "cli_help.h"

#include "rules/variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *cli_help_variants(const char *text, unsigned how)
{
    char names[VARIANT_NAMES_MAX];
    variant_names(names, sizeof names, how);
    size_t size = strlen(text) + strlen(names) + 1;
    char *out = malloc(size);
    if (!out)
        return (char *)text;
    snprintf(out, size, text, names);
    return out;
}
