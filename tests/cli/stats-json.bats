#!/usr/bin/env bats
# --stats[=json] in the four tools that have --stats (pgn-select,
# pgn-check, pgn-to-named-notation, named-notation-to-pgn): --stats keeps
# its line; --stats=json (and --stats json) gives one JSON object of counts
# on stderr instead, the same numbers, which add up across runs: the sum
# (jq) of the objects of runs over two halves of an input is the object of
# one run over all of it.  The games are counted by grep, not by the tools.

load test_helper

pgn-select() { timeout --foreground -k 10 "$TOOL_TIMEOUT" pgn-select "$@"; }
export -f pgn-select

EX="$BATS_TEST_DIRNAME/../../formats/examples/games.pgn"
CHECK="$BATS_TEST_DIRNAME/fixtures/pgn-check"

# sum: the objects on standard input added key by key.
sum() { jq -c -s 'reduce .[] as $o ({}; reduce ($o | to_entries[]) as $e (.; .[$e.key] += $e.value))'; }

# halves FILE: first.pgn and second.pgn, its games cut in two.
halves() {
    local n cut
    n=$(grep -ac '^\[Event ' "$1")
    cut=$(grep -an '^\[Event ' "$1" | sed -n "$((n / 2 + 1))p" | cut -d: -f1)
    head -n $((cut - 1)) "$1" >first.pgn
    tail -n +"$cut" "$1" >second.pgn
}

@test "--stats: the line, unchanged, in the four tools" {
    run --separate-stderr pgn-select --stats "$EX"
    assert_equal "$stderr" "8 games, 8 selected, 0 unreadable"
    run --separate-stderr pgn-check --stats -q "$EX"
    assert_equal "$stderr" ""
    run --separate-stderr pgn-check --stats --ignore fen-without-setup "$EX"
    assert_equal "$stderr" "8 games, 8 clean, 0 with errors, 0 with warnings"
    run --separate-stderr pgn-to-named-notation --stats "$EX"
    assert_equal "$stderr" "8 games, 8 converted, 0 with errors"
    pgn-to-named-notation "$EX" >"$BATS_TEST_TMPDIR/ex.named"
    run --separate-stderr named-notation-to-pgn --stats "$BATS_TEST_TMPDIR/ex.named"
    assert_equal "$stderr" "8 games, 8 converted, 0 with errors"
}

@test "--stats=json: one object of counts on stderr, stdout unchanged; --stats json too" {
    games=$(grep -c '^\[Event ' "$EX")
    run --separate-stderr pgn-select --stats=json --tag 'WhiteElo>=2500' --speed bullet "$EX"
    assert_success
    assert_equal "$stderr" "{\"games\":$games,\"selected\":4,\"unreadable\":0,\"duplicates\":0,\"written\":4,\"files\":0}"
    assert_equal "$output" "$(pgn-select --tag 'WhiteElo>=2500' --speed bullet "$EX")"
    run --separate-stderr pgn-select --stats json --unique "$EX"
    assert_equal "$stderr" "{\"games\":$games,\"selected\":7,\"unreadable\":0,\"duplicates\":1,\"written\":7,\"files\":0}"
    run --separate-stderr pgn-check --stats=json "$EX"
    assert_equal "${stderr_lines[1]}" "{\"games\":$games,\"clean\":7,\"with_errors\":0,\"with_warnings\":1}"
    run --separate-stderr pgn-to-named-notation --stats=json "$EX"
    assert_equal "$stderr" "{\"games\":$games,\"converted\":$games,\"with_errors\":0}"
    pgn-to-named-notation "$EX" >"$BATS_TEST_TMPDIR/ex.named"
    run --separate-stderr named-notation-to-pgn --stats json "$BATS_TEST_TMPDIR/ex.named"
    assert_equal "$stderr" "{\"games\":$games,\"converted\":$games,\"with_errors\":0}"
    run --separate-stderr pgn-select --split "$BATS_TEST_TMPDIR/s/{ECO:1}.pgn" --stats=json "$EX"
    assert_equal "$stderr" "{\"games\":$games,\"selected\":$games,\"unreadable\":0,\"duplicates\":0,\"written\":$games,\"files\":4}"
}

@test "--stats=json: a converter's failure gives the object, not the line" {
    printf '[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n' >"$BATS_TEST_TMPDIR/bad.pgn"
    run --separate-stderr pgn-to-named-notation --stats=json "$BATS_TEST_TMPDIR/bad.pgn"
    assert_failure 1
    assert_equal "${stderr_lines[-1]}" '{"games":1,"converted":0,"with_errors":1}'
    [[ $stderr != *"with errors"* ]]
}

@test "--stats=json: the objects of two halves add up (jq) to the object of one run" {
    cd "$BATS_TEST_TMPDIR"
    cat "$EX" "$CHECK"/*.pgn >all.pgn 2>/dev/null
    halves all.pgn
    # (pgn-check's duplicate-game looks across a run: not a count that adds up)
    for tool in "pgn-select --tag Result=1-0" "pgn-check --ignore duplicate-game" "pgn-to-named-notation"; do
        $tool --stats=json all.pgn 2>&1 >/dev/null | grep '^{' >one.json || true
        for f in first.pgn second.pgn; do $tool --stats=json "$f" 2>&1 >/dev/null | grep '^{'; done | sum >sum.json || true
        run jq -c . one.json
        assert_output "$(cat sum.json)"
        [[ -s one.json ]]
    done
}

@test "--stats: -q prints no object; a value other than json or text is a usage error" {
    run --separate-stderr pgn-select -q --stats=json "$EX"
    assert_success
    assert_equal "$stderr" ""
    run --separate-stderr pgn-select --stats=text "$EX"
    assert_equal "$stderr" "8 games, 8 selected, 0 unreadable"
    for tool in pgn-select pgn-check pgn-to-named-notation named-notation-to-pgn; do
        run --separate-stderr $tool --stats=xml "$EX"
        assert_failure 64
        assert_equal "${stderr_lines[0]}" "$tool: invalid --stats value 'xml' (expected text or json)"
    done
}
