/*
 * select_split.c - pgn-select --split: games to files (select_split.h).
 */
#include "select_split.h"

#include "cli/cli.h"
#include "output/game_out.h"
#include "select_file.h"
#include "select_template.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A name in one of the maps: a file's path, or a key's count of games
 * for {n}. */
struct named {
    char *key;
    size_t len;
    unsigned long count;
};

struct split_file {
    struct named name; /* the path; count: the games written to it */
    char *tmp;         /* the temporary file, once made */
    FILE *fp;          /* open, or NULL */
    struct game_out out;
    struct split_file *newer, *older; /* the open files, most recent first */
};

struct map {
    struct named **v;
    size_t cap, n;
};

struct select_split {
    unsigned long every;
    bool append, failed;
    int status;
    struct progress *pr;
    struct map files, counts;
    struct split_file *newest, *oldest; /* the open files */
    size_t open;
    struct split_file *last;      /* the file of the last game, when it was written */
    struct select_file_dirs dirs; /* the directories made */
    mode_t mode;                  /* a new file's */
    struct cli_buf path;
};

static uint64_t hash(const char *s, size_t n)
{
    uint64_t h = 14695981039346656037ull;
    while (n--)
        h = (h ^ (unsigned char)*s++) * 1099511628211ull;
    return h;
}

/* The named key[0..len) of m, or the slot where it goes (*slot). */
static struct named *find(struct map *m, const char *key, size_t len, size_t *slot)
{
    size_t i = (size_t)hash(key, len) & (m->cap - 1);
    for (; m->v[i]; i = (i + 1) & (m->cap - 1))
        if (m->v[i]->len == len && !memcmp(m->v[i]->key, key, len))
            return m->v[i];
    *slot = i;
    return NULL;
}

/* Put e, not in m, into m; false when out of memory. */
static bool insert(struct map *m, struct named *e)
{
    size_t slot;
    if (2 * (m->n + 1) > m->cap) {
        struct map bigger = {calloc(m->cap ? 2 * m->cap : 64, sizeof *m->v),
                             m->cap ? 2 * m->cap : 64, 0};
        if (!bigger.v)
            return false;
        for (size_t i = 0; i < m->cap; i++)
            if (m->v[i]) {
                find(&bigger, m->v[i]->key, m->v[i]->len, &slot);
                bigger.v[slot] = m->v[i];
                bigger.n++;
            }
        free(m->v);
        *m = bigger;
    }
    find(m, e->key, e->len, &slot);
    m->v[slot] = e;
    m->n++;
    return true;
}

struct select_split *select_split_new(unsigned long every, bool append, struct progress *pr)
{
    struct select_split *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->every = every ? every : 1;
    s->append = append;
    s->pr = pr;
    s->files = (struct map){calloc(64, sizeof *s->files.v), 64, 0};
    s->counts = (struct map){calloc(64, sizeof *s->counts.v), 64, 0};
    if (!s->files.v || !s->counts.v) {
        select_split_free(s);
        return NULL;
    }
    mode_t mask = umask(0);
    umask(mask);
    s->mode = 0666 & ~mask;
    /* a file over `ulimit -f` is a write error to report, not a signal
     * that kills the run with its temporary files left behind */
    signal(SIGXFSZ, SIG_IGN);
    return s;
}

/* The run has failed: said once (the first failure), with its status. */
__attribute__((format(printf, 3, 4))) static void fail(struct select_split *s, int status,
                                                       const char *fmt, ...)
{
    if (s->failed)
        return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    progress_hold(s->pr);
    cli_error("--split: %s", msg);
    progress_release(s->pr);
    s->failed = true;
    s->status = cli_status_merge(s->status, status);
}

static void nomem(struct select_split *s)
{
    if (!s->failed) {
        progress_hold(s->pr);
        cli_nomem();
        progress_release(s->pr);
    }
    s->failed = true;
    s->status = cli_status_merge(s->status, CLI_OSERR);
}

/* f out of the list of open files. */
static void unlist(struct select_split *s, struct split_file *f)
{
    *(f->newer ? &f->newer->older : &s->newest) = f->older;
    *(f->older ? &f->older->newer : &s->oldest) = f->newer;
    f->newer = f->older = NULL;
}

/* Close f's stream; false (reported) when its bytes could not be written. */
static bool close_file(struct select_split *s, struct split_file *f)
{
    if (!f->fp)
        return true;
    bool ok = !ferror(f->fp);
    int err = errno;
    if (fclose(f->fp) != 0 && ok) {
        ok = false;
        err = errno;
    }
    f->fp = NULL;
    unlist(s, f);
    s->open--;
    if (!ok)
        fail(s, CLI_IOERR, "write error: %s: %s", f->name.key, strerror(err ? err : EIO));
    return ok;
}

/* f's temporary file made (the directories above it too). */
static bool create(struct select_split *s, struct split_file *f)
{
    struct select_file_error e = {.status = CLI_OK};
    int fd = select_file_create(f->name.key, s->append, s->mode, &s->dirs, &f->tmp, &e);
    if (fd >= 0 && !(f->fp = fdopen(fd, "w"))) {
        snprintf(e.msg, sizeof e.msg, "cannot write %s: %s", f->name.key, strerror(errno));
        e.status = CLI_OSERR;
        close(fd);
        fd = -1;
    }
    if (fd < 0)
        fail(s, e.status, "%s", e.msg);
    return fd >= 0;
}

/* f open, the most recent; false (reported) when it cannot be. */
static bool use(struct select_split *s, struct split_file *f)
{
    if (!f->fp) {
        if (s->open >= SELECT_SPLIT_OPEN && !close_file(s, s->oldest))
            return false;
        if (!f->tmp) {
            if (!create(s, f))
                return false;
        } else if (!(f->fp = fopen(f->tmp, "a"))) {
            fail(s, CLI_IOERR, "cannot write %s: %s", f->name.key, strerror(errno));
            return false;
        }
        s->open++;
    } else if (f == s->newest) {
        return true;
    } else {
        unlist(s, f);
    }
    f->older = s->newest;
    *(s->newest ? &s->newest->newer : &s->oldest) = f;
    s->newest = f;
    f->out.fp = f->fp;
    return true;
}

/* The file of a path, made when new; NULL (reported) when it cannot be. */
static struct split_file *file_of(struct select_split *s, const char *path, size_t len)
{
    size_t slot;
    struct named *e = find(&s->files, path, len, &slot);
    if (e)
        return (struct split_file *)e; /* (name is the first member) */
    struct split_file *f = calloc(1, sizeof *f);
    char *key = malloc(len + 1);
    if (!f || !key) {
        free(f);
        free(key);
        nomem(s);
        return NULL;
    }
    memcpy(key, path, len);
    key[len] = '\0';
    f->name = (struct named){key, len, 0};
    if (!insert(&s->files, &f->name)) {
        free(key);
        free(f);
        nomem(s);
        return NULL;
    }
    return f;
}

/* The path of a key: each {n} numbered, counting the games of the key. */
static bool path_of(struct select_split *s, const char *key, size_t len)
{
    s->path.len = 0;
    const char *mark = memchr(key, SELECT_TEMPLATE_MARK, len);
    if (!mark) {
        cli_buf_put(&s->path, key, len);
        return !s->path.nomem;
    }
    size_t slot;
    struct named *c = find(&s->counts, key, len, &slot);
    if (!c) {
        c = malloc(sizeof *c);
        char *copy = malloc(len ? len : 1);
        if (!c || !copy) {
            free(c);
            free(copy);
            return false;
        }
        memcpy(copy, key, len);
        *c = (struct named){copy, len, 0};
        if (!insert(&s->counts, c)) {
            free(copy);
            free(c);
            return false;
        }
    }
    char number[24];
    int n = snprintf(number, sizeof number, "%lu", c->count++ / s->every + 1);
    for (const char *p = key, *end = key + len; p < end; p++)
        if (*p == SELECT_TEMPLATE_MARK)
            cli_buf_put(&s->path, number, (size_t)n);
        else
            cli_buf_char(&s->path, *p);
    return !s->path.nomem;
}

/* The game before ended in the last file: g's separator goes there. */
static void end_last(struct select_split *s, const char *raw, size_t len, size_t lead)
{
    struct split_file *l = s->last;
    s->last = NULL;
    if (l && !s->failed && use(s, l)) {
        game_out_game(&l->out, raw, len, lead, false);
        if (ferror(l->fp))
            close_file(s, l);
    }
}

bool select_split_game(struct select_split *s, const char *key, size_t key_len, const char *raw,
                       size_t len, size_t lead)
{
    if (s->failed)
        return false;
    if (!path_of(s, key, key_len)) {
        nomem(s);
        return false;
    }
    struct split_file *f = file_of(s, s->path.data, s->path.len);
    if (!f)
        return false;
    if (s->last != f)
        end_last(s, raw, len, lead);
    if (s->failed || !use(s, f))
        return false;
    game_out_game(&f->out, raw, len, lead, true);
    f->name.count++;
    s->last = f;
    if (ferror(f->fp))
        close_file(s, f);
    return !s->failed;
}

void select_split_skip(struct select_split *s, const char *raw, size_t len, size_t lead)
{
    end_last(s, raw, len, lead);
}

void select_split_between(struct select_split *s, const char *raw, size_t len)
{
    if (s->last && !s->failed && use(s, s->last)) {
        game_out_between(&s->last->out, raw, len);
        if (ferror(s->last->fp))
            close_file(s, s->last);
    }
}

void select_split_rest(struct select_split *s, const char *raw, size_t len)
{
    if (s->last && !s->failed && use(s, s->last)) {
        game_out_rest(&s->last->out, raw, len);
        if (ferror(s->last->fp))
            close_file(s, s->last);
    }
}

int select_split_finish(struct select_split *s, bool commit, unsigned long *files)
{
    *files = 0;
    for (size_t i = 0; i < s->files.cap; i++)
        if (s->files.v[i])
            close_file(s, (struct split_file *)s->files.v[i]);
    /* the renames come once every file is whole */
    for (size_t i = 0; i < s->files.cap; i++) {
        struct split_file *f = (struct split_file *)s->files.v[i];
        if (!f || !f->tmp)
            continue;
        struct select_file_error e;
        if (commit && !s->failed && select_file_commit(f->tmp, f->name.key, s->append, &e))
            ++*files;
        else if (commit && !s->failed)
            fail(s, e.status, "%s", e.msg);
        else
            unlink(f->tmp);
        free(f->tmp);
        f->tmp = NULL;
    }
    if (s->failed || !commit)
        select_file_dirs_remove(&s->dirs);
    return s->status;
}

static void free_map(struct map *m, bool files)
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->v[i]) {
            free(m->v[i]->key);
            if (files)
                free(((struct split_file *)m->v[i])->tmp);
            free(m->v[i]);
        }
    free(m->v);
}

void select_split_free(struct select_split *s)
{
    if (!s)
        return;
    free_map(&s->files, true);
    free_map(&s->counts, false);
    select_file_dirs_free(&s->dirs);
    cli_buf_free(&s->path);
    free(s);
}
