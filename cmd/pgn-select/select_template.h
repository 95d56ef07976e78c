/*
 * select_template.h - pgn-select --split's file-name template: parsed once
 * from the command line, then expanded for each game from its tags (in the
 * workers, which have the tags) and finished with the running number (in
 * the writer, which alone knows how many games went before).
 *
 * The template is literal text with fields: {TAG} (the tag's value made
 * safe for a file name), {TAG:N} (its first N characters, then made safe),
 * {n} (the running number, from 1, of --split-every games); {{ and }} are
 * a literal brace.  The safe rule (select_template_safe): each character
 * outside [A-Za-z0-9._-] becomes '_' (a UTF-8 sequence is one character),
 * a leading '.' becomes '_', a missing tag or an empty value is '_', and
 * a field holds at most SELECT_TEMPLATE_FIELD_MAX bytes; a value never
 * gives a '/', so the directories are the template's own.
 */
#ifndef CHESS_SELECT_TEMPLATE_H
#define CHESS_SELECT_TEMPLATE_H

#include "cli/cli.h"
#include "games/pgn.h"

#include <stdbool.h>
#include <stddef.h>

/* The longest a field's value becomes, in bytes. */
enum { SELECT_TEMPLATE_FIELD_MAX = 64 };

/* Where {n} stands in an expanded key, before the writer numbers it (no
 * template text and no safe value holds this byte). */
#define SELECT_TEMPLATE_MARK '\0'

enum select_template_kind {
    SELECT_TEMPLATE_TEXT,   /* literal text */
    SELECT_TEMPLATE_TAG,    /* {TAG} or {TAG:N} */
    SELECT_TEMPLATE_NUMBER, /* {n} */
};

struct select_template_part {
    enum select_template_kind kind;
    char *text; /* the literal text, or the tag's name (owned) */
    size_t len;
    unsigned long chars; /* {TAG:N}'s N; 0: the whole value */
};

struct select_template {
    struct select_template_part *parts;
    size_t nparts;
    bool numbered; /* has {n} */
};

/* Parse text into *t; false with a message in err (a usage error). */
bool select_template_parse(struct select_template *t, const char *text, char *err, size_t errsize);
void select_template_free(struct select_template *t);

/* The key of a game with these tags (the first of a repeated tag holds):
 * the template expanded, each {n} left as SELECT_TEMPLATE_MARK; appended
 * to out. */
void select_template_key(const struct select_template *t, const struct pgn_tag *tags, size_t ntags,
                         struct cli_buf *out);

/* A value made safe (the rule above), its first chars characters when
 * chars is not 0, appended to out. */
void select_template_safe(const char *value, size_t len, unsigned long chars, struct cli_buf *out);

#endif /* CHESS_SELECT_TEMPLATE_H */
