/* The tag expressions of pgn-select ("WhiteElo>=2700", "Event~Olympiad")
 * and the PCRE2 patterns the criteria match text with (--player,
 * --opening): read from their option texts, then judged on one tag value.
 * Internal to select.c; formats/pgn-select.md is the manual of the
 * comparisons. */
#ifndef CHESS_SELECT_TAG_H
#define CHESS_SELECT_TAG_H

#include "base/textscan.h" /* (PCRE2) */

#include <stdbool.h>
#include <stddef.h>

/* A compiled pattern: matched anywhere in the text, case-sensitive, as
 * UTF-8 where the text is valid UTF-8 (invalid bytes never match a
 * character). */
struct select_regex {
    struct textscan_pattern p;
};

/* Compile pattern (NUL-terminated); false with "bad pattern '(':
 * missing closing parenthesis at offset 1" in err. */
bool select_regex_compile(struct select_regex *r, const char *pattern, char *err, size_t errsize);
void select_regex_free(struct select_regex *r);
/* Does s[0..n) match?  md: match data for one pair, the caller's (one per
 * thread). */
bool select_regex_match(const struct select_regex *r, const char *s, size_t n,
                        pcre2_match_data *md);

enum select_op {
    SELECT_OP_EQ,
    SELECT_OP_NE,
    SELECT_OP_RE,
    SELECT_OP_NRE,
    SELECT_OP_LT,
    SELECT_OP_LE,
    SELECT_OP_GT,
    SELECT_OP_GE
};

/* A PGN date "YYYY.MM.DD" (also "YYYY" and "YYYY.MM"): each part 0 when
 * unknown ('?' in it, or left out). */
struct select_date {
    unsigned year, month, day;
};

/* Read a date from s[0..n); false when s is not one. */
bool select_date_parse(const char *s, size_t n, struct select_date *d);
/* Compare two dates on the parts both know, from the year down: < 0, 0
 * or > 0 in *cmp; false when either year is unknown (no comparison). */
bool select_date_compare(const struct select_date *a, const struct select_date *b, int *cmp);

/* Read a number from s[0..n): optional sign, digits, optional '.' and
 * digits; false when s is not one. */
bool select_number_parse(const char *s, size_t n, double *out);

struct select_tag_expr {
    char *name; /* NUL-terminated, allocated */
    size_t name_len;
    enum select_op op;
    char *value; /* the value to compare with, allocated (quotes taken off) */
    size_t value_len;
    bool is_number, is_date;
    double number;
    struct select_date date;
    struct select_regex re; /* ~ and !~ */
};

/* Read "NAME OP VALUE" (spaces around OP optional; a VALUE in double
 * quotes loses them); false with a message. */
bool select_tag_parse(struct select_tag_expr *e, const char *text, char *err, size_t errsize);
void select_tag_free(struct select_tag_expr *e);
/* Does the tag value v[0..n) meet the expression?  (A missing tag is the
 * caller's: it meets none.) */
bool select_tag_test(const struct select_tag_expr *e, const char *v, size_t n,
                     pcre2_match_data *md);

#endif /* CHESS_SELECT_TAG_H */
