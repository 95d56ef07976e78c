/*
 * convert_options.h - pgn-to-named-notation's command line: the target
 * format and what each target keeps, read by argp and checked together
 * when the line ends (a combination that means nothing is a usage error).
 */
#ifndef CHESS_CONVERT_OPTIONS_H
#define CHESS_CONVERT_OPTIONS_H

#include "cli/cli.h"
#include "convert_target.h"
#include "output/game_table.h"
#include "output/games.h"
#include "games/named.h"

#include <argp.h>
#include <stdbool.h>

/* What the command line asked for.  comments, nags and variations are
 * what the target keeps once the line is read: for a target of
 * CONVERT_KEEPS (--to=pgn) all three unless --no-comments, --no-nags,
 * --no-variations; for the others none unless --comments, --nags,
 * --variations. */
struct convert_options {
    struct cli_common common;
    const struct convert_target *to; /* a row of convert_targets */
    enum named_vocabulary names;
    enum games_on_error on_error;
    bool inline_layout, comments, nags, variations, strict;
    enum cli_stats stats; /* --stats[=json] */
    /* --to=tsv, --to=csv: the columns (NULL: the default list) and one row
     * a game rather than a ply */
    const char *fields;
    bool per_game;
    struct game_table_fields table; /* fields, read when the line ends */
    /* --to=pgn: the Result tag and marker from the game's end, a PlyCount
     * tag, ECO and Opening tags from lib/opening */
    bool fix_result, add_plycount, add_opening;
    long jobs;
    char **files;
    int nfiles;
};

/* The command line's parser: argp_parse(&convert_argp, argc, argv, 0, NULL,
 * &opt) with opt set to convert_options_defaults() first. */
extern const struct argp convert_argp;
struct convert_options convert_options_defaults(void);

#endif /* CHESS_CONVERT_OPTIONS_H */
