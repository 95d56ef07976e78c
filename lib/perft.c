#include "perft.h"

#include "attacks.h"
#include "isa.h"
#include "makemove.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The tree walk comes in the versions of isa.h, like the generator (see
 * movegen.c), and the loader picks the version for the CPU it runs on. */
#define PERFT_INLINE static inline __attribute__((always_inline))

/* ------------------------------------------------------------------ */
/* Transposition table                                                 */

/* One entry: the count with the depth in its low byte, and the key xored
 * with that word.  Both words are written and read separately (relaxed
 * atomics), so another thread may tear an entry; the xor makes a torn
 * entry fail the key test instead of answering with a wrong count. */
struct entry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;  /* count << 8 | depth */
};

enum { BUCKET_ENTRIES = 4, COUNT_BITS = 56 };

struct bucket {
    struct entry e[BUCKET_ENTRIES];
};

struct perft_table {
    struct bucket *buckets;
    size_t count; /* buckets */
    void *map;    /* what mmap returned, and its length */
    size_t map_len;
};

/* Huge pages matter for a table of gigabytes (a TLB miss on every probe
 * otherwise), so the buckets are mapped 2 MiB-aligned and advised so. */
struct perft_table *perft_table_new(size_t bytes)
{
    const size_t huge = (size_t)2 << 20;
    size_t n = bytes / sizeof(struct bucket);
    if (n == 0)
        n = 1;
    if (n > SIZE_MAX / sizeof(struct bucket) - huge)
        return NULL;
    struct perft_table *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->count = n;
    t->map_len = n * sizeof(struct bucket) + huge;
    t->map = mmap(NULL, t->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (t->map == MAP_FAILED) {
        free(t);
        return NULL;
    }
    uintptr_t base = ((uintptr_t)t->map + huge - 1) & ~(uintptr_t)(huge - 1);
    t->buckets = (struct bucket *)base;
#ifdef MADV_HUGEPAGE
    madvise(t->buckets, n * sizeof(struct bucket), MADV_HUGEPAGE);
#endif
    return t;
}

void perft_table_free(struct perft_table *t)
{
    if (!t)
        return;
    munmap(t->map, t->map_len);
    free(t);
}

void perft_table_clear(struct perft_table *t)
{
    for (size_t i = 0; i < t->count; i++)
        for (int j = 0; j < BUCKET_ENTRIES; j++) {
            atomic_store_explicit(&t->buckets[i].e[j].check, 0, memory_order_relaxed);
            atomic_store_explicit(&t->buckets[i].e[j].data, 0, memory_order_relaxed);
        }
}

/* The part of a table one run uses (see table_share). */
struct table_view {
    struct bucket *buckets; /* NULL: no table */
    size_t count;
};

/* The bucket of a key: the high bits of key * count, so that any table
 * size works and the low bits of the key stay independent of the index. */
PERFT_INLINE struct bucket *table_bucket(const struct table_view *t, uint64_t key)
{
    return &t->buckets[(size_t)(((unsigned __int128)key * t->count) >> 64)];
}

/* A hit needs the full key and the depth to match: never a partial key. */
PERFT_INLINE bool table_probe(const struct table_view *t, uint64_t key, int depth, uint64_t *count)
{
    struct bucket *b = table_bucket(t, key);
    for (int i = 0; i < BUCKET_ENTRIES; i++) {
        uint64_t data = atomic_load_explicit(&b->e[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&b->e[i].check, memory_order_relaxed);
        if ((check ^ data) == key && (data & 0xFF) == (uint64_t)depth) {
            *count = data >> 8;
            return true;
        }
    }
    return false;
}

/* Replace the shallowest entry of the bucket: deep counts cost the most
 * to redo. */
PERFT_INLINE void table_store(const struct table_view *t, uint64_t key, int depth, uint64_t count)
{
    if (count >> COUNT_BITS)
        return;
    struct bucket *b = table_bucket(t, key);
    int victim = 0;
    uint64_t victim_depth = UINT64_MAX;
    for (int i = 0; i < BUCKET_ENTRIES; i++) {
        uint64_t data = atomic_load_explicit(&b->e[i].data, memory_order_relaxed);
        if ((data & 0xFF) < victim_depth) {
            victim_depth = data & 0xFF;
            victim = i;
        }
    }
    uint64_t data = count << 8 | (uint64_t)depth;
    atomic_store_explicit(&b->e[victim].check, key ^ data, memory_order_relaxed);
    atomic_store_explicit(&b->e[victim].data, data, memory_order_relaxed);
}

/* ------------------------------------------------------------------ */
/* The tree walk                                                       */

/* What the walk needs beyond the position: which castling rights survive a
 * move from or to each square (fixed by the root: the kings' and the
 * castling rooks' squares), and the table. */
struct engine {
    uint8_t castle_keep[SQUARE_NB];
    struct table_view table;
};

/* The same rule as makemove.c (FIDE Art. 3.8.2.1) as a mask per square:
 * rights exist only while king and rook stand where they stood at the root. */
static void engine_init(struct engine *e, const struct position *p, const struct table_view *table)
{
    memset(e->castle_keep, CASTLE_ALL, sizeof e->castle_keep);
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1 << i)))
            continue;
        if (p->castle_rook[i] != SQUARE_NONE)
            e->castle_keep[p->castle_rook[i]] &= (uint8_t) ~(1 << i);
        int k = position_king(p, (enum color)(i >> 1));
        if (k != SQUARE_NONE)
            e->castle_keep[k] &= (uint8_t) ~(1 << i);
    }
    e->table = table ? *table : (struct table_view){NULL, 0};
}

/* A lean makemove_play for the walk: the counters are left alone (no count
 * depends on them) and the key is kept only when a table will read it.
 * The en-passant square is recorded under the same condition as in
 * makemove.c, so that transpositions meet in the table. */
PERFT_INLINE void lean_make(struct position *p, move m, const struct engine *e, bool keys)
{
    int from = move_from(m), to = move_to(m);
    enum move_kind kind = move_kind(m);
    enum color us = (enum color)p->side, them = (enum color) !us;
    int piece = p->board[from];
    bitboard fb = bb_square(from), tb = bb_square(to);
    uint64_t key = keys ? p->key : 0;

    if (p->ep_square != SQUARE_NONE) {
        if (keys)
            key ^= position_zobrist_ep_file[square_file(p->ep_square)];
        p->ep_square = SQUARE_NONE;
    }
    if (kind == MOVE_CASTLE) {
        int kto = move_castle_king_to(from, to), rto = move_castle_rook_to(from, to);
        int rook = p->board[to];
        bitboard kb = bb_square(kto), rb = bb_square(rto);
        p->by_type[KING] = (p->by_type[KING] & ~fb) | kb;
        p->by_type[ROOK] = (p->by_type[ROOK] & ~tb) | rb;
        p->by_color[us] = (p->by_color[us] & ~(fb | tb)) | kb | rb;
        p->board[from] = NO_PIECE;
        p->board[to] = NO_PIECE;
        p->board[kto] = (uint8_t)piece;
        p->board[rto] = (uint8_t)rook;
        if (keys)
            key ^= position_zobrist_piece[piece][from] ^ position_zobrist_piece[piece][kto] ^
                   position_zobrist_piece[rook][to] ^ position_zobrist_piece[rook][rto];
    } else {
        int captured = p->board[to];
        if (kind == MOVE_EN_PASSANT) {
            int victim = to ^ 8;
            bitboard vb = bb_square(victim);
            p->by_type[PAWN] ^= vb;
            p->by_color[them] ^= vb;
            p->board[victim] = NO_PIECE;
            if (keys)
                key ^= position_zobrist_piece[piece_make(them, PAWN)][victim];
        } else if (captured != NO_PIECE) {
            p->by_type[piece_type(captured)] ^= tb;
            p->by_color[them] ^= tb;
            if (keys)
                key ^= position_zobrist_piece[captured][to];
        }
        int placed = move_is_promotion(m) ? piece_make(us, move_promotion(m)) : piece;
        p->by_color[us] ^= fb | tb;
        p->by_type[piece_type(piece)] ^= fb;
        p->by_type[piece_type(placed)] ^= tb;
        p->board[from] = NO_PIECE;
        p->board[to] = (uint8_t)placed;
        if (keys)
            key ^= position_zobrist_piece[piece][from] ^ position_zobrist_piece[placed][to];
        if (kind == MOVE_DOUBLE_PUSH) {
            int ep = (from + to) >> 1;
            if (attacks_pawn(us, ep) & p->by_type[PAWN] & p->by_color[them]) {
                p->ep_square = (uint8_t)ep;
                if (keys)
                    key ^= position_zobrist_ep_file[square_file(ep)];
            }
        }
    }
    p->by_type[0] = p->by_color[WHITE] | p->by_color[BLACK];
    if (p->castling) {
        uint8_t rights = p->castling & e->castle_keep[from] & e->castle_keep[to];
        if (keys)
            key ^= position_zobrist_castling[p->castling] ^ position_zobrist_castling[rights];
        p->castling = rights;
    }
    p->side = (uint8_t)them;
    if (keys)
        p->key = key ^ position_zobrist_side;
}

/* The child of a node one ply above the leaves, only to count its moves:
 * the generator reads the bitboards, the rights, the castling rooks, the
 * Chess960 flag, the side and the en-passant square, never the mailbox or
 * the counters, so only those are written (copying the mailbox cost more
 * than the rest of the move). */
PERFT_INLINE void leaf_make(struct position *c, const struct position *p, move m,
                            const struct engine *e)
{
    int from = move_from(m), to = move_to(m);
    enum move_kind kind = move_kind(m);
    enum color us = (enum color)p->side, them = (enum color) !us;
    bitboard fb = bb_square(from), tb = bb_square(to);
    memcpy(c->by_type, p->by_type, sizeof c->by_type);
    memcpy(c->by_color, p->by_color, sizeof c->by_color);
    memcpy(c->castle_rook, p->castle_rook, sizeof c->castle_rook);
    c->chess960 = p->chess960;
    c->variant = VARIANT_CHESS; /* the standard walk only: the variants have walk_variant */
    c->ep_square = SQUARE_NONE;
    if (kind == MOVE_CASTLE) {
        bitboard kb = bb_square(move_castle_king_to(from, to)),
                 rb = bb_square(move_castle_rook_to(from, to));
        c->by_type[KING] = (c->by_type[KING] & ~fb) | kb;
        c->by_type[ROOK] = (c->by_type[ROOK] & ~tb) | rb;
        c->by_color[us] = (c->by_color[us] & ~(fb | tb)) | kb | rb;
    } else {
        int captured = p->board[to];
        if (kind == MOVE_EN_PASSANT) {
            bitboard vb = bb_square(to ^ 8);
            c->by_type[PAWN] ^= vb;
            c->by_color[them] ^= vb;
        } else if (captured != NO_PIECE) {
            c->by_type[piece_type(captured)] ^= tb;
            c->by_color[them] ^= tb;
        }
        int type = piece_type(p->board[from]);
        c->by_color[us] ^= fb | tb;
        c->by_type[type] ^= fb;
        c->by_type[move_is_promotion(m) ? (int)move_promotion(m) : type] ^= tb;
        if (kind == MOVE_DOUBLE_PUSH) {
            int ep = (from + to) >> 1;
            if (attacks_pawn(us, ep) & c->by_type[PAWN] & c->by_color[them])
                c->ep_square = (uint8_t)ep;
        }
    }
    c->by_type[0] = c->by_color[WHITE] | c->by_color[BLACK];
    c->castling = p->castling & e->castle_keep[from] & e->castle_keep[to];
    c->side = (uint8_t)them;
}

/* ------------------------------------------------------------------ */
/* Counting the children of a node one ply above the leaves            */

/* The children of such a node P (A to move) differ from P by one move of
 * A, and most of B's moves do not depend on it.  What B can do in P's
 * children is worked out once, at P, and each child only redoes what its
 * move can change:
 *
 *   - a move of A that gives no knight or pawn check and touches no ray
 *     from B's king up to its second piece leaves B out of check with the
 *     same pins (a move that touches one has its checks and pins asked
 *     again, and goes on here when they are P's and no pin line changed),
 *     so B's knights, B's pinned pieces and every B slider whose
 *     attacks hold neither the from- nor the to-square keep their counts
 *     from P (a capture takes one B piece away, and gives B's knights that
 *     attack its square one more capture);
 *   - B's free pawns keep P's count unless the move leaves or enters a
 *     square they stand on, push to or capture on (then counted again);
 *   - B's king steps and castling keep P's answer (is the square attacked?)
 *     for every square whose watch set (leaf_watch: the square, where A's
 *     leapers would attack it from, its lines up to the first piece) the
 *     move neither leaves nor enters; the others are asked again;
 *   - A's castling is followed the same way, with its four squares;
 *   - everything else (en passant, promotions, a double push B may take
 *     en passant, a move on B's castling path or rook, a check) is made
 *     and counted by movegen_count.
 *
 * The suites (make check-slow) and --against Stockfish hold this to the
 * generator's counts. */
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
PERFT_INLINE int leaf_pawns(bitboard pawns, bitboard occ, bitboard enemy, enum color b)
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
PERFT_INLINE bool leaf_attacked(int sq, bitboard occ, enum color b, bitboard pawns,
                                bitboard knights, bitboard diag, bitboard orth, int king, bool pext)
{
    return (attacks_pawn(b, sq) & pawns) || (attacks_knight(sq) & knights) ||
           bb_test(attacks_king(king), sq) || (attacks_bishop_with(sq, occ, pext) & diag) ||
           (attacks_rook_with(sq, occ, pext) & orth);
}

/* The squares where a change may change whether A attacks sq (occupancy
 * occ): sq itself, where an A leaper would attack it from, and its lines
 * up to the first piece (a slider attacking along one, or a piece that
 * would open or block one).  A move that neither leaves nor enters one of
 * them leaves the answer as it was. */
PERFT_INLINE bitboard leaf_watch(int sq, bitboard occ, enum color b, bool pext)
{
    return bb_square(sq) | attacks_knight(sq) | attacks_pawn(b, sq) | attacks_king(sq) |
           attacks_bishop_with(sq, occ, pext) | attacks_rook_with(sq, occ, pext);
}

/* What P's children share; false when P is odd enough (B in check, no
 * king, too many sliders) that every child takes the long way. */
PERFT_INLINE bool leaf_prepare(struct leaf_base *lb, const struct position *p, bool pext)
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
     * decide checks and pins: a move from or to one of them may change
     * them, a move farther out cannot. */
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
    /* Their moves change only with the squares they stand on, push to or
     * capture on: most children keep P's count. */
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

    /* Castling: the paths of B's rights must stay as they are. */
    lb->castles = 0;
    for (int side = 0; side < 2; side++) {
        int idx = castle_index(b, side);
        int rsq = p->castle_rook[idx];
        if (!(p->castling & (1 << idx)) || rsq == SQUARE_NONE)
            continue;
        int kto = move_castle_king_to(kb, rsq), rto = move_castle_rook_to(kb, rsq);
        bitboard both = bb_square(kb) | bb_square(rsq);
        bitboard path = attacks_between(kb, kto) | bb_square(kto) | attacks_between(rsq, rto) |
                        bb_square(rto) | attacks_between(kb, rsq);
        lb->fallback |= path | bb_square(rsq);
        if (!(path & ~both & occ) && bb_test(p->by_type[ROOK] & lb->own_b, rsq))
            lb->castles |= 1u << idx;
    }
    /* Whether A attacks the squares B's king crosses when castling (FIDE
     * Art. 3.8.2.1), and what may change it: most children keep P's answer. */
    lb->castles_safe = 0;
    lb->castle_watch_all = 0;
    for (unsigned c = lb->castles; c; c &= c - 1) {
        int idx = __builtin_ctz(c), rsq = p->castle_rook[idx];
        int kto = move_castle_king_to(kb, rsq);
        bitboard path = attacks_between(kb, kto) | bb_square(kto);
        bitboard occ2 = occ ^ bb_square(kb) ^ bb_square(rsq), watch = 0;
        bool safe = true;
        while (path) {
            int sq = bb_pop(&path);
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
PERFT_INLINE int leaf_count(const struct leaf_base *lb, const struct position *p, move m, bool pext)
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
        /* B loses the piece (a pinned one stood on a line through its
         * king: not here); B's knights that attack the square may now
         * take there.  Sliders and pawns see the change below. */
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
     * A's attacks after the move, leapers as a set, the sliders asked about
     * the few squares left. */
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
        int kto = move_castle_king_to(lb->kb, rsq);
        bitboard path = attacks_between(lb->kb, kto) | bb_square(kto);
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
PERFT_INLINE uint64_t count_leaf_parent(const struct engine *e, const struct position *p,
                                        const struct movelist *l, bool pext)
{
    uint64_t total = 0;
    struct leaf_base lb;
    if (l->count > 4 && leaf_prepare(&lb, p, pext)) {
        for (int i = 0; i < l->count; i++) {
            int k = leaf_count(&lb, p, l->moves[i], pext);
            if (k < 0) {
                struct position child;
                leaf_make(&child, p, l->moves[i], e);
                k = movegen_count(&child);
            }
            total += (uint64_t)k;
        }
    } else {
        for (int i = 0; i < l->count; i++) {
            struct position child;
            leaf_make(&child, p, l->moves[i], e);
            total += (uint64_t)movegen_count(&child);
        }
    }
    return total;
}

typedef uint64_t walk_fn(const struct engine *e, const struct position *p, int depth);

/* The count below a node of depth >= 2.  Bulk counting: the nodes one ply
 * above the leaves are made but never expanded, their legal moves are only
 * counted; and a table is consulted from depth 2 up, where a probe (one
 * cache miss) is cheaper than the subtree.  The children go to `next`, the
 * caller's own version (a constant once inlined: a direct call). */
PERFT_INLINE uint64_t walk(const struct engine *e, const struct position *p, int depth, bool hashed,
                           walk_fn *next)
{
    uint64_t total = 0;
    if (hashed && table_probe(&e->table, p->key, depth, &total))
        return total;
    struct movelist l;
    int n = movegen_legal(p, &l);
    if (depth == 2) {
        total = attacks_use_pext ? count_leaf_parent(e, p, &l, true)
                                 : count_leaf_parent(e, p, &l, false);
    } else if (hashed) {
        /* One child ahead: its bucket is fetched from memory while the
         * subtree of the one before is counted. */
        struct position child[2];
        if (n > 0) {
            child[0] = *p;
            lean_make(&child[0], l.moves[0], e, true);
            __builtin_prefetch(table_bucket(&e->table, child[0].key));
        }
        for (int i = 0; i < n; i++) {
            if (i + 1 < n) {
                struct position *ahead = &child[(i + 1) & 1];
                *ahead = *p;
                lean_make(ahead, l.moves[i + 1], e, true);
                __builtin_prefetch(table_bucket(&e->table, ahead->key));
            }
            total += next(e, &child[i & 1], depth - 1);
        }
    } else {
        for (int i = 0; i < n; i++) {
            struct position child = *p;
            lean_make(&child, l.moves[i], e, false);
            total += next(e, &child, depth - 1);
        }
    }
    if (hashed)
        table_store(&e->table, p->key, depth, total);
    return total;
}

/* The variants: the same generator with their rule modules, and the full
 * makemove_play (pockets, explosions, check counters) on a copy; bulk
 * counting at the last ply and the table as above.  Standard chess keeps
 * the walk above, whose shortcuts know nothing of the variants. */
PERFT_INLINE uint64_t walk_variant_node(const struct engine *e, const struct position *p, int depth,
                                        walk_fn *next)
{
    if (depth <= 1)
        return depth <= 0 ? 1 : (uint64_t)movegen_count(p);
    uint64_t total = 0;
    bool hashed = e->table.buckets != NULL;
    if (hashed && table_probe(&e->table, p->key, depth, &total))
        return total;
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        struct position child = *p;
        makemove_play(&child, l.moves[i]);
        total += next(e, &child, depth - 1);
    }
    if (hashed)
        table_store(&e->table, p->key, depth, total);
    return total;
}

/* One version (see isa.h) of walk() without and with the table and of the
 * variants' walk; each recurses into itself. */
#define PERFT_VERSION(suffix, target)                                                              \
    target static uint64_t walk_plain_##suffix(const struct engine *e, const struct position *p,   \
                                               int depth)                                          \
    {                                                                                              \
        return walk(e, p, depth, false, walk_plain_##suffix);                                      \
    }                                                                                              \
    target static uint64_t walk_hashed_##suffix(const struct engine *e, const struct position *p,  \
                                                int depth)                                         \
    {                                                                                              \
        return walk(e, p, depth, true, walk_hashed_##suffix);                                      \
    }                                                                                              \
    target static uint64_t walk_variant_##suffix(const struct engine *e, const struct position *p, \
                                                 int depth)                                        \
    {                                                                                              \
        return walk_variant_node(e, p, depth, walk_variant_##suffix);                              \
    }
ISA_EACH(PERFT_VERSION)

#if ISA_VERSIONS
ISA_RESOLVER(walk_fn, walk_plain)
ISA_RESOLVER(walk_fn, walk_hashed)
ISA_RESOLVER(walk_fn, walk_variant)
static walk_fn walk_plain __attribute__((ifunc("walk_plain_resolve")));
static walk_fn walk_hashed __attribute__((ifunc("walk_hashed_resolve")));
static walk_fn walk_variant __attribute__((ifunc("walk_variant_resolve")));
#else
#define walk_plain walk_plain_base
#define walk_hashed walk_hashed_base
#define walk_variant walk_variant_base
#endif

/* One move for the run's own plies above the workers' items: the lean
 * make of the standard walk, or the variants' full one. */
static void run_make(struct position *p, move m, const struct engine *e)
{
    if (p->variant != VARIANT_CHESS)
        makemove_play(p, m);
    else
        lean_make(p, m, e, true);
}

/* Any depth.  The table must only ever see true keys: perft_run computes
 * the root's afresh (a hand-built position may carry a stale one). */
static uint64_t walk_any(const struct engine *e, const struct position *p, int depth)
{
    if (p->variant != VARIANT_CHESS)
        return walk_variant(e, p, depth);
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)movegen_count(p);
    return e->table.buckets ? walk_hashed(e, p, depth) : walk_plain(e, p, depth);
}

uint64_t perft_count(const struct position *p, int depth)
{
    struct engine e;
    engine_init(&e, p, NULL);
    return walk_any(&e, p, depth);
}

/* ------------------------------------------------------------------ */
/* Threads                                                             */

/* A piece of work: the subtree below a position two plies down, whose
 * count goes to the root move that led there. */
struct item {
    struct position pos;
    int root;
    uint64_t nodes;
};

struct job {
    const struct engine *engine;
    struct item *items;
    unsigned count;
    int depth; /* below each item */
    atomic_uint next;
    struct perft_progress *progress;
};

/* Workers take the next item until none is left: the items are many
 * (hundreds) and small, which balances the threads without more ado. */
static void *worker(void *arg)
{
    struct job *j = arg;
    for (;;) {
        unsigned k = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
        if (k >= j->count)
            break;
        struct item *it = &j->items[k];
        it->nodes = walk_any(j->engine, &it->pos, j->depth);
        if (j->progress) {
            atomic_fetch_add_explicit(&j->progress->nodes_done, it->nodes, memory_order_relaxed);
            atomic_fetch_add_explicit(&j->progress->items_done, 1, memory_order_relaxed);
        }
    }
    return NULL;
}

/* Run the job on the calling thread and threads - 1 more; a thread that
 * cannot be created only means fewer workers. */
static void run_job(struct job *j, int threads)
{
    enum { THREADS_MAX = 256 };
    pthread_t tid[THREADS_MAX];
    int started = 0;
    if (threads > THREADS_MAX)
        threads = THREADS_MAX;
    for (int i = 1; i < threads; i++) {
        if (pthread_create(&tid[started], NULL, worker, j) != 0)
            break;
        started++;
    }
    worker(j);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
}

/* The root and its children directly, for shallow depths or when the
 * item list cannot be allocated. */
static uint64_t run_by_root_moves(const struct engine *e, const struct position *p, int depth,
                                  const struct movelist *l, struct perft_divide *divide,
                                  struct perft_progress *progress)
{
    uint64_t total = 0;
    if (progress)
        atomic_store(&progress->items_total, (unsigned)l->count);
    for (int i = 0; i < l->count; i++) {
        struct position child = *p;
        run_make(&child, l->moves[i], e);
        uint64_t n = walk_any(e, &child, depth - 1);
        divide->moves[i] = l->moves[i];
        divide->nodes[i] = n;
        total += n;
        if (progress) {
            atomic_fetch_add(&progress->nodes_done, n);
            atomic_fetch_add(&progress->items_done, 1);
        }
    }
    return total;
}

/* How much of the table a run uses: room for about twice the entries it
 * can store (one per node two or more plies above the leaves, estimated
 * from the branching of the first two plies), never more than the table.
 * A short run then leaves most of a table of gigabytes untouched, which
 * matters: the first touch of each page (the kernel zeroing it) costs more
 * than the counting that fills it.  Runs that use different shares only
 * miss each other's entries. */
static struct table_view table_share(const struct perft_table *t, int root_moves, unsigned items,
                                     int depth)
{
    struct table_view v = {t->buckets, t->count};
    double branching = root_moves > 0 ? (double)items / root_moves : 1.0;
    double entries = items;
    for (int k = 4; k < depth && entries < (double)t->count * BUCKET_ENTRIES; k++)
        entries *= branching;
    double buckets = entries * 1.1 * 2 / BUCKET_ENTRIES;
    if (buckets < 4096)
        buckets = 4096;
    if (buckets < (double)t->count)
        v.count = (size_t)buckets;
    return v;
}

/* The Zobrist key says which castling rights are held but not with which
 * rook (Chess960): two roots alike but for their castling rooks would share
 * keys with different moves.  A salt from the rooks of the rights held at
 * the root, xored into the root key, reaches every key of the walk (they
 * are derived from it move by move) and keeps such walks apart in a table
 * shared by several runs. */
static uint64_t castle_salt(const struct position *p)
{
    uint64_t packed = 0;
    for (int i = 0; i < 4; i++)
        if (p->castling & (1 << i))
            packed |= (uint64_t)(p->castle_rook[i] + 1) << (8 * i);
    if (!packed)
        return 0;
    uint64_t z = packed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The root's moves are listed, the positions two plies down become the
 * items the threads share, and their counts are added up per root move at
 * the end, in a fixed order: the result never depends on the threads. */
uint64_t perft_run(const struct position *p, int depth, const struct perft_config *cfg,
                   struct perft_divide *divide)
{
    struct perft_divide local;
    struct perft_divide *d = divide ? divide : &local;
    struct engine e;
    struct position root = *p;
    root.key = position_compute_key(&root) ^ castle_salt(&root);
    struct perft_table *table = cfg ? cfg->table : NULL;
    struct table_view whole =
        table ? (struct table_view){table->buckets, table->count} : (struct table_view){0};
    engine_init(&e, &root, table ? &whole : NULL);
    struct perft_progress *progress = cfg ? cfg->progress : NULL;
    int threads = cfg && cfg->threads > 1 ? cfg->threads : 1;
    d->count = 0;
    if (depth <= 0)
        return 1;

    struct movelist l;
    movegen_legal(&root, &l);
    d->count = l.count;
    if (depth < 3)
        return run_by_root_moves(&e, &root, depth, &l, d, progress);

    /* Two plies of items: some hundreds, enough to keep threads busy. */
    unsigned cap = 1024, count = 0;
    struct item *items = malloc(cap * sizeof *items);
    if (!items)
        return run_by_root_moves(&e, &root, depth, &l, d, progress);
    for (int i = 0; i < l.count; i++) {
        struct position child = root;
        run_make(&child, l.moves[i], &e);
        struct movelist l2;
        movegen_legal(&child, &l2);
        for (int k = 0; k < l2.count; k++) {
            if (count == cap) {
                struct item *more = realloc(items, 2 * cap * sizeof *items);
                if (!more) {
                    free(items);
                    return run_by_root_moves(&e, &root, depth, &l, d, progress);
                }
                items = more;
                cap *= 2;
            }
            items[count].pos = child;
            run_make(&items[count].pos, l2.moves[k], &e);
            items[count].root = i;
            items[count].nodes = 0;
            count++;
        }
    }
    if (table)
        e.table = table_share(table, l.count, count, depth);
    struct job job = {
        .engine = &e, .items = items, .count = count, .depth = depth - 2, .progress = progress};
    atomic_init(&job.next, 0);
    if (progress)
        atomic_store(&progress->items_total, count);
    run_job(&job, threads);

    uint64_t total = 0;
    for (int i = 0; i < l.count; i++) {
        d->moves[i] = l.moves[i];
        d->nodes[i] = 0;
    }
    for (unsigned k = 0; k < count; k++) {
        d->nodes[items[k].root] += items[k].nodes;
        total += items[k].nodes;
    }
    free(items);
    return total;
}

/* ------------------------------------------------------------------ */
/* Split                                                               */

struct split_entry {
    struct position pos;
    uint64_t paths;
};

struct split_set {
    struct split_entry *entries;
    size_t count, cap;
    uint32_t *index; /* open addressing: entry number + 1, 0 when free */
    size_t index_size;
    bool failed;
};

/* Positions are the same when pieces, side, rights and en-passant square
 * are; the counters are not part of what perft counts. */
static bool same_position(const struct position *a, const struct position *b)
{
    return memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 &&
           memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 && a->side == b->side &&
           a->castling == b->castling && a->ep_square == b->ep_square && a->variant == b->variant &&
           memcmp(a->pocket, b->pocket, sizeof a->pocket) == 0 && a->promoted == b->promoted &&
           memcmp(a->checks_given, b->checks_given, sizeof a->checks_given) == 0;
}

/* Double the index when it is half full, so that probes stay short. */
static bool split_grow_index(struct split_set *s)
{
    size_t size = s->index_size ? s->index_size * 2 : 1024;
    uint32_t *index = calloc(size, sizeof *index);
    if (!index)
        return false;
    for (size_t i = 0; i < s->count; i++) {
        size_t h = (size_t)(s->entries[i].pos.key & (size - 1));
        while (index[h])
            h = (h + 1) & (size - 1);
        index[h] = (uint32_t)(i + 1);
    }
    free(s->index);
    s->index = index;
    s->index_size = size;
    return true;
}

/* Count one more path to p: a new entry, or one more on the entry of the
 * same position reached before. */
static void split_add(struct split_set *s, const struct position *p)
{
    if (s->failed)
        return;
    if (2 * (s->count + 1) > s->index_size &&
        (s->count >= UINT32_MAX - 1 || !split_grow_index(s))) {
        s->failed = true;
        return;
    }
    size_t mask = s->index_size - 1, h = (size_t)(p->key & mask);
    while (s->index[h]) {
        struct split_entry *en = &s->entries[s->index[h] - 1];
        if (en->pos.key == p->key && same_position(&en->pos, p)) {
            en->paths++;
            return;
        }
        h = (h + 1) & mask;
    }
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        struct split_entry *more = realloc(s->entries, cap * sizeof *more);
        if (!more) {
            s->failed = true;
            return;
        }
        s->entries = more;
        s->cap = cap;
    }
    s->entries[s->count] = (struct split_entry){*p, 1};
    s->index[h] = (uint32_t)++s->count;
}

/* The full makemove_play here: the positions leave the library (as FEN),
 * so their counters must be right too. */
static void split_walk(struct split_set *s, const struct position *p, int plies)
{
    if (plies == 0) {
        split_add(s, p);
        return;
    }
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count && !s->failed; i++) {
        struct position child = *p;
        makemove_play(&child, l.moves[i]);
        split_walk(s, &child, plies - 1);
    }
}

/* The moves are sorted by the one order of the library; each count is then
 * found by its move (a root has at most a few hundred). */
void perft_divide_sort(const struct position *p, struct perft_divide *d, enum uci_castling style)
{
    struct perft_divide in = *d;
    uci_sort(p, d->moves, d->count, style);
    for (int i = 0; i < d->count; i++)
        for (int j = 0; j < in.count; j++)
            if (in.moves[j] == d->moves[i]) {
                d->nodes[i] = in.nodes[j];
                break;
            }
}

/* All positions are gathered first (a hash index merges transpositions),
 * then visited in the order first reached, so the output is deterministic. */
bool perft_split(const struct position *p, int plies, perft_split_visit *visit, void *ctx)
{
    struct split_set s = {0};
    struct position root = *p;
    root.key = position_compute_key(&root);
    split_walk(&s, &root, plies < 0 ? 0 : plies);
    if (!s.failed)
        for (size_t i = 0; i < s.count; i++)
            visit(&s.entries[i].pos, s.entries[i].paths, ctx);
    free(s.entries);
    free(s.index);
    return !s.failed;
}
