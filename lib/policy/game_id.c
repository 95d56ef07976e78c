/* The identity of a game and a bounded set of identities (game_id.h):
 * pgn-select --unique and pgn-check's duplicate games share them. */
#include "game_id.h"

#include "select_pos.h"

#include <stdlib.h>
#include <string.h>

/* The two halves start from independent seeds and the rules, so that the
 * same moves in atomic, or in Chess960, are another game. */
/* (select_mix, the position hash's mixer, also finishes the per-ply
 * steps, which are weak alone.) */
void game_id_begin(struct game_id_acc *acc, const struct position *start)
{
    uint64_t rules = (uint64_t)start->variant << 1 | start->chess960;
    acc->a = select_position_hash(start, 0x243F6A8885A308D3ull ^ rules);
    acc->b = select_mix(acc->a ^ 0x13198A2E03707344ull); /* (one position hash a game) */
}

void game_id_text(struct game_id_acc *acc, const char *s)
{
    size_t n = s ? strlen(s) + 1 : 0; /* (0: missing) */
    game_id_step(acc, n + 0x10000);   /* (no move is that big) */
    for (size_t i = 0; s && i < n - 1; i++)
        game_id_step(acc, (unsigned char)s[i]);
}

struct game_id game_id_end(const struct game_id_acc *acc, unsigned long plies)
{
    uint64_t a = select_mix(acc->a ^ plies), b = select_mix(acc->b + plies + 0x9E3779B97F4A7C15ull);
    return (struct game_id){{a ^ (b >> 17), b ^ select_mix(a)}};
}

void game_id_set_init(struct game_id_set *s, size_t max, bool places)
{
    *s = (struct game_id_set){.max = max, .places = places};
}

void game_id_set_free(struct game_id_set *s)
{
    free(s->slots);
    free(s->place);
    *s = (struct game_id_set){0};
}

/* The slot of id: where it is, or the empty slot where it would go. */
static size_t probe(const struct game_id *slots, size_t cap, const struct game_id *id)
{
    size_t mask = cap - 1, i = (size_t)(id->w[0] ^ (id->w[0] >> 29)) & mask;
    while ((slots[i].w[0] | slots[i].w[1]) &&
           (slots[i].w[0] != id->w[0] || slots[i].w[1] != id->w[1]))
        i = (i + 1) & mask;
    return i;
}

static bool grow(struct game_id_set *s)
{
    size_t cap = s->cap ? s->cap * 2 : 1024;
    struct game_id *slots = calloc(cap, sizeof *slots);
    uint32_t(*place)[2] = s->places ? calloc(cap, sizeof *place) : NULL;
    if (!slots || (s->places && !place)) {
        free(slots);
        free(place);
        return false;
    }
    for (size_t i = 0; i < s->cap; i++)
        if (s->slots[i].w[0] | s->slots[i].w[1]) {
            size_t j = probe(slots, cap, &s->slots[i]);
            slots[j] = s->slots[i];
            if (place)
                memcpy(place[j], s->place[i], sizeof place[j]);
        }
    free(s->slots);
    free(s->place);
    s->slots = slots;
    s->place = place;
    s->cap = cap;
    return true;
}

int game_id_set_add(struct game_id_set *s, const struct game_id *id_in, const uint32_t place[2],
                    uint32_t first[2])
{
    struct game_id id = {{id_in->w[0], id_in->w[1] | !(id_in->w[0] | id_in->w[1])}};
    if (s->cap) {
        size_t i = probe(s->slots, s->cap, &id);
        if (s->slots[i].w[0] | s->slots[i].w[1]) {
            if (s->places)
                memcpy(first, s->place[i], sizeof s->place[i]);
            return 1;
        }
    }
    if (s->n >= s->max || s->nomem) {
        s->full = true;
        return -1;
    }
    if (2 * (s->n + 1) > s->cap && !grow(s)) {
        s->nomem = s->full = true;
        return -1;
    }
    size_t i = probe(s->slots, s->cap, &id);
    s->slots[i] = id;
    if (s->places)
        memcpy(s->place[i], place, sizeof s->place[i]);
    s->n++;
    return 0;
}
