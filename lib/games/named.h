/* The Dagaz named-rule notation (formats/named-notation.md): a move recorded
 * by the rule that generated it ("g1 - f3 leap2 n nw").  The reader checks
 * that a record is exactly what the one formatter writes for a legal move
 * (named_reader.h splits texts into games).  The rule names are data,
 * formats/named-vocabularies.tsv.  The formatters have snprintf's contract. */
#ifndef CHESS_NAMED_H
#define CHESS_NAMED_H

#include "rules/movegen.h"

#include <stdbool.h>
#include <stddef.h>

/* The rule-name vocabularies: the columns of formats/named-vocabularies.tsv. */
enum named_vocabulary {
    NAMED_DAGAZ, /* Dagaz's chess example: Pawn-move, leap2, slide, step, OO, OOO */
    NAMED_ZRF,   /* stock Zillions of Games: rook-slide, king-shift, O-O, O-O-O */
    NAMED_VOCABULARY_NB,
    NAMED_ANY = NAMED_VOCABULARY_NB /* for readers: accept either vocabulary */
};

/* Longest text of a ply with its NUL: "4294967295. e7 x d8 " and four
 * names of at most 16 bytes (the build's limit) with spaces, 89 bytes. */
enum { NAMED_MAX = 96 };

/* The vocabularies' names as in --names ("dagaz", "zrf"), in enum order. */
const char *const *named_vocabulary_names(void);

/* The name vocabulary v gives the rule with the given key of
 * formats/named-vocabularies.tsv ("rook" gives "slide" or "rook-slide"),
 * or NULL for an unknown key. */
const char *named_rule_name(enum named_vocabulary v, const char *key);

/* Write m (legal in p) without the move number: "FROM SEP TO RULE [PARAMS]
 * [= PIECE]", e.g. "e1 - g1 OO", "e5 x d6 En-Passant w"; in the variants
 * a drop "@ TO drop PIECE" ("@ f7 drop Knight"), an atomic capture with
 * "explode" last ("f3 x f7 slide nw explode"), a king promotion
 * "= King". */
size_t named_format(const struct position *p, move m, enum named_vocabulary v, char *buf,
                    size_t size);
/* The same with the full-move number of p in front, for White's and
 * Black's plies alike: "17. e7 - e5 Pawn-move". */
size_t named_format_ply(const struct position *p, move m, enum named_vocabulary v, char *buf,
                        size_t size);
/* named_format_ply by the general path alone, for the tests that hold the
 * fast one to it. */
size_t named_format_ply_general(const struct position *p, move m, enum named_vocabulary v,
                                char *buf, size_t size);
/* A null move of the side to move of p: "17. Pass". */
size_t named_format_pass(const struct position *p, enum named_vocabulary v, char *buf, size_t size);

/* What can be wrong with a ply record. */
enum named_error {
    NAMED_OK = 0,
    NAMED_E_SYNTAX,        /* not the shape "N. FROM SEP TO RULE [PARAMS] [= PIECE]" */
    NAMED_E_NUMBER,        /* N is not the full-move number of the position */
    NAMED_E_NO_MOVE,       /* no legal move goes from FROM to TO (with that promotion) */
    NAMED_E_RULE,          /* a legal move goes there, but the record names another rule */
    NAMED_E_PASS_IN_CHECK, /* "Pass" while the side to move is in check */
};

const char *named_error_message(enum named_error e);

/* A ply record as written, before it is matched against a position. */
struct named_ply {
    unsigned long number; /* N */
    bool pass;            /* "N. Pass" (the fields below are unset) */
    int from, to;         /* squares */
    char sep;             /* '-' or 'x'; '@' for a drop */
    int promotion;        /* enum piece_type after " = ", NO_PIECE_TYPE if none or unknown */
    int drop;             /* a drop "N. @ TO drop PIECE": the piece (from is to), else 0 */
};

/* Read the syntax of one ply: the words of s[0..len) separated by spaces or
 * tabs (so "1. e2 - e4 Pawn-move" and "1.  e2 -\te4 Pawn-move" alike).  No
 * position is needed; returns NAMED_OK or NAMED_E_SYNTAX. */
enum named_error named_scan(const char *s, size_t len, struct named_ply *out);

/* Find the legal move of p that the ply record s[0..len) names, in
 * vocabulary v (or NAMED_ANY).  The record must be exactly, up to spacing,
 * what named_format_ply writes for that move.  *out is MOVE_NONE for "Pass"
 * and on error.  On NAMED_E_RULE, expected (if not NULL, NAMED_MAX bytes)
 * receives the record the move generator gives for the move FROM-TO. */
enum named_error named_parse(const struct position *p, const char *s, size_t len,
                             enum named_vocabulary v, move *out, char *expected);

#endif
