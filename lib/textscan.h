/* PCRE2 patterns for the library's text readers (lib/pgn.c for PGN,
 * lib/named_reader.c for the named notation): compiled once, anchored, and
 * JIT-compiled where the platform allows.  Internal to the library: no
 * tool includes it. */
#ifndef CHESS_TEXTSCAN_H
#define CHESS_TEXTSCAN_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdbool.h>
#include <stddef.h>

struct textscan_pattern {
    pcre2_code *code;
    bool jit; /* JIT-compiled: matched with pcre2_jit_match */
};

/* Compile src as an anchored pattern; false when it does not compile. */
bool textscan_compile(struct textscan_pattern *p, const char *src);
void textscan_free(struct textscan_pattern *p);

/* Match p anchored at s[start] within s[0..n), results in md; the PCRE2
 * return code (> 0 on a match). */
static inline int textscan_match(const struct textscan_pattern *p, const char *s, size_t n,
                                 size_t start, pcre2_match_data *md)
{
    if (p->jit)
        return pcre2_jit_match(p->code, (PCRE2_SPTR)s, n, start, 0, md, NULL);
    return pcre2_match(p->code, (PCRE2_SPTR)s, n, start, 0, md, NULL);
}

#endif
