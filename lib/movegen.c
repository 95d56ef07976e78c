#include "movegen.h"

#include "attacks.h"

/* Pawns move "forward": north for White, south for Black. */
static inline bitboard pawn_push(bitboard b, enum color c) { return c == WHITE ? b << 8 : b >> 8; }

struct sink {
    move *out;
    int n;
};

/* Emit a move, or only count it: the generator below is specialised for the
 * two uses by constant propagation (counting passes out == NULL). */
static inline __attribute__((always_inline)) void emit(struct sink *s, int from, int to, enum move_kind kind)
{
    if (s->out)
        s->out[s->n] = move_make(from, to, kind);
    s->n++;
}

static inline __attribute__((always_inline)) void emit_targets(struct sink *s, int from, bitboard targets)
{
    if (!s->out) {
        s->n += bb_count(targets);
        return;
    }
    while (targets)
        emit(s, from, bb_pop(&targets), MOVE_NORMAL);
}

/* A pawn that reaches the last rank must promote (FIDE Art. 3.7.5.1), to a
 * queen, rook, bishop or knight: four moves. */
static inline __attribute__((always_inline)) void emit_pawn_set(struct sink *s, bitboard targets, int delta,
                                                                enum color us, enum move_kind kind)
{
    bitboard last = us == WHITE ? BB_RANK_8 : BB_RANK_1;
    bitboard promo = targets & last, plain = targets & ~last;
    if (!s->out) {
        s->n += bb_count(plain) + 4 * bb_count(promo);
        return;
    }
    while (plain) {
        int to = bb_pop(&plain);
        emit(s, to - delta, to, kind);
    }
    while (promo) {
        int to = bb_pop(&promo);
        for (int k = MOVE_PROMOTE_QUEEN; k >= MOVE_PROMOTE_KNIGHT; k--)
            emit(s, to - delta, to, (enum move_kind)k);
    }
}

/* FIDE Art. 3.8.2 (castling), for standard chess and Chess960 alike: the
 * right is held, the king is not in check (checked by the caller), every
 * square the king and the rook cross or land on is empty apart from these
 * two pieces, and no square the king crosses or lands on is attacked.  The
 * attack test removes king and rook from the board so that a rook which
 * shields the king's landing square (Chess960) does not hide the attack. */
static inline void gen_castling(const struct position *p, struct sink *s, enum color us, int ksq, bitboard occ)
{
    for (int side = 0; side < 2; side++) {
        int idx = castle_index(us, side);
        if (!(p->castling & (1 << idx)))
            continue;
        int rsq = p->castle_rook[idx];
        if (rsq == SQUARE_NONE || p->board[rsq] != piece_make(us, ROOK))
            continue;
        int kto = move_castle_king_to(ksq, rsq), rto = move_castle_rook_to(ksq, rsq);
        bitboard both = bb_square(ksq) | bb_square(rsq);
        bitboard path = attacks_between(ksq, kto) | bb_square(kto) | attacks_between(rsq, rto) | bb_square(rto);
        if ((path & ~both) & occ)
            continue;
        bitboard king_path = attacks_between(ksq, kto) | bb_square(kto);
        bitboard occ2 = occ ^ both;
        bool safe = true;
        while (king_path && safe) {
            int sq = bb_pop(&king_path);
            safe = !position_attacked_by(p, sq, (enum color)!us, occ2);
        }
        if (safe)
            emit(s, ksq, rsq, MOVE_CASTLE);
    }
}

/* En passant (FIDE Art. 3.7.3.1): tried by playing it out on the
 * occupancy, since removing two pawns from one rank can expose the king
 * (the horizontal pin) in a way no pin mask describes. */
static inline void gen_en_passant(const struct position *p, struct sink *s, enum color us, int ksq,
                                  bitboard occ)
{
    int ep = p->ep_square;
    if (ep == SQUARE_NONE)
        return;
    enum color them = (enum color)!us;
    int victim = us == WHITE ? ep - 8 : ep + 8;
    if (p->board[victim] != piece_make(them, PAWN))
        return;
    bitboard capturers = attacks_pawn(them, ep) & position_pieces(p, us, PAWN);
    bitboard enemy = p->by_color[them];
    while (capturers) {
        int from = bb_pop(&capturers);
        bitboard occ2 = (occ ^ bb_square(from) ^ bb_square(victim)) | bb_square(ep);
        bitboard pawns = position_pieces(p, them, PAWN) & ~bb_square(victim);
        bitboard attackers = (attacks_bishop(ksq, occ2) & (p->by_type[BISHOP] | p->by_type[QUEEN])) |
                             (attacks_rook(ksq, occ2) & (p->by_type[ROOK] | p->by_type[QUEEN])) |
                             (attacks_knight(ksq) & p->by_type[KNIGHT]) | (attacks_pawn(us, ksq) & pawns);
        if (!(attackers & enemy))
            emit(s, from, ep, MOVE_EN_PASSANT);
    }
}

/* The generator.  Check evasions and pins are handled by masks: in check,
 * non-king moves must land in checkmask (capture the checker or block);
 * in double check only the king moves; a pinned piece stays on the line
 * through its king and its pinner. */
static inline __attribute__((always_inline)) int generate(const struct position *p, move *out)
{
    struct sink s = {out, 0};
    enum color us = (enum color)p->side, them = (enum color)!us;
    bitboard occ = position_occupied(p), own = p->by_color[us], enemy = p->by_color[them];
    int ksq = position_king(p, us);
    if (ksq == SQUARE_NONE)
        return 0;

    bitboard checkers = position_attackers(p, ksq, occ) & enemy;

    /* King steps: the destination must not be attacked once the king has left. */
    bitboard occ_no_king = occ ^ bb_square(ksq);
    bitboard kt = attacks_king(ksq) & ~own;
    bitboard ksafe = 0;
    while (kt) {
        int to = bb_pop(&kt);
        if (!position_attacked_by(p, to, them, occ_no_king))
            ksafe |= bb_square(to);
    }
    emit_targets(&s, ksq, ksafe);
    if (bb_several(checkers))
        return s.n;

    bitboard checkmask = checkers ? attacks_between(ksq, bb_lsb(checkers)) | checkers : ~0ULL;
    if (!checkers)
        gen_castling(p, &s, us, ksq, occ);

    /* Pins: enemy sliders on a line with the king, one piece of ours between. */
    bitboard pinned = 0;
    bitboard snipers = ((attacks_rook(ksq, enemy) & (p->by_type[ROOK] | p->by_type[QUEEN])) |
                        (attacks_bishop(ksq, enemy) & (p->by_type[BISHOP] | p->by_type[QUEEN]))) &
                       enemy;
    while (snipers) {
        int sn = bb_pop(&snipers);
        bitboard b = attacks_between(ksq, sn) & occ;
        if (b && !bb_several(b))
            pinned |= b & own;
    }

    bitboard target = ~own & checkmask;
    bitboard b = position_pieces(p, us, KNIGHT) & ~pinned; /* a pinned knight never moves */
    while (b) {
        int from = bb_pop(&b);
        emit_targets(&s, from, attacks_knight(from) & target);
    }
    b = position_pieces(p, us, BISHOP) | position_pieces(p, us, QUEEN);
    bitboard diag = b;
    while (diag) {
        int from = bb_pop(&diag);
        bitboard t = attacks_bishop(from, occ) & target;
        if (bb_test(pinned, from))
            t &= attacks_line(ksq, from);
        emit_targets(&s, from, t);
    }
    b = position_pieces(p, us, ROOK) | position_pieces(p, us, QUEEN);
    while (b) {
        int from = bb_pop(&b);
        bitboard t = attacks_rook(from, occ) & target;
        if (bb_test(pinned, from))
            t &= attacks_line(ksq, from);
        emit_targets(&s, from, t);
    }

    /* Pawns not pinned move as a set; pinned ones one by one along their pin. */
    bitboard pawns = position_pieces(p, us, PAWN);
    bitboard free_pawns = pawns & ~pinned;
    bitboard empty = ~occ;
    bitboard third = us == WHITE ? BB_RANK_3 : BB_RANK_6;
    int up = us == WHITE ? 8 : -8;
    bitboard push1 = pawn_push(free_pawns, us) & empty;
    bitboard push2 = pawn_push(push1 & third, us) & empty & checkmask;
    push1 &= checkmask;
    bitboard capl, capr;
    if (us == WHITE) {
        capl = bb_west(free_pawns) << 8;
        capr = bb_east(free_pawns) << 8;
    } else {
        capl = bb_west(free_pawns) >> 8;
        capr = bb_east(free_pawns) >> 8;
    }
    capl &= enemy & checkmask;
    capr &= enemy & checkmask;
    emit_pawn_set(&s, push1, up, us, MOVE_NORMAL);
    emit_pawn_set(&s, capl, up - 1, us, MOVE_NORMAL);
    emit_pawn_set(&s, capr, up + 1, us, MOVE_NORMAL);
    if (!s.out) {
        s.n += bb_count(push2);
    } else {
        while (push2) {
            int to = bb_pop(&push2);
            emit(&s, to - 2 * up, to, MOVE_DOUBLE_PUSH);
        }
    }
    bitboard pinned_pawns = pawns & pinned;
    while (pinned_pawns) {
        int from = bb_pop(&pinned_pawns);
        bitboard line = attacks_line(ksq, from);
        bitboard one = pawn_push(bb_square(from), us) & empty;
        bitboard two = pawn_push(one & third, us) & empty;
        bitboard caps = attacks_pawn(us, from) & enemy;
        emit_pawn_set(&s, one & line & checkmask, up, us, MOVE_NORMAL);
        bitboard c = caps & line & checkmask;
        while (c) {
            int to = bb_pop(&c);
            emit_pawn_set(&s, bb_square(to), to - from, us, MOVE_NORMAL);
        }
        if (two & line & checkmask)
            emit(&s, from, from + 2 * up, MOVE_DOUBLE_PUSH);
    }
    gen_en_passant(p, &s, us, ksq, occ);
    return s.n;
}

int movegen_legal(const struct position *p, struct movelist *list)
{
    list->count = generate(p, list->moves);
    return list->count;
}

int movegen_count(const struct position *p) { return generate(p, NULL); }

bool movegen_is_legal(const struct position *p, move m)
{
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++)
        if (l.moves[i] == m)
            return true;
    return false;
}
