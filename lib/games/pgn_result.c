/* The four game results (pgn_result.h): their text, parsing and the
 * patterns' alternatives, below the reader and its lexer. */
#include "pgn_result.h"

#include <string.h>

/* In the order of enum pgn_result; PGN_RESULT_ALTERNATIVES spells the same. */
static const char *const result_texts[PGN_RESULT_NB] = {"1-0", "0-1", "1/2-1/2", "*"};

const char *pgn_result_text(enum pgn_result r)
{
    return (unsigned)r < PGN_RESULT_NB ? result_texts[r] : "*";
}

enum pgn_result pgn_result_parse(const char *s, size_t n)
{
    for (int i = 0; i < PGN_RESULT_NB; i++)
        if (strlen(result_texts[i]) == n && memcmp(s, result_texts[i], n) == 0)
            return (enum pgn_result)i;
    return PGN_RESULT_NB;
}
