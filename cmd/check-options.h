/*
 * check-options.h - the values of pgn-check's options: codes, levels and
 * variants, checked alike on the command line (pgn-check.c) and in the
 * configuration file (config.c), whose keys are here.
 */
#ifndef CHECK_OPTIONS_H
#define CHECK_OPTIONS_H

#include "cli.h"
#include "config.h"
#include "pgn_check.h"

#include <stdbool.h>
#include <stddef.h>

/* The names of --fail-on, in the order of enum pgn_check_level. */
extern const char *const check_level_names[PGN_CHECK_LEVEL_NB];

/* Every code, comma-separated and NUL-terminated, into b: the list to
 * choose from in the message of an unknown one. */
void check_list_codes(struct cli_buf *b);

/* The codes of a comma-separated list arg[0..n) into set (when not
 * NULL); false at the first unknown one, at [*bad, *bad + *bad_len). */
bool check_codes_parse(const char *arg, size_t n, bool *set, size_t *bad, size_t *bad_len);

/* The keys of .pgn-check.conf: ignore, select, fail-on, pedantic, variant. */
enum { CHECK_CONFIG_KEYS = 5 };
extern const struct config_key check_config_keys[CHECK_CONFIG_KEYS];

#endif /* CHECK_OPTIONS_H */
