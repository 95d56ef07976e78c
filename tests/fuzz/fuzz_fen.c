/* libFuzzer target for the FEN layer: any bytes go through fen_parse and
 * fen_validate under every option set, and what they say must hold up.
 * Crashes and sanitizer reports are findings, and so is any broken
 * invariant (abort):
 *  - every message is printable ASCII and every column lies in the record
 *    (len + 1 at most: "missing field" points just past the end);
 *  - a record found valid is safe for the move generator, and its
 *    canonical FEN is valid again and formats to itself (a fixed point);
 *    fen_format_record writes what fen_format writes (an EPD record of
 *    four fields and operations: the same without the counters);
 *  - fen_parse keeps the en-passant square only when it is usable, and the
 *    incremental hash key equals a recomputed one;
 *  - under every variant (pockets, '~', check counters, and the variants'
 *    own validity): the same, and every move of a valid position reads
 *    back from its UCI and its SAN text (drops and king promotions
 *    included), the list and the count agreeing before and after it. */
#include "notation/fen.h"
#include "notation/fen_validate.h"
#include "rules/makemove.h"
#include "notation/san.h"
#include "notation/uci.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(bool cond)
{
    if (!cond)
        abort();
}

static void check_report(const struct fen_report *rep, size_t len)
{
    require(rep->count >= 0 && rep->count <= FEN_PROBLEMS_MAX && rep->dropped >= 0);
    for (int i = 0; i < rep->count; i++) {
        const struct fen_problem *pr = &rep->problems[i];
        require(pr->code > FEN_OK && pr->code < FEN_CODE_NB);
        require(pr->col >= 1 && pr->col <= len + 1);
        size_t n = strnlen(pr->message, FEN_MESSAGE_MAX);
        require(n > 0 && n < FEN_MESSAGE_MAX);
        for (size_t k = 0; k < n; k++)
            require(pr->message[k] >= 0x20 && pr->message[k] < 0x7F);
    }
}

/* A valid position must be one the rest of the library can play on. */
static void exercise(const struct position *p)
{
    struct movelist list;
    int n = movegen_legal(p, &list);
    require(n == movegen_count(p) && n <= MOVELIST_MAX);
    for (int i = 0; i < n; i++) {
        move m = list.moves[i];
        char text[SAN_MAX];
        size_t len = uci_format(p, m, UCI_CASTLING_AUTO, text);
        require(uci_parse(p, text, len) == m);
        move back = MOVE_NONE;
        len = san_format(p, m, text);
        require(san_parse(p, text, len, &back) == SAN_OK && back == m);
        struct position next = *p;
        makemove_play(&next, m);
        require(next.key == position_compute_key(&next));
        struct movelist after;
        require(movegen_legal(&next, &after) == movegen_count(&next));
    }
}

static void run(const char *s, size_t len, const struct fen_options *opt)
{
    struct fen_record rec;
    struct fen_report rep = {0};
    bool parsed = fen_parse(s, len, opt, &rec, &rep);
    bool valid = fen_validate(&rec, &rep) && parsed;
    check_report(&rep, len);
    require(valid == (rep.count + rep.dropped == 0));
    require(rec.pos.key == position_compute_key(&rec.pos));
    if (rec.pos.ep_square != SQUARE_NONE)
        require(rec.ep_raw == rec.pos.ep_square);
    if (rec.ops) {
        const char *arg;
        size_t alen;
        if (fen_epd_find(rec.ops, rec.ops_len, "id", &arg, &alen))
            require(arg >= rec.ops && arg + alen <= rec.ops + rec.ops_len);
    }
    char fen[FEN_MAX];
    size_t n = fen_format(&rec.pos, fen, sizeof fen);
    require(n < FEN_MAX && strlen(fen) == n);
    /* The record's own formatting (the board field copied when it is
     * canonical) writes the same; an EPD record stays EPD, no counters. */
    char fen_rec[FEN_MAX];
    size_t nr = fen_format_record(&rec, fen_rec, sizeof fen_rec);
    if (rec.fields == 4 && rec.ops)
        require(nr < n && fen[nr] == ' ' && memcmp(fen, fen_rec, nr) == 0 &&
                strchr(fen + nr + 1, ' ') && !strchr(strchr(fen + nr + 1, ' ') + 1, ' '));
    else
        require(nr == n && strcmp(fen, fen_rec) == 0);
    if (!valid)
        return;
    exercise(&rec.pos);
    /* The canonical form is valid and canonical. */
    struct fen_record again;
    struct fen_report rep2 = {0};
    struct fen_options strict = *opt;
    strict.strict = true;
    require(fen_read(fen, n, &strict, &again, &rep2));
    char fen2[FEN_MAX];
    fen_format(&again.pos, fen2, sizeof fen2);
    require(strcmp(fen, fen2) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A copy of exactly size bytes on the heap, so that ASan catches any
     * read past the end (the parser must never look for a NUL). */
    char *s = malloc(size ? size : 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    for (int o = 0; o < 4; o++) {
        struct fen_options opt = {.strict = o & 1, .chess960 = (o >> 1) & 1};
        run(s, size, &opt);
    }
    /* The variants, each under one option set picked by the input's
     * length, so that all of them are tried across the corpus. */
    for (int v = 1; v < VARIANT_NB; v++) {
        int o = (int)((size + (size_t)v) & 3);
        struct fen_options opt = {.strict = o & 1, .chess960 = (o >> 1) & 1, .variant = (uint8_t)v};
        run(s, size, &opt);
    }
    free(s);
    return 0;
}
