#!/usr/bin/env bats
# fen-check: every check with a hand-made invalid record (its column worked
# out from the text), real positions that must all pass (the perft suites,
# and FENs that pgn-extract writes for real games), every option, and
# --normalize cross-checked against Stockfish's own FEN output and move
# generator. formats/fen.md is the specification.

load test_helper

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

# stderr_is: the exact stderr of the last run, read from stdin.
stderr_is() { assert_stderr_equal "$(cat)"; }

# invalid RECORD COL MESSAGE [CODE] [OPTIONS...]: RECORD alone on stdin is
# refused with exactly one diagnostic.
invalid() {
    local record=$1 col=$2 message=$3 code=$4
    shift 4
    run --separate-stderr fen-check "$@" <<<"$record"
    assert_failure 1
    assert_output ''
    assert_stderr_equal "fen-check:<stdin>:1:$col: $message [$code]"
}

# valid RECORD [OPTIONS...]: RECORD alone on stdin passes unchanged.
valid() {
    local record=$1
    shift
    run --separate-stderr fen-check "$@" <<<"$record"
    assert_success
    assert_output "$record"
    assert_stderr_equal ''
}

# --- real positions: all valid ---------------------------------------------

@test "the whole Chess960 perft suite passes unchanged" {
    need_shared perft/fischer960.epd
    run --separate-stderr fen-check "$SHARED/perft/fischer960.epd"
    assert_success
    assert_output "$(cat "$SHARED/perft/fischer960.epd")"
    assert_stderr_equal ''
}

@test "the standard perft suite passes, but for its one unreachable position" {
    need_shared perft/standard.epd
    # Line 51: white bishops on a8 and h1 both check the king on f3 along
    # one diagonal; no last move can give both checks (python-chess calls
    # it an impossible check too).
    run --separate-stderr fen-check "$SHARED/perft/standard.epd"
    assert_failure 1
    assert_output "$(sed 51d "$SHARED/perft/standard.epd")"
    stderr_is <<EOF
fen-check:$SHARED/perft/standard.epd:51:25: black king is checked from h1 and a8 on one line [impossible-check]
EOF
}

@test "50000 positions of real games, as pgn-extract writes them, all pass" {
    need_shared pgn/bench/random-100k.pgn.zst pgn/engines/TCEC_Season_4_-_Superfinal.pgn
    command -v pgn-extract >/dev/null || PATH=$PATH:/usr/games
    command -v pgn-extract >/dev/null || skip "pgn-extract is not installed"
    "$BATS_TEST_DIRNAME/../../scripts/gen-fens" -n 50000 -o "$BATS_TEST_TMPDIR/games.fen" \
        "$SHARED/pgn/engines/TCEC_Season_4_-_Superfinal.pgn" "$SHARED/pgn/bench/random-100k.pgn.zst"
    [[ $(wc -l <"$BATS_TEST_TMPDIR/games.fen") -eq 50000 ]]
    run --separate-stderr fen-check "$BATS_TEST_TMPDIR/games.fen"
    assert_success
    assert_output "$(cat "$BATS_TEST_TMPDIR/games.fen")"
    assert_stderr_equal ''
}

@test "X-FEN positions of Chess960 games pass with --chess960" {
    need_shared pgn/engines/TCEC_Season_16_-_Frc_Sufi.pgn
    command -v pgn-extract >/dev/null || PATH=$PATH:/usr/games
    command -v pgn-extract >/dev/null || skip "pgn-extract is not installed"
    "$BATS_TEST_DIRNAME/../../scripts/gen-fens" -o "$BATS_TEST_TMPDIR/frc.fen" \
        "$SHARED/pgn/engines/TCEC_Season_16_-_Frc_Sufi.pgn"
    [[ $(wc -l <"$BATS_TEST_TMPDIR/frc.fen") -gt 1000 ]]
    run --separate-stderr fen-check -q --chess960 "$BATS_TEST_TMPDIR/frc.fen"
    assert_success
    assert_output ''
    assert_stderr_equal ''
}

# --- valid oddities -----------------------------------------------------------

@test "valid: the start position" {
    valid "$START"
}

@test "valid: four fields (counters default) and loose blanks" {
    valid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'
    valid $' rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w\tKQkq -  0 1 '
}

@test "valid: EPD operations, with and without counters" {
    valid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "a;b";'
    valid "$START ;D1 20 ;D2 400"
}

@test "valid: Shredder-FEN and X-FEN castling" {
    valid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'
    valid '4k3/8/8/8/8/8/8/1R2K1RR w GQ - 0 1' --chess960
}

@test "valid: checks a last move explains" {
    valid '8/8/8/7k/4P3/8/8/3BK3 b - e3 0 1' # the double step uncovered the bishop
    valid '8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1' # the pawn itself checks
    valid '4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1' # knight check uncovering a rook
}

@test "valid: promoted pieces with as many pawns missing" {
    valid '3qk3/8/8/8/8/8/1PPPPPPP/Q2QK3 w - - 0 1'
    valid '4k3/8/8/8/8/8/1PPPPPPP/B1B1K3 w - - 0 1'
}

# --- syntax -----------------------------------------------------------------------

@test "rank-count: seven ranks" {
    invalid 'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 1 \
        'board has 7 ranks, expected 8' rank-count
}

@test "rank-count: nine ranks, at the eighth slash" {
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 37 \
        'board has more than 8 ranks' rank-count
}

@test "rank-size: seven squares, at the slash" {
    invalid 'rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 17 \
        'rank 7 has 7 squares, expected 8' rank-size
}

@test "rank-size: nine squares, at the ninth" {
    invalid 'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 18 \
        'rank 7 has more than 8 squares' rank-size
}

@test "consecutive-digits" {
    invalid 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 20 \
        "two digits in a row ('44')" consecutive-digits
}

@test "bad-digit" {
    invalid 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 19 \
        "digit '9' is not a count of 1 to 8 empty squares" bad-digit
}

@test "bad-piece" {
    invalid 'rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 14 \
        "'x' is not a piece letter (PNBRQK, pnbrqk)" bad-piece
}

@test "bad-side" {
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1' 45 \
        "side to move 'W' is not 'w' or 'b'" bad-side
}

@test "bad-castling" {
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1' 50 \
        "'x' is not a castling letter (KQkq, A-H, a-h or -)" bad-castling
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1' 47 \
        "'-' must stand alone in the castling field" bad-castling
}

@test "castling-order" {
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1' 48 \
        "'K' must come before 'Q'" castling-order
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kK - 0 1' 48 \
        "white's castling rights must come before black's ('K')" castling-order
}

@test "castling-repeat: the same letter, or the same right (X-FEN)" {
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1' 48 \
        "castling letter 'K' is repeated" castling-repeat
    invalid '4k3/8/8/8/8/8/8/4K2R w HK - 0 1' 25 \
        "castling right 'K' is the same right as an earlier letter" castling-repeat
}

@test "bad-en-passant" {
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1' 52 \
        "en-passant field 'e9' is not '-' or a square" bad-en-passant
}

@test "bad-halfmove and bad-fullmove" {
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1' 54 \
        "half-move clock '-1' is not a number from 0 to 2147483647" bad-halfmove
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0' 56 \
        "full-move number '0' is not a number from 1 to 2147483647" bad-fullmove
}

@test "extra-field" {
    invalid "$START x" 58 'extra field after the full-move number' extra-field
}

@test "missing-field: after the record" {
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w' 46 \
        'missing fields 3 to 4 (castling to en passant)' missing-field
}

@test "five fields: the full-move number defaults to 1, except with --strict" {
    # python-chess, chessops and Stockfish all read a FEN that stops after
    # the half-move clock, taking full-move number 1.
    valid 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0'
    run --separate-stderr fen-check --normalize <<<'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7'
    assert_success
    assert_output 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7 1'
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0' 55 \
        'missing field 6 (full-move number) (strict)' missing-field --strict
}

@test "--strict: missing-counters and spacing" {
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' 53 \
        'missing half-move clock and full-move number (strict)' missing-counters --strict
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  KQkq - 0 1' 46 \
        'fields must be separated by one space (strict)' spacing -s
    invalid " $START" 1 'blank at the start of the record (strict)' spacing --strict
    valid "$START" --strict
}

@test "bad-epd" {
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;1x e4;' 55 \
        "'1x' is not an EPD opcode" bad-epd
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "open;' 57 \
        "string in the EPD operations has no closing '\"'" bad-epd
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc x;' 59 \
        "hmvc operand 'x' is not a number from 0 to 2147483647" bad-epd
}

# --- position --------------------------------------------------------------------

@test "king-count" {
    invalid 'kk6/8/8/8/8/8/8/K7 w - - 0 1' 1 'black has 2 kings, expected 1' king-count
}

@test "pawn-back-rank: at each pawn's letter" {
    run --separate-stderr fen-check <<<'P3k3/8/8/8/8/8/8/4K2p w - - 0 1'
    assert_failure 1
    assert_output ''
    stderr_is <<'EOF'
fen-check:<stdin>:1:1: white pawn on a8 (pawns never stand on the first or last rank) [pawn-back-rank]
fen-check:<stdin>:1:21: black pawn on h1 (pawns never stand on the first or last rank) [pawn-back-rank]
EOF
}

@test "too-many-pawns" {
    invalid '4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1' 1 'white has 9 pawns, at most 8' too-many-pawns
}

@test "too-many-pieces (with the impossible material it implies)" {
    run --separate-stderr fen-check <<<'4k3/8/8/8/8/NNNNNNNN/PPPPPPPP/4K3 w - - 0 1'
    assert_failure 1
    assert_output ''
    stderr_is <<'EOF'
fen-check:<stdin>:1:1: white has 17 pieces, at most 16 [too-many-pieces]
fen-check:<stdin>:1:1: white has more promoted pieces (6) than missing pawns (0) [impossible-material]
EOF
}

@test "impossible-material: bishops counted per square colour" {
    # a1 and c1 are both dark squares: one of the bishops was a pawn.
    invalid '4k3/8/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1' 1 \
        'white has more promoted pieces (1) than missing pawns (0)' impossible-material
    invalid 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBQR w KQkq - 0 1' 1 \
        'white has more promoted pieces (1) than missing pawns (0)' impossible-material
}

@test "castling-no-king: standard chess wants e1/e8" {
    # (With rooks beside a king off e1, KQ are X-FEN: see
    # fidelity-positions.bats.)
    run --separate-stderr fen-check <<<'4k3/8/8/8/8/8/8/3K4 w KQ - 0 1'
    assert_failure 1
    assert_output ''
    stderr_is <<'EOF'
fen-check:<stdin>:1:23: castling right 'K' but the white king is not on e1 [castling-no-king]
fen-check:<stdin>:1:24: castling right 'Q' but the white king is not on e1 [castling-no-king]
EOF
}

@test "castling-no-king: Chess960 wants the first rank" {
    run --separate-stderr fen-check --chess960 <<<'4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1'
    assert_failure 1
    assert_output ''
    stderr_is <<'EOF'
fen-check:<stdin>:1:25: castling right 'K' but the white king is not on rank 1 [castling-no-king]
fen-check:<stdin>:1:26: castling right 'Q' but the white king is not on rank 1 [castling-no-king]
EOF
}

@test "castling-no-rook: standard, Shredder-FEN and X-FEN" {
    invalid '4k3/8/8/8/8/8/8/4K3 w K - 0 1' 23 "castling right 'K' but no white rook on h1" \
        castling-no-rook
    invalid '4k3/8/8/8/8/8/8/4K2R w C - 0 1' 24 "castling right 'C' but no white rook on c1" \
        castling-no-rook
    invalid '4k3/8/8/8/8/8/8/R4K2 w K - 0 1' 24 \
        "castling right 'K' but no white rook between the king and h1" castling-no-rook --chess960
    invalid '4k2r/8/8/8/8/8/8/4K3 b q - 0 1' 24 "castling right 'q' but no black rook on a8" \
        castling-no-rook
}

@test "--chess960 reads KQkq as X-FEN" {
    valid 'rbqkbnnr/pppppppp/8/8/8/8/PPPPPPPP/RBQKBNNR w KQkq - 0 1' --chess960
    # Outside the standard set-up KQkq are X-FEN without it too.
    valid 'rbqkbnnr/pppppppp/8/8/8/8/PPPPPPPP/RBQKBNNR w K - 0 1'
}

@test "en-passant-rank" {
    invalid 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1' 54 \
        'en-passant square e3 is not on rank 6 (white to move)' en-passant-rank
}

@test "en-passant-no-pawn and en-passant-not-empty" {
    run --separate-stderr fen-check <<<'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1'
    assert_failure 1
    assert_output ''
    stderr_is <<'EOF'
fen-check:<stdin>:1:52: en-passant square e3 but no white pawn on e4 [en-passant-no-pawn]
fen-check:<stdin>:1:52: en-passant square e3 but e2, where the pawn came from, is not empty [en-passant-not-empty]
EOF
    invalid 'rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1' 56 \
        'en-passant square e3 is not empty' en-passant-not-empty
}

@test "halfmove-en-passant" {
    invalid 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1' 57 \
        'half-move clock 5 but the en-passant square shows a pawn move (expected 0)' \
        halfmove-en-passant
}

@test "opponent-in-check: at the side field" {
    invalid '4k3/4R3/8/8/8/8/8/4K3 w - - 0 1' 23 "black is in check but it is white's move" \
        opponent-in-check
}

@test "impossible-check: three checkers" {
    invalid '4k3/8/8/8/8/5n2/3b4/r3K3 w - - 0 1' 26 \
        'white is in check from 3 pieces (one move gives at most two checks)' impossible-check
}

@test "impossible-check: two knights" {
    invalid '4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1' 25 \
        'white is in check from two pawns or knights at once' impossible-check
}

@test "impossible-check: two checkers on one line" {
    invalid '4r3/8/8/8/4K3/8/8/4r2k w - - 0 1' 24 \
        'white king is checked from e1 and e8 on one line' impossible-check
}

@test "impossible-check: the double step explains no check" {
    invalid 'R3k3/8/8/8/4P3/8/8/4K3 b - e3 0 1' 24 \
        'black was in check before the double pawn step shown by en passant e3' impossible-check
    invalid '8/8/8/8/2k1P2R/8/8/4K3 b - e3 0 1' 24 \
        'black was in check before the double pawn step shown by en passant e3' impossible-check
    invalid '8/8/8/5k2/4P3/8/8/4KR2 b - e3 0 1' 24 \
        'double check right after the double pawn step shown by en passant e3' impossible-check
}

# --- every problem, and on with the next line ----------------------------------

@test "every problem of a record is reported, each at its column" {
    run --separate-stderr fen-check <<<'rnbqkbnr/ppppxppp/9/8/8/8/PPPPPPPP/RNBQKBNR x KQkX e9 -1 0'
    assert_failure 1
    assert_output ''
    stderr_is <<'EOF'
fen-check:<stdin>:1:14: 'x' is not a piece letter (PNBRQK, pnbrqk) [bad-piece]
fen-check:<stdin>:1:19: digit '9' is not a count of 1 to 8 empty squares [bad-digit]
fen-check:<stdin>:1:45: side to move 'x' is not 'w' or 'b' [bad-side]
fen-check:<stdin>:1:50: 'X' is not a castling letter (KQkq, A-H, a-h or -) [bad-castling]
fen-check:<stdin>:1:52: en-passant field 'e9' is not '-' or a square [bad-en-passant]
fen-check:<stdin>:1:55: half-move clock '-1' is not a number from 0 to 2147483647 [bad-halfmove]
fen-check:<stdin>:1:58: full-move number '0' is not a number from 1 to 2147483647 [bad-fullmove]
EOF
}

@test "at most 24 problems per record are shown, the rest counted" {
    # 30 bad letters, a rank of more than 8 squares (at the ninth), an
    # empty rank after the '/', two ranks instead of 8, missing fields: 34
    # problems, 24 shown, 10 counted.  (Without the '/' the line is not a
    # FEN record at all: one problem, see fidelity-positions.bats.)
    run --separate-stderr fen-check <<<"$(printf 'x%.0s' {1..30})/"
    assert_failure 1
    assert_output ''
    local expected='' c
    for c in {1..23}; do
        expected+="fen-check:<stdin>:1:$c: 'x' is not a piece letter (PNBRQK, pnbrqk) [bad-piece]"$'\n'
        ((c != 9)) || expected+="fen-check:<stdin>:1:9: rank 8 has more than 8 squares [rank-size]"$'\n'
    done
    expected+='fen-check:<stdin>:1: 10 more problems not shown'
    assert_stderr_equal "$expected"
}

@test "a filter: valid lines out, invalid ones reported, blank and # lines skipped" {
    printf '%s\n' '# a comment' "$START" '' '   ' 'hello' \
        '8/8/8/8/8/8/8/K6k w - - 0 1' >"$BATS_TEST_TMPDIR/mixed.fen"
    run --separate-stderr fen-check "$BATS_TEST_TMPDIR/mixed.fen"
    assert_failure 1
    assert_output - <<EOF
$START
8/8/8/8/8/8/8/K6k w - - 0 1
EOF
    local f=$BATS_TEST_TMPDIR/mixed.fen
    stderr_is <<EOF
fen-check:$f:5:1: not a FEN record ('hello' is no piece placement) [bad-piece]
EOF
}

@test "binary garbage: NUL and 8-bit bytes shown as \\xNN, next line still read" {
    printf 'rnbqkbnr/ppp\0pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n8/8/8/8/8/8/8/K6k \xff - - 0 1\n%s\n' \
        "$START" >"$BATS_TEST_TMPDIR/bin.fen"
    run --separate-stderr fen-check "$BATS_TEST_TMPDIR/bin.fen"
    assert_failure 1
    assert_output "$START"
    stderr_is <<EOF
fen-check:$BATS_TEST_TMPDIR/bin.fen:1:13: '\\x00' is not a piece letter (PNBRQK, pnbrqk) [bad-piece]
fen-check:$BATS_TEST_TMPDIR/bin.fen:2:19: side to move '\\xFF' is not 'w' or 'b' [bad-side]
EOF
}

@test "a huge line is 'line too long', and the next lines still work" {
    {
        head -c 5000 /dev/zero | tr '\0' 'x'
        echo
        echo "$START"
    } >"$BATS_TEST_TMPDIR/long.fen"
    run --separate-stderr fen-check --max-line=4096 "$BATS_TEST_TMPDIR/long.fen"
    assert_failure 1
    assert_output "$START"
    assert_stderr_equal "fen-check:$BATS_TEST_TMPDIR/long.fen:1:4097: line too long (more than 4096 bytes) [line-too-long]"
}

@test "CRLF line ends and a byte order mark are accepted" {
    printf '\xef\xbb\xbf%s\r\n%s\r\n' "$START" "$START" >"$BATS_TEST_TMPDIR/dos.fen"
    run --separate-stderr fen-check "$BATS_TEST_TMPDIR/dos.fen"
    assert_success
    assert_output - <<EOF
$START
$START
EOF
    assert_stderr_equal ''
}

@test "a lone CR ends a line, as LF does (formats/fen.md): the same output, line numbers included" {
    printf '%s\rhello\r\r%s\r\n%s' "$START" "$START" "$START" >"$BATS_TEST_TMPDIR/mac.fen"
    printf '%s\nhello\n\n%s\n%s' "$START" "$START" "$START" >"$BATS_TEST_TMPDIR/unix.fen"
    for f in mac unix; do
        run --separate-stderr fen-check "$BATS_TEST_TMPDIR/$f.fen"
        assert_failure 1
        assert_output "$START"$'\n'"$START"$'\n'"$START"
        assert_stderr_equal "fen-check:$BATS_TEST_TMPDIR/$f.fen:2:1: not a FEN record ('hello' is no piece placement) [bad-piece]"
    done
}

# --- options -------------------------------------------------------------------------

@test "-q prints nothing, the status tells" {
    run --separate-stderr fen-check -q <<<$'hello\n'"$START"
    assert_failure 1
    assert_output ''
    assert_stderr_equal ''
    run --separate-stderr fen-check --quiet <<<"$START"
    assert_success
    assert_output ''
    assert_stderr_equal ''
}

@test "--invert prints the invalid records, diagnostics still on stderr" {
    run --separate-stderr fen-check --invert <<<"$START"$'\n''8/8/8/8/8/8/8/8 w - - 0 1'
    assert_failure 1
    assert_output '8/8/8/8/8/8/8/8 w - - 0 1'
    stderr_is <<'EOF'
fen-check:<stdin>:2:1: white has 0 kings, expected 1 [king-count]
fen-check:<stdin>:2:1: black has 0 kings, expected 1 [king-count]
EOF
}

@test "--normalize: counters added, castling ordered, en passant only when legal" {
    # Expected by hand: the e3 square has no black pawn beside it; on d6 the
    # e5 pawn can take; c6 cannot be taken (the b5 pawn is pinned along
    # rank 5 by the rook on h5); Shredder letters are put king side first;
    # an EPD record stays EPD (its counters are its hmvc and fmvn).
    run --separate-stderr fen-check --normalize <<'EOF'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
rnbqkbnr/ppp1p1pp/5p2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3
8/8/8/KPp4r/8/8/8/7k w - c6 0 2
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1
4k3/8/8/8/8/8/8/4K3 w - - hmvc 12; fmvn 40;
EOF
    assert_success
    assert_output - <<'EOF'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
rnbqkbnr/ppp1p1pp/5p2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3
8/8/8/KPp4r/8/8/8/7k w - - 0 2
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1
4k3/8/8/8/8/8/8/4K3 w - - hmvc 12; fmvn 40;
EOF
    assert_stderr_equal ''
}

@test "--chess960 --normalize writes Shredder-FEN" {
    run --separate-stderr fen-check --chess960 -n <<<"$START"
    assert_success
    assert_output 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'
    assert_stderr_equal ''
}

@test "--json: one object per record, every problem with code and column" {
    run --separate-stderr fen-check --json <<<"$START"$'\n''rnbqkbnr/pppp"ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x'
    assert_failure 1
    assert_output - <<EOF
{"file":"<stdin>","line":1,"record":"$START","valid":true,"problems":[]}
{"file":"<stdin>","line":2,"record":"rnbqkbnr/pppp\\"ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x","valid":false,"problems":[{"code":"bad-piece","column":14,"message":"'\\"' is not a piece letter (PNBRQK, pnbrqk)"},{"code":"extra-field","column":58,"message":"extra field after the full-move number"}]}
EOF
    assert_stderr_equal ''
}

@test "--json --normalize --invert" {
    run --separate-stderr fen-check --json --normalize <<<'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'
    assert_success
    assert_output '{"file":"<stdin>","line":1,"record":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -","valid":true,"normalized":"'"$START"'","problems":[]}'
    assert_stderr_equal ''
    run --separate-stderr fen-check --json --invert <<<"$START"$'\n''8/8/8/8/8/8/8/K7 w - - 0 1'
    assert_failure 1
    assert_output '{"file":"<stdin>","line":2,"record":"8/8/8/8/8/8/8/K7 w - - 0 1","valid":false,"problems":[{"code":"king-count","column":1,"message":"black has 0 kings, expected 1"}]}'
    assert_stderr_equal ''
}

@test "--json escapes control bytes and keeps output valid UTF-8" {
    printf '8/8/8/8/8/8/8/K6k \x01\xe9 - - 0 1\n' >"$BATS_TEST_TMPDIR/u.fen"
    run --separate-stderr fen-check -j "$BATS_TEST_TMPDIR/u.fen"
    assert_failure 1
    assert_output '{"file":"'"$BATS_TEST_TMPDIR"'/u.fen","line":1,"record":"8/8/8/8/8/8/8/K6k \u0001\ufffd - - 0 1","valid":false,"problems":[{"code":"bad-side","column":19,"message":"side to move '"'"'\\x01\\xE9'"'"' is not '"'"'w'"'"' or '"'"'b'"'"'"}]}'
    assert_stderr_equal ''
}

@test "--diagram=ascii: the board after each valid record, the side to move under it" {
    run --separate-stderr fen-check --diagram=ascii <<<'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
    assert_success
    assert_output - <<'EOF'
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
8 r n b q k b n r
7 p p p p p p p p
6 . . . . . . . .
5 . . . . . . . .
4 . . . . P . . .
3 . . . . . . . .
2 P P P P . P P P
1 R N B Q K B N R
  a b c d e f g h
Black to move; castling KQkq; no en passant
EOF
    assert_stderr_equal ''
}

@test "--diagram=unicode, and auto: ASCII into a pipe, Unicode on a UTF-8 terminal" {
    run --separate-stderr fen-check --diagram=unicode <<<'4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'
    assert_success
    assert_output - <<'EOF'
4k3/8/8/8/8/8/4P3/4K3 w - - 0 1
8 · · · · ♚ · · ·
7 · · · · · · · ·
6 · · · · · · · ·
5 · · · · · · · ·
4 · · · · · · · ·
3 · · · · · · · ·
2 · · · · ♙ · · ·
1 · · · · ♔ · · ·
  a b c d e f g h
White to move; no castling; no en passant
EOF
    assert_stderr_equal ''
    run --separate-stderr fen-check --diagram <<<'4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'
    assert_success
    assert_output - <<'EOF'
4k3/8/8/8/8/8/4P3/4K3 w - - 0 1
8 . . . . k . . .
7 . . . . . . . .
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 . . . . P . . .
1 . . . . K . . .
  a b c d e f g h
White to move; no castling; no en passant
EOF
    assert_stderr_equal ''
    command -v script >/dev/null || skip "script(1) is not installed"
    echo '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1' >"$BATS_TEST_TMPDIR/one.fen"
    # On a terminal (script's pseudo-terminal, which also ends lines with \r\n).
    run --separate-stderr env LC_ALL=C.UTF-8 script -qec "fen-check --color=never -d $BATS_TEST_TMPDIR/one.fen" /dev/null
    assert_success
    assert_output "$(printf '%s\r\n' '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1' '8 · · · · ♚ · · ·' \
        '7 · · · · · · · ·' '6 · · · · · · · ·' '5 · · · · · · · ·' '4 · · · · · · · ·' \
        '3 · · · · · · · ·' '2 · · · · ♙ · · ·' '1 · · · · ♔ · · ·' '  a b c d e f g h' \
        'White to move; no castling; no en passant' '')"
    assert_stderr_equal ''
}

@test "files: several, - for stdin, a missing one is 66 and the rest still run" {
    printf '%s\n' "$START" >"$BATS_TEST_TMPDIR/a.fen"
    run --separate-stderr fen-check "$BATS_TEST_TMPDIR/a.fen" "$BATS_TEST_TMPDIR/none.fen" - <<<'8/8/8/8/8/8/8/K6k w - - 0 1'
    assert_failure 66
    assert_output - <<EOF
$START
8/8/8/8/8/8/8/K6k w - - 0 1
EOF
    assert_stderr_equal "fen-check: cannot open $BATS_TEST_TMPDIR/none.fen: No such file or directory"
}

@test "write error: exit 74 with a message" {
    need_shared perft/fischer960.epd
    [[ -w /dev/full ]] || skip "no /dev/full"
    run --separate-stderr bash -c 'fen-check "$1" >/dev/full' - "$SHARED/perft/fischer960.epd"
    assert_failure 74
    assert_output ''
    assert_stderr_equal 'fen-check: write error: No space left on device'
}

# usage ARGS... MESSAGE: exit 64, nothing on stdout, the message and argp's
# hint on stderr.
usage() {
    local message=${*: -1}
    run --separate-stderr fen-check "${@:1:$#-1}" </dev/null
    assert_failure 64
    assert_output ''
    assert_stderr_equal "fen-check: $message
Try \`fen-check --help' or \`fen-check --usage' for more information."
}

@test "usage errors exit 64" {
    usage --no-such-option "unrecognized option '--no-such-option'"
    usage --invert --normalize \
        '--invert and --normalize cannot be combined (invalid records have no canonical form)'
    usage --invert -d '--invert and --diagram cannot be combined'
    usage --json --diagram '--json and --diagram cannot be combined'
    usage --diagram=svg "invalid --diagram value 'svg' (expected auto, ascii or unicode)"
}

@test "--help ends with the exit status table" {
    run --separate-stderr fen-check --help
    assert_success
    assert_exit_status_table
    assert_stderr_equal ''
}

@test "out of memory exits 71" {
    # A 100 MB line, --max-line raised to take it, 80 MB of address space.
    big_line "$BATS_TEST_TMPDIR/big" 100000000
    with_memory_limit 80000 fen-check --max-line 1000M "$BATS_TEST_TMPDIR/big"
    assert_failure 71
    assert_output ''
    assert_stderr_equal "fen-check: cannot read $BATS_TEST_TMPDIR/big: Cannot allocate memory"
}

# --- --normalize against Stockfish ---------------------------------------------------

# stockfish_canonical FILE [UCI option line]: Stockfish's FEN of each record
# ("position fen", then "d"), with the en-passant square kept only when
# Stockfish plays the en-passant capture as a legal move ("position fen ...
# moves"; an illegal move is not played, so the side to move stays).
stockfish_canonical() {
    local sf
    sf=$(command -v stockfish || echo /usr/games/stockfish)
    awk -v init="${2:-}" '
    function piece(board, sq,   rows, r, f, i, c) {
        split(board, rows, "/"); r = rows[9 - substr(sq, 2, 1)]; f = index("abcdefgh", substr(sq, 1, 1))
        for (i = 1; i <= length(r); i++) { c = substr(r, i, 1)
            if (c ~ /[1-8]/) { f -= c; if (f <= 0) return "." } else if (--f == 0) return c }
        return "." }
    BEGIN { print "uci"; if (init != "") print init }
    { split($0, f, " "); print "position fen " $0; print "d"
      if (f[4] != "-") { file = index("abcdefgh", substr(f[4], 1, 1)); r = f[2] == "w" ? 5 : 4
        for (d = -1; d <= 1; d += 2) if (file + d >= 1 && file + d <= 8) {
          from = substr("abcdefgh", file + d, 1) r
          if (piece(f[1], from) != (f[2] == "w" ? "P" : "p")) continue
          print "position fen " $0 " moves " from f[4]; print "d" } }
      print "end-of-record:" f[4] }
    END { print "quit" }' "$1" | "$sf" | awk '
    /^Fen: / { if (!n++) split(substr($0, 6), base, " "); else { split(substr($0, 6), a, " "); if (a[2] != base[2]) legal = 1 } next }
    /end-of-record:/ { match($0, /end-of-record:[-a-h1-8]+/)
        base[4] = legal ? substr($0, RSTART + 14, RLENGTH - 14) : "-"
        print base[1], base[2], base[3], base[4], base[5], base[6]; n = legal = 0 }'
}

need_stockfish() {
    command -v stockfish >/dev/null || [[ -x /usr/games/stockfish ]] || skip "stockfish is not installed"
}

@test "--normalize agrees with Stockfish on both perft suites" {
    need_shared perft/fischer960.epd perft/standard.epd
    need_stockfish
    cut -d' ' -f1-6 "$SHARED/perft/standard.epd" | sed 51d >"$BATS_TEST_TMPDIR/std.fen"
    cut -d' ' -f1-6 "$SHARED/perft/fischer960.epd" >"$BATS_TEST_TMPDIR/960.fen"
    run --separate-stderr fen-check --normalize "$BATS_TEST_TMPDIR/std.fen"
    assert_success
    assert_output "$(stockfish_canonical "$BATS_TEST_TMPDIR/std.fen")"
    assert_stderr_equal ''
    run --separate-stderr fen-check --normalize "$BATS_TEST_TMPDIR/960.fen"
    assert_success
    assert_output "$(stockfish_canonical "$BATS_TEST_TMPDIR/960.fen" 'setoption name UCI_Chess960 value true')"
    assert_stderr_equal ''
}

@test "--normalize agrees with Stockfish on en-passant squares of real games and pins" {
    need_shared pgn/bench/random-100k.pgn.zst
    need_stockfish
    command -v pgn-extract >/dev/null || PATH=$PATH:/usr/games
    command -v pgn-extract >/dev/null || skip "pgn-extract is not installed"
    # pgn-extract writes the en-passant square after every double step;
    # keep those records, plus hand-made pins, check evasions and blocks.
    "$BATS_TEST_DIRNAME/../../scripts/gen-fens" -n 200000 "$SHARED/pgn/bench/random-100k.pgn.zst" |
        grep -E ' [a-h][36] ' | head -n 3000 >"$BATS_TEST_TMPDIR/ep.fen"
    cat >>"$BATS_TEST_TMPDIR/ep.fen" <<'EOF'
8/8/8/KPp4r/8/8/8/7k w - c6 0 2
8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1
8/8/8/8/1k1PpK2/8/8/8 b - d3 0 1
8/8/5k2/8/3pP3/8/8/B3K3 b - e3 0 1
7b/8/8/3pP3/8/2K5/8/7k w - d6 0 1
8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1
EOF
    [[ $(wc -l <"$BATS_TEST_TMPDIR/ep.fen") -gt 1000 ]]
    run --separate-stderr fen-check --normalize "$BATS_TEST_TMPDIR/ep.fen"
    assert_success
    assert_stderr_equal ''
    assert_output "$(stockfish_canonical "$BATS_TEST_TMPDIR/ep.fen")"
}

# --- --color -----------------------------------------------------------------------

@test "--color=always paints the place bold and the code red, as gcc does" {
    run --separate-stderr fen-check --color=always <<<'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'
    assert_failure 1
    assert_stderr_equal "${BOLD}fen-check:<stdin>:1:45:${RESET} side to move 'x' is not 'w' or 'b' ${RED}[bad-side]${RESET}"
}

@test "--color=always paints the diagram: White's pieces yellow, Black's blue, the rest faint" {
    run --separate-stderr fen-check --color=always --diagram=ascii <<<'8/8/8/8/8/8/8/K6k w - - 0 1'
    assert_success
    local empty="$DIM.$RESET" row
    row=$(printf " $DIM.$RESET%.0s" 1 2 3 4 5 6 7 8)
    assert_line --index 1 "${DIM}8${RESET}$row"
    assert_line --index 8 "${DIM}1${RESET} ${YELLOW}K${RESET}$(printf " $empty%.0s" 1 2 3 4 5 6) ${BLUE}k${RESET}"
    assert_line --index 9 "${DIM}  a b c d e f g h${RESET}"
}

@test "--color=auto paints on a terminal only, and never with NO_COLOR; --color=never never" {
    local bad='8/8/8/8/8/8/8/K6k x - - 0 1'
    run --separate-stderr fen-check <<<"$bad"
    assert_stderr_equal "fen-check:<stdin>:1:19: side to move 'x' is not 'w' or 'b' [bad-side]"
    echo "$bad" >"$BATS_TEST_TMPDIR/bad.fen"
    on_terminal fen-check "$BATS_TEST_TMPDIR/bad.fen"
    assert_output "${BOLD}fen-check:$BATS_TEST_TMPDIR/bad.fen:1:19:${RESET} side to move 'x' is not 'w' or 'b' ${RED}[bad-side]${RESET}"
    on_terminal env NO_COLOR=1 fen-check "$BATS_TEST_TMPDIR/bad.fen"
    assert_output "fen-check:$BATS_TEST_TMPDIR/bad.fen:1:19: side to move 'x' is not 'w' or 'b' [bad-side]"
    on_terminal fen-check --color=never "$BATS_TEST_TMPDIR/bad.fen"
    assert_output "fen-check:$BATS_TEST_TMPDIR/bad.fen:1:19: side to move 'x' is not 'w' or 'b' [bad-side]"
    # --color=always wins over NO_COLOR, as no-color.org asks.
    NO_COLOR=1 run --separate-stderr fen-check --color=always <<<"$bad"
    assert_stderr_equal "${BOLD}fen-check:<stdin>:1:19:${RESET} side to move 'x' is not 'w' or 'b' ${RED}[bad-side]${RESET}"
    run --separate-stderr fen-check --color=sometimes <<<"$bad"
    assert_failure 64
}
