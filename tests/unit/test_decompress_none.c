/* cmd/input/decompress.c and its modules built without any compression library,
 * as on a machine that lacks them (the Makefile defines no HAVE_ macro for
 * this file): plain text still comes back as the very stream given, and
 * compressed input is refused (ENOTSUP) with the message that names the
 * library to install, for each format. */
#undef HAVE_ZSTD
#undef HAVE_ZLIB
#undef HAVE_BZ2
#undef HAVE_LZMA
#include "input/decompress.c"
#include "input/decompress_codec.c"
#include "input/decompress_format.c"
#include "input/decompress_source.c"

#include "unit.h"

static void refused(const char *bytes, size_t n, enum decompress_format want, const char *lib)
{
    FILE *raw = fmemopen((void *)bytes, n, "r");
    enum decompress_format f = DECOMPRESS_PLAIN;
    errno = 0;
    FILE *fp = decompress_open(raw, true, &f);
    UNIT_CHECK(!fp && errno == ENOTSUP && f == want, "%s input refused without its library",
               decompress_format_name(want));
    UNIT_CHECK(strstr(decompress_missing(f), lib) != NULL, "the message names %s: %s", lib,
               decompress_missing(f));
    UNIT_CHECK(!decompress_supported(want), "%s is not supported", decompress_format_name(want));
    if (raw)
        fclose(raw);
}

int main(void)
{
    static const char text[] = "[Event \"x\"]\n\n1. e4 *\n";
    FILE *raw = fmemopen((void *)text, sizeof text - 1, "r");
    enum decompress_format f;
    FILE *fp = decompress_open(raw, true, &f);
    char buf[64] = {0};
    size_t n = fp ? fread(buf, 1, sizeof buf, fp) : 0;
    UNIT_CHECK(fp == raw && f == DECOMPRESS_PLAIN && n == sizeof text - 1 &&
                   memcmp(buf, text, n) == 0,
               "plain text: the stream itself, every byte");
    if (fp)
        fclose(fp);

    refused("\x28\xb5\x2f\xfd\0\0\0\0", 8, DECOMPRESS_ZSTD, "libzstd-dev");
    refused("\x1f\x8b\x08\0\0\0\0\0", 8, DECOMPRESS_GZIP, "zlib1g-dev");
    refused("BZh91AY&SY", 10, DECOMPRESS_BZIP2, "libbz2-dev");
    refused("\xfd"
            "7zXZ\0\0\0",
            8, DECOMPRESS_XZ, "liblzma-dev");
    return unit_done();
}
