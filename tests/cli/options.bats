#!/usr/bin/env bats
# One vocabulary of options across the six tools (docs/options.md), and the
# small frictions of fen-check and legal-moves of issue 29: the -d value
# without '=', chess move numbers in --moves messages, grammatical number
# in messages, the diagram's side to move and --flip.  Expected texts are
# written from the rules (English grammar, the FIDE Laws' move numbering,
# the FEN standard's fields), not copied from our output.

load test_helper

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

# ---- grammatical number: "1 square", "1 rank", "1 ply", "1 game" ----

@test "a rank of one square and a board of one rank are counted in the singular" {
    run --separate-stderr fen-check <<<$'k/8/8/8/8/8/8/K6k w - - 0 1\n8'
    assert_failure 1
    assert_output ''
    assert_stderr_equal "fen-check:<stdin>:1:2: rank 8 has 1 square, expected 8 [rank-size]
fen-check:<stdin>:2:1: board has 1 rank, expected 8 [rank-count]
fen-check:<stdin>:2:2: missing fields 2 to 4 (side to move to en passant) [missing-field]"
}

@test "two squares and two ranks stay plural" {
    run --separate-stderr fen-check <<<'kk/8/8/8/8/8/8/K7 w - - 0 1'
    assert_failure 1
    assert_stderr_equal 'fen-check:<stdin>:1:3: rank 8 has 2 squares, expected 8 [rank-size]'
    run --separate-stderr fen-check <<<'8/8 w - - 0 1'
    assert_failure 1
    assert_stderr_equal 'fen-check:<stdin>:1:1: board has 2 ranks, expected 8 [rank-count]'
}

@test "one problem over the limit is one more problem" {
    # 22 bad letters, the ninth overflowing rank 8, one rank, missing fields:
    # 25 problems, 24 shown
    run --separate-stderr fen-check <<<"$(printf 'x%.0s' {1..22})"
    assert_failure 1
    [[ ${stderr##*$'\n'} == 'fen-check:<stdin>:1: 1 more problem not shown' ]]
}

@test "pgn-check: a main line of one ply is one ply" {
    run --separate-stderr pgn-check --ignore=missing-tag <<<$'[Event "t"]\n[PlyCount "2"]\n\n1. e4 *'
    assert_failure 1
    assert_stderr_equal 'pgn-check:<stdin>:2:1: warning: game 1 (? - ?, ?): PlyCount is 2 but the main line has 1 ply [plycount-mismatch]'
}

@test "--stats of one game says 1 game" {
    run --separate-stderr pgn-check --ignore=missing-tag --stats <<<$'[Event "t"]\n\n1. e4 *'
    assert_success
    assert_stderr_equal '1 game, 1 clean, 0 with errors, 0 with warnings'
    run --separate-stderr pgn-to-named-notation --stats --to=uci <<<$'[Event "t"]\n\n1. e4 *'
    assert_success
    assert_stderr_equal '1 game, 1 converted, 0 with errors'
    run --separate-stderr named-notation-to-pgn --stats <<<$'[Event "t"]\n\n1. e2 - e4 Pawn-move\n*'
    assert_success
    assert_stderr_equal '1 game, 1 converted, 0 with errors'
}

# ---- legal-moves --moves: moves numbered as chess numbers them ----

@test "--moves: White's second move is 2., not move 3 of the list" {
    run --separate-stderr legal-moves --moves 'e4 e5 Ke3' <<<"$START"
    assert_failure 1
    assert_output ''
    [[ $stderr == 'legal-moves:<stdin>:1:1: --moves: 2. Ke3: '* ]]
}

@test "--moves: a move of Black's is numbered N..." {
    run --separate-stderr legal-moves --moves 'e4 e5 Nf3 Ke6' <<<"$START"
    assert_failure 1
    [[ $stderr == 'legal-moves:<stdin>:1:1: --moves: 2... Ke6: '* ]]
}

@test "--moves: the numbers go on from the record's move number and side to move" {
    # Black to move at move 30: 30... Kg2 31. Kb2 31... Ka8 (no king reaches a8)
    run --separate-stderr legal-moves --moves 'Kg2 Kb2 Ka8' <<<'8/8/8/8/8/8/8/K6k b - - 10 30'
    assert_failure 1
    [[ $stderr == 'legal-moves:<stdin>:1:1: --moves: 31... Ka8: '* ]]
    # a record without counters starts at move 1
    run --separate-stderr legal-moves --moves 'Kg2 Kb2 Ka8' <<<'8/8/8/8/8/8/8/K6k b - -'
    assert_failure 1
    [[ $stderr == 'legal-moves:<stdin>:1:1: --moves: 2... Ka8: '* ]]
}

# ---- fen-check --diagram: its style as a separate argument ----

@test "fen-check -d unicode: a style after -d is its value, not a file" {
    run --separate-stderr fen-check -d unicode <<<'4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    assert_success
    assert_line --index 1 '8 · · · · ♚ · · ·'
    assert_line --index 8 '1 · · · · ♔ · · ·'
    assert_stderr_equal ''
    run --separate-stderr fen-check --diagram ascii <<<'4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    assert_success
    assert_line --index 1 '8 . . . . k . . .'
    assert_stderr_equal ''
}

@test "fen-check -d STYLE FILE, -d FILE and -d ./STYLE: files are still files" {
    cd "$BATS_TEST_TMPDIR"
    echo '4k3/8/8/8/8/8/8/4K3 w - - 0 1' >unicode
    run --separate-stderr fen-check -d ascii unicode
    assert_success
    assert_line --index 1 '8 . . . . k . . .'
    # into a pipe, auto is ASCII
    run --separate-stderr fen-check -d ./unicode
    assert_success
    assert_line --index 0 '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    assert_line --index 1 '8 . . . . k . . .'
    run --separate-stderr fen-check -d none.fen
    assert_failure 66
}

# ---- fen-check --diagram: the side to move under it, and --flip ----

@test "the diagram says who moves, the castling rights and the en-passant square" {
    # 1. e4 d5 2. e5 f5: White may take en passant on f6 (FIDE 3.7.d)
    run --separate-stderr fen-check -d ascii <<<'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'
    assert_success
    assert_line --index 10 'White to move; castling KQkq; en passant f6'
    run --separate-stderr fen-check -d ascii <<<'r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1'
    assert_success
    assert_line --index 10 'Black to move; castling Kq; no en passant'
    run --separate-stderr fen-check -d ascii <<<'4k3/8/8/8/8/8/8/4K3 b - - 0 1'
    assert_success
    assert_line --index 10 'Black to move; no castling; no en passant'
}

@test "--flip draws the board from Black's side: rank 1 at the top, file h on the left" {
    # 1. e4 c5 2. Nf3
    run --separate-stderr fen-check -d ascii --flip <<<'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
    assert_success
    assert_output - <<'EOF'
rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
1 R . B K Q B N R
2 P P P . P P P P
3 . . N . . . . .
4 . . . P . . . .
5 . . . . . p . .
6 . . . . . . . .
7 p p p p p . p p
8 r n b k q b n r
  h g f e d c b a
Black to move; castling KQkq; no en passant

EOF
    assert_stderr_equal ''
}

@test "--flip without --diagram is refused" {
    run --separate-stderr fen-check --flip <<<"$START"
    assert_failure 64
    assert_output ''
    assert_stderr_equal "fen-check: --flip turns the diagram: it needs --diagram
Try \`fen-check --help' or \`fen-check --usage' for more information."
}
