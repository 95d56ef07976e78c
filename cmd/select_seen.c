/*
 * select_seen.c - the games --unique has seen (select_seen.h).
 */
#include "select_seen.h"

#include <stdlib.h>

void select_seen_init(struct select_seen *s, size_t max)
{
    *s = (struct select_seen){.max = max};
}

void select_seen_free(struct select_seen *s)
{
    free(s->slots);
    *s = (struct select_seen){0};
}

/* The slot of id: where it is, or the empty slot where it would go. */
static size_t probe(const struct select_seen *s, const uint64_t id[2])
{
    size_t mask = s->cap - 1, i = (size_t)(id[0] ^ (id[0] >> 29)) & mask;
    while ((s->slots[i][0] | s->slots[i][1]) &&
           (s->slots[i][0] != id[0] || s->slots[i][1] != id[1]))
        i = (i + 1) & mask;
    return i;
}

static bool grow(struct select_seen *s)
{
    size_t cap = s->cap ? s->cap * 2 : 1024;
    uint64_t(*slots)[2] = calloc(cap, sizeof *slots);
    if (!slots)
        return false;
    struct select_seen old = *s;
    s->slots = slots;
    s->cap = cap;
    for (size_t i = 0; i < old.cap; i++)
        if (old.slots[i][0] | old.slots[i][1]) {
            size_t j = probe(s, old.slots[i]);
            s->slots[j][0] = old.slots[i][0];
            s->slots[j][1] = old.slots[i][1];
        }
    free(old.slots);
    return true;
}

bool select_seen_add(struct select_seen *s, const uint64_t id_in[2])
{
    uint64_t id[2] = {id_in[0], id_in[1] | !(id_in[0] | id_in[1])};
    if (s->cap && s->slots) {
        size_t i = probe(s, id);
        if (s->slots[i][0] | s->slots[i][1])
            return true;
    }
    if (s->n >= s->max || s->nomem) {
        s->full = true;
        return false;
    }
    if (2 * (s->n + 1) > s->cap && !grow(s)) {
        s->nomem = s->full = true;
        return false;
    }
    size_t i = probe(s, id);
    s->slots[i][0] = id[0];
    s->slots[i][1] = id[1];
    s->n++;
    return false;
}
