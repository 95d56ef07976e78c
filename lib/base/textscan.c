/* PCRE2 patterns, JIT-compiled (textscan.h), for the two readers' lexers
 * and pgn-select; internal. */
#include "textscan.h"

#include <stdio.h>
#include <stdlib.h>

/* The interpreter is the fallback when JIT compilation fails (an
 * unsupported platform, no executable memory): a missing JIT only costs
 * speed, never answers. */
bool textscan_compile(struct textscan_pattern *p, const char *src)
{
    textscan_defer(p, src);
    bool ok = textscan_compile_deferred(p);
    p->src = NULL; /* src may be the caller's scratch */
    return ok;
}

void textscan_defer(struct textscan_pattern *p, const char *src)
{
    p->src = src;
    p->code = NULL;
    p->jit = false;
}

/* Compile src, JIT-compiled where the platform allows. */
static bool compile(struct textscan_pattern *p, const char *src, uint32_t options, int *errcode,
                    PCRE2_SIZE *erroff)
{
    p->jit = false;
    p->code = pcre2_compile((PCRE2_SPTR)src, PCRE2_ZERO_TERMINATED, options, errcode, erroff, NULL);
    if (!p->code)
        return false;
    p->jit = pcre2_jit_compile(p->code, PCRE2_JIT_COMPLETE) == 0;
    return true;
}

bool textscan_compile_deferred(struct textscan_pattern *p)
{
    int errcode;
    PCRE2_SIZE erroff;
    return compile(p, p->src, PCRE2_ANCHORED, &errcode, &erroff);
}

bool textscan_compile_user(struct textscan_pattern *p, const char *src, uint32_t options, char *err,
                           size_t errsize)
{
    int errcode;
    PCRE2_SIZE erroff;
    p->src = NULL;
    if (compile(p, src, options, &errcode, &erroff))
        return true;
    PCRE2_UCHAR msg[120];
    if (pcre2_get_error_message(errcode, msg, sizeof msg) < 0)
        snprintf((char *)msg, sizeof msg, "error %d", errcode);
    snprintf(err, errsize, "%s at offset %zu", (char *)msg, (size_t)erroff);
    return false;
}

void textscan_free(struct textscan_pattern *p)
{
    pcre2_code_free(p->code);
    p->code = NULL;
}
