/*
 * cli.c - command-line code shared by every chesskit tool (see cli.h).
 */
#include "cli.h"

#include "cli_help.h"
#include "games/game.h"
#include "rules/variant.h"

#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Called by argp for --version: "NAME (chesskit) VERSION", the form that
 * help2man reads the program and package names from. */
static void print_version(FILE *stream, struct argp_state *state)
{
    (void)state;
    fprintf(stream, "%s (chesskit) 0.1\n", program_invocation_short_name);
}
void (*argp_program_version_hook)(FILE *, struct argp_state *) = print_version;

/* Largest --max-line accepted: far beyond any sane input line, yet small
 * enough that a buffer of that size is still an allocation one can afford. */
#define MAX_LINE_LIMIT ((size_t)1 << 30)

/* Whether cli_diag paints, decided once the options are parsed (--color and
 * whether stderr is a terminal); diagnostics are written from many places,
 * threads included, that have no options at hand. */
static bool diag_paint;

enum { OPT_COLOR = 0x100, OPT_MAX_LINE, OPT_VARIANT, OPT_CHESS960 };

/* Each common option once: every tool takes them all (common_options)
 * but pgn-select, whose --variant is a criterion, the rules of the games
 * it chooses, rather than the rules of the games without a Variant tag
 * (common_options_select). */
// clang-format off
#define OPTION_QUIET \
    {"quiet", 'q', 0, 0, "Print nothing; only the exit status tells the result", 0}
#define OPTION_COLOR \
    {"color", OPT_COLOR, "WHEN", OPTION_ARG_OPTIONAL, \
     "Color diagnostics (and perft's ok/FAIL, fen-check's diagrams): auto (the default: only on " \
     "a terminal, and not when NO_COLOR is set), always or never", \
     0}
#define OPTION_MAX_LINE \
    {"max-line", OPT_MAX_LINE, "BYTES", 0, \
     "Longest accepted input line (default 1M; K and M suffixes allowed)", 0}
#define OPTION_VARIANT \
    {"variant", OPT_VARIANT, "NAME", 0, \
     "The rules: %s, as lichess plays them (also " /* the names: common_help */ \
     "the names of PGN's Variant tag: zh, King of the Hill, ...); for the game tools, the rules " \
     "of games without a Variant tag", \
     0}
#define OPTION_CHESS960 \
    {"chess960", OPT_CHESS960, 0, 0, \
     "Chess960 castling in every position and game, whatever the rules or the Variant tag: KQkq " \
     "name the outermost rook on that side of the king (X-FEN) even in the standard set-up, and " \
     "castling is written as Chess960 writes it (Shredder-FEN letters, king takes rook in UCI). " \
     "Without it KQkq are X-FEN only where king and rook are not on their standard squares", \
     0}
// clang-format on

static const struct argp_option common_options[] = {
    OPTION_QUIET, OPTION_COLOR, OPTION_MAX_LINE, OPTION_VARIANT, OPTION_CHESS960, {0},
};
static const struct argp_option common_options_select[] = {
    OPTION_QUIET, OPTION_COLOR, OPTION_MAX_LINE, OPTION_CHESS960, {0},
};

/* The argp parser of the common options: sets the defaults into the tool's
 * struct cli_common at init, then records each option. */
static error_t common_parse(int key, char *arg, struct argp_state *state)
{
    /* --color values, in the order of enum cli_color */
    static const char *const color_names[] = {"auto", "always", "never"};
    struct cli_common *common = state->input;
    size_t size = 0;

    switch (key) {
    case ARGP_KEY_INIT:
        assert(common != NULL && "set state->child_inputs[0] in the tool's ARGP_KEY_INIT");
        *common = (struct cli_common){.quiet = false,
                                      .color = CLI_COLOR_AUTO,
                                      .max_line = CLI_MAX_LINE_DEFAULT,
                                      .variant = VARIANT_CHESS};
        return 0;
    case OPT_VARIANT: {
        char names[VARIANT_NAMES_MAX];
        enum variant v = VARIANT_CHESS;
        bool chess960 = false;
        /* the library's names, or a Variant tag's ("zh", "King of the Hill") */
        if (!variant_parse(arg, strlen(arg), &v, &chess960) &&
            !game_variant_parse(arg, &v, &chess960))
            argp_error(state, "invalid --variant value '%s' (expected %s)", arg,
                       variant_names(names, sizeof names, 0));
        common->variant = (int)v;
        common->chess960 = chess960;
        return 0;
    }
    case OPT_CHESS960:
        common->chess960_all = true;
        return 0;
    case 'q':
        common->quiet = true;
        return 0;
    case ARGP_KEY_SUCCESS:
        common->paint_out = cli_use_color(common, stdout);
        diag_paint = cli_use_color(common, stderr);
        return 0;
    case OPT_COLOR:
        common->color = arg ? cli_keyword(state, "color", arg, color_names, 3) : CLI_COLOR_ALWAYS;
        return 0;
    case OPT_MAX_LINE:
        /* 1 byte to 1G; the suffixes stop at M here, as --help says */
        if (!cli_parse_size(arg, MAX_LINE_LIMIT, &size) || size == 0 || strpbrk(arg, "Gg"))
            argp_error(state,
                       "invalid --max-line value '%s' (expected 1 to 1G bytes, K or M suffix)",
                       arg);
        common->max_line = size;
        return 0;
    default:
        return ARGP_ERR_UNKNOWN;
    }
}

static char *common_help(int key, const char *text, void *input) /* --variant's names */
{
    (void)input;
    unsigned how = VARIANT_NAMES_NOTES | VARIANT_NAMES_OR;
    return key == OPT_VARIANT && text ? cli_help_variants(text, how) : (char *)text;
}

const struct argp cli_common_argp = {common_options, common_parse, NULL, NULL,
                                     NULL,           common_help,  NULL};
const struct argp cli_common_select_argp = {
    common_options_select, common_parse, NULL, NULL, NULL, NULL, NULL};

/* --variant gives the rules of the games that have no Variant tag;
 * --chess960 makes every game Chess960. */
unsigned cli_games_rules(const struct cli_common *common)
{
    return GAME_RULES(common->variant) | (common->chess960 ? GAME_CHESS960 : 0) |
           (common->chess960_all ? GAME_CHESS960_ALL : 0);
}

/* Messages name the tool by its short name ("fen-check", not
 * "./build/bin/fen-check"), getopt's included, which reads argv[0]; and a bad
 * command line must exit 64 like every other usage error. */
void cli_init(int argc, char **argv)
{
    char *name = argc > 0 && argv[0] && argv[0][0] ? argv[0] : "chesskit";
    char *slash = strrchr(name, '/');

    if (slash && slash[1])
        name = slash + 1;
    if (argc > 0)
        argv[0] = name;
    program_invocation_name = name;
    program_invocation_short_name = name;
    argp_err_exit_status = CLI_USAGE;
}

/* "auto" colors only a terminal, and honours the NO_COLOR convention and
 * TERM=dumb, so pipes and logs never receive escape sequences. */
bool cli_use_color(const struct cli_common *common, FILE *fp)
{
    const char *no_color = getenv("NO_COLOR");
    const char *term = getenv("TERM");

    switch (common->color) {
    case CLI_COLOR_ALWAYS:
        return true;
    case CLI_COLOR_NEVER:
        return false;
    default:
        if ((no_color && *no_color) || (term && strcmp(term, "dumb") == 0))
            return false;
        return isatty(fileno(fp)) == 1;
    }
}

const char *cli_paint(bool on, enum cli_paint paint)
{
    static const char *const sgr[] = {
        [CLI_PAINT_RESET] = "\033[m",     [CLI_PAINT_BOLD] = "\033[1m",
        [CLI_PAINT_ERROR] = "\033[1;31m", [CLI_PAINT_WARNING] = "\033[1;35m",
        [CLI_PAINT_NOTE] = "\033[1;36m",  [CLI_PAINT_OK] = "\033[1;32m",
        [CLI_PAINT_WHITE] = "\033[1;33m", [CLI_PAINT_BLACK] = "\033[1;34m",
        [CLI_PAINT_DIM] = "\033[2m",
    };
    return on ? sgr[paint] : "";
}

/* Write a formatted message painted as gcc paints one: its leading level
 * word ("error:", "warning:", "note:") and its trailing " [code]" in the
 * level's color, the rest plain. */
static void paint_message(const char *msg)
{
    static const struct {
        const char *word;
        enum cli_paint paint;
    } levels[] = {
        {"error:", CLI_PAINT_ERROR}, {"warning:", CLI_PAINT_WARNING}, {"note:", CLI_PAINT_NOTE}};
    enum cli_paint paint = CLI_PAINT_ERROR;
    const char *reset = cli_paint(true, CLI_PAINT_RESET);
    size_t len = strlen(msg);

    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        size_t n = strlen(levels[i].word);
        if (strncmp(msg, levels[i].word, n) == 0) {
            paint = levels[i].paint;
            fprintf(stderr, "%s%s%s", cli_paint(true, paint), levels[i].word, reset);
            msg += n;
            len -= n;
            break;
        }
    }
    const char *code = len && msg[len - 1] == ']' ? memrchr(msg, '[', len) : NULL;
    if (code && code > msg && code[-1] == ' ') {
        fwrite(msg, 1, (size_t)(code - msg), stderr);
        fprintf(stderr, "%s%.*s%s", cli_paint(true, paint), (int)(msg + len - code), code, reset);
    } else {
        fputs(msg, stderr);
    }
}

/* Diagnostics about the input point at it the way compilers do, so editors
 * and people can jump to the place. */
void cli_diag(const char *file, unsigned long line, unsigned long col, const char *fmt, ...)
{
    va_list ap;
    char place[64];

    if (col)
        snprintf(place, sizeof place, ":%lu:%lu:", line, col);
    else
        snprintf(place, sizeof place, ":%lu:", line);
    char *msg = NULL;
    if (diag_paint) {
        va_start(ap, fmt);
        if (vasprintf(&msg, fmt, ap) < 0)
            msg = NULL; /* no memory to paint with: written plain below */
        va_end(ap);
    }
    flockfile(stderr); /* keep one message whole among threads */
    if (msg) {
        fprintf(stderr, "%s%s:%s%s%s ", cli_paint(true, CLI_PAINT_BOLD), program_invocation_name,
                file, place, cli_paint(true, CLI_PAINT_RESET));
        paint_message(msg);
        free(msg);
    } else {
        fprintf(stderr, "%s:%s%s ", program_invocation_name, file, place);
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
    }
    fputc('\n', stderr);
    funlockfile(stderr);
}

/* Errors not tied to a place in the input: "PROG: message". */
void cli_error(const char *fmt, ...)
{
    va_list ap;

    flockfile(stderr);
    fprintf(stderr, "%s: ", program_invocation_name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    funlockfile(stderr);
}

bool cli_stdout_failed(void)
{
    return ferror(stdout) != 0;
}

void cli_put_line(const char *s, size_t n)
{
    fwrite_unlocked(s, 1, n, stdout);
    putc_unlocked('\n', stdout);
}

/* Output that could not be written must not pass for success (think
 * `tool >/dev/full`). As in gnulib's close_stdout, a stdout that was closed
 * from the start is no error as long as nothing was written to it. */
int cli_finish(int status)
{
    bool failed = ferror(stdout) != 0;
    bool pending = __fpending(stdout) != 0;

    errno = 0;
    if (fclose(stdout) != 0 && (pending || errno != EBADF))
        failed = true;
    if (failed) {
        if (errno)
            cli_error("write error: %s", strerror(errno));
        else
            cli_error("write error");
        status = cli_status_merge(status, CLI_IOERR);
    }
    /* Diagnostics that could not be written (think `tool 2>/dev/full`) are
     * a write error too; there is nowhere left to say so but the status. */
    if (fflush(stderr) != 0 || ferror(stderr))
        status = cli_status_merge(status, CLI_IOERR);
    return status;
}

/* Rank of an exit status: the worst problem met decides the exit status.
 * Unknown statuses rank as invalid input. */
static int status_rank(int status)
{
    switch (status) {
    case CLI_OK:
        return 0;
    case CLI_USAGE:
        return 2;
    case CLI_NOINPUT:
        return 3;
    case CLI_UNAVAILABLE:
        return 4;
    case CLI_OSERR:
        return 5;
    case CLI_IOERR:
        return 6;
    default:
        return 1;
    }
}

int cli_status_merge(int a, int b)
{
    return status_rank(b) > status_rank(a) ? b : a;
}

int cli_nomem(void)
{
    cli_error("out of memory");
    return CLI_OSERR;
}

/* Keyword options were spelled as strcmp chains, each with its own wording
 * of the error; here the list of accepted words in the message is built
 * from names itself, so it cannot fall out of step with what is accepted. */
int cli_keyword(struct argp_state *state, const char *option, const char *arg,
                const char *const *names, int n)
{
    struct cli_buf list = {0};

    for (int i = 0; i < n; i++)
        if (strcmp(arg, names[i]) == 0)
            return i;
    for (int i = 0; i < n; i++) {
        if (i > 0)
            cli_buf_str(&list, i == n - 1 ? " or " : ", ");
        cli_buf_str(&list, names[i]);
    }
    cli_buf_char(&list, '\0');
    argp_error(state, "invalid --%s value '%s' (expected %s)", option, arg,
               list.data && !list.nomem ? list.data : "...");
    cli_buf_free(&list);
    return -1;
}

/* strtoul alone would take leading blanks, a sign (wrapping "-1" to a huge
 * value) and stop silently at junk, so the first character must be a digit
 * and the whole argument must be read. */
bool cli_parse_uint(const char *arg, unsigned long min, unsigned long max, unsigned long *out)
{
    char *end;
    unsigned long value;

    if (*arg < '0' || *arg > '9')
        return false;
    errno = 0;
    value = strtoul(arg, &end, 10);
    if (errno != 0 || *end != '\0' || value < min || value > max)
        return false;
    *out = value;
    return true;
}

/* Every number option words its error the same way, naming the range. */
unsigned long cli_uint_option(struct argp_state *state, const char *option, const char *arg,
                              unsigned long min, unsigned long max)
{
    unsigned long value = 0;
    if (!cli_parse_uint(arg, min, max, &value))
        argp_error(state, "invalid --%s value '%s' (expected %lu to %lu)", option, arg, min, max);
    return value;
}

/* As cli_parse_uint, with a unit: "4096", "64K", "1M", "2G". The limit is
 * checked before the shift, so no value can overflow. */
bool cli_parse_size(const char *arg, size_t max, size_t *out)
{
    char *end;
    unsigned long long value;
    unsigned shift = 0;

    if (*arg < '0' || *arg > '9')
        return false;
    errno = 0;
    value = strtoull(arg, &end, 10);
    switch (*end) {
    case 'k':
    case 'K':
        shift = 10, end++;
        break;
    case 'm':
    case 'M':
        shift = 20, end++;
        break;
    case 'g':
    case 'G':
        shift = 30, end++;
        break;
    default:
        break;
    }
    if (errno != 0 || *end != '\0' || value > (max >> shift))
        return false;
    *out = (size_t)(value << shift);
    return true;
}
