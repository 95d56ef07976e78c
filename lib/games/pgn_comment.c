/* The PGN reader's brace comments (pgn_impl.h): opened, their text added
 * up to max_text, their end found (nested with PGN_OPT_NESTED_COMMENTS),
 * closed; scan_line (pgn.c) passes over a skipped one itself. */
#include "pgn_impl.h"

#include <string.h>

/* Adds [p, p + n) to the open comment, cut at max_text bytes. */
static int comment_append(struct pgn_reader *r, const char *p, size_t n)
{
    if (!r->comment_stored && !r->comment_skipped)
        return pgn_note_controls(r, p, n);
    size_t have = r->comment_skipped
                      ? r->comment_len
                      : r->arena_len - (size_t)(r->toks[r->ntoks - 1].text - r->arena);
    size_t room = have < r->lim.max_text ? r->lim.max_text - have : 0;
    if (n > room) {
        if (!r->comment_truncated) {
            r->comment_truncated = true;
            if (pgn_add_diag(r, PGN_E_TOKEN_TOO_LONG, r->comment_line, r->comment_col) < 0)
                return -1;
        }
        n = room;
    }
    if (r->comment_skipped) { /* what is kept is checked alike, and only that */
        r->comment_len += n;
        return pgn_note_controls(r, p, n);
    }
    if (pgn_arena_reserve(r, n + 1) < 0 || pgn_copy_clean(r, r->arena + r->arena_len, p, n) < 0)
        return -1;
    r->arena_len += n;
    return 0;
}

int pgn_comment_close(struct pgn_reader *r)
{
    r->in_comment = false;
    if (!r->comment_stored)
        return 0;
    size_t i = r->ntoks - 1;
    r->toks[i].len = r->arena_len - (size_t)(r->toks[i].text - r->arena);
    r->arena[r->arena_len++] = '\0'; /* (pgn_comment_open and _append left room) */
    if (r->state == ST_MOVES)
        pgn_visit_stored(r); /* (complete now) */
    return 0;
}

/* Where the comment that is open ends in [p, end): the first '}', or with
 * PGN_OPT_NESTED_COMMENTS the '}' that balances the inner '{' seen so far
 * (the count carries over lines); NULL if not on this line. */
static const char *comment_end(struct pgn_reader *r, const char *p, const char *end)
{
    if (!(r->options & PGN_OPT_NESTED_COMMENTS))
        return memchr(p, '}', (size_t)(end - p));
    for (; p < end; p++) {
        if (*p == '{')
            r->comment_nest++;
        else if (*p == '}' && r->comment_nest-- == 0)
            return p;
    }
    return NULL;
}

/* Scans comment text from p to its '}' or the end of the line; returns
 * where scanning resumes, NULL when out of memory. */
const char *pgn_comment_scan(struct pgn_reader *r, const char *p, const char *end)
{
    const char *close = comment_end(r, p, end);
    if (comment_append(r, p, (size_t)((close ? close : end) - p)) < 0)
        return NULL;
    if (close)
        return pgn_comment_close(r) < 0 ? NULL : close + 1;
    if (r->continued) /* a split overlong line goes on in the next piece */
        return end;
    return comment_append(r, "\n", 1) < 0 ? NULL : end;
}
