/* The answer for one position (explore_answer.h): moves added up and
 * sorted, the top games kept, the opening named. */
#include "explore_answer.h"

#include "notation/uci.h"

#include <stdlib.h>
#include <string.h>

void explore_answer_init(struct explore_answer *a, const struct position *pos)
{
    *a = (struct explore_answer){.pos = *pos};
}

static void game_clear(struct explore_game *g)
{
    free(g->white);
    free(g->black);
    free(g->file);
    *g = (struct explore_game){0};
}

void explore_answer_clear(struct explore_answer *a)
{
    free(a->moves);
    for (size_t i = 0; i < a->ntop; i++)
        game_clear(&a->top[i]);
    *a = (struct explore_answer){0};
}

void explore_answer_add(struct explore_answer *a, move m, const struct explore_stats *s)
{
    for (size_t i = 0; i < a->nmoves; i++)
        if (a->moves[i].m == m) {
            explore_stats_add(&a->moves[i].stats, s);
            return;
        }
    if (a->nmoves == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 8;
        struct explore_move *v = realloc(a->moves, cap * sizeof *v);
        if (!v) {
            a->nomem = true;
            return;
        }
        a->moves = v;
        a->cap = cap;
    }
    a->moves[a->nmoves++] = (struct explore_move){.m = m, .stats = *s};
}

/* Does a game (mean rating twice, place) rank before another? */
static bool ranks_before(unsigned sum_a, unsigned file_a, unsigned long line_a, unsigned sum_b,
                         unsigned file_b, unsigned long line_b)
{
    if (sum_a != sum_b)
        return sum_a > sum_b;
    if (file_a != file_b)
        return file_a < file_b;
    return line_a < line_b;
}

static unsigned sum_of(const struct explore_game *g)
{
    return g->white_elo + g->black_elo;
}

bool explore_answer_top_wanted(const struct explore_answer *a, unsigned white_elo,
                               unsigned black_elo, unsigned file_index, unsigned long line)
{
    if (!white_elo || !black_elo)
        return false;
    if (a->ntop < EXPLORE_TOP_GAMES)
        return true;
    const struct explore_game *last = &a->top[EXPLORE_TOP_GAMES - 1];
    return ranks_before(white_elo + black_elo, file_index, line, sum_of(last), last->file_index,
                        last->line);
}

static char *dup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

void explore_answer_top(struct explore_answer *a, const struct explore_game *g)
{
    if (!explore_answer_top_wanted(a, g->white_elo, g->black_elo, g->file_index, g->line))
        return;
    struct explore_game c = *g;
    c.white = dup(g->white);
    c.black = dup(g->black);
    c.file = dup(g->file);
    if ((g->white && !c.white) || (g->black && !c.black) || (g->file && !c.file)) {
        game_clear(&c);
        a->nomem = true;
        return;
    }
    if (a->ntop == EXPLORE_TOP_GAMES)
        game_clear(&a->top[--a->ntop]);
    size_t i = a->ntop++;
    while (i > 0 && ranks_before(sum_of(&c), c.file_index, c.line, sum_of(&a->top[i - 1]),
                                 a->top[i - 1].file_index, a->top[i - 1].line)) {
        a->top[i] = a->top[i - 1];
        i--;
    }
    a->top[i] = c;
}

void explore_answer_merge(struct explore_answer *a, const struct explore_answer *b)
{
    for (size_t i = 0; i < b->nmoves; i++)
        explore_answer_add(a, b->moves[i].m, &b->moves[i].stats);
    for (size_t i = 0; i < b->ntop; i++)
        explore_answer_top(a, &b->top[i]);
    a->nomem |= b->nomem;
}

/* Does move row a come before b: games, most first; then the UCI text
 * (lichess's order leaves ties to its map; ours is fixed). */
static bool row_before(const struct position *pos, const struct explore_move *a,
                       const struct explore_move *b)
{
    uint64_t ga = explore_stats_games(&a->stats), gb = explore_stats_games(&b->stats);
    if (ga != gb)
        return ga > gb;
    char ua[UCI_MOVE_MAX], ub[UCI_MOVE_MAX];
    uci_format(pos, a->m, UCI_CASTLING_AUTO, ua);
    uci_format(pos, b->m, UCI_CASTLING_AUTO, ub);
    return strcmp(ua, ub) < 0;
}

void explore_answer_finish(struct explore_answer *a)
{
    a->total = (struct explore_stats){0};
    for (size_t i = 0; i < a->nmoves; i++)
        explore_stats_add(&a->total, &a->moves[i].stats);
    /* insertion: a position has a few dozen moves at most */
    for (size_t i = 1; i < a->nmoves; i++) {
        struct explore_move x = a->moves[i];
        size_t j = i;
        for (; j > 0 && row_before(&a->pos, &x, &a->moves[j - 1]); j--)
            a->moves[j] = a->moves[j - 1];
        a->moves[j] = x;
    }
    const struct opening_table *t = opening_table_get();
    a->opening = t ? opening_table_find(t, &a->pos) : NULL;
}
