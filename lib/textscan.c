#include "textscan.h"

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

bool textscan_compile_deferred(struct textscan_pattern *p)
{
    int errcode;
    PCRE2_SIZE erroff;
    p->code = pcre2_compile((PCRE2_SPTR)p->src, PCRE2_ZERO_TERMINATED, PCRE2_ANCHORED, &errcode,
                            &erroff, NULL);
    if (!p->code)
        return false;
    p->jit = pcre2_jit_compile(p->code, PCRE2_JIT_COMPLETE) == 0;
    return true;
}

void textscan_free(struct textscan_pattern *p)
{
    pcre2_code_free(p->code);
    p->code = NULL;
}
