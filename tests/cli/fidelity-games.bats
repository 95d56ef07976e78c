#!/usr/bin/env bats
# Game boundaries (issue 25): "a valid game is never lost and never merged
# with its neighbour", and no game is invented.  Text after a result that
# begins no game (stray text), a repeated tag, untagged games without
# results, in both converters' outputs and pgn-check's, with one thread and
# --jobs 2.  The games and their moves are chessops's reading of the
# fixtures (parsePgn, two games each but one for repeated-tag.pgn);
# places are counted by hand from the fixtures.

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/fidelity-games"

setup() {
    cd "$FIX" || return 1
}

# The two games of the stray-*.pgn fixtures in UCI, as chessops reads them.
UCI_TWO='[Event "E1"]
[Site "S"]
[Date "2024.01.01"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "*"]

e2e4
e7e5
g1f3
b8c6
*

[Event "E2"]
[Site "S"]
[Date "2024.01.01"]
[Round "2"]
[White "C"]
[Black "D"]
[Result "1-0"]

d2d4
d7d5
1-0'

# stray_cases: "FIXTURE LINE:COL TEXT" of the stray text of each fixture.
stray_cases() {
    printf '%s\n' "stray-same-line.pgn 9:23 trailing" "stray-own-line.pgn 10:1 trailing" \
        "stray-paren.pgn 9:23 )"
}

@test "a second result after a result is a game, an empty one (PGN 18; python-chess and chessops read one): pgn-check warns empty-game" {
    run --separate-stderr pgn-check --stats stray-result.pgn
    assert_failure 1
    # the two clean games written, the empty one not
    [[ $(grep -c '^\[Event "E[12]"\]$' <<<"$output") == 2 ]]
    ! grep -q '^ 1-0' <<<"$output"
    assert_stderr_equal "pgn-check:stray-result.pgn:9:23: warning: game 2: empty game: no tag pair and no move [empty-game]
pgn-check:stray-result.pgn:9:23: warning: game 2: Seven Tag Roster tags missing: Event, Site, Date, Round, White, Black, Result [missing-tag]
3 games, 2 clean, 0 with errors, 1 with warnings"
    run --separate-stderr pgn-select --count stray-result.pgn
    assert_success
    assert_output 3
}

# The two games without the stray text: what every output must equal.
clean_two() { grep -v '^trailing garbage$' stray-own-line.pgn; }

@test "stray text after a result: both games converted, the text reported where it stands, exit 1" {
    local f at text msg
    while read -r f at text; do
        msg="pgn-to-named-notation:$f:$at: text outside any game (ignored): '$text'"
        run --separate-stderr pgn-to-named-notation --to=uci "$f"
        assert_failure 1
        assert_output "$UCI_TWO"
        assert_stderr_equal "$msg
2 games, 2 converted, 0 with errors"
        # the default output and --stats: the same as without the text
        run --separate-stderr pgn-to-named-notation --stats "$f"
        assert_failure 1
        assert_output "$(clean_two | pgn-to-named-notation)"
        assert_stderr_equal "$msg
2 games, 2 converted, 0 with errors"
        [[ $(clean_two | pgn-to-named-notation --stats 2>&1 >/dev/null) == "2 games, 2 converted, 0 with errors" ]]
    done < <(stray_cases)
}

@test "stray text after a result: pgn-check writes both clean games, a line apart, and reports the text as stray-text" {
    local f at text
    while read -r f at text; do
        run --separate-stderr pgn-check --stats "$f"
        assert_failure 1
        # byte for byte the games without the text
        assert_output "$(clean_two)"
        assert_stderr_equal "pgn-check:$f:$at: error: text outside any game (ignored): '$text' [stray-text]
2 games, 2 clean, 0 with errors, 0 with warnings"
    done < <(stray_cases)
}

@test "pgn-check --invert writes the stray text (no clean game), byte for byte" {
    pgn-check --invert stray-same-line.pgn 2>/dev/null | cmp - <(printf ' trailing garbage\n\n')
    pgn-check --invert stray-own-line.pgn 2>/dev/null | cmp - <(printf 'trailing garbage\n\n')
    pgn-check --invert stray-paren.pgn 2>/dev/null | cmp - <(printf ' )\n\n')
    pgn-check --invert stray-result.pgn 2>/dev/null | cmp - <(printf ' 1-0\n\n')
}

@test "stray text is reported in every pgn-check format, about no game" {
    run --separate-stderr pgn-check --format=json stray-paren.pgn
    assert_failure 1
    assert_output '{"file":"stray-paren.pgn","line":9,"column":23,"game":0,"level":"error","code":"stray-text","message":"text outside any game (ignored): '\'')'\''"}'
    run --separate-stderr pgn-check --format=github stray-paren.pgn
    assert_failure 1
    assert_output "::error file=stray-paren.pgn,line=9,col=23,title=stray-text::text outside any game (ignored): ')' [stray-text]"
}

@test "text before the first game and at the end of the input is stray text too; no game is invented" {
    run --separate-stderr pgn-to-named-notation --to=uci --stats <<<'1-0 )
[Event "E"]

1. e4 e5 1-0 stray'
    assert_failure 1
    # (a result alone is a game, an empty one: the ')' after it is stray)
    assert_output '1-0

[Event "E"]

e2e4
e7e5
1-0'
    assert_stderr_equal "pgn-to-named-notation:<stdin>:1:5: text outside any game (ignored): ')'
pgn-to-named-notation:<stdin>:4:14: text outside any game (ignored): 'stray'
2 games, 2 converted, 0 with errors"
}

@test "a repeated tag: one game, the first value kept, a located warning, exit 0" {
    local warn="pgn-to-named-notation:repeated-tag.pgn:7:1: game 1 (W - B, 1): warning: tag Site appears twice (first on line 2); the first value holds"
    run --separate-stderr pgn-to-named-notation --to=uci --stats repeated-tag.pgn
    assert_success
    assert_output '[Event "E"]
[Site "x"]
[Date "2024.01.01"]
[Round "1"]
[White "W"]
[Black "B"]
[Result "1-0"]

e2e4
e7e5
1-0'
    assert_stderr_equal "$warn
1 game, 1 converted, 0 with errors"
    run --separate-stderr pgn-to-named-notation repeated-tag.pgn
    assert_success
    assert_output "$(grep -v '"y"' repeated-tag.pgn | pgn-to-named-notation)"
    assert_stderr_equal "$warn"
    run --separate-stderr pgn-to-named-notation --to=json repeated-tag.pgn
    assert_success
    [[ $output == '{"line":1,"offset":0,"tags":{"Event":"E","Site":"x","Date":"2024.01.01","Round":"1","White":"W","Black":"B","Result":"1-0"},'* ]]
    assert_stderr_equal "$warn"
    # pgn-check: one game, its warning (as before)
    run --separate-stderr pgn-check --stats repeated-tag.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal 'pgn-check:repeated-tag.pgn:7:1: warning: game 1 (W - B, 1): tag Site appears twice (first on line 2) [duplicate-tag]
1 game, 0 clean, 0 with errors, 1 with warnings'
}

@test "untagged games without results: two games, not one, the missing result reported" {
    run --separate-stderr pgn-to-named-notation --to=uci --stats untagged-no-result.pgn
    assert_success
    assert_output 'e2e4
e7e5
g1f3
b8c6
*

d2d4
d7d5
*'
    assert_stderr_equal 'pgn-to-named-notation:untagged-no-result.pgn:4:1: game 1: warning: game has no result; a new game begins here (move 1 after a blank line)
2 games, 2 converted, 0 with errors'
    run --separate-stderr pgn-to-named-notation untagged-no-result.pgn
    assert_success
    assert_output "$(sed -n 1p untagged-no-result.pgn | pgn-to-named-notation)

$(sed -n 4p untagged-no-result.pgn | pgn-to-named-notation)"
    run --separate-stderr pgn-check untagged-no-result.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal 'pgn-check:untagged-no-result.pgn:1:1: warning: game 1: Seven Tag Roster tags missing: Event, Site, Date, Round, White, Black, Result [missing-tag]
pgn-check:untagged-no-result.pgn:1:1: warning: game 1: the movetext has no termination marker [missing-result]
pgn-check:untagged-no-result.pgn:4:1: warning: game 2: Seven Tag Roster tags missing: Event, Site, Date, Round, White, Black, Result [missing-tag]
pgn-check:untagged-no-result.pgn:4:1: warning: game 2: the input ends inside the game: no termination marker [missing-result]'
}

# mixed FILE: the fixtures 300 times over (about 360 KB, many chunks of
# --jobs), stray text included; 3,300 games.
mixed() {
    local i
    for ((i = 0; i < 300; i++)); do
        cat stray-same-line.pgn stray-own-line.pgn stray-paren.pgn stray-result.pgn \
            repeated-tag.pgn
        printf '\n'
        cat untagged-no-result.pgn
        printf ' *\n\n'
    done >"$1"
}

# agree ARGS...: the tool and ARGS with one thread and with --jobs 2 give
# the same output, diagnostics and exit status; the first's are left in
# $BATS_TEST_TMPDIR/one.out, one.err and $one_status.
agree() {
    local o="$BATS_TEST_TMPDIR" s2
    "$@" >"$o/one.out" 2>"$o/one.err" && one_status=0 || one_status=$?
    "$1" --jobs 2 "${@:2}" >"$o/two.out" 2>"$o/two.err" && s2=0 || s2=$?
    [[ $s2 == "$one_status" ]]
    cmp "$o/one.out" "$o/two.out"
    cmp "$o/one.err" "$o/two.err"
}

@test "--jobs 2 gives what one thread gives on all of these, many chunks in" {
    local f="$BATS_TEST_TMPDIR/mixed.pgn" o="$BATS_TEST_TMPDIR"
    mixed "$f"
    agree pgn-to-named-notation --to=uci --stats "$f"
    [[ $one_status == 1 ]]
    [[ $(tail -1 "$o/one.err") == "3600 games, 3600 converted, 0 with errors" ]]
    [[ $(grep -c "outside any game" "$o/one.err") == 900 ]]
    [[ $(grep -c ': warning: tag Site appears twice' "$o/one.err") == 300 ]]
    [[ $(grep -c ': warning: game has no result' "$o/one.err") == 300 ]]
    agree pgn-to-named-notation --stats "$f"
    agree pgn-check --stats --ignore=duplicate-game "$f"
    [[ $(tail -1 "$o/one.err") == "3600 games, 2400 clean, 0 with errors, 1200 with warnings" ]]
    [[ $(grep -c '\[stray-text\]$' "$o/one.err") == 900 ]]
    # the clean output: the stray fixtures' games without their text
    [[ $(grep -c '^\[Event "E2"\]$' "$o/one.out") == 1200 ]]
    ! grep -q 'trailing\|\*\[' "$o/one.out"
}

@test "a real archive with stray text after every third result loses no game" {
    need_shared pgn/engines/TCEC_Season_13_-_Superfinal.pgn
    local src="$SHARED/pgn/engines/TCEC_Season_13_-_Superfinal.pgn" f="$BATS_TEST_TMPDIR/stray.pgn"
    local o="$BATS_TEST_TMPDIR" n
    # every third line that ends a game's movetext with its result
    awk '!/^\[/ && /(1-0|0-1|1\/2-1\/2|\*)\r?$/ && ++k % 3 == 0 { sub(/\r?$/, " trailing garbage&") } 1' \
        "$src" >"$f"
    n=$(grep -c ' trailing garbage' "$f")
    ((n > 10))
    pgn-to-named-notation --to=uci --stats "$src" >"$o/src.out" 2>"$o/src.err"
    agree pgn-to-named-notation --to=uci --stats "$f"
    [[ $one_status == 1 ]]
    # the same games, the same output; one message per stray text
    cmp "$o/src.out" "$o/one.out"
    [[ $(grep -c "outside any game (ignored): 'trailing'$" "$o/one.err") == "$n" ]]
    [[ $(tail -1 "$o/one.err") == "$(tail -1 "$o/src.err")" ]]
    # pgn-check: the same clean games, byte for byte
    pgn-check "$src" >"$o/src.out" 2>/dev/null || true
    agree pgn-check "$f"
    cmp "$o/src.out" "$o/one.out"
    [[ $(grep -c '\[stray-text\]$' "$o/one.err") == "$n" ]]
}

@test "control bytes between games are binary data, named once a run: the next game is not damaged, not lost" {
    local f=$BATS_TEST_TMPDIR/ctrl.pgn
    printf '[Event "A"]\n\n1. e4 e5 *\n\n\x7f\x0c\x01\n\n[Event "B"]\n\n1. d4 d5 *\n' >"$f"
    run --separate-stderr pgn-to-named-notation --to=uci "$f"
    assert_failure 1
    assert_output $'[Event "A"]\n\ne2e4\ne7e5\n*\n\n[Event "B"]\n\nd2d4\nd7d5\n*'
    assert_stderr_equal "pgn-to-named-notation:$f:5:1: binary data (control bytes) outside any game
2 games, 2 converted, 0 with errors"
    run --separate-stderr pgn-check --ignore=missing-tag "$f"
    assert_failure 1
    assert_output $'[Event "A"]\n\n1. e4 e5 *\n\n[Event "B"]\n\n1. d4 d5 *'
    assert_stderr_equal "pgn-check:$f:5:1: error: binary data (control bytes) outside any game [stray-text]"
    run --separate-stderr pgn-check --ignore=missing-tag --jobs 2 "$f"
    assert_output $'[Event "A"]\n\n1. e4 e5 *\n\n[Event "B"]\n\n1. d4 d5 *'
}
