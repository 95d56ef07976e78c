#!/usr/bin/env bats
# pgn-explore's Polyglot books: --to=polyglot --output BOOK against the
# truth, Debian's polyglot make-book (the same bytes on every input it reads
# whole: crafted games with castling, en passant, promotions, repetitions,
# results "*" and missing, the halving of a position's counters at 16384,
# and real archives), skipped (counted) where /usr/games/polyglot is absent;
# a game make-book stops at, reported and skipped; the output file written
# whole or not at all; and --book BOOK's listing of books made by hand from
# the specification's encoding (keys from python-chess's zobrist_hash).

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/pgn-explore-book"
POLYGLOT=${POLYGLOT:-/usr/games/polyglot}

need_polyglot() {
    [[ -x $POLYGLOT ]] || skip "Debian's polyglot is not installed ($POLYGLOT)"
}

# make_book BIN PGN [make-book options...]: make-book's book of PGN, or a
# failure when make-book did not read it whole (it says "all done!" then).
make_book() {
    local bin=$1 pgn=$2
    shift 2
    rm -f "$bin"
    "$POLYGLOT" make-book -pgn "$pgn" -bin "$bin" "$@" >"$BATS_TEST_TMPDIR/make-book.log" 2>&1
    grep -q '^all done!' "$BATS_TEST_TMPDIR/make-book.log"
}

# same_book PGN [make-book options...]: ours, with the same options under
# pgn-explore's names, has make-book's bytes.
same_book() {
    local pgn=$1
    shift
    local ours=() a
    for a in "$@"; do
        case $a in
        -min-game) ours+=(--min-games) ;;
        -max-ply | -min-score | -only-white | -only-black | -uniform) ours+=("-$a") ;;
        *) ours+=("$a") ;;
        esac
    done
    make_book "$BATS_TEST_TMPDIR/theirs.bin" "$pgn" "$@" || {
        echo "make-book did not read $pgn [$*]: $(tail -1 "$BATS_TEST_TMPDIR/make-book.log")"
        return 1
    }
    run --separate-stderr pgn-explore --to=polyglot --output "$BATS_TEST_TMPDIR/ours.bin" \
        "${ours[@]}" "$pgn"
    [[ $status -eq 0 ]] || { echo "pgn-explore [$*]: status $status: $stderr"; return 1; }
    cmp "$BATS_TEST_TMPDIR/theirs.bin" "$BATS_TEST_TMPDIR/ours.bin" || {
        echo "the books of $pgn [$*] differ"
        return 1
    }
}

OPTION_SETS=("" "-min-game 1" "-min-game 1 -only-black" "-min-game 1 -only-white"
    "-min-game 2 -min-score 60" "-max-ply 6 -uniform -min-game 1" "-max-ply 1 -min-game 1")

same_book_all_options() {
    local o
    for o in "${OPTION_SETS[@]}"; do
        # shellcheck disable=SC2086
        same_book "$1" $o || return 1
    done
}

@test "castling (both wings, rights lost to king and rook moves): make-book's bytes, 7 option sets" {
    need_polyglot
    same_book_all_options "$FIX/castling.pgn"
}

@test "en passant (captures, squares no pawn can take): make-book's bytes, 7 option sets" {
    need_polyglot
    same_book_all_options "$FIX/en-passant.pgn"
}

@test "promotions (queen, knight, rook, bishop): make-book's bytes, 7 option sets" {
    need_polyglot
    same_book_all_options "$FIX/promotions.pgn"
}

@test "a position repeated in a game counts each time; '*' and no Result tag score as draws" {
    need_polyglot
    same_book_all_options "$FIX/repeat-results.pgn"
    # the start position (make-book's defaults, the last book made): Nf3
    # 3 times in each of games 1-3 (1-0: 2 each, '*' and 1/2: 1 each = 12)
    # and once in games 4-6 (no Result tag, '*', '*': 1 each = 3); e4 once
    # in games 1-3 (2 + 1 + 1); d4 once in games 4-6 (1 + 1 + 1)
    same_book "$FIX/repeat-results.pgn"
    run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/ours.bin" --moves ''
    [[ $status -eq 0 ]]
    assert_output "position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
key 463b96181691fc9c, 3 moves
uci	san	weight	learn	share
g1f3	Nf3	15	0	68.2%
e2e4	e4	4	0	18.2%
d2d4	d4	3	0	13.6%"
}

# 70 games of 1,040 plies: Nf3 Nf6 Ng1 Ng8 again and again (every other
# game after Nc3 Nc6 Nb1 Nb8), results in turn; make-book's default
# -max-ply 1024 counts 256 of each in a game, so the start position's Nf3
# passes 16384 and every move of that position is halved.
gen_halving() {
    local i k r
    for ((i = 0; i < 70; i++)); do
        case $((i % 3)) in 0) r=1-0 ;; 1) r=0-1 ;; *) r=1/2-1/2 ;; esac
        printf '[Event "dance"]\n[Result "%s"]\n\n' "$r"
        ((i % 2)) && printf '1. Nc3 Nc6 2. Nb1 Nb8 '
        for ((k = 0; k < 260; k++)); do printf 'Nf3 Nf6 Ng1 Ng8 '; done
        printf '%s\n\n' "$r"
    done
}

@test "counters halved at 16384 in make-book's order: its bytes, with 1 and 2 jobs" {
    need_polyglot
    gen_halving >"$BATS_TEST_TMPDIR/halving.pgn"
    same_book "$BATS_TEST_TMPDIR/halving.pgn"
    run --separate-stderr pgn-explore --to=polyglot -j 2 --output "$BATS_TEST_TMPDIR/j2.bin" \
        "$BATS_TEST_TMPDIR/halving.pgn"
    [[ $status -eq 0 ]]
    cmp "$BATS_TEST_TMPDIR/theirs.bin" "$BATS_TEST_TMPDIR/j2.bin"
}

@test "real archives make-book reads whole: its bytes (events/, engines/ superfinals)" {
    need_polyglot
    need_shared pgn/events pgn/engines
    local f n=0 unread=0
    for f in "$SHARED"/pgn/events/*.pgn "$SHARED"/pgn/engines/*Superfinal.pgn; do
        if ! make_book "$BATS_TEST_TMPDIR/probe.bin" "$f" -max-ply 20; then
            unread=$((unread + 1)) # symbol too long, Chess960: not an input both read
            continue
        fi
        same_book "$f" -max-ply 20 -min-game 1
        same_book "$f"
        n=$((n + 1))
    done
    echo "# $n archives compared, $unread that make-book does not read whole" >&3
    [[ $n -ge 15 ]]
}

@test "a game make-book stops at is reported and skipped: the book of the others" {
    need_polyglot
    run make_book "$BATS_TEST_TMPDIR/theirs.bin" "$FIX/bad-game.pgn" -min-game 1
    [[ $status -ne 0 ]]
    grep -q 'illegal move "Bb6"' "$BATS_TEST_TMPDIR/make-book.log"
    make_book "$BATS_TEST_TMPDIR/theirs.bin" "$FIX/bad-game-good-ones.pgn" -min-game 1
    run --separate-stderr pgn-explore --to=polyglot --min-games 1 --output "$BATS_TEST_TMPDIR/ours.bin" \
        "$FIX/bad-game.pgn"
    [[ $status -eq 1 ]]
    [[ $stderr == "pgn-explore:$FIX/bad-game.pgn:19:24: game 2 (A - B, 1): ply 5 (3.): illegal move 'Bb6': no bishop can move to b6" ]]
    cmp "$BATS_TEST_TMPDIR/theirs.bin" "$BATS_TEST_TMPDIR/ours.bin"
}

@test "Chess960 games are not a Polyglot book's: skipped, the standard games counted" {
    need_polyglot
    {
        cat "$FIX/castling.pgn"
        printf '[Event "960"]\n[Variant "Chess960"]\n[SetUp "1"]\n[FEN "%s"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n' \
            "bnrkqrnb/pppppppp/8/8/8/8/PPPPPPPP/BNRKQRNB w KQkq - 0 1"
    } >"$BATS_TEST_TMPDIR/mixed.pgn"
    make_book "$BATS_TEST_TMPDIR/theirs.bin" "$FIX/castling.pgn"
    run --separate-stderr pgn-explore --to=polyglot --output "$BATS_TEST_TMPDIR/ours.bin" \
        "$BATS_TEST_TMPDIR/mixed.pgn"
    [[ $status -eq 0 ]]
    [[ $stderr == "pgn-explore: 1 game of a variant or Chess960 left out: a Polyglot book holds standard chess" ]]
    cmp "$BATS_TEST_TMPDIR/theirs.bin" "$BATS_TEST_TMPDIR/ours.bin"
}

@test "a game from a FEN tag is counted from its position (make-book plays every game from the start)" {
    local i
    for i in 1 2 3; do
        printf '[Event "from a FEN"]\n[SetUp "1"]\n[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]\n[Result "1-0"]\n\n1. a8=Q+ Kd7 1-0\n\n'
    done >"$BATS_TEST_TMPDIR/fen.pgn"
    run --separate-stderr pgn-explore --to=polyglot --output "$BATS_TEST_TMPDIR/fen.bin" "$BATS_TEST_TMPDIR/fen.pgn"
    [[ $status -eq 0 ]]
    # python-chess: zobrist_hash of the FEN is e7783b5a70da7685; a7a8q is 0x4c38; 3 wins
    [[ $(od -An -tx1 -v "$BATS_TEST_TMPDIR/fen.bin" | tr -d ' \n') == e7783b5a70da76854c38000600000000* ]]
}

# ---- the output file ----

@test "an existing file that is not a book is not overwritten (64); a book is replaced" {
    printf 'my notes\n' >"$BATS_TEST_TMPDIR/notes"
    run --separate-stderr pgn-explore --to=polyglot --output "$BATS_TEST_TMPDIR/notes" "$FIX/castling.pgn"
    [[ $status -eq 64 ]]
    [[ $stderr == "pgn-explore: $BATS_TEST_TMPDIR/notes: exists and is not a Polyglot book (byte 0: the book's size, 9 bytes, is not a multiple of 16: its last entry is torn (9 of 16 bytes)): not overwritten; remove it or name another --output" ]]
    [[ $(cat "$BATS_TEST_TMPDIR/notes") == "my notes" ]]
    run --separate-stderr pgn-explore --to=polyglot --output "$BATS_TEST_TMPDIR/b.bin" "$FIX/castling.pgn"
    [[ $status -eq 0 ]]
    run --separate-stderr pgn-explore --to=polyglot --output "$BATS_TEST_TMPDIR/b.bin" "$FIX/promotions.pgn"
    [[ $status -eq 0 ]]
    [[ $(stat -c %s "$BATS_TEST_TMPDIR/b.bin") -eq 512 ]]
}

@test "a book through a symbolic link: the file it names is replaced, the link kept; '-' is standard output" {
    pgn-explore --to=polyglot --output "$BATS_TEST_TMPDIR/real.bin" "$FIX/castling.pgn"
    ln -s real.bin "$BATS_TEST_TMPDIR/link.bin"
    run --separate-stderr pgn-explore --to=polyglot --output "$BATS_TEST_TMPDIR/link.bin" "$FIX/promotions.pgn"
    [[ $status -eq 0 ]]
    [[ -L $BATS_TEST_TMPDIR/link.bin ]]
    [[ $(stat -c %s "$BATS_TEST_TMPDIR/real.bin") -eq 512 ]]
    pgn-explore --to=polyglot --output - "$FIX/promotions.pgn" >"$BATS_TEST_TMPDIR/stdout.bin"
    cmp "$BATS_TEST_TMPDIR/real.bin" "$BATS_TEST_TMPDIR/stdout.bin"
}

@test "a full disk: status 74, and the book before it stays whole, no temporary file left" {
    run --separate-stderr pgn-explore --to=polyglot --output /dev/full "$FIX/castling.pgn"
    [[ $status -eq 74 ]]
    [[ $stderr == "pgn-explore: /dev/full: write error: No space left on device" ]]
    mkdir "$BATS_TEST_TMPDIR/d"
    pgn-explore --to=polyglot --min-games 1 --output "$BATS_TEST_TMPDIR/d/b.bin" "$FIX/castling.pgn"
    cp "$BATS_TEST_TMPDIR/d/b.bin" "$BATS_TEST_TMPDIR/before.bin"
    # a file-size limit of 1 KiB: the new book (2,288 bytes) cannot be written
    run --separate-stderr bash -c 'ulimit -f 1; trap "" XFSZ; exec pgn-explore --to=polyglot --min-games 1 --output "$1" "$2" "$3"' _ \
        "$BATS_TEST_TMPDIR/d/b.bin" "$FIX/castling.pgn" "$FIX/en-passant.pgn"
    [[ $status -eq 74 ]]
    [[ $stderr == "pgn-explore: $BATS_TEST_TMPDIR/d/b.bin: write error: File too large" ]]
    cmp "$BATS_TEST_TMPDIR/before.bin" "$BATS_TEST_TMPDIR/d/b.bin"
    [[ $(ls -A "$BATS_TEST_TMPDIR/d") == "b.bin" ]]
}

@test "usage: --to=polyglot without --output, --only-white with --only-black" {
    run --separate-stderr pgn-explore --to=polyglot "$FIX/castling.pgn"
    [[ $status -eq 64 ]]
    [[ $stderr == "pgn-explore: --to=polyglot writes a book: name it with --output BOOK" ]]
    run --separate-stderr pgn-explore --to=polyglot --only-white --only-black --output x.bin "$FIX/castling.pgn"
    [[ $status -eq 64 ]]
    [[ ${stderr%%$'\n'*} == "pgn-explore: --only-white and --only-black: a book of neither side is empty" ]]
}

# ---- --book BOOK ----

# entry KEY MOVE WEIGHT LEARN (hex): one 16-byte entry, big-endian.
entry() {
    local hex="$1$2$3$4"
    # shellcheck disable=SC2059
    printf "$(sed 's/../\\x&/g' <<<"$hex")"
}

START=463b96181691fc9c    # the specification's start position key
CASTLE=fda239cc692a6053   # r3k2r/8/8/8/8/8/8/R3K2R w KQkq - (python-chess)
PROMO=e7783b5a70da7685    # 4k3/P7/8/8/8/8/8/4K3 w - - (python-chess)

hand_book() {
    {
        entry $START 031c 0003 00000007 # e2e4
        entry $START 02db 0001 00000000 # d2d4
        entry $PROMO 4c38 0005 00000000 # a7a8q
        entry $PROMO 1c38 0001 00000000 # a7a8n
        entry $CASTLE 0107 0002 00000000 # e1h1: O-O
        entry $CASTLE 0100 0002 00010000 # e1a1: O-O-O
    } >"$BATS_TEST_TMPDIR/hand.bin"
}

@test "--book: the moves of the start position, weights, learn values, shares" {
    hand_book
    run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/hand.bin" --moves ''
    [[ $status -eq 0 ]]
    assert_output "position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
key 463b96181691fc9c, 2 moves
uci	san	weight	learn	share
e2e4	e4	3	7	75.0%
d2d4	d4	1	0	25.0%"
}

@test "--book: castling as king takes rook, promotions" {
    hand_book
    run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/hand.bin" --fen 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
    [[ $status -eq 0 ]]
    assert_output "position r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
key fda239cc692a6053, 2 moves
uci	san	weight	learn	share
e1g1	O-O	2	0	50.0%
e1c1	O-O-O	2	65536	50.0%"
    run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/hand.bin" --fen '4k3/P7/8/8/8/8/8/4K3 w - - 0 1'
    assert_output "position 4k3/P7/8/8/8/8/8/4K3 w - - 0 1
key e7783b5a70da7685, 2 moves
uci	san	weight	learn	share
a7a8q	a8=Q+	5	0	83.3%
a7a8n	a8=N	1	0	16.7%"
    run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/hand.bin" --moves 'e4'
    [[ $status -eq 0 ]]
    assert_output "position rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
key 823c9b50fd114196, 0 moves"
}

@test "--book --positions: one answer a line, in order; a line that is no position keeps its place" {
    hand_book
    printf '%s\n' 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' garbage '4k3/P7/8/8/8/8/8/4K3 w - - 0 1' >"$BATS_TEST_TMPDIR/pos.fen"
    run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/hand.bin" --positions "$BATS_TEST_TMPDIR/pos.fen"
    [[ $status -eq 1 ]]
    [[ $stderr == "pgn-explore:$BATS_TEST_TMPDIR/pos.fen:2:1: not a FEN record ('garbage' is no piece placement)" ]]
    [[ ${lines[0]} == "position r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" ]]
    [[ ${lines[5]} == "no position (line 2)" ]]
    [[ ${lines[6]} == "position 4k3/P7/8/8/8/8/8/4K3 w - - 0 1" ]]
    [[ ${lines[9]} == "a7a8q	a8=Q+	5	0	83.3%" ]]
}

@test "--book: a damaged book is reported where it is damaged, status 1" {
    hand_book
    head -c 40 "$BATS_TEST_TMPDIR/hand.bin" >"$BATS_TEST_TMPDIR/torn.bin"
    run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/torn.bin" --moves ''
    [[ $status -eq 1 ]]
    [[ $output == "" ]]
    [[ $stderr == "pgn-explore: $BATS_TEST_TMPDIR/torn.bin: byte 32: the book's size, 40 bytes, is not a multiple of 16: its last entry is torn (8 of 16 bytes)" ]]
    { entry $PROMO 4c38 0005 00000000; entry $START 031c 0003 00000007; } >"$BATS_TEST_TMPDIR/unsorted.bin"
    run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/unsorted.bin" --moves ''
    [[ $status -eq 1 ]]
    [[ $stderr == "pgn-explore: $BATS_TEST_TMPDIR/unsorted.bin: byte 16: entry 2's key 463b96181691fc9c is below the key before it: the entries are not sorted" ]]
    { entry $START 0000 0003 00000000; } >"$BATS_TEST_TMPDIR/nomove.bin"
    run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/nomove.bin" --moves ''
    [[ $status -eq 1 ]]
    [[ $stderr == "pgn-explore: $BATS_TEST_TMPDIR/nomove.bin: byte 0: entry 1's move 0x0000 is not a move" ]]
    # e2e5: shaped as a move, not legal in the position: left out, the others listed
    { entry $START 031c 0003 00000000; entry $START 0324 0001 00000000; } >"$BATS_TEST_TMPDIR/illegal.bin"
    run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/illegal.bin" --moves ''
    [[ $status -eq 1 ]]
    [[ $stderr == "pgn-explore: $BATS_TEST_TMPDIR/illegal.bin: byte 16: entry 2's move 0x0324 is not legal in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" ]]
    [[ ${lines[3]} == "e2e4	e4	3	0	75.0%" ]]
    run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/absent.bin" --moves ''
    [[ $status -eq 66 ]]
    [[ $stderr == "pgn-explore: $BATS_TEST_TMPDIR/absent.bin: No such file or directory" ]]
}

@test "--book reads make-book's books as python-chess does (moves, weights, learn)" {
    need_polyglot
    PYTHONPATH=${PYCHESS:-/work/pychess} python3 -c 'import chess.polyglot' 2>/dev/null ||
        skip "python-chess is not importable (PYCHESS)"
    make_book "$BATS_TEST_TMPDIR/b.bin" "$FIX/castling.pgn" -min-game 1
    local moves
    for moves in '' 'e4' 'e4 e5 Nf3 Nc6 Bc4 Bc5' 'd4 d5 Nc3 Nc6 Bf4 Bf5 Qd2 Qd7'; do
        run --separate-stderr pgn-explore --book "$BATS_TEST_TMPDIR/b.bin" --moves "$moves"
        [[ $status -eq 0 ]]
        local ours theirs
        ours=$(tail -n +4 <<<"$output" | cut -f 1,3,4)
        theirs=$(PYTHONPATH=${PYCHESS:-/work/pychess} python3 -c '
import sys, chess, chess.polyglot
b = chess.Board()
for san in sys.argv[2].split():
    b.push_san(san)
with chess.polyglot.open_reader(sys.argv[1]) as r:
    for e in r.find_all(b, minimum_weight=0):
        print("%s\t%d\t%d" % (e.move.uci(), e.weight, e.learn))
' "$BATS_TEST_TMPDIR/b.bin" "$moves")
        [[ -n $theirs ]]
        [[ $ours == "$theirs" ]] || { echo "after '$moves': ours"$'\n'"$ours"$'\n'"python-chess"$'\n'"$theirs"; return 1; }
    done
}
