#!/usr/bin/env bats
# named-notation-to-pgn: the Dagaz example back to its PGN, both layouts
# and both vocabularies, comments, NAGs and variations, every kind of bad
# record reported at its place, and the round trip PGN -> named -> PGN on
# real games (the whole shared archive is in scripts/check-slow-pgn).
# The output is the PGN export format (formats/pgn-export.md), as
# pgn-to-named-notation --to=pgn writes it: the Seven Tag Roster first in
# its order (a missing tag "?", "????.??.??", the Result the marker), the
# other tags in ASCII order, "{ comment }", "( variation )", lines of at
# most 79 characters, a blank line after each game.

load test_helper

EXAMPLES="$BATS_TEST_DIRNAME/../../formats/examples"
SEED_NAMED='1. e2 - e4 Pawn-move 1. e7 - e5 Pawn-move 2. g1 - f3 leap2 n nw 2. b8 - c6 leap2 n ne 3. f1 - c4 slide nw 3. g8 - f6 leap2 n nw 4. e1 - g1 OO 4. d7 - d5 Pawn-move 5. e4 x d5 Pawn-capture nw 5. f6 x d5 leap2 w nw'

@test "the Dagaz example reads back as its PGN" {
    run --separate-stderr named-notation-to-pgn <<<"$SEED_NAMED *"
    assert_success
    assert_output '[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O d5 5. exd5 Nxd5 *'
    assert_stderr_equal ''
}

@test "the line layout with tags, comments, NAGs, variations and passes" {
    run --separate-stderr named-notation-to-pgn <<<'[Event "Named \"quoted\""]
[Result "1-0"]

{start}
1. e2 - e4 Pawn-move $1
(
1. d2 - d4 Pawn-move
1. d7 - d5 Pawn-move
(
1. g8 - f6 leap2 n nw
)
)
1. e7 - e5 Pawn-move
2. Pass
2. Pass
3. g1 - f3 leap2 n nw
1-0
'
    assert_success
    # the roster first (the missing tags "?"), the quotes escaped again;
    # Black's move after a comment or a variation numbered
    assert_output '[Event "Named \"quoted\""]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]

{ start } 1. e4 $1 ( 1. d4 d5 ( 1... Nf6 ) ) 1... e5 2. -- -- 3. Nf3 1-0'
}

@test "the zrf vocabulary is read as well" {
    run --separate-stderr named-notation-to-pgn <<<'[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]

1. e1 - g1 O-O 1. e8 - c8 O-O-O 2. f1 - f7 rook-slide n 2. c8 - b8 king-shift w *'
    assert_success
    assert_output '[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]

1. O-O O-O-O 2. Rf7 Kb8 *'
}

@test "long games are wrapped at 79 columns" {
    run --separate-stderr bash -c 'pgn-to-named-notation "$1" | named-notation-to-pgn' _ "$EXAMPLES/annotated.pgn"
    assert_success
    assert_output '[Event "Annotated sample"]
[Site "?"]
[Date "2024.01.01"]
[Round "1"]
[White "White"]
[Black "Black"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O dxc3 8.
Qb3 Qe7 9. Nxc3 Nf6 10. Nd5 Nxd5 11. exd5 Ne5 12. Nxe5 Qxe5 13. Bb2 Qg5 14. h4
Qxh4 15. Bxg7 Rg8 16. Rfe1+ Kd8 17. Qg3 1-0'
}

@test "a record that is not the generator's: its place and the generator's record" {
    run --separate-stderr named-notation-to-pgn <<<'[White "A"]
[Black "B"]
[Round "2"]

1. e2 - e4 Pawn-move
1. e7 - e5 Pawn-move
2. g1 - f3 leap2 nw n
*

1. d2 - d4 Pawn-move *'
    assert_failure 1
    assert_output '[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. d4 *'
    assert_stderr_equal "named-notation-to-pgn:<stdin>:7:1: game 1 (A - B, 2): ply 3 (2.): bad record '2. g1 - f3 leap2 nw n': the move generator writes '2. g1 - f3 leap2 n nw'
2 games, 1 converted, 1 with errors"
}

@test "each kind of bad record" {
    run --separate-stderr named-notation-to-pgn <<<'1. e2 - e5 Pawn-move *
1. e2 x e4 Pawn-move *
2. e2 - e4 Pawn-move *
1. e2 - e4 pawn-move *
1. e2 - e4 *
1. e1 - g1 OO *
1. b1 - c3 leap2 n ne 1. Pass 2. c3 - d5 leap2 n ne 2. Pass 3. d5 x c7 leap2 n nw 3. Pass *
1. e2 - e4 Pawn-move hello *'
    assert_failure 1
    assert_output ''
    assert_stderr_equal "named-notation-to-pgn:<stdin>:1:1: game 1: ply 1 (1.): illegal move '1. e2 - e5 Pawn-move': a pawn cannot move from e2 to e5
named-notation-to-pgn:<stdin>:2:1: game 2: ply 1 (1.): bad record '1. e2 x e4 Pawn-move': the move generator writes '1. e2 - e4 Pawn-move'
named-notation-to-pgn:<stdin>:3:1: game 3: ply 1 (1.): bad record '2. e2 - e4 Pawn-move': the position is at move 1.
named-notation-to-pgn:<stdin>:4:1: game 4: ply 1 (1.): bad record '1. e2 - e4 pawn-move': the move generator writes '1. e2 - e4 Pawn-move'
named-notation-to-pgn:<stdin>:5:1: game 5: ply 1 (1.): bad record '1. e2 - e4': not a ply of the named notation (N. FROM SEP TO RULE [PARAMS] [= PIECE])
named-notation-to-pgn:<stdin>:6:1: game 6: ply 1 (1.): illegal move '1. e1 - g1 OO': castling not allowed: path not clear
named-notation-to-pgn:<stdin>:7:83: game 7: ply 6 (3...): illegal null move '3. Pass': the side to move is in check
named-notation-to-pgn:<stdin>:8:22: game 8: ply 2 (1...): unexpected text 'hello' in the movetext
8 games, 0 converted, 8 with errors"
}

@test "--on-error=keep writes the moves before the error and a comment" {
    run --separate-stderr named-notation-to-pgn --on-error=keep <<<'1. e2 - e4 Pawn-move 1. e7 - e6 Pawn-move 2. e4 - e5 Pawn-move 2. d7 - d5 Pawn-move 3. e5 x d6 Pawn-capture ne *'
    assert_failure 1
    # the comment, longer than a line, broken between its words: the first
    # line is 79 characters; the marker and the Result tag are "*"
    assert_output "[Event \"?\"]
[Site \"?\"]
[Date \"????.??.??\"]
[Round \"?\"]
[White \"?\"]
[Black \"?\"]
[Result \"*\"]

1. e4 e6 2. e5 d5 { error: ply 5 (3.): bad record '3. e5 x d6 Pawn-capture ne':
the move generator writes '3. e5 x d6 En-Passant w' } *"
}

@test "PGN to named to PGN gives back the same tags and moves (both layouts, both vocabularies): pgn-to-named-notation --to=pgn's export, byte for byte" {
    need_shared pgn/events/20240527-20240607-12th-norway-chess.pgn
    local f="$SHARED/pgn/events/20240527-20240607-12th-norway-chess.pgn"
    local want
    want=$(pgn-to-named-notation --to=san --inline --nags "$f")
    export_=$(pgn-to-named-notation --to=pgn "$f")
    for opts in "" "--inline" "--names=zrf" "--inline --names=zrf"; do
        # shellcheck disable=SC2086
        pgn-to-named-notation $opts --comments --nags --variations "$f" | named-notation-to-pgn \
            >"$BATS_TEST_TMPDIR/rt.pgn"
        got=$(pgn-to-named-notation --to=san --inline --nags "$BATS_TEST_TMPDIR/rt.pgn")
        # the tags as a set (the export sorts them) and the moves
        [[ $(grep -v '^\[' <<<"$got") == "$(grep -v '^\[' <<<"$want")" ]] || { echo "moves differ with '$opts'"; return 1; }
        [[ $(grep '^\[' <<<"$got" | sort) == "$(grep '^\[' <<<"$want" | sort)" ]] || { echo "tags differ with '$opts'"; return 1; }
        [[ $(cat "$BATS_TEST_TMPDIR/rt.pgn") == "$export_" ]] || { echo "not --to=pgn's export with '$opts'"; return 1; }
    done
}

@test "a FEN tag no game can reach is replayed, unless --strict" {
    local named='[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1"]

1. e7 - e5 Pawn-move 2. g1 - f3 leap2 n nw *'
    run --separate-stderr named-notation-to-pgn <<<"$named"
    assert_success
    assert_output '[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1"]

1... e5 2. Nf3 *'
    run --separate-stderr named-notation-to-pgn --strict <<<"$named"
    assert_failure 1
    assert_output ''
    assert_stderr_equal "named-notation-to-pgn:<stdin>:1:1: game 1: FEN tag: illegal position 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1': half-move clock 5 but the en-passant square shows a pawn move (expected 0)
1 game, 0 converted, 1 with errors"
}

@test "a missing file exits 66, a write error 74, a bad option 64" {
    run --separate-stderr named-notation-to-pgn /nonexistent
    assert_failure 66
    assert_stderr_equal 'named-notation-to-pgn: cannot open /nonexistent: No such file or directory
0 games, 0 converted, 0 with errors'
    run --separate-stderr bash -c 'named-notation-to-pgn >/dev/full' <<<"$SEED_NAMED *"
    assert_failure 74
    run --separate-stderr named-notation-to-pgn --on-error=maybe
    assert_failure 64
    run --separate-stderr named-notation-to-pgn --help
    assert_success
    assert_exit_status_table
}

@test "out of memory exits 71" {
    { printf '[Event "x"]\n\n1. e2 - e4 Pawn-move {'; head -c 100000000 /dev/zero | tr '\0' a; printf '} *\n'; } \
        >"$BATS_TEST_TMPDIR/big.named"
    with_memory_limit 80000 named-notation-to-pgn --max-line 1000M "$BATS_TEST_TMPDIR/big.named"
    assert_failure 71
    assert_output ''
}

@test "--color paints diagnostics as gcc does: the place bold" {
    run --separate-stderr named-notation-to-pgn --color=always <<<'1. e2 - e5 Pawn-move *'
    assert_failure 1
    assert_stderr_equal "${BOLD}named-notation-to-pgn:<stdin>:1:1:${RESET} game 1: ply 1 (1.): illegal move '1. e2 - e5 Pawn-move': a pawn cannot move from e2 to e5
1 game, 0 converted, 1 with errors"
}

@test "a long run shows its progress on a terminal, and none when stderr is a file" {
    big_pgn "$BATS_TEST_TMPDIR/big.pgn" 20
    pgn-to-named-notation "$BATS_TEST_TMPDIR/big.pgn" >"$BATS_TEST_TMPDIR/big.named" 2>/dev/null || true
    # (the input stays open a while after its last game: the line appears
    # after a second, and the 20 MB take less on a fast machine)
    run script -qec "{ cat '$BATS_TEST_TMPDIR/big.named'; sleep 1.5; } | named-notation-to-pgn >/dev/null" /dev/null
    assert_progress named-notation-to-pgn
    run script -qec "named-notation-to-pgn '$BATS_TEST_TMPDIR/big.named' >/dev/null 2>'$BATS_TEST_TMPDIR/err'" /dev/null
    [[ $(cat "$BATS_TEST_TMPDIR/err") != *games/s* ]] || fail "progress written to a file"
}
