/*
 * explore_criteria.c - pgn-select's criteria for pgn-explore
 * (explore_criteria.h).  INTERIM, until the shared child lands.
 */
#include "explore_criteria.h"

#include "cli/cli_help.h"

#include <stdlib.h>

/* A criterion's option is OPT_CRITERION + its enum select_criterion (but
 * --player's, -p). */
enum {
    OPT_CRITERION = 0x300,
    OPT_TAG = OPT_CRITERION + SELECT_TAG,
    OPT_SPEED = OPT_CRITERION + SELECT_SPEED,
    OPT_VARIANT = OPT_CRITERION + SELECT_VARIANT,
    OPT_POSITION = OPT_CRITERION + SELECT_POSITION,
    OPT_MATERIAL = OPT_CRITERION + SELECT_MATERIAL,
    OPT_MATERIAL_PLIES = OPT_CRITERION + SELECT_MATERIAL_PLIES,
    OPT_MIN_PLIES = OPT_CRITERION + SELECT_MIN_PLIES,
    OPT_MAX_PLIES = OPT_CRITERION + SELECT_MAX_PLIES,
    OPT_ENDING = OPT_CRITERION + SELECT_ENDING,
    OPT_ECO = OPT_CRITERION + SELECT_ECO,
    OPT_OPENING = OPT_CRITERION + SELECT_OPENING,
};

static const struct argp_option options[] = {
    {"tag", OPT_TAG, "'NAME OP VALUE'", 0,
     "A tag compared with a value: OP is = != < <= > >= (numbers as numbers, dates such as "
     "2024.01.?? as dates, other values as text) or ~ !~ (a PCRE2 pattern); spaces around OP "
     "are optional ('WhiteElo>=2700'). A game without the tag meets no comparison. Repeatable: "
     "every one must hold",
     0},
    {"player", 'p', "PATTERN", 0, "White or Black matches the PCRE2 pattern", 0},
    {"speed", OPT_SPEED, "LIST", 0,
     "The speed of the TimeControl tag, by lichess's rule (initial + 40 x increment seconds: "
     "ultrabullet < 30, bullet < 180, blitz < 480, rapid < 1500, classical < 21600; '-' is "
     "correspondence); a comma-separated list, any one",
     0},
    {"variant", OPT_VARIANT, "NAME", 0,
     "The rules of the game, from its Variant tag (none: chess): %s (PGN's spellings too)", 0},
    {"position", OPT_POSITION, "PATTERN", 0,
     "The main line reaches a board that the pattern describes: FEN's board field where ? "
     "stands for any square ('rnbqkb?r/pp??pppp/8/8/8/8/PPPPPPPP/RNBQKBNR'), optionally "
     "followed by ' w' or ' b'; repeatable: any one",
     0},
    {"material", OPT_MATERIAL, "SIG", 0,
     "The main line reaches this material, White's pieces then Black's ('KQR:KR'; '+' after "
     "a side: at least those, 'KR+:K'); repeatable: any one",
     0},
    {"material-plies", OPT_MATERIAL_PLIES, "N", 0,
     "The material of --material is held for N plies in a row (default 1)", 0},
    {"min-plies", OPT_MIN_PLIES, "N", 0, "The main line has at least N plies", 0},
    {"max-plies", OPT_MAX_PLIES, "N", 0, "The main line has at most N plies", 0},
    {"ending", OPT_ENDING, "LIST", 0,
     "The position at the end of the main line: checkmate, stalemate, insufficient "
     "(material), threefold (it stands for the third time), fifty (fifty moves without a "
     "capture or a pawn move) or variant (the variant's own end); a comma-separated list, any one",
     0},
    {"eco", OPT_ECO, "CODES", 0,
     "The game's opening has one of these ECO codes or ranges ('B90', 'A00-B99', "
     "'C60-C99,B20'), named by lichess's table of openings (lichess-org/chess-openings, built in) "
     "as lichess "
     "names them: the deepest named position among the first 40 plies",
     0},
    {"opening", OPT_OPENING, "PATTERN", 0,
     "The name of the game's opening matches the PCRE2 pattern ('Sicilian.*Najdorf')", 0},
    {0},
};

static const char *option_name(int key)
{
    for (const struct argp_option *o = options; o->name || o->doc; o++)
        if (o->key == key && o->name)
            return o->name;
    return "?";
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    struct explore_criteria_opts *o = state->input;
    char err[512];
    if (key == ARGP_KEY_INIT) {
        o->criteria = select_new();
        if (!o->criteria)
            exit(cli_nomem());
        return 0;
    }
    enum select_criterion c = key == 'p' ? SELECT_PLAYER
                              : key >= OPT_CRITERION && key < OPT_CRITERION + SELECT_CRITERION_NB
                                  ? (enum select_criterion)(key - OPT_CRITERION)
                                  : SELECT_CRITERION_NB;
    if (c == SELECT_CRITERION_NB)
        return ARGP_ERR_UNKNOWN;
    if (!select_add(o->criteria, c, arg, err, sizeof err))
        argp_error(state, "--%s: %s", option_name(key), err);
    if (c == SELECT_VARIANT)
        o->variant = arg;
    return 0;
}

/* --variant's help: the names from the rule table. */
static char *help_filter(int key, const char *text, void *input)
{
    (void)input;
    return key == OPT_VARIANT && text ? cli_help_variants(text, 0) : (char *)text;
}

const struct argp explore_criteria_argp = {options, parse_opt, NULL, NULL, NULL, help_filter, NULL};

const char *explore_criteria_variant(const struct explore_criteria_opts *o)
{
    return o->variant;
}

struct select_criteria *explore_criteria_finish(struct explore_criteria_opts *o, char *err,
                                                size_t errsize)
{
    struct select_criteria *s = o->criteria;
    o->criteria = NULL;
    if (!select_finish(s, err, errsize)) {
        select_free(s);
        return NULL;
    }
    return s;
}
