/* libFuzzer target for pgn-check's configuration file (cmd/cli/config.c):
 * any bytes as a .pgn-check.conf read by config_args with pgn-check's
 * keys (check_options_config_keys).  The file is a memfd, named by its
 * /proc/self/fd path; the messages cli_diag writes to stderr are caught
 * in a memory stream.  Besides crashes and sanitizer reports, a finding
 * is any broken property (abort):
 *  - every message is "PROG:FILE:LINE:COL: message", LINE a line of the
 *    input (1 to the number of lines) and COL within it (1 to its length
 *    + 1, the line as cli_input_line returns it: no '\n', no trailing
 *    '\r', no BOM);
 *  - the status is CLI_OK exactly when nothing was reported, else
 *    CLI_USAGE, and a line is reported once at most;
 *  - a file of only comments and blank lines sets nothing;
 *  - the options of an accepted file are the keys' own ("--pedantic", or
 *    "--KEY=VALUE"), at most one per line, in front of the command line's
 *    arguments, which follow unchanged;
 *  - written back as "key = value" lines, they read again as the same
 *    options (parse, print, parse: a fixed point);
 *  - reading the same bytes twice gives the same (no state leaks). */
#include "pgn-check/check_options.h"
#include "cli/cli.h"
#include "input/config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(bool cond)
{
    if (!cond)
        abort();
}

/* What one read of a file gave. */
struct outcome {
    int status;
    int argc;
    char **argv;
    char *diag; /* everything written to stderr */
    size_t diag_len;
};

static char *fake_argv[] = {"pgn-check", "game.pgn", NULL};
enum { FAKE_ARGC = 2 };

/* Read data as the configuration file, its messages caught. */
static void read_config(const uint8_t *data, size_t size, char *path, size_t path_size,
                        struct outcome *o)
{
    int fd = memfd_create("fuzz-config", 0);
    require(fd >= 0);
    for (size_t off = 0; off < size;) {
        ssize_t w = write(fd, data + off, size - off);
        require(w > 0);
        off += (size_t)w;
    }
    snprintf(path, path_size, "/proc/self/fd/%d", fd);
    FILE *saved = stderr;
    FILE *mem = open_memstream(&o->diag, &o->diag_len);
    require(mem != NULL);
    stderr = mem;
    struct config_source src = {.name = ".pgn-check.conf", .path = path, .none = false};
    o->argc = 0;
    o->argv = NULL;
    o->status = config_args(&src, check_options_config_keys, CHECK_OPTIONS_CONFIG_KEYS, FAKE_ARGC,
                            fake_argv, &o->argc, &o->argv);
    stderr = saved;
    require(fclose(mem) == 0);
    close(fd);
}

static void outcome_free(struct outcome *o)
{
    if (o->status == CLI_OK)
        config_args_free(o->argc, o->argv, FAKE_ARGC);
    free(o->diag);
}

/* The lines as cli_input_line gives them: a BOM at the start dropped,
 * each ended by LF, CRLF or a lone CR (formats/fen.md's one line-end
 * rule, written out here from the rule, not taken from text_input); a last
 * line without its end is a line, an empty input has none. */
struct lines {
    size_t n;
    size_t *start, *len;
};

static void split_lines(const uint8_t *data, size_t size, struct lines *l)
{
    size_t i = size >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    l->n = 0;
    l->start = malloc((size + 1) * sizeof *l->start);
    l->len = malloc((size + 1) * sizeof *l->len);
    require(l->start && l->len);
    while (i < size) {
        size_t end = i;
        while (end < size && data[end] != '\n' && data[end] != '\r')
            end++;
        l->start[l->n] = i;
        l->len[l->n++] = end - i;
        i = end +
            (end < size && data[end] == '\r' && end + 1 < size && data[end + 1] == '\n' ? 2 : 1);
    }
}

static bool is_blank(uint8_t c)
{
    return c == ' ' || c == '\t';
}

/* Is the line blank or a comment? */
static bool is_quiet_line(const uint8_t *s, size_t len)
{
    size_t i = 0;
    while (i < len && is_blank(s[i]))
        i++;
    return i == len || s[i] == '#';
}

/* Every message well placed; returns how many there are. */
static size_t check_messages(const struct outcome *o, const char *path, const struct lines *l)
{
    char prefix[128];
    int plen = snprintf(prefix, sizeof prefix, "%s:%s:", program_invocation_name, path);
    require(plen > 0 && (size_t)plen < sizeof prefix);
    size_t count = 0;
    unsigned long last_line = 0;
    const char *p = o->diag, *end = o->diag + o->diag_len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        require(nl != NULL); /* every message ends its line */
        require((size_t)(nl - p) > (size_t)plen && memcmp(p, prefix, (size_t)plen) == 0);
        char *q;
        unsigned long line = strtoul(p + plen, &q, 10);
        require(q > p + plen && *q == ':');
        const char *c = q + 1;
        unsigned long col = strtoul(c, &q, 10);
        require(q > c && q[0] == ':' && q[1] == ' ' && q + 2 < nl);
        require(line >= 1 && line <= l->n);
        require(line > last_line); /* in order, each line once */
        last_line = line;
        require(col >= 1 && col <= l->len[line - 1] + 1);
        count++;
        p = nl + 1;
    }
    return count;
}

/* The key an option stands for, or NULL. */
static const struct config_key *key_of(const char *arg, const char **value)
{
    for (size_t j = 0; j < CHECK_OPTIONS_CONFIG_KEYS; j++) {
        const struct config_key *k = &check_options_config_keys[j];
        size_t n = strlen(k->option);
        if (strncmp(arg, k->option, n) != 0)
            continue;
        if (k->flag && arg[n] == '\0') {
            *value = "true";
            return k;
        }
        if (!k->flag && arg[n] == '=') {
            *value = arg + n + 1;
            return k;
        }
    }
    return NULL;
}

static void same_outcome(const struct outcome *a, const struct outcome *b)
{
    require(a->status == b->status && a->argc == b->argc);
    if (a->status == CLI_OK)
        for (int i = 0; i < a->argc; i++)
            require(strcmp(a->argv[i], b->argv[i]) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64], path2[64];
    struct lines l;
    split_lines(data, size, &l);
    struct outcome o;
    read_config(data, size, path, sizeof path, &o);
    size_t reported = check_messages(&o, path, &l);
    require(o.status == (reported ? CLI_USAGE : CLI_OK));

    bool quiet = true;
    size_t busy = 0;
    for (size_t i = 0; i < l.n; i++)
        if (!is_quiet_line(data + l.start[i], l.len[i])) {
            quiet = false;
            busy++;
        }
    if (quiet)
        require(o.status == CLI_OK && o.argc == FAKE_ARGC);

    if (o.status == CLI_OK) {
        size_t added = (size_t)(o.argc - FAKE_ARGC);
        require(added <= busy && o.argv[0] == fake_argv[0] && o.argv[o.argc] == NULL);
        for (int i = 1; i < FAKE_ARGC; i++)
            require(o.argv[(int)added + i] == fake_argv[i]);
        /* Written back and read again: the same options. */
        char *text = NULL;
        size_t text_len = 0;
        FILE *w = open_memstream(&text, &text_len);
        require(w != NULL);
        for (size_t i = 1; i <= added; i++) {
            const char *value = NULL;
            const struct config_key *k = key_of(o.argv[i], &value);
            require(k != NULL && strchr(value, '\n') == NULL);
            fprintf(w, "%s = %s\n", k->key, value);
        }
        require(fclose(w) == 0);
        struct outcome again;
        read_config((const uint8_t *)text, text_len, path2, sizeof path2, &again);
        require(again.diag_len == 0);
        same_outcome(&o, &again);
        outcome_free(&again);
        free(text);
    }

    /* The same bytes again: the same outcome, the same messages. */
    struct outcome twice;
    read_config(data, size, path2, sizeof path2, &twice);
    same_outcome(&o, &twice);
    require(strcmp(path, path2) != 0 ||
            (twice.diag_len == o.diag_len && memcmp(twice.diag, o.diag, o.diag_len) == 0));
    outcome_free(&twice);

    outcome_free(&o);
    free(l.start);
    free(l.len);
    return 0;
}
