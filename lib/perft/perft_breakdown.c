/* Perft's breakdown (perft_breakdown.h): the tree walked with the plain
 * generator and make-move down to the last ply, whose every move is made
 * and its leaf asked of the rules (position_checkers, status_get). */
#include "perft_breakdown.h"

#include "base/array.h"
#include "rules/castling.h"
#include "rules/makemove.h"
#include "rules/makemove_impl.h"
#include "rules/status.h"
#include "perft_pool.h"

#include <stdlib.h>
#include <string.h>

const char *const perft_column_names[PERFT_COLUMNS] = {
    "nodes",  "captures",          "en_passant",    "castles",   "promotions",
    "checks", "discovered_checks", "double_checks", "checkmates"};

/* What the walk needs beyond the position: the rights a move from or to
 * each square leaves (castling_keep_init). */
struct walker {
    uint8_t castle_keep[SQUARE_NB];
};

static void add(struct perft_breakdown *to, const struct perft_breakdown *b)
{
    for (int i = 0; i < PERFT_COLUMNS; i++)
        to->count[i] += b->count[i];
}

/* A move above the leaves: standard chess without the key and counters
 * (the walk never reads them), the variants in full. */
static void make(const struct walker *w, struct position *p, move m)
{
    if (p->variant != VARIANT_CHESS) {
        makemove_play(p, m);
        return;
    }
    makemove_standard(p, p, m, (struct makemove_mode){.mailbox = true}, w->castle_keep);
    p->key_stale = 1;
}

/* The leaves below p, one per legal move: each move made (standard chess:
 * from p, into a position holding only what the check test reads, as
 * perft_leaf's children do) and its leaf asked for its checkers; the few
 * that are checks are made again in full for their status.  The columns
 * are kept in locals, added to *b at the end. */
static void tally(const struct walker *w, const struct position *p, const struct movelist *l,
                  struct perft_breakdown *b)
{
    uint64_t captures = 0, en_passant = 0, castles = 0, promotions = 0;
    uint64_t checks = 0, discovered = 0, doubles = 0, mates = 0;
    bool chess = p->variant == VARIANT_CHESS;
    struct position leaf;
    for (int i = 0; i < l->count; i++) {
        move m = l->moves[i];
        enum move_kind kind = move_kind(m);
        captures += move_is_capture(p, m);
        en_passant += kind == MOVE_EN_PASSANT;
        castles += kind == MOVE_CASTLE;
        promotions += move_is_promotion(m);
        if (chess) {
            memcpy(leaf.by_type, p->by_type, sizeof leaf.by_type);
            memcpy(leaf.by_color, p->by_color, sizeof leaf.by_color);
            memcpy(leaf.castle_rook, p->castle_rook, sizeof leaf.castle_rook);
            leaf.chess960 = p->chess960;
            leaf.variant = VARIANT_CHESS;
            makemove_standard(&leaf, p, m, (struct makemove_mode){0}, w->castle_keep);
        } else {
            leaf = *p;
            makemove_play(&leaf, m);
        }
        bitboard checkers = position_checkers(&leaf);
        if (!checkers)
            continue;
        /* the piece that moved stands on the target, or for a castling
         * (whose move names the rook's square) is the rook on its new
         * square */
        int from = move_from(m), to = move_to(m);
        int moved = kind == MOVE_CASTLE ? move_castle_rook_to(from, to) : to;
        checks++;
        discovered += !bb_test(checkers, moved);
        doubles += bb_several(checkers);
        if (chess) {
            leaf = *p;
            makemove_play(&leaf, m);
        }
        mates += status_get(&leaf) == STATUS_CHECKMATE;
    }
    b->count[PERFT_NODES] += (uint64_t)l->count;
    b->count[PERFT_CAPTURES] += captures;
    b->count[PERFT_EN_PASSANT] += en_passant;
    b->count[PERFT_CASTLES] += castles;
    b->count[PERFT_PROMOTIONS] += promotions;
    b->count[PERFT_CHECKS] += checks;
    b->count[PERFT_DISCOVERED_CHECKS] += discovered;
    b->count[PERFT_DOUBLE_CHECKS] += doubles;
    b->count[PERFT_CHECKMATES] += mates;
}

static void walk(const struct walker *w, const struct position *p, int depth,
                 struct perft_breakdown *b)
{
    if (depth <= 0) {
        b->count[PERFT_NODES]++;
        return;
    }
    struct movelist l;
    int n = movegen_legal(p, &l);
    if (depth == 1) {
        tally(w, p, &l, b);
        return;
    }
    for (int i = 0; i < n; i++) {
        struct position child = *p;
        make(w, &child, l.moves[i]);
        walk(w, &child, depth - 1, b);
    }
}

/* ---- Threads, as perft_run shares them out ---- */

/* A piece of work: the subtree below a position two plies down, whose
 * breakdown goes to the root move that led there. */
struct item {
    struct position pos;
    int root;
    struct perft_breakdown below;
};

struct job {
    const struct walker *walker;
    struct item *items;
    unsigned count;
    int depth; /* below each item */
    atomic_uint next;
    struct perft_progress *progress;
};

static void *worker(void *arg)
{
    struct job *j = arg;
    for (;;) {
        unsigned k = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
        if (k >= j->count)
            break;
        struct item *it = &j->items[k];
        walk(j->walker, &it->pos, j->depth, &it->below);
        if (j->progress) {
            atomic_fetch_add_explicit(&j->progress->nodes_done, it->below.count[PERFT_NODES],
                                      memory_order_relaxed);
            atomic_fetch_add_explicit(&j->progress->items_done, 1, memory_order_relaxed);
        }
    }
    return NULL;
}

static void run_job(struct job *j, int threads)
{
    perft_pool_run(worker, j, threads);
}

/* The root moves one by one on the calling thread: shallow depths, or
 * when the items cannot be had. */
static void run_by_root_moves(const struct walker *w, const struct position *p, int depth,
                              const struct movelist *l, struct perft_breakdown_divide *d,
                              struct perft_breakdown *total, struct perft_progress *progress)
{
    if (progress)
        atomic_store(&progress->items_total, (unsigned)l->count);
    for (int i = 0; i < l->count; i++) {
        struct perft_breakdown b = {{0}};
        if (depth == 1) {
            struct movelist one = {.count = 1, .moves = {l->moves[i]}};
            tally(w, p, &one, &b);
        } else {
            struct position child = *p;
            make(w, &child, l->moves[i]);
            walk(w, &child, depth - 1, &b);
        }
        d->moves[i] = l->moves[i];
        d->below[i] = b;
        add(total, &b);
        if (progress) {
            atomic_fetch_add(&progress->nodes_done, b.count[PERFT_NODES]);
            atomic_fetch_add(&progress->items_done, 1);
        }
    }
}

void perft_breakdown_run(const struct position *p, int depth, const struct perft_config *cfg,
                         struct perft_breakdown *total, struct perft_breakdown_divide *divide)
{
    struct perft_breakdown_divide *local = NULL;
    struct perft_breakdown_divide *d = divide;
    struct walker w;
    struct perft_progress *progress = cfg ? cfg->progress : NULL;
    int threads = cfg && cfg->threads > 1 ? cfg->threads : 1;
    memset(total, 0, sizeof *total);
    castling_keep_init(w.castle_keep, p);
    if (divide)
        divide->count = 0;
    if (depth <= 0) {
        total->count[PERFT_NODES] = 1;
        return;
    }
    struct movelist l;
    movegen_legal(p, &l);
    if (!d) {
        d = local = malloc(sizeof *local);
        if (!d) {
            /* no room for the divide: the walk needs none */
            walk(&w, p, depth, total);
            return;
        }
    }
    d->count = l.count;
    size_t cap = 0;
    unsigned count = 0;
    struct item *items = depth >= 3 ? array_grow(NULL, &cap, 1024, sizeof *items) : NULL;
    for (int i = 0; items && i < l.count; i++) {
        struct position child = *p;
        makemove_play(&child, l.moves[i]);
        struct movelist l2;
        movegen_legal(&child, &l2);
        for (int k = 0; k < l2.count; k++) {
            struct item *more = array_grow(items, &cap, count + 1, sizeof *items);
            if (!more) {
                free(items);
                items = NULL;
                break;
            }
            items = more;
            items[count] = (struct item){.pos = child, .root = i};
            makemove_play(&items[count++].pos, l2.moves[k]);
        }
    }
    if (!items) {
        run_by_root_moves(&w, p, depth, &l, d, total, progress);
        free(local);
        return;
    }
    struct job job = {
        .walker = &w, .items = items, .count = count, .depth = depth - 2, .progress = progress};
    atomic_init(&job.next, 0);
    if (progress)
        atomic_store(&progress->items_total, count);
    run_job(&job, threads);
    for (int i = 0; i < l.count; i++) {
        d->moves[i] = l.moves[i];
        memset(&d->below[i], 0, sizeof d->below[i]);
    }
    for (unsigned k = 0; k < count; k++) {
        add(&d->below[items[k].root], &items[k].below);
        add(total, &items[k].below);
    }
    free(items);
    free(local);
}

/* Each breakdown is found by its move after the sort. */
void perft_breakdown_divide_sort(const struct position *p, struct perft_breakdown_divide *d,
                                 enum uci_castling style)
{
    move before[MOVELIST_MAX];
    memcpy(before, d->moves, (size_t)d->count * sizeof *before);
    uci_sort(p, d->moves, d->count, style);
    struct perft_breakdown sorted[MOVELIST_MAX];
    for (int i = 0; i < d->count; i++)
        for (int j = 0; j < d->count; j++)
            if (before[j] == d->moves[i]) {
                sorted[i] = d->below[j];
                break;
            }
    memcpy(d->below, sorted, (size_t)d->count * sizeof *sorted);
}
