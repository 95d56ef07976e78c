/* Checking PGN games the way a database maintainer does: every problem of
 * a game as a diagnostic with a stable code, a level, its place and a
 * message; the tool (pgn-check) decides what to print.  The checks and
 * the rules they come from are listed in formats/pgn-check.md.
 *
 *     struct pgn_checker *c = pgn_checker_new();
 *     struct pgn_check_result res;
 *     struct pgn_game g;
 *     pgn_reader_set_options(reader, PGN_CHECK_READER_OPTIONS);
 *     while ((rc = pgn_check_read_game(c, reader, &g, &res)) > 0)
 *         for (size_t i = 0; i < res.ndiags; i++)
 *             ... res.diags[i].code, .level, .line, .col, .message ...
 *     // rc == -2: the checker ran out of memory
 *     pgn_checker_free(c);
 *
 * The checker is the reader's visitor (pgn.h): a game's start position,
 * moves and comment commands are checked as the reader offers them, the
 * rest at its end, where its bytes are known.  Duplicate games are found
 * across games with a game_id_set (game_id.h).  The library never prints. */
#ifndef CHESS_PGN_CHECK_H
#define CHESS_PGN_CHECK_H

#include "notation/fen.h"
#include "game_id.h"
#include "games/pgn.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The reader options the checker expects: the games' bytes (for the byte
 * checks and to pass clean games through) and repeated tags kept. */
#define PGN_CHECK_READER_OPTIONS (PGN_OPT_RAW | PGN_OPT_REPEATED_TAGS)

enum pgn_check_level { PGN_CHECK_ERROR, PGN_CHECK_WARNING, PGN_CHECK_NOTE, PGN_CHECK_LEVEL_NB };

/* Every check, in three groups: a code's level is its group's.  The FEN
 * tag's problems follow: PGN_CHECK_FEN + (fen_code - 1), with fen-check's
 * names. */
enum pgn_check_code {
    /* errors: the game cannot be read as written */
    PGN_CHECK_UNEXPECTED_TOKEN,
    PGN_CHECK_BAD_NAG,
    PGN_CHECK_BAD_TAG,
    PGN_CHECK_UNTERMINATED_TAG,
    PGN_CHECK_UNTERMINATED_COMMENT,
    PGN_CHECK_UNCLOSED_VARIATION,
    PGN_CHECK_UNMATCHED_CLOSE,
    PGN_CHECK_RESULT_IN_VARIATION,
    PGN_CHECK_VARIATION_WITHOUT_MOVE,
    PGN_CHECK_OVER_LIMIT,
    PGN_CHECK_ILLEGAL_MOVE,
    PGN_CHECK_AMBIGUOUS_MOVE,
    PGN_CHECK_ILLEGAL_VARIATION_MOVE,
    PGN_CHECK_UNSUPPORTED_VARIANT,
    PGN_CHECK_STRAY_TEXT,
    /* warnings: the game replays but its data is wrong or inconsistent */
    PGN_CHECK_MISSING_RESULT,
    PGN_CHECK_BAD_RESULT_TAG,
    PGN_CHECK_RESULT_MISMATCH,
    PGN_CHECK_WRONG_RESULT,
    PGN_CHECK_MISSING_TAG,
    PGN_CHECK_EMPTY_TAG,
    PGN_CHECK_DUPLICATE_TAG,
    PGN_CHECK_BAD_DATE,
    PGN_CHECK_FEN_WITHOUT_SETUP,
    PGN_CHECK_SETUP_WITHOUT_FEN,
    PGN_CHECK_PLYCOUNT_MISMATCH,
    PGN_CHECK_WRONG_MOVE_NUMBER,
    PGN_CHECK_NULL_MOVE,
    PGN_CHECK_INVALID_UTF8,
    PGN_CHECK_NUL_BYTE,
    PGN_CHECK_CONTROL_BYTE,
    PGN_CHECK_DUPLICATE_GAME,
    PGN_CHECK_BAD_CLOCK,
    PGN_CHECK_BAD_EVAL,
    PGN_CHECK_BAD_SHAPE,
    PGN_CHECK_EMPTY_GAME,
    /* notes (style, --pedantic) */
    PGN_CHECK_CHECK_MARK,
    PGN_CHECK_ZERO_CASTLING,
    PGN_CHECK_SAN_STYLE,
    PGN_CHECK_LONG_LINE,
    PGN_CHECK_TAG_ORDER,
    PGN_CHECK_NONSTANDARD_TOKEN,
    /* the FEN tag: fen-check's codes, FEN_EMPTY .. FEN_HALFMOVE_EP */
    PGN_CHECK_FEN,
    PGN_CHECK_CODE_NB = PGN_CHECK_FEN + FEN_LINE_TOO_LONG - 1
};

/* The checker's code for a FEN problem. */
static inline enum pgn_check_code pgn_check_fen_code(enum fen_code c)
{
    return (enum pgn_check_code)(PGN_CHECK_FEN + (int)c - 1);
}

/* The stable name ("illegal-move", "king-count"), the level and a one-line
 * description of each code; "error", "warning", "note". */
const char *pgn_check_code_name(enum pgn_check_code code);
enum pgn_check_level pgn_check_code_level(enum pgn_check_code code);
const char *pgn_check_code_summary(enum pgn_check_code code);
const char *pgn_check_level_name(enum pgn_check_level level);

/* The code called name[0..len); false when there is none. */
bool pgn_check_code_parse(const char *name, size_t len, enum pgn_check_code *out);

/* Lines longer than this many characters are a note (PGN standard 4.1). */
enum { PGN_CHECK_LINE_MAX = 255 };

/* At most this many diagnostics per game; past it one more says how many
 * were left out (a binary file is one game with a problem on every line). */
enum { PGN_CHECK_DIAGS_MAX = 100 };

struct pgn_check_diag {
    enum pgn_check_code code;
    enum pgn_check_level level;
    unsigned long line, col; /* 1-based */
    const char *message;     /* " (White - Black, Round): ply 3 (2.): illegal move ..." */
    size_t message_len;
    /* Mended by the tool that reports it (pgn-check --fix; the checker
     * never sets it): then reported as a note. */
    bool fixed;
};

/* What pgn_check_read_game found; the arrays are the checker's, valid
 * until its next call. */
struct pgn_check_result {
    const struct pgn_check_diag *diags; /* in input order */
    size_t ndiags;
    unsigned errors, warnings, notes; /* diagnostics of each level */
    /* The game's identity for duplicate detection (game_id.h: rules,
     * start position and main line, then the White, Black and result
     * texts), when the whole main line replayed and has a ply. */
    bool hashed;
    struct game_id id;
    /* The game's White, Black, Round and Event tags (NULL when missing),
     * for a label made later (game_label's wording). */
    const struct pgn_tag *white, *black, *round, *event;
};

/* A checker with every error and warning on and the notes off; NULL when
 * out of memory.  Not thread-safe: one checker per thread. */
struct pgn_checker *pgn_checker_new(void);
void pgn_checker_free(struct pgn_checker *c);

/* The rules of the games without a Variant tag (pgn-check --variant),
 * standard chess unless set; chess960_all: every game Chess960, whatever
 * its Variant tag (pgn-check --chess960). */
void pgn_checker_set_variant(struct pgn_checker *c, enum variant v, bool chess960,
                             bool chess960_all);

/* The lines before the text the games are read from (a chunk of a file
 * under --jobs): a line number quoted inside a message ("first on line
 * 12") is shifted by them, as the caller shifts the places.  0 unless set. */
void pgn_checker_set_line_offset(struct pgn_checker *c, unsigned long lines);

/* Turn one check on or off. */
void pgn_checker_enable(struct pgn_checker *c, enum pgn_check_code code, bool on);
bool pgn_checker_enabled(const struct pgn_checker *c, enum pgn_check_code code);

/* Read the next game of r (opened with PGN_CHECK_READER_OPTIONS; without
 * PGN_OPT_RAW the byte checks are skipped) and check it as it is read:
 * returns as pgn_read_game (1 with the game in *g, as pgn_read_game's
 * game_end has it: no tokens but stray text's one; 0 at the end; -1 on
 * the reader's hard error), or -2 when the checker ran out of memory. */
int pgn_check_read_game(struct pgn_checker *c, struct pgn_reader *r, struct pgn_game *g,
                        struct pgn_check_result *res);

/* Duplicate games are kept by the caller in a game_id_set with places
 * (the game's ordinal across all inputs and its first line). */

/* The duplicate-game message: "duplicate of game 17 (line 402)", or
 * "(FILE:402)" when the first copy is in another input (first_file not
 * NULL).  snprintf contract. */
size_t pgn_check_duplicate_text(char *buf, size_t size, unsigned long first_game,
                                const char *first_file, unsigned long first_line);

#endif
