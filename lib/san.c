#include "san.h"

#include "makemove.h"

#include <string.h>

static const char piece_letters[] = " PNBRQK";

const char *san_error_message(enum san_error e)
{
    switch (e) {
    case SAN_OK: return "ok";
    case SAN_SYNTAX: return "not a move in SAN, long algebraic or UCI notation";
    case SAN_ILLEGAL: return "no legal move matches";
    case SAN_AMBIGUOUS: return "ambiguous: more than one legal move matches";
    case SAN_NO_PROMOTION: return "a pawn reaching the last rank must promote";
    default: return "unknown error";
    }
}

/* Append '+' when the move gives check and '#' when it mates (PGN 8.2.3.6). */
static size_t check_suffix(const struct position *p, move m, char *buf, size_t n)
{
    struct position child = *p;
    makemove_play(&child, m);
    if (position_in_check(&child))
        buf[n++] = movegen_count(&child) ? '+' : '#';
    buf[n] = '\0';
    return n;
}

size_t san_format_plain(const struct position *p, move m, char buf[SAN_MAX])
{
    int from = move_from(m), to = move_to(m);
    enum piece_type pt = piece_type(p->board[from]);
    size_t n = 0;
    char sq[3];
    if (move_kind(m) == MOVE_CASTLE) {
        const char *s = to > from ? "O-O" : "O-O-O";
        n = strlen(s);
        memcpy(buf, s, n + 1);
        return n;
    }
    bool capture = move_is_capture(p, m);
    if (pt == PAWN) {
        if (capture) {
            buf[n++] = (char)('a' + square_file(from));
            buf[n++] = 'x';
        }
    } else {
        buf[n++] = piece_letters[pt];
        /* Disambiguate among the other legal moves of the same piece type to
         * the same square: file if that suffices, else rank, else both. */
        struct movelist l;
        movegen_legal(p, &l);
        bool clash = false, same_file = false, same_rank = false;
        for (int i = 0; i < l.count; i++) {
            int f2 = move_from(l.moves[i]);
            if (f2 == from || move_to(l.moves[i]) != to || move_kind(l.moves[i]) == MOVE_CASTLE ||
                piece_type(p->board[f2]) != pt)
                continue;
            clash = true;
            same_file |= square_file(f2) == square_file(from);
            same_rank |= square_rank(f2) == square_rank(from);
        }
        if (clash) {
            if (!same_file)
                buf[n++] = (char)('a' + square_file(from));
            else if (!same_rank)
                buf[n++] = (char)('1' + square_rank(from));
            else {
                buf[n++] = (char)('a' + square_file(from));
                buf[n++] = (char)('1' + square_rank(from));
            }
        }
        if (capture)
            buf[n++] = 'x';
    }
    square_format(to, sq);
    buf[n++] = sq[0];
    buf[n++] = sq[1];
    if (move_is_promotion(m)) {
        buf[n++] = '=';
        buf[n++] = piece_letters[move_promotion(m)];
    }
    buf[n] = '\0';
    return n;
}

size_t san_format(const struct position *p, move m, char buf[SAN_MAX])
{
    return check_suffix(p, m, buf, san_format_plain(p, m, buf));
}

size_t san_format_lan(const struct position *p, move m, char buf[SAN_MAX])
{
    int from = move_from(m), to = move_to(m);
    size_t n = 0;
    if (move_kind(m) == MOVE_CASTLE)
        return check_suffix(p, m, buf, san_format_plain(p, m, buf));
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
    return check_suffix(p, m, buf, n);
}

static enum piece_type letter_piece(char c)
{
    const char *k = c ? strchr("PNBRQK", c) : NULL;
    return k ? (enum piece_type)(PAWN + (k - "PNBRQK")) : NO_PIECE_TYPE;
}

/* Strip what follows the move proper: check and mate marks, annotation
 * glyphs, and an "e.p." or "ep" note on en-passant captures. */
static size_t strip_suffixes(const char *s, size_t len)
{
    for (;;) {
        while (len && strchr("+#!?", s[len - 1]) && s[len - 1])
            len--;
        if (len >= 4 && memcmp(s + len - 4, "e.p.", 4) == 0)
            len -= 4;
        else if (len >= 3 && memcmp(s + len - 3, " ep", 3) == 0)
            len -= 3;
        else
            break;
        while (len && s[len - 1] == ' ')
            len--;
    }
    return len;
}

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
        if ((len == 3 || len == 5) && s[1] == '-' && s[2] == z && (len == 3 || (s[3] == '-' && s[4] == z))) {
            out->piece = KING;
            out->castle = len == 3 ? 1 : 2;
            return SAN_OK;
        }
        if ((len == 2 || len == 3) && s[1] == z && (len == 2 || s[2] == z)) {
            out->piece = KING;
            out->castle = len == 2 ? 1 : 2;
            return SAN_OK;
        }
        return SAN_SYNTAX;
    }

    /* Promotion suffix: "=Q", "Q", "(Q)", "/Q"; lower case in UCI text. */
    size_t end = len;
    if (end >= 3) {
        char c = s[end - 1];
        if (c == ')' && end >= 5 && s[end - 3] == '(') {
            out->promotion = letter_piece(s[end - 2] & ~0x20);
            end -= 3;
        } else if (c != '\0' && strchr("NBRQnbrq", c) && ((s[end - 2] >= '1' && s[end - 2] <= '8') ||
                                                          s[end - 2] == '=' || s[end - 2] == '/')) {
            out->promotion = letter_piece((char)(c & ~0x20));
            end--;
            if (s[end - 1] == '=' || s[end - 1] == '/')
                end--;
        }
        if (out->promotion == PAWN || out->promotion == KING)
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
        return SAN_SYNTAX;
    return SAN_OK;
}

enum san_error san_parse(const struct position *p, const char *s, size_t len, move *out)
{
    struct san_parsed sp;
    enum san_error e = san_scan(s, len, &sp);
    *out = MOVE_NONE;
    if (e != SAN_OK)
        return e;
    struct movelist l;
    movegen_legal(p, &l);
    int found = 0;
    bool wanted_promotion = false;
    for (int i = 0; i < l.count; i++) {
        move m = l.moves[i];
        int from = move_from(m), to = move_to(m);
        enum piece_type pt = piece_type(p->board[from]);
        if (sp.castle) {
            if (move_kind(m) == MOVE_CASTLE && (sp.castle == 1) == (to > from)) {
                *out = m;
                found++;
            }
            continue;
        }
        if (pt != sp.piece)
            continue;
        if (move_kind(m) == MOVE_CASTLE) {
            /* Castling written as a king move: king takes own rook ("Kxh1",
             * Chess960 style) or, in standard chess, the king's two-square
             * step ("Kg1" from e1). */
            int kto = move_castle_king_to(from, to);
            bool two = kto - from >= 2 || from - kto >= 2;
            if (to != sp.to && !(kto == sp.to && two && !p->chess960))
                continue;
        } else if (to != sp.to) {
            continue;
        }
        if (sp.from_file >= 0 && square_file(from) != sp.from_file)
            continue;
        if (sp.from_rank >= 0 && square_rank(from) != sp.from_rank)
            continue;
        /* A pawn moves straight unless it captures: "e4" never names exd4... */
        if (pt == PAWN && sp.from_file < 0 && square_file(from) != square_file(to))
            continue;
        if (move_promotion(m) != sp.promotion) {
            if (sp.promotion == NO_PIECE_TYPE)
                wanted_promotion = true;
            continue;
        }
        *out = m;
        found++;
    }
    if (found == 1)
        return SAN_OK;
    *out = MOVE_NONE;
    if (found > 1)
        return SAN_AMBIGUOUS;
    return wanted_promotion ? SAN_NO_PROMOTION : SAN_ILLEGAL;
}
