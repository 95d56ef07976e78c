/*
 * select_at.c - pgn-select --at OFFSET FILE: the one game whose first
 * byte is at OFFSET of a plain file (its address, as --to=json's offset,
 * --fields=offset and pgn-check's JSON give it), read where it lies: one
 * lseek, then the game and the blank lines after it, whatever the size
 * of the file.  See select_at.h.
 */
#include "select_at.h"

#include "cli/cli.h"
#include "games/pgn.h"
#include "input/cli_input.h"
#include "output/game_out.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The bytes before the offset looked at: enough for the line before it
 * and the blank lines between (longer runs of blank lines are taken as
 * no tag line before). */
enum { LOOK_BACK = 4096 };

/* Whether the game read at the offset is a game of the whole file, not
 * the rest of one: the file's first byte (or the one after its BOM), or a
 * tag pair's '[' that starts a line whose line before, past blank lines,
 * is no tag pair (a tag there would make the offset's tag one of its
 * game's).  (So a game without tags is found at the file's start only:
 * elsewhere its movetext reads as the rest of the game before.) */
static bool starts_game(int fd, uint64_t at)
{
    char buf[LOOK_BACK];
    size_t n = at < sizeof buf ? (size_t)at : sizeof buf;
    if (n == 0)
        return true;
    ssize_t got = pread(fd, buf, n, (off_t)(at - n));
    if (got != (ssize_t)n)
        return false;
    if (at == 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        return true;
    char c;
    if (pread(fd, &c, 1, (off_t)at) != 1 || c != '[')
        return false;
    if (buf[n - 1] != '\n' && buf[n - 1] != '\r')
        return false;
    size_t i = n; /* back over blank lines to the last byte of the line before */
    while (i > 0 &&
           (buf[i - 1] == '\n' || buf[i - 1] == '\r' || buf[i - 1] == ' ' || buf[i - 1] == '\t'))
        i--;
    if (i == 0)
        return true;
    size_t end = i, start = i;
    while (start > 0 && buf[start - 1] != '\n' && buf[start - 1] != '\r')
        start--;
    if (start == 0 && at == n && n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        start = 3; /* (the file's first line, after its BOM) */
    while (start < end && (buf[start] == ' ' || buf[start] == '\t'))
        start++;
    return !(buf[start] == '[' && buf[end - 1] == ']');
}

/* The first game read, and what follows it (its separator). */
struct at_read {
    struct game_out out;
    int games;
    uint64_t offset;
    bool first_ok; /* the first game starts at the offset, its bytes kept */
    bool first_stray;
};

static enum pgn_visit at_tags(void *ctx, const struct pgn_game *g)
{
    (void)ctx;
    (void)g;
    return PGN_VISIT_SKIP_GAME; /* (the bytes are all it takes) */
}

static enum pgn_visit at_token(void *ctx, const struct pgn_token *t)
{
    (void)ctx;
    (void)t;
    return PGN_VISIT_SKIP_GAME;
}

static void at_end(void *ctx, const struct pgn_game *g)
{
    struct at_read *a = ctx;
    if (a->games++ == 0) {
        a->first_stray = g->stray;
        a->first_ok = !g->stray && g->raw && g->offset == a->offset;
        if (a->first_ok)
            game_out_game(&a->out, g->raw, g->raw_len, 0, true);
    } else if (a->first_ok && g->raw) {
        if (g->stray)
            game_out_between(&a->out, g->raw, g->raw_len);
        else
            game_out_game(&a->out, g->raw, g->raw_len, game_out_lead(g->raw, g->raw_len), false);
    }
}

static const struct pgn_visitor at_visitor = {at_tags, at_token, at_end};

/* "FILE: byte N: reason" (cli_error's PROG: first): the place is the
 * offset, as the user gave it. */
static int at_fail(int status, const char *name, uint64_t at, const char *why)
{
    cli_error("%s: byte %" PRIu64 ": %s", name, at, why);
    return status;
}

/* Reads the game at o->at of the text of in (a plain file, fd). */
static int read_at(const struct select_options *o, const char *name, int fd)
{
    uint64_t at = o->at;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return at_fail(CLI_NOINPUT, name, at,
                       "--at cannot seek in a pipe or a terminal: it reads a game where it "
                       "lies in a file (write the text to a file, or select the game with a "
                       "criterion)");
    if (at >= (uint64_t)st.st_size) {
        char why[160];
        snprintf(why, sizeof why, "no game starts there: the file has %" PRIu64 " bytes",
                 (uint64_t)st.st_size);
        return at_fail(CLI_INVALID, name, at, why);
    }
    if (!starts_game(fd, at))
        return at_fail(CLI_INVALID, name, at,
                       "no game starts there (a game's address is the byte offset of its first "
                       "tag or token, as --to=json's \"offset\" gives it)");
    if (lseek(fd, (off_t)at, SEEK_SET) < 0) {
        cli_error("cannot read %s: %s", name, strerror(errno));
        return CLI_NOINPUT;
    }
    struct text_reader text;
    struct pgn_reader *r = pgn_reader_new();
    if (!r || !text_reader_init_fd(&text, fd, CLI_BUFSIZE)) {
        pgn_reader_free(r);
        return cli_nomem();
    }
    text.base = at;
    pgn_reader_set_options(r, PGN_OPT_RAW | PGN_OPT_REPEATED_TAGS | PGN_OPT_SKIP_NUMBERS |
                                  PGN_OPT_SKIP_COMMENTS);
    struct pgn_limits lim = {.max_line = o->common.max_line};
    pgn_reader_set_limits(r, &lim);
    struct at_read a = {.out = {.fp = stdout}, .offset = at};
    int status = CLI_OK, rc = -1;
    if (pgn_reader_open_input(r, &text, name) == PGN_OK) {
        rc = pgn_read_game(r, &at_visitor, &a);
        if (rc > 0 && a.first_ok)
            rc = pgn_read_game(r, &at_visitor, &a); /* the separator after it */
    }
    if (rc < 0 && a.games == 0) {
        enum pgn_error e = pgn_reader_error(r);
        cli_error("cannot read %s: %s", name,
                  e == PGN_E_IO ? strerror(pgn_reader_errno(r)) : pgn_error_message(e));
        status = e == PGN_E_NOMEM ? CLI_OSERR : CLI_NOINPUT;
    } else if (!a.first_ok) {
        status = at_fail(CLI_INVALID, name, at,
                         a.games && !a.first_stray
                             ? "no game starts there, or the game is longer than the reader "
                               "keeps"
                             : "no game starts there (text that is no game)");
    } else if (rc == 0) {
        const char *rest;
        unsigned long line;
        size_t n = pgn_reader_rest(r, &rest, &line);
        game_out_rest(&a.out, rest, n);
    }
    pgn_reader_free(r);
    text_reader_free(&text);
    return status;
}

int select_at_run(const struct select_options *o)
{
    const char *path = o->files[0], *name;
    struct text_reader *in = cli_open(path, &name);
    if (!in)
        return CLI_NOINPUT;
    int fd = cli_input_plain_fd(in);
    int status;
    if (fd < 0)
        status = at_fail(CLI_NOINPUT, name, o->at,
                         "--at cannot seek in compressed input: an offset is one of its "
                         "decompressed text, which only a read from the start reaches "
                         "(decompress it to a file first)");
    else
        status = read_at(o, name, fd);
    cli_close(in);
    return status;
}
