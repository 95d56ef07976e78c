/*
 * games.c - code shared by the two game converters (see games.h).
 */
#include "games.h"

#include "input/cli_input.h"
#include "games/pgn_write.h"

#include <stdio.h>
#include <string.h>

enum games_on_error games_on_error(struct argp_state *state, const char *arg)
{
    /* in the order of enum games_on_error */
    static const char *const actions[] = {"skip", "keep", "stop"};
    return (enum games_on_error)cli_keyword(state, "on-error", arg, actions, 3);
}

/* One tag pair, as the PGN writer writes it (inline: games_put_tags,
 * which every conversion calls, writes a tag without a call). */
static inline void put_tag(struct cli_buf *out, const struct pgn_tag *t)
{
    /* Room for the worst case (every value byte escaped), reserved
     * once: a byte-at-a-time append was a twentieth of a UCI
     * conversion on archives with long tags. */
    if (cli_buf_reserve(out, pgn_write_tag_room(t)))
        out->len = (size_t)(pgn_write_tag(out->data + out->len, t) - out->data);
}

void games_put_tag(struct cli_buf *out, const struct pgn_tag *t)
{
    put_tag(out, t);
}

/* Both converters write a game's tags back as they were read, so that a
 * round trip keeps them byte for byte. */
void games_put_tags(struct cli_buf *out, const struct pgn_game *g)
{
    for (size_t i = 0; i < g->ntags; i++)
        if (!g->tags[i].repeated) /* (the first value holds; the converter warns) */
            put_tag(out, &g->tags[i]);
    if (g->ntags)
        cli_buf_char(out, '\n');
}

/* A warning about game g at line:col (label made once, then kept): the
 * game is converted all the same, and the exit status stays. */
static void warn(struct jobs_diags *d, const struct pgn_game *g, char *label, unsigned long line,
                 unsigned long col, const char *what, const char *then)
{
    char msg[600];
    if (!*label)
        game_label(g->tags, g->ntags, label, 256);
    snprintf(msg, sizeof msg, "%s: warning: %s%s", label, what, then);
    jobs_result_diag(d, line, col, g->number, msg);
}

/* The reader's findings are the same in both converters' words. */
bool games_report_read(struct jobs_diags *d, int *status, const struct pgn_game *g,
                       unsigned long line_offset)
{
    char label[256] = "", what[300];
    if (g->stray) {
        pgn_stray_message(g, what, sizeof what);
        jobs_result_diag(d, g->diags->line + line_offset, g->diags->col, 0, what);
        *status = cli_status_merge(*status, CLI_INVALID);
        return true;
    }
    for (size_t i = 0; i < g->ntags; i++)
        if (g->tags[i].repeated && pgn_repeat_message(g, i, line_offset, what, sizeof what))
            warn(d, g, label, g->tags[i].line + line_offset, g->tags[i].col, what,
                 "; the first value holds");
    for (size_t i = 0; i < g->ndiags; i++)
        if (g->diags[i].code == PGN_E_UNENDED_GAME)
            warn(d, g, label, g->diags[i].line + line_offset, g->diags[i].col,
                 pgn_error_message(PGN_E_UNENDED_GAME), "");
    return false;
}

/* Only one of the four result tokens may close a game; a Result tag
 * holding anything else counts as unknown. */
const char *games_tag_result(const struct pgn_game *g)
{
    const char *tag = pgn_game_tag(g, "Result");
    enum pgn_result r = tag ? pgn_result_parse(tag, strlen(tag)) : PGN_RESULT_UNKNOWN;
    return pgn_result_text(r == PGN_RESULT_NB ? PGN_RESULT_UNKNOWN : r);
}

/* One wording for both tools: "FILE:LINE:COL: game N (White - Black,
 * Round): what", pointing at the problem, or at the game when the problem
 * has no place of its own. */
void games_problem(const struct pgn_game *g, const struct game_problem *pb,
                   struct games_problem *out)
{
    char label[256];
    game_label(g->tags, g->ntags, label, sizeof label);
    game_problem_format(pb, out->what, sizeof out->what);
    snprintf(out->msg, sizeof out->msg, "%s: %s", label, out->what);
    out->line = pb->line ? pb->line : g->line;
    out->col = pb->line ? pb->col : g->col;
}

void games_report_problem(struct jobs_result *res, const struct pgn_game *g,
                          const struct game_problem *pb, unsigned long line_offset,
                          unsigned long number)
{
    struct games_problem gp;
    games_problem(g, pb, &gp);
    jobs_result_diag(&res->diags, gp.line + line_offset, gp.col, number, gp.msg);
    res->status = cli_status_merge(res->status, CLI_INVALID);
}

/* A read error is a problem of the input file (66), running out of memory
 * a failure of the system (71); any other hard error (a limit) is a
 * problem of the input, reported with the reader's own message. */
int games_hard_error_text(const char *name, enum pgn_error e, int err, char *buf, size_t size)
{
    if (games_hard_error_line(e)) { /* located: the caller gives the place */
        snprintf(buf, size, "%s", pgn_error_message(e));
        return CLI_INVALID;
    }
    if (e == PGN_E_IO) {
        snprintf(buf, size, "cannot read %s: %s", name, strerror(err));
        return CLI_NOINPUT;
    }
    snprintf(buf, size, "%s: %s", name, pgn_error_message(e));
    return e == PGN_E_NOMEM ? CLI_OSERR : CLI_INVALID;
}

unsigned long games_hard_error_line(enum pgn_error e)
{
    return e == PGN_E_UTF16; /* the byte-order mark, at 1:1 */
}

int games_hard_error(const char *name, enum pgn_error e, int err)
{
    char msg[GAMES_HARD_ERROR_MAX];
    int status = games_hard_error_text(name, e, err, msg, sizeof msg);
    if (games_hard_error_line(e))
        cli_diag(name, games_hard_error_line(e), 1, "%s", msg);
    else
        cli_error("%s", msg);
    return status;
}

/* The summary tells how much of the input made it to the output, which a
 * user must see whenever the exit status is not 0. */
int games_finish(const struct cli_common *common, enum cli_stats stats, unsigned long games,
                 unsigned long converted, unsigned long errors, int status)
{
    if (errors)
        status = cli_status_merge(status, CLI_INVALID);
    if (stats == CLI_STATS_JSON && !common->quiet) {
        const struct cli_stats_count c[] = {
            {"games", games}, {"converted", converted}, {"with_errors", errors}};
        cli_stats_json(c, sizeof c / sizeof *c);
    } else if ((stats || status != CLI_OK) && !common->quiet)
        fprintf(stderr, "%lu game%s, %lu converted, %lu with errors\n", games,
                games == 1 ? "" : "s", converted, errors);
    return status;
}

void games_hard_error_keep(struct jobs_result *res, const char *name, enum pgn_error e, int err,
                           unsigned long line_offset)
{
    char msg[GAMES_HARD_ERROR_MAX];
    res->status =
        cli_status_merge(res->status, games_hard_error_text(name, e, err, msg, sizeof msg));
    unsigned long at = games_hard_error_line(e);
    jobs_result_diag(&res->diags, at ? at + line_offset : 0, at ? 1 : 0, 0, msg);
    if (e == PGN_E_NOMEM)
        res->stop = true;
}

void games_input_damage(struct jobs_result *res, struct text_reader *in)
{
    struct decompress_damage dm;
    if (!cli_input_broke(in, &dm))
        return;
    res->status = cli_status_merge(res->status, dm.status);
    jobs_result_diag(&res->diags, dm.line, dm.col, 0, dm.msg);
}
