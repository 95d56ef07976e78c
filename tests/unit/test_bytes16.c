/* The gathers of lib/base/bytes16.h held to their portable definitions: the
 * SSE2 instruction each stands for where there is SSE2 (the code the
 * scanners run) and the loop every other target runs must give the same
 * result on every byte pattern tried: each single byte value at each
 * place, and pseudo-random vectors from a fixed seed. */
#include "base/bytes16.h"

#include "unit.h"

/* A fixed-seed xorshift. */
static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Does each gather agree with its portable twin on v?  *bad counts the
 * disagreements. */
static void check(bytes16 v, int *bad)
{
    unsigned lo, hi, plo, phi;
    bytes16_sum_halves(v, &lo, &hi);
    bytes16_sum_halves_portable(v, &plo, &phi);
    *bad += bytes16_mask(v) != bytes16_mask_portable(v) || lo != plo || hi != phi;
}

int main(void)
{
    int bad = 0;
    for (int at = 0; at < 16; at++)
        for (int b = 0; b < 256; b++) {
            bytes16 v = bytes16_splat(0);
            v[at] = (unsigned char)b;
            check(v, &bad);
        }
    UNIT_EQ_INT(bad, 0, "mask and sums agree with the portable ones: every byte at every place");

    bad = 0;
    uint64_t s = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 100000; i++) {
        bytes16_u64 w = {next(&s), next(&s)};
        check((bytes16)w, &bad);
    }
    UNIT_EQ_INT(bad, 0, "... and on 100000 pseudo-random vectors");

    /* what the scanners build on: a comparison's bytes, gathered */
    const char text[17] = "ab;d{f(h)j;l}nop";
    bytes16 v = bytes16_load(text);
    UNIT_EQ_INT(bytes16_mask((bytes16)(v == bytes16_splat(';'))), (1 << 2) | (1 << 10),
                "the ';' of a text are bits 2 and 10");
    unsigned lo, hi;
    bytes16_sum_halves((bytes16)(v == bytes16_splat(';')) & bytes16_splat(1), &lo, &hi);
    UNIT_CHECK(lo == 1 && hi == 1, "one ';' in each half (%u, %u)", lo, hi);
    return unit_done();
}
