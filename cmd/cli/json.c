/*
 * json.c - JSON strings (see json.h).
 */
#include "json.h"

#include <stdbool.h>
#include <string.h>

size_t json_utf8_length(const unsigned char *s, size_t len)
{
    unsigned char c = s[0];
    size_t n = c >= 0xC2 && c <= 0xDF   ? 2
               : c >= 0xE0 && c <= 0xEF ? 3
               : c >= 0xF0 && c <= 0xF4 ? 4
                                        : 0;
    if (n > len)
        return 0;
    for (size_t k = 1; k < n; k++) {
        unsigned char d = s[k];
        bool ok = (d & 0xC0) == 0x80;
        if (k == 1 && c == 0xE0)
            ok = d >= 0xA0 && d <= 0xBF;
        else if (k == 1 && c == 0xED)
            ok = d >= 0x80 && d <= 0x9F;
        else if (k == 1 && c == 0xF0)
            ok = d >= 0x90 && d <= 0xBF;
        else if (k == 1 && c == 0xF4)
            ok = d >= 0x80 && d <= 0x8F;
        if (!ok)
            return 0;
    }
    return n;
}

/* Runs of plain bytes are copied in one go; only what needs escaping is
 * looked at byte by byte. */
void json_put_string(struct cli_buf *b, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, run = 0;

    cli_buf_char(b, '"');
    while (i < len) {
        unsigned char c = u[i];
        if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
            i++;
            continue;
        }
        size_t n = c >= 0x80 ? json_utf8_length(u + i, len - i) : 0;
        if (n) {
            i += n;
            continue;
        }
        cli_buf_put(b, s + run, i - run);
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            cli_buf_put(b, esc, 2);
        } else if (c < 0x80) {
            char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            cli_buf_put(b, esc, 6);
        } else {
            cli_buf_put(b, "\\ufffd", 6);
        }
        run = ++i;
    }
    cli_buf_put(b, s + run, i - run);
    cli_buf_char(b, '"');
}

void json_put_cstring(struct cli_buf *b, const char *s)
{
    json_put_string(b, s, strlen(s));
}
