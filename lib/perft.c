#include "perft.h"

#include "makemove.h"

/* Bulk counting: at the last ply the number of legal moves is the answer,
 * so the leaves are never made. */
uint64_t perft_count(const struct position *p, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)movegen_count(p);
    struct movelist l;
    movegen_legal(p, &l);
    uint64_t total = 0;
    for (int i = 0; i < l.count; i++) {
        struct position child = *p;
        makemove_play(&child, l.moves[i]);
        total += perft_count(&child, depth - 1);
    }
    return total;
}
