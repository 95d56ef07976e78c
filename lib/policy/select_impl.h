/* What select.c reads from the option texts and select_game.c judges
 * games by: the criteria, kind by kind, and how a row of select_kinds[]
 * reads and judges its own.  Internal to those two. */
#ifndef CHESS_SELECT_IMPL_H
#define CHESS_SELECT_IMPL_H

#include "select.h"
#include "select_pos.h"
#include "select_tag.h"

/* A list of SELECT_MOVES: the moves from the standard start. */
struct select_line {
    move *moves;
    size_t n;
};

/* A list of SELECT_ECO: its codes and ranges, NUL-separated in text. */
struct select_eco {
    char *text;
    size_t n;
};

/* How a row is read and judged.  A row keeps its criteria either in
 * its own storage (read: *state is NULL before its first text, free
 * releases it), judged by its own functions on the tags or the game's
 * number; or (add) in the fields of struct select_criteria below, which
 * select_game.c judges on the main line, position by position, inline:
 * the criteria on the moves. */
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
    struct select_line *lines;
    size_t nlines;
    size_t longest_line;
    struct select_eco *ecos;
    size_t necos;
    struct select_regex *openings;
    size_t nopenings;
    bool unique;
    /* select_finish's */
    struct select_judge *tag_judges, *number_judges;
    size_t ntag_judges, nnumber_judges;
    unsigned long number_last;
    const struct opening_table *table;
    struct select_fen start; /* the standard start of standard chess */
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
