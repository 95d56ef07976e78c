/* The FEN layer's shared vocabulary (fen_record.h): the codes' names, the
 * report and the piece letters. */
#include "fen_record.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const code_names[FEN_CODE_NB] = {
#define FEN_CODE_NAME(code, name) [code] = name,
    FEN_CODES(FEN_CODE_NAME)
#undef FEN_CODE_NAME
};

const char *fen_code_name(enum fen_code code)
{
    return (unsigned)code < FEN_CODE_NB && code_names[code] ? code_names[code] : "unknown";
}

void fen_report_add(struct fen_report *rep, enum fen_code code, unsigned col, const char *fmt, ...)
{
    if (rep->count >= FEN_PROBLEMS_MAX) {
        rep->dropped++;
        return;
    }
    struct fen_problem *pr = &rep->problems[rep->count++];
    pr->code = code;
    pr->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pr->message, sizeof pr->message, fmt, ap);
    va_end(ap);
}

const uint8_t fen_piece_by_letter[256] = {
    ['P'] = 1, ['N'] = 2,  ['B'] = 3,  ['R'] = 4,  ['Q'] = 5,  ['K'] = 6,
    ['p'] = 9, ['n'] = 10, ['b'] = 11, ['r'] = 12, ['q'] = 13, ['k'] = 14,
};
