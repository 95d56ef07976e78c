/*
 * cli_input.c - FILE operands read line by line (see cli_input.h).
 */
#include "cli_input.h"

#include "cli/cli.h"
#include "decompress.h"
#include "notation/fen.h"
#include "games/pgn.h"
#include "base/text_input.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* First size of a line buffer; it doubles from there as lines need. */
#define LINE_BUF_MIN 256

/* Operands name files, "-" or none the standard input; a file that cannot be
 * opened is reported here so that every tool words it the same way. */
FILE *cli_open(const char *path, const char **name)
{
    FILE *fp;

    if (!path || strcmp(path, "-") == 0) {
        *name = "<stdin>";
        clearerr(stdin); /* "-" given twice reads on after the first end */
        fp = stdin;
    } else {
        *name = path;
        fp = fopen(path, "re");
        if (!fp) {
            cli_error("cannot open %s: %s", path, strerror(errno));
            return NULL;
        }
    }
    /* compressed input: its text (plain text comes back as it is) */
    enum decompress_format format;
    FILE *text = decompress_open(fp, fp != stdin, &format);
    if (!text) {
        if (errno == ENOTSUP)
            cli_diag(*name, 1, 1, "%s", decompress_missing(format));
        else
            cli_error("cannot read %s: %s", *name, strerror(errno));
        if (fp != stdin)
            fclose(fp);
    }
    return text;
}

void cli_close(FILE *fp)
{
    if (fp && fp != stdin)
        fclose(fp);
}

int cli_input_damage(FILE *fp, const char *name, bool quiet)
{
    struct decompress_damage dm;
    if (!fp || !decompress_damage(fp, &dm))
        return CLI_OK;
    if (!quiet)
        cli_diag(name, dm.line, dm.col, "%s", dm.msg);
    return dm.status;
}

bool cli_input_open(struct cli_input *in, const char *path)
{
    *in = (struct cli_input){.max_line = CLI_MAX_LINE_DEFAULT};
    in->fp = cli_open(path, &in->name);
    /* 64 KiB reads rather than stdio's 4 KiB: a sixteenth of the read
     * calls (stdin gets its buffer in cli_init) */
    if (in->fp && in->fp != stdin && (in->iobuf = malloc(CLI_IO_BUF)))
        setvbuf(in->fp, in->iobuf, _IOFBF, CLI_IO_BUF);
    return in->fp != NULL;
}

/* Grow the line buffer by doubling, but never past max bytes, so memory stays
 * bounded by --max-line whatever the input. */
static bool grow_buffer(struct cli_input *in, size_t max)
{
    size_t cap = in->cap ? in->cap * 2 : LINE_BUF_MIN;
    char *buf;

    if (cap > max)
        cap = max;
    buf = realloc(in->buf, cap);
    if (!buf) {
        cli_error("cannot read %s: %s", in->name, strerror(ENOMEM));
        in->error = true;
        in->nomem = true;
        return false;
    }
    in->buf = buf;
    in->cap = cap;
    return true;
}

/* Append one byte to the line being read, or drop it once the line holds
 * limit bytes: the rest of an over-long line is consumed but not kept. */
static bool put_byte(struct cli_input *in, size_t *n, int c, size_t limit, bool *over)
{
    if (*n >= limit) {
        *over = true;
        return true;
    }
    if (*n + 1 >= in->cap && !grow_buffer(in, limit + 1))
        return false;
    in->buf[(*n)++] = (char)c;
    return true;
}

/* Append the bytes of the line that the stream has buffered already (up to
 * its end, LF, CRLF or a lone CR: text_input_line_end, consumed but not
 * kept).  Returns 1 when the line's end was among them, 2 when the last
 * of them was a CR, consumed, whose LF may follow, 0 when more is to come,
 * -1 out of memory.  One memchr and one copy per buffer, not a getc per
 * byte: reading weighed on fen-check (docs/performance.md). */
static int take_buffered(struct cli_input *in, size_t *n, size_t limit, bool *over)
{
    char *p;
    size_t avail;
    while ((avail = text_input_buffered(in->fp, &p)) > 0) {
        size_t take;
        size_t used = text_input_line_end(p, avail, false, &take);
        bool cr = !used && p[avail - 1] == '\r';
        if (!used)
            take = cr ? avail - 1 : avail;
        size_t keep = *n < limit ? limit - *n : 0;
        if (take > keep)
            *over = true;
        size_t copy = take < keep ? take : keep;
        while (copy && *n + copy >= in->cap)
            if (!grow_buffer(in, limit + 1))
                return -1;
        memcpy(in->buf + *n, p, copy);
        *n += copy;
        text_input_take(in->fp, used ? used : avail);
        if (used || cr)
            return used ? 1 : 2;
    }
    return 0;
}

/* Lines are read into a buffer of at most max_line + 2 bytes (one more
 * to tell an over-long line, one for the NUL), and the rest of a longer
 * line is skipped: one huge line costs time, never memory.  A line ends
 * as every reader's does (text_input.h): LF, CRLF or a lone CR. */
ssize_t cli_input_line(struct cli_input *in, const char **line, size_t *len)
{
    static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
    size_t limit = in->max_line + 1;
    size_t n = 0;
    bool over = false;
    int c;

    if (in->error)
        return -2;
    if (!in->fp)
        return -1;
    if (in->cap == 0 && !grow_buffer(in, limit + 1))
        return -2;
    in->truncated = false;
    if (in->line_no > 0) {
        /* A whole line in the stream's buffer, not over-long, is handed
         * out where it stands, its end overwritten by the NUL: the buffer
         * is ours (cli_input_open, cli_init), the bytes before the read
         * pointer are never read again, and copying every line out showed
         * in fen-check's time. */
        char *p;
        size_t avail = text_input_buffered(in->fp, &p), kept;
        size_t used = avail ? text_input_line_end(p, avail, false, &kept) : 0;
        if (used && kept <= in->max_line) {
            text_input_take(in->fp, used);
            in->line_no++;
            p[kept] = '\0';
            *line = p;
            *len = kept;
            return (ssize_t)kept;
        }
    }
    if (in->line_no == 0) {
        /* A BOM opening the file is dropped; a partial match is content, and
         * the byte that broke it goes back (one ungetc is always allowed). */
        size_t k = 0;
        while (k < 3 && (c = getc_unlocked(in->fp)) == bom[k])
            k++;
        if (k < 3) {
            for (size_t i = 0; i < k; i++)
                if (!put_byte(in, &n, bom[i], limit, &over))
                    return -2;
            if (c != EOF)
                ungetc(c, in->fp);
        }
    }
    for (;;) {
        int got = take_buffered(in, &n, limit, &over);
        if (got < 0)
            return -2;
        if (got == 1) {
            c = '\n';
            break;
        }
        /* the buffer is empty: getc refills it (one read, which returns
         * what a pipe holds without waiting for more) */
        if (got == 0 && (c = getc_unlocked(in->fp)) == EOF)
            break;
        if (got == 2 || c == '\r') {
            /* a CR ends the line, with the LF after it if one comes */
            int d = getc_unlocked(in->fp);
            if (d != '\n' && d != EOF)
                ungetc(d, in->fp);
            c = d == EOF && ferror(in->fp) ? EOF : '\n';
            break;
        }
        if (c == '\n')
            break;
        if (!put_byte(in, &n, c, limit, &over))
            return -2;
    }
    if (c == EOF) {
        if (ferror(in->fp)) {
            cli_error("cannot read %s: %s", in->name, strerror(errno));
            in->error = true;
            return -2;
        }
        if (n == 0)
            return -1; /* no unterminated last line */
    }
    in->line_no++;
    if (over || n > in->max_line) {
        in->truncated = true;
        n = in->max_line;
    }
    in->buf[n] = '\0';
    *line = in->buf;
    *len = n;
    return (ssize_t)n;
}

void cli_input_close(struct cli_input *in)
{
    cli_close(in->fp);
    free(in->iobuf);
    in->iobuf = NULL;
    free(in->buf);
    in->fp = NULL;
    in->buf = NULL;
    in->cap = 0;
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
        status = cli_status_merge(status, cli_input_damage(in.fp, in.name, false));
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
