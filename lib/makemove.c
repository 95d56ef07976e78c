#include "makemove.h"

#include "attacks.h"

/* position_put/position_remove, inlined: a move is a handful of them and
 * the calls were a quarter of the time of playing one. */
static inline void put_piece(struct position *p, int piece, int sq)
{
    bitboard b = bb_square(sq);
    p->board[sq] = (uint8_t)piece;
    p->by_type[piece_type(piece)] |= b;
    p->by_type[0] |= b;
    p->by_color[piece_color(piece)] |= b;
    p->key ^= position_zobrist_piece[piece][sq];
}

static inline void remove_piece(struct position *p, int sq)
{
    int piece = p->board[sq];
    bitboard b = bb_square(sq);
    p->board[sq] = NO_PIECE;
    p->by_type[piece_type(piece)] &= ~b;
    p->by_type[0] &= ~b;
    p->by_color[piece_color(piece)] &= ~b;
    p->key ^= position_zobrist_piece[piece][sq];
}

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
    if (attacks_pawn(us, ep) & position_pieces(p, (enum color)!us, PAWN)) {
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
        remove_piece(p, from);
        remove_piece(p, to);
        put_piece(p, piece, kto);
        put_piece(p, rook, rto);
    } else {
        if (piece_type(piece) == PAWN || p->board[to] != NO_PIECE)
            p->halfmove = 0;
        if (p->board[to] != NO_PIECE)
            remove_piece(p, to);
        remove_piece(p, from);
        if (kind == MOVE_EN_PASSANT)
            remove_piece(p, us == WHITE ? to - 8 : to + 8);
        if (move_is_promotion(m))
            piece = piece_make(us, move_promotion(m));
        put_piece(p, piece, to);
        if (kind == MOVE_DOUBLE_PUSH)
            set_ep_square(p, from, to, us);
    }
    if (p->castling)
        update_castling(p, from, to, p->board[kind == MOVE_CASTLE ? move_castle_king_to(from, to) : to]);
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
