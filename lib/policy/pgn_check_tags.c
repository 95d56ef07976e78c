/* The PGN checker's checks of tags (pgn_check_impl.h): the Seven Tag
 * Roster, repeated tags, dates, and the start position (SetUp, FEN,
 * Variant). */
#include "pgn_check_impl.h"

#include "games/annotation.h"
#include "base/array.h"
#include "rules/bitboard.h"
#include "games/game.h"
#include "rules/movegen.h"
#include "notation/san.h"
#include "rules/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- tags */

/* The tags the checks read; the roster's seven first, in their order. */
static const char *const known_names[TAG_KNOWN_NB] = {
    "Event", "Site",  "Date",    "Round",    "White",     "Black",  "Result",
    "FEN",   "SetUp", "Variant", "PlyCount", "EventDate", "UTCDate"};

/* Which known tag a name is, or -1: its first letter and, for E, S and R,
 * its length pick the one it can be (a lookup by strcmp showed in
 * profiles; a letter of none finds Event's 0, not its letter). */
int pgn_check_known_index(const struct pgn_tag *t)
{
    static const signed char by_letter[26] = {
        ['B' - 'A'] = TAG_BLACK, ['D' - 'A'] = TAG_DATE,     ['E' - 'A'] = TAG_EVENT,
        ['F' - 'A'] = TAG_FEN,   ['P' - 'A'] = TAG_PLYCOUNT, ['R' - 'A'] = TAG_ROUND,
        ['S' - 'A'] = TAG_SITE,  ['U' - 'A'] = TAG_UTC_DATE, ['V' - 'A'] = TAG_VARIANT,
        ['W' - 'A'] = TAG_WHITE,
    };
    unsigned l = (unsigned char)t->name[0] - 'A';
    int k = l < 26 ? by_letter[l] : TAG_EVENT;
    if (known_names[k][0] != t->name[0])
        return -1;
    if (k == TAG_EVENT && t->name_len != 5)
        k = TAG_EVENT_DATE;
    else if (k == TAG_SITE && t->name_len != 4)
        k = TAG_SETUP;
    else if (k == TAG_ROUND && t->name_len != 5)
        k = TAG_RESULT;
    size_t n = strlen(known_names[k]);
    return t->name_len == n && memcmp(t->name, known_names[k], n) == 0 ? k : -1;
}

const char *pgn_check_tag_value(const struct pgn_checker *c, int k)
{
    return c->known[k] ? c->known[k]->value : NULL;
}

/* PGN standard 8.1.1: the Seven Tag Roster is required in every game, with
 * a value ("?" when unknown), and comes first, in its order (a note). */
void pgn_check_roster(struct pgn_checker *c, const struct pgn_game *g)
{
    char missing[80] = "";
    size_t len = 0;
    int nmissing = 0;
    for (int i = 0; i < 7; i++) {
        const struct pgn_tag *t = c->known[i];
        if (!t) {
            len += (size_t)snprintf(missing + len, sizeof missing - len, "%s%s",
                                    nmissing ? ", " : "", known_names[i]);
            nmissing++;
        } else if (t->value_len == 0) {
            pgn_check_report(
                c, PGN_CHECK_EMPTY_TAG, t->line, t->col,
                "%s tag is empty (the Seven Tag Roster wants a value, '?' when unknown)",
                known_names[i]);
        }
    }
    if (nmissing)
        pgn_check_report(c, PGN_CHECK_MISSING_TAG, g->line, g->col,
                         "Seven Tag Roster tag%s missing: %s", nmissing > 1 ? "s" : "", missing);
    if (!c->enabled[PGN_CHECK_TAG_ORDER])
        return;
    /* the roster tags present must be the first tags, in roster order */
    int want = 0, last = -1;
    for (size_t i = 0; i < g->ntags; i++) {
        int k = pgn_check_known_index(&g->tags[i]);
        k = k < 7 ? k : -1;
        if (k < 0 ? want < 7 - nmissing : (i != (size_t)want || k < last)) {
            pgn_check_report(
                c, PGN_CHECK_TAG_ORDER, g->tags[i].line, g->tags[i].col,
                "tag %s out of order (the Seven Tag Roster comes first: Event, Site, Date, "
                "Round, White, Black, Result)",
                g->tags[i].name);
            return;
        }
        if (k >= 0) {
            want++;
            last = k;
        }
    }
}

/* PGN standard 8.1: a tag name appears at most once in a game (the
 * reader marks the repeats). */
void pgn_check_duplicate_tags(struct pgn_checker *c, const struct pgn_game *g)
{
    char msg[512];
    for (size_t i = 1; i < g->ntags; i++)
        if (g->tags[i].repeated) {
            pgn_repeat_message(g, i, c->line_offset, msg, sizeof msg);
            pgn_check_report(c, PGN_CHECK_DUPLICATE_TAG, g->tags[i].line, g->tags[i].col, "%s",
                             msg);
        }
}

/* PGN standard 8.1.1.3 (Date) and 9.2 (EventDate), 9.6 (UTCDate):
 * "YYYY.MM.DD", each part all digits or all '?' (unknown), and a day
 * that exists. */
void pgn_check_date(struct pgn_checker *c, const struct pgn_tag *t)
{
    static const int at[3] = {0, 5, 8}, width[3] = {4, 2, 2};
    const char *v = t->value;
    unsigned part[3] = {0, 0, 0}; /* year, month, day, where known */
    bool known[3] = {false, false, false};
    bool ok = t->value_len == 10 && v[4] == '.' && v[7] == '.';
    for (int i = 0; ok && i < 3; i++) {
        known[i] = v[at[i]] != '?';
        for (int k = at[i]; ok && k < at[i] + width[i]; k++) {
            ok = known[i] ? v[k] >= '0' && v[k] <= '9' : v[k] == '?';
            part[i] = known[i] ? part[i] * 10 + (unsigned)(v[k] - '0') : 0;
        }
    }
    if (!ok) {
        pgn_check_report(c, PGN_CHECK_BAD_DATE, t->line, t->col,
                         "%s '%s' is not YYYY.MM.DD ('?' for unknown digits)", t->name, v);
        return;
    }
    bool has_y = known[0], has_m = known[1], has_d = known[2];
    unsigned y = part[0], m = part[1], d = part[2];
    static const unsigned days[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (has_m && (m < 1 || m > 12)) {
        pgn_check_report(c, PGN_CHECK_BAD_DATE, t->line, t->col, "%s '%s': there is no month %02u",
                         t->name, v, m);
        return;
    }
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    unsigned max = !has_m ? 31 : m == 2 && has_y && !leap ? 28 : days[m - 1];
    if (has_d && (d < 1 || d > max))
        pgn_check_report(c, PGN_CHECK_BAD_DATE, t->line, t->col,
                         "%s '%s': there is no day %02u%s%s", t->name, v, d,
                         has_m ? " in that month" : "",
                         has_m && m == 2 && d == 29 ? " (not a leap year)" : "");
}

/* The column of a tag's value, found in the bytes (spacing varies); a
 * guess from the standard layout when they are not kept. */
unsigned long pgn_check_tag_value_col(const struct pgn_checker *c, const struct pgn_game *g,
                                      const struct pgn_tag *t)
{
    const char *p = pgn_check_raw_at(c, g, t->line, t->col);
    if (p) {
        const char *end = g->raw + g->raw_len;
        for (const char *q = p; q < end && *q != '\n'; q++)
            if (*q == '"')
                return t->col + (unsigned long)(q - p) + 1;
    }
    return t->col + t->name_len + 3;
}

/* PGN standard 9.7 (SetUp and FEN), FIDE Laws Guidelines III (Chess960)
 * and formats/fen.md: the start position, at tags_done.  A FEN problem's
 * column is its column in the value + 1 (pgn_check_moved_replay places it in the
 * tag's bytes).  False when the game cannot be replayed. */
bool pgn_check_setup(struct pgn_checker *c, struct position *start)
{
    const struct pgn_tag *fen = c->known[TAG_FEN];
    const struct pgn_tag *setup = c->known[TAG_SETUP];
    const struct pgn_tag *variant = c->known[TAG_VARIANT];
    if (fen && !(setup && strcmp(setup->value, "1") == 0))
        pgn_check_report(c, PGN_CHECK_FEN_WITHOUT_SETUP, fen->line, fen->col,
                         "FEN tag without SetUp \"1\"%s", setup ? " (SetUp is not \"1\")" : "");
    if (!fen && setup && strcmp(setup->value, "1") == 0)
        pgn_check_report(c, PGN_CHECK_SETUP_WITHOUT_FEN, setup->line, setup->col,
                         "SetUp \"1\" without a FEN tag");
    enum variant v = (enum variant)c->variant;
    bool c960 = c->chess960;
    if (variant && !game_variant_parse(variant->value, &v, &c960)) {
        pgn_check_report(c, PGN_CHECK_UNSUPPORTED_VARIANT, variant->line, variant->col,
                         "unsupported variant '%s'", variant->value);
        return false;
    }
    c960 |= c->chess960_all;
    if (!fen && v == VARIANT_CHESS) {
        position_start(start);
        start->chess960 = c960;
        return true;
    }
    /* A variant's own start position is its FEN in the rule table. */
    const char *text = fen ? fen->value : variant_rules(v)->start;
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options opt = {.chess960 = c960, .variant = (uint8_t)v};
    if (fen_read(text, strlen(text), &opt, &rec, &rep)) {
        *start = rec.pos;
        if (c960)
            start->chess960 = 1;
        return true;
    }
    for (int i = 0; i < rep.count; i++)
        pgn_check_report(c, pgn_check_fen_code(rep.problems[i].code), fen->line,
                         rep.problems[i].col + 1UL, "FEN tag: %s", rep.problems[i].message);
    if (rep.count == 0)
        pgn_check_report(c, pgn_check_fen_code(FEN_EMPTY), fen->line, 2,
                         "FEN tag: not a valid position");
    return false;
}
