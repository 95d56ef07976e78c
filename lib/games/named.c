/* The Dagaz named-rule notation (named.h): writing and reading one record,
 * its rule names from formats/named-vocabularies.tsv. */
#include "named.h"

#include "named_vocabularies.h" /* generated from formats/named-vocabularies.tsv */

#include "pgn.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(NAMED_RULE_PROMOTE_KING - NAMED_RULE_PROMOTE_KNIGHT == KING - KNIGHT,
               "the promote-* rows follow the piece types, knight to king");
_Static_assert(NAMED_RULE_KING - NAMED_RULE_KNIGHT == KING - KNIGHT,
               "the knight to king rows follow the piece types");
_Static_assert((int)NAMED_GEN_VOCABULARIES == (int)NAMED_VOCABULARY_NB,
               "formats/named-vocabularies.tsv must have one column per enum named_vocabulary");

/* The directions in the order of the dir-* rows: clockwise from n. */
enum { DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW, DIR_NB };

/* Words of the longest record ("N. FROM SEP TO RULE P1 P2 = PIECE
 * explode"), and one more to detect excess. */
enum { MAX_WORDS = 11 };

const char *const *named_vocabulary_names(void)
{
    return named_gen_vocabulary_names;
}

const char *named_rule_name(enum named_vocabulary v, const char *key)
{
    if ((unsigned)v >= NAMED_VOCABULARY_NB)
        return NULL;
    for (int r = 0; r < NAMED_RULE_NB; r++)
        if (strcmp(key, named_gen_rule_keys[r]) == 0)
            return named_gen_rule_names[v][r];
    return NULL;
}

const char *named_error_message(enum named_error e)
{
    static const char *const messages[] = {
        [NAMED_OK] = "ok",
        [NAMED_E_SYNTAX] =
            "not a ply of the named notation (N. FROM SEP TO RULE [PARAMS] [= PIECE])",
        [NAMED_E_NUMBER] = "the move number is not the position's",
        [NAMED_E_NO_MOVE] = "no legal move goes from FROM to TO",
        [NAMED_E_RULE] = "the move generator names this move differently",
        [NAMED_E_PASS_IN_CHECK] = "a side in check cannot pass",
    };
    return (unsigned)e < sizeof messages / sizeof messages[0] ? messages[e] : "unknown error";
}

/* Directions are seen from the side that moves (the notation's rule): for
 * Black the board is turned round, so north points to rank 1 while east and
 * west stay.  df and dr are the signs of the file and rank steps. */
static int direction(enum color side, int df, int dr)
{
    static const int table[3][3] = {
        /* dr = -1      0       +1 */
        {DIR_SW, DIR_W, DIR_NW}, /* df = -1 */
        {DIR_S, DIR_NB, DIR_N},  /* df = 0 */
        {DIR_SE, DIR_E, DIR_NE}, /* df = +1 */
    };
    if (side == BLACK)
        dr = -dr;
    return table[df + 1][dr + 1];
}

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

/* Append a word of the vocabulary at q, in a buffer of NAMED_MAX bytes: its
 * 16-byte cell is copied whole (faster), the bytes past the name later
 * overwritten or past the text. */
static char *put_rule(char *q, enum named_vocabulary v, int rule)
{
    memcpy(q, named_gen_rule_names[v][rule], 16);
    return q + named_gen_rule_lens[v][rule];
}

static char *put_direction(char *q, enum named_vocabulary v, int dir)
{
    *q++ = ' ';
    return put_rule(q, v, NAMED_RULE_DIR_N + dir);
}

static char *put_square(char *q, int sq)
{
    square_put(sq, q);
    return q + 2;
}

/* "N. ": every ply carries the full-move number, so that every line of a
 * record stands on its own. */
static char *put_number(char *q, unsigned long n)
{
    q += pgn_move_number(n, false, q, PGN_MOVE_NUMBER_MAX);
    *q++ = ' ';
    return q;
}

/* The rule words after "FROM SEP TO " of a move that is no drop and no
 * castling: pawn push, pawn capture (ne/nw), en passant (e/w: the captured
 * pawn's side), leap2 (the orthogonal step of the knight's two-square leg,
 * then the diagonal step), slide, step.  Of the file and rank steps df and
 * dr only the signs matter, and for a knight which of them is 2.  Returns
 * the end. */
static char *put_rule_words(char *q, enum named_vocabulary v, enum color side, enum piece_type pt,
                            bool en_passant, int df, int dr)
{
    int rule = NAMED_RULE_KNIGHT + (pt - KNIGHT);
    if (pt == PAWN)
        rule = en_passant ? NAMED_RULE_EN_PASSANT
               : df       ? NAMED_RULE_PAWN_CAPTURE
                          : NAMED_RULE_PAWN_MOVE;
    q = put_rule(q, v, rule);
    if (pt == PAWN && df == 0)
        return q;
    if (pt == KNIGHT)
        q = put_direction(q, v,
                          dr == 2 || dr == -2 ? direction(side, 0, sign(dr))
                                              : direction(side, sign(df), 0));
    return put_direction(q, v, direction(side, sign(df), en_passant ? 0 : sign(dr)));
}

/* The record of m after the number: put_rule_words, castling by the
 * king's squares, a drop, a promotion's piece, atomic's explosion. */
static char *put_move(char *q, const struct position *p, move m, enum named_vocabulary v)
{
    enum color side = (enum color)p->side;
    int from = move_from(m), to = move_to(m);
    enum piece_type pt = piece_type(p->board[from]);

    if (move_is_drop(m)) {
        /* Dagaz's drop: no start square, the target, the rule, its piece. */
        memcpy(q, "@ ", 2);
        q = put_square(q + 2, to);
        *q++ = ' ';
        q = put_rule(q, v, NAMED_RULE_DROP);
        *q++ = ' ';
        enum piece_type dp = move_drop_piece(m);
        return put_rule(
            q, v, dp == PAWN ? NAMED_RULE_PIECE_PAWN : NAMED_RULE_PROMOTE_KNIGHT + (dp - KNIGHT));
    }
    if (move_kind(m) == MOVE_CASTLE) {
        /* FROM and TO are the king's squares, even when they coincide (Chess960). */
        q = put_square(q, from);
        memcpy(q, " - ", 3);
        q = put_square(q + 3, move_castle_king_to(from, to));
        *q++ = ' ';
        return put_rule(q, v, to > from ? NAMED_RULE_CASTLE_KING : NAMED_RULE_CASTLE_QUEEN);
    }
    int df = square_file(to) - square_file(from), dr = square_rank(to) - square_rank(from);
    q = put_square(q, from);
    memcpy(q, move_is_capture(p, m) ? " x " : " - ", 3);
    q = put_square(q + 3, to);
    *q++ = ' ';
    q = put_rule_words(q, v, side, pt, move_kind(m) == MOVE_EN_PASSANT, df, dr);
    if (move_is_promotion(m)) {
        memcpy(q, " = ", 3);
        q = put_rule(q + 3, v, NAMED_RULE_PROMOTE_KNIGHT + (move_promotion(m) - KNIGHT));
    }
    /* Atomic: every capture explodes (variant.h), and its record says so. */
    if (p->variant != VARIANT_CHESS && variant_rules((enum variant)p->variant)->explosions &&
        move_is_capture(p, m)) {
        *q++ = ' ';
        q = put_rule(q, v, NAMED_RULE_EXPLOSION);
    }
    return q;
}

/* Hand a text built in a NAMED_MAX scratch buffer over with snprintf's
 * contract; when the caller's buffer is large enough it was built there. */
static size_t finish(char *buf, size_t size, const char *text, size_t len)
{
    if (size >= NAMED_MAX)
        buf[len] = '\0';
    else if (size) {
        size_t n = len < size - 1 ? len : size - 1;
        memmove(buf, text, n);
        buf[n] = '\0';
    }
    return len;
}

/* The general path of the formatters: the number when numbered, then the
 * move m, or the pass rule for MOVE_NONE.  An unknown vocabulary is
 * Dagaz's.  (Out of line: the fast path then needs no stack frame.) */
__attribute__((noinline)) static size_t format_general(const struct position *p, move m,
                                                       enum named_vocabulary v, bool numbered,
                                                       char *buf, size_t size)
{
    char scratch[NAMED_MAX];
    char *q = size >= NAMED_MAX ? buf : scratch;
    if ((unsigned)v >= NAMED_VOCABULARY_NB)
        v = NAMED_DAGAZ;
    char *e = numbered ? put_number(q, p->fullmove) : q;
    e = m == MOVE_NONE ? put_rule(e, v, NAMED_RULE_PASS) : put_move(e, p, m, v);
    return finish(buf, size, q, (size_t)(e - q));
}

/* The fast path.  The rule words of an ordinary move (no drop, castling, en
 * passant, promotion, nor a variant's capture) depend only on the
 * vocabulary, the piece and the shape of its steps as the mover sees them.
 * Each phrase is written before main, by put_rule_words, into a cell with
 * its length in the last byte: a ply is its number, two squares, a
 * separator and one copy of a whole cell. */
enum { PHRASE_TYPES = 8, PHRASE_SHAPES = 18, PHRASE_CELL = 64 };
enum { NUMBER_FAST = 1000, NUMBER_CELL = 8 };

/* The longest phrase (a rule and two directions of at most 16 bytes, with
 * spaces) and the longest number fit their cells beside the length byte. */
_Static_assert(3 * (sizeof named_gen_rule_names[0][0] - 1) + 3 <= PHRASE_CELL - 1,
               "every phrase fits a cell");
_Static_assert(sizeof "999. " - 1 <= NUMBER_CELL - 1, "every number fits a cell");
/* The cell copies into a caller's NAMED_MAX bytes stay inside them. */
_Static_assert(sizeof "999. e2 x e4" - 1 + PHRASE_CELL <= NAMED_MAX,
               "the cell copies stay within NAMED_MAX");

/* Shape of the steps (df, dr), the rank step as the mover sees it:
 * 3 * (sign(df) + 1) + sign(dr) + 1, plus 9 when dr is 2 or -2. */
static int shape_of(int df, int dr)
{
    return 3 * (sign(df) + 1) + sign(dr) + 1 + (dr == 2 || dr == -2 ? 9 : 0);
}

/* A square as rank * 16 + file (the 0x88 board): the difference of two
 * such squares, plus STEP_ZERO, tells the file and rank steps apart in
 * 0..238. */
static size_t square_88(size_t sq)
{
    return sq + (sq & 56);
}
enum { STEP_ZERO = 119, STEP_NB = 256 };

/* The fast path's tables (one object: one base address serves them all):
 * "N. " below NUMBER_FAST; the separator by the target square's piece;
 * each piece and 0x88 step's phrase cell; the phrases by piece type and
 * shape, and vocabulary. */
static struct {
    char numbers[NUMBER_FAST][NUMBER_CELL];
    char separators[PIECE_NB][4];
    unsigned char cell[PIECE_NB][STEP_NB];
    char phrases[PHRASE_TYPES * PHRASE_SHAPES][NAMED_VOCABULARY_NB][PHRASE_CELL];
} fast;

/* Fill the tables with the general path's own writers, so that the two
 * cannot disagree; the cells of no legal move stay empty.  The writers
 * read only constant data: the order of constructors does not matter. */
__attribute__((constructor)) static void named_init_fast(void)
{
    char text[NAMED_MAX];
    for (int n = 0; n < NUMBER_FAST; n++) {
        size_t len = (size_t)(put_number(text, (unsigned long)n) - text);
        memcpy(fast.numbers[n], text, len);
        fast.numbers[n][NUMBER_CELL - 1] = (char)len;
    }
    for (int pc = 0; pc < PIECE_NB; pc++)
        memcpy(fast.separators[pc], pc == NO_PIECE ? " - " : " x ", 4);
    for (int pc = 0; pc < PIECE_NB; pc++)
        for (int dr = -7; dr <= 7; dr++)
            for (int df = -7; df <= 7; df++) {
                int mover_dr = piece_color(pc) == BLACK ? -dr : dr;
                fast.cell[pc][STEP_ZERO + 16 * dr + df] =
                    (unsigned char)(piece_type(pc) * PHRASE_SHAPES + shape_of(df, mover_dr));
            }
    for (int pt = PAWN; pt <= KING; pt++)
        for (int v = 0; v < NAMED_VOCABULARY_NB; v++)
            for (int sdf = -1; sdf <= 1; sdf++)
                for (int sdr = -1; sdr <= 1; sdr++)
                    for (int leg = 1; leg <= 2; leg++) {
                        int df = sdf, dr = leg * sdr;
                        if ((df == 0 && dr == 0) || (leg == 2 && dr == 0) ||
                            (pt == KNIGHT && (df == 0 || dr == 0)))
                            continue;
                        /* White's steps: Black's arrive turned in fast.cell. */
                        text[0] = ' ';
                        size_t len =
                            (size_t)(put_rule_words(text + 1, (enum named_vocabulary)v, WHITE,
                                                    (enum piece_type)pt, false, df, dr) -
                                     text);
                        char *cell = fast.phrases[pt * PHRASE_SHAPES + shape_of(df, dr)][v];
                        memcpy(cell, text, len);
                        cell[PHRASE_CELL - 1] = (char)len;
                    }
}

/* Does the fast path write m?  An ordinary move (m is 1 to 0x1fff: kind
 * MOVE_NORMAL or MOVE_DOUBLE_PUSH, not MOVE_NONE) that is no capture of a
 * variant (atomic's explosion is the general path's). */
static inline bool fast_path_writes(const struct position *p, move m)
{
    return (unsigned)m - 1 < (MOVE_DOUBLE_PUSH + 1) << 12 &&
           (p->variant == VARIANT_CHESS || p->board[move_to(m)] == NO_PIECE);
}

/* An ordinary move at q, in a buffer buf of NAMED_MAX bytes at least:
 * "FROM SEP TO", then the phrase; returns the length from buf. */
static inline size_t format_fast(const struct position *p, unsigned m, enum named_vocabulary v,
                                 char *q, const char *buf)
{
    size_t from = m & 63, to = m >> 6 & 63;
    size_t cell = fast.cell[p->board[from]][STEP_ZERO + square_88(to) - square_88(from)];
    const char *phrase = fast.phrases[cell][v];
    size_t len = 7 + (unsigned char)phrase[PHRASE_CELL - 1]; /* (read before the copy) */
    memcpy(q, square_names + 2 * from, 2);
    memcpy(q + 2, fast.separators[p->board[to]], 4); /* (its NUL overwritten by TO) */
    memcpy(q + 5, square_names + 2 * to, 2);
    memcpy(q + 7, phrase, PHRASE_CELL);
    q += len;
    *q = '\0';
    return (size_t)(q - buf);
}

/* The fast path when the caller's buffer takes its fixed-size copies. */
static inline bool fast_takes(const struct position *p, move m, enum named_vocabulary v,
                              size_t size)
{
    return (unsigned)v < NAMED_VOCABULARY_NB && size >= NAMED_MAX && fast_path_writes(p, m);
}

size_t named_format(const struct position *p, move m, enum named_vocabulary v, char *buf,
                    size_t size)
{
    if (fast_takes(p, m, v, size))
        return format_fast(p, m, v, buf, buf);
    return format_general(p, m, v, false, buf, size);
}

size_t named_format_ply(const struct position *p, move m, enum named_vocabulary v, char *buf,
                        size_t size)
{
    if (p->fullmove < NUMBER_FAST && fast_takes(p, m, v, size)) {
        const char *number = fast.numbers[p->fullmove];
        memcpy(buf, number, NUMBER_CELL);
        return format_fast(p, m, v, buf + (unsigned char)number[NUMBER_CELL - 1], buf);
    }
    return format_general(p, m, v, true, buf, size);
}

size_t named_format_ply_general(const struct position *p, move m, enum named_vocabulary v,
                                char *buf, size_t size)
{
    return format_general(p, m, v, true, buf, size);
}

size_t named_format_pass(const struct position *p, enum named_vocabulary v, char *buf, size_t size)
{
    return format_general(p, MOVE_NONE, v, true, buf, size);
}

struct word {
    const char *s;
    size_t len;
};

/* Split on spaces and tabs: the number of words, -1 when more than max. */
static int split_words(const char *s, size_t len, struct word *w, int max)
{
    int n = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i == len)
            break;
        size_t start = i;
        while (i < len && s[i] != ' ' && s[i] != '\t')
            i++;
        if (n == max)
            return -1;
        w[n++] = (struct word){s + start, i - start};
    }
    return n;
}

static bool word_is(const struct word *w, const char *text)
{
    size_t n = strlen(text);
    return w->len == n && memcmp(w->s, text, n) == 0;
}

/* The last of the n rules from `first` whose name in some vocabulary the
 * word is, as its offset from first; -1 for none. */
static int word_rule(const struct word *w, int first, int n)
{
    for (int r = first + n - 1; r >= first; r--)
        for (int v = 0; v < NAMED_VOCABULARY_NB; v++)
            if (word_is(w, named_gen_rule_names[v][r]))
                return r - first;
    return -1;
}

/* The move number: digits and a '.', or "..." as Black's plies are
 * numbered in PGN (accepted, the notation writes "."). */
static bool scan_number(const struct word *w, unsigned long *out)
{
    size_t i = 0;
    unsigned long n = 0;
    while (i < w->len && w->s[i] >= '0' && w->s[i] <= '9') {
        if (n > 100000000UL)
            return false;
        n = n * 10 + (unsigned long)(w->s[i] - '0');
        i++;
    }
    if (i == 0 || i == w->len)
        return false;
    size_t dots = w->len - i;
    if (!(dots == 1 || dots == 3) || memcmp(w->s + i, "...", dots) != 0)
        return false;
    *out = n;
    return true;
}

/* The shape of a ply from its n words (-1: too many); the words beyond TO
 * are checked against the generator's text later: only their count and
 * the place of "=" matter here. */
static enum named_error scan_words(const struct word *w, int n, struct named_ply *out)
{
    memset(out, 0, sizeof *out);
    out->from = out->to = SQUARE_NONE;
    if (n < 2 || !scan_number(&w[0], &out->number))
        return NAMED_E_SYNTAX;
    if (n == 2 && word_rule(&w[1], NAMED_RULE_PASS, 1) == 0) {
        out->pass = true;
        return NAMED_OK;
    }
    if (n == 5 && word_is(&w[1], "@")) {
        /* a drop: "N. @ TO drop PIECE"; FROM is TO, as the move is encoded */
        out->from = out->to = w[2].len == 2 ? square_parse(w[2].s, 2) : SQUARE_NONE;
        out->sep = '@';
        int k = word_rule(&w[4], NAMED_RULE_PROMOTE_KNIGHT, 4);
        if (k >= 0)
            out->drop = KNIGHT + k;
        else if (word_rule(&w[4], NAMED_RULE_PIECE_PAWN, 1) == 0)
            out->drop = PAWN;
        if (out->to == SQUARE_NONE || word_rule(&w[3], NAMED_RULE_DROP, 1) != 0 || !out->drop)
            return NAMED_E_SYNTAX;
        return NAMED_OK;
    }
    if (n >= 6 && word_rule(&w[n - 1], NAMED_RULE_EXPLOSION, 1) == 0)
        n--; /* atomic's explosion word, checked with the rest against the generator */
    if (n < 5 || w[1].len != 2 || w[3].len != 2 || w[2].len != 1)
        return NAMED_E_SYNTAX;
    out->from = square_parse(w[1].s, 2);
    out->to = square_parse(w[3].s, 2);
    out->sep = w[2].s[0];
    if (out->from == SQUARE_NONE || out->to == SQUARE_NONE || (out->sep != '-' && out->sep != 'x'))
        return NAMED_E_SYNTAX;
    int params = n - 5;
    if (n >= 7 && word_is(&w[n - 2], "=")) {
        params -= 2;
        int k = word_rule(&w[n - 1], NAMED_RULE_PROMOTE_KNIGHT, 5);
        out->promotion = k >= 0 ? KNIGHT + k : NO_PIECE_TYPE;
    }
    if (params < 0 || params > 2)
        return NAMED_E_SYNTAX;
    for (int i = 5; i < 5 + params; i++)
        if (word_rule(&w[i], NAMED_RULE_DIR_N, DIR_NB) < 0)
            return NAMED_E_SYNTAX;
    return NAMED_OK;
}

enum named_error named_scan(const char *s, size_t len, struct named_ply *out)
{
    struct word w[MAX_WORDS];
    return scan_words(w, split_words(s, len, w, MAX_WORDS), out);
}

/* The record's words after the number, joined by single spaces: the form
 * named_format writes, so that a record is checked by comparing texts.
 * False when they do not fit in buf (NAMED_MAX bytes). */
static bool join_words(const struct word *w, int n, char *buf)
{
    size_t len = 0;
    for (int i = 1; i < n; i++) {
        if (len + (i > 1) + w[i].len >= NAMED_MAX)
            return false;
        if (i > 1)
            buf[len++] = ' ';
        memcpy(buf + len, w[i].s, w[i].len);
        len += w[i].len;
    }
    buf[len] = '\0';
    return true;
}

/* Does legal move m go from `from` to the record's TO?  A castling move
 * is recorded with the king's target square, not the rook's. */
static bool move_reaches(move m, int from, int to)
{
    if (move_from(m) != from)
        return false;
    if (move_kind(m) == MOVE_CASTLE)
        return move_castle_king_to(from, move_to(m)) == to;
    return move_to(m) == to;
}

/* Do both records name the same promotion piece? */
static bool same_promotion(const char *a, const char *b)
{
    const char *pa = strstr(a, " = "), *pb = strstr(b, " = ");
    return pa && pb && strcmp(pa, pb) == 0;
}

/* A record is valid when it is, up to spacing, exactly the text the
 * formatter gives for one legal move (the notation's rule). */
enum named_error named_parse(const struct position *p, const char *s, size_t len,
                             enum named_vocabulary v, move *out, char *expected)
{
    struct word w[MAX_WORDS] = {{0}}; /* (a profile-guided build's inlining warned of w) */
    struct named_ply ply;
    *out = MOVE_NONE;
    if (expected)
        expected[0] = '\0';
    int n = split_words(s, len, w, MAX_WORDS);
    enum named_error e = scan_words(w, n, &ply);
    if (e != NAMED_OK)
        return e;
    if (ply.number != p->fullmove)
        return NAMED_E_NUMBER;
    if (ply.pass)
        return position_in_check(p) ? NAMED_E_PASS_IN_CHECK : NAMED_OK;

    char record[NAMED_MAX], text[NAMED_MAX];
    if (!join_words(w, n, record))
        return NAMED_E_SYNTAX;
    struct movelist l;
    movegen_legal(p, &l);
    /* what NAMED_E_RULE shows: the first move from FROM to TO, or the
     * promotion the record asks for */
    enum named_vocabulary shown = v == NAMED_ANY ? NAMED_DAGAZ : v;
    move first = MOVE_NONE;
    for (int i = 0; i < l.count; i++) {
        move m = l.moves[i];
        if (!move_reaches(m, ply.from, ply.to))
            continue;
        for (int k = 0; k < NAMED_VOCABULARY_NB; k++) {
            if (v != NAMED_ANY && k != (int)v)
                continue;
            named_format(p, m, (enum named_vocabulary)k, text, sizeof text);
            if (strcmp(text, record) == 0) {
                *out = m;
                return NAMED_OK;
            }
            if (k == (int)shown && (first == MOVE_NONE || same_promotion(text, record)))
                first = m;
        }
    }
    if (first == MOVE_NONE)
        return NAMED_E_NO_MOVE;
    if (expected)
        named_format_ply(p, first, shown, expected, NAMED_MAX);
    return NAMED_E_RULE;
}
