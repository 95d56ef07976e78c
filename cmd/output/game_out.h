/*
 * game_out.h - games written byte for byte as they were read (pgn-check's
 * clean games, pgn-select's chosen ones), so that the games written stay
 * separated as they were: the blank lines that open a game's bytes are the
 * separator after the game before, written only when a game was written
 * before it (nothing comes before the first); a game written that ends
 * inside a line (text of the next game went on on its last line) gets its
 * line ended before anything else is written.
 */
#ifndef CHESS_GAME_OUT_H
#define CHESS_GAME_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct game_out {
    FILE *fp;
    bool last_written; /* the last game looked at was written */
    bool need_newline; /* what was written last ends inside its line */
};

/* The blank lines (spaces, tabs, '\r' too) that open s[0..n): the length
 * of the separator. */
size_t game_out_lead(const char *s, size_t n);

/* A game's bytes raw[0..len), its separator raw[0..lead): written when
 * written is set. */
void game_out_game(struct game_out *o, const char *raw, size_t len, size_t lead, bool written);

/* Bytes that are no game (the blank lines after the last one, or text
 * between games that is to be left out): their separator, the blank lines
 * that end them, goes out after a game written. */
void game_out_between(struct game_out *o, const char *raw, size_t len);

/* The bytes after the last game of an input (blank lines, escape lines,
 * comments that open no game): written whole after a game written. */
void game_out_rest(struct game_out *o, const char *raw, size_t len);

#endif /* CHESS_GAME_OUT_H */
