/*
 * game_out.c - games written byte for byte (game_out.h).
 */
#include "game_out.h"

size_t game_out_lead(const char *s, size_t n)
{
    size_t lead = 0, i = 0;
    while (i < n) {
        if (s[i] == '\n')
            lead = ++i;
        else if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')
            i++;
        else
            break;
    }
    return lead;
}

static void put(struct game_out *o, const char *s, size_t from, size_t to)
{
    if (to > from) {
        fwrite_unlocked(s + from, 1, to - from, o->fp);
        o->need_newline = s[to - 1] != '\n';
    }
}

void game_out_game(struct game_out *o, const char *raw, size_t len, size_t lead, bool written)
{
    if (o->last_written)
        put(o, raw, 0, lead);
    if (!written && o->last_written && o->need_newline) {
        /* the game written before ends inside a line that this one goes
         * on: the line is ended, so that the next game written starts one */
        fputc_unlocked('\n', o->fp);
        o->need_newline = false;
    }
    o->last_written = written;
    if (written)
        put(o, raw, lead, len);
}

void game_out_between(struct game_out *o, const char *raw, size_t len)
{
    if (!o->last_written)
        return;
    if (o->need_newline)
        fputc_unlocked('\n', o->fp);
    o->need_newline = false;
    /* the blank lines that end the text separate the games around it */
    size_t blank = len;
    while (blank > 0 && (raw[blank - 1] == '\n' || raw[blank - 1] == ' ' ||
                         raw[blank - 1] == '\t' || raw[blank - 1] == '\r'))
        blank--;
    while (blank < len && raw[blank] != '\n')
        blank++; /* (past the end of the text's last line) */
    if (blank < len)
        put(o, raw, blank + 1, len);
}

void game_out_rest(struct game_out *o, const char *raw, size_t len)
{
    if (o->last_written)
        put(o, raw, 0, len);
}
