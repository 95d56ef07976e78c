/*
 * uci-perft-engine - a test aid, not a product: a minimal UCI engine that
 * answers "go perft N" in Stockfish's layout with the library's perft, or
 * with --inject-bug with the reference walk that never plays en passant,
 * so that the tests of perft --against have an engine that agrees and one
 * that is wrong deep in the tree.  Other misbehaviours, one at a time:
 * --hang never answers "go perft" (but reads on), --wrong-total says one
 * node more in "Nodes searched" than its moves add up to, --double-first
 * counts 2 for the first move of a depth-1 divide (total included).  It
 * reads the few commands --against
 * sends (and a person types): uci, isready, setoption name UCI_Chess960,
 * setoption name UCI_Variant (lib/rules/variant.h's names), position
 * startpos|fen FEN [moves ...], go perft N, quit.
 *
 *     perft --startpos -d 5 --against 'uci-perft-engine --inject-bug'
 *     printf 'position startpos\ngo perft 2\n' | uci-perft-engine --wrong-total
 */
#include "notation/fen.h"
#include "rules/makemove.h"
#include "perft/perft.h"
#include "perft_ref.h"
#include "notation/uci.h"
#include "rules/variant.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DEPTH_MAX = 30 };

/* "position startpos|fen FEN [moves M...]": false (position unchanged)
 * when the FEN or a move is not valid. */
static bool set_position(const char *args, bool chess960, enum variant variant,
                         struct position *out)
{
    const char *moves = strstr(args, " moves");
    size_t head = moves ? (size_t)(moves - args) : strlen(args);
    struct fen_record rec;
    struct fen_report rep = {0};
    struct fen_options fo = {.chess960 = chess960, .variant = (uint8_t)variant};
    const char *start = variant_rules(variant)->start;
    if (head >= 8 && strncmp(args, "startpos", 8) == 0) {
        if (!fen_read(start, strlen(start), &fo, &rec, &rep))
            return false;
    } else if (head > 4 && strncmp(args, "fen ", 4) == 0) {
        if (!fen_read(args + 4, head - 4, &fo, &rec, &rep))
            return false;
    } else {
        return false;
    }
    struct position p = rec.pos;
    const char *m = moves ? moves + 6 : "";
    while (*m) {
        while (*m == ' ')
            m++;
        size_t n = strcspn(m, " ");
        if (n == 0)
            break;
        move mv = uci_parse(&p, m, n);
        if (mv == MOVE_NONE)
            return false;
        makemove_play(&p, mv);
        m += n;
    }
    *out = p;
    return true;
}

/* A depth: digits only, 0 to DEPTH_MAX. */
static bool parse_depth(const char *s, int *out)
{
    int d = 0;
    if (!*s)
        return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || (d = d * 10 + (*s - '0')) > DEPTH_MAX)
            return false;
    }
    *out = d;
    return true;
}

/* The misbehaviours a command line can ask for. */
enum mode { MODE_GOOD, MODE_INJECT_BUG, MODE_HANG, MODE_WRONG_TOTAL, MODE_DOUBLE_FIRST };

/* "go perft N": the divide in the documented order, the total last. */
static void go_perft(const struct position *p, int depth, bool chess960, enum mode mode)
{
    bool buggy = mode == MODE_INJECT_BUG;
    struct perft_divide d;
    struct perft_config cfg = {.threads = 1};
    uint64_t total = buggy ? perft_ref_divide(p, depth, PERFT_REF_NO_EN_PASSANT, &d)
                           : perft_run(p, depth, &cfg, &d);
    perft_divide_sort(p, &d, chess960 ? UCI_CASTLING_KING_ROOK : UCI_CASTLING_AUTO);
    for (int i = 0; i < d.count; i++) {
        char text[UCI_MOVE_MAX];
        uci_format(p, d.moves[i], chess960 ? UCI_CASTLING_KING_ROOK : UCI_CASTLING_AUTO, text);
        uint64_t n = d.nodes[i];
        if (mode == MODE_DOUBLE_FIRST && depth == 1 && i == 0) {
            n++;
            total++;
        }
        printf("%s: %" PRIu64 "\n", text, n);
    }
    printf("\nNodes searched: %" PRIu64 "\n\n", total + (mode == MODE_WRONG_TOTAL));
}

int main(int argc, char **argv)
{
    static const char *const modes[] = {"", "--inject-bug", "--hang", "--wrong-total",
                                        "--double-first"};
    enum mode mode = MODE_GOOD;
    while (argc == 2 && mode < MODE_DOUBLE_FIRST && strcmp(argv[1], modes[mode]) != 0)
        mode++;
    if (argc > 2 || (argc == 2 && strcmp(argv[1], modes[mode]) != 0)) {
        fprintf(stderr,
                "usage: uci-perft-engine [--inject-bug|--hang|--wrong-total|--double-first]\n");
        return 64;
    }
    struct position p;
    bool chess960 = false;
    enum variant variant = VARIANT_CHESS;
    position_start(&p);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) >= 0 && !ferror(stdout)) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        int depth;
        if (strcmp(line, "quit") == 0)
            break;
        else if (strcmp(line, "uci") == 0)
            fputs("id name chesskit perft\nid author chesskit\n"
                  "option name UCI_Chess960 type check default false\n"
                  "option name UCI_Variant type combo default chess var chess var crazyhouse var "
                  "atomic "
                  "var antichess var giveaway var kingofthehill var 3check var horde var "
                  "racingkings\n"
                  "uciok\n",
                  stdout);
        else if (strcmp(line, "isready") == 0)
            fputs("readyok\n", stdout);
        else if (strcmp(line, "setoption name UCI_Chess960 value true") == 0)
            chess960 = true;
        else if (strcmp(line, "setoption name UCI_Chess960 value false") == 0)
            chess960 = false;
        else if (strncmp(line, "setoption name UCI_Variant value ", 33) == 0) {
            bool c960 = false;
            if (!variant_parse(line + 33, strlen(line + 33), &variant, &c960))
                fputs("info string unknown variant\n", stdout);
        } else if (strncmp(line, "position ", 9) == 0) {
            if (!set_position(line + 9, chess960, variant, &p))
                fputs("info string invalid position command\n", stdout);
        } else if (strncmp(line, "go perft ", 9) == 0 && parse_depth(line + 9, &depth)) {
            if (mode != MODE_HANG)
                go_perft(&p, depth, chess960 || p.chess960, mode);
        }
        fflush(stdout);
    }
    free(line);
    return 0;
}
