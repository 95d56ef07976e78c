/* Position legality: the part of FEN checking that looks at the position
 * as a whole rather than at the text (fen_parse reads the text); it gives
 * enum fen_code's "position" codes. */
#ifndef CHESS_FEN_VALIDATE_H
#define CHESS_FEN_VALIDATE_H

#include "fen_record.h"

#include <stdbool.h>

/* Check that a parsed position is legal (FIDE rules, and reachable by piece
 * counts and checks); appends problems to rep and returns true when none
 * were found.  After a failed fen_parse each check runs only when the fields
 * it needs were read (rec->fields_ok), so every problem is reported once;
 * without a readable board it adds nothing and returns false. */
bool fen_validate(const struct fen_record *rec, struct fen_report *rep);

#endif
