/* Why a move is illegal (explain.h): one reason per rule, from the
 * functions that decide the rules; explain_reach, a lone piece's squares. */
#include "explain.h"

#include "rules/attacks.h"
#include "rules/castling.h"
#include "rules/makemove.h"
#include "san.h"
#include "uci.h"
#include "rules/variant.h"

#include <string.h>

/* Each reason's stable name and message: {from}, {to} and {at} are squares,
 * {piece} the mover's type, {other} another type, {color} the colour of the
 * piece concerned, {side} the side to move, {text} the text or candidates. */
static const struct {
    const char *name;
    const char *text;
} reasons[EXPLAIN_REASON_NB] = {
    [EXPLAIN_LEGAL] = {"legal", "legal"},
    [EXPLAIN_SYNTAX] = {"syntax", "'{text}' is not a move in SAN, long algebraic or UCI notation"},
    [EXPLAIN_AMBIGUOUS] = {"ambiguous", "ambiguous: {text} match"},
    [EXPLAIN_NO_CANDIDATE] = {"no-candidate", "no {piece} can move to {to}"},
    [EXPLAIN_NO_PIECE] = {"no-piece", "no piece on {from}"},
    [EXPLAIN_WRONG_SIDE] = {"wrong-side", "the piece on {from} is {color} and {side} is to move"},
    [EXPLAIN_WRONG_PIECE] = {"wrong-piece", "the piece on {from} is a {other}, not a {piece}"},
    [EXPLAIN_SAME_SQUARE] = {"same-square",
                             "a move must change square: from and to are both {from}"},
    [EXPLAIN_OWN_PIECE] =
        {"own-piece",
         "a piece cannot capture a piece of its own colour: {to} holds a {color} {other}"},
    [EXPLAIN_GEOMETRY] = {"geometry", "a {piece} cannot move from {from} to {to}"},
    [EXPLAIN_PATH_BLOCKED] = {"path-blocked", "the path from {from} to {to} is blocked at {at}"},
    [EXPLAIN_PAWN_DOUBLE_STEP] =
        {"pawn-double-step",
         "a pawn advances two squares only from its starting rank, and {from} is not on it"},
    [EXPLAIN_PAWN_BLOCKED] = {"pawn-blocked",
                              "a pawn cannot capture straight ahead: {to} is occupied"},
    [EXPLAIN_PAWN_NO_CAPTURE] = {"pawn-no-capture",
                                 "a pawn moves diagonally only to capture, and {to} is empty"},
    [EXPLAIN_NO_EN_PASSANT] = {"no-en-passant", "no en-passant capture is possible on {to}"},
    [EXPLAIN_KING_CAPTURE] = {"king-capture", "the king on {to} cannot be captured"},
    [EXPLAIN_MUST_PROMOTE] = {"must-promote", "a pawn reaching the last rank must promote"},
    [EXPLAIN_CANNOT_PROMOTE] = {"cannot-promote", "only a pawn reaching the last rank can promote"},
    [EXPLAIN_PROMOTION_PIECE] = {"promotion-piece",
                                 "a pawn promotes to a queen, rook, bishop or knight"},
    [EXPLAIN_LEAVES_KING_IN_CHECK] = {"leaves-king-in-check", "the move leaves the king in check"},
    [EXPLAIN_CASTLE_NO_RIGHTS] = {"castle-no-rights", "castling not allowed: no castling rights"},
    [EXPLAIN_CASTLE_IN_CHECK] = {"castle-in-check", "castling not allowed: king is in check"},
    [EXPLAIN_CASTLE_PATH] = {"castle-path", "castling not allowed: path not clear"},
    [EXPLAIN_CASTLE_ATTACKED] =
        {"castle-attacked",
         "castling not allowed: king passes through or lands on an attacked square"},
    [EXPLAIN_GAME_OVER] = {"game-over", "the game is over: {text}"},
    [EXPLAIN_MUST_CAPTURE] = {"must-capture", "captures are compulsory in {text}"},
    [EXPLAIN_GIVES_CHECK] = {"gives-check", "the move would give check in racing kings"},
    [EXPLAIN_ATOMIC_KING_CAPTURE] = {"atomic-king-capture",
                                     "a king cannot capture in atomic: it would explode"},
    [EXPLAIN_OWN_KING_EXPLODES] = {"own-king-explodes",
                                   "the explosion on {to} would destroy the {color} king"},
    [EXPLAIN_NO_DROPS] = {"no-drops", "pieces are dropped only in crazyhouse"},
    [EXPLAIN_DROP_NO_PIECE] = {"drop-no-piece", "no {piece} in the {color} pocket"},
    [EXPLAIN_DROP_OCCUPIED] = {"drop-occupied",
                               "a piece is dropped on an empty square, and {to} is occupied"},
    [EXPLAIN_DROP_PAWN_RANK] = {"drop-pawn-rank",
                                "a pawn cannot be dropped on the first or last rank"},
    [EXPLAIN_NO_CASTLING] = {"no-castling", "castling not allowed: {text} has no castling"},
};

static const char *const piece_names[PIECE_TYPE_NB] = {"piece", "pawn",  "knight", "bishop",
                                                       "rook",  "queen", "king"};
static const char *const color_names[COLOR_NB] = {"white", "black"};

const char *explain_reason_name(enum explain_reason r)
{
    return (unsigned)r < EXPLAIN_REASON_NB ? reasons[r].name : "unknown";
}

const char *explain_reason_template(enum explain_reason r)
{
    return (unsigned)r < EXPLAIN_REASON_NB ? reasons[r].text : "unknown reason";
}

/* What fills the blanks of a message. */
struct detail {
    int from, to, at;
    enum piece_type piece, other;
    enum color color, side;
    const char *text;
    size_t text_len;
};

/* A bounded writer: like snprintf, it counts past the end of buf. */
struct out {
    char *buf;
    size_t size, n;
};

static void put(struct out *o, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++, o->n++)
        if (o->n + 1 < o->size)
            o->buf[o->n] = s[i];
}

static void put_square(struct out *o, int sq)
{
    char name[3];
    square_format(sq, name);
    put(o, name, strlen(name));
}

/* Fill the blanks of the reason's message: every message is one template,
 * so tools and documentation cannot drift apart. */
static enum explain_reason finish(enum explain_reason r, const struct detail *d, char *msg,
                                  size_t size)
{
    struct out o = {msg, size, 0};
    const char *t = explain_reason_template(r);
    if (size == 0)
        return r; /* the caller wants the verdict only */
    while (*t) {
        const char *open = strchr(t, '{'), *close = open ? strchr(open, '}') : NULL;
        if (!close) {
            put(&o, t, strlen(t));
            break;
        }
        put(&o, t, (size_t)(open - t));
        t = open;
        size_t k = (size_t)(close - t - 1);
        const char *key = t + 1;
        const char *word = NULL;
        if (k == 4 && memcmp(key, "from", 4) == 0)
            put_square(&o, d->from);
        else if (k == 2 && memcmp(key, "to", 2) == 0)
            put_square(&o, d->to);
        else if (k == 2 && memcmp(key, "at", 2) == 0)
            put_square(&o, d->at);
        else if (k == 5 && memcmp(key, "piece", 5) == 0)
            word = piece_names[d->piece];
        else if (k == 5 && memcmp(key, "other", 5) == 0)
            word = piece_names[d->other];
        else if (k == 5 && memcmp(key, "color", 5) == 0)
            word = color_names[d->color];
        else if (k == 4 && memcmp(key, "side", 4) == 0)
            word = color_names[d->side];
        else if (k == 4 && memcmp(key, "text", 4) == 0)
            put(&o, d->text ? d->text : "", d->text ? d->text_len : 0);
        if (word)
            put(&o, word, strlen(word));
        t = close + 1;
    }
    msg[o.n < size ? o.n : size - 1] = '\0';
    return r;
}

/* The last word on a move every rule of its piece allows: does it leave
 * its king safe (FIDE Art. 3.9, movegen_king_safe)?  A castling of
 * standard chess has passed castling_rule, the whole of its rule. */
static enum explain_reason judge(const struct position *p, move m, struct detail *d, move *out,
                                 char *msg, size_t size)
{
    bool castled = move_kind(m) == MOVE_CASTLE && p->variant == VARIANT_CHESS;
    if (!castled && !movegen_king_safe(p, m)) {
        /* The variants' own reasons, in the order their rules apply; what
         * remains leaves the king attacked. */
        const struct variant_rules *r = variant_rules((enum variant)p->variant);
        struct variant_end end;
        if (variant_end(p, &end)) {
            d->text = variant_end_name(end.reason);
            d->text_len = strlen(d->text);
            return finish(EXPLAIN_GAME_OVER, d, msg, size);
        }
        if (r->must_capture && !move_is_capture(p, m)) {
            d->text = r->name;
            d->text_len = strlen(d->text);
            return finish(EXPLAIN_MUST_CAPTURE, d, msg, size);
        }
        struct position after = *p;
        makemove_play(&after, m);
        if (r->no_check && position_in_check(&after))
            return finish(EXPLAIN_GIVES_CHECK, d, msg, size);
        if (r->explosions && !position_pieces(&after, (enum color)p->side, KING)) {
            d->color = (enum color)p->side;
            return finish(EXPLAIN_OWN_KING_EXPLODES, d, msg, size);
        }
        return finish(EXPLAIN_LEAVES_KING_IN_CHECK, d, msg, size);
    }
    if (out)
        *out = m;
    return finish(EXPLAIN_LEGAL, d, msg, size);
}

/* FIDE Art. 3.8.2 (Chess960 included) by the generator's castling_rule,
 * which names the first rule broken.  A castling given as king takes rook
 * must name the right's rook.  The caller has set *out to MOVE_NONE. */
static enum explain_reason castle(const struct position *p, int queen_side, int rook_given,
                                  move *out, char *msg, size_t size)
{
    static const enum explain_reason reason[] = {
        [CASTLING_LEGAL] = EXPLAIN_LEGAL,
        [CASTLING_NO_RIGHTS] = EXPLAIN_CASTLE_NO_RIGHTS,
        [CASTLING_IN_CHECK] = EXPLAIN_CASTLE_IN_CHECK,
        [CASTLING_PATH] = EXPLAIN_CASTLE_PATH,
        [CASTLING_ATTACKED] = EXPLAIN_CASTLE_ATTACKED,
    };
    enum color us = (enum color)p->side;
    int idx = castle_index(us, queen_side);
    int ksq = position_king(p, us), rsq = p->castle_rook[idx];
    struct detail d = {ksq, rsq, SQUARE_NONE, KING, ROOK, us, us, NULL, 0};
    const struct variant_rules *r = variant_rules((enum variant)p->variant);
    if (!r->castling) {
        d.text = r->title;
        d.text_len = strlen(d.text);
        return finish(EXPLAIN_NO_CASTLING, &d, msg, size);
    }
    if (rook_given != SQUARE_NONE && rook_given != rsq)
        return finish(EXPLAIN_CASTLE_NO_RIGHTS, &d, msg, size);
    /* Giveaway castles through anything, atomic by its own notion of
     * attack: the generator's word (judge), beyond the path. */
    bool attacks = r->royal && !r->explosions;
    enum castling_reason why =
        castling_rule(p, idx, ksq, false, false, attacks ? castling_attacked_in_position : NULL, p);
    if (why != CASTLING_LEGAL)
        return finish(reason[why], &d, msg, size);
    return judge(p, move_make(ksq, rsq, MOVE_CASTLE), &d, out, msg, size);
}

/* FIDE Art. 3.2 to 3.7 on an empty board: the pieces' lines and leaps,
 * and a pawn's step forward, two squares from its starting rank (it has
 * nothing to capture). */
bitboard explain_reach(enum color c, enum piece_type pt, int sq)
{
    bitboard b;
    switch (pt) {
    case PAWN:
        b = c == WHITE ? bb_north(bb_square(sq)) : bb_south(bb_square(sq));
        if (square_relative_rank(sq, c) == 1)
            b |= c == WHITE ? bb_north(b) : bb_south(b);
        return b;
    case KNIGHT:
        return attacks_knight(sq);
    case BISHOP:
        return attacks_bishop(sq, 0);
    case ROOK:
        return attacks_rook(sq, 0);
    case QUEEN:
        return attacks_queen(sq, 0);
    case KING:
        return attacks_king(sq);
    default:
        return 0;
    }
}

/* A pawn's moves (FIDE Art. 3.7): one square ahead onto an empty square,
 * two from its starting rank, one diagonally forward to capture, en
 * passant right after an enemy double step.  EXPLAIN_LEGAL with *kind when
 * the move is one of these. */
static enum explain_reason pawn_rules(const struct position *p, int from, int to, struct detail *d,
                                      enum move_kind *kind)
{
    enum color us = (enum color)p->side;
    int dir = us == WHITE ? 8 : -8;
    int df = square_file(to) - square_file(from);
    int dr = (square_rank(to) - square_rank(from)) * (us == WHITE ? 1 : -1);
    int target = p->board[to];
    *kind = MOVE_NORMAL;
    if (df == 0 && dr == 1)
        return target ? EXPLAIN_PAWN_BLOCKED : EXPLAIN_LEGAL;
    if (df == 0 && dr == 2) {
        /* Horde: the side without a king double-steps from its first
         * rank too, leaving no en-passant square. */
        bool first = square_relative_rank(from, us) == 0 && p->variant == VARIANT_HORDE &&
                     !position_pieces(p, us, KING);
        if (square_relative_rank(from, us) != 1 && !first)
            return EXPLAIN_PAWN_DOUBLE_STEP;
        if (p->board[from + dir]) {
            d->at = from + dir;
            return EXPLAIN_PATH_BLOCKED;
        }
        *kind = first ? MOVE_NORMAL : MOVE_DOUBLE_PUSH;
        return target ? EXPLAIN_PAWN_BLOCKED : EXPLAIN_LEGAL;
    }
    if (bb_test(attacks_pawn(us, from), to)) {
        if (target)
            return EXPLAIN_LEGAL;
        int victim = to - dir;
        bool enemy_pawn_beside = p->board[victim] == piece_make((enum color) !us, PAWN);
        if (to == p->ep_square && enemy_pawn_beside) {
            *kind = MOVE_EN_PASSANT;
            return EXPLAIN_LEGAL;
        }
        if (to == p->ep_square || (square_relative_rank(to, us) == 5 && enemy_pawn_beside))
            return EXPLAIN_NO_EN_PASSANT;
        return EXPLAIN_PAWN_NO_CAPTURE;
    }
    return EXPLAIN_GEOMETRY;
}

/* The king's move of two or more squares along its first rank, or onto its
 * own rook, is castling (FIDE Art. 3.8.2; UCI writes it either way).
 * Returns the side (0 king side, 1 queen side) or -1. */
static int castle_side(const struct position *p, int from, int to)
{
    enum color us = (enum color)p->side;
    if (square_rank(from) != square_rank(to) || square_relative_rank(from, us) != 0)
        return -1;
    int df = square_file(to) - square_file(from);
    if (p->board[to] == piece_make(us, ROOK))
        return df < 0;
    if ((df >= 2 || df <= -2) && (square_file(to) == 2 || square_file(to) == 6))
        return df < 0;
    return -1;
}

enum explain_reason explain_move(const struct position *p, int from, int to,
                                 enum piece_type promotion, move *out, char *msg, size_t size)
{
    enum color us = (enum color)p->side;
    struct detail d = {from, to, SQUARE_NONE, NO_PIECE_TYPE, NO_PIECE_TYPE, us, us, NULL, 0};
    if (out)
        *out = MOVE_NONE;
    if ((unsigned)from >= SQUARE_NB || (unsigned)to >= SQUARE_NB) {
        d.text = "?";
        d.text_len = 1;
        return finish(EXPLAIN_SYNTAX, &d, msg, size);
    }
    if (from == to)
        return finish(EXPLAIN_SAME_SQUARE, &d, msg, size);
    int pc = p->board[from];
    if (pc == NO_PIECE)
        return finish(EXPLAIN_NO_PIECE, &d, msg, size);
    d.color = piece_color(pc);
    if (d.color != us)
        return finish(EXPLAIN_WRONG_SIDE, &d, msg, size);
    enum piece_type pt = piece_type(pc);
    d.piece = pt;
    if (pt == KING && promotion == NO_PIECE_TYPE) {
        int side = castle_side(p, from, to);
        if (side >= 0)
            return castle(p, side, p->board[to] == piece_make(us, ROOK) ? to : SQUARE_NONE, out,
                          msg, size);
    }
    int target = p->board[to];
    if (target != NO_PIECE && piece_color(target) == us) {
        d.other = piece_type(target);
        return finish(EXPLAIN_OWN_PIECE, &d, msg, size);
    }
    const struct variant_rules *vr = variant_rules((enum variant)p->variant);
    if (vr->explosions && pt == KING && target != NO_PIECE && bb_test(attacks_king(from), to))
        return finish(EXPLAIN_ATOMIC_KING_CAPTURE, &d, msg, size);

    enum move_kind kind = MOVE_NORMAL;
    if (pt == PAWN) {
        enum explain_reason r = pawn_rules(p, from, to, &d, &kind);
        if (r != EXPLAIN_LEGAL)
            return finish(r, &d, msg, size);
    } else {
        if (!bb_test(explain_reach(us, pt, from), to))
            return finish(EXPLAIN_GEOMETRY, &d, msg, size);
        /* Art. 3.5: bishops, rooks and queens do not jump; the blocker
         * named is the first piece met from the moving piece's square. */
        bitboard block = attacks_between(from, to) & position_occupied(p);
        if (block) {
            d.at = to > from ? bb_lsb(block) : bb_msb(block);
            return finish(EXPLAIN_PATH_BLOCKED, &d, msg, size);
        }
    }

    bool last_rank = pt == PAWN && square_relative_rank(to, us) == 7;
    if (promotion != NO_PIECE_TYPE) {
        if (!last_rank)
            return finish(EXPLAIN_CANNOT_PROMOTE, &d, msg, size);
        if (promotion < KNIGHT || promotion > (vr->king_promotion ? KING : QUEEN))
            return finish(EXPLAIN_PROMOTION_PIECE, &d, msg, size);
        kind = (enum move_kind)(MOVE_PROMOTE_KNIGHT + (promotion - KNIGHT));
    } else if (last_rank) {
        return finish(EXPLAIN_MUST_PROMOTE, &d, msg, size);
    }
    if (target != NO_PIECE && piece_type(target) == KING && vr->royal && !vr->explosions) {
        /* (An antichess king is captured like any piece; an atomic one
         * explodes.) */
        d.color = piece_color(target);
        return finish(EXPLAIN_KING_CAPTURE, &d, msg, size);
    }

    /* Everything the piece itself obeys is satisfied: what remains is
     * Art. 3.9, no move may leave (or place) one's own king in check. */
    return judge(p, move_make(from, to, kind), &d, out, msg, size);
}

/* "Nbd2 and Nfd2 both" or "Qa1b2, Qa3b2 and Qc3b2 all": the matches, sorted
 * into the documented order of move lists, in SAN without check marks. */
static void list_matches(const struct position *p, struct movelist *l, char *buf, size_t size)
{
    struct out o = {buf, size, 0};
    int n = l->count;
    uci_sort(p, l->moves, n, UCI_CASTLING_AUTO);
    for (int i = 0; i < n; i++) {
        char san[SAN_MAX];
        if (i > 0)
            put(&o, i + 1 == n ? " and " : ", ", i + 1 == n ? 5 : 2);
        put(&o, san, san_format_plain(p, l->moves[i], san));
    }
    put(&o, n == 2 ? " both" : " all", n == 2 ? 5 : 4);
    buf[o.n < size ? o.n : size - 1] = '\0';
}

/* Does from agree with the file and rank the text names, if any? */
static bool from_named(const struct san_parsed *sp, int from)
{
    return (sp->from_file < 0 || square_file(from) == sp->from_file) &&
           (sp->from_rank < 0 || square_rank(from) == sp->from_rank);
}

/* The pieces of SAN's type that could reach its target on an empty board
 * (a pawn: straight ahead, or diagonally from the file it names), nearest
 * first ("e4" speaks of the pawn on e3 before the one on e2). */
static int san_candidates(const struct position *p, const struct san_parsed *sp,
                          int cand[SQUARE_NB])
{
    enum color us = (enum color)p->side;
    int n = 0;
    if (sp->piece == PAWN) {
        int dir = us == WHITE ? 8 : -8;
        int steps[4] = {-dir, -2 * dir, -dir - 1, -dir + 1};
        for (int i = 0; i < 4; i++) {
            int from = sp->to + steps[i];
            if (from < 0 || from >= SQUARE_NB || p->board[from] != piece_make(us, PAWN))
                continue;
            int df = square_file(sp->to) - square_file(from);
            if (df > 1 || df < -1)
                continue;
            if (i == 1 && square_relative_rank(from, us) != 1)
                continue;
            if (df != 0 && sp->from_file < 0)
                continue;
            if (from_named(sp, from))
                cand[n++] = from;
        }
        return n;
    }
    bitboard b = position_pieces(p, us, sp->piece);
    while (b) {
        int from = bb_pop(&b);
        if (from_named(sp, from) && bb_test(explain_reach(us, sp->piece, from), sp->to))
            cand[n++] = from;
    }
    return n;
}

/* Crazyhouse drops (lichess rules): the piece must be in the mover's
 * pocket and the square empty, a pawn not on the first or last rank; the
 * rest (a drop that does not block a check) is the king's safety. */
static enum explain_reason explain_drop(const struct position *p, const struct san_parsed *sp,
                                        struct detail *d, char *msg, size_t size)
{
    enum color us = (enum color)p->side;
    d->piece = sp->piece;
    d->to = sp->to;
    d->color = us;
    if (!variant_rules((enum variant)p->variant)->drops)
        return finish(EXPLAIN_NO_DROPS, d, msg, size);
    if (!p->pocket[us][sp->piece])
        return finish(EXPLAIN_DROP_NO_PIECE, d, msg, size);
    if (p->board[sp->to] != NO_PIECE)
        return finish(EXPLAIN_DROP_OCCUPIED, d, msg, size);
    if (sp->piece == PAWN && (square_rank(sp->to) == 0 || square_rank(sp->to) == 7))
        return finish(EXPLAIN_DROP_PAWN_RANK, d, msg, size);
    return judge(p, move_make_drop(sp->piece, sp->to), d, NULL, msg, size);
}

enum explain_reason explain_san(const struct position *p, const char *s, size_t len, move *out,
                                char *msg, size_t size)
{
    enum color us = (enum color)p->side;
    struct detail d = {SQUARE_NONE, SQUARE_NONE, SQUARE_NONE, NO_PIECE_TYPE, NO_PIECE_TYPE, us,
                       us,          s,           len};
    struct san_parsed sp;
    struct movelist matches;
    if (out)
        *out = MOVE_NONE;
    if (san_scan(s, len, &sp) != SAN_OK)
        return finish(EXPLAIN_SYNTAX, &d, msg, size);
    move found;
    enum san_error e = san_resolve(p, &sp, &found);
    if (e == SAN_OK) {
        if (out)
            *out = found;
        return finish(EXPLAIN_LEGAL, &d, msg, size);
    }
    if (e == SAN_AMBIGUOUS) {
        char list[EXPLAIN_MAX];
        san_match(p, &sp, &matches);
        list_matches(p, &matches, list, sizeof list);
        d.text = list;
        d.text_len = strlen(list);
        return finish(EXPLAIN_AMBIGUOUS, &d, msg, size);
    }
    enum explain_reason r;
    if (sp.drop)
        return explain_drop(p, &sp, &d, msg, size);
    if (sp.castle) {
        r = castle(p, sp.castle == 2, SQUARE_NONE, out, msg, size);
    } else if (sp.from_file >= 0 && sp.from_rank >= 0) {
        /* Long algebraic or UCI: the from-square is given. */
        int from = square_make(sp.from_file, sp.from_rank), pc = p->board[from];
        if (sp.piece != PAWN && pc != NO_PIECE && piece_color(pc) == us &&
            piece_type(pc) != sp.piece) {
            d.from = from;
            d.piece = sp.piece;
            d.other = piece_type(pc);
            return finish(EXPLAIN_WRONG_PIECE, &d, msg, size);
        }
        r = explain_move(p, from, sp.to, sp.promotion, out, msg, size);
    } else if (sp.piece == KING) {
        r = explain_move(p, position_king(p, us), sp.to, sp.promotion, out, msg, size);
    } else {
        int cand[SQUARE_NB];
        r = san_candidates(p, &sp, cand)
                ? explain_move(p, cand[0], sp.to, sp.promotion, out, msg, size)
                : EXPLAIN_NO_CANDIDATE;
    }
    if (r == EXPLAIN_LEGAL || r == EXPLAIN_NO_CANDIDATE) {
        /* No piece of that type gets there, or the rules allow the move the
         * text points at but the text does not name it as SAN must (e.g. a
         * king's two-square step written "Kg1" in Chess960). */
        if (out)
            *out = MOVE_NONE;
        d.piece = sp.piece;
        d.to = sp.to;
        return finish(EXPLAIN_NO_CANDIDATE, &d, msg, size);
    }
    return r;
}
