#!/usr/bin/env bats
# Command annotations in comments ([%clk], [%emt], [%eval], [%csl], [%cal];
# formats/annotations.md): their values in --to=json, the comment's text
# left, and pgn-check's bad-clock, bad-eval and bad-shape, on hand-made
# games (tests/cli/fixtures/annotations).  Every value expected here is
# python-chess's (node.clock(), node.emt(), node.eval().white(),
# node.eval_depth(), node.arrows() on the fixture), every column counted
# by hand; scripts/check-annotations compares whole archives.

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/annotations"

setup() {
    cd "$FIX" || return 1
}

# The ply objects without the notations and positions (checked elsewhere).
plies() {
    jq -c '.plies[] | del(.move, .side, .uci, .named, .fen)'
}

@test "--to=json: lichess's [%clk] and [%eval] as each ply's clock (seconds) and eval, the comment gone" {
    run --separate-stderr pgn-to-named-notation --to=json lichess.pgn
    assert_success
    assert_stderr_equal ''
    # python-chess: clock() 181.0 and 3723.4; eval().white() Cp(+26), Mate(-3) at depth 22
    assert_output '{"line":1,"offset":0,"tags":{"Event":"Rated Blitz game","Site":"https://lichess.org/abcdefgh","Date":"2024.01.31","Round":"-","White":"A","Black":"B","Result":"1-0","TimeControl":"180+0"},"plies":[{"ply":1,"move":1,"side":"w","uci":"e2e4","san":"e4","named":"e2 - e4 Pawn-move","fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","clock":181,"eval":{"cp":26}},{"ply":2,"move":1,"side":"b","uci":"e7e5","san":"e5","named":"e7 - e5 Pawn-move","fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2","clock":3723.4,"eval":{"mate":-3,"depth":22}}],"result":"1-0"}'
    # --comments adds nothing: the comments were commands only
    run --separate-stderr pgn-to-named-notation --to=json --comments lichess.pgn
    assert_success
    run jq -c '[.plies[] | .comments]' <<<"$output"
    assert_output '[null,null]'
}

@test "--to=json: emt, a fraction of a second, evals of both signs, mate, shapes, the first value of several" {
    run --separate-stderr pgn-to-named-notation --to=json --variations mixed.pgn
    assert_success
    assert_stderr_equal ''
    # python-chess: e4 clock 9.25 emt 5.0 eval -150 (the first of two
    # comments' values); e5 eval +50 (".5", before "3"), arrows Ge4 Rd5
    # Ge2e4 Bg1f3; Nf3 nothing ([%tqu] and [%clkx] are other commands);
    # d4 in the variation Mate(+2)
    run plies <<<"$output"
    assert_output '{"ply":1,"san":"e4","clock":9.25,"emt":5,"eval":{"cp":-150}}
{"ply":2,"san":"e5","eval":{"cp":50},"shapes":[{"color":"green","from":"e4","to":"e4"},{"color":"red","from":"d5","to":"d5"},{"color":"green","from":"e2","to":"e4"},{"color":"blue","from":"g1","to":"f3"}]}
{"ply":3,"san":"Nf3","variations":[[{"ply":3,"move":2,"side":"w","uci":"d2d4","san":"d4","named":"d2 - d4 Pawn-move","fen":"rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2","eval":{"mate":2}}]]}'
}

@test "--to=json --comments: each comment keeps its text without the commands read; a game's opening comment stays as written" {
    run --separate-stderr pgn-to-named-notation --to=json --comments --variations mixed.pgn
    assert_success
    run plies <<<"$output"
    assert_output '{"comments_before":["[%clk 0:10:00] before"],"ply":1,"san":"e4","clock":9.25,"emt":5,"eval":{"cp":-150},"comments":["Best.","again"]}
{"ply":2,"san":"e5","eval":{"cp":50},"shapes":[{"color":"green","from":"e4","to":"e4"},{"color":"red","from":"d5","to":"d5"},{"color":"green","from":"e2","to":"e4"},{"color":"blue","from":"g1","to":"f3"}]}
{"ply":3,"san":"Nf3","comments":["keep [%tqu \"Best\",\"\",\"\",\"\",\"e2e4\"] [%clkx 1] these"],"variations":[[{"ply":3,"move":2,"side":"w","uci":"d2d4","san":"d4","named":"d2 - d4 Pawn-move","fen":"rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2","eval":{"mate":2}}]]}'
}

@test "--to=json: malformed commands give no value and stay in the comment's text" {
    run --separate-stderr pgn-to-named-notation --to=json --comments malformed.pgn
    assert_success
    # python-chess agrees but for "[%clk 0:00:01.2345]", which it reads
    # as 1.2345 (four decimals: malformed here, see formats/annotations.md),
    # so its first clock is that one where ours is the well-formed 0:02:00
    run plies <<<"$output"
    assert_output '{"ply":1,"san":"e4","clock":120,"eval":{"cp":50},"comments":["é [%clk 3:1] [%clk 0:00:01.2345] [%clk  0:01:00] [%eval 0.265] [%eval #] [%eval 1 ]"]}
{"ply":2,"san":"e5","comments":["[%csl Ge9] [%cal Xe2e4]\n[%csl Ge4, Rd5] [%emt x]"]}
{"ply":3,"san":"Nf3","comments":["[%eval unterminated"]}'
}

@test "--to=json --jobs 2 gives the same annotations as one thread" {
    cat lichess.pgn mixed.pgn malformed.pgn lichess.pgn >"$BATS_TEST_TMPDIR/all.pgn"
    pgn-to-named-notation --to=json --comments "$BATS_TEST_TMPDIR/all.pgn" >"$BATS_TEST_TMPDIR/one"
    pgn-to-named-notation --to=json --comments --jobs 2 "$BATS_TEST_TMPDIR/all.pgn" >"$BATS_TEST_TMPDIR/two"
    cmp "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/two"
    [ "$(grep -c '"clock"' "$BATS_TEST_TMPDIR/one")" = 4 ]
}

@test "pgn-check: a game with well-formed annotations is clean" {
    run --separate-stderr pgn-check lichess.pgn mixed.pgn
    assert_success
    assert_stderr_equal ''
}

@test "pgn-check: bad-clock, bad-eval, bad-shape at the line and column of each malformed command, over lines" {
    run --separate-stderr pgn-check malformed.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal "pgn-check:malformed.pgn:9:11: warning: game 1 (A - B): malformed clock '[%clk 3:1]': expected H:MM:SS, at most three decimals, after one blank [bad-clock]
pgn-check:malformed.pgn:9:22: warning: game 1 (A - B): malformed clock '[%clk 0:00:01.2345]': expected H:MM:SS, at most three decimals, after one blank [bad-clock]
pgn-check:malformed.pgn:9:42: warning: game 1 (A - B): malformed clock '[%clk  0:01:00]': expected H:MM:SS, at most three decimals, after one blank [bad-clock]
pgn-check:malformed.pgn:10:3: warning: game 1 (A - B): malformed evaluation '[%eval 0.265]': expected pawns with at most two decimals or #N, then an optional ,depth, after one blank [bad-eval]
pgn-check:malformed.pgn:10:17: warning: game 1 (A - B): malformed evaluation '[%eval #]': expected pawns with at most two decimals or #N, then an optional ,depth, after one blank [bad-eval]
pgn-check:malformed.pgn:10:27: warning: game 1 (A - B): malformed evaluation '[%eval 1 ]': expected pawns with at most two decimals or #N, then an optional ,depth, after one blank [bad-eval]
pgn-check:malformed.pgn:10:55: warning: game 1 (A - B): malformed shapes '[%csl Ge9]': expected colours R, G, Y or B each with one or two squares, comma-separated, after one blank [bad-shape]
pgn-check:malformed.pgn:10:66: warning: game 1 (A - B): malformed shapes '[%cal Xe2e4]': expected colours R, G, Y or B each with one or two squares, comma-separated, after one blank [bad-shape]
pgn-check:malformed.pgn:11:1: warning: game 1 (A - B): malformed shapes '[%csl Ge4, Rd5]': expected colours R, G, Y or B each with one or two squares, comma-separated, after one blank [bad-shape]
pgn-check:malformed.pgn:11:17: warning: game 1 (A - B): malformed clock '[%emt x]': expected H:MM:SS, at most three decimals, after one blank [bad-clock]
pgn-check:malformed.pgn:11:36: warning: game 1 (A - B): malformed evaluation '[%eval unterminated': not closed by ']' [bad-eval]"
}

@test "pgn-check: the annotation codes are warnings, listed, SARIF rules, and --ignore and --select take them" {
    run --separate-stderr pgn-check --ignore=bad-clock,bad-eval,bad-shape malformed.pgn
    assert_success
    run --separate-stderr pgn-check --select=bad-shape malformed.pgn
    assert_failure 1
    [ "$(grep -c '\[bad-shape\]$' <<<"$stderr")" = 3 ]
    [ "$(grep -c '' <<<"$stderr")" = 3 ]
    run --separate-stderr pgn-check --fail-on=error malformed.pgn
    assert_success
    run --separate-stderr pgn-check --format=json malformed.pgn
    [ "$(jq -r 'select(.code == "bad-eval") | .column' <<<"$output" | tr '\n' ' ')" = '3 17 27 36 ' ]
    run --separate-stderr pgn-check --format=sarif malformed.pgn
    run jq -c '[.runs[0].tool.driver.rules[] | select(.id | test("^bad-(clock|eval|shape)$")) | [.id, .defaultConfiguration.level]], [.runs[0].results[0] | .ruleId, .level, .locations[0].physicalLocation.region]' <<<"$output"
    assert_output '[["bad-clock","warning"],["bad-eval","warning"],["bad-shape","warning"]]
["bad-clock","warning",{"startLine":9,"startColumn":11}]'
    run --separate-stderr pgn-check --ignore=bad-annotation malformed.pgn
    assert_failure 64
    [[ $stderr == *'duplicate-game, bad-clock, bad-eval, bad-shape, empty-game, check-mark'* ]]
}

@test "pgn-check: the shared lichess and event archives have no malformed annotation" {
    need_shared pgn/online/allancao_games.pgn pgn/events
    run --separate-stderr pgn-check --select=bad-clock,bad-eval,bad-shape \
        "$SHARED"/pgn/online/allancao_games.pgn "$SHARED"/pgn/events
    assert_success
    assert_stderr_equal ''
}
