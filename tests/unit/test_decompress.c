/* cmd/input/decompress.c on small streams of each format this build reads, made
 * here by the formats' own libraries: the whole stream gives the text
 * back; the stream with each of its bytes changed, and cut at every
 * length, never crashes nor hangs, gives a prefix of the text (or, when
 * no break is reported, the whole text; or, when the change left no
 * magic, the bytes themselves, as plain text), and a break is reported
 * exactly once; concatenated streams give both texts; the magic bytes are
 * told from text that only begins like them. */
#include "input/decompress.h"

#include "unit.h"

#include <stdlib.h>

#ifdef HAVE_ZSTD
#include <zstd.h>
#endif
#ifdef HAVE_ZLIB
#include <zlib.h>
#endif
#ifdef HAVE_BZ2
#include <bzlib.h>
#endif
#ifdef HAVE_LZMA
#include <lzma.h>
#endif

/* A text of some games' worth: lines of varied moves, so that every
 * format makes more than a few bytes of it. */
static size_t make_text(char *buf, size_t cap)
{
    size_t n = 0;
    unsigned x = 12345;
    for (int g = 1; n + 200 < cap; g++) {
        n += (size_t)snprintf(buf + n, cap - n, "[Event \"Game %d\"]\n[Result \"*\"]\n\n", g);
        for (int m = 1; m <= 8 && n + 100 < cap; m++) {
            x = x * 1103515245u + 12345u;
            n += (size_t)snprintf(buf + n, cap - n, "%d. %c%d %c%d ", m, 'a' + (int)(x >> 8) % 8,
                                  1 + (int)(x >> 12) % 8, 'a' + (int)(x >> 16) % 8,
                                  1 + (int)(x >> 20) % 8);
        }
        n += (size_t)snprintf(buf + n, cap - n, "*\n\n");
    }
    return n;
}

/* text compressed in format f into out; its size, 0 when the build has
 * no library for f. */
static size_t pack(enum decompress_format f, const char *text, size_t n, unsigned char *out,
                   size_t cap)
{
    switch (f) {
#ifdef HAVE_ZSTD
    case DECOMPRESS_ZSTD: {
        ZSTD_CCtx *c = ZSTD_createCCtx();
        ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1);
        size_t r = ZSTD_compress2(c, out, cap, text, n);
        ZSTD_freeCCtx(c);
        return ZSTD_isError(r) ? 0 : r;
    }
#endif
#ifdef HAVE_ZLIB
    case DECOMPRESS_GZIP: {
        z_stream z = {0};
        if (deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            return 0;
        z.next_in = (unsigned char *)text;
        z.avail_in = (unsigned)n;
        z.next_out = out;
        z.avail_out = (unsigned)cap;
        int rc = deflate(&z, Z_FINISH);
        size_t r = rc == Z_STREAM_END ? z.total_out : 0;
        deflateEnd(&z);
        return r;
    }
#endif
#ifdef HAVE_BZ2
    case DECOMPRESS_BZIP2: {
        unsigned len = (unsigned)cap;
        return BZ2_bzBuffToBuffCompress((char *)out, &len, (char *)text, (unsigned)n, 1, 0, 0) ==
                       BZ_OK
                   ? len
                   : 0;
    }
#endif
#ifdef HAVE_LZMA
    case DECOMPRESS_XZ: {
        size_t pos = 0;
        return lzma_easy_buffer_encode(1, LZMA_CHECK_CRC64, NULL, (const uint8_t *)text, n, out,
                                       &pos, cap) == LZMA_OK
                   ? pos
                   : 0;
    }
#endif
    default:
        return 0;
    }
}

/* What reading a stream gave. */
struct got {
    bool opened;
    enum decompress_format format;
    char *text;
    size_t len;
    bool damaged;
    bool told_twice;
    struct decompress_damage dm;
};

static void read_all(const unsigned char *data, size_t n, struct got *g)
{
    *g = (struct got){0};
    struct text_reader raw, text;
    if (!text_reader_init_mem(&raw, (const char *)data, n))
        return;
    bool empty;
    g->format = decompress_detect(&raw, &empty);
    struct decompress *d = NULL;
    if (g->format == DECOMPRESS_PLAIN) {
        text = raw;
    } else if (!(d = decompress_open(&raw, -1, false, g->format))) {
        text_reader_free(&raw);
        return;
    } else if (!text_reader_init(&text, decompress_read, d, 1 << 16)) {
        decompress_close(d);
        return;
    }
    g->opened = true;
    size_t cap = 1 << 16;
    g->text = malloc(cap);
    size_t k;
    bool failed;
    while (g->text &&
           (k = text_reader_read_some(&text, g->text + g->len, cap - g->len, &failed)) > 0) {
        g->len += k;
        if (g->len == cap) {
            char *more = realloc(g->text, cap *= 2);
            if (!more)
                break;
            g->text = more;
        }
    }
    g->damaged = decompress_damage(d, &g->dm);
    struct decompress_damage again;
    g->told_twice = decompress_damage(d, &again);
    text_reader_free(&text);
    decompress_close(d);
}

static bool is_prefix(const struct got *g, const char *text, size_t n)
{
    return g->len <= n && memcmp(g->text, text, g->len) == 0;
}

/* The place after a text's first len bytes, as decompress_damage gives it. */
static void place_of(const char *text, size_t len, unsigned long *line, unsigned long *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\n') {
            ++*line;
            *col = 1;
        } else {
            ++*col;
        }
    }
}

static void check_format(enum decompress_format f, const char *text, size_t n)
{
    static unsigned char packed[1 << 16], bad[1 << 16];
    const char *name = decompress_format_name(f);
    size_t size = pack(f, text, n, packed, sizeof packed);
    if (!size) {
        printf("ok - %s: # skip this build has no library for it\n", name);
        return;
    }
    struct got g;
    read_all(packed, size, &g);
    UNIT_CHECK(g.opened && g.format == f && g.len == n && memcmp(g.text, text, n) == 0 &&
                   !g.damaged,
               "%s: %zu bytes give the %zu of the text back, no break", name, size, n);
    free(g.text);

    /* every byte changed */
    int crash_free = 0, bad_prefix = 0, bad_once = 0, bad_place = 0, silent_wrong = 0;
    for (size_t at = 0; at < size; at++) {
        memcpy(bad, packed, size);
        bad[at] ^= 0xA5;
        read_all(bad, size, &g);
        crash_free++;
        if (!g.opened) {
            free(g.text);
            continue;
        }
        if (g.format == DECOMPRESS_PLAIN) {
            /* the magic is gone: the bytes are text */
            silent_wrong += g.len != size || memcmp(g.text, bad, size) != 0;
        } else if (!g.damaged) {
            silent_wrong += g.len != n || memcmp(g.text, text, n) != 0;
        } else {
            unsigned long line, col;
            place_of(g.text, g.len, &line, &col);
            bad_place += line != g.dm.line || col != g.dm.col;
            bad_once += g.told_twice || g.dm.status != 1;
        }
        free(g.text);
    }
    UNIT_CHECK((crash_free) == ((long long)size),
               "%s: each of the %zu bytes changed: read to an end [%d]", name, size,
               (int)(crash_free));
    UNIT_CHECK((silent_wrong) == (0),
               "%s: a changed byte not reported gives the text whole (or, no magic left, the "
               "bytes as they are) [%d]",
               name, (int)(silent_wrong));
    UNIT_CHECK((bad_once) == (0), "%s: a changed byte's break is reported once, status 1 [%d]",
               name, (int)(bad_once));
    UNIT_CHECK((bad_place) == (0), "%s: a break is placed after the last byte given [%d]", name,
               (int)(bad_place));

    /* cut at every length */
    bad_prefix = bad_once = bad_place = 0;
    int whole_ok = 0, not_told = 0;
    for (size_t len = 1; len < size; len++) {
        read_all(packed, len, &g);
        if (!g.opened) {
            free(g.text);
            continue;
        }
        if (g.format == DECOMPRESS_PLAIN) {
            /* too short for the magic: the bytes are text */
            bad_prefix += g.len != len || memcmp(g.text, packed, len) != 0 || g.damaged;
            free(g.text);
            continue;
        }
        bad_prefix += !is_prefix(&g, text, n);
        not_told += !g.damaged && g.len != n;
        whole_ok += !g.damaged && g.len == n;
        if (g.damaged) {
            unsigned long line, col;
            place_of(g.text, g.len, &line, &col);
            bad_place += line != g.dm.line || col != g.dm.col;
            bad_once += g.told_twice;
        }
        free(g.text);
    }
    UNIT_CHECK((bad_prefix) == (0),
               "%s: cut at each of %zu lengths: the text given is a prefix [%d]", name, size - 1,
               (int)(bad_prefix));
    UNIT_CHECK((not_told) == (0), "%s: a cut that loses text is reported [%d]", name,
               (int)(not_told));
    UNIT_CHECK((bad_once + bad_place) == (0), "%s: each cut reported once, at its place [%d]", name,
               (int)(bad_once + bad_place));
    (void)whole_ok;

    /* two streams one after the other: both texts */
    memcpy(bad, packed, size);
    memcpy(bad + size, packed, size);
    read_all(bad, 2 * size, &g);
    UNIT_CHECK(g.len == 2 * n && memcmp(g.text, text, n) == 0 && memcmp(g.text + n, text, n) == 0 &&
                   !g.damaged,
               "%s: two streams concatenated give the text twice", name);
    free(g.text);
}

int main(void)
{
    static char text[6000];
    size_t n = make_text(text, sizeof text);

    bool more;
    UNIT_CHECK(decompress_sniff((const unsigned char *)"\x28\xb5\x2f\xfd", 4, &more) ==
                   DECOMPRESS_ZSTD,
               "zstd's magic");
    UNIT_CHECK(decompress_sniff((const unsigned char *)"\x5a\x2a\x4d\x18", 4, &more) ==
                   DECOMPRESS_ZSTD,
               "a zstd skippable frame's magic");
    UNIT_CHECK(decompress_sniff((const unsigned char *)"\x1f\x8b", 2, &more) == DECOMPRESS_GZIP,
               "gzip's magic");
    UNIT_CHECK(decompress_sniff((const unsigned char *)"BZh9", 4, &more) == DECOMPRESS_BZIP2,
               "bzip2's magic");
    UNIT_CHECK(decompress_sniff((const unsigned char *)"BZh0", 4, &more) == DECOMPRESS_PLAIN &&
                   !more,
               "BZh0 is text");
    UNIT_CHECK(decompress_sniff((const unsigned char *)"\xfd"
                                                       "7zXZ\0",
                                6, &more) == DECOMPRESS_XZ,
               "xz's magic");
    UNIT_CHECK(decompress_sniff((const unsigned char *)"\xfd"
                                                       "7z",
                                3, &more) == DECOMPRESS_PLAIN &&
                   more,
               "three bytes of xz's magic: more are needed");
    UNIT_CHECK(decompress_sniff((const unsigned char *)"[Event", 6, &more) == DECOMPRESS_PLAIN &&
                   !more,
               "PGN is text");

    /* text that begins like a magic, shorter than it: read as it is */
    struct got g;
    read_all((const unsigned char *)"BZ", 2, &g);
    UNIT_CHECK(g.opened && g.format == DECOMPRESS_PLAIN && g.len == 2 &&
                   memcmp(g.text, "BZ", 2) == 0,
               "'BZ' alone is text, both bytes kept");
    free(g.text);

    check_format(DECOMPRESS_ZSTD, text, n);
    check_format(DECOMPRESS_GZIP, text, n);
    check_format(DECOMPRESS_BZIP2, text, n);
    check_format(DECOMPRESS_XZ, text, n);
    return unit_done();
}
