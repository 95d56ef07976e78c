#include "movegen.h"

#include "attacks.h"
#include "makemove.h"

/* The generator below is one always-inline template, instantiated for each
 * side to move (so every colour test folds away) and for listing or only
 * counting the moves (out == NULL).  The public entry points are compiled
 * three times, for x86-64-v3 (POPCNT, BMI, AVX2), for x86-64 with POPCNT
 * and for any x86-64, and the loader picks the best at start-up: counting
 * leans on popcount, which without the instruction is a library call.
 * Sanitizer builds keep one version (their run-time would start after the
 * loader's choice). */
#define GEN_INLINE static inline __attribute__((always_inline))
#if defined(__x86_64__) && !CHESS_HAS_ASAN
#define GEN_CLONES __attribute__((target_clones("arch=x86-64-v3", "popcnt", "default")))
#else
#define GEN_CLONES
#endif

/* Pawns move "forward": north for White, south for Black. */
GEN_INLINE bitboard pawn_push(bitboard b, enum color c)
{
    return c == WHITE ? b << 8 : b >> 8;
}

/* Every square attacked by a set of pawns of colour c, towards files a and h. */
GEN_INLINE bitboard pawn_attacks_west(bitboard b, enum color c)
{
    return pawn_push(bb_west(b), c);
}
GEN_INLINE bitboard pawn_attacks_east(bitboard b, enum color c)
{
    return pawn_push(bb_east(b), c);
}

struct sink {
    move *out;
    int n;
};

/* Emit a move, or only count it (counting passes out == NULL). */
GEN_INLINE void emit(struct sink *s, int from, int to, enum move_kind kind)
{
    if (s->out)
        s->out[s->n] = move_make(from, to, kind);
    s->n++;
}

GEN_INLINE void emit_targets(struct sink *s, int from, bitboard targets)
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
GEN_INLINE void emit_pawn_set(struct sink *s, bitboard targets, int delta, enum color us,
                              enum move_kind kind)
{
    bitboard last = us == WHITE ? BB_RANK_8 : BB_RANK_1;
    if (!s->out) {
        s->n += bb_count(targets) + 3 * bb_count(targets & last);
        return;
    }
    bitboard promo = targets & last, plain = targets & ~last;
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

/* Listing the moves of our bishops-and-queens (diag) or rooks-and-queens
 * onto target; those in `pinned` keep to the line through their king.  The
 * counting path keeps its own split loops (free, then pinned): routing it
 * through here cost instructions under callgrind. */
GEN_INLINE void gen_sliders(struct sink *s, bitboard set, bool diag, bitboard occ, bitboard target,
                            bitboard pinned, int ksq, bool pext)
{
    while (set) {
        int from = bb_pop(&set);
        bitboard t =
            (diag ? attacks_bishop_with(from, occ, pext) : attacks_rook_with(from, occ, pext)) &
            target;
        if (bb_test(pinned, from))
            t &= attacks_line(ksq, from);
        emit_targets(s, from, t);
    }
}

/* The position's pieces split the way the generator asks about them. */
struct side_sets {
    bitboard occ, own, enemy, own_rooks;
    bitboard their_pawns, their_knights, their_diag, their_orth;
    bitboard their_king_zone; /* squares the enemy king attacks */
};

/* Is sq attacked by the side not to move, with the occupancy occ?  The
 * cheap leapers are tried before the slider lookups. */
GEN_INLINE bool attacked(const struct side_sets *ss, int sq, bitboard occ, enum color us, bool pext)
{
    if (attacks_pawn(us, sq) & ss->their_pawns)
        return true;
    if (attacks_knight(sq) & ss->their_knights)
        return true;
    if (bb_test(ss->their_king_zone, sq))
        return true;
    if (ss->their_diag && (attacks_bishop_with(sq, occ, pext) & ss->their_diag))
        return true;
    return ss->their_orth && (attacks_rook_with(sq, occ, pext) & ss->their_orth);
}

/* Every square the side not to move attacks, with the occupancy occ. */
GEN_INLINE bitboard enemy_attacks(const struct side_sets *ss, bitboard occ, enum color them,
                                  bool pext)
{
    bitboard d = pawn_attacks_west(ss->their_pawns, them) |
                 pawn_attacks_east(ss->their_pawns, them) | ss->their_king_zone;
    bitboard b = ss->their_knights;
    while (b)
        d |= attacks_knight(bb_pop(&b));
    b = ss->their_diag;
    while (b)
        d |= attacks_bishop_with(bb_pop(&b), occ, pext);
    b = ss->their_orth;
    while (b)
        d |= attacks_rook_with(bb_pop(&b), occ, pext);
    return d;
}

/* The castling rights (bits of p->castling) worth a closer look: held,
 * the rook on its square, nothing between king and rook.  Whatever stands
 * between them also stands on the path of one of them, so this cheap test
 * rejects most. */
GEN_INLINE unsigned castling_candidates(const struct position *p, const struct side_sets *ss,
                                        enum color us, int ksq)
{
    unsigned out = 0;
    if (!(p->castling & (us == WHITE ? CASTLE_WHITE_KING | CASTLE_WHITE_QUEEN
                                     : CASTLE_BLACK_KING | CASTLE_BLACK_QUEEN)))
        return 0;
    if (!p->chess960) {
        /* Standard chess: king on e1 (e8), rooks in the corners. */
        int shift = us == WHITE ? 0 : 56;
        int king_side = castle_index(us, 0), queen_side = castle_index(us, 1);
        if ((p->castling & (1 << king_side)) && !(ss->occ & (0x60ULL << shift)) &&
            (ss->own_rooks & (0x80ULL << shift)))
            out |= 1u << king_side;
        if ((p->castling & (1 << queen_side)) && !(ss->occ & (0x0EULL << shift)) &&
            (ss->own_rooks & (0x01ULL << shift)))
            out |= 1u << queen_side;
        return out;
    }
    for (int side = 0; side < 2; side++) {
        int idx = castle_index(us, side);
        if (!(p->castling & (1 << idx)))
            continue;
        int rsq = p->castle_rook[idx];
        if (rsq != SQUARE_NONE && !(attacks_between(ksq, rsq) & ss->occ) &&
            bb_test(ss->own_rooks, rsq))
            out |= 1u << idx;
    }
    return out;
}

/* FIDE Art. 3.8.2 (castling), for standard chess and Chess960 alike: the
 * right is held, the king is not in check (checked by the caller), every
 * square the king and the rook cross or land on is empty apart from these
 * two pieces, and no square the king crosses or lands on is attacked.  In
 * Chess960 the attack test removes king and rook from the board, so that a
 * rook which shields the king's landing square does not hide the attack;
 * in standard chess (danger given: the attacks with the king removed) the
 * rook in its corner shields nothing the king crosses. */
GEN_INLINE void gen_castling(const struct position *p, const struct side_sets *ss, struct sink *s,
                             enum color us, int ksq, unsigned candidates, const bitboard *danger,
                             bool pext)
{
    for (int side = 0; side < 2; side++) {
        int idx = castle_index(us, side);
        if (!(candidates & (1u << idx)))
            continue;
        int rsq = p->castle_rook[idx];
        int kto = move_castle_king_to(ksq, rsq), rto = move_castle_rook_to(ksq, rsq);
        bitboard both = bb_square(ksq) | bb_square(rsq);
        bitboard king_path = attacks_between(ksq, kto) | bb_square(kto);
        bitboard path = king_path | attacks_between(rsq, rto) | bb_square(rto);
        if ((path & ~both) & ss->occ)
            continue;
        bool safe = true;
        if (danger) {
            safe = !(king_path & *danger);
        } else {
            bitboard occ2 = ss->occ ^ both;
            while (king_path && safe) {
                int sq = bb_pop(&king_path);
                safe = !attacked(ss, sq, occ2, us, pext);
            }
        }
        if (safe)
            emit(s, ksq, rsq, MOVE_CASTLE);
    }
}

/* En passant (FIDE Art. 3.7.3.1): tried by playing it out on the
 * occupancy, since removing two pawns from one rank can expose the king
 * (the horizontal pin) in a way no pin mask describes. */
GEN_INLINE void gen_en_passant(const struct position *p, const struct side_sets *ss, struct sink *s,
                               enum color us, int ksq, bool pext)
{
    int ep = p->ep_square;
    enum color them = (enum color) !us;
    int victim = us == WHITE ? ep - 8 : ep + 8;
    if (!bb_test(ss->their_pawns, victim))
        return;
    bitboard capturers = attacks_pawn(them, ep) & p->by_type[PAWN] & ss->own;
    while (capturers) {
        int from = bb_pop(&capturers);
        bitboard occ2 = (ss->occ ^ bb_square(from) ^ bb_square(victim)) | bb_square(ep);
        bitboard pawns = ss->their_pawns & ~bb_square(victim);
        bitboard attackers = (attacks_bishop_with(ksq, occ2, pext) & ss->their_diag) |
                             (attacks_rook_with(ksq, occ2, pext) & ss->their_orth) |
                             (attacks_knight(ksq) & ss->their_knights) |
                             (attacks_pawn(us, ksq) & pawns);
        if (!attackers)
            emit(s, from, ep, MOVE_EN_PASSANT);
    }
}

/* The generator.  Check evasions and pins are handled by masks: in check,
 * non-king moves must land in checkmask (capture the checker or block);
 * in double check only the king moves; a pinned piece stays on the line
 * through its king and its pinner.  Checkers and pins come from one pair of
 * x-ray lookups: the first enemy piece on each ray from the king, looking
 * through our own pieces, checks when nothing stands between and pins when
 * exactly one of ours does. */
GEN_INLINE int generate(const struct position *p, move *out, enum color us, bool pext)
{
    struct sink s = {out, 0};
    enum color them = (enum color) !us;
    struct side_sets ss;
    ss.occ = position_occupied(p);
    ss.own = p->by_color[us];
    ss.enemy = p->by_color[them];
    bitboard own_kings = p->by_type[KING] & ss.own, their_kings = p->by_type[KING] & ss.enemy;
    if (!own_kings)
        return 0;
    int ksq = bb_lsb(own_kings);
    ss.their_king_zone = their_kings ? attacks_king(bb_lsb(their_kings)) : 0;
    ss.their_pawns = p->by_type[PAWN] & ss.enemy;
    ss.their_knights = p->by_type[KNIGHT] & ss.enemy;
    bitboard queens = p->by_type[QUEEN];
    ss.their_diag = (p->by_type[BISHOP] | queens) & ss.enemy;
    ss.their_orth = (p->by_type[ROOK] | queens) & ss.enemy;
    ss.own_rooks = p->by_type[ROOK] & ss.own;
    bitboard occ = ss.occ, own = ss.own, enemy = ss.enemy;

    bitboard checkers =
        (attacks_knight(ksq) & ss.their_knights) | (attacks_pawn(us, ksq) & ss.their_pawns);
    bitboard pinned = 0, snipers = 0;
    /* Most often no enemy slider stands on a line through the king (the
     * empty-board rays, entry 0 of the tables, say so) and the lookups
     * are skipped. */
    if (attacks_bishop_slider[ksq].table[0] & ss.their_diag)
        snipers = attacks_bishop_with(ksq, enemy, pext) & ss.their_diag;
    if (attacks_rook_slider[ksq].table[0] & ss.their_orth)
        snipers |= attacks_rook_with(ksq, enemy, pext) & ss.their_orth;
    while (snipers) {
        int sn = bb_pop(&snipers);
        bitboard b = attacks_between(ksq, sn) & occ;
        if (!b)
            checkers |= bb_square(sn);
        else if (!bb_several(b))
            pinned |= b;
    }

    /* Castling candidates: rights held, not in check, nothing between king
     * and rook (whatever stands there also stands on the path of one of
     * them), the rook in place. */
    unsigned castles = 0;
    if (!checkers)
        castles = castling_candidates(p, &ss, us, ksq);

    /* King steps: the destination must not be attacked once the king has
     * left (a slider checking along a line also covers the square behind).
     * With castling in view, every enemy attack is mapped once and serves
     * both; else only the leapers are mapped and the sliders asked about
     * the few squares left. */
    bitboard occ_nk = occ ^ bb_square(ksq);
    bitboard kt = attacks_king(ksq) & ~own & ~ss.their_king_zone;
    bitboard danger = 0;
    bool mapped = castles && !p->chess960;
    if (mapped) {
        danger = enemy_attacks(&ss, occ_nk, them, pext);
        kt &= ~danger;
    } else if (kt) {
        bitboard leapers =
            pawn_attacks_west(ss.their_pawns, them) | pawn_attacks_east(ss.their_pawns, them);
        bitboard n = ss.their_knights;
        while (n)
            leapers |= attacks_knight(bb_pop(&n));
        kt &= ~leapers;
        bitboard t = kt;
        while (t) {
            int to = bb_pop(&t);
            if ((attacks_bishop_with(to, occ_nk, pext) & ss.their_diag) ||
                (attacks_rook_with(to, occ_nk, pext) & ss.their_orth))
                kt ^= bb_square(to);
        }
    }
    emit_targets(&s, ksq, kt);
    if (bb_several(checkers))
        return s.n;

    bitboard checkmask = ~0ULL;
    if (checkers)
        checkmask = attacks_between(ksq, bb_lsb(checkers)) | checkers;
    else if (castles)
        gen_castling(p, &ss, &s, us, ksq, castles, mapped ? &danger : NULL, pext);

    bitboard target = ~own & checkmask;
    bitboard b = p->by_type[KNIGHT] & own & ~pinned; /* a pinned knight never moves */
    while (b) {
        int from = bb_pop(&b);
        emit_targets(&s, from, attacks_knight(from) & target);
    }
    bitboard diag = (p->by_type[BISHOP] | queens) & own;
    bitboard orth = (p->by_type[ROOK] | queens) & own;
    if (!s.out) {
        /* Counting: the free sliders without a pin test each; a pinned
         * one moves only along its pin, and not at all in check. */
        bitboard d = diag & ~pinned, o = orth & ~pinned;
        while (d) {
            int from = bb_pop(&d);
            s.n += bb_count(attacks_bishop_with(from, occ, pext) & target);
        }
        while (o) {
            int from = bb_pop(&o);
            s.n += bb_count(attacks_rook_with(from, occ, pext) & target);
        }
        bitboard pinned_sliders = (diag | orth) & pinned;
        if (pinned_sliders && !checkers) {
            d = diag & pinned;
            while (d) {
                int from = bb_pop(&d);
                s.n += bb_count(attacks_bishop_with(from, occ, pext) & target &
                                attacks_line(ksq, from));
            }
            o = orth & pinned;
            while (o) {
                int from = bb_pop(&o);
                s.n +=
                    bb_count(attacks_rook_with(from, occ, pext) & target & attacks_line(ksq, from));
            }
        }
    } else {
        gen_sliders(&s, diag, true, occ, target, pinned, ksq, pext);
        gen_sliders(&s, orth, false, occ, target, pinned, ksq, pext);
    }

    /* Pawns not pinned move as a set; pinned ones one by one along their pin. */
    bitboard pawns = p->by_type[PAWN] & own;
    bitboard free_pawns = pawns & ~pinned;
    bitboard empty = ~occ;
    bitboard third = us == WHITE ? BB_RANK_3 : BB_RANK_6;
    int up = us == WHITE ? 8 : -8;
    bitboard push1 = pawn_push(free_pawns, us) & empty;
    bitboard push2 = pawn_push(push1 & third, us) & empty & checkmask;
    push1 &= checkmask;
    bitboard capl = pawn_attacks_west(free_pawns, us) & enemy & checkmask;
    bitboard capr = pawn_attacks_east(free_pawns, us) & enemy & checkmask;
    if (!s.out) {
        s.n += bb_count(push1) + bb_count(capl) + bb_count(capr) + bb_count(push2);
        bitboard last = us == WHITE ? BB_RANK_8 : BB_RANK_1;
        if (free_pawns & pawn_push(last, them)) /* three more moves per promotion */
            s.n += 3 * (bb_count(push1 & last) + bb_count(capl & last) + bb_count(capr & last));
    } else {
        emit_pawn_set(&s, push1, up, us, MOVE_NORMAL);
        emit_pawn_set(&s, capl, up - 1, us, MOVE_NORMAL);
        emit_pawn_set(&s, capr, up + 1, us, MOVE_NORMAL);
        while (push2) {
            int to = bb_pop(&push2);
            emit(&s, to - 2 * up, to, MOVE_DOUBLE_PUSH);
        }
    }
    bitboard pinned_pawns = pawns & pinned;
    while (pinned_pawns) {
        int from = bb_pop(&pinned_pawns);
        bitboard line = attacks_line(ksq, from) & checkmask;
        bitboard one = pawn_push(bb_square(from), us) & empty;
        bitboard two = pawn_push(one & third, us) & empty;
        emit_pawn_set(&s, one & line, up, us, MOVE_NORMAL);
        bitboard c = attacks_pawn(us, from) & enemy & line;
        while (c) {
            int to = bb_pop(&c);
            emit_pawn_set(&s, bb_square(to), to - from, us, MOVE_NORMAL);
        }
        if (two & line)
            emit(&s, from, from + 2 * up, MOVE_DOUBLE_PUSH);
    }
    if (p->ep_square != SQUARE_NONE)
        gen_en_passant(p, &ss, &s, us, ksq, pext);
    return s.n;
}

GEN_CLONES int movegen_legal(const struct position *p, struct movelist *list)
{
    move *out = list->moves;
    if (attacks_use_pext)
        list->count =
            p->side == WHITE ? generate(p, out, WHITE, true) : generate(p, out, BLACK, true);
    else
        list->count =
            p->side == WHITE ? generate(p, out, WHITE, false) : generate(p, out, BLACK, false);
    return list->count;
}

GEN_CLONES int movegen_count(const struct position *p)
{
    if (attacks_use_pext)
        return p->side == WHITE ? generate(p, NULL, WHITE, true) : generate(p, NULL, BLACK, true);
    return p->side == WHITE ? generate(p, NULL, WHITE, false) : generate(p, NULL, BLACK, false);
}

bool movegen_is_legal(const struct position *p, move m)
{
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++)
        if (l.moves[i] == m)
            return true;
    return false;
}

/* Does the pseudo-legal move from -> to of the side to move leave its king
 * safe (FIDE Art. 3.9)?  Answered without playing the move in the common
 * cases: a king move is legal when its target is not attacked once the
 * king has left its square; another move, when not in check, is legal
 * unless the piece is pinned and leaves the line of the pin.  Checks and
 * en passant (which empties two squares of a rank) play on a copy. */
bool movegen_king_safe(const struct position *p, move m)
{
    enum color us = (enum color)p->side, them = (enum color) !us;
    int from = move_from(m), to = move_to(m);
    int king = position_king(p, us);
    if (king == SQUARE_NONE)
        return false;
    bitboard occ = position_occupied(p);
    if (from == king)
        return !position_attacked_by(p, to, them, occ ^ bb_square(from));
    if (move_kind(m) == MOVE_EN_PASSANT || position_in_check(p)) {
        struct position c = *p;
        makemove_play(&c, m);
        return !position_attacked_by(&c, king, them, position_occupied(&c));
    }
    if (attacks_aligned(king, from, to))
        return true;
    bitboard rest = occ ^ bb_square(from), enemy = p->by_color[them];
    bitboard diagonal = (p->by_type[BISHOP] | p->by_type[QUEEN]) & enemy;
    bitboard straight = (p->by_type[ROOK] | p->by_type[QUEEN]) & enemy;
    return !(attacks_bishop(king, rest) & diagonal) && !(attacks_rook(king, rest) & straight);
}
