/*
 * divide_command.h - perft --against-divide's engine: a program that
 * prints a perft divide from its own command line, run once per divide.
 * The template is split at blanks into words, and {fen} and {depth} are
 * replaced inside each word (a FEN stays one argument, its blanks
 * included); the words are run as they are, with no shell: no quoting, no
 * redirection, no variables, the program found in PATH as execvp finds
 * it.  Its standard input is /dev/null; its standard error is ours; of its
 * standard output the "e2e4: 20" lines are read (uci_engine_divide_line), every
 * other line ignored.  A nonzero exit, a signal, or no end within the
 * timeout (it is killed then) is a failure, said in why.
 *
 *     struct divide_command c;
 *     if (divide_command_init(&c, "myengine perft {fen} {depth}", 60000)) {
 *         divide_command_run(&c, fen, 3, d);
 *         divide_command_free(&c);
 *     }
 */
#ifndef CHESS_DIVIDE_COMMAND_H
#define CHESS_DIVIDE_COMMAND_H

#include "uci_engine.h"

#include <stdbool.h>

struct divide_command {
    char *words_text; /* the template's copy, cut into words */
    char **words;     /* NULL-terminated */
    int nwords;
    int timeout_ms; /* the longest a run may take */
    char name[128]; /* the program (the first word), for reports */
    char why[192];  /* what went wrong in the last run */
};

/* Split tmpl into words; false (nothing to free) when it has no word or
 * lacks {fen} or {depth}, with the reason in why. */
bool divide_command_init(struct divide_command *c, const char *tmpl, int timeout_ms);

void divide_command_free(struct divide_command *c);

/* Run the command for the position fen at depth and read its divide into
 * *t (its total: the sum of its moves' counts); false when it failed
 * (c->why says how). */
bool divide_command_run(struct divide_command *c, const char *fen, int depth,
                        struct uci_engine_divide *t);

#endif /* CHESS_DIVIDE_COMMAND_H */
