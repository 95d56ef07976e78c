/* Versions of the hot code (the generator, the perft walk) for classes of
 * x86-64 CPUs, and the load-time choice among them.
 *
 * Each version adds instruction sets to the ones the build targets: it is
 * compiled with the user's CFLAGS plus target("..."), never with
 * target("arch=..."), which replaces the build's target.  That matters:
 * GCC inlines a function only into a caller whose target includes the
 * callee's, and every small helper of the headers (bb_pop, attacks_knight,
 * move_from...) is compiled for the build's target.  With target_clones
 * ("arch=x86-64-v3", ...) and CFLAGS=-march=native (znver3: SSE4a, AES,
 * SHA... beyond x86-64-v3, and another arch), no helper was inlined into
 * the x86-64-v3 clone the loader chose: hundreds of calls on the hot path
 * (docs/performance.md, "Figures moved out of the comments").  A version that only adds to the
 * build's target includes the helpers' target whatever the CFLAGS.
 *
 * A build that already targets these sets (-march=native on such a CPU,
 * -march=x86-64-v3 and above) needs no versions: the hot code is compiled
 * once, as everything else.  Sanitizer builds keep one version too: the
 * loader runs the choice (an ifunc resolver) before the sanitizer's
 * run-time is ready. */
#ifndef CHESS_ISA_H
#define CHESS_ISA_H

#include "bitboard.h"

#if defined(__x86_64__) && !CHESS_HAS_ASAN &&                                                      \
    !(defined(__AVX2__) && defined(__BMI__) && defined(__BMI2__) && defined(__POPCNT__))
#define ISA_VERSIONS 1
#else
#define ISA_VERSIONS 0
#endif

#if ISA_VERSIONS
/* ISA_EACH(X) expands X(suffix, attributes) once per version, the best
 * first: AVX2 with BMI1/BMI2 and POPCNT (the integer part of x86-64-v3),
 * POPCNT alone (counting is popcount: a library call without it), and the
 * build's own target. */
#define ISA_TARGET_V3 __attribute__((target("avx2,bmi,bmi2,popcnt")))
#define ISA_TARGET_POPCNT __attribute__((target("popcnt")))
#define ISA_EACH(X) X(v3, ISA_TARGET_V3) X(popcnt, ISA_TARGET_POPCNT) X(base, )

/* ISA_RESOLVER(TYPE, NAME): NAME_resolve, which returns the best of NAME's
 * versions (NAME_v3, NAME_popcnt, NAME_base, of function type TYPE) the
 * CPU runs; NAME is then declared __attribute__((ifunc("NAME_resolve"))),
 * bound once by the loader.  The resolver runs before constructors: it
 * asks the CPU itself (__builtin_cpu_init first). */
#define ISA_RESOLVER(type, name)                                                                   \
    __attribute__((used)) static type *name##_resolve(void)                                        \
    {                                                                                              \
        __builtin_cpu_init();                                                                      \
        if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&                     \
            __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt"))                    \
            return name##_v3;                                                                      \
        if (__builtin_cpu_supports("popcnt"))                                                      \
            return name##_popcnt;                                                                  \
        return name##_base;                                                                        \
    }
#else
#define ISA_EACH(X) X(base, )
#endif

#endif
