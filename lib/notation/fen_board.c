/* The plain board field of a FEN record (fen_board.h). */
#include "fen_board.h"

#include "base/bytes16.h"

#include <string.h>

/* What a byte of a plain board field stands for: the piece it places
 * (NO_PIECE for a digit and '/') and its row of position_zobrist_piece, the
 * step to the next square ('/': back to the start of the next rank), how far
 * the rank's end moves, where the piece is written ('/': a scratch cell),
 * its kind (BOARD_BYTE for any byte of a plain board, BOARD_DIGIT too for
 * a digit). */
struct board_code {
    uint16_t key_row;
    int8_t step;
    uint8_t piece, rank_down, scratch, kind, unused; /* (eight bytes: one scaled index) */
};
enum { BOARD_BYTE = 1, BOARD_DIGIT = 2 };
#define PIECE(letter, piece) [letter] = {piece * SQUARE_NB, 1, piece, 0, 0, BOARD_BYTE, 0}
#define DIGIT(n) ['0' + n] = {0, n, NO_PIECE, 0, 0, BOARD_BYTE | BOARD_DIGIT, 0}
static const struct board_code board_code[256] = {
    PIECE('P', 1),  PIECE('N', 2),  PIECE('B', 3),
    PIECE('R', 4),  PIECE('Q', 5),  PIECE('K', 6),
    PIECE('p', 9),  PIECE('n', 10), PIECE('b', 11),
    PIECE('r', 12), PIECE('q', 13), PIECE('k', 14),
    DIGIT(1),       DIGIT(2),       DIGIT(3),
    DIGIT(4),       DIGIT(5),       DIGIT(6),
    DIGIT(7),       DIGIT(8),       ['/'] = {0, -16, NO_PIECE, 8, SQUARE_NB, BOARD_BYTE, 0},
};
#undef PIECE
#undef DIGIT

/* The number of each piece on p's bitboards, without a popcount
 * instruction (plain x86-64 has none): bits added up in pairs, fours and
 * bytes, White's and Black's side by side in one vector. */
static void count_pieces(const struct position *p, uint8_t count[PIECE_NB])
{
    const bytes16_u64 m1 = (bytes16_u64)bytes16_splat(0x55), m2 = (bytes16_u64)bytes16_splat(0x33),
                      m4 = (bytes16_u64)bytes16_splat(0x0F);
    const bytes16_u64 colors = {p->by_color[WHITE], p->by_color[BLACK]};
    for (int t = PAWN; t <= KING; t++) {
        bytes16_u64 x = colors & p->by_type[t];
        x = x - ((x >> 1) & m1);
        x = (x & m2) + ((x >> 2) & m2);
        x = (x + (x >> 4)) & m4;
        unsigned white, black;
        bytes16_sum_halves((bytes16)x, &white, &black); /* the bytes of each half added up */
        count[piece_make(WHITE, (enum piece_type)t)] = (uint8_t)white;
        count[piece_make(BLACK, (enum piece_type)t)] = (uint8_t)black;
    }
}

/* Bit `bit` of each of the 64 bytes of v as a bitboard: shifted to bit 7 of
 * its byte (a 16-bit lane's shift moves nothing else there) and gathered. */
static bitboard bit_plane(const bytes16 v[4], int bit)
{
    bitboard b = 0;
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++)
        b |= (bitboard)bytes16_mask((bytes16)((bytes16_u16)v[k] << (7 - bit))) << (16 * k);
    return b;
}

/* The bitboards of p from its mailbox, and the number of each piece: the
 * four bits of a piece (type in bits 0-2, colour in bit 3) gathered for all
 * 64 squares, so that fen_board_plain's loop adds to no bitboard or counter
 * in memory (a chain of stores and reloads on a run of pawns). */
static void board_sets(struct position *p, uint8_t count[PIECE_NB])
{
    bytes16 v[4];
    for (int k = 0; k < 4; k++)
        v[k] = bytes16_load(p->board + 16 * k);
    bitboard b0 = bit_plane(v, 0), b1 = bit_plane(v, 1), b2 = bit_plane(v, 2);
    bitboard black = bit_plane(v, 3);
    p->by_type[PAWN] = b0 & ~(b1 | b2);
    p->by_type[KNIGHT] = b1 & ~(b0 | b2);
    p->by_type[BISHOP] = b0 & b1 & ~b2;
    p->by_type[ROOK] = b2 & ~(b0 | b1);
    p->by_type[QUEEN] = b0 & b2 & ~b1;
    p->by_type[KING] = b1 & b2 & ~b0;
    bitboard occupied = b0 | b1 | b2;
    p->by_color[WHITE] = occupied & ~black;
    p->by_color[BLACK] = black;
    p->by_type[0] = p->by_color[WHITE] | p->by_color[BLACK];
    count_pieces(p, count);
}

/* Do two digits stand side by side in s[0..len)?  Eight bytes at a time,
 * after the board loop rather than a flag carried through it: the words
 * start seven bytes apart, so that every pair of neighbours lies within one,
 * and the last ends at len.  A byte is a digit 1-8 when adding 0x4F sets its
 * high bit and adding 0x47 does not (no carry crosses bytes below 0x80; a
 * byte above is no board's, whatever is found here). */
static bool digits_in_a_row(const unsigned char *s, size_t len)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (len >= 8) {
        const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
        for (size_t i = 0;; i += 7) {
            if (i + 8 > len)
                i = len - 8;
            uint64_t w;
            memcpy(&w, s + i, 8);
            uint64_t digit = (w + ones * 0x4F) & ~(w + ones * 0x47) & ~w & highs;
            if (digit & (digit >> 8))
                return true;
            if (i + 8 == len)
                return false;
        }
    }
#endif
    for (size_t i = 1; i < len; i++)
        if ((unsigned)(s[i - 1] - '1') < 8u && (unsigned)(s[i] - '1') < 8u)
            return true;
    return false;
}

/* One loop without a branch on what a byte is (those were mispredicted at
 * every change from letters to digits): every byte writes its piece into a
 * scratch mailbox (NO_PIECE on a digit's first square, '/' into a cell past
 * the board) and hashes it (NO_PIECE's key is 0); what is wrong is gathered
 * in flags tested at the end. */
bool fen_board_plain(const char *field, size_t len, struct position *p, uint8_t count[PIECE_NB])
{
    const unsigned char *s = (const unsigned char *)field, *end = s + len;
    const uint64_t *zobrist = position_zobrist_piece[0];
    uint8_t cells[2 * SQUARE_NB] = {0};
    uint64_t key = 0;
    unsigned at = 56, rank_end = SQUARE_NB, wrong = 0;
    unsigned all = BOARD_BYTE; /* the kinds of every byte */
    for (; s < end; s++) {
        const struct board_code *code = &board_code[*s];
        unsigned sq = at & 63;                      /* (in bounds however wrong the field) */
        wrong |= (at ^ rank_end) * code->rank_down; /* '/' ends a full rank */
        cells[sq | code->scratch] = code->piece;
        key ^= zobrist[code->key_row + sq];
        at += (unsigned)code->step;
        rank_end -= code->rank_down;
        all &= code->kind;
    }
    if (!(all & BOARD_BYTE) || wrong || at != 8 || rank_end != 8 ||
        digits_in_a_row((const unsigned char *)field, len))
        return false;
    memcpy(p->board, cells, SQUARE_NB);
    board_sets(p, count);
    p->key ^= key;
    return true;
}
