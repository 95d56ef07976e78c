/* What select.c reads from the option texts and select_game.c judges
 * games by: the criteria, kind by kind.  Internal to those two. */
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

/* Each kind's criteria, in arrays that grow by one per select_add. */
struct select_criteria {
    struct select_tag_expr *tags;
    size_t ntags;
    struct select_regex *players;
    size_t nplayers;
    unsigned *speeds; /* each a set of 1 << enum select_speed: any one */
    size_t nspeeds;
    uint32_t *variants; /* each a set of 1 << variant_bit: any one */
    size_t nvariants;
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
