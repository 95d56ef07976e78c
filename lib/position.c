#include "position.h"

#include "attacks.h"

#include <stddef.h>
#include <string.h>

uint64_t position_zobrist_piece[PIECE_NB][SQUARE_NB];
uint64_t position_zobrist_castling[16];
uint64_t position_zobrist_ep_file[8];
uint64_t position_zobrist_side;
uint64_t position_zobrist_pocket[COLOR_NB][6][POCKET_MAX + 1];
uint64_t position_zobrist_checks[COLOR_NB][4];
uint64_t position_zobrist_promoted[SQUARE_NB];
uint64_t position_zobrist_variant[VARIANT_NB];

/* SplitMix64: the keys must be the same on every run so that hashes written
 * by one process can be compared by another. */
static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

__attribute__((constructor(150))) static void position_init_keys(void)
{
    uint64_t s = 0x5EEDC0DE12345678ULL;
    for (int p = 0; p < PIECE_NB; p++)
        for (int sq = 0; sq < SQUARE_NB; sq++)
            position_zobrist_piece[p][sq] = splitmix(&s);
    /* (drawn, so that the keys after it stay what they were, then cleared:
     * an empty square adds nothing to a key, and fen_parse's board loop
     * hashes a run of empty squares as "no piece" without a branch) */
    memset(position_zobrist_piece[NO_PIECE], 0, sizeof position_zobrist_piece[NO_PIECE]);
    uint64_t single[4];
    for (int i = 0; i < 4; i++)
        single[i] = splitmix(&s);
    for (int c = 0; c < 16; c++) {
        position_zobrist_castling[c] = 0;
        for (int i = 0; i < 4; i++)
            if (c & (1 << i))
                position_zobrist_castling[c] ^= single[i];
    }
    for (int f = 0; f < 8; f++)
        position_zobrist_ep_file[f] = splitmix(&s);
    position_zobrist_side = splitmix(&s);
    /* Drawn after the standard keys, so that those stay what they were;
     * the entries a standard position uses (empty pockets, no check
     * given, no promoted piece marked, standard chess) are 0. */
    for (int c = 0; c < COLOR_NB; c++)
        for (int t = 0; t < 6; t++)
            for (int n = 1; n <= POCKET_MAX; n++)
                position_zobrist_pocket[c][t][n] = splitmix(&s);
    for (int c = 0; c < COLOR_NB; c++)
        for (int n = 1; n < 4; n++)
            position_zobrist_checks[c][n] = splitmix(&s);
    for (int sq = 0; sq < SQUARE_NB; sq++)
        position_zobrist_promoted[sq] = splitmix(&s);
    for (int v = 1; v < VARIANT_NB; v++)
        position_zobrist_variant[v] = splitmix(&s);
}

void position_clear(struct position *p)
{
    /* Member by member rather than one memset of the whole: the compiler
     * made that a "rep stos", whose start-up weighed on fen-check
     * (docs/performance.md); these it writes with a few vector stores. */
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
/* (a member added after promoted would be left out above) */
_Static_assert(offsetof(struct position, promoted) + sizeof(bitboard) == sizeof(struct position),
               "position_clear clears every member of struct position up to promoted");

/* The start position, built once after the keys (the constructor below):
 * a game replay starts from it once per game, and building it square by
 * square with its key cost about 900 instructions a game. */
static struct position start_position;

static void build_start(struct position *p)
{
    static const enum piece_type back[8] = {ROOK, KNIGHT, BISHOP, QUEEN,
                                            KING, BISHOP, KNIGHT, ROOK};
    position_clear(p);
    for (int f = 0; f < 8; f++) {
        position_put(p, piece_make(WHITE, back[f]), square_make(f, 0));
        position_put(p, piece_make(WHITE, PAWN), square_make(f, 1));
        position_put(p, piece_make(BLACK, PAWN), square_make(f, 6));
        position_put(p, piece_make(BLACK, back[f]), square_make(f, 7));
    }
    p->castling = CASTLE_ALL;
    p->castle_rook[0] = 7;
    p->castle_rook[1] = 0;
    p->castle_rook[2] = 63;
    p->castle_rook[3] = 56;
    p->key = position_compute_key(p);
}

/* (After position_init_keys: constructors of one unit run in order of
 * priority, and the key needs the Zobrist tables.) */
__attribute__((constructor(200))) static void position_init_start(void)
{
    build_start(&start_position);
}

void position_start(struct position *p)
{
    *p = start_position;
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

bitboard position_attackers(const struct position *p, int sq, bitboard occ)
{
    return (attacks_pawn(BLACK, sq) & position_pieces(p, WHITE, PAWN)) |
           (attacks_pawn(WHITE, sq) & position_pieces(p, BLACK, PAWN)) |
           (attacks_knight(sq) & p->by_type[KNIGHT]) | (attacks_king(sq) & p->by_type[KING]) |
           attacks_sliders_reaching(sq, p->by_type[ROOK] | p->by_type[QUEEN],
                                    p->by_type[BISHOP] | p->by_type[QUEEN], occ);
}

/* The pieces of colour `by` attacking sq through occ: only that colour's
 * sliders are followed, fewer than position_attackers' both colours. */
static bitboard attackers_by(const struct position *p, int sq, enum color by, bitboard occ)
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
    return attackers_by(p, sq, by, occ) != 0;
}

bool position_atomic_attacked(const struct position *p, int ksq, int c, bitboard occ)
{
    enum color them = (enum color) !c;
    bitboard their_kings = position_pieces(p, them, KING);
    /* Atomic: a king cannot capture (it would explode), so kings do not
     * attack; and a king touching the enemy king cannot be taken, since the
     * capture would blow up the capturer's own king too. */
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
    return attackers_by(p, k, (enum color) !p->side, position_occupied(p));
}

/* FIDE Art. 3.9.1; the variants apart, so that chess keeps its tail call. */
bitboard position_checkers(const struct position *p)
{
    if (__builtin_expect(p->variant != VARIANT_CHESS, 0))
        return variant_checkers(p);
    int k = position_king(p, (enum color)p->side);
    if (k == SQUARE_NONE)
        return 0;
    return attackers_by(p, k, (enum color) !p->side, position_occupied(p));
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
