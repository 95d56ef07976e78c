/*
 * game_table_numbers.c - the games' numbers of a chunk's table shifted
 * when written (see game_table_numbers.h).
 */
#include "game_table_numbers.h"

#include "game_table_cell.h"

#include <string.h>

void game_table_numbers_write(void *arg, struct jobs_result *res, const char *name,
                              unsigned long game_offset, bool file_first)
{
    static struct cli_buf b; /* (the main thread's alone: it writes the results) */
    (void)file_first;
    const char *s = res->out.data, *end = s + res->out.len;
    /* the last number read and its text shifted: a game's rows repeat it */
    const char *last = NULL;
    size_t last_len = 0, shifted_len = 0;
    char shifted[24];
    b.len = 0;
    while (s < end) {
        const char *m = memchr(s, GAME_TABLE_NUMBERS_MARK, (size_t)(end - s));
        if (!m) {
            cli_buf_put(&b, s, (size_t)(end - s));
            break;
        }
        cli_buf_put(&b, s, (size_t)(m - s));
        const char *digits = s = m + 1;
        while (s < end && *s >= '0' && *s <= '9')
            s++;
        size_t n = (size_t)(s - digits);
        if (!last || n != last_len || memcmp(digits, last, n) != 0) {
            unsigned long v = 0;
            for (size_t i = 0; i < n; i++)
                v = v * 10 + (unsigned long)(digits[i] - '0');
            shifted_len = game_table_cell_ulong(v + game_offset, shifted);
            last = digits;
            last_len = n;
        }
        cli_buf_put(&b, shifted, shifted_len);
    }
    if (b.nomem) { /* no memory: the run ends here */
        res->status = cli_status_merge(res->status, cli_nomem());
        res->stop = true;
        b.nomem = false;
    } else {
        fwrite_unlocked(b.data, 1, b.len, stdout);
    }
    res->out.len = 0;
    jobs_result_write(res, name, game_offset, arg);
}
