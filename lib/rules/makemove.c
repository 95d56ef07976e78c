/* Making a move or a null move on a position (makemove.h): copy-make, the
 * variants' drops, pockets, explosions and check counters (standard
 * chess's own make-move is makemove_impl.h's). */
#include "makemove.h"
#include "makemove_impl.h"

#include "attacks.h"
#include "castling.h"
#include "en_passant.h"

/* Crazyhouse: the promoted-piece marks follow the pieces. */
static void set_promoted(struct position *p, int sq, bool on)
{
    if (bb_test(p->promoted, sq) != on) {
        p->promoted ^= bb_square(sq);
        p->key ^= position_zobrist_promoted[sq];
    }
}

/* The move on a variant position: the standard move, then what the
 * variant adds (variant.h): pockets, drops and promoted pieces, atomic's
 * explosions and the rights of exploded rooks and kings, checks given. */
__attribute__((noinline, cold)) static void play_variant(struct position *p, move m)
{
    const struct variant_rules *r = variant_rules((enum variant)p->variant);
    int from = move_from(m), to = move_to(m);
    enum move_kind kind = move_kind(m);
    enum color us = (enum color)p->side, them = (enum color) !us;

    if (p->ep_square != SQUARE_NONE) {
        p->key ^= position_zobrist_ep_file[square_file(p->ep_square)];
        p->ep_square = SQUARE_NONE;
    }
    p->key ^= position_zobrist_castling[p->castling];
    p->halfmove++;

    if (move_is_drop(m)) {
        /* Crazyhouse: a piece from the pocket onto an empty square. */
        enum piece_type t = move_drop_piece(m);
        position_put(p, piece_make(us, t), to);
        position_pocket_add(p, us, t, -1);
        if (t == PAWN)
            p->halfmove = 0;
    } else if (kind == MOVE_CASTLE) {
        int kto = move_castle_king_to(from, to), rto = move_castle_rook_to(from, to);
        int piece = p->board[from], rook = p->board[to];
        bool rook_promoted = bb_test(p->promoted, to);
        set_promoted(p, to, false);
        position_remove(p, from);
        position_remove(p, to);
        position_put(p, piece, kto);
        position_put(p, rook, rto);
        set_promoted(p, rto, rook_promoted);
        p->castling = castling_rights_after(p, from, to, piece);
    } else {
        int piece = p->board[from];
        int victim_sq = kind == MOVE_EN_PASSANT ? (us == WHITE ? to - 8 : to + 8) : to;
        int victim = p->board[victim_sq];
        bool moved_promoted = bb_test(p->promoted, from);
        if (piece_type(piece) == PAWN || victim != NO_PIECE)
            p->halfmove = 0;
        if (victim != NO_PIECE) {
            if (r->drops)
                position_pocket_add(p, us,
                                    bb_test(p->promoted, victim_sq) ? PAWN : piece_type(victim), 1);
            set_promoted(p, victim_sq, false);
            position_remove(p, victim_sq);
        }
        set_promoted(p, from, false);
        position_remove(p, from);
        if (move_is_promotion(m)) {
            piece = piece_make(us, move_promotion(m));
            moved_promoted = r->drops;
        }
        position_put(p, piece, to);
        set_promoted(p, to, moved_promoted);
        if (kind == MOVE_DOUBLE_PUSH) {
            /* recorded only when an enemy pawn could take (pseudo-legal mode) */
            int ep = en_passant_square(p, (from + to) / 2, them, EN_PASSANT_PSEUDO_LEGAL);
            if (ep != SQUARE_NONE) {
                p->ep_square = (uint8_t)ep;
                p->key ^= position_zobrist_ep_file[square_file(ep)];
            }
        }
        p->castling = castling_rights_after(p, from, to, piece);
        if (victim != NO_PIECE && piece_type(victim) == KING && !position_pieces(p, them, KING))
            /* Giveaway: a captured king takes its side's rights along. */
            p->castling &= (uint8_t) ~(them == WHITE ? CASTLE_WHITE_KING | CASTLE_WHITE_QUEEN
                                                     : CASTLE_BLACK_KING | CASTLE_BLACK_QUEEN);
        if (r->explosions && victim != NO_PIECE) {
            /* Atomic: the explosion on the target square. */
            bitboard blast =
                (attacks_king(to) & position_occupied(p) & ~p->by_type[PAWN]) | bb_square(to);
            bitboard b = blast;
            while (b) {
                int sq = bb_pop(&b);
                set_promoted(p, sq, false);
                position_remove(p, sq);
            }
            for (int i = 0; i < 4; i++) {
                if (!(p->castling & (1 << i)))
                    continue;
                if (bb_test(blast, p->castle_rook[i]) ||
                    !position_pieces(p, (enum color)(i >> 1), KING))
                    p->castling &= (uint8_t) ~(1 << i);
            }
        }
    }
    p->key ^= position_zobrist_castling[p->castling];

    if (us == BLACK)
        p->fullmove++;
    p->side = (uint8_t)them;
    p->key ^= position_zobrist_side;
    if (r->three_checks && p->checks_given[us] < 3 && position_in_check(p)) {
        /* Three-check: the check just given counts. */
        p->key ^= position_zobrist_checks[us][p->checks_given[us]];
        p->checks_given[us]++;
        p->key ^= position_zobrist_checks[us][p->checks_given[us]];
    }
}

/* makemove_play's body, inlined into makemove_play_undo too (a replay
 * calls it once a ply); the key as the caller asks. */
static inline __attribute__((always_inline)) void play(struct position *p, move m, bool keys)
{
    if (__builtin_expect(p->variant != VARIANT_CHESS, 0)) {
        play_variant(p, m);
        return;
    }
    makemove_standard(p, p, m,
                      (struct makemove_mode){.key = keys, .counters = true, .mailbox = true}, NULL);
}

void makemove_play(struct position *p, move m)
{
    play(p, m, true);
}

void makemove_null(struct position *p)
{
    if (p->ep_square != SQUARE_NONE) {
        p->key ^= position_zobrist_ep_file[square_file(p->ep_square)];
        p->ep_square = SQUARE_NONE;
    }
    p->halfmove++;
    if (p->side == BLACK)
        p->fullmove++;
    p->side = (uint8_t)!p->side;
    p->key ^= position_zobrist_side;
}

void makemove_play_undo(struct position *p, move m, struct makemove_undo *u)
{
    int to = move_to(m);
    *u = (struct makemove_undo){
        .halfmove = p->halfmove,
        .castling = p->castling,
        .ep_square = p->ep_square,
        .victim = p->board[to],
    };
    p->key_stale = 1;
    play(p, m, false);
}

void makemove_take_back(struct position *p, move m, const struct makemove_undo *u)
{
    int from = move_from(m), to = move_to(m);
    enum color us = (enum color) !p->side;
    int piece = p->board[to];
    if (move_is_promotion(m))
        piece = piece_make(us, PAWN);
    position_remove(p, to);
    position_put(p, piece, from);
    if (u->victim != NO_PIECE)
        position_put(p, u->victim, to);
    else if (move_kind(m) == MOVE_EN_PASSANT)
        position_put(p, piece_make((enum color) !us, PAWN), us == WHITE ? to - 8 : to + 8);
    p->side = (uint8_t)us;
    if (us == BLACK)
        p->fullmove--;
    p->halfmove = u->halfmove;
    p->castling = u->castling;
    p->ep_square = u->ep_square; /* (p->key_stale: still set, by the move) */
}
