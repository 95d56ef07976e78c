/*
 * config.c - a tool's configuration file (see config.h).
 */
#include "config.h"

#include "cli/cli.h"
#include "cli_input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The options read so far, as strings of their own. */
struct config_list {
    char **v;
    size_t n, cap;
    bool nomem;
};

static void list_add(struct config_list *l, char *s)
{
    if (!s || l->nomem) {
        free(s);
        l->nomem = true;
        return;
    }
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        char **v = realloc(l->v, cap * sizeof *v);
        if (!v) {
            free(s);
            l->nomem = true;
            return;
        }
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = s;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static bool exists(const char *path, bool want_file)
{
    struct stat st;
    return stat(path, &st) == 0 && (!want_file || S_ISREG(st.st_mode));
}

/* Walk up by relative paths ("../../NAME"), so that a message names the
 * file as the user would reach it; the absolute path of the current
 * directory says when the root is reached. */
char *config_find(const char *name)
{
    char *cwd = getcwd(NULL, 0);
    if (!cwd)
        return NULL;
    size_t depth = 0;
    for (const char *p = cwd; *p; p++)
        depth += *p == '/' && p[1] != '\0';
    size_t cap = 3 * (depth + 1) + strlen(name) + sizeof "/.git";
    char *path = malloc(cap);
    char *found = NULL;
    for (size_t up = 0; path && up <= depth && !found; up++) {
        size_t k = 0;
        for (size_t i = 0; i < up; i++, k += 3)
            memcpy(path + k, "../", 3);
        strcpy(path + k, name);
        if (exists(path, true)) {
            found = strdup(path);
            break;
        }
        strcpy(path + k, up ? ".git" : "./.git");
        if (exists(path, false))
            break;
    }
    free(path);
    free(cwd);
    return found;
}

/* The bytes of a list value without blanks around its items: "a, b" is
 * "a,b".  Blanks inside an item stay (and the check then finds them). */
static size_t squeeze_list(char *v, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (is_blank(v[i]) &&
            ((k > 0 && v[k - 1] == ',') || (i + 1 < n && (v[i + 1] == ',' || is_blank(v[i + 1])))))
            continue;
        v[k++] = v[i];
    }
    return k;
}

/* The column of byte `off` of a squeezed list value in its line: the
 * blanks dropped before it counted back in. */
static size_t list_col(const char *line, size_t start, size_t end, size_t off)
{
    size_t i = start, kept = 0;
    char prev = 0;
    while (i < end) {
        bool dropped =
            is_blank(line[i]) &&
            (prev == ',' || (i + 1 < end && (line[i + 1] == ',' || is_blank(line[i + 1]))));
        if (!dropped) {
            if (kept == off)
                break;
            kept++;
            prev = line[i];
        }
        i++;
    }
    return i + 1;
}

/* One line: a comment, a blank line or "key = value".  False after
 * reporting a bad one. */
static bool config_line(const struct cli_input *in, const char *line, size_t len,
                        const struct config_key *keys, size_t nkeys, struct config_list *out)
{
    size_t i = 0;
    while (i < len && is_blank(line[i]))
        i++;
    if (i == len || line[i] == '#')
        return true;
    /* A NUL byte would cut the value short (strndup), and a list's blanks
     * are then squeezed past the copy's end: no line holds one. */
    const char *nul = memchr(line, '\0', len);
    if (nul) {
        cli_diag(in->name, in->line_no, (unsigned long)(nul - line) + 1, "a NUL byte in the line");
        return false;
    }
    size_t key = i;
    while (i < len && line[i] != '=' && !is_blank(line[i]))
        i++;
    size_t key_len = i - key;
    while (i < len && is_blank(line[i]))
        i++;
    if (i == len || line[i] != '=' || key_len == 0) {
        cli_diag(in->name, in->line_no, i + 1, "expected 'key = value'");
        return false;
    }
    i++;
    while (i < len && is_blank(line[i]))
        i++;
    size_t end = len;
    while (end > i && is_blank(line[end - 1]))
        end--;
    const struct config_key *k = NULL;
    for (size_t j = 0; j < nkeys && !k; j++)
        if (strlen(keys[j].key) == key_len && memcmp(keys[j].key, line + key, key_len) == 0)
            k = &keys[j];
    if (!k) {
        char names[256] = "";
        for (size_t j = 0; j < nkeys; j++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", j ? ", " : "",
                     keys[j].key);
        cli_diag(in->name, in->line_no, key + 1, "unknown key '%.*s' (the keys: %s)", (int)key_len,
                 line + key, names);
        return false;
    }
    if (i == end) {
        cli_diag(in->name, in->line_no, i + 1, "no value for %s", k->key);
        return false;
    }
    size_t vlen = end - i;
    char *value = strndup(line + i, vlen);
    if (!value) {
        out->nomem = true;
        return true;
    }
    if (k->list)
        value[vlen = squeeze_list(value, vlen)] = '\0';
    char why[1024];
    size_t at = 0;
    const char *bad = NULL;
    bool on = true;
    if (k->flag) {
        on = strcmp(value, "true") == 0;
        if (!on && strcmp(value, "false") != 0)
            bad = "expected true or false";
    } else if (k->check) {
        bad = k->check(value, vlen, &at, why, sizeof why);
    }
    if (bad) {
        size_t col = k->list ? list_col(line, i, end, at) : i + at + 1;
        cli_diag(in->name, in->line_no, col, "invalid %s value '%s': %s", k->key, value, bad);
        free(value);
        return false;
    }
    char *arg = NULL;
    if (k->flag)
        arg = on ? strdup(k->option) : NULL;
    else if (asprintf(&arg, "%s=%s", k->option, value) < 0)
        arg = NULL;
    if (on)
        list_add(out, arg);
    free(value);
    return true;
}

/* Every line is read, so that one run reports every bad line. */
static int config_read(const char *path, const struct config_key *keys, size_t nkeys,
                       struct config_list *out)
{
    struct cli_input in;
    const char *line;
    size_t len;
    ssize_t n;
    int status = CLI_OK;
    if (!cli_input_open(&in, path))
        return CLI_NOINPUT;
    while ((n = cli_input_line(&in, &line, &len)) >= 0)
        if (!config_line(&in, line, len, keys, nkeys, out))
            status = CLI_USAGE;
    if (n == -2)
        status = cli_status_merge(status, in.nomem ? CLI_OSERR : CLI_NOINPUT);
    cli_input_close(&in);
    return status;
}

int config_args(const struct config_source *src, const struct config_key *keys, size_t nkeys,
                int argc, char **argv, int *out_argc, char ***out_argv)
{
    struct config_list opts = {0};
    int status = CLI_OK;
    char *found = NULL;
    const char *path = src->path;
    if (!src->none && !path)
        path = found = config_find(src->name);
    if (!src->none && path)
        status = config_read(path, keys, nkeys, &opts);
    free(found);
    char **av =
        status == CLI_OK && !opts.nomem ? malloc(((size_t)argc + opts.n + 1) * sizeof *av) : NULL;
    if (av) {
        av[0] = argv[0];
        for (size_t i = 0; i < opts.n; i++)
            av[1 + i] = opts.v[i];
        for (int i = 1; i < argc; i++)
            av[(int)opts.n + i] = argv[i];
        av[argc + (int)opts.n] = NULL;
        *out_argc = argc + (int)opts.n;
        *out_argv = av;
        free(opts.v);
        return CLI_OK;
    }
    for (size_t i = 0; i < opts.n; i++)
        free(opts.v[i]);
    free(opts.v);
    return status != CLI_OK ? status : cli_nomem();
}

void config_args_free(int argc, char **argv, int orig_argc)
{
    for (int i = 1; i <= argc - orig_argc; i++)
        free(argv[i]);
    free(argv);
}
