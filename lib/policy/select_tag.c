/* pgn-select's tag criteria (select_tag.h): tag expressions, numbers,
 * dates and patterns, judged on a game's tags. */
#include "select_tag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* UTF-8 where the text is valid (names with accents are one character),
 * bytes that are not UTF-8 never matching a character rather than making
 * the match an error: archives mix encodings. */
bool select_regex_compile(struct select_regex *r, const char *pattern, char *err, size_t errsize)
{
    uint32_t opts = PCRE2_UTF;
#ifdef PCRE2_MATCH_INVALID_UTF
    opts |= PCRE2_MATCH_INVALID_UTF;
#endif
    char why[160];
    if (textscan_compile_user(&r->p, pattern, opts, why, sizeof why))
        return true;
    snprintf(err, errsize, "bad pattern '%s': %s", pattern, why);
    return false;
}

void select_regex_free(struct select_regex *r)
{
    textscan_free(&r->p);
}

bool select_regex_match(const struct select_regex *r, const char *s, size_t n, pcre2_match_data *md)
{
    return textscan_match_compiled(&r->p, s, n, 0, md) >= 0;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

bool select_number_parse(const char *s, size_t n, double *out)
{
    size_t i = 0;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        i++;
    size_t d = i;
    while (i < n && is_digit(s[i]))
        i++;
    if (i == d)
        return false;
    if (i < n && s[i] == '.') {
        size_t f = ++i;
        while (i < n && is_digit(s[i]))
            i++;
        if (i == f)
            return false;
    }
    if (i != n || n > 64)
        return false;
    if (n - d <= 15 && i == n && memchr(s, '.', n) == NULL) {
        /* the common case, a rating: exact in a double, without strtod */
        long long v = 0;
        for (size_t k = d; k < n; k++)
            v = v * 10 + (s[k] - '0');
        *out = (double)(s[0] == '-' ? -v : v);
        return true;
    }
    char buf[72];
    memcpy(buf, s, n);
    buf[n] = '\0';
    *out = strtod(buf, NULL);
    return true;
}

/* One part of a date, width digits or '?': its value, 0 when unknown. */
static bool date_part(const char *s, size_t width, unsigned *out)
{
    unsigned v = 0;
    bool unknown = false;
    for (size_t i = 0; i < width; i++)
        if (s[i] == '?')
            unknown = true;
        else if (is_digit(s[i]))
            v = v * 10 + (unsigned)(s[i] - '0');
        else
            return false;
    *out = unknown ? 0 : v;
    return true;
}

bool select_date_parse(const char *s, size_t n, struct select_date *d)
{
    *d = (struct select_date){0};
    if (n != 4 && n != 7 && n != 10)
        return false;
    if (!date_part(s, 4, &d->year))
        return false;
    if (n >= 7 && (s[4] != '.' || !date_part(s + 5, 2, &d->month)))
        return false;
    if (n == 10 && (s[7] != '.' || !date_part(s + 8, 2, &d->day)))
        return false;
    /* a month or day known below an unknown part says nothing comparable */
    if (!d->month)
        d->day = 0;
    return true;
}

static int cmp_unsigned(unsigned a, unsigned b)
{
    return (a > b) - (a < b);
}

bool select_date_compare(const struct select_date *a, const struct select_date *b, int *cmp)
{
    if (!a->year || !b->year)
        return false;
    *cmp = cmp_unsigned(a->year, b->year);
    if (*cmp || !a->month || !b->month)
        return true;
    *cmp = cmp_unsigned(a->month, b->month);
    if (*cmp || !a->day || !b->day)
        return true;
    *cmp = cmp_unsigned(a->day, b->day);
    return true;
}

static bool is_name_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_digit(c) || c == '_';
}

/* The operators, the longer of two that share a first character first. */
static const struct {
    const char *text;
    enum select_op op;
} ops[] = {
    {"!=", SELECT_OP_NE}, {"!~", SELECT_OP_NRE}, {"<=", SELECT_OP_LE}, {">=", SELECT_OP_GE},
    {"=", SELECT_OP_EQ},  {"~", SELECT_OP_RE},   {"<", SELECT_OP_LT},  {">", SELECT_OP_GT},
};

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

bool select_tag_parse(struct select_tag_expr *e, const char *text, char *err, size_t errsize)
{
    *e = (struct select_tag_expr){0};
    const char *p = text;
    while (*p == ' ')
        p++;
    const char *name = p;
    while (is_name_char(*p))
        p++;
    size_t name_len = (size_t)(p - name);
    while (*p == ' ')
        p++;
    size_t k = 0;
    while (k < sizeof ops / sizeof ops[0] && strncmp(p, ops[k].text, strlen(ops[k].text)) != 0)
        k++;
    if (k == sizeof ops / sizeof ops[0]) {
        if (name_len && *p)
            snprintf(err, errsize,
                     "no operator after '%.*s' in '%s' (tag names are letters, digits and '_'; "
                     "operators = != ~ !~ < <= > >=)",
                     (int)name_len, name, text);
        else
            snprintf(err, errsize, "no operator in '%s' (one of = != ~ !~ < <= > >=)", text);
        return false;
    }
    if (!name_len) {
        snprintf(err, errsize, "no tag name in '%s'", text);
        return false;
    }
    e->op = ops[k].op;
    p += strlen(ops[k].text);
    while (*p == ' ')
        p++;
    size_t vlen = strlen(p);
    if (vlen >= 2 && p[0] == '"' && p[vlen - 1] == '"') {
        p++;
        vlen -= 2;
    }
    e->name = dup_n(name, name_len);
    e->value = dup_n(p, vlen);
    if (!e->name || !e->value) {
        select_tag_free(e);
        snprintf(err, errsize, "out of memory");
        return false;
    }
    e->name_len = name_len;
    e->value_len = vlen;
    if (e->op == SELECT_OP_RE || e->op == SELECT_OP_NRE) {
        if (!select_regex_compile(&e->re, e->value, err, errsize)) {
            select_tag_free(e);
            return false;
        }
        return true;
    }
    e->is_number = select_number_parse(e->value, vlen, &e->number);
    e->is_date = select_date_parse(e->value, vlen, &e->date);
    return true;
}

void select_tag_free(struct select_tag_expr *e)
{
    free(e->name);
    free(e->value);
    select_regex_free(&e->re);
    *e = (struct select_tag_expr){0};
}

static int text_compare(const char *a, size_t na, const char *b, size_t nb)
{
    int c = memcmp(a, b, na < nb ? na : nb);
    return c ? c : (na > nb) - (na < nb);
}

static bool holds(enum select_op op, int cmp)
{
    switch (op) {
    case SELECT_OP_EQ:
        return cmp == 0;
    case SELECT_OP_NE:
        return cmp != 0;
    case SELECT_OP_LT:
        return cmp < 0;
    case SELECT_OP_LE:
        return cmp <= 0;
    case SELECT_OP_GT:
        return cmp > 0;
    default:
        return cmp >= 0;
    }
}

/* A value "?" is unknown and meets nothing, as a missing tag.  Numbers
 * when both sides are numbers; for < <= > >=, dates when both sides are
 * dates (a date that cannot be compared meets nothing), and a value that
 * is no number is not ordered against a number; else the bytes. */
bool select_tag_test(const struct select_tag_expr *e, const char *v, size_t n, pcre2_match_data *md)
{
    if (n == 1 && v[0] == '?')
        return false; /* unknown (PGN standard 8.1.1): as a missing tag */
    if (e->op == SELECT_OP_RE)
        return select_regex_match(&e->re, v, n, md);
    if (e->op == SELECT_OP_NRE)
        return !select_regex_match(&e->re, v, n, md);
    double x;
    if (e->is_number && select_number_parse(v, n, &x))
        return holds(e->op, (x > e->number) - (x < e->number));
    if (e->is_date && e->op != SELECT_OP_EQ && e->op != SELECT_OP_NE) {
        struct select_date d;
        int cmp;
        return select_date_parse(v, n, &d) && select_date_compare(&d, &e->date, &cmp) &&
               holds(e->op, cmp);
    }
    /* a value that is no number is not ordered against one ("-": no rating) */
    if (e->is_number && e->op != SELECT_OP_EQ && e->op != SELECT_OP_NE)
        return false;
    return holds(e->op, text_compare(v, n, e->value, e->value_len));
}
