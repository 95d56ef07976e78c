/* The four game results of PGN standard 8.2.6, written once for every
 * reader and tool: "1-0", "0-1", "1/2-1/2" and "*" (unknown). */
#ifndef CHESS_PGN_RESULT_H
#define CHESS_PGN_RESULT_H

#include <stddef.h>

enum pgn_result {
    PGN_RESULT_WHITE,
    PGN_RESULT_BLACK,
    PGN_RESULT_DRAW,
    PGN_RESULT_UNKNOWN,
    PGN_RESULT_NB
};
/* The same four as PCRE2 alternatives, for the readers' patterns. */
#define PGN_RESULT_ALTERNATIVES "1-0|0-1|1/2-1/2|\\*"

/* The text of a result. */
const char *pgn_result_text(enum pgn_result r);
/* The result that s[0..n) spells exactly, or PGN_RESULT_NB. */
enum pgn_result pgn_result_parse(const char *s, size_t n);

#endif /* CHESS_PGN_RESULT_H */
