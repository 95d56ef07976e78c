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
    if (s)
        s->material_plies = 1;
    return s;
}

void select_free(struct select_criteria *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->ntags; i++)
        select_tag_free(&s->tags[i]);
    for (size_t i = 0; i < s->nplayers; i++)
        select_regex_free(&s->players[i]);
    for (size_t i = 0; i < s->nopenings; i++)
        select_regex_free(&s->openings[i]);
    for (size_t i = 0; i < s->nlines; i++)
        free(s->lines[i].moves);
    for (size_t i = 0; i < s->necos; i++)
        free(s->ecos[i].text);
    free(s->tags);
    free(s->players);
    free(s->speeds);
    free(s->variants);
    free(s->fens);
    free(s->patterns);
    free(s->materials);
    free(s->endings);
    free(s->lines);
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

static unsigned variant_bit(enum variant v, bool chess960)
{
    return (unsigned)v * 2 + (chess960 ? 1 : 0);
}

static bool add_variants(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    uint32_t set = 0;
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
    if (!grow(&s->variants, s->nvariants, sizeof *s->variants, err, errsize))
        return false;
    s->variants[s->nvariants++] = set;
    return true;
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

/* "e4 c5 Nf3", move numbers ("1." "1...") allowed and skipped. */
static bool add_line(struct select_criteria *s, const char *text, char *err, size_t errsize)
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
    if (!grow(&s->lines, s->nlines, sizeof *s->lines, err, errsize)) {
        free(line.moves);
        return false;
    }
    s->lines[s->nlines++] = line;
    if (line.n > s->longest_line)
        s->longest_line = line.n;
    return true;
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

/* ---- each criterion: its option text read into the criteria ---- */

static bool add_tag(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    if (!grow(&s->tags, s->ntags, sizeof *s->tags, err, errsize) ||
        !select_tag_parse(&s->tags[s->ntags], text, err, errsize))
        return false;
    s->ntags++;
    return true;
}

static bool add_player(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    return add_regex(&s->players, &s->nplayers, text, err, errsize);
}

static bool add_speed(struct select_criteria *s, const char *text, char *err, size_t errsize)
{
    unsigned set;
    if (!name_set(text, speed_names, SELECT_SPEED_NB, "speed", &set, err, errsize) ||
        !grow(&s->speeds, s->nspeeds, sizeof *s->speeds, err, errsize))
        return false;
    s->speeds[s->nspeeds++] = set;
    return true;
}

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

/* One row per criterion: how its text is read, and whether it needs the
 * moves (its judge in select_game.c: the main line replayed) or the tags
 * alone (its judge in tags_verdict). */
static const struct {
    bool (*add)(struct select_criteria *s, const char *text, char *err, size_t errsize);
    bool moves;
    bool no_text; /* the option takes no text */
} criteria[SELECT_CRITERION_NB] = {
    [SELECT_TAG] = {add_tag, false, false},
    [SELECT_PLAYER] = {add_player, false, false},
    [SELECT_SPEED] = {add_speed, false, false},
    [SELECT_VARIANT] = {add_variants, false, false},
    [SELECT_FEN] = {add_fen, true, false},
    [SELECT_POSITION] = {add_position, true, false},
    [SELECT_MATERIAL] = {add_material, true, false},
    [SELECT_MATERIAL_PLIES] = {add_material_plies, false, false},
    [SELECT_MIN_PLIES] = {add_min_plies, true, false},
    [SELECT_MAX_PLIES] = {add_max_plies, true, false},
    [SELECT_ENDING] = {add_ending, true, false},
    [SELECT_MOVES] = {add_line, true, false},
    [SELECT_ECO] = {add_eco, true, false},
    [SELECT_OPENING] = {add_opening, true, false},
    [SELECT_UNIQUE] = {add_unique, true, true},
};

static bool add(struct select_criteria *s, enum select_criterion kind, const char *text, char *err,
                size_t errsize)
{
    if ((unsigned)kind >= SELECT_CRITERION_NB || !criteria[kind].add) {
        snprintf(err, errsize, "unknown criterion %d", (int)kind);
        return false;
    }
    if (!criteria[kind].no_text && !text) {
        snprintf(err, errsize, "no text");
        return false;
    }
    if (!criteria[kind].add(s, text, err, errsize))
        return false;
    s->needs_moves |= criteria[kind].moves;
    return true;
}

bool select_add(struct select_criteria *s, enum select_criterion kind, const char *text, char *err,
                size_t errsize)
{
    return add(s, kind, text, err, errsize) || (errsize && refuse(err, errsize));
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
    position_start(&s->start.pos);
    s->start.ep = SQUARE_NONE;
    /* (needs_moves: set by add, from the rows) */
    s->needs_md = s->nplayers || s->nopenings;
    for (size_t i = 0; i < s->ntags; i++)
        if (s->tags[i].re.p.code)
            s->needs_md = true;
    return true;
}

bool select_needs_moves(const struct select_criteria *s)
{
    return s->needs_moves;
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

static enum select_verdict tags_verdict(const struct select_criteria *s, const struct pgn_tag *tags,
                                        size_t ntags, pcre2_match_data *md)
{
    for (size_t i = 0; i < s->ntags; i++) {
        const struct select_tag_expr *e = &s->tags[i];
        const struct pgn_tag *t = find_tag(tags, ntags, e->name, e->name_len);
        if (!t || !select_tag_test(e, t->value, t->value_len, md))
            return SELECT_NO;
    }
    if (s->nplayers) {
        const struct pgn_tag *w = find_tag(tags, ntags, "White", 5);
        const struct pgn_tag *b = find_tag(tags, ntags, "Black", 5);
        for (size_t i = 0; i < s->nplayers; i++)
            if (!(w && select_regex_match(&s->players[i], w->value, w->value_len, md)) &&
                !(b && select_regex_match(&s->players[i], b->value, b->value_len, md)))
                return SELECT_NO;
    }
    if (s->nspeeds) {
        const struct pgn_tag *t = find_tag(tags, ntags, "TimeControl", 11);
        enum select_speed sp;
        if (!t || !select_speed_of(t->value, &sp))
            return SELECT_NO;
        for (size_t i = 0; i < s->nspeeds; i++)
            if (!(s->speeds[i] & (1u << sp)))
                return SELECT_NO;
    }
    if (s->nvariants) {
        const struct pgn_tag *t = find_tag(tags, ntags, "Variant", 7);
        enum variant v = VARIANT_CHESS;
        bool c960 = false;
        if (t && !game_variant_parse(t->value, &v, &c960))
            return SELECT_NO;
        for (size_t i = 0; i < s->nvariants; i++)
            if (!(s->variants[i] & (1u << variant_bit(v, c960))))
                return SELECT_NO;
    }
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
