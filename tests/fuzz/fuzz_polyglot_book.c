/* libFuzzer target for the Polyglot book reader (lib/explore/polyglot_book.h):
 * any bytes go through polyglot_book_open, and what it says must hold up.
 * Crashes and sanitizer reports are findings, and so is any broken
 * invariant (abort):
 *  - a book found whole has a size of whole entries, sorted keys and moves
 *    shaped as moves; each entry reads back to its bytes, and lookup by its
 *    key finds a run of entries of that key that holds it;
 *  - a damaged one says where (an entry within the bytes) and why, in
 *    printable text, the size problem exactly when the size is torn;
 *  - every move of the start position's entries decodes to MOVE_NONE or to
 *    a legal move that encodes back to it;
 *  - the entries, counted into a builder as plies (side and score from
 *    their bits), give a book that opens whole, sorted, weights above 0. */
#include "explore/polyglot_book.h"
#include "explore/polyglot_key.h"
#include "rules/movegen.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(bool cond)
{
    if (!cond)
        abort();
}

static void check_problem(const struct polyglot_book_problem *pr, size_t size)
{
    require(pr->status != POLYGLOT_BOOK_OK);
    require(pr->offset == pr->entry * POLYGLOT_ENTRY_SIZE && pr->offset <= size);
    require((pr->status == POLYGLOT_BOOK_SIZE) == (size % POLYGLOT_ENTRY_SIZE != 0));
    size_t n = strnlen(pr->message, POLYGLOT_MESSAGE_MAX);
    require(n > 0 && n < POLYGLOT_MESSAGE_MAX);
    for (size_t k = 0; k < n; k++)
        require(pr->message[k] >= 0x20 && pr->message[k] < 0x7F);
}

static void check_book(const struct polyglot_book *b, size_t size)
{
    require(b->entries * POLYGLOT_ENTRY_SIZE == size);
    for (size_t i = 0; i < b->entries; i++) {
        struct polyglot_entry e = polyglot_book_entry(b, i);
        uint8_t back[POLYGLOT_ENTRY_SIZE];
        polyglot_entry_put(&e, back);
        require(memcmp(back, b->bytes + i * POLYGLOT_ENTRY_SIZE, sizeof back) == 0);
        require(polyglot_move_well_formed(e.move));
        require(i == 0 || polyglot_book_entry(b, i - 1).key <= e.key);
        size_t count, first = polyglot_book_find(b, e.key, &count);
        require(count >= 1 && first <= i && i < first + count);
        require(first == 0 || polyglot_book_entry(b, first - 1).key < e.key);
    }
    struct position p;
    position_start(&p);
    size_t count, first = polyglot_book_find(b, polyglot_key(&p), &count);
    for (size_t i = first; i < first + count; i++) {
        uint16_t raw = polyglot_book_entry(b, i).move;
        move m = polyglot_move_decode(&p, raw);
        require(m == MOVE_NONE || (movegen_is_legal(&p, m) && polyglot_move_encode(m) == raw));
    }
}

static void check_builder(const struct polyglot_book *b)
{
    struct polyglot_builder *bld = polyglot_builder_new();
    if (!bld)
        return;
    for (size_t i = 0; i < b->entries; i++) {
        struct polyglot_entry e = polyglot_book_entry(b, i);
        for (unsigned k = 0; k <= (e.learn & 3); k++)
            if (!polyglot_builder_add(bld, e.key, e.move, (enum color)(e.weight & 1),
                                      (int)((e.weight >> 1) % 3)))
                break;
    }
    struct polyglot_build_options opt = POLYGLOT_BUILD_OPTIONS_DEFAULT;
    opt.min_games = 1;
    size_t len;
    bool oom;
    uint8_t *out = polyglot_builder_finish(bld, &opt, &len, &oom);
    if (out || !oom) {
        struct polyglot_book made;
        struct polyglot_book_problem pr;
        require(polyglot_book_open(&made, out, len, &pr));
        for (size_t i = 0; i < made.entries; i++)
            require(polyglot_book_entry(&made, i).weight > 0);
    }
    free(out);
    polyglot_builder_free(bld);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct polyglot_book b;
    struct polyglot_book_problem pr;
    if (!polyglot_book_open(&b, data, size, &pr)) {
        check_problem(&pr, size);
        return 0;
    }
    require(pr.status == POLYGLOT_BOOK_OK);
    check_book(&b, size);
    check_builder(&b);
    return 0;
}
