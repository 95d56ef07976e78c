/* Position legality for fen_validate: the part of FEN checking that looks
 * at the position as a whole rather than at the text. */
#include "fen.h"

/* FIDE Art. 3.9 / 4: each side has exactly one king; without that no rule
 * of the game (check, castling, mate) is defined. */
static bool check_kings(const struct fen_record *rec, struct fen_report *rep)
{
    bool ok = true;
    for (int c = WHITE; c <= BLACK; c++) {
        int n = bb_count(position_pieces(&rec->pos, (enum color)c, KING));
        if (n != 1) {
            fen_report_add(rep, FEN_KING_COUNT, rec->col[0], "%s has %d kings, expected 1",
                           c == WHITE ? "white" : "black", n);
            ok = false;
        }
    }
    return ok;
}

bool fen_validate(const struct fen_record *rec, struct fen_report *rep)
{
    int before = rep->count + rep->dropped;
    check_kings(rec, rep);
    return rep->count + rep->dropped == before;
}
