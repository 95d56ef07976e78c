/*
 * cli.h - command-line code shared by every chesskit tool: exit statuses,
 * the common options, the parsing of option values (keywords, numbers, byte
 * counts), a streaming line reader over FILE operands, uniform diagnostics,
 * a growable output buffer, and checked closing of stdout.
 *
 * cmd/README.md is the map of cmd/; each program's file opens with its
 * own, the modules it uses in the order of its data.
 *
 * A tool wires the common options into its own argp as a child:
 *
 *     struct options {
 *         struct cli_common common;
 *         ...
 *     };
 *
 *     static error_t parse_opt(int key, char *arg, struct argp_state *state)
 *     {
 *         struct options *opt = state->input;
 *         switch (key) {
 *         case ARGP_KEY_INIT:
 *             state->child_inputs[0] = &opt->common;   // filled by the child
 *             break;
 *         ...
 *         }
 *     }
 *
 *     static const struct argp_child children[] = {
 *         {&cli_common_argp, 0, "Common options:", 0}, {0}};
 *     static const struct argp argp = {tool_options, parse_opt, "[FILE...]",
 *         "One-line description.\vLonger text.\n\n" CLI_EXIT_STATUS_DOC, children, 0, 0};
 *
 *     int main(int argc, char **argv)
 *     {
 *         struct options opt = {0};
 *         int status = CLI_OK;
 *         cli_init(argc, argv);
 *         argp_parse(&argp, argc, argv, 0, NULL, &opt);
 *         ...
 *         return cli_finish(status);
 *     }
 *
 * and reads each operand (none means stdin) line by line:
 *
 *     struct cli_input in;
 *     if (!cli_input_open(&in, path)) {
 *         status = cli_status_merge(status, CLI_NOINPUT);
 *         continue;
 *     }
 *     in.max_line = opt.common.max_line;
 *     while ((n = cli_input_line(&in, &line, &len)) >= 0) {
 *         if (in.truncated)
 *             cli_diag(in.name, in.line_no, 0, "line too long");
 *         ...
 *     }
 *     if (n == -2)
 *         status = cli_status_merge(status, CLI_NOINPUT);
 *     cli_input_close(&in);
 */
#ifndef CHESS_CLI_H
#define CHESS_CLI_H

#include <argp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "cli_buf.h"

/* Exit statuses, shared by every tool (the numbers are sysexits.h's). */
enum cli_status {
    CLI_OK = 0,           /* all input valid */
    CLI_INVALID = 1,      /* some input invalid */
    CLI_USAGE = 64,       /* bad command line */
    CLI_NOINPUT = 66,     /* an input file could not be opened or read */
    CLI_UNAVAILABLE = 69, /* a program we drive (perft --against's engine) failed */
    CLI_OSERR = 71,       /* out of memory, or another failure of the system */
    CLI_IOERR = 74,       /* writing the output failed */
};

/* The exit status table for the argp doc, after its "\v". */
#define CLI_EXIT_STATUS_DOC                                                                        \
    "Exit status:\n"                                                                               \
    "  0   all input valid\n"                                                                      \
    "  1   some input invalid\n"                                                                   \
    "  64  usage error\n"                                                                          \
    "  66  an input file could not be read\n"                                                      \
    "  69  an engine (perft --against) failed\n"                                                   \
    "  71  out of memory or another system failure\n"                                              \
    "  74  write error\n"

/* Values of cli_common.color. */
enum cli_color {
    CLI_COLOR_AUTO, /* only when the stream is a terminal (and NO_COLOR is unset) */
    CLI_COLOR_ALWAYS,
    CLI_COLOR_NEVER,
};

/* Default of --max-line: 1 MiB. */
#define CLI_MAX_LINE_DEFAULT ((size_t)1 << 20)
/* The size of the stdio buffers the tools give their streams. */
enum { CLI_BUFSIZE = 1 << 16 };

/* What the common options set; cli_common_argp fills in the defaults. */
struct cli_common {
    bool quiet;        /* -q: print nothing, only the exit status tells */
    int variant;       /* --variant: enum variant (lib/rules/variant.h), VARIANT_CHESS by default */
    bool chess960;     /* --variant=chess960 (Fischer random chess) */
    bool chess960_all; /* --chess960: every position and game is Chess960, whatever its rules */
    int color;         /* enum cli_color */
    size_t max_line;   /* longest accepted input line in bytes, without the newline */
    bool paint_out;    /* set after parsing: color what goes to stdout (cli_use_color) */
};

/* The argp child of options every tool has: -q/--quiet, --color[=WHEN],
 * --max-line=BYTES, --variant=NAME, --chess960. Its input must be a struct cli_common *. */
extern const struct argp cli_common_argp;
/* The same without --variant, for pgn-select, where --variant is a
 * criterion (the rules of the games chosen). */
extern const struct argp cli_common_select_argp;

/* For the tools that replay games (PGN, named notation): the game.h
 * replay options that give a game without a Variant tag the rules of
 * --variant (GAME_RULES, GAME_CHESS960); a game's own tag wins. */
unsigned cli_games_rules(const struct cli_common *common);
/* For the tools that read positions: whether KQkq are X-FEN everywhere
 * (--chess960 or --variant=chess960), fen_options.chess960. */
static inline bool cli_chess960(const struct cli_common *common)
{
    return common->chess960 || common->chess960_all;
}

/* Set the program name used in messages to argv[0]'s basename and make argp
 * exit with CLI_USAGE on a usage error. Call first thing in main(). */
void cli_init(int argc, char **argv);

/* Whether to color what is written to fp, per --color. */
bool cli_use_color(const struct cli_common *common, FILE *fp);

/* Colors, as gcc paints its diagnostics: ANSI SGR sequences. */
enum cli_paint {
    CLI_PAINT_RESET,
    CLI_PAINT_BOLD,    /* the FILE:LINE:COL of a diagnostic */
    CLI_PAINT_ERROR,   /* bold red: "error:", "FAIL", a diagnostic's [code] */
    CLI_PAINT_WARNING, /* bold magenta: "warning:" */
    CLI_PAINT_NOTE,    /* bold cyan: "note:" */
    CLI_PAINT_OK,      /* bold green: "ok" */
    CLI_PAINT_WHITE,   /* bold yellow: a white piece in a diagram */
    CLI_PAINT_BLACK,   /* bold blue: a black piece in a diagram */
    CLI_PAINT_DIM,     /* faint: an empty square, labels */
};

/* The escape sequence of paint when on, else "": printf("%sFAIL%s",
 * cli_paint(on, CLI_PAINT_ERROR), cli_paint(on, CLI_PAINT_RESET)). */
const char *cli_paint(bool on, enum cli_paint paint);

/* Print "PROG:FILE:LINE:COL: message" to stderr; COL 0 leaves out ":COL".
 * With color (--color, on a terminal by default) the place is bold, a
 * leading "error:", "warning:" or "note:" and a trailing "[code]" are
 * painted in the level's color (red when the message names no level). */
__attribute__((format(printf, 4, 5))) void cli_diag(const char *file, unsigned long line,
                                                    unsigned long col, const char *fmt, ...);

/* Print "PROG: message" to stderr. */
__attribute__((format(printf, 1, 2))) void cli_error(const char *fmt, ...);

/* Whether writing to stdout has failed already, so a long run can stop. */
bool cli_stdout_failed(void);

/* Write n bytes of s and a newline to stdout, as fwrite and putc would. */
void cli_put_line(const char *s, size_t n);

/* Flush and close stdout; on failure print "PROG: write error: reason" and
 * return CLI_IOERR; return CLI_IOERR too when writing to stderr failed
 * (silently: stderr is the failing stream); else return status. End main()
 * with it. */
int cli_finish(int status);

/* The more severe of two exit statuses: 74 > 71 > 69 > 66 > 64 > 1 > 0. */
int cli_status_merge(int a, int b);

/* Print "PROG: out of memory" and return CLI_OSERR, for the many places
 * where memory runs out: one wording and one status for all. */
int cli_nomem(void);

/* Option values. */

/* Pick the keyword arg among names[0..n) and return its index; any other
 * value is a usage error, "invalid --OPTION value 'ARG' (expected A, B or C)"
 * (option without its dashes). Returns -1 only if argp does not exit. */
int cli_keyword(struct argp_state *state, const char *option, const char *arg,
                const char *const *names, int n);

/* A number option: decimal digits only (no sign, blank or hexadecimal),
 * from min to max. False when arg is not one; *out is set only on success. */
bool cli_parse_uint(const char *arg, unsigned long min, unsigned long max, unsigned long *out);

/* A number option from min to max (cli_parse_uint); any other value is a
 * usage error "invalid --OPTION value 'ARG' (expected MIN to MAX)". */
unsigned long cli_uint_option(struct argp_state *state, const char *option, const char *arg,
                              unsigned long min, unsigned long max);

/* A byte count: decimal digits with an optional K, M or G suffix (either
 * case, powers of 1024), from 0 to max bytes. False when arg is not one;
 * *out is set only on success. */
bool cli_parse_size(const char *arg, size_t max, size_t *out);

#endif /* CHESS_CLI_H */
