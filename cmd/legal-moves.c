/*
 * legal-moves - list the legal moves of each FEN or EPD record, one line per
 * position, in UCI, SAN, long algebraic or named notation; or count them,
 * give the game status, explain why a move is illegal, or list where a lone
 * piece could go on an empty board.
 */
#include "cli.h"

#include "attacks.h"
#include "explain.h"
#include "fen-diag.h"
#include "fen.h"
#include "makemove.h"
#include "named.h"
#include "san.h"
#include "status.h"
#include "uci.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum notation { NOTATION_UCI, NOTATION_SAN, NOTATION_LAN, NOTATION_NAMED };

/* What each record prints: the move list, its size, the status, the
 * verdict on one move, or (without input) a lone piece's squares. */
enum mode { MODE_LIST, MODE_COUNT, MODE_STATUS, MODE_EXPLAIN, MODE_LONE };

/* One move of --moves, as a slice of the option's text. */
struct move_text {
    const char *s;
    size_t len;
};

struct options {
    struct cli_common common;
    enum notation notation;
    enum named_vocabulary names;
    enum mode mode;
    bool count, status, json, fen, chess960, strict;
    /* filters */
    int from, to;               /* SQUARE_NONE when not given */
    enum piece_type piece;      /* NO_PIECE_TYPE when not given */
    bool captures, checks;
    bool filtered;
    /* --moves */
    struct move_text *moves;
    size_t nmoves;
    /* --explain */
    const char *explain;
    /* --lone */
    int lone_piece, lone_square;
    /* operands */
    char **files;
    int nfiles;
};

enum {
    OPT_FROM = 0x100,
    OPT_TO,
    OPT_PIECE,
    OPT_CAPTURES,
    OPT_CHECKS,
    OPT_FEN,
    OPT_STATUS,
    OPT_LONE,
    OPT_CHESS960,
    OPT_STRICT,
    OPT_NAMES,
};

static const struct argp_option tool_options[] = {
    {0, 0, 0, 0, "Output:", 1},
    {"notation", 'n', "NOTATION", 0, "Write moves as uci (e2e4, e7e8q; the default), san (Nf3, exd5, O-O+), lan (Ng1-f3, e4xd5) or named (e2 - e4 Pawn-move)", 1},
    {"names", OPT_NAMES, "VOCABULARY", 0, "Rule names of the named notation: dagaz (the default) or zrf", 1},
    {"count", 'c', 0, 0, "Print only the number of moves", 1},
    {"fen", OPT_FEN, 0, 0, "Put the position's FEN and a tab in front of each line", 1},
    {"json", 'j', 0, 0, "One JSON object per position: FEN, status, count and the moves in every notation", 1},
    {"status", OPT_STATUS, 0, 0, "Print the game status instead: checkmate, stalemate, insufficient material, seventy-five-move rule, fifty-move rule, check or ongoing", 1},
    {"explain", 'e', "MOVE", 0, "Say whether MOVE (UCI or SAN) is legal and, if not, which rule it breaks", 1},
    {"lone", OPT_LONE, "PIECE-SQUARE", 0, "Read no input; list the squares a lone piece reaches on an empty board (Nd4; lower case for black: pe7)", 1},
    {0, 0, 0, 0, "Position:", 2},
    {"moves", 'm', "MOVES", 0, "Play these moves (UCI or SAN, separated by spaces) from each position first", 2},
    {"chess960", OPT_CHESS960, 0, 0, "Read KQkq castling as X-FEN (Chess960) even in the standard set-up", 2},
    {"strict", OPT_STRICT, 0, 0, "Refuse positions that no game can reach (impossible checks or material, a half-move clock beside an en-passant square) and records without all six fields, as fen-check does; by default every position whose moves are defined is taken", 2},
    {0, 0, 0, 0, "Filters (all must hold):", 3},
    {"from", OPT_FROM, "SQUARE", 0, "Only moves from SQUARE", 3},
    {"to", OPT_TO, "SQUARE", 0, "Only moves to SQUARE (for castling, the king's destination)", 3},
    {"piece", OPT_PIECE, "LETTER", 0, "Only moves of this piece: K, Q, R, B, N or P (either case)", 3},
    {"captures", OPT_CAPTURES, 0, 0, "Only captures (en passant included)", 3},
    {"checks", OPT_CHECKS, 0, 0, "Only moves that give check", 3},
    {0},
};

static const char doc[] =
    "List the legal moves of chess positions given as FEN or EPD records."
    "\v"
    "Each FILE (standard input when none, or -) holds one FEN or EPD record per line; blank lines are "
    "skipped. Each valid position gives one output line: its legal moves separated by spaces, an empty "
    "line when there is none. With --moves, the moves are played first and the position reached is the "
    "one listed.\n\n"
    "Order: moves are sorted by their UCI text (from-square, then to-square, then promotion piece b, n, "
    "q, r), whatever the notation, so every notation lists the same moves in the same order. Castling "
    "is written e1g1 in UCI for standard chess and king-takes-rook (e1h1) for Chess960; O-O in SAN.\n\n"
    "--explain prints \"legal\" or \"illegal: \" and the reason, for example \"illegal: the path from "
    "a1 to a8 is blocked at a4\" or \"illegal: castling not allowed: king is in check\"; an illegal "
    "move is an answer, not an error.\n\n"
    "A record that is not a legal position, or where a move of --moves is illegal, gives a message "
    "legal-moves:FILE:LINE:COL: and no output line; the other records are still processed.\n\n"
    "Examples:\n"
    "  fen-check < positions | legal-moves --count\n"
    "  legal-moves -n san --moves 'e4 e5 Nf3' --piece N positions.fen\n"
    "  legal-moves --explain O-O --fen positions.fen\n"
    "  legal-moves --lone Nd4\n\n" CLI_EXIT_STATUS_DOC;

/* Split --moves into move texts; move numbers ("1.", "12...") may stand
 * alone or before a move ("1.e4") and are dropped.  The shape of each move
 * is checked here, once: no position can make a malformed move legal. */
static void parse_moves(struct options *opt, char *arg, struct argp_state *state)
{
    size_t n = 0, cap = 0;
    struct move_text *list = NULL;
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
            argp_error(state, "invalid --moves: move %zu '%.*s' is not a move in SAN, long algebraic or UCI notation",
                       n + 1, (int)(e - b), b);
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            struct move_text *grown = realloc(list, cap * sizeof *list);
            if (!grown)
                argp_failure(state, CLI_OSERR, 0, "out of memory");
            list = grown;
        }
        list[n++] = (struct move_text){b, (size_t)(e - b)};
    }
    opt->moves = list;
    opt->nmoves = n;
}

/* A square operand: exactly a file letter and a rank digit. */
static int parse_square(const char *arg, const char *option, struct argp_state *state)
{
    int sq = strlen(arg) == 2 ? square_parse(arg, 2) : SQUARE_NONE;
    if (sq == SQUARE_NONE)
        argp_error(state, "invalid %s value '%s' (expected a square such as e4)", option, arg);
    return sq;
}

/* --lone PIECE-SQUARE: a FEN piece letter (upper case white, lower case
 * black) and a square; a pawn never stands on the first or last rank
 * (FIDE Art. 3.7: it starts on its second rank and promotes on the last). */
static void parse_lone(struct options *opt, const char *arg, struct argp_state *state)
{
    static const char letters[] = "PNBRQKpnbrqk";
    const char *k = arg[0] ? strchr(letters, arg[0]) : NULL;
    if (!k)
        argp_error(state, "invalid --lone value '%s': '%c' is not a piece letter (K, Q, R, B, N, P; lower case for black)",
                   arg, arg[0] ? arg[0] : ' ');
    int sq = strlen(arg) == 3 ? square_parse(arg + 1, 2) : SQUARE_NONE;
    if (sq == SQUARE_NONE)
        argp_error(state, "invalid --lone value '%s': '%s' is not a square (expected a piece and a square, like Nd4)", arg,
                   arg + 1);
    int idx = (int)(k - letters);
    opt->lone_piece = piece_make(idx >= 6 ? BLACK : WHITE, (enum piece_type)(PAWN + idx % 6));
    if (idx % 6 == 0 && (square_rank(sq) == 0 || square_rank(sq) == 7))
        argp_error(state, "invalid --lone value '%s': a pawn cannot stand on the first or last rank", arg);
    opt->lone_square = sq;
}

/* Options that ask for different outputs cannot be mixed; this says which
 * pair was given rather than picking one silently. */
static void check_combinations(struct options *opt, struct argp_state *state)
{
    if (opt->count && opt->status)
        argp_error(state, "--count and --status cannot be combined");
    if (opt->json && (opt->count || opt->status))
        argp_error(state, "--json already holds the count and the status; give it alone");
    if (opt->explain && (opt->count || opt->status))
        argp_error(state, "--explain cannot be combined with --%s", opt->count ? "count" : "status");
    if ((opt->explain || opt->status) && opt->filtered)
        argp_error(state, "the filters (--from, --to, --piece, --captures, --checks) apply to move lists, "
                          "not to --%s", opt->explain ? "explain" : "status");
    if (opt->mode == MODE_LONE) {
        if (opt->explain || opt->status || opt->json || opt->fen || opt->filtered || opt->nmoves)
            argp_error(state, "--lone reads no position: only --count goes with it");
        if (opt->nfiles)
            argp_error(state, "--lone reads no input, but FILE operands were given");
        return;
    }
    opt->mode = opt->explain ? MODE_EXPLAIN : opt->status ? MODE_STATUS : opt->count ? MODE_COUNT : MODE_LIST;
}

/* Each option sets its field, values checked on the spot so that a typo
 * is a usage error before any input is read; the combinations are judged
 * at the end, once all are known. */
static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
    /* --notation values, in the order of enum notation */
    static const char *const notations[] = {"uci", "san", "lan", "named"};
    struct options *opt = state->input;
    switch (key) {
    case ARGP_KEY_INIT:
        state->child_inputs[0] = &opt->common;
        break;
    case 'n':
        opt->notation = (enum notation)cli_keyword(state, "notation", arg, notations, 4);
        break;
    case OPT_NAMES:
        if (!named_vocabulary_parse(arg, &opt->names))
            argp_error(state, "invalid --names value '%s' (expected dagaz or zrf)", arg);
        break;
    case 'c':
        opt->count = true;
        break;
    case 'j':
        opt->json = true;
        break;
    case OPT_FEN:
        opt->fen = true;
        break;
    case OPT_STATUS:
        opt->status = true;
        break;
    case 'e': {
        struct san_parsed sp;
        if (san_scan(arg, strlen(arg), &sp) != SAN_OK)
            argp_error(state, "invalid --explain value '%s': not a move in SAN, long algebraic or UCI notation", arg);
        opt->explain = arg;
        break;
    }
    case OPT_LONE:
        parse_lone(opt, arg, state);
        opt->mode = MODE_LONE;
        break;
    case 'm':
        free(opt->moves);
        parse_moves(opt, arg, state);
        break;
    case OPT_CHESS960:
        opt->chess960 = true;
        break;
    case OPT_STRICT:
        opt->strict = true;
        break;
    case OPT_FROM:
        opt->from = parse_square(arg, "--from", state);
        opt->filtered = true;
        break;
    case OPT_TO:
        opt->to = parse_square(arg, "--to", state);
        opt->filtered = true;
        break;
    case OPT_PIECE: {
        const char *k = arg[0] && !arg[1] ? strchr("PNBRQK", arg[0] & ~0x20) : NULL;
        if (!k)
            argp_error(state, "invalid --piece value '%s' (expected one of K, Q, R, B, N, P)", arg);
        opt->piece = (enum piece_type)(PAWN + (k - "PNBRQK"));
        opt->filtered = true;
        break;
    }
    case OPT_CAPTURES:
        opt->captures = opt->filtered = true;
        break;
    case OPT_CHECKS:
        opt->checks = opt->filtered = true;
        break;
    case ARGP_KEY_ARGS:
        opt->files = state->argv + state->next;
        opt->nfiles = state->argc - state->next;
        break;
    case ARGP_KEY_END:
        check_combinations(opt, state);
        break;
    default:
        return ARGP_ERR_UNKNOWN;
    }
    return 0;
}

static const struct argp_child children[] = {{&cli_common_argp, 0, "Common options:", 0}, {0}};
static const struct argp argp = {tool_options, parse_opt, "[FILE...]", doc, children, 0, 0};

/* ---- output: one line at a time, built in memory and written whole ---- */

/* Out of memory ends the run, as nothing sensible can be printed any more. */
static void out_of_memory(void)
{
    exit(cli_nomem());
}

/* A JSON string: our texts are ASCII, but a move text from the command
 * line may hold anything, so quotes, backslashes and controls are escaped. */
static void line_json_str(struct cli_buf *l, const char *s, size_t n)
{
    cli_buf_put(l, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[8];
        if (c == '"' || c == '\\') {
            esc[0] = '\\';
            esc[1] = (char)c;
            cli_buf_put(l, esc, 2);
        } else if (c < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", c);
            cli_buf_put(l, esc, 6);
        } else {
            cli_buf_put(l, (const char *)&c, 1);
        }
    }
    cli_buf_put(l, "\"", 1);
}

/* End the line and write it, unless -q asked for silence. The line is
 * built in memory (one fwrite per position keeps the output fast, and a
 * record that turns out invalid half-way prints nothing), so a line that
 * lost bytes for want of memory is never written. */
static void line_end(struct cli_buf *l, const struct options *opt)
{
    cli_buf_char(l, '\n');
    if (l->nomem)
        out_of_memory();
    if (!opt->common.quiet)
        fwrite_unlocked(l->data, 1, l->len, stdout);
    l->len = 0;
}

/* ---- moves ---- */

/* A move with its sort key: the UCI text's order, from-square then
 * to-square (file before rank, as the letters sort), then the promotion
 * letter (b < n < q < r). */
struct entry {
    uint32_t key;
    move m;
};

/* A square's rank in the order of square names: a1 a2 ... a8 b1 ... h8. */
static inline uint32_t name_order(int sq) { return (uint32_t)(square_file(sq) * 8 + square_rank(sq)); }

static uint32_t uci_key(const struct position *p, move m)
{
    static const uint8_t promo_rank[PIECE_TYPE_NB] = {0, 0, 2, 1, 4, 3, 0};
    int from = move_from(m), to = move_to(m);
    if (move_kind(m) == MOVE_CASTLE && !p->chess960)
        to = move_castle_king_to(from, to);
    return (name_order(from) * 64 + name_order(to)) * 8 + promo_rank[move_promotion(m)];
}

/* Does the move give check (FIDE Art. 3.9.1)?  Played on a copy. */
static bool gives_check(const struct position *p, move m)
{
    struct position child = *p;
    makemove_play(&child, m);
    return position_in_check(&child);
}

/* Keep the moves every filter accepts; castling counts as a king move to
 * the king's destination square. */
static bool keep(const struct options *opt, const struct position *p, move m)
{
    int from = move_from(m), to = move_to(m);
    if (move_kind(m) == MOVE_CASTLE)
        to = move_castle_king_to(from, to);
    if (opt->from != SQUARE_NONE && from != opt->from)
        return false;
    if (opt->to != SQUARE_NONE && to != opt->to)
        return false;
    if (opt->piece != NO_PIECE_TYPE && piece_type(p->board[from]) != opt->piece)
        return false;
    if (opt->captures && !move_is_capture(p, m))
        return false;
    if (opt->checks && !gives_check(p, m))
        return false;
    return true;
}

/* The legal moves that pass the filters, in the documented order: a
 * counting sort on the from-square (the list holds few moves per piece),
 * then insertion into place within each from-square's run. */
static int select_moves(const struct options *opt, const struct position *p, struct entry *out)
{
    struct movelist l;
    uint8_t start[SQUARE_NB + 1] = {0};
    struct entry tmp[MOVELIST_MAX];
    int n = 0;
    movegen_legal(p, &l);
    for (int i = 0; i < l.count; i++) {
        if (opt->filtered && !keep(opt, p, l.moves[i]))
            continue;
        tmp[n].m = l.moves[i];
        tmp[n].key = uci_key(p, l.moves[i]);
        start[(tmp[n].key >> 9) + 1]++;
        n++;
    }
    uint8_t base[SQUARE_NB + 1];
    for (int b = 1; b <= SQUARE_NB; b++)
        start[b] = (uint8_t)(start[b] + start[b - 1]);
    memcpy(base, start, sizeof base);
    for (int i = 0; i < n; i++) {
        uint32_t b = tmp[i].key >> 9;
        int j = start[b]++;
        /* moves of one from-square land in a run; keep the run sorted */
        while (j > base[b] && out[j - 1].key > tmp[i].key) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = tmp[i];
    }
    return n;
}

/* One move in a notation; buf has NAMED_MAX bytes, enough for any. */
static size_t format_move(const struct options *opt, enum notation nt, const struct position *p, move m,
                          char buf[NAMED_MAX])
{
    switch (nt) {
    case NOTATION_SAN: return san_format(p, m, buf);
    case NOTATION_LAN: return san_format_lan(p, m, buf);
    case NOTATION_NAMED: return named_format(p, m, opt->names, buf, NAMED_MAX);
    default: return uci_format(p, m, UCI_CASTLING_AUTO, buf);
    }
}

/* The canonical FEN of the position listed (after --moves). */
static void put_fen(struct cli_buf *l, const struct position *p)
{
    char fen[FEN_MAX];
    cli_buf_put(l, fen, fen_format(p, fen, sizeof fen));
}

static void put_uint(struct cli_buf *l, unsigned long v)
{
    char num[24];
    cli_buf_put(l, num, (size_t)snprintf(num, sizeof num, "%lu", v));
}

/* --json: {"fen":..., "status":..., "count":N, "moves":[{"uci":...,"san":...,"lan":...,"named":...}]} */
static void print_json(const struct options *opt, const struct position *p, struct cli_buf *l)
{
    static const char *const keys[] = {"uci", "san", "lan", "named"};
    struct entry e[MOVELIST_MAX];
    int n = select_moves(opt, p, e);
    cli_buf_str(l, "{\"fen\":\"");
    put_fen(l, p);
    cli_buf_str(l, "\",\"status\":\"");
    cli_buf_str(l, status_name(status_get(p)));
    cli_buf_str(l, "\",\"count\":");
    put_uint(l, (unsigned long)n);
    cli_buf_str(l, ",\"moves\":[");
    for (int i = 0; i < n; i++) {
        cli_buf_str(l, i ? ",{" : "{");
        for (int k = NOTATION_UCI; k <= NOTATION_NAMED; k++) {
            char buf[NAMED_MAX];
            size_t len = format_move(opt, (enum notation)k, p, e[i].m, buf);
            if (k)
                cli_buf_put(l, ",", 1);
            line_json_str(l, keys[k], strlen(keys[k]));
            cli_buf_put(l, ":", 1);
            line_json_str(l, buf, len);
        }
        cli_buf_put(l, "}", 1);
    }
    cli_buf_str(l, "]}");
}

/* --explain: the verdict of explain_san, as text or JSON. */
static void print_explain(const struct options *opt, const struct position *p, struct cli_buf *l)
{
    char msg[EXPLAIN_MAX];
    move m;
    enum explain_reason r = explain_san(p, opt->explain, strlen(opt->explain), &m, msg, sizeof msg);
    if (!opt->json) {
        cli_buf_str(l, r == EXPLAIN_LEGAL ? "legal" : "illegal: ");
        if (r != EXPLAIN_LEGAL)
            cli_buf_str(l, msg);
        return;
    }
    cli_buf_str(l, "{\"fen\":\"");
    put_fen(l, p);
    cli_buf_str(l, "\",\"move\":");
    line_json_str(l, opt->explain, strlen(opt->explain));
    cli_buf_str(l, r == EXPLAIN_LEGAL ? ",\"legal\":true" : ",\"legal\":false");
    if (r == EXPLAIN_LEGAL) {
        char buf[SAN_MAX];
        cli_buf_str(l, ",\"uci\":");
        line_json_str(l, buf, uci_format(p, m, UCI_CASTLING_AUTO, buf));
        cli_buf_str(l, ",\"san\":");
        line_json_str(l, buf, san_format(p, m, buf));
    }
    cli_buf_str(l, ",\"reason\":\"");
    cli_buf_str(l, explain_reason_name(r));
    cli_buf_str(l, "\",\"message\":");
    line_json_str(l, msg, strlen(msg));
    cli_buf_put(l, "}", 1);
}

/* The output line of one position, in the mode the options chose. */
static void print_position(const struct options *opt, const struct position *p, struct cli_buf *l)
{
    if (opt->fen && !opt->json) {
        put_fen(l, p);
        cli_buf_put(l, "\t", 1);
    }
    if (opt->mode == MODE_EXPLAIN) {
        print_explain(opt, p, l);
    } else if (opt->json) {
        print_json(opt, p, l);
    } else if (opt->mode == MODE_STATUS) {
        cli_buf_str(l, status_name(status_get(p)));
    } else if (opt->mode == MODE_COUNT) {
        struct entry e[MOVELIST_MAX];
        put_uint(l, (unsigned long)(opt->filtered ? select_moves(opt, p, e) : movegen_count(p)));
    } else {
        struct entry e[MOVELIST_MAX];
        int n = select_moves(opt, p, e);
        /* room for the whole line at once; each move is written in place */
        if (!cli_buf_reserve(l, (size_t)n * (NAMED_MAX + 1) + 2))
            out_of_memory();
        for (int i = 0; i < n; i++) {
            if (i)
                l->data[l->len++] = ' ';
            l->len += format_move(opt, opt->notation, p, e[i].m, l->data + l->len);
        }
    }
    line_end(l, opt);
}

/* ---- input ---- */

/* Play --moves from the record's position; an illegal move is reported
 * with its number in the list and the rule it breaks. */
static bool play_moves(const struct options *opt, struct position *p, const struct cli_input *in)
{
    for (size_t i = 0; i < opt->nmoves; i++) {
        char msg[EXPLAIN_MAX];
        move m;
        const struct move_text *t = &opt->moves[i];
        if (explain_san(p, t->s, t->len, &m, msg, sizeof msg) != EXPLAIN_LEGAL) {
            if (!opt->common.quiet)
                cli_diag(in->name, in->line_no, 1, "--moves: move %zu (%.*s): %s", i + 1, (int)t->len, t->s, msg);
            return false;
        }
        makemove_play(p, m);
    }
    return true;
}

/* One record: read it (every problem reported at its column), play the
 * moves, print.  Returns CLI_INVALID when the record was invalid. */
struct file_ctx {
    const struct options *opt;
    struct cli_buf *line;
};

static int process_record(void *ctx, const struct cli_input *in, const char *s, size_t len)
{
    const struct file_ctx *fc = ctx;
    const struct options *opt = fc->opt;
    struct fen_options fo = {
        .strict = opt->strict, .chess960 = opt->chess960, .playable = !opt->strict};
    struct fen_record rec;
    struct fen_report rep = {0};
    if (!fen_read(s, len, &fo, &rec, &rep)) {
        if (!opt->common.quiet)
            cli_fen_problems(in->name, in->line_no, &rep);
        return CLI_INVALID;
    }
    struct position p = rec.pos;
    if (!play_moves(opt, &p, in))
        return CLI_INVALID;
    print_position(opt, &p, fc->line);
    return CLI_OK;
}

/* Every record of one operand (blank lines skipped; '#' is not a comment
 * here); returns the worst status met. */
static int process_file(const struct options *opt, const char *path, struct cli_buf *l)
{
    const struct cli_records how = {.max_line = opt->common.max_line, .quiet = opt->common.quiet};
    struct file_ctx fc = {opt, l};
    return cli_each_record(path, &how, process_record, &fc);
}

/* --lone: the squares a piece alone on the board reaches (FIDE Art. 3.2
 * to 3.7), sorted by name; a pawn steps forward, two squares from its
 * starting rank, and has nothing to capture. */
static void print_lone(const struct options *opt, struct cli_buf *l)
{
    int sq = opt->lone_square;
    enum color c = piece_color(opt->lone_piece);
    bitboard b;
    switch (piece_type(opt->lone_piece)) {
    case PAWN:
        b = c == WHITE ? bb_north(bb_square(sq)) : bb_south(bb_square(sq));
        if (square_relative_rank(sq, c) == 1)
            b |= c == WHITE ? bb_north(b) : bb_south(b);
        break;
    case KNIGHT: b = attacks_knight(sq); break;
    case BISHOP: b = attacks_slow_bishop(sq, 0); break;
    case ROOK: b = attacks_slow_rook(sq, 0); break;
    case QUEEN: b = attacks_slow_rook(sq, 0) | attacks_slow_bishop(sq, 0); break;
    default: b = attacks_king(sq); break;
    }
    if (opt->count) {
        put_uint(l, (unsigned long)bb_count(b));
    } else {
        bool first = true;
        for (int file = 0; file < 8; file++)
            for (int rank = 0; rank < 8; rank++) {
                char name[3];
                if (!bb_test(b, square_make(file, rank)))
                    continue;
                if (!first)
                    cli_buf_put(l, " ", 1);
                square_format(square_make(file, rank), name);
                cli_buf_put(l, name, 2);
                first = false;
            }
    }
    line_end(l, opt);
}

int main(int argc, char **argv)
{
    char outbuf[1 << 16];
    struct options opt = {.from = SQUARE_NONE, .to = SQUARE_NONE, .names = NAMED_DAGAZ};
    struct cli_buf l = {0};
    int status = CLI_OK;
    cli_init(argc, argv);
    argp_parse(&argp, argc, argv, 0, NULL, &opt);
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    if (opt.mode == MODE_LONE)
        print_lone(&opt, &l);
    else if (opt.nfiles == 0)
        status = process_file(&opt, NULL, &l);
    for (int i = 0; i < opt.nfiles && !cli_stdout_failed(); i++)
        status = cli_status_merge(status, process_file(&opt, opt.files[i], &l));
    cli_buf_free(&l);
    free(opt.moves);
    return cli_finish(status);
}
