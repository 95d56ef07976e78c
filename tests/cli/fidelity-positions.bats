#!/usr/bin/env bats
# Positions, FEN and counters (issue 25): X-FEN castling outside the
# standard set-up in every tool, racing kings' finished race, EPD records
# under --normalize, counters past 65535, and the messages about lines
# that are too long or no FEN at all.  Expected values come from
# python-chess (its rules and its replay of the fixtures' games), or are
# worked out by hand from formats/fen.md.

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/fidelity-positions"

# --- 1. X-FEN KQkq wherever king and rooks are not on their standard squares

# An Atomic960 start position (python-chess's atomic960 test) written X-FEN.
A960='rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1'

@test "fen-check reads KQkq of a Chess960 position as X-FEN in any variant" {
    for v in chess atomic crazyhouse; do
        run --separate-stderr fen-check --variant "$v" <<<"$A960"
        assert_success
        assert_output "$A960"
        assert_stderr_equal ''
    done
}

@test "fen-check --normalize writes X-FEN KQkq of a Chess960 position as Shredder-FEN" {
    # python-chess: Board(A960, chess960=True).castling_shredder_fen() is CAca.
    run --separate-stderr fen-check -n --variant atomic <<<"$A960"
    assert_success
    assert_output 'rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w CAca - 0 1'
}

@test "legal-moves and perft read X-FEN KQkq outside the standard set-up as python-chess does" {
    # python-chess, Board(FEN, chess960=True): the legal moves (castling
    # d1b1 and d1g1, king takes rook) and perft(3) = 14566.
    local fen='r2k3r/8/8/8/8/8/8/1R1K2R1 w KQkq - 0 1'
    run --separate-stderr bash -c "legal-moves <<<'$fen' | sort | tr '\n' ' '"
    assert_success
    assert_output 'b1a1 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 b1c1 d1b1 d1c1 d1c2 d1d2 d1e1 d1e2 d1g1 g1e1 g1f1 g1g2 g1g3 g1g4 g1g5 g1g6 g1g7 g1g8 g1h1 '
    assert_stderr_equal ''
    run --separate-stderr perft -d 3 <<<"$fen"
    assert_success
    assert_output $'r2k3r/8/8/8/8/8/8/1R1K2R1 w GBha - 0 1\t14566 nodes'
}

@test "the castling messages of standard chess stay where X-FEN finds no rook either" {
    run --separate-stderr fen-check <<<'r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1'
    assert_failure 1
    assert_stderr_equal "fen-check:<stdin>:1:25: castling right 'K' but no white rook on h1 [castling-no-rook]
fen-check:<stdin>:1:26: castling right 'Q' but no white rook on a1 [castling-no-rook]"
    run --separate-stderr fen-check <<<'r3k2r/8/8/8/8/8/8/R5K1 w KQkq - 0 1'
    assert_failure 1
    assert_stderr_equal "fen-check:<stdin>:1:26: castling right 'K' but the white king is not on e1 [castling-no-king]"
}

@test "pgn-to-named-notation replays X-FEN variant games as python-chess does" {
    # Atomic, Chess960 and Crazyhouse games from Chess960 positions whose
    # FEN tag says KQkq, castling included; the truth is python-chess's
    # (gen-xfen-games.py beside the fixture).
    run --separate-stderr bash -c "pgn-to-named-notation --to=uci --inline '$FIX/xfen-games.pgn' | grep -v -e '^\[' -e '^\$' | sed 's/ \*\$//'"
    assert_success
    assert_output "$(cat "$FIX/xfen-games.uci")"
    assert_stderr_equal ''
}

@test "pgn-check accepts X-FEN variant games" {
    run --separate-stderr pgn-check "$FIX/xfen-games.pgn"
    assert_success
    assert_stderr_equal ''
}

@test "--chess960 in the game tools makes every game Chess960, Variant tag or not" {
    # python-chess, AtomicBoard(chess960=True): O-O is e1h1; without: e1g1.
    local game=$'[Variant "Atomic"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O *'
    run --separate-stderr pgn-to-named-notation --to=uci --inline <<<"$game"
    assert_success
    assert_output $'[Variant "Atomic"]\n\ne2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1g1 *'
    run --separate-stderr pgn-to-named-notation --chess960 --to=uci --inline <<<"$game"
    assert_success
    assert_output $'[Variant "Atomic"]\n\ne2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1h1 *'
    run --separate-stderr pgn-check --chess960 --select=illegal-move <<<"$game"
    assert_success
    assert_stderr_equal ''
}

@test "--chess960 has one help text in every tool" {
    local tool text first=''
    for tool in fen-check legal-moves perft pgn-check pgn-to-named-notation named-notation-to-pgn; do
        run --separate-stderr "$tool" --help
        assert_success
        # the option's lines, up to the next option
        text=$(awk '/^ +--chess960/ {on = 1; print; next} on && /^ +-/ {exit} on' <<<"$output")
        [[ -n $text ]] || fail "$tool --help has no --chess960"
        [[ -z $first || $text == "$first" ]] || fail "$tool --help says otherwise: $text"
        first=$text
    done
}

# --- 2. racing kings: the race is over --------------------------------------

@test "racing kings: both kings on rank 8 with black to move is refused, as python-chess does" {
    # python-chess: RacingKingsBoard(...).status() is STATUS_RACE_OVER.
    run --separate-stderr fen-check --variant racingkings <<<'3krQK1/8/8/8/1q6/3B1N2/1b6/1R4R1 b - - 0 1'
    assert_failure 1
    assert_output ''
    assert_stderr_equal "fen-check:<stdin>:1:34: both kings are on rank 8 and it is black's move (the race was over before it) [variant-over]"
}

@test "racing kings: one king on rank 8, or both with white to move, is a valid position" {
    # python-chess: is_valid() for each (white to move after black reached
    # rank 8 is a finished race, not an impossible position).
    local fen
    for fen in '6K1/8/8/8/8/8/8/k7 b - - 0 1' \
        '3krQK1/8/8/8/1q6/3B1N2/1b6/1R4R1 w - - 0 1' \
        '3k4/8/8/8/1q6/3B1N2/1b6/1R4RK w - - 0 1'; do
        run --separate-stderr fen-check --variant racingkings <<<"$fen"
        assert_success
        assert_stderr_equal ''
    done
}

# --- 3. --normalize keeps an EPD record an EPD record ------------------------

@test "fen-check --normalize keeps an EPD record's four fields and operations, no counters" {
    # python-chess's Board.from_epd reads both outputs, to the same
    # positions and operations as the inputs; it refuses '- 0 1 bm c4;'.
    run --separate-stderr fen-check --normalize <<'EOF2'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c4; id "WAC.001";
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR  b  KQkq e3 hmvc 0; fmvn 1; id "x";
EOF2
    assert_success
    assert_output 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c4; id "WAC.001";
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1; id "x";'
    assert_stderr_equal ''
}

@test "fen-check --normalize --json gives the same normalized EPD record, operations included" {
    run --separate-stderr fen-check --normalize --json <<<'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c4; id "WAC.001";'
    assert_success
    assert_output '{"file":"<stdin>","line":1,"record":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c4; id \"WAC.001\";","valid":true,"normalized":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm c4; id \"WAC.001\";","problems":[]}'
}

@test "fen-check --normalize still completes a FEN record: four fields alone, or six and operations" {
    run --separate-stderr fen-check --normalize <<'EOF2'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20
EOF2
    assert_success
    assert_output 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20'
}

# --- 4. counters past 65535 -------------------------------------------------

# long_game PLIES: a legal game of PLIES plies, knights shuffling
# Nf3 Nf6 Ng1 Ng8 with no capture, no pawn move and no result claim,
# twenty plies a line, into $BATS_TEST_TMPDIR/long.pgn.
long_game() {
    awk -v n="$1" 'BEGIN {
        split("Nf3 Nf6 Ng1 Ng8", c, " ")
        printf "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
        printf "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"
        for (i = 0; i < n; i++) {
            if (i % 2 == 0)
                printf "%d. ", i / 2 + 1
            printf "%s%s", c[i % 4 + 1], i % 20 == 19 ? "\n" : " "
        }
        print "*"
    }' >"$BATS_TEST_TMPDIR/long.pgn"
}

@test "a game of 140000 plies keeps its move numbers and counters in every output" {
    # 70000 full moves, past 65536.  Ply k (from 1) is move (k+1)/2, and the
    # FEN after it has half-move clock k (no capture, no pawn move) and
    # full-move number k/2+1 (python-chess: the same FEN after the same
    # plies, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 140000 70001').
    long_game 140000
    local pgn="$BATS_TEST_TMPDIR/long.pgn"
    run --separate-stderr bash -c "pgn-to-named-notation '$pgn' | awk '!/^\[/ && NF > 1 { k++; if (\$1 != int((k + 1) / 2) \".\") bad++ } END { print k, bad + 0 }'"
    assert_success
    assert_output '140000 0'
    run --separate-stderr bash -c "pgn-to-named-notation --to=fen '$pgn' | awk '!/^\[/ && NF > 1 { k++; if (\$5 != k || \$6 != int(k / 2) + 1) bad++; last = \$0 } END { print k, bad + 0; print last }'"
    assert_success
    assert_output '140000 0
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 140000 70001'
    run --separate-stderr bash -c "pgn-to-named-notation --to=uci '$pgn' | grep -c '^[a-h][1-8][a-h][1-8]\$'"
    assert_output '140000'
    run --separate-stderr bash -c "pgn-to-named-notation --to=json '$pgn' | grep -o '{\"ply\":[0-9]*,\"move\":[0-9]*,\"side\":\"[wb]\"' | awk -F'[:,]' '{ k++; if (\$2 != k || \$4 != int((k + 1) / 2)) bad++ } END { print k, bad + 0 }'"
    assert_success
    assert_output '140000 0'
    run --separate-stderr bash -c "pgn-to-named-notation --to=json '$pgn' | grep -o '{\"ply\":140000,[^}]*}'"
    assert_output '{"ply":140000,"move":70000,"side":"b","uci":"f6g8","san":"Ng8","named":"f6 - g8 leap2 s se","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 140000 70001"}'
}

@test "pgn-check passes a game of 140000 plies, its move numbers past 65536 right" {
    long_game 140000
    run --separate-stderr pgn-check -q "$BATS_TEST_TMPDIR/long.pgn"
    assert_success
    assert_stderr_equal ''
}

@test "named notation past move 65536 reads back to the same PGN move numbers" {
    long_game 140000
    run --separate-stderr bash -c "pgn-to-named-notation '$BATS_TEST_TMPDIR/long.pgn' | named-notation-to-pgn | tr '\n' ' ' | grep -o '65535\. Nf3 Nf6 *65536\. Ng1 Ng8\|69999\. Nf3 Nf6 *70000\. Ng1 Ng8 *\*'"
    assert_success
    assert_output '65535. Nf3 Nf6 65536. Ng1 Ng8
69999. Nf3 Nf6 70000. Ng1 Ng8 *'
    assert_stderr_equal ''
}

@test "a game of 1000000 plies converts with move numbers up to 500000" {
    long_game 1000000
    run --separate-stderr bash -c "pgn-to-named-notation --to=fen '$BATS_TEST_TMPDIR/long.pgn' | tail -n 3 | head -n 1"
    assert_success
    assert_output 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000000 500001'
    run --separate-stderr bash -c "pgn-to-named-notation '$BATS_TEST_TMPDIR/long.pgn' | tail -n 3 | head -n 1"
    assert_output '500000. f6 - g8 leap2 s se'
}

@test "FEN counters past 65535 are read and written back, and a game goes on from them" {
    # python-chess reads any counter: Board(FEN).fen() gives it back, and
    # after Nf6 Nf3 it has 22 legal moves and the FEN below.
    local fen='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 99 65535'
    run --separate-stderr fen-check -n <<<"$fen"
    assert_success
    assert_output "$fen"
    run --separate-stderr legal-moves --fen --moves 'Nf6 Nf3' --count <<<"$fen"
    assert_success
    assert_output $'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 101 65536\t22'
    run --separate-stderr pgn-to-named-notation --to=fen <<<"[FEN \"$fen\"]

65535... Nf6 65536. Nf3 *"
    assert_success
    assert_output '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 99 65535"]

rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 100 65536
rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 101 65536
*'
}

@test "FEN counters above 2147483647 are refused with the bound in the message" {
    run --separate-stderr fen-check <<<'4k3/8/8/8/8/8/8/4K3 w - - 0 2147483648'
    assert_failure 1
    assert_stderr_equal "fen-check:<stdin>:1:29: full-move number '2147483648' is not a number from 1 to 2147483647 [bad-fullmove]"
    run --separate-stderr fen-check <<<'4k3/8/8/8/8/8/8/4K3 w - - 2147483647 2147483647'
    assert_success
}

# --- 5. messages ------------------------------------------------------------

@test "a line too long: one message at the first column past the limit in every tool" {
    { printf '%*s\n' 50 x; } >"$BATS_TEST_TMPDIR/long.txt"
    local f=$BATS_TEST_TMPDIR/long.txt tool
    for tool in fen-check legal-moves perft; do
        run --separate-stderr "$tool" --max-line 40 "$f"
        assert_failure 1
        assert_stderr_equal "$tool:$f:1:41: line too long (more than 40 bytes) [line-too-long]"
    done
    # The game tools split such a line and read on; the column is the same.
    run --separate-stderr named-notation-to-pgn --max-line 64 <<<"$(printf 'x%.0s' {1..70})"
    assert_stderr_line() { [[ $stderr == *"$1"* ]] || fail "no '$1' in: $stderr"; }
    assert_stderr_line 'named-notation-to-pgn:<stdin>:1:65: game 1: damaged text: line too long; split'
    # (a line of no tag and no move is no game's: it is a game's line here)
    run --separate-stderr pgn-check --max-line 64 <<<"1. e4 $(printf 'x%.0s' {1..70})"
    assert_stderr_line 'pgn-check:<stdin>:1:65: error: game 1: line too long; split [over-limit]'
}

@test "a line that is no FEN record at all gets one diagnostic in fen-check, legal-moves and perft" {
    local tool
    for tool in fen-check legal-moves perft; do
        run --separate-stderr "$tool" <<<'[Event "Rated Blitz game on a long tag line, 73 bytes in all"]'
        assert_failure 1
        assert_output ''
        local code=''
        [[ $tool != fen-check ]] || code=' [bad-piece]'
        assert_stderr_equal "$tool:<stdin>:1:1: not a FEN record ('[Event' is no piece placement)$code"
    done
    # A board gone wrong is still reported letter by letter.
    run --separate-stderr fen-check <<<'rnbqkbnr/ppxppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    assert_failure 1
    assert_stderr_equal "fen-check:<stdin>:1:12: 'x' is not a piece letter (PNBRQK, pnbrqk) [bad-piece]"
}

@test "a FEN tag is quoted whole in the converters' message, not cut in a number" {
    run --separate-stderr pgn-to-named-notation <<<'[FEN "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq e3 100 0"]

*'
    assert_failure 1
    assert_stderr_equal "pgn-to-named-notation:<stdin>:1:1: game 1: FEN tag: illegal position 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq e3 100 0': full-move number '0' is not a number from 1 to 2147483647
1 game, 0 converted, 1 with errors"
}

@test "a FEN tag too long to quote is cut at a field boundary with an ellipsis" {
    local junk
    junk=$(printf 'y%.0s' {1..80})
    run --separate-stderr pgn-to-named-notation <<<"[FEN \"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 100 0 $junk\"]

*"
    assert_failure 1
    assert_stderr_line() { [[ $stderr == *"$1"* ]] || fail "no '$1' in: $stderr"; }
    assert_stderr_line "FEN tag: illegal position 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 100 0 ...': "
}
