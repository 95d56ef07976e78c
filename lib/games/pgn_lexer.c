/* What a movetext word or a tag pair line is (pgn_lexer.h): the PCRE2
 * patterns, the slow twins of the header's fast recognisers, held to them
 * by test_pgn_lexer. */
#include "pgn_lexer.h"

/* The movetext token pattern, matched anchored at the start of what is
 * left of a word.  Capture groups: */
enum {
    G_RESULT = 1,
    G_CASTLE,
    G_NULL,
    G_MOVE,
    G_CHECK,
    G_SUFFIX,
    G_NUMBER,
    G_NUMBER_DOTS,
    G_DOTS,
    G_NAG,
    G_SYMBOL,
    G_EP,
    G_COUNT
};

static const char token_pattern[] =
    /* 1: a result ends the run; also with '½' and with an en dash (U+2013),
     * as word processors write them (lichess's importer takes them too) */
    "(" PGN_RESULT_ALTERNATIVES "|\\xC2\\xBD-\\xC2\\xBD"
    "|1\\xE2\\x80\\x930|0\\xE2\\x80\\x931"
    "|1/2\\xE2\\x80\\x931/2|\\xC2\\xBD\\xE2\\x80\\x93\\xC2\\xBD)\\z"
    /* 2: castling, 3: null move, 4: SAN / long algebraic / UCI / drop */
    "|(?:([O0o]-[O0o](?:-[O0o])?)"
    "|(--|Z0|0000|@@@@)"
    "|([KQRBN][a-h]?[1-8]?x?[a-h][1-8]"
    "|[KQRBN][a-h][1-8]-[a-h][1-8]"
    "|P?[a-h][1-8][-x]?[a-h][1-8](?:=?[QRBNKqrbnk])?"
    "|P?[a-h](?:x[a-h])?[1-8](?:=?[QRBNKqrbnk])?"
    "|[QRBNP]?@[a-h][1-8]))"
    /* 5: check or mate mark, 6: annotation suffix; an en-passant note
     * ("e.p.", or "ep" glued) is dropped; the move ends the run or is
     * followed by a NAG */
    "(?:e\\.p\\.|ep)?([+#]{1,2})?(?:e\\.p\\.|ep)?([!?]{1,2})?(?=\\z|\\$)"
    /* 7, 8: move number with its periods (or a Unicode ellipsis) */
    "|([0-9]{1,9})(?:(\\.+|(?:\\xE2\\x80\\xA6)+)|\\z)"
    /* 9: periods without a number ("4. ...Be7") */
    "|(\\.+|(?:\\xE2\\x80\\xA6)+)"
    /* 10: numeric annotation glyph */
    "|\\$([0-9]{1,3})(?![0-9])"
    /* 11: suffix or evaluation symbol standing alone */
    "|([!?]{1,2}|\\+/-|-/\\+|\\+/=|=/\\+|\\+-|-\\+|\\+=|=\\+|="
    "|\\xC2\\xB1|\\xE2\\x88\\x93|\\xE2\\x88\\x9E|\\xE2\\xA9\\xB2|\\xE2\\xA9\\xB1|\\xE2\\x96\\xA1)"
    "(?=\\z|\\$)"
    /* 12: a detached "e.p." */
    "|(e\\.p\\.)\\z";

/* The tag patterns, by enum pgn_lexer_tag_form (pgn_lexer.h). */
static const char *const tag_patterns[PGN_LEXER_TAG_FORM_NB] = {
    /* as the standard writes it: [Name "value"], with \" and \\ escapes;
     * the unrolled loop keeps long values linear */
    [PGN_LEXER_TAG] =
        "\\[[ \\t]*([A-Za-z0-9_]+)[ \\t]*\"([^\"\\\\]*+(?:\\\\.[^\"\\\\]*+)*+)\"[ \\t]*\\]",
    [PGN_LEXER_TAG_LOOSE] = "\\[[ \\t]*([^\\s\"\\[\\]]+)[ \\t]*\"(.*)\"[ \\t]*\\][ \\t]*\\z",
    [PGN_LEXER_TAG_BARE] = "\\[[ \\t]*([A-Za-z0-9_]+)(?:[ \\t]+([^\"\\]]*?))?[ \\t]*\\]",
    [PGN_LEXER_TAG_OPEN] = "\\[[ \\t]*([A-Za-z0-9_]+)[ \\t]*\"([^\\]]*?)\"?[ \\t]*\\z",
};

/* clang-format off */
const bool pgn_lexer_control_byte[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, /* 00-07 */
    1, 0, 0, 0, 0, 0, 1, 1, /* 08-0f */
    1, 1, 1, 1, 1, 1, 1, 1, /* 10-17 */
    1, 1, 0, 1, 1, 1, 1, 1, /* 18-1f */
    [0x7f] = 1,
};
/* clang-format on */

const bool pgn_lexer_tag_name_byte[256] = {
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
    ['8'] = 1, ['9'] = 1, ['_'] = 1, ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1,
    ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1,
    ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1,
    ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1,
    ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1,
    ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1,
    ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1,
};

/* The hand-written recognisers read nearly all text; the patterns, for
 * what they leave, are compiled when first needed. */
bool pgn_lexer_init(struct pgn_lexer *lx)
{
    textscan_defer(&lx->token, token_pattern);
    for (int i = 0; i < PGN_LEXER_TAG_FORM_NB; i++)
        textscan_defer(&lx->tag[i], tag_patterns[i]);
    if (!(lx->md = pcre2_match_data_create(G_COUNT + 1, NULL)))
        return false;
    lx->ov = pcre2_get_ovector_pointer(lx->md);
    return true;
}

void pgn_lexer_free(struct pgn_lexer *lx)
{
    textscan_free(&lx->token);
    for (int i = 0; i < PGN_LEXER_TAG_FORM_NB; i++)
        textscan_free(&lx->tag[i]);
    pcre2_match_data_free(lx->md);
    lx->md = NULL;
}

/* The NAG number of a suffix annotation or evaluation symbol (PGN
 * standard, section 10), 0 when s[0..n) is none. */
static unsigned symbol_nag(const char *s, size_t n)
{
    static const struct {
        const char *text;
        unsigned nag;
    } table[] = {
        {"!", 1},
        {"?", 2},
        {"!!", 3},
        {"??", 4},
        {"!?", 5},
        {"?!", 6},
        {"\xE2\x96\xA1", 7}, /* □ */
        {"=", 10},
        {"\xE2\x88\x9E", 13}, /* ∞ */
        {"+=", 14},
        {"+/=", 14},
        {"\xE2\xA9\xB2", 14}, /* ⩲ */
        {"=+", 15},
        {"=/+", 15},
        {"\xE2\xA9\xB1", 15}, /* ⩱ */
        {"+/-", 16},
        {"\xC2\xB1", 16}, /* ± */
        {"-/+", 17},
        {"\xE2\x88\x93", 17}, /* ∓ */
        {"+-", 18},
        {"-+", 19},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strlen(table[i].text) == n && memcmp(table[i].text, s, n) == 0)
            return table[i].nag;
    return 0;
}

int pgn_lexer_token(struct pgn_lexer *lx, const char *p, size_t n, struct pgn_lexeme *out)
{
    int rc = textscan_match(&lx->token, p, n, 0, lx->md);
    const PCRE2_SIZE *ov = lx->ov;
    out->kind = PGN_LEX_NONE;
    if (rc <= 0 || ov[1] == 0)
        return rc;
#define HAS(g) ((g) < rc && ov[2 * (g)] != PCRE2_UNSET)
#define AT(g) (p + ov[2 * (g)])
#define LEN(g) ((size_t)(ov[2 * (g) + 1] - ov[2 * (g)]))
    out->len = ov[1];
    out->tail = "";
    out->tail_len = 0;
    out->value = 0;
    out->suffix = "";
    out->suffix_len = 0;
    out->suffix_nag = 0;
    if (HAS(G_MOVE) || HAS(G_CASTLE) || HAS(G_NULL)) {
        if (HAS(G_CHECK)) {
            out->tail = AT(G_CHECK);
            out->tail_len = LEN(G_CHECK);
        }
        int g = HAS(G_MOVE) ? G_MOVE : HAS(G_CASTLE) ? G_CASTLE : G_NULL;
        out->kind = g == G_NULL ? PGN_LEX_NULL_MOVE : PGN_LEX_MOVE;
        out->text = g == G_CASTLE ? "O-O-O" : AT(g); /* castling cut to its length */
        out->text_len = LEN(g);
        if (out->kind == PGN_LEX_MOVE)
            out->value = san_token_shape(out->text, out->text_len);
        if (HAS(G_SUFFIX)) {
            out->suffix = AT(G_SUFFIX);
            out->suffix_len = LEN(G_SUFFIX);
            out->suffix_nag = symbol_nag(out->suffix, out->suffix_len);
        }
    } else if (HAS(G_NUMBER)) {
        out->kind = PGN_LEX_NUMBER;
        out->text = AT(G_NUMBER);
        out->text_len = LEN(G_NUMBER);
        out->value = pgn_lexer_digits(out->text, out->text_len);
        if (HAS(G_NUMBER_DOTS)) {
            out->tail = AT(G_NUMBER_DOTS);
            out->tail_len = LEN(G_NUMBER_DOTS);
            if (*out->tail != '.') {
                out->tail = "...";
                out->tail_len = 3;
            }
        }
    } else if (HAS(G_RESULT)) {
        /* as the standard writes it (pgn.h) */
        out->kind = PGN_LEX_RESULT;
        out->text = LEN(G_RESULT) == 1                           ? "*"
                    : *p == '0'                                  ? "0-1"
                    : p[1] == '-' || (unsigned char)p[1] == 0xE2 ? "1-0"
                                                                 : "1/2-1/2";
        out->text_len = strlen(out->text);
    } else if (HAS(G_NAG)) {
        out->text = p;
        out->text_len = out->len;
        out->value = pgn_lexer_digits(AT(G_NAG), LEN(G_NAG));
        out->kind = out->value > 255 ? PGN_LEX_BAD_NAG : PGN_LEX_NAG;
    } else if (HAS(G_SYMBOL)) {
        out->kind = PGN_LEX_SYMBOL;
        out->text = p;
        out->text_len = LEN(G_SYMBOL);
        out->value = symbol_nag(p, LEN(G_SYMBOL));
    } else if (HAS(G_DOTS)) {
        out->kind = PGN_LEX_DOTS;
        out->text = AT(G_DOTS);
        out->text_len = LEN(G_DOTS);
    } else {
        out->kind = PGN_LEX_EP;
        out->text = p;
        out->text_len = out->len;
    }
#undef HAS
#undef AT
#undef LEN
    return rc;
}

int pgn_lexer_tag(struct pgn_lexer *lx, enum pgn_lexer_tag_form form, const char *p, size_t n,
                  struct pgn_lexer_tag *out)
{
    int rc = textscan_match(&lx->tag[form], p, n, 0, lx->md);
    if (rc <= 0)
        return rc;
    const PCRE2_SIZE *ov = lx->ov;
    out->end = ov[1];
    out->name_off = ov[2];
    out->name_len = ov[3] - ov[2];
    out->value_off = 0;
    out->value_len = 0;
    if (rc > 2 && ov[4] != PCRE2_UNSET) {
        out->value_off = ov[4];
        out->value_len = ov[5] - ov[4];
    }
    return rc;
}
