/*
 * pgn-select - write the PGN games that meet every criterion, each byte
 * for byte as it was read.
 *
 * The input is read in chunks of whole games (jobs.c, with one thread or
 * N); each chunk's games are judged and their records written in input
 * order, so that --unique keeps the first of equal games and --limit stops
 * where one thread would.
 *
 * The data, and where each step is done:
 *     options        select_options.c, with the criteria's options from
 *                    cli/criteria_args.c, read by lib/policy/select.c
 *     input          jobs.c cuts chunks (jobs_reader.c); a text that cannot
 *                    be cut is streamed
 *     each game      select_work.c: skimmed (lib/games/pgn_skim.c) or read
 *                    (lib/games/pgn.c); its tags judged, its main line replayed
 *                    (lib/games/game.c) and judged when a criterion needs it
 *     --at OFFSET    select_at.c: one game read where it lies (lseek)
 *     output         select_write.c: --game-number, --unique (game_id.h), --invert,
 *                    --limit, --count; the games byte for byte (game_out.c),
 *                    or each to its file under --split (select_split.c, the
 *                    key made in the workers by select_template.c, the files
 *                    on disk by select_file.c), the diagnostics in their place
 */
#include "cli/cli.h"
#include "input/cli_input.h"
#include "jobs/jobs.h"
#include "select_at.h"
#include "select_options.h"
#include "select_work.h"
#include "select_write.h"

int main(int argc, char **argv)
{
    struct select_options opt = {.jobs = 1};
    struct jobs_totals t = {.status = CLI_OK};
    cli_init(argc, argv);
    select_options_parse(&opt, argc, argv);
    if (opt.at_given) { /* one game, where it lies: no chunks, no criteria */
        int at = select_at_run(&opt);
        select_free(opt.criteria);
        select_template_free(&opt.template);
        return cli_finish(at);
    }
    /* Directories become the *.pgn files under them. */
    struct cli_operands ops;
    t.status = cli_operands_expand(&ops, opt.files, opt.nfiles, cli_pgn_suffixes);
    opt.files = ops.files;
    opt.nfiles = ops.nfiles;
    struct select_writer writer;
    struct jobs_out how = {opt.common.quiet, NULL};
    select_writer_init(&writer, &opt, &how);
    if (!ops.none && t.status != CLI_OSERR) {
        struct jobs_config cfg = {.threads = jobs_threads(opt.jobs),
                                  .out = how,
                                  .worker_new = select_worker_new,
                                  .worker_free = select_worker_free,
                                  .work = select_work_chunk,
                                  .stream = select_work_stream,
                                  .arg = &opt,
                                  .guess_cuts = true,
                                  .write = select_write,
                                  .write_arg = &writer};
        jobs_run(&cfg, opt.files, opt.nfiles, &t);
    }
    int status = select_writer_finish(&writer, t.status);
    select_writer_free(&writer);
    select_free(opt.criteria);
    select_template_free(&opt.template);
    cli_operands_free(&ops);
    return cli_finish(status);
}
