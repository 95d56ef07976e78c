/* libFuzzer target for the reader of an engine's divide lines
 * (uci_engine_divide_line, cmd/engine/uci_engine.c: perft --against-engine's and
 * --against-divide's "e2e4: 20" lines): any bytes, split at '\n' as
 * divide_command.c splits them (a trailing '\r' dropped), each line read
 * into one struct uci_engine_divide.  Besides crashes and sanitizer reports, a
 * finding is any broken property (abort):
 *  - a line is taken exactly when a reader written here from the format
 *    takes it: 4 or 5 bytes before its first ':', then ": " and a digit,
 *    the digits that follow fitting 64 bits, while the table has room;
 *  - a line taken adds one move, its text the bytes before the colon and
 *    its count what the digits say; a line refused changes nothing;
 *  - the total and have_total are never touched. */
#include "engine/uci_engine.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(bool cond)
{
    if (!cond)
        abort();
}

/* The oracle: is the line a move's count, and which? */
static bool want_line(const char *l, size_t *mlen, uint64_t *nodes)
{
    const char *colon = strchr(l, ':');
    if (!colon)
        return false;
    *mlen = (size_t)(colon - l);
    if (*mlen < 4 || *mlen > 5 || colon[1] != ' ' || colon[2] < '0' || colon[2] > '9')
        return false;
    uint64_t v = 0;
    for (const char *p = colon + 2; *p >= '0' && *p <= '9'; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *nodes = v;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct uci_engine_divide t;
    memset(&t, 0, sizeof t);
    t.total = 12345;
    char line[4096];
    size_t i = 0;
    /* Enough lines to fill the table too: the input is read again until
     * it has given that many lines. */
    for (int pass = 0; pass < 4 && size > 0; pass++) {
        for (i = 0; i < size;) {
            const uint8_t *nl = memchr(data + i, '\n', size - i);
            size_t end = nl ? (size_t)(nl - data) : size;
            size_t n = end - i < sizeof line - 1 ? end - i : sizeof line - 1;
            memcpy(line, data + i, n);
            if (n > 0 && line[n - 1] == '\r')
                n--;
            line[n] = '\0';
            i = end + 1;
            size_t mlen = 0;
            uint64_t nodes = 0;
            bool want = want_line(line, &mlen, &nodes) && t.count < 2 * MOVELIST_MAX;
            int before = t.count;
            bool got = uci_engine_divide_line(line, &t);
            require(got == want);
            require(t.count == before + (got ? 1 : 0));
            require(t.total == 12345 && !t.have_total);
            if (got) {
                require(strlen(t.moves[before].text) == mlen &&
                        memcmp(t.moves[before].text, line, mlen) == 0);
                require(t.moves[before].nodes == nodes);
            }
        }
    }
    return 0;
}
