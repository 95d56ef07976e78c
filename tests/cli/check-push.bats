#!/usr/bin/env bats
# pgn-check reading with the push reader (issue 26): the checker is the
# reader's visitor, its moves, move numbers and comment commands checked
# as the tokens come, the rest at the game's end.  What it reports must
# not depend on that: stray text offered before any game (its comments'
# commands make no finding of a game), a variation in the main line (the
# final position and the duplicate hash still taken from the main line),
# findings made as the tokens come and at the end in one input order.
# Fixtures: tests/cli/fixtures/check-push; formats/pgn-check.md is the
# specification.

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/check-push"

setup() {
    cd "$FIX" || return 1
}

# Fool's mate with a variation on Black's first move, scored 1-0: Black
# mated White (FIDE Art. 5.1.1).  Stray text before the first game and
# between the two copies holds malformed commands, which are no game's.
PUSHED='pgn-check:pushed.pgn:1:20: error: text outside any game (ignored): '"'('"' [stray-text]
pgn-check:pushed.pgn:11:54: warning: game 1 (A - B, 1): the final position is checkmate: Black wins, but the result is '"'1-0'"' [wrong-result]
pgn-check:pushed.pgn:13:15: error: text outside any game (ignored): '"'junk'"' [stray-text]
pgn-check:pushed.pgn:15:1: warning: game 2 (A - B, 1): duplicate of game 1 (line 3) [duplicate-game]
pgn-check:pushed.pgn:23:54: warning: game 2 (A - B, 1): the final position is checkmate: Black wins, but the result is '"'1-0'"' [wrong-result]'

@test "stray text before and between games: its comment commands are no game's finding" {
    run --separate-stderr pgn-check pushed.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal "$PUSHED"
}

@test "a variation in the main line: the final position and the duplicate come from the main line" {
    run --separate-stderr pgn-check --jobs 2 pushed.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal "$PUSHED"
}

# 1. e4 e5 is move 2 for White, so "3." is wrong; inside the variation
# 2... Nf6 leaves move 3, so "4." is wrong; the comments' commands are
# malformed (formats/annotations.md).
NUMBERS='pgn-check:numbers.pgn:9:8: warning: game 1 (C - D, 2): malformed clock '"'[%clk 1:2]'"': expected H:MM:SS, at most three decimals, after one blank [bad-clock]
pgn-check:numbers.pgn:9:23: warning: game 1 (C - D, 2): move number 3 where the position is at move 2 [wrong-move-number]
pgn-check:numbers.pgn:9:31: warning: game 1 (C - D, 2): malformed evaluation '"'[%eval ?]'"': expected pawns with at most two decimals or #N, then an optional ,depth, after one blank [bad-eval]
pgn-check:numbers.pgn:9:56: warning: game 1 (C - D, 2): move number 4 where the position is at move 3 [wrong-move-number]'

@test "comment commands and move numbers, checked as they come, are reported in input order" {
    run --separate-stderr pgn-check numbers.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal "$NUMBERS"
    run --separate-stderr pgn-check --jobs 2 numbers.pgn
    assert_failure 1
    assert_stderr_equal "$NUMBERS"
}

# A NUL byte, a backspace and the byte 0xB6 before the first game: a run
# of binary data at the NUL's place, named once (issue 37), then stray
# text quoting the 0xB6, as every tool reports them.
@test "binary data that starts with a NUL byte is named once, the text after it quoted" {
    local want="pgn-check:nul-first.pgn:1:1: error: binary data (NUL bytes) outside any game [stray-text]
pgn-check:nul-first.pgn:1:3: error: text outside any game (ignored): '"$'\xb6'"' [stray-text]"
    run --separate-stderr pgn-check nul-first.pgn
    assert_failure 1
    assert_stderr_equal "$want"
    run --separate-stderr pgn-to-named-notation --to=uci nul-first.pgn
    assert_stderr_equal "pgn-to-named-notation:nul-first.pgn:1:1: binary data (NUL bytes) outside any game
pgn-to-named-notation:nul-first.pgn:1:3: text outside any game (ignored): '"$'\xb6'"'
1 game, 1 converted, 0 with errors"
}
