/*
 * select_write.c - pgn-select's writer (select_write.h).
 */
#include "select_write.h"

#include "select_work.h"

#include <string.h>

void select_writer_init(struct select_writer *w, const struct select_options *opt,
                        const struct jobs_out *how)
{
    *w = (struct select_writer){.opt = opt, .how = *how, .out = {.fp = stdout}};
    w->numbers = select_needs_number(opt->criteria);
    if (w->numbers && !opt->invert && !opt->stats)
        w->number_stop = select_number_last(opt->criteria);
    game_id_set_init(&w->seen, opt->unique_max ? opt->unique_max : SELECT_UNIQUE_DEFAULT, false);
    if (opt->split) {
        w->split = select_split_new(opt->split_every, opt->append, how->progress);
        w->split_nomem = !w->split;
    }
}

void select_writer_free(struct select_writer *w)
{
    game_id_set_free(&w->seen);
    select_split_free(w->split);
}

/* Is a game chosen, all said?  Only under its number in its file, with
 * --game-number (the worker, with a chunk of the file, does not know
 * it); the first of equal games only, under --unique. */
static bool chosen(struct select_writer *w, const struct select_record *rec, unsigned long number)
{
    if (rec->outcome != SELECT_CHOSEN || (w->numbers && !select_number(w->opt->criteria, number)))
        return false;
    w->chosen++;
    if (!rec->has_id)
        return true;
    bool full = w->seen.full;
    struct game_id id = {{rec->id[0], rec->id[1]}};
    if (game_id_set_add(&w->seen, &id, NULL, NULL) > 0) {
        w->duplicates++;
        w->chosen--;
        return false;
    }
    if (w->seen.full && !full && !w->full_said) {
        progress_hold(w->how.progress);
        if (w->seen.nomem)
            cli_error("--unique: out of memory after %zu distinct games; later games are "
                      "compared with those only",
                      w->seen.n);
        else
            cli_error("--unique: more than %zu distinct games (--unique-max); later games are "
                      "compared with the first %zu only",
                      w->seen.n, w->seen.n);
        progress_release(w->how.progress);
        w->full_said = true;
    }
    return true;
}

/* Is name the run's last file?  Only one pointed to by the last operand
 * is known to be (standard input among files is not). */
static bool last_file(const struct select_options *opt, const char *name)
{
    return opt->nfiles <= 1 || name == opt->files[opt->nfiles - 1];
}

/* Is the game numbered number (in its file) past the last number
 * --game-number can choose, in the last file, with nothing after it
 * wanted (--invert's games, --stats's counts)?  The run then stops there,
 * as at --limit's last game: after this game, whose leading blank lines
 * end the last game written, as they do when the file is read on. */
static bool numbers_done(const struct select_writer *w, const char *name, unsigned long number)
{
    return number > w->number_stop && last_file(w->opt, name);
}

void select_write(void *writer, struct jobs_result *res, const char *name,
                  unsigned long game_offset, bool file_first)
{
    struct select_writer *w = writer;
    const struct select_options *opt = w->opt;
    if (file_first) /* the blank lines opening a file stay, as pgn-check keeps them */
        w->out.last_written = true;
    /* (--split writes its files under -q too: -q silences the streams) */
    bool to_out = !opt->count && !opt->common.quiet && !w->split;
    struct select_split *split = w->split;
    if (opt->split && !split) {
        res->stop = true;
        res->out.len = 0;
        return;
    }
    unsigned long cut = 0; /* the last line whose diagnostics go out, when the limit fell */
    const char *p = res->out.data, *end = p + res->out.len;
    struct select_record rec;
    while (p && !cut && select_record_next(&p, end, &rec)) {
        if (rec.kind == SELECT_RECORD_STRAY) { /* no game: never written */
            w->invalid = true;
            if (to_out)
                game_out_between(&w->out, rec.raw, rec.raw_len);
            else if (split)
                select_split_between(split, rec.raw, rec.raw_len);
            continue;
        }
        if (rec.kind == SELECT_RECORD_REST) {
            if (to_out)
                game_out_rest(&w->out, rec.raw, rec.raw_len);
            else if (split)
                select_split_rest(split, rec.raw, rec.raw_len);
            continue;
        }
        w->games++;
        w->unreadable += rec.outcome == SELECT_UNREADABLE;
        w->invalid |= rec.outcome == SELECT_UNREADABLE;
        bool written = rec.outcome != SELECT_UNREADABLE &&
                       chosen(w, &rec, game_offset + rec.number) != opt->invert;
        if (split && written &&
            !select_split_game(split, rec.key, rec.key_len, rec.raw, rec.raw_len, rec.lead)) {
            res->stop = true; /* a file failed: the run stops, no file is written */
            break;
        }
        if (split && !written)
            select_split_skip(split, rec.raw, rec.raw_len, rec.lead);
        w->written += written;
        if (to_out)
            game_out_game(&w->out, rec.raw, rec.raw_len, rec.lead, written);
        bool done = w->number_stop && numbers_done(w, name, game_offset + rec.number);
        if ((written && opt->limit && w->written == opt->limit) || done) {
            res->stop = true;
            cut = rec.last_line ? rec.last_line : 1;
            /* the games read ahead of the stop (by the worker, in the
             * same chunk) are not read as far as the run goes: their
             * problems, not said, leave the status alone (a problem is a
             * record or a hard error, which ends a text: none comes
             * before this one) */
            if (res->status == CLI_INVALID && !w->invalid)
                res->status = CLI_OK;
        }
    }
    res->out.len = 0;
    if (cut) { /* what was found past the last game written is not said */
        size_t n = 0;
        for (size_t i = 0; i < res->diags.n; i++)
            if (res->diags.v[i].line <= cut)
                res->diags.v[n++] = res->diags.v[i];
        res->diags.n = n;
    }
    jobs_result_write(res, name, game_offset, &w->how);
}

int select_writer_finish(struct select_writer *w, int status)
{
    const struct select_options *opt = w->opt;
    if (opt->count && !opt->common.quiet)
        printf("%lu\n", w->written);
    if (w->split)
        status = cli_status_merge(status, select_split_finish(w->split, true, &w->files));
    else if (w->split_nomem)
        status = cli_status_merge(status, cli_nomem());
    if (opt->stats == CLI_STATS_JSON && !opt->common.quiet) {
        progress_hold(w->how.progress);
        const struct cli_stats_count c[] = {
            {"games", w->games},           {"selected", w->chosen}, {"unreadable", w->unreadable},
            {"duplicates", w->duplicates}, {"written", w->written}, {"files", w->files}};
        cli_stats_json(c, sizeof c / sizeof *c);
        progress_release(w->how.progress);
    } else if (opt->stats && !opt->common.quiet) {
        progress_hold(w->how.progress);
        fprintf(stderr, "%lu game%s, %lu selected, %lu unreadable", w->games,
                w->games == 1 ? "" : "s", w->chosen, w->unreadable);
        if (opt->unique)
            fprintf(stderr, ", %lu duplicate%s", w->duplicates, w->duplicates == 1 ? "" : "s");
        if (opt->split)
            fprintf(stderr, ", %lu file%s written", w->files, w->files == 1 ? "" : "s");
        fputc('\n', stderr);
        progress_release(w->how.progress);
    }
    if (w->seen.nomem)
        status = cli_status_merge(status, CLI_OSERR);
    return cli_status_merge(status, w->written ? CLI_OK : CLI_INVALID);
}
