/* The one make-move of standard chess and Chess960 (FIDE Art. 3), an
 * always-inline template whose cheaper variants are compile-time modes:
 * makemove_play, makemove_play_undo, perft's walk (no counters, the key
 * only for its table, the rights from a table per square) and its last
 * ply (without the mailbox).  Private to makemove.c and perft: everyone
 * else calls makemove.h.  The en-passant square is en_passant.h's
 * (pseudo-legal mode), the castling rights castling.h's. */
#ifndef CHESS_MAKEMOVE_IMPL_H
#define CHESS_MAKEMOVE_IMPL_H

#include "castling.h"
#include "en_passant.h"
#include "move.h"
#include "position.h"

/* What an instance keeps in step besides the pieces' sets, the side to
 * move, the en-passant square and the castling rights (always written). */
struct makemove_mode {
    bool key;      /* the Zobrist key; else p->key is left as it was (stale) */
    bool counters; /* the halfmove clock and the move number */
    bool mailbox;  /* p->board; the generator never reads it */
};

#define MAKEMOVE_INLINE static inline __attribute__((always_inline))

/* Play m, a legal move of standard chess or Chess960 in src, onto p: src
 * itself, or (without the mailbox mode) a position holding src's piece
 * sets, and its key and counters in the modes that keep them; the castling
 * rooks, the Chess960 flag and the variant are never written.  Read from
 * src: the mailbox, the rights, the en-passant square and the side.  keep:
 * castling_keep_init's table, or NULL for castling_rights_after. */
MAKEMOVE_INLINE void makemove_standard(struct position *p, const struct position *src, move m,
                                       const struct makemove_mode mode, const uint8_t *keep)
{
    int from = move_from(m), to = move_to(m);
    enum move_kind kind = move_kind(m);
    enum color us = (enum color)src->side;
    int piece = src->board[from];
    bitboard fb = bb_square(from), tb = bb_square(to);
    /* A right holds only while its king and rook stand where they began
     * (the FEN reader grants none without them): a move that touches
     * neither keeps every right. */
    bool rights = src->castling && (keep || ((fb | tb) & (p->by_type[KING] | p->by_type[ROOK])));
    if (src->ep_square != SQUARE_NONE) {
        if (mode.key)
            p->key ^= position_zobrist_ep_file[square_file(src->ep_square)];
        p->ep_square = SQUARE_NONE;
    } else if (p != src) {
        p->ep_square = SQUARE_NONE;
    }
    if (mode.counters)
        p->halfmove++;

    if (kind == MOVE_NORMAL) {
        /* Most moves: one piece from one square to another, taking what
         * stands there (FIDE Art. 3.1), each set read and written once (a
         * set written through one index and read through another stalls). */
        int victim = src->board[to];
        enum piece_type pt = piece_type(piece), vt = piece_type(victim);
        uint64_t key = p->key;
        if (mode.key)
            key ^= position_zobrist_piece[piece][from] ^ position_zobrist_piece[piece][to] ^
                   position_zobrist_piece[victim][to];
        p->by_type[0] = (p->by_type[0] & ~fb) | tb;
        p->by_color[us] = (p->by_color[us] & ~fb) | tb;
        p->by_type[pt] = (p->by_type[pt] & ~fb) | tb;
        if (victim != NO_PIECE) {
            p->by_color[(enum color) !us] &= ~tb;
            if (vt != pt)
                p->by_type[vt] &= ~tb;
        }
        if (mode.mailbox) {
            p->board[from] = NO_PIECE;
            p->board[to] = (uint8_t)piece;
        }
        if (mode.key)
            p->key = key;
        /* the fifty-move count restarts on a capture or a pawn move (Art. 9.3) */
        if (mode.counters && (victim != NO_PIECE || pt == PAWN))
            p->halfmove = 0;
    } else if (kind == MOVE_CASTLE) {
        /* King takes own rook: both land on their castling squares (Art.
         * 3.8.2; in Chess960 either may land where the other stood). */
        int kto = move_castle_king_to(from, to), rto = move_castle_rook_to(from, to);
        int rook = src->board[to];
        bitboard kb = bb_square(kto), rb = bb_square(rto);
        p->by_type[KING] = (p->by_type[KING] & ~fb) | kb;
        p->by_type[ROOK] = (p->by_type[ROOK] & ~tb) | rb;
        p->by_color[us] = (p->by_color[us] & ~(fb | tb)) | kb | rb;
        p->by_type[0] = (p->by_type[0] & ~(fb | tb)) | kb | rb;
        if (mode.mailbox) {
            p->board[from] = NO_PIECE;
            p->board[to] = NO_PIECE;
            p->board[kto] = (uint8_t)piece;
            p->board[rto] = (uint8_t)rook;
        }
        if (mode.key)
            p->key ^= position_zobrist_piece[piece][from] ^ position_zobrist_piece[piece][kto] ^
                      position_zobrist_piece[rook][to] ^ position_zobrist_piece[rook][rto];
    } else {
        /* A pawn's double step, en passant (the victim beside the target,
         * Art. 3.7.3.1) or a promotion (Art. 3.7.5). */
        int captured = src->board[to];
        int placed = move_is_promotion(m) ? piece_make(us, move_promotion(m)) : piece;
        if (kind == MOVE_EN_PASSANT) {
            int victim = to ^ 8;
            bitboard vb = bb_square(victim);
            p->by_type[PAWN] ^= vb;
            p->by_color[(enum color) !us] ^= vb;
            p->by_type[0] ^= vb;
            if (mode.mailbox)
                p->board[victim] = NO_PIECE;
            if (mode.key)
                p->key ^= position_zobrist_piece[piece_make((enum color) !us, PAWN)][victim];
        } else if (captured != NO_PIECE) {
            p->by_type[piece_type(captured)] ^= tb;
            p->by_color[(enum color) !us] ^= tb;
            p->by_type[0] ^= tb;
            if (mode.key)
                p->key ^= position_zobrist_piece[captured][to];
        }
        p->by_color[us] ^= fb | tb;
        p->by_type[0] ^= fb | tb;
        p->by_type[piece_type(piece)] ^= fb;
        p->by_type[piece_type(placed)] ^= tb;
        if (mode.mailbox) {
            p->board[from] = NO_PIECE;
            p->board[to] = (uint8_t)placed;
        }
        if (mode.key)
            p->key ^= position_zobrist_piece[piece][from] ^ position_zobrist_piece[placed][to];
        if (mode.counters)
            p->halfmove = 0; /* every one of these moves a pawn */
        if (kind == MOVE_DOUBLE_PUSH) {
            int ep =
                en_passant_square(p, (from + to) >> 1, (enum color) !us, EN_PASSANT_PSEUDO_LEGAL);
            if (ep != SQUARE_NONE) {
                p->ep_square = (uint8_t)ep;
                if (mode.key)
                    p->key ^= position_zobrist_ep_file[square_file(ep)];
            }
        }
    }
    if (rights) {
        /* (src's rights are still the ones before the move: written last) */
        uint8_t left = keep ? src->castling & keep[from] & keep[to]
                            : castling_rights_after(src, from, to, piece);
        if (mode.key)
            p->key ^= position_zobrist_castling[src->castling] ^ position_zobrist_castling[left];
        p->castling = left;
    } else if (p != src) {
        p->castling = src->castling;
    }
    if (mode.counters && us == BLACK)
        p->fullmove++;
    p->side = (uint8_t)!us;
    if (mode.key)
        p->key ^= position_zobrist_side;
}

#endif
