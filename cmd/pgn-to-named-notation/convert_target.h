/*
 * convert_target.h - pgn-to-named-notation's targets (--to), one row each:
 * its name and the words of --help, what it keeps and which options apply
 * to it, and how it writes (a ply at a time, or a game writer of
 * game_writer.h).  convert_options.c reads the rows to check a command
 * line and build --to's help, convert.c to write; adding a target is one
 * row in convert_target.c (and its writer's module, for a game writer).
 */
#ifndef CHESS_CONVERT_TARGET_H
#define CHESS_CONVERT_TARGET_H

#include "games/game.h"
#include "output/game_writer.h"
#include "games/named.h"

#include <stdbool.h>
#include <stddef.h>

struct convert_options;

/* What a target keeps and which options apply to it. */
enum {
    /* comments, NAGs and variations are kept unless --no-comments,
     * --no-nags, --no-variations (the other targets: none unless --comments,
     * --nags, --variations) */
    CONVERT_KEEPS = 1 << 0,
    CONVERT_EXPORT = 1 << 1,   /* --fix-result, --add-plycount, --add-opening apply */
    CONVERT_TABLE = 1 << 2,    /* --fields and --per-game apply */
    CONVERT_COMMENTS = 1 << 3, /* the reader keeps comments whatever --comments says */
    CONVERT_NUMBERED = 1 << 4, /* a ply after its move number ("17. ", "17... ") */
    CONVERT_AFTER = 1 << 5,    /* plies written from the position after them alone */
    /* plies written by the converter's fast path (convert.c's
     * write_ply_fast, which knows these two and no other) */
    CONVERT_FAST_UCI = 1 << 6,
    CONVERT_FAST_NAMED = 1 << 7,
};

struct convert_target {
    const char *name; /* --to=NAME */
    /* --to's help: the words after the name ("" none); or_next joins the
     * row to the next one by " or " (the next row's words saying what
     * both are) rather than ", " */
    const char *help;
    bool or_next;
    unsigned flags;
    const char *no_inline;      /* why --inline does not apply (NULL: it does) */
    const char *no_annotations; /* why --comments, --nags, --variations do not (NULL: they do) */
    /* A target written a ply at a time: the ply's text into buf (room
     * bytes, room - 1 at most written); NULL for a game writer. */
    size_t (*ply)(const struct game_event *ev, enum named_vocabulary names, char *buf, size_t room);
    /* A target written a game at a time: fill out (false when out of
     * memory); NULL for a ply writer. */
    bool (*writer)(struct game_writer *out, const struct convert_options *opt);
    /* Once the command line is read: the target's own options (false with
     * the usage error in err, size bytes); NULL when it has none. */
    bool (*settle)(struct convert_options *opt, char *err, size_t size);
    /* Before the first game, on standard output (a table's header line):
     * false when out of memory; NULL when there is nothing to write. */
    bool (*run_start)(const struct convert_options *opt);
};

/* At most this many rows (convert_options.c lists their names). */
enum { CONVERT_TARGETS_MAX = 32 };

/* The rows, in --to's help order (the first is the default); n of them. */
extern const struct convert_target convert_targets[];
extern const size_t convert_targets_n;

/* The row named name, or NULL. */
const struct convert_target *convert_target_find(const char *name);

#endif /* CHESS_CONVERT_TARGET_H */
