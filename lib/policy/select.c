/* pgn-select's criteria (select.h): read from their option texts and
 * judged on a game, through select_tag, select_pos and select_game. */
#include "select.h"

#include "select_impl.h"

#include "games/game.h"
#include "rules/makemove.h"
#include "notation/san.h"
#include "select_pos.h"
#include "select_tag.h"
#include "rules/status.h"
#include "rules/variant.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const ending_names[END_NB] = {"checkmate", "stalemate", "insufficient",
                                                 "threefold", "fifty",     "variant"};
static const char *const speed_names[SELECT_SPEED_NB] = {
    "ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"};

const char *select_speed_name(enum select_speed s)
{
    return (unsigned)s < SELECT_SPEED_NB ? speed_names[s] : "?";
}

/* A count of seconds: digits, with a fraction after a '.' (cutechess
 * writes increments such as "10+0.05"), never negative. */
static bool seconds(const char *s, size_t n, double *out)
{
    return n && s[0] != '-' && s[0] != '+' && select_number_parse(s, n, out);
}

/* lichess's Speed.byTime on Clock.estimateTotalSeconds: ranges 0-29,
 * 30-179, 180-479, 480-1499, 1500-21599, and correspondence beyond (no
 * lichess clock reaches it). */
bool select_speed_of(const char *tc, enum select_speed *out)
{
    if (strcmp(tc, "-") == 0) {
        *out = SELECT_SPEED_CORRESPONDENCE;
        return true;
    }
    const char *plus = strchr(tc, '+');
    size_t n = strlen(tc);
    double initial, increment = 0;
    if (!seconds(tc, plus ? (size_t)(plus - tc) : n, &initial) ||
        (plus && !seconds(plus + 1, n - (size_t)(plus + 1 - tc), &increment)))
        return false;
    double est = initial + 40 * increment;
    static const double below[] = {30, 180, 480, 1500, 21600};
    int k = 0;
    while (k < 5 && est >= below[k])
        k++;
    *out = (enum select_speed)k;
    return true;
}

struct select_criteria *select_new(void)
{
    struct select_criteria *s = calloc(1, sizeof *s);
    if (s && !(s->state = calloc(select_nkinds, sizeof *s->state))) {
        free(s);
        return NULL;
    }
    if (s)
        s->material_plies = 1;
    return s;
}

void select_free(struct select_criteria *s)
{
    if (!s)
        return;
    for (size_t k = 0; k < select_nkinds; k++)
        if (s->state[k])
            select_kinds[k].ops->free(s->state[k]);
    for (size_t i = 0; i < s->nopenings; i++)
        select_regex_free(&s->openings[i]);
    for (size_t i = 0; i < s->necos; i++)
        free(s->ecos[i].text);
    free(s->state);
    free(s->tag_judges);
    free(s->number_judges);
    free(s->line_judges);
    free(s->fens);
    free(s->patterns);
    free(s->materials);
    free(s->endings);
    free(s->ecos);
    free(s->openings);
    free(s);
}

/* Room for one more element of an array (*n elements of size): false when
 * memory ran out. */
static bool grow(void *arrayp, size_t n, size_t size, char *err, size_t errsize)
{
    void **array = arrayp;
    void *a = realloc(*array, (n + 1) * size);
    if (!a) {
        snprintf(err, errsize, "out of memory");
        return false;
    }
    *array = a;
    return true;
}

/* The items of a comma-separated list, each looked up in names[0..n):
 * the set of their indices, or false with "unknown WHAT 'x' (names)". */
static bool name_set(const char *text, const char *const *names, int n, const char *what,
                     unsigned *set, char *err, size_t errsize)
{
    *set = 0;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        int k = 0;
        while (k < n && (strlen(names[k]) != len || memcmp(names[k], p, len) != 0))
            k++;
        if (k == n) {
            int w = snprintf(err, errsize, "unknown %s '%.*s' (", what, (int)len, p);
            for (int i = 0; i < n && w >= 0 && (size_t)w < errsize; i++)
                w += snprintf(err + w, errsize - (size_t)w, "%s%s", i ? ", " : "", names[i]);
            if (w >= 0 && (size_t)w < errsize)
                snprintf(err + w, errsize - (size_t)w, ")");
            return false;
        }
        *set |= 1u << k;
        if (!p[len])
            return true;
        p += len + 1;
    }
}

static bool plies(const char *text, unsigned long *out, char *err, size_t errsize)
{
    char *end;
    if (text[0] >= '0' && text[0] <= '9') {
        unsigned long v = strtoul(text, &end, 10);
        if (!*end && v != ULONG_MAX) {
            *out = v;
            return true;
        }
    }
    snprintf(err, errsize, "'%s' is not a number of plies", text);
    return false;
}

static bool add_eco(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    struct select_eco e = {strdup(text), 0};
    if (!e.text) {
        snprintf(err, errsize, "out of memory");
        return false;
    }
    for (char *p = e.text;; p++) {
        size_t len = strcspn(p, ",");
        bool last = !p[len];
        p[len] = '\0';
        if (!opening_eco_range_valid(p)) {
            snprintf(err, errsize, "bad ECO code or range '%s' (a code as B90, a range as A00-B99)",
                     p);
            free(e.text);
            return false;
        }
        e.n++;
        p += len;
        if (last)
            break;
    }
    if (!grow(&s->ecos, s->necos, sizeof *s->ecos, err, errsize)) {
        free(e.text);
        return false;
    }
    s->ecos[s->necos++] = e;
    return true;
}

static bool add_regex(struct select_regex **a, size_t *n, const char *text, char *err,
                      size_t errsize)
{
    if (!grow(a, *n, sizeof **a, err, errsize) ||
        !select_regex_compile(&(*a)[*n], text, err, errsize))
        return false;
    ++*n;
    return true;
}

/* A message quotes the option's text: its control bytes show as '?', so
 * that the message stays one printable line. */
static bool refuse(char *err, size_t errsize)
{
    for (size_t i = 0; i < errsize && err[i]; i++)
        if ((unsigned char)err[i] < 0x20 || err[i] == 0x7f)
            err[i] = '?';
    return false;
}

/* ---- the criteria on the moves: their texts read into the criteria,
 * judged in select_game.c ---- */

static bool add_fen(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    if (!grow(&s->fens, s->nfens, sizeof *s->fens, err, errsize) ||
        !select_fen_parse(&s->fens[s->nfens], text, err, errsize))
        return false;
    s->nfens++;
    return true;
}

static bool add_position(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    if (!grow(&s->patterns, s->npatterns, sizeof *s->patterns, err, errsize) ||
        !select_pattern_parse(&s->patterns[s->npatterns], text, err, errsize))
        return false;
    s->npatterns++;
    return true;
}

static bool add_material(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    if (!grow(&s->materials, s->nmaterials, sizeof *s->materials, err, errsize) ||
        !select_material_parse(&s->materials[s->nmaterials], text, err, errsize))
        return false;
    s->nmaterials++;
    return true;
}

static bool add_material_plies(struct select_criteria *s, const char *text, char *err,
                               size_t errsize)
{
    if (!plies(text, &s->material_plies, err, errsize))
        return false;
    if (!s->material_plies) {
        snprintf(err, errsize, "'%s': the material is held for 1 ply or more", text);
        return false;
    }
    s->material_plies_set = true;
    return true;
}

static bool add_min_plies(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    unsigned long v;
    if (!plies(text, &v, err, errsize))
        return false;
    if (!s->min_set || v > s->min_plies)
        s->min_plies = v;
    s->min_set = true;
    return true;
}

static bool add_max_plies(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    unsigned long v;
    if (!plies(text, &v, err, errsize))
        return false;
    if (!s->max_set || v < s->max_plies)
        s->max_plies = v;
    s->max_set = true;
    return true;
}

static bool add_ending(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    unsigned set;
    if (!name_set(text, ending_names, END_NB, "ending", &set, err, errsize) ||
        !grow(&s->endings, s->nendings, sizeof *s->endings, err, errsize))
        return false;
    s->endings[s->nendings++] = set;
    return true;
}

static bool add_opening(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    return add_regex(&s->openings, &s->nopenings, text, err, errsize);
}

static bool add_unique(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    (void)text, (void)err, (void)errsize;
    s->unique = true;
    return true;
}

/* ---- the criteria with their own storage and judges ---- */

/* A row's own storage when it is a list of items, one per option text. */
struct list {
    void *v;
    size_t n;
};

/* Room for one more item of size bytes in the list *state (made on the
 * first): the slot, which list_keep counts once it is filled; NULL when
 * memory ran out. */
static void *list_slot(void **state, size_t size, char *err, size_t errsize)
{
    struct list *l = *state;
    if (!l && !(l = *state = calloc(1, sizeof *l))) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    if (!grow(&l->v, l->n, size, err, errsize))
        return NULL;
    return (char *)l->v + l->n * size;
}

static void list_keep(void **state)
{
    ((struct list *)*state)->n++;
}

static void list_free(void *state)
{
    struct list *l = state;
    free(l->v);
    free(l);
}

/* The first tag called name[0..len) that is no repeat. */
static const struct pgn_tag *find_tag(const struct pgn_tag *tags, size_t ntags, const char *name,
                                      size_t len)
{
    for (size_t i = 0; i < ntags; i++)
        if (tags[i].name_len == len && !tags[i].repeated && memcmp(tags[i].name, name, len) == 0)
            return &tags[i];
    return NULL;
}

static bool always(const void *state)
{
    (void)state;
    return true;
}

/* --tag: a list of struct select_tag_expr, every one holds */
static bool read_tag(void **state, const char *text, char *err, size_t errsize)
{
    struct select_tag_expr *e = list_slot(state, sizeof *e, err, errsize);
    if (!e || !select_tag_parse(e, text, err, errsize))
        return false;
    list_keep(state);
    return true;
}

static void free_tag(void *state)
{
    struct list *l = state;
    for (size_t i = 0; i < l->n; i++)
        select_tag_free((struct select_tag_expr *)l->v + i);
    list_free(l);
}

static bool judge_tag(const void *state, const struct pgn_tag *tags, size_t ntags,
                      pcre2_match_data *md)
{
    const struct list *l = state;
    for (const struct select_tag_expr *e = l->v, *end = e + l->n; e < end; e++) {
        const struct pgn_tag *t = find_tag(tags, ntags, e->name, e->name_len);
        if (!t || !select_tag_test(e, t->value, t->value_len, md))
            return false;
    }
    return true;
}

static bool tag_wants_md(const void *state)
{
    const struct list *l = state;
    for (const struct select_tag_expr *e = l->v, *end = e + l->n; e < end; e++)
        if (e->re.p.code)
            return true;
    return false;
}

/* --player: a list of struct select_regex, every one matched by White or
 * Black */
static bool read_player(void **state, const char *text, char *err, size_t errsize)
{
    struct select_regex *r = list_slot(state, sizeof *r, err, errsize);
    if (!r || !select_regex_compile(r, text, err, errsize))
        return false;
    list_keep(state);
    return true;
}

static void free_player(void *state)
{
    struct list *l = state;
    for (size_t i = 0; i < l->n; i++)
        select_regex_free((struct select_regex *)l->v + i);
    list_free(l);
}

static bool judge_player(const void *state, const struct pgn_tag *tags, size_t ntags,
                         pcre2_match_data *md)
{
    const struct list *l = state;
    const struct pgn_tag *w = find_tag(tags, ntags, "White", 5);
    const struct pgn_tag *b = find_tag(tags, ntags, "Black", 5);
    for (const struct select_regex *r = l->v, *end = r + l->n; r < end; r++)
        if (!(w && select_regex_match(r, w->value, w->value_len, md)) &&
            !(b && select_regex_match(r, b->value, b->value_len, md)))
            return false;
    return true;
}

/* --speed: a list of sets of 1 << enum select_speed, each met by any one */
static bool read_speed(void **state, const char *text, char *err, size_t errsize)
{
    unsigned set, *slot;
    if (!name_set(text, speed_names, SELECT_SPEED_NB, "speed", &set, err, errsize) ||
        !(slot = list_slot(state, sizeof *slot, err, errsize)))
        return false;
    *slot = set;
    list_keep(state);
    return true;
}

static bool judge_speed(const void *state, const struct pgn_tag *tags, size_t ntags,
                        pcre2_match_data *md)
{
    (void)md;
    const struct list *l = state;
    const struct pgn_tag *t = find_tag(tags, ntags, "TimeControl", 11);
    enum select_speed sp;
    if (!t || !select_speed_of(t->value, &sp))
        return false;
    for (const unsigned *set = l->v, *end = set + l->n; set < end; set++)
        if (!(*set & (1u << sp)))
            return false;
    return true;
}

/* --variant: a list of sets of 1 << variant_bit, each met by any one */
static unsigned variant_bit(enum variant v, bool chess960)
{
    return (unsigned)v * 2 + (chess960 ? 1 : 0);
}

static bool read_variant(void **state, const char *text, char *err, size_t errsize)
{
    uint32_t set = 0, *slot;
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        enum variant v;
        bool c960 = false;
        char name[64];
        /* the tools' names, else the Variant tag's ("King of the Hill") */
        if (!variant_parse(p, len, &v, &c960) &&
            (len >= sizeof name ||
             (memcpy(name, p, len), name[len] = '\0', !game_variant_parse(name, &v, &c960)))) {
            char names[VARIANT_NAMES_MAX];
            snprintf(err, errsize, "unknown variant '%.*s' (%s)", (int)len, p,
                     variant_names(names, sizeof names, 0));
            return false;
        }
        set |= 1u << variant_bit(v, c960);
        if (!p[len])
            break;
        p += len + 1;
    }
    if (!(slot = list_slot(state, sizeof *slot, err, errsize)))
        return false;
    *slot = set;
    list_keep(state);
    return true;
}

static bool judge_variant(const void *state, const struct pgn_tag *tags, size_t ntags,
                          pcre2_match_data *md)
{
    (void)md;
    const struct list *l = state;
    const struct pgn_tag *t = find_tag(tags, ntags, "Variant", 7);
    enum variant v = VARIANT_CHESS;
    bool c960 = false;
    if (t && !game_variant_parse(t->value, &v, &c960))
        return false;
    for (const uint32_t *set = l->v, *end = set + l->n; set < end; set++)
        if (!(*set & (1u << variant_bit(v, c960))))
            return false;
    return true;
}

/* --moves: a list of lines, each the start of the main line, from the
 * standard start (held in a struct lines, whose list comes first) */
struct select_line {
    move *moves;
    size_t n;
};
struct lines {
    struct list l; /* of struct select_line */
    size_t longest;
    struct select_fen start; /* the standard start of standard chess */
};

/* "e4 c5 Nf3", move numbers ("1." "1...") allowed and skipped. */
static bool read_line(void **state, const char *text, char *err, size_t errsize)
{
    struct select_line line = {0};
    struct position pos;
    position_start(&pos);
    const char *p = text;
    for (;;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        const char *tok = p;
        while (*p >= '0' && *p <= '9')
            p++;
        if (p > tok && *p == '.') {
            while (*p == '.')
                p++;
            continue;
        }
        p = tok;
        size_t len = strcspn(p, " ");
        move m;
        enum san_error se = san_parse(&pos, p, len, &m);
        if (se != SAN_OK) {
            snprintf(err, errsize, "move %zu '%.*s' of '%s': %s", line.n + 1, (int)len, p, text,
                     san_error_message(se));
            free(line.moves);
            return false;
        }
        move *a = realloc(line.moves, (line.n + 1) * sizeof *a);
        if (!a) {
            free(line.moves);
            snprintf(err, errsize, "out of memory");
            return false;
        }
        line.moves = a;
        line.moves[line.n++] = m;
        makemove_play(&pos, m);
        p += len;
    }
    if (!line.n) {
        snprintf(err, errsize, "no moves in '%s'", text);
        return false;
    }
    struct lines *ls = *state;
    if (!ls && (ls = *state = calloc(1, sizeof *ls)) != NULL) {
        position_start(&ls->start.pos);
        ls->start.ep = SQUARE_NONE;
    }
    struct select_line *slot = ls ? list_slot(state, sizeof *slot, err, errsize) : NULL;
    if (!slot) {
        if (!ls)
            snprintf(err, errsize, "out of memory");
        free(line.moves);
        return false;
    }
    *slot = line;
    list_keep(state);
    if (line.n > ls->longest)
        ls->longest = line.n;
    return true;
}

static void free_line(void *state)
{
    struct lines *ls = state;
    for (size_t i = 0; i < ls->l.n; i++)
        free(((struct select_line *)ls->l.v)[i].moves);
    free(ls->l.v);
    free(ls);
}

/* (the game's scratch: the lists agree with the main line so far) */
static void line_start(const void *state, void *game, const struct position *start)
{
    const struct lines *ls = state;
    *(bool *)game =
        start->variant == VARIANT_CHESS && !start->chess960 && select_fen_match(&ls->start, start);
}

static void line_move(const void *state, void *game, unsigned long ply, move m,
                      const struct position *after)
{
    (void)after;
    const struct lines *ls = state;
    bool *ok = game;
    if (*ok && ply <= ls->longest)
        for (const struct select_line *l = ls->l.v, *end = l + ls->l.n; l < end; l++)
            if (ply <= l->n && l->moves[ply - 1] != m)
                *ok = false;
}

static bool line_end(const void *state, void *game, unsigned long plies)
{
    const struct lines *ls = state;
    return *(bool *)game && plies >= ls->longest;
}

/* --game-number: a list of lists of ranges of numbers, each list met by
 * any one of its ranges */
struct number_range {
    unsigned long first, last;
};
struct number_list {
    struct number_range *r;
    size_t n;
    unsigned long last; /* the greatest number of its ranges */
};

/* A game's number: digits, from 1. */
static bool game_number(const char *p, size_t len, unsigned long *out)
{
    unsigned long v = 0;
    if (!len || len > 19)
        return false;
    for (size_t i = 0; i < len; i++) {
        if (p[i] < '0' || p[i] > '9')
            return false;
        v = v * 10 + (unsigned long)(p[i] - '0');
    }
    *out = v;
    return v > 0;
}

static bool read_numbers(void **state, const char *text, char *err, size_t errsize)
{
    struct number_list nl = {0};
    const char *p = text;
    for (;;) {
        size_t len = strcspn(p, ",");
        const char *dash = memchr(p, '-', len);
        struct number_range r;
        if (!game_number(p, dash ? (size_t)(dash - p) : len, &r.first) ||
            (dash && !game_number(dash + 1, len - (size_t)(dash + 1 - p), &r.last))) {
            snprintf(err, errsize,
                     "bad game number or range '%.*s' (a number from 1, a range as 5000-5010)",
                     (int)len, p);
            free(nl.r);
            return false;
        }
        if (!dash)
            r.last = r.first;
        if (r.last < r.first) {
            snprintf(err, errsize, "range '%.*s' ends before it starts", (int)len, p);
            free(nl.r);
            return false;
        }
        if (!grow(&nl.r, nl.n, sizeof *nl.r, err, errsize)) {
            free(nl.r);
            return false;
        }
        nl.r[nl.n++] = r;
        if (r.last > nl.last)
            nl.last = r.last;
        if (!p[len])
            break;
        p += len + 1;
    }
    struct number_list *slot = list_slot(state, sizeof *slot, err, errsize);
    if (!slot) {
        free(nl.r);
        return false;
    }
    *slot = nl;
    list_keep(state);
    return true;
}

static void free_numbers(void *state)
{
    struct list *l = state;
    for (size_t i = 0; i < l->n; i++)
        free(((struct number_list *)l->v)[i].r);
    list_free(l);
}

static bool judge_numbers(const void *state, unsigned long n)
{
    const struct list *l = state;
    for (const struct number_list *nl = l->v, *end = nl + l->n; nl < end; nl++) {
        size_t k = 0;
        while (k < nl->n && (n < nl->r[k].first || n > nl->r[k].last))
            k++;
        if (k == nl->n)
            return false;
    }
    return true;
}

static unsigned long numbers_last(const void *state)
{
    const struct list *l = state;
    unsigned long last = ULONG_MAX;
    for (const struct number_list *nl = l->v, *end = nl + l->n; nl < end; nl++)
        if (nl->last < last)
            last = nl->last;
    return last;
}

/* ---- the table ---- */

/* A row of the table: its option (name, short key, argument, help), and
 * how it is read and judged (OWN: in its own storage, by its own judges;
 * MOVES: into the criteria, judged on the main line by select_game.c).
 * The order is the order of the judges on the tags: the cheaper first. */
#define OWN(...)                                                                                   \
    &(const struct select_ops)                                                                     \
    {                                                                                              \
        __VA_ARGS__                                                                                \
    }
#define MOVES(fn)                                                                                  \
    &(const struct select_ops)                                                                     \
    {                                                                                              \
        .add = fn, .moves = true                                                                   \
    }

const struct select_kind select_kinds[] = {
    {"tag", 0, "'NAME OP VALUE'",
     "A tag compared with a value: OP is = != < <= > >= (numbers as numbers, dates such as "
     "2024.01.?? as dates, other values as text) or ~ !~ (a PCRE2 pattern); spaces around OP "
     "are optional ('WhiteElo>=2700'). A game without the tag meets no comparison. Repeatable: "
     "every one must hold",
     0, OWN(.read = read_tag, .free = free_tag, .tags = judge_tag, .wants_md = tag_wants_md)},
    {"player", 'p', "PATTERN", "White or Black matches the PCRE2 pattern", 0,
     OWN(.read = read_player, .free = free_player, .tags = judge_player, .wants_md = always)},
    {"speed", 0, "LIST",
     "The speed of the TimeControl tag, by lichess's rule (initial + 40 x increment seconds: "
     "ultrabullet < 30, bullet < 180, blitz < 480, rapid < 1500, classical < 21600; '-' is "
     "correspondence); a comma-separated list, any one",
     0, OWN(.read = read_speed, .free = list_free, .tags = judge_speed)},
    {"variant", 0, "NAME",
     "The rules of the game, from its Variant tag (none: chess): %s (PGN's spellings too)",
     SELECT_KIND_VARIANTS, OWN(.read = read_variant, .free = list_free, .tags = judge_variant)},
    {"game-number", 0, "LIST",
     "The game's number in its file, from 1: a comma-separated list of numbers and ranges "
     "('5000-5010,17'), any one",
     0,
     OWN(.read = read_numbers, .free = free_numbers, .number = judge_numbers,
         .number_last = numbers_last)},
    {"fen", 0, "FEN",
     "The main line reaches this position (pieces, side to move, castling rights, and the "
     "en-passant square when a capture there is legal; the counters are not compared); "
     "repeatable: any one",
     0, MOVES(add_fen)},
    {"position", 0, "PATTERN",
     "The main line reaches a board that the pattern describes: FEN's board field where ? "
     "stands for any square ('rnbqkb?r/pp??pppp/8/8/8/8/PPPPPPPP/RNBQKBNR'), optionally "
     "followed by ' w' or ' b'; repeatable: any one",
     0, MOVES(add_position)},
    {"material", 0, "SIG",
     "The main line reaches this material, White's pieces then Black's ('KQR:KR'; '+' after "
     "a side: at least those, 'KR+:K'); repeatable: any one",
     0, MOVES(add_material)},
    /* (judged with --material, on the moves; by itself it asks for none) */
    {"material-plies", 0, "N",
     "The material of --material is held for N plies in a row (default 1)", 0,
     &(const struct select_ops){.add = add_material_plies}},
    {"min-plies", 0, "N", "The main line has at least N plies", 0, MOVES(add_min_plies)},
    {"max-plies", 0, "N", "The main line has at most N plies", 0, MOVES(add_max_plies)},
    {"ending", 0, "LIST",
     "The position at the end of the main line: checkmate, stalemate, insufficient "
     "(material), threefold (it stands for the third time), fifty (fifty moves without a "
     "capture or a pawn move) or variant (the variant's own end); a comma-separated list, any one",
     0, MOVES(add_ending)},
    {"moves", 0, "'SAN...'",
     "The main line starts with these moves ('e4 c5 Nf3'), from the standard starting position", 0,
     OWN(.read = read_line, .free = free_line, .moves = true, .game_size = sizeof(bool),
         .start = line_start, .move = line_move, .end = line_end)},
    {"eco", 0, "CODES",
     "The game's opening has one of these ECO codes or ranges ('B90', 'A00-B99', "
     "'C60-C99,B20'), named by lichess's table of openings (lichess-org/chess-openings, built in) "
     "as lichess "
     "names them: the deepest named position among the first 40 plies",
     0, MOVES(add_eco)},
    {"opening", 0, "PATTERN",
     "The name of the game's opening matches the PCRE2 pattern ('Sicilian.*Najdorf')", 0,
     MOVES(add_opening)},
    {"unique", 0, NULL, NULL, SELECT_KIND_TOOL, MOVES(add_unique)},
};
const size_t select_nkinds = sizeof select_kinds / sizeof select_kinds[0];

const struct select_kind *select_kind_named(const char *name)
{
    for (size_t k = 0; k < select_nkinds; k++)
        if (strcmp(select_kinds[k].name, name) == 0)
            return &select_kinds[k];
    return NULL;
}

static bool add(struct select_criteria *s, const char *kind, const char *text, char *err,
                size_t errsize)
{
    const struct select_kind *k = kind ? select_kind_named(kind) : NULL;
    if (!k) {
        snprintf(err, errsize, "unknown criterion '%s'", kind ? kind : "");
        return false;
    }
    if (k->arg && !text) {
        snprintf(err, errsize, "no text");
        return false;
    }
    const struct select_ops *o = k->ops;
    if (!(o->read ? o->read(&s->state[k - select_kinds], text, err, errsize)
                  : o->add(s, text, err, errsize)))
        return false;
    s->needs_moves |= o->moves;
    return true;
}

bool select_add(struct select_criteria *s, const char *kind, const char *text, char *err,
                size_t errsize)
{
    return add(s, kind, text, err, errsize) || (errsize && refuse(err, errsize));
}

/* The rows' own judges of one kind, in the table's order: those of the
 * rows given a text. */
enum judge_kind { JUDGE_TAGS, JUDGE_NUMBER, JUDGE_LINE };
static bool judges(const struct select_criteria *s, enum judge_kind kind, struct select_judge **out,
                   size_t *n)
{
    *n = 0;
    free(*out);
    if (!(*out = calloc(select_nkinds, sizeof **out)))
        return false;
    for (size_t k = 0; k < select_nkinds; k++) {
        const struct select_ops *o = select_kinds[k].ops;
        bool has = kind == JUDGE_TAGS     ? o->tags != NULL
                   : kind == JUDGE_NUMBER ? o->number != NULL
                                          : o->end != NULL;
        if (s->state[k] && has)
            (*out)[(*n)++] = (struct select_judge){o, s->state[k]};
    }
    return true;
}

bool select_finish(struct select_criteria *s, char *err, size_t errsize)
{
    if (s->min_set && s->max_set && s->min_plies > s->max_plies) {
        snprintf(err, errsize, "--min-plies %lu is above --max-plies %lu: no game has both",
                 s->min_plies, s->max_plies);
        return false;
    }
    if (s->material_plies_set && !s->nmaterials) {
        snprintf(err, errsize, "--material-plies without --material");
        return false;
    }
    if (s->necos || s->nopenings) {
        s->table = opening_table_get();
        if (!s->table) {
            snprintf(err, errsize, "out of memory (the table of openings)");
            return false;
        }
    }
    if (!judges(s, JUDGE_TAGS, &s->tag_judges, &s->ntag_judges) ||
        !judges(s, JUDGE_NUMBER, &s->number_judges, &s->nnumber_judges) ||
        !judges(s, JUDGE_LINE, &s->line_judges, &s->nline_judges)) {
        snprintf(err, errsize, "out of memory");
        return false;
    }
    s->number_last = ULONG_MAX;
    for (size_t i = 0; i < s->nnumber_judges; i++) {
        unsigned long last = s->number_judges[i].ops->number_last(s->number_judges[i].state);
        if (last < s->number_last)
            s->number_last = last;
    }
    /* (needs_moves: set by add, from the rows) */
    s->needs_md = s->nopenings != 0;
    for (size_t i = 0; i < s->ntag_judges; i++) {
        const struct select_judge *j = &s->tag_judges[i];
        if (j->ops->wants_md && j->ops->wants_md(j->state))
            s->needs_md = true;
    }
    return true;
}

bool select_needs_moves(const struct select_criteria *s)
{
    return s->needs_moves;
}

bool select_needs_number(const struct select_criteria *s)
{
    return s->nnumber_judges != 0;
}

bool select_number(const struct select_criteria *s, unsigned long n)
{
    for (size_t i = 0; i < s->nnumber_judges; i++)
        if (!s->number_judges[i].ops->number(s->number_judges[i].state, n))
            return false;
    return true;
}

unsigned long select_number_last(const struct select_criteria *s)
{
    return s->number_last;
}

static enum select_verdict tags_verdict(const struct select_criteria *s, const struct pgn_tag *tags,
                                        size_t ntags, pcre2_match_data *md)
{
    for (const struct select_judge *j = s->tag_judges, *e = j + s->ntag_judges; j < e; j++)
        if (!j->ops->tags(j->state, tags, ntags, md))
            return SELECT_NO;
    return s->needs_moves ? SELECT_REPLAY : SELECT_YES;
}

enum select_verdict select_tags_md(const struct select_criteria *s, const struct pgn_tag *tags,
                                   size_t ntags, pcre2_match_data *md)
{
    return tags_verdict(s, tags, ntags, md);
}

enum select_verdict select_tags(const struct select_criteria *s, const struct pgn_tag *tags,
                                size_t ntags)
{
    if (!s->needs_md)
        return tags_verdict(s, tags, ntags, NULL);
    pcre2_match_data *md = pcre2_match_data_create(1, NULL);
    if (!md)
        return SELECT_NO;
    enum select_verdict v = tags_verdict(s, tags, ntags, md);
    pcre2_match_data_free(md);
    return v;
}
