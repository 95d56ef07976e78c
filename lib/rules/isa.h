/* Versions of the hot code (the generator, the perft walk) for classes of
 * x86-64 CPUs, and the load-time choice among them.
 *
 * Each version adds instruction sets to the build's target with
 * target("..."), never target("arch=..."), which replaces it: GCC inlines
 * a function only into a caller whose target includes the callee's, and
 * the small helpers of the headers (bb_pop, attacks_knight...) are
 * compiled for the build's target.  A build that already targets these
 * sets needs no versions; sanitizer builds keep one too, since the loader
 * runs the choice (an ifunc resolver) before the sanitizer's run-time is
 * ready. */
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
 * first: AVX2, BMI1/BMI2 and POPCNT (x86-64-v3's integer part), POPCNT
 * alone (without it popcount is a library call), the build's target. */
#define ISA_TARGET_V3 __attribute__((target("avx2,bmi,bmi2,popcnt")))
#define ISA_TARGET_POPCNT __attribute__((target("popcnt")))
#define ISA_EACH(X) X(v3, ISA_TARGET_V3) X(popcnt, ISA_TARGET_POPCNT) X(base, )

/* ISA_DISPATCH(TYPE, NAME): NAME, of function type TYPE (which may begin
 * with static), bound by the loader (ifunc) to the best of its versions
 * NAME_v3, NAME_popcnt and NAME_base that the CPU runs; without versions,
 * NAME_base.  The resolver runs before constructors, hence
 * __builtin_cpu_init. */
#define ISA_DISPATCH(type, name)                                                                   \
    type name __attribute__((ifunc(#name "_resolve")));                                            \
    __attribute__((used)) static __typeof__(name) *name##_resolve(void)                            \
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
#define ISA_DISPATCH(type, name) type name __attribute__((alias(#name "_base")));
#endif

#endif
