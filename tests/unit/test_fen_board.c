/* fen_board_plain (lib/notation/fen_board.h), the fast reading of a plain board
 * field, held to parse_board's full loop (fen_options.no_fastpath) on the
 * board field of every FEN of the shared data (the perft suites, the
 * variants' suites, the FEN tags of the PGN archives) and on changes of
 * some of them (a byte replaced, dropped or doubled at every place):
 * whenever the fast path takes a field, the full loop finds no problem in
 * it and the same pieces, bitboards, counts and key; whenever the full
 * loop finds no problem in a field without pockets or '~', the fast path
 * takes it; and a whole record parses to the same record and report
 * either way. */
#include "notation/fen.h"
#include "notation/fen_board.h"

#include "unit.h"

#include <dirent.h>
#include <stdlib.h>

/* The board fields found, each its own string. */
static char **boards;
static size_t nboards, boards_cap;

static void add_board(const char *s, size_t n)
{
    if (n == 0 || n > 200)
        return;
    if (nboards == boards_cap) {
        boards_cap = boards_cap ? 2 * boards_cap : 1024;
        boards = realloc(boards, boards_cap * sizeof *boards);
        if (!boards) {
            printf("Bail out! no memory\n");
            exit(1);
        }
    }
    boards[nboards] = strndup(s, n);
    if (!boards[nboards]) {
        printf("Bail out! no memory\n");
        exit(1);
    }
    nboards++;
}

/* The board field of each line of path: at the line's start, or after
 * `after` ("epd ", "fen ", "[FEN \""), up to the first blank or quote. */
static void read_boards(const char *path, const char *after)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, f) > 0) {
        const char *s = line;
        if (after) {
            s = strstr(line, after);
            if (!s)
                continue;
            s += strlen(after);
        }
        add_board(s, strcspn(s, " \t\r\n\""));
    }
    free(line);
    fclose(f);
}

/* Every *.pgn of dir and its subdirectories. */
static void read_pgn_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t n = strlen(e->d_name);
        if (n > 4 && strcmp(e->d_name + n - 4, ".pgn") == 0)
            read_boards(path, "[FEN \"");
        else if (!strchr(e->d_name, '.'))
            read_pgn_dir(path);
    }
    closedir(d);
}

/* Is this one of the problems parse_board gives for a board field? */
static bool board_problem(enum fen_code c)
{
    return c == FEN_RANK_COUNT || c == FEN_RANK_SIZE || c == FEN_CONSECUTIVE_DIGITS ||
           c == FEN_BAD_DIGIT || c == FEN_BAD_PIECE || c == FEN_VARIANT_FIELD ||
           c == FEN_BAD_POCKET || c == FEN_BAD_PROMOTED;
}

static bool same_reports(const struct fen_report *a, const struct fen_report *b)
{
    if (a->count != b->count || a->dropped != b->dropped)
        return false;
    for (int i = 0; i < a->count; i++)
        if (a->problems[i].code != b->problems[i].code ||
            a->problems[i].col != b->problems[i].col ||
            strcmp(a->problems[i].message, b->problems[i].message) != 0)
            return false;
    return true;
}

/* The checks on one board field; a description of the first failure in
 * why (left as it is when all hold). */
static bool check_board(const char *board, char *why, size_t n)
{
    size_t len = strlen(board);
    char record[300];
    snprintf(record, sizeof record, "%s w - - 0 1", board);
    size_t rlen = strlen(record);
    struct fen_options fast = {0}, full = {.no_fastpath = true};
    struct fen_record a, b;
    struct fen_report ra = {0}, rb = {0};
    bool pa = fen_parse(record, rlen, &fast, &a, &ra);
    bool pb = fen_parse(record, rlen, &full, &b, &rb);
    if (pa != pb || !position_equal(&a.pos, &b.pos) || a.pos.key != b.pos.key ||
        memcmp(a.piece_count, b.piece_count, sizeof a.piece_count) != 0 ||
        !same_reports(&ra, &rb)) {
        snprintf(why, n, "'%s': the record parses otherwise with the fast path", board);
        return false;
    }
    bool full_ok = true;
    for (int i = 0; i < rb.count; i++)
        full_ok = full_ok && !board_problem(rb.problems[i].code);

    struct position p;
    position_clear(&p);
    uint8_t count[PIECE_NB] = {0};
    bool taken = fen_board_plain(board, len, &p, count);
    if (taken) {
        uint64_t key = 0;
        for (int sq = 0; sq < SQUARE_NB; sq++)
            key ^= position_zobrist_piece[b.pos.board[sq]][sq];
        bool same = full_ok && memcmp(p.board, b.pos.board, sizeof p.board) == 0 &&
                    memcmp(p.by_type, b.pos.by_type, sizeof p.by_type) == 0 &&
                    memcmp(p.by_color, b.pos.by_color, sizeof p.by_color) == 0 &&
                    memcmp(count, b.piece_count, sizeof count) == 0 && p.key == key;
        if (!same) {
            snprintf(why, n, "'%s': taken by the fast path, not what the full loop reads", board);
            return false;
        }
    } else if (full_ok && !strpbrk(board, "~[")) {
        snprintf(why, n, "'%s': right for the full loop, refused by the fast path", board);
        return false;
    }
    return true;
}

int main(void)
{
    const char *shared = getenv("SHARED");
    if (!shared)
        shared = "../shared/data";
    char path[1024];
    snprintf(path, sizeof path, "%s/perft/standard.epd", shared);
    if (!unit_need_shared(path))
        return unit_done();
    static const char *const epd[] = {"standard.epd", "fischer960.epd"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/perft/%s", shared, epd[i]);
        read_boards(path, NULL);
    }
    static const char *const perft[] = {"random.perft",
                                        "tricky.perft",
                                        "variants/3check.perft",
                                        "variants/atomic.perft",
                                        "variants/crazyhouse.perft",
                                        "variants/giveaway.perft",
                                        "variants/horde.perft",
                                        "variants/racingkings.perft"};
    for (size_t i = 0; i < sizeof perft / sizeof perft[0]; i++) {
        snprintf(path, sizeof path, "%s/perft/%s", shared, perft[i]);
        read_boards(path, "epd ");
    }
    snprintf(path, sizeof path, "%s/perft/variants/fairy-stockfish.txt", shared);
    read_boards(path, "fen ");
    size_t from_perft = nboards;
    snprintf(path, sizeof path, "%s/pgn", shared);
    read_pgn_dir(path);

    char why[400] = "";
    size_t bad = 0, taken = 0;
    for (size_t i = 0; i < nboards; i++) {
        bad += !check_board(boards[i], why, sizeof why);
        struct position p;
        uint8_t count[PIECE_NB];
        position_clear(&p);
        taken += fen_board_plain(boards[i], strlen(boards[i]), &p, count);
    }
    UNIT_CHECK(bad == 0 && from_perft > 7000 && nboards > from_perft,
               "the %zu board fields of the shared data (%zu from the perft suites, %zu taken by "
               "the fast path): the fast path and the full loop agree %s",
               nboards, from_perft, taken, why);

    /* Every tenth board of the perft suites, changed at every place: a byte
     * replaced by each of a few that matter, dropped, or doubled. */
    static const char alphabet[] = "012789/pPkKqx~[ ";
    size_t tried = 0;
    bad = 0;
    why[0] = '\0';
    for (size_t i = 0; i < from_perft; i += 10) {
        const char *b = boards[i];
        size_t len = strlen(b);
        for (size_t at = 0; at < len; at++) {
            char changed[256];
            for (size_t k = 0; k + 1 < sizeof alphabet; k++) {
                memcpy(changed, b, len + 1);
                changed[at] = alphabet[k];
                bad += !check_board(changed, why, sizeof why);
            }
            memcpy(changed, b, at);
            memcpy(changed + at, b + at + 1, len - at); /* dropped (with the NUL) */
            bad += !check_board(changed, why, sizeof why);
            memcpy(changed, b, at + 1);
            memcpy(changed + at + 1, b + at, len - at + 1); /* doubled */
            bad += !check_board(changed, why, sizeof why);
            tried += sizeof alphabet + 1;
        }
    }
    UNIT_CHECK(bad == 0 && tried > 100000,
               "%zu changed board fields: the fast path and the full loop agree %s", tried, why);
    for (size_t i = 0; i < nboards; i++)
        free(boards[i]);
    free(boards);
    return unit_done();
}
