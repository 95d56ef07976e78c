/* The formats of compressed input by their magic bytes
 * (decompress_format.h). */
#include "decompress_format.h"

enum decompress_format decompress_sniff(const unsigned char *p, size_t n, bool *more)
{
    static const struct {
        enum decompress_format f;
        unsigned char magic[DECOMPRESS_MAGIC_MAX];
        size_t len;
    } magics[] = {
        {DECOMPRESS_ZSTD, {0x28, 0xB5, 0x2F, 0xFD}, 4},
        {DECOMPRESS_ZSTD, {0x50, 0x2A, 0x4D, 0x18}, 4}, /* skippable: 0x50..0x5F first */
        {DECOMPRESS_GZIP, {0x1F, 0x8B}, 2},
        {DECOMPRESS_BZIP2, {'B', 'Z', 'h', '1'}, 4}, /* '1'..'9' last */
        {DECOMPRESS_XZ, {0xFD, '7', 'z', 'X', 'Z', 0x00}, 6},
    };
    *more = false;
    for (size_t m = 0; m < sizeof magics / sizeof *magics; m++) {
        size_t len = magics[m].len, i = 0;
        for (; i < len && i < n; i++) {
            unsigned char want = magics[m].magic[i], got = p[i];
            bool ok = want == got;
            if (m == 1 && i == 0)
                ok = (got & 0xF0) == 0x50;
            else if (magics[m].f == DECOMPRESS_BZIP2 && i == 3)
                ok = got >= '1' && got <= '9';
            if (!ok)
                break;
        }
        if (i == len)
            return magics[m].f;
        if (i == n)
            *more = true;
    }
    return DECOMPRESS_PLAIN;
}

const char *decompress_format_name(enum decompress_format f)
{
    switch (f) {
    case DECOMPRESS_ZSTD:
        return "zstd";
    case DECOMPRESS_GZIP:
        return "gzip";
    case DECOMPRESS_BZIP2:
        return "bzip2";
    case DECOMPRESS_XZ:
        return "xz";
    case DECOMPRESS_PLAIN:
        break;
    }
    return "plain";
}
