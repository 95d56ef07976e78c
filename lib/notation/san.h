/* Standard Algebraic Notation (PGN standard section 8.2.3): writing with
 * exact disambiguation and check marks, and lenient reading of what real
 * archives contain (zero castling, long algebraic, UCI, missing or
 * superfluous check marks, over-disambiguation).  Drops are "N@f3" ("P@e4",
 * "@e4" read too); an antichess pawn may promote to a king ("e8=K"). */
#ifndef CHESS_SAN_H
#define CHESS_SAN_H

#include "rules/movegen.h"

#include <stdbool.h>
#include <stddef.h>

enum { SAN_MAX = 16 };

enum san_error {
    SAN_OK = 0,
    SAN_SYNTAX,       /* not the shape of a move */
    SAN_ILLEGAL,      /* well-formed, but no legal move matches */
    SAN_AMBIGUOUS,    /* more than one legal move matches */
    SAN_NO_PROMOTION, /* a pawn move to the last rank without its piece */
};

const char *san_error_message(enum san_error e);

/* Write m (legal in p) as SAN into buf (SAN_MAX bytes), with '+' or '#';
 * a pinned piece never adds a file or rank (PGN standard 8.2.3.4).
 * Returns the length. */
size_t san_format(const struct position *p, move m, char buf[SAN_MAX]);
/* The same with the position after m at hand (NULL: none) for the mark. */
size_t san_format_after(const struct position *p, move m, const struct position *after,
                        char buf[SAN_MAX]);
/* The same without the check mark (cheaper: no move is played). */
size_t san_format_plain(const struct position *p, move m, char buf[SAN_MAX]);
/* The check mark of a move that led to `after`: '#' when a side has won
 * there (checkmate, or any decisive end of a variant), '+' for a check, 0
 * for neither. */
char san_mark(const struct position *after);

/* What the text of a move says, before it is matched against a position. */
struct san_parsed {
    enum piece_type piece; /* PAWN for pawn moves */
    int from_file;         /* -1 when not given */
    int from_rank;         /* -1 when not given */
    int to;                /* target square, SQUARE_NONE for castling */
    enum piece_type promotion;
    int castle;   /* 0, 1 king side, 2 queen side */
    bool capture; /* an 'x' or ':' was written */
    bool drop;    /* a crazyhouse drop, "N@f3" ("@e4" a pawn): piece and to */
};

/* Plain SAN packed in one word, so that the lexer scans it once for the
 * replay: a piece move with at most a file or a rank to tell it apart
 * ("Nbxd2", "R1e2"), a pawn push or capture without promotion, or
 * castling, with an optional check mark.  SAN_SHAPE is set; the piece 0-5
 * for P N B R Q K, the from-file and from-rank 1-8 (0: not written), the
 * target a1 = 0, a capture mark, castling (1 king side, 2 queen side; its
 * piece is the king).  Other text has shape 0. */
enum {
    SAN_SHAPE_PIECE_MASK = 7u,
    SAN_SHAPE_FILE_SHIFT = 3,
    SAN_SHAPE_RANK_SHIFT = 7,
    SAN_SHAPE_TO_SHIFT = 11,
    SAN_SHAPE_CAPTURE = 1u << 17,
    SAN_SHAPE_CASTLE_SHIFT = 18,
};
#define SAN_SHAPE (1u << 31)

/* Each piece letter's shape bits (N 1 to K 5), 0 for any other byte: one
 * load tells a piece letter and gives its bits. */
extern const unsigned char san_shape_piece_code[256];

static inline bool san_is_file(char c)
{
    return c >= 'a' && c <= 'h';
}
static inline bool san_is_rank(char c)
{
    return c >= '1' && c <= '8';
}
/* The shape bits of the target square named by the characters f and r. */
static inline unsigned san_shape_square(unsigned char f, unsigned char r)
{
    return (unsigned)((r - '1') * 8 + (f - 'a')) << SAN_SHAPE_TO_SHIFT;
}

/* The shape of s[0..n) when the whole text is plain SAN, else 0. */
unsigned san_token_shape(const char *s, size_t n);

/* The shape of the plain SAN move, check mark included, that starts the
 * eight bytes s (zero past the text's end), its length in *len; else 0.
 * Whether the move fills its word is the caller's to see.  Inline: the
 * lexer's hottest path. */
static inline __attribute__((always_inline)) unsigned san_word_shape(const unsigned char s[8],
                                                                     size_t *len)
{
    unsigned shape = SAN_SHAPE;
    size_t i;
    if (san_is_file((char)s[0])) { /* e4 exd5 */
        if (san_is_rank((char)s[1])) {
            shape |= san_shape_square(s[0], s[1]);
            i = 2;
        } else if (s[1] == 'x' && san_is_file((char)s[2]) && san_is_rank((char)s[3])) {
            shape |= (unsigned)(s[0] - 'a' + 1) << SAN_SHAPE_FILE_SHIFT | SAN_SHAPE_CAPTURE |
                     san_shape_square(s[2], s[3]);
            i = 4;
        } else {
            return 0;
        }
    } else if (san_shape_piece_code[s[0]]) { /* Nf3 Nxf3 Nbd2 N1d2 Nbxd2 N1xd2 */
        shape |= san_shape_piece_code[s[0]];
        unsigned char c = s[1];
        if (san_is_file((char)c) && san_is_rank((char)s[2])) {
            shape |= san_shape_square(c, s[2]);
            i = 3;
        } else if (c == 'x' && san_is_file((char)s[2]) && san_is_rank((char)s[3])) {
            shape |= SAN_SHAPE_CAPTURE | san_shape_square(s[2], s[3]);
            i = 4;
        } else if (san_is_file((char)c) || san_is_rank((char)c)) {
            shape |= san_is_file((char)c) ? (unsigned)(c - 'a' + 1) << SAN_SHAPE_FILE_SHIFT
                                          : (unsigned)(c - '1' + 1) << SAN_SHAPE_RANK_SHIFT;
            if (san_is_file((char)s[2]) && san_is_rank((char)s[3])) {
                shape |= san_shape_square(s[2], s[3]);
                i = 4;
            } else if (s[2] == 'x' && san_is_file((char)s[3]) && san_is_rank((char)s[4])) {
                shape |= SAN_SHAPE_CAPTURE | san_shape_square(s[3], s[4]);
                i = 5;
            } else {
                return 0;
            }
        } else {
            return 0;
        }
    } else if (s[0] == 'O') { /* O-O O-O-O */
        if (s[1] != '-' || s[2] != 'O')
            return 0;
        i = s[3] == '-' && s[4] == 'O' ? 5 : 3;
        shape |= (i == 3 ? 1u : 2u) << SAN_SHAPE_CASTLE_SHIFT | 5u; /* (a king move) */
    } else {
        return 0;
    }
    if (s[i] == '+' || s[i] == '#')
        i++;
    *len = i;
    return shape;
}

/* The length of the move of s[0..n) when it is a pawn's promotion in the
 * standard's form ("e8=Q", "dxe8=N") with at most a check or mate mark
 * after it; else 0. */
size_t san_promotion_len(const char *s, size_t n);

/* The parts of a shape, as san_scan gives them (san_shape_parsed: all). */
static inline enum piece_type san_shape_piece(unsigned shape)
{
    return (enum piece_type)(PAWN + (shape & SAN_SHAPE_PIECE_MASK));
}
static inline int san_shape_from_file(unsigned shape)
{
    return (int)((shape >> SAN_SHAPE_FILE_SHIFT) & 15) - 1;
}
static inline int san_shape_from_rank(unsigned shape)
{
    return (int)((shape >> SAN_SHAPE_RANK_SHIFT) & 15) - 1;
}
static inline int san_shape_castle(unsigned shape)
{
    return (int)((shape >> SAN_SHAPE_CASTLE_SHIFT) & 3);
}
static inline int san_shape_to(unsigned shape)
{
    return san_shape_castle(shape) ? SQUARE_NONE : (int)((shape >> SAN_SHAPE_TO_SHIFT) & 63);
}
void san_shape_parsed(unsigned shape, struct san_parsed *sp);

/* Read the shape of a move without a position. */
enum san_error san_scan(const char *s, size_t len, struct san_parsed *out);

/* The legal move of p that the text names: san_scan, then san_resolve. */
enum san_error san_parse(const struct position *p, const char *s, size_t len, move *out);

/* The one SAN resolver: the legal move of p that scanned text names,
 * mostly without listing every legal move; its verdict is san_match's. */
enum san_error san_resolve(const struct position *p, const struct san_parsed *sp, move *out);

/* The commonest text by its parts, for a caller that plays the move at
 * once: piece to `to` without promotion, castling or drop ("Nbxd2").  The
 * move when the common case decides it, else MOVE_NONE (then san_resolve
 * gives the verdict).  A pawn move, or the only piece (not a king) that
 * reaches `to`, comes with *deferred set and its king's safety untested:
 * the caller tests it after playing (movegen_left_king_safe), and if that
 * fails, san_resolve on p gives the verdict. */
move san_resolve_plain(const struct position *p, enum piece_type piece, int to, int from_file,
                       int from_rank, bool *deferred);

/* Every legal move of p that parsed text matches (for diagnostics, and as
 * the resolver's reference); returns what san_parse would. */
enum san_error san_match(const struct position *p, const struct san_parsed *sp,
                         struct movelist *matches);

/* Long algebraic notation: "Ng1-f3", "e4xd5", "e7-e8=Q", "O-O"; with '+'/'#'. */
size_t san_format_lan(const struct position *p, move m, char buf[SAN_MAX]);
/* The same with the position after m at hand, as san_format_after. */
size_t san_format_lan_after(const struct position *p, move m, const struct position *after,
                            char buf[SAN_MAX]);

#endif
