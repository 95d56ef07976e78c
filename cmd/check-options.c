/*
 * check-options.c - the values of pgn-check's options, checked alike on
 * the command line and in the configuration file (see check-options.h).
 */
#include "check-options.h"

#include "game.h"
#include "variant.h"

#include <stdio.h>
#include <string.h>

const char *const check_level_names[PGN_CHECK_LEVEL_NB] = {"error", "warning", "note"};

/* Every code, for the message of an unknown one: the list to choose from. */
void check_list_codes(struct cli_buf *b)
{
    for (int i = 0; i < PGN_CHECK_CODE_NB; i++) {
        cli_buf_str(b, i ? ", " : "");
        cli_buf_str(b, pgn_check_code_name((enum pgn_check_code)i));
    }
    cli_buf_char(b, '\0');
}

/* The codes of a comma-separated list into set (when not NULL); false at
 * the first unknown one, at [*bad, *bad + *bad_len). */
bool check_codes_parse(const char *arg, size_t n, bool *set, size_t *bad, size_t *bad_len)
{
    const char *p = arg, *end = arg + n;
    for (;;) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        size_t len = comma ? (size_t)(comma - p) : (size_t)(end - p);
        enum pgn_check_code code;
        if (!pgn_check_code_parse(p, len, &code)) {
            *bad = (size_t)(p - arg);
            *bad_len = len;
            return false;
        }
        if (set)
            set[code] = true;
        if (!comma)
            return true;
        p = comma + 1;
    }
}

/* The values of the configuration file, checked as the options check
 * theirs, so that a bad one is reported at its place in the file. */
static const char *config_codes(const char *v, size_t n, size_t *at, char *buf, size_t size)
{
    size_t len;
    if (check_codes_parse(v, n, NULL, at, &len))
        return NULL;
    struct cli_buf b = {0};
    check_list_codes(&b);
    snprintf(buf, size, "unknown code '%.*s' (the codes: %s)", (int)len, v + *at,
             b.nomem ? "..." : b.data);
    cli_buf_free(&b);
    return buf;
}

static const char *config_level(const char *v, size_t n, size_t *at, char *buf, size_t size)
{
    (void)n;
    (void)buf;
    (void)size;
    *at = 0;
    for (int i = 0; i < PGN_CHECK_LEVEL_NB; i++)
        if (strcmp(v, check_level_names[i]) == 0)
            return NULL;
    return "expected error, warning or note";
}

static const char *config_variant(const char *v, size_t n, size_t *at, char *buf, size_t size)
{
    enum variant var;
    bool chess960;
    *at = 0;
    if (variant_parse(v, n, &var, &chess960) || game_variant_parse(v, &var, &chess960))
        return NULL;
    snprintf(buf, size, "expected %s", variant_names());
    return buf;
}

/* The keys of .pgn-check.conf: the options a repository fixes. */
const struct config_key check_config_keys[CHECK_CONFIG_KEYS] = {
    {"ignore", "--ignore", false, true, config_codes},
    {"select", "--select", false, true, config_codes},
    {"fail-on", "--fail-on", false, false, config_level},
    {"pedantic", "--pedantic", true, false, NULL},
    {"variant", "--variant", false, false, config_variant},
};
