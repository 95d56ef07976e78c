/*
 * fix_out.h - where pgn-check --fix writes: every game, mended or byte for
 * byte as it was read, with the bytes between and after the games, to
 * standard output, or (--in-place) into a new file beside the one read,
 * which is renamed over it at the end, as pre-commit's fixers do.  The new
 * file is made at the first change only (the bytes before it are copied
 * from the old file), so that a file with nothing to mend is never
 * written, and the old file stays whole until the rename: a write that
 * fails (a full disk, a directory that cannot be written) leaves it as it
 * was.  The new file gets the old one's permission bits; a symbolic link
 * stays one, the file it points to is rewritten.
 */
#ifndef CHESS_FIX_OUT_H
#define CHESS_FIX_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

struct fix_out {
    const char *path; /* --in-place: the file rewritten; NULL: standard output */
    /* private */
    char *real;                /* path's target when path is a symbolic link */
    FILE *fp;                  /* stdout, or the new file once made */
    char *tmp;                 /* the new file's path, once made */
    unsigned long long passed; /* bytes as they were before the first change */
    mode_t mode;
    bool made;    /* tmp was created */
    bool changed; /* a game was written again */
    bool lost;    /* a game's bytes were not kept (over 64 MiB): no rewrite */
    int err;      /* errno of the first failure to make or write the new file */
};

/* Start writing the fixed text of path (NULL: to standard output). */
void fix_out_begin(struct fix_out *o, const char *path);

/* A record: raw[0..len) as it was, or, when fixed is not NULL, its
 * separator raw[0..lead) and the text fixed[0..fixed_len) instead of the
 * rest.  raw NULL: the bytes were not kept. */
void fix_out_game(struct fix_out *o, const char *raw, size_t len, size_t lead, const char *fixed,
                  size_t fixed_len);

/* The input is read (ok: whole, without a read error): the new file, if
 * any, renamed over the old one, or removed when the input was not read
 * whole or a game was lost.  Returns CLI_OK, CLI_INVALID when a game's
 * bytes were lost, CLI_IOERR after reporting a write that failed.
 * *changed: the file was rewritten. */
int fix_out_end(struct fix_out *o, bool ok, bool *changed);

#endif /* CHESS_FIX_OUT_H */
