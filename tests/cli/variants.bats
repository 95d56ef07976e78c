#!/usr/bin/env bats
# The variants (--variant) through the tools: every variant diagnostic of
# fen-check with its exact message (the column worked out from the text in
# the comment), the variants' records that are valid where chess would
# refuse them, and legal-moves and perft on positions whose answers come
# from the published suites or from hand reasoning written beside them.
# formats/fen.md is the specification of the diagnostics.

load test_helper

# invalid VARIANT RECORD DIAGNOSTIC...: RECORD alone on stdin is refused
# under VARIANT with exactly these diagnostics (LINE:COL: message [code]).
invalid() {
    local variant=$1 record=$2
    shift 2
    run --separate-stderr fen-check --variant="$variant" <<<"$record"
    assert_failure 1
    assert_output ''
    local want="" d
    for d in "$@"; do want+="fen-check:<stdin>:1:$d"$'\n'; done
    assert_stderr_equal "${want%$'\n'}"
}

# valid VARIANT RECORD: RECORD passes fen-check unchanged under VARIANT.
valid() {
    run --separate-stderr fen-check --variant="$1" <<<"$2"
    assert_success
    assert_output "$2"
    assert_stderr_equal ''
}

# --- crazyhouse -------------------------------------------------------------
# "4k3/8/8/8/8/8/8/4K3" is 19 bytes: '[' is column 20.

@test "crazyhouse: a pocket letter that is no piece" {
    invalid crazyhouse '4k3/8/8/8/8/8/8/4K3[Qx] w - - 0 1' \
        "22: 'x' is not a pocket letter (PNBRQ, pnbrq) [bad-pocket]"
}

@test "crazyhouse: no king in a pocket" {
    invalid crazyhouse '4k3/8/8/8/8/8/8/4K3[K] w - - 0 1' "21: a king is never in a pocket ('K') [bad-pocket]"
}

@test "crazyhouse: pockets not closed" {
    invalid crazyhouse '4k3/8/8/8/8/8/8/4K3[Q w - - 0 1' "20: pockets opened by '[' are not closed by ']' [bad-pocket]"
}

@test "crazyhouse: '~' marks only a piece that can be promoted" {
    # column 6: the '~' after the pawn on a7 ("4k3/" is 5 bytes)
    invalid crazyhouse '4k3/P~7/8/8/8/8/8/4K3[] w - - 0 1' \
        "6: '~' after a pawn: only a knight, bishop, rook or queen can be promoted [bad-promoted]"
    invalid crazyhouse '4k3/~8/8/8/8/8/8/4K3[] w - - 0 1' "5: '~' must follow a piece letter [bad-promoted]"
}

@test "crazyhouse: at most 64 men on the board and in the pockets" {
    # 32 on the board and 33 queens in hand; the pockets begin at column 44
    invalid crazyhouse "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[$(printf 'Q%.0s' {1..33})] w KQkq - 0 1" \
        "44: 65 men on the board and in the pockets, at most 64 [too-many-men]"
}

@test "crazyhouse: more men and pawns than the game started with" {
    # the 32 men of the start and one pawn more in hand
    invalid crazyhouse 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1' \
        "44: 33 men on the board and in the pockets, at most 32 [too-many-pieces]" \
        "1: 17 pawns on the board, in the pockets and promoted, at most 16 [too-many-pawns]"
}

@test "crazyhouse: five knights, none promoted" {
    invalid crazyhouse '4k3/8/8/8/8/8/8/4K3[NNNNN] w - - 0 1' \
        "1: 5 knights on the board and in the pockets (promoted ones aside), at most 4 [impossible-material]"
}

@test "crazyhouse: pockets and promoted pieces outside crazyhouse" {
    invalid chess '4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1' \
        "20: pockets '[Qn]' are only read in crazyhouse (--variant=crazyhouse) [variant-field]"
    # "4k3/8/8/8/8/8/8/" is 16 bytes: 4 K Q ~ at 17 to 20
    invalid chess '4k3/8/8/8/8/8/8/4KQ~2 w - - 0 1' \
        "20: '~' (a promoted piece) is only read in crazyhouse (--variant=crazyhouse) [variant-field]"
}

@test "crazyhouse: both pocket forms are valid, and --normalize writes [...] with '~'" {
    valid crazyhouse '2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1'
    valid crazyhouse '2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1'
    run --separate-stderr fen-check --variant=crazyhouse --normalize <<<'2k5/8/8/8/8/8/8/4KQ~2/nQ w - - 0 1'
    assert_success
    assert_output '2k5/8/8/8/8/8/8/4KQ~2[Qn] w - - 0 1'
}

# --- three-check ------------------------------------------------------------
# The en-passant field ends at column 25: a counter after it starts at 27.

@test "3check: counters outside three-check" {
    invalid chess '4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1' \
        "27: check counters '3+3' are only read in three-check (--variant=3check) [variant-field]"
}

@test "3check: counters from 0 to 3, and the two forms agreeing" {
    invalid 3check '4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1' "27: remaining checks '4+3' must each be 0 to 3 [bad-checks]"
    # "- 0 1 " puts lichess's checks given at column 31
    invalid 3check '4k3/8/8/8/8/8/8/4K3 w - - 0 1 +4+0' "31: checks given '+4+0' must each be 0 to 3 [bad-checks]"
    # 3+3 (none given) and +1+0 (one given by White) disagree
    invalid 3check '4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1 +1+0' "35: check counters '3+3' and '+1+0' disagree [bad-checks]"
}

@test "3check: the game ended with the third check" {
    invalid 3check '4k3/8/8/8/8/8/8/4K3 w - - 0+0 0 1' "27: both sides have given three checks [variant-over]"
    # White's third check was White's last move: Black would be to move
    invalid 3check '4k3/8/8/8/8/8/8/4K3 w - - 0+3 0 1' \
        "27: white has given three checks and it is white's move [variant-over]"
}

@test "3check: lichess's checks given become remaining checks" {
    # +2+0: White gave two checks, one left to give: 1+3
    run --separate-stderr fen-check --variant=3check --normalize \
        <<<'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +2+0'
    assert_success
    assert_output 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+3 0 1'
}

# --- horde ------------------------------------------------------------------

@test "horde: lichess's starting position, pawns on the first rank included" {
    valid horde 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1'
}

@test "horde: one king in all" {
    invalid horde '4k3/8/8/8/8/8/8/4K2P w - - 0 1' \
        "1: 2 kings in all, expected 1 in horde [king-count]" \
        "20: white pawn on h1 (pawns never stand on the first or last rank) [pawn-back-rank]"
}

@test "horde: at most 36 pawns" {
    # ranks 1 to 4 full and five pawns on rank 5: 37
    invalid horde '4k3/8/8/PPPPP3/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w - - 0 1' \
        "1: white has 37 pawns, at most 36 in horde [too-many-pawns]" \
        "1: white has 37 pieces, at most 36 in horde [too-many-pieces]"
}

@test "horde: the side with the king has no pawn on its first rank" {
    invalid horde '4k3/8/8/8/8/8/8/p3P3 w - - 0 1' \
        "17: black pawn on a1 (pawns never stand on the first or last rank) [pawn-back-rank]"
}

# --- atomic -----------------------------------------------------------------

@test "atomic: kings side by side are allowed, and neither is in check" {
    valid atomic '8/8/8/8/8/8/3kK3/8 w - - 0 1'
    # the rook on e8 bears on e2, but the kings touch
    valid atomic '4r3/8/8/8/8/8/3kK3/8 w - - 0 1'
}

@test "atomic: the side to move may have lost its king, the other may not" {
    valid atomic '4k3/8/8/8/8/8/8/8 w - - 0 1'
    invalid atomic '8/8/8/8/8/8/8/4K3 w - - 0 1' "1: black has 0 kings, expected 1 [king-count]"
    invalid atomic '4k3/8/8/8/8/8/8/3KK3 w - - 0 1' \
        "1: white has 2 kings, expected 1 (or none once it has exploded) [king-count]"
}

# --- antichess --------------------------------------------------------------

@test "antichess: any number of kings, and no check" {
    valid antichess '8/8/8/8/8/8/8/8 w - - 0 1'
    valid antichess 'kkk5/8/8/8/8/8/3k4/4K3 w - - 0 1'
    # the black king on d2 touches the white one: no check in antichess
    valid antichess '8/8/8/8/8/8/3k4/4K3 w - - 0 1'
}

@test "antichess: no castling" {
    # "rnbqkbnr/.../RNBQKBNR w " ends at column 46
    invalid antichess 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' \
        "47: castling right 'K' but antichess has no castling [variant-castling]" \
        "48: castling right 'Q' but antichess has no castling [variant-castling]" \
        "49: castling right 'k' but antichess has no castling [variant-castling]" \
        "50: castling right 'q' but antichess has no castling [variant-castling]"
}

# --- racing kings -----------------------------------------------------------
# "8/8/8/8/8/8/" is 12 bytes; "krbnNBRK/" ends at 21.

@test "racing kings: the starting position" {
    valid racingkings '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1'
}

@test "racing kings: no pawns, no castling" {
    invalid racingkings '8/8/8/8/8/8/krbnNBRK/qrbnPBRQ w - - 0 1' "26: white pawn on e1 (racing kings has no pawns) [variant-pawn]"
    invalid racingkings '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w K - 0 1' \
        "33: castling right 'K' but racing kings has no castling [variant-castling]"
}

@test "racing kings: no check, for either side" {
    # the rook on b2 checks h2 along the rank
    invalid racingkings '8/8/8/8/8/8/kr5K/8 w - - 0 1' \
        "20: white is in check (no move may give check in racing kings) [variant-check]"
    invalid racingkings '8/8/8/8/8/8/kR5K/8 w - - 0 1' "20: black is in check but it is white's move [opponent-in-check]"
}

@test "racing kings: one queen and two of each other piece" {
    invalid racingkings '8/8/8/8/8/8/k6K/6QQ w - - 0 1' "1: white has 2 queens, at most 1 in racing kings [impossible-material]"
}

# --- the option -------------------------------------------------------------

@test "--variant names the variants it knows" {
    run --separate-stderr fen-check --variant=foo </dev/null
    assert_failure 64
    assert_output ''
    assert_stderr_equal "fen-check: invalid --variant value 'foo' (expected chess, chess960, crazyhouse, atomic, antichess, giveaway, kingofthehill, 3check, horde, racingkings)
Try \`fen-check --help' or \`fen-check --usage' for more information."
}

@test "--variant=chess960 reads X-FEN as --chess960 does" {
    # Chess960 position 518 written with the king on f1: K is the h1 rook
    valid chess960 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w K - 0 1'
}

@test "the game tools take --variant, its aliases too, for games without a Variant tag" {
    # 1.Nf3 a6 2.Ng5 a5 3.Nxf7: the explosion takes the king on e8
    run --separate-stderr pgn-to-named-notation --variant=atomic --to=san --inline <<<'1. Nf3 a6 2. Ng5 a5 3. Nxf7 *'
    assert_success
    assert_output '1. Nf3 a6 2. Ng5 a5 3. Nxf7# *'
    local drop='1. e2 - e4 Pawn-move 1. d7 - d5 Pawn-move 2. e4 x d5 Pawn-capture nw 2. d8 x d5 slide n 3. @ e4 drop Pawn *'
    run --separate-stderr named-notation-to-pgn --variant=crazyhouse <<<"$drop"
    assert_success
    assert_output --partial '3. P@e4 *'
    run --separate-stderr named-notation-to-pgn <<<"$drop"
    assert_failure 1
    run --separate-stderr fen-check --variant=zh <<<'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'
    assert_success
}

# --- legal-moves ------------------------------------------------------------

@test "legal-moves: drops are listed first, P@e4 style, in UCI and SAN" {
    # The rook on e7 checks e1: the knight blocks on e2 to e6, the king
    # steps to d1, d2, f1 or f2 (e2 stays on the file).
    run --separate-stderr legal-moves --variant=crazyhouse <<<'4k3/4r3/8/8/8/8/8/4K3[N] w - - 0 1'
    assert_success
    assert_output 'N@e2 N@e3 N@e4 N@e5 N@e6 e1d1 e1d2 e1f1 e1f2'
    run --separate-stderr legal-moves --variant=crazyhouse -n san <<<'4k3/4r3/8/8/8/8/8/4K3[N] w - - 0 1'
    assert_output 'N@e2 N@e3 N@e4 N@e5 N@e6 Kd1 Kd2 Kf1 Kf2'
    # 62 empty squares for the knight, 5 king steps
    run --separate-stderr legal-moves --variant=crazyhouse --count <<<'4k3/8/8/8/8/8/8/4K3[N] w - - 0 1'
    assert_output 67
    # --piece and --to see drops too; @e4 is a pawn drop
    run --separate-stderr legal-moves --variant=crazyhouse --piece P --to e4 <<<'4k3/8/8/8/8/8/8/4K3[P] w - - 0 1'
    assert_output 'P@e4'
    run --separate-stderr legal-moves --variant=crazyhouse --moves '@e4' --fen --count <<<'4k3/8/8/8/8/8/8/4K3[P] w - - 0 1'
    # the pawn stands on e4, the pocket is empty; Black's king has 5 steps
    assert_output "$(printf '4k3/8/8/8/4P3/8/8/4K3[] b - - 0 1\t5')"
}

@test "legal-moves --status names the variant ends" {
    # 1.Nf3 a6 2.Ng5 a5 3.Nxf7: the explosion on f7 takes the king on e8
    run --separate-stderr legal-moves --variant=atomic --moves 'Nf3 a6 Ng5 a5 Nxf7' --status \
        <<<'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    assert_success
    assert_output 'variant loss: exploded king'
    # the white king steps from d3 onto the hill
    run --separate-stderr legal-moves --variant=kingofthehill --moves Kd4 --status <<<'4k3/8/8/8/8/3K4/8/8 w - - 0 1'
    assert_output 'variant loss: king of the hill'
    # Ra8+ is White's third check (1+3: two given)
    run --separate-stderr legal-moves --variant=3check --moves Ra8 --status <<<'4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1'
    assert_output 'variant loss: three checks'
    # antichess: White has no piece left, and has won
    run --separate-stderr legal-moves --variant=antichess --status <<<'8/8/8/8/8/8/8/7k w - - 0 1'
    assert_output 'variant win: no pieces left'
}

@test "legal-moves --explain gives the variants' reasons" {
    # Kxd2 is possible, so every other move is not
    run --separate-stderr legal-moves --variant=antichess --explain Kf2 <<<'4k3/8/8/8/8/8/3p4/4K3 w - - 0 1'
    assert_output 'illegal: captures are compulsory in antichess'
    # Kc2 would uncover the rook on h1 against a1
    run --separate-stderr legal-moves --variant=racingkings --explain Kc2 <<<'8/8/8/8/8/8/8/k1K4R w - - 0 1'
    assert_output 'illegal: the move would give check in racing kings'
    # Qxd2 explodes next to the own king on e1; a king never captures
    run --separate-stderr legal-moves --variant=atomic --explain Qxd2 <<<'4k3/8/8/8/8/8/3n4/3QK3 w - - 0 1'
    assert_output 'illegal: the explosion on d2 would destroy the white king'
    run --separate-stderr legal-moves --variant=atomic --explain Kxd2 <<<'4k3/8/8/8/8/8/3n4/3QK3 w - - 0 1'
    assert_output 'illegal: a king cannot capture in atomic: it would explode'
    run --separate-stderr legal-moves --variant=crazyhouse --explain Q@e4 <<<'4k3/8/8/8/8/8/8/4K3[N] w - - 0 1'
    assert_output 'illegal: no queen in the white pocket'
    run --separate-stderr legal-moves --variant=crazyhouse --explain P@a8 <<<'4k3/8/8/8/8/8/8/4K3[P] w - - 0 1'
    assert_output 'illegal: a pawn cannot be dropped on the first or last rank'
    run --separate-stderr legal-moves --explain N@e4 <<<'4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    assert_output 'illegal: pieces are dropped only in crazyhouse'
}

@test "legal-moves -n named: drops, atomic captures and king promotions have their records" {
    # (formats/named-notation.md: "@ TO drop PIECE", "... explode", "= King")
    run --separate-stderr legal-moves --variant=crazyhouse -n named <<<'4k3/4r3/8/8/8/8/8/4K3[N] w - - 0 1'
    assert_success
    assert_output '@ e2 drop Knight @ e3 drop Knight @ e4 drop Knight @ e5 drop Knight @ e6 drop Knight e1 - d1 step w e1 - d2 step nw e1 - f1 step e e1 - f2 step ne'
    # the queen takes the knight on d2 (no king beside it): the only capture
    run --separate-stderr legal-moves --variant=atomic -n named --captures <<<'4k3/8/8/8/8/3n4/8/3QK3 w - - 0 1'
    assert_output 'd1 x d3 slide n explode'
    run --separate-stderr legal-moves --variant=antichess -n named --piece P <<<'8/4P3/8/8/8/8/8/k7 w - - 0 1'
    assert_output 'e7 - e8 Pawn-move = Bishop e7 - e8 Pawn-move = King e7 - e8 Pawn-move = Knight e7 - e8 Pawn-move = Queen e7 - e8 Pawn-move = Rook'
}

# --- perft ------------------------------------------------------------------

@test "perft --startpos counts each variant's own starting position" {
    # published: crazyhouse 197281 (Fairy-Stockfish's tests), horde 23310
    # and racing kings 11264 (python-chess's suites)
    run --separate-stderr perft --variant=crazyhouse --startpos -d 4
    assert_output '197281 nodes'
    run --separate-stderr perft --variant=horde --startpos -d 4
    assert_output '23310 nodes'
    run --separate-stderr perft --variant=racingkings --startpos -d 3
    assert_output '11264 nodes'
}

@test "perft: lichess's check counters, threads and the table" {
    # Fairy-Stockfish's 3check record, in lichess's form: 12407 at depth 3
    run --separate-stderr perft --variant=3check --fen '7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0' \
        -d 3 --threads 2 --hash 1M
    assert_output '12407 nodes'
    # python-chess's giveaway a-pawn-vs-c-pawn: 2557 at depth 12
    run --separate-stderr perft --variant=giveaway --fen '8/2p5/8/8/8/8/P7/8 w - - 0 1' -d 12 --threads 2 --hash 1M
    assert_output '2557 nodes'
}

@test "perft --divide in a variant adds up to the published count" {
    # atomic's starting position: 8902 at depth 3 (python-chess)
    run --separate-stderr perft --variant=atomic --startpos -d 3 --divide
    assert_success
    assert_line 'Nodes searched: 8902'
    local sum
    sum=$(printf '%s\n' "${lines[@]}" | awk -F': ' '/^[a-h][1-8][a-h][1-8]/ { s += $2 } END { print s }')
    [[ $sum == 8902 ]]
}

@test "perft --against drives a variant engine with UCI_Variant" {
    local fsf=/usr/games/fairy-stockfish
    [[ -x $fsf ]] || skip "fairy-stockfish is not installed"
    # no capture before the third ply, so no drop: chess's 8902
    run --separate-stderr perft --variant=crazyhouse --startpos -d 3 --against "$fsf"
    assert_success
    assert_line --partial 'ok   --fen:1 depth 3: 8902 nodes'
}
