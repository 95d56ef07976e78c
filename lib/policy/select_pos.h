/* The position criteria of pgn-select: a FEN to reach (--fen), a board
 * pattern with '?' for any square (--position), a material signature
 * (--material), and the identity of a position as repetition counts it.
 * Read from their option texts once, then tested on every position of a
 * main line, so each test is a few word compares.  Internal to select.c;
 * formats/pgn-select.md is their manual. */
#ifndef CHESS_SELECT_POS_H
#define CHESS_SELECT_POS_H

#include "rules/position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The square where a capture en passant is legal in p (FIDE Art. 9.2.2's
 * "same position" counts it), else SQUARE_NONE.  Inline the common case:
 * no square at all. */
int select_ep_legal_slow(const struct position *p);
static inline int select_ep_legal(const struct position *p)
{
    return p->ep_square == SQUARE_NONE ? SQUARE_NONE : select_ep_legal_slow(p);
}

/* A position to reach: the pieces, side to move, castling rights (with
 * their rooks), the legal en-passant square and the variant's state
 * (pockets, promoted pieces, checks given); not the counters. */
struct select_fen {
    struct position pos;
    int ep; /* select_ep_legal of pos */
};
/* Read a FEN (X-FEN or Shredder-FEN, any variant's extensions); false
 * with "illegal position '...': column 9: ..." in err. */
bool select_fen_parse(struct select_fen *f, const char *text, char *err, size_t errsize);
/* Is p that position?  (The pieces first, inline: on nearly every
 * position of a game they differ.) */
bool select_fen_match_rest(const struct select_fen *f, const struct position *p);
static inline bool select_fen_match(const struct select_fen *f, const struct position *p)
{
    return position_occupied(p) == position_occupied(&f->pos) && select_fen_match_rest(f, p);
}

/* A board pattern: per kind of piece the squares it must stand on, the
 * squares that must be empty, and the side to move (COLOR_NB: either). */
struct select_pattern {
    bitboard empty;
    int nkinds;
    uint8_t kind_color[12], kind_type[12];
    bitboard kind_squares[12];
    int side;
};
/* Read "rnbqkb?r/pp??pppp/8/8/8/8/PPPPPPPP/RNBQKBNR" with an optional
 * " w" or " b"; false with a message. */
bool select_pattern_parse(struct select_pattern *pt, const char *text, char *err, size_t errsize);
static inline bool select_pattern_match(const struct select_pattern *pt, const struct position *p)
{
    if ((position_occupied(p) & pt->empty) || (pt->side != COLOR_NB && p->side != pt->side))
        return false;
    for (int i = 0; i < pt->nkinds; i++)
        if ((position_pieces(p, (enum color)pt->kind_color[i], (enum piece_type)pt->kind_type[i]) &
             pt->kind_squares[i]) != pt->kind_squares[i])
            return false;
    return true;
}

/* A material signature: the number of pieces of each type per side on
 * the board, exact or at least (a '+' after that side's letters). */
struct select_material {
    uint8_t count[COLOR_NB][PIECE_TYPE_NB]; /* [c][0]: the side's total */
    bool at_least[COLOR_NB];
};
/* Read "KQR:KR", "KR+:K"; false with a message. */
bool select_material_parse(struct select_material *m, const char *text, char *err, size_t errsize);
/* Does b hold exactly n squares (at least n with at_least)?  n steps of
 * b &= b - 1 rather than a count: builds without the POPCNT instruction
 * count in a library call, and the counts asked are small. */
static inline bool select_count_is(bitboard b, int n, bool at_least)
{
    for (int i = 0; i < n; i++) {
        if (!b)
            return false;
        b &= b - 1;
    }
    return at_least || !b;
}
/* Inline: asked on every position of every game, and most positions fail
 * on White's total. */
static inline bool select_material_match(const struct select_material *m, const struct position *p)
{
    for (int c = WHITE; c <= BLACK; c++)
        if (!select_count_is(p->by_color[c], m->count[c][0], m->at_least[c]))
            return false;
    for (int c = WHITE; c <= BLACK; c++)
        for (int t = PAWN; t <= KING; t++)
            if (!select_count_is(position_pieces(p, (enum color)c, (enum piece_type)t),
                                 m->count[c][t], m->at_least[c]))
                return false;
    return true;
}

/* 64 bits that stand for p as repetition counts it (pieces, side to
 * move, castling rights, the legal en-passant square, the variant and
 * its state; not the counters), mixed from seed: two different seeds
 * give independent hashes. */
uint64_t select_position_hash(const struct position *p, uint64_t seed);

/* A position as repetition counts it (FIDE Art. 9.2.2): the pieces, and
 * a word of the side to move, the castling rights with their rooks and
 * the legal en-passant square; in a variant, a hash of the rest of its
 * state (pockets, promoted pieces, checks given).  Copied once a ply for
 * --ending threefold: cheaper than a hash. */
struct select_rep {
    bitboard bb[8];
    uint64_t state, extra;
};
/* Byte i all ones when castling right i (1 << i) is held. */
extern const uint32_t select_rook_keep[16];
/* The word of side to move, castling rights, their rooks, the legal
 * en-passant square, the variant and the checks given. */
static inline uint64_t select_state_word(const struct position *p)
{
    uint32_t squares;
    memcpy(&squares, p->castle_rook, sizeof squares);
    uint64_t rooks = squares & select_rook_keep[p->castling & 15];
    return (uint64_t)p->side | (uint64_t)p->castling << 1 |
           (uint64_t)(uint8_t)select_ep_legal(p) << 8 | (uint64_t)p->variant << 16 |
           (uint64_t)p->checks_given[WHITE] << 24 | (uint64_t)p->checks_given[BLACK] << 28 |
           rooks << 32;
}
static inline void select_rep_make(struct select_rep *r, const struct position *p)
{
    memcpy(&r->bb[0], p->by_color, 2 * sizeof r->bb[0]);
    memcpy(&r->bb[2], &p->by_type[PAWN], 6 * sizeof r->bb[0]);
    r->state = select_state_word(p);
    r->extra = p->variant == VARIANT_CHESS ? 0 : select_position_hash(p, 0);
}
static inline bool select_rep_equal(const struct select_rep *a, const struct select_rep *b)
{
    for (int i = 0; i < 8; i++)
        if (a->bb[i] != b->bb[i])
            return false;
    return a->state == b->state && a->extra == b->extra;
}

/* A 64-bit mixer (a bijection): the step of the hashes. */
static inline uint64_t select_mix(uint64_t h)
{
    h ^= h >> 31;
    h *= 0x7fb5d329728ea185ULL;
    h ^= h >> 27;
    h *= 0x81dadef4bc2dd44dULL;
    h ^= h >> 33;
    return h;
}

#endif /* CHESS_SELECT_POS_H */
