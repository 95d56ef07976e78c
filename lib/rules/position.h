/* A chess position: bitboards per piece type and colour, a mailbox, and
 * the state the rules need beyond the pieces, the variants' included.
 * Chess960 and the variant are fields, never globals. */
#ifndef CHESS_POSITION_H
#define CHESS_POSITION_H

#include "bitboard.h"
#include "variant_rules.h"

enum piece_type { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB };

/* A piece is its type with the colour in bit 3: 1..6 white, 9..14 black, 0 empty. */
enum { NO_PIECE = 0, PIECE_NB = 16 };
static inline int piece_make(enum color c, enum piece_type t)
{
    return (int)t | ((int)c << 3);
}
static inline enum piece_type piece_type(int p)
{
    return (enum piece_type)(p & 7);
}
static inline enum color piece_color(int p)
{
    return (enum color)(p >> 3);
}

/* Castling rights, one bit each; the rook each one castles with is stored
 * as a square so that Chess960 and standard chess share one code path. */
enum {
    CASTLE_WHITE_KING = 1,
    CASTLE_WHITE_QUEEN = 2,
    CASTLE_BLACK_KING = 4,
    CASTLE_BLACK_QUEEN = 8,
    CASTLE_ALL = 15,
};
/* Index of a right (0..3) from colour and side (0 = king side, 1 = queen side). */
static inline int castle_index(enum color c, int queen_side)
{
    return (int)c * 2 + queen_side;
}

struct position {
    bitboard by_type[PIECE_TYPE_NB]; /* [0] holds all occupied squares */
    bitboard by_color[COLOR_NB];
    uint8_t board[SQUARE_NB]; /* piece on each square, NO_PIECE if empty */
    uint8_t castle_rook[4];   /* rook square of each right, SQUARE_NONE if unset */
    uint8_t side;             /* enum color to move */
    uint8_t castling;         /* CASTLE_* bits */
    uint8_t ep_square;        /* square behind a pawn that just moved two, or SQUARE_NONE */
    uint8_t chess960;         /* castling is written and played as Chess960 */
    uint32_t halfmove;        /* plies since the last capture or pawn move */
    uint32_t fullmove;        /* starts at 1, grows after Black's move (a FEN gives
                               * at most FEN_COUNTER_MAX: no game wraps it) */
    uint64_t key;             /* Zobrist hash of all the state but the counters,
                               * unless key_stale: read it with position_key */
    /* What the variants add (all zero in standard chess, so that the key of
     * a standard position is the same with or without them). */
    uint8_t variant;                /* enum variant */
    uint8_t checks_given[COLOR_NB]; /* 3check: checks each side has given (0 to 3) */
    uint8_t pocket[COLOR_NB][6];    /* crazyhouse: pieces in hand by type, PAWN to QUEEN */
    uint8_t key_stale;              /* the key was not kept (makemove_play_undo) */
    bitboard promoted;              /* crazyhouse: promoted pieces, captured as pawns */
};

/* The most pieces of one kind a pocket holds (the board and the pockets
 * together hold at most 64 men). */
enum { POCKET_MAX = 64 };

static inline bitboard position_occupied(const struct position *p)
{
    return p->by_type[0];
}
static inline bitboard position_pieces(const struct position *p, enum color c, enum piece_type t)
{
    return p->by_type[t] & p->by_color[c];
}
static inline int position_king(const struct position *p, enum color c)
{
    bitboard k = position_pieces(p, c, KING);
    return k ? bb_lsb(k) : SQUARE_NONE;
}

/* Zobrist keys; filled before main with a fixed seed. */
extern uint64_t position_zobrist_piece[PIECE_NB][SQUARE_NB]; /* [NO_PIECE] is all 0 */
extern uint64_t position_zobrist_castling[16];
extern uint64_t position_zobrist_ep_file[8];
extern uint64_t position_zobrist_side;
/* Variant state: pocket counts (entry 0 is 0), checks given (entry 0 is
 * 0), promoted pieces, the variant itself (entry VARIANT_CHESS is 0). */
extern uint64_t position_zobrist_pocket[COLOR_NB][6][POCKET_MAX + 1];
extern uint64_t position_zobrist_checks[COLOR_NB][4];
extern uint64_t position_zobrist_promoted[SQUARE_NB];
enum { POSITION_VARIANT_KEYS = 16 }; /* room for variants to come */
extern uint64_t position_zobrist_variant[POSITION_VARIANT_KEYS];

/* An empty board, White to move, counters 0 1. */
void position_clear(struct position *p);
/* The standard starting position. */
void position_start(struct position *p);
/* Are a and b the same position in every field but the key (which follows
 * from the rest)?  Field by field: the struct has padding. */
bool position_equal(const struct position *a, const struct position *b);
/* Put a piece on an empty square, or take whatever stands on sq away (none:
 * nothing happens), keeping bitboards, mailbox and key in step. */
static inline void position_put(struct position *p, int piece, int sq)
{
    bitboard b = bb_square(sq);
    p->board[sq] = (uint8_t)piece;
    p->by_type[piece_type(piece)] |= b;
    p->by_type[0] |= b;
    p->by_color[piece_color(piece)] |= b;
    p->key ^= position_zobrist_piece[piece][sq];
}
static inline void position_remove(struct position *p, int sq)
{
    int piece = p->board[sq];
    if (piece == NO_PIECE)
        return;
    bitboard b = bb_square(sq);
    p->board[sq] = NO_PIECE;
    p->by_type[piece_type(piece)] &= ~b;
    p->by_type[0] &= ~b;
    p->by_color[piece_color(piece)] &= ~b;
    p->key ^= position_zobrist_piece[piece][sq];
}
/* Change the count of a pocket by delta, keeping the key in step. */
static inline void position_pocket_add(struct position *p, enum color c, enum piece_type t,
                                       int delta)
{
    p->key ^= position_zobrist_pocket[c][t][p->pocket[c][t]];
    p->pocket[c][t] = (uint8_t)(p->pocket[c][t] + delta);
    p->key ^= position_zobrist_pocket[c][t][p->pocket[c][t]];
}
/* Recompute the key from scratch (after setting up a position by hand). */
uint64_t position_compute_key(const struct position *p);
/* The Zobrist key of p, valid whoever made the position: p->key, or
 * computed when the maker left it stale (key_stale). */
static inline uint64_t position_key(const struct position *p)
{
    return p->key_stale ? position_compute_key(p) : p->key;
}

/* The pieces of colour `by` attacking sq through occ. */
bitboard position_attackers(const struct position *p, int sq, enum color by, bitboard occ);
/* Is sq attacked by colour `by` with the given occupancy?  The one
 * attacked-square test of king safety (FIDE Art. 3.9), behind check,
 * movegen_king_safe and castling's path; the generator's masks are its
 * fast form. */
bool position_attacked_by(const struct position *p, int sq, enum color by, bitboard occ);
/* Enemy pieces giving check to the side to move (none in variants
 * without check, and in atomic none while the kings touch). */
bitboard position_checkers(const struct position *p);
static inline bool position_in_check(const struct position *p)
{
    return position_checkers(p) != 0;
}
/* Atomic's check: is the king of colour c on ksq attacked through occ,
 * when kings never attack and a king next to the enemy king is never in
 * check?  False when the other side has no king left. */
bool position_atomic_attacked(const struct position *p, int ksq, int c, bitboard occ);

/* FIDE Art. 5.2.2 / 9.6.2, dead positions by material: K v K, K+minor v
 * K, and kings with bishops all on one square colour. */
bool position_insufficient_material(const struct position *p);

#endif
