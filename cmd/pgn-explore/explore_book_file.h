/*
 * explore_book_file.h - a Polyglot book's file: read whole into memory
 * (--book), and written whole or not at all (--to=polyglot --output): to a
 * temporary file beside it, flushed to the disk, then renamed over it, so
 * that a full disk or a killed run leaves the old file as it was.  An
 * existing file is replaced only when it is empty or a Polyglot book (its
 * size a multiple of 16, its keys sorted, its moves moves): any other file
 * is never overwritten.  A device or a FIFO ("-": standard output) is
 * written straight.
 */
#ifndef CHESS_EXPLORE_BOOK_FILE_H
#define CHESS_EXPLORE_BOOK_FILE_H

#include <stddef.h>
#include <stdint.h>

/* Read the file whole: a malloc'ed buffer (its size in *len), or NULL with
 * the problem reported "PROG: FILE: reason" and *status set (66 cannot be
 * read, 71 out of memory). */
uint8_t *explore_book_file_read(const char *path, size_t *len, int *status);

/* May path be written as a book? CLI_OK, or the reason reported and the
 * status: 64 for a directory or an existing file that is not a book, 66
 * for one that cannot be read to tell. */
int explore_book_file_check(const char *path);

/* Write bytes[0..len) as path's whole content: CLI_OK, or 74 with
 * "PROG: PATH: write error: reason" (the file as it was before). */
int explore_book_file_write(const char *path, const uint8_t *bytes, size_t len);

#endif /* CHESS_EXPLORE_BOOK_FILE_H */
