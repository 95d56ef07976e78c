/* FEN, X-FEN, Shredder-FEN and EPD records (fen.h).  The parser reads
 * exactly len bytes and never assumes a NUL terminator. */
#include "fen.h"
#include "fen_validate.h"

#include "rules/attacks.h"
#include "base/bytes16.h"
#include "rules/en_passant.h"
#include "fen_board.h"
#include "rules/movegen.h"

#include <stdio.h>
#include <string.h>

/* Show text in a message: printable ASCII as is, anything else as \xNN (no
 * binary garbage on a terminal), cut with "..." when it does not fit in
 * size bytes; one byte always fits in 8. */
static void show_text(char *out, size_t size, const char *s, size_t len)
{
    size_t n = 0, i = 0;
    for (; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        size_t l = c >= 0x20 && c < 0x7F ? 1 : 4;
        if (n + l + 4 > size) /* keep room for "..." and the NUL */
            break;
        if (l == 1)
            out[n] = (char)c;
        else
            snprintf(out + n, 5, "\\x%02X", c);
        n += l;
    }
    if (i < len) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
}

struct field {
    const char *s;
    size_t len;
    unsigned col;
};

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}
static bool is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The end of the field that starts at s[i]: the first blank at i or after,
 * or len.  Eight bytes at a time, not byte by byte (a byte below 0x21 is
 * flagged exactly at the lowest place where one stands). */
static size_t skip_nonblank(const char *s, size_t i, size_t len)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ /* (the lowest byte is the first) */
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    while (i + 8 <= len) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        uint64_t low = (w - ones * 0x21) & ~w & highs;
        if (!low) {
            i += 8;
            continue;
        }
        i += (size_t)__builtin_ctzll(low) / 8;
        if (is_blank(s[i]))
            return i;
        i++; /* a control byte: part of the field */
    }
    /* The last bytes: the word that ends the record, its bytes before i
     * made 0xFF (no flag); the short fields after the board end there. */
    while (i < len && len >= 8) {
        uint64_t w;
        size_t base = len - 8;
        memcpy(&w, s + base, 8);
        w |= (((uint64_t)1 << (8 * (i - base))) - 1);
        uint64_t low = (w - ones * 0x21) & ~w & highs;
        if (!low)
            return len;
        i = base + (size_t)__builtin_ctzll(low) / 8;
        if (is_blank(s[i]))
            return i;
        i++; /* a control byte: part of the field */
    }
#endif
    while (i < len && !is_blank(s[i]))
        i++;
    return i;
}

/* Does the field at s[b..) begin the EPD operations?  After the fourth FEN
 * field they begin at a field that starts with ';', or with a letter (an
 * opcode) when a ';' follows somewhere on the line; a field starting with
 * ';' ends the FEN fields earlier too (a record cut short before its ops). */
static bool starts_ops(const char *s, size_t len, size_t b, int n)
{
    if (s[b] == ';')
        return true;
    return n >= 4 && is_letter(s[b]) && memchr(s + b, ';', len - b) != NULL;
}

/* Where the blanks of a record of 16 to 64 bytes are, a bit per byte, and
 * whether it holds no ';' (no EPD operations to look for): sixteen bytes
 * at a time, the last sixteen ending at len (their bytes already seen
 * shifted out), so that no byte past the record is read. */
static bool blanks_of(const char *s, size_t len, uint64_t *blanks)
{
    uint64_t bl = 0, semi = 0;
    size_t k = 0;
    for (;;) {
        size_t at = k + 16 <= len ? k : len - 16;
        bytes16 v = bytes16_load(s + at);
        bytes16 blank = (bytes16)(v == bytes16_splat(' ')) | (bytes16)(v == bytes16_splat('\t'));
        uint64_t b = bytes16_mask(blank);
        uint64_t c = bytes16_mask((bytes16)(v == bytes16_splat(';')));
        bl |= (b >> (k - at)) << k;
        semi |= (c >> (k - at)) << k;
        k += 16;
        if (k >= len)
            break;
    }
    *blanks = bl;
    return semi == 0;
}

/* Split the record at blanks (strict: single spaces between fields, none
 * at either end).  Returns the number of FEN fields (f[] holds the first
 * eight) and points rec->ops at the EPD operations, if any. */
static int split_fields(const char *s, size_t len, const struct fen_options *opt, struct field f[8],
                        struct fen_record *rec, struct fen_report *rep)
{
    size_t i = 0;
    int n = 0;
    uint64_t blanks;
    if (!opt->strict && len >= 16 && len <= 64 && blanks_of(s, len, &blanks)) {
        /* The usual record, lenient and without operations: its fields are
         * the runs of bits between the blanks, found a word at a time. */
        uint64_t inside = len == 64 ? ~(uint64_t)0 : ((uint64_t)1 << len) - 1;
        uint64_t rest = ~blanks & inside; /* the bytes of fields not yet taken */
        while (rest) {
            size_t b = (size_t)__builtin_ctzll(rest);
            uint64_t ends = (blanks | ~inside) & (~(uint64_t)0 << b);
            size_t e = ends ? (size_t)__builtin_ctzll(ends) : 64;
            if (n < 8)
                f[n] = (struct field){s + b, e - b, (unsigned)b + 1};
            n++;
            rest = e < 64 ? rest & (~(uint64_t)0 << e) : 0;
        }
        return n;
    }
    while (i < len) {
        size_t start = i;
        while (i < len && is_blank(s[i]))
            i++;
        if (opt->strict && i > start &&
            (start == 0 || i >= len || i - start > 1 || s[start] != ' '))
            fen_report_add(rep, FEN_SPACING, (unsigned)start + 1, "%s (strict)",
                           start == 0 ? "blank at the start of the record"
                           : i >= len ? "blank at the end of the record"
                                      : "fields must be separated by one space");
        if (i >= len)
            break;
        size_t b = i;
        if (starts_ops(s, len, b, n)) {
            size_t e = len;
            while (e > b && is_blank(s[e - 1]))
                e--;
            rec->ops = s + b;
            rec->ops_len = e - b;
            rec->ops_col = (unsigned)b + 1;
            break;
        }
        i = skip_nonblank(s, i, len);
        if (n < 8)
            f[n] = (struct field){s + b, i - b, (unsigned)b + 1};
        n++;
    }
    return n;
}

/* Crazyhouse pockets, the letters of the pieces in hand (PNBRQ for White,
 * pnbrq for Black, any order, none for empty pockets): never a king, at
 * most POCKET_MAX of a kind. */
static void parse_pocket(const char *s, size_t len, unsigned col, bool store,
                         struct fen_record *rec, struct fen_report *rep)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        int piece = fen_piece_by_letter[c];
        char shown[8];
        show_text(shown, sizeof shown, s + i, 1);
        if (!piece || piece_type(piece) == KING) {
            fen_report_add(rep, FEN_BAD_POCKET, col + (unsigned)i,
                           piece ? "a king is never in a pocket ('%s')"
                                 : "'%s' is not a pocket letter (PNBRQ, pnbrq)",
                           shown);
        } else if (store) {
            uint8_t *n = &rec->pos.pocket[piece_color(piece)][piece_type(piece)];
            if (*n >= POCKET_MAX) {
                fen_report_add(rep, FEN_BAD_POCKET, col + (unsigned)i,
                               "more than %d pieces of one kind in a pocket", POCKET_MAX);
                return;
            }
            (*n)++;
        }
    }
}

/* Where the crazyhouse pockets of a board field are: "[...]" closing the
 * field, or (crazyhouse only) a ninth '/'-separated rank.  Returns the
 * length of the board proper and sets *pb and *pe to the pocket letters,
 * or returns len when there is none. */
static size_t find_pocket(const char *s, size_t len, bool crazyhouse, size_t *pb, size_t *pe)
{
    const char *open = memchr(s, '[', len);
    if (open) {
        size_t b = (size_t)(open - s);
        *pb = b + 1;
        *pe = s[len - 1] == ']' ? len - 1 : len; /* (not before *pb: s[b] is '[') */
        return b;
    }
    if (!crazyhouse)
        return len;
    int slashes = 0;
    for (size_t i = 0; i < len; i++)
        if (s[i] == '/' && ++slashes == 8) {
            *pb = i + 1;
            *pe = len;
            return i;
        }
    return len;
}

/* Field 1, piece placement: ranks 8 to 1 separated by '/', each summing to
 * eight squares; digits 1-8 count empty squares and never stand side by
 * side.  A rank holding a bad digit has no known size, so its size is not
 * judged; pieces beyond the eighth file or rank are not placed. */
static bool parse_board(const struct field *f, const struct fen_options *opt,
                        struct fen_record *rec, struct fen_report *rep)
{
    rec->board = f->s;
    rec->board_len = f->len;
    if (opt->variant != VARIANT_CHESS && variant_rules((enum variant)opt->variant)->drops) {
        /* crazyhouse: pockets and '~' take the full loop */
    } else if (!opt->no_fastpath && fen_board_plain(f->s, f->len, &rec->pos, rec->piece_count)) {
        rec->board_canonical = true;
        return true;
    }
    struct position *p = &rec->pos;
    int rank = 7, file = 0, slashes = 0;
    bool size_done = false;
    int before = rep->count + rep->dropped;
    bitboard by_piece[PIECE_NB] = {0};
    uint64_t key = 0;
    bool crazyhouse = variant_rules((enum variant)opt->variant)->drops;
    size_t pb = 0, pe = 0;
    size_t len = f->len; /* of the board proper, pockets aside */
    /* Outside crazyhouse only "[...]" closing the field is looked for (an
     * unclosed '[' there is a bad piece letter like any other). */
    if (crazyhouse || (f->len && f->s[f->len - 1] == ']'))
        len = find_pocket(f->s, f->len, crazyhouse, &pb, &pe);
    rec->board_len = len;
    if (len < f->len) {
        bool closed = f->s[len] == '/' || f->s[f->len - 1] == ']';
        rec->pocket_col = f->col + (unsigned)len;
        if (!crazyhouse) {
            char shown[40];
            show_text(shown, sizeof shown, f->s + len, f->len - len);
            fen_report_add(rep, FEN_VARIANT_FIELD, rec->pocket_col,
                           "pockets '%s' are only read in crazyhouse (--variant=crazyhouse)",
                           shown);
        } else if (!closed) {
            fen_report_add(rep, FEN_BAD_POCKET, rec->pocket_col,
                           "pockets opened by '[' are not closed by ']'");
        }
        parse_pocket(f->s + pb, pe - pb, f->col + (unsigned)pb, crazyhouse, rec, rep);
    }
    for (size_t i = 0; i < len; i++) {
        unsigned col = f->col + (unsigned)i;
        unsigned char c = (unsigned char)f->s[i];
        int piece = fen_piece_by_letter[c];
        if (piece) {
            /* What position_put does, inlined: this is the hot loop. */
            if (rank >= 0 && file < 8) {
                int sq = square_make(file, rank);
                p->board[sq] = (uint8_t)piece;
                by_piece[piece] |= bb_square(sq);
                key ^= position_zobrist_piece[piece][sq];
                rec->piece_count[piece]++;
            }
            file++;
        } else if (c == '~') {
            /* the square of the piece letter just before, if placed */
            int after_piece = i > 0 && fen_piece_by_letter[(unsigned char)f->s[i - 1]] &&
                                      rank >= 0 && file >= 1 && file <= 8
                                  ? square_make(file - 1, rank)
                                  : SQUARE_NONE;
            /* Crazyhouse: '~' marks the piece before it as promoted. */
            if (!crazyhouse)
                fen_report_add(
                    rep, FEN_VARIANT_FIELD, col,
                    "'~' (a promoted piece) is only read in crazyhouse (--variant=crazyhouse)");
            else if (after_piece == SQUARE_NONE)
                fen_report_add(rep, FEN_BAD_PROMOTED, col, "'~' must follow a piece letter");
            else if (piece_type(p->board[after_piece]) == PAWN ||
                     piece_type(p->board[after_piece]) == KING)
                fen_report_add(
                    rep, FEN_BAD_PROMOTED, col,
                    "'~' after a %s: only a knight, bishop, rook or queen can be promoted",
                    piece_type(p->board[after_piece]) == PAWN ? "pawn" : "king");
            else
                p->promoted |= bb_square(after_piece);
        } else if (c >= '1' && c <= '8') {
            if (i > 0 && f->s[i - 1] >= '1' && f->s[i - 1] <= '8')
                fen_report_add(rep, FEN_CONSECUTIVE_DIGITS, col, "two digits in a row ('%c%c')",
                               f->s[i - 1], c);
            file += c - '0';
        } else if (c == '/') {
            if (rank >= 0 && !size_done && file != 8)
                fen_report_add(rep, FEN_RANK_SIZE, col, "rank %d has %d square%s, expected 8",
                               rank + 1, file, file == 1 ? "" : "s");
            if (++slashes == 8)
                fen_report_add(rep, FEN_RANK_COUNT, col, "board has more than 8 ranks");
            rank--;
            file = 0;
            size_done = false;
            continue;
        } else if (c == '0' || c == '9') {
            fen_report_add(rep, FEN_BAD_DIGIT, col,
                           "digit '%c' is not a count of 1 to 8 empty squares", c);
            size_done = true;
        } else {
            char shown[8];
            show_text(shown, sizeof shown, f->s + i, 1);
            fen_report_add(rep, FEN_BAD_PIECE, col, "'%s' is not a piece letter (PNBRQK, pnbrqk)",
                           shown);
            file++;
        }
        if (file > 8 && rank >= 0 && !size_done) {
            fen_report_add(rep, FEN_RANK_SIZE, col, "rank %d has more than 8 squares", rank + 1);
            size_done = true;
        }
    }
    if (rank >= 0 && !size_done && file != 8)
        fen_report_add(rep, FEN_RANK_SIZE, f->col + (unsigned)(len ? len - 1 : 0),
                       "rank %d has %d square%s, expected 8", rank + 1, file, file == 1 ? "" : "s");
    if (slashes < 7)
        fen_report_add(rep, FEN_RANK_COUNT, f->col, "board has %d rank%s, expected 8", slashes + 1,
                       slashes ? "s" : "");
    for (int c = WHITE; c <= BLACK; c++)
        for (int t = PAWN; t <= KING; t++) {
            bitboard b = by_piece[piece_make((enum color)c, (enum piece_type)t)];
            p->by_type[t] |= b;
            p->by_color[c] |= b;
        }
    p->by_type[0] = p->by_color[WHITE] | p->by_color[BLACK];
    p->key ^= key;
    return rep->count + rep->dropped == before;
}

/* Field 2: 'w' or 'b'. */
static bool parse_side(const struct field *f, struct position *p, struct fen_report *rep)
{
    if (f->len == 1 && (f->s[0] == 'w' || f->s[0] == 'b')) {
        p->side = f->s[0] == 'w' ? WHITE : BLACK;
        return true;
    }
    char shown[48];
    show_text(shown, sizeof shown, f->s, f->len);
    fen_report_add(rep, FEN_BAD_SIDE, f->col, "side to move '%s' is not 'w' or 'b'", shown);
    return false;
}

/* The index of a castling letter in the "seen" set: K Q k q, A-H, a-h. */
static int castling_letter_index(char c)
{
    switch (c) {
    case 'K':
        return 0;
    case 'Q':
        return 1;
    case 'k':
        return 2;
    case 'q':
        return 3;
    default:
        if (c >= 'A' && c <= 'H')
            return 4 + (c - 'A');
        if (c >= 'a' && c <= 'h')
            return 12 + (c - 'a');
        return -1;
    }
}

/* Field 3, castling availability, as text only: '-' alone, or letters from
 * KQkq (standard and X-FEN) and A-H/a-h (Shredder-FEN), white's first, K
 * before Q, none twice.  The good letters are kept for resolve_castling. */
static void parse_castling(const struct field *f, struct fen_record *rec, struct fen_report *rep)
{
    if (f->len == 1 && f->s[0] == '-')
        return;
    bool seen_black = false;
    uint32_t seen = 0;
    for (size_t i = 0; i < f->len; i++) {
        char c = f->s[i];
        unsigned col = f->col + (unsigned)i;
        int idx = castling_letter_index(c);
        if (idx < 0) {
            char shown[8];
            show_text(shown, sizeof shown, f->s + i, 1);
            fen_report_add(rep, FEN_BAD_CASTLING, col,
                           c == '-' ? "'%s' must stand alone in the castling field"
                                    : "'%s' is not a castling letter (KQkq, A-H, a-h or -)",
                           shown);
            continue;
        }
        bool black = c >= 'a';
        if (!black && seen_black)
            fen_report_add(rep, FEN_CASTLING_ORDER, col,
                           "white's castling rights must come before black's ('%c')", c);
        seen_black |= black;
        if (seen & (1u << idx)) {
            fen_report_add(rep, FEN_CASTLING_REPEAT, col, "castling letter '%c' is repeated", c);
            continue;
        }
        if ((c == 'K' && (seen & 2)) || (c == 'k' && (seen & 8)))
            fen_report_add(rep, FEN_CASTLING_ORDER, col, "'%c' must come before '%c'", c,
                           c == 'K' ? 'Q' : 'q');
        seen |= 1u << idx;
        rec->castling[rec->castling_count++] = (struct fen_castling_letter){c, col, FEN_OK};
    }
}

/* Which right and rook a castling letter names (FIDE Art. 3.8.2 and its
 * Chess960 counterpart).  K/Q in the standard set-up (king on e1/e8, rook
 * in the corner) are standard chess; elsewhere, or always in Chess960, the
 * outermost rook on that side of the king (X-FEN, as python-chess and
 * chessops read it); a file letter the rook on that file (Shredder-FEN).
 * Returns FEN_OK and sets *right, *rook and *x960 (a Chess960 right), or
 * the problem (in standard chess the standard set-up's, if X-FEN fails too). */
static enum fen_code castling_target(const struct position *p, char letter, bool chess960,
                                     int *right, int *rook, bool *x960)
{
    enum color c = letter >= 'a' ? BLACK : WHITE;
    char up = (char)(letter & ~0x20);
    int rank = c == WHITE ? 0 : 7;
    bitboard kings = position_pieces(p, c, KING) & bb_rank(rank);
    bitboard rooks = position_pieces(p, c, ROOK) & bb_rank(rank);
    *x960 = chess960;
    if (!kings)
        return FEN_CASTLING_NO_KING;
    int ksq = bb_lsb(kings);
    if (up == 'K' || up == 'Q') {
        *right = castle_index(c, up == 'Q');
        int corner = square_make(up == 'K' ? 7 : 0, rank);
        enum fen_code standard = ksq != square_make(4, rank) ? FEN_CASTLING_NO_KING
                                 : bb_test(rooks, corner)    ? FEN_OK
                                                             : FEN_CASTLING_NO_ROOK;
        if (!chess960 && standard == FEN_OK) {
            *rook = corner;
            return FEN_OK;
        }
        bitboard above = ~((bb_square(ksq) << 1) - 1), below = bb_square(ksq) - 1;
        bitboard side = rooks & (up == 'K' ? above : below);
        if (!side)
            return chess960 ? FEN_CASTLING_NO_ROOK : standard;
        *rook = up == 'K' ? bb_msb(side) : bb_lsb(side);
        *x960 = true;
        return FEN_OK;
    }
    *x960 = true;
    *rook = square_make(up - 'A', rank);
    *right = castle_index(c, *rook < ksq);
    return *rook != ksq && bb_test(rooks, *rook) ? FEN_OK : FEN_CASTLING_NO_ROOK;
}

/* Turn the castling letters into rights, each letter keeping its outcome
 * for fen_validate; file letters, K/Q outside the standard set-up or the
 * caller's option make the record Chess960. */
static void resolve_castling(const struct fen_options *opt, struct fen_record *rec)
{
    struct position *p = &rec->pos;
    bool chess960 = opt->chess960;
    for (int i = 0; i < rec->castling_count; i++) {
        char up = (char)(rec->castling[i].letter & ~0x20);
        chess960 |= up != 'K' && up != 'Q';
    }
    bool castling = variant_rules((enum variant)opt->variant)->castling;
    for (int i = 0; i < rec->castling_count; i++) {
        struct fen_castling_letter *cl = &rec->castling[i];
        int right = 0, rook = SQUARE_NONE;
        bool x960 = false;
        /* (antichess and racing kings have no castling, as lichess plays them) */
        cl->status = castling ? castling_target(p, cl->letter, opt->chess960, &right, &rook, &x960)
                              : FEN_VARIANT_CASTLING;
        if (cl->status != FEN_OK)
            continue;
        chess960 |= x960;
        if (p->castling & (1 << right)) {
            cl->status = FEN_CASTLING_REPEAT;
            continue;
        }
        p->castling |= (uint8_t)(1 << right);
        p->castle_rook[right] = (uint8_t)rook;
    }
    p->chess960 = chess960;
}

/* Field 4: '-' or a square name in lower case. */
static void parse_ep(const struct field *f, struct fen_record *rec, struct fen_report *rep)
{
    if (f->len == 1 && f->s[0] == '-')
        return;
    int sq = square_parse(f->s, f->len);
    if (f->len == 2 && sq != SQUARE_NONE) {
        rec->ep_raw = sq;
        return;
    }
    char shown[40];
    show_text(shown, sizeof shown, f->s, f->len);
    fen_report_add(rep, FEN_BAD_EP, f->col, "en-passant field '%s' is not '-' or a square", shown);
}

/* A non-negative decimal counter up to FEN_COUNTER_MAX; digits only (no
 * sign, no blank, no atoi). */
static bool parse_counter(const char *s, size_t len, uint32_t *out)
{
    if (len == 0)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (unsigned)(s[i] - '0');
        if (v > FEN_COUNTER_MAX)
            return false;
    }
    *out = (uint32_t)v;
    return true;
}

/* parse_counter_field's diagnostic, out of line so that the check of a
 * good counter inlines into fen_parse. */
__attribute__((noinline, cold)) static void counter_problem(const struct field *f, bool fullmove,
                                                            struct fen_report *rep)
{
    char shown[40];
    show_text(shown, sizeof shown, f->s, f->len);
    fen_report_add(rep, fullmove ? FEN_BAD_FULLMOVE : FEN_BAD_HALFMOVE, f->col,
                   "%s '%s' is not a number from %d to %lu",
                   fullmove ? "full-move number" : "half-move clock", shown, fullmove,
                   (unsigned long)FEN_COUNTER_MAX);
}

/* Fields 5 and 6: the half-move clock (0 or more) and the full-move
 * number (1 or more). */
static bool parse_counter_field(const struct field *f, bool fullmove, uint32_t *out,
                                struct fen_report *rep)
{
    uint32_t v;
    if (parse_counter(f->s, f->len, &v) && (!fullmove || v >= 1)) {
        *out = v;
        return true;
    }
    counter_problem(f, fullmove, rep);
    return false;
}

/* The next EPD operation of ops[*i..len): its opcode at ops[*op], *op_len
 * bytes, and its operand, which runs to the next ';' outside a quoted
 * string, where *i is left.  False when none is left. */
static inline bool next_op(const char *ops, size_t len, size_t *i, size_t *op, size_t *op_len)
{
    size_t k = *i;
    while (k < len && (is_blank(ops[k]) || ops[k] == ';'))
        k++;
    if (k >= len)
        return false;
    *op = k;
    while (k < len && !is_blank(ops[k]) && ops[k] != ';')
        k++;
    *op_len = k - *op;
    bool quoted = false;
    for (; k < len && (quoted || ops[k] != ';'); k++)
        quoted ^= ops[k] == '"';
    *i = k;
    return true;
}

/* EPD operations (after the FEN fields): each an opcode (a letter, then
 * letters, digits or '_', at most 15 in all) and operands separated by
 * blanks, ended by ';'.  As in the perft suites, empty operations and a
 * missing ';' after the last one are accepted.  Double quotes enclose
 * strings that may hold blanks and ';'.  No control bytes anywhere. */
static void check_ops(const char *s, size_t len, unsigned col0, struct fen_report *rep)
{
    size_t i = 0, b, op_len;
    while (next_op(s, len, &i, &b, &op_len)) {
        char shown[40];
        show_text(shown, sizeof shown, s + b, op_len);
        bool good = is_letter(s[b]) && op_len <= 15;
        for (size_t k = b + 1; good && k < b + op_len; k++)
            good = is_letter(s[k]) || (s[k] >= '0' && s[k] <= '9') || s[k] == '_';
        if (!good)
            fen_report_add(rep, FEN_BAD_EPD, col0 + (unsigned)b, "'%s' is not an EPD opcode",
                           shown);
        bool quoted = false;
        size_t quote_at = 0;
        for (size_t k = b + op_len; k < i; k++) {
            unsigned char c = (unsigned char)s[k];
            if (c == '"') {
                quoted = !quoted;
                quote_at = k;
            } else if ((c < 0x20 && c != '\t') || c == 0x7F) {
                show_text(shown, sizeof shown, s + k, 1);
                fen_report_add(rep, FEN_BAD_EPD, col0 + (unsigned)k,
                               "control byte '%s' in the EPD operations", shown);
            }
        }
        if (quoted)
            fen_report_add(rep, FEN_BAD_EPD, col0 + (unsigned)quote_at,
                           "string in the EPD operations has no closing '\"'");
    }
}

/* A four-field EPD record's counters: operations "hmvc N" and "fmvn N". */
static void epd_counters(struct fen_record *rec, struct fen_report *rep)
{
    static const char *const opcodes[2] = {"hmvc", "fmvn"};
    uint32_t *counter[2] = {&rec->pos.halfmove, &rec->pos.fullmove};
    for (int k = 0; k < 2; k++) {
        const char *arg;
        size_t alen;
        uint32_t v;
        if (!fen_epd_find(rec->ops, rec->ops_len, opcodes[k], &arg, &alen))
            continue;
        if (parse_counter(arg, alen, &v) && (k == 0 || v >= 1)) {
            *counter[k] = v;
            continue;
        }
        char shown[40];
        show_text(shown, sizeof shown, arg, alen);
        fen_report_add(rep, FEN_BAD_EPD, rec->ops_col + (unsigned)(arg - rec->ops),
                       "%s operand '%s' is not a number from %d to %lu", opcodes[k], shown,
                       k == 0 ? 0 : 1, (unsigned long)FEN_COUNTER_MAX);
    }
}

/* The en-passant square the position keeps: the squares the pawn crossed
 * and left empty, then makemove's rule (en_passant_square's pseudo-legal
 * mode); the raw field stays in rec for fen_validate. */
static void set_ep_square(struct fen_record *rec)
{
    struct position *p = &rec->pos;
    int ep = rec->ep_raw;
    enum color us = (enum color)p->side;
    if (ep == SQUARE_NONE || square_relative_rank(ep, us) != 5)
        return;
    int from = us == WHITE ? ep + 8 : ep - 8;
    if (p->board[ep] != NO_PIECE || p->board[from] != NO_PIECE)
        return;
    p->ep_square = (uint8_t)en_passant_square(p, ep, us, EN_PASSANT_PSEUDO_LEGAL);
}

/* A three-check counter field: "3+3" (remaining checks, after the
 * en-passant field: python-chess, chessops, Fairy-Stockfish) or, with
 * plus, "+0+0" (checks given, after the move counters: lichess). */
static bool checks_shape(const struct field *f, bool plus, unsigned v[2])
{
    const char *s = f->s, *end = f->s + f->len;
    if (plus) {
        if (s == end || *s != '+')
            return false;
        s++;
    }
    const char *sep = s; /* (a loop, not memchr: the fields are a few bytes) */
    while (sep < end && *sep != '+')
        sep++;
    return sep < end && parse_counter(s, (size_t)(sep - s), &v[0]) &&
           parse_counter(sep + 1, (size_t)(end - sep - 1), &v[1]);
}

/* Take the three-check counters out of the fields (so that the usual six
 * remain) and judge them: only in 3check, each from 0 to 3, the two forms
 * agreeing when both are given. */
static int take_checks(struct field *f, int n, const struct fen_options *opt,
                       struct fen_record *rec, struct fen_report *rep)
{
    int stored = n < 8 ? n : 8;
    unsigned remaining[2], given[2];
    const struct field *rf = NULL, *gf = NULL;
    struct field rcopy; /* (f[4] is moved over) */
    if (stored >= 5 && checks_shape(&f[4], false, remaining)) {
        rcopy = f[4];
        rf = &rcopy;
        memmove(&f[4], &f[5], (size_t)(stored - 5) * sizeof *f);
        n--;
        stored--;
    }
    if (stored >= 5 && stored == n && checks_shape(&f[stored - 1], true, given)) {
        gf = &f[stored - 1];
        n--;
    }
    if (!rf && !gf)
        return n;
    const struct field *first = rf ? rf : gf;
    rec->checks_col = first->col;
    char shown[40];
    if (!variant_rules((enum variant)opt->variant)->three_checks) {
        show_text(shown, sizeof shown, first->s, first->len);
        fen_report_add(rep, FEN_VARIANT_FIELD, first->col,
                       "check counters '%s' are only read in three-check (--variant=3check)",
                       shown);
        return n;
    }
    if (rf && (remaining[0] > 3 || remaining[1] > 3)) {
        show_text(shown, sizeof shown, rf->s, rf->len);
        fen_report_add(rep, FEN_BAD_CHECKS, rf->col, "remaining checks '%s' must each be 0 to 3",
                       shown);
        rf = NULL;
    }
    if (gf && (given[0] > 3 || given[1] > 3)) {
        show_text(shown, sizeof shown, gf->s, gf->len);
        fen_report_add(rep, FEN_BAD_CHECKS, gf->col, "checks given '%s' must each be 0 to 3",
                       shown);
        gf = NULL;
    }
    if (rf && gf && (3 - remaining[0] != given[0] || 3 - remaining[1] != given[1])) {
        char other[40];
        show_text(shown, sizeof shown, rf->s, rf->len);
        show_text(other, sizeof other, gf->s, gf->len);
        fen_report_add(rep, FEN_BAD_CHECKS, gf->col, "check counters '%s' and '%s' disagree", shown,
                       other);
        return n;
    }
    for (int c = 0; c < 2; c++)
        if (rf)
            rec->pos.checks_given[c] = (uint8_t)(3 - remaining[c]);
        else if (gf)
            rec->pos.checks_given[c] = (uint8_t)given[c];
    return n;
}

/* A first field with no '/' and a byte no board field holds (a PGN tag
 * line, prose, a UCI command) is no FEN record at all: one diagnostic says
 * so, not one for each of its characters. */
static bool not_a_board(const struct field *f)
{
    if (memchr(f->s, '/', f->len))
        return false;
    for (size_t i = 0; i < f->len; i++)
        if (!strchr("PNBRQKpnbrqk0123456789[]~", f->s[i]) || f->s[i] == '\0')
            return true;
    return false;
}

bool fen_parse(const char *s, size_t len, const struct fen_options *opt, struct fen_record *rec,
               struct fen_report *rep)
{
    static const char *const names[6] = {"piece placement", "side to move",    "castling",
                                         "en passant",      "half-move clock", "full-move number"};
    int count0 = rep->count, dropped0 = rep->dropped, before = count0 + dropped0;
    position_clear(&rec->pos);
    /* Every member after pos but the castling letters, in two short memsets
     * (one long one is a "rep stos", slower). */
    memset(&rec->fields, 0,
           offsetof(struct fen_record, castling) - offsetof(struct fen_record, fields));
    memset(&rec->pocket_col, 0, sizeof *rec - offsetof(struct fen_record, pocket_col));
    rec->ep_raw = SQUARE_NONE;

    struct field f[8];
    int n = split_fields(s, len, opt, f, rec, rep);
    if (n == 0 && !rec->ops) {
        fen_report_add(rep, FEN_EMPTY, 1, "empty record");
        return false;
    }
    if (n >= 1 && not_a_board(&f[0])) {
        char shown[40];
        show_text(shown, sizeof shown, f[0].s, f[0].len);
        rep->count = count0;
        rep->dropped = dropped0;
        fen_report_add(rep, FEN_BAD_PIECE, f[0].col,
                       "not a FEN record ('%s' is no piece placement)", shown);
        return false;
    }
    if (n >= 5)
        n = take_checks(f, n, opt, rec, rep);
    rec->fields = n < 6 ? n : 6;
    for (int i = 0; i < rec->fields; i++)
        rec->col[i] = f[i].col;

    struct position *p = &rec->pos;
    unsigned ok = 0;
    if (n >= 1 && parse_board(&f[0], opt, rec, rep))
        ok |= FEN_FIELD_BOARD;
    if (n >= 2 && parse_side(&f[1], p, rep))
        ok |= FEN_FIELD_SIDE;
    if (n >= 3)
        parse_castling(&f[2], rec, rep);
    if (n >= 4)
        parse_ep(&f[3], rec, rep);
    if (n >= 5 && parse_counter_field(&f[4], false, &p->halfmove, rep))
        ok |= FEN_FIELD_HALFMOVE;
    if (n >= 6)
        parse_counter_field(&f[5], true, &p->fullmove, rep);
    rec->fields_ok = ok;

    unsigned end_col = rec->ops ? rec->ops_col : (unsigned)len + 1;
    /* (Some GUIs and suites leave the full-move number out; python-chess,
     * chessops and Stockfish then take 1, and so does lenient reading.) */
    if (n == 3)
        fen_report_add(rep, FEN_MISSING_FIELD, end_col, "missing field 4 (%s)", names[3]);
    else if (n < 3)
        fen_report_add(rep, FEN_MISSING_FIELD, end_col, "missing fields %d to 4 (%s to %s)", n + 1,
                       names[n], names[3]);
    else if (n == 5 && opt->strict)
        fen_report_add(rep, FEN_MISSING_FIELD, end_col, "missing field 6 (%s) (strict)", names[5]);
    else if (n == 4 && opt->strict)
        fen_report_add(rep, FEN_MISSING_COUNTERS, end_col,
                       "missing half-move clock and full-move number (strict)");
    else if (n > 6)
        fen_report_add(rep, FEN_EXTRA_FIELD, f[6].col, "extra field after the full-move number");
    if (rec->ops) {
        check_ops(rec->ops, rec->ops_len, rec->ops_col, rep);
        if (n == 4)
            epd_counters(rec, rep);
    }

    resolve_castling(opt, rec);
    if ((ok & FEN_FIELD_SIDE) && rec->ep_raw != SQUARE_NONE)
        set_ep_square(rec);
    p->key ^= position_zobrist_castling[p->castling];
    if (p->ep_square != SQUARE_NONE)
        p->key ^= position_zobrist_ep_file[square_file(p->ep_square)];
    if (p->side == BLACK)
        p->key ^= position_zobrist_side;
    if (opt->variant != VARIANT_CHESS) {
        /* The variant's own state (pockets, promoted pieces, checks) is
         * hashed too: computed afresh, variant records being few. */
        p->variant = opt->variant < VARIANT_NB ? opt->variant : VARIANT_CHESS;
        p->key = position_compute_key(p);
    }
    return rep->count + rep->dropped == before;
}

/* Is this a problem of reachability only, one that leaves the rules of
 * play well defined?  Those are the problems fen_options.playable waives. */
static bool unreachable_only(enum fen_code code)
{
    _Static_assert(FEN_CODE_NB <= 64, "a code is a bit of a 64-bit set");
    const uint64_t waived = 1ull << FEN_IMPOSSIBLE_CHECK | 1ull << FEN_IMPOSSIBLE_MATERIAL |
                            1ull << FEN_TOO_MANY_PAWNS | 1ull << FEN_TOO_MANY_PIECES |
                            1ull << FEN_HALFMOVE_EP | 1ull << FEN_VARIANT_OVER;
    return waived >> code & 1;
}

bool fen_read(const char *s, size_t len, const struct fen_options *opt, struct fen_record *rec,
              struct fen_report *rep)
{
    bool parsed = fen_parse(s, len, opt, rec, rep);
    int before = rep->count;
    bool valid = fen_validate(rec, rep);
    if (!valid && opt->playable && !rep->dropped) {
        /* Drop the waived problems; what remains decides. */
        int kept = before;
        for (int i = before; i < rep->count; i++)
            if (!unreachable_only(rep->problems[i].code))
                rep->problems[kept++] = rep->problems[i];
        valid = kept == before && rep->count > before;
        rep->count = kept;
    }
    return parsed && valid;
}

/* Is there a legal en-passant capture?  Only then is the square part of the
 * position (FIDE Art. 9.2.2) and written. */
static bool ep_capture_exists(const struct position *p)
{
    if (p->ep_square == SQUARE_NONE)
        return false;
    if (p->variant == VARIANT_CHESS)
        return en_passant_square(p, p->ep_square, (enum color)p->side, EN_PASSANT_LEGAL) !=
               SQUARE_NONE;
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++)
        if (move_kind(l.moves[i]) == MOVE_EN_PASSANT)
            return true;
    return false;
}

/* Decimal digits of v at out; returns their number. */
static size_t put_uint(char *out, unsigned v)
{
    size_t n = v >= 10 ? put_uint(out, v / 10) : 0;
    out[n] = (char)('0' + v % 10);
    return n + 1;
}

static const char letters[] = " PNBRQK  pnbrqk ";

/* The board field of p as fen_format writes it, at tmp; returns its length. */
static size_t format_board(const struct position *p, char *tmp)
{
    size_t n = 0;
    /* Rank by rank over the occupied squares only (a gap is one digit). */
    bitboard occ = position_occupied(p), promoted = p->promoted;
    const uint8_t *board = p->board;
    for (int rank = 7; rank >= 0; rank--) {
        unsigned row = (unsigned)(occ >> (8 * rank)) & 0xffu;
        int file = 0;
        while (row) {
            int f = __builtin_ctz(row);
            row &= row - 1;
            if (f > file)
                tmp[n++] = (char)('0' + (f - file));
            int sq = square_make(f, rank);
            tmp[n++] = letters[board[sq] & 15];
            if (promoted && bb_test(promoted, sq))
                tmp[n++] = '~';
            file = f + 1;
        }
        if (file < 8)
            tmp[n++] = (char)('0' + (8 - file));
        if (rank)
            tmp[n++] = '/';
    }
    return n;
}

/* fen_format with the board field given: board_len bytes of board_text,
 * or (board_text NULL) built from p. */
static size_t format_fen(const struct position *p, const char *board_text, size_t board_len,
                         bool counters, char *buf, size_t size)
{
    char tmp[FEN_MAX];
    size_t n;
    if (board_text && board_len < FEN_MAX - 64) {
        memcpy(tmp, board_text, board_len);
        n = board_len;
    } else {
        n = format_board(p, tmp);
    }
    if (variant_rules((enum variant)p->variant)->drops) {
        static const enum piece_type order[5] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
        tmp[n++] = '[';
        for (int c = WHITE; c <= BLACK; c++)
            for (int k = 0; k < 5; k++)
                for (int i = 0; i < p->pocket[c][order[k]] && n < FEN_MAX - 40; i++)
                    tmp[n++] = letters[piece_make((enum color)c, order[k])];
        tmp[n++] = ']';
    }
    tmp[n++] = ' ';
    tmp[n++] = p->side == WHITE ? 'w' : 'b';
    tmp[n++] = ' ';
    if (!(p->castling & CASTLE_ALL))
        tmp[n++] = '-';
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1 << i)))
            continue;
        char c = p->chess960 && p->castle_rook[i] < SQUARE_NB
                     ? (char)('A' + square_file(p->castle_rook[i]))
                     : "KQ"[i & 1];
        tmp[n++] = i >= 2 ? (char)(c | 0x20) : c;
    }
    tmp[n++] = ' ';
    if (ep_capture_exists(p)) {
        square_format(p->ep_square, tmp + n);
        n += 2;
    } else {
        tmp[n++] = '-';
    }
    if (variant_rules((enum variant)p->variant)->three_checks) {
        tmp[n++] = ' ';
        tmp[n++] = (char)('0' + 3 - p->checks_given[WHITE]);
        tmp[n++] = '+';
        tmp[n++] = (char)('0' + 3 - p->checks_given[BLACK]);
    }
    if (counters) {
        tmp[n++] = ' ';
        n += put_uint(tmp + n, p->halfmove);
        tmp[n++] = ' ';
        n += put_uint(tmp + n, p->fullmove);
    }
    if (size) {
        size_t c = n < size ? n : size - 1;
        memcpy(buf, tmp, c);
        buf[c] = '\0';
    }
    return n;
}

size_t fen_format(const struct position *p, char *buf, size_t size)
{
    return format_fen(p, NULL, 0, true, buf, size);
}

size_t fen_format_record(const struct fen_record *rec, char *buf, size_t size)
{
    bool epd = rec->fields == 4 && rec->ops;
    return format_fen(&rec->pos, rec->board_canonical ? rec->board : NULL, rec->board_len, !epd,
                      buf, size);
}

bool fen_epd_find(const char *ops, size_t ops_len, const char *opcode, const char **arg,
                  size_t *arg_len)
{
    size_t olen = strlen(opcode), i = 0, b, len;
    while (next_op(ops, ops_len, &i, &b, &len)) {
        if (len != olen || memcmp(ops + b, opcode, olen) != 0)
            continue;
        size_t ab = b + len, ae = i;
        while (ab < ae && is_blank(ops[ab]))
            ab++;
        while (ae > ab && is_blank(ops[ae - 1]))
            ae--;
        *arg = ops + ab;
        *arg_len = ae - ab;
        return true;
    }
    return false;
}
