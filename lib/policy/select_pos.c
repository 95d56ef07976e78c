/* pgn-select's position criteria (select_pos.h): positions, patterns and
 * material, judged on a game's main line. */
#include "select_pos.h"

#include "rules/en_passant.h"
#include "notation/fen.h"

#include <stdio.h>
#include <string.h>

int select_ep_legal_slow(const struct position *p)
{
    return en_passant_square(p, p->ep_square, (enum color)p->side, EN_PASSANT_LEGAL);
}

/* A FEN is read under standard rules first, then under each variant's
 * (the one whose extensions or material it has: pockets, check counters,
 * a horde), so that a position of any game can be named; X-FEN's KQkq
 * name the outermost rooks, which in the standard set-up are the
 * corners. */
bool select_fen_parse(struct select_fen *f, const char *text, char *err, size_t errsize)
{
    size_t len = strlen(text);
    struct fen_report first = {0};
    for (int v = 0; v < VARIANT_NB; v++) {
        struct fen_record rec;
        struct fen_report rep = {0};
        struct fen_options opt = {.chess960 = true, .playable = true, .variant = (uint8_t)v};
        if (fen_read(text, len, &opt, &rec, &rep)) {
            f->pos = rec.pos;
            f->ep = select_ep_legal(&rec.pos);
            return true;
        }
        if (v == 0)
            first = rep;
    }
    if (first.count)
        snprintf(err, errsize, "illegal position '%s': column %u: %s", text, first.problems[0].col,
                 first.problems[0].message);
    else
        snprintf(err, errsize, "illegal position '%s'", text);
    return false;
}

static bool castling_equal(const struct position *a, const struct position *b)
{
    if (a->castling != b->castling)
        return false;
    for (int i = 0; i < 4; i++)
        if ((a->castling & (1 << i)) && a->castle_rook[i] != b->castle_rook[i])
            return false;
    return true;
}

bool select_fen_match_rest(const struct select_fen *f, const struct position *p)
{
    const struct position *t = &f->pos;
    if (p->side != t->side || p->by_color[WHITE] != t->by_color[WHITE])
        return false;
    for (int k = PAWN; k <= KING; k++)
        if (p->by_type[k] != t->by_type[k])
            return false;
    if (!castling_equal(p, t) || select_ep_legal(p) != f->ep || p->promoted != t->promoted)
        return false;
    return memcmp(p->pocket, t->pocket, sizeof p->pocket) == 0 &&
           memcmp(p->checks_given, t->checks_given, sizeof p->checks_given) == 0;
}

bool select_pattern_parse(struct select_pattern *pt, const char *text, char *err, size_t errsize)
{
    *pt = (struct select_pattern){.side = COLOR_NB};
    bitboard squares[PIECE_NB] = {0};
    const char *s = text;
    int rank = 7, file = 0;
    for (; *s && *s != ' '; s++) {
        char c = *s;
        if (c == '/') {
            if (file != 8) {
                snprintf(err, errsize, "bad board pattern '%s': rank %d has %d squares, not 8",
                         text, rank + 1, file);
                return false;
            }
            if (--rank < 0) {
                snprintf(err, errsize, "bad board pattern '%s': more than 8 ranks", text);
                return false;
            }
            file = 0;
            continue;
        }
        int n = c >= '1' && c <= '8' ? c - '0' : 1;
        if (file + n > 8) {
            snprintf(err, errsize, "bad board pattern '%s': rank %d has more than 8 squares", text,
                     rank + 1);
            return false;
        }
        int piece = fen_piece_by_letter[(unsigned char)c];
        if (c >= '1' && c <= '8') {
            for (int i = 0; i < n; i++)
                pt->empty |= bb_square(square_make(file + i, rank));
        } else if (piece != NO_PIECE) {
            squares[piece] |= bb_square(square_make(file, rank));
        } else if (c != '?') {
            snprintf(err, errsize,
                     "bad board pattern '%s': '%c' is no piece letter, digit 1-8 or '?'", text, c);
            return false;
        }
        file += n;
    }
    if (rank != 0) {
        snprintf(err, errsize, "bad board pattern '%s': %d ranks, not 8", text, 8 - rank);
        return false;
    }
    if (file != 8) {
        snprintf(err, errsize, "bad board pattern '%s': rank 1 has %d squares, not 8", text, file);
        return false;
    }
    if (*s) {
        if (strcmp(s, " w") == 0) {
            pt->side = WHITE;
        } else if (strcmp(s, " b") == 0) {
            pt->side = BLACK;
        } else {
            snprintf(err, errsize, "bad board pattern '%s': after the board only \" w\" or \" b\"",
                     text);
            return false;
        }
    }
    for (int c = WHITE; c <= BLACK; c++)
        for (int t = PAWN; t <= KING; t++)
            if (squares[piece_make((enum color)c, (enum piece_type)t)]) {
                pt->kind_color[pt->nkinds] = (uint8_t)c;
                pt->kind_type[pt->nkinds] = (uint8_t)t;
                pt->kind_squares[pt->nkinds++] =
                    squares[piece_make((enum color)c, (enum piece_type)t)];
            }
    return true;
}

bool select_material_parse(struct select_material *m, const char *text, char *err, size_t errsize)
{
    *m = (struct select_material){0};
    static const char letters[] = "PNBRQK"; /* PAWN .. KING */
    const char *s = text;
    for (int c = WHITE; c <= BLACK; c++) {
        for (; *s && *s != ':' && *s != '+'; s++) {
            const char *l = strchr(letters, *s);
            if (!l) {
                snprintf(err, errsize,
                         "bad material '%s': '%c' is no piece letter (K Q R B N P, upper case)",
                         text, *s);
                return false;
            }
            if (m->count[c][0] == 64) {
                snprintf(err, errsize, "bad material '%s': more than 64 pieces a side", text);
                return false;
            }
            m->count[c][PAWN + (l - letters)]++;
            m->count[c][0]++;
        }
        if (*s == '+') {
            m->at_least[c] = true;
            s++;
        }
        if (c == WHITE) {
            if (*s != ':') {
                snprintf(err, errsize,
                         "bad material '%s': White's pieces, ':', Black's pieces (as KQR:KR)",
                         text);
                return false;
            }
            s++;
        }
    }
    if (*s) {
        snprintf(err, errsize, "bad material '%s': '%c' after Black's pieces", text, *s);
        return false;
    }
    return true;
}

const uint32_t select_rook_keep[16] = {
    0x00000000, 0x000000ff, 0x0000ff00, 0x0000ffff, 0x00ff0000, 0x00ff00ff, 0x00ffff00, 0x00ffffff,
    0xff000000, 0xff0000ff, 0xff00ff00, 0xff00ffff, 0xffff0000, 0xffff00ff, 0xffffff00, 0xffffffff};

uint64_t select_position_hash(const struct position *p, uint64_t seed)
{
    uint64_t h = seed;
    h = select_mix(h ^ p->by_color[WHITE]);
    h = select_mix(h ^ p->by_color[BLACK]);
    for (int k = PAWN; k <= KING; k++)
        h = select_mix(h ^ p->by_type[k]);
    uint64_t rooks = 0;
    for (int i = 0; i < 4; i++)
        if (p->castling & (1 << i))
            rooks |= (uint64_t)p->castle_rook[i] << (8 * i);
    uint64_t state = (uint64_t)p->side | (uint64_t)p->castling << 1 |
                     (uint64_t)(uint8_t)select_ep_legal(p) << 8 | (uint64_t)p->variant << 16 |
                     (uint64_t)p->checks_given[WHITE] << 24 |
                     (uint64_t)p->checks_given[BLACK] << 28 | rooks << 32;
    h = select_mix(h ^ state);
    if (p->variant != VARIANT_CHESS) {
        uint64_t pockets[2] = {0};
        memcpy(pockets, p->pocket, sizeof p->pocket);
        h = select_mix(h ^ pockets[0]);
        h = select_mix(h ^ pockets[1]);
        h = select_mix(h ^ p->promoted);
    }
    return h;
}
