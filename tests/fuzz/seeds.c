/*
 * seeds.c - runs a libFuzzer target's entry point once on each file named,
 * without libFuzzer: linked with one tests/fuzz/fuzz_*.c and the library
 * of the ordinary build, so that `make check` holds every fuzz target's
 * properties on its seeds (tests/fuzz/seeds/TARGET) with GCC, and under
 * the sanitizers with `make check-asan`.  A broken property aborts, as it
 * does under libFuzzer: the seed named last on the output is the one.
 * Prints TAP: the plan, then one "ok" line per seed run to its end.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The whole of a seed file, in a buffer of its exact size (so that the
 * sanitizers see a read past its end), or NULL. */
static uint8_t *read_seed(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    uint8_t *data = NULL;
    size_t len = 0;
    char chunk[4096];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        uint8_t *grown = realloc(data, len + got);
        if (!grown) {
            free(data);
            fclose(f);
            return NULL;
        }
        data = grown;
        memcpy(data + len, chunk, got);
        len += got;
    }
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        free(data);
        return NULL;
    }
    *size = len;
    return data ? data : malloc(1); /* an empty seed: a valid pointer, no byte */
}

int main(int argc, char **argv)
{
    int status = 0;
    printf("1..%d\n", argc - 1);
    for (int i = 1; i < argc; i++) {
        size_t size = 0;
        uint8_t *data = read_seed(argv[i], &size);
        if (!data) {
            printf("not ok %d - %s: cannot read: %s\n", i, argv[i], strerror(errno));
            status = 1;
            continue;
        }
        printf("# %s\n", argv[i]);
        fflush(stdout);
        LLVMFuzzerTestOneInput(data, size);
        free(data);
        printf("ok %d - %s: the fuzz target's properties hold\n", i, argv[i]);
    }
    return status;
}
