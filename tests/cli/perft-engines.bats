#!/usr/bin/env bats
# perft --against and --against-divide with engines that misbehave: every
# wait has a limit (--engine-timeout), an engine failure is a located
# message and status 69, a count that differs where the move lists agree
# is shown; a closed standard output ends perft quietly, engine or not;
# a perft line a block cannot hold is refused alone; perft-cluster without
# perft.  The engines are the test helper uci-perft-engine (its
# misbehaviour modes), small scripts, and Stockfish where installed.

load test_helper

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
FIX="$BATS_TEST_DIRNAME/fixtures/perft-engines"
SCRIPTS="$BATS_TEST_DIRNAME/../../scripts"
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}

need_stockfish() { [[ -x $STOCKFISH ]] || skip "stockfish is not installed"; }

# script NAME BODY: an executable shell script $BATS_TEST_TMPDIR/NAME.
script() {
    printf '#!/bin/sh\n%s\n' "$2" >"$BATS_TEST_TMPDIR/$1"
    chmod +x "$BATS_TEST_TMPDIR/$1"
}

# --- limits on every wait -----------------------------------------------------------

@test "--against: an engine silent after go perft fails at --engine-timeout, located, 69, each record" {
    SECONDS=0
    run --separate-stderr perft -d 2 --fen "$START" --fen "$START" --against "uci-perft-engine --hang" \
        --engine-timeout 1
    assert_failure 69
    assert_output ''
    assert_stderr_equal "perft:--fen:1: --against: the engine 'uci-perft-engine --hang' gave no answer to 'go perft 2' within 1 s (--engine-timeout)
perft:--fen:2: --against: the engine 'uci-perft-engine --hang' gave no answer to 'go perft 2' within 1 s (--engine-timeout)"
    ((SECONDS < 10))
}

@test "--against: the handshake waits --engine-timeout too" {
    script mute 'exec sleep 30'
    SECONDS=0
    run --separate-stderr perft -d 1 --startpos --against "$BATS_TEST_TMPDIR/mute" --engine-timeout 1
    assert_failure 69
    assert_stderr_equal "perft: --against: cannot run '$BATS_TEST_TMPDIR/mute' as a UCI engine: it gave no answer to 'uci' within 1 s (--engine-timeout)"
    ((SECONDS < 10))
}

@test "--engine-timeout: documented, a positive number, only with an engine" {
    run --separate-stderr perft --help
    assert_output --partial '--engine-timeout=SECONDS'
    assert_output --partial '--against-divide=TEMPLATE'
    run --separate-stderr perft --startpos -d 1 --against uci-perft-engine --engine-timeout 0
    assert_failure 64
    assert_stderr_equal "perft: invalid --engine-timeout value '0' (expected 1 to 10000000)
Try \`perft --help' or \`perft --usage' for more information."
    run --separate-stderr perft --startpos -d 1 --engine-timeout 5
    assert_failure 64
    assert_stderr_equal "perft: --engine-timeout needs --against or --against-divide
Try \`perft --help' or \`perft --usage' for more information."
    run --separate-stderr perft --startpos -d 2 --against uci-perft-engine --engine-timeout 5
    assert_success
    assert_output "ok   --fen:1 depth 2: 400 nodes, chesskit perft agrees
1 passed, 0 failed"
}

# --- counts that differ where the move lists agree ----------------------------------

@test "--against: a total that differs from the engine's own moves shows the two counts" {
    run --separate-stderr perft --startpos -d 2 --against "uci-perft-engine --wrong-total"
    assert_failure 1
    assert_output "FAIL --fen:1 depth 2: perft 400, chesskit perft 401
  position: $START
  moves:    (none: the record's position)
  counts:   perft 400, chesskit perft 401
0 passed, 1 failed"
    assert_stderr_equal ''
}

@test "--against: a depth-1 move counted twice shows that move's counts, in text and JSON" {
    run --separate-stderr perft --startpos -d 1 --against "uci-perft-engine --double-first"
    assert_failure 1
    assert_output "FAIL --fen:1 depth 1: perft 20, chesskit perft 21
  position: $START
  moves:    (none: the record's position)
  counts:   a2a3: perft 1, chesskit perft 2
0 passed, 1 failed"
    run --separate-stderr perft --startpos -d 1 --json --against "uci-perft-engine --double-first"
    assert_failure 1
    assert_output '{"file":"--fen","line":1,"fen":"'"$START"'","depth":1,"nodes":20,"engine":"chesskit perft","engine_nodes":21,"agree":false,"position":"'"$START"'","path":"","only_perft":"","only_engine":"","counts":{"move":"a2a3","perft":1,"engine":2}}
{"passed":0,"failed":1,"skipped":0}'
}

# --- a closed standard output ------------------------------------------------------

# closed_pipe COMMAND...: COMMAND | head -1, printing COMMAND's exit status
# and its standard error.
closed_pipe() {
    run --separate-stderr bash -c '"$@" 2>"$0.err" | head -1 >/dev/null; s=${PIPESTATUS[0]}; cat "$0.err"; echo "$s"' \
        "$BATS_TEST_TMPDIR/pipe" "$@"
}

@test "| head -1 ends perft quietly (SIGPIPE), with --against or without, as the other filters" {
    yes "$START ;D1 20" | head -n 3000 >"$BATS_TEST_TMPDIR/many.epd"
    closed_pipe perft "$BATS_TEST_TMPDIR/many.epd"
    assert_output 141
    closed_pipe perft --against uci-perft-engine "$BATS_TEST_TMPDIR/many.epd"
    assert_output 141
    closed_pipe perft --against-divide 'perft --fen {fen} -d {depth} --divide' "$BATS_TEST_TMPDIR/many.epd"
    assert_output 141
    yes "$START" | head -n 100000 >"$BATS_TEST_TMPDIR/many.fen"
    closed_pipe fen-check "$BATS_TEST_TMPDIR/many.fen"
    assert_output 141
    closed_pipe legal-moves "$BATS_TEST_TMPDIR/many.fen"
    assert_output 141
}

# --- perft lines a block cannot hold ----------------------------------------------

@test "a block's 'perft 32 1' is refused alone: located, status 1, depths 1 to 3 checked" {
    run --separate-stderr perft "$FIX/deep.perft"
    assert_failure 1
    assert_output "ok   $FIX/deep.perft:5 depth 3 expected 2812 got 2812
1 passed, 0 failed"
    assert_stderr_equal "perft:$FIX/deep.perft:8:7: invalid perft depth '32' (expected 1 to 30)"
}

# --- --against-divide ---------------------------------------------------------------

@test "--against-divide: {fen} is one argument, no shell; agrees with the test engine's divide" {
    # FEN DEPTH: the helper engine's divide, "move: count" among other lines
    script divide 'test $# = 2 || { echo "want 2 arguments, got $#" >&2; exit 2; }
printf "position fen %s\ngo perft %s\nquit\n" "$1" "$2" | uci-perft-engine'
    run --separate-stderr perft --fen "$START" -d 3 --against-divide "$BATS_TEST_TMPDIR/divide {fen} {depth}"
    assert_success
    assert_output "ok   --fen:1 depth 3: 8902 nodes, $BATS_TEST_TMPDIR/divide agrees
1 passed, 0 failed"
    assert_stderr_equal ''
}

@test "--against-divide: bisection finds the engine that never plays en passant" {
    script buggy 'printf "position fen %s\ngo perft %s\nquit\n" "$1" "$2" | uci-perft-engine --inject-bug'
    run --separate-stderr perft --startpos -d 5 --against-divide "$BATS_TEST_TMPDIR/buggy {fen} {depth}"
    assert_failure 1
    # 4865609 is the published perft 5 of the start position; 258 of its
    # paths end in an en passant capture.
    assert_output "FAIL --fen:1 depth 5: perft 4865609, $BATS_TEST_TMPDIR/buggy 4865351
  position: rnbqkbnr/2pppppp/p7/Pp6/8/8/1PPPPPPP/RNBQKBNR w KQkq b6 0 3
  moves:    a2a4 a7a6 a4a5 b7b5
  only perft:  a5b6
  only engine: (none)
0 passed, 1 failed"
}

@test "--against-divide: a move the engine counts apart from its own divide below: both counts" {
    # The divide of our perft, but at depth 3 g1f3 counts one node more
    # than the engine's own divide below it adds up to.
    script miscount 'perft --fen "$1" -d "$2" --divide | awk -v d="$2" '"'"'d == 3 && $1 == "g1f3:" { $2 = $2 + 1 } { print }'"'"
    run --separate-stderr perft --startpos -d 3 --against-divide "$BATS_TEST_TMPDIR/miscount {fen} {depth}"
    assert_failure 1
    assert_output "FAIL --fen:1 depth 3: perft 8902, $BATS_TEST_TMPDIR/miscount 8903
  position: rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1
  moves:    g1f3
  counts:   perft 440, $BATS_TEST_TMPDIR/miscount 441
0 passed, 1 failed"
}

@test "--against-divide: a count beyond 64 bits is no count (it was read as 2^64 - 1, and the total wrapped)" {
    script overflow 'perft --fen "$1" -d "$2" --divide | awk '"'"'$1 == "a2a3:" { $2 = "99999999999999999999" } { print }'"'"
    run --separate-stderr perft --startpos -d 1 --against-divide "$BATS_TEST_TMPDIR/overflow {fen} {depth}"
    assert_failure 1
    assert_output "FAIL --fen:1 depth 1: perft 20, $BATS_TEST_TMPDIR/overflow 19
  position: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
  moves:    (none: the record's position)
  only perft:  a2a3
  only engine: (none)
0 passed, 1 failed"
}

@test "--against-divide: a failing, slow or missing command is a located engine failure, 69" {
    script fails 'echo "e2e4: 1"; exit 3'
    run --separate-stderr perft --startpos -d 1 --against-divide "$BATS_TEST_TMPDIR/fails {fen} {depth}"
    assert_failure 69
    assert_output ''
    assert_stderr_equal "perft:--fen:1: --against-divide: the command '$BATS_TEST_TMPDIR/fails {fen} {depth}' exited with status 3"
    script slow 'exec sleep 30'
    SECONDS=0
    run --separate-stderr perft --startpos -d 1 --engine-timeout 1 --against-divide "$BATS_TEST_TMPDIR/slow {fen} {depth}"
    assert_failure 69
    assert_stderr_equal "perft:--fen:1: --against-divide: the command '$BATS_TEST_TMPDIR/slow {fen} {depth}' did not end within 1 s (--engine-timeout)"
    ((SECONDS < 10))
    run --separate-stderr perft --startpos -d 1 --against-divide "/nonexistent/engine {fen} {depth}"
    assert_failure 69
    assert_stderr_equal "perft:--fen:1: --against-divide: the command '/nonexistent/engine {fen} {depth}' could not be run: No such file or directory"
    run --separate-stderr perft --startpos -d 1 --against-divide "engine perft {fen}"
    assert_failure 64
    assert_stderr_equal "perft: --against-divide needs {fen} and {depth} in its command
Try \`perft --help' or \`perft --usage' for more information."
    run --separate-stderr perft --startpos -d 1 --against-divide "e {fen} {depth}" --against uci-perft-engine
    assert_failure 64
}

@test "--against-divide agrees with Stockfish's go perft run from its command line" {
    need_stockfish
    script sf 'printf "position fen %s\ngo perft %s\n" "$1" "$2" | '"$STOCKFISH"
    run --separate-stderr perft -d 3 --against-divide "$BATS_TEST_TMPDIR/sf {fen} {depth}" \
        --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' \
        --fen '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'
    assert_success
    assert_output "ok   --fen:1 depth 3: 97862 nodes, $BATS_TEST_TMPDIR/sf agrees
ok   --fen:2 depth 3: 2812 nodes, $BATS_TEST_TMPDIR/sf agrees
2 passed, 0 failed"
}

# --- perft-cluster ------------------------------------------------------------------

@test "perft-cluster without perft says so up front and exits 69" {
    command -v parallel >/dev/null || skip "GNU parallel is not installed"
    local path=/usr/bin:/bin
    PATH=$path command -v perft >/dev/null && skip "a perft is installed in $path"
    run --separate-stderr env PATH="$path" "$SCRIPTS/perft-cluster" -d 2 --startpos
    assert_failure 69
    assert_output ''
    assert_stderr_equal "perft-cluster: cannot run 'perft' (install chesskit with make install, or give --perft PATH)"
    run --separate-stderr "$SCRIPTS/perft-cluster" -d 2 --startpos --perft /nonexistent/perft
    assert_failure 69
    assert_stderr_equal "perft-cluster: cannot run '/nonexistent/perft' (install chesskit with make install, or give --perft PATH)"
    run --separate-stderr "$SCRIPTS/perft-cluster" --help
    assert_output --partial "69 when a program it needs is missing here"
}
