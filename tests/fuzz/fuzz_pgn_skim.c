/* libFuzzer target for the skimmer (lib/games/pgn_skim.h), differential: the
 * input walked with pgn_skim_next, each game skimmed held to a reader
 * opened where it starts (the same raw bytes, lines and tags, no
 * diagnostic but those of words that are no token), each READER answer
 * read by a reader up to the splitter's next cut, and the games of the
 * walk held to those of one reader over the whole input
 * (tests/skim_alike.c).  Any difference aborts, which libFuzzer reports
 * as a crash. */
#include "games/pgn_skim.h"

#include "skim_alike.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* a copy of the exact size: a read past the input is the sanitizers' */
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    if (size)
        memcpy(text, data, size);
    struct skim_alike_stats st = {0};
    char why[400] = "";
    if (!skim_alike_walk(text, size, &st, why, sizeof why)) {
        fprintf(stderr, "fuzz_pgn_skim: %s\n", why);
        abort();
    }
    free(text);
    return 0;
}
