/* libFuzzer target for pgn-explore's reading of a saved index
 * (cmd/pgn-explore/explore_index_db.c, explore_index_query.c): any bytes
 * as the database file (a file in a directory of its own under $TMPDIR or
 * /tmp, written again for each input: SQLite resolves a path, so a memfd's
 * /proc/self/fd name is no use), opened
 * as --index DB opens it and asked for the positions of its own rows and
 * for a few fixed keys.  The messages cli_error writes are caught in a
 * memory stream.  Besides crashes and sanitizer reports, a finding is
 * any broken property (abort):
 *  - an open or a query that fails says so: status 66 (not an index,
 *    another version, damaged), 71 or 74, and one message at least, each
 *    line "PROG: PATH: ..." or "PROG: cannot open PATH: ...";
 *  - an open and its queries that succeed say nothing;
 *  - each move's games are at least its White wins (the counts summed
 *    from the rows are read as counts);
 *  - the file is not written: its bytes after the run are the input. */
#include "pgn-explore/explore_index_db.h"
#include "pgn-explore/explore_index_query.h"
#include "cli/cli.h"
#include "explore/explore_answer.h"
#include "rules/position.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken property: its line on stderr, then abort. */
static void require_at(bool cond, int line)
{
    if (!cond) {
        fprintf(stderr, "fuzz_explore_index.c:%d: a property broke\n", line);
        abort();
    }
}
#define require(cond) require_at((cond), __LINE__)

/* Every line of the messages names the file. */
static void check_messages(const char *diag, const char *path)
{
    char with[4200], open[4200];
    snprintf(with, sizeof with, "%s: %s: ", program_invocation_name, path);
    snprintf(open, sizeof open, "%s: cannot open %s: ", program_invocation_name, path);
    for (const char *line = diag; *line;) {
        require(strncmp(line, with, strlen(with)) == 0 || strncmp(line, open, strlen(open)) == 0);
        const char *nl = strchr(line, '\n');
        require(nl != NULL);
        line = nl + 1;
    }
}

/* Up to n keys of the file's own rows, read with SQLite directly (any
 * failure: fewer keys). */
static size_t own_keys(const char *path, struct explore_key *keys, int *variants, size_t n)
{
    sqlite3 *db = NULL;
    size_t got = 0;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK) {
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(db, "SELECT key_hi, key_lo, variant FROM moves LIMIT 4", -1, &st,
                               NULL) == SQLITE_OK)
            while (got < n && sqlite3_step(st) == SQLITE_ROW) {
                keys[got].w[0] = (uint64_t)sqlite3_column_int64(st, 0);
                keys[got].w[1] = (uint64_t)sqlite3_column_int64(st, 1);
                variants[got++] = sqlite3_column_int(st, 2);
            }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return got;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[4096];
    if (!path[0]) {
        const char *tmp = getenv("TMPDIR");
        char dir[4000];
        snprintf(dir, sizeof dir, "%s/fuzz-explore-index-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        require(mkdtemp(dir) != NULL);
        snprintf(path, sizeof path, "%s/index.db", dir);
    }
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    require(fd >= 0);
    for (size_t off = 0; off < size;) {
        ssize_t w = write(fd, data + off, size - off);
        require(w > 0);
        off += (size_t)w;
    }

    struct explore_key keys[8] = {{{1, 2}}, {{0x8000000000000000u, 7}}};
    int variants[8] = {0, 1};
    size_t nkeys = 2 + own_keys(path, keys + 2, variants + 2, 4);

    char *diag = NULL;
    size_t diag_len = 0;
    FILE *saved = stderr;
    FILE *mem = open_memstream(&diag, &diag_len);
    require(mem != NULL);
    stderr = mem;
    struct explore_index_query_filter filter = {0};
    int status = 0;
    struct explore_index_query *q = explore_index_query_open(path, &filter, &status);
    int qstatus = 0;
    if (q) {
        struct position start;
        memset(&start, 0, sizeof start);
        for (size_t i = 0; i < nkeys && !qstatus; i++) {
            struct explore_answer a;
            explore_answer_init(&a, &start);
            qstatus = explore_index_query_position(q, keys[i], variants[i], &a);
            for (size_t k = 0; k < a.nmoves; k++)
                require(explore_stats_games(&a.moves[k].stats) >= a.moves[k].stats.white);
            explore_answer_clear(&a);
        }
        explore_index_query_close(q);
    }
    stderr = saved;
    require(fclose(mem) == 0);

    if (!q) {
        require(status == CLI_NOINPUT || status == CLI_OSERR || status == CLI_IOERR);
        require(diag_len > 0);
    }
    if (qstatus)
        require(qstatus == CLI_NOINPUT || qstatus == CLI_OSERR || qstatus == CLI_IOERR);
    if (!q || qstatus)
        require(diag_len > 0);
    if (q && !qstatus)
        require(diag_len == 0);
    check_messages(diag, path);
    free(diag);

    /* The file is as it came. */
    uint8_t *back = malloc(size + 1);
    require(back != NULL);
    require(lseek(fd, 0, SEEK_SET) == 0);
    size_t got = 0;
    for (ssize_t r; (r = read(fd, back + got, size + 1 - got)) > 0;)
        got += (size_t)r;
    require(got == size && memcmp(back, data, size) == 0);
    free(back);
    close(fd);
    return 0;
}
