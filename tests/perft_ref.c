/*
 * perft_ref.c - the reference perft of the tests (see perft_ref.h).
 */
#include "perft_ref.h"

#include "rules/makemove.h"

/* Every node is made: the walk the fast perft's shortcuts must agree
 * with.  A wrong incremental key would poison every transposition table,
 * so it can be checked at each node. */
uint64_t perft_ref_divide(const struct position *p, int depth, unsigned flags,
                          struct perft_divide *d)
{
    if (d)
        d->count = 0;
    if (depth == 0)
        return 1;
    struct movelist l;
    movegen_legal(p, &l);
    uint64_t total = 0;
    for (int i = 0; i < l.count; i++) {
        if ((flags & PERFT_REF_NO_EN_PASSANT) && move_kind(l.moves[i]) == MOVE_EN_PASSANT)
            continue;
        struct position c = *p;
        makemove_play(&c, l.moves[i]);
        if ((flags & PERFT_REF_CHECK_KEYS) && c.key != position_compute_key(&c))
            return UINT64_MAX;
        uint64_t n = perft_ref_divide(&c, depth - 1, flags, NULL);
        if (n == UINT64_MAX)
            return n;
        if (d) {
            d->moves[d->count] = l.moves[i];
            d->nodes[d->count++] = n;
        }
        total += n;
    }
    return total;
}

uint64_t perft_ref(const struct position *p, int depth, unsigned flags)
{
    return perft_ref_divide(p, depth, flags, NULL);
}
