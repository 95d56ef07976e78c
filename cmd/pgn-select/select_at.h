/*
 * select_at.h - pgn-select --at OFFSET FILE: the one game at a byte
 * offset of a plain file, read there directly (lseek, no scan), written
 * byte for byte with the blank lines after it, as pgn-select writes a
 * game it chose.  An offset where no game starts is an error (status 1,
 * "PROG: FILE: byte N: no game starts there ..."); compressed input, a
 * pipe or a terminal cannot be seeked in (status 66, saying why).
 */
#ifndef CHESS_SELECT_AT_H
#define CHESS_SELECT_AT_H

#include "select_options.h"

/* Runs --at on o->files[0] (select_options made sure there is one):
 * the exit status. */
int select_at_run(const struct select_options *o);

#endif /* CHESS_SELECT_AT_H */
