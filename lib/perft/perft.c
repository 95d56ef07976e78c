/* Perft (perft.h): counting the leaves of the move tree, divide, threads,
 * the transposition table and the split of the work. */
#include "perft.h"

#include "base/array.h"
#include "rules/attacks.h"
#include "rules/castling.h"
#include "rules/isa.h"
#include "rules/makemove.h"
#include "rules/makemove_impl.h"
#include "perft_leaf.h"
#include "perft_pool.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The tree walk comes in the versions of isa.h, like the generator. */
#define PERFT_INLINE static inline __attribute__((always_inline))

/* ---- Transposition table ---- */

/* One entry: the count with the depth in its low byte, and the key xored
 * with that word.  The words are written and read separately (relaxed
 * atomics): the xor makes an entry another thread tore fail the key test. */
struct entry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;  /* count << 8 | depth */
};

enum { BUCKET_ENTRIES = 4, COUNT_BITS = 56 };

struct bucket {
    struct entry e[BUCKET_ENTRIES];
};

struct perft_table {
    struct bucket *buckets;
    size_t count; /* buckets */
    void *map;    /* what mmap returned, and its length */
    size_t map_len;
};

/* The buckets are mapped 2 MiB-aligned and advised to take huge pages: a
 * table of gigabytes would otherwise take a TLB miss on every probe. */
struct perft_table *perft_table_new(size_t bytes)
{
    const size_t huge = (size_t)2 << 20;
    size_t n = bytes / sizeof(struct bucket);
    if (n == 0)
        n = 1;
    if (n > SIZE_MAX / sizeof(struct bucket) - huge)
        return NULL;
    struct perft_table *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->count = n;
    t->map_len = n * sizeof(struct bucket) + huge;
    t->map = mmap(NULL, t->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (t->map == MAP_FAILED) {
        free(t);
        return NULL;
    }
    uintptr_t base = ((uintptr_t)t->map + huge - 1) & ~(uintptr_t)(huge - 1);
    t->buckets = (struct bucket *)base;
#ifdef MADV_HUGEPAGE
    madvise(t->buckets, n * sizeof(struct bucket), MADV_HUGEPAGE);
#endif
    return t;
}

void perft_table_free(struct perft_table *t)
{
    if (!t)
        return;
    munmap(t->map, t->map_len);
    free(t);
}

/* The part of a table one run uses (see table_share). */
struct table_view {
    struct bucket *buckets; /* NULL: no table */
    size_t count;
};

/* The bucket of a key: the high bits of key * count (any table size). */
PERFT_INLINE struct bucket *table_bucket(const struct table_view *t, uint64_t key)
{
    return &t->buckets[(size_t)(((unsigned __int128)key * t->count) >> 64)];
}

/* A hit needs the full key and the depth to match: never a partial key. */
PERFT_INLINE bool table_probe(const struct table_view *t, uint64_t key, int depth, uint64_t *count)
{
    struct bucket *b = table_bucket(t, key);
    for (int i = 0; i < BUCKET_ENTRIES; i++) {
        uint64_t data = atomic_load_explicit(&b->e[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&b->e[i].check, memory_order_relaxed);
        if ((check ^ data) == key && (data & 0xFF) == (uint64_t)depth) {
            *count = data >> 8;
            return true;
        }
    }
    return false;
}

/* Replace the shallowest entry: deep counts cost the most to redo. */
PERFT_INLINE void table_store(const struct table_view *t, uint64_t key, int depth, uint64_t count)
{
    if (count >> COUNT_BITS)
        return;
    struct bucket *b = table_bucket(t, key);
    int victim = 0;
    uint64_t victim_depth = UINT64_MAX;
    for (int i = 0; i < BUCKET_ENTRIES; i++) {
        uint64_t data = atomic_load_explicit(&b->e[i].data, memory_order_relaxed);
        if ((data & 0xFF) < victim_depth) {
            victim_depth = data & 0xFF;
            victim = i;
        }
    }
    uint64_t data = count << 8 | (uint64_t)depth;
    atomic_store_explicit(&b->e[victim].check, key ^ data, memory_order_relaxed);
    atomic_store_explicit(&b->e[victim].data, data, memory_order_relaxed);
}

/* ---- The tree walk ---- */

/* What the walk needs beyond the position: the rights a move from or to
 * each square leaves (castling_keep_init), and the table. */
struct engine {
    uint8_t castle_keep[SQUARE_NB];
    struct table_view table;
};

/* The walk's make-move: makemove_standard without the counters, the
 * rights from the walk's table, and the key only when a table will read
 * it (else flagged stale). */
PERFT_INLINE void lean_make(struct position *p, move m, const struct engine *e, bool keys)
{
    makemove_standard(p, p, m, (struct makemove_mode){.key = keys, .mailbox = true},
                      e->castle_keep);
    if (!keys)
        p->key_stale = 1;
}

typedef uint64_t walk_fn(const struct engine *e, const struct position *p, int depth);

/* The count below a node of depth >= 2: depth 2 by perft_leaf_count (bulk
 * counting), the table consulted from depth 2 up.  The children go to
 * `next`, the caller's own version (a direct call once inlined). */
PERFT_INLINE uint64_t walk(const struct engine *e, const struct position *p, int depth, bool hashed,
                           walk_fn *next)
{
    uint64_t total = 0;
    if (hashed && table_probe(&e->table, p->key, depth, &total))
        return total;
    if (depth == 2) {
        total = perft_leaf_count(p);
        if (hashed)
            table_store(&e->table, p->key, depth, total);
        return total;
    }
    struct movelist l;
    int n = movegen_legal(p, &l);
    if (hashed) {
        /* One child ahead: its bucket is fetched from memory while the
         * subtree of the one before is counted. */
        struct position child[2];
        if (n > 0) {
            child[0] = *p;
            lean_make(&child[0], l.moves[0], e, true);
            __builtin_prefetch(table_bucket(&e->table, child[0].key));
        }
        for (int i = 0; i < n; i++) {
            if (i + 1 < n) {
                struct position *ahead = &child[(i + 1) & 1];
                *ahead = *p;
                lean_make(ahead, l.moves[i + 1], e, true);
                __builtin_prefetch(table_bucket(&e->table, ahead->key));
            }
            total += next(e, &child[i & 1], depth - 1);
        }
    } else {
        for (int i = 0; i < n; i++) {
            struct position child = *p;
            lean_make(&child, l.moves[i], e, false);
            total += next(e, &child, depth - 1);
        }
    }
    if (hashed)
        table_store(&e->table, p->key, depth, total);
    return total;
}

/* The variants: the full makemove_play (pockets, explosions, check
 * counters) on a copy; bulk counting and the table as above. */
PERFT_INLINE uint64_t walk_variant_node(const struct engine *e, const struct position *p, int depth,
                                        walk_fn *next)
{
    if (depth <= 1)
        return depth <= 0 ? 1 : (uint64_t)movegen_count(p);
    uint64_t total = 0;
    bool hashed = e->table.buckets != NULL;
    if (hashed && table_probe(&e->table, p->key, depth, &total))
        return total;
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        struct position child = *p;
        makemove_play(&child, l.moves[i]);
        total += next(e, &child, depth - 1);
    }
    if (hashed)
        table_store(&e->table, p->key, depth, total);
    return total;
}

/* One version of walk() without and with the table and of the variants'
 * walk; each recurses into itself. */
#define PERFT_VERSION(suffix, target)                                                              \
    target static uint64_t walk_plain_##suffix(const struct engine *e, const struct position *p,   \
                                               int depth)                                          \
    {                                                                                              \
        return walk(e, p, depth, false, walk_plain_##suffix);                                      \
    }                                                                                              \
    target static uint64_t walk_hashed_##suffix(const struct engine *e, const struct position *p,  \
                                                int depth)                                         \
    {                                                                                              \
        return walk(e, p, depth, true, walk_hashed_##suffix);                                      \
    }                                                                                              \
    target static uint64_t walk_variant_##suffix(const struct engine *e, const struct position *p, \
                                                 int depth)                                        \
    {                                                                                              \
        return walk_variant_node(e, p, depth, walk_variant_##suffix);                              \
    }
ISA_EACH(PERFT_VERSION)

ISA_DISPATCH(static walk_fn, walk_plain)
ISA_DISPATCH(static walk_fn, walk_hashed)
ISA_DISPATCH(static walk_fn, walk_variant)

/* One move of the plies above the workers' items. */
static void run_make(struct position *p, move m, const struct engine *e)
{
    if (p->variant != VARIANT_CHESS)
        makemove_play(p, m);
    else
        lean_make(p, m, e, true);
}

/* Any depth.  The table must only ever see true keys: perft_run computes
 * the root's afresh (a hand-built position may carry a stale one). */
static uint64_t walk_any(const struct engine *e, const struct position *p, int depth)
{
    if (p->variant != VARIANT_CHESS)
        return walk_variant(e, p, depth);
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)movegen_count(p);
    return e->table.buckets ? walk_hashed(e, p, depth) : walk_plain(e, p, depth);
}

uint64_t perft_count(const struct position *p, int depth)
{
    struct engine e = {.table = {NULL, 0}};
    castling_keep_init(e.castle_keep, p);
    return walk_any(&e, p, depth);
}

/* ---- Threads ---- */

/* A piece of work: the subtree below a position two plies down, whose
 * count goes to the root move that led there. */
struct item {
    struct position pos;
    int root;
    uint64_t nodes;
};

struct job {
    const struct engine *engine;
    struct item *items;
    unsigned count;
    int depth; /* below each item */
    atomic_uint next;
    struct perft_progress *progress;
};

/* Workers take the next item until none is left: the items are many and
 * small, which balances the threads. */
static void *worker(void *arg)
{
    struct job *j = arg;
    for (;;) {
        unsigned k = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
        if (k >= j->count)
            break;
        struct item *it = &j->items[k];
        it->nodes = walk_any(j->engine, &it->pos, j->depth);
        if (j->progress) {
            atomic_fetch_add_explicit(&j->progress->nodes_done, it->nodes, memory_order_relaxed);
            atomic_fetch_add_explicit(&j->progress->items_done, 1, memory_order_relaxed);
        }
    }
    return NULL;
}

/* Run the job on the calling thread and threads - 1 more (or fewer, as
 * they can be created). */
static void run_job(struct job *j, int threads)
{
    perft_pool_run(worker, j, threads);
}

/* The root and its children directly, for shallow depths or when the
 * item list cannot be allocated. */
static uint64_t run_by_root_moves(const struct engine *e, const struct position *p, int depth,
                                  const struct movelist *l, struct perft_divide *divide,
                                  struct perft_progress *progress)
{
    uint64_t total = 0;
    if (progress)
        atomic_store(&progress->items_total, (unsigned)l->count);
    for (int i = 0; i < l->count; i++) {
        struct position child = *p;
        run_make(&child, l->moves[i], e);
        uint64_t n = walk_any(e, &child, depth - 1);
        divide->moves[i] = l->moves[i];
        divide->nodes[i] = n;
        total += n;
        if (progress) {
            atomic_fetch_add(&progress->nodes_done, n);
            atomic_fetch_add(&progress->items_done, 1);
        }
    }
    return total;
}

/* How much of the table a run uses: room for about twice the entries it
 * can store (one per node two or more plies above the leaves, estimated
 * from the branching of the first two plies), never more than the table:
 * the first touch of a page costs more than the counting that fills it.
 * Runs that use different shares only miss each other's entries. */
static struct table_view table_share(const struct perft_table *t, int root_moves, unsigned items,
                                     int depth)
{
    struct table_view v = {t->buckets, t->count};
    double branching = root_moves > 0 ? (double)items / root_moves : 1.0;
    double entries = items;
    for (int k = 4; k < depth && entries < (double)t->count * BUCKET_ENTRIES; k++)
        entries *= branching;
    double buckets = entries * 1.1 * 2 / BUCKET_ENTRIES;
    if (buckets < 4096)
        buckets = 4096;
    if (buckets < (double)t->count)
        v.count = (size_t)buckets;
    return v;
}

/* The Zobrist key says which castling rights are held, not with which rook
 * (Chess960).  A salt from the root's castling rooks, xored into the root
 * key, reaches every key of the walk and keeps apart, in a table shared by
 * runs, two roots alike but for their castling rooks. */
static uint64_t castle_salt(const struct position *p)
{
    uint64_t packed = 0;
    for (int i = 0; i < 4; i++)
        if (p->castling & (1 << i))
            packed |= (uint64_t)(p->castle_rook[i] + 1) << (8 * i);
    if (!packed)
        return 0;
    uint64_t z = packed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The positions two plies down are the items the threads share; their
 * counts are added up per root move at the end, in a fixed order. */
uint64_t perft_run(const struct position *p, int depth, const struct perft_config *cfg,
                   struct perft_divide *divide)
{
    struct perft_divide local;
    struct perft_divide *d = divide ? divide : &local;
    struct position root = *p;
    root.key = position_compute_key(&root) ^ castle_salt(&root);
    root.key_stale = 0;
    struct perft_table *table = cfg ? cfg->table : NULL;
    struct engine e = {.table = {table ? table->buckets : NULL, table ? table->count : 0}};
    castling_keep_init(e.castle_keep, &root);
    struct perft_progress *progress = cfg ? cfg->progress : NULL;
    int threads = cfg && cfg->threads > 1 ? cfg->threads : 1;
    d->count = 0;
    if (depth <= 0)
        return 1;

    struct movelist l;
    movegen_legal(&root, &l);
    d->count = l.count;
    if (depth < 3)
        return run_by_root_moves(&e, &root, depth, &l, d, progress);

    /* Two plies of items: some hundreds, room made for them at once. */
    size_t cap = 0;
    unsigned count = 0;
    struct item *items = array_grow(NULL, &cap, 1024, sizeof *items);
    if (!items)
        return run_by_root_moves(&e, &root, depth, &l, d, progress);
    for (int i = 0; i < l.count; i++) {
        struct position child = root;
        run_make(&child, l.moves[i], &e);
        struct movelist l2;
        movegen_legal(&child, &l2);
        for (int k = 0; k < l2.count; k++) {
            struct item *more = array_grow(items, &cap, count + 1, sizeof *items);
            if (!more) {
                free(items);
                return run_by_root_moves(&e, &root, depth, &l, d, progress);
            }
            items = more;
            items[count] = (struct item){child, i, 0};
            run_make(&items[count++].pos, l2.moves[k], &e);
        }
    }
    if (table)
        e.table = table_share(table, l.count, count, depth);
    struct job job = {
        .engine = &e, .items = items, .count = count, .depth = depth - 2, .progress = progress};
    atomic_init(&job.next, 0);
    if (progress)
        atomic_store(&progress->items_total, count);
    run_job(&job, threads);

    uint64_t total = 0;
    for (int i = 0; i < l.count; i++) {
        d->moves[i] = l.moves[i];
        d->nodes[i] = 0;
    }
    for (unsigned k = 0; k < count; k++) {
        d->nodes[items[k].root] += items[k].nodes;
        total += items[k].nodes;
    }
    free(items);
    return total;
}

/* ---- Split ---- */

struct split_entry {
    struct position pos;
    uint64_t paths;
};

struct split_set {
    struct split_entry *entries;
    size_t count, cap;
    uint32_t *index; /* open addressing: entry number + 1, 0 when free */
    size_t index_size;
    bool failed;
};

/* The same position but for the counters. */
static bool same_position(const struct position *a, const struct position *b)
{
    return memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 &&
           memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 && a->side == b->side &&
           a->castling == b->castling && a->ep_square == b->ep_square && a->variant == b->variant &&
           memcmp(a->pocket, b->pocket, sizeof a->pocket) == 0 && a->promoted == b->promoted &&
           memcmp(a->checks_given, b->checks_given, sizeof a->checks_given) == 0;
}

/* Double the index when it is half full, so that probes stay short. */
static bool split_grow_index(struct split_set *s)
{
    size_t size = s->index_size ? s->index_size * 2 : 1024;
    uint32_t *index = calloc(size, sizeof *index);
    if (!index)
        return false;
    for (size_t i = 0; i < s->count; i++) {
        size_t h = (size_t)(s->entries[i].pos.key & (size - 1));
        while (index[h])
            h = (h + 1) & (size - 1);
        index[h] = (uint32_t)(i + 1);
    }
    free(s->index);
    s->index = index;
    s->index_size = size;
    return true;
}

/* Count one more path to p. */
static void split_add(struct split_set *s, const struct position *p)
{
    if (s->failed)
        return;
    if (2 * (s->count + 1) > s->index_size &&
        (s->count >= UINT32_MAX - 1 || !split_grow_index(s))) {
        s->failed = true;
        return;
    }
    size_t mask = s->index_size - 1, h = (size_t)(p->key & mask);
    while (s->index[h]) {
        struct split_entry *en = &s->entries[s->index[h] - 1];
        if (en->pos.key == p->key && same_position(&en->pos, p)) {
            en->paths++;
            return;
        }
        h = (h + 1) & mask;
    }
    struct split_entry *more = array_grow(s->entries, &s->cap, s->count + 1, sizeof *more);
    if (!more) {
        s->failed = true;
        return;
    }
    s->entries = more;
    s->entries[s->count] = (struct split_entry){*p, 1};
    s->index[h] = (uint32_t)++s->count;
}

/* The full makemove_play: the positions leave the library (as FEN), with
 * their counters. */
static void split_walk(struct split_set *s, const struct position *p, int plies)
{
    if (plies == 0) {
        split_add(s, p);
        return;
    }
    struct movelist l;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count && !s->failed; i++) {
        struct position child = *p;
        makemove_play(&child, l.moves[i]);
        split_walk(s, &child, plies - 1);
    }
}

/* Each count is found by its move after the sort. */
void perft_divide_sort(const struct position *p, struct perft_divide *d, enum uci_castling style)
{
    struct perft_divide in = *d;
    uci_sort(p, d->moves, d->count, style);
    for (int i = 0; i < d->count; i++)
        for (int j = 0; j < in.count; j++)
            if (in.moves[j] == d->moves[i]) {
                d->nodes[i] = in.nodes[j];
                break;
            }
}

/* All positions are gathered first (a hash index merges transpositions),
 * then visited in the order first reached. */
bool perft_split(const struct position *p, int plies, perft_split_visit *visit, void *ctx)
{
    struct split_set s = {0};
    struct position root = *p;
    root.key = position_compute_key(&root);
    root.key_stale = 0;
    split_walk(&s, &root, plies < 0 ? 0 : plies);
    if (!s.failed)
        for (size_t i = 0; i < s.count; i++)
            visit(&s.entries[i].pos, s.entries[i].paths, ctx);
    free(s.entries);
    free(s.index);
    return !s.failed;
}
