/*
 * explore_out.c - an answer written (explore_out.h).
 */
#include "explore_out.h"

#include "cli/json.h"
#include "notation/fen.h"
#include "notation/san.h"
#include "notation/uci.h"
#include "output/game_table_cell.h"
#include "policy/select.h"

#include <stdio.h>
#include <string.h>

static const char *result_text(enum explore_result r)
{
    return r == EXPLORE_WHITE_WINS ? "1-0" : r == EXPLORE_BLACK_WINS ? "0-1" : "1/2-1/2";
}

/* A share of n in total as a percentage with one decimal. */
static double pct(uint64_t n, uint64_t total)
{
    return total ? 100.0 * (double)n / (double)total : 0.0;
}

static void put_fen(struct cli_buf *b, const struct position *p)
{
    char fen[FEN_MAX];
    size_t n = fen_format(p, fen, sizeof fen);
    cli_buf_put(b, fen, n);
}

/* ---- the table ---- */

static void table(struct cli_buf *b, const struct explore_answer *a)
{
    cli_buf_str(b, "position: ");
    put_fen(b, &a->pos);
    cli_buf_char(b, '\n');
    if (a->opening)
        cli_buf_printf(b, "opening:  %s %s\n", a->opening->eco, a->opening->name);
    uint64_t games = explore_stats_games(&a->total);
    cli_buf_printf(b, "games:    %llu\n", (unsigned long long)games);
    if (!games)
        return;
    cli_buf_printf(b, "\n%-8s %9s %6s %6s %6s %6s %5s\n", "move", "games", "white", "draws",
                   "black", "rating", "last");
    for (size_t i = 0; i < a->nmoves; i++) {
        const struct explore_move *mv = &a->moves[i];
        const struct explore_stats *s = &mv->stats;
        uint64_t n = explore_stats_games(s);
        char san[SAN_MAX];
        san_format(&a->pos, mv->m, san);
        cli_buf_printf(b, "%-8s %9llu %5.1f%% %5.1f%% %5.1f%% ", san, (unsigned long long)n,
                       pct(s->white, n), pct(s->draws, n), pct(s->black, n));
        unsigned r = explore_stats_average_rating(s);
        if (r)
            cli_buf_printf(b, "%6u ", r);
        else
            cli_buf_printf(b, "%6s ", "-");
        if (s->last_year)
            cli_buf_printf(b, "%5u\n", s->last_year);
        else
            cli_buf_printf(b, "%5s\n", "-");
    }
    const struct explore_stats *t = &a->total;
    cli_buf_printf(b, "%-8s %9llu %5.1f%% %5.1f%% %5.1f%%\n", "total", (unsigned long long)games,
                   pct(t->white, games), pct(t->draws, games), pct(t->black, games));
    if (!a->ntop)
        return;
    cli_buf_str(b, "\ntop games:\n");
    for (size_t i = 0; i < a->ntop; i++) {
        const struct explore_game *g = &a->top[i];
        char san[SAN_MAX];
        san_format(&a->pos, g->m, san);
        cli_buf_printf(b, "  %s (%u) - %s (%u)  %s", g->white ? g->white : "?", g->white_elo,
                       g->black ? g->black : "?", g->black_elo, result_text(g->result));
        if (g->year)
            cli_buf_printf(b, "  %u", g->year);
        cli_buf_printf(b, "  %s  %s game %lu\n", san, g->file ? g->file : "-", g->number);
    }
}

/* ---- JSON: lichess's explorer API ---- */

static void json_stats(struct cli_buf *b, const struct explore_stats *s)
{
    cli_buf_printf(b, "\"white\":%llu,\"draws\":%llu,\"black\":%llu", (unsigned long long)s->white,
                   (unsigned long long)s->draws, (unsigned long long)s->black);
}

static void json_player(struct cli_buf *b, const char *key, const char *name, unsigned elo)
{
    cli_buf_printf(b, "\"%s\":{\"name\":", key);
    if (name)
        json_put_cstring(b, name);
    else
        cli_buf_str(b, "null");
    if (elo)
        cli_buf_printf(b, ",\"rating\":%u}", elo);
    else
        cli_buf_str(b, ",\"rating\":null}");
}

static void json(struct cli_buf *b, const struct explore_answer *a)
{
    cli_buf_char(b, '{');
    json_stats(b, &a->total);
    cli_buf_str(b, ",\"moves\":[");
    for (size_t i = 0; i < a->nmoves; i++) {
        const struct explore_move *mv = &a->moves[i];
        char san[SAN_MAX], uci[UCI_MOVE_MAX];
        san_format(&a->pos, mv->m, san);
        uci_format(&a->pos, mv->m, UCI_CASTLING_AUTO, uci);
        cli_buf_printf(b, "%s{\"uci\":\"%s\",\"san\":", i ? "," : "", uci);
        json_put_cstring(b, san);
        unsigned r = explore_stats_average_rating(&mv->stats);
        if (r)
            cli_buf_printf(b, ",\"averageRating\":%u", r);
        cli_buf_char(b, ',');
        json_stats(b, &mv->stats);
        cli_buf_str(b, ",\"game\":null");
        /* not lichess's: the latest year the move was played, the mean
         * [%eval] after it (centipawns, White's side) and its games */
        if (mv->stats.last_year)
            cli_buf_printf(b, ",\"lastYear\":%u", mv->stats.last_year);
        int64_t ev;
        if (explore_stats_average_eval(&mv->stats, &ev))
            cli_buf_printf(b, ",\"averageEval\":%lld,\"evalGames\":%llu", (long long)ev,
                           (unsigned long long)mv->stats.eval_count);
        cli_buf_char(b, '}');
    }
    cli_buf_str(b, "],\"topGames\":[");
    for (size_t i = 0; i < a->ntop; i++) {
        const struct explore_game *g = &a->top[i];
        char uci[UCI_MOVE_MAX];
        uci_format(&a->pos, g->m, UCI_CASTLING_AUTO, uci);
        cli_buf_printf(b, "%s{\"uci\":\"%s\",\"winner\":%s,", i ? "," : "", uci,
                       g->result == EXPLORE_WHITE_WINS   ? "\"white\""
                       : g->result == EXPLORE_BLACK_WINS ? "\"black\""
                                                         : "null");
        if (g->speed != SELECT_SPEED_NB)
            cli_buf_printf(b, "\"speed\":\"%s\",", select_speed_name((enum select_speed)g->speed));
        json_player(b, "white", g->white, g->white_elo);
        cli_buf_char(b, ',');
        json_player(b, "black", g->black, g->black_elo);
        if (g->year)
            cli_buf_printf(b, ",\"year\":%u", g->year);
        else
            cli_buf_str(b, ",\"year\":null");
        if (g->year && g->month)
            cli_buf_printf(b, ",\"month\":\"%04u-%02u\"", g->year, g->month);
        else
            cli_buf_str(b, ",\"month\":null");
        /* not lichess's: where the game is */
        cli_buf_str(b, ",\"file\":");
        json_put_cstring(b, g->file ? g->file : "");
        cli_buf_printf(b, ",\"number\":%lu}", g->number);
    }
    cli_buf_str(b, "],\"opening\":");
    if (a->opening) {
        cli_buf_printf(b, "{\"eco\":\"%s\",\"name\":", a->opening->eco);
        json_put_cstring(b, a->opening->name);
        cli_buf_char(b, '}');
    } else {
        cli_buf_str(b, "null");
    }
    cli_buf_str(b, "}\n");
}

/* ---- TSV and CSV: the move table ---- */

static void cells_header(struct cli_buf *b, bool csv, bool with_fen)
{
    char sep = csv ? ',' : '\t';
    if (with_fen)
        cli_buf_printf(b, "fen%c", sep);
    cli_buf_printf(b, "san%cuci%cgames%cwhite%cdraws%cblack%caverage_rating%clast_year\n", sep, sep,
                   sep, sep, sep, sep, sep);
}

static void cells(struct cli_buf *b, const struct explore_answer *a, bool csv, bool with_fen)
{
    char sep = csv ? ',' : '\t';
    char fen[FEN_MAX];
    size_t fen_len = with_fen ? fen_format(&a->pos, fen, sizeof fen) : 0;
    for (size_t i = 0; i < a->nmoves; i++) {
        const struct explore_move *mv = &a->moves[i];
        const struct explore_stats *s = &mv->stats;
        char san[SAN_MAX], uci[UCI_MOVE_MAX];
        san_format(&a->pos, mv->m, san);
        uci_format(&a->pos, mv->m, UCI_CASTLING_AUTO, uci);
        if (with_fen) {
            game_table_cell_text(b, fen, fen_len, csv);
            cli_buf_char(b, sep);
        }
        cli_buf_printf(b, "%s%c%s%c%llu%c%llu%c%llu%c%llu%c", san, sep, uci, sep,
                       (unsigned long long)explore_stats_games(s), sep,
                       (unsigned long long)s->white, sep, (unsigned long long)s->draws, sep,
                       (unsigned long long)s->black, sep);
        unsigned r = explore_stats_average_rating(s);
        if (r)
            cli_buf_printf(b, "%u", r);
        cli_buf_char(b, sep);
        if (s->last_year)
            cli_buf_printf(b, "%u", s->last_year);
        cli_buf_char(b, '\n');
    }
}

void explore_out_write(const struct explore_options *opt, const struct explore_answer *answers)
{
    struct cli_buf b = {0};
    bool many = opt->positions != NULL;
    bool csv = opt->to == EXPLORE_TO_CSV;
    if (opt->to == EXPLORE_TO_TSV || csv)
        cells_header(&b, csv, many);
    bool first = true;
    for (size_t i = 0; i < opt->nasked; i++) {
        const struct explore_answer *a = &answers[i];
        bool ok = opt->asked[i].ok;
        switch (opt->to) {
        case EXPLORE_TO_JSON:
            if (ok)
                json(&b, a);
            else
                cli_buf_str(&b, "null\n");
            break;
        case EXPLORE_TO_TSV:
        case EXPLORE_TO_CSV:
            if (ok)
                cells(&b, a, csv, many);
            break;
        default:
            if (!ok)
                break;
            if (!first)
                cli_buf_char(&b, '\n');
            table(&b, a);
            first = false;
            break;
        }
        if (b.len >= (1 << 16)) {
            fwrite(b.data, 1, b.len, stdout);
            b.len = 0;
        }
    }
    fwrite(b.data, 1, b.len, stdout);
    cli_buf_free(&b);
}
