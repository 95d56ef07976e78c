/*
 * annotation.c - command annotations of PGN comments read as data (see
 * annotation.h; the grammar and the choices where python-chess and
 * chessops disagree are in formats/annotations.md).
 *
 * One pass over the comment: text is copied until "[%"; a command of a
 * known name is read whole up to its "]" (or, unterminated, up to the
 * next "[" or the comment's end).  A command read is taken out of the
 * text with the blanks that touch it; a malformed one is recorded and
 * copied like text.
 */
#include "annotation.h"

#include <string.h>

/* The blanks of the grammar: Python's and JavaScript's \s restricted to
 * ASCII (space, tab, line feed, vertical tab, form feed, carriage return). */
static bool is_blank(unsigned char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

/* The digits at p[*i..end), at least min and at most max of them, as a
 * number in *v; false (i unchanged) when their count is out of range. */
static bool digits(const char *p, size_t *i, size_t end, size_t min, size_t max, int64_t *v)
{
    size_t j = *i;
    int64_t n = 0;
    while (j < end && is_digit((unsigned char)p[j])) {
        if (j - *i == max)
            return false;
        n = n * 10 + (p[j] - '0');
        j++;
    }
    if (j - *i < min)
        return false;
    *i = j;
    *v = n;
    return true;
}

/* An optional sign: +1 or -1. */
static int sign(const char *p, size_t *i, size_t end)
{
    if (*i < end && (p[*i] == '+' || p[*i] == '-'))
        return p[(*i)++] == '-' ? -1 : 1;
    return 1;
}

/* The widest numbers read: wider ones are malformed (no int overflows). */
enum {
    CLOCK_DIGITS = 9,   /* each of hours, minutes, seconds */
    CLOCK_FRACTION = 3, /* milliseconds */
    PAWN_DIGITS = 7,    /* 9999999.99 pawns fits int32 centipawns */
    MATE_DIGITS = 9,
    DEPTH_DIGITS = 9,
};

/* H:MM:SS(.f) in v[0..n): milliseconds in *ms. */
static bool parse_clock(const char *v, size_t n, int64_t *ms)
{
    size_t i = 0;
    int64_t h, m, s, f = 0;
    if (!digits(v, &i, n, 1, CLOCK_DIGITS, &h) || i >= n || v[i++] != ':' ||
        !digits(v, &i, n, 1, CLOCK_DIGITS, &m) || i >= n || v[i++] != ':' ||
        !digits(v, &i, n, 1, CLOCK_DIGITS, &s))
        return false;
    if (i < n && v[i] == '.') {
        size_t start = ++i;
        if (!digits(v, &i, n, 0, CLOCK_FRACTION, &f))
            return false;
        for (size_t k = i - start; k < CLOCK_FRACTION; k++)
            f *= 10;
    }
    if (i != n)
        return false;
    *ms = ((h * 60 + m) * 60 + s) * 1000 + f;
    return true;
}

/* #N, or pawns (at most two decimals), then an optional ,depth. */
static bool parse_eval(const char *v, size_t n, struct annotation_eval *e)
{
    size_t i = 0;
    int64_t x = 0, frac = 0;
    *e = (struct annotation_eval){.depth = -1};
    if (i < n && v[i] == '#') {
        i++;
        int sg = sign(v, &i, n);
        if (!digits(v, &i, n, 1, MATE_DIGITS, &x))
            return false;
        e->mate = true;
        e->value = (int32_t)(sg * x);
    } else {
        int sg = sign(v, &i, n);
        size_t start = i;
        if (!digits(v, &i, n, 0, PAWN_DIGITS, &x))
            return false;
        bool whole = i > start;
        if (i < n && v[i] == '.') {
            size_t fstart = ++i;
            if (!digits(v, &i, n, whole ? 0 : 1, 2, &frac))
                return false;
            if (i - fstart == 1)
                frac *= 10;
        } else if (!whole) {
            return false;
        }
        e->value = (int32_t)(sg * (x * 100 + frac));
    }
    if (i < n && v[i] == ',') {
        int64_t d;
        i++;
        if (!digits(v, &i, n, 1, DEPTH_DIGITS, &d))
            return false;
        e->depth = (int32_t)d;
    }
    return i == n;
}

/* A square "e4" at v: 0 (a1) to 63 (h8), or -1. */
static int square_at(const char *v)
{
    if (v[0] < 'a' || v[0] > 'h' || v[1] < '1' || v[1] > '8')
        return -1;
    return (v[1] - '1') * 8 + (v[0] - 'a');
}

/* Shapes "Ge4,Rd1d8": all well formed, or none taken. */
static bool parse_shapes(const char *v, size_t n, struct annotations *a)
{
    size_t i = 0, kept = a->nshapes, dropped = a->shapes_dropped;
    for (;;) {
        if (n - i < 3 || !strchr("RGYB", v[i]) || v[i] == '\0')
            goto bad;
        char brush = v[i];
        int from = square_at(v + i + 1), to = from;
        if (from < 0)
            goto bad;
        i += 3;
        if (i < n && v[i] != ',') {
            if (n - i < 2 || (to = square_at(v + i)) < 0)
                goto bad;
            i += 2;
        }
        if (a->nshapes < ANNOTATION_SHAPES_MAX)
            a->shapes[a->nshapes++] = (struct annotation_shape){brush, (uint8_t)from, (uint8_t)to};
        else
            a->shapes_dropped++;
        if (i == n)
            return true;
        if (v[i] != ',')
            goto bad;
        i++;
    }
bad:
    a->nshapes = kept;
    a->shapes_dropped = dropped;
    return false;
}

enum command { CMD_CLK, CMD_EMT, CMD_EVAL, CMD_CSL, CMD_CAL, CMD_OTHER };

/* The command named at p ("[%" read before it): its kind and the name's length. */
static enum command command_name(const char *p, size_t n, size_t *len)
{
    static const struct {
        const char *name;
        enum command cmd;
    } names[] = {
        {"clk", CMD_CLK}, {"emt", CMD_EMT}, {"eval", CMD_EVAL}, {"csl", CMD_CSL}, {"cal", CMD_CAL}};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        size_t l = strlen(names[k].name);
        /* the name whole: followed by a blank, "]", "[" or the end */
        if (n >= l && memcmp(p, names[k].name, l) == 0 &&
            (n == l || is_blank((unsigned char)p[l]) || p[l] == ']' || p[l] == '[')) {
            *len = l;
            return names[k].cmd;
        }
    }
    return CMD_OTHER;
}

static enum annotation_error command_error(enum command c)
{
    return c == CMD_EVAL                  ? ANNOTATION_E_EVAL
           : c == CMD_CSL || c == CMD_CAL ? ANNOTATION_E_SHAPE
                                          : ANNOTATION_E_CLOCK;
}

/* Read the command of kind c whose value is v[0..n) into a; false when
 * malformed. */
static bool command_read(enum command c, const char *v, size_t n, struct annotations *a)
{
    int64_t ms;
    struct annotation_eval e;
    switch (c) {
    case CMD_CLK:
    case CMD_EMT:
        if (!parse_clock(v, n, &ms))
            return false;
        if (c == CMD_CLK && !(a->has & ANNOTATION_HAS_CLOCK)) {
            a->has |= ANNOTATION_HAS_CLOCK;
            a->clock_ms = ms;
        } else if (c == CMD_EMT && !(a->has & ANNOTATION_HAS_EMT)) {
            a->has |= ANNOTATION_HAS_EMT;
            a->emt_ms = ms;
        }
        return true;
    case CMD_EVAL:
        if (!parse_eval(v, n, &e))
            return false;
        if (!(a->has & ANNOTATION_HAS_EVAL)) {
            a->has |= ANNOTATION_HAS_EVAL;
            a->eval = e;
        }
        return true;
    case CMD_CSL:
    case CMD_CAL:
        return parse_shapes(v, n, a);
    default:
        return false;
    }
}

/* Where commands were taken out between two texts, one space joins
 * them; two after a text that ends with "[%" and a name ("[%clk [%eval
 * 1] 0:00:01]"), so that the join makes no command that was not there
 * and the text read again gives no value. */
static size_t gap_close(char *text, size_t out)
{
    if (!out)
        return 0;
    size_t k = out;
    while (k && text[k - 1] >= 'a' && text[k - 1] <= 'z')
        k--;
    size_t name_len;
    bool named = k >= 2 && text[k - 2] == '[' && text[k - 1] == '%' && out > k &&
                 command_name(text + k, out - k, &name_len) != CMD_OTHER;
    text[out++] = ' ';
    if (named)
        text[out++] = ' ';
    return out;
}

void annotation_init(struct annotations *a)
{
    a->has = 0;
    a->clock_ms = a->emt_ms = 0;
    a->eval = (struct annotation_eval){.depth = -1};
    a->nshapes = a->shapes_dropped = 0;
    a->problem = (struct annotation_problem){ANNOTATION_OK, 0, 0};
    a->nproblems = 0;
}

size_t annotation_parse(const char *comment, size_t len, struct annotations *a, char *text)
{
    annotation_init(a);
    return annotation_parse_more(comment, len, a, text);
}

size_t annotation_parse_more(const char *comment, size_t len, struct annotations *a, char *text)
{
    const char *p = comment;
    size_t i = 0, out = 0;
    bool gap = false; /* a command was taken out since the last text byte */

    while (i < len) {
        const char *open = memchr(p + i, '[', len - i);
        size_t stop = open ? (size_t)(open - p) : len;
        /* text up to the "[", less the blanks after a command taken out */
        if (gap) {
            while (i < stop && is_blank((unsigned char)p[i]))
                i++;
            if (i < stop) {
                out = gap_close(text, out);
                gap = false;
            }
        }
        memmove(text + out, p + i, stop - i); /* (text may be the comment itself) */
        out += stop - i;
        i = stop;
        if (!open)
            break;
        size_t name_len = 0;
        enum command c = i + 1 < len && p[i + 1] == '%'
                             ? command_name(p + i + 2, len - i - 2, &name_len)
                             : CMD_OTHER;
        size_t end = 0; /* the byte after the command */
        bool ok = false;
        if (c != CMD_OTHER) {
            size_t k = i + 2 + name_len;
            while (k < len && p[k] != ']' && p[k] != '[')
                k++;
            bool closed = k < len && p[k] == ']';
            end = closed ? k + 1 : k;
            /* exactly one blank between the name and the value */
            size_t v = i + 2 + name_len;
            ok = closed && v < k && is_blank((unsigned char)p[v]) &&
                 command_read(c, p + v + 1, k - v - 1, a);
            if (!ok) {
                if (!a->nproblems)
                    a->problem = (struct annotation_problem){command_error(c), i, end - i};
                a->nproblems++;
            }
        }
        if (!ok) { /* the "[" (and what follows) is text */
            if (gap) {
                out = gap_close(text, out);
                gap = false;
            }
            text[out++] = '[';
            i++;
            continue;
        }
        /* taken out, with the blanks that touch it */
        while (out && is_blank((unsigned char)text[out - 1]))
            out--;
        gap = true;
        i = end;
    }
    /* the ends trimmed */
    while (out && is_blank((unsigned char)text[out - 1]))
        out--;
    size_t lead = 0;
    while (lead < out && is_blank((unsigned char)text[lead]))
        lead++;
    if (lead) {
        memmove(text, text + lead, out - lead);
        out -= lead;
    }
    return out;
}

size_t annotation_format_seconds(int64_t ms, char *buf)
{
    char tmp[ANNOTATION_SECONDS_MAX];
    size_t n = 0;
    bool neg = ms < 0;
    uint64_t u = neg ? (uint64_t)0 - (uint64_t)ms : (uint64_t)ms;
    uint64_t whole = u / 1000;
    unsigned frac = (unsigned)(u % 1000);
    do {
        tmp[n++] = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole);
    size_t o = 0;
    if (neg)
        buf[o++] = '-';
    while (n)
        buf[o++] = tmp[--n];
    if (frac) {
        buf[o++] = '.';
        buf[o++] = (char)('0' + frac / 100);
        if (frac % 100) {
            buf[o++] = (char)('0' + frac / 10 % 10);
            if (frac % 10)
                buf[o++] = (char)('0' + frac % 10);
        }
    }
    return o;
}

size_t annotation_format_eval(const struct annotation_eval *e, char *buf)
{
    char tmp[12];
    size_t n = 0, o = 0;
    int64_t v = e->value;
    if (e->mate)
        buf[o++] = '#';
    if (v < 0) {
        buf[o++] = '-';
        v = -v;
    }
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        buf[o++] = tmp[--n];
    return o;
}

const char *annotation_error_message(enum annotation_error e)
{
    switch (e) {
    case ANNOTATION_E_CLOCK:
        return "malformed clock";
    case ANNOTATION_E_EVAL:
        return "malformed evaluation";
    case ANNOTATION_E_SHAPE:
        return "malformed shapes";
    default:
        return "no problem";
    }
}

const char *annotation_error_expected(enum annotation_error e)
{
    switch (e) {
    case ANNOTATION_E_CLOCK:
        return "H:MM:SS, at most three decimals, after one blank";
    case ANNOTATION_E_EVAL:
        return "pawns with at most two decimals or #N, then an optional ,depth, after one blank";
    case ANNOTATION_E_SHAPE:
        return "colours R, G, Y or B each with one or two squares, comma-separated, after one "
               "blank";
    default:
        return "";
    }
}
