#!/usr/bin/env bats
# perft: counts held against the published perft suites ($SHARED/perft) and
# against Stockfish's own "go perft"; every option, every bad input and exit
# status; --against on Stockfish and on a deliberately broken engine (the
# test helper uci-perft-engine, built from tests/uci-perft-engine.c); the
# split perft through perft-sum and perft-cluster (GNU parallel, local).
# The deep runs are in scripts/check-slow-perft (make check-slow).
# --breakdown is held to the Chess Programming Wiki's published table and
# to python-chess (fixtures/perft-breakdown, by scripts/gen-perft-breakdown).

load test_helper

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
KIWI='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
FIX="$BATS_TEST_DIRNAME/fixtures"
SCRIPTS="$BATS_TEST_DIRNAME/../../scripts"
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}

# expected FILE LINE DEPTH: the count the suite publishes (its ;DDEPTH).
expected() {
    sed -n "${2}p" "$1" | grep -o ";D$3 [0-9]*" | cut -d' ' -f2
}

# fen_of FILE LINE: the record's FEN, without its operations.
fen_of() { sed -n "${2}p" "$1" | sed 's/ *;.*//'; }

need_stockfish() { [[ -x $STOCKFISH ]] || skip "stockfish is not installed"; }

# stockfish_divide FEN DEPTH [CHESS960]: Stockfish's go perft lines, sorted.
stockfish_divide() {
    printf 'setoption name UCI_Chess960 value %s\nposition fen %s\ngo perft %s\nquit\n' "${3:-false}" "$1" "$2" |
        "$STOCKFISH" | grep -E '^[a-h][1-8][a-h][1-8][nbrq]?: [0-9]+$' | sort
}

# --- counting ----------------------------------------------------------------

@test "unreachable positions and five-field FENs are counted, unless --strict" {
    # After 1. e4 (clock 5 beside e3: no game reaches it): Stockfish's divide
    # of the start position at depth 3 gives e2e4: 600.
    run --separate-stderr perft -d 2 --fen 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1'
    assert_success
    assert_output '600 nodes'
    run --separate-stderr perft -d 3 --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0'
    assert_success
    assert_output '8902 nodes'
    run --separate-stderr perft --strict -d 2 <<<'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1'
    assert_failure 1
    assert_output ''
    assert_stderr_equal 'perft:<stdin>:1:57: half-move clock 5 but the en-passant square shows a pawn move (expected 0)'
}

@test "--startpos -d N gives the suite's counts for depths 1 to 5, and 1 node at depth 0" {
    need_shared perft/standard.epd
    run --separate-stderr perft --startpos -d 0
    assert_success
    assert_output "1 nodes"
    for d in 1 2 3 4 5; do
        run --separate-stderr perft --startpos -d "$d"
        assert_success
        assert_output "$(expected "$SHARED/perft/standard.epd" 1 "$d") nodes"
        assert_stderr_equal ''
    done
}

@test "--fen counts Kiwipete as the suite says, short options too" {
    need_shared perft/standard.epd
    run --separate-stderr perft --fen "$KIWI" -d 4
    assert_success
    assert_output "$(expected "$SHARED/perft/standard.epd" 2 4) nodes"
}

@test "several positions: each count after its FEN and a tab" {
    need_shared perft/standard.epd
    head -n 6 "$SHARED/perft/standard.epd" >"$BATS_TEST_TMPDIR/six.epd"
    run --separate-stderr perft -d 3 "$BATS_TEST_TMPDIR/six.epd"
    assert_success
    local want="" i
    for i in 1 2 3 4 5 6; do
        want+="$(fen_of "$SHARED/perft/standard.epd" $i)"$'\t'"$(expected "$SHARED/perft/standard.epd" $i 3) nodes"$'\n'
    done
    assert_output "${want%$'\n'}"
}

@test "repeated --fen and --startpos are several positions" {
    run --separate-stderr perft --startpos --fen "$KIWI" -d 2
    assert_success
    assert_output "$START"$'\t'"400 nodes"$'\n'"$KIWI"$'\t'"2039 nodes"
}

@test "standard input is read when no FILE is given, and - names it" {
    run --separate-stderr perft -d 2 <<<"$KIWI"
    assert_output "$KIWI"$'\t'"2039 nodes"
    run --separate-stderr perft -d 2 - <<<"$KIWI"
    assert_output "$KIWI"$'\t'"2039 nodes"
}

@test "blank lines, comments, CRLF line ends and a BOM are taken in stride" {
    printf '\xef\xbb\xbf%s\r\n\n# a comment\n   \n%s\r\n' "$START" "$KIWI" >"$BATS_TEST_TMPDIR/crlf.fen"
    run --separate-stderr perft -d 1 "$BATS_TEST_TMPDIR/crlf.fen"
    assert_success
    assert_output "$START"$'\t'"20 nodes"$'\n'"$KIWI"$'\t'"48 nodes"
}

@test "a lone CR ends a line, as LF does (formats/fen.md)" {
    printf '%s\r# a comment\r\r%s\r' "$START" "$KIWI" >"$BATS_TEST_TMPDIR/mac.fen"
    run --separate-stderr perft -d 1 "$BATS_TEST_TMPDIR/mac.fen"
    assert_success
    assert_output "$START"$'\t'"20 nodes"$'\n'"$KIWI"$'\t'"48 nodes"
    assert_stderr_equal ''
}

@test "the threads and the hash table never change a count" {
    need_shared perft/standard.epd
    local want
    want="$(expected "$SHARED/perft/standard.epd" 2 4) nodes"
    for opts in "--threads 1" "-t 2" "--threads 5" "--hash 16M" "--hash 0" "--hash 1K -t 2" "--hash 100000 -t 3"; do
        # shellcheck disable=SC2086
        run --separate-stderr perft --fen "$KIWI" -d 4 $opts
        assert_success
        assert_output "$want"
    done
}

@test "a hash table shared by Chess960 suite records stays exact" {
    need_shared perft/fischer960.epd
    head -n 40 "$SHARED/perft/fischer960.epd" >"$BATS_TEST_TMPDIR/frc.epd"
    run --separate-stderr perft --max-depth 3 --hash 64K "$BATS_TEST_TMPDIR/frc.epd"
    assert_success
    assert_line "40 passed, 0 failed"
}

# --- divide ------------------------------------------------------------------

@test "--divide has Stockfish's layout: moves, a blank line, Nodes searched, a blank line" {
    run --separate-stderr perft --startpos -d 2 --divide
    assert_success
    assert_equal "${#lines[@]}" 21 # bats drops the blank lines
    assert_line --index 0 "a2a3: 20"
    assert_line --index 20 "Nodes searched: 400"
    [[ $(perft --startpos -d 1 --divide | tail -n 3 | od -c | head -1) == *'\n   N   o   d   e   s'* ]]
    [[ $(perft --startpos -d 1 --divide | tail -c 2) == "" ]] # ends with "\n\n"
    perft --startpos -d 1 --divide | tail -n 1 | grep -qx ''
}

@test "--divide lists exactly what Stockfish's go perft lists (Kiwipete, depth 3)" {
    need_shared perft/standard.epd
    need_stockfish
    run --separate-stderr perft --fen "$KIWI" -d 3 --divide
    assert_success
    assert_equal "$(grep -E '^[a-h][1-8]' <<<"$output" | sort)" "$(stockfish_divide "$KIWI" 3)"
    assert_line "Nodes searched: $(expected "$SHARED/perft/standard.epd" 2 3)"
}

@test "--divide on a Chess960 record matches Stockfish with UCI_Chess960" {
    need_shared perft/fischer960.epd
    need_stockfish
    local fen
    fen=$(fen_of "$SHARED/perft/fischer960.epd" 7)
    run --separate-stderr perft --fen "$fen" -d 2 --divide
    assert_success
    assert_equal "$(grep -E '^[a-h][1-8]' <<<"$output" | sort)" "$(stockfish_divide "$fen" 2 true)"
}

@test "castling is e1g1 in standard chess and king-takes-rook in Chess960, unless --castling says otherwise" {
    run --separate-stderr perft --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' -d 1 --divide
    assert_line "e1g1: 1"
    assert_line "e1c1: 1"
    refute_line "e1h1: 1"
    run --separate-stderr perft --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' -d 1 --divide --castling=king-takes-rook
    assert_line "e1h1: 1"
    assert_line "e1a1: 1"
    refute_line "e1g1: 1"
    run --separate-stderr perft --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' -d 1 --divide --chess960
    assert_line "e1h1: 1"
    refute_line "e1g1: 1"
    run --separate-stderr perft --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' -d 1 --divide --chess960 \
        --castling=king-two-squares
    assert_line "e1g1: 1"
    run --separate-stderr perft --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' -d 1 --divide --castling=auto
    assert_line "e1g1: 1"
    # Shredder-FEN letters already say Chess960: king takes rook.
    run --separate-stderr perft --fen 'rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1' -d 1 --divide
    assert_line "b1h1: 1"
    refute_line "b1g1: 1"
    run --separate-stderr perft --fen 'rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1' -d 1 --divide --castling=king-two-squares
    assert_line "b1g1: 1"
    refute_line "b1h1: 1"
}

@test "--divide with several positions puts each FEN above its block" {
    run --separate-stderr perft --startpos --fen "$KIWI" -d 1 --divide
    assert_success
    assert_line --index 0 "$START"
    assert_line "Nodes searched: 20"
    assert_line "$KIWI"
    assert_line "Nodes searched: 48"
}

# --- EPD suites ----------------------------------------------------------------

@test "the standard suite passes to depth 3 unchanged (records without ;D1-;D3 are skipped)" {
    need_shared perft/standard.epd
    run --separate-stderr perft --max-depth 3 "$SHARED/perft/standard.epd"
    assert_success
    assert_stderr_equal ''
    assert_line "126 passed, 0 failed, 2 skipped"
    assert_line "ok   $SHARED/perft/standard.epd:1 depth 3 expected 8902 got 8902"
    assert_line "skip $SHARED/perft/standard.epd:127 no ;Dn up to depth 3"
}

@test "the Chess960 suite passes to depth 2 unchanged" {
    need_shared perft/fischer960.epd
    run --separate-stderr perft --max-depth 2 "$SHARED/perft/fischer960.epd"
    assert_success
    assert_line "960 passed, 0 failed"
    assert_equal "$(grep -c '^ok ' <<<"$output")" 960
}

@test "without --max-depth every depth a record carries is checked" {
    printf '%s ;D1 20 ;D2 400 ;D3 8902\n' "$START" >"$BATS_TEST_TMPDIR/s.epd"
    run --separate-stderr perft "$BATS_TEST_TMPDIR/s.epd"
    assert_success
    assert_output "ok   $BATS_TEST_TMPDIR/s.epd:1 depth 3 expected 8902 got 8902"$'\n'"1 passed, 0 failed"
}

@test "a wrong count is a FAIL with depth, expected and got, and exit status 1" {
    run --separate-stderr perft "$FIX/perft-wrong.epd"
    assert_failure 1
    assert_output "FAIL $FIX/perft-wrong.epd:1 depth 3 expected 8903 got 8902
ok   $FIX/perft-wrong.epd:2 depth 3 expected 97862 got 97862
1 passed, 1 failed"
}

@test "--json: one object per record and a summary object" {
    run --separate-stderr perft --json "$FIX/perft-wrong.epd"
    assert_failure 1
    assert_line --index 0 "{\"file\":\"$FIX/perft-wrong.epd\",\"line\":1,\"fen\":\"$START\",\"ok\":false,\"depth\":3,\"expected\":8903,\"got\":8902}"
    assert_line --index 2 '{"passed":1,"failed":1,"skipped":0}'
}

# --- python-chess's perft suites ---------------------------------------------------

@test "python-chess's id/epd/perft blocks are read: a hand-made suite, counts as published" {
    run --separate-stderr perft --chess960 "$FIX/suite.perft"
    assert_success
    assert_output "ok   $FIX/suite.perft:5 depth 3 expected 2812 got 2812
ok   $FIX/suite.perft:11 depth 4 expected 274234 got 274234
ok   $FIX/suite.perft:18 depth 3 expected 555 got 555
ok   $FIX/suite.perft:24 depth 3 expected 3931 got 3931
4 passed, 0 failed"
    assert_stderr_equal ''
    run --separate-stderr perft --max-depth 2 --json --chess960 "$FIX/suite.perft"
    assert_success
    assert_line --index 0 "{\"file\":\"$FIX/suite.perft\",\"line\":5,\"fen\":\"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\",\"ok\":true,\"depth\":2,\"expected\":191,\"got\":191}"
    run --separate-stderr perft -d 1 --chess960 "$FIX/suite.perft"
    assert_line --index 0 $'8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\t14 nodes'
}

@test "an X-FEN block outside the standard set-up needs no --chess960" {
    run --separate-stderr perft "$FIX/suite.perft"
    assert_success
    assert_line "ok   $FIX/suite.perft:24 depth 3 expected 3931 got 3931"
    assert_line "4 passed, 0 failed"
    assert_stderr_equal ''
}

@test "malformed blocks are reported perft:FILE:LINE:COL: and skipped; a bad perft line alone" {
    run --separate-stderr perft "$FIX/suite-bad.perft"
    assert_failure 1
    # bad-count's "perft 1 14" stands beside its malformed "perft 2 19x"
    assert_output "ok   $FIX/suite-bad.perft:4 depth 1 expected 14 got 14
ok   $FIX/suite-bad.perft:13 depth 2 expected 191 got 191
2 passed, 0 failed"
    assert_stderr_equal "perft:$FIX/suite-bad.perft:6:9: invalid perft count '19x'
perft:$FIX/suite-bad.perft:9:16: 'Z' is not a piece letter (PNBRQK, pnbrqk)
perft:$FIX/suite-bad.perft:19:1: unknown line 'bogus' (expected id, epd or perft)
perft:$FIX/suite-bad.perft:22:1: a 'perft' line before the block's 'epd' line
perft:$FIX/suite-bad.perft:25: nothing to count: give --depth or perft lines"
}

@test "python-chess's tricky.perft passes to depth 2, its X-FEN records with or without --chess960" {
    need_shared perft/tricky.perft
    run --separate-stderr perft --chess960 --max-depth 2 "$SHARED/perft/tricky.perft"
    assert_success
    assert_line "19 passed, 0 failed"
    assert_equal "$(grep -c '^ok ' <<<"$output")" 19
    assert_stderr_equal ''
    run --separate-stderr perft --max-depth 2 "$SHARED/perft/tricky.perft"
    assert_success
    assert_line "19 passed, 0 failed"
    assert_stderr_equal ''
}

@test "--against reads the depth of a block's perft lines" {
    run --separate-stderr perft --max-depth 2 --against "uci-perft-engine" "$FIX/suite-bad.perft"
    assert_failure 1
    assert_line "ok   $FIX/suite-bad.perft:13 depth 2: 191 nodes, chesskit perft agrees"
}

# --- bad input -------------------------------------------------------------------

@test "bad records are reported perft:FILE:LINE:COL: and skipped; the others are counted" {
    run --separate-stderr perft "$FIX/perft-bad.epd"
    assert_failure 1
    assert_output "ok   $FIX/perft-bad.epd:2 depth 2 expected 400 got 400
ok   $FIX/perft-bad.epd:8 depth 2 expected 66 got 66
2 passed, 0 failed"
    assert_stderr_equal "perft:$FIX/perft-bad.epd:4:43: 'Z' is not a piece letter (PNBRQK, pnbrqk)
perft:$FIX/perft-bad.epd:5:43: invalid ;D2 count '6x6'
perft:$FIX/perft-bad.epd:6:1: white has 0 kings, expected 1
perft:$FIX/perft-bad.epd:6:1: black has 0 kings, expected 1
perft:$FIX/perft-bad.epd:7: nothing to count: give --depth or ;Dn operations"
}

@test "with --depth, a bad --fen is reported as --fen:N:COL and the good ones are counted" {
    run --separate-stderr perft -d 1 --startpos --fen '8/8/8/8 w - - 0 1' --fen "$KIWI"
    assert_failure 1
    assert_output "$START"$'\t'"20 nodes"$'\n'"$KIWI"$'\t'"48 nodes"
    [[ $stderr == "perft:--fen:2:"[0-9]*": "* ]]
}

@test "an unreachable but well-defined position (the standard suite's line 51) is counted" {
    need_shared perft/standard.epd
    run --separate-stderr perft -d 3 --fen "$(fen_of "$SHARED/perft/standard.epd" 51)"
    assert_success
    assert_output "$(expected "$SHARED/perft/standard.epd" 51 3) nodes"
}

@test "a line longer than --max-line is reported and skipped" {
    { printf '%s\n' "$START"; printf '%*s\n' 300 x; } >"$BATS_TEST_TMPDIR/long.fen"
    run --separate-stderr perft -d 1 --max-line 200 "$BATS_TEST_TMPDIR/long.fen"
    assert_failure 1
    assert_output "$START"$'\t'"20 nodes"
    assert_stderr_equal "perft:$BATS_TEST_TMPDIR/long.fen:2:201: line too long (more than 200 bytes) [line-too-long]"
}

@test "a missing file exits 66 after the other files are counted" {
    printf '%s\n' "$START" >"$BATS_TEST_TMPDIR/one.fen"
    run --separate-stderr perft -d 1 "$BATS_TEST_TMPDIR/none.fen" "$BATS_TEST_TMPDIR/one.fen"
    assert_failure 66
    assert_output "$START"$'\t'"20 nodes"
    assert_stderr_equal "perft: cannot open $BATS_TEST_TMPDIR/none.fen: No such file or directory"
}

@test "a write error exits 74" {
    run --separate-stderr perft --startpos -d 2 --divide
    run --separate-stderr bash -c 'perft --startpos -d 2 --divide >/dev/full'
    assert_failure 74
    [[ $stderr == "perft: write error"* ]]
}

@test "-q prints nothing; the exit status tells" {
    run --separate-stderr perft -q "$FIX/perft-wrong.epd"
    assert_failure 1
    assert_output ''
    assert_stderr_equal ''
    run --separate-stderr perft -q "$FIX/perft-bad.epd"
    assert_failure 1
    assert_stderr_equal ''
    run --separate-stderr perft --quiet --startpos -d 3 --color=never
    assert_success
    assert_output ''
}

@test "usage errors exit 64 with a message" {
    local -a bad=(
        "-d x|invalid --depth value 'x'"
        "-d -1|invalid --depth value '-1'"
        "-d 31|invalid --depth value '31'"
        "--max-depth 0|invalid --max-depth value '0'"
        "-t 0|invalid --threads value '0'"
        "--threads 2x|invalid --threads value '2x'"
        "--hash 1X|invalid --hash value '1X'"
        "--hash -1|invalid --hash value '-1'"
        "--castling=sideways|invalid --castling value 'sideways'"
        "--split 9|invalid --split value '9'"
        "--startpos --divide|--divide needs --depth"
        "--startpos -d 2 --max-depth 3|--max-depth applies to EPD records without --depth"
        "--startpos --split 2 -d 3|--split cannot be combined"
        "--startpos -d 2 --against x --divide|--against cannot be combined with --divide"
        "--startpos --split 2 --breakdown|--split cannot be combined with --breakdown"
        "--inject-bug|unrecognized option '--inject-bug'"
        "--uci --startpos|unrecognized option '--uci'"
        "--startpos -d 1 somefile|--fen and --startpos take the place of FILE operands"
        "--against=|--against needs a command"
        "--no-such-option|unrecognized option"
    )
    local case args message
    for case in "${bad[@]}"; do
        args=${case%%|*} message=${case#*|}
        # shellcheck disable=SC2086
        run --separate-stderr perft $args
        assert_failure 64
        [[ $stderr == *"$message"* ]] || fail "perft $args: stderr lacks '$message': $stderr"
    done
}

@test "--help documents the options and the exit statuses, not the test aids" {
    run --separate-stderr perft --help
    assert_success
    for opt in --depth --divide --breakdown --max-depth --fen --startpos --against --split --threads --hash \
        --chess960 --strict --castling --json --quiet --max-line; do
        assert_output --partial -- "$opt"
    done
    assert_exit_status_table
    refute_output --partial -- "--inject-bug"
    refute_output --partial -- "--uci"
    run perft --version
    assert_success
    assert_output --partial chesskit
}

# --- JSON --------------------------------------------------------------------------

@test "--json with --depth and --divide: fen, depth, nodes, time and the moves" {
    run --separate-stderr perft --json --startpos -d 2 --divide
    assert_success
    [[ $output =~ ^\{\"fen\":\"$START\",\"depth\":2,\"nodes\":400,\"seconds\":[0-9.]+,\"nps\":[0-9]+,\"moves\":\{\"a2a3\":20,.*\"h2h4\":20\}\}$ ]]
    run --separate-stderr perft --json --fen "$KIWI" -d 1
    [[ $output =~ ^\{\"fen\":\".*\",\"depth\":1,\"nodes\":48,.*\}$ ]]
    refute_output --partial moves
}

# --- --split, perft-sum, perft-cluster ---------------------------------------------

@test "--split K: distinct positions with their paths, adding up to perft K" {
    need_shared perft/standard.epd
    run --separate-stderr perft --startpos --split 3
    assert_success
    assert_equal "${#lines[@]}" 5362
    assert_equal "$(cut -f2 <<<"$output" | paste -sd+ | bc)" "$(expected "$SHARED/perft/standard.epd" 1 3)"
    # Nb1-a3, Nb8-a6, Ng1-f3 and Ng1-f3, Nb8-a6, Nb1-a3 meet: two paths.
    assert_line --index 0 $'r1bqkbnr/pppppppp/n7/8/8/N4N2/PPPPPPPP/R1BQKB1R b KQkq - 3 2\t2'
    run --separate-stderr perft --startpos --split 0
    assert_output "$START"$'\t'1
    run --separate-stderr perft --startpos --split 1 --json
    assert_line --index 0 '{"fen":"rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KQkq - 1 1","paths":1}'
}

@test "split, count each position, perft-sum: the suite's count (start position, depth 5)" {
    need_shared perft/standard.epd
    perft --startpos --split 2 | while IFS=$'\t' read -r fen paths; do
        printf '%s\t%s\n' "$paths" "$(perft -d 3 --fen "$fen")"
    done >"$BATS_TEST_TMPDIR/results"
    run --separate-stderr "$SCRIPTS/perft-sum" --lines 400 "$BATS_TEST_TMPDIR/results"
    assert_success
    assert_output "$(expected "$SHARED/perft/standard.epd" 1 5) nodes"
}

@test "perft-sum adds exactly past 64 bits and refuses what is not a result" {
    run --separate-stderr "$SCRIPTS/perft-sum" <<<$'18446744073709551615 nodes\n3\t18446744073709551615 nodes\n7'
    assert_success
    assert_output "73786976294838206467 nodes"
    run --separate-stderr "$SCRIPTS/perft-sum" --lines 3 <<<$'1 nodes\n2 nodes'
    assert_failure 1
    assert_stderr_equal "perft-sum: 2 results, expected 3"
    run --separate-stderr "$SCRIPTS/perft-sum" <<<$'1 nodes\nperft: oops'
    assert_failure 1
    assert_stderr_equal "perft-sum:2: not a perft result: perft: oops"
    run --separate-stderr "$SCRIPTS/perft-sum" --bogus
    assert_failure 64
}

@test "perft-cluster with GNU parallel on this machine (-S :) gives the one-process count" {
    need_shared perft/standard.epd
    command -v parallel >/dev/null || skip "GNU parallel is not installed"
    run --separate-stderr "$SCRIPTS/perft-cluster" -S : -j 2 --batch 7 --threads 1 -d 4 --split 2 --fen "$KIWI"
    assert_success
    assert_output "$(perft -d 4 --fen "$KIWI")"
    assert_output "$(expected "$SHARED/perft/standard.epd" 2 4) nodes"
    run --separate-stderr "$SCRIPTS/perft-cluster" -d 3 --startpos --hash 1M
    assert_success
    assert_output "8902 nodes"
}

@test "perft-cluster refuses a bad command line and reports a failed job" {
    run --separate-stderr "$SCRIPTS/perft-cluster" --startpos
    assert_failure 64
    run --separate-stderr "$SCRIPTS/perft-cluster" -d 2 --split 3 --startpos
    assert_failure 64
    run --separate-stderr "$SCRIPTS/perft-cluster" -d 2
    assert_failure 64
    command -v parallel >/dev/null || skip "GNU parallel is not installed"
    run --separate-stderr "$SCRIPTS/perft-cluster" -d 3 --split 1 --startpos --hash 1X
    assert_failure 1
}

# --- --against ------------------------------------------------------------------------

@test "--against stockfish agrees on suite records (standard and Chess960, depth 3)" {
    need_shared perft/fischer960.epd perft/standard.epd
    need_stockfish
    { head -n 8 "$SHARED/perft/standard.epd"; head -n 8 "$SHARED/perft/fischer960.epd"; } >"$BATS_TEST_TMPDIR/mix.epd"
    run --separate-stderr perft --max-depth 3 --against "$STOCKFISH" "$BATS_TEST_TMPDIR/mix.epd"
    assert_success
    assert_line "16 passed, 0 failed"
    assert_line "ok   $BATS_TEST_TMPDIR/mix.epd:1 depth 3: 8902 nodes, Stockfish 15.1 agrees" ||
        assert_line --partial "ok   $BATS_TEST_TMPDIR/mix.epd:1 depth 3: 8902 nodes, Stockfish"
}

@test "--against finds an engine that drops en passant and prints where, deep in the tree" {
    run --separate-stderr perft --startpos -d 5 --against "uci-perft-engine --inject-bug"
    assert_failure 1
    assert_output "FAIL --fen:1 depth 5: perft 4865609, chesskit perft 4865351
  position: rnbqkbnr/2pppppp/p7/Pp6/8/8/1PPPPPPP/RNBQKBNR w KQkq b6 0 3
  moves:    a2a4 a7a6 a4a5 b7b5
  only perft:  a5b6
  only engine: (none)
0 passed, 1 failed"
}

@test "--against: the record's own position lacking en passant, in JSON" {
    local fen='rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3'
    run --separate-stderr perft --fen "$fen" -d 2 --json --against "uci-perft-engine --inject-bug"
    assert_failure 1
    assert_line --index 0 --partial '"agree":false,"position":"'"$fen"'","path":"","only_perft":"d4e3","only_engine":""}'
}

@test "--against agrees with this project's perft served over UCI, and with Stockfish on a 960 record" {
    need_shared perft/fischer960.epd
    run --separate-stderr perft --fen "$KIWI" -d 3 --against "uci-perft-engine"
    assert_success
    assert_output "ok   --fen:1 depth 3: 97862 nodes, chesskit perft agrees
1 passed, 0 failed"
    need_stockfish
    run --separate-stderr perft --fen "$(fen_of "$SHARED/perft/fischer960.epd" 3)" -d 3 --against "$STOCKFISH" --json
    assert_success
    assert_line --index 0 --partial '"agree":true}'
}

@test "--against a command that is no UCI engine, or an engine that dies, exits 69" {
    run --separate-stderr perft --startpos -d 2 --against /nonexistent/engine
    assert_failure 69
    [[ $stderr == *"perft: --against: cannot run '/nonexistent/engine' as a UCI engine: it stopped answering at 'uci' (its output ended)" ]]
    run --separate-stderr perft --startpos -d 2 --against true
    assert_failure 69
    # An engine that answers uci and isready, then exits at "go perft".
    cat >"$BATS_TEST_TMPDIR/dying" <<'EOF'
#!/bin/sh
while read -r line; do
    case $line in
    uci) echo uciok ;;
    isready) echo readyok ;;
    go*) exit 1 ;;
    esac
done
EOF
    chmod +x "$BATS_TEST_TMPDIR/dying"
    run --separate-stderr perft --startpos -d 2 --against "$BATS_TEST_TMPDIR/dying"
    assert_failure 69
    assert_output ''
    assert_stderr_equal "perft:--fen:1: --against: the engine '$BATS_TEST_TMPDIR/dying' stopped answering at 'go perft 2' (its output ended)"
}

@test "--against an engine that closes its input is judged by its output, whichever of the two ends first" {
    # It closes its input before it answers isready, so the next command
    # perft writes meets a broken pipe every time; what is said must be
    # what a slower write would meet too: its output ends.
    cat >"$BATS_TEST_TMPDIR/deaf" <<'EOF'
#!/bin/sh
while read -r line; do
    case $line in
    uci) echo uciok ;;
    isready) exec 0<&-; echo readyok; sleep 0.3; exit 0 ;;
    esac
done
EOF
    chmod +x "$BATS_TEST_TMPDIR/deaf"
    run --separate-stderr perft --startpos -d 2 --against "exec $BATS_TEST_TMPDIR/deaf"
    assert_failure 69
    assert_output ''
    assert_stderr_equal "perft:--fen:1: --against: the engine 'exec $BATS_TEST_TMPDIR/deaf' stopped answering at 'go perft 2' (its output ended)"
}

@test "out of memory exits 71" {
    with_memory_limit 200000 perft --hash 1G --startpos -d 1
    assert_failure 71
    assert_output ''
    assert_stderr_equal 'perft: --hash: cannot allocate 1073741824 bytes'
}

@test "--against without --depth on a record with no ;Dn is reported" {
    run --separate-stderr perft --against "uci-perft-engine" --fen "$START"
    assert_failure 1
    assert_stderr_equal "perft:--fen:1: no depth to compare at: give --depth or ;Dn operations"
}

@test "the test engine answers go perft in Stockfish's layout, Chess960 included" {
    run --separate-stderr uci-perft-engine <<'EOF'
uci
isready
position startpos moves e2e4 e7e5
go perft 1
setoption name UCI_Chess960 value true
position fen rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1
go perft 1
position fen not a fen
quit
EOF
    assert_success
    assert_line uciok
    assert_line readyok
    assert_line "Nodes searched: 29"
    assert_line "b1h1: 1"
    assert_line "info string invalid position command"
}

# --- progress -----------------------------------------------------------------------

@test "a long run shows its progress on a terminal, and nothing when stderr is no terminal" {
    command -v script >/dev/null || skip "script (util-linux) is not installed"
    # A run of a few seconds: the start position at depth 7 on two threads
    # now takes about one, too short for the display.
    run script -qec "perft --fen '$KIWI' -d 6 --threads 1" /dev/null
    assert_success
    assert_output --partial "perft: depth 6: "
    assert_output --partial " Mnps, "
    assert_output --partial " left"
    assert_output --partial "8031647685 nodes"
    run --separate-stderr perft --fen "$KIWI" -d 5
    assert_stderr_equal ''
}

@test "--color paints ok green and FAIL red in suites, and diagnostics as gcc does" {
    # The start position has 20 moves and 400 paths of two plies.
    printf '%s ;D1 20 ;D2 400\n%s ;D1 20 ;D2 401\n' "$START" "$START" >"$BATS_TEST_TMPDIR/suite.epd"
    run --separate-stderr perft --color=always "$BATS_TEST_TMPDIR/suite.epd"
    assert_failure 1
    assert_output "${GREEN}ok${RESET}   $BATS_TEST_TMPDIR/suite.epd:1 depth 2 expected 400 got 400
${RED}FAIL${RESET} $BATS_TEST_TMPDIR/suite.epd:2 depth 2 expected 401 got 400
1 passed, 1 failed"
    run --separate-stderr perft "$BATS_TEST_TMPDIR/suite.epd"
    assert_line --index 0 "ok   $BATS_TEST_TMPDIR/suite.epd:1 depth 2 expected 400 got 400"
    run --separate-stderr perft --color=always -d 1 <<<'k7/8/8/8/8/8/8/K7 x - - 0 1'
    assert_failure 1
    assert_stderr_equal "${BOLD}perft:<stdin>:1:19:${RESET} side to move 'x' is not 'w' or 'b'"
}

# --- --breakdown ---------------------------------------------------------------------

BD="$FIX/perft-breakdown"
BD_HEAD=$'depth\tnodes\tcaptures\ten_passant\tcastles\tpromotions\tchecks\tdiscovered_checks\tdouble_checks\tcheckmates'

# published_fen NAME: the FEN of a row name of published.tsv.
published_fen() {
    case $1 in
    startpos) echo "$START" ;;
    kiwipete) echo "$KIWI" ;;
    position3) echo '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1' ;;
    position4) echo 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1' ;;
    position4-mirrored) echo 'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1' ;;
    position5) echo 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8' ;;
    esac
}

@test "--breakdown gives the Wiki's published columns (rows up to 500,000 nodes)" {
    local name depth want got rows=0 i
    while IFS=$'\t' read -r name depth want; do
        [[ $name == \#* || $name == name ]] && continue
        (( ${want%%$'\t'*} <= 500000 )) || continue
        run --separate-stderr perft --fen "$(published_fen "$name")" -d "$depth" --breakdown -j 1
        assert_success
        assert_line --index 0 "$BD_HEAD"
        got=${lines[1]#*$'\t'}
        # a "-" of the page matches any count
        local -a w g
        IFS=$'\t' read -r -a w <<<"$want"
        IFS=$'\t' read -r -a g <<<"$got"
        for i in "${!w[@]}"; do
            [[ ${w[i]} == - || ${w[i]} == "${g[i]}" ]] || fail "$name depth $depth: got $got, published $want"
        done
        rows=$((rows + 1))
    done <"$BD/published.tsv"
    (( rows == 22 )) || fail "$rows rows checked"
}

@test "--breakdown agrees with python-chess: standard and variant positions (rows up to 200,000 nodes)" {
    local name variant depth rest want fen rows=0
    while IFS=$'\t' read -r name variant depth rest; do
        [[ $name == \#* || $name == name ]] && continue
        (( ${rest%%$'\t'*} <= 200000 )) || continue
        want=$(cut -f1-9 <<<"$rest")
        fen=$(cut -f10 <<<"$rest")
        run --separate-stderr perft --variant="$variant" --fen "$fen" -d "$depth" --breakdown
        assert_success
        [[ ${lines[1]} == "$depth"$'\t'"$want" ]] || fail "$name ($variant) depth $depth: ${lines[1]}, python-chess $want"
        rows=$((rows + 1))
    done <"$BD/python-chess.tsv"
    (( rows > 40 )) || fail "only $rows rows checked"
}

@test "--breakdown --divide: one row per root move as python-chess counts it, and a total" {
    local name variant depth fen
    for name in kiwipete position3 crazyhouse-pockets atomic-kiwipete; do
        read -r variant depth < <(awk -F'\t' -v n="$name" '$1 == n { print $2, $3; exit }' "$BD/python-chess-divide.tsv")
        fen=$(awk -F'\t' -v n="$name" '$1 == n { print $NF; exit }' "$BD/python-chess.tsv")
        run --separate-stderr perft --variant="$variant" --fen "$fen" -d "$depth" --breakdown --divide
        assert_success
        assert_line --index 0 "move"$'\t'"$BD_HEAD"
        diff <(printf '%s\n' "${lines[@]:1}" | grep -v '^total' | sort) \
            <(awk -F'\t' -v n="$name" 'BEGIN { OFS = "\t" } $1 == n { $1 = ""; $2 = ""; t = $4; $4 = $3; $3 = t; sub(/^\t\t/, ""); print }' \
                "$BD/python-chess-divide.tsv" | sort) ||
            fail "$name: the divide differs from python-chess's"
        [[ ${lines[-1]} == total$'\t'"$depth"$'\t'"$(awk -F'\t' -v n="$name" -v d="$depth" '$1 == n && $3 == d { print $4 "\t" $5 "\t" $6 "\t" $7 "\t" $8 "\t" $9 "\t" $10 "\t" $11 "\t" $12 }' "$BD/python-chess.tsv")" ]] ||
            fail "$name: total ${lines[-1]}"
    done
}

@test "--breakdown: several positions share one header and carry their FEN; depth 0; --jobs" {
    run --separate-stderr perft --fen "$START" --fen "$KIWI" -d 2 --breakdown
    assert_success
    assert_output "fen"$'\t'"$BD_HEAD
$START"$'\t2\t400\t0\t0\t0\t0\t0\t0\t0\t0'"
$KIWI"$'\t2\t2039\t351\t1\t91\t0\t3\t0\t0\t0'
    run --separate-stderr perft --startpos -d 0 --breakdown
    assert_output "$BD_HEAD"$'\n0\t1\t0\t0\t0\t0\t0\t0\t0\t0'
    run --separate-stderr perft --fen "$KIWI" -d 3 --breakdown --divide -j 1
    local one=$output
    run --separate-stderr perft --fen "$KIWI" -d 3 --breakdown --divide -j 2
    assert_output "$one"
    # --hash serves plain counts only: the same breakdown
    run --separate-stderr perft --fen "$KIWI" -d 3 --breakdown --divide --hash 1M
    assert_output "$one"
}

@test "--breakdown --json: the columns beside nodes; with --divide an object per move" {
    run --separate-stderr perft --json --fen "$KIWI" -d 3 --breakdown
    assert_success
    [[ $output =~ ^\{\"fen\":\"$KIWI\",\"depth\":3,\"nodes\":97862,\"captures\":17102,\"en_passant\":45,\"castles\":3162,\"promotions\":0,\"checks\":993,\"discovered_checks\":0,\"double_checks\":0,\"checkmates\":1,\"seconds\":[0-9.]+,\"nps\":[0-9]+\}$ ]] ||
        fail "$output"
    # e5f7's row as python-chess counts it (fixtures/perft-breakdown/python-chess-divide.tsv)
    grep -q $'^kiwipete\tchess\t2\te5f7\t44\t9\t0\t1\t0\t0\t0\t0\t0$' "$BD/python-chess-divide.tsv"
    run --separate-stderr perft --json --fen "$KIWI" -d 2 --breakdown --divide
    assert_success
    run jq -c '[(.moves | length), .moves.e5f7, ([.moves[].checks] | add), .checks]' <<<"$output"
    assert_output '[48,{"nodes":44,"captures":9,"en_passant":0,"castles":1,"promotions":0,"checks":0,"discovered_checks":0,"double_checks":0,"checkmates":0},3,3]'
}

@test "--breakdown in suites: the ;Dn counts still decide, the columns follow" {
    run --separate-stderr perft --breakdown <<<"$START ;D1 20 ;D2 400 ;D3 8902"
    assert_success
    assert_output "ok   <stdin>:1 depth 3 expected 8902 got 8902 captures 34 en_passant 0 castles 0 promotions 0 checks 12 discovered_checks 0 double_checks 0 checkmates 0
1 passed, 0 failed"
    run --separate-stderr perft --breakdown <<<"$KIWI ;D1 48 ;D2 2040"
    assert_failure 1
    assert_line --index 0 "FAIL <stdin>:1 depth 2 expected 2040 got 2039 captures 351 en_passant 1 castles 91 promotions 0 checks 3 discovered_checks 0 double_checks 0 checkmates 0"
    run --separate-stderr perft --breakdown --json <<<"$KIWI ;D1 48"
    assert_success
    assert_line --index 0 '{"file":"<stdin>","line":1,"fen":"'"$KIWI"'","ok":true,"depth":1,"expected":48,"got":48,"captures":8,"en_passant":0,"castles":2,"promotions":0,"checks":0,"discovered_checks":0,"double_checks":0,"checkmates":0}'
}

@test "--breakdown with --against: the bisection compares nodes, the columns follow the verdict" {
    run --separate-stderr perft --startpos -d 3 --breakdown --against uci-perft-engine
    assert_success
    assert_output "ok   --fen:1 depth 3: 8902 nodes, chesskit perft agrees, captures 34 en_passant 0 castles 0 promotions 0 checks 12 discovered_checks 0 double_checks 0 checkmates 0
1 passed, 0 failed"
    run --separate-stderr perft --startpos -d 5 --breakdown --against "uci-perft-engine --inject-bug"
    assert_failure 1
    assert_line --index 0 "FAIL --fen:1 depth 5: perft 4865609, chesskit perft 4865351, captures 82719 en_passant 258 castles 0 promotions 0 checks 27351 discovered_checks 6 double_checks 0 checkmates 347"
    assert_line --index 3 "  only perft:  a5b6"
}
