/*
 * select_file.c - pgn-select --split's files on disk (select_file.h).
 */
#include "select_file.h"

#include "cli/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

__attribute__((format(printf, 3, 4))) static bool fail(struct select_file_error *e, int status,
                                                       const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    e->status = status;
    return false;
}

static bool nomem(struct select_file_error *e)
{
    return fail(e, CLI_OSERR, "out of memory");
}

/* The directories above path made, those made kept in dirs. */
static bool make_dirs(char *path, struct select_file_dirs *dirs, struct select_file_error *e)
{
    for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
        *p = '\0';
        struct stat st;
        bool ok = true;
        if (stat(path, &st) != 0) {
            if (mkdir(path, 0777) != 0 && errno != EEXIST) {
                ok = fail(e, CLI_IOERR, "cannot make the directory %s: %s", path, strerror(errno));
            } else {
                char **v = realloc(dirs->v, (dirs->n + 1) * sizeof *v);
                if (v)
                    dirs->v = v;
                if (!v || !(dirs->v[dirs->n] = strdup(path)))
                    ok = nomem(e);
                else
                    dirs->n++;
            }
        }
        *p = '/';
        if (!ok)
            return false;
    }
    return true;
}

static bool write_all(int fd, const char *s, size_t n)
{
    for (ssize_t w; n > 0; s += w, n -= (size_t)w)
        if ((w = write(fd, s, n)) < 0)
            return false;
    return true;
}

/* The old bytes of path copied into fd (--append), ended by a blank line. */
static bool copy_old(const char *path, int fd, mode_t *mode, struct select_file_error *e)
{
    int in = open(path, O_RDONLY);
    struct stat st;
    if (in < 0 || fstat(in, &st) != 0 || !S_ISREG(st.st_mode)) {
        fail(e, CLI_IOERR, "cannot add to %s: %s", path,
             in < 0 ? strerror(errno) : "not a regular file");
        if (in >= 0)
            close(in);
        return false;
    }
    *mode = st.st_mode & 07777;
    char buf[1 << 16], tail[2] = {'\n', '\n'};
    size_t total = 0;
    ssize_t n;
    while ((n = read(in, buf, sizeof buf)) > 0) {
        if (!write_all(fd, buf, (size_t)n)) {
            close(in);
            return fail(e, CLI_IOERR, "write error: %s: %s", path, strerror(errno));
        }
        tail[0] = n > 1 ? buf[n - 2] : tail[1];
        tail[1] = buf[n - 1];
        total += (size_t)n;
    }
    int err = errno;
    close(in);
    if (n < 0)
        return fail(e, CLI_IOERR, "cannot add to %s: %s", path, strerror(err));
    /* the games added start after a blank line */
    const char *end = total == 0 || (tail[0] == '\n' && tail[1] == '\n') ? ""
                      : tail[1] == '\n'                                  ? "\n"
                                                                         : "\n\n";
    if (!write_all(fd, end, strlen(end)))
        return fail(e, CLI_IOERR, "write error: %s: %s", path, strerror(errno));
    return true;
}

int select_file_create(const char *path, bool append, mode_t mode, struct select_file_dirs *dirs,
                       char **tmp, struct select_file_error *e)
{
    *tmp = NULL;
    char *p = strdup(path);
    if (!p)
        return nomem(e), -1;
    bool ok = make_dirs(p, dirs, e);
    free(p);
    if (!ok)
        return -1;
    struct stat st;
    bool exists = lstat(path, &st) == 0;
    if (exists && !append)
        return fail(e, CLI_IOERR, "%s exists (--append adds to it)", path), -1;
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path) + 1 : 0;
    if (!(*tmp = malloc(strlen(path) + 9)))
        return nomem(e), -1;
    sprintf(*tmp, "%.*s.%s.XXXXXX", dir, path, path + dir);
    int fd = mkstemp(*tmp);
    if (fd < 0) {
        free(*tmp);
        *tmp = NULL;
        return fail(e, CLI_IOERR, "cannot write %s: %s", path, strerror(errno)), -1;
    }
    ok = !exists || copy_old(path, fd, &mode, e);
    if (ok && fchmod(fd, mode) != 0)
        ok = fail(e, CLI_IOERR, "cannot write %s: %s", path, strerror(errno));
    if (!ok) {
        close(fd);
        return -1;
    }
    return fd;
}

bool select_file_commit(const char *tmp, const char *path, bool replace,
                        struct select_file_error *e)
{
    int rc =
        replace ? rename(tmp, path) : renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE);
    if (rc != 0 && !replace && (errno == EINVAL || errno == ENOSYS)) {
        /* a file system without RENAME_NOREPLACE: link does not replace either */
        rc = link(tmp, path);
        if (rc == 0)
            unlink(tmp);
    }
    if (rc == 0)
        return true;
    if (errno == EEXIST)
        return fail(e, CLI_IOERR, "%s exists (--append adds to it)", path);
    return fail(e, CLI_IOERR, "cannot write %s: %s", path, strerror(errno));
}

void select_file_dirs_remove(const struct select_file_dirs *dirs)
{
    for (size_t i = dirs->n; i-- > 0;)
        rmdir(dirs->v[i]); /* (kept when something else is in it) */
}

void select_file_dirs_free(struct select_file_dirs *dirs)
{
    for (size_t i = 0; i < dirs->n; i++)
        free(dirs->v[i]);
    free(dirs->v);
    *dirs = (struct select_file_dirs){0};
}
