/*
 * select_split.h - pgn-select --split: the games written, byte for byte,
 * each to the file its key names (select_template.h), in input order (the
 * writer's thread: the files get the same bytes with --jobs N).
 *
 * Each file is written as a temporary file beside it (".NAME.XXXXXX",
 * with the mode a new file gets) and renamed to its name once the run is
 * over, so that no file is ever seen half-written: when any write fails,
 * or a file exists and --append is not given, the run stops, every
 * temporary file is removed (and the directories made for them, when they
 * are empty again), and no file is written at all.  --append starts a
 * file's temporary copy from its old bytes (ended by a blank line), renamed
 * over it at the end.  At most SELECT_SPLIT_OPEN files are open at once:
 * the one used least recently is closed and opened again to append.
 *
 * The games of a file are separated as they were in the input: after a
 * game come the blank lines that followed it, as game_out.h writes one
 * stream (this is game_out.h's rule applied to each file: a game not
 * written to a file ends, there, the game before).
 */
#ifndef CHESS_SELECT_SPLIT_H
#define CHESS_SELECT_SPLIT_H

#include "cli/progress.h"

#include <stdbool.h>
#include <stddef.h>

/* The most files open at once. */
enum { SELECT_SPLIT_OPEN = 64 };

struct select_split;

/* every: games per {n} (1 when the template has no {n}).  NULL when out
 * of memory. */
struct select_split *select_split_new(unsigned long every, bool append, struct progress *pr);

/* A game written to the file of key[0..key_len) (select_template_key's,
 * {n} not yet numbered); false once the run has failed (reported: the
 * writer stops). */
bool select_split_game(struct select_split *s, const char *key, size_t key_len, const char *raw,
                       size_t len, size_t lead);
/* A game that goes to no file; text between games; the text after the
 * last game of an input (game_out.h's game not written, between, rest). */
void select_split_skip(struct select_split *s, const char *raw, size_t len, size_t lead);
void select_split_between(struct select_split *s, const char *raw, size_t len);
void select_split_rest(struct select_split *s, const char *raw, size_t len);

/* After the last input: every file renamed to its name (commit) or every
 * temporary file removed (the run failed, or !commit); the files written
 * in *files.  Returns the status (CLI_OK, CLI_IOERR, CLI_OSERR), the
 * failures reported. */
int select_split_finish(struct select_split *s, bool commit, unsigned long *files);
void select_split_free(struct select_split *s);

#endif /* CHESS_SELECT_SPLIT_H */
