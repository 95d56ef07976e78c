/* The variants (variant.h): their names, their ends and their dead
 * positions. */
#include "variant.h"

#include "attacks.h"
#include "position.h"

#include <stdio.h>
#include <string.h>

static bool name_is(const char *name, const char *s, size_t len)
{
    return strlen(name) == len && memcmp(name, s, len) == 0;
}

bool variant_parse(const char *name, size_t len, enum variant *out, bool *chess960)
{
    for (int v = 0; v < VARIANT_NB; v++) {
        const struct variant_rules *r = variant_rules((enum variant)v);
        bool fischer = false; /* (Fischer random chess, under the names GUIs and lichess give it) */
        for (size_t i = 0; i < sizeof r->names960 / sizeof *r->names960 && r->names960[i]; i++)
            fischer |= name_is(r->names960[i], name, len);
        if (fischer || name_is(r->name, name, len)) {
            *out = (enum variant)v;
            if (fischer)
                *chess960 = true;
            return true;
        }
    }
    return false;
}

const char *variant_names(char *buf, size_t size, unsigned how)
{
    const char *last = how & VARIANT_NAMES_OR ? " or " : how & VARIANT_NAMES_AND ? " and " : ", ";
    const char *names[2 * VARIANT_NB], *notes[2 * VARIANT_NB];
    size_t n = 0, len = 0;
    for (int v = how & VARIANT_NAMES_VARIANTS ? 1 : 0; v < VARIANT_NB; v++) {
        const struct variant_rules *r = variant_rules((enum variant)v);
        notes[n] = how & VARIANT_NAMES_NOTES ? r->note : NULL;
        names[n++] = r->name;
        if (r->names960[0] && !(how & VARIANT_NAMES_VARIANTS))
            notes[n] = NULL, names[n++] = r->names960[0];
    }
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s%s%s",
                                i == 0       ? ""
                                : i == n - 1 ? last
                                             : ", ",
                                names[i], notes[i] ? " " : "", notes[i] ? notes[i] : "");
    return buf;
}

static const char *const end_names[VARIANT_END_NB] = {
    [VARIANT_END_NONE] = "none",
    [VARIANT_END_HILL] = "king of the hill",
    [VARIANT_END_THREE_CHECKS] = "three checks",
    [VARIANT_END_EXPLODED] = "exploded king",
    [VARIANT_END_RACE] = "king reached the eighth rank",
    [VARIANT_END_RACE_DRAW] = "both kings reached the eighth rank",
    [VARIANT_END_NO_PIECES] = "no pieces left",
    [VARIANT_END_NO_MOVES] = "no legal move",
    [VARIANT_END_HORDE_CAPTURED] = "horde captured",
};

const char *variant_end_name(enum variant_end_reason r)
{
    return (unsigned)r < VARIANT_END_NB ? end_names[r] : "unknown";
}

/* Racing kings (lichess): after White reached the eighth rank the game goes
 * on while Black's king can step onto a free goal square White does not
 * attack. */
static void race_end(const struct position *p, struct variant_end *out)
{
    bitboard in_goal = p->by_type[KING] & VARIANT_GOAL;
    if (!in_goal)
        return;
    bool white = (in_goal & p->by_color[WHITE]) != 0, black = (in_goal & p->by_color[BLACK]) != 0;
    if (p->side == BLACK && !black) {
        int bk = position_king(p, BLACK);
        if (bk != SQUARE_NONE) {
            bitboard occ = position_occupied(p) ^ bb_square(bk);
            bitboard targets = attacks_king(bk) & VARIANT_GOAL & ~p->by_color[BLACK];
            while (targets)
                if (!position_attacked_by(p, bb_pop(&targets), WHITE, occ))
                    return;
        }
    }
    out->reason = white && black ? VARIANT_END_RACE_DRAW : VARIANT_END_RACE;
    out->winner = white && black ? COLOR_NB : white ? WHITE : BLACK;
}

bool variant_end(const struct position *p, struct variant_end *out)
{
    out->reason = VARIANT_END_NONE;
    out->winner = COLOR_NB;
    const struct variant_rules *r = variant_rules((enum variant)p->variant);
    if (r->hill) {
        /* King of the hill: the king that reached the centre has won. */
        bitboard on = p->by_type[KING] & VARIANT_HILL;
        if (on) {
            out->reason = VARIANT_END_HILL;
            out->winner = (on & p->by_color[WHITE]) ? WHITE : BLACK;
        }
    } else if (r->three_checks) {
        /* Three-check: the third check given wins. */
        for (int c = WHITE; c <= BLACK; c++)
            if (p->checks_given[c] >= 3) {
                out->reason = VARIANT_END_THREE_CHECKS;
                out->winner = c;
                break;
            }
    } else if (r->explosions) {
        /* Atomic: a side whose king exploded has lost. */
        for (int c = WHITE; c <= BLACK; c++)
            if (!position_pieces(p, (enum color)c, KING)) {
                out->reason = VARIANT_END_EXPLODED;
                out->winner = !c;
                break;
            }
    } else if (r->race) {
        race_end(p, out);
    } else if (r->must_capture) {
        /* Antichess: the side to move with no piece left has won. */
        if (!p->by_color[p->side]) {
            out->reason = VARIANT_END_NO_PIECES;
            out->winner = p->side;
        }
    } else if (r->kings == VARIANT_KINGS_ONE) {
        /* Horde: the side without a king loses with its last piece. */
        for (int c = WHITE; c <= BLACK; c++)
            if (!p->by_color[c]) {
                out->reason = VARIANT_END_HORDE_CAPTURED;
                out->winner = !c;
                break;
            }
    }
    return out->reason != VARIANT_END_NONE;
}

/* Can colour c still win?  chessops's rules per variant (lichess), for
 * the variants that have their own: crazyhouse (pieces come back through
 * the pockets), atomic (an explosion next to the king is enough), antichess
 * (losing all pieces wins), three-check (a lone king gives no check). */
static bool cannot_win(const struct position *p, enum color c)
{
    enum color o = (enum color) !c;
    bitboard mine = p->by_color[c], theirs = p->by_color[o];
    bitboard kings = p->by_type[KING], bishops = p->by_type[BISHOP], knights = p->by_type[KNIGHT];
    bitboard rq = p->by_type[ROOK] | p->by_type[QUEEN], occ = position_occupied(p);
    switch (variant_rules((enum variant)p->variant)->dead) {
    case VARIANT_DEAD_ATOMIC:
        if (!(kings & theirs))
            return false;
        if (!(mine & ~kings))
            return true; /* a bare king cannot mate */
        if (theirs & ~kings) {
            /* Pieces of theirs may explode next to their king, unless only
             * bishops remain that can never meet. */
            if (occ == (bishops | kings)) {
                if (!(bishops & p->by_color[WHITE] & BB_DARK_SQUARES))
                    return !(bishops & p->by_color[BLACK] & BB_LIGHT_SQUARES);
                if (!(bishops & p->by_color[WHITE] & BB_LIGHT_SQUARES))
                    return !(bishops & p->by_color[BLACK] & BB_DARK_SQUARES);
            }
            return false;
        }
        if (p->by_type[QUEEN] | p->by_type[PAWN])
            return false;
        if (bb_count(knights | bishops | p->by_type[ROOK]) == 1)
            return true;
        if (occ == (knights | kings))
            return bb_count(knights) <= 2;
        return false;
    case VARIANT_DEAD_ANTICHESS:
        if (!mine)
            return false;
        if (!theirs)
            return true;
        if (occ == bishops) {
            bool we_light = mine & BB_LIGHT_SQUARES, we_dark = mine & BB_DARK_SQUARES;
            bool they_dark = !(theirs & BB_LIGHT_SQUARES), they_light = !(theirs & BB_DARK_SQUARES);
            return (we_light && they_dark) || (we_dark && they_light);
        }
        if (occ == knights && bb_count(occ) == 2)
            return ((p->by_color[WHITE] & BB_LIGHT_SQUARES) != 0) !=
                           ((p->by_color[BLACK] & BB_DARK_SQUARES) != 0)
                       ? p->side != c
                       : p->side == c;
        return false;
    case VARIANT_DEAD_3CHECK:
        return mine == (kings & mine);
    case VARIANT_DEAD_CRAZYHOUSE: {
        int hand = 0;
        bool heavy_hand = false;
        for (int side = 0; side < COLOR_NB; side++) {
            for (int t = PAWN; t < KING; t++)
                hand += p->pocket[side][t];
            heavy_hand |= p->pocket[side][PAWN] || p->pocket[side][ROOK] || p->pocket[side][QUEEN];
        }
        return bb_count(occ) + hand <= 3 && !p->by_type[PAWN] && !p->promoted && !rq && !heavy_hand;
    }
    default:
        return false;
    }
}

bool variant_insufficient_material(const struct position *p)
{
    switch (variant_rules((enum variant)p->variant)->dead) {
    case VARIANT_DEAD_FIDE:
        return position_insufficient_material(p);
    case VARIANT_DEAD_NEVER:
        /* A king can always walk to its goal; in horde the side with the
         * king can always take the horde (chessops). */
        return false;
    default:
        return cannot_win(p, WHITE) && cannot_win(p, BLACK);
    }
}
