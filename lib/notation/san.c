/* SAN and long algebraic (san.h): writing, scanning, and san_resolve, the
 * one resolver of move text. */
#include "san.h"

#include "rules/attacks.h"
#include "rules/makemove.h"
#include "rules/status.h"

#include <string.h>

static const char piece_letters[] = " PNBRQK";

const char *san_error_message(enum san_error e)
{
    static const char *const messages[] = {
        [SAN_OK] = "ok",
        [SAN_SYNTAX] = "not a move in SAN, long algebraic or UCI notation",
        [SAN_ILLEGAL] = "no legal move matches",
        [SAN_AMBIGUOUS] = "ambiguous: more than one legal move matches",
        [SAN_NO_PROMOTION] = "a pawn reaching the last rank must promote",
    };
    return (unsigned)e < sizeof messages / sizeof messages[0] ? messages[e] : "unknown error";
}

/* Append the check mark of m, from `after` or from m played on a copy. */
static size_t check_suffix(const struct position *p, move m, const struct position *after,
                           char *buf, size_t n)
{
    struct position child;
    if (!after) {
        child = *p;
        makemove_play(&child, m);
        after = &child;
    }
    char mark = san_mark(after);
    if (mark)
        buf[n++] = mark;
    buf[n] = '\0';
    return n;
}

/* PGN 8.2.3.6; in a variant, lichess's convention (chessops's
 * makeSanAndPlay, python-chess's SAN). */
char san_mark(const struct position *after)
{
    if (after->variant == VARIANT_CHESS) /* (every SAN written: no full status) */
        return position_in_check(after) ? movegen_count(after) ? '+' : '#' : 0;
    enum game_status s = status_get(after);
    if (s == STATUS_CHECKMATE || s == STATUS_VARIANT_WIN || s == STATUS_VARIANT_LOSS)
        return '#';
    return position_in_check(after) ? '+' : 0;
}

const unsigned char san_shape_piece_code[256] = {
    ['N'] = 1, ['B'] = 2, ['R'] = 3, ['Q'] = 4, ['K'] = 5,
};

/* The whole text must be the move: a plain SAN move and its check mark
 * (san_word_shape reads eight bytes; a shorter text is copied into a
 * zeroed word first, so that no byte past it is read). */
unsigned san_token_shape(const char *s, size_t n)
{
    unsigned char w[8] = {0};
    if (n == 0 || n > 7)
        return 0;
    memcpy(w, s, n);
    size_t len;
    unsigned shape = san_word_shape(w, &len);
    return shape && len == n ? shape : 0;
}

size_t san_promotion_len(const char *s, size_t n)
{
    size_t i = n > 2 && s[1] == 'x' && san_is_file(s[2]) ? 3 : 1;
    if (!san_is_file(s[0]) || i + 3 > n || !san_is_rank(s[i]) || s[i + 1] != '=' ||
        !san_shape_piece_code[(unsigned char)s[i + 2]] || s[i + 2] == 'K')
        return 0;
    size_t m = i + 3;
    return m == n || (m + 1 == n && (s[m] == '+' || s[m] == '#')) ? m : 0;
}

void san_shape_parsed(unsigned shape, struct san_parsed *sp)
{
    *sp = (struct san_parsed){
        .piece = san_shape_piece(shape),
        .from_file = san_shape_from_file(shape),
        .from_rank = san_shape_from_rank(shape),
        .to = san_shape_to(shape),
        .promotion = NO_PIECE_TYPE,
        .castle = san_shape_castle(shape),
        .capture = (shape & SAN_SHAPE_CAPTURE) != 0,
    };
}

/* The pieces of `own`, of type pt (not a pawn), that attack `to` through
 * occ (sliders through the between table: attacks.h says why). */
static inline __attribute__((always_inline)) bitboard reaching(enum piece_type pt, int to,
                                                               bitboard own, bitboard occ)
{
    switch (pt) {
    case KNIGHT:
        return attacks_knight(to) & own;
    case BISHOP:
        return attacks_sliders_reaching(to, 0, own, occ);
    case ROOK:
        return attacks_sliders_reaching(to, own, 0, occ);
    case QUEEN:
        return attacks_sliders_reaching(to, own, own, occ);
    default:
        return attacks_king(to) & own; /* antichess may have several kings */
    }
}

/* A crazyhouse drop: the piece letter, '@' and the square ("P@e4", as
 * python-chess writes pawn drops too). */
static size_t drop_text(move m, char *buf)
{
    buf[0] = piece_letters[move_drop_piece(m)];
    buf[1] = '@';
    square_format(move_to(m), buf + 2);
    return 4;
}

/* SAN proper (PGN standard 8.2.3): piece letter, the from-file or rank only
 * when another piece of the same type could legally go to the same square
 * (8.2.3.4: file if that suffices, else rank, else both; a pinned piece
 * does not count, since its move is not legal), 'x' for captures (a pawn
 * capture names its file), the target, "=Q" for a promotion. */
size_t san_format_plain(const struct position *p, move m, char buf[SAN_MAX])
{
    int from = move_from(m), to = move_to(m);
    enum piece_type pt = piece_type(p->board[from]);
    size_t n = 0;
    if (move_is_drop(m))
        return drop_text(m, buf);
    if (move_kind(m) == MOVE_CASTLE)
        return strlen(strcpy(buf, to > from ? "O-O" : "O-O-O"));
    bool capture = move_is_capture(p, m);
    if (pt == PAWN && capture) {
        buf[n++] = (char)('a' + square_file(from));
    } else if (pt != PAWN) {
        buf[n++] = piece_letters[pt];
        /* Only when another piece of the type attacks the square are the
         * legal moves needed: most moves cost no move generation. */
        bitboard r =
            reaching(pt, to, position_pieces(p, (enum color)p->side, pt) & ~bb_square(from),
                     position_occupied(p));
        bool clash = false, same_file = false, same_rank = false;
        if (r) {
            struct movelist l;
            movegen_legal(p, &l);
            for (int i = 0; i < l.count; i++) {
                int f2 = move_from(l.moves[i]);
                if (!bb_test(r, f2) || move_to(l.moves[i]) != to ||
                    move_kind(l.moves[i]) == MOVE_CASTLE || move_is_drop(l.moves[i]))
                    continue;
                clash = true;
                same_file |= square_file(f2) == square_file(from);
                same_rank |= square_rank(f2) == square_rank(from);
            }
        }
        if (clash && (!same_file || same_rank))
            buf[n++] = (char)('a' + square_file(from));
        if (clash && same_file)
            buf[n++] = (char)('1' + square_rank(from));
    }
    if (capture)
        buf[n++] = 'x';
    square_put(to, buf + n);
    n += 2;
    if (move_is_promotion(m)) {
        buf[n++] = '=';
        buf[n++] = piece_letters[move_promotion(m)];
    }
    buf[n] = '\0';
    return n;
}

size_t san_format_after(const struct position *p, move m, const struct position *after,
                        char buf[SAN_MAX])
{
    return check_suffix(p, m, after, buf, san_format_plain(p, m, buf));
}

size_t san_format(const struct position *p, move m, char buf[SAN_MAX])
{
    return san_format_after(p, m, NULL, buf);
}

/* PGN 8.2.2's long algebraic, as in FIDE Appendix C.13: the from-square
 * makes disambiguation needless.  Castling stays O-O. */
size_t san_format_lan_after(const struct position *p, move m, const struct position *after,
                            char buf[SAN_MAX])
{
    int from = move_from(m), to = move_to(m);
    size_t n = 0;
    if (move_kind(m) == MOVE_CASTLE)
        return san_format_after(p, m, after, buf);
    if (move_is_drop(m))
        return check_suffix(p, m, after, buf, drop_text(m, buf));
    enum piece_type pt = piece_type(p->board[from]);
    if (pt != PAWN)
        buf[n++] = piece_letters[pt];
    square_format(from, buf + n);
    n += 2;
    buf[n++] = move_is_capture(p, m) ? 'x' : '-';
    square_format(to, buf + n);
    n += 2;
    if (move_is_promotion(m)) {
        buf[n++] = '=';
        buf[n++] = piece_letters[move_promotion(m)];
    }
    return check_suffix(p, m, after, buf, n);
}

size_t san_format_lan(const struct position *p, move m, char buf[SAN_MAX])
{
    return san_format_lan_after(p, m, NULL, buf);
}

/* An upper-case piece letter's type, else NO_PIECE_TYPE. */
static enum piece_type letter_piece(char c)
{
    unsigned code = san_shape_piece_code[(unsigned char)c];
    return code ? (enum piece_type)(PAWN + code) : c == 'P' ? PAWN : NO_PIECE_TYPE;
}

static bool is_suffix(char c)
{
    return c == '+' || c == '#' || c == '!' || c == '?';
}

/* Strip what follows the move proper: check and mate marks, annotation
 * glyphs, and an "e.p." or "ep" note on en-passant captures ("exf6 ep",
 * "exf6ep"). */
static size_t strip_suffixes(const char *s, size_t len)
{
    for (;;) {
        while (len && is_suffix(s[len - 1]))
            len--;
        if (len >= 4 && memcmp(s + len - 4, "e.p.", 4) == 0)
            len -= 4;
        else if (len >= 3 && memcmp(s + len - 3, " ep", 3) == 0)
            len -= 3;
        else if (len >= 3 && memcmp(s + len - 2, "ep", 2) == 0 && s[len - 3] >= '1' &&
                 s[len - 3] <= '8')
            len -= 2; /* glued to the square: "exf6ep" */
        else
            break;
        while (len && s[len - 1] == ' ')
            len--;
    }
    return len;
}

/* A crazyhouse drop: "N@f3", "P@e4" or "@e4" (a pawn), nothing more; only
 * when san_scan's usual reading stopped at an '@' (drops cost it nothing). */
static enum san_error scan_drop(const char *s, size_t len, struct san_parsed *out)
{
    size_t k = s[0] == '@' ? 0 : 1;
    enum piece_type pt = k == 0 ? PAWN : letter_piece((char)(s[0] & ~0x20));
    if (s[k] != '@' || pt == NO_PIECE_TYPE || pt == KING || len - k != 3)
        return SAN_SYNTAX;
    memset(out, 0, sizeof *out);
    out->from_file = out->from_rank = -1;
    out->to = square_parse(s + k + 1, 2);
    if (out->to == SQUARE_NONE)
        return SAN_SYNTAX;
    out->piece = pt;
    out->drop = true;
    return SAN_OK;
}

/* The shape of a move without a position: castling, or [piece][file]
 * [rank][x|:|-]square[promotion], which covers SAN (PGN 8.2.3), long
 * algebraic and UCI ("e7e8q": the promotion letter in lower case). */
enum san_error san_scan(const char *s, size_t len, struct san_parsed *out)
{
    memset(out, 0, sizeof *out);
    out->from_file = out->from_rank = -1;
    out->to = SQUARE_NONE;
    len = strip_suffixes(s, len);
    if (len == 0)
        return SAN_SYNTAX;

    /* Castling: O-O and O-O-O, also written with zeros (PGN 8.2.3.3 says
     * letter O; archives use both). */
    if (s[0] == 'O' || s[0] == '0') {
        char z = s[0];
        if ((len == 3 || len == 5) && s[1] == '-' && s[2] == z &&
            (len == 3 || (s[3] == '-' && s[4] == z)))
            out->castle = len == 3 ? 1 : 2;
        else if ((len == 2 || len == 3) && s[1] == z && (len == 2 || s[2] == z))
            out->castle = len == 2 ? 1 : 2;
        else
            return SAN_SYNTAX;
        out->piece = KING;
        return SAN_OK;
    }

    /* Promotion suffix: "=Q", "Q", "(Q)", "/Q"; lower case in UCI text
     * ("=K" only means something in antichess). */
    size_t end = len;
    if (end >= 3) {
        char c = s[end - 1];
        if (c == ')' && end >= 5 && s[end - 3] == '(') {
            out->promotion = letter_piece((char)(s[end - 2] & ~0x20));
            if (out->promotion == NO_PIECE_TYPE)
                return SAN_SYNTAX;
            end -= 3;
        } else if (letter_piece((char)(c & ~0x20)) > PAWN &&
                   ((s[end - 2] >= '1' && s[end - 2] <= '8') || s[end - 2] == '=' ||
                    s[end - 2] == '/')) {
            out->promotion = letter_piece((char)(c & ~0x20));
            end--;
            if (s[end - 1] == '=' || s[end - 1] == '/')
                end--;
        }
        if (out->promotion == PAWN)
            return SAN_SYNTAX;
    }
    if (end < 2)
        return SAN_SYNTAX;
    out->to = square_parse(s + end - 2, 2);
    if (out->to == SQUARE_NONE)
        return SAN_SYNTAX;
    size_t i = 0, stop = end - 2;
    out->piece = PAWN;
    enum piece_type pt = letter_piece(s[0]);
    if (pt != NO_PIECE_TYPE && pt != PAWN) {
        out->piece = pt;
        i = 1;
    } else if (s[0] == 'P') {
        i = 1;
    }
    if (i < stop && s[i] >= 'a' && s[i] <= 'h')
        out->from_file = s[i++] - 'a';
    if (i < stop && s[i] >= '1' && s[i] <= '8')
        out->from_rank = s[i++] - '1';
    if (i < stop && (s[i] == 'x' || s[i] == ':' || s[i] == '-')) {
        out->capture = s[i] != '-';
        i++;
    }
    if (i != stop)
        return i < stop && s[i] == '@' ? scan_drop(s, len, out) : SAN_SYNTAX;
    return SAN_OK;
}

/* Match parsed move text against the legal moves of p (PGN standard 8.2.3):
 * the piece letter, the target square and whatever file or rank is given
 * must agree; a pawn written without a file moves straight (8.2.3.4), and a
 * pawn reaching the last rank must name its promotion piece (FIDE Art.
 * 3.7.5.1).  Text with a full from-square and no piece letter (UCI
 * "g1f3", LAN "d1-d4") names whatever piece stands there. */
enum san_error san_match(const struct position *p, const struct san_parsed *sp,
                         struct movelist *matches)
{
    struct movelist l;
    movegen_legal(p, &l);
    matches->count = 0;
    bool wanted_promotion = false;
    bool any_piece = sp->piece == PAWN && sp->from_file >= 0 && sp->from_rank >= 0;
    for (int i = 0; i < l.count; i++) {
        move m = l.moves[i];
        int from = move_from(m), to = move_to(m);
        enum piece_type pt = piece_type(p->board[from]);
        if (sp->drop || move_is_drop(m)) {
            if (sp->drop && move_is_drop(m) && move_drop_piece(m) == sp->piece && to == sp->to)
                matches->moves[matches->count++] = m;
            continue;
        }
        if (sp->castle) {
            if (move_kind(m) == MOVE_CASTLE && (sp->castle == 1) == (to > from))
                matches->moves[matches->count++] = m;
            continue;
        }
        if (pt != sp->piece && !any_piece)
            continue;
        if (move_kind(m) == MOVE_CASTLE) {
            /* Castling written as a king move: king takes own rook ("Kxh1",
             * Chess960 style) or the king's step of two or more squares
             * ("Kg1" from e1, "e1g1" in UCI), where no ordinary king move
             * can go. */
            int kto = move_castle_king_to(from, to);
            bool two = kto - from >= 2 || from - kto >= 2;
            if (to != sp->to && !(kto == sp->to && two))
                continue;
        } else if (to != sp->to) {
            continue;
        }
        if (sp->from_file >= 0 && square_file(from) != sp->from_file)
            continue;
        if (sp->from_rank >= 0 && square_rank(from) != sp->from_rank)
            continue;
        /* A pawn moves straight unless it captures: "e4" never names exd4... */
        if (pt == PAWN && sp->from_file < 0 && square_file(from) != square_file(to))
            continue;
        if (move_promotion(m) != sp->promotion) {
            if (sp->promotion == NO_PIECE_TYPE)
                wanted_promotion = true;
            continue;
        }
        matches->moves[matches->count++] = m;
    }
    if (matches->count)
        return matches->count == 1 ? SAN_OK : SAN_AMBIGUOUS;
    return wanted_promotion ? SAN_NO_PROMOTION : SAN_ILLEGAL;
}

/* The one pawn move to `to` that the text names, when it is an ordinary
 * push or capture (else MOVE_NONE): a push comes from the square behind
 * (two behind for a double step from the second rank), a capture from the
 * named file. */
static move pawn_candidate(const struct position *p, int to, int from_file, int from_rank,
                           enum piece_type promotion)
{
    enum color us = (enum color)p->side;
    int back = us == WHITE ? -8 : 8;
    int pawn = piece_make(us, PAWN);
    bool last = square_relative_rank(to, us) == 7;
    enum move_kind kind = MOVE_NORMAL;
    int from;
    if (from_rank >= 0 || last != (promotion != NO_PIECE_TYPE) || promotion == KING)
        return MOVE_NONE; /* (a king promotion is antichess's: the generator judges it) */
    if (from_file < 0) {
        if (p->board[to] != NO_PIECE || square_relative_rank(to, us) < 2)
            return MOVE_NONE;
        from = to + back;
        if (p->board[from] != pawn) {
            if (p->board[from] != NO_PIECE || square_relative_rank(to, us) != 3 ||
                p->board[from + back] != pawn)
                return MOVE_NONE;
            from += back;
            kind = MOVE_DOUBLE_PUSH;
        }
    } else {
        int df = from_file - square_file(to);
        if ((df != 1 && df != -1) || square_relative_rank(to, us) < 2)
            return MOVE_NONE;
        from = to + back + df;
        if (p->board[from] != pawn)
            return MOVE_NONE;
        if (to == p->ep_square)
            kind = MOVE_EN_PASSANT;
        else if (p->board[to] == NO_PIECE || piece_color(p->board[to]) == us)
            return MOVE_NONE;
    }
    if (last)
        kind = (enum move_kind)(MOVE_PROMOTE_KNIGHT + (promotion - KNIGHT));
    return move_make(from, to, kind);
}

/* The hot path, for a move of standard chess to `to`, a square the side to
 * move does not hold (no castling, no drop): the text's piece type and
 * target give the few candidates directly (reverse attacks from the
 * target), and only those are checked for legality.  The one legal move,
 * or MOVE_NONE when it is not exactly one move of an ordinary shape
 * (san_match then decides).  With deferred, san_resolve_plain's contract. */
static inline __attribute__((always_inline)) move
resolve_fast(const struct position *p, enum piece_type piece, int to, int from_file, int from_rank,
             enum piece_type promotion, bool *deferred)
{
    enum color us = (enum color)p->side;
    if (piece == PAWN) {
        move found = pawn_candidate(p, to, from_file, from_rank, promotion);
        if (found != MOVE_NONE && deferred)
            *deferred = true;
        else if (found != MOVE_NONE && !movegen_king_safe(p, found))
            found = MOVE_NONE;
        return found;
    }
    if (promotion != NO_PIECE_TYPE)
        return MOVE_NONE;
    bitboard cand = reaching(piece, to, position_pieces(p, us, piece), position_occupied(p));
    if (from_file >= 0)
        cand &= bb_file(from_file);
    if (from_rank >= 0)
        cand &= bb_rank(from_rank);
    if (deferred && cand && !(cand & (cand - 1)) && piece != KING) {
        *deferred = true;
        return move_make(bb_lsb(cand), to, MOVE_NORMAL);
    }
    move found = MOVE_NONE;
    int legal = 0;
    while (cand && legal < 2) {
        move m = move_make(bb_pop(&cand), to, MOVE_NORMAL);
        if (movegen_king_safe(p, m)) {
            found = m;
            legal++;
        }
    }
    return legal == 1 ? found : MOVE_NONE;
}

/* Does resolve_fast apply to a move to `to`?  Standard chess (the
 * variants' legality is the generator's) and a target the side to move
 * does not hold. */
static inline bool fast_applies(const struct position *p, int to)
{
    return p->variant == VARIANT_CHESS && !bb_test(p->by_color[p->side], to);
}

/* resolve_fast where it applies, movegen_castle for "O-O" and "O-O-O", else
 * the exhaustive match (a drop's text in chess too, which no move matches). */
enum san_error san_resolve(const struct position *p, const struct san_parsed *sp, move *out)
{
    move found = MOVE_NONE;
    if (!sp->castle && !sp->drop && sp->to != SQUARE_NONE && fast_applies(p, sp->to))
        found =
            resolve_fast(p, sp->piece, sp->to, sp->from_file, sp->from_rank, sp->promotion, NULL);
    else if (p->variant == VARIANT_CHESS && sp->castle)
        found = movegen_castle(p, sp->castle == 2);
    if (found != MOVE_NONE) {
        *out = found;
        return SAN_OK;
    }
    struct movelist matches;
    enum san_error e = san_match(p, sp, &matches);
    *out = e == SAN_OK ? matches.moves[0] : MOVE_NONE;
    return e;
}

move san_resolve_plain(const struct position *p, enum piece_type piece, int to, int from_file,
                       int from_rank, bool *deferred)
{
    *deferred = false;
    if (!fast_applies(p, to))
        return MOVE_NONE;
    return resolve_fast(p, piece, to, from_file, from_rank, NO_PIECE_TYPE, deferred);
}

enum san_error san_parse(const struct position *p, const char *s, size_t len, move *out)
{
    struct san_parsed sp;
    enum san_error e = san_scan(s, len, &sp);
    *out = MOVE_NONE;
    return e != SAN_OK ? e : san_resolve(p, &sp, out);
}
