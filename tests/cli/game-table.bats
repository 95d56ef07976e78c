#!/usr/bin/env bats
# pgn-to-named-notation --to=tsv and --to=csv (formats/game-table.md): each
# field and both formats, one row a ply and --per-game, against the tables
# that scripts/gen-table-fixtures computed with python-chess and Python's
# csv module (tests/cli/fixtures/game-table/*.{tsv,csv}; the fixture games
# hold clocks, evaluations, a Chess960 game, a crazyhouse game, a FEN tag,
# a null move, tags with commas, quotes, a tab and a byte that is no UTF-8);
# the same script against our output on real games (when python-chess and
# the shared data are there); --jobs 2 against one thread; usage errors;
# and Python's csv module reading our CSV back to the values of our TSV.

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/game-table"
GEN="$BATS_TEST_DIRNAME/../../scripts/gen-table-fixtures"

# table_is EXPECTED ARGS...: pgn-to-named-notation ARGS writes the fixture
# EXPECTED byte for byte, nothing on stderr, status 0.
table_is() {
    local expected=$1
    shift
    run --separate-stderr pgn-to-named-notation "$@"
    assert_success
    assert_stderr_equal ''
    assert_output "$(cat "$FIX/$expected")"
    # (assert_output drops the last newline: the bytes, once)
    cmp <(pgn-to-named-notation "$@") "$FIX/$expected"
}

# need_pychess: skip unless python-chess is importable (PYCHESS_DIR, else
# wherever python3 finds it).
need_pychess() {
    PYTHONPATH="${PYCHESS_DIR:-}${PYTHONPATH:+:$PYTHONPATH}" python3 -c 'import chess.pgn' 2>/dev/null ||
        skip "python-chess is not importable (set PYCHESS_DIR)"
}

@test "--to=tsv: the default fields of a ply (game,ply,side,uci,san,fen) as python-chess gives them" {
    table_is default.tsv --to=tsv "$FIX/games.pgn"
}

@test "--to=csv: the default fields of a ply as python-chess and Python's csv give them" {
    table_is default.csv --to=csv "$FIX/games.pgn"
}

@test "--per-game: the default fields of a game (game,tag:White,tag:Black,result,ply,uci), TSV and CSV" {
    table_is default-per-game.tsv --to=tsv --per-game "$FIX/games.pgn"
    table_is default-per-game.csv --to=csv --per-game "$FIX/games.pgn"
}

@test "move, side, uci, san, fen_before, fen: standard, FEN tag, Chess960, crazyhouse, null move" {
    table_is moves.tsv --to=tsv --fields=game,ply,move,side,uci,san,fen_before,fen "$FIX/games.pgn"
    table_is moves.csv --to=csv --fields=game,ply,move,side,uci,san,fen_before,fen "$FIX/games.pgn"
}

@test "clock, emt, eval: seconds and centipawns or #N, as python-chess's clock(), emt() and eval() read them" {
    table_is annotations.tsv --to=tsv --fields=game,ply,san,clock,emt,eval "$FIX/annotated.pgn"
    table_is annotations.csv --to=csv --fields=game,ply,san,clock,emt,eval "$FIX/annotated.pgn"
}

@test "--per-game clock, emt, eval: one value a ply, '-' for a ply without one" {
    table_is annotations-per-game.csv --to=csv --per-game --fields=game,ply,clock,emt,eval \
        "$FIX/annotated.pgn"
}

@test "eco, opening: lichess's classification so far, a name with a comma quoted in CSV" {
    table_is openings.tsv --to=tsv --fields=game,ply,san,eco,opening "$FIX/openings.pgn"
    table_is openings.csv --to=csv --fields=game,ply,san,eco,opening "$FIX/openings.pgn"
    table_is openings-per-game.csv --to=csv --per-game --fields=game,ply,eco,opening \
        "$FIX/openings.pgn"
}

@test "tag:NAME: commas and quotes quoted in CSV, a tab escaped in TSV, a byte that is no UTF-8 as U+FFFD" {
    local f=game,tag:Event,tag:White,tag:Black,tag:Site,tag:Missing,result
    table_is tags.tsv --to=tsv --per-game --fields=$f "$FIX/tags.pgn"
    table_is tags.csv --to=csv --per-game --fields=$f "$FIX/tags.pgn"
}

@test "--per-game: ply the plies, moves joined, fen_before the first position and fen the last" {
    local f=game,ply,move,side,uci,san,fen_before,fen,eco,opening,result
    table_is per-game.tsv --to=tsv --per-game --fields=$f "$FIX/games.pgn"
    table_is per-game.csv --to=csv --per-game --fields=$f "$FIX/games.pgn"
}

@test "TSV escapes a backslash, a tab, LF and CR as \\\\ \\t \\n \\r" {
    # (the reader turns LF and CR in a tag into the end of its line: a tab
    # and a backslash are what a tag can hold)
    run --separate-stderr pgn-to-named-notation --to=tsv --per-game --fields=tag:A,tag:B \
        < <(printf '[A "x\\\\y"]\n[B "p\tq"]\n\n*\n')
    assert_success
    assert_output "$(printf 'tag:A\ttag:B\nx\\\\y\tp\\tq')"
}

@test "named: a ply's record without its number as --to=json has it, a game's records with theirs as --inline writes them" {
    run --separate-stderr pgn-to-named-notation --to=tsv --fields=named "$FIX/games.pgn"
    assert_success
    assert_output "$(echo named; pgn-to-named-notation --to=json "$FIX/games.pgn" | jq -r '.plies[].named')"
    run --separate-stderr pgn-to-named-notation --to=tsv --per-game --fields=named "$FIX/games.pgn"
    assert_success
    assert_output "$(echo named; pgn-to-named-notation --inline "$FIX/games.pgn" |
        grep -v '^\[' | grep -v '^$' | sed -E 's/ ?(1-0|0-1|1\/2-1\/2|\*)$//')"
}

@test "line: where the game's first tag stands; game: its number in its file" {
    run --separate-stderr pgn-to-named-notation --to=csv --per-game --fields=game,line,tag:Event \
        "$FIX/games.pgn" "$FIX/tags.pgn"
    assert_success
    assert_output 'game,line,tag:Event
1,1,Scholar'"'"'s mate
2,9,From a FEN tag
3,18,Chess960 fixture
4,30,Crazyhouse fixture
5,41,A null move
6,48,No moves
1,1,"Commas, ""quotes"" and a \ backslash"
2,9,Second'
    assert_stderr_equal ''
}

@test "result: the movetext's marker, else the Result tag, else *" {
    run --separate-stderr pgn-to-named-notation --to=csv --per-game --fields=result,tag:Result \
        < <(printf '[Result "1-0"]\n\n1. e4 *\n\n[Result "0-1"]\n\n1. e4\n\n[Event "x"]\n\n1. d4\n')
    assert_output 'result,tag:Result
*,1-0
0-1,0-1
*,'
}

@test "a tag that repeats keeps its first value (with the reader's warning)" {
    run --separate-stderr pgn-to-named-notation --to=tsv --per-game --fields=tag:White \
        < <(printf '[White "first"]\n[White "second"]\n\n1. e4 *\n')
    assert_success
    assert_output $'tag:White\nfirst'
    assert_stderr_equal 'pgn-to-named-notation:<stdin>:2:1: game 1 (first - ?): warning: tag White appears twice (first on line 1); the first value holds'
}

@test "an empty input gives the header alone; a one-column row that is empty is \"\" in CSV" {
    run --separate-stderr pgn-to-named-notation --to=csv </dev/null
    assert_success
    assert_output 'game,ply,side,uci,san,fen'
    run --separate-stderr pgn-to-named-notation --to=csv --per-game --fields=tag:White <<<'1. e4 *'
    assert_success
    assert_output $'tag:White\n""'
    cmp <(pgn-to-named-notation --to=tsv --per-game --fields=tag:White <<<'1. e4 *') \
        <(printf 'tag:White\n\n')
}

@test "a game with an error: skipped by default, its plies before the error with --on-error=keep" {
    local pgn=$'[Event "ok"]\n\n1. e4 e5 *\n\n[Event "bad"]\n\n1. e4 e5 2. Ke3 *\n\n[Event "after"]\n\n1. d4 *\n'
    local msg="pgn-to-named-notation:<stdin>:7:13: game 2 (bad): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3"
    run --separate-stderr pgn-to-named-notation --to=tsv --fields=game,ply,uci,tag:Event <<<"$pgn"
    assert_failure 1
    assert_output $'game\tply\tuci\ttag:Event\n1\t1\te2e4\tok\n1\t2\te7e5\tok\n3\t1\td2d4\tafter'
    assert_stderr_equal "$msg
3 games, 2 converted, 1 with errors"
    run --separate-stderr pgn-to-named-notation --to=tsv --on-error=keep --fields=game,ply,uci,tag:Event <<<"$pgn"
    assert_failure 1
    assert_output $'game\tply\tuci\ttag:Event\n1\t1\te2e4\tok\n1\t2\te7e5\tok\n2\t1\te2e4\tbad\n2\t2\te7e5\tbad\n3\t1\td2d4\tafter'
    run --separate-stderr pgn-to-named-notation --to=csv --per-game --on-error=keep --fields=game,ply,uci <<<"$pgn"
    assert_output $'game,ply,uci\n1,2,e2e4 e7e5\n2,2,e2e4 e7e5\n3,1,d2d4'
}

@test "an unknown field is a usage error that names the known ones" {
    run --separate-stderr pgn-to-named-notation --to=tsv --fields=game,fenn </dev/null
    assert_failure 64
    assert_output ''
    assert_stderr_equal "pgn-to-named-notation: unknown field 'fenn' in --fields (known: game, line, ply, move, side, uci, san, named, fen, fen_before, clock, emt, eval, eco, opening, result, offset, tag:NAME)
Try \`pgn-to-named-notation --help' or \`pgn-to-named-notation --usage' for more
information."
}

@test "usage errors: an empty field, tag: without a name, too many fields, --fields or --per-game without a table, --comments with one" {
    run --separate-stderr pgn-to-named-notation --to=csv --fields=game,,ply </dev/null
    assert_failure 64
    [[ $stderr == *"pgn-to-named-notation: an empty field in --fields 'game,,ply'"* ]]
    run --separate-stderr pgn-to-named-notation --to=csv --fields=tag: </dev/null
    assert_failure 64
    [[ $stderr == *"pgn-to-named-notation: unknown field 'tag:' in --fields"* ]]
    run --separate-stderr pgn-to-named-notation --to=csv --fields="$(printf 'ply%.0s,' {1..64})ply" </dev/null
    assert_failure 64
    [[ $stderr == *'pgn-to-named-notation: more than 64 fields in --fields'* ]]
    run --separate-stderr pgn-to-named-notation --to=uci --fields=ply </dev/null
    assert_failure 64
    [[ $stderr == *'pgn-to-named-notation: --fields applies to --to=tsv and --to=csv'* ]]
    run --separate-stderr pgn-to-named-notation --per-game </dev/null
    assert_failure 64
    [[ $stderr == *'pgn-to-named-notation: --per-game applies to --to=tsv and --to=csv'* ]]
    run --separate-stderr pgn-to-named-notation --to=tsv --comments </dev/null
    assert_failure 64
    [[ $stderr == *"pgn-to-named-notation: --comments does not apply to --to=tsv (a table holds the main line's plies)"* ]]
    run --separate-stderr pgn-to-named-notation --to=csv --variations </dev/null
    assert_failure 64
    [[ $stderr == *'--variations does not apply to --to=csv'* ]]
}

@test "Python's csv module reads our CSV back to the values of our TSV" {
    local f=game,line,ply,move,side,uci,san,named,fen_before,fen,clock,emt,eval,eco,opening,result
    f+=,tag:Event,tag:White,tag:Black,tag:Site
    local tsv="$BATS_TEST_TMPDIR/t.tsv" csv="$BATS_TEST_TMPDIR/t.csv"
    for mode in "" --per-game; do
        pgn-to-named-notation --to=tsv $mode --fields=$f "$FIX"/*.pgn >"$tsv"
        pgn-to-named-notation --to=csv $mode --fields=$f "$FIX"/*.pgn >"$csv"
        run python3 - "$tsv" "$csv" <<'EOF'
import csv, re, sys
unescape = {"\\t": "\t", "\\n": "\n", "\\r": "\r", "\\\\": "\\"}
with open(sys.argv[1], encoding="utf-8", newline="") as f:
    tsv = [[re.sub(r"\\[tnr\\]", lambda m: unescape[m.group(0)], v) for v in line.rstrip("\n").split("\t")]
           for line in f]
with open(sys.argv[2], encoding="utf-8", newline="") as f:
    rows = list(csv.reader(f, strict=True))
assert rows == tsv, next((a, b) for a, b in zip(rows, tsv) if a != b)
assert len(rows) > 10 and any("\t" in v for r in rows for v in r) and any('"' in v for r in rows for v in r)
print(len(rows), "rows")
EOF
        assert_success
    done
}

@test "--jobs 2 writes what one thread writes (game numbers per file, as the diagnostics count them)" {
    need_shared pgn/online pgn/events
    local f=game,line,ply,side,uci,san,fen,clock,eval,eco,opening,result,tag:White
    local one="$BATS_TEST_TMPDIR/one" two="$BATS_TEST_TMPDIR/two"
    for mode in "" --per-game; do
        pgn-to-named-notation --to=csv $mode --fields=$f "$SHARED"/pgn/online/*.pgn "$SHARED"/pgn/events/*.pgn >"$one" || true
        pgn-to-named-notation --to=csv $mode --fields=$f --jobs 2 "$SHARED"/pgn/online/*.pgn "$SHARED"/pgn/events/*.pgn >"$two" || true
        [[ $(wc -l <"$one") -gt 1000 ]]
        cmp "$one" "$two"
    done
}

@test "real games: every field as python-chess gives it (chess.com clocks, Chess960 with clocks, crazyhouse)" {
    need_shared pgn/online/allancao_games.pgn pgn/events/2025-freestyle-chess-grand-slam-final-ko-lower.pgn pgn/edge-cases/saturs-jannlee-zh-lichess.pgn
    need_pychess
    local f=game,ply,move,side,uci,san,fen_before,fen,clock,emt,eval,eco,opening,result,tag:White,tag:Event
    local pgn="$BATS_TEST_TMPDIR/real.pgn" ours="$BATS_TEST_TMPDIR/ours" want="$BATS_TEST_TMPDIR/want"
    # the first 40 games of a chess.com archive (cut before the 41st), and
    # a blank line before each game's first tag, where chess.com puts none
    # and python-chess wants one (both read the same text)
    {
        awk '/^\[Event /{if (++k > 40) exit} {print}' "$SHARED/pgn/online/allancao_games.pgn"
        cat "$SHARED/pgn/events/2025-freestyle-chess-grand-slam-final-ko-lower.pgn" \
            "$SHARED/pgn/edge-cases/saturs-jannlee-zh-lichess.pgn"
    } | awk '/^\[Event / && prev != "" {print ""} {print; prev = $0}' >"$pgn"
    for fmt in tsv csv; do
        for mode in "" --per-game; do
            pgn-to-named-notation --to=$fmt $mode --fields=$f "$pgn" >"$ours"
            python3 "$GEN" $([[ $fmt == csv ]] && echo --csv) $mode --fields=$f "$pgn" >"$want"
            [[ $(wc -l <"$want") -gt 40 ]]
            diff "$want" "$ours"
        done
    done
}

@test "--jobs 2 writes what one thread writes on chunks of the fixtures (numbers shifted per chunk)" {
    local big="$BATS_TEST_TMPDIR/big.pgn" one="$BATS_TEST_TMPDIR/one" two="$BATS_TEST_TMPDIR/two"
    for ((i = 0; i < 400; i++)); do cat "$FIX/games.pgn" "$FIX/annotated.pgn"; echo; done >"$big"
    for mode in "" --per-game; do
        pgn-to-named-notation --to=tsv $mode --fields=game,line,ply,uci,clock,eval,tag:Event "$big" "$FIX/tags.pgn" >"$one"
        pgn-to-named-notation --to=tsv $mode --fields=game,line,ply,uci,clock,eval,tag:Event --jobs 2 "$big" "$FIX/tags.pgn" >"$two"
        cmp "$one" "$two"
    done
    # the last game of the big file is its 3,200th
    run grep -c $'^3200\t' "$one"
    assert_output 1
}
