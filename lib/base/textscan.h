/* PCRE2 patterns for the library's text readers (lib/games/pgn_lexer.c for PGN,
 * lib/games/named_reader.c for the named notation): compiled once, anchored, and
 * JIT-compiled where the platform allows.  Internal to the library: no
 * tool includes it. */
#ifndef CHESS_TEXTSCAN_H
#define CHESS_TEXTSCAN_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdbool.h>
#include <stddef.h>

struct textscan_pattern {
    const char *src; /* kept for a pattern compiled at its first match */
    pcre2_code *code;
    bool jit; /* JIT-compiled: matched with pcre2_jit_match */
};

/* What textscan_match returns when a pattern left for its first match
 * does not compile then (memory ran out): a PCRE2 error code. */
#define TEXTSCAN_ERROR_COMPILE PCRE2_ERROR_NOMEMORY

/* Compile src as an anchored pattern; false when it does not compile. */
bool textscan_compile(struct textscan_pattern *p, const char *src);

/* Keep src, a string that outlives p, to compile at the first match: a
 * pattern left for rare text costs most runs no compilation. */
void textscan_defer(struct textscan_pattern *p, const char *src);

/* Compile a deferred pattern now; false when it does not compile. */
bool textscan_compile_deferred(struct textscan_pattern *p);
void textscan_free(struct textscan_pattern *p);
/* Compile src, a pattern a user gave (pgn-select's --tag ~, --player),
 * with PCRE2 options and not anchored: false with PCRE2's message and the
 * offset in err ("missing closing parenthesis at offset 1"; snprintf
 * contract). */
bool textscan_compile_user(struct textscan_pattern *p, const char *src, uint32_t options, char *err,
                           size_t errsize);
/* textscan_match for a pattern compiled (not one deferred), which it
 * leaves unchanged: a pattern threads share. */
static inline int textscan_match_compiled(const struct textscan_pattern *p, const char *s, size_t n,
                                          size_t start, pcre2_match_data *md)
{
    if (p->jit)
        return pcre2_jit_match(p->code, (PCRE2_SPTR)s, n, start, 0, md, NULL);
    return pcre2_match(p->code, (PCRE2_SPTR)s, n, start, 0, md, NULL);
}

/* Match p anchored at s[start] within s[0..n), results in md; the PCRE2
 * return code (> 0 on a match), TEXTSCAN_ERROR_COMPILE when a deferred
 * pattern does not compile. */
static inline int textscan_match(struct textscan_pattern *p, const char *s, size_t n, size_t start,
                                 pcre2_match_data *md)
{
    if (!p->code && !textscan_compile_deferred(p))
        return TEXTSCAN_ERROR_COMPILE;
    return textscan_match_compiled(p, s, n, start, md);
}

#endif
