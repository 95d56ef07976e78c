/*
 * perft_ref.h - the reference perft of the tests: the public move
 * generator and makemove_play, every node made, nothing else of the
 * library (no bulk counting, no table, no threads).  test_perft holds the
 * fast perft against it; tests/uci-perft-engine serves it over UCI, and
 * with PERFT_REF_NO_EN_PASSANT as a deliberately broken engine for
 * perft --against to find.
 */
#ifndef PERFT_REF_H
#define PERFT_REF_H

#include "perft/perft.h"

#include <stdint.h>

enum {
    PERFT_REF_CHECK_KEYS = 1u << 0,    /* UINT64_MAX when an incremental key is wrong */
    PERFT_REF_NO_EN_PASSANT = 1u << 1, /* the injected bug: en passant is never played */
};

/* The leaf nodes depth plies below p (1 at depth 0). */
uint64_t perft_ref(const struct position *p, int depth, unsigned flags);

/* The same, with the count below each root move in *d when not NULL (for
 * depth 0, d->count is 0), as perft_run fills a divide. */
uint64_t perft_ref_divide(const struct position *p, int depth, unsigned flags,
                          struct perft_divide *d);

#endif /* PERFT_REF_H */
