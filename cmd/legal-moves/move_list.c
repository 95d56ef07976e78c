/*
 * move_list.c - what legal-moves prints for a position (see move_list.h).
 */
#include "move_list.h"

#include "notation/explain.h"
#include "cli/fen_cli.h"
#include "cli/json.h"
#include "rules/makemove.h"
#include "notation/san.h"
#include "rules/status.h"
#include "notation/uci.h"

#include <stdlib.h>
#include <string.h>

/* Out of memory ends the run, as nothing sensible can be printed any more. */
static void out_of_memory(void)
{
    exit(cli_nomem());
}

/* End the line and write it, unless -q asked for silence. The line is
 * built in memory (one fwrite per position keeps the output fast, and a
 * record that turns out invalid half-way prints nothing), so a line that
 * lost bytes for want of memory is never written. */
static void line_end(struct cli_buf *l, const struct move_list_options *opt)
{
    cli_buf_char(l, '\n');
    if (l->nomem)
        out_of_memory();
    if (!opt->common.quiet)
        fwrite_unlocked(l->data, 1, l->len, stdout);
    l->len = 0;
}

/* ---- moves ---- */

/* Does the move give check (FIDE Art. 3.9.1)?  Played on a copy. */
static bool gives_check(const struct position *p, move m)
{
    struct position child = *p;
    makemove_play(&child, m);
    return position_in_check(&child);
}

/* Keep the moves every filter accepts; castling counts as a king move to
 * the king's destination square. */
static bool keep(const struct move_list_options *opt, const struct position *p, move m)
{
    int from = move_from(m), to = move_to(m);
    if (move_kind(m) == MOVE_CASTLE)
        to = move_castle_king_to(from, to);
    if (opt->from != SQUARE_NONE && (from != opt->from || move_is_drop(m)))
        return false;
    if (opt->to != SQUARE_NONE && to != opt->to)
        return false;
    if (opt->piece != NO_PIECE_TYPE && move_piece_type(p, m) != opt->piece)
        return false;
    if (opt->captures && !move_is_capture(p, m))
        return false;
    if (opt->checks && !gives_check(p, m))
        return false;
    return true;
}

/* The legal moves that pass the filters, in the documented order of move
 * lists (uci_sort). */
static int select_moves(const struct move_list_options *opt, const struct position *p, move *out)
{
    struct movelist l;
    int n = 0;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++)
        if (!opt->filtered || keep(opt, p, l.moves[i]))
            out[n++] = l.moves[i];
    uci_sort(p, out, n, UCI_CASTLING_AUTO);
    return n;
}

/* One move in a notation; buf has NAMED_MAX bytes, enough for any. */
static size_t format_move(const struct move_list_options *opt, enum move_list_notation nt,
                          const struct position *p, move m, char buf[NAMED_MAX])
{
    switch (nt) {
    case MOVE_LIST_NOTATION_SAN:
        return san_format(p, m, buf);
    case MOVE_LIST_NOTATION_LAN:
        return san_format_lan(p, m, buf);
    case MOVE_LIST_NOTATION_NAMED:
        return named_format(p, m, opt->names, buf, NAMED_MAX);
    default:
        return uci_format(p, m, UCI_CASTLING_AUTO, buf);
    }
}

/* The game status, a variant end with its reason ("variant loss: exploded
 * king"). */
static const char *status_of(const struct position *p)
{
    enum variant_end_reason why;
    enum game_status s = status_get_reason(p, &why);
    return status_text(s, why);
}

/* --json: {"fen":..., "status":..., "count":N,
 * "moves":[{"uci":...,"san":...,"lan":...,"named":...}]} */
static void print_json(const struct move_list_options *opt, const struct position *p,
                       struct cli_buf *l)
{
    static const char *const keys[] = {"uci", "san", "lan", "named"};
    move e[MOVELIST_MAX];
    int n = select_moves(opt, p, e);
    cli_buf_str(l, "{\"fen\":\"");
    fen_cli_buf(l, p);
    cli_buf_str(l, "\",\"status\":\"");
    cli_buf_str(l, status_of(p));
    cli_buf_str(l, "\",\"count\":");
    cli_buf_printf(l, "%d", n);
    cli_buf_str(l, ",\"moves\":[");
    for (int i = 0; i < n; i++) {
        cli_buf_str(l, i ? ",{" : "{");
        for (int k = MOVE_LIST_NOTATION_UCI; k <= MOVE_LIST_NOTATION_NAMED; k++) {
            char buf[NAMED_MAX];
            size_t len = format_move(opt, (enum move_list_notation)k, p, e[i], buf);
            if (k)
                cli_buf_put(l, ",", 1);
            json_put_string(l, keys[k], strlen(keys[k]));
            cli_buf_put(l, ":", 1);
            json_put_string(l, buf, len);
        }
        cli_buf_put(l, "}", 1);
    }
    cli_buf_str(l, "]}");
}

/* --explain: the verdict of explain_san, as text or JSON. */
static void print_explain(const struct move_list_options *opt, const struct position *p,
                          struct cli_buf *l)
{
    char msg[EXPLAIN_MAX];
    move m;
    enum explain_reason r = explain_san(p, opt->explain, strlen(opt->explain), &m, msg, sizeof msg);
    if (!opt->json) {
        cli_buf_str(l, r == EXPLAIN_LEGAL ? "legal" : "illegal: ");
        if (r != EXPLAIN_LEGAL)
            cli_buf_str(l, msg);
        return;
    }
    cli_buf_str(l, "{\"fen\":\"");
    fen_cli_buf(l, p);
    cli_buf_str(l, "\",\"move\":");
    json_put_string(l, opt->explain, strlen(opt->explain));
    cli_buf_str(l, r == EXPLAIN_LEGAL ? ",\"legal\":true" : ",\"legal\":false");
    if (r == EXPLAIN_LEGAL) {
        char buf[SAN_MAX];
        cli_buf_str(l, ",\"uci\":");
        json_put_string(l, buf, uci_format(p, m, UCI_CASTLING_AUTO, buf));
        cli_buf_str(l, ",\"san\":");
        json_put_string(l, buf, san_format(p, m, buf));
    }
    cli_buf_str(l, ",\"reason\":\"");
    cli_buf_str(l, explain_reason_name(r));
    cli_buf_str(l, "\",\"message\":");
    json_put_string(l, msg, strlen(msg));
    cli_buf_put(l, "}", 1);
}

/* The output line of one position, in the mode the options chose. */
void move_list_print(const struct move_list_options *opt, const struct position *p,
                     struct cli_buf *l)
{
    if (opt->fen && !opt->json) {
        fen_cli_buf(l, p);
        cli_buf_put(l, "\t", 1);
    }
    if (opt->mode == MOVE_LIST_MODE_EXPLAIN) {
        print_explain(opt, p, l);
    } else if (opt->json) {
        print_json(opt, p, l);
    } else if (opt->mode == MOVE_LIST_MODE_STATUS) {
        cli_buf_str(l, status_of(p));
    } else if (opt->mode == MOVE_LIST_MODE_COUNT) {
        move e[MOVELIST_MAX];
        cli_buf_printf(l, "%d", opt->filtered ? select_moves(opt, p, e) : movegen_count(p));
    } else {
        move e[MOVELIST_MAX];
        int n = select_moves(opt, p, e);
        /* room for the whole line at once; each move is written in place */
        if (!cli_buf_reserve(l, (size_t)n * (NAMED_MAX + 1) + 2))
            out_of_memory();
        for (int i = 0; i < n; i++) {
            if (i)
                l->data[l->len++] = ' ';
            l->len += format_move(opt, opt->notation, p, e[i], l->data + l->len);
        }
    }
    line_end(l, opt);
}

/* --lone: explain_reach's squares, in the order of their names. */
void move_list_lone(const struct move_list_options *opt, struct cli_buf *l)
{
    bitboard b =
        explain_reach(piece_color(opt->lone_piece), piece_type(opt->lone_piece), opt->lone_square);
    if (opt->count) {
        cli_buf_printf(l, "%d", bb_count(b));
    } else {
        bool first = true;
        for (int file = 0; file < 8; file++)
            for (int rank = 0; rank < 8; rank++) {
                char name[3];
                if (!bb_test(b, square_make(file, rank)))
                    continue;
                if (!first)
                    cli_buf_put(l, " ", 1);
                square_format(square_make(file, rank), name);
                cli_buf_put(l, name, 2);
                first = false;
            }
    }
    line_end(l, opt);
}
