/*
 * convert_target.c - pgn-to-named-notation's targets, one row each (see
 * convert_target.h): the ply formats and the adapters to the game writers.
 */
#include "convert_target.h"

#include "convert_options.h"
#include "notation/fen.h"
#include "output/game_json.h"
#include "output/game_pgn.h"
#include "output/game_table.h"
#include "notation/san.h"
#include "notation/uci.h"

#include <string.h>

/* ---- a ply at a time (a null move: its word of the notation) ---- */

static size_t ply_named(const struct game_event *ev, enum named_vocabulary names, char *buf,
                        size_t room)
{
    return ev->kind == GAME_EV_NULL ? named_format_pass(ev->before, names, buf, room)
                                    : named_format_ply(ev->before, ev->m, names, buf, room);
}

static size_t ply_uci(const struct game_event *ev, enum named_vocabulary names, char *buf,
                      size_t room)
{
    (void)names, (void)room; /* (UCI_MAX fits in every room) */
    if (ev->kind == GAME_EV_NULL)
        return memcpy(buf, "0000", 4), 4;
    return uci_format(ev->after, ev->m, UCI_CASTLING_AUTO, buf); /* (the rules are alike) */
}

static size_t ply_san(const struct game_event *ev, enum named_vocabulary names, char *buf,
                      size_t room)
{
    (void)names, (void)room;
    if (ev->kind == GAME_EV_NULL)
        return memcpy(buf, "--", 2), 2;
    return san_format_after(ev->before, ev->m, ev->after, buf);
}

static size_t ply_lan(const struct game_event *ev, enum named_vocabulary names, char *buf,
                      size_t room)
{
    (void)names, (void)room;
    if (ev->kind == GAME_EV_NULL)
        return memcpy(buf, "--", 2), 2;
    return san_format_lan_after(ev->before, ev->m, ev->after, buf);
}

static size_t ply_fen(const struct game_event *ev, enum named_vocabulary names, char *buf,
                      size_t room)
{
    (void)names;
    return fen_format(ev->after, buf, room);
}

/* ---- a game at a time: the writers, with the options they read ---- */

static bool writer_json(struct game_writer *out, const struct convert_options *o)
{
    return game_json_writer(out, &(struct game_json_options){o->names, o->comments, o->nags});
}

static bool writer_pgn(struct game_writer *out, const struct convert_options *o)
{
    return game_pgn_writer(out, &(struct game_pgn_options){o->comments, o->nags, o->fix_result,
                                                           o->add_plycount, o->add_opening});
}

static bool writer_table(struct game_writer *out, const struct convert_options *o)
{
    return game_table_writer(out, &o->table, o->names);
}

/* --fields and --per-game, read into the table's columns. */
static bool settle_table(struct convert_options *o, bool csv, char *err, size_t size)
{
    return game_table_fields_parse(&o->table, o->fields, csv, o->per_game, err, size);
}

static bool settle_tsv(struct convert_options *o, char *err, size_t size)
{
    return settle_table(o, false, err, size);
}

static bool settle_csv(struct convert_options *o, char *err, size_t size)
{
    return settle_table(o, true, err, size);
}

static bool start_table(const struct convert_options *o)
{
    return game_table_start(&o->table); /* the header line */
}

// clang-format off
const struct convert_target convert_targets[] = {
    {.name = "named", .help = "(the default)",
     .flags = CONVERT_FAST_NAMED, .ply = ply_named},
    {.name = "uci", .help = "",
     .flags = CONVERT_FAST_UCI | CONVERT_AFTER, .ply = ply_uci},
    {.name = "san", .help = "(normalised SAN)",
     .flags = CONVERT_NUMBERED, .ply = ply_san},
    {.name = "lan", .help = "(long algebraic)",
     .flags = CONVERT_NUMBERED, .ply = ply_lan},
    {.name = "fen", .help = "(the position after each ply)",
     .flags = CONVERT_AFTER, .no_inline = "a FEN holds spaces", .ply = ply_fen},
    {.name = "json",
     .help = "(one object per game: tags, result, and each ply in UCI, SAN and named notation "
             "with the FEN after it, its clock and evaluation; see formats/game-json.md)",
     .flags = CONVERT_COMMENTS, .no_inline = "a game is one line already", .writer = writer_json},
    {.name = "pgn", .help = "(the PGN standard's export format; see formats/pgn-export.md)",
     .flags = CONVERT_KEEPS | CONVERT_EXPORT, .no_inline = "the export format wraps its lines",
     .writer = writer_pgn},
    {.name = "tsv", .or_next = true,
     .flags = CONVERT_TABLE, .no_inline = "a row is one line already",
     .no_annotations = "a table holds the main line's plies",
     .writer = writer_table, .settle = settle_tsv, .run_start = start_table},
    {.name = "csv", .help = "(a table, one row a ply; see --fields and formats/game-table.md)",
     .flags = CONVERT_TABLE, .no_inline = "a row is one line already",
     .no_annotations = "a table holds the main line's plies",
     .writer = writer_table, .settle = settle_csv, .run_start = start_table},
};
// clang-format on
const size_t convert_targets_n = sizeof convert_targets / sizeof convert_targets[0];

const struct convert_target *convert_target_find(const char *name)
{
    for (size_t i = 0; i < convert_targets_n; i++)
        if (strcmp(convert_targets[i].name, name) == 0)
            return &convert_targets[i];
    return NULL;
}
