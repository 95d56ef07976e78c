/*
 * cli_input.c - FILE operands opened as readers and read line by line
 * (see cli_input.h).
 */
#include "cli_input.h"

#include "cli/cli.h"
#include "decompress.h"
#include "notation/fen.h"
#include "games/pgn.h"
#include "base/text_input.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* An open input: the reader given out (first, so that the pointer leads
 * back here), and for compressed input its decompressor, which holds the
 * reader of the compressed bytes. */
struct cli_file {
    struct text_reader text;
    struct decompress *dz;
    int fd;
    bool close_fd;
};

static struct cli_file *file_of(const struct text_reader *in)
{
    return (struct cli_file *)(uintptr_t)in; /* (text is the first member) */
}

struct text_reader *cli_open_quiet(const char *path, const char **name, struct cli_open_error *e)
{
    *e = (struct cli_open_error){CLI_OPEN_OK, 0, DECOMPRESS_PLAIN};
    bool std = !path || strcmp(path, "-") == 0;
    *name = std ? "<stdin>" : path;
    int fd = std ? 0 : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        e->what = CLI_OPEN_CANNOT_OPEN;
        e->err = errno;
        return NULL;
    }
    struct cli_file *f = calloc(1, sizeof *f);
    struct text_reader raw = {0};
    /* 64 KiB reads: the PGN reader reads straight into its own buffer
     * once the first bytes (the format's sniff) are given */
    if (!f || !text_reader_init_fd(&raw, fd, CLI_BUFSIZE)) {
        e->err = ENOMEM;
        goto fail;
    }
    bool empty;
    e->format = decompress_detect(&raw, &empty);
    if (raw.failed) {
        e->err = raw.err;
        goto fail;
    }
    f->fd = fd;
    f->close_fd = !std;
    if (e->format == DECOMPRESS_PLAIN) {
        f->text = raw;
        return &f->text;
    }
    /* compressed input: its text */
    f->dz = decompress_open(&raw, fd, !std, e->format);
    if (!f->dz) {
        e->err = errno;
        goto fail;
    }
    if (!text_reader_init(&f->text, decompress_read, f->dz, CLI_BUFSIZE)) {
        decompress_close(f->dz);
        free(f);
        *e = (struct cli_open_error){CLI_OPEN_CANNOT_READ, ENOMEM, e->format};
        return NULL;
    }
    return &f->text;
fail:
    e->what = e->err == ENOTSUP ? CLI_OPEN_MISSING : CLI_OPEN_CANNOT_READ;
    text_reader_free(&raw);
    free(f);
    if (!std)
        close(fd);
    return NULL;
}

/* Operands name files, "-" or none the standard input; a file that cannot be
 * opened is reported here so that every tool words it the same way. */
struct text_reader *cli_open(const char *path, const char **name)
{
    struct cli_open_error e;
    struct text_reader *in = cli_open_quiet(path, name, &e);
    if (in)
        return in;
    if (e.what == CLI_OPEN_CANNOT_OPEN)
        cli_error("cannot open %s: %s", path, strerror(e.err));
    else if (e.what == CLI_OPEN_MISSING)
        cli_diag(*name, 1, 1, "%s", decompress_missing(e.format));
    else
        cli_error("cannot read %s: %s", *name, strerror(e.err));
    return NULL;
}

void cli_close(struct text_reader *in)
{
    if (!in)
        return;
    struct cli_file *f = file_of(in);
    text_reader_free(&f->text);
    if (f->dz)
        decompress_close(f->dz); /* (the descriptor is its to close) */
    else if (f->close_fd)
        close(f->fd);
    free(f);
}

bool cli_input_broke(struct text_reader *in, struct decompress_damage *out)
{
    return in && file_of(in)->dz && decompress_damage(file_of(in)->dz, out);
}

int cli_input_damage(struct text_reader *in, const char *name, bool quiet)
{
    struct decompress_damage dm;
    if (!cli_input_broke(in, &dm))
        return CLI_OK;
    if (!quiet)
        cli_diag(name, dm.line, dm.col, "%s", dm.msg);
    return dm.status;
}

int cli_input_fd(const struct text_reader *in)
{
    const struct cli_file *f = file_of(in);
    return f->dz ? decompress_fileno(f->dz) : f->fd;
}

int cli_input_plain_fd(const struct text_reader *in)
{
    const struct cli_file *f = file_of(in);
    return f->dz ? -1 : f->fd;
}

bool cli_input_open(struct cli_input *in, const char *path)
{
    *in = (struct cli_input){.max_line = CLI_MAX_LINE_DEFAULT};
    in->text = cli_open(path, &in->name);
    return in->text != NULL;
}

/* Lines are read where they lie in the reader's buffer (text_reader_line:
 * at most about max_line bytes of it, whatever the line), and a line ends
 * as every reader's does (text_input.h): LF, CRLF or a lone CR. */
ssize_t cli_input_line(struct cli_input *in, const char **line, size_t *len)
{
    static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
    if (in->error)
        return -2;
    if (!in->text)
        return -1;
    in->truncated = false;
    struct text_reader *t = in->text;
    int got = 1;
    if (in->line_no == 0) {
        /* A BOM opening the file is dropped (not counted in max_line); a
         * partial match is content. */
        char *p;
        got = text_reader_want(t, 3) ? 1 : -1;
        if (got > 0 && text_reader_buffered(t, &p) >= 3 && memcmp(p, bom, 3) == 0)
            text_reader_take(t, 3);
    }
    char *l;
    bool over = false;
    if (got > 0)
        got = text_reader_line(t, in->max_line, &l, len, &over);
    if (got < 0) {
        in->nomem = !t->failed;
        cli_error("cannot read %s: %s", in->name, strerror(t->failed ? t->err : ENOMEM));
        in->error = true;
        return -2;
    }
    if (got == 0)
        return -1;
    in->line_no++;
    in->truncated = over;
    *line = l;
    return (ssize_t)*len;
}

void cli_input_close(struct cli_input *in)
{
    cli_close(in->text);
    in->text = NULL;
}

/* Blank lines separate groups of records in hand-written files, and '#'
 * starts a comment line where the tool takes comments: neither is a record. */
static bool is_record(const char *line, size_t len, bool comments)
{
    size_t i = 0;

    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    return i < len && !(comments && line[i] == '#');
}

/* The record loop of the FEN tools, written once: every tool skips the same
 * lines, words "line too long" the same way and stops on a failed stdout. */
int cli_each_record(const char *path, const struct cli_records *how, cli_record_fn *fn, void *ctx)
{
    struct cli_input in;
    const char *line;
    size_t len;
    ssize_t n = 0;
    int status = CLI_OK;

    if (!cli_input_open(&in, path))
        return CLI_NOINPUT;
    in.max_line = how->max_line;
    while (!cli_stdout_failed() && (n = cli_input_line(&in, &line, &len)) >= 0) {
        if (in.truncated && !how->pass_long) {
            if (!how->quiet)
                cli_diag(in.name, in.line_no, cli_line_too_long_col(&in), CLI_LINE_TOO_LONG " [%s]",
                         in.max_line, fen_code_name(FEN_LINE_TOO_LONG));
            status = cli_status_merge(status, CLI_INVALID);
        } else if (in.line_no == 1 && len >= 2 && pgn_utf16_bom(line)) {
            /* one word for the whole input, as the PGN tools say it */
            if (!how->quiet)
                cli_diag(in.name, 1, 1, "%s", pgn_error_message(PGN_E_UTF16));
            status = cli_status_merge(status, CLI_INVALID);
            break;
        } else if (in.truncated || is_record(line, len, how->comments)) {
            status = cli_status_merge(status, fn(ctx, &in, line, len));
        }
    }
    if (n == -2)
        status = cli_status_merge(status, in.nomem ? CLI_OSERR : CLI_NOINPUT);
    else if (n == -1)
        status = cli_status_merge(status, cli_input_damage(in.text, in.name, false));
    cli_input_close(&in);
    return status;
}

const char *const cli_pgn_suffixes[] = {".pgn", ".pgn.zst", ".pgn.gz", ".pgn.bz2", ".pgn.xz", NULL};

static bool operands_push(struct cli_operands *ops, char *file)
{
    if ((size_t)ops->nfiles == ops->cap_files) {
        size_t cap = ops->cap_files ? ops->cap_files * 2 : 16;
        char **v = realloc(ops->files, cap * sizeof *v);
        if (!v)
            return false;
        ops->files = v;
        ops->cap_files = cap;
    }
    ops->files[ops->nfiles++] = file;
    return true;
}

/* A path the walk made: freed with the operands. */
static char *operands_own(struct cli_operands *ops, const char *dir, const char *name)
{
    if (ops->nowned == ops->cap_owned) {
        size_t cap = ops->cap_owned ? ops->cap_owned * 2 : 16;
        char **v = realloc(ops->owned, cap * sizeof *v);
        if (!v)
            return NULL;
        ops->owned = v;
        ops->cap_owned = cap;
    }
    size_t n = strlen(dir);
    char *path = NULL;
    if (asprintf(&path, "%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", name) < 0)
        return NULL;
    ops->owned[ops->nowned++] = path;
    return path;
}

static bool has_suffix(const char *name, const char *const *suffixes)
{
    size_t n = strlen(name);
    for (const char *const *s = suffixes; *s; s++) {
        size_t k = strlen(*s);
        if (n > k && strcmp(name + n - k, *s) == 0)
            return true;
    }
    return false;
}

static int path_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files under dir, depth first; sorted by the caller. */
static int operands_walk(struct cli_operands *ops, const char *dir, const char *const *suffixes)
{
    DIR *d = opendir(dir);
    if (!d) {
        cli_error("cannot open %s: %s", dir, strerror(errno));
        return CLI_NOINPUT;
    }
    int status = CLI_OK;
    struct dirent *e;
    while (status != CLI_OSERR && (errno = 0, e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char *path = operands_own(ops, dir, e->d_name);
        struct stat st;
        if (!path) {
            status = CLI_OSERR;
        } else if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            status = cli_status_merge(status, operands_walk(ops, path, suffixes));
        } else if (has_suffix(e->d_name, suffixes) && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            if (!operands_push(ops, path))
                status = CLI_OSERR;
        }
    }
    if (errno && status != CLI_OSERR) {
        cli_error("cannot read %s: %s", dir, strerror(errno));
        status = cli_status_merge(status, CLI_NOINPUT);
    }
    closedir(d);
    return status;
}

int cli_operands_expand(struct cli_operands *ops, char **files, int nfiles,
                        const char *const *suffixes)
{
    *ops = (struct cli_operands){0};
    int status = CLI_OK;
    for (int i = 0; i < nfiles && status != CLI_OSERR; i++) {
        struct stat st;
        if (strcmp(files[i], "-") == 0 || stat(files[i], &st) != 0 || !S_ISDIR(st.st_mode)) {
            if (!operands_push(ops, files[i]))
                status = CLI_OSERR;
            continue;
        }
        int first = ops->nfiles;
        status = cli_status_merge(status, operands_walk(ops, files[i], suffixes));
        if (ops->nfiles > first)
            qsort(ops->files + first, (size_t)(ops->nfiles - first), sizeof *ops->files, path_cmp);
    }
    ops->none = nfiles > 0 && ops->nfiles == 0;
    return status == CLI_OSERR ? cli_nomem() : status;
}

void cli_operands_free(struct cli_operands *ops)
{
    for (size_t i = 0; i < ops->nowned; i++)
        free(ops->owned[i]);
    free(ops->owned);
    free(ops->files);
    *ops = (struct cli_operands){0};
}
