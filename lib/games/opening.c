/* lichess's table of named openings and its classification rule
 * (opening.h).  The table's lines are compiled in (build/gen/openings_data.h,
 * made by scripts/gen-openings from formats/openings/, a.tsv to e.tsv); the first
 * opening_table_get replays each line from the standard position and
 * indexes the position it reaches in an open-addressing hash table whose
 * slots hold a short tag and the index of the position's exact key, so
 * that a lookup is a filter on the pawns, then one hash of the bitboards,
 * usually one slot read, and an exact comparison of the board only when
 * the tag matches. */
#include "opening.h"

#include "rules/en_passant.h"
#include "rules/makemove.h"
#include "notation/san.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "openings_data.h"

/* What a position is for the table (lichess's StandardFen): the pieces,
 * the side to move, the castling rights and the en-passant square when a
 * capture there is legal (the table's positions carry it so: an EPD "en
 * passant field only if legal"); not the counters. */
struct opening_key {
    bitboard pieces[8]; /* white, black, then pawns to kings */
    uint32_t state;     /* side | castling << 1 | (legal en-passant square + 1) << 8 */
    uint32_t line;      /* the line of the table that names it (the last one that reaches it) */
};

/* Slots: 0 empty, else tag << 16 | (key index + 1).  At most 65,535 keys. */
enum { OPENING_SLOT_BITS = 14, OPENING_SLOTS = 1 << OPENING_SLOT_BITS };
/* A filter of the pawns' squares (a bit per hash of the pawn bitboard of
 * each named position): past the first moves most positions of a game
 * have pawns where no named position has them, and one multiplication and
 * one load tell so. */
enum { OPENING_FILTER_BITS = 16 };

struct opening_table {
    struct opening_key *keys;
    size_t nkeys;
    size_t collisions;        /* lines whose position an earlier line reached too */
    struct opening_key start; /* the standard starting position */
    uint64_t pawn_filter[(1 << OPENING_FILTER_BITS) / 64];
    uint32_t slots[OPENING_SLOTS];
};

static inline uint32_t opening_pawn_bit(bitboard pawns)
{
    return (uint32_t)((pawns * 0x9FB21C651E98DF25u) >> (64 - OPENING_FILTER_BITS));
}

static inline uint32_t opening_state(const struct position *p)
{
    /* the position keeps a square only where a pawn may take (pseudo-legal):
     * most have none, and need no test of legality */
    int ep = p->ep_square == SQUARE_NONE
                 ? SQUARE_NONE
                 : en_passant_square(p, p->ep_square, (enum color)p->side, EN_PASSANT_LEGAL);
    return (uint32_t)p->side | (uint32_t)p->castling << 1 | (uint32_t)(ep + 1) << 8;
}

static void opening_key_of(const struct position *p, struct opening_key *k)
{
    k->pieces[0] = p->by_color[WHITE];
    k->pieces[1] = p->by_color[BLACK];
    for (int t = PAWN; t <= KING; t++)
        k->pieces[t + 1] = p->by_type[t];
    k->state = opening_state(p);
}

/* A multiplicative hash of the bitboards: independent products summed, so
 * that they run side by side. */
static inline uint64_t opening_hash(const bitboard pieces[8], uint32_t state)
{
    uint64_t h = pieces[0] * 0x9E3779B97F4A7C15u + pieces[1] * 0xC2B2AE3D27D4EB4Fu +
                 pieces[2] * 0x165667B19E3779F9u + pieces[3] * 0xD6E8FEB86659FD93u +
                 pieces[4] * 0xFF51AFD7ED558CCDu + pieces[5] * 0xC4CEB9FE1A85EC53u +
                 pieces[6] * 0x94D049BB133111EBu + pieces[7] * 0xBF58476D1CE4E5B9u +
                 (uint64_t)state * 0x2545F4914F6CDD1Du;
    return h ^ h >> 29;
}

static inline bool opening_same(const struct opening_key *k, const bitboard pieces[8],
                                uint32_t state)
{
    bitboard d = k->state ^ state;
    for (int i = 0; i < 8; i++)
        d |= k->pieces[i] ^ pieces[i];
    return d == 0;
}

/* The key index of (pieces, state), or -1; *slot_out: its slot, or the
 * empty slot where it would go. */
static long opening_probe(const struct opening_table *t, const bitboard pieces[8], uint32_t state,
                          size_t *slot_out)
{
    uint64_t h = opening_hash(pieces, state);
    size_t i = (size_t)(h >> (64 - OPENING_SLOT_BITS));
    uint32_t tag = (uint32_t)(h & 0xFFFF);
    for (;; i = (i + 1) & (OPENING_SLOTS - 1)) {
        uint32_t s = t->slots[i];
        if (s == 0) {
            if (slot_out)
                *slot_out = i;
            return -1;
        }
        if (s >> 16 == tag && opening_same(&t->keys[(s & 0xFFFF) - 1], pieces, state)) {
            if (slot_out)
                *slot_out = i;
            return (long)(s & 0xFFFF) - 1;
        }
    }
}

/* The positions of the line replayed last, by ply: the next line of the
 * table (in the order of names, so mostly of one family) often starts
 * with the same moves, which are not replayed again. */
enum { OPENING_LINE_PLIES_MAX = 64 };
struct opening_replay {
    const char *pgn; /* the line replayed last, "" before the first */
    struct position pos[OPENING_LINE_PLIES_MAX + 1];
};

/* The length of the next word of s (after its spaces, skipped in *s). */
static size_t opening_word(const char **s)
{
    while (**s == ' ')
        (*s)++;
    return strcspn(*s, " ");
}

static bool opening_is_number(const char *w, size_t n)
{
    return n > 0 && w[n - 1] == '.';
}

/* Replay line's moves from the standard position, from where they part
 * from the line replayed before; the position reached, or NULL when a move
 * does not read (a defect of the table: the unit tests replay every line
 * of it). */
static const struct position *opening_replay(struct opening_replay *r, const struct opening *line)
{
    const char *a = r->pgn, *b = line->pgn;
    unsigned ply = 0;
    for (;;) { /* the moves both lines share */
        size_t na = opening_word(&a), nb = opening_word(&b);
        if (nb == 0 || na != nb || memcmp(a, b, nb) != 0)
            break;
        ply += !opening_is_number(b, nb);
        a += na;
        b += nb;
    }
    r->pgn = "";
    for (size_t n; (n = opening_word(&b)) > 0; b += n) {
        if (opening_is_number(b, n))
            continue;
        move m;
        if (ply == OPENING_LINE_PLIES_MAX || san_parse(&r->pos[ply], b, n, &m) != SAN_OK)
            return NULL;
        r->pos[ply + 1] = r->pos[ply];
        makemove_play(&r->pos[++ply], m);
    }
    r->pgn = line->pgn;
    return &r->pos[ply];
}

static struct opening_table *opening_table_build(void)
{
    struct opening_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->keys = malloc(OPENINGS_DATA_LINES * sizeof *t->keys);
    if (!t->keys) {
        free(t);
        return NULL;
    }
    struct opening_replay *r = malloc(sizeof *r);
    if (!r) {
        free(t->keys);
        free(t);
        return NULL;
    }
    r->pgn = "";
    position_start(&r->pos[0]);
    opening_key_of(&r->pos[0], &t->start);
    for (size_t i = 0; i < OPENINGS_DATA_LINES; i++) {
        const struct position *p = opening_replay(r, &openings_data[i]);
        if (!p)
            continue;
        struct opening_key k;
        opening_key_of(p, &k);
        k.line = (uint32_t)i;
        size_t slot;
        long at = opening_probe(t, k.pieces, k.state, &slot);
        if (at >= 0) { /* lichess's map keeps the later line */
            t->keys[at].line = (uint32_t)i;
            t->collisions++;
            continue;
        }
        uint64_t h = opening_hash(k.pieces, k.state);
        uint32_t bit = opening_pawn_bit(k.pieces[2]);
        t->pawn_filter[bit / 64] |= (uint64_t)1 << (bit % 64);
        t->keys[t->nkeys] = k;
        t->slots[slot] = (uint32_t)(h & 0xFFFF) << 16 | (uint32_t)(t->nkeys + 1);
        t->nkeys++;
    }
    free(r);
    return t;
}

_Static_assert(OPENINGS_DATA_LINES < 0xFFFF && OPENINGS_DATA_LINES * 2 < OPENING_SLOTS,
               "the slots index at most 65,534 keys, at most half full");

const struct opening_table *opening_table_get(void)
{
    static struct opening_table *table;
    if (!table)
        table = opening_table_build();
    return table;
}

size_t opening_table_size(const struct opening_table *t)
{
    (void)t;
    return OPENINGS_DATA_LINES;
}

const struct opening *opening_table_line(const struct opening_table *t, size_t i)
{
    (void)t;
    return i < OPENINGS_DATA_LINES ? &openings_data[i] : NULL;
}

size_t opening_table_positions(const struct opening_table *t)
{
    return t->nkeys;
}

size_t opening_table_collisions(const struct opening_table *t)
{
    return t->collisions;
}

const struct opening *opening_table_find(const struct opening_table *t, const struct position *p)
{
    uint32_t bit = opening_pawn_bit(p->by_type[PAWN]);
    if (!(t->pawn_filter[bit / 64] >> (bit % 64) & 1))
        return NULL;
    bitboard pieces[8] = {p->by_color[WHITE], p->by_color[BLACK], p->by_type[PAWN],
                          p->by_type[KNIGHT], p->by_type[BISHOP], p->by_type[ROOK],
                          p->by_type[QUEEN],  p->by_type[KING]};
    long at = opening_probe(t, pieces, opening_state(p), NULL);
    return at < 0 ? NULL : &openings_data[t->keys[at].line];
}

void opening_search_start(struct opening_search *s, const struct opening_table *t,
                          const struct position *p)
{
    s->table = t;
    s->found = NULL;
    s->found_ply = 0;
    s->ply = 0;
    s->pieces = bb_count(position_occupied(p));
    s->open = false;
    if (!t || p->variant != VARIANT_CHESS || p->chess960)
        return;
    struct opening_key k;
    opening_key_of(p, &k);
    s->open = opening_same(&t->start, k.pieces, k.state);
}

void opening_search_move(struct opening_search *s, const struct position *after)
{
    if (!s->open)
        return;
    s->ply++;
    s->pieces = bb_count(position_occupied(after));
    /* lichess takes the moves while the position before has enough pieces,
     * and of the positions they reach those that have enough (pieces
     * never come back in standard chess: the first one short ends it) */
    if (s->pieces < OPENING_MIN_PIECES) {
        s->open = false;
        return;
    }
    const struct opening *o = opening_table_find(s->table, after);
    if (o) {
        s->found = o;
        s->found_ply = s->ply;
    }
    if (s->ply >= OPENING_MAX_PLIES)
        s->open = false;
}

void opening_search_pass(struct opening_search *s)
{
    s->open = false;
}

/* "B90": a letter A to E and two digits, n bytes. */
static bool opening_eco_valid(const char *s, size_t n)
{
    return n == 3 && s[0] >= 'A' && s[0] <= 'E' && s[1] >= '0' && s[1] <= '9' && s[2] >= '0' &&
           s[2] <= '9';
}

/* The bounds of range (a code or "LOW-HIGH", LOW <= HIGH), or false. */
static bool opening_eco_bounds(const char *range, const char **low, const char **high)
{
    if (!range)
        return false;
    size_t n = strlen(range);
    if (opening_eco_valid(range, n)) {
        *low = *high = range;
        return true;
    }
    if (n != 7 || range[3] != '-' || !opening_eco_valid(range, 3) ||
        !opening_eco_valid(range + 4, 3) || memcmp(range, range + 4, 3) > 0)
        return false;
    *low = range;
    *high = range + 4;
    return true;
}

bool opening_eco_range_valid(const char *range)
{
    const char *low, *high;
    return opening_eco_bounds(range, &low, &high);
}

bool opening_eco_in_range(const char *eco, const char *range)
{
    const char *low, *high;
    if (!eco || !opening_eco_valid(eco, strlen(eco)) || !opening_eco_bounds(range, &low, &high))
        return false;
    return memcmp(eco, low, 3) >= 0 && memcmp(eco, high, 3) <= 0;
}
