/*
 * select_file.h - pgn-select --split's files on disk: each written as a
 * temporary file beside its name, then renamed to it, so that a file is
 * never seen half-written (select_split.h says when).
 */
#ifndef CHESS_SELECT_FILE_H
#define CHESS_SELECT_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The directories made for the files, in the order made. */
struct select_file_dirs {
    char **v;
    size_t n;
};

/* Why a file could not be made: the message names it; the status is
 * CLI_IOERR or CLI_OSERR (out of memory). */
struct select_file_error {
    char msg[1024];
    int status;
};

/* The temporary file of path, ".NAME.XXXXXX" in its directory, made with
 * the directories above it (those made added to dirs).  A path that exists
 * is refused, unless append: then its old bytes are copied, ended by a
 * blank line when they are not, and its mode kept (else the file gets
 * mode).  An open descriptor and *tmp (malloc'ed; set even on a failure
 * once the file was made, for it to be removed), or -1 and *e. */
int select_file_create(const char *path, bool append, mode_t mode, struct select_file_dirs *dirs,
                       char **tmp, struct select_file_error *e);

/* tmp renamed to path: over an old file only when replace, else refused
 * when one appeared meanwhile; false and *e on a failure. */
bool select_file_commit(const char *tmp, const char *path, bool replace,
                        struct select_file_error *e);

/* The directories made removed, the last first, where they are empty
 * (a failed run leaves nothing it made). */
void select_file_dirs_remove(const struct select_file_dirs *dirs);
void select_file_dirs_free(struct select_file_dirs *dirs);

#endif /* CHESS_SELECT_FILE_H */
