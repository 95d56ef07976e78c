/* Perft's last-ply counter (perft_leaf.h), a speed engine: the moves two
 * plies down, worked out incrementally; held to the plain count by
 * test_perft. */
#include "perft_leaf.h"

#include "rules/attacks.h"
#include "rules/castling.h"
#include "rules/isa.h"
#include "rules/makemove.h"
#include "rules/makemove_impl.h"
#include "rules/movegen.h"

#include <string.h>

/* The counter comes in the versions of isa.h, like the generator. */
#define LEAF_INLINE static inline __attribute__((always_inline))

/* A child only for movegen_count, which never reads the mailbox, the key
 * or the counters: makemove_standard from the parent without them. */
LEAF_INLINE void leaf_make(struct position *c, const struct position *p, move m)
{
    memcpy(c->by_type, p->by_type, sizeof c->by_type);
    memcpy(c->by_color, p->by_color, sizeof c->by_color);
    memcpy(c->castle_rook, p->castle_rook, sizeof c->castle_rook);
    c->chess960 = p->chess960;
    c->variant = VARIANT_CHESS; /* standard chess only: the variants take count_plain */
    makemove_standard(c, p, m, (struct makemove_mode){0}, NULL);
}

/* The children of a node P one ply above the leaves (A to move) differ
 * from P by one move of A, and most of B's moves do not depend on it.
 * What B can do in them is worked out once, at P, and each child only
 * redoes what its move can change:
 *
 *   - a move of A that gives no knight or pawn check and touches no ray
 *     from B's king up to its second piece (else its checks and pins are
 *     asked again, and must be P's) leaves B out of check with the same
 *     pins, so B's knights, pinned pieces and every slider whose attacks
 *     hold neither the from- nor the to-square keep their counts from P
 *     (a capture takes one B piece away, and may give B's knights one);
 *   - B's free pawns keep P's count unless the move leaves or enters a
 *     square they stand on, push to or capture on;
 *   - B's king steps and castling keep P's answer for every square whose
 *     watch set (leaf_watch) the move neither leaves nor enters;
 *   - A's castling is followed the same way, with its four squares;
 *   - everything else (en passant, promotions, a double push B may take
 *     en passant, a move on B's castling path or rook, a check) is made
 *     and counted by movegen_count.
 *
 * These shortcuts are fast copies of rules that live elsewhere (king
 * safety and pins, castling_rule, the pieces' moves), held by test_perft
 * to the plain count (count_plain's) on every position a few plies from
 * the shared suites' records. */
enum { LEAF_SLIDERS_MAX = 16 };

struct leaf_slider {
    bitboard att; /* attacks in P */
    int sq, count;
    bool diag, orth;
};

struct leaf_base {
    enum color a, b; /* A moves into the children, B is to move in them */
    int kb;          /* B's king */
    bitboard occ, own_b, own_a;
    bitboard fallback;  /* a move from or to these needs the full count */
    bitboard rays;      /* B's king's lines up to the second piece: checks and pins */
    bitboard pinned;    /* B's pinned pieces in P */
    bitboard pin_lines; /* the lines of those pins, pinners included */
    bitboard knight_check, pawn_check; /* where an A knight or pawn checks B */
    int base; /* B's knights and pinned pieces: the same in every quiet child */
    bitboard free_knights;
    int sliders, slider_total; /* B's free sliders and their moves in P */
    struct leaf_slider slider[LEAF_SLIDERS_MAX];
    uint16_t attacked_by[SQUARE_NB]; /* which of them attack each square */
    bitboard free_pawns;
    bitboard pawn_watch;            /* where a move may change the free pawns' moves */
    int pawn_moves;                 /* their moves in P */
    unsigned castles;               /* B's rights whose path is empty in P (bits of castling) */
    unsigned castles_safe;          /* of those, the ones whose king path A does not attack in P */
    bitboard castle_watch[4];       /* a move from or to these may change that */
    bitboard castle_watch_all;      /* all of them */
    bitboard king_safe;             /* B's king steps in P: not own, not attacked */
    bitboard king_watch[SQUARE_NB]; /* the king steps a move from or to a square may change */
    bitboard a_pawns, a_knights, a_diag, a_orth;
    int a_king;
};

/* B's pawns that no pin holds, on the occupancy of a child: pushes, double
 * pushes, captures of A's pieces, four moves per promotion. */
LEAF_INLINE int leaf_pawns(bitboard pawns, bitboard occ, bitboard enemy, enum color b)
{
    bitboard empty = ~occ;
    bitboard third = b == WHITE ? BB_RANK_3 : BB_RANK_6, last = b == WHITE ? BB_RANK_8 : BB_RANK_1;
    bitboard push1 = (b == WHITE ? pawns << 8 : pawns >> 8) & empty;
    bitboard push2 = (b == WHITE ? (push1 & third) << 8 : (push1 & third) >> 8) & empty;
    bitboard west = bb_west(pawns), east = bb_east(pawns);
    bitboard capl = (b == WHITE ? west << 8 : west >> 8) & enemy;
    bitboard capr = (b == WHITE ? east << 8 : east >> 8) & enemy;
    int n = bb_count(push1) + bb_count(push2) + bb_count(capl) + bb_count(capr);
    if ((push1 | capl | capr) & last)
        n += 3 * (bb_count(push1 & last) + bb_count(capl & last) + bb_count(capr & last));
    return n;
}

/* Is sq attacked by A's pieces (the given sets) with occupancy occ? */
LEAF_INLINE bool leaf_attacked(int sq, bitboard occ, enum color b, bitboard pawns, bitboard knights,
                               bitboard diag, bitboard orth, int king, bool pext)
{
    return (attacks_pawn(b, sq) & pawns) || (attacks_knight(sq) & knights) ||
           bb_test(attacks_king(king), sq) || (attacks_bishop_with(sq, occ, pext) & diag) ||
           (attacks_rook_with(sq, occ, pext) & orth);
}

/* The squares where a change may change whether A attacks sq (occupancy
 * occ): sq, where an A leaper would attack it from, and its lines up to
 * the first piece. */
LEAF_INLINE bitboard leaf_watch(int sq, bitboard occ, enum color b, bool pext)
{
    return bb_square(sq) | attacks_knight(sq) | attacks_pawn(b, sq) | attacks_king(sq) |
           attacks_bishop_with(sq, occ, pext) | attacks_rook_with(sq, occ, pext);
}

/* What P's children share; false when P is odd enough (B in check, no
 * king, too many sliders) that every child takes the long way. */
LEAF_INLINE bool leaf_prepare(struct leaf_base *lb, const struct position *p, bool pext)
{
    enum color a = (enum color)p->side, b = (enum color) !a;
    lb->a = a;
    lb->b = b;
    lb->occ = position_occupied(p);
    lb->own_a = p->by_color[a];
    lb->own_b = p->by_color[b];
    bitboard kings_b = p->by_type[KING] & lb->own_b, kings_a = p->by_type[KING] & lb->own_a;
    if (!kings_b || !kings_a)
        return false;
    int kb = lb->kb = bb_lsb(kings_b);
    lb->a_king = bb_lsb(kings_a);
    bitboard queens = p->by_type[QUEEN];
    lb->a_pawns = p->by_type[PAWN] & lb->own_a;
    lb->a_knights = p->by_type[KNIGHT] & lb->own_a;
    lb->a_diag = (p->by_type[BISHOP] | queens) & lb->own_a;
    lb->a_orth = (p->by_type[ROOK] | queens) & lb->own_a;
    if ((attacks_knight(kb) & lb->a_knights) || (attacks_pawn(b, kb) & lb->a_pawns))
        return false;

    /* B's pins (and a check, which a legal P cannot have). */
    bitboard pinned = 0, occ = lb->occ, target = ~lb->own_b;
    bitboard snipers = (attacks_bishop_with(kb, lb->own_a, pext) & lb->a_diag) |
                       (attacks_rook_with(kb, lb->own_a, pext) & lb->a_orth);
    lb->pin_lines = 0;
    while (snipers) {
        int sn = bb_pop(&snipers);
        bitboard between = attacks_between(kb, sn) & occ;
        if (!between)
            return false;
        if (!bb_several(between)) {
            pinned |= between;
            lb->pin_lines |= attacks_between(kb, sn) | bb_square(sn);
        }
    }
    lb->pinned = pinned;
    /* On each ray from B's king only the squares up to the second piece
     * decide checks and pins. */
    bitboard first = (attacks_bishop_with(kb, occ, pext) | attacks_rook_with(kb, occ, pext)) & occ;
    lb->rays =
        attacks_bishop_with(kb, occ ^ first, pext) | attacks_rook_with(kb, occ ^ first, pext);
    lb->fallback = 0;
    lb->knight_check = attacks_knight(kb);
    lb->pawn_check = attacks_pawn(b, kb);

    int base = 0;
    bitboard n = lb->free_knights = p->by_type[KNIGHT] & lb->own_b & ~pinned;
    while (n)
        base += bb_count(attacks_knight(bb_pop(&n)) & target);
    bitboard sl = (p->by_type[BISHOP] | p->by_type[ROOK] | queens) & lb->own_b;
    int count = 0, total = 0;
    memset(lb->attacked_by, 0, sizeof lb->attacked_by);
    while (sl) {
        int sq = bb_pop(&sl);
        bool diag = bb_test(p->by_type[BISHOP] | queens, sq),
             orth = bb_test(p->by_type[ROOK] | queens, sq);
        bitboard att = (diag ? attacks_bishop_with(sq, occ, pext) : 0) |
                       (orth ? attacks_rook_with(sq, occ, pext) : 0);
        if (bb_test(pinned, sq)) {
            base += bb_count(att & target & attacks_line(kb, sq));
            continue;
        }
        if (count == LEAF_SLIDERS_MAX)
            return false;
        lb->slider[count] = (struct leaf_slider){att, sq, bb_count(att & target), diag, orth};
        total += lb->slider[count].count;
        for (bitboard rays = att; rays;)
            lb->attacked_by[bb_pop(&rays)] |= (uint16_t)(1u << count);
        count++;
    }
    lb->sliders = count;
    lb->slider_total = total;

    bitboard pawns = p->by_type[PAWN] & lb->own_b;
    bitboard free = lb->free_pawns = pawns & ~pinned;
    bitboard ahead = b == WHITE ? free << 8 : free >> 8;
    bitboard start = b == WHITE ? BB_RANK_3 : BB_RANK_6;
    lb->pawn_watch =
        free | ahead | (b == WHITE ? (ahead & start) << 8 : (ahead & start) >> 8) |
        (b == WHITE ? (bb_west(free) | bb_east(free)) << 8 : (bb_west(free) | bb_east(free)) >> 8);
    lb->pawn_moves = leaf_pawns(free, occ, lb->own_a, b);
    bitboard pinned_pawns = pawns & pinned;
    while (pinned_pawns) {
        /* Along the pin only: a push on a file pin, the pinner's capture
         * on a diagonal one. */
        int sq = bb_pop(&pinned_pawns);
        bitboard line = attacks_line(kb, sq), last = b == WHITE ? BB_RANK_8 : BB_RANK_1;
        bitboard one = (b == WHITE ? bb_square(sq) << 8 : bb_square(sq) >> 8) & ~occ;
        bitboard two = (b == WHITE ? (one & (BB_RANK_3)) << 8 : (one & BB_RANK_6) >> 8) & ~occ;
        bitboard moves = (one | (attacks_pawn(b, sq) & lb->own_a)) & line;
        base += bb_count(moves) + 3 * bb_count(moves & last) + bb_count(two & line);
    }
    lb->base = base;

    /* B's castling in the children, a fast copy of castling_rule followed
     * from P: the paths of B's rights (castling_path) must stay as they
     * are; whether A attacks the squares B's king crosses (FIDE Art.
     * 3.8.2.2), and what may change it: most children keep P's answer. */
    lb->castles = lb->castles_safe = 0;
    lb->castle_watch_all = 0;
    for (int side = 0; side < 2; side++) {
        int idx = castle_index(b, side);
        int rsq = p->castle_rook[idx];
        if (!(p->castling & (1 << idx)) || rsq == SQUARE_NONE)
            continue;
        bitboard both = bb_square(kb) | bb_square(rsq), king_path;
        bitboard path = castling_path(kb, rsq, &king_path);
        lb->fallback |= path | bb_square(rsq);
        if ((path & ~both & occ) || !bb_test(p->by_type[ROOK] & lb->own_b, rsq))
            continue;
        lb->castles |= 1u << idx;
        bitboard occ2 = occ ^ both, watch = 0;
        bool safe = true;
        while (king_path) {
            int sq = bb_pop(&king_path);
            safe = safe && !leaf_attacked(sq, occ2, b, lb->a_pawns, lb->a_knights, lb->a_diag,
                                          lb->a_orth, lb->a_king, pext);
            watch |= leaf_watch(sq, occ2, b, pext);
        }
        lb->castle_watch[idx] = watch;
        lb->castle_watch_all |= watch;
        lb->castles_safe |= (unsigned)safe << idx;
    }
    /* The same for B's king steps (FIDE Art. 3.9): the safe ones in P, and
     * for each square, the steps a move from or to it may change. */
    memset(lb->king_watch, 0, sizeof lb->king_watch);
    lb->king_safe = 0;
    bitboard occ_nk = occ ^ bb_square(kb);
    for (bitboard steps = attacks_king(kb); steps;) {
        int sq = bb_pop(&steps);
        bitboard one = bb_square(sq);
        if (!(one & lb->own_b) && !leaf_attacked(sq, occ_nk, b, lb->a_pawns, lb->a_knights,
                                                 lb->a_diag, lb->a_orth, lb->a_king, pext))
            lb->king_safe |= one;
        for (bitboard w = leaf_watch(sq, occ_nk, b, pext); w;)
            lb->king_watch[bb_pop(&w)] |= one;
    }
    return true;
}

/* B's number of moves after A's move m, from what leaf_prepare found in P;
 * -1 when m may change more than this follows (the caller then makes the
 * move and asks movegen_count). */
LEAF_INLINE int leaf_count(const struct leaf_base *lb, const struct position *p, move m, bool pext)
{
    enum move_kind kind = move_kind(m);
    if (kind != MOVE_NORMAL && kind != MOVE_DOUBLE_PUSH && kind != MOVE_CASTLE)
        return -1;
    int from = move_from(m), to = move_to(m);
    bitboard fb = bb_square(from), tb = bb_square(to), ft, occ, own_a;
    bitboard a_pawns = lb->a_pawns, a_knights = lb->a_knights, a_diag = lb->a_diag,
             a_orth = lb->a_orth;
    int a_king = lb->a_king, captured = NO_PIECE;
    /* The sliders of B whose attacks hold a square the move changes, and
     * the king steps it may change (ft: the squares it changes). */
    unsigned again;
    bitboard dirty;
    if (kind == MOVE_CASTLE) {
        /* A castles (FIDE Art. 3.8.2): king and rook (on to) move, nothing
         * is taken, four squares change (fewer in Chess960). */
        int kto = move_castle_king_to(from, to), rto = move_castle_rook_to(from, to);
        bitboard gone = fb | tb, come = bb_square(kto) | bb_square(rto);
        ft = gone | come;
        if (ft & lb->fallback)
            return -1;
        a_orth ^= tb ^ bb_square(rto);
        a_king = kto;
        occ = (lb->occ & ~gone) | come;
        own_a = (lb->own_a & ~gone) | come;
        again = lb->attacked_by[from] | lb->attacked_by[to] | lb->attacked_by[kto] |
                lb->attacked_by[rto];
        dirty =
            lb->king_watch[from] | lb->king_watch[to] | lb->king_watch[kto] | lb->king_watch[rto];
    } else {
        ft = fb | tb;
        if (ft & lb->fallback)
            return -1;
        switch (piece_type(p->board[from])) {
        case PAWN:
            if ((tb & lb->pawn_check) ||
                (kind == MOVE_DOUBLE_PUSH &&
                 (attacks_pawn(lb->a, (from + to) >> 1) & p->by_type[PAWN] & lb->own_b)))
                return -1;
            a_pawns ^= ft;
            break;
        case KNIGHT:
            if (tb & lb->knight_check)
                return -1;
            a_knights ^= ft;
            break;
        case BISHOP:
            a_diag ^= ft;
            break;
        case ROOK:
            a_orth ^= ft;
            break;
        case QUEEN:
            a_diag ^= ft;
            a_orth ^= ft;
            break;
        default:
            a_king = to;
            break;
        }
        occ = (lb->occ ^ fb) | tb;
        own_a = lb->own_a ^ ft;
        captured = p->board[to];
        again = lb->attacked_by[from] | lb->attacked_by[to];
        dirty = lb->king_watch[from] | lb->king_watch[to];
    }
    bitboard own_b = lb->own_b;
    if (ft & lb->rays) {
        /* The move may check B or change B's pins (FIDE Art. 3.9): asked
         * again as leaf_prepare asks, and only a child with P's pins, out
         * of check, whose move leaves the pin lines alone goes on here. */
        if (ft & lb->pin_lines)
            return -1;
        bitboard pinned = 0;
        bitboard snipers = (attacks_bishop_with(lb->kb, own_a, pext) & a_diag) |
                           (attacks_rook_with(lb->kb, own_a, pext) & a_orth);
        while (snipers) {
            bitboard between = attacks_between(lb->kb, bb_pop(&snipers)) & occ;
            if (!between)
                return -1;
            if (!bb_several(between))
                pinned |= between;
        }
        if (pinned != lb->pinned)
            return -1;
    }
    bitboard free_pawns = lb->free_pawns;
    int n = lb->base;
    if (captured != NO_PIECE) {
        /* B loses the piece (not a pinned one: its line is a ray); B's
         * knights that attack the square may now take there. */
        bitboard knights = lb->free_knights;
        own_b ^= tb;
        free_pawns &= ~tb;
        if (piece_type(captured) == KNIGHT) {
            n -= bb_count(attacks_knight(to) & ~lb->own_b);
            knights ^= tb;
        }
        n += bb_count(attacks_knight(to) & knights);
    }
    bitboard target = ~own_b;
    /* The sliders whose attacks hold a changed square are counted again;
     * a captured one not at all. */
    n += lb->slider_total;
    if (captured != NO_PIECE && piece_type(captured) >= BISHOP && piece_type(captured) <= QUEEN)
        for (int i = 0; i < lb->sliders; i++)
            if (lb->slider[i].sq == to) {
                n -= lb->slider[i].count;
                again &= ~(1u << i);
            }
    while (again) {
        const struct leaf_slider *sl = &lb->slider[__builtin_ctz(again)];
        again &= again - 1;
        bitboard att = (sl->diag ? attacks_bishop_with(sl->sq, occ, pext) : 0) |
                       (sl->orth ? attacks_rook_with(sl->sq, occ, pext) : 0);
        n += bb_count(att & target) - sl->count;
    }
    n += ft & lb->pawn_watch ? leaf_pawns(free_pawns, occ, own_a, lb->b) : lb->pawn_moves;

    /* B's king steps: P's answer where the move cannot change it, else
     * asked again as the generator asks. */
    n += bb_count(lb->king_safe & ~dirty);
    bitboard kt = dirty & target & ~attacks_king(a_king);
    if (kt) {
        bitboard wide = bb_west(a_pawns) | bb_east(a_pawns);
        bitboard leap = lb->a == WHITE ? wide << 8 : wide >> 8;
        bitboard k = a_knights;
        while (k)
            leap |= attacks_knight(bb_pop(&k));
        kt &= ~leap;
        bitboard occ_nk = occ ^ bb_square(lb->kb), t = kt;
        while (t) {
            int sq = bb_pop(&t);
            if ((attacks_bishop_with(sq, occ_nk, pext) & a_diag) ||
                (attacks_rook_with(sq, occ_nk, pext) & a_orth))
                kt ^= bb_square(sq);
        }
        n += bb_count(kt);
    }
    unsigned castles = lb->castles;
    if (!(ft & lb->castle_watch_all)) {
        n += __builtin_popcount(lb->castles_safe);
        castles = 0;
    }
    for (unsigned c = castles; c; c &= c - 1) {
        int idx = __builtin_ctz(c);
        if (!(ft & lb->castle_watch[idx])) {
            n += (lb->castles_safe >> idx) & 1;
            continue;
        }
        int rsq = p->castle_rook[idx];
        bitboard path;
        castling_path(lb->kb, rsq, &path);
        bitboard occ2 = occ ^ bb_square(lb->kb) ^ bb_square(rsq);
        bool safe = true;
        while (path && safe)
            safe = !leaf_attacked(bb_pop(&path), occ2, lb->b, a_pawns, a_knights, a_diag, a_orth,
                                  a_king, pext);
        n += safe;
    }
    return n;
}

/* The leaves below a node one ply above them: each child's moves counted,
 * by leaf_count where it can, else by making the move. */
LEAF_INLINE uint64_t count_leaf_parent(const struct position *p, const struct movelist *l,
                                       bool pext)
{
    uint64_t total = 0;
    struct leaf_base lb;
    if (l->count > 4 && leaf_prepare(&lb, p, pext)) {
        for (int i = 0; i < l->count; i++) {
            int k = leaf_count(&lb, p, l->moves[i], pext);
            if (k < 0) {
                struct position child;
                leaf_make(&child, p, l->moves[i]);
                k = movegen_count(&child);
            }
            total += (uint64_t)k;
        }
    } else {
        for (int i = 0; i < l->count; i++) {
            struct position child;
            leaf_make(&child, p, l->moves[i]);
            total += (uint64_t)movegen_count(&child);
        }
    }
    return total;
}

/* The variants: the full makemove_play on a copy, then the count. */
static uint64_t count_plain(const struct position *p)
{
    struct movelist l;
    uint64_t total = 0;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        struct position child = *p;
        makemove_play(&child, l.moves[i]);
        total += (uint64_t)movegen_count(&child);
    }
    return total;
}

typedef uint64_t leaf_fn(const struct position *p);

#define LEAF_VERSION(suffix, target)                                                               \
    target static uint64_t perft_leaf_count_##suffix(const struct position *p)                     \
    {                                                                                              \
        if (__builtin_expect(p->variant != VARIANT_CHESS, 0))                                      \
            return count_plain(p);                                                                 \
        struct movelist l;                                                                         \
        movegen_legal(p, &l);                                                                      \
        return attacks_use_pext ? count_leaf_parent(p, &l, true)                                   \
                                : count_leaf_parent(p, &l, false);                                 \
    }
ISA_EACH(LEAF_VERSION)

ISA_DISPATCH(leaf_fn, perft_leaf_count)
