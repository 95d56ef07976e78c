/*
 * explore_book_file.c - a Polyglot book's file, read and written whole
 * (explore_book_file.h).
 */
#include "explore_book_file.h"

#include "cli/cli.h"
#include "explore/polyglot_book.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

uint8_t *explore_book_file_read(const char *path, size_t *len, int *status)
{
    *len = 0;
    int fd = strcmp(path, "-") == 0 ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        cli_error("%s: %s", path, strerror(errno));
        *status = CLI_NOINPUT;
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            close(fd);
            *status = cli_nomem();
            return NULL;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            cli_error("%s: %s", path, strerror(errno));
            free(buf);
            close(fd);
            *status = CLI_NOINPUT;
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
        if (n == cap) {
            uint8_t *bigger = realloc(buf, cap * 2);
            if (!bigger)
                free(buf);
            buf = bigger;
            cap *= 2;
        }
    }
    close(fd);
    *len = n;
    *status = CLI_OK;
    return buf;
}

int explore_book_file_check(const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0) {
        if (isatty(STDOUT_FILENO)) {
            cli_error("--output -: a book is binary: not written to a terminal");
            return CLI_USAGE;
        }
        return CLI_OK;
    }
    if (stat(path, &st) != 0)
        return CLI_OK; /* none yet (or a path the write will report) */
    if (S_ISDIR(st.st_mode)) {
        cli_error("%s: is a directory: name the book's file", path);
        return CLI_USAGE;
    }
    if (!S_ISREG(st.st_mode) || st.st_size == 0)
        return CLI_OK;
    size_t len;
    int status;
    uint8_t *bytes = explore_book_file_read(path, &len, &status);
    if (!bytes)
        return status;
    struct polyglot_book b;
    struct polyglot_book_problem pr;
    bool book = polyglot_book_open(&b, bytes, len, &pr);
    free(bytes);
    if (book)
        return CLI_OK;
    cli_error("%s: exists and is not a Polyglot book (byte %zu: %s): not overwritten; remove it "
              "or name another --output",
              path, pr.offset, pr.message);
    return CLI_USAGE;
}

static bool write_all(int fd, const uint8_t *bytes, size_t len)
{
    while (len) {
        ssize_t put = write(fd, bytes, len);
        if (put < 0 && errno == EINTR)
            continue;
        if (put < 0)
            return false;
        bytes += put;
        len -= (size_t)put;
    }
    return true;
}

static int write_error(const char *path, int err)
{
    cli_error("%s: write error: %s", path, strerror(err));
    return CLI_IOERR;
}

/* A device, a FIFO or standard output: written straight. */
static int write_straight(const char *path, const uint8_t *bytes, size_t len)
{
    bool out = strcmp(path, "-") == 0;
    int fd = out ? STDOUT_FILENO : open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return write_error(path, errno);
    bool ok = write_all(fd, bytes, len);
    int err = errno;
    if (!out && close(fd) != 0 && ok) {
        ok = false;
        err = errno;
    }
    return ok ? CLI_OK : write_error(out ? "standard output" : path, err);
}

/* Write path through a temporary file in its directory, renamed over it
 * (atomic in one file system); shown is the name the messages give. */
static int write_renamed(const char *path, const char *shown, const uint8_t *bytes, size_t len)
{
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    char *tmp = malloc(strlen(path) + 16);
    if (!tmp)
        return cli_nomem();
    sprintf(tmp, "%.*s.%s.XXXXXX", (int)dirlen, path, path + dirlen);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int err = errno;
        free(tmp);
        return write_error(shown, err);
    }
    mode_t mask = umask(0);
    umask(mask);
    bool ok = fchmod(fd, 0666 & ~mask) == 0 && write_all(fd, bytes, len) && fsync(fd) == 0;
    int err = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        err = errno;
    }
    if (!ok)
        unlink(tmp);
    free(tmp);
    return ok ? CLI_OK : write_error(shown, err);
}

int explore_book_file_write(const char *path, const uint8_t *bytes, size_t len)
{
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (strcmp(path, "-") == 0 || (exists && !S_ISREG(st.st_mode)))
        return write_straight(path, bytes, len);
    /* an existing book through a symbolic link: the file it names is the
     * one replaced (not the link) */
    char *real = exists ? realpath(path, NULL) : NULL;
    int status = write_renamed(real ? real : path, path, bytes, len);
    free(real);
    return status;
}
