/* The PGN reader's games (pgn_impl.h): the arrays emptied for the next
 * game, the game that ends closed, its diagnostics sorted, its bytes cut
 * (PGN_OPT_RAW), stray text told; pgn_read_game (pgn.c) calls them once
 * a game. */
#include "pgn_impl.h"

#include <stdlib.h>

/* Empties the game arrays for the next game (or the same game read
 * again), giving back memory that one huge game made the arrays take. */
void pgn_clear_game(struct pgn_reader *r)
{
    if (r->arena_cap > ARENA_KEEP) {
        free(r->arena);
        r->arena = NULL;
        r->arena_cap = 0;
    }
    if (r->toks_cap > TOKENS_KEEP) {
        free(r->toks);
        r->toks = NULL;
        r->toks_cap = 0;
    }
    r->arena_len = r->arena_floor = r->ntoks = r->ntags = r->ndiags = r->v_next = 0;
    r->kinds = 0;
    r->first_watch = r->after_result;
    r->tag_names = 0;
    r->state = ST_START;
    r->depth = r->v_mute = 0;
    r->in_comment = r->comment_stored = r->tokens_full = r->tags_full = r->started = false;
    r->comment_skipped = r->number_skipped = r->move_dropped = r->stray_text = false;
    r->stray_binary = r->stray_nul = false;
    r->skip_pieces = r->v_told = r->v_skip = r->v_direct = r->first_placed = false;
    r->markup_line = r->markup_col = r->binary_line = 0;
    r->tok_limit = r->lim.max_tokens;
}

/* Puts the diagnostics in input order (those found at the end of a game,
 * such as an unclosed '(', point back into it).  Insertion sort: the array
 * is short and nearly sorted. */
static void sort_diags(struct pgn_diag *d, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        struct pgn_diag x = d[i];
        size_t j = i;
        while (j > 0 &&
               (d[j - 1].line > x.line || (d[j - 1].line == x.line && d[j - 1].col > x.col))) {
            d[j] = d[j - 1];
            j--;
        }
        d[j] = x;
    }
}

/* Where the bytes of the game that ended on the current line stop (see
 * pgn_game.raw): after the line when the rest of it is blank, at the start
 * of the line when the next game begins there, else at r->pos.  Sets
 * where the next game's bytes start. */
size_t pgn_raw_end_on_line(struct pgn_reader *r)
{
    const char *line = r->line;
    size_t pos = r->pos, i = pos;
    while (i < r->line_len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (i == r->line_len && !r->continued) {
        r->have_line = false; /* nothing left on it for the next game */
        r->next_raw_line = r->lineno + 1;
        r->next_raw_col = 1;
        return r->cur;
    }
    r->next_raw_line = r->lineno;
    if (r->first_nonblank != SIZE_MAX && pos <= r->first_nonblank) {
        r->next_raw_col = 1;
        return r->line_raw;
    }
    r->next_raw_col = r->col_base + pos + 1;
    return (size_t)(line - r->src) + pos;
}

/* Hands the game its bytes, src[raw_start, end), unless they were let go
 * (max_game), and starts the next game's bytes at end. */
static void raw_cut(struct pgn_reader *r, struct pgn_game *g, size_t end)
{
    /* the same answer whether the bytes came in one read or many */
    if (!r->raw_lost && end - r->raw_start <= r->lim.max_game) {
        g->raw = r->src + r->raw_start;
        g->raw_len = end - r->raw_start;
    }
    g->raw_line = r->raw_line;
    g->raw_col = r->raw_col;
    r->raw_start = end;
    r->raw_line = r->next_raw_line;
    r->raw_col = r->next_raw_col;
    r->raw_lost = false;
}

/* Is the game that ends stray text (pgn_game.stray): after a result, no
 * tag and no move (or move number, or null move), only such text as
 * words, ')', NAGs, comments, and not ended by a result (PGN standard 18:
 * a result alone is a game, with an empty tag section and movetext; so
 * python-chess and chessops read it)?  Then its diagnostics give way to
 * one, PGN_E_STRAY_TEXT, at its first token that is no comment. */
static int stray_check(struct pgn_reader *r, bool at_result)
{
    if (at_result || !stray_so_far(r))
        return 0;
    if (r->first_watch && !r->first_placed)
        return 0;  /* comments alone: the next game's, or the input's last words */
    r->ndiags = 0; /* (an open comment or ')' is part of the stray text) */
    return pgn_add_diag(r, PGN_E_STRAY_TEXT, r->first.line, r->first.col) < 0 ? -1 : 1;
}

/* Closes what is still open and points the public arrays at the arena;
 * end is where the game's bytes stop (PGN_OPT_RAW). */
int pgn_finish_game(struct pgn_reader *r, struct pgn_game *g, size_t end, bool at_result)
{
    if (r->in_comment &&
        (pgn_add_diag(r, PGN_E_UNTERMINATED_COMMENT, r->comment_line, r->comment_col) < 0 ||
         pgn_comment_close(r) < 0))
        return -1;
    if (r->depth > 0 && pgn_add_diag(r, PGN_E_UNCLOSED_VARIATION, r->open_line, r->open_col) < 0)
        return -1;
    int stray = stray_check(r, at_result);
    if (stray < 0)
        return -1;
    if (!stray) { /* what the visitor has not seen yet */
        if (!r->v_told)
            pgn_tell_tags(r);
        pgn_visit_stored(r);
    }
    sort_diags(r->diags, r->ndiags);
    if (!r->started && r->ndiags) {
        r->start_line = r->diags[0].line;
        r->start_col = r->diags[0].col;
        r->start_offset =
            r->diags[0].line == r->lineno ? r->line_offset + r->start_col - 1 : r->line_offset;
    }
    *g = (struct pgn_game){
        .number = stray ? r->games : ++r->games,
        .stray = stray,
        .stray_binary = stray && r->stray_binary,
        .stray_nul = stray && r->stray_nul,
        .line = r->start_line,
        .col = r->start_col,
        .offset = r->start_offset,
        .tags = r->tags,
        .ntags = r->ntags,
        .tokens = r->toks,
        .ntokens = r->ntoks,
        .diags = r->diags,
        .ndiags = r->ndiags,
        .source = r->name,
        .markup_line = r->markup_line,
        .markup_col = r->markup_col,
    };
    if (stray) { /* the one token its message quotes (pgn_stray_message) */
        g->tokens = &r->first;
        g->ntokens = 1;
    }
    if (r->options & PGN_OPT_RAW)
        raw_cut(r, g, end);
    r->v->game_end(r->v_ctx, g);
    return 1;
}

/* Whether what was gathered before the end of the input is a game: not
 * when it is nothing, or only comments (trailing remarks after the last
 * game). */
bool pgn_worth_a_game(const struct pgn_reader *r)
{
    return r->ntags || r->ndiags || r->in_comment || r->number_skipped ||
           (kinds_read(r) & KINDS_NOT_COMMENT);
}
