/*
 * explore_index_query.h - `pgn-explore --index DB --fen ...`: one
 * position's moves and top games read from an index, over the games
 * that the filters lichess's API has keep (speeds, rating groups,
 * months, the variant); the statements are prepared once for a run of
 * many positions (--positions).
 */
#ifndef CHESS_EXPLORE_INDEX_QUERY_H
#define CHESS_EXPLORE_INDEX_QUERY_H

#include "explore/explore_answer.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The games a query counts.  The sets are bit masks, 0 meaning all. */
struct explore_index_query_filter {
    unsigned speeds;  /* 1 << speed code (enum select_speed, EXPLORE_INDEX_DB_SPEED_UNKNOWN) */
    unsigned ratings; /* 1 << i for explore_index_db_rating_groups[i]; games without
                         both ratings are in no group */
    int since, until; /* year * 100 + month, 0: no bound; a bound leaves out undated games */
};

struct explore_index_query;

/* Open the index for queries through filter (copied).  NULL after a
 * message naming the file, with *status set. */
struct explore_index_query *
explore_index_query_open(const char *path, const struct explore_index_query_filter *filter,
                         int *status);
void explore_index_query_close(struct explore_index_query *r);

/* The plies of each game that the index holds (meta max_ply). */
int explore_index_query_max_ply(const struct explore_index_query *r);

/* Add into out (explore_answer_init'ed by the caller, who finishes it)
 * the moves and top games of the position of key in the index (none
 * when it has none), of the games of that variant (explore_index_db's
 * code: variant * 2 + chess960).  0, or the status after a message (a damaged
 * index: 66). */
int explore_index_query_position(struct explore_index_query *r, struct explore_key key, int variant,
                                 struct explore_answer *out);

/* Parse --ratings' LIST ("1600,1800": lichess's groups by their lower
 * bound) into a mask; false with the offending item in err. */
bool explore_index_query_parse_ratings(const char *text, unsigned *mask, char *err, size_t errsize);
/* Parse a month of --since or --until ("2013-01"; a year alone is its
 * first month for --since, its last for --until) into year * 100 + month. */
bool explore_index_query_parse_month(const char *text, bool until, int *out);

#endif
