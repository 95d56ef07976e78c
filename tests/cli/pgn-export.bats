#!/usr/bin/env bats
# pgn-to-named-notation --to=pgn: the PGN standard's export format
# (formats/pgn-export.md), byte for byte.  Who made or confirmed each
# expected file of fixtures/pgn-export:
#   layout, wrap, fen, chess960, layout-bare: made by python-chess's
#     exporter (StringExporter, columns=80: lines below 80 characters;
#     layout-bare with comments=False, variations=False), the roster first
#     and the other tags in ASCII order;
#   crazyhouse: python-chess's exporter on one line, its pawn drops spelled
#     as lichess spells them ("P@f6"; python-chess writes "@f6"), filled to
#     79 columns by Python's textwrap (greedy, as the standard asks);
#   fixresult: the Result tags and markers are pgn-extract --fixresulttags's
#     for the four games of standard chess, and python-chess's
#     board.outcome() for the King of the Hill one (pgn-extract has no
#     variants);
#   comments, errors-keep: written from formats/pgn-export.md's rules and
#     read by hand (python-chess lays no comment over two lines and reads
#     no ';' comment); the round trips below check their moves.
# The inputs chess960.pgn and crazyhouse.pgn are random games python-chess
# played (castling and drops preferred).

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/pgn-export"
PGN_EXTRACT=$(command -v pgn-extract || echo /usr/games/pgn-extract)

# export_is INPUT EXPECTED [OPTION...]: --to=pgn writes EXPECTED exactly,
# with nothing on stderr and status 0.
export_is() {
    local input=$1 expected=$2
    shift 2
    pgn-to-named-notation --to=pgn "$@" "$input" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err"
    local status=$?
    diff -u "$expected" "$BATS_TEST_TMPDIR/out"
    [ "$status" -eq 0 ]
    diff -u /dev/null "$BATS_TEST_TMPDIR/err"
}

# The moves of each game and its variations, one line per game, as --to=uci
# reads them.
uci_lines() {
    pgn-to-named-notation --to=uci --inline --variations "$@" 2>/dev/null | grep -v -e '^\[' -e '^$'
}

@test "the tag roster in its order, then the other tags in ASCII order; NAG forms as \$n; nested variations; numbers after comments and variations" {
    export_is "$FIX/layout.pgn" "$FIX/layout.expected"
}

@test "movetext fills lines to 79 characters exactly, and a token that would make 80 starts the next line" {
    export_is "$FIX/wrap.pgn" "$FIX/wrap.expected"
    run awk '!/^\[/ { print length }' "$FIX/wrap.expected"
    assert_line --index 1 79
    assert_line --index 2 78
}

@test "a game from a FEN starting with Black's move: 2... first, the SetUp and FEN tags kept" {
    export_is "$FIX/fen.pgn" "$FIX/fen.expected"
}

@test "a Chess960 game: O-O and O-O-O, the Variant and FEN tags kept" {
    export_is "$FIX/chess960.pgn" "$FIX/chess960.expected"
}

@test "a crazyhouse game: drops as lichess writes them (P@f6, R@f4)" {
    export_is "$FIX/crazyhouse.pgn" "$FIX/crazyhouse.expected"
}

@test "rules from --variant or --chess960: the export names them in a Variant tag, as the same game with the tag exports" {
    # the expected files are the exports of the same games with their
    # Variant tag (python-chess's, above); before, the tag was left out
    grep -v '^\[Variant ' "$FIX/crazyhouse.pgn" >"$BATS_TEST_TMPDIR/zh.pgn"
    export_is "$BATS_TEST_TMPDIR/zh.pgn" "$FIX/crazyhouse.expected" --variant crazyhouse
    grep -v '^\[Variant ' "$FIX/chess960.pgn" >"$BATS_TEST_TMPDIR/960.pgn"
    export_is "$BATS_TEST_TMPDIR/960.pgn" "$FIX/chess960.expected" --chess960
}

@test "comments: ';' becomes a brace comment, line breaks and runs of spaces one space, '}' and empty comments left out, a long one broken between words, never before a '%'" {
    export_is "$FIX/comments.pgn" "$FIX/comments.expected"
    run grep -c '^%' "$FIX/comments.expected"
    assert_output 0
    run awk 'length > 79' "$FIX/comments.expected"
    assert_output ''
}

@test "--no-comments --no-nags --no-variations: the main line alone" {
    export_is "$FIX/layout.pgn" "$FIX/layout-bare.expected" --no-comments --no-nags --no-variations
}

@test "--no-nags, --no-comments, --no-variations each leave out what the same input without it gives" {
    sed 's/\$[0-9]*//g; s/[!?]//g' "$FIX/layout.pgn" >"$BATS_TEST_TMPDIR/no-nags.pgn"
    pgn-to-named-notation --to=pgn "$BATS_TEST_TMPDIR/no-nags.pgn" >"$BATS_TEST_TMPDIR/want"
    export_is "$FIX/layout.pgn" "$BATS_TEST_TMPDIR/want" --no-nags
    sed 's/{[^}]*}//g' "$FIX/layout.pgn" >"$BATS_TEST_TMPDIR/no-comments.pgn"
    pgn-to-named-notation --to=pgn "$BATS_TEST_TMPDIR/no-comments.pgn" >"$BATS_TEST_TMPDIR/want"
    export_is "$FIX/layout.pgn" "$BATS_TEST_TMPDIR/want" --no-comments
    run grep -c '{' "$BATS_TEST_TMPDIR/want"
    assert_output 0
    grep -q '( 3... Nf6' "$BATS_TEST_TMPDIR/want" # the variations are still there
    pgn-to-named-notation --to=pgn --no-variations "$FIX/layout.pgn" >"$BATS_TEST_TMPDIR/out"
    run grep -c '[()]' "$BATS_TEST_TMPDIR/out"
    assert_output 0
    run grep -c '{ The Ruy Lopez. } 3... a6' "$BATS_TEST_TMPDIR/out"
    assert_output 1
}

@test "--fix-result: checkmate, stalemate, a variant's win decide; a resignation stays; the tag follows the marker" {
    export_is "$FIX/fixresult.pgn" "$FIX/fixresult.expected" --fix-result
}

@test "--fix-result agrees with pgn-extract --fixresulttags on its own test file" {
    need_shared pgn/edge-cases/test-fixresulttags-in.pgn
    [ -x "$PGN_EXTRACT" ] || skip "pgn-extract is not installed"
    local f=$SHARED/pgn/edge-cases/test-fixresulttags-in.pgn
    pgn-to-named-notation --to=pgn --fix-result "$f" | grep -E '^\[Result|(1-0|0-1|1/2-1/2|\*)$' |
        sed 's/.* //' >"$BATS_TEST_TMPDIR/ours"
    "$PGN_EXTRACT" -s --fixresulttags "$f" | grep -E '^\[Result|(1-0|0-1|1/2-1/2|\*)$' |
        sed 's/.* //' >"$BATS_TEST_TMPDIR/theirs"
    diff -u "$BATS_TEST_TMPDIR/theirs" "$BATS_TEST_TMPDIR/ours"
    run grep -c . "$BATS_TEST_TMPDIR/ours"
    assert_output 10
}

@test "--add-plycount: the main line's plies, as pgn-extract --plycount counts them, replacing a PlyCount the game has" {
    [ -x "$PGN_EXTRACT" ] || skip "pgn-extract is not installed"
    run "$PGN_EXTRACT" -s --plycount "$FIX/layout.pgn"
    assert_line '[PlyCount "85"]'
    sed 's/^\[Round "3"\]/[PlyCount "7"]/' "$FIX/layout.pgn" >"$BATS_TEST_TMPDIR/in.pgn"
    run pgn-to-named-notation --to=pgn --add-plycount "$BATS_TEST_TMPDIR/in.pgn"
    assert_success
    assert_line --index 9 '[PlyCount "85"]'
    run grep -c PlyCount <<<"$output"
    assert_output 1
}

@test "--add-opening: ECO and Opening from lichess's table (C95 after 10. d4 Nbd7), replacing the game's; none for a game the table does not name" {
    grep -q $'^C95\tRuy Lopez: Closed, Breyer Defense, Zaitsev Hybrid\t.* 9. h3 Nb8 10. d4 Nbd7$' \
        "$BATS_TEST_DIRNAME/../../formats/openings/c.tsv"
    sed 's/^\[Round "3"\]/[ECO "A00"]\n[Opening "Wrong"]/' "$FIX/layout.pgn" >"$BATS_TEST_TMPDIR/in.pgn"
    run pgn-to-named-notation --to=pgn --add-opening "$BATS_TEST_TMPDIR/in.pgn"
    assert_success
    assert_line --index 8 '[BlackElo "2650"]'
    assert_line --index 9 '[ECO "C95"]'
    assert_line --index 10 '[Opening "Ruy Lopez: Closed, Breyer Defense, Zaitsev Hybrid"]'
    run grep -c -e ECO -e Opening <<<"$output"
    assert_output 2
    # a crazyhouse game is not classified: no tag added
    run pgn-to-named-notation --to=pgn --add-opening "$FIX/crazyhouse.pgn"
    assert_success
    assert_output "$(cat "$FIX/crazyhouse.expected")"
}

@test "--on-error=keep: the plies before the error, open variations closed, a comment naming it, and *" {
    run --separate-stderr pgn-to-named-notation --to=pgn --on-error=keep "$FIX/errors.pgn"
    assert_failure 1
    diff -u "$FIX/errors-keep.expected" <(printf '%s\n\n' "$output")
    assert_stderr_equal "pgn-to-named-notation:$FIX/errors.pgn:9:30: game 2 (Illegal in a variation): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3
pgn-to-named-notation:$FIX/errors.pgn:14:20: game 3 (Illegal on the main line): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3
3 games, 1 converted, 2 with errors"
}

@test "--on-error=skip (the default): games with errors are left out" {
    run --separate-stderr pgn-to-named-notation --to=pgn "$FIX/errors.pgn"
    assert_failure 1
    run grep -c '^\[Event' <<<"$output"
    assert_output 1
}

@test "an empty variation is left out, and the move number after it with it" {
    run pgn-to-named-notation --to=pgn <<<'1. e4 ( ) e5 (1... c5 ( ) ) 2. Nf3 *'
    assert_success
    assert_line --index 7 '1. e4 e5 ( 1... c5 ) 2. Nf3 *'
}

@test "the options that only --to=pgn takes are usage errors elsewhere" {
    run --separate-stderr pgn-to-named-notation --to=san --fix-result "$FIX/layout.pgn"
    assert_failure 64
    run --separate-stderr pgn-to-named-notation --to=pgn --inline "$FIX/layout.pgn"
    assert_failure 64
}

@test "round trip on every fixture: the export's moves are the original's, and the export of the export is the same bytes" {
    for f in "$FIX"/*.pgn; do
        pgn-to-named-notation --to=pgn "$f" >"$BATS_TEST_TMPDIR/e1" 2>/dev/null || true
        pgn-to-named-notation --to=pgn "$BATS_TEST_TMPDIR/e1" >"$BATS_TEST_TMPDIR/e2"
        cmp "$BATS_TEST_TMPDIR/e1" "$BATS_TEST_TMPDIR/e2"
        diff <(uci_lines "$f") <(uci_lines "$BATS_TEST_TMPDIR/e1")
        # and through every option at once
        pgn-to-named-notation --to=pgn --fix-result --add-plycount --add-opening "$f" \
            >"$BATS_TEST_TMPDIR/o1" 2>/dev/null || true
        pgn-to-named-notation --to=pgn --fix-result --add-plycount --add-opening \
            "$BATS_TEST_TMPDIR/o1" >"$BATS_TEST_TMPDIR/o2"
        cmp "$BATS_TEST_TMPDIR/o1" "$BATS_TEST_TMPDIR/o2"
    done
}

@test "round trip on the shared archives: same moves, export of the export byte-identical, --jobs the same bytes" {
    need_shared pgn/events pgn/edge-cases
    for f in "$SHARED"/pgn/events/*.pgn "$SHARED"/pgn/edge-cases/*.pgn; do
        pgn-to-named-notation --to=pgn "$f" >"$BATS_TEST_TMPDIR/e1" 2>/dev/null || true
        pgn-to-named-notation --to=pgn "$BATS_TEST_TMPDIR/e1" >"$BATS_TEST_TMPDIR/e2"
        cmp "$BATS_TEST_TMPDIR/e1" "$BATS_TEST_TMPDIR/e2"
        diff <(uci_lines "$f") <(uci_lines "$BATS_TEST_TMPDIR/e1")
    done
    local f=$SHARED/pgn/events/20250818-20250829-12th-sinquefield-cup.pgn
    pgn-to-named-notation --to=pgn "$f" >"$BATS_TEST_TMPDIR/one"
    pgn-to-named-notation --to=pgn --jobs 2 "$f" >"$BATS_TEST_TMPDIR/two"
    cmp "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/two"
}
