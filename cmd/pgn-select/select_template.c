/*
 * select_template.c - pgn-select --split's file-name template
 * (select_template.h).
 */
#include "select_template.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool add_part(struct select_template *t, enum select_template_kind kind, const char *s,
                     size_t len, unsigned long chars)
{
    struct select_template_part *p = realloc(t->parts, (t->nparts + 1) * sizeof *p);
    if (!p)
        return false;
    t->parts = p;
    char *text = malloc(len + 1);
    if (!text)
        return false;
    memcpy(text, s, len);
    text[len] = '\0';
    p[t->nparts++] = (struct select_template_part){kind, text, len, chars};
    t->numbered |= kind == SELECT_TEMPLATE_NUMBER;
    return true;
}

/* A field's inside, name[0..len): n, TAG or TAG:N. */
static bool add_field(struct select_template *t, const char *name, size_t len, char *err,
                      size_t errsize)
{
    if (len == 1 && name[0] == 'n')
        return add_part(t, SELECT_TEMPLATE_NUMBER, "", 0, 0) ||
               (snprintf(err, errsize, "out of memory"), false);
    const char *colon = memchr(name, ':', len);
    size_t name_len = colon ? (size_t)(colon - name) : len;
    unsigned long chars = 0;
    if (colon) {
        char digits[24];
        size_t n = len - name_len - 1;
        if (n == 0 || n >= sizeof digits) {
            snprintf(err, errsize, "'{%.*s}': expected {TAG:N} with N from 1 to 255", (int)len,
                     name);
            return false;
        }
        memcpy(digits, colon + 1, n);
        digits[n] = '\0';
        if (!cli_parse_uint(digits, 1, 255, &chars)) {
            snprintf(err, errsize, "'{%.*s}': expected {TAG:N} with N from 1 to 255", (int)len,
                     name);
            return false;
        }
    }
    if (name_len == 0) {
        snprintf(err, errsize, "'{%.*s}': a field names a tag ({ECO}, {White:3}) or is {n}",
                 (int)len, name);
        return false;
    }
    for (size_t i = 0; i < name_len; i++)
        if (name[i] == '{' || name[i] == '/' || name[i] == ' ') {
            snprintf(err, errsize, "'{%.*s}': not a tag name", (int)len, name);
            return false;
        }
    if (!add_part(t, SELECT_TEMPLATE_TAG, name, name_len, chars)) {
        snprintf(err, errsize, "out of memory");
        return false;
    }
    return true;
}

bool select_template_parse(struct select_template *t, const char *text, char *err, size_t errsize)
{
    *t = (struct select_template){0};
    size_t n = strlen(text);
    if (n == 0 || text[n - 1] == '/') {
        snprintf(err, errsize, "'%s' names no file", text);
        return false;
    }
    struct cli_buf lit = {0};
    bool ok = true;
    for (size_t i = 0; ok && i < n;) {
        char c = text[i];
        if ((c == '{' || c == '}') && i + 1 < n && text[i + 1] == c) {
            cli_buf_char(&lit, c);
            i += 2;
        } else if (c == '}') {
            snprintf(err, errsize, "a '}' with no '{' (a literal one is '}}')");
            ok = false;
        } else if (c == '{') {
            const char *close = strchr(text + i + 1, '}');
            if (!close) {
                snprintf(err, errsize, "a '{' with no '}' (a literal one is '{{')");
                ok = false;
                break;
            }
            if (lit.len && !add_part(t, SELECT_TEMPLATE_TEXT, lit.data, lit.len, 0)) {
                snprintf(err, errsize, "out of memory");
                ok = false;
                break;
            }
            lit.len = 0;
            ok = add_field(t, text + i + 1, (size_t)(close - text - i - 1), err, errsize);
            i = (size_t)(close - text) + 1;
        } else {
            cli_buf_char(&lit, c);
            i++;
        }
    }
    if (ok && lit.len && !add_part(t, SELECT_TEMPLATE_TEXT, lit.data, lit.len, 0)) {
        snprintf(err, errsize, "out of memory");
        ok = false;
    }
    if (ok && lit.nomem) {
        snprintf(err, errsize, "out of memory");
        ok = false;
    }
    cli_buf_free(&lit);
    if (!ok)
        select_template_free(t);
    return ok;
}

void select_template_free(struct select_template *t)
{
    for (size_t i = 0; i < t->nparts; i++)
        free(t->parts[i].text);
    free(t->parts);
    *t = (struct select_template){0};
}

static bool safe_byte(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-';
}

void select_template_safe(const char *value, size_t len, unsigned long chars, struct cli_buf *out)
{
    size_t start = out->len, i = 0;
    for (unsigned long k = 0; i < len && (!chars || k < chars); k++) {
        unsigned char c = (unsigned char)value[i++];
        if (c >= 0xc0) /* a UTF-8 sequence is one character */
            while (i < len && ((unsigned char)value[i] & 0xc0) == 0x80)
                i++;
        if (out->len - start >= SELECT_TEMPLATE_FIELD_MAX)
            break;
        cli_buf_char(out, safe_byte(c) && !(c == '.' && out->len == start) ? (char)c : '_');
    }
    if (out->len == start)
        cli_buf_char(out, '_');
}

void select_template_key(const struct select_template *t, const struct pgn_tag *tags, size_t ntags,
                         struct cli_buf *out)
{
    for (size_t i = 0; i < t->nparts; i++) {
        const struct select_template_part *p = &t->parts[i];
        if (p->kind == SELECT_TEMPLATE_TEXT) {
            cli_buf_put(out, p->text, p->len);
        } else if (p->kind == SELECT_TEMPLATE_NUMBER) {
            cli_buf_char(out, SELECT_TEMPLATE_MARK);
        } else {
            const struct pgn_tag *tag = NULL;
            for (size_t k = 0; k < ntags && !tag; k++)
                if (tags[k].name_len == p->len && !memcmp(tags[k].name, p->text, p->len))
                    tag = &tags[k];
            select_template_safe(tag ? tag->value : "", tag ? tag->value_len : 0, p->chars, out);
        }
    }
}
