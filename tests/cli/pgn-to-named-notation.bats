#!/usr/bin/env bats
# pgn-to-named-notation: the Dagaz example byte for byte (the notation's
# independent truth), every rule and option, the diagnostics word for
# word, what real archives contain (BOM, CRLF, missing blank lines and
# results, long algebraic, zeros, escapes), --jobs against one thread, and
# the UCI/SAN moves against pgn-extract's (Debian's) on real games.
# formats/named-notation.md is the specification.

load test_helper

EXAMPLES="$BATS_TEST_DIRNAME/../../formats/examples"
SEED_PGN='1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O d5 5. exd5 Nxd5'
SEED_NAMED='1. e2 - e4 Pawn-move 1. e7 - e5 Pawn-move 2. g1 - f3 leap2 n nw 2. b8 - c6 leap2 n ne 3. f1 - c4 slide nw 3. g8 - f6 leap2 n nw 4. e1 - g1 OO 4. d7 - d5 Pawn-move 5. e4 x d5 Pawn-capture nw 5. f6 x d5 leap2 w nw'

# pgn-extract is a Debian package in /usr/games.
PGN_EXTRACT=$(command -v pgn-extract || echo /usr/games/pgn-extract)

@test "the Dagaz example converts byte for byte (--inline)" {
    run --separate-stderr pgn-to-named-notation --inline <<<"$SEED_PGN"
    assert_success
    assert_output "$SEED_NAMED *"
    assert_stderr_equal ''
}

@test "a game is its tags, a blank line, one ply per line, the result and a blank line" {
    run --separate-stderr pgn-to-named-notation "$EXAMPLES/dagaz-example.pgn"
    assert_success
    assert_output "$(cat <<'EOF'
[Event "Dagaz named-notation example"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e2 - e4 Pawn-move
1. e7 - e5 Pawn-move
2. g1 - f3 leap2 n nw
2. b8 - c6 leap2 n ne
3. f1 - c4 slide nw
3. g8 - f6 leap2 n nw
4. e1 - g1 OO
4. d7 - d5 Pawn-move
5. e4 x d5 Pawn-capture nw
5. f6 x d5 leap2 w nw
*
EOF
)"
    # the game ends with a blank line
    [[ $(pgn-to-named-notation "$EXAMPLES/dagaz-example.pgn" | tail -c 3 | od -An -c | tr -d ' ') == '*\n\n' ]]
}

@test "--names=zrf writes the Zillions names" {
    run --separate-stderr pgn-to-named-notation --inline --names=zrf \
        <<<'[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]
1. O-O O-O-O 2. Rf7 Kb8 3. Kg2 Rh2+ 4. Kxh2 *'
    assert_success
    assert_output '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]

1. e1 - g1 O-O 1. e8 - c8 O-O-O 2. f1 - f7 rook-slide n 2. c8 - b8 king-shift w 3. g1 - g2 king-shift n 3. h8 - h2 rook-slide n 4. g2 x h2 king-shift e *'
}

@test "every rule: en passant, capturing promotion, king steps, Black's mirrored directions" {
    run --separate-stderr pgn-to-named-notation <<<'[FEN "r3k3/1P6/8/3pP3/8/8/8/4K3 w q d6 0 30"]

30. exd6 Kd7 31. bxa8=N Kxd6 32. Kd2 *'
    assert_success
    assert_output '[FEN "r3k3/1P6/8/3pP3/8/8/8/4K3 w q d6 0 30"]

30. e5 x d6 En-Passant w
30. e8 - d7 step nw
31. b7 x a8 Pawn-capture nw = Knight
31. d7 x d6 step n
32. e1 - d2 step nw
*'
    assert_stderr_equal ''
}

@test "Chess960: castling records the king's squares, even when they coincide" {
    run --separate-stderr pgn-to-named-notation --inline "$EXAMPLES/chess960.pgn"
    assert_success
    assert_line --index 10 '1. f1 - g3 leap2 n ne 1. f8 - g6 leap2 n ne 2. g1 - g1 OO 2. g8 - g8 OO 3. e2 - e4 Pawn-move 3. e7 - e5 Pawn-move *'
}

@test "a null move is N. Pass" {
    run --separate-stderr pgn-to-named-notation --inline <<<'1. e4 -- 2. d4 Z0 3. c4 *'
    assert_success
    assert_output '1. e2 - e4 Pawn-move 1. Pass 2. d2 - d4 Pawn-move 2. Pass 3. c2 - c4 Pawn-move *'
}

@test "--comments, --nags and --variations keep them, nested, in the line layout" {
    run --separate-stderr pgn-to-named-notation --comments --nags --variations \
        <<<'{start} 1. e4! (1. d4 d5 (1... Nf6 2. c4 $14) 2. c4 {QG}) 1... e5 $2 *'
    assert_success
    assert_output '{start}
1. e2 - e4 Pawn-move $1
(
1. d2 - d4 Pawn-move
1. d7 - d5 Pawn-move
(
1. g8 - f6 leap2 n nw
2. c2 - c4 Pawn-move $14
)
2. c2 - c4 Pawn-move
{QG}
)
1. e7 - e5 Pawn-move $2
*'
}

@test "without the options only the main line is written" {
    run --separate-stderr pgn-to-named-notation --inline \
        <<<'{start} 1. e4! (1. d4 d5 (1... Nf6 2. c4 $14) 2. c4 {QG}) 1... e5 $2 *'
    assert_success
    assert_output '1. e2 - e4 Pawn-move 1. e7 - e5 Pawn-move *'
}

@test "--inline keeps comments, NAGs and variations on the line" {
    run --separate-stderr pgn-to-named-notation --inline --comments --nags --variations \
        <<<'1. e4 {best} (1. d4 $5) e5 *'
    assert_success
    assert_output '1. e2 - e4 Pawn-move {best} ( 1. d2 - d4 Pawn-move $5 ) 1. e7 - e5 Pawn-move *'
}

@test "an illegal move: the diagnostic, the game left out, the count, exit 1" {
    run --separate-stderr pgn-to-named-notation --inline "$EXAMPLES/with-errors.pgn"
    assert_failure 1
    assert_output '[Event "Errors sample"]
[Site "?"]
[Date "2024.01.01"]
[Round "2"]
[White "Player B"]
[Black "Player A"]
[Result "0-1"]

1. f2 - f3 Pawn-move 1. e7 - e5 Pawn-move 2. g2 - g4 Pawn-move 2. d8 - h4 slide ne 0-1'
    assert_stderr_equal "pgn-to-named-notation:$EXAMPLES/with-errors.pgn:9:13: game 1 (Player A - Player B, 1): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3
2 games, 1 converted, 1 with errors"
}

@test "--on-error=keep writes the plies before the error and a '; error:' line" {
    run --separate-stderr pgn-to-named-notation --on-error=keep <<<'[White "A"]
[Black "B"]
[Round "7"]

1. e4 e5 2. Ke3 *'
    assert_failure 1
    assert_output '[White "A"]
[Black "B"]
[Round "7"]

1. e2 - e4 Pawn-move
1. e7 - e5 Pawn-move
; error: ply 3 (2.): illegal move '"'Ke3'"': a king cannot move from e1 to e3
*'
    assert_stderr_equal "pgn-to-named-notation:<stdin>:5:13: game 1 (A - B, 7): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3
1 game, 0 converted, 1 with errors"
}

@test "--on-error=keep with --inline puts the error line after the game's line" {
    run --separate-stderr pgn-to-named-notation --on-error=keep --inline <<<'1. e4 e5 2. Ke3 *'
    assert_failure 1
    assert_output "1. e2 - e4 Pawn-move 1. e7 - e5 Pawn-move *
; error: ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3"
}

@test "--on-error=keep: a damaged game keeps nothing of the plies read before its damage was found" {
    # the game is converted as it is read; the unclosed '(' is known at
    # its end, and the game is then written as a damaged one: no plies
    run --separate-stderr pgn-to-named-notation --on-error=keep --inline <<<'1. e4 (1. d4 d5 *'
    assert_failure 1
    assert_output "*
; error: damaged text: variation '(' not closed by ')'"
    run --separate-stderr pgn-to-named-notation --on-error=keep --to=json <<<'1. e4 e5 (1... c5 *'
    assert_failure 1
    refute_output --partial '"uci"'
}

@test "--on-error=stop stops at the first game with an error" {
    run --separate-stderr pgn-to-named-notation --on-error=stop --inline <<<'1. e4 *

1. e4 e5 2. Ke3 *

1. d4 *'
    assert_failure 1
    assert_output '1. e2 - e4 Pawn-move *'
    assert_stderr_equal "pgn-to-named-notation:<stdin>:3:13: game 2: ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3
2 games, 1 converted, 1 with errors"
}

@test "a move that leaves the king in check (FIDE Art. 3.9) is refused, the plies before it kept" {
    # a pawn move that ignores a check, a pinned pawn, a pinned knight,
    # an en-passant capture that opens the king's rank; a pinned rook may
    # still move along the pin
    run --separate-stderr pgn-to-named-notation --on-error=keep --inline <<<'1. e4 d5 2. exd5 Qxd5 3. Ke2 Qe5+ 4. d4 *

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nd4 4. Nxd4 exd4 5. O-O d6 *

[FEN "k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1"]

1. Nc3 *

[FEN "8/8/8/KPp4r/8/8/8/7k w - c6 0 1"]

1. bxc6 *

[FEN "k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1"]

1. Re5 *'
    assert_failure 1
    assert_output "1. e2 - e4 Pawn-move 1. d7 - d5 Pawn-move 2. e4 x d5 Pawn-capture nw 2. d8 x d5 slide n 3. e1 - e2 step n 3. d5 - e5 slide e *
; error: ply 7 (4.): illegal move 'd4': the move leaves the king in check

1. e2 - e4 Pawn-move 1. e7 - e5 Pawn-move 2. g1 - f3 leap2 n nw 2. b8 - c6 leap2 n ne 3. f1 - b5 slide nw 3. c6 - d4 leap2 n ne 4. f3 x d4 leap2 w nw 4. e5 x d4 Pawn-capture nw 5. e1 - g1 OO *
; error: ply 10 (5...): illegal move 'd6': the move leaves the king in check

[FEN \"k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1\"]

*
; error: ply 1 (1.): illegal move 'Nc3': the move leaves the king in check

[FEN \"8/8/8/KPp4r/8/8/8/7k w - c6 0 1\"]

*
; error: ply 1 (1.): illegal move 'bxc6': the move leaves the king in check

[FEN \"k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1\"]

1. e2 - e5 slide n *"
}

@test "--to=uci refuses a move that leaves the king in check, and plays on after a legal one" {
    # (UCI is written from the position after each move, played in place)
    run --separate-stderr pgn-to-named-notation --to=uci --inline --on-error=keep <<<'1. e4 d5 2. exd5 Qxd5 3. Ke2 Qe5+ 4. d4 *

1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 *'
    assert_failure 1
    assert_output "e2e4 d7d5 e4d5 d8d5 e1e2 d5e5 *
; error: ply 7 (4.): illegal move 'd4': the move leaves the king in check

e2e4 f7f5 d1h5 g7g6 h5g6 h7g6 *"
    assert_stderr_equal "pgn-to-named-notation:<stdin>:1:38: game 1: ply 7 (4.): illegal move 'd4': the move leaves the king in check
2 games, 1 converted, 1 with errors"
}

@test "castling reasons follow FIDE Art. 3.8.2" {
    run --separate-stderr pgn-to-named-notation <<<'[FEN "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1"]

1. O-O *'
    assert_failure 1
    assert_stderr_equal "pgn-to-named-notation:<stdin>:3:4: game 1: ply 1 (1.): illegal move 'O-O': castling not allowed: king is in check
1 game, 0 converted, 1 with errors"
}

@test "unsupported variants are reported as such, and a drop outside crazyhouse is illegal" {
    run --separate-stderr pgn-to-named-notation <<<'[Variant "Shogi"]

1. e4 *

1. e4 d5 2. exd5 N@f6 *'
    assert_failure 1
    assert_output ''
    assert_stderr_equal "pgn-to-named-notation:<stdin>:1:1: game 1: unsupported variant 'Shogi'
pgn-to-named-notation:<stdin>:5:18: game 2: ply 4 (2...): illegal move 'N@f6': pieces are dropped only in crazyhouse
2 games, 0 converted, 2 with errors"
}

# The SAN of a PGN file's main lines, one game a line: comments,
# variations, move numbers, NAGs and "!?" glyphs left out.
main_line_san() {
    awk '
        function flush(   i, n, w, out) {
            if (text == "") return
            while (gsub(/\{[^}]*\}/, " ", text)) ;
            while (gsub(/\([^()]*\)/, " ", text)) ;
            n = split(text, w, /[ \t]+/)
            for (i = 1; i <= n; i++) {
                if (w[i] == "" || w[i] ~ /^[0-9]+\.+$/ || w[i] ~ /^\$[0-9]+$/) continue
                sub(/[!?]+$/, "", w[i])
                out = out (out == "" ? "" : " ") w[i]
            }
            print out
            text = ""
        }
        /^\[/ { flush(); next }
        /^[ \t]*$/ { next }
        { text = text " " $0 }
        END { flush() }' "$1"
}

@test "the crazyhouse and antichess games of the shared edge cases round-trip with lichess's tags and SAN" {
    need_shared pgn/edge-cases pgn/edge-cases/knightvuillaume-jannlee-zh-lichess.pgn
    local f
    for f in knightvuillaume-jannlee-zh-lichess saturs-jannlee-zh-lichess antichess-programfox; do
        local pgn="$SHARED/pgn/edge-cases/$f.pgn"
        run --separate-stderr pgn-to-named-notation "$pgn"
        assert_success
        printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/$f.named"
        run --separate-stderr named-notation-to-pgn "$BATS_TEST_TMPDIR/$f.named"
        assert_success
        printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/$f.pgn"
        # lichess's own tags and SAN (its '#' on Bxg2, the last white piece
        # given away; P@f3 drops; fxe8=K) come back unchanged, the tags in
        # the export's order (named-notation-to-pgn writes the export format)
        # (and a missing roster tag added as "?": lichess writes no Round)
        [[ -z $(comm -23 <(grep '^\[' "$pgn" | sort) <(grep '^\[' "$BATS_TEST_TMPDIR/$f.pgn" | sort)) ]]
        [[ $(pgn-to-named-notation --to=pgn --no-comments --no-nags --no-variations "$pgn") == "$(cat "$BATS_TEST_TMPDIR/$f.pgn")" ]]
        [[ $(main_line_san "$pgn") == "$(main_line_san "$BATS_TEST_TMPDIR/$f.pgn")" ]]
    done
    # the records of lichess's moves: 12... N@f3+, 25. fxe8=K
    grep -qx '12\. @ f3 drop Knight' "$BATS_TEST_TMPDIR/knightvuillaume-jannlee-zh-lichess.named"
    grep -qx '25\. f7 x e8 Pawn-capture nw = King' "$BATS_TEST_TMPDIR/antichess-programfox.named"
    # with comments, NAGs and variations (drops inside them) as well
    local zh="$SHARED/pgn/edge-cases/knightvuillaume-jannlee-zh-lichess.pgn"
    pgn-to-named-notation --comments --nags --variations "$zh" >"$BATS_TEST_TMPDIR/all.named"
    run --separate-stderr named-notation-to-pgn "$BATS_TEST_TMPDIR/all.named"
    assert_success
    assert_output --partial '( 12. P@g2 P@e4 13. N@g4 Bd6'
}

@test "variant moves in the named notation: drops and atomic explosions" {
    # White takes d5 and has a pawn in hand, Black takes back and has one
    # too; 4. exd5 takes the queen, which White drops on e2
    run --separate-stderr pgn-to-named-notation --inline <<<'[Variant "Crazyhouse"]

1. e4 d5 2. exd5 Qxd5 3. P@e4 @e5 4. exd5 Nf6 5. Q@e2 *'
    assert_success
    assert_output '[Variant "Crazyhouse"]

1. e2 - e4 Pawn-move 1. d7 - d5 Pawn-move 2. e4 x d5 Pawn-capture nw 2. d8 x d5 slide n 3. @ e4 drop Pawn 3. @ e5 drop Pawn 4. e4 x d5 Pawn-capture nw 4. g8 - f6 leap2 n nw 5. @ e2 drop Queen *'
    # 3. Nxf7 explodes f7 and the king on e8 beside it: lichess writes '#'
    run --separate-stderr pgn-to-named-notation --inline <<<'[Variant "Atomic"]

1. Nf3 a6 2. Ng5 a5 3. Nxf7# 1-0'
    assert_success
    assert_output --partial '3. g5 x f7 leap2 n nw explode 1-0'
    printf '%s\n' "$output" | named-notation-to-pgn >"$BATS_TEST_TMPDIR/rt.pgn"
    grep -q '3\. Nxf7# 1-0' "$BATS_TEST_TMPDIR/rt.pgn"
    # a record must be exactly the generator's: the explosion word belongs
    # to atomic captures only
    run --separate-stderr named-notation-to-pgn <<<'[Variant "Atomic"]

1. g1 - f3 leap2 n nw 1. a7 - a6 Pawn-move 2. f3 - g5 leap2 n ne 2. a6 - a5 Pawn-move 3. g5 x f7 leap2 n nw *'
    assert_failure 1
    assert_stderr_equal "named-notation-to-pgn:<stdin>:3:87: game 1: ply 5 (3.): bad record '3. g5 x f7 leap2 n nw': the move generator writes '3. g5 x f7 leap2 n nw explode'
1 game, 0 converted, 1 with errors"
}

@test "the Variant tag names the rules, in lichess's words and the aliases; --variant for games without one" {
    local v
    for v in 'Crazyhouse' 'crazyhouse' 'zh' 'CRAZY HOUSE'; do
        run --separate-stderr pgn-to-named-notation --to=uci --inline <<<"[Variant \"$v\"]

1. e4 d5 2. exd5 Qxd5 3. P@e4 *"
        assert_success
        assert_output --partial 'e2e4 d7d5 e4d5 d8d5 P@e4 *'
    done
    for v in 'King of the Hill' 'kingofthehill' 'Three-check' '3check' 'Racing Kings' 'Horde' \
        'Atomic' 'Antichess' 'Standard' 'From Position' 'Chess960'; do
        run --separate-stderr pgn-to-named-notation --to=fen <<<"[Variant \"$v\"]

*"
        assert_success
    done
    # no tag: standard chess, unless --variant says otherwise; a tag wins
    run --separate-stderr pgn-to-named-notation <<<'1. e4 d5 2. exd5 Qxd5 3. P@e4 *'
    assert_failure 1
    run --separate-stderr pgn-to-named-notation --variant=crazyhouse --to=fen <<<'1. e4 d5 2. exd5 *'
    assert_success
    # lichess's FEN (chessops's makeFen gives the same): the pawn in hand
    assert_output --partial 'rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 2'
    run --separate-stderr pgn-to-named-notation --variant=crazyhouse <<<'[Variant "Standard"]

1. e4 d5 2. exd5 Qxd5 3. P@e4 *'
    assert_failure 1
    # the three-check counters as fen-check writes them: White has 2 left
    run --separate-stderr pgn-to-named-notation --to=fen <<<'[Variant "Three-check"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7+ *'
    assert_output --partial 'r1bqkbnr/pppp1Bpp/2n5/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 0 3'
}

@test "--to=json and --to=san for a variant game" {
    run --separate-stderr pgn-to-named-notation --to=json <<<'[Variant "Crazyhouse"]

1. e4 d5 2. exd5 Qxd5 3. P@e4 *'
    assert_success
    assert_output --partial '"uci":"P@e4","san":"P@e4","named":"@ e4 drop Pawn","fen":"rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3"'
    # the SAN check mark by the variant's rules: the third check wins ('#')
    run --separate-stderr pgn-to-named-notation --to=san --inline <<<'[Variant "Three-check"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7 Ke7 4. Bd5 Nf6 5. Qh5 Nb4 6. Qf7 Kd6 7. Qxd7 *'
    assert_success
    # (chessops's makeFen after these moves gives White 0 checks left)
    assert_output --partial '3. Bxf7+ Ke7 4. Bd5 Nf6 5. Qh5 Nb4 6. Qf7+ Kd6 7. Qxd7# *'
}

@test "a FEN tag no game can reach is replayed, unless --strict" {
    # Half-move clock 5 beside the en-passant square e3: unreachable, but the
    # moves are defined, as python-chess and pgn-extract replay them.
    local game='[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1"]

1... e5 2. Nf3 *'
    run --separate-stderr pgn-to-named-notation --inline <<<"$game"
    assert_success
    assert_output '[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1"]

1. e7 - e5 Pawn-move 2. g1 - f3 leap2 n nw *'
    assert_stderr_equal ''
    run --separate-stderr pgn-to-named-notation --strict <<<"$game"
    assert_failure 1
    assert_output ''
    assert_stderr_equal "pgn-to-named-notation:<stdin>:1:1: game 1: FEN tag: illegal position 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1': half-move clock 5 but the en-passant square shows a pawn move (expected 0)
1 game, 0 converted, 1 with errors"
}

@test "--stats reports the counts even when all went well" {
    run --separate-stderr pgn-to-named-notation --stats --inline <<<"$SEED_PGN *"
    assert_success
    assert_stderr_equal '1 game, 1 converted, 0 with errors'
}

@test "what real archives contain is accepted without losing a move" {
    # BOM, CRLF, % escape, escaped quotes, no blank line between games,
    # a missing result, movetext without tags, long algebraic and UCI,
    # zeros castling, check marks missing or superfluous, Nge2-style SAN,
    # ; comments, annotation suffixes.
    printf '\xef\xbb\xbf[Event "a \\"quoted\\" name"]\r\n[Result "1-0"]\r\n\r\n1. e2e4 e7-e5 2. Ng1-f3+ Nb8c6 3. Bc4 Bc5 4. 0-0 Ng8e7 5. c3 d6 6. d4 exd4 7. cxd4 Bb6 8. Nbd2 0-0# 1-0\r\n%% escape line\r\n[Event "b"]\r\n\r\n1. d4 ; a comment\r\nd5 2. c4!? *\r\n1. Nf3 Nf6\r\n[Event "c"]\r\n\r\n1. g3 *\r\n' >"$BATS_TEST_TMPDIR/quirks.pgn"
    run --separate-stderr pgn-to-named-notation --inline "$BATS_TEST_TMPDIR/quirks.pgn"
    assert_success
    assert_output '[Event "a \"quoted\" name"]
[Result "1-0"]

1. e2 - e4 Pawn-move 1. e7 - e5 Pawn-move 2. g1 - f3 leap2 n nw 2. b8 - c6 leap2 n ne 3. f1 - c4 slide nw 3. f8 - c5 slide nw 4. e1 - g1 OO 4. g8 - e7 leap2 w nw 5. c2 - c3 Pawn-move 5. d7 - d6 Pawn-move 6. d2 - d4 Pawn-move 6. e5 x d4 Pawn-capture nw 7. c3 x d4 Pawn-capture ne 7. c5 - b6 slide sw 8. b1 - d2 leap2 e ne 8. e8 - g8 OO 1-0

[Event "b"]

1. d2 - d4 Pawn-move 1. d7 - d5 Pawn-move 2. c2 - c4 Pawn-move *

1. g1 - f3 leap2 n nw 1. g8 - f6 leap2 n nw *

[Event "c"]

1. g2 - g3 Pawn-move *'
    assert_stderr_equal ''
}

@test "tag values are written back with quotes and backslashes escaped (PGN standard 8.1.1), a value recovered from stray quotes too" {
    # The fast path writes a value read without escapes with one copy; a
    # value that held escapes, and one the loose tag pattern recovered with
    # its quotes unescaped, go through the escaping loop.
    printf '[Event "A \\"quoted\\" event"]\n[Site "back\\\\slash"]\n[White "Broken "quote" here"]\n[Black "plain"]\n\n1. e4 e5 2. Nf3 1-0\n' >"$BATS_TEST_TMPDIR/escapes.pgn"
    for to in uci named; do
        run --separate-stderr pgn-to-named-notation --to=$to --inline "$BATS_TEST_TMPDIR/escapes.pgn"
        assert_success
        assert_stderr_equal ''
        assert_line --index 0 '[Event "A \"quoted\" event"]'
        assert_line --index 1 '[Site "back\\slash"]'
        assert_line --index 2 '[White "Broken \"quote\" here"]'
        assert_line --index 3 '[Black "plain"]'
    done
    assert_line --index 4 '1. e2 - e4 Pawn-move 1. e7 - e5 Pawn-move 2. g1 - f3 leap2 n nw 1-0'
}

@test "--to=uci, --to=san, --to=lan and --to=fen write the same game" {
    local game='1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 b5 5. Bb3 Nd4 6. a4 Nxf3+ 7. gxf3 bxa4 8. O-O *'
    run --separate-stderr pgn-to-named-notation --to=uci --inline <<<"$game"
    assert_success
    assert_output 'e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 b7b5 a4b3 c6d4 a2a4 d4f3 g2f3 b5a4 e1g1 *'
    run --separate-stderr pgn-to-named-notation --to=san --inline <<<'1. e2e4 e7e5 2. Ng1f3 Nc6 3. Bb5 a6 4. Ba4 b5 5. Bb3 Nd4 6. a4 Nxf3 7. gxf3 bxa4 8. 0-0 *'
    assert_success
    assert_output "$game"
    run --separate-stderr pgn-to-named-notation --to=san <<<'1. e4 e5 *'
    assert_output '1. e4
1... e5
*'
    run --separate-stderr pgn-to-named-notation --to=lan --inline <<<"$game"
    assert_output '1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 a7-a6 4. Bb5-a4 b7-b5 5. Ba4-b3 Nc6-d4 6. a2-a4 Nd4xf3+ 7. g2xf3 b5xa4 8. O-O *'
    run --separate-stderr pgn-to-named-notation --to=fen <<<'1. e4 c5 2. Nf3 *'
    assert_output 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
*'
}

@test "--to=uci and --to=san agree with pgn-extract on real games" {
    need_shared pgn/events/20240527-20240607-12th-norway-chess.pgn
    [[ -x $PGN_EXTRACT ]] || skip "pgn-extract is not installed"
    local f="$SHARED/pgn/events/20240527-20240607-12th-norway-chess.pgn"
    # pgn-extract writes UCI promotions in capitals and null moves as "--".
    diff <(pgn-to-named-notation --to=uci --inline "$f" | grep -v -e '^\[' -e '^$') \
        <("$PGN_EXTRACT" -s -Wuci -C -N -V -w 100000 --nomovenumbers "$f" | grep -v -e '^\[' -e '^$' |
            sed 's/\([a-h][18]\)\([QRBN]\)/\1\L\2/g')
    diff <(pgn-to-named-notation --to=san --inline "$f" | grep -v -e '^\[' -e '^$' | sed 's/[0-9]*\.\.* //g') \
        <("$PGN_EXTRACT" -s -Wsan -C -N -V -w 100000 --nomovenumbers "$f" | grep -v -e '^\[' -e '^$')
}

@test "--to=uci and the named notation, played as the reader reads, write what the full replay writes" {
    need_shared pgn/events
    command -v jq >/dev/null || skip "jq is not installed"
    # UCI and named output without comments, NAGs or variations play the
    # main line while it is read (convert.c's fast path) and leave to the
    # full replay every game with what that path does not take: a null
    # move, a FEN tag, a Variant tag of other rules than standard chess, an
    # illegal move, a stray token, a reader diagnostic.  --to=json always replays in full: its plies, its
    # diagnostics and its exit status are the reference.
    local f="$BATS_TEST_DIRNAME/fixtures/pgn-to-named-notation/main-line-cases.pgn" t=$BATS_TEST_TMPDIR
    cat "$f" "$SHARED"/pgn/events/*.pgn >"$t/all.pgn"
    run --separate-stderr pgn-to-named-notation --to=json "$t/all.pgn"
    local json_status=$status json_err=$stderr
    jq -r '([.plies[].uci] + [.result]) | join(" ")' <<<"$output" >"$t/json.uci"
    jq -r '(.plies[] | "\(.move). \(.named)"), .result' <<<"$output" >"$t/json.named"
    [ "$json_status" = 1 ]
    [ "$(grep -c '' "$t/json.uci")" = 812 ]
    for o in "--to=uci --inline" ""; do
        run --separate-stderr pgn-to-named-notation $o "$t/all.pgn"
        [ "$status" = "$json_status" ]
        [ "$stderr" = "$json_err" ]
        grep -v -e '^\[' -e '^$' <<<"$output" >"$t/ours"
        if [[ -n $o ]]; then cmp "$t/ours" "$t/json.uci"; else cmp "$t/ours" "$t/json.named"; fi
    done
    # and the cases one by one, the way a reader sees them
    run --separate-stderr pgn-to-named-notation --to=uci --inline "$f"
    assert_failure 1
    assert_equal "$(grep -v -e '^\[' -e '^$' <<<"$output")" "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 1-0
d2d4 0000 c2c4 e7e6 *
a7a8q e8d7 a8b7 *
f2f3 e7e5 g2g4 d8h4 0-1
e2e4 e7e5 *
e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@d4 *
e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 c8e6 g7h8n d8d6 d2d3 e8c8 1/2-1/2
e2e4 e7e5 g1f3 1-0
g2g3 b8h8 b1h1 *
e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7 1-0
e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1h1 *"
    assert_equal "$stderr" "pgn-to-named-notation:$f:42:13: game 7 (an illegal move): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3
pgn-to-named-notation:$f:65:17: game 11 (a stray token): ply 4 (2...): unexpected text '@@x' in the movetext
13 games, 11 converted, 2 with errors"
}

@test "--jobs gives the same output, game numbers and line numbers as one thread" {
    need_shared pgn/repertoires
    local f="$SHARED/pgn/repertoires"
    run --separate-stderr pgn-to-named-notation --variations --comments --nags "$f"/*.pgn
    local out1=$output err1=$stderr status1=$status
    run --separate-stderr pgn-to-named-notation --jobs 3 --variations --comments --nags "$f"/*.pgn
    [[ $status == "$status1" ]]
    [[ $output == "$out1" ]]
    [[ $stderr == "$err1" ]]
    # many chunks of one stream: a 3 MB engine archive through stdin
    local big="$SHARED/pgn/engines/TCEC_Season_13_-_Superfinal.pgn"
    cmp <(pgn-to-named-notation <"$big") <(pgn-to-named-notation -j 2 <"$big")
}

# jobs_agree FILE ARGS...: pgn-to-named-notation ARGS on FILE with one
# thread and with --jobs 2: the same output, diagnostics and exit status.
# The one thread's are left in $BATS_TEST_TMPDIR/jobs.out, jobs.err and
# $jobs_status.
jobs_agree() {
    local f=$1 o="$BATS_TEST_TMPDIR/jobs" s2
    shift
    pgn-to-named-notation "$@" "$f" >"$o.out" 2>"$o.err" && jobs_status=0 || jobs_status=$?
    pgn-to-named-notation "$@" --jobs 2 "$f" >"$o.out2" 2>"$o.err2" && s2=0 || s2=$?
    [[ $s2 == "$jobs_status" ]]
    cmp "$o.out" "$o.out2"
    cmp "$o.err" "$o.err2"
}

@test "--jobs N binds each thread to a CPU of its own when it takes every CPU it may use" {
    run thread_cpus 0,1 pgn-to-named-notation --jobs 2
    assert_success
    assert_output $'0\n1'
    # --jobs 0: one thread per CPU it may use
    run thread_cpus 0,1 pgn-to-named-notation --jobs 0
    assert_success
    assert_output $'0\n1'
    run thread_cpus 0 pgn-to-named-notation --jobs 0
    assert_success
    assert_output 0
    # more threads than CPUs: all free
    run thread_cpus 0,1 pgn-to-named-notation --jobs 3
    assert_success
    assert_output $'0-1\n0-1\n0-1'
}

@test "--jobs 2 --on-error=stop stops at the game one thread stops at, many chunks in" {
    need_shared pgn/engines/TCEC_Season_13_-_Superfinal.pgn
    # A bad game after the 60th of a 3.8 MB archive (about 2.3 MB in): the
    # chunks after it, queued or worked on by either thread, are dropped.
    local big="$SHARED/pgn/engines/TCEC_Season_13_-_Superfinal.pgn" f="$BATS_TEST_TMPDIR/stop.pgn"
    awk '/^\[Event / && ++n == 61 { print "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n" } { print }' "$big" >"$f"
    jobs_agree "$f" --on-error=stop --to=uci
    [[ $jobs_status == 1 ]]
    [[ $(<"$BATS_TEST_TMPDIR/jobs.err") == *": game 61 (bad): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3
61 games, 60 converted, 1 with errors" ]]
}

# A game whose comment holds, 84 KB in (past the first chunk's 64 KiB), a
# line that ends with a result and then a tag line: where --jobs guesses a
# cut.  $1: "brace" (the comment goes on: one game), "long" (the same every
# 24 KB over 840 KB: the chunks in flight after the first all end inside
# the comment) or "variation" (the comment is in a variation, which the
# tag line ends, and a game starts there).  $2: "big" puts the 3.8 MB
# archive after it (the file goes on past the chunks in flight), "small"
# two games.
trap_file() {
    local f="$BATS_TEST_TMPDIR/trap-$1-$2.pgn"
    {
        printf '[Event "trap"]\n[White "w"]\n[Black "b"]\n[Result "1-0"]\n\n'
        if [[ $1 == variation ]]; then printf '1. e4 (1. d4 {\n'; else printf '1. e4 {\n'; fi
        # (awk, not a shell loop: bats traces every command of a loop)
        awk -v long="$([[ $1 == long ]] && echo 1)" 'BEGIN {
            for (i = 0; i < 7000; i++) print "filler text"
            for (i = 0; long && i < 70000; i++) {
                print "filler text"
                if (i % 2000 == 0) print "1-0\n[Event \"fake\"]"
            }
        }'
        if [[ $1 != variation ]]; then
            printf '1-0\n[Event "inside"]\n1. d4 } e5 2. Nf3 1-0\n\n'
        else
            printf '} 1-0\n[Event "inside"]\n\n1. d4 e5 2. Nf3 1-0\n\n'
        fi
        if [[ $2 == big ]]; then
            cat "$SHARED/pgn/engines/TCEC_Season_13_-_Superfinal.pgn"
        else
            printf '[Event "after"]\n\n1. c4 c5 0-1\n\n[Event "last"]\n\n1. Nf3 *\n'
        fi
    } >"$f"
    echo "$f"
}

@test "--jobs 2 reads a guessed cut again where a comment or a variation goes on past it" {
    local trap size f o="$BATS_TEST_TMPDIR/jobs" s3
    for trap in brace long variation; do
        for size in small big; do
            f=$(trap_file "$trap" "$size")
            jobs_agree "$f" --to=uci
            if [[ $trap != variation ]]; then
                # one game: its moves go on after the comment
                [[ $(sed -n '1,/^1-0$/p' "$o.out") == '[Event "trap"]
[White "w"]
[Black "b"]
[Result "1-0"]

e2e4
e7e5
g1f3
1-0' ]]
            else
                [[ $(sed -n '/^\[Event "inside"\]$/,/^1-0$/p' "$o.out") == '[Event "inside"]'$'\n\nd2d4\ne7e5\ng1f3\n1-0' ]]
            fi
            # and through a pipe, where the chunks are read as they come
            pgn-to-named-notation --to=uci --jobs 2 <"$f" >"$o.out3" 2>"$o.err3" && s3=0 || s3=$?
            [[ $s3 == "$jobs_status" ]]
            cmp "$o.out" "$o.out3"
            cmp "$o.err" <(sed "s|<stdin>|$f|" "$o.err3")
        done
    done
}

@test "--jobs 2 matches one thread on binary garbage between archives and on a 10 MB line" {
    need_shared pgn/engines/TCEC_Season_12_-_Superfinal.pgn pgn/engines/TCEC_Season_13_-_Superfinal.pgn
    local f="$BATS_TEST_TMPDIR/mixed.pgn" g="$BATS_TEST_TMPDIR/long.pgn" x
    {
        cat "$SHARED/pgn/engines/TCEC_Season_13_-_Superfinal.pgn"
        # 100,000 bytes of every value, from a fixed seed
        awk 'BEGIN { srand(7); for (i = 0; i < 100000; i++) printf "%c", int(rand() * 255) + 1 }'
        cat "$SHARED/pgn/engines/TCEC_Season_12_-_Superfinal.pgn"
    } >"$f"
    { head -c 10000000 /dev/zero | tr '\0' a; printf '\n[Event "x"]\n\n1. e4 1-0\n'; } >"$g"
    for x in "$f" "$g"; do
        jobs_agree "$x" --to=uci
        [[ $jobs_status == 1 ]]
        [[ -s $BATS_TEST_TMPDIR/jobs.err ]]
    done
}

@test "the documented GNU parallel recipe gives the same output" {
    need_shared pgn/engines/TCEC_Season_13_-_Superfinal.pgn
    command -v parallel >/dev/null || skip "GNU parallel is not installed"
    local big="$SHARED/pgn/engines/TCEC_Season_13_-_Superfinal.pgn"
    cmp <(pgn-to-named-notation "$big") \
        <(parallel --pipe --recstart '[Event ' --keep-order --block 1M pgn-to-named-notation <"$big")
}

@test "several files, '-' for standard input, a missing file exits 66" {
    run --separate-stderr pgn-to-named-notation --inline "$EXAMPLES/dagaz-example.pgn" - /nonexistent.pgn <<<'1. d4 *'
    assert_failure 66
    assert_line --index 7 "$SEED_NAMED *"
    assert_line --index 8 '1. d2 - d4 Pawn-move *'
    assert_stderr_equal 'pgn-to-named-notation: cannot open /nonexistent.pgn: No such file or directory
2 games, 2 converted, 0 with errors'
}

@test "a write error exits 74" {
    run --separate-stderr bash -c 'pgn-to-named-notation "$1" >/dev/full' _ "$EXAMPLES/annotated.pgn"
    assert_failure 74
    [[ $stderr == *'write error: No space left on device'* ]]
}

@test "usage errors exit 64; --help documents the exit statuses" {
    run --separate-stderr pgn-to-named-notation --to=xml
    assert_failure 64
    [[ $stderr == *"invalid --to value 'xml' (expected named, uci, san, lan, fen, json, pgn, tsv or csv)"* ]]
    run --separate-stderr pgn-to-named-notation --on-error=maybe
    assert_failure 64
    [[ $stderr == *"invalid --on-error value 'maybe' (expected skip, keep or stop)"* ]]
    run --separate-stderr pgn-to-named-notation --names=klingon
    assert_failure 64
    run --separate-stderr pgn-to-named-notation --jobs=-1
    assert_failure 64
    run --separate-stderr pgn-to-named-notation --to=fen --inline
    assert_failure 64
    run --separate-stderr pgn-to-named-notation --help
    assert_success
    assert_exit_status_table
    assert_output --partial '--on-error=ACTION'
}

@test "out of memory exits 71, with one thread and with --jobs" {
    # A game whose comment is 100 MB, read with 80 MB of address space.
    { printf '[Event "x"]\n\n1. e4 {'; head -c 100000000 /dev/zero | tr '\0' a; printf '} e5 *\n'; } \
        >"$BATS_TEST_TMPDIR/big.pgn"
    with_memory_limit 80000 pgn-to-named-notation --max-line 1000M "$BATS_TEST_TMPDIR/big.pgn"
    assert_failure 71
    assert_output ''
    assert_stderr_equal "pgn-to-named-notation: $BATS_TEST_TMPDIR/big.pgn: out of memory
0 games, 0 converted, 0 with errors"
    # --jobs: a game past 4 MiB is read as one thread reads it; which
    # allocation fails first (the reader's, or the next chunk's while the
    # game is read) depends on the threads' timing, so the message is one
    # of two, the status the same
    with_memory_limit 80000 pgn-to-named-notation --max-line 1000M --jobs 2 "$BATS_TEST_TMPDIR/big.pgn"
    assert_failure 71
    assert_output ''
    [[ $stderr == *"pgn-to-named-notation: $BATS_TEST_TMPDIR/big.pgn: out of memory"* ||
        $stderr == *"pgn-to-named-notation: cannot read $BATS_TEST_TMPDIR/big.pgn: Cannot allocate memory"* ]] ||
        fail "no out-of-memory message for big.pgn in: $stderr"
}

@test "-q prints no diagnostics; the exit status still tells" {
    run --separate-stderr pgn-to-named-notation -q "$EXAMPLES/with-errors.pgn"
    assert_failure 1
    assert_stderr_equal ''
}

@test "a long run shows its progress on a terminal: games, games per second, MB of the file" {
    # The line appears after a second: 120 MB (big_pgn's 60 MB twice)
    # keep even an idle machine busy longer than that (2 s for --to=fen on
    # one thread, 3 s for --to=json on two, on this project's machine).
    big_pgn "$BATS_TEST_TMPDIR/half.pgn" 60
    cat "$BATS_TEST_TMPDIR/half.pgn" "$BATS_TEST_TMPDIR/half.pgn" >"$BATS_TEST_TMPDIR/big.pgn"
    printf '\n\n[Event "bad"]\n\n1. e4 Ke7 *\n' >>"$BATS_TEST_TMPDIR/big.pgn"
    run script -qec "pgn-to-named-notation --to=fen '$BATS_TEST_TMPDIR/big.pgn' >/dev/null" /dev/null
    assert_progress pgn-to-named-notation
    assert_output --regexp ' of 120\.0 MB'
    # a diagnostic takes the line's place instead of being glued to it
    assert_output --partial "illegal move 'Ke7'"
    [[ $output != *$'MB\e[K'pgn-to-named-notation:* ]] || fail "a diagnostic follows the progress line"
    run script -qec "pgn-to-named-notation --to=json --jobs 2 <'$BATS_TEST_TMPDIR/big.pgn' >/dev/null" /dev/null
    assert_progress pgn-to-named-notation
    assert_output --regexp ' of 120\.0 MB'
}

@test "no progress when standard error is not a terminal, even with the output on one, nor with -q" {
    big_pgn "$BATS_TEST_TMPDIR/big.pgn" 30
    run script -qec "pgn-to-named-notation --to=fen '$BATS_TEST_TMPDIR/big.pgn' >/dev/null 2>'$BATS_TEST_TMPDIR/err'" /dev/null
    [[ $(cat "$BATS_TEST_TMPDIR/err") != *games/s* ]] || fail "progress written to a file"
    [[ $output != *games/s* ]]
    run script -qec "pgn-to-named-notation -q --to=fen '$BATS_TEST_TMPDIR/big.pgn' >/dev/null" /dev/null
    [[ $output != *games/s* ]]
}

@test "--color paints diagnostics as gcc does: the place bold" {
    run --separate-stderr pgn-to-named-notation --color=always <<<'1. e5 *'
    assert_failure 1
    assert_stderr_equal "${BOLD}pgn-to-named-notation:<stdin>:1:4:${RESET} game 1: ply 1 (1.): illegal move 'e5': no pawn can move to e5
1 game, 0 converted, 1 with errors"
}

# --- --to=json -------------------------------------------------------------------

@test "--to=json: one object per game, each ply in every notation with the FEN after it" {
    run --separate-stderr pgn-to-named-notation --to=json <<<'[Event "t"]
[White "A"]

1. e4 e5 2. Nf3 1-0'
    assert_success
    assert_stderr_equal ''
    # The moves and positions of 1. e4 e5 2. Nf3, worked out by hand.
    assert_output '{"line":1,"offset":0,"tags":{"Event":"t","White":"A"},"plies":[{"ply":1,"move":1,"side":"w","uci":"e2e4","san":"e4","named":"e2 - e4 Pawn-move","fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},{"ply":2,"move":1,"side":"b","uci":"e7e5","san":"e5","named":"e7 - e5 Pawn-move","fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"},{"ply":3,"move":2,"side":"w","uci":"g1f3","san":"Nf3","named":"g1 - f3 leap2 n nw","fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"}],"result":"1-0"}'
}

@test "--to=json keeps comments, NAGs and nested variations when asked, for jq" {
    local game='[Event "t"]

{intro} 1. e4 $1 {good} (1. d4 {also} d5 (1... Nf6)) 1... e5 *'
    run --separate-stderr pgn-to-named-notation --to=json <<<"$game"
    assert_success
    run jq -c '[.plies[] | [.san, .comments, .nags, .variations]]' <<<"$output"
    assert_output '[["e4",null,null,null],["e5",null,null,null]]'
    run --separate-stderr pgn-to-named-notation --to=json --comments --nags --variations <<<"$game"
    assert_success
    run jq -c '.plies[0] | [.comments_before, .san, .nags, .comments, [.variations[][] | [.san, .comments, [.variations[]?[].san]]]]' <<<"$output"
    assert_output '[["intro"],"e4",[1],["good"],[["d4",["also"],[]],["d5",null,["Nf6"]]]]'
}

@test "--to=json: a kept error, and strings escaped as valid JSON whatever the bytes" {
    run --separate-stderr pgn-to-named-notation --to=json --on-error=keep <<<$'[Event "a\\"b \xc3\xa9\xff"]\n\n1. e4 Ke3 *'
    assert_failure 1
    assert_output '{"line":1,"offset":0,"tags":{"Event":"a\"b é\ufffd"},"plies":[{"ply":1,"move":1,"side":"w","uci":"e2e4","san":"e4","named":"e2 - e4 Pawn-move","fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}],"result":"*","error":{"line":3,"column":7,"message":"ply 2 (1...): illegal move '"'"'Ke3'"'"': a king cannot move from e8 to e3"}}'
    run --separate-stderr pgn-to-named-notation --to=json --inline <<<'1. e4 *'
    assert_failure 64
}

@test "--to=json agrees with pgn-extract's UCI moves and FENs on the events archive" {
    need_shared pgn/events
    [[ -x $PGN_EXTRACT ]] || skip "pgn-extract is not installed"
    command -v jq >/dev/null || skip "jq is not installed"
    cat "$SHARED"/pgn/events/*.pgn >"$BATS_TEST_TMPDIR/ev.pgn"
    # UCI: pgn-extract writes promotions in capitals.
    pgn-to-named-notation --to=json "$BATS_TEST_TMPDIR/ev.pgn" | jq -c '[.plies[].uci]' >"$BATS_TEST_TMPDIR/ours"
    "$PGN_EXTRACT" -s --json -Wuci "$BATS_TEST_TMPDIR/ev.pgn" | jq -c '.[] | [.Moves[].move | ascii_downcase]' \
        >"$BATS_TEST_TMPDIR/theirs"
    [ "$(grep -c '' "$BATS_TEST_TMPDIR/ours")" = 801 ]
    cmp "$BATS_TEST_TMPDIR/ours" "$BATS_TEST_TMPDIR/theirs"
    # FENs of the standard games (Chess960 castling is Shredder-FEN here,
    # X-FEN there), without the en-passant field, which pgn-extract writes
    # after every double step and we only when a capture is legal.
    ls "$SHARED"/pgn/events/*.pgn | grep -v freestyle | xargs cat >"$BATS_TEST_TMPDIR/std.pgn"
    pgn-to-named-notation --to=json "$BATS_TEST_TMPDIR/std.pgn" |
        jq -r '[.plies[].fen | split(" ") | .[3] = "" | join(" ")] | join("|")' >"$BATS_TEST_TMPDIR/ours"
    "$PGN_EXTRACT" -s -C -N -V --fencomments -w 100000 --notags "$BATS_TEST_TMPDIR/std.pgn" | awk 'NF' |
        while IFS= read -r l; do
            grep -o '{ [^}]* }' <<<"$l" | sed 's/^{ //; s/ }$//' | awk '{ $4 = ""; print }' | paste -sd'|'
        done >"$BATS_TEST_TMPDIR/theirs"
    [ "$(grep -c '' "$BATS_TEST_TMPDIR/ours")" = 737 ]
    cmp "$BATS_TEST_TMPDIR/ours" "$BATS_TEST_TMPDIR/theirs"
}

@test "--to=json --jobs 2 writes the same bytes as one thread" {
    need_shared pgn/online
    cat "$SHARED"/pgn/online/*.pgn >"$BATS_TEST_TMPDIR/on.pgn"
    pgn-to-named-notation --to=json --comments --nags --variations "$BATS_TEST_TMPDIR/on.pgn" >"$BATS_TEST_TMPDIR/one" 2>/dev/null || true
    pgn-to-named-notation --to=json --comments --nags --variations --jobs 2 "$BATS_TEST_TMPDIR/on.pgn" >"$BATS_TEST_TMPDIR/two" 2>/dev/null || true
    [ -s "$BATS_TEST_TMPDIR/one" ]
    cmp "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/two"
    run jq -e -s 'length > 3000' "$BATS_TEST_TMPDIR/one"
    assert_success
}
