#include "fen.h"

#include "attacks.h"
#include "movegen.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const code_names[FEN_CODE_NB] = {
    [FEN_OK] = "ok",
    [FEN_EMPTY] = "empty",
    [FEN_MISSING_FIELD] = "missing-field",
    [FEN_RANK_COUNT] = "rank-count",
    [FEN_RANK_SIZE] = "rank-size",
    [FEN_CONSECUTIVE_DIGITS] = "consecutive-digits",
    [FEN_BAD_DIGIT] = "bad-digit",
    [FEN_BAD_PIECE] = "bad-piece",
    [FEN_BAD_SIDE] = "bad-side",
    [FEN_BAD_CASTLING] = "bad-castling",
    [FEN_CASTLING_ORDER] = "castling-order",
    [FEN_BAD_EP] = "bad-en-passant",
    [FEN_BAD_HALFMOVE] = "bad-halfmove",
    [FEN_BAD_FULLMOVE] = "bad-fullmove",
    [FEN_EXTRA_FIELD] = "extra-field",
    [FEN_MISSING_COUNTERS] = "missing-counters",
    [FEN_SPACING] = "spacing",
    [FEN_BAD_EPD] = "bad-epd",
    [FEN_KING_COUNT] = "king-count",
    [FEN_PAWN_BACK_RANK] = "pawn-back-rank",
    [FEN_TOO_MANY_PAWNS] = "too-many-pawns",
    [FEN_TOO_MANY_PIECES] = "too-many-pieces",
    [FEN_IMPOSSIBLE_MATERIAL] = "impossible-material",
    [FEN_CASTLING_NO_KING] = "castling-no-king",
    [FEN_CASTLING_NO_ROOK] = "castling-no-rook",
    [FEN_EP_WRONG_RANK] = "en-passant-rank",
    [FEN_EP_NO_PAWN] = "en-passant-no-pawn",
    [FEN_EP_NOT_EMPTY] = "en-passant-not-empty",
    [FEN_OPPONENT_IN_CHECK] = "opponent-in-check",
    [FEN_IMPOSSIBLE_CHECK] = "impossible-check",
    [FEN_HALFMOVE_EP] = "halfmove-en-passant",
};

const char *fen_code_name(enum fen_code code)
{
    return (unsigned)code < FEN_CODE_NB && code_names[code] ? code_names[code] : "unknown";
}

void fen_report_add(struct fen_report *rep, enum fen_code code, unsigned col, const char *fmt, ...)
{
    if (rep->count >= FEN_PROBLEMS_MAX) {
        rep->dropped++;
        return;
    }
    struct fen_problem *pr = &rep->problems[rep->count++];
    pr->code = code;
    pr->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pr->message, sizeof pr->message, fmt, ap);
    va_end(ap);
}

/* Show a byte in a message: printable ASCII as is, anything else as \xNN,
 * so that binary garbage cannot corrupt a terminal or a log. */
static void show_byte(char out[8], unsigned char c)
{
    if (c >= 0x20 && c < 0x7F)
        snprintf(out, 8, "%c", c);
    else
        snprintf(out, 8, "\\x%02X", c);
}

static int piece_from_letter(char c)
{
    static const char letters[] = "pnbrqk";
    const char *p = strchr(letters, c | 0x20);
    if (c == '\0' || !p)
        return NO_PIECE;
    enum color col = (c >= 'a') ? BLACK : WHITE;
    return piece_make(col, (enum piece_type)(p - letters + 1));
}

struct field {
    const char *s;
    size_t len;
    unsigned col;
};

/* Split the record at blanks (spaces and tabs).  Lenient mode accepts runs
 * of blanks; strict mode reports them.  The EPD operations, if any, start
 * at the first field that begins with ';' or contains one and are kept whole. */
static int split_fields(const char *s, size_t len, const struct fen_options *opt, struct field f[7],
                        struct fen_report *rep, const char **ops, size_t *ops_len, unsigned *ops_col)
{
    size_t i = 0;
    int n = 0;
    *ops = NULL;
    *ops_len = 0;
    if (opt->strict && len && (s[0] == ' ' || s[0] == '\t'))
        fen_report_add(rep, FEN_SPACING, 1, "leading blank");
    while (i < len) {
        size_t start = i;
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (opt->strict && n > 0 && i - start > 1)
            fen_report_add(rep, FEN_SPACING, (unsigned)start + 1, "more than one blank between fields");
        if (i >= len) {
            if (opt->strict && i > start)
                fen_report_add(rep, FEN_SPACING, (unsigned)start + 1, "trailing blank");
            break;
        }
        size_t b = i;
        while (i < len && s[i] != ' ' && s[i] != '\t')
            i++;
        bool epd = n >= 4 && memchr(s + b, ';', i - b) != NULL;
        if (epd || (n >= 4 && n < 6 && memchr(s + b, ';', len - b) && !(s[b] >= '0' && s[b] <= '9'))) {
            *ops = s + b;
            *ops_len = len - b;
            *ops_col = (unsigned)b + 1;
            while (*ops_len && (s[b + *ops_len - 1] == ' ' || s[b + *ops_len - 1] == '\t'))
                (*ops_len)--;
            break;
        }
        if (n < 7)
            f[n] = (struct field){s + b, i - b, (unsigned)b + 1};
        n++;
    }
    return n;
}

/* Field 1, piece placement: ranks 8 to 1 separated by '/', each summing to
 * eight squares; digits 1-8 count empty squares and never stand side by side. */
static bool parse_board(const struct field *f, struct position *p, struct fen_report *rep)
{
    int rank = 7, file = 0, ranks = 1;
    bool ok = true, prev_digit = false, rank_reported = false;
    for (size_t i = 0; i < f->len; i++) {
        unsigned col = f->col + (unsigned)i;
        char c = f->s[i];
        char shown[8];
        if (c == '/') {
            if (file != 8 && !rank_reported && rank >= 0) {
                fen_report_add(rep, FEN_RANK_SIZE, col, "rank %d has %d squares, expected 8", rank + 1, file);
                ok = false;
            }
            rank--;
            ranks++;
            file = 0;
            prev_digit = false;
            rank_reported = false;
            continue;
        }
        if (c >= '0' && c <= '9') {
            if (c == '0' || c == '9') {
                fen_report_add(rep, FEN_BAD_DIGIT, col, "digit '%c' is not a count of 1 to 8 empty squares", c);
                ok = false;
            } else if (prev_digit) {
                fen_report_add(rep, FEN_CONSECUTIVE_DIGITS, col, "two digits in a row ('%c%c')", f->s[i - 1], c);
                ok = false;
            }
            file += c - '0';
            prev_digit = true;
        } else {
            int piece = piece_from_letter(c);
            prev_digit = false;
            if (piece == NO_PIECE) {
                show_byte(shown, (unsigned char)c);
                fen_report_add(rep, FEN_BAD_PIECE, col, "'%s' is not a piece letter (PNBRQK, pnbrqk)", shown);
                ok = false;
                file++;
                continue;
            }
            if (rank >= 0 && file < 8)
                position_put(p, piece, square_make(file, rank));
            file++;
        }
        if (file > 8 && !rank_reported && rank >= 0) {
            fen_report_add(rep, FEN_RANK_SIZE, col, "rank %d has more than 8 squares", rank + 1);
            rank_reported = true;
            ok = false;
        }
    }
    if (file != 8 && !rank_reported && rank >= 0) {
        fen_report_add(rep, FEN_RANK_SIZE, f->col + (unsigned)f->len - 1, "rank %d has %d squares, expected 8",
                       rank + 1, file);
        ok = false;
    }
    if (ranks != 8) {
        fen_report_add(rep, FEN_RANK_COUNT, f->col, "board has %d ranks, expected 8", ranks);
        ok = false;
    }
    return ok;
}

/* The rook a castling letter refers to.  K/Q (and k/q) name the outermost
 * rook on that side of the king (X-FEN); a file letter names the rook on
 * that file (Shredder-FEN). */
static int castling_rook(const struct position *p, enum color c, char letter, int *queen_side)
{
    int ksq = position_king(p, c);
    int rank = c == WHITE ? 0 : 7;
    char up = (char)(letter & ~0x20);
    if (ksq == SQUARE_NONE || square_rank(ksq) != rank)
        return -1;
    bitboard rooks = position_pieces(p, c, ROOK) & bb_rank(rank);
    if (up == 'K' || up == 'Q') {
        *queen_side = up == 'Q';
        bitboard side = up == 'K' ? rooks & ~(bb_square(ksq + 1) - 1) : rooks & (bb_square(ksq) - 1);
        if (!side)
            return -2;
        return up == 'K' ? bb_msb(side) : bb_lsb(side);
    }
    int sq = square_make(up - 'A', rank);
    *queen_side = sq < ksq;
    if (sq == ksq || !bb_test(rooks, sq))
        return -2;
    return sq;
}

/* Field 3, castling availability: '-', or letters from KQkq (standard and
 * X-FEN) or A-H/a-h (Shredder-FEN), white's first, each right once. */
static bool parse_castling(const struct field *f, const struct fen_options *opt, struct fen_record *rec,
                           struct fen_report *rep)
{
    struct position *p = &rec->pos;
    if (f->len == 1 && f->s[0] == '-')
        return true;
    bool ok = true, seen_black = false, shredder = false;
    int last_rank = -1;
    for (size_t i = 0; i < f->len; i++) {
        char c = f->s[i];
        unsigned col = f->col + (unsigned)i;
        char up = (char)(c & ~0x20);
        bool letter = (c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h') || up == 'K' || up == 'Q';
        if (!letter) {
            char shown[8];
            show_byte(shown, (unsigned char)c);
            fen_report_add(rep, FEN_BAD_CASTLING, col, "'%s' is not a castling letter (KQkq, A-H, a-h or -)", shown);
            ok = false;
            continue;
        }
        enum color c_color = (c >= 'a') ? BLACK : WHITE;
        if (c_color == WHITE && seen_black) {
            fen_report_add(rep, FEN_CASTLING_ORDER, col, "white's castling rights must come before black's");
            ok = false;
        }
        seen_black |= c_color == BLACK;
        int queen_side = 0;
        int rook = castling_rook(p, c_color, c, &queen_side);
        if (up != 'K' && up != 'Q')
            shredder = true;
        if (rook == -1) {
            fen_report_add(rep, FEN_CASTLING_NO_KING, col, "castling right '%c' but the %s king is not on its first rank",
                           c, c_color == WHITE ? "white" : "black");
            ok = false;
            continue;
        }
        if (rook == -2) {
            fen_report_add(rep, FEN_CASTLING_NO_ROOK, col, "castling right '%c' but no %s rook to castle with", c,
                           c_color == WHITE ? "white" : "black");
            ok = false;
            continue;
        }
        int idx = castle_index(c_color, queen_side);
        if (p->castling & (1 << idx)) {
            fen_report_add(rep, FEN_CASTLING_ORDER, col, "castling right '%c' repeats a right already given", c);
            ok = false;
            continue;
        }
        /* Standard order is K before Q within a colour. */
        if (!shredder && last_rank == idx + 1 && (idx & 1) == 0 && up == 'K') {
            fen_report_add(rep, FEN_CASTLING_ORDER, col, "'%c' must come before '%c'", c, c == 'K' ? 'Q' : 'q');
            ok = false;
        }
        last_rank = idx;
        p->castling |= (uint8_t)(1 << idx);
        p->castle_rook[idx] = (uint8_t)rook;
    }
    /* Chess960 when asked, when file letters are used, or when a right does
     * not describe the standard king-on-e, rooks-in-the-corner setup. */
    bool standard = true;
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1 << i)))
            continue;
        enum color c = (enum color)(i >> 1);
        int home = c == WHITE ? 4 : 60;
        int corner = (i & 1) ? home - 4 : home + 3;
        if (position_king(p, c) != home || p->castle_rook[i] != corner)
            standard = false;
    }
    if (opt->chess960 || shredder || !standard)
        p->chess960 = 1;
    return ok;
}

/* A non-negative decimal counter that fits in 16 bits; no atoi, no sign. */
static bool parse_counter(const struct field *f, unsigned *out)
{
    if (f->len == 0 || f->len > 5)
        return false;
    unsigned v = 0;
    for (size_t i = 0; i < f->len; i++) {
        if (f->s[i] < '0' || f->s[i] > '9')
            return false;
        v = v * 10 + (unsigned)(f->s[i] - '0');
    }
    if (v > 65535)
        return false;
    *out = v;
    return true;
}

static void print_field(char *out, size_t size, const struct field *f)
{
    size_t n = 0;
    for (size_t i = 0; i < f->len && n + 5 < size; i++) {
        char shown[8];
        show_byte(shown, (unsigned char)f->s[i]);
        size_t l = strlen(shown);
        memcpy(out + n, shown, l);
        n += l;
    }
    if (n + 5 >= size && f->len)
        memcpy(out + n, "...", 4), n += 3;
    out[n] = '\0';
}

bool fen_parse(const char *s, size_t len, const struct fen_options *opt, struct fen_record *rec,
               struct fen_report *rep)
{
    static const char *const names[6] = {"piece placement", "side to move", "castling", "en passant",
                                         "half-move clock", "full-move number"};
    int before = rep->count + rep->dropped;
    memset(rec, 0, sizeof *rec);
    position_clear(&rec->pos);
    rec->ep_raw = SQUARE_NONE;

    struct field f[7];
    int n = split_fields(s, len, opt, f, rep, &rec->ops, &rec->ops_len, &rec->ops_col);
    if (n == 0) {
        fen_report_add(rep, FEN_EMPTY, 1, "empty record");
        return false;
    }
    rec->fields = n < 6 ? n : 6;
    for (int i = 0; i < rec->fields; i++)
        rec->col[i] = f[i].col;

    struct position *p = &rec->pos;
    parse_board(&f[0], p, rep);
    unsigned end_col = (unsigned)len + 1;
    for (int i = n; i < 4; i++)
        fen_report_add(rep, FEN_MISSING_FIELD, end_col, "missing field %d (%s)", i + 1, names[i]);

    if (n >= 2) {
        if (f[1].len == 1 && (f[1].s[0] == 'w' || f[1].s[0] == 'b')) {
            p->side = f[1].s[0] == 'w' ? WHITE : BLACK;
        } else {
            char shown[40];
            print_field(shown, sizeof shown, &f[1]);
            fen_report_add(rep, FEN_BAD_SIDE, f[1].col, "side to move '%s' is not 'w' or 'b'", shown);
        }
    }
    if (n >= 3)
        parse_castling(&f[2], opt, rec, rep);
    if (n >= 4) {
        if (!(f[3].len == 1 && f[3].s[0] == '-')) {
            int sq = f[3].len == 2 ? square_parse(f[3].s, 2) : SQUARE_NONE;
            if (sq == SQUARE_NONE) {
                char shown[40];
                print_field(shown, sizeof shown, &f[3]);
                fen_report_add(rep, FEN_BAD_EP, f[3].col, "en-passant field '%s' is not '-' or a square", shown);
            } else {
                rec->ep_raw = sq;
            }
        }
    }
    unsigned v;
    if (n >= 5) {
        if (parse_counter(&f[4], &v)) {
            p->halfmove = (uint16_t)v;
        } else {
            char shown[40];
            print_field(shown, sizeof shown, &f[4]);
            fen_report_add(rep, FEN_BAD_HALFMOVE, f[4].col, "half-move clock '%s' is not a number from 0 to 65535",
                           shown);
        }
    }
    if (n >= 6) {
        if (parse_counter(&f[5], &v) && v >= 1) {
            p->fullmove = (uint16_t)v;
        } else {
            char shown[40];
            print_field(shown, sizeof shown, &f[5]);
            fen_report_add(rep, FEN_BAD_FULLMOVE, f[5].col, "full-move number '%s' is not a number from 1 to 65535",
                           shown);
        }
    }
    if (n == 5 || (n == 4 && opt->strict))
        fen_report_add(rep, n == 5 ? FEN_MISSING_FIELD : FEN_MISSING_COUNTERS, end_col,
                       n == 5 ? "missing field 6 (full-move number)"
                              : "missing half-move clock and full-move number (strict)");
    if (n > 6)
        fen_report_add(rep, FEN_EXTRA_FIELD, f[6].col, "extra field after the full-move number");
    if (rec->ops && rec->ops_len == 0)
        rec->ops = NULL;

    /* The en-passant square the position keeps is the one a pawn of the
     * side to move could capture on; the raw field is kept for validation. */
    if (rec->ep_raw != SQUARE_NONE &&
        (attacks_pawn((enum color)!p->side, rec->ep_raw) & position_pieces(p, (enum color)p->side, PAWN)))
        p->ep_square = (uint8_t)rec->ep_raw;
    p->key = position_compute_key(p);
    return rep->count + rep->dropped == before;
}

bool fen_read(const char *s, size_t len, const struct fen_options *opt, struct fen_record *rec,
              struct fen_report *rep)
{
    if (!fen_parse(s, len, opt, rec, rep))
        return false;
    return fen_validate(rec, rep);
}

/* Is there a legal en-passant capture?  Only then is the square part of the
 * position in the sense of FIDE Art. 9.2.2, and only then is it written. */
static bool ep_capture_exists(const struct position *p)
{
    if (p->ep_square == SQUARE_NONE)
        return false;
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++)
        if (move_kind(l.moves[i]) == MOVE_EN_PASSANT)
            return true;
    return false;
}

size_t fen_format(const struct position *p, char *buf, size_t size)
{
    static const char letters[] = " PNBRQK  pnbrqk";
    char tmp[FEN_MAX];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int pc = p->board[square_make(file, rank)];
            if (pc == NO_PIECE) {
                empty++;
                continue;
            }
            if (empty)
                tmp[n++] = (char)('0' + empty);
            empty = 0;
            tmp[n++] = letters[pc];
        }
        if (empty)
            tmp[n++] = (char)('0' + empty);
        if (rank)
            tmp[n++] = '/';
    }
    tmp[n++] = ' ';
    tmp[n++] = p->side == WHITE ? 'w' : 'b';
    tmp[n++] = ' ';
    if (!p->castling)
        tmp[n++] = '-';
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1 << i)))
            continue;
        char c;
        if (p->chess960)
            c = (char)('A' + square_file(p->castle_rook[i]));
        else
            c = (i & 1) ? 'Q' : 'K';
        tmp[n++] = i >= 2 ? (char)(c | 0x20) : c;
    }
    tmp[n++] = ' ';
    if (ep_capture_exists(p)) {
        square_format(p->ep_square, tmp + n);
        n += 2;
    } else {
        tmp[n++] = '-';
    }
    n += (size_t)snprintf(tmp + n, sizeof tmp - n, " %u %u", p->halfmove, p->fullmove);
    if (size) {
        size_t c = n < size ? n : size - 1;
        memcpy(buf, tmp, c);
        buf[c] = '\0';
    }
    return n;
}

bool fen_epd_find(const char *ops, size_t ops_len, const char *opcode, const char **arg, size_t *arg_len)
{
    size_t olen = strlen(opcode), i = 0;
    while (i < ops_len) {
        while (i < ops_len && (ops[i] == ' ' || ops[i] == '\t' || ops[i] == ';'))
            i++;
        size_t b = i;
        while (i < ops_len && ops[i] != ' ' && ops[i] != '\t' && ops[i] != ';')
            i++;
        size_t e = i;
        /* The operand runs to the next ';' outside a quoted string. */
        bool quoted = false;
        size_t ab = i;
        while (i < ops_len && (quoted || ops[i] != ';')) {
            if (ops[i] == '"')
                quoted = !quoted;
            i++;
        }
        if (e - b == olen && memcmp(ops + b, opcode, olen) == 0) {
            size_t ae = i;
            while (ab < ae && (ops[ab] == ' ' || ops[ab] == '\t'))
                ab++;
            while (ae > ab && (ops[ae - 1] == ' ' || ops[ae - 1] == '\t'))
                ae--;
            *arg = ops + ab;
            *arg_len = ae - ab;
            return true;
        }
    }
    return false;
}
