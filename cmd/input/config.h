/*
 * config.h - a tool's configuration file: "key = value" lines that stand
 * for long options, found from the current directory upwards, so that a
 * repository states its check once and CI and a developer's shell run the
 * same one.  The file's options go before the command line's, which
 * therefore overrides them (a later option wins, lists add up).
 * docs/ci.md documents pgn-check's file.
 */
#ifndef CHESS_CONFIG_H
#define CHESS_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

/* A key of the file and the long option it stands for. */
struct config_key {
    const char *key;    /* as written in the file, e.g. "fail-on" */
    const char *option; /* the long option it gives, e.g. "--fail-on" */
    bool flag;          /* "true" gives the option alone, "false" nothing */
    bool list;          /* comma-separated items, blanks around them dropped */
    /* Check a value (a list without its blanks); NULL when it is fine,
     * else why not, with *at set to the offset of the part at fault. */
    const char *(*check)(const char *value, size_t len, size_t *at, char *buf, size_t size);
};

/* Where the options come from. */
struct config_source {
    const char *name; /* the file looked for, e.g. ".pgn-check.conf" */
    const char *path; /* --config FILE, or NULL: look for name upwards */
    bool none;        /* --no-config */
};

/* The arguments to parse: argv[0], the file's options, then argv[1..].
 * Returns CLI_OK and sets *out_argc and *out_argv (free with
 * config_args_free), CLI_USAGE after reporting a bad line as
 * "FILE:LINE:COL: message", CLI_NOINPUT after reporting an unreadable
 * file, or CLI_OSERR after reporting running out of memory. */
int config_args(const struct config_source *src, const struct config_key *keys, size_t nkeys,
                int argc, char **argv, int *out_argc, char ***out_argv);
void config_args_free(int argc, char **argv, int orig_argc);

/* The file looked for upwards from the current directory: in each
 * directory up to the one that holds .git (the repository's top) or the
 * root.  A malloc'd path, or NULL when there is none. */
char *config_find(const char *name);

#endif /* CHESS_CONFIG_H */
