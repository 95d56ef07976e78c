/* libFuzzer target for pgn-select --split's template
 * (cmd/pgn-select/select_template.c): the input's first line is the
 * template, the lines after it tags ("NAME<TAB>VALUE", any bytes).  Besides
 * crashes and sanitizer reports, a finding is any broken property (abort):
 *  - a template that parses has parts that print back to a template which
 *    parses to the same parts (parse, print, parse: a fixed point), and a
 *    refused one has a message;
 *  - every value made safe holds 1 to SELECT_TEMPLATE_FIELD_MAX bytes, each
 *    one of A-Z a-z 0-9 . _ -, the first not '.', so never a '/' and never
 *    a hidden file or '..'; a value already so (its whole) is kept as it is;
 *    {TAG:N} gives at most N bytes;
 *  - the key of the tags is the parts' expansions one after the other, the
 *    number fields as SELECT_TEMPLATE_MARK, the first of a repeated tag. */
#include "pgn-select/select_template.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(bool cond)
{
    if (!cond)
        abort();
}

static bool safe_byte(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-';
}

/* The property of a value made safe, v[0..n) of value[0..len). */
static void check_safe(const char *v, size_t n, const char *value, size_t len, unsigned long chars)
{
    require(n >= 1 && n <= SELECT_TEMPLATE_FIELD_MAX && v[0] != '.');
    for (size_t i = 0; i < n; i++)
        require(safe_byte((unsigned char)v[i]));
    if (chars)
        require(n <= chars);
    bool plain = len >= 1 && len <= SELECT_TEMPLATE_FIELD_MAX && value[0] != '.';
    for (size_t i = 0; plain && i < len; i++)
        plain = safe_byte((unsigned char)value[i]);
    if (plain && (!chars || chars >= len))
        require(n == len && !memcmp(v, value, len));
}

/* The template of t's parts, printed back. */
static void print(const struct select_template *t, struct cli_buf *out)
{
    for (size_t i = 0; i < t->nparts; i++) {
        const struct select_template_part *p = &t->parts[i];
        if (p->kind == SELECT_TEMPLATE_TEXT) {
            for (size_t k = 0; k < p->len; k++) {
                cli_buf_char(out, p->text[k]);
                if (p->text[k] == '{' || p->text[k] == '}')
                    cli_buf_char(out, p->text[k]);
            }
        } else if (p->kind == SELECT_TEMPLATE_NUMBER) {
            cli_buf_str(out, "{n}");
        } else if (p->chars) {
            cli_buf_printf(out, "{%s:%lu}", p->text, p->chars);
        } else {
            cli_buf_printf(out, "{%s}", p->text);
        }
    }
    cli_buf_char(out, '\0');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data, *end = s + size;
    const char *nl = memchr(s, '\n', size);
    size_t tlen = nl ? (size_t)(nl - s) : size;
    char *text = malloc(tlen + 1);
    require(text != NULL);
    memcpy(text, s, tlen);
    text[tlen] = '\0';
    /* the tags (their texts point into data) */
    struct pgn_tag tags[16];
    size_t ntags = 0;
    for (const char *p = nl ? nl + 1 : end; p < end && ntags < 16;) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        if (!e)
            e = end;
        const char *tab = memchr(p, '\t', (size_t)(e - p));
        if (tab)
            tags[ntags++] = (struct pgn_tag){.name = p,
                                             .name_len = (size_t)(tab - p),
                                             .value = tab + 1,
                                             .value_len = (size_t)(e - tab - 1)};
        p = e + 1;
    }
    struct select_template t;
    char err[256] = "";
    if (!select_template_parse(&t, text, err, sizeof err)) {
        require(err[0] != '\0');
        free(text);
        return 0;
    }
    /* parse, print, parse */
    struct cli_buf again = {0};
    print(&t, &again);
    struct select_template u;
    require(select_template_parse(&u, again.data, err, sizeof err));
    require(u.nparts == t.nparts && u.numbered == t.numbered);
    for (size_t i = 0; i < t.nparts; i++)
        require(u.parts[i].kind == t.parts[i].kind && u.parts[i].len == t.parts[i].len &&
                !memcmp(u.parts[i].text, t.parts[i].text, t.parts[i].len) &&
                u.parts[i].chars == t.parts[i].chars);
    select_template_free(&u);
    cli_buf_free(&again);
    /* the key, part by part */
    struct cli_buf key = {0}, want = {0};
    select_template_key(&t, tags, ntags, &key);
    for (size_t i = 0; i < t.nparts; i++) {
        const struct select_template_part *p = &t.parts[i];
        if (p->kind == SELECT_TEMPLATE_TEXT) {
            cli_buf_put(&want, p->text, p->len);
        } else if (p->kind == SELECT_TEMPLATE_NUMBER) {
            cli_buf_char(&want, SELECT_TEMPLATE_MARK);
        } else {
            const struct pgn_tag *tag = NULL;
            for (size_t k = 0; k < ntags && !tag; k++)
                if (tags[k].name_len == p->len && !memcmp(tags[k].name, p->text, p->len))
                    tag = &tags[k];
            size_t at = want.len;
            select_template_safe(tag ? tag->value : "", tag ? tag->value_len : 0, p->chars, &want);
            if (tag)
                check_safe(want.data + at, want.len - at, tag->value, tag->value_len, p->chars);
            else
                require(want.len - at == 1 && want.data[at] == '_');
        }
    }
    require(key.len == want.len && (key.len == 0 || !memcmp(key.data, want.data, key.len)));
    cli_buf_free(&key);
    cli_buf_free(&want);
    select_template_free(&t);
    free(text);
    return 0;
}
