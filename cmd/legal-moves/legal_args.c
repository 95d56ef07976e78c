/*
 * legal_args.c - the values of legal-moves' options (see legal_args.h).
 */
#include "legal_args.h"

#include "notation/san.h"

#include <stdlib.h>
#include <string.h>

/* Split --moves into move texts; move numbers ("1.", "12...") may stand
 * alone or before a move ("1.e4") and are dropped.  The shape of each move
 * is checked here, once: no position can make a malformed move legal. */
void legal_args_moves(struct move_list_options *opt, char *arg, struct argp_state *state)
{
    size_t n = 0, cap = 0;
    struct move_list_text *list = NULL;
    for (char *s = arg; *s;) {
        while (*s == ' ' || *s == '\t' || *s == ',')
            s++;
        char *b = s;
        while (*s && *s != ' ' && *s != '\t' && *s != ',')
            s++;
        char *e = s;
        char *q = b;
        while (q < e && *q >= '0' && *q <= '9')
            q++;
        if (q > b && q < e && *q == '.') {
            while (q < e && *q == '.')
                q++;
            b = q;
        }
        if (b == e)
            continue;
        struct san_parsed sp;
        if (san_scan(b, (size_t)(e - b), &sp) != SAN_OK)
            argp_error(state,
                       "invalid --moves: move %zu '%.*s' is not a move in SAN, long algebraic or "
                       "UCI notation",
                       n + 1, (int)(e - b), b);
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            struct move_list_text *grown = realloc(list, cap * sizeof *list);
            if (!grown)
                argp_failure(state, CLI_OSERR, 0, "out of memory");
            list = grown;
        }
        list[n++] = (struct move_list_text){b, (size_t)(e - b)};
    }
    opt->moves = list;
    opt->nmoves = n;
}

/* A square operand: exactly a file letter and a rank digit. */
int legal_args_square(const char *arg, const char *option, struct argp_state *state)
{
    int sq = strlen(arg) == 2 ? square_parse(arg, 2) : SQUARE_NONE;
    if (sq == SQUARE_NONE)
        argp_error(state, "invalid %s value '%s' (expected a square such as e4)", option, arg);
    return sq;
}

/* --lone PIECE-SQUARE: a FEN piece letter (upper case white, lower case
 * black) and a square; a pawn never stands on the first or last rank
 * (FIDE Art. 3.7: it starts on its second rank and promotes on the last). */
void legal_args_lone(struct move_list_options *opt, const char *arg, struct argp_state *state)
{
    static const char letters[] = "PNBRQKpnbrqk";
    const char *k = arg[0] ? strchr(letters, arg[0]) : NULL;
    if (!k)
        argp_error(state,
                   "invalid --lone value '%s': '%c' is not a piece letter (K, Q, R, B, N, P; lower "
                   "case for black)",
                   arg, arg[0] ? arg[0] : ' ');
    int sq = strlen(arg) == 3 ? square_parse(arg + 1, 2) : SQUARE_NONE;
    if (sq == SQUARE_NONE)
        argp_error(state,
                   "invalid --lone value '%s': '%s' is not a square (expected a piece and a "
                   "square, like Nd4)",
                   arg, arg + 1);
    int idx = (int)(k - letters);
    opt->lone_piece = piece_make(idx >= 6 ? BLACK : WHITE, (enum piece_type)(PAWN + idx % 6));
    if (idx % 6 == 0 && (square_rank(sq) == 0 || square_rank(sq) == 7))
        argp_error(state,
                   "invalid --lone value '%s': a pawn cannot stand on the first or last rank", arg);
    opt->lone_square = sq;
}
