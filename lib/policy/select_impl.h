/* What select.c reads from the option texts and select_game.c judges
 * games by: the criteria, kind by kind, and how a row of select_kinds[]
 * reads and judges its own.  Internal to those two. */
#ifndef CHESS_SELECT_IMPL_H
#define CHESS_SELECT_IMPL_H

#include "select.h"
#include "select_pos.h"
#include "select_tag.h"

/* A list of SELECT_ECO: its codes and ranges, NUL-separated in text. */
struct select_eco {
    char *text;
    size_t n;
};

/* How a row is read and judged.  A row keeps its criteria either in
 * its own storage (read: *state is NULL before its first text, free
 * releases it), judged by its own functions on the tags, the game's
 * number or the main line; or (add) in the fields of struct
 * select_criteria below, which select_game.c judges on the main line
 * inline: the criteria on positions, which every ply of every game
 * pays for. */
struct select_ops {
    bool (*read)(void **state, const char *text, char *err, size_t errsize);
    void (*free)(void *state);
    bool (*add)(struct select_criteria *s, const char *text, char *err, size_t errsize);
    bool moves; /* needs the main line (select_game.c judges it) */
    /* its own judges, NULL where it has none: on the tags (md: the
     * caller's match data, NULL unless wants_md says true), on the game's
     * number (and the last number it can accept) */
    bool (*tags)(const void *state, const struct pgn_tag *tags, size_t ntags, pcre2_match_data *md);
    bool (*wants_md)(const void *state);
    bool (*number)(const void *state, unsigned long n);
    unsigned long (*number_last)(const void *state);
    /* on the main line (moves true): the game's scratch of game_size
     * bytes (one per select_game, zeroed once); start at its start
     * position, move after each move (NULL: none; ply from 1), end with
     * its plies: is the game chosen? */
    size_t game_size;
    void (*start)(const void *state, void *game, const struct position *start);
    void (*move)(const void *state, void *game, unsigned long ply, move m,
                 const struct position *after);
    bool (*end)(const void *state, void *game, unsigned long plies);
};

/* A row's own judge and its storage, as select_finish lists them. */
struct select_judge {
    const struct select_ops *ops;
    const void *state;
};

/* The criteria: each row's own storage (select_nkinds of them), and the
 * moves' kinds in arrays that grow by one per select_add. */
struct select_criteria {
    void **state;
    struct select_fen *fens; /* any one */
    size_t nfens;
    struct select_pattern *patterns; /* any one */
    size_t npatterns;
    struct select_material *materials; /* any one */
    size_t nmaterials;
    unsigned long material_plies;
    bool material_plies_set;
    unsigned long min_plies, max_plies;
    bool min_set, max_set;
    unsigned *endings; /* each a set of 1 << enum ending: any one */
    size_t nendings;
    struct select_eco *ecos;
    size_t necos;
    struct select_regex *openings;
    size_t nopenings;
    bool unique;
    /* select_finish's */
    struct select_judge *tag_judges, *number_judges, *line_judges;
    size_t ntag_judges, nnumber_judges, nline_judges;
    unsigned long number_last;
    const struct opening_table *table;
    bool needs_moves, needs_md;
};

enum ending {
    END_CHECKMATE,
    END_STALEMATE,
    END_INSUFFICIENT,
    END_THREEFOLD,
    END_FIFTY,
    END_VARIANT,
    END_NB
};
/* select_tags with the caller's match data (select_game_tags). */
enum select_verdict select_tags_md(const struct select_criteria *s, const struct pgn_tag *tags,
                                   size_t ntags, pcre2_match_data *md);

#endif /* CHESS_SELECT_IMPL_H */
