/*
 * perft - count the move paths of FEN or EPD positions to a given depth:
 * totals, per root move (Stockfish's "go perft" layout), checks of EPD
 * perft suites, bisection of a wrong move generator against a UCI engine,
 * and the split of a deep perft into positions for many machines.
 */
#include "cli.h"

#include "fen-diag.h"
#include "fen.h"
#include "makemove.h"
#include "perft.h"
#include "uci.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum {
    DEPTH_MAX = 30,       /* far beyond what finishes; keeps counts and table depths in range */
    SPLIT_MAX = 8,        /* plies of --split (the positions are held in memory) */
    THREADS_MAX = 256,
    OPS_DEPTH_MAX = 30,   /* ;D1 ... ;D30 are looked for in EPD records */
    ENGINE_TIMEOUT_MS = 30000, /* for the engine's uciok and readyok */
};

/* Largest --hash: half the address space, more than any machine can give,
 * which keeps the byte count far from overflowing. */
#define HASH_MAX (SIZE_MAX >> 1)

static const char startpos_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct options {
    struct cli_common common;
    int depth;     /* -1 when not given */
    int max_depth; /* -1 when not given */
    int split;     /* -1 when not given */
    bool divide, json, chess960, strict, uci, inject_bug;
    enum uci_castling castling;
    int threads;
    size_t hash_bytes;
    const char *against;
    const char **fens; /* --fen and --startpos, in order */
    int nfens;
    char **files;
    int nfiles;
};

enum {
    OPT_DIVIDE = 0x100,
    OPT_MAX_DEPTH,
    OPT_FEN,
    OPT_STARTPOS,
    OPT_AGAINST,
    OPT_HASH,
    OPT_JSON,
    OPT_CHESS960,
    OPT_STRICT,
    OPT_CASTLING,
    OPT_SPLIT,
    OPT_UCI,
    OPT_INJECT_BUG,
};

static const struct argp_option tool_options[] = {
    {0, 0, 0, 0, "What to count:", 1},
    {"depth", 'd', "N", 0, "Count the paths of N plies and print \"N nodes\" per position", 1},
    {"divide", OPT_DIVIDE, 0, 0, "Print the count below each root move, as Stockfish's \"go perft\" does", 1},
    {"max-depth", OPT_MAX_DEPTH, "N", 0, "Check EPD records (;D1 20 ;D2 400 ...) to depth N at most (default: every depth they carry)", 1},
    {"fen", OPT_FEN, "FEN", 0, "Count this position instead of reading files (may be repeated)", 1},
    {"startpos", OPT_STARTPOS, 0, 0, "Count the standard starting position instead of reading files", 1},
    {"against", OPT_AGAINST, "CMD", 0, "Compare with the UCI engine CMD (run by sh; \"go perft\") and, where the counts differ, follow the first differing move down to the position where the move lists differ", 1},
    {"split", OPT_SPLIT, "K", 0, "Print the distinct positions K plies down (0 to 8) as FEN<TAB>paths, for running perft on each elsewhere (see scripts/perft-cluster)", 1},
    {0, 0, 0, 0, "How:", 2},
    {"threads", 't', "N", 0, "Worker threads (default: the number of cores)", 2},
    {"hash", OPT_HASH, "SIZE", 0, "Transposition table of SIZE bytes (K, M, G suffixes; 0, the default, for none); counts stay exact", 2},
    {"chess960", OPT_CHESS960, 0, 0, "Read KQkq castling rights as Chess960 (X-FEN) even when the position looks standard", 2},
    {"strict", OPT_STRICT, 0, 0, "Refuse positions no game can reach and records without all six fields, as fen-check --strict does (by default every position whose moves are defined is counted)", 2},
    {"castling", OPT_CASTLING, "STYLE", 0, "Write castling as auto (e1g1 in standard chess, king takes rook in Chess960; the default), king-two-squares or king-takes-rook", 2},
    {"json", OPT_JSON, 0, 0, "One JSON object per line instead of text", 2},
    /* Test aids, not shown: serve "go perft" as a UCI engine, optionally
     * one that forgets en-passant captures. */
    {"uci", OPT_UCI, 0, OPTION_HIDDEN, "Act as a UCI engine that answers go perft", 2},
    {"inject-bug", OPT_INJECT_BUG, 0, OPTION_HIDDEN, "With --uci: never generate en-passant captures", 2},
    {0},
};

static const char doc[] =
    "Count the move paths (perft) of chess positions given as FEN or EPD records."
    "\v"
    "Each FILE (standard input when none, or -) holds one FEN or EPD record per line; blank lines and "
    "lines starting with # are skipped.\n\n"
    "With --depth N each position prints \"N nodes\", after its FEN and a tab unless it is the only "
    "position of the command line. --divide prints \"e2e4: 20\" per root move (sorted), a blank line "
    "and \"Nodes searched: N\", exactly as Stockfish does, so the two can be compared line by line.\n\n"
    "Without --depth, an EPD record carrying ;D1 20 ;D2 400 ... is checked at every depth it carries "
    "(up to --max-depth): each prints ok or FAIL with the depth, the expected and the counted number, "
    "and the run ends with \"N passed, N failed\".\n\n"
    "--against CMD runs CMD as a UCI engine and compares its \"go perft\" with ours at --depth (or the "
    "deepest ;Dn of the record); where they differ it follows the first differing root move down and "
    "prints the position reached (FEN and the moves from the record's position) with the moves one "
    "side has and the other lacks.\n\n"
    "A record that is not a position gives a message perft:FILE:LINE:COL: and is skipped; positions "
    "no game can reach but whose moves are well defined (as perft suites have) are counted. On a "
    "terminal, a run longer than a second shows its progress on standard error.\n\n"
    "Examples:\n"
    "  perft --startpos -d 6\n"
    "  perft --startpos -d 3 --divide --json\n"
    "  perft --max-depth 5 --threads 2 --hash 256M standard.epd\n"
    "  perft --startpos -d 5 --against /usr/games/stockfish\n"
    "  perft --startpos --split 3 >split.tsv   # see scripts/perft-cluster\n\n"
    CLI_EXIT_STATUS_DOC;

/* A number option from min to max (cli_parse_uint: digits only); every
 * one words its error the same way, naming the range. */
static int int_option(struct argp_state *state, const char *option, const char *arg, int min,
                      int max)
{
    unsigned long value = 0;
    if (!cli_parse_uint(arg, (unsigned long)min, (unsigned long)max, &value))
        argp_error(state, "invalid --%s value '%s' (expected %d to %d)", option, arg, min, max);
    return (int)value;
}

/* Options that only make sense apart, refused with a usage error. */
static void check_combinations(const struct options *opt, struct argp_state *state)
{
    if (opt->uci) {
        if (opt->nfens || opt->nfiles || opt->depth >= 0 || opt->split >= 0 || opt->against)
            argp_error(state, "--uci reads UCI commands on standard input and takes no position, depth or mode");
        return;
    }
    if (opt->inject_bug)
        argp_error(state, "--inject-bug needs --uci");
    if (opt->nfens && opt->nfiles)
        argp_error(state, "--fen and --startpos take the place of FILE operands");
    if (opt->divide && opt->depth < 0)
        argp_error(state, "--divide needs --depth");
    if (opt->max_depth >= 0 && opt->depth >= 0)
        argp_error(state, "--max-depth applies to EPD records without --depth");
    if (opt->split >= 0 && (opt->depth >= 0 || opt->divide || opt->against || opt->max_depth >= 0))
        argp_error(state, "--split cannot be combined with --depth, --divide, --max-depth or --against");
    if (opt->against && opt->divide)
        argp_error(state, "--against cannot be combined with --divide");
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    /* --castling values, in the order of enum uci_castling */
    static const char *const castlings[] = {"auto", "king-two-squares", "king-takes-rook"};
    struct options *opt = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->common;
        break;
    case 'd':
        opt->depth = int_option(state, "depth", arg, 0, DEPTH_MAX);
        break;
    case OPT_MAX_DEPTH:
        opt->max_depth = int_option(state, "max-depth", arg, 1, DEPTH_MAX);
        break;
    case OPT_DIVIDE:
        opt->divide = true;
        break;
    case OPT_FEN:
    case OPT_STARTPOS: {
        const char **more = realloc(opt->fens, (size_t)(opt->nfens + 1) * sizeof *more);
        if (!more)
            argp_failure(state, CLI_OSERR, ENOMEM, "--fen");
        opt->fens = more;
        opt->fens[opt->nfens++] = key == OPT_FEN ? arg : startpos_fen;
        break;
    }
    case OPT_AGAINST:
        if (!*arg)
            argp_error(state, "--against needs a command");
        opt->against = arg;
        break;
    case OPT_SPLIT:
        opt->split = int_option(state, "split", arg, 0, SPLIT_MAX);
        break;
    case 't':
        opt->threads = int_option(state, "threads", arg, 1, THREADS_MAX);
        break;
    case OPT_HASH:
        if (!cli_parse_size(arg, HASH_MAX, &opt->hash_bytes))
            argp_error(state, "invalid --hash value '%s' (expected bytes with an optional K, M or G)", arg);
        break;
    case OPT_CHESS960:
        opt->chess960 = true;
        break;
    case OPT_STRICT:
        opt->strict = true;
        break;
    case OPT_CASTLING:
        opt->castling = (enum uci_castling)cli_keyword(state, "castling", arg, castlings, 3);
        break;
    case OPT_JSON:
        opt->json = true;
        break;
    case OPT_UCI:
        opt->uci = true;
        break;
    case OPT_INJECT_BUG:
        opt->inject_bug = true;
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    case ARGP_KEY_END:
        check_combinations(opt, state);
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

static const struct argp_child children[] = {{&cli_common_argp, 0, "Common options:", 0}, {0}};
static const struct argp argp = {tool_options, parse_opt, "[FILE...]", doc, children, 0, 0};

/* ---- the state of a run ---- */

/* Where a record came from, for messages: a file and line, or the n-th
 * --fen option. */
struct source {
    const char *name;
    unsigned long line;
};

struct engine;

struct run {
    const struct options *opt;
    struct perft_config cfg;
    struct perft_progress progress;
    bool show_progress;
    bool prefix_fen; /* several positions: each result after its FEN */
    unsigned long passed, failed, skipped; /* suite records and --against comparisons */
    bool checked;    /* something was checked: print the summary */
    struct engine *engine;
    int status;
};

static bool quiet(const struct run *r) { return r->opt->common.quiet; }

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A JSON string (file names may hold anything). */
static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void put_fen(const struct position *p)
{
    char fen[FEN_MAX];
    fen_format(p, fen, sizeof fen);
    fputs(fen, stdout);
}

/* ---- progress on standard error ---- */

struct progress_thread {
    struct run *run;
    int depth;
    double start;
    pthread_t tid;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stop;
};

/* Poll the counters of the running perft twice a second, after the first
 * second, and redraw one line: a short run shows nothing. */
static void *progress_main(void *arg)
{
    struct progress_thread *t = arg;
    bool drawn = false;
    pthread_mutex_lock(&t->lock);
    while (!t->stop) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 500000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&t->wake, &t->lock, &until);
        if (t->stop)
            break;
        double elapsed = now_seconds() - t->start;
        if (elapsed < 1.0)
            continue;
        struct perft_progress *pr = &t->run->progress;
        uint64_t nodes = atomic_load(&pr->nodes_done);
        unsigned done = atomic_load(&pr->items_done), total = atomic_load(&pr->items_total);
        char left[32] = "?";
        if (done > 0 && total > 0)
            snprintf(left, sizeof left, "%.0f s", elapsed * (double)(total - done) / (double)done);
        fprintf(stderr, "\rperft: depth %d: %" PRIu64 " nodes, %.1f Mnps, %s left\033[K", t->depth, nodes,
                (double)nodes / elapsed / 1e6, left);
        fflush(stderr);
        drawn = true;
    }
    pthread_mutex_unlock(&t->lock);
    if (drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    return NULL;
}

/* perft_run, watched by the progress thread when stderr is a terminal. */
static uint64_t run_perft(struct run *r, const struct position *p, int depth, struct perft_divide *d)
{
    struct progress_thread t = {.run = r, .depth = depth, .start = now_seconds()};
    bool watched = false;
    atomic_store(&r->progress.nodes_done, 0);
    atomic_store(&r->progress.items_done, 0);
    atomic_store(&r->progress.items_total, 0);
    if (r->show_progress) {
        pthread_mutex_init(&t.lock, NULL);
        pthread_cond_init(&t.wake, NULL);
        watched = pthread_create(&t.tid, NULL, progress_main, &t) == 0;
    }
    uint64_t n = perft_run(p, depth, &r->cfg, d);
    if (watched) {
        pthread_mutex_lock(&t.lock);
        t.stop = true;
        pthread_cond_signal(&t.wake);
        pthread_mutex_unlock(&t.lock);
        pthread_join(t.tid, NULL);
    }
    if (r->show_progress) {
        pthread_mutex_destroy(&t.lock);
        pthread_cond_destroy(&t.wake);
    }
    return n;
}

/* ---- counting and dividing ---- */

struct divide_line {
    char text[UCI_MOVE_MAX];
    uint64_t nodes;
    move m;
};

static int divide_line_cmp(const void *a, const void *b)
{
    return strcmp(((const struct divide_line *)a)->text, ((const struct divide_line *)b)->text);
}

/* The divide as text lines sorted by move: both Stockfish's output and
 * ours then sort the same way. */
static int divide_lines(const struct position *p, const struct perft_divide *d, enum uci_castling style,
                        struct divide_line *out)
{
    for (int i = 0; i < d->count; i++) {
        uci_format(p, d->moves[i], style, out[i].text);
        out[i].nodes = d->nodes[i];
        out[i].m = d->moves[i];
    }
    qsort(out, (size_t)d->count, sizeof *out, divide_line_cmp);
    return d->count;
}

/* -d N, with or without --divide. */
static void count_position(struct run *r, const struct position *p)
{
    const struct options *opt = r->opt;
    struct perft_divide d;
    double start = now_seconds();
    uint64_t n = run_perft(r, p, opt->depth, &d);
    double secs = now_seconds() - start;
    if (quiet(r))
        return;
    struct divide_line lines[MOVELIST_MAX];
    int nl = opt->divide ? divide_lines(p, &d, opt->castling, lines) : 0;
    if (opt->json) {
        fputs("{\"fen\":\"", stdout);
        put_fen(p);
        printf("\",\"depth\":%d,\"nodes\":%" PRIu64 ",\"seconds\":%.6f,\"nps\":%.0f", opt->depth, n, secs,
               secs > 0 ? (double)n / secs : 0.0);
        if (opt->divide) {
            fputs(",\"moves\":{", stdout);
            for (int i = 0; i < nl; i++)
                printf("%s\"%s\":%" PRIu64, i ? "," : "", lines[i].text, lines[i].nodes);
            putchar('}');
        }
        fputs("}\n", stdout);
    } else if (opt->divide) {
        if (r->prefix_fen) {
            put_fen(p);
            putchar('\n');
        }
        for (int i = 0; i < nl; i++)
            printf("%s: %" PRIu64 "\n", lines[i].text, lines[i].nodes);
        printf("\nNodes searched: %" PRIu64 "\n\n", n);
    } else {
        if (r->prefix_fen) {
            put_fen(p);
            putchar('\t');
        }
        printf("%" PRIu64 " nodes\n", n);
    }
    fflush(stdout);
}

/* ---- EPD suites ---- */

/* The count an EPD record expects at depth d (its ;Dd operation): 0 when
 * absent, -1 (reported) when malformed. */
static int expected_count(const struct fen_record *rec, int d, const struct source *src, bool report,
                          uint64_t *out)
{
    char op[16];
    const char *arg;
    size_t len;
    snprintf(op, sizeof op, "D%d", d);
    if (!rec->ops || !fen_epd_find(rec->ops, rec->ops_len, op, &arg, &len))
        return 0;
    char buf[24];
    bool ok = len > 0 && len < sizeof buf;
    for (size_t i = 0; ok && i < len; i++)
        ok = arg[i] >= '0' && arg[i] <= '9';
    if (ok) {
        memcpy(buf, arg, len);
        buf[len] = '\0';
        errno = 0;
        *out = strtoull(buf, NULL, 10);
        ok = errno == 0;
    }
    if (!ok) {
        if (report)
            cli_diag(src->name, src->line, rec->ops_col + (unsigned long)(arg - rec->ops), "invalid ;%s count '%.*s'",
                     op, (int)len, arg);
        return -1;
    }
    return 1;
}

/* The deepest ;Dn of a record, up to --max-depth: 0 when none, -1 when one
 * is malformed (reported), -2 when all are deeper than --max-depth. */
static int record_depth(const struct run *r, const struct fen_record *rec, const struct source *src)
{
    int deepest = 0, beyond = 0;
    int limit = r->opt->max_depth >= 0 ? r->opt->max_depth : OPS_DEPTH_MAX;
    for (int d = 1; d <= OPS_DEPTH_MAX; d++) {
        uint64_t want;
        int k = expected_count(rec, d, src, !quiet(r), &want);
        if (k < 0)
            return -1;
        if (k > 0 && d <= limit)
            deepest = d;
        else if (k > 0)
            beyond = d;
    }
    return deepest == 0 && beyond ? -2 : deepest;
}

/* Count a checked record (a suite record or an --against comparison) for
 * the summary; a failure makes the exit status 1. */
static void count_result(struct run *r, bool ok)
{
    r->checked = true;
    if (ok) {
        r->passed++;
    } else {
        r->failed++;
        r->status = cli_status_merge(r->status, CLI_INVALID);
    }
}

/* The start of the JSON object of a checked record: where it comes from and
 * its position, the value of "fen" left open for the caller to close. */
static void json_record_head(const struct position *p, const struct source *src)
{
    fputs("{\"file\":", stdout);
    json_str(src->name);
    printf(",\"line\":%lu,\"fen\":\"", src->line);
    put_fen(p);
}

/* Print one checked record (ok or FAIL) and count it for the summary. */
static void suite_result(struct run *r, const struct position *p, const struct source *src, bool ok, int depth,
                         uint64_t want, uint64_t got)
{
    count_result(r, ok);
    if (quiet(r))
        return;
    if (r->opt->json) {
        json_record_head(p, src);
        printf("\",\"ok\":%s,\"depth\":%d,\"expected\":%" PRIu64 ",\"got\":%" PRIu64 "}\n", ok ? "true" : "false",
               depth, want, got);
    } else {
        bool on = r->opt->common.paint_out;
        printf("%s%s%s%s %s:%lu depth %d expected %" PRIu64 " got %" PRIu64 "\n",
               cli_paint(on, ok ? CLI_PAINT_OK : CLI_PAINT_ERROR), ok ? "ok" : "FAIL",
               cli_paint(on, CLI_PAINT_RESET), ok ? "  " : "", src->name, src->line, depth, want, got);
    }
    fflush(stdout);
}

/* A record whose every ;Dn is deeper than --max-depth: nothing to check,
 * and nothing wrong either. */
static void suite_skip(struct run *r, const struct position *p, const struct source *src)
{
    r->checked = true;
    r->skipped++;
    if (quiet(r))
        return;
    if (r->opt->json) {
        json_record_head(p, src);
        printf("\",\"skipped\":true}\n");
    } else {
        printf("skip %s:%lu no ;Dn up to depth %d\n", src->name, src->line, r->opt->max_depth);
    }
    fflush(stdout);
}

/* Check every ;Dn up to the deepest (or --max-depth); the first wrong
 * depth ends the record. */
static void check_record(struct run *r, const struct position *p, const struct fen_record *rec,
                         const struct source *src, int deepest)
{
    uint64_t want = 0, got = 0;
    int depth = 0;
    for (int d = 1; d <= deepest; d++) {
        if (expected_count(rec, d, src, false, &want) <= 0)
            continue;
        depth = d;
        got = run_perft(r, p, d, NULL);
        if (got != want) {
            suite_result(r, p, src, false, d, want, got);
            return;
        }
    }
    suite_result(r, p, src, true, depth, want, got);
}

/* ---- --split ---- */

/* One line of --split: the position and how many move paths reach it. */
static void split_visit(const struct position *p, uint64_t paths, void *ctx)
{
    const struct run *r = ctx;
    if (quiet(r))
        return;
    if (r->opt->json) {
        fputs("{\"fen\":\"", stdout);
        put_fen(p);
        printf("\",\"paths\":%" PRIu64 "}\n", paths);
    } else {
        put_fen(p);
        printf("\t%" PRIu64 "\n", paths);
    }
}

static void split_position(struct run *r, const struct position *p)
{
    if (!perft_split(p, r->opt->split, split_visit, r)) {
        cli_error("--split %d: out of memory", r->opt->split);
        r->status = cli_status_merge(r->status, CLI_OSERR);
    }
    fflush(stdout);
}

/* ---- a UCI engine for --against ---- */

struct engine {
    pid_t pid;
    int to, from; /* pipe ends: its standard input, its standard output */
    char buf[1 << 16];
    size_t start, len; /* unread bytes: buf[start .. start+len) */
    char line[4096];
    char name[128];
    int chess960; /* what UCI_Chess960 was last set to: -1 unknown */
    bool dead;
};

/* Run cmd by sh with both pipes, as the user would type it. */
static bool engine_start(struct engine *e, const char *cmd)
{
    int in[2], out[2];
    if (pipe(in) != 0)
        return false;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return false;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        return false;
    }
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    *e = (struct engine){.pid = pid, .to = in[1], .from = out[0], .chess960 = -1};
    snprintf(e->name, sizeof e->name, "%s", cmd);
    return true;
}

/* Write all of text to the engine; a broken pipe marks it dead (SIGPIPE is
 * ignored) instead of killing us. */
static bool engine_send(struct engine *e, const char *text)
{
    size_t len = strlen(text);
    while (len > 0 && !e->dead) {
        ssize_t n = write(e->to, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            e->dead = true;
            break;
        }
        text += n;
        len -= (size_t)n;
    }
    return !e->dead;
}

/* The next line from the engine into e->line (cut at its size), waiting at
 * most timeout_ms (-1: forever); false at end of file or timeout. */
static bool engine_line(struct engine *e, int timeout_ms)
{
    size_t n = 0;
    for (;;) {
        while (e->len > 0) {
            char c = e->buf[e->start++];
            e->len--;
            if (c == '\n') {
                if (n > 0 && e->line[n - 1] == '\r')
                    n--;
                e->line[n] = '\0';
                return true;
            }
            if (n + 1 < sizeof e->line)
                e->line[n++] = c;
        }
        if (e->dead)
            return false;
        struct pollfd pfd = {.fd = e->from, .events = POLLIN};
        int k = poll(&pfd, 1, timeout_ms);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0) {
            e->dead = true;
            return false;
        }
        ssize_t got = read(e->from, e->buf, sizeof e->buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            e->dead = true;
            return false;
        }
        e->start = 0;
        e->len = (size_t)got;
    }
}

/* Read lines until one equals token; remembers "id name". */
static bool engine_expect(struct engine *e, const char *token)
{
    while (engine_line(e, ENGINE_TIMEOUT_MS)) {
        if (strncmp(e->line, "id name ", 8) == 0)
            snprintf(e->name, sizeof e->name, "%s", e->line + 8);
        if (strcmp(e->line, token) == 0)
            return true;
    }
    return false;
}

/* Ask politely, then firmly: the engine is our own child. */
static void engine_stop(struct engine *e)
{
    engine_send(e, "quit\n");
    close(e->to);
    close(e->from);
    for (int i = 0; i < 100; i++) {
        if (waitpid(e->pid, NULL, WNOHANG) == e->pid)
            return;
        struct timespec ts = {0, 20000000L};
        nanosleep(&ts, NULL);
    }
    kill(e->pid, SIGKILL);
    waitpid(e->pid, NULL, 0);
}

static bool engine_init(struct engine *e)
{
    return engine_send(e, "uci\n") && engine_expect(e, "uciok");
}

struct theirs {
    int count;
    struct {
        char text[16];
        uint64_t nodes;
        bool matched;
    } moves[2 * MOVELIST_MAX];
    uint64_t total;
    bool have_total;
};

/* "position fen ... moves ..." and "go perft N"; collects "move: count"
 * lines until "Nodes searched: N". */
static bool engine_divide(struct engine *e, const char *fen, const char *path, bool chess960, int depth,
                          struct theirs *t)
{
    char cmd[FEN_MAX + 64];
    if (e->chess960 != (int)chess960) {
        snprintf(cmd, sizeof cmd, "setoption name UCI_Chess960 value %s\n", chess960 ? "true" : "false");
        if (!engine_send(e, cmd))
            return false;
        e->chess960 = chess960;
    }
    if (!engine_send(e, "isready\n") || !engine_expect(e, "readyok"))
        return false;
    snprintf(cmd, sizeof cmd, "position fen %s", fen);
    if (!engine_send(e, cmd) || (*path && (!engine_send(e, " moves ") || !engine_send(e, path))) ||
        !engine_send(e, "\n"))
        return false;
    snprintf(cmd, sizeof cmd, "go perft %d\n", depth);
    if (!engine_send(e, cmd))
        return false;
    t->count = 0;
    t->have_total = false;
    while (engine_line(e, -1)) {
        const char *l = e->line;
        if (strncmp(l, "Nodes searched:", 15) == 0) {
            t->total = strtoull(l + 15, NULL, 10);
            t->have_total = true;
            return true;
        }
        const char *colon = strchr(l, ':');
        size_t mlen = colon ? (size_t)(colon - l) : 0;
        if (!colon || mlen < 4 || mlen > 5 || colon[1] != ' ' || colon[2] < '0' || colon[2] > '9')
            continue;
        if (t->count == 2 * MOVELIST_MAX)
            continue;
        memcpy(t->moves[t->count].text, l, mlen);
        t->moves[t->count].text[mlen] = '\0';
        t->moves[t->count].nodes = strtoull(colon + 2, NULL, 10);
        t->moves[t->count].matched = false;
        t->count++;
    }
    return false;
}

/* What a comparison found. */
struct verdict {
    bool agree;
    uint64_t ours, theirs; /* totals at the record's position */
    struct position at;    /* where the move lists differ */
    char path[2048];       /* the moves from the record's position (display style) */
    char engine_path[2048];
    char only_ours[2048], only_theirs[2048];
};

static void append_word(char *buf, size_t size, const char *word)
{
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "%s%s", n ? " " : "", word);
}

/* Compare divides at the position reached by the path; either report the
 * moves one side lacks or descend into the first move whose counts differ.
 * Returns false when the engine failed. */
static bool bisect(struct run *r, const struct position *root, int depth, struct verdict *v)
{
    struct engine *e = r->engine;
    char root_fen[FEN_MAX];
    fen_format(root, root_fen, sizeof root_fen);
    struct position p = *root;
    struct perft_divide d;
    struct theirs *t = malloc(sizeof *t);
    if (!t)
        return false;
    memset(v, 0, sizeof *v);
    for (int level = 0;; level++) {
        uint64_t ours = run_perft(r, &p, depth, &d);
        if (!engine_divide(e, root_fen, v->engine_path, root->chess960, depth, t)) {
            free(t);
            return false;
        }
        if (level == 0) {
            v->ours = ours;
            v->theirs = t->have_total ? t->total : 0;
        }
        /* Match their moves to ours (either castling form is understood). */
        int diff_at = -1;
        bool lists_differ = false;
        bool matched[MOVELIST_MAX] = {false};
        for (int k = 0; k < t->count; k++) {
            move m = uci_parse(&p, t->moves[k].text, strlen(t->moves[k].text));
            int i = 0;
            while (m != MOVE_NONE && i < d.count && (d.moves[i] != m || matched[i]))
                i++;
            if (m == MOVE_NONE || i == d.count) {
                append_word(v->only_theirs, sizeof v->only_theirs, t->moves[k].text);
                lists_differ = true;
                continue;
            }
            matched[i] = true;
            if (d.nodes[i] != t->moves[k].nodes && (diff_at < 0 || strcmp(t->moves[k].text, t->moves[diff_at].text) < 0))
                diff_at = k;
        }
        struct divide_line lines[MOVELIST_MAX];
        int nl = divide_lines(&p, &d, r->opt->castling, lines);
        for (int i = 0; i < nl; i++) {
            int j = 0;
            while (d.moves[j] != lines[i].m)
                j++;
            if (!matched[j]) {
                append_word(v->only_ours, sizeof v->only_ours, lines[i].text);
                lists_differ = true;
            }
        }
        if (lists_differ || diff_at < 0 || depth == 1) {
            v->at = p;
            v->agree = !lists_differ && diff_at < 0 && (!t->have_total || t->total == ours);
            free(t);
            return true;
        }
        /* Down the first differing move (in text order). */
        move m = uci_parse(&p, t->moves[diff_at].text, strlen(t->moves[diff_at].text));
        char text[UCI_MOVE_MAX];
        uci_format(&p, m, r->opt->castling, text);
        append_word(v->path, sizeof v->path, text);
        uci_format(&p, m, UCI_CASTLING_AUTO, text);
        append_word(v->engine_path, sizeof v->engine_path, text);
        makemove_play(&p, m);
        depth--;
    }
}

/* --against for one record: bisect at --depth (or the record's deepest
 * ;Dn) and print ok, or FAIL with where the move lists part. */
static void against_position(struct run *r, const struct position *p, const struct fen_record *rec,
                             const struct source *src)
{
    int depth = r->opt->depth;
    if (depth < 0) {
        depth = record_depth(r, rec, src);
        if (depth == -2) {
            suite_skip(r, p, src);
            return;
        }
        if (depth <= 0) {
            if (depth == 0 && !quiet(r))
                cli_diag(src->name, src->line, 0, "no depth to compare at: give --depth or ;Dn operations");
            r->status = cli_status_merge(r->status, CLI_INVALID);
            return;
        }
    }
    struct verdict *v = malloc(sizeof *v);
    if (!v) {
        r->status = cli_status_merge(r->status, cli_nomem());
        return;
    }
    if (r->engine->dead || !bisect(r, p, depth, v)) {
        if (!quiet(r))
            cli_error("--against: the engine '%s' stopped answering", r->opt->against);
        r->status = cli_status_merge(r->status, CLI_UNAVAILABLE);
        free(v);
        return;
    }
    count_result(r, v->agree);
    if (quiet(r)) {
        free(v);
        return;
    }
    char at[FEN_MAX];
    fen_format(&v->at, at, sizeof at);
    if (r->opt->json) {
        json_record_head(p, src);
        printf("\",\"depth\":%d,\"nodes\":%" PRIu64 ",\"engine\":", depth, v->ours);
        json_str(r->engine->name);
        printf(",\"engine_nodes\":%" PRIu64 ",\"agree\":%s", v->theirs, v->agree ? "true" : "false");
        if (!v->agree) {
            printf(",\"position\":\"%s\",\"path\":", at);
            json_str(v->path);
            fputs(",\"only_perft\":", stdout);
            json_str(v->only_ours);
            fputs(",\"only_engine\":", stdout);
            json_str(v->only_theirs);
        }
        fputs("}\n", stdout);
    } else if (v->agree) {
        printf("%sok%s   %s:%lu depth %d: %" PRIu64 " nodes, %s agrees\n",
               cli_paint(r->opt->common.paint_out, CLI_PAINT_OK),
               cli_paint(r->opt->common.paint_out, CLI_PAINT_RESET), src->name, src->line, depth,
               v->ours, r->engine->name);
    } else {
        printf("%sFAIL%s %s:%lu depth %d: perft %" PRIu64 ", %s %" PRIu64 "\n",
               cli_paint(r->opt->common.paint_out, CLI_PAINT_ERROR),
               cli_paint(r->opt->common.paint_out, CLI_PAINT_RESET), src->name, src->line, depth,
               v->ours, r->engine->name, v->theirs);
        printf("  position: %s\n", at);
        printf("  moves:    %s\n", *v->path ? v->path : "(none: the record's position)");
        printf("  only perft:  %s\n", *v->only_ours ? v->only_ours : "(none)");
        printf("  only engine: %s\n", *v->only_theirs ? v->only_theirs : "(none)");
    }
    fflush(stdout);
    free(v);
}

/* ---- records ---- */

/* One record: read it (every problem reported at its column), then count,
 * divide, check, split or compare as asked. */
static void process_record(struct run *r, const struct source *src, const char *s, size_t len)
{
    const struct options *opt = r->opt;
    /* Perft suites hold positions no game reaches but whose moves are well
     * defined (the standard suite's line 51: an impossible double check);
     * they are counted without a word unless --strict (formats/fen.md,
     * "Which tools accept what"). */
    struct fen_options fo = {
        .strict = opt->strict, .chess960 = opt->chess960, .playable = !opt->strict};
    struct fen_record rec;
    struct fen_report rep = {0};
    if (!fen_read(s, len, &fo, &rec, &rep)) {
        if (!quiet(r))
            cli_fen_problems(src->name, src->line, &rep);
        r->status = cli_status_merge(r->status, CLI_INVALID);
        return;
    }
    const struct position *p = &rec.pos;
    if (opt->split >= 0) {
        split_position(r, p);
    } else if (opt->against) {
        against_position(r, p, &rec, src);
    } else if (opt->depth >= 0) {
        count_position(r, p);
    } else {
        int deepest = record_depth(r, &rec, src);
        if (deepest == -2) {
            suite_skip(r, p, src);
            return;
        }
        if (deepest == 0 && !quiet(r))
            cli_diag(src->name, src->line, 0, "nothing to count: give --depth or ;Dn operations");
        if (deepest <= 0) {
            r->status = cli_status_merge(r->status, CLI_INVALID);
            return;
        }
        check_record(r, p, &rec, src, deepest);
    }
}

/* One line of a file: process_record reports into r->status itself. */
static int file_record(void *ctx, const struct cli_input *in, const char *s, size_t len)
{
    struct source src = {in->name, in->line_no};
    process_record(ctx, &src, s, len);
    return CLI_OK;
}

/* Every record of one operand (NULL: standard input); blank lines and '#'
 * comments are skipped. */
static void process_file(struct run *r, const char *path)
{
    const struct cli_records how = {
        .max_line = r->opt->common.max_line, .quiet = quiet(r), .comments = true};
    r->status = cli_status_merge(r->status, cli_each_record(path, &how, file_record, r));
}

/* ---- --uci: a minimal engine that answers "go perft" ---- */

/* The project's own perft with a bug put in on purpose, for testing
 * --against: en-passant captures are never generated. */
static uint64_t buggy_perft(const struct position *p, int depth)
{
    if (depth == 0)
        return 1;
    struct movelist l;
    movegen_legal(p, &l);
    uint64_t n = 0;
    for (int i = 0; i < l.count; i++) {
        if (move_kind(l.moves[i]) == MOVE_EN_PASSANT)
            continue;
        struct position c = *p;
        makemove_play(&c, l.moves[i]);
        n += buggy_perft(&c, depth - 1);
    }
    return n;
}

/* "position startpos|fen FEN [moves M...]": false (position unchanged)
 * when the FEN or a move is not valid. */
static bool uci_position(const char *args, bool chess960, struct position *out)
{
    const char *moves = strstr(args, " moves");
    size_t head = moves ? (size_t)(moves - args) : strlen(args);
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options fo = {.chess960 = chess960};
    if (head >= 8 && strncmp(args, "startpos", 8) == 0) {
        if (!fen_read(startpos_fen, strlen(startpos_fen), &fo, &rec, &rep))
            return false;
    } else if (head > 4 && strncmp(args, "fen ", 4) == 0) {
        if (!fen_read(args + 4, head - 4, &fo, &rec, &rep))
            return false;
    } else {
        return false;
    }
    struct position p = rec.pos;
    const char *m = moves ? moves + 6 : "";
    while (*m) {
        while (*m == ' ')
            m++;
        size_t n = strcspn(m, " ");
        if (n == 0)
            break;
        move mv = uci_parse(&p, m, n);
        if (mv == MOVE_NONE)
            return false;
        makemove_play(&p, mv);
        m += n;
    }
    *out = p;
    return true;
}

/* "go perft N": the divide in Stockfish's layout, by the library or, with
 * --inject-bug, by the broken walk above. */
static void uci_go_perft(struct run *r, const struct position *p, int depth, bool chess960)
{
    struct perft_divide d;
    uint64_t total;
    if (r->opt->inject_bug) {
        struct movelist l;
        movegen_legal(p, &l);
        d.count = 0;
        total = depth == 0 ? 1 : 0;
        for (int i = 0; i < l.count && depth > 0; i++) {
            if (move_kind(l.moves[i]) == MOVE_EN_PASSANT)
                continue;
            struct position c = *p;
            makemove_play(&c, l.moves[i]);
            d.moves[d.count] = l.moves[i];
            d.nodes[d.count] = buggy_perft(&c, depth - 1);
            total += d.nodes[d.count++];
        }
    } else {
        total = perft_run(p, depth, &r->cfg, &d);
    }
    struct divide_line lines[MOVELIST_MAX];
    enum uci_castling style = chess960 ? UCI_CASTLING_KING_ROOK : UCI_CASTLING_AUTO;
    int nl = divide_lines(p, &d, style, lines);
    for (int i = 0; i < nl; i++)
        printf("%s: %" PRIu64 "\n", lines[i].text, lines[i].nodes);
    printf("\nNodes searched: %" PRIu64 "\n\n", total);
}

/* --uci: answer the few commands --against sends (and Stockfish's users
 * type), one line at a time, until "quit" or the end of input. */
static void serve_uci(struct run *r)
{
    struct cli_input in;
    const char *s;
    size_t len;
    struct position p;
    bool chess960 = false;
    position_start(&p);
    if (!cli_input_open(&in, NULL))
        return;
    while (cli_input_line(&in, &s, &len) >= 0 && !cli_stdout_failed()) {
        unsigned long depth;
        if (strcmp(s, "quit") == 0)
            break;
        else if (strcmp(s, "uci") == 0)
            fputs("id name chesskit perft\nid author chesskit\n"
                  "option name UCI_Chess960 type check default false\nuciok\n",
                  stdout);
        else if (strcmp(s, "isready") == 0)
            fputs("readyok\n", stdout);
        else if (strcmp(s, "setoption name UCI_Chess960 value true") == 0)
            chess960 = true;
        else if (strcmp(s, "setoption name UCI_Chess960 value false") == 0)
            chess960 = false;
        else if (strncmp(s, "position ", 9) == 0) {
            if (!uci_position(s + 9, chess960, &p))
                fputs("info string invalid position command\n", stdout);
        } else if (strncmp(s, "go perft ", 9) == 0 && cli_parse_uint(s + 9, 0, DEPTH_MAX, &depth))
            uci_go_perft(r, &p, (int)depth, chess960 || p.chess960);
        fflush(stdout);
    }
    cli_input_close(&in);
}

/* ---- main ---- */

/* The table, the engine and the progress line, set up before the first
 * record; false (reported) when one of them cannot be had. */
/* Threads, progress, the hash table and the engine, before any record;
 * returns CLI_OK, or the exit status of what could not be had. */
static int run_setup(struct run *r, struct perft_table **table, struct engine *engine)
{
    const struct options *opt = r->opt;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    r->cfg.threads = opt->threads ? opt->threads : (cores > 0 ? (int)(cores < THREADS_MAX ? cores : THREADS_MAX) : 1);
    r->cfg.progress = &r->progress;
    r->show_progress = !opt->common.quiet && !opt->uci && isatty(STDERR_FILENO) == 1;
    r->prefix_fen = !(opt->nfens == 1 && opt->nfiles == 0);
    if (opt->hash_bytes) {
        *table = perft_table_new(opt->hash_bytes);
        if (!*table) {
            cli_error("--hash: cannot allocate %zu bytes", opt->hash_bytes);
            return CLI_OSERR;
        }
        r->cfg.table = *table;
    }
    if (opt->against) {
        signal(SIGPIPE, SIG_IGN); /* a dead engine is noticed by write() */
        if (!engine_start(engine, opt->against) || !engine_init(engine)) {
            cli_error("--against: cannot run '%s' as a UCI engine", opt->against);
            if (engine->pid > 0)
                engine_stop(engine);
            return CLI_UNAVAILABLE;
        }
        r->engine = engine;
    }
    return CLI_OK;
}

/* "N passed, N failed" after suites and --against, as TAP summaries read. */
static void print_summary(const struct run *r)
{
    if (!r->checked || quiet(r))
        return;
    if (r->opt->json)
        printf("{\"passed\":%lu,\"failed\":%lu,\"skipped\":%lu}\n", r->passed, r->failed, r->skipped);
    else if (r->skipped)
        printf("%lu passed, %lu failed, %lu skipped\n", r->passed, r->failed, r->skipped);
    else
        printf("%lu passed, %lu failed\n", r->passed, r->failed);
}

int main(int argc, char **argv)
{
    char outbuf[1 << 16];
    struct options opt = {.depth = -1, .max_depth = -1, .split = -1};
    struct run r = {.opt = &opt, .status = CLI_OK};
    struct perft_table *table = NULL;
    struct engine engine = {.pid = -1};
    cli_init(argc, argv);
    argp_parse(&argp, argc, argv, 0, NULL, &opt);
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    int setup = run_setup(&r, &table, &engine);
    if (setup != CLI_OK) {
        perft_table_free(table);
        free(opt.fens);
        return cli_finish(setup);
    }
    if (opt.uci)
        serve_uci(&r);
    for (int i = 0; i < opt.nfens && !cli_stdout_failed(); i++) {
        struct source src = {"--fen", (unsigned long)i + 1};
        process_record(&r, &src, opt.fens[i], strlen(opt.fens[i]));
    }
    if (!opt.uci && opt.nfens == 0 && opt.nfiles == 0)
        process_file(&r, NULL);
    for (int i = 0; i < opt.nfiles && !cli_stdout_failed(); i++)
        process_file(&r, opt.files[i]);
    print_summary(&r);
    if (r.engine)
        engine_stop(r.engine);
    perft_table_free(table);
    free(opt.fens);
    return cli_finish(r.status);
}
