/*
 * cli_help.h - texts of --help filled at run time from the library's
 * tables (argp help filters call these), so that a list in a help text
 * cannot fall out of step with what the tools accept.
 */
#ifndef CHESS_CLI_HELP_H
#define CHESS_CLI_HELP_H

/* text, a printf format with one %s, with the names of the variants
 * (variant_names's list as how asks, VARIANT_NAMES_*) in it, in memory
 * argp frees; text itself when out of memory. */
char *cli_help_variants(const char *text, unsigned how);

#endif /* CHESS_CLI_HELP_H */
