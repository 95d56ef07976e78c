/* The attack tables (lib/rules/attacks.h) against independent truth.  Every
 * slider table entry, read through the public lookup (PEXT or magic, as
 * this CPU chose), must equal the slow reference attacks_slow_rook or
 * attacks_slow_bishop for every square and every subset of its mask, and
 * the masks must be exactly the squares whose occupation matters.  Both
 * index schemes are also filled into memory of the test's own
 * (attacks_fill_slider) and held against the slow walk with plain
 * arithmetic, so the magics and the magic path are tested on CPUs that
 * take PEXT, and the PEXT layout on CPUs without it.  The between and line
 * tables are held against a walk from square to square that shares
 * nothing with the library's tables.  The PEXT tables built into the
 * program (printed by scripts/gen-attack-magics.c from a walk of its own)
 * must be the PEXT fill, whatever the CPU. */
#include "rules/attacks.h"

#include "unit.h"

/* A slider's attacks from a square through an occupancy. */
typedef bitboard (*attack_fn)(int sq, bitboard occ);

/* A fixed-seed xorshift for the squares off the mask added to some
 * occupancies: the lookup must ignore them, as the slow walk does. */
static bitboard noise_next(bitboard *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* The relevant occupancy of a slider, found without the tables: the
 * squares it attacks on an empty board whose occupation changes what it
 * attacks (every ray square but the last). */
static bitboard slow_mask(attack_fn slow, int sq)
{
    bitboard open = slow(sq, 0), mask = 0;
    for (bitboard b = open; b;) {
        int t = bb_pop(&b);
        if (slow(sq, bb_square(t)) != open)
            mask |= bb_square(t);
    }
    return mask;
}

static bitboard lookup_rook(int sq, bitboard occ)
{
    return attacks_rook(sq, occ);
}
static bitboard lookup_bishop(int sq, bitboard occ)
{
    return attacks_bishop(sq, occ);
}

/* Every square, every subset of its mask as the occupancy (and once more
 * with noise off the mask): one TAP line per check, with the first
 * difference shown. */
static void test_slider(const char *name, const struct attacks_slider *sliders, attack_fn slow,
                        attack_fn lookup, size_t want_entries)
{
    int bad_masks = 0;
    size_t entries = 0, bad = 0, bad_noisy = 0;
    bitboard noise = 0x2545F4914F6CDD1DULL;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        bitboard mask = sliders[sq].mask;
        if (mask != slow_mask(slow, sq) && bad_masks++ == 0)
            printf("# %s mask of square %d: %#llx, expected %#llx\n", name, sq,
                   (unsigned long long)mask, (unsigned long long)slow_mask(slow, sq));
        bitboard b = 0;
        do {
            entries++;
            bitboard got = lookup(sq, b), want = slow(sq, b);
            if (got != want && bad++ == 0)
                printf("# %s on square %d through %#llx: %#llx, expected %#llx\n", name, sq,
                       (unsigned long long)b, (unsigned long long)got, (unsigned long long)want);
            bitboard occ = b | (noise_next(&noise) & ~mask);
            got = lookup(sq, occ);
            want = slow(sq, occ);
            if (got != want && bad_noisy++ == 0)
                printf("# %s on square %d through %#llx: %#llx, expected %#llx\n", name, sq,
                       (unsigned long long)occ, (unsigned long long)got, (unsigned long long)want);
            b = (b - mask) & mask;
        } while (b);
    }
    UNIT_CHECK(bad_masks == 0, "%s masks are the squares whose occupation matters (%d differ)",
               name, bad_masks);
    UNIT_CHECK(entries == want_entries, "%s tables hold %zu entries (expected %zu)", name, entries,
               want_entries);
    UNIT_CHECK(
        bad == 0,
        "%s lookup equals the slow walk for every subset of every mask (%s, %zu of %zu differ)",
        name, attacks_use_pext ? "PEXT" : "magic", bad, entries);
    UNIT_CHECK(bad_noisy == 0, "%s lookup ignores squares off the mask (%zu of %zu differ)", name,
               bad_noisy, entries);
}

/* PEXT worked out bit by bit: the index of occ's mask squares in the
 * PEXT layout, on any CPU. */
static size_t soft_pext(bitboard occ, bitboard mask)
{
    size_t idx = 0;
    for (unsigned bit = 0; mask; bit++)
        if (bb_test(occ, bb_pop(&mask)))
            idx |= (size_t)1 << bit;
    return idx;
}

/* Both index schemes of every square filled by attacks_fill_slider into
 * the test's memory.  The magic's validity is checked on its own first:
 * the index ((occ & mask) * magic) >> shift of every subset of the mask,
 * with a slot stamped by the first subset that reaches it, must never send
 * a subset to a slot whose subset attacks otherwise.  Then the filled
 * tables, read through each index, must equal the slow walk, and the
 * tables filled before main must be the fill of this CPU's scheme. */
static void test_fill(const char *name, enum attacks_slider_kind kind,
                      const struct attacks_slider *live, attack_fn slow)
{
    static bitboard magic_table[ATTACKS_SLIDER_MAX_ENTRIES], pext_table[ATTACKS_SLIDER_MAX_ENTRIES],
        slot_att[ATTACKS_SLIDER_MAX_ENTRIES];
    static int slot_owner[ATTACKS_SLIDER_MAX_ENTRIES], owner; /* one owner per square and piece */
    int bad_squares = 0, bad_layout = 0, bad_live = 0, bad_builtin = 0;
    bool has_builtin = false;
    size_t entries = 0, bad_magic = 0, bad_pext = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        struct attacks_slider m, p;
        attacks_fill_slider(&m, sq, kind, false, magic_table);
        attacks_fill_slider(&p, sq, kind, true, pext_table);
        size_t n = (size_t)1 << bb_count(m.mask);
        /* An index beyond n would land outside the test's tables. */
        bool sane = n <= ATTACKS_SLIDER_MAX_ENTRIES && m.shift == 64 - (unsigned)bb_count(m.mask);
        if ((!sane || m.mask != live[sq].mask || m.shift != live[sq].shift || p.mask != m.mask ||
             p.shift != m.shift || p.magic != 0 || m.magic == 0) &&
            bad_layout++ == 0)
            printf("# %s square %d: mask %#llx shift %u magic %#llx (PEXT fill: mask %#llx "
                   "shift %u magic %#llx)\n",
                   name, sq, (unsigned long long)m.mask, m.shift, (unsigned long long)m.magic,
                   (unsigned long long)p.mask, p.shift, (unsigned long long)p.magic);
        if (!sane)
            continue;
        bool collided = false;
        owner++;
        bitboard b = 0;
        do {
            entries++;
            bitboard want = slow(sq, b);
            size_t idx = (size_t)(((b & m.mask) * m.magic) >> m.shift);
            if (slot_owner[idx] != owner) {
                slot_owner[idx] = owner;
                slot_att[idx] = want;
            } else if (slot_att[idx] != want && !collided) {
                collided = true;
                if (bad_squares++ == 0)
                    printf("# %s magic %#llx of square %d sends %#llx to slot %zu, whose "
                           "earlier subset attacks %#llx, not %#llx\n",
                           name, (unsigned long long)m.magic, sq, (unsigned long long)b, idx,
                           (unsigned long long)slot_att[idx], (unsigned long long)want);
            }
            if (magic_table[idx] != want && bad_magic++ == 0)
                printf(
                    "# %s magic-indexed fill of square %d through %#llx: %#llx, expected %#llx\n",
                    name, sq, (unsigned long long)b, (unsigned long long)magic_table[idx],
                    (unsigned long long)want);
            bitboard got = pext_table[soft_pext(b, p.mask)];
            if (got != want && bad_pext++ == 0)
                printf("# %s PEXT-indexed fill of square %d through %#llx: %#llx, expected %#llx\n",
                       name, sq, (unsigned long long)b, (unsigned long long)got,
                       (unsigned long long)want);
            b = (b - m.mask) & m.mask;
        } while (b);
        const bitboard *builtin = attacks_builtin_pext(sq, kind);
        if (builtin) {
            has_builtin = true;
            if (memcmp(builtin, pext_table, n * sizeof *builtin) != 0 && bad_builtin++ == 0)
                printf("# %s square %d: the built-in PEXT table is not attacks_fill_slider's\n",
                       name, sq);
        }
        const bitboard *own = attacks_use_pext ? pext_table : magic_table;
        if ((live[sq].magic != (attacks_use_pext ? 0 : m.magic) ||
             memcmp(live[sq].table, own, n * sizeof *own) != 0) &&
            bad_live++ == 0)
            printf("# %s square %d: the table in use is not attacks_fill_slider's\n", name, sq);
    }
    UNIT_CHECK(bad_layout == 0,
               "%s fills of both schemes have the live masks and shifts (%d differ)", name,
               bad_layout);
    UNIT_CHECK(bad_squares == 0,
               "%s magics send subsets with different attacks to different slots (%d of 64 "
               "squares collide)",
               name, bad_squares);
    UNIT_CHECK(bad_magic == 0,
               "%s table filled with the magic index equals the slow walk, on any CPU (%zu of %zu "
               "differ)",
               name, bad_magic, entries);
    UNIT_CHECK(bad_pext == 0,
               "%s table filled with the PEXT index equals the slow walk, on any CPU (%zu of %zu "
               "differ)",
               name, bad_pext, entries);
    UNIT_CHECK(bad_live == 0,
               "%s tables in use are attacks_fill_slider's with this CPU's %s index "
               "(%d squares differ)",
               name, attacks_use_pext ? "PEXT" : "magic", bad_live);
    /* the build's tables (scripts/gen-attack-magics.c, its own walk) */
    UNIT_CHECK(bad_builtin == 0,
               "%s PEXT tables built into the program are attacks_fill_slider's, on any CPU "
               "(%s; %d squares differ)",
               name, has_builtin ? "present" : "none in this build", bad_builtin);
}

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

/* Walk from a towards b one step at a time: the squares strictly between
 * them when they share a rank, file or diagonal, and that whole line (a's
 * walk to both edges); both empty otherwise and when a is b. */
static void slow_line(int a, int b, bitboard *between, bitboard *line)
{
    int df = square_file(b) - square_file(a), dr = square_rank(b) - square_rank(a);
    *between = *line = 0;
    if (a == b || !(df == 0 || dr == 0 || df == dr || df == -dr))
        return;
    int sf = sign(df), sr = sign(dr);
    for (int f = square_file(a) + sf, r = square_rank(a) + sr; square_make(f, r) != b;
         f += sf, r += sr)
        *between |= bb_square(square_make(f, r));
    *line = bb_square(a);
    for (int dir = -1; dir <= 1; dir += 2)
        for (int f = square_file(a) + dir * sf, r = square_rank(a) + dir * sr;
             f >= 0 && f < 8 && r >= 0 && r < 8; f += dir * sf, r += dir * sr)
            *line |= bb_square(square_make(f, r));
}

static void test_lines(void)
{
    int bad_between = 0, bad_line = 0;
    for (int a = 0; a < SQUARE_NB; a++)
        for (int b = 0; b < SQUARE_NB; b++) {
            bitboard between, line;
            slow_line(a, b, &between, &line);
            if (attacks_between(a, b) != between && bad_between++ == 0)
                printf("# between %d and %d: %#llx, expected %#llx\n", a, b,
                       (unsigned long long)attacks_between(a, b), (unsigned long long)between);
            if (attacks_line(a, b) != line && bad_line++ == 0)
                printf("# line of %d and %d: %#llx, expected %#llx\n", a, b,
                       (unsigned long long)attacks_line(a, b), (unsigned long long)line);
        }
    UNIT_CHECK(bad_between == 0,
               "between table equals the step walk for all 64x64 pairs (%d differ)", bad_between);
    UNIT_CHECK(bad_line == 0, "line table equals the step walk for all 64x64 pairs (%d differ)",
               bad_line);
}

static void test_rays(void)
{
    int bad = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        bad += (attacks_rook_ray_table[sq] != attacks_slow_rook(sq, 0)) +
               (attacks_bishop_ray_table[sq] != attacks_slow_bishop(sq, 0));
    UNIT_CHECK(bad == 0, "empty-board ray tables equal the slow walk (%d differ)", bad);
}

int main(void)
{
    test_slider("rook", attacks_rook_slider, attacks_slow_rook, lookup_rook, 102400);
    test_slider("bishop", attacks_bishop_slider, attacks_slow_bishop, lookup_bishop, 5248);
    test_fill("rook", ATTACKS_ROOK, attacks_rook_slider, attacks_slow_rook);
    test_fill("bishop", ATTACKS_BISHOP, attacks_bishop_slider, attacks_slow_bishop);
    test_rays();
    test_lines();
    return unit_done();
}
