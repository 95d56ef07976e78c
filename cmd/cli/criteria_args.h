/*
 * criteria_args.h - pgn-select's criteria as one argp child, for every
 * tool that chooses games by them (pgn-select, pgn-explore): the options
 * of the library's table of criteria (lib/policy/select.h's
 * select_kinds[]), so that each has the same name, argument, help and
 * meaning in every tool, and a criterion added to the table is offered by
 * all of them.
 *
 *     struct select_criteria *crit = select_new();   // the child's input
 *     static const struct argp_child children[] = {
 *         {&criteria_argp, 0, NULL, 0}, {&cli_common_argp, 0, "Common options:", 3}, {0}};
 *     ... in the tool's parser, at ARGP_KEY_INIT: state->child_inputs[0] = crit;
 *     argp_parse(&argp, argc, argv, 0, NULL, &opt);   // crit is select_finish'ed
 *     ... each game: select_number (when select_needs_number), select_game_tags,
 *         then its main line when the verdict is SELECT_REPLAY (select.h)
 *
 * The contract:
 *  - The input is a struct select_criteria * from select_new; the tool
 *    frees it (select_free) after its last game.
 *  - Each option is read by select_add as it comes; a text it refuses is
 *    a usage error (status 64) "--NAME: message" (--tag: no operator
 *    in 'WhiteElo' ...).
 *  - At ARGP_KEY_END the child calls select_finish (a refusal is a usage
 *    error); after argp_parse the criteria are ready and read-only, and
 *    threads share them.  The child's ARGP_KEY_END comes before its
 *    parent's (argp ends the children first).
 *  - The options are every row of select_kinds[] but those flagged
 *    SELECT_KIND_TOOL: --unique, whose identities the tool keeps (it
 *    offers the option itself and calls select_add(crit, "unique",
 *    NULL, ...); pgn-select does, with --unique-max).  They come under
 *    the header "Criteria (a game is chosen when it meets them all):"
 *    in group 1; give the child header NULL and group 0 so that the
 *    tool's own group-1 options sort in among them (argp sorts a group
 *    by name).
 *  - Keys: the row's short key (-p, --player), else CRITERIA_ARGS_KEY +
 *    the row's index; a tool uses neither -p nor the keys from
 *    CRITERIA_ARGS_KEY to CRITERIA_ARGS_KEY + 0xff for its own options.
 *  - --game-number is judged by the tool, which alone knows a game's
 *    number in its file (from 1, as its messages number games): a game
 *    for which select_number is false is not chosen, whatever the
 *    others say; select_number_last tells where a file can stop.
 */
#ifndef CHESS_CRITERIA_ARGS_H
#define CHESS_CRITERIA_ARGS_H

#include <argp.h>

enum { CRITERIA_ARGS_KEY = 0x300 };

extern const struct argp criteria_argp;

#endif /* CHESS_CRITERIA_ARGS_H */
