/* The position (position.h): pieces, side, castling, en passant,
 * counters, the Zobrist key, the variants' pockets and counters; checks and
 * attacked squares. */
#include "position.h"

#include "attacks.h"

#include <stddef.h>
#include <string.h>

/* The Zobrist keys are SplitMix64's outputs from a fixed seed, the same on
 * every run and in every build: ZOBRIST_KEY(k) is the k-th draw (k from
 * 1), a constant expression so that the tables are data of the program
 * (tests/unit/test_position.c draws them again in a loop).  The NO_PIECE
 * row is drawn and left 0, so that fen_parse hashes a run of empty squares
 * without a branch; the variants' entries a standard position uses are 0. */
#define ZOBRIST_STATE(k) (0x5EEDC0DE12345678ULL + (uint64_t)(k)*0x9E3779B97F4A7C15ULL)
#define ZOBRIST_MIX1(z) (((z) ^ ((z) >> 30)) * 0xBF58476D1CE4E5B9ULL)
#define ZOBRIST_MIX2(z) (((z) ^ ((z) >> 27)) * 0x94D049BB133111EBULL)
#define ZOBRIST_MIX3(z) ((z) ^ ((z) >> 31))
#define ZOBRIST_KEY(k) ZOBRIST_MIX3(ZOBRIST_MIX2(ZOBRIST_MIX1(ZOBRIST_STATE(k))))

/* Where each group's draws start, in the order they are dealt. */
enum {
    DRAW_PIECE = 1,                                        /* + 64 * piece + square */
    DRAW_CASTLING = DRAW_PIECE + PIECE_NB * SQUARE_NB,     /* + right (0-3) */
    DRAW_EP_FILE = DRAW_CASTLING + 4,                      /* + file */
    DRAW_SIDE = DRAW_EP_FILE + 8,                          /* one */
    DRAW_POCKET = DRAW_SIDE + 1,                           /* + 64 * (6 * color + type) + n - 1 */
    DRAW_CHECKS = DRAW_POCKET + COLOR_NB * 6 * POCKET_MAX, /* + 3 * color + n - 1 */
    DRAW_PROMOTED = DRAW_CHECKS + COLOR_NB * 3,            /* + square */
    DRAW_VARIANT = DRAW_PROMOTED + SQUARE_NB,              /* + variant - 1 */
};

/* Sixty-four initializers f(k), f(k + 1) ... f(k + 63). */
#define ZOBRIST_4(f, k) f(k) f((k) + 1) f((k) + 2) f((k) + 3)
#define ZOBRIST_16(f, k)                                                                           \
    ZOBRIST_4(f, k) ZOBRIST_4(f, (k) + 4) ZOBRIST_4(f, (k) + 8) ZOBRIST_4(f, (k) + 12)
#define ZOBRIST_64(f, k)                                                                           \
    ZOBRIST_16(f, k) ZOBRIST_16(f, (k) + 16) ZOBRIST_16(f, (k) + 32) ZOBRIST_16(f, (k) + 48)
#define ZOBRIST_ENTRY(k) ZOBRIST_KEY(k),

#define ZOBRIST_PIECE(piece, sq) ZOBRIST_KEY(DRAW_PIECE + SQUARE_NB * (piece) + (sq))
/* Four rows of piece keys from piece on; the NO_PIECE row's draws are 0. */
#define ZOBRIST_PIECE_ENTRY(k) ((k) < DRAW_PIECE + SQUARE_NB ? 0 : ZOBRIST_KEY(k)),
#define ZOBRIST_PIECE_ROW(piece)                                                                   \
    [piece] = {ZOBRIST_64(ZOBRIST_PIECE_ENTRY, DRAW_PIECE + SQUARE_NB * (piece))},
#define ZOBRIST_PIECE_ROWS(piece)                                                                  \
    ZOBRIST_PIECE_ROW(piece)                                                                       \
    ZOBRIST_PIECE_ROW((piece) + 1) ZOBRIST_PIECE_ROW((piece) + 2) ZOBRIST_PIECE_ROW((piece) + 3)
uint64_t position_zobrist_piece[PIECE_NB][SQUARE_NB] = {
    ZOBRIST_PIECE_ROWS(0) ZOBRIST_PIECE_ROWS(4) ZOBRIST_PIECE_ROWS(8) ZOBRIST_PIECE_ROWS(12)};

/* A set of castling rights: the keys of its rights together. */
#define ZOBRIST_RIGHT(c, i) ((c) & (1 << (i)) ? ZOBRIST_KEY(DRAW_CASTLING + (i)) : 0)
#define ZOBRIST_CASTLING(c)                                                                        \
    (ZOBRIST_RIGHT(c, 0) ^ ZOBRIST_RIGHT(c, 1) ^ ZOBRIST_RIGHT(c, 2) ^ ZOBRIST_RIGHT(c, 3))
#define ZOBRIST_CASTLING_ENTRY(c) ZOBRIST_CASTLING(c),
uint64_t position_zobrist_castling[16] = {ZOBRIST_16(ZOBRIST_CASTLING_ENTRY, 0)};

uint64_t position_zobrist_ep_file[8] = {ZOBRIST_4(ZOBRIST_ENTRY, DRAW_EP_FILE)
                                            ZOBRIST_4(ZOBRIST_ENTRY, DRAW_EP_FILE + 4)};
uint64_t position_zobrist_side = ZOBRIST_KEY(DRAW_SIDE);

/* A pocket's keys: none for an empty one, then one per number of pieces. */
#define ZOBRIST_POCKET(c, t)                                                                       \
    {                                                                                              \
        [1] = ZOBRIST_64(ZOBRIST_ENTRY, DRAW_POCKET + POCKET_MAX * (6 * (c) + (t)))                \
    }
uint64_t position_zobrist_pocket[COLOR_NB][6][POCKET_MAX + 1] = {
    {ZOBRIST_POCKET(WHITE, 0), ZOBRIST_POCKET(WHITE, 1), ZOBRIST_POCKET(WHITE, 2),
     ZOBRIST_POCKET(WHITE, 3), ZOBRIST_POCKET(WHITE, 4), ZOBRIST_POCKET(WHITE, 5)},
    {ZOBRIST_POCKET(BLACK, 0), ZOBRIST_POCKET(BLACK, 1), ZOBRIST_POCKET(BLACK, 2),
     ZOBRIST_POCKET(BLACK, 3), ZOBRIST_POCKET(BLACK, 4), ZOBRIST_POCKET(BLACK, 5)},
};

#define ZOBRIST_CHECKS(c)                                                                          \
    [c] = {0, ZOBRIST_KEY(DRAW_CHECKS + 3 * (c)), ZOBRIST_KEY(DRAW_CHECKS + 3 * (c) + 1),          \
           ZOBRIST_KEY(DRAW_CHECKS + 3 * (c) + 2)},
uint64_t position_zobrist_checks[COLOR_NB][4] = {ZOBRIST_CHECKS(WHITE) ZOBRIST_CHECKS(BLACK)};

uint64_t position_zobrist_promoted[SQUARE_NB] = {ZOBRIST_64(ZOBRIST_ENTRY, DRAW_PROMOTED)};

/* Keys for more variants than there are, so that a new row of the rule
 * table (variant_rules.c) needs no new key here: each key is its own draw,
 * the others' unchanged. */
uint64_t position_zobrist_variant[POSITION_VARIANT_KEYS] = {
    [1] = ZOBRIST_4(ZOBRIST_ENTRY, DRAW_VARIANT) ZOBRIST_4(ZOBRIST_ENTRY, DRAW_VARIANT + 4)
        ZOBRIST_4(ZOBRIST_ENTRY, DRAW_VARIANT + 8) ZOBRIST_ENTRY(DRAW_VARIANT + 12)
            ZOBRIST_ENTRY(DRAW_VARIANT + 13) ZOBRIST_ENTRY(DRAW_VARIANT + 14)};
_Static_assert((int)VARIANT_NB <= (int)POSITION_VARIANT_KEYS,
               "more variants than keys: draw more here");

void position_clear(struct position *p)
{
    /* Member by member: one memset of the whole became a slow "rep stos". */
    memset(p->by_type, 0, sizeof p->by_type);
    memset(p->by_color, 0, sizeof p->by_color);
    memset(p->board, 0, sizeof p->board);
    memset(p->castle_rook, SQUARE_NONE, sizeof p->castle_rook);
    p->side = WHITE;
    p->castling = 0;
    p->ep_square = SQUARE_NONE;
    p->chess960 = 0;
    p->halfmove = 0;
    p->fullmove = 1;
    p->key = 0;
    p->key_stale = 0;
    p->variant = VARIANT_CHESS;
    memset(p->checks_given, 0, sizeof p->checks_given);
    memset(p->pocket, 0, sizeof p->pocket);
    p->promoted = 0;
}
_Static_assert(offsetof(struct position, promoted) + sizeof(bitboard) == sizeof(struct position),
               "position_clear clears every member of struct position up to promoted");

/* The start position, data of the program; its key is that of its 32
 * pieces and its four castling rights. */
#define START_FILE_KEY(f, t)                                                                       \
    (ZOBRIST_PIECE(t, f) ^ ZOBRIST_PIECE(PAWN, 8 + (f)) ^ ZOBRIST_PIECE(8 + PAWN, 48 + (f)) ^      \
     ZOBRIST_PIECE(8 + (t), 56 + (f)))
#define START_BACK_RANK(t0, t1, t2, t3, t4, t5, t6, t7, black)                                     \
    (black) + t0, (black) + t1, (black) + t2, (black) + t3, (black) + t4, (black) + t5,            \
        (black) + t6, (black) + t7
#define START_PAWNS(pawn) pawn, pawn, pawn, pawn, pawn, pawn, pawn, pawn
static const struct position start_position = {
    .by_type = {[0] = BB_RANK_1 | BB_RANK_2 | BB_RANK_7 | BB_RANK_8,
                [PAWN] = BB_RANK_2 | BB_RANK_7,
                [KNIGHT] = 0x4200000000000042ULL, /* b1 g1 b8 g8 */
                [BISHOP] = 0x2400000000000024ULL, /* c1 f1 c8 f8 */
                [ROOK] = 0x8100000000000081ULL,   /* a1 h1 a8 h8 */
                [QUEEN] = 0x0800000000000008ULL,  /* d1 d8 */
                [KING] = 0x1000000000000010ULL},  /* e1 e8 */
    .by_color = {BB_RANK_1 | BB_RANK_2, BB_RANK_7 | BB_RANK_8},
    .board = {START_BACK_RANK(ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK, 0),
              START_PAWNS(PAWN), [48] = START_PAWNS(8 + PAWN),
              START_BACK_RANK(ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK, 8)},
    .castle_rook = {7, 0, 63, 56},
    .side = WHITE,
    .castling = CASTLE_ALL,
    .ep_square = SQUARE_NONE,
    .fullmove = 1,
    .key = START_FILE_KEY(0, ROOK) ^ START_FILE_KEY(1, KNIGHT) ^ START_FILE_KEY(2, BISHOP) ^
           START_FILE_KEY(3, QUEEN) ^ START_FILE_KEY(4, KING) ^ START_FILE_KEY(5, BISHOP) ^
           START_FILE_KEY(6, KNIGHT) ^ START_FILE_KEY(7, ROOK) ^ ZOBRIST_CASTLING(CASTLE_ALL),
    .variant = VARIANT_CHESS,
};

void position_start(struct position *p)
{
    /* A copy of the bytes, hidden from the compiler, which would otherwise
     * write a clearing loop and a store per constant. */
    const struct position *start = &start_position;
    __asm__("" : "+r"(start));
    *p = *start;
}

bool position_equal(const struct position *a, const struct position *b)
{
    return memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 &&
           memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 &&
           memcmp(a->board, b->board, sizeof a->board) == 0 &&
           memcmp(a->castle_rook, b->castle_rook, sizeof a->castle_rook) == 0 &&
           a->side == b->side && a->castling == b->castling && a->ep_square == b->ep_square &&
           a->chess960 == b->chess960 && a->halfmove == b->halfmove && a->fullmove == b->fullmove &&
           a->variant == b->variant &&
           memcmp(a->checks_given, b->checks_given, sizeof a->checks_given) == 0 &&
           memcmp(a->pocket, b->pocket, sizeof a->pocket) == 0 && a->promoted == b->promoted;
}

uint64_t position_compute_key(const struct position *p)
{
    uint64_t k = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        if (p->board[sq] != NO_PIECE)
            k ^= position_zobrist_piece[p->board[sq]][sq];
    k ^= position_zobrist_castling[p->castling & 15];
    if (p->ep_square != SQUARE_NONE)
        k ^= position_zobrist_ep_file[square_file(p->ep_square)];
    if (p->side == BLACK)
        k ^= position_zobrist_side;
    if (p->variant == VARIANT_CHESS)
        return k;
    k ^= position_zobrist_variant[p->variant < VARIANT_NB ? p->variant : 0];
    for (int c = 0; c < COLOR_NB; c++) {
        k ^= position_zobrist_checks[c][p->checks_given[c] & 3];
        for (int t = PAWN; t < KING; t++)
            k ^= position_zobrist_pocket[c][t][p->pocket[c][t] <= POCKET_MAX ? p->pocket[c][t] : 0];
    }
    bitboard pr = p->promoted;
    while (pr)
        k ^= position_zobrist_promoted[bb_pop(&pr)];
    return k;
}

bitboard position_attackers(const struct position *p, int sq, enum color by, bitboard occ)
{
    bitboard them = p->by_color[by];
    return (((attacks_pawn((enum color) !by, sq) & p->by_type[PAWN]) |
             (attacks_knight(sq) & p->by_type[KNIGHT]) | (attacks_king(sq) & p->by_type[KING])) &
            them) |
           attacks_sliders_reaching(sq, (p->by_type[ROOK] | p->by_type[QUEEN]) & them,
                                    (p->by_type[BISHOP] | p->by_type[QUEEN]) & them, occ);
}

bool position_attacked_by(const struct position *p, int sq, enum color by, bitboard occ)
{
    return position_attackers(p, sq, by, occ) != 0;
}

bool position_atomic_attacked(const struct position *p, int ksq, int c, bitboard occ)
{
    enum color them = (enum color) !c;
    bitboard their_kings = position_pieces(p, them, KING);
    /* A king cannot capture (it would explode), and a king touching the
     * enemy king cannot be taken (the capturer's king would explode too). */
    if (!their_kings || (attacks_king(ksq) & their_kings))
        return false;
    bitboard t = p->by_color[them];
    return (attacks_pawn((enum color)c, ksq) & p->by_type[PAWN] & t) ||
           (attacks_knight(ksq) & p->by_type[KNIGHT] & t) ||
           (attacks_bishop(ksq, occ) & (p->by_type[BISHOP] | p->by_type[QUEEN]) & t) ||
           (attacks_rook(ksq, occ) & (p->by_type[ROOK] | p->by_type[QUEEN]) & t);
}

/* Check in the variants: never in antichess (its king is an ordinary
 * piece), and in atomic not while the kings touch (position_atomic_attacked). */
__attribute__((noinline, cold)) static bitboard variant_checkers(const struct position *p)
{
    int k = position_king(p, (enum color)p->side);
    if (k == SQUARE_NONE || !variant_rules((enum variant)p->variant)->royal)
        return 0;
    if (p->variant == VARIANT_ATOMIC &&
        !position_atomic_attacked(p, k, p->side, position_occupied(p)))
        return 0;
    return position_attackers(p, k, (enum color) !p->side, position_occupied(p));
}

/* FIDE Art. 3.9.1; the variants apart, so that chess keeps its tail call. */
bitboard position_checkers(const struct position *p)
{
    if (__builtin_expect(p->variant != VARIANT_CHESS, 0))
        return variant_checkers(p);
    int k = position_king(p, (enum color)p->side);
    if (k == SQUARE_NONE)
        return 0;
    return position_attackers(p, k, (enum color) !p->side, position_occupied(p));
}

bool position_insufficient_material(const struct position *p)
{
    if (p->by_type[PAWN] | p->by_type[ROOK] | p->by_type[QUEEN])
        return false;
    bitboard minors = p->by_type[KNIGHT] | p->by_type[BISHOP];
    if (bb_count(minors) <= 1)
        return true;
    /* Only bishops, all on squares of one colour: no mate is possible. */
    if (p->by_type[KNIGHT])
        return false;
    bitboard b = p->by_type[BISHOP];
    return (b & BB_LIGHT_SQUARES) == 0 || (b & BB_DARK_SQUARES) == 0;
}
