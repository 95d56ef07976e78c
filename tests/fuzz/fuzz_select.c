/* libFuzzer target for pgn-select's criteria (select.h): each line of the
 * input is one option text, its first byte naming the kind (its value
 * modulo select_nkinds: its row), the rest the text.  Whatever is read must
 * hold up (abort on a broken property; crashes, leaks and sanitizer
 * reports are findings):
 *  - select_add and select_finish either accept or give a message that
 *    is non-empty, printable text (the tool prints it after the option's
 *    name) and fits the buffer;
 *  - criteria that were accepted judge games without failing: a few tag
 *    sets through select_tags and select_game_tags (the same verdict),
 *    and, when the tags pass, short main lines (standard, with a capture,
 *    mate, a repetition) through select_game_*, twice each with the same
 *    verdict and identity (the state is reset by select_game_start). */
#include "rules/makemove.h"
#include "notation/san.h"
#include "policy/select.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(bool cond)
{
    if (!cond)
        abort();
}

static void check_message(const char *err, size_t size)
{
    size_t n = strnlen(err, size);
    require(n > 0 && n < size);
    for (size_t i = 0; i < n; i++)
        require((unsigned char)err[i] >= 0x20 || err[i] == '\t');
}

#define TAG(n, v)                                                                                  \
    {                                                                                              \
        .name = n, .name_len = sizeof n - 1, .value = v, .value_len = sizeof v - 1                 \
    }
static const struct pgn_tag tag_sets[][5] = {
    {TAG("White", "Carlsen, Magnus"), TAG("Black", "Ärni"), TAG("WhiteElo", "2850"),
     TAG("Date", "2020.??.??"), TAG("TimeControl", "180+2")},
    {TAG("Event", "?"), TAG("Variant", "Atomic"), TAG("BlackElo", "-"), TAG("Date", "????.??.??"),
     TAG("TimeControl", "-")},
    {TAG("White", "\xff\xfe"), TAG("ECO", "B90"), TAG("Variant", "Chess960"), TAG("Round", "1.2"),
     TAG("TimeControl", "99999999999999999999+99999999999999")},
};
static const char *const lines[] = {
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
    "f3 e5 g4 Qh4",
    "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
    "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6",
};

static bool judge(struct select_game *g, const char *line, uint64_t id[2])
{
    struct position pos;
    position_start(&pos);
    select_game_start(g, &pos);
    char buf[128];
    strcpy(buf, line);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        move m;
        require(san_parse(&pos, tok, strlen(tok), &m) == SAN_OK);
        makemove_play(&pos, m);
        select_game_move(g, m, &pos);
    }
    bool r = select_game_end(g);
    select_game_identity(g, id);
    (void)select_game_opening(g);
    return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct select_criteria *s = select_new();
    if (!s)
        return 0;
    char err[256];
    bool ok = true;
    size_t at = 0;
    while (ok && at < size) {
        size_t end = at;
        while (end < size && data[end] != '\n')
            end++;
        if (end > at) {
            const struct select_kind *kind = &select_kinds[data[at] % select_nkinds];
            /* the option text as argp hands it over: NUL-terminated, on
             * the heap at its exact size */
            size_t n = end - at - 1;
            char *text = malloc(n + 1);
            if (!text)
                break;
            memcpy(text, data + at + 1, n);
            text[n] = '\0';
            memset(err, 'x', sizeof err);
            ok = select_add(s, kind->name, kind->arg ? text : NULL, err, sizeof err);
            if (!ok)
                check_message(err, sizeof err);
            free(text);
        }
        at = end + 1;
    }
    if (ok) {
        memset(err, 'x', sizeof err);
        ok = select_finish(s, err, sizeof err);
        if (!ok)
            check_message(err, sizeof err);
    }
    if (ok) {
        struct select_game *g = select_game_new(s);
        for (size_t t = 0; g && t < sizeof tag_sets / sizeof tag_sets[0]; t++) {
            enum select_verdict v = select_tags(s, tag_sets[t], 5);
            require(v == select_game_tags(g, tag_sets[t], 5));
            require(v != SELECT_REPLAY || select_needs_moves(s));
        }
        for (size_t i = 0; g && i < sizeof lines / sizeof lines[0]; i++) {
            uint64_t a[2], b[2];
            bool r1 = judge(g, lines[i], a);
            bool r2 = judge(g, lines[i], b);
            require(r1 == r2 && a[0] == b[0] && a[1] == b[1]);
        }
        select_game_free(g);
    }
    select_free(s);
    return 0;
}
