/*
 * convert.h - pgn-to-named-notation's work on one game: replayed (game.h),
 * written in the target notation (named, UCI, SAN, LAN, FEN or JSON) and
 * layout
 * (a ply per line, or --inline), with comments, NAGs and variations when
 * asked, and its problem reported as a diagnostic (and, with
 * --on-error=keep, a "; error:" line).  One converter per thread, writing
 * into a jobs result (jobs.h) so that --jobs writes what one thread does.
 */
#ifndef CHESS_CONVERT_H
#define CHESS_CONVERT_H

#include "cli/cli.h"
#include "convert_options.h"
#include "games/game.h"
#include "output/game_writer.h"
#include "output/games.h"
#include "jobs/jobs.h"
#include "games/named.h"
#include "games/pgn.h"

#include <stdbool.h>

/* One converter per thread: its reader, its replay, and the result its
 * output, diagnostics and counts go to (a chunk's, or the whole run's). */
struct convert {
    const struct convert_options *opt;
    struct pgn_reader *reader;
    struct game_replay *replay;
    struct jobs_result *res;
    struct game_writer writer; /* JSON, PGN, TSV, CSV (writer.w NULL: the others) */
    unsigned long line_offset; /* added to the reader's line numbers */
    char sep;                  /* between items: ' ' with --inline, else '\n' */
    /* layout state of the game being written */
    bool line_open;   /* a line has text and no newline yet */
    bool need_number; /* SAN/LAN inline: Black's next ply needs "N..." */
    /* --to=uci or named (not JSON): a move is written by write_ply_fast;
     * named: from the position before it (copies of opt->to's answers,
     * read once a ply) */
    bool plies_fast, plies_named;
    /* the game being read */
    size_t mark;            /* where its text starts in res->out */
    enum pgn_result result; /* of its RESULT event (PGN_RESULT_NB: none yet) */
    unsigned long number;   /* games of the input so far (convert_input sets 0) */
};

/* The counts of a result, beside its games. */
enum { COUNT_CONVERTED, COUNT_ERRORS };

/* A converter with its own PGN reader (readers are not thread-safe; the
 * line cap follows --max-line) and replay state, writing into res (which
 * may be set later); false when out of memory (free it still). */
bool convert_init(struct convert *c, const struct convert_options *opt, struct jobs_result *res);
void convert_free(struct convert *c);

/* Read and convert the next game of c->reader into c->res as it is read
 * (the replay, game.h, is the reader's visitor, and the converter its
 * consumer): its text into out, its problem into the diagnostics, the
 * counts (games, converted, with errors), and stop for --on-error=stop.
 * Returns as pgn_read_game. */
int convert_next_game(struct convert *c);

#endif /* CHESS_CONVERT_H */
