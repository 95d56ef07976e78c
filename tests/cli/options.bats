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
    # an empty rank 8, then 21 bad letters overflowing rank 7, two ranks,
    # missing fields: 25 problems, 24 shown
    run --separate-stderr fen-check <<<"/$(printf 'x%.0s' {1..21})"
    assert_failure 1
    [[ ${stderr##*$'\n'} == 'fen-check:<stdin>:1: 1 more problem not shown' ]]
}

@test "pgn-check: a main line of one ply is one ply" {
    run --separate-stderr pgn-check --ignore=missing-tag <<<$'[Event "t"]\n[PlyCount "2"]\n\n1. e4 *'
    assert_failure 1
    assert_stderr_equal 'pgn-check:<stdin>:2:1: warning: game 1 (t): PlyCount is 2 but the main line has 1 ply [plycount-mismatch]'
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

# ---- one vocabulary of options (docs/options.md) ----

TOOLS=(fen-check legal-moves perft pgn-to-named-notation named-notation-to-pgn pgn-check pgn-select pgn-explore)
KIWI='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
GAME=$'[Event "t"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *'

# help_entries TOOL: one line per option entry of TOOL's --help that has a
# short letter: the letter, a space, then the entry's long names
# (e.g. "j jobs threads").
help_entries() {
    "$1" --help | grep -E '^  -[^-]' | while read -r line; do
        local names letters=''
        names=$(grep -oE -- '--[a-z0-9-]+' <<<"${line%%  *}" | sed 's/^--//' | tr '\n' ' ')
        for l in $(grep -oE -- '(^|[ ,])-[A-Za-z?]' <<<"${line%%  *}" | tr -d ' ,-'); do
            echo "$l $names"
        done
    done
}

@test "a short option letter has one meaning in all six tools" {
    declare -A seen=()
    local tool l names
    for tool in "${TOOLS[@]}"; do
        while read -r l names; do
            if [[ -n ${seen[$l]:-} ]]; then
                # the entries must share a long name (an entry may carry aliases)
                local shared='' n
                for n in $names; do [[ " ${seen[$l]} " == *" $n "* ]] && shared=$n; done
                [[ -n $shared ]] || {
                    echo "-$l is --${seen[$l]// / --} in one tool, --${names// / --} in $tool"
                    return 1
                }
            else
                seen[$l]=$names
            fi
        done < <(help_entries "$tool")
    done
    # the shared meanings the issue asked for
    [[ " ${seen[j]} " == *" jobs "* ]]
    [[ " ${seen[J]} " == *" json "* ]]
    [[ " ${seen[n]} " == *" notation "* ]]
    [[ " ${seen[d]} " == *" depth "* ]]
    [[ " ${seen[v]} " == *" invert "* ]]
}

@test "every tool that has --jobs has -j for it, and it works" {
    local tool n=0
    for tool in "${TOOLS[@]}"; do
        "$tool" --help | grep -q -- '--jobs=N' || continue
        "$tool" --help | grep -qE -- '^  -j, .*--jobs=N' || { echo "$tool: no -j for --jobs"; return 1; }
        n=$((n + 1))
    done
    ((n == 5)) # perft and the four PGN tools that run threads
    # perft(3) of the start position is 8902 (chessprogramming wiki)
    run --separate-stderr perft -j 2 --startpos -d 3
    assert_success
    assert_output '8902 nodes'
    run --separate-stderr perft --jobs 0 --startpos -d 3
    assert_output '8902 nodes'
    run --separate-stderr pgn-to-named-notation -j 2 -n uci <<<"$GAME"
    assert_success
    assert_output - <<'EOF'
[Event "t"]
[Site "?"]
[Date "????.??.??"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "*"]

e2e4
e7e5
*
EOF
    run --separate-stderr pgn-check -j 2 <<<"$GAME"
    assert_success
    assert_output "$GAME"
    run --separate-stderr pgn-select -j 2 --tag 'White=A' <<<"$GAME"
    assert_success
    assert_output "$GAME"
}

@test "perft: -t and --threads, the old names of -j and --jobs, still work" {
    run --separate-stderr perft -t 2 --startpos -d 3
    assert_success
    assert_output '8902 nodes'
    run --separate-stderr perft --threads 1 --startpos -d 3
    assert_output '8902 nodes'
    run --separate-stderr perft --help
    assert_output --partial '-j, -t, --jobs=N, --threads=N'
    assert_output --partial '-t and --threads are the old names of -j and --jobs'
}

@test "-J is --json in fen-check, legal-moves and perft" {
    run --separate-stderr perft -J --startpos -d 1
    assert_success
    [[ $output == '{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","depth":1,"nodes":20,'* ]]
    run --separate-stderr fen-check -J <<<"$START"
    assert_success
    assert_output '{"file":"<stdin>","line":1,"record":"'"$START"'","valid":true,"problems":[]}'
    run --separate-stderr legal-moves -J --count <<<"$START"
    assert_failure 64
    assert_stderr_equal "legal-moves: --json already holds the count and the status; give it alone
Try \`legal-moves --help' or \`legal-moves --usage' for more information."
    run --separate-stderr legal-moves -J <<<'7k/8/8/8/8/8/8/K7 w - - 0 1'
    assert_success
    [[ $output == '{"fen":"7k/8/8/8/8/8/8/K7 w - - 0 1",'* ]]
}

@test "fen-check and legal-moves: the old -j, -n and -d still mean what they meant there" {
    run --separate-stderr fen-check -j <<<"$START"
    assert_output '{"file":"<stdin>","line":1,"record":"'"$START"'","valid":true,"problems":[]}'
    # -n/-N: counters added (FEN standard: halfmove 0, fullmove 1)
    run --separate-stderr fen-check -n <<<'4k3/8/8/8/8/8/8/4K3 w - -'
    assert_output '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    run --separate-stderr fen-check -N <<<'4k3/8/8/8/8/8/8/4K3 w - -'
    assert_output '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    run --separate-stderr fen-check -d ascii <<<'4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    assert_line --index 1 '8 . . . . k . . .'
    run --separate-stderr fen-check -D ascii <<<'4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    assert_line --index 1 '8 . . . . k . . .'
    run --separate-stderr legal-moves -j <<<'7k/8/8/8/8/8/8/K7 w - - 0 1'
    [[ $output == '{"fen":"7k/8/8/8/8/8/8/K7 w - - 0 1",'* ]]
    run fen-check --help
    assert_output --partial 'Old spellings, kept for scripts: -j for -J (--json), -n for -N'
    run legal-moves --help
    assert_output --partial 'Old spellings, kept for scripts: -j for -J (--json), --fen without'
}

@test "legal-moves --fen FEN and --startpos give the position, as in perft" {
    # perft(1): 48 moves in Kiwipete, 20 at the start (chessprogramming wiki)
    run --separate-stderr legal-moves --fen "$KIWI" --startpos --count
    assert_success
    assert_output $'48\n20'
    run --separate-stderr legal-moves --fen="$KIWI" --count
    assert_output '48'
    # the lone kings' moves, by hand: a1 to a2, b1, b2
    run --separate-stderr legal-moves --fen '7k/8/8/8/8/8/8/K7 w - - 0 1'
    assert_success
    assert_output 'a1a2 a1b1 a1b2'
    run --separate-stderr legal-moves --startpos -n san --moves 'e4 e5' --piece K
    assert_success
    assert_output 'Ke2'
}

@test "legal-moves --fen: a bad position is reported at --fen:N, and FILE operands are refused" {
    run --separate-stderr legal-moves --startpos --fen '8/8/8/8/8/8/8/8 w - - 0 1'
    assert_failure 1
    # Stockfish's go perft 1 at the start, sorted
    assert_output 'a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3 h2h4'
    [[ $stderr == 'legal-moves:--fen:2:1: '* ]]
    run --separate-stderr legal-moves --fen "$KIWI" positions.fen
    assert_failure 64
    assert_stderr_equal "legal-moves: --fen and --startpos take the place of FILE operands
Try \`legal-moves --help' or \`legal-moves --usage' for more information."
}

@test "legal-moves: --fen without a position is the old --with-fen" {
    echo '7k/8/8/8/8/8/8/K7 w - - 0 1' >"$BATS_TEST_TMPDIR/k.fen"
    run --separate-stderr legal-moves --with-fen "$BATS_TEST_TMPDIR/k.fen"
    assert_success
    assert_output $'7k/8/8/8/8/8/8/K7 w - - 0 1\ta1a2 a1b1 a1b2'
    run --separate-stderr legal-moves --fen "$BATS_TEST_TMPDIR/k.fen"
    assert_success
    assert_output $'7k/8/8/8/8/8/8/K7 w - - 0 1\ta1a2 a1b1 a1b2'
    run --separate-stderr legal-moves --fen --count <"$BATS_TEST_TMPDIR/k.fen"
    assert_success
    assert_output $'7k/8/8/8/8/8/8/K7 w - - 0 1\t3'
}

@test "-n is the notation in legal-moves and pgn-to-named-notation; -v is --invert in pgn-check" {
    run --separate-stderr legal-moves -n san <<<'7k/8/8/8/8/8/8/K7 w - - 0 1'
    assert_output 'Ka2 Kb1 Kb2'
    run --separate-stderr pgn-to-named-notation --notation=san --inline <<<"$GAME"
    assert_success
    # SAN as the PGN standard exports it (8.2.2)
    assert_line '1. e4 e5 *'
    # -v: only the game with a problem (an illegal move) is written
    local bad=$'[Event "u"]\n\n1. e4 e5 2. Ke3 *'
    run --separate-stderr pgn-check -v --ignore=missing-tag <<<"$GAME"$'\n\n'"$bad"
    assert_failure 1
    assert_output "$bad"
}
