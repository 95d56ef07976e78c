/*
 * report.c - pgn-check's report formats (see report.h).
 */
#include "report.h"

#include "cli/cli.h"
#include "cli/json.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const char *const report_format_names[REPORT_FORMAT_NB] = {"text", "json", "sarif", "github"};

/* A JSON string from the one escaper of the tools (cmd/cli/json.c), written
 * out at once. */
static void json_out(struct report *r, const char *s, size_t n)
{
    r->buf.len = 0;
    json_put_string(&r->buf, s, n);
    fwrite(r->buf.data, 1, r->buf.len, stdout);
}

static void json_cstr(struct report *r, const char *s)
{
    json_out(r, s, strlen(s));
}

/* A finding's message as a JSON string: "game N " and the checker's text. */
static void json_message(struct report *r, unsigned long game, const struct pgn_check_diag *d)
{
    char head[32];
    int n = game ? snprintf(head, sizeof head, "game %lu", game) : 0;
    r->msg.len = 0;
    cli_buf_put(&r->msg, head, (size_t)n);
    cli_buf_put(&r->msg, d->message, d->message_len);
    json_out(r, r->msg.data ? r->msg.data : "", r->msg.len);
}

/* The file as a URI reference for SARIF (RFC 3986): unreserved bytes and
 * '/' as they are, the rest percent-encoded; an absolute path becomes a
 * file:// URI. */
static void sarif_uri(FILE *out, const char *path)
{
    static const char hex[] = "0123456789ABCDEF";
    fputc('"', out);
    if (path[0] == '/')
        fputs("file://", out);
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
            strchr("-._~/", *p))
            fputc(*p, out);
        else
            fprintf(out, "%%%c%c", hex[*p >> 4], hex[*p & 15]);
    }
    fputc('"', out);
}

/* GitHub workflow commands: in the message, '%', CR and LF are escaped;
 * in a property value ',' and ':' as well (the runner's escapeData and
 * escapeProperty). */
static void github_escaped(FILE *out, const char *s, size_t n, bool property)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '%')
            fputs("%25", out);
        else if (c == '\r')
            fputs("%0D", out);
        else if (c == '\n')
            fputs("%0A", out);
        else if (property && c == ':')
            fputs("%3A", out);
        else if (property && c == ',')
            fputs("%2C", out);
        else
            fputc(c, out);
    }
}

/* The SARIF log opens with the tool and one rule per code, so that each
 * result can point at its rule; results follow as they are found, which
 * keeps the run streaming. */
static void sarif_head(struct report *r)
{
    FILE *out = stdout;
    fputs("{\"version\":\"2.1.0\","
          "\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
          "\"runs\":[{\"tool\":{\"driver\":{\"name\":\"pgn-check\",\"version\":\"0.1\","
          "\"rules\":[",
          out);
    for (int i = 0; i < PGN_CHECK_CODE_NB; i++) {
        enum pgn_check_code code = (enum pgn_check_code)i;
        static const char *const levels[PGN_CHECK_LEVEL_NB] = {"error", "warning", "note"};
        fprintf(out, "%s{\"id\":", i ? "," : "");
        json_cstr(r, pgn_check_code_name(code));
        fputs(",\"shortDescription\":{\"text\":", out);
        json_cstr(r, pgn_check_code_summary(code));
        fprintf(out, "},\"defaultConfiguration\":{\"level\":\"%s\"}}",
                levels[pgn_check_code_level(code)]);
    }
    fputs("]}},\"results\":[", out);
}

/* GitHub Actions sets GITHUB_ACTIONS=true in every step, and
 * GITHUB_STEP_SUMMARY to the file of the step's part of the job summary. */
static const char *summary_path(enum report_format format)
{
    const char *path = getenv("GITHUB_STEP_SUMMARY");
    const char *actions = getenv("GITHUB_ACTIONS");
    bool in_actions = format == REPORT_GITHUB || (actions && strcmp(actions, "true") == 0);
    return in_actions && path && *path ? path : NULL;
}

void report_begin(struct report *r, enum report_format format, bool quiet)
{
    *r = (struct report){.format = format, .quiet = quiet};
    if (!quiet && (r->summary_path = summary_path(format)) &&
        !(r->tally = calloc(PGN_CHECK_CODE_NB, sizeof *r->tally)))
        r->nomem = true;
    if (!quiet && format == REPORT_SARIF)
        sarif_head(r);
}

/* The text format is the toolkit's diagnostic line with the level and the
 * code: "pgn-check:FILE:LINE:COL: error: game N (...): message [code]";
 * a finding --fix mended is "note: ... [code, fixed]". */
static void text_diag(const char *file, unsigned long game, const struct pgn_check_diag *d)
{
    if (!game) /* about no game: text after a game's result */
        cli_diag(file, d->line, d->col, "%s: %.*s [%s%s]", pgn_check_level_name(d->level),
                 (int)d->message_len, d->message, pgn_check_code_name(d->code),
                 d->fixed ? ", fixed" : "");
    else
        cli_diag(file, d->line, d->col, "%s: game %lu%.*s [%s%s]", pgn_check_level_name(d->level),
                 game, (int)d->message_len, d->message, pgn_check_code_name(d->code),
                 d->fixed ? ", fixed" : "");
}

/* JSON lines: one self-contained object per finding, for jq and scripts. */
static void json_diag(struct report *r, const char *file, unsigned long game, uint64_t offset,
                      const struct pgn_check_diag *d)
{
    FILE *out = stdout;
    fputs("{\"file\":", out);
    json_cstr(r, file);
    fprintf(out, ",\"line\":%lu,\"column\":%lu,\"game\":%lu,", d->line, d->col, game);
    if (game) /* (the game's address: where pgn-select --at reads it) */
        fprintf(out, "\"offset\":%" PRIu64 ",", offset);
    fprintf(out, "\"level\":\"%s\",\"code\":\"%s\",\"message\":", pgn_check_level_name(d->level),
            pgn_check_code_name(d->code));
    json_message(r, game, d);
    fputs(d->fixed ? ",\"fixed\":true}\n" : "}\n", out);
}

/* A SARIF result points at its rule by id and index, and at its place as
 * a physical location (1-based line and column, as SARIF counts them);
 * a finding about a game has the game's start as a related location, a
 * region given by its byteOffset (the game's address). */
static void sarif_diag(struct report *r, const char *file, unsigned long game, uint64_t offset,
                       const struct pgn_check_diag *d)
{
    FILE *out = stdout;
    static const char *const levels[PGN_CHECK_LEVEL_NB] = {"error", "warning", "note"};
    fprintf(out, "%s{\"ruleId\":\"%s\",\"ruleIndex\":%d,\"level\":\"%s\",\"message\":{\"text\":",
            r->sarif_results ? "," : "", pgn_check_code_name(d->code), (int)d->code,
            levels[d->level]);
    json_message(r, game, d);
    fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":", out);
    sarif_uri(out, file);
    fprintf(out, "},\"region\":{\"startLine\":%lu,\"startColumn\":%lu}}}]", d->line, d->col);
    if (game) {
        fputs(",\"relatedLocations\":[{\"id\":1,\"physicalLocation\":{\"artifactLocation\":{"
              "\"uri\":",
              out);
        sarif_uri(out, file);
        fprintf(out,
                "},\"region\":{\"byteOffset\":%" PRIu64 "}},\"message\":{\"text\":\"game %lu\"}}]",
                offset, game);
    }
    fputs(d->fixed ? ",\"properties\":{\"fixed\":true}}" : "}", out);
    r->sarif_results = true;
}

/* "::error file=F,line=L,col=C,title=CODE::message": GitHub turns the
 * line into an annotation on the file; the level maps to error, warning
 * or notice. */
static void github_diag(struct report *r, const char *file, unsigned long game,
                        const struct pgn_check_diag *d)
{
    static const char *const types[PGN_CHECK_LEVEL_NB] = {"error", "warning", "notice"};
    FILE *out = stdout;
    if (r->shown[d->level] >= REPORT_GITHUB_MAX) {
        r->hidden[d->level]++;
        return;
    }
    r->shown[d->level]++;
    fprintf(out, "::%s file=", types[d->level]);
    github_escaped(out, file, strlen(file), true);
    fprintf(out, ",line=%lu,col=%lu,title=", d->line, d->col);
    const char *code = pgn_check_code_name(d->code);
    github_escaped(out, code, strlen(code), true);
    fputs("::", out);
    if (game)
        fprintf(out, "game %lu", game);
    github_escaped(out, d->message, d->message_len, false);
    fprintf(out, " [%s%s]\n", code, d->fixed ? ", fixed" : "");
}

/* The summary counts every finding of a code and keeps its first places. */
static void tally_diag(struct report *r, const char *file, const struct pgn_check_diag *d)
{
    struct report_tally *t = &r->tally[d->code];
    if (t->count < REPORT_SUMMARY_PLACES &&
        asprintf(&t->places[t->count], "%s:%lu:%lu", file, d->line, d->col) < 0) {
        t->places[t->count] = NULL;
        r->nomem = true;
    }
    t->count++;
}

/* Every format gets every finding; only its form differs. */
void report_diag(struct report *r, const char *file, unsigned long game, uint64_t offset,
                 const struct pgn_check_diag *d)
{
    if (r->quiet)
        return;
    if (r->tally && (unsigned)d->code < PGN_CHECK_CODE_NB)
        tally_diag(r, file, d);
    switch (r->format) {
    case REPORT_TEXT:
        text_diag(file, game, d);
        break;
    case REPORT_JSON:
        json_diag(r, file, game, offset, d);
        break;
    case REPORT_SARIF:
        sarif_diag(r, file, game, offset, d);
        break;
    case REPORT_GITHUB:
        github_diag(r, file, game, d);
        break;
    default:
        break;
    }
}

/* A place as a Markdown code span in a table cell: '|' would end the
 * cell, even in a code span, so it is escaped; a backtick in the path
 * takes a double-backtick span. */
static void summary_place(FILE *out, const char *place)
{
    const char *fence = strchr(place, '`') ? "`` " : "`";
    fputs(fence, out);
    for (const char *p = place; *p; p++) {
        if (*p == '|')
            fputc('\\', out);
        fputc(*p == '\n' || *p == '\r' ? ' ' : *p, out);
    }
    fputs(*fence == '`' && fence[1] == '`' ? " ``" : "`", out);
}

static void summary_write(const struct report *r, const struct report_totals *t, FILE *out)
{
    fprintf(out, "### pgn-check: %s\n\n",
            t->status == CLI_OK        ? "passed"
            : t->status == CLI_INVALID ? "failed"
                                       : "did not finish");
    fprintf(out,
            "%lu game%s: %lu clean, %lu with errors, %lu with warnings; exit status %d "
            "(findings fail the run from level %s up).\n\n",
            t->games, t->games == 1 ? "" : "s", t->clean, t->with_errors, t->with_warnings,
            t->status, t->fail_on);
    bool any = false;
    for (int lv = 0; lv < PGN_CHECK_LEVEL_NB; lv++)
        for (int i = 0; i < PGN_CHECK_CODE_NB; i++) {
            const struct report_tally *c = &r->tally[i];
            enum pgn_check_code code = (enum pgn_check_code)i;
            if (!c->count || (int)pgn_check_code_level(code) != lv)
                continue;
            if (!any)
                fputs("| Code | Level | Count | First places |\n| --- | --- | ---: | --- |\n", out);
            any = true;
            fprintf(out, "| %s | %s | %lu | ", pgn_check_code_name(code),
                    pgn_check_level_name((enum pgn_check_level)lv), c->count);
            for (int k = 0; k < REPORT_SUMMARY_PLACES && k < (int)c->count; k++) {
                fputs(k ? ", " : "", out);
                if (c->places[k])
                    summary_place(out, c->places[k]);
            }
            fputs(c->count > REPORT_SUMMARY_PLACES ? ", ... |\n" : " |\n", out);
        }
    fputs(any ? "\n" : "No findings.\n\n", out);
}

int report_summary(struct report *r, const struct report_totals *t, int status)
{
    if (r->nomem)
        status = cli_status_merge(status, cli_nomem());
    if (!r->tally)
        return status;
    FILE *out = fopen(r->summary_path, "ae");
    if (out)
        summary_write(r, t, out);
    if (!out || ferror(out) | (fclose(out) != 0)) {
        cli_error("cannot write the step summary %s: %s", r->summary_path, strerror(errno));
        status = cli_status_merge(status, CLI_IOERR);
    }
    return status;
}

/* GitHub drops annotations past ten of a type in a step; rather than
 * losing findings silently, the log says how many were left out. */
void report_end(struct report *r)
{
    static const char *const plural[PGN_CHECK_LEVEL_NB] = {"errors", "warnings", "notes"};
    cli_buf_free(&r->buf);
    cli_buf_free(&r->msg);
    for (int i = 0; r->tally && i < PGN_CHECK_CODE_NB; i++)
        for (int k = 0; k < REPORT_SUMMARY_PLACES; k++)
            free(r->tally[i].places[k]);
    free(r->tally);
    r->tally = NULL;
    if (r->quiet)
        return;
    if (r->format == REPORT_SARIF)
        fputs("]}]}\n", stdout);
    if (r->format != REPORT_GITHUB)
        return;
    for (int lv = 0; lv < PGN_CHECK_LEVEL_NB; lv++)
        if (r->hidden[lv])
            printf("pgn-check: %lu more %s not shown as annotations (GitHub shows %d of a type "
                   "per step); run pgn-check without --format=github to list them all\n",
                   r->hidden[lv], plural[lv], REPORT_GITHUB_MAX);
}
