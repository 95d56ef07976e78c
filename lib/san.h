/* Standard Algebraic Notation (PGN standard section 8.2.3): writing with
 * exact disambiguation and check marks, and lenient reading of what real
 * archives contain (zero castling, long algebraic, UCI, missing or
 * superfluous check marks, over-disambiguation).  Variants: drops are
 * "N@f3" ("P@e4" for a pawn, "@e4" read too), an antichess pawn may
 * promote to a king ("e8=K"). */
#ifndef CHESS_SAN_H
#define CHESS_SAN_H

#include "movegen.h"

enum { SAN_MAX = 16 };

enum san_error {
    SAN_OK = 0,
    SAN_SYNTAX,       /* not the shape of a move */
    SAN_ILLEGAL,      /* well-formed, but no legal move matches */
    SAN_AMBIGUOUS,    /* more than one legal move matches */
    SAN_NO_PROMOTION, /* a pawn move to the last rank without its piece */
    SAN_ERROR_NB
};

const char *san_error_message(enum san_error e);

/* Write m (legal in p) as SAN into buf (SAN_MAX bytes), with '+' or '#'.
 * Disambiguation considers only legal moves, so a pinned piece never adds
 * a file or rank (PGN standard 8.2.3.4). Returns the length. */
size_t san_format(const struct position *p, move m, char buf[SAN_MAX]);
/* The same when the position after m is at hand (a replay has it; NULL:
 * none): the check mark is read from it rather than m played again. */
size_t san_format_after(const struct position *p, move m, const struct position *after,
                        char buf[SAN_MAX]);
/* The same without the check mark (cheaper: no move is played). */
size_t san_format_plain(const struct position *p, move m, char buf[SAN_MAX]);
/* The check mark of a move that led to `after`: '#' when a side has won
 * there (checkmate, or in a variant any decisive variant end: an exploded
 * king, the hill, the third check, ...), '+' for a check, 0 for neither. */
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

/* Read the shape of a move without a position. */
enum san_error san_scan(const char *s, size_t len, struct san_parsed *out);

/* Find the legal move of p that the text names: san_scan, then
 * san_resolve. */
enum san_error san_parse(const struct position *p, const char *s, size_t len, move *out);

/* The one SAN resolver (replays, --moves, --explain all come here): the
 * legal move of p that scanned text names, found from the text's piece and
 * target without listing every legal move in the common cases; its
 * verdict is always san_match's. */
enum san_error san_resolve(const struct position *p, const struct san_parsed *sp, move *out);

/* For a caller that plays the move at once, the commonest text: a move of
 * piece to `to` without promotion, castling or drop ("Nbxd2", "exd5"),
 * given by its parts (the replay has them from the PGN reader, and builds
 * no san_parsed).  The move when the common case decides it, else
 * MOVE_NONE, and then san_resolve on the scanned text gives the verdict
 * (errors, ambiguities, the variants).  When it names a pawn move, or the
 * only piece (not a king) that can reach the target, the move comes back
 * with *deferred set and without the test of the king's safety, which the
 * caller makes on the position after it (movegen_left_king_safe), more
 * cheaply than before it; if that test fails, the text names no legal
 * move, and san_resolve on p gives the verdict too. */
move san_resolve_plain(const struct position *p, enum piece_type piece, int to, int from_file,
                       int from_rank, bool *deferred);

/* Every legal move of p that parsed text matches, all of them listed (for
 * diagnostics such as "ambiguous: Nbd2 and Nfd2 both match", and the
 * reference the resolver is tested against); returns what san_parse
 * would. */
enum san_error san_match(const struct position *p, const struct san_parsed *sp,
                         struct movelist *matches);

/* Long algebraic notation: "Ng1-f3", "e4xd5", "e7-e8=Q", "O-O"; with '+'/'#'. */
size_t san_format_lan(const struct position *p, move m, char buf[SAN_MAX]);
/* The same with the position after m at hand, as san_format_after. */
size_t san_format_lan_after(const struct position *p, move m, const struct position *after,
                            char buf[SAN_MAX]);

#endif
