/*
 * json.h - JSON text for the tools' --json and --to=json outputs: strings
 * escaped one way everywhere (RFC 8259), written into a struct cli_buf.
 */
#ifndef CHESS_JSON_H
#define CHESS_JSON_H

#include "cli.h"

#include <stddef.h>

/* Append s[0..len) as a JSON string, quotes included.  '"', '\\' and the
 * control bytes are escaped; well-formed UTF-8 is copied as it is, and each
 * byte of a sequence that is not well-formed UTF-8 becomes U+FFFD (as
 * "\ufffd"), so that the output is always valid JSON in UTF-8. */
void json_put_string(struct cli_buf *b, const char *s, size_t len);

/* Length of the well-formed UTF-8 sequence at s[0..len) (RFC 3629 table 3:
 * no overlong forms, no surrogates, nothing past U+10FFFF), or 0.  (The
 * tables of --to=tsv and --to=csv replace what is not as JSON does.) */
size_t json_utf8_length(const unsigned char *s, size_t len);

/* Append the NUL-terminated string s as a JSON string. */
void json_put_cstring(struct cli_buf *b, const char *s);

#endif /* CHESS_JSON_H */
