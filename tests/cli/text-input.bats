#!/usr/bin/env bats
# The one input layer (issue 37: lib/base/text_input's reader, over
# read(2) or the decompressor): a line of exactly --max-line bytes and its
# CRLF is no long line in either kind of reader (the PGN reader's and the
# line reader of cli_input and the named reader), and the ways text comes
# (a file, standard input, a pipe fed slowly, nothing, a cut compressed
# stream, a huge line) read alike.  The expected lines are the input's own.

load test_helper

# line N: a tag pair line of exactly N bytes.
line() { printf '[Event "%s"]' "$(head -c $(($1 - 10)) /dev/zero | tr '\0' x)"; }

@test "a line of max-line bytes and its CRLF is not too long; one byte more is (PGN reader)" {
    f=$BATS_TEST_TMPDIR/a.pgn
    printf '%s\r\n[Result "*"]\r\n\r\n1. e4 *\r\n' "$(line 75)" >"$f"
    run --separate-stderr pgn-check --select=over-limit --max-line 75 "$f"
    assert_success
    assert_equal "$stderr" ""
    run --separate-stderr pgn-check --select=over-limit --max-line 74 "$f"
    assert_failure 1
    assert_equal "$stderr" "pgn-check:$f:1:75: error: game 1 (xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx): line too long; split [over-limit]"
    # a lone CR after the max-line bytes ends the line too
    printf '%s\r[Result "*"]\r\r1. e4 *\r' "$(line 75)" >"$f"
    run --separate-stderr pgn-check --select=over-limit --max-line 75 "$f"
    assert_success
}

@test "a line of max-line bytes and its CRLF is not too long (fen-check's line reader)" {
    fen='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    printf '%s\r\n%s\r\n' "$fen" "$fen" >"$BATS_TEST_TMPDIR/p.fen"
    run --separate-stderr fen-check --max-line ${#fen} "$BATS_TEST_TMPDIR/p.fen"
    assert_success
    assert_equal "$output" "$fen"$'\n'"$fen"
    run --separate-stderr fen-check --max-line $((${#fen} - 1)) "$BATS_TEST_TMPDIR/p.fen"
    assert_failure 1
    assert_equal "$(wc -l <<<"$stderr")" 2
}

@test "standard input, a pipe fed slowly, an empty input: the same games as the file" {
    f=$BATS_TEST_TMPDIR/g.pgn
    printf '[Event "a"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event "b"]\n\n1. d4 *\n' >"$f"
    run --separate-stderr pgn-to-named-notation --to=uci "$f"
    assert_success
    want=$output
    run --separate-stderr bash -c "pgn-to-named-notation --to=uci <'$f'"
    assert_success
    assert_equal "$output" "$want"
    # a byte at a time, with pauses: each game comes out (no wait for a full buffer)
    run --separate-stderr bash -c "while IFS= read -r -n1 -d '' c; do printf %s \"\$c\"; done <'$f' | pgn-to-named-notation --to=uci"
    assert_success
    assert_equal "$output" "$want"
    run --separate-stderr pgn-to-named-notation --to=uci - "$f" - </dev/null
    assert_success
    assert_equal "$output" "$want"
    : >"$BATS_TEST_TMPDIR/empty.pgn"
    for tool in pgn-check pgn-select pgn-to-named-notation named-notation-to-pgn fen-check; do
        run --separate-stderr "$tool" "$BATS_TEST_TMPDIR/empty.pgn"
        assert_output ''
        assert_equal "$stderr" ''
    done
}

@test "a truncated zstd stream through a pipe: the text before the cut, the cut said once" {
    f=$BATS_TEST_TMPDIR/g.pgn
    for i in $(seq 20000); do printf '[Event "%d"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n' "$i"; done >"$f"
    zstd -q -c "$f" >"$f.full.zst"
    head -c $(($(stat -c %s "$f.full.zst") / 2)) "$f.full.zst" >"$f.zst"
    full=$(pgn-to-named-notation --to=uci "$f")
    run --separate-stderr bash -c "cat '$f.zst' | pgn-to-named-notation --to=uci"
    assert_failure 1
    assert_equal "$(grep -c 'truncated zstd stream' <<<"$stderr")" 1
    assert_equal "$(head -8 <<<"$output")" "$(head -8 <<<"$full")"
}

@test "a 64 MiB line is cut at --max-line, in bounded memory, and the next line still read" {
    [[ -z ${SAN:-} ]] || skip "ulimit -v and AddressSanitizer do not mix"
    f=$BATS_TEST_TMPDIR/huge.fen
    fen='8/8/8/8/8/8/8/K6k w - - 0 1'
    { head -c $((64 << 20)) /dev/zero | tr '\0' x; printf '\n%s\n' "$fen"; } >"$f"
    run --separate-stderr bash -c "ulimit -v 200000; fen-check -q '$f'; echo \$?"
    assert_output 1
    run --separate-stderr bash -c "ulimit -v 200000; fen-check '$f' 2>/dev/null"
    assert_output "$fen"
}
