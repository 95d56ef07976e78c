/*
 * explore_index_db.c - the index's SQLite file: open, check, create.
 *
 * An index is known by three marks, each checked before anything is
 * written: PRAGMA application_id (EXPLORE_INDEX_DB_APP_ID), PRAGMA
 * user_version and the meta table's 'format' and 'version'.  A file
 * that fails one is named in the message and left as it is.  A new file
 * (or an empty one: SQLite reads zero bytes as an empty database) gets
 * the tables of formats/explorer.md; their creation is part of the
 * build's transaction, so an interrupted first build leaves no index.
 */
#include "explore_index_db.h"

#include "cli/cli.h"
#include "rules/variant_rules.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const int explore_index_db_rating_groups[EXPLORE_INDEX_DB_RATING_GROUPS] = {
    0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500};

int explore_index_db_rating_group(int white_elo, int black_elo)
{
    if (white_elo < 0 || black_elo < 0)
        return EXPLORE_INDEX_DB_RATING_NONE;
    int mean = (white_elo + black_elo) / 2;
    int g = 0;
    for (int i = 0; i < EXPLORE_INDEX_DB_RATING_GROUPS; i++)
        if (mean >= explore_index_db_rating_groups[i])
            g = explore_index_db_rating_groups[i];
    return g;
}

/* The tables (formats/explorer.md).  moves and top_games lead with the
 * position's key, so that one position's rows are one range of the
 * B-tree; the columns after it are what a query may filter on. */
static const char schema_sql[] =
    "CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;\n"
    "CREATE TABLE speeds(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);\n"
    "CREATE TABLE variants(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);\n"
    "CREATE TABLE files(id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"
    "CREATE TABLE games(id INTEGER PRIMARY KEY, file INTEGER NOT NULL REFERENCES files(id),\n"
    "  number INTEGER NOT NULL, line INTEGER NOT NULL, white TEXT, black TEXT,\n"
    "  white_elo INTEGER, black_elo INTEGER, result TEXT NOT NULL, month INTEGER NOT NULL,\n"
    "  speed INTEGER NOT NULL, variant INTEGER NOT NULL);\n"
    "CREATE TABLE moves(key_hi INTEGER NOT NULL, key_lo INTEGER NOT NULL,\n"
    "  variant INTEGER NOT NULL, speed INTEGER NOT NULL, rating_group INTEGER NOT NULL,\n"
    "  month INTEGER NOT NULL, move INTEGER NOT NULL, white INTEGER NOT NULL,\n"
    "  draws INTEGER NOT NULL, black INTEGER NOT NULL, rating_sum INTEGER NOT NULL,\n"
    "  rating_games INTEGER NOT NULL, eval_sum INTEGER NOT NULL, eval_games INTEGER NOT NULL,\n"
    "  PRIMARY KEY(key_hi, key_lo, variant, speed, rating_group, month, move)) WITHOUT ROWID;\n"
    "CREATE TABLE top_games(key_hi INTEGER NOT NULL, key_lo INTEGER NOT NULL,\n"
    "  variant INTEGER NOT NULL, speed INTEGER NOT NULL, rating_group INTEGER NOT NULL,\n"
    "  month INTEGER NOT NULL, rating INTEGER NOT NULL, game INTEGER NOT NULL,\n"
    "  move INTEGER NOT NULL,\n"
    "  PRIMARY KEY(key_hi, key_lo, variant, speed, rating_group, month, game)) WITHOUT ROWID;\n"
    "INSERT INTO speeds VALUES(0, 'ultrabullet'), (1, 'bullet'), (2, 'blitz'), (3, 'rapid'),\n"
    "  (4, 'classical'), (5, 'correspondence'), (6, 'unknown');\n"
    /* The move's UCI text for people: the encoding of lib/rules/move.h
     * (from | to << 6 | kind << 12; castling is king takes rook, which
     * standard chess writes as the king's two squares). */
    "CREATE VIEW moves_uci AS SELECT *, CASE\n"
    "  WHEN move >> 12 >= 9 THEN substr('PNBRQ', (move >> 12) - 8, 1) || '@'\n"
    "    || char(97 + (move >> 6 & 7)) || ((move >> 9 & 7) + 1)\n"
    "  ELSE char(97 + (move & 7)) || ((move >> 3 & 7) + 1) || CASE\n"
    "    WHEN move >> 12 = 2 AND variant % 2 = 0\n"
    "      THEN char(97 + CASE WHEN (move >> 6 & 7) > (move & 7) THEN 6 ELSE 2 END)\n"
    "      || ((move >> 9 & 7) + 1)\n"
    "    ELSE char(97 + (move >> 6 & 7)) || ((move >> 9 & 7) + 1) END\n"
    "    || CASE WHEN move >> 12 BETWEEN 4 AND 8 THEN substr('nbrqk', (move >> 12) - 3, 1)\n"
    "    ELSE '' END END AS uci FROM moves;\n";

int explore_index_db_fail(const struct explore_index_db *db, const char *what)
{
    int code = db->db ? sqlite3_extended_errcode(db->db) : SQLITE_NOMEM;
    /* SQLite's message may quote a damaged file's schema: one line of
     * printable bytes, cut short, so that the diagnostic stays one line. */
    const char *msg = db->db ? sqlite3_errmsg(db->db) : sqlite3_errstr(SQLITE_NOMEM);
    char line[160];
    size_t n = 0;
    for (; msg[n] && n < sizeof line - 4; n++)
        line[n] = (unsigned char)msg[n] < 0x20 || msg[n] == 0x7f ? ' ' : msg[n];
    snprintf(line + n, sizeof line - n, "%s", msg[n] ? "..." : "");
    cli_error("%s: %s: %s", db->path, what, line);
    switch (code & 0xff) {
    case SQLITE_NOMEM:
        return CLI_OSERR;
    case SQLITE_FULL:
        return CLI_IOERR;
    case SQLITE_IOERR:
        /* a read that failed is an unreadable file; any other, a write */
        return code == SQLITE_IOERR_READ || code == SQLITE_IOERR_SHORT_READ ? CLI_NOINPUT
                                                                            : CLI_IOERR;
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_READONLY:
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return CLI_OSERR;
    default:
        /* damaged: a table, a column or a page that is not an index's */
        return CLI_NOINPUT;
    }
}

int explore_index_db_exec(const struct explore_index_db *db, const char *sql)
{
    if (sqlite3_exec(db->db, sql, NULL, NULL, NULL) == SQLITE_OK)
        return 0;
    return explore_index_db_fail(db, "cannot write the index");
}

sqlite3_stmt *explore_index_db_prepare(const struct explore_index_db *db, const char *sql,
                                       int *status)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v3(db->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, NULL) == SQLITE_OK)
        return st;
    *status = explore_index_db_fail(db, "cannot read the index");
    return NULL;
}

/* The single integer a query returns, or -1 after a message. */
static long long query_int(struct explore_index_db *db, const char *sql, int *status)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db->db, sql, -1, &st, NULL) != SQLITE_OK) {
        *status = explore_index_db_fail(db, "cannot read the index");
        return -1;
    }
    long long v = -1;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    else if (rc != SQLITE_DONE)
        *status = explore_index_db_fail(db, "cannot read the index");
    sqlite3_finalize(st);
    return v;
}

/* meta's value of name, copied into buf; false when there is none. */
static bool meta_get(struct explore_index_db *db, const char *name, char *buf, size_t size)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db->db, "SELECT value FROM meta WHERE name = ?", -1, &st, NULL) !=
        SQLITE_OK)
        return false;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    bool found = false;
    if (sqlite3_step(st) == SQLITE_ROW) {
        const unsigned char *v = sqlite3_column_text(st, 0);
        if (v) {
            snprintf(buf, size, "%s", (const char *)v);
            found = true;
        }
    }
    sqlite3_finalize(st);
    return found;
}

static void refuse(struct explore_index_db *db, const char *why)
{
    cli_error("%s: %s", db->path, why);
}

/* The marks of an index (above); 0 or the status after a message. */
static int check_marks(struct explore_index_db *db, enum explore_index_db_mode mode)
{
    int status = 0;
    long long objects = query_int(db, "SELECT count(*) FROM sqlite_schema", &status);
    if (status)
        return status;
    long long app = query_int(db, "PRAGMA application_id", &status);
    long long version = query_int(db, "PRAGMA user_version", &status);
    if (status)
        return status;
    if (objects == 0 && app == 0 && version == 0) {
        if (mode == EXPLORE_INDEX_DB_READ) {
            refuse(db, "not an index of pgn-explore (an empty database)");
            return CLI_NOINPUT;
        }
        db->created = true;
        return 0;
    }
    if (app != EXPLORE_INDEX_DB_APP_ID) {
        refuse(db, "not an index of pgn-explore (a SQLite database of another kind); "
                   "it is left as it is");
        return CLI_NOINPUT;
    }
    char buf[64];
    if (version != EXPLORE_INDEX_DB_VERSION || !meta_get(db, "version", buf, sizeof buf) ||
        atol(buf) != version) {
        char why[160];
        snprintf(why, sizeof why,
                 "an index of version %lld, and this pgn-explore reads version %d only; "
                 "build it again (it is left as it is)",
                 version, EXPLORE_INDEX_DB_VERSION);
        refuse(db, why);
        return CLI_NOINPUT;
    }
    if (!meta_get(db, "max_ply", buf, sizeof buf) || atoi(buf) <= 0) {
        refuse(db, "a damaged index: its meta table has no max_ply");
        return CLI_NOINPUT;
    }
    db->max_ply = atoi(buf);
    return 0;
}

/* The variants table: variant * 2 + chess960, named as variant_parse
 * reads them. */
static int fill_variants(struct explore_index_db *db)
{
    int status = 0;
    sqlite3_stmt *st = explore_index_db_prepare(db, "INSERT INTO variants VALUES(?, ?)", &status);
    for (int v = 0; v < VARIANT_NB && !status; v++) {
        const struct variant_rules *r = variant_rules((enum variant)v);
        for (int c960 = 0; c960 < 2 && !status; c960++) {
            char name[64];
            if (c960 && r->names960[0])
                snprintf(name, sizeof name, "%s", r->names960[0]);
            else
                snprintf(name, sizeof name, c960 ? "%s960" : "%s", r->name);
            sqlite3_bind_int(st, 1, v * 2 + c960);
            sqlite3_bind_text(st, 2, name, -1, SQLITE_TRANSIENT);
            if (sqlite3_step(st) != SQLITE_DONE)
                status = explore_index_db_fail(db, "cannot write the index");
            sqlite3_reset(st);
        }
    }
    sqlite3_finalize(st);
    return status;
}

/* The tables of a new index and its meta values (in the caller's
 * transaction). */
static int create_tables(struct explore_index_db *db)
{
    char sql[sizeof schema_sql + 512];
    snprintf(sql, sizeof sql,
             "%sINSERT INTO meta VALUES('format', 'chesskit explorer index'),"
             " ('version', '%d'), ('max_ply', '%d');\n"
             "PRAGMA application_id = %d; PRAGMA user_version = %d;\n",
             schema_sql, EXPLORE_INDEX_DB_VERSION, db->max_ply, EXPLORE_INDEX_DB_APP_ID,
             EXPLORE_INDEX_DB_VERSION);
    int status = explore_index_db_exec(db, sql);
    return status ? status : fill_variants(db);
}

int explore_index_db_prune_top(const struct explore_index_db *db, int top)
{
    char sql[768];
    snprintf(sql, sizeof sql,
             "CREATE TEMP TABLE doomed AS SELECT key_hi, key_lo, variant, speed, rating_group,"
             " month, game FROM (SELECT *, row_number() OVER (PARTITION BY key_hi, key_lo,"
             " variant, speed, rating_group, month ORDER BY rating DESC, game) AS rank"
             " FROM top_games) WHERE rank > %d;\n"
             "DELETE FROM top_games WHERE (key_hi, key_lo, variant, speed, rating_group, month,"
             " game) IN (SELECT * FROM temp.doomed);\n"
             "DROP TABLE temp.doomed;\n",
             top);
    return explore_index_db_exec(db, sql);
}

int explore_index_db_open(struct explore_index_db *db, const char *path,
                          enum explore_index_db_mode mode, int max_ply)
{
    memset(db, 0, sizeof *db);
    db->path = path;
    db->max_ply = max_ply;
    struct stat sb;
    bool exists = stat(path, &sb) == 0;
    if (!exists && (errno != ENOENT || mode == EXPLORE_INDEX_DB_READ)) {
        cli_error("cannot open %s: %s", path, strerror(errno));
        return CLI_NOINPUT;
    }
    if (exists && !S_ISREG(sb.st_mode)) {
        cli_error("%s: not an index of pgn-explore (not a regular file)", path);
        return CLI_NOINPUT;
    }
    /* A query opens the file writable when it may, only so that SQLite
     * can roll back what an interrupted build left in its journal. */
    db->existed = exists;
    /* One thread uses a connection: no mutex around each call. */
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX |
                (mode == EXPLORE_INDEX_DB_WRITE ? SQLITE_OPEN_CREATE : 0);
    int rc = sqlite3_open_v2(path, &db->db, flags, NULL);
    if (rc != SQLITE_OK && mode == EXPLORE_INDEX_DB_READ) {
        sqlite3_close(db->db);
        rc = sqlite3_open_v2(path, &db->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL);
    }
    if (rc != SQLITE_OK) {
        int status = explore_index_db_fail(db, "cannot open the index");
        explore_index_db_close(db);
        if (status == CLI_OSERR)
            status = mode == EXPLORE_INDEX_DB_READ ? CLI_NOINPUT : CLI_IOERR;
        return status;
    }
    sqlite3_extended_result_codes(db->db, 1);
    sqlite3_busy_timeout(db->db, 10000);
    /* A damaged or hostile file runs no SQL of its own (views, triggers). */
    sqlite3_db_config(db->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
    sqlite3_db_config(db->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
    /* A writer's one transaction starts before the marks are read, so
     * that no other writer comes between; the caller ends it. */
    int status = 0;
    sqlite3_stmt *st;
    rc = sqlite3_prepare_v2(db->db, "SELECT count(*) FROM sqlite_schema", -1, &st, NULL);
    sqlite3_finalize(st);
    if ((rc & 0xff) == SQLITE_NOTADB) {
        refuse(db, "not an index of pgn-explore (not an SQLite database); it is left as it is");
        status = CLI_NOINPUT;
    }
    if (!status && mode == EXPLORE_INDEX_DB_WRITE &&
        sqlite3_exec(db->db, "BEGIN IMMEDIATE", 0, 0, 0))
        status = explore_index_db_fail(db, "cannot open the index");
    if (!status)
        status = check_marks(db, mode);
    if (!status && mode == EXPLORE_INDEX_DB_WRITE && db->created)
        status = create_tables(db);
    if (status) {
        explore_index_db_close(db);
        return status;
    }
    return 0;
}

void explore_index_db_close(struct explore_index_db *db)
{
    if (db->db)
        sqlite3_close_v2(db->db);
    db->db = NULL;
}

int explore_index_db_end(struct explore_index_db *db, bool commit)
{
    int status = 0;
    if (commit && sqlite3_exec(db->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        status = explore_index_db_fail(db, "cannot write the index; it is left as it was");
    if (!commit || status)
        sqlite3_exec(db->db, "ROLLBACK", NULL, NULL, NULL);
    explore_index_db_close(db);
    /* The file this run made, left empty by the rollback, goes too. */
    struct stat sb;
    if ((!commit || status) && !db->existed && stat(db->path, &sb) == 0 && sb.st_size == 0)
        unlink(db->path);
    return status;
}
