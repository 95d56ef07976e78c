/*
 * explore_index.c - pgn-explore's saved index (explore_index.h): the
 * options, and the three runs over the modules below it: --build (the
 * game loop's games handed to explore_index_build, on one thread, in
 * input order), --merge, and the queries.
 *
 * A build commits only when every file was read: a file that cannot be
 * opened, no memory, a failed write or a signal leaves the index as it
 * was, so that the same command can simply be run again (adding the
 * same games twice would count them twice).  Games that do not replay
 * are reported and skipped, as in every tool, and the rest committed.
 */
#include "explore_index.h"

#include "explore_index_build.h"
#include "explore_index_db.h"
#include "explore_index_merge.h"
#include "explore_index_query.h"
#include "explore_loop.h"
#include "explore_options.h"

#include "explore/explore_answer.h"
#include "policy/select.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_INDEX = 0x500, OPT_BUILD, OPT_MERGE, OPT_MEMORY, OPT_RATINGS, OPT_SINCE, OPT_UNTIL };

static const struct argp_option options[] = {
    {"index", OPT_INDEX, "DB", 0,
     "The saved index (an SQLite database, formats/explorer.md): answer from it, or with "
     "--build or --merge make it",
     0},
    {"build", OPT_BUILD, 0, 0,
     "Add the games of the FILEs to the index of --index (made when it is not there); "
     "nothing is added unless every FILE was read",
     0},
    {"merge", OPT_MERGE, 0, 0,
     "The FILEs are indexes: add them into the index of --index (made when it is not there)", 0},
    {"memory", OPT_MEMORY, "SIZE", 0,
     "While building, hold at most about SIZE bytes (default 1G; suffixes K, M, G, T; at "
     "least 1M): the counts gathered are written out whenever they fill it",
     0},
    {"ratings", OPT_RATINGS, "LIST", 0,
     "With --index: only games whose players' mean rating is in one of lichess's groups, "
     "named by their lower bound: 0 (below 1000), 1000, 1200, 1400, 1600, 1800, 2000, 2200, "
     "2500 (and above); a comma-separated list. A game without both ratings is in none",
     0},
    {"since", OPT_SINCE, "YYYY-MM", 0,
     "With --index: only games played in that month or later (UTCDate, else Date; YYYY: "
     "its first month); a game without a year is left out",
     0},
    {"until", OPT_UNTIL, "YYYY-MM", 0,
     "With --index: only games played in that month or earlier (YYYY: its last month)", 0},
    {0},
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct explore_index_options *o = state->input;
    char err[160];
    size_t memory;
    switch (key) {
    case ARGP_KEY_INIT:
        o->memory = EXPLORE_INDEX_MEMORY_DEFAULT;
        break;
    case OPT_INDEX:
        o->db = arg;
        break;
    case OPT_BUILD:
        o->build = true;
        break;
    case OPT_MERGE:
        o->merge = true;
        break;
    case OPT_MEMORY:
        if (!explore_index_build_parse_memory(arg, &memory))
            argp_error(state,
                       "invalid --memory value '%s' (expected a size such as 512M or 2G, "
                       "at least 1M)",
                       arg);
        o->memory = memory;
        o->memory_given = true;
        break;
    case OPT_RATINGS:
        if (!explore_index_query_parse_ratings(arg, &o->ratings, err, sizeof err))
            argp_error(state, "--ratings: %s", err);
        break;
    case OPT_SINCE:
    case OPT_UNTIL:
        if (!explore_index_query_parse_month(arg, key == OPT_UNTIL,
                                             key == OPT_SINCE ? &o->since : &o->until))
            argp_error(state, "invalid --%s value '%s' (expected YYYY-MM or YYYY)",
                       key == OPT_SINCE ? "since" : "until", arg);
        break;
    case ARGP_KEY_END:
        if ((o->build || o->merge) && !o->db)
            argp_error(state, "--%s needs --index DB", o->build ? "build" : "merge");
        if (o->build && o->merge)
            argp_error(state, "--build and --merge cannot be combined");
        if (o->merge && (o->ratings || o->since || o->until))
            argp_error(state, "--merge adds whole indexes: --ratings, --since and --until "
                              "filter queries and builds");
        if (o->since && o->until && o->since > o->until)
            argp_error(state, "--since is after --until");
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

const struct argp explore_index_argp = {options, parse_opt, NULL, NULL, NULL, NULL, NULL};

bool explore_index_keeps(const struct explore_index_options *o, const struct explore_meta *m)
{
    if (o->ratings) {
        int g = explore_index_db_rating_group(m->white_elo ? (int)m->white_elo : -1,
                                              m->black_elo ? (int)m->black_elo : -1);
        bool in = false;
        for (int i = 0; i < EXPLORE_INDEX_DB_RATING_GROUPS; i++)
            if ((o->ratings & (1u << i)) && explore_index_db_rating_groups[i] == g)
                in = true;
        if (!in)
            return false;
    }
    int month = m->year ? (int)(m->year * 100 + m->month) : 0;
    if ((o->since || o->until) && month == 0)
        return false;
    return (!o->since || month >= o->since) && (!o->until || month <= o->until);
}

/* The build as the loop's consumer: one state, the build itself. */
struct build_run {
    struct explore_index_build *b;
    const struct explore_index_options *o;
    int status; /* the first failure: the games after it are let go */
};

static void *build_state(void *arg)
{
    return arg;
}

static unsigned long *build_game(void *state, const struct explore_walk *w)
{
    struct build_run *r = state;
    unsigned long *number = NULL;
    if (r->status || !explore_index_keeps(r->o, &w->meta))
        return NULL;
    r->status = explore_index_build_add(r->b, w, &number);
    return number;
}

static void build_finish(void *arg, void *state)
{
    (void)arg;
    (void)state;
}

static int build(const struct explore_options *opt)
{
    int status = 0;
    struct explore_index_build *b = explore_index_build_open(opt->index.db, (int)opt->max_ply,
                                                             (size_t)opt->index.memory, &status);
    if (!b)
        return status;
    /* One thread: the index takes the games in input order (their ids
     * are their places), and its writes are one connection's. */
    struct explore_options one = *opt;
    one.jobs = 1;
    struct build_run run = {.b = b, .o = &opt->index};
    struct explore_consumer c = {
        .arg = &run, .state_new = build_state, .game = build_game, .finish = build_finish};
    /* The evaluations are kept (the index answers --json as the archive
     * does, averageEval included): the comments are read. */
    struct explore_loop_config cfg = {.opt = &one, .max_ply = opt->max_ply, .comments = true};
    struct explore_loop_counts counts;
    status = explore_loop_run(&cfg, &c, &counts);
    status = cli_status_merge(status, run.status);
    bool commit = status == CLI_OK || status == CLI_INVALID;
    if (!commit)
        cli_error("%s: nothing was added: the index is left as it was", opt->index.db);
    int end = explore_index_build_end(b, commit);
    if (opt->stats)
        explore_loop_stats(opt, &counts);
    return cli_status_merge(status, end);
}

int explore_index_run(const struct explore_options *opt)
{
    /* A write past a size limit (ulimit -f) fails as a full disk does,
     * instead of killing the run before it can roll back. */
    signal(SIGXFSZ, SIG_IGN);
    if (opt->index.merge)
        return explore_index_merge(opt->index.db, opt->files, opt->nfiles);
    return build(opt);
}

/* The speeds the criteria let through, as the index's mask: a game with
 * only a TimeControl of each speed (and the Variant asked) put to them.
 * A criterion that an index cannot judge (any other) turns every probe
 * away, or needs the moves: false. */
static bool speeds_of(const struct explore_options *opt, unsigned *mask)
{
    static const char *const probes[EXPLORE_INDEX_DB_SPEEDS] = {"15+0",   "60+0", "180+0", "600+0",
                                                                "1800+0", "-",    NULL};
    const char *variant = explore_criteria_variant(&opt->criteria_opts);
    if (!opt->criteria || select_needs_moves(opt->criteria))
        return opt->criteria == NULL;
    unsigned m = 0;
    for (int i = 0; i < EXPLORE_INDEX_DB_SPEEDS; i++) {
        struct pgn_tag tags[2];
        size_t n = 0;
        memset(tags, 0, sizeof tags);
        if (probes[i])
            tags[n++] = (struct pgn_tag){.name = "TimeControl",
                                         .name_len = 11,
                                         .value = probes[i],
                                         .value_len = strlen(probes[i])};
        if (variant)
            tags[n++] = (struct pgn_tag){
                .name = "Variant", .name_len = 7, .value = variant, .value_len = strlen(variant)};
        if (select_tags(opt->criteria, tags, n) == SELECT_YES)
            m |= 1u << i;
    }
    *mask = m == (1u << EXPLORE_INDEX_DB_SPEEDS) - 1 ? 0 : m;
    return m != 0;
}

int explore_index_query(const struct explore_options *opt, struct explore_answer *answers)
{
    struct explore_index_query_filter f = {
        .ratings = opt->index.ratings, .since = opt->index.since, .until = opt->index.until};
    if (!speeds_of(opt, &f.speeds)) {
        cli_error("%s: an index answers for --speed, --ratings, --since, --until and the "
                  "position's variant; the other criteria need the archive",
                  opt->index.db);
        return CLI_USAGE;
    }
    int status = 0;
    struct explore_index_query *q = explore_index_query_open(opt->index.db, &f, &status);
    if (!q)
        return status;
    if (opt->max_ply_given && opt->max_ply != (unsigned long)explore_index_query_max_ply(q)) {
        cli_error("%s: an index of the first %d plies of each game, not %lu", opt->index.db,
                  explore_index_query_max_ply(q), opt->max_ply);
        explore_index_query_close(q);
        return CLI_USAGE;
    }
    for (size_t i = 0; i < opt->nasked && !status; i++) {
        if (!opt->asked[i].ok)
            continue;
        const struct position *p = &opt->asked[i].pos;
        status = explore_index_query_position(
            q, explore_key_of(p), explore_index_build_variant_code(p->variant, p->chess960),
            &answers[i]);
    }
    explore_index_query_close(q);
    return status;
}
