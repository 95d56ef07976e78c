/*
 * fix_out.c - where pgn-check --fix writes (see fix_out.h).
 */
#include "fix_out.h"

#include "cli/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void fix_out_begin(struct fix_out *o, const char *path)
{
    *o = (struct fix_out){.path = path, .fp = path ? NULL : stdout, .mode = 0644};
    struct stat st;
    if (path && lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && (o->real = realpath(path, NULL)))
        o->path = o->real;
    if (path && stat(path, &st) == 0)
        o->mode = st.st_mode & 07777;
}

/* The new file, beside the old one (a rename stays in one file system):
 * ".NAME.pgn-check-XXXXXX", hidden, with the old one's mode; then the
 * bytes before the first change, copied from the old file. */
static bool make_new(struct fix_out *o)
{
    const char *slash = strrchr(o->path, '/');
    int dir_len = slash ? (int)(slash - o->path + 1) : 0;
    if (asprintf(&o->tmp, "%.*s.%s.pgn-check-XXXXXX", dir_len, o->path,
                 slash ? slash + 1 : o->path) < 0) {
        o->tmp = NULL;
        o->err = ENOMEM;
        return false;
    }
    int fd = mkostemp(o->tmp, O_CLOEXEC);
    if (fd < 0) {
        o->err = errno;
        return false;
    }
    o->made = true;
    if (fchmod(fd, o->mode) != 0 || !(o->fp = fdopen(fd, "w"))) {
        o->err = errno;
        close(fd);
        return false;
    }
    int in = open(o->path, O_RDONLY | O_CLOEXEC);
    if (in < 0) {
        o->err = errno;
        return false;
    }
    char buf[1 << 16];
    unsigned long long left = o->passed;
    while (left > 0) {
        ssize_t n = read(in, buf, left < sizeof buf ? (size_t)left : sizeof buf);
        if (n <= 0) { /* (the file changed while it was read) */
            o->err = n < 0 ? errno : EIO;
            break;
        }
        if (fwrite(buf, 1, (size_t)n, o->fp) != (size_t)n) {
            o->err = errno ? errno : EIO;
            break;
        }
        left -= (unsigned long long)n;
    }
    close(in);
    return o->err == 0;
}

static void put(struct fix_out *o, const char *s, size_t n)
{
    if (!n || o->err)
        return;
    if (!o->fp) { /* in place, no change yet: nothing to write */
        o->passed += n;
        return;
    }
    errno = 0;
    if (fwrite_unlocked(s, 1, n, o->fp) != n && o->path)
        o->err = errno ? errno : EIO;
}

void fix_out_game(struct fix_out *o, const char *raw, size_t len, size_t lead, const char *fixed,
                  size_t fixed_len)
{
    if (!raw) {
        o->lost = true;
        return;
    }
    if (!fixed) {
        put(o, raw, len);
        return;
    }
    put(o, raw, lead);
    if (len - lead == fixed_len && memcmp(raw + lead, fixed, fixed_len) == 0) {
        put(o, fixed, fixed_len); /* (written again the same) */
        return;
    }
    o->changed = true;
    if (o->path && !o->fp && !o->err && !make_new(o))
        return;
    put(o, fixed, fixed_len);
}

int fix_out_end(struct fix_out *o, bool ok, bool *changed)
{
    int status = CLI_OK;
    *changed = false;
    if (!o->path)
        return CLI_OK;
    bool keep = !ok || o->lost || !o->changed;
    if (o->fp) {
        if (!o->err && (fflush(o->fp) != 0 || ferror(o->fp) || fsync(fileno(o->fp)) != 0))
            o->err = errno ? errno : EIO;
        if (fclose(o->fp) != 0 && !o->err)
            o->err = errno ? errno : EIO;
        o->fp = NULL;
    }
    if (o->err) {
        cli_error("cannot write %s (%s left as it was): %s", o->tmp ? o->tmp : o->path, o->path,
                  strerror(o->err));
        status = CLI_IOERR;
        keep = true;
    } else if (o->lost && o->changed) {
        cli_error("%s left as it was: a game too large to keep (over-limit) cannot be written "
                  "back",
                  o->path);
        status = CLI_INVALID;
    }
    if (o->made && !keep && rename(o->tmp, o->path) != 0) {
        cli_error("cannot rename %s to %s (left as it was): %s", o->tmp, o->path, strerror(errno));
        status = CLI_IOERR;
        keep = true;
    }
    if (o->made && keep)
        unlink(o->tmp);
    *changed = o->made && !keep;
    free(o->tmp);
    free(o->real);
    o->tmp = o->real = NULL;
    return status;
}
