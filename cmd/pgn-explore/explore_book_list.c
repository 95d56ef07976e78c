/*
 * explore_book_list.c - pgn-explore --book BOOK: a Polyglot book's moves
 * for each position asked, with their weights and learn values, in the
 * book's order (make-book's: weight, highest first), as polyglot's reader
 * and python-chess's chess.polyglot.MemoryMappedReader.find_all see them
 * (weight 0 entries included: they are in the book).
 *
 *     position FEN
 *     key 463b96181691fc9c, 2 moves
 *     uci     san     weight  learn   share
 *     e2e4    e4      30      0       60.0%
 *
 * A damaged book (size, order of its keys, a move that is no move) is
 * reported "PROG: BOOK: byte N: message" and nothing is listed (status 1);
 * an entry whose move is not legal in the position asked is reported the
 * same way and left out, the others listed.
 */
#include "explore_book.h"

#include "explore/polyglot_book.h"
#include "explore/polyglot_key.h"
#include "explore_book_file.h"
#include "explore_options.h"
#include "notation/fen.h"
#include "notation/san.h"
#include "notation/uci.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* List the book's moves for p: the status (1 when an entry is not legal). */
static int list_position(const char *path, const struct polyglot_book *b, const struct position *p)
{
    int status = CLI_OK;
    char fen[FEN_MAX];
    fen_format(p, fen, sizeof fen);
    uint64_t key = polyglot_key(p);
    size_t count, first = polyglot_book_find(b, key, &count);
    uint64_t total = 0;
    for (size_t i = first; i < first + count; i++)
        total += polyglot_book_entry(b, i).weight;
    printf("position %s\nkey %016" PRIx64 ", %zu move%s\n", fen, key, count, count == 1 ? "" : "s");
    if (count)
        printf("uci\tsan\tweight\tlearn\tshare\n");
    for (size_t i = first; i < first + count; i++) {
        struct polyglot_entry e = polyglot_book_entry(b, i);
        move m = polyglot_move_decode(p, e.move);
        if (m == MOVE_NONE) {
            cli_error("%s: byte %zu: entry %zu's move 0x%04x is not legal in %s", path,
                      i * POLYGLOT_ENTRY_SIZE, i + 1, e.move, fen);
            status = CLI_INVALID;
            continue;
        }
        char uci[UCI_MOVE_MAX], san[SAN_MAX];
        uci_format(p, m, UCI_CASTLING_AUTO, uci);
        san_format(p, m, san);
        double share = total ? 100.0 * e.weight / (double)total : 0.0;
        printf("%s\t%s\t%u\t%" PRIu32 "\t%.1f%%\n", uci, san, e.weight, e.learn, share);
    }
    return status;
}

int explore_book_list(const struct explore_options *opt)
{
    const char *path = opt->book.book;
    size_t len;
    int status;
    uint8_t *bytes = explore_book_file_read(path, &len, &status);
    if (!bytes)
        return status;
    struct polyglot_book b;
    struct polyglot_book_problem pr;
    if (!polyglot_book_open(&b, bytes, len, &pr)) {
        cli_error("%s: byte %zu: %s", path, pr.offset, pr.message);
        free(bytes);
        return CLI_INVALID;
    }
    for (size_t i = 0; i < opt->nasked && !cli_stdout_failed(); i++) {
        if (i)
            putchar('\n');
        if (!opt->asked[i].ok) { /* reported when read: its place kept */
            printf("no position (line %lu)\n", opt->asked[i].line);
            status = cli_status_merge(status, CLI_INVALID);
            continue;
        }
        if (opt->asked[i].pos.variant != VARIANT_CHESS) {
            cli_error("%s: a Polyglot book holds standard chess: not this position's variant",
                      path);
            status = cli_status_merge(status, CLI_INVALID);
            continue;
        }
        status = cli_status_merge(status, list_position(path, &b, &opt->asked[i].pos));
    }
    free(bytes);
    return status;
}
