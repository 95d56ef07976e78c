/* libFuzzer target for compressed input (cmd/input/decompress.c): any bytes as
 * a file's reader given to decompress_detect and decompress_open, read
 * through a text_reader (base/text_input.h) to the end of its text (or to
 * a bound: a few bytes may stand for gigabytes), in reads of a size the
 * last byte picks.  Besides crashes, hangs and sanitizer reports, a
 * finding is any broken property (abort):
 *  - bytes whose first ones are no magic are read as they are, every
 *    byte of them;
 *  - a stream that breaks is reported once (a second ask says nothing),
 *    placed just after the last byte given (line and column counted over
 *    the text), with status 1 or 71 and a message naming its format;
 *  - the text given is bounded, and the stream ends: at most 128 KiB per
 *    byte of input for zstd, gzip and xz; bzip2's two run-length stages
 *    expand further (make fuzz found 80 bytes that give 3.6 MB), so for
 *    it 64 MiB per byte, above any ratio known of it.
 * (The text past the first FUZZ_MAX_TEXT bytes is read but not looked
 * at; the stream is read to its end, so that no decoding thread outlives
 * the input it reads.) */
#include "input/decompress.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { FUZZ_MAX_TEXT = 1 << 22 };

static void require(bool cond)
{
    if (!cond)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    struct text_reader raw, text;
    require(text_reader_init_mem(&raw, (const char *)data, size));
    bool empty;
    enum decompress_format f = decompress_detect(&raw, &empty);
    struct decompress *d = NULL;
    if (f == DECOMPRESS_PLAIN) {
        text = raw;
    } else if (!(d = decompress_open(&raw, -1, false, f))) {
        require(errno == ENOTSUP || errno == ENOMEM);
        text_reader_free(&raw);
        return 0;
    } else {
        require(text_reader_init(&text, decompress_read, d, 1 << 16));
    }
    size_t step = (size_t)data[size - 1] * 97 + 1; /* (at most 24,736: within buf) */
    bool more;
    enum decompress_format sniffed = decompress_sniff(data, size, &more);
    require(f == sniffed);
    static char buf[1 << 16];
    uint64_t total = 0;
    size_t k;
    unsigned long line = 1, col = 1;
    bool same = true;
    bool failed;
    while ((k = text_reader_read_some(&text, buf, step, &failed)) > 0) {
        require(total + k <= ((uint64_t)size << (f == DECOMPRESS_BZIP2 ? 26 : 17)) + size);
        if (total >= FUZZ_MAX_TEXT) {
            total += k;
            continue;
        }
        if (f == DECOMPRESS_PLAIN)
            same = same && total + k <= size && memcmp(buf, data + total, k) == 0;
        for (size_t i = 0; i < k; i++) {
            if (buf[i] == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        total += k;
    }
    bool looked = total < FUZZ_MAX_TEXT;
    if (f == DECOMPRESS_PLAIN)
        require(same && total == size);
    struct decompress_damage dm, again;
    bool damaged = decompress_damage(d, &dm);
    require(!decompress_damage(d, &again));
    if (damaged) {
        require(f != DECOMPRESS_PLAIN);
        require(!looked || (dm.line == line && dm.col == col));
        require(dm.status == 1 || dm.status == 71);
        require(strstr(dm.msg, decompress_format_name(f)) != NULL);
    }
    text_reader_free(&text);
    decompress_close(d);
    return 0;
}
