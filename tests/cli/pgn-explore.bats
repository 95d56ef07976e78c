#!/usr/bin/env bats
# pgn-explore against independent truth: the answers (move tables as TSV,
# lichess's explorer JSON) that scripts/gen-explore-fixtures computed with
# python-chess by lichess's rule, never by pgn-explore, on crafted games (a
# transposition, one through a square where no capture en passant is legal,
# a game back at a position, past --max-ply, '*', an illegal move, a broken
# FEN tag, no Result tag, no ratings, Chess960 from the standard array,
# atomic, antichess, a variation) and on cuts of ../shared/data's events,
# online and engines archives (tests/cli/fixtures/pgn-explore; the engines'
# comments stripped), listed with their arguments in expected/cases; then
# --jobs, standard input, compressed input, directories, the diagnostics,
# --stats, --positions and usage errors; and lichess's chessops
# (scripts/explore-chessops.mjs) as a second reference where installed.

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/pgn-explore"
GEN="$BATS_TEST_DIRNAME/../../scripts/gen-explore-fixtures"

# As test_helper's tools: never a wait without a limit.
pgn-explore() { timeout --foreground -k 10 "$TOOL_TIMEOUT" pgn-explore "$@"; }
export -f pgn-explore

# case_args NAME: the arguments of a case of expected/cases, one a line.
case_args() { awk -F'\t' -v n="$1" '$1 == n { for (i = 2; i <= NF; i++) print $i }' "$FIX/expected/cases"; }

# answer_is NAME: pgn-explore, run with the case's arguments in the fixture
# folder (the file names of topGames are the arguments'), writes the
# expected file byte for byte.
answer_is() {
    local -a args
    mapfile -t args < <(case_args "$1")
    [[ ${#args[@]} -gt 0 ]] || fail "no case $1"
    cd "$FIX"
    cmp <(pgn-explore "${args[@]}" 2>/dev/null) "expected/$1"
}

# stderr_has TEXT, stderr_matches REGEX: the last run's stderr holds TEXT or
# matches REGEX (Debian's bats-assert has no assert_stderr).
stderr_has() { [[ $stderr == *"$1"* ]] || fail "stderr lacks '$1': $stderr"; }
stderr_matches() { [[ $stderr =~ $1 ]] || fail "stderr does not match '$1': $stderr"; }

need_pychess() {
    PYTHONPATH="${PYCHESS_DIR:-}${PYTHONPATH:+:$PYTHONPATH}" python3 -c 'import chess.pgn' 2>/dev/null ||
        skip "python-chess is not importable (set PYCHESS_DIR)"
}

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

@test "the start position of the crafted games: transpositions, a game back at the start counts e4, '*' and broken games out" {
    answer_is crafted-start.tsv
    answer_is crafted-start.json
}

@test "a transposition: 1. d4 Nf6 2. Nf3 and 1. Nf3 Nf6 2. d4 (no capture en passant on d3) are one position" {
    answer_is crafted-transposition.tsv
    answer_is crafted-transposition.json
}

@test "a game back at a position counts once, with the move it played there last" {
    answer_is crafted-after-nf3.tsv
}

@test "--max-ply: the positions before the first N moves (3 leaves out ply 3's position, 4 keeps it)" {
    answer_is crafted-max-ply-3.tsv
    answer_is crafted-max-ply-4.tsv
    answer_is online-e4-max-ply-1.tsv
}

@test "the en-passant square is part of the position only where a capture there is legal" {
    answer_is crafted-ep-legal.tsv
    answer_is crafted-ep-none.tsv
}

@test "Chess960 and the variants are kept apart from standard chess" {
    answer_is crafted-chess960.tsv
    answer_is crafted-atomic.tsv
    answer_is crafted-antichess.json
}

@test "real games: events, online, engines, as python-chess counts them" {
    answer_is events-start.tsv
    answer_is events-start.json
    answer_is events-ruy-lopez.tsv
    answer_is events-sicilian.json
    answer_is online-start.tsv
    answer_is online-e4.json
    answer_is engines-start.tsv
}

@test "real Chess960 games: TCEC's FRC and the freestyle grand slam" {
    answer_is frc-start.tsv
    answer_is frc-after-d4.json
    answer_is freestyle-start.tsv
}

@test "--json: the mean [%eval] after each move, under names lichess does not use (averageEval, evalGames)" {
    answer_is evals-start.json
    answer_is evals-e4.json
}

@test "--positions: one answer a line in order (JSON Lines), a line that is no FEN reported and answered null" {
    answer_is positions.tsv
    answer_is positions.jsonl
    cd "$FIX"
    run --separate-stderr pgn-explore --json --positions positions.fen events.pgn online.pgn crafted.pgn
    assert_failure 1
    assert_equal "${#lines[@]}" 9
    assert_equal "${lines[4]}" null
    stderr_has 'pgn-explore:positions.fen:6:'
}

@test "every case again with --jobs 3: the same answers" {
    cd "$FIX"
    local name args
    while IFS= read -r name; do
        mapfile -t args < <(case_args "$name")
        cmp <(pgn-explore -j 3 "${args[@]}" 2>/dev/null) "expected/$name" || fail "$name with -j 3"
    done < <(cut -f1 expected/cases)
}

@test "--jobs 3 on archives of many chunks: the same answers and top games as one thread" {
    need_shared pgn/online pgn/events
    local f=("$SHARED/pgn/online/dela3499_carlsen_all.pgn" "$SHARED/pgn/online/allancao_games.pgn" "$SHARED/pgn/events")
    cmp <(pgn-explore --json "${f[@]}" 2>&1) <(pgn-explore -j 3 --json "${f[@]}" 2>&1)
    cmp <(pgn-explore --to=tsv --moves 'e4 e5' "${f[@]}" 2>&1) <(pgn-explore -j 3 --to=tsv --moves 'e4 e5' "${f[@]}" 2>&1)
}

@test "a game that does not replay is reported FILE:LINE:COL and skipped; --stats counts" {
    cd "$FIX"
    run --separate-stderr pgn-explore --to=tsv --stats crafted.pgn
    assert_failure 1
    assert_stderr_equal "pgn-explore:crafted.pgn:47:13: game 5 (Ivan - Jana): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3
pgn-explore:crafted.pgn:136:1: game 14 (Abe - Bea): FEN tag: illegal position '8/8/8/8 w - - 0 1': board has 4 ranks, expected 8
15 games, 12 counted, 2 unreadable, 1 without result, 0 not chosen"
    assert_output "$(cat expected/crafted-start.tsv)"
}

@test "-q: no diagnostics, the status still says so" {
    cd "$FIX"
    run --separate-stderr pgn-explore -q --to=tsv crafted.pgn
    assert_failure 1
    assert_stderr_equal ''
}

@test "standard input, compressed input and a directory give the same answer" {
    cd "$FIX"
    cmp <(pgn-explore --to=tsv <events.pgn) expected/events-start.tsv
    cmp <(gzip -c events.pgn | pgn-explore --to=tsv) expected/events-start.tsv
    local d="$BATS_TEST_TMPDIR/dir"
    mkdir -p "$d/sub"
    zstd -q -c events.pgn >"$d/sub/events.pgn.zst"
    cp online.pgn "$d/online.pgn"
    cmp <(pgn-explore --to=tsv online.pgn events.pgn) <(pgn-explore --to=tsv "$d")
}

@test "the criteria filter the games first: pgn-select's options and meanings" {
    cd "$FIX"
    # only the games of 1857: the same answer as those games alone
    cmp <(pgn-explore --to=tsv --tag 'Date<1900' events.pgn) \
        <(pgn-select --tag 'Date<1900' events.pgn | pgn-explore --to=tsv)
    run --separate-stderr pgn-explore --to=tsv --stats --player Carlsen events.pgn
    assert_success
    stderr_matches '^60 games, [0-9]+ counted, 0 unreadable, 0 without result, [0-9]+ not chosen$'
    run --separate-stderr pgn-explore --tag 'Elo' events.pgn
    assert_failure 64
    stderr_has "pgn-explore: --tag: no operator"
}

@test "the table: the position, its opening, per move games, shares, rating, year; the top games" {
    cd "$FIX"
    run --separate-stderr pgn-explore -q --moves 'd4 Nf6 Nf3' crafted.pgn
    assert_failure 1
    assert_output "position: rnbqkb1r/pppppppp/5n2/8/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 2 2
opening:  A46 Indian Defense: Knights Variation
games:    2

move         games  white  draws  black rating  last
d5               2  50.0%   0.0%  50.0%   2050  2021
total            2  50.0%   0.0%  50.0%

top games:
  Carla (2100) - Dmitri (2200)  0-1  2021  d5  crafted.pgn game 2
  Anna (2000) - Boris (1900)  1-0  2020  d5  crafted.pgn game 1"
}

@test "--to=csv: the move table with a header line" {
    cd "$FIX"
    run --separate-stderr pgn-explore -q --to=csv --moves 'd4 Nf6 Nf3' crafted.pgn
    assert_failure 1
    assert_output "san,uci,games,white,draws,black,average_rating,last_year
d5,d7d5,2,1,0,1,2050,2021"
}

@test "usage errors: a bad FEN, a bad move, an unknown format, --positions with --fen" {
    run --separate-stderr pgn-explore --fen 'x' "$FIX/crafted.pgn"
    assert_failure 64
    stderr_has "pgn-explore: --fen: illegal position 'x'"
    run --separate-stderr pgn-explore --moves 'e4 e4' "$FIX/crafted.pgn"
    assert_failure 64
    stderr_has "pgn-explore: --moves: illegal move 'e4'"
    run --separate-stderr pgn-explore --to=xml "$FIX/crafted.pgn"
    assert_failure 64
    stderr_has "pgn-explore: --to: unknown format 'xml'"
    run --separate-stderr pgn-explore --positions "$FIX/positions.fen" --fen "$START" "$FIX/crafted.pgn"
    assert_failure 64
    run --separate-stderr pgn-explore --max-ply 0 "$FIX/crafted.pgn"
    assert_failure 64
}

@test "a file that cannot be opened: 66, the others read; a write error: 74" {
    cd "$FIX"
    run --separate-stderr pgn-explore --to=tsv missing.pgn events.pgn
    assert_failure 66
    stderr_has "pgn-explore: cannot open missing.pgn"
    assert_output "$(cat expected/events-start.tsv)"
    run bash -c 'pgn-explore events.pgn >/dev/full'
    assert_failure 74
}

@test "a long run shows its progress on a terminal" {
    # (the line appears after a second: big_pgn's 60 MB, every ply walked
    # and the comments read, take more than three on an idle machine; with
    # the default --max-ply the rest of each game is skipped unread, and
    # 180 MB took 0.95 s)
    big_pgn "$BATS_TEST_TMPDIR/big.pgn" 60
    run script -qec "pgn-explore --json --max-ply 65536 --moves e4 '$BATS_TEST_TMPDIR/big.pgn' >/dev/null" /dev/null
    assert_progress pgn-explore
}

@test "--help ends with the exit statuses" {
    run pgn-explore --help
    assert_success
    assert_exit_status_table
}

@test "the script's answers on the shared archives agree with ours (python-chess at test time)" {
    need_pychess
    need_shared pgn/events pgn/online
    local f
    for f in "$SHARED"/pgn/events/2012*.pgn "$SHARED/pgn/online/dela3499_Carlsen.pgn"; do
        cmp <(pgn-explore --to=tsv --moves 'e4' "$f" 2>/dev/null) \
            <(PYTHONPATH="${PYCHESS_DIR:-}${PYTHONPATH:+:$PYTHONPATH}" "$GEN" --to=tsv --moves e4 "$f") ||
            fail "$f"
    done
}

# need_chessops: skip unless chessops (node) is installed.
need_chessops() {
    CHESSOPS=${CHESSOPS_DIR:-$BATS_TEST_DIRNAME/../../build/chessops}
    [[ -d $CHESSOPS/node_modules/chessops ]] || skip "chessops is not installed in $CHESSOPS (scripts/check-slow-chessops installs it)"
    command -v node >/dev/null || skip "node is not installed"
}

@test "chessops (lichess's rules library) counts the same move tables: fixtures and the shared archives" {
    need_chessops
    local f mv
    local files=("$FIX/events.pgn" "$FIX/online.pgn")
    [[ -e $SHARED/pgn/online/dela3499_Carlsen.pgn ]] && files+=("$SHARED/pgn/online/dela3499_Carlsen.pgn")
    for f in "${files[@]}"; do
        for mv in '' e4 'd4 Nf6 c4' 'e4 c5 Nf3 d6'; do
            cmp <(CHESSOPS_DIR=$CHESSOPS node "$BATS_TEST_DIRNAME/../../scripts/explore-chessops.mjs" --moves "$mv" "$f") \
                <(pgn-explore --to=tsv --moves "$mv" "$f" 2>/dev/null) || fail "$f --moves '$mv'"
        done
    done
}
