/* Legal move generation (movegen.h): check and pin masks, counting, and
 * movegen_king_safe, the one per-move legality test; one generator per set
 * of the variants' rule modules. */
#include "movegen.h"

#include "attacks.h"
#include "castling.h"
#include "en_passant.h"
#include "isa.h"
#include "makemove.h"
#include "variant.h"

/* The generator below is one always-inline template, instantiated for each
 * side to move (so every colour test folds away) and for listing or only
 * counting the moves (out == NULL); the entry points come in the versions
 * of isa.h. */
#define GEN_INLINE static inline __attribute__((always_inline))

/* Pawns move "forward": north for White, south for Black. */
GEN_INLINE bitboard pawn_push(bitboard b, enum color c)
{
    return c == WHITE ? b << 8 : b >> 8;
}

/* The squares a set of pawns of colour c attacks towards files a and h. */
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

/* The rule modules of one instantiation of the generator: compile-time
 * constants, so that standard chess (all false) is the plain generator.
 *
 *   pseudo: kings are not royal (antichess, giveaway, the horde's kingless
 *     side, and atomic before its invariant): no check, no pins, kings step
 *     anywhere, castling needs only empty squares; pawns on their first
 *     rank double-step (horde) without an en-passant square;
 *   captures_only: only captures (antichess's compulsory captures);
 *   king_promotion: a pawn may promote to a king (antichess);
 *   drops: crazyhouse drops from the pocket;
 *   race: racing kings: no move may give check. */
struct gen_rules {
    bool pseudo, captures_only, king_promotion, drops, race;
};

/* Emit a move, or only count it (out == NULL). */
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
 * queen, rook, bishop or knight: four moves; five in antichess, whose
 * pawns may also become kings. */
GEN_INLINE void emit_pawn_set(struct sink *s, bitboard targets, int delta, enum color us,
                              enum move_kind kind, const struct gen_rules R)
{
    bitboard last = us == WHITE ? BB_RANK_8 : BB_RANK_1;
    int top = R.king_promotion ? MOVE_PROMOTE_KING : MOVE_PROMOTE_QUEEN;
    if (!s->out) {
        s->n += bb_count(targets) + (top - MOVE_PROMOTE_KNIGHT) * bb_count(targets & last);
        return;
    }
    bitboard promo = targets & last, plain = targets & ~last;
    while (plain) {
        int to = bb_pop(&plain);
        emit(s, to - delta, to, kind);
    }
    while (promo) {
        int to = bb_pop(&promo);
        for (int k = top; k >= MOVE_PROMOTE_KNIGHT; k--)
            emit(s, to - delta, to, (enum move_kind)k);
    }
}

/* Listing the moves of our bishops-and-queens (diag) or rooks-and-queens
 * onto target; those in `pinned` keep to the line through their king. */
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
 * the rook on its square, nothing between king and rook. */
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

/* The attacks on a castling king's path: in standard chess the map of
 * every enemy attack (danger, the king lifted: the rook in its corner
 * shields nothing the king crosses); in Chess960, with king and rook
 * lifted, castling_attacked_in_position square by square. */
struct castle_attacks {
    const struct position *p;
    const bitboard *danger;
};

GEN_INLINE bool castle_attacked(const void *ctx, bitboard king_path, bitboard occ)
{
    const struct castle_attacks *a = ctx;
    if (a->danger)
        return (king_path & *a->danger) != 0;
    return castling_attacked_in_position(a->p, king_path, occ);
}

/* FIDE Art. 3.8.2 (castling): castling_rule, whose first two tests the
 * candidates and the caller (not in check) have answered.  danger: the
 * attack map (an empty one for kings that are not royal), or NULL. */
GEN_INLINE void gen_castling(const struct position *p, struct sink *s, enum color us, int ksq,
                             unsigned candidates, const bitboard *danger)
{
    struct castle_attacks a = {p, danger};
    for (int side = 0; side < 2; side++) {
        int idx = castle_index(us, side);
        if ((candidates & (1u << idx)) &&
            castling_rule(p, idx, ksq, true, false, castle_attacked, &a) == CASTLING_LEGAL)
            emit(s, ksq, p->castle_rook[idx], MOVE_CASTLE);
    }
}

/* En passant (FIDE Art. 3.7.3.1), each capture by en_passant_safe_with,
 * the test of en_passant_square's legal mode; without a royal king
 * (pseudo) every capture stands (atomic judges its own afterwards). */
GEN_INLINE void gen_en_passant(const struct position *p, const struct side_sets *ss, struct sink *s,
                               enum color us, int ksq, bool pext, bool pseudo)
{
    int ep = p->ep_square;
    enum color them = (enum color) !us;
    int victim = us == WHITE ? ep - 8 : ep + 8;
    if (!bb_test(ss->their_pawns, victim))
        return;
    bitboard capturers = attacks_pawn(them, ep) & p->by_type[PAWN] & ss->own;
    while (capturers) {
        int from = bb_pop(&capturers);
        if (pseudo ||
            en_passant_safe_with(ksq, from, victim, ep, us, ss->occ, ss->their_diag, ss->their_orth,
                                 ss->their_knights, ss->their_pawns, pext))
            emit(s, from, ep, MOVE_EN_PASSANT);
    }
}

/* Racing kings' rule that no move may give check, as masks: the squares
 * from which each kind of piece would attack the enemy king (the
 * occupancy before the move serves: a slider moving along a line through
 * the king was already blocked on it), and our pieces that alone stand
 * between the enemy king and one of our sliders, which keep to that line. */
struct race_masks {
    bitboard knight, diag, orth, discover;
    int eksq;
};

GEN_INLINE void race_prepare(struct race_masks *rm, const struct position *p,
                             const struct side_sets *ss, bool pext)
{
    bitboard ek = p->by_type[KING] & ss->enemy;
    *rm = (struct race_masks){0};
    rm->eksq = SQUARE_NONE;
    if (!ek)
        return;
    int eksq = bb_lsb(ek);
    rm->eksq = eksq;
    rm->knight = attacks_knight(eksq);
    rm->diag = attacks_bishop_with(eksq, ss->occ, pext);
    rm->orth = attacks_rook_with(eksq, ss->occ, pext);
    bitboard queens = p->by_type[QUEEN];
    /* Our sliders seen from the enemy king through our own pieces. */
    bitboard snipers =
        (attacks_bishop_with(eksq, ss->enemy, pext) & (p->by_type[BISHOP] | queens) & ss->own) |
        (attacks_rook_with(eksq, ss->enemy, pext) & (p->by_type[ROOK] | queens) & ss->own);
    while (snipers) {
        bitboard b = attacks_between(eksq, bb_pop(&snipers)) & ss->occ;
        if (b && !bb_several(b) && (b & ss->own))
            rm->discover |= b;
    }
}

/* The targets of our piece on from that give no check (racing kings). */
GEN_INLINE bitboard race_filter(const struct race_masks *rm, int from, enum piece_type pt,
                                bitboard targets)
{
    if (rm->eksq == SQUARE_NONE)
        return targets;
    switch (pt) {
    case KNIGHT:
        targets &= ~rm->knight;
        break;
    case BISHOP:
        targets &= ~rm->diag;
        break;
    case ROOK:
        targets &= ~rm->orth;
        break;
    case QUEEN:
        targets &= ~(rm->diag | rm->orth);
        break;
    default:
        break;
    }
    if (bb_test(rm->discover, from))
        targets &= attacks_line(rm->eksq, from);
    return targets;
}

/* Crazyhouse drops: a piece from the pocket onto any empty square (a pawn
 * not on the first or last rank), in check only between king and checker. */
GEN_INLINE void gen_drops(const struct position *p, struct sink *s, enum color us, bitboard empty,
                          bitboard checkmask)
{
    bitboard squares = empty & checkmask;
    const uint8_t *pocket = p->pocket[us];
    for (int t = PAWN; t <= QUEEN; t++) {
        if (!pocket[t])
            continue;
        bitboard b = t == PAWN ? squares & ~(BB_RANK_1 | BB_RANK_8) : squares;
        if (!s->out) {
            s->n += bb_count(b);
            continue;
        }
        while (b && s->n < MOVELIST_MAX)
            s->out[s->n++] = move_make_drop((enum piece_type)t, bb_pop(&b));
    }
}

/* The generator.  In check, non-king moves must land in checkmask (capture
 * the checker or block); in double check only the king moves; a pinned
 * piece stays on the line through its king and its pinner.  Checkers and
 * pins come from one pair of x-ray lookups through our own pieces.  These
 * masks, the king steps' attack map and gen_en_passant are king safety
 * (FIDE Art. 3.9) for all moves at once: the fast form of
 * movegen_king_safe, to which test_rules holds them. */
GEN_INLINE int generate(const struct position *p, move *out, enum color us, bool pext,
                        const struct gen_rules R)
{
    struct sink s = {out, 0};
    enum color them = (enum color) !us;
    struct side_sets ss;
    ss.occ = position_occupied(p);
    ss.own = p->by_color[us];
    ss.enemy = p->by_color[them];
    bitboard own_kings = p->by_type[KING] & ss.own, their_kings = p->by_type[KING] & ss.enemy;
    if (!R.pseudo && !own_kings)
        return 0;
    int ksq = own_kings ? bb_lsb(own_kings) : SQUARE_NONE;
    ss.their_king_zone = their_kings ? attacks_king(bb_lsb(their_kings)) : 0;
    ss.their_pawns = p->by_type[PAWN] & ss.enemy;
    ss.their_knights = p->by_type[KNIGHT] & ss.enemy;
    bitboard queens = p->by_type[QUEEN];
    ss.their_diag = (p->by_type[BISHOP] | queens) & ss.enemy;
    ss.their_orth = (p->by_type[ROOK] | queens) & ss.enemy;
    ss.own_rooks = p->by_type[ROOK] & ss.own;
    bitboard occ = ss.occ, own = ss.own, enemy = ss.enemy;
    bitboard checkers = 0, pinned = 0, checkmask = ~0ULL;
    struct race_masks rm;
    if (R.race)
        race_prepare(&rm, p, &ss, pext);

    if (R.pseudo) {
        /* Kings that are not royal step onto any square not their own;
         * castling (giveaway, and atomic before its invariant) needs the
         * right and the empty squares only. */
        bitboard kings = own_kings;
        while (kings) {
            int from = bb_pop(&kings);
            emit_targets(&s, from, attacks_king(from) & ~own & (R.captures_only ? enemy : ~0ULL));
        }
        if (!R.captures_only && ksq != SQUARE_NONE && !bb_several(own_kings)) {
            unsigned castles = castling_candidates(p, &ss, us, ksq);
            bitboard none = 0;
            if (castles)
                gen_castling(p, &s, us, ksq, castles, &none);
        }
    } else {
        checkers =
            (attacks_knight(ksq) & ss.their_knights) | (attacks_pawn(us, ksq) & ss.their_pawns);
        bitboard snipers = 0;
        /* Most often no enemy slider stands on a line through the king (entry
         * 0 of the tables, the empty-board rays): no lookup then. */
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

        unsigned castles = 0;
        if (!checkers)
            castles = castling_candidates(p, &ss, us, ksq);

        /* King steps: the destination must not be attacked once the king has
         * left.  With castling in view every enemy attack is mapped once and
         * serves both; else only the leapers, and the sliders are asked about
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
        if (R.race)
            kt = race_filter(&rm, ksq, KING, kt);
        emit_targets(&s, ksq, kt);
        if (bb_several(checkers))
            return s.n;

        if (checkers)
            checkmask = attacks_between(ksq, bb_lsb(checkers)) | checkers;
        else if (castles)
            gen_castling(p, &s, us, ksq, castles, mapped ? &danger : NULL);
    }

    bitboard target = ~own & checkmask;
    if (R.captures_only)
        target &= enemy;
    bitboard b = p->by_type[KNIGHT] & own & ~pinned; /* a pinned knight never moves */
    while (b) {
        int from = bb_pop(&b);
        bitboard t = attacks_knight(from) & target;
        if (R.race)
            t = race_filter(&rm, from, KNIGHT, t);
        emit_targets(&s, from, t);
    }
    bitboard diag = (p->by_type[BISHOP] | queens) & own;
    bitboard orth = (p->by_type[ROOK] | queens) & own;
    if (R.race) {
        /* Few pieces, and each its own mask: one by one. */
        bitboard all = diag | orth;
        while (all) {
            int from = bb_pop(&all);
            enum piece_type pt = piece_type(p->board[from]);
            bitboard t = 0;
            if (pt != ROOK)
                t |= attacks_bishop_with(from, occ, pext);
            if (pt != BISHOP)
                t |= attacks_rook_with(from, occ, pext);
            t &= target;
            if (bb_test(pinned, from))
                t &= attacks_line(ksq, from);
            emit_targets(&s, from, race_filter(&rm, from, pt, t));
        }
    } else if (!s.out) {
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

    /* Pawns not pinned move as a set; pinned ones one by one along their pin.
     * Racing kings has no pawns at all. */
    bitboard pawns = R.race ? 0 : p->by_type[PAWN] & own;
    bitboard free_pawns = pawns & ~pinned;
    bitboard empty = ~occ;
    bitboard third = us == WHITE ? BB_RANK_3 : BB_RANK_6;
    int up = us == WHITE ? 8 : -8;
    bitboard push1 = R.captures_only ? 0 : pawn_push(free_pawns, us) & empty;
    bitboard push2 = pawn_push(push1 & third, us) & empty & checkmask;
    bitboard push_first = 0;
    if (R.pseudo && (free_pawns & (us == WHITE ? BB_RANK_1 : BB_RANK_8)))
        /* Horde: a pawn on its first rank may advance two squares as well
         * (lichess), and leaves no en-passant square behind. */
        push_first = pawn_push(push1 & (us == WHITE ? BB_RANK_2 : BB_RANK_7), us) & empty;
    push1 &= checkmask;
    bitboard capl = pawn_attacks_west(free_pawns, us) & enemy & checkmask;
    bitboard capr = pawn_attacks_east(free_pawns, us) & enemy & checkmask;
    if (!s.out) {
        s.n += bb_count(push1) + bb_count(capl) + bb_count(capr) + bb_count(push2) +
               bb_count(push_first);
        bitboard last = us == WHITE ? BB_RANK_8 : BB_RANK_1;
        int extra = R.king_promotion ? 4 : 3;
        if (free_pawns & pawn_push(last, them)) /* three (four) more moves per promotion */
            s.n += extra * (bb_count(push1 & last) + bb_count(capl & last) + bb_count(capr & last));
    } else {
        emit_pawn_set(&s, push1, up, us, MOVE_NORMAL, R);
        emit_pawn_set(&s, capl, up - 1, us, MOVE_NORMAL, R);
        emit_pawn_set(&s, capr, up + 1, us, MOVE_NORMAL, R);
        while (push2) {
            int to = bb_pop(&push2);
            emit(&s, to - 2 * up, to, MOVE_DOUBLE_PUSH);
        }
        while (push_first) {
            int to = bb_pop(&push_first);
            emit(&s, to - 2 * up, to, MOVE_NORMAL);
        }
    }
    bitboard pinned_pawns = pawns & pinned;
    while (pinned_pawns) {
        int from = bb_pop(&pinned_pawns);
        bitboard line = attacks_line(ksq, from) & checkmask;
        bitboard one = R.captures_only ? 0 : pawn_push(bb_square(from), us) & empty;
        bitboard two = pawn_push(one & third, us) & empty;
        emit_pawn_set(&s, one & line, up, us, MOVE_NORMAL, R);
        bitboard c = attacks_pawn(us, from) & enemy & line;
        while (c) {
            int to = bb_pop(&c);
            emit_pawn_set(&s, bb_square(to), to - from, us, MOVE_NORMAL, R);
        }
        if (two & line)
            emit(&s, from, from + 2 * up, MOVE_DOUBLE_PUSH);
    }
    if (p->ep_square != SQUARE_NONE && pawns)
        gen_en_passant(p, &ss, &s, us, ksq, pext, R.pseudo);
    if (R.drops && !R.captures_only)
        gen_drops(p, &s, us, empty, checkmask);
    return s.n;
}

/* One instantiation per side to move and index scheme, chosen at run time. */
#define GENERATE(p, out, R)                                                                        \
    (attacks_use_pext ? ((p)->side == WHITE ? generate(p, out, WHITE, true, R)                     \
                                            : generate(p, out, BLACK, true, R))                    \
                      : ((p)->side == WHITE ? generate(p, out, WHITE, false, R)                    \
                                            : generate(p, out, BLACK, false, R)))

static const struct gen_rules RULES_CHESS = {0};
static const struct gen_rules RULES_DROPS = {.drops = true};
static const struct gen_rules RULES_RACE = {.race = true};
static const struct gen_rules RULES_PSEUDO = {.pseudo = true};
static const struct gen_rules RULES_ANTI = {.pseudo = true, .king_promotion = true};
static const struct gen_rules RULES_ANTI_CAPTURES = {
    .pseudo = true, .king_promotion = true, .captures_only = true};

/* Atomic castling beyond the pseudo-legal generator's tests: not in check,
 * and no square strictly between the king and its destination attacked in
 * atomic's sense, with the king lifted off (the destination is judged with
 * the move played, as every atomic move is). */
static bool atomic_castle_ok(const struct position *p, move m)
{
    int ksq = move_from(m), kto = move_castle_king_to(ksq, move_to(m));
    bitboard occ = position_occupied(p);
    if (position_atomic_attacked(p, ksq, p->side, occ))
        return false;
    bitboard path = attacks_between(ksq, kto);
    while (path)
        if (position_atomic_attacked(p, bb_pop(&path), p->side, occ ^ bb_square(ksq)))
            return false;
    return true;
}

/* Atomic's invariant (lichess rules): after the move the mover's king
 * still stands, and either the enemy king has exploded (that wins) or
 * one's own king is not attacked in atomic's sense. */
static bool atomic_legal(const struct position *p, move m)
{
    enum color us = (enum color)p->side;
    if (move_kind(m) == MOVE_CASTLE && !atomic_castle_ok(p, m))
        return false;
    struct position after = *p;
    makemove_play(&after, m);
    int k = position_king(&after, us);
    if (k == SQUARE_NONE)
        return false;
    if (!position_pieces(&after, (enum color) !us, KING))
        return true;
    return !position_atomic_attacked(&after, k, us, position_occupied(&after));
}

/* The moves of a variant position (out == NULL: only count them): none
 * after a variant end, else the generator with the variant's rule modules,
 * and the variant's invariant where the generator cannot mask it. */
GEN_INLINE int variant_moves(const struct position *p, move *out)
{
    struct variant_end end;
    if (variant_end(p, &end))
        return 0;
    const struct variant_rules *r = variant_rules((enum variant)p->variant);
    if (r->explosions) {
        move pseudo[MOVELIST_MAX];
        int n = GENERATE(p, pseudo, RULES_PSEUDO), kept = 0;
        for (int i = 0; i < n; i++)
            if (atomic_legal(p, pseudo[i])) {
                if (out)
                    out[kept] = pseudo[i];
                kept++;
            }
        return kept;
    }
    if (r->must_capture) {
        /* Antichess: when a capture exists, only captures are legal. */
        int n = GENERATE(p, out, RULES_ANTI_CAPTURES);
        return n ? n : GENERATE(p, out, RULES_ANTI);
    }
    if (!position_pieces(p, (enum color)p->side, KING))
        return GENERATE(p, out, RULES_PSEUDO); /* the horde: no king to keep safe */
    if (r->drops)
        return GENERATE(p, out, RULES_DROPS);
    if (r->no_check)
        return GENERATE(p, out, RULES_RACE);
    return GENERATE(p, out, RULES_CHESS);
}

typedef int gen_legal_fn(const struct position *p, struct movelist *list);
typedef int gen_count_fn(const struct position *p);

/* One version of the entry points: the variants out of line, standard
 * chess inline. */
#define GEN_VERSION(suffix, target)                                                                \
    target __attribute__((noinline)) static int variant_moves_##suffix(const struct position *p,   \
                                                                       move *out)                  \
    {                                                                                              \
        return variant_moves(p, out);                                                              \
    }                                                                                              \
    target static int movegen_legal_##suffix(const struct position *p, struct movelist *list)      \
    {                                                                                              \
        if (__builtin_expect(p->variant != VARIANT_CHESS, 0))                                      \
            list->count = variant_moves_##suffix(p, list->moves);                                  \
        else                                                                                       \
            list->count = GENERATE(p, list->moves, RULES_CHESS);                                   \
        return list->count;                                                                        \
    }                                                                                              \
    target static int movegen_count_##suffix(const struct position *p)                             \
    {                                                                                              \
        if (__builtin_expect(p->variant != VARIANT_CHESS, 0))                                      \
            return variant_moves_##suffix(p, NULL);                                                \
        return GENERATE(p, NULL, RULES_CHESS);                                                     \
    }
ISA_EACH(GEN_VERSION)

ISA_DISPATCH(gen_legal_fn, movegen_legal)
ISA_DISPATCH(gen_count_fn, movegen_count)

bool movegen_is_legal(const struct position *p, move m)
{
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++)
        if (l.moves[i] == m)
            return true;
    return false;
}

/* King safety (FIDE Art. 3.9), over the one attacked-square test
 * position_attacked_by, without playing the move in the common cases: a
 * king move is legal when its target is not attacked once the king has
 * left its square; another move, when not in check, unless the piece is
 * pinned and leaves the line of the pin (then only a slider on that line
 * beyond it can newly attack the king).  Checks and en passant (which
 * empties two squares of a rank) play on a copy and ask
 * movegen_left_king_safe. */
bool movegen_king_safe(const struct position *p, move m)
{
    if (p->variant != VARIANT_CHESS)
        return movegen_is_legal(p, m); /* the variants' invariants are the generator's */
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
        return movegen_left_king_safe(&c);
    }
    bitboard line = attacks_line(king, from);
    if (!line || bb_test(line, to))
        return true;
    bitboard rest = occ ^ bb_square(from), enemy = p->by_color[them] & line;
    bitboard diagonal = (p->by_type[BISHOP] | p->by_type[QUEEN]) & enemy;
    bitboard straight = (p->by_type[ROOK] | p->by_type[QUEEN]) & enemy;
    return !attacks_sliders_reaching(king, straight, diagonal, rest);
}

bool movegen_left_king_safe(const struct position *after)
{
    enum color moved = (enum color) !after->side;
    int king = position_king(after, moved);
    return king != SQUARE_NONE &&
           !position_attacked_by(after, king, (enum color)after->side, position_occupied(after));
}

/* castling_rule, for one right, the attacks asked of the position. */
move movegen_castle(const struct position *p, bool queen_side)
{
    enum color us = (enum color)p->side;
    int idx = castle_index(us, queen_side), ksq = position_king(p, us);
    if (castling_rule(p, idx, ksq, false, false, castling_attacked_in_position, p) !=
        CASTLING_LEGAL)
        return MOVE_NONE;
    return move_make(ksq, p->castle_rook[idx], MOVE_CASTLE);
}
