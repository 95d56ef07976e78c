/*
 * cli_input.h - FILE operands for the tools: opened ("-" or none: standard
 * input) as a text_reader (base/text_input.h: read(2), or the
 * decompressor for compressed input) with one wording of a failure, read
 * line by line in bounded memory (--max-line), and the record loop the
 * FEN tools share.
 */
#ifndef CHESS_CLI_INPUT_H
#define CHESS_CLI_INPUT_H

#include "base/text_input.h"
#include "decompress_format.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* A line reader over one input file. The public fields may be read; set
 * max_line after cli_input_open() (it defaults to CLI_MAX_LINE_DEFAULT). */
struct cli_input {
    const char *name;      /* the path, or "<stdin>": for messages */
    unsigned long line_no; /* 1-based number of the last line returned */
    size_t max_line;       /* longer lines are cut to this many bytes */
    bool truncated;        /* the last line returned was longer than max_line */
    bool error;            /* a read error happened (already reported) */
    bool nomem;            /* that error was running out of memory */
    /* private */
    struct text_reader *text; /* cli_open's */
};

/* A line longer than max_line, in every tool that reads records: one
 * wording (CLI_LINE_TOO_LONG, with max_line for its %zu) at one column,
 * the first past the limit, as the PGN reader places its own.  FEN tools
 * add fen-check's code [line-too-long]. */
#define CLI_LINE_TOO_LONG "line too long (more than %zu bytes)"
static inline unsigned long cli_line_too_long_col(const struct cli_input *in)
{
    return (unsigned long)in->max_line + 1;
}

/* Open path ("-" or NULL: stdin). On failure print "PROG: cannot open PATH:
 * reason" and return false; the caller then goes on with its next operand
 * (and exits CLI_NOINPUT in the end). */
bool cli_input_open(struct cli_input *in, const char *path);

/* Read the next line, without its "\n" nor a trailing "\r", and without a
 * UTF-8 BOM at the start of the file. Sets *line (valid until the next call,
 * NUL-terminated, but may hold NUL bytes itself) and *len, and returns len;
 * returns -1 at end of file, and -2 after reporting a read error. A line
 * longer than max_line is consumed whole but only its first max_line bytes
 * are returned, with in->truncated set. */
ssize_t cli_input_line(struct cli_input *in, const char **line, size_t *len);

/* Close the file (not stdin) and free the buffer. Safe after a failed open. */
void cli_input_close(struct cli_input *in);

/* Open path ("-" or NULL: stdin) as a reader of its text (a
 * text_reader: pgn_reader_open_input, text_reader_line...); *name is set
 * to the path or "<stdin>".  Compressed input (zstd, gzip, bzip2, xz: by
 * its magic bytes) comes decompressed (decompress.h).  On failure print
 * "PROG: cannot open PATH: reason" (or "PATH:1:1: ...-compressed input,
 * but this build has no ...") and return NULL: the caller's status is
 * then CLI_NOINPUT.  Close with cli_close(). */
struct text_reader *cli_open(const char *path, const char **name);
void cli_close(struct text_reader *in);

/* cli_open without a word said, for a caller that reports in its own
 * time (jobs.c, in its place among the outputs): on failure NULL and *e
 * says what failed (cannot open, cannot read: err; or a format this
 * build lacks: format, decompress_missing). */
enum cli_open_failure { CLI_OPEN_OK, CLI_OPEN_CANNOT_OPEN, CLI_OPEN_CANNOT_READ, CLI_OPEN_MISSING };
struct cli_open_error {
    enum cli_open_failure what;
    int err;
    enum decompress_format format;
};
struct text_reader *cli_open_quiet(const char *path, const char **name, struct cli_open_error *e);

/* Once in's reader has met the end of its text: a compressed stream
 * that broke is reported once ("NAME:LINE:COL: damaged zstd stream: ...",
 * placed in the decompressed text; not when quiet) and its status
 * returned (CLI_INVALID); CLI_OK for any other stream. */
int cli_input_damage(struct text_reader *in, const char *name, bool quiet);

/* The same, unsaid: true, once, with what broke it (decompress_damage). */
bool cli_input_broke(struct text_reader *in, struct decompress_damage *out);

/* The descriptor whose file position tells how far in has been read, for
 * the progress meter: the compressed file's for compressed input. */
int cli_input_fd(const struct text_reader *in);

/* The descriptor of plain input (its bytes are the text: it may be
 * seeked), -1 for compressed input. */
int cli_input_plain_fd(const struct text_reader *in);

/* The names a PGN tool reads inside a directory operand: PGN files, plain
 * or compressed (".pgn.zst", ".pgn.gz", ".pgn.bz2", ".pgn.xz"). */
extern const char *const cli_pgn_suffixes[];

/* The operands to read, each directory among them replaced by the files
 * under it whose names end in one of the suffixes. */
struct cli_operands {
    char **files; /* the operands and files found */
    int nfiles;
    bool none; /* there were operands, but no file: read nothing (not stdin) */
    /* private */
    char **owned;
    size_t nowned, cap_owned, cap_files;
};

/* Walk each directory operand recursively, skipping hidden entries (names
 * starting with '.', such as .git) and not following links to
 * directories; its files come in the byte order of their paths, in the
 * operand's place.  Other operands ("-", files, names that do not exist)
 * stay as they are, for cli_open to open or report.  A directory that
 * cannot be read is reported ("PROG: cannot open DIR: reason") and the
 * walk goes on; returns CLI_OK, CLI_NOINPUT after such a report, or
 * CLI_OSERR when memory ran out. suffixes ends with NULL. */
int cli_operands_expand(struct cli_operands *ops, char **files, int nfiles,
                        const char *const *suffixes);
void cli_operands_free(struct cli_operands *ops);

/* How cli_each_record() reads the records of a line-oriented input. */
struct cli_records {
    size_t max_line; /* --max-line */
    bool quiet;      /* -q: no "line too long" message */
    bool comments;   /* lines whose first non-blank byte is '#' are skipped too */
    bool pass_long;  /* hand over-long lines (in->truncated) to the callback
                      * instead of reporting "FILE:LINE: line too long" */
};

/* Called for each record; returns the record's status (CLI_OK, CLI_INVALID...). */
typedef int cli_record_fn(void *ctx, const struct cli_input *in, const char *line, size_t len);

/* Read path ("-" or NULL: stdin) one record per line: blank lines (and
 * comments, if asked) are skipped, an over-long line is reported as invalid
 * (unless passed on), the rest go to fn. Stops when stdout has failed.
 * Returns the worst status met, CLI_NOINPUT when the file could not be
 * opened or read. */
int cli_each_record(const char *path, const struct cli_records *how, cli_record_fn *fn, void *ctx);

#endif /* CHESS_CLI_INPUT_H */
