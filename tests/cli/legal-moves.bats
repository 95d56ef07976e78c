#!/usr/bin/env bats
# legal-moves: every option, each checked against a source independent of
# our library: Stockfish 15.1's `go perft 1` move lists (sorted, LC_ALL=C),
# the perft suites' D1 counts, the chessprogramming wiki's perft statistics
# (captures, checks), SAN worked out by hand from the PGN standard and
# checked against the games that use it, the wording of the issue for the
# --explain reasons, and the FIDE Laws for --status and --lone.

load test_helper

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
# "Kiwipete", perft position 2 of the chessprogramming wiki
KIWI='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
# perft positions 3 and 5 of the wiki
POS3='8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'
POS5='rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8'

# ok EXPECTED: the last run succeeded, printed EXPECTED and nothing on stderr.
ok() {
    assert_success
    assert_output "$1"
    assert_stderr_equal ''
}

# usage MESSAGE: the last run was refused as a usage error with MESSAGE.
usage() {
    assert_failure 64
    assert_output ''
    assert_stderr_equal "legal-moves: $1
Try \`legal-moves --help' or \`legal-moves --usage' for more information."
}

# --- move lists against Stockfish ------------------------------------------

@test "the start position: Stockfish's 20 moves in UCI, sorted" {
    run --separate-stderr legal-moves <<<"$START"
    ok 'a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4'
}

@test "Kiwipete, position 3 and position 5: Stockfish's lists, castling and promotions included" {
    run --separate-stderr legal-moves <<EOF
$KIWI
$POS3
$POS5
EOF
    ok 'a1b1 a1c1 a1d1 a2a3 a2a4 b2b3 c3a4 c3b1 c3b5 c3d1 d2c1 d2e3 d2f4 d2g5 d2h6 d5d6 d5e6 e1c1 e1d1 e1f1 e1g1 e2a6 e2b5 e2c4 e2d1 e2d3 e2f1 e5c4 e5c6 e5d3 e5d7 e5f7 e5g4 e5g6 f3d3 f3e3 f3f4 f3f5 f3f6 f3g3 f3g4 f3h3 f3h5 g2g3 g2g4 g2h3 h1f1 h1g1
a5a4 a5a6 b4a4 b4b1 b4b2 b4b3 b4c4 b4d4 b4e4 b4f4 e2e3 e2e4 g2g3 g2g4
a2a3 a2a4 b1a3 b1c3 b1d2 b2b3 b2b4 c1d2 c1e3 c1f4 c1g5 c1h6 c2c3 c4a6 c4b3 c4b5 c4d3 c4d5 c4e6 c4f7 d1d2 d1d3 d1d4 d1d5 d1d6 d7c8b d7c8n d7c8q d7c8r e1d2 e1f1 e1f2 e1g1 e2c3 e2d4 e2f4 e2g1 e2g3 g2g3 g2g4 h1f1 h1g1 h2h3 h2h4'
}

@test "en passant is listed (Stockfish)" {
    run --separate-stderr legal-moves <<<'4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2'
    ok 'e1d1 e1d2 e1e2 e1f1 e1f2 e5d6 e5e6'
}

@test "Chess960: castling is king takes rook, as Stockfish writes it with UCI_Chess960" {
    run --separate-stderr legal-moves <<<'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
    ok 'a2b4 a2c1 a2c3 a3a4 b1c1 b2b3 b2b4 c2c3 c2c4 d3d4 e1f3 e2e3 e2e4 f1f2 f1f3 f4f5 g1f2 g2g3 g2g4 h2h3 h2h4'
}

@test "every perft-suite position gives Stockfish's move list" {
    need_shared perft/fischer960.epd perft/standard.epd
    command -v stockfish >/dev/null || PATH=$PATH:/usr/games
    command -v stockfish >/dev/null || skip "stockfish is not installed"
    sf() { # sf CHESS960 < FENS: one sorted move list per FEN
        { echo "setoption name UCI_Chess960 value $1"
          while IFS= read -r fen || [[ -n $fen ]]; do echo "position fen $fen"; echo "go perft 1"; done
          echo quit; } | stockfish 2>/dev/null |
            awk '/^Nodes searched/ { print s; s = ""; next }
                 /^[a-h][1-8][a-h][1-8][qrbn]?: / { sub(/:.*/, ""); s = s (s == "" ? "" : " ") $0 }' |
            while IFS= read -r l; do tr ' ' '\n' <<<"$l" | LC_ALL=C sort | paste -sd' '; done
    }
    sed 's/ *;.*//' "$SHARED/perft/standard.epd" >"$BATS_TEST_TMPDIR/std.fen"
    sed 's/ *;.*//' "$SHARED/perft/fischer960.epd" >"$BATS_TEST_TMPDIR/frc.fen"
    sf false <"$BATS_TEST_TMPDIR/std.fen" >"$BATS_TEST_TMPDIR/std.want"
    sf true <"$BATS_TEST_TMPDIR/frc.fen" >"$BATS_TEST_TMPDIR/frc.want"
    run --separate-stderr legal-moves "$BATS_TEST_TMPDIR/std.fen"
    assert_success
    [ "$output" = "$(cat "$BATS_TEST_TMPDIR/std.want")" ]
    run --separate-stderr legal-moves "$BATS_TEST_TMPDIR/frc.fen"
    assert_success
    [ "$output" = "$(cat "$BATS_TEST_TMPDIR/frc.want")" ]
}

@test "--count gives the D1 count of every position of both perft suites" {
    need_shared perft/standard.epd perft/fischer960.epd
    # standard.epd: 126 of its 128 records give D1; fischer960.epd: all 960
    for case in standard:126 fischer960:960; do
        suite=$SHARED/perft/${case%:*}.epd
        run --separate-stderr legal-moves --count "$suite"
        assert_success
        assert_stderr_equal ''
        [ "$(grep -c '' <<<"$output")" = "$(grep -c '' "$suite")" ]
        run awk -F'\t' 'match($2, /;D1 [0-9]+/) { n++; if (substr($2, RSTART + 4, RLENGTH - 4) != $1) bad++ }
                        END { print n, bad + 0 }' <(paste <(printf '%s\n' "$output") "$suite")
        assert_output "${case#*:} 0"
    done
}

@test "a lone CR ends a line, as LF does (formats/fen.md): D1 counts of the wiki" {
    printf '%s\r\r%s\r' "$START" "$KIWI" >"$BATS_TEST_TMPDIR/mac.fen"
    run --separate-stderr legal-moves --count "$BATS_TEST_TMPDIR/mac.fen"
    assert_success
    assert_output $'20\n48'
    assert_stderr_equal ''
}

@test "--strict: the unreachable perft position is an error, the others are counted" {
    need_shared perft/standard.epd
    # Line 51: white bishops on a8 and h1 both check the king on f3 along
    # one diagonal, which no last move can do.
    run --separate-stderr legal-moves --strict --count "$SHARED/perft/standard.epd"
    assert_failure 1
    [ "$(wc -l <<<"$output")" = 127 ]
    assert_stderr_equal "legal-moves:$SHARED/perft/standard.epd:51:25: black king is checked from h1 and a8 on one line"
}

@test "positions whose moves are defined are listed unless --strict" {
    # Half-move clock 5 beside an en-passant square (no game reaches it) and
    # a five-field FEN: python-chess and Stockfish list these moves.
    # After 1. e4 the en-passant square is unusable; black has 20 moves.
    local ep='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1'
    local five='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0'
    run --separate-stderr legal-moves --count <<<"$ep"$'\n'"$five"
    assert_success
    assert_output $'20\n20'
    assert_stderr_equal ''
    run --separate-stderr legal-moves --strict --count <<<"$ep"$'\n'"$five"
    assert_failure 1
    assert_output ''
    assert_stderr_equal "legal-moves:<stdin>:1:57: half-move clock 5 but the en-passant square shows a pawn move (expected 0)
legal-moves:<stdin>:2:55: missing field 6 (full-move number) (strict)"
}

# --- notations ---------------------------------------------------------------

@test "--notation=san: the start position, in UCI order" {
    run --separate-stderr legal-moves --notation=san <<<"$START"
    ok 'a3 a4 Na3 Nc3 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 Nf3 Nh3 g3 g4 h3 h4'
}

@test "--notation=lan: the start position" {
    run --separate-stderr legal-moves --notation=lan <<<"$START"
    ok 'a2-a3 a2-a4 Nb1-a3 Nb1-c3 b2-b3 b2-b4 c2-c3 c2-c4 d2-d3 d2-d4 e2-e3 e2-e4 f2-f3 f2-f4 Ng1-f3 Ng1-h3 g2-g3 g2-g4 h2-h3 h2-h4'
}

@test "-n san: the opera game after 11. Bxb5+ (Morphy played 11...Nbd7)" {
    # Stockfish: b8c6 b8d7 e7d7 e8d8 f6d7; two knights reach d7.
    run --separate-stderr legal-moves -n san --moves 'e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+' <<<"$START"
    ok 'Nc6 Nbd7 Qd7 Kd8 Nfd7'
}

@test "-n san: a pinned knight does not make the other one disambiguate" {
    # Stockfish: e1d1 e1d2 e1e2 e1f1 e1f2 g1e2 g1f3 g1h3 (Nc3 is pinned by b4).
    run --separate-stderr legal-moves -n san <<<'4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1'
    ok 'Kd1 Kd2 Ke2 Kf1 Kf2 Ne2 Nf3 Nh3'
}

@test "-n san and lan: promotions with capture, castling, en passant, check and mate" {
    run --separate-stderr legal-moves -n san --from d7 <<<"$POS5"
    ok 'dxc8=B dxc8=N dxc8=Q dxc8=R'
    run --separate-stderr legal-moves -n lan --from d7 <<<"$POS5"
    ok 'd7xc8=B d7xc8=N d7xc8=Q d7xc8=R'
    run --separate-stderr legal-moves -n san --piece K <<<"$KIWI"
    ok 'O-O-O Kd1 Kf1 O-O'
    run --separate-stderr legal-moves -n san --from e5 <<<'4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2'
    ok 'exd6 e6'
    run --separate-stderr legal-moves -n san --checks <<<"$POS3"
    ok 'Rxf4+ g3+'
    # the fool's mate: 2...Qh4#
    run --separate-stderr legal-moves -n san --to h4 <<<'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2'
    ok 'Qh4#'
}

@test "-n named: the named-rule notation of pgn-to-named-notation" {
    run --separate-stderr legal-moves -n named --to e4 <<<"$START"
    ok 'e2 - e4 Pawn-move'
}

# --- --moves -------------------------------------------------------------------

@test "--moves plays UCI and SAN, with move numbers; --fen shows the position reached" {
    # Wikipedia's FEN example: after 1.e4 c5 2.Nf3; 22 moves (Stockfish).
    run --separate-stderr legal-moves --moves '1.e4 c7c5 2. Nf3' --fen --count <<<"$START"
    ok "$(printf 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\t22')"
}

@test "--moves: an illegal move is reported with its move number and the reason" {
    run --separate-stderr legal-moves --moves 'e4 e5 Nf3 Nc6 Nxe5 Nxe5 Ke2 Nc4 Ke3' <<EOF
$START
4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1
EOF
    assert_failure 1
    assert_output ''
    assert_stderr_equal 'legal-moves:<stdin>:1:1: --moves: 5. Ke3: the move leaves the king in check
legal-moves:<stdin>:2:1: --moves: 1. e4: the path from e2 to e4 is blocked at e3'
}

@test "--moves: the other records are still processed" {
    run --separate-stderr legal-moves --count --moves 'e1g1' <<EOF
$KIWI
$START
$KIWI
EOF
    # Stockfish: 43 moves after O-O in Kiwipete
    assert_failure 1
    assert_output $'43\n43'
    assert_stderr_equal 'legal-moves:<stdin>:2:1: --moves: 1. e1g1: castling not allowed: path not clear'
}

@test "--moves: text that is no move is a usage error" {
    run --separate-stderr legal-moves --moves 'e4 e5 Zz9'
    usage "invalid --moves: move 3 'Zz9' is not a move in SAN, long algebraic or UCI notation"
}

# --- filters -------------------------------------------------------------------

@test "--captures: Kiwipete's 8 captures (wiki: 8 captures at depth 1)" {
    run --separate-stderr legal-moves --captures <<<"$KIWI"
    ok 'd5e6 e2a6 e5d7 e5f7 e5g6 f3f6 f3h3 g2h3'
    run --separate-stderr legal-moves --captures --count <<<"$KIWI"
    ok 8
}

@test "--checks: none in Kiwipete, two in position 3 (wiki statistics)" {
    run --separate-stderr legal-moves --checks --count <<EOF
$KIWI
$POS3
EOF
    ok $'0\n2'
    run --separate-stderr legal-moves --checks <<<"$POS3"
    ok 'b4f4 g2g3'
}

@test "--from, --to, --piece; castling goes to the king's square" {
    run --separate-stderr legal-moves --from e5 <<<"$KIWI"
    ok 'e5c4 e5c6 e5d3 e5d7 e5f7 e5g4 e5g6'
    run --separate-stderr legal-moves --to g1 <<<"$KIWI"
    ok 'e1g1 h1g1'
    run --separate-stderr legal-moves --piece k <<<"$KIWI"
    ok 'e1c1 e1d1 e1f1 e1g1'
    run --separate-stderr legal-moves --piece N --captures <<<"$KIWI"
    ok 'e5d7 e5f7 e5g6'
    run --separate-stderr legal-moves --from e2 --to e4 <<<"$START"
    ok 'e2e4'
    run --separate-stderr legal-moves --from e4 <<<"$START"
    ok ''
}

@test "bad filter values are usage errors" {
    run --separate-stderr legal-moves --from z9
    usage "invalid --from value 'z9' (expected a square such as e4)"
    run --separate-stderr legal-moves --to e44
    usage "invalid --to value 'e44' (expected a square such as e4)"
    run --separate-stderr legal-moves --piece X
    usage "invalid --piece value 'X' (expected one of K, Q, R, B, N, P)"
    run --separate-stderr legal-moves --status --captures
    usage "the filters (--from, --to, --piece, --captures, --checks) apply to move lists, not to --status"
}

# --- --count, --fen, --json ------------------------------------------------------

@test "--count and --fen on a mate: 0 moves, and an empty list" {
    run --separate-stderr legal-moves --count <<<'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
    ok 0
    run --separate-stderr legal-moves --fen <<<'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
    ok "$(printf 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\t')"
}

@test "--json: one object per position, every notation and the status" {
    # Stockfish: a1a2 a1b1 a1b2; two bare kings are insufficient material.
    run --separate-stderr legal-moves --json <<<'7k/8/8/8/8/8/8/K7 w - - 0 1'
    assert_success
    assert_stderr_equal ''
    run jq -c '{fen, status, count, moves: [.moves[] | {uci, san, lan}], named: [.moves[] | has("named")]}' <<<"$output"
    assert_output '{"fen":"7k/8/8/8/8/8/8/K7 w - - 0 1","status":"insufficient material","count":3,"moves":[{"uci":"a1a2","san":"Ka2","lan":"Ka1-a2"},{"uci":"a1b1","san":"Kb1","lan":"Ka1-b1"},{"uci":"a1b2","san":"Kb2","lan":"Ka1-b2"}],"named":[true,true,true]}'
}

@test "--json with filters; --json with --explain" {
    run --separate-stderr legal-moves --json --to e4 <<<"$START"
    assert_success
    run jq -c '[.count, .moves[0].uci, .moves[0].san, .moves[0].named]' <<<"$output"
    assert_output '[1,"e2e4","e4","e2 - e4 Pawn-move"]'
    run --separate-stderr legal-moves --json --explain Bc5 <<<"$START"
    assert_success
    assert_output '{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","move":"Bc5","legal":false,"reason":"no-candidate","message":"no bishop can move to c5"}'
    run --separate-stderr legal-moves --json --explain g1f3 <<<"$START"
    assert_output '{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","move":"g1f3","legal":true,"uci":"g1f3","san":"Nf3","reason":"legal","message":"legal"}'
}

# --- --status --------------------------------------------------------------------

@test "--status: each FIDE outcome in a position built for it" {
    run --separate-stderr legal-moves --status <<'EOF'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
7k/5Q2/6K1/8/8/8/8/8 b - - 0 1
4k3/8/8/8/8/8/8/4R1K1 b - - 0 1
8/8/8/4k3/8/8/8/4K3 w - - 0 1
4k3/8/8/8/8/8/8/R3K3 w Q - 100 80
4k3/8/8/8/8/8/8/R3K3 w Q - 150 100
rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 150 100
EOF
    ok 'ongoing
checkmate
stalemate
check
insufficient material
fifty-move rule
seventy-five-move rule
checkmate'
}

@test "--status with --fen; --count and --status together are refused" {
    run --separate-stderr legal-moves --status --fen <<<"$START"
    ok "$(printf '%s\tongoing' "$START")"
    run --separate-stderr legal-moves --status --count
    usage '--count and --status cannot be combined'
}

# --- --explain: the issue's reasons, each in a position built for it ----------------

# explain FEN MOVE VERDICT: legal-moves --explain MOVE on FEN prints VERDICT.
explain() {
    run --separate-stderr legal-moves --explain "$2" <<<"$1"
    ok "$3"
}

@test "--explain: castling not allowed: no castling rights (Stockfish: no castling)" {
    explain 'r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1' O-O 'illegal: castling not allowed: no castling rights'
}

@test "--explain: castling not allowed: king is in check (Stockfish: no castling)" {
    explain '4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1' O-O-O 'illegal: castling not allowed: king is in check'
}

@test "--explain: castling not allowed: path not clear (Stockfish: O-O only)" {
    explain '4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1' O-O-O 'illegal: castling not allowed: path not clear'
    explain '4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1' O-O 'legal'
}

@test "--explain: castling not allowed: king passes through or lands on an attacked square (Stockfish: O-O-O only)" {
    explain '4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1' e1g1 'illegal: castling not allowed: king passes through or lands on an attacked square'
    explain '4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1' O-O-O 'legal'
}

@test "--explain: the other rules, worded as in the issue" {
    explain "$START" e3e4 'illegal: no piece on e3'
    explain "$START" e7e5 'illegal: the piece on e7 is black and white is to move'
    explain "$START" c1c5 'illegal: a bishop cannot move from c1 to c5'
    explain 'r3k3/8/8/8/P7/8/8/R3K3 w - - 0 1' a1a8 'illegal: the path from a1 to a8 is blocked at a4'
    explain '4k3/8/8/8/8/r7/4K3/8 w - - 0 1' Ke3 'illegal: the move leaves the king in check'
    explain '8/4P3/8/8/k7/8/8/4K3 w - - 0 1' e8 'illegal: a pawn reaching the last rank must promote'
    explain '4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2' exd6 'illegal: no en-passant capture is possible on d6'
    explain "$START" Bc5 'illegal: no bishop can move to c5'
    explain '4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1' Nd2 'illegal: ambiguous: Nbd2 and Nfd2 both match'
    explain "$START" Nf3 'legal'
    explain "$START" e2e4 'legal'
}

@test "--explain: text that is no move is a usage error" {
    run --separate-stderr legal-moves --explain 'Zz9'
    usage "invalid --explain value 'Zz9': not a move in SAN, long algebraic or UCI notation"
}

# --- --lone ----------------------------------------------------------------------

@test "--lone: the issue's examples" {
    run --separate-stderr legal-moves --lone Na1
    ok 'b3 c2'
    run --separate-stderr legal-moves --lone Rd4
    ok 'a4 b4 c4 d1 d2 d3 d5 d6 d7 d8 e4 f4 g4 h4'
    run --separate-stderr legal-moves --lone Pe2
    ok 'e3 e4'
    run --separate-stderr legal-moves --lone pe7
    ok 'e5 e6'
    run --separate-stderr legal-moves --lone pe6
    ok 'e5'
}

@test "--lone --count: a queen in the centre has 27 squares, a king in the corner 3" {
    for case in Qd4:27 qe5:27 Ka1:3 Kd4:8 Bd4:13 Nd4:8 Nh8:2 Rh8:14; do
        run --separate-stderr legal-moves --lone "${case%:*}" --count
        ok "${case#*:}"
    done
}

@test "--lone: a bad piece or square is a clear usage error" {
    run --separate-stderr legal-moves --lone Xd4
    usage "invalid --lone value 'Xd4': 'X' is not a piece letter (K, Q, R, B, N, P; lower case for black)"
    run --separate-stderr legal-moves --lone Nz9
    usage "invalid --lone value 'Nz9': 'z9' is not a square (expected a piece and a square, like Nd4)"
    run --separate-stderr legal-moves --lone Pe8
    usage "invalid --lone value 'Pe8': a pawn cannot stand on the first or last rank"
    run --separate-stderr legal-moves --lone Nd4 "$SHARED/perft/standard.epd"
    usage '--lone reads no input, but FILE operands were given'
}

# --- records, files and errors ---------------------------------------------------

@test "bad records: legal-moves:FILE:LINE:COL: message, exit 1, the rest processed" {
    printf '%s\n' "$START" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1' '' \
        '8/8/8/8/8/8/8/8 w - - 0 1' "$KIWI" >"$BATS_TEST_TMPDIR/in.fen"
    run --separate-stderr legal-moves --count "$BATS_TEST_TMPDIR/in.fen"
    assert_failure 1
    assert_output $'20\n48'
    assert_stderr_equal "legal-moves:$BATS_TEST_TMPDIR/in.fen:2:43: 'X' is not a piece letter (PNBRQK, pnbrqk)
legal-moves:$BATS_TEST_TMPDIR/in.fen:4:1: white has 0 kings, expected 1
legal-moves:$BATS_TEST_TMPDIR/in.fen:4:1: black has 0 kings, expected 1"
}

@test "several FILE operands and - for standard input" {
    printf '%s\n' "$START" >"$BATS_TEST_TMPDIR/a.fen"
    run --separate-stderr legal-moves --count "$BATS_TEST_TMPDIR/a.fen" - "$BATS_TEST_TMPDIR/a.fen" <<<"$KIWI"
    ok $'20\n48\n20'
}

@test "a file that cannot be opened: exit 66, the others still read" {
    run --separate-stderr legal-moves --count "$BATS_TEST_TMPDIR/none.fen" - <<<"$START"
    assert_failure 66
    assert_output 20
    assert_stderr_equal "legal-moves: cannot open $BATS_TEST_TMPDIR/none.fen: No such file or directory"
}

@test "a line over --max-line is reported and skipped" {
    run --separate-stderr legal-moves --max-line=40 --count <<EOF
$START
4k3/8/8/8/8/8/8/4K3 w - - 0 1
EOF
    assert_failure 1
    assert_output 5
    assert_stderr_equal 'legal-moves:<stdin>:1:41: line too long (more than 40 bytes) [line-too-long]'
}

@test "a write error exits 74" {
    run bash -c "legal-moves <<<'$START' >/dev/full"
    assert_failure 74
    assert_output 'legal-moves: write error: No space left on device'
}

@test "-q prints nothing; the exit status still tells" {
    run --separate-stderr legal-moves -q <<<'8/8/8/8/8/8/8/8 w - - 0 1'
    assert_failure 1
    assert_output ''
    assert_stderr_equal ''
}

@test "bad options: unknown notation, conflicting modes" {
    run --separate-stderr legal-moves --notation=xyz
    usage "invalid --notation value 'xyz' (expected uci, san, lan or named)"
    run --separate-stderr legal-moves --json --count
    usage '--json already holds the count and the status; give it alone'
    run --separate-stderr legal-moves --explain e4 --count
    usage '--explain cannot be combined with --count'
}

@test "--help documents the order of the moves and the exit statuses" {
    run --separate-stderr legal-moves --help
    assert_success
    assert_output --partial 'Order: moves are sorted by their UCI text'
    assert_exit_status_table
}

@test "out of memory exits 71" {
    big_line "$BATS_TEST_TMPDIR/big" 100000000
    with_memory_limit 80000 legal-moves --max-line 1000M "$BATS_TEST_TMPDIR/big"
    assert_failure 71
    assert_output ''
    assert_stderr_equal "legal-moves: cannot read $BATS_TEST_TMPDIR/big: Cannot allocate memory"
}

@test "--color paints diagnostics as gcc does: the place bold" {
    run --separate-stderr legal-moves --color=always <<<'k7/8/8/8/8/8/8/K7 x - - 0 1'
    assert_failure 1
    assert_stderr_equal "${BOLD}legal-moves:<stdin>:1:19:${RESET} side to move 'x' is not 'w' or 'b'"
    run --separate-stderr legal-moves --color=never <<<'k7/8/8/8/8/8/8/K7 x - - 0 1'
    assert_stderr_equal "legal-moves:<stdin>:1:19: side to move 'x' is not 'w' or 'b'"
}
