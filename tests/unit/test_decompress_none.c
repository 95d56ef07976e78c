/* cmd/input/decompress.c and its modules built without any compression library,
 * as on a machine that lacks them (the Makefile defines no HAVE_ macro for
 * this file): plain text is still read as it is, and
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
    struct text_reader raw;
    text_reader_init_mem(&raw, bytes, n);
    bool empty;
    enum decompress_format f = decompress_detect(&raw, &empty);
    errno = 0;
    struct decompress *d = decompress_open(&raw, -1, false, f);
    UNIT_CHECK(!d && errno == ENOTSUP && f == want, "%s input refused without its library",
               decompress_format_name(want));
    UNIT_CHECK(strstr(decompress_missing(f), lib) != NULL, "the message names %s: %s", lib,
               decompress_missing(f));
    UNIT_CHECK(!decompress_supported(want), "%s is not supported", decompress_format_name(want));
    text_reader_free(&raw);
}

int main(void)
{
    static const char text[] = "[Event \"x\"]\n\n1. e4 *\n";
    struct text_reader raw;
    text_reader_init_mem(&raw, text, sizeof text - 1);
    bool empty, failed;
    enum decompress_format f = decompress_detect(&raw, &empty);
    char buf[64] = {0};
    size_t n = text_reader_read_full(&raw, buf, sizeof buf, &failed);
    UNIT_CHECK(f == DECOMPRESS_PLAIN && n == sizeof text - 1 && memcmp(buf, text, n) == 0,
               "plain text: read as it is, every byte");
    text_reader_free(&raw);

    refused("\x28\xb5\x2f\xfd\0\0\0\0", 8, DECOMPRESS_ZSTD, "libzstd-dev");
    refused("\x1f\x8b\x08\0\0\0\0\0", 8, DECOMPRESS_GZIP, "zlib1g-dev");
    refused("BZh91AY&SY", 10, DECOMPRESS_BZIP2, "libbz2-dev");
    refused("\xfd"
            "7zXZ\0\0\0",
            8, DECOMPRESS_XZ, "liblzma-dev");
    return unit_done();
}
