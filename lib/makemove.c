#include "makemove.h"

#include "attacks.h"

/* Castling rights are lost for good when the king moves or when anything
 * moves from or to a castling rook's square (FIDE Art. 3.8.2.1). */
static void update_castling(struct position *p, int from, int to, int piece)
{
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1 << i)))
            continue;
        int rook = p->castle_rook[i];
        bool king_moved = piece == piece_make((enum color)(i >> 1), KING);
        if (king_moved || from == rook || to == rook)
            p->castling &= (uint8_t) ~(1 << i);
    }
}

/* Record the en-passant square only when an enemy pawn stands beside the
 * pawn that advanced two squares: positions that differ only by a square no
 * pawn could use are the same position (FIDE Art. 9.2.2), and hash alike. */
static void set_ep_square(struct position *p, int from, int to, enum color us)
{
    int ep = (from + to) / 2;
    if (attacks_pawn(us, ep) & position_pieces(p, (enum color) !us, PAWN)) {
        p->ep_square = (uint8_t)ep;
        p->key ^= position_zobrist_ep_file[square_file(ep)];
    }
}

void makemove_play(struct position *p, move m)
{
    int from = move_from(m), to = move_to(m);
    enum move_kind kind = move_kind(m);
    enum color us = (enum color)p->side;
    int piece = p->board[from];

    if (p->ep_square != SQUARE_NONE) {
        p->key ^= position_zobrist_ep_file[square_file(p->ep_square)];
        p->ep_square = SQUARE_NONE;
    }
    p->key ^= position_zobrist_castling[p->castling];
    p->halfmove++;

    if (kind == MOVE_CASTLE) {
        int kto = move_castle_king_to(from, to), rto = move_castle_rook_to(from, to);
        int rook = p->board[to];
        position_remove(p, from);
        position_remove(p, to);
        position_put(p, piece, kto);
        position_put(p, rook, rto);
    } else {
        if (piece_type(piece) == PAWN || p->board[to] != NO_PIECE)
            p->halfmove = 0;
        if (p->board[to] != NO_PIECE)
            position_remove(p, to);
        position_remove(p, from);
        if (kind == MOVE_EN_PASSANT)
            position_remove(p, us == WHITE ? to - 8 : to + 8);
        if (move_is_promotion(m))
            piece = piece_make(us, move_promotion(m));
        position_put(p, piece, to);
        if (kind == MOVE_DOUBLE_PUSH)
            set_ep_square(p, from, to, us);
    }
    if (p->castling)
        update_castling(p, from, to,
                        p->board[kind == MOVE_CASTLE ? move_castle_king_to(from, to) : to]);
    p->key ^= position_zobrist_castling[p->castling];

    if (us == BLACK)
        p->fullmove++;
    p->side = (uint8_t)!us;
    p->key ^= position_zobrist_side;
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
