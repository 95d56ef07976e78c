/* The position criteria of pgn-select: a FEN to reach (--fen), a board
 * pattern with '?' for any square (--position), a material signature
 * (--material), and the identity of a position as repetition counts it.
 * Read from their option texts once, then tested on every position of a
 * main line, so each test is a few word compares.  Internal to select.c;
 * formats/pgn-select.md is their manual. */
#ifndef CHESS_SELECT_POS_H
#define CHESS_SELECT_POS_H

#include "position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The square where a capture en passant is legal in p (FIDE Art. 9.2.2's
 * "same position" counts it), else SQUARE_NONE. */
int select_ep_legal(const struct position *p);

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
/* Is p that position? */
bool select_fen_match(const struct select_fen *f, const struct position *p);

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
bool select_material_match(const struct select_material *m, const struct position *p);

/* 64 bits that stand for p as repetition counts it (pieces, side to
 * move, castling rights, the legal en-passant square, the variant and
 * its state; not the counters), mixed from seed: two different seeds
 * give independent hashes. */
uint64_t select_position_hash(const struct position *p, uint64_t seed);

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
