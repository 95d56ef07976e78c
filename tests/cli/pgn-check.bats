#!/usr/bin/env bats
# pgn-check: one hand-made game per check (tests/cli/fixtures/pgn-check)
# with its exact diagnostic, counted by hand from the fixture (line,
# column, the rules library's reason); clean games byte for byte, every
# report format (the SARIF log through Microsoft's validator), the
# options, the real archives of ../shared/data, and hostile input.
# formats/pgn-check.md is the specification.

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/pgn-check"

setup() {
    cd "$FIX" || return 1
}

@test "a clean file passes through byte for byte, nothing on stderr, exit 0" {
    run --separate-stderr pgn-check clean.pgn
    assert_success
    assert_stderr_equal ''
    pgn-check clean.pgn | cmp - clean.pgn
    pgn-check <clean.pgn | cmp - clean.pgn
    pgn-check - <clean.pgn | cmp - clean.pgn
}

@test "unexpected-token: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check unexpected-token.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:unexpected-token.pgn:9:17: error: game 1 (A - B, 1): unrecognised text '\''foo'\'' in the movetext [unexpected-token]'

    assert_output ''
}

@test "bad-nag: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check bad-nag.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:bad-nag.pgn:9:7: error: game 1 (A - B, 1): NAG '\''$300'\'' above 255 [bad-nag]'

    assert_output ''
}

@test "bad-tag: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check bad-tag.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:bad-tag.pgn:1:1: error: game 1 (A - B, 1): malformed tag pair [bad-tag]'

    assert_output ''
}

@test "unterminated-tag: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check unterminated-tag.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:unterminated-tag.pgn:2:1: error: game 1 (A - B, 1): tag pair not closed by '\'']'\'' on its line [unterminated-tag]'

    assert_output ''
}

@test "unterminated-comment: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check --select=unterminated-comment unterminated-comment.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:unterminated-comment.pgn:9:7: error: game 1 (A - B, 1): comment '\''{'\'' not closed by '\''}'\'' [unterminated-comment]'

    assert_output ''
}

@test "unclosed-variation: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check --select=unclosed-variation unclosed-variation.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:unclosed-variation.pgn:9:7: error: game 1 (A - B, 1): variation '\''('\'' not closed by '\'')'\'' [unclosed-variation]'

    assert_output ''
}

@test "unmatched-close: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check unmatched-close.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:unmatched-close.pgn:9:7: error: game 1 (A - B, 1): '\'')'\'' without an open variation [unmatched-close]'

    assert_output ''
}

@test "result-in-variation: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check result-in-variation.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:result-in-variation.pgn:9:14: error: game 1 (A - B, 1): game result inside a variation [result-in-variation]'

    assert_output ''
}

@test "variation-without-move: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check variation-without-move.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:variation-without-move.pgn:9:1: error: game 1 (A - B, 1): a variation with no move before it to replace [variation-without-move]'

    assert_output ''
}

@test "over-limit: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check --max-line=64 over-limit.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:over-limit.pgn:9:65: error: game 1 (A - B, 1): line too long; split [over-limit]'

    assert_output ''
}

@test "illegal-move: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check illegal-move.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:illegal-move.pgn:9:13: error: game 1 (A - B, 1): ply 3 (2.): illegal move '\''Ke3'\'': a king cannot move from e1 to e3 [illegal-move]'

    assert_output ''
}

@test "ambiguous-move: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check ambiguous-move.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:ambiguous-move.pgn:9:23: error: game 1 (A - B, 1): ply 5 (3.): ambiguous move '\''Nd2'\'': Nbd2 and Nfd2 both match [ambiguous-move]'

    assert_output ''
}

@test "illegal-variation-move: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check illegal-variation-move.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:illegal-variation-move.pgn:9:11: error: game 1 (A - B, 1): ply 1 (1.): illegal move '\''Ke2'\'' in a variation: a piece cannot capture a piece of its own colour: e2 holds a white pawn [illegal-variation-move]'

    assert_output ''
}

@test "unsupported-variant: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check unsupported-variant.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:unsupported-variant.pgn:8:1: error: game 1 (A - B, 1): unsupported variant '\''Shogi'\'' [unsupported-variant]'

    assert_output ''
}

@test "piece-drop: a drop outside crazyhouse is an illegal move, exit 1, the game not written" {
    run --separate-stderr pgn-check piece-drop.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:piece-drop.pgn:9:26: error: game 1 (A - B, 1): ply 5 (3.): illegal move '\''N@f3'\'': pieces are dropped only in crazyhouse [illegal-move]'

    assert_output ''
}

@test "king-count: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check king-count.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:king-count.pgn:9:7: error: game 1 (A - B, 1): FEN tag: white has 0 kings, expected 1 [king-count]
pgn-check:king-count.pgn:9:7: error: game 1 (A - B, 1): FEN tag: black has 0 kings, expected 1 [king-count]'

    assert_output ''
}

@test "missing-result: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check missing-result.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:missing-result.pgn:1:1: warning: game 1 (A - B, 1): the movetext has no termination marker [missing-result]'

    # the other games are clean and pass through
    [[ -n $output ]]
}

@test "truncated: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check truncated.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:truncated.pgn:1:1: warning: game 1 (A - B, 1): the input ends inside the game: no termination marker [missing-result]'

    assert_output ''
}

@test "bad-result-tag: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check bad-result-tag.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:bad-result-tag.pgn:7:1: warning: game 1 (A - B, 1): Result tag '\''1:0'\'' is not 1-0, 0-1, 1/2-1/2 or * [bad-result-tag]'

    assert_output ''
}

@test "result-mismatch: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check result-mismatch.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:result-mismatch.pgn:9:10: warning: game 1 (A - B, 1): the movetext ends with '\''*'\'' but the Result tag says '\''1-0'\'' [result-mismatch]'

    assert_output ''
}

@test "wrong-result-mate: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check wrong-result-mate.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:wrong-result-mate.pgn:9:21: warning: game 1 (A - B, 1): the final position is checkmate: Black wins, but the result is '\''1-0'\'' [wrong-result]'

    assert_output ''
}

@test "wrong-result-stalemate: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check wrong-result-stalemate.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:wrong-result-stalemate.pgn:11:1: warning: game 1 (A - B, 1): the final position is stalemate (a draw), but the result is '\''1-0'\'' [wrong-result]'

    assert_output ''
}

@test "wrong-result-material: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check wrong-result-material.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:wrong-result-material.pgn:11:1: warning: game 1 (A - B, 1): neither side can checkmate in the final position (a draw), but the result is '\''1-0'\'' [wrong-result]'

    assert_output ''
}

@test "wrong-result-lone-king: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check wrong-result-lone-king.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:wrong-result-lone-king.pgn:11:1: warning: game 1 (A - B, 1): Black wins with a lone king, which cannot checkmate (result '\''0-1'\'') [wrong-result]'

    assert_output ''
}

@test "missing-tag: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check missing-tag.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:missing-tag.pgn:1:1: warning: game 1 (A - ?): Seven Tag Roster tags missing: Site, Date, Round, Black, Result [missing-tag]'

    assert_output ''
}

@test "empty-tag: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check empty-tag.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:empty-tag.pgn:4:1: warning: game 1 (A - B): Round tag is empty (the Seven Tag Roster wants a value, '\''?'\'' when unknown) [empty-tag]'

    assert_output ''
}

@test "duplicate-tag: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check duplicate-tag.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:duplicate-tag.pgn:7:1: warning: game 1 (A - B, 1): tag White appears twice (first on line 5) [duplicate-tag]'

    assert_output ''
}

@test "bad-date: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check bad-date.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:bad-date.pgn:3:1: warning: game 1 (A - B, 1): Date '\''2024-01-02'\'' is not YYYY.MM.DD ('\''?'\'' for unknown digits) [bad-date]
pgn-check:bad-date.pgn:13:1: warning: game 2 (A - B, 2): Date '\''2024.13.01'\'': there is no month 13 [bad-date]
pgn-check:bad-date.pgn:23:1: warning: game 3 (A - B, 3): Date '\''2023.02.29'\'': there is no day 29 in that month (not a leap year) [bad-date]'

    # the other games are clean and pass through
    [[ -n $output ]]
}

@test "fen-without-setup: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check fen-without-setup.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:fen-without-setup.pgn:8:1: warning: game 1 (A - B, 1): FEN tag without SetUp "1" [fen-without-setup]'

    assert_output ''
}

@test "setup-without-fen: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check setup-without-fen.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:setup-without-fen.pgn:8:1: warning: game 1 (A - B, 1): SetUp "1" without a FEN tag [setup-without-fen]'

    assert_output ''
}

@test "plycount-mismatch: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check plycount-mismatch.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:plycount-mismatch.pgn:8:1: warning: game 1 (A - B, 1): PlyCount is 3 but the main line has 2 plies [plycount-mismatch]'

    assert_output ''
}

@test "wrong-move-number: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check wrong-move-number.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:wrong-move-number.pgn:9:10: warning: game 1 (A - B, 1): move number 3 where the position is at move 2 [wrong-move-number]'

    assert_output ''
}

@test "null-move: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check null-move.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:null-move.pgn:9:7: warning: game 1 (A - B, 1): ply 2 (1...): null move '\''--'\'' in the main line (no move was played) [null-move]'

    assert_output ''
}

@test "invalid-utf8: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check invalid-utf8.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:invalid-utf8.pgn:9:11: warning: game 1 (A - B, 1): byte 0xE9 is not valid UTF-8 [invalid-utf8]'

    assert_output ''
}

@test "nul-byte: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check nul-byte.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:nul-byte.pgn:9:9: warning: game 1 (A - B, 1): NUL byte [nul-byte]'

    assert_output ''
}

@test "control-byte: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check control-byte.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:control-byte.pgn:9:9: warning: game 1 (A - B, 1): control character 0x01 [control-byte]'

    assert_output ''
}

@test "duplicate-game: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check duplicate-game.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:duplicate-game.pgn:11:1: warning: game 2 (A - B, 1): duplicate of game 1 (line 1) [duplicate-game]'

    # the other games are clean and pass through
    [[ -n $output ]]
}

@test "check-mark: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check --pedantic check-mark.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:check-mark.pgn:9:35: note: game 1 (A - B, 1): ply 7 (4.): '\''Qxf7+'\'' mates: its mark is '\''#'\'' (SAN '\''Qxf7#'\'') [check-mark]
pgn-check:check-mark.pgn:19:13: note: game 2 (A - B, 2): ply 3 (2.): '\''Qh5'\'' gives check: '\''+'\'' is missing (SAN '\''Qh5+'\'') [check-mark]
pgn-check:check-mark.pgn:19:17: note: game 2 (A - B, 2): ply 4 (2...): '\''g6+'\'' does not give check: no mark (SAN '\''g6'\'') [check-mark]'

    assert_output ''
}

@test "zero-castling: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check --pedantic zero-castling.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:zero-castling.pgn:9:35: note: game 1 (A - B, 1): ply 7 (4.): castling written with zeros: SAN is '\''O-O'\'' [zero-castling]'

    assert_output ''
}

@test "san-style: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check --pedantic san-style.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:san-style.pgn:9:13: note: game 1 (A - B, 1): ply 3 (2.): '\''Ngf3'\'' is over-disambiguated: SAN is '\''Nf3'\'' [san-style]
pgn-check:san-style.pgn:9:26: note: game 1 (A - B, 1): ply 5 (3.): '\''d2d4'\'' is not SAN: SAN is '\''d4'\'' [san-style]
pgn-check:san-style.pgn:19:25: note: game 2 (A - B, 2): ply 5 (3.): '\''Ne4'\'' is a capture without '\''x'\'': SAN is '\''Nxe4'\'' [san-style]
pgn-check:san-style.pgn:31:4: note: game 3 (A - B, 3): ply 1 (1.): '\''a8Q'\'' is a promotion without '\''='\'': SAN is '\''a8=Q'\'' [san-style]'

    assert_output ''
}

@test "long-line: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check --pedantic long-line.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:long-line.pgn:9:1: note: game 1 (A - B, 1): line of 306 characters (the PGN standard allows 255) [long-line]'

    assert_output ''
}

@test "tag-order: the exact diagnostic, exit 1, the game not written" {
    run --separate-stderr pgn-check --pedantic tag-order.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:tag-order.pgn:2:1: note: game 1 (A - B, 1): tag Event out of order (the Seven Tag Roster comes first: Event, Site, Date, Round, White, Black, Result) [tag-order]'

    assert_output ''
}

@test "default mode: errors and warnings, no notes; the clean game among bad ones is kept" {
    cat clean.pgn illegal-move.pgn >"$BATS_TEST_TMPDIR/mixed.pgn"
    cat zero-castling.pgn >>"$BATS_TEST_TMPDIR/mixed.pgn"
    run --separate-stderr pgn-check "$BATS_TEST_TMPDIR/mixed.pgn"
    assert_failure 1
    # games 1 and 2 (clean.pgn) and game 4 (a note only, off by default)
    assert_output "$(cat clean.pgn zero-castling.pgn)"
    assert_stderr_equal "pgn-check:$BATS_TEST_TMPDIR/mixed.pgn:28:13: error: game 3 (A - B, 1): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3 [illegal-move]"
}

@test "--invert writes the games with a problem instead" {
    cat clean.pgn illegal-move.pgn >"$BATS_TEST_TMPDIR/mixed.pgn"
    run --separate-stderr pgn-check --invert "$BATS_TEST_TMPDIR/mixed.pgn"
    assert_failure 1
    assert_output "$(cat illegal-move.pgn)"
    [[ $stderr == *'[illegal-move]' ]]
}

@test "-q prints nothing; the exit status tells" {
    run --separate-stderr pgn-check -q illegal-move.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal ''
    run --separate-stderr pgn-check -q clean.pgn
    assert_success
    assert_output ''
}

@test "--stats: games, clean, with errors, with warnings" {
    run --separate-stderr pgn-check --stats clean.pgn illegal-move.pgn result-mismatch.pgn
    assert_failure 1
    # 2 clean games, 1 with an error, 1 with a warning
    [[ ${stderr##*$'\n'} == '4 games, 2 clean, 1 with errors, 1 with warnings' ]]
    run --separate-stderr pgn-check --stats clean.pgn
    assert_success
    assert_stderr_equal '2 games, 2 clean, 0 with errors, 0 with warnings'
}

@test "--select runs only the codes named, --ignore turns codes off" {
    run --separate-stderr pgn-check --select=result-mismatch unterminated-comment.pgn illegal-move.pgn
    assert_success
    run --separate-stderr pgn-check --ignore=illegal-move illegal-move.pgn
    assert_success
    pgn-check --ignore=illegal-move illegal-move.pgn | cmp - illegal-move.pgn
    run --separate-stderr pgn-check --select=zero-castling zero-castling.pgn
    assert_failure 1
    [[ $stderr == *'[zero-castling]' ]]
    run --separate-stderr pgn-check --select=illegal-move,king-count --ignore=king-count king-count.pgn
    assert_success
}

@test "an unknown code is a usage error that lists the codes" {
    run --separate-stderr pgn-check --select=illegal-mvoe clean.pgn
    assert_failure 64
    [[ $stderr == *"unknown code 'illegal-mvoe' in --select (the codes: unexpected-token, bad-nag,"* ]]
    [[ $stderr == *'tag-order, nonstandard-token, empty, missing-field,'* ]]
    run --separate-stderr pgn-check --ignore=x clean.pgn
    assert_failure 64
    run --separate-stderr pgn-check --format=xml clean.pgn
    assert_failure 64
    run --separate-stderr pgn-check --format=json --invert clean.pgn
    assert_failure 64
}

@test "--help ends with the exit status table of every tool" {
    run pgn-check --help
    assert_success
    [[ $output == *'Exit status:'*'74  write error'* ]]
    [[ $(pgn-check --help | sed -n '/^Exit status:/,$p') == "$(fen-check --help | sed -n '/^Exit status:/,$p')" ]]
}

@test "--format=json: one object per problem on stdout, no games" {
    run --separate-stderr pgn-check --format=json king-count.pgn
    assert_failure 1
    assert_stderr_equal ''
    assert_output '{"file":"king-count.pgn","line":9,"column":7,"game":1,"offset":0,"level":"error","code":"king-count","message":"game 1 (A - B, 1): FEN tag: white has 0 kings, expected 1"}
{"file":"king-count.pgn","line":9,"column":7,"game":1,"offset":0,"level":"error","code":"king-count","message":"game 1 (A - B, 1): FEN tag: black has 0 kings, expected 1"}'
}

@test "--format=json escapes quotes and replaces bytes that are not UTF-8" {
    run --separate-stderr pgn-check --format=json --select=fen-without-setup,invalid-utf8 fen-without-setup.pgn invalid-utf8.pgn
    assert_failure 1
    assert_line --index 0 '{"file":"fen-without-setup.pgn","line":8,"column":1,"game":1,"offset":0,"level":"warning","code":"fen-without-setup","message":"game 1 (A - B, 1): FEN tag without SetUp \"1\""}'
    assert_line --index 1 '{"file":"invalid-utf8.pgn","line":9,"column":11,"game":1,"offset":0,"level":"warning","code":"invalid-utf8","message":"game 1 (A - B, 1): byte 0xE9 is not valid UTF-8"}'
    printf '[White "Andr\xe9"]\n\n1. e4 *\n' | pgn-check --format=json --select=invalid-utf8 |
        grep -qF '"message":"game 1 (Andr\ufffd - ?): byte 0xE9'
}

@test "--format=github: annotations with GitHub's escaping" {
    cp result-mismatch.pgn "$BATS_TEST_TMPDIR/a,b:c%.pgn"
    cd "$BATS_TEST_TMPDIR"
    run --separate-stderr pgn-check --format=github 'a,b:c%.pgn'
    assert_failure 1
    assert_output "::warning file=a%2Cb%3Ac%25.pgn,line=9,col=10,title=result-mismatch::game 1 (A - B, 1): the movetext ends with '*' but the Result tag says '1-0' [result-mismatch]"
    printf '[White "100%%"]\n[Black "B"]\n\n1. e4 e5 2. Ke3 *\n' | pgn-check --format=github --select=illegal-move >out.txt || true
    [[ $(cat out.txt) == "::error file=<stdin>,line=4,col=13,title=illegal-move::game 1 (100%25 - B): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3 [illegal-move]" ]]
}

@test "--format=github: ten annotations of a type, then a summary" {
    for i in $(seq 12); do cat illegal-move.pgn; echo; done >"$BATS_TEST_TMPDIR/many.pgn"
    cat result-mismatch.pgn >>"$BATS_TEST_TMPDIR/many.pgn"
    run --separate-stderr pgn-check --format=github "$BATS_TEST_TMPDIR/many.pgn"
    assert_failure 1
    [[ $(grep -c '^::error ' <<<"$output") == 10 ]]
    [[ $(grep -c '^::warning ' <<<"$output") == 1 ]]
    assert_line 'pgn-check: 2 more errors not shown as annotations (GitHub shows 10 of a type per step); run pgn-check without --format=github to list them all'
}

@test "--format=sarif: one SARIF 2.1.0 log with a rule per code, the same findings" {
    run --separate-stderr pgn-check --format=sarif illegal-move.pgn result-mismatch.pgn
    assert_failure 1
    [[ $output == '{"version":"2.1.0",'* ]]
    # one rule per code: as many as --select lists
    codes=$(pgn-check --select=x 2>&1 | head -n 1 | sed 's/.*the codes: //; s/)$//' | tr ',' '\n' | wc -l)
    [[ $(grep -o '"defaultConfiguration"' <<<"$output" | wc -l) == "$codes" ]]
    [[ $output == *'"ruleId":"illegal-move","ruleIndex":10,"level":"error","message":{"text":"game 1 (A - B, 1): ply 3 (2.): illegal move '"'Ke3'"': a king cannot move from e1 to e3"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"illegal-move.pgn"},"region":{"startLine":9,"startColumn":13}}}],"relatedLocations":[{"id":1,"physicalLocation":{"artifactLocation":{"uri":"illegal-move.pgn"},"region":{"byteOffset":0}},"message":{"text":"game 1"}}]}'* ]]
    [[ $output == *'"ruleId":"result-mismatch"'*'"startLine":9,"startColumn":10'* ]]
    [[ $output == *']}]}' ]]
}

@test "--format=sarif passes Microsoft's SARIF validator" {
    validator=$(command -v sarif || command -v sarif-multitool) ||
        skip "sarif (npm package @microsoft/sarif-multitool) is not installed"
    pgn-check --format=sarif --pedantic ./*.pgn >"$BATS_TEST_TMPDIR/out.sarif" || true
    run "$validator" validate "$BATS_TEST_TMPDIR/out.sarif"
    assert_success
    refute_output --partial ': error '
    assert_output --partial 'Analysis completed successfully'
}

@test "the clean games of ../shared/data/pgn/events pass through byte for byte" {
    [[ -d $SHARED/pgn/events ]] || skip "no shared data"
    for f in "$SHARED"/pgn/events/*.pgn; do
        if pgn-check -q "$f"; then
            pgn-check "$f" | cmp - "$f"
        fi
        # the findings there are FEN tags without SetUp: with that check off,
        # every game is clean and the file comes back whole
        pgn-check --ignore=fen-without-setup "$f" | cmp - "$f"
        # the clean games and the others, together, are the games of the file
        [[ $(pgn-check "$f" 2>/dev/null | grep -c '^\[Event ') -eq \
           $(($(grep -c '^\[Event ' "$f") - $(pgn-check --invert "$f" 2>/dev/null | grep -c '^\[Event '))) ]]
    done
}

@test "empty input: nothing out, exit 0" {
    run --separate-stderr pgn-check </dev/null
    assert_success
    assert_output ''
    assert_stderr_equal ''
}

@test "binary garbage: reported, never a crash" {
    awk 'BEGIN { for (i = 0; i < 4096; i++) printf "%c", (i * 131 + 7) % 256 }' >"$BATS_TEST_TMPDIR/garbage.bin"
    run --separate-stderr pgn-check "$BATS_TEST_TMPDIR/garbage.bin"
    assert_failure 1
    [[ -n $stderr ]]
    run --separate-stderr pgn-check --invert "$BATS_TEST_TMPDIR/garbage.bin"
    assert_failure 1
    cmp "$BATS_TEST_TMPDIR/garbage.bin" <(pgn-check --invert "$BATS_TEST_TMPDIR/garbage.bin" 2>/dev/null)
}

@test "a truncated file: the last game is reported, the ones before kept" {
    cat clean.pgn >"$BATS_TEST_TMPDIR/cut.pgn"
    head -c 60 illegal-move.pgn >>"$BATS_TEST_TMPDIR/cut.pgn"
    run --separate-stderr pgn-check "$BATS_TEST_TMPDIR/cut.pgn"
    assert_failure 1
    assert_output "$(cat clean.pgn)"
    [[ $stderr == *'game 3 (Test, 1): the input ends inside the game: no termination marker [missing-result]'* ]]
}

@test "a huge line: over the line cap, reported, the next game kept" {
    { cat result-mismatch.pgn | head -n 8; printf '1. e4 {'; head -c 2000000 /dev/zero | tr '\0' 'z'; printf '} *\n\n'; cat clean.pgn; } >"$BATS_TEST_TMPDIR/huge.pgn"
    run --separate-stderr pgn-check --select=over-limit "$BATS_TEST_TMPDIR/huge.pgn"
    assert_failure 1
    [[ $stderr == *':9:1048577: error: game 1 (A - B, 1): line too long; split [over-limit]'* ]]
    [[ $output == "$(cat clean.pgn)" ]]
}

@test "a file that cannot be read exits 66, the others are still checked" {
    run --separate-stderr pgn-check no-such-file.pgn clean.pgn
    assert_failure 66
    assert_output "$(cat clean.pgn)"
    [[ $stderr == 'pgn-check: cannot open no-such-file.pgn: No such file or directory' ]]
}

@test "a write error exits 74" {
    [[ -w /dev/full ]] || skip "no /dev/full"
    run pgn-check clean.pgn '>/dev/full'
    run bash -c 'pgn-check clean.pgn >/dev/full'
    assert_failure 74
    [[ $output == *'write error'* ]]
}

@test "--jobs N binds each thread to a CPU of its own when it takes every CPU it may use" {
    run thread_cpus 0,1 pgn-check --jobs 2
    assert_success
    assert_output $'0\n1'
    run thread_cpus 0,1 pgn-check --jobs 3
    assert_success
    assert_output $'0-1\n0-1\n0-1'
}

@test "--jobs 2 writes the same bytes, report and exit status as one thread" {
    [[ -d $SHARED/pgn ]] || skip "no shared data"
    # engine archives of several MB are cut into chunks; the edge cases
    # have duplicates across files and every kind of damage
    for args in "$SHARED/pgn/engines/TCEC_Season_13_-_Superfinal.pgn $SHARED/pgn/online/dela3499_carlsen_all.pgn" \
        "$SHARED/pgn/edge-cases/*.pgn"; do
        for opts in "" "--pedantic --invert" "--format=json" "--format=sarif --pedantic"; do
            # shellcheck disable=SC2086 # the lists are meant to split
            one=$(pgn-check $opts $args 2>&1; echo "status $?")
            # shellcheck disable=SC2086
            two=$(pgn-check --jobs 2 $opts $args 2>&1; echo "status $?")
            [[ $one == "$two" ]]
        done
    done
    run pgn-check --jobs 300 clean.pgn
    assert_failure 64
}

@test "--color=always paints the diagnostics as every tool does: bold place, the level and code in color" {
    run --separate-stderr pgn-check --color=always illegal-move.pgn
    assert_failure 1
    e=$'\e'
    [[ $stderr == "$e[1mpgn-check:illegal-move.pgn:9:13:$e[m $e["*"merror:$e[m game 1 (A - B, 1): ply 3 (2.): "*"$e["*"m[illegal-move]$e[m" ]]
    run --separate-stderr pgn-check --color=never illegal-move.pgn
    [[ $stderr != *$'\e'* ]]
}

@test "every format carries the same findings: file, line, column, level, code" {
    command -v jq >/dev/null || skip "jq is not installed"
    # every fixture, notes included: errors, warnings and notes of every kind
    pgn-check --pedantic ./*.pgn 2>&1 >/dev/null |
        sed -n 's/^pgn-check:\([^:]*\):\([0-9]*\):\([0-9]*\): \([a-z]*\): .* \[\([a-z0-9-]*\)\]$/\1 \2 \3 \4 \5/p' >"$BATS_TEST_TMPDIR/text"
    pgn-check --pedantic --format=json ./*.pgn |
        jq -r '"\(.file) \(.line) \(.column) \(.level) \(.code)"' >"$BATS_TEST_TMPDIR/json"
    pgn-check --pedantic --format=sarif ./*.pgn |
        jq -r '.runs[0].results[] | "\(.locations[0].physicalLocation.artifactLocation.uri) \(.locations[0].physicalLocation.region.startLine) \(.locations[0].physicalLocation.region.startColumn) \(.level) \(.ruleId)"' >"$BATS_TEST_TMPDIR/sarif"
    [[ $(wc -l <"$BATS_TEST_TMPDIR/text") -gt 60 ]]
    cmp "$BATS_TEST_TMPDIR/text" "$BATS_TEST_TMPDIR/json"
    cmp "$BATS_TEST_TMPDIR/text" "$BATS_TEST_TMPDIR/sarif"
    # GitHub: the first ten of each type, in the same order
    pgn-check --pedantic --format=github ./*.pgn |
        sed -n 's/^::\([a-z]*\) file=\([^,]*\),line=\([0-9]*\),col=\([0-9]*\),title=\([a-z0-9-]*\)::.*/\2 \3 \4 \1 \5/p' |
        sed 's/ notice / note /' >"$BATS_TEST_TMPDIR/github"
    for level in error warning note; do
        diff <(awk -v l=$level '$4 == l' "$BATS_TEST_TMPDIR/text" | head -n 10) \
            <(awk -v l=$level '$4 == l' "$BATS_TEST_TMPDIR/github")
    done
}

@test "at most 100 problems a game: the hundredth says how many more there were" {
    # 150 lines with a control byte each, lines 3 to 152
    awk 'BEGIN { printf "[Event \"E\"]\n\n"; for (i = 0; i < 150; i++) printf "{\001}\n"; print "1. e4 *" }' \
        >"$BATS_TEST_TMPDIR/many.pgn"
    run --separate-stderr pgn-check --select=control-byte,over-limit "$BATS_TEST_TMPDIR/many.pgn"
    assert_failure 1
    [[ $(wc -l <<<"$stderr") == 100 ]]
    [[ ${stderr##*$'\n'} == "pgn-check:$BATS_TEST_TMPDIR/many.pgn:102:2: error: game 1 (E): 51 more problems in this game are not reported [over-limit]" ]]
}

@test "variant games are checked by their rules: '#' for a variant win, results against variant ends" {
    local tags='[Event "e"]
[Site "s"]
[Date "2024.01.01"]
[Round "1"]
[White "A"]
[Black "B"]'
    # 3. Nxf7 explodes the king on e8: White has won, and lichess writes '#'
    run --separate-stderr pgn-check --pedantic <<<"$tags
[Result \"1-0\"]
[Variant \"Atomic\"]

1. Nf3 a6 2. Ng5 a5 3. Nxf7# 1-0"
    assert_success
    assert_stderr_equal ''
    run --separate-stderr pgn-check --pedantic <<<"$tags
[Result \"0-1\"]
[Variant \"Atomic\"]

1. Nf3 a6 2. Ng5 a5 3. Nxf7+ 0-1"
    assert_failure 1
    assert_stderr_equal "pgn-check:<stdin>:10:24: note: game 1 (A - B, 1): ply 5 (3.): 'Nxf7+' wins the game: its mark is '#' (SAN 'Nxf7#') [check-mark]
pgn-check:<stdin>:10:30: warning: game 1 (A - B, 1): the final position ends the game by the rules of atomic (exploded king): White wins, but the result is '0-1' [wrong-result]"
    # --variant for the games without a Variant tag; the tag wins
    run --separate-stderr pgn-check --variant=crazyhouse <<<"$tags
[Result \"*\"]

1. e4 d5 2. exd5 Qxd5 3. P@e4 *"
    assert_success
    run --separate-stderr pgn-check --variant=crazyhouse <<<"$tags
[Result \"*\"]
[Variant \"Standard\"]

1. e4 d5 2. exd5 Qxd5 3. P@e4 *"
    assert_failure 1
    # the same moves under other rules are another game
    run --separate-stderr pgn-check --select=duplicate-game <<<'[White "A"]
[Black "B"]
[Variant "Atomic"]

1. e4 e5 *

[White "A"]
[Black "B"]

1. e4 e5 *

[White "A"]
[Black "B"]
[Variant "Standard"]

1. e4 e5 *'
    assert_stderr_equal "pgn-check:<stdin>:12:1: warning: game 3 (A - B): duplicate of game 2 (line 7) [duplicate-game]"
}

@test "a result alone is a game, an empty one (PGN 18; python-chess and chessops read one game): empty-game; a malformed tag line keeps its diagnostic" {
    run --separate-stderr pgn-check --ignore=missing-tag <<<$'[Event "a"]\n\n1. e4 *\n\n*\n\n[bad tag\n1-0\n\n[Event "b"]\n\n1. d4 *'
    assert_failure 1
    assert_stderr_equal "pgn-check:<stdin>:5:1: warning: game 2: empty game: no tag pair and no move [empty-game]
pgn-check:<stdin>:7:1: error: game 3: tag pair not closed by ']' on its line [unterminated-tag]
pgn-check:<stdin>:8:1: warning: game 3: empty game: no tag pair and no move [empty-game]"
    run --separate-stderr pgn-select --count <<<$'*\n1-0\ntrailing *\n1. e4 *'
    assert_success
    assert_output 4
    run --separate-stderr pgn-to-named-notation --to=uci <<<$'*\n1-0'
    assert_success
    assert_output $'*\n\n1-0'
    assert_stderr_equal ''
}

@test "binary data outside any game is named, once a run, at its place" {
    printf '1. e4 *\n\0\0\0 \0\n\0abc\n1. d4 *\n' >"$BATS_TEST_TMPDIR/nul.pgn"
    run --separate-stderr pgn-check --ignore=missing-tag "$BATS_TEST_TMPDIR/nul.pgn"
    assert_failure 1
    assert_stderr_equal "pgn-check:$BATS_TEST_TMPDIR/nul.pgn:2:1: error: binary data (NUL bytes) outside any game [stray-text]
pgn-check:$BATS_TEST_TMPDIR/nul.pgn:3:2: error: text outside any game (ignored): 'abc' [stray-text]"
}
