#include "bitboard.h"

/* Square names are written often (UCI, SAN, FEN); the buffer is the caller's. */
void square_format(int sq, char buf[3])
{
    if (sq < 0 || sq >= SQUARE_NB) {
        buf[0] = '-';
        buf[1] = '\0';
        return;
    }
    buf[0] = (char)('a' + square_file(sq));
    buf[1] = (char)('1' + square_rank(sq));
    buf[2] = '\0';
}

/* Accepts exactly a file letter a-h followed by a rank digit 1-8. */
int square_parse(const char *s, size_t len)
{
    if (len < 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
        return SQUARE_NONE;
    return square_make(s[0] - 'a', s[1] - '1');
}
