#!/usr/bin/env bats
# Text-level fidelity of the PGN and named-notation readers (issue 25):
# what they repair is said, line ends of every convention, UTF-16 input,
# near-standard tokens.  Each input is written here byte by byte (printf)
# into the test's own directory; every case runs one thread and --jobs 2.

load test_helper

setup() {
    cd "$BATS_TEST_TMPDIR" || return 1
}

# same_with_jobs TOOL ARGS...: run TOOL ARGS, then with --jobs 2, and
# check that status, stdout and stderr agree (the run left is the first).
same_with_jobs() {
    run --separate-stderr "$@" --jobs 2
    local st=$status out=$output err=$stderr
    run --separate-stderr "$@"
    assert_equal "$status" "$st"
    assert_equal "$output" "$out"
    assert_equal "$stderr" "$err"
}

ROSTER='[Event "E"]
[Site "S"]
[Date "2024.01.01"]
[Round "1"]
[White "A"]
[Black "B"]
'

# --- 1. an unterminated tag pair, a NUL byte: said, not repaired silently

@test "unterminated tag at the end of the file: converter says so, exit 1, nothing invented" {
    printf '[Event "E"]\n[White "J' >cut.pgn
    same_with_jobs pgn-to-named-notation --to=uci cut.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal "pgn-to-named-notation:cut.pgn:2:1: game 1 (J - ?): damaged text: tag pair not closed by ']' on its line
1 game, 0 converted, 1 with errors"
    same_with_jobs pgn-check --select=unterminated-tag cut.pgn
    assert_failure 1
    assert_stderr_equal "pgn-check:cut.pgn:2:1: error: game 1 (J - ?): tag pair not closed by ']' on its line [unterminated-tag]"
}

@test "unterminated tag cut inside a UTF-8 sequence: said, exit 1" {
    printf '[Event "E"]\n[White "J\xc3' >cut8.pgn
    same_with_jobs pgn-to-named-notation --to=uci cut8.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal "pgn-to-named-notation:cut8.pgn:2:1: game 1 (J"$'\xc3'" - ?): damaged text: tag pair not closed by ']' on its line
1 game, 0 converted, 1 with errors"
}

@test "unterminated tag in the middle of a header: said, the next game still converted" {
    printf '[Event "E"]\n[White "J\n[Black "K"]\n\n1. e4 e5 1-0\n\n[Event "F"]\n\n1. d4 *\n' >mid.pgn
    same_with_jobs pgn-to-named-notation --to=uci mid.pgn
    assert_failure 1
    assert_output '[Event "F"]

d2d4
*'
    assert_stderr_equal "pgn-to-named-notation:mid.pgn:2:1: game 1 (J - K): damaged text: tag pair not closed by ']' on its line
2 games, 1 converted, 1 with errors"
    same_with_jobs pgn-check --select=unterminated-tag mid.pgn
    assert_failure 1
    assert_stderr_equal "pgn-check:mid.pgn:2:1: error: game 1 (J - K): tag pair not closed by ']' on its line [unterminated-tag]"
}

@test "a NUL byte in a tag: said at the byte, exit 1" {
    printf '[Event "E"]\n[White "J\0K"]\n\n1. e4 e5 1-0\n' >nul.pgn
    same_with_jobs pgn-to-named-notation --to=uci nul.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal "pgn-to-named-notation:nul.pgn:2:10: game 1 (J K - ?): damaged text: NUL or control byte (read as a space)
1 game, 0 converted, 1 with errors"
    same_with_jobs pgn-check --select=nul-byte nul.pgn
    assert_failure 1
    assert_stderr_equal "pgn-check:nul.pgn:2:10: warning: game 1 (J K - ?): NUL byte [nul-byte]"
}

# --- 3. UTF-16

utf16() { # utf16 le|be TEXT FILE: TEXT in UTF-16 with its byte-order mark
    python3 -c 'import sys; e = sys.argv[1]; b = b"\xff\xfe" if e == "le" else b"\xfe\xff"
open(sys.argv[3], "wb").write(b + sys.argv[2].encode("utf-16-" + e))' "$@"
}

@test "UTF-16 PGN (LE and BE): one located message, exit 1, no game invented" {
    command -v python3 >/dev/null || skip "python3 is not installed"
    local e
    for e in le be; do
        utf16 $e $'[Event "E"]\n\n1. e4 e5 1-0\n' u$e.pgn
        same_with_jobs pgn-to-named-notation --to=uci u$e.pgn
        assert_failure 1
        assert_output ''
        assert_stderr_equal "pgn-to-named-notation:u$e.pgn:1:1: UTF-16 text: convert it to UTF-8
0 games, 0 converted, 0 with errors"
        same_with_jobs pgn-check u$e.pgn
        assert_failure 1
        assert_output ''
        assert_stderr_equal "pgn-check:u$e.pgn:1:1: UTF-16 text: convert it to UTF-8"
    done
}

@test "UTF-16 named notation and FEN: the same message from every reader of text" {
    command -v python3 >/dev/null || skip "python3 is not installed"
    utf16 le $'[Event "E"]\n\n1. e2 - e4 leap2 n n\n' u.txt
    run --separate-stderr named-notation-to-pgn u.txt
    assert_failure 1
    assert_output ''
    assert_stderr_equal "named-notation-to-pgn:u.txt:1:1: UTF-16 text: convert it to UTF-8
0 games, 0 converted, 0 with errors"
    utf16 be $'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' u.fen
    local t
    for t in fen-check legal-moves perft; do
        run --separate-stderr $t u.fen
        assert_failure 1
        assert_output ''
        assert_stderr_equal "$t:u.fen:1:1: UTF-16 text: convert it to UTF-8"
    done
}

# --- 5. named notation: an unclosed '(' is reported at the '('

@test "named-notation-to-pgn: an unclosed '(' is reported at the parenthesis, not at the next game" {
    printf '[Event "E"]\n\n1. e2 - e4 Pawn-move\n( 1. d2 - d4 Pawn-move\n1. e7 - e5 Pawn-move\n*\n\n[Event "F"]\n\n1. e2 - e4 Pawn-move\n*\n' >open.txt
    run --separate-stderr named-notation-to-pgn open.txt
    assert_failure 1
    assert_output '[Event "F"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4 *'
    assert_stderr_equal "named-notation-to-pgn:open.txt:4:1: game 1 (E): damaged text: variation '(' not closed by ')'
2 games, 1 converted, 1 with errors"
}

# --- 6. one tag longer than the line limit: one diagnostic

@test "a 3 MB tag value (over the 1 MiB line limit): one diagnostic, not one per piece" {
    { printf '%s[Result "1-0"]\n[Annotator "' "$ROSTER"; head -c 3000000 /dev/zero | tr '\0' x; printf '"]\n\n1. e4 e5 1-0\n'; } >big.pgn
    same_with_jobs pgn-check big.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal "pgn-check:big.pgn:8:1048577: error: game 1 (A - B, 1): line too long; split [over-limit]"
    same_with_jobs pgn-to-named-notation --to=uci big.pgn
    assert_failure 1
    assert_stderr_equal "pgn-to-named-notation:big.pgn:8:1048577: game 1 (A - B, 1): damaged text: line too long; split
1 game, 0 converted, 1 with errors"
}

# --- 2. old Mac line ends (a lone CR)

MAC_GAME='[Event "E"]\r[Site "S"]\r[Date "2024.01.01"]\r[Round "1"]\r[White "A"]\r[Black "B"]\r[Result "1-0"]\r\r1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\r'
LF_GAME='[Event "E"]\n[Site "S"]\n[Date "2024.01.01"]\n[Round "2"]\n[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n'
BAD_GAME='[Event "E"]\n[Site "S"]\n[Date "2024.01.01"]\n[Round "3"]\n[White "X"]\n[Black "D"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 foo Qh4# 0-1\n\n'

@test "CR-only line ends: pgn-check passes the game through unchanged, no control-byte" {
    printf "$MAC_GAME" >mac.pgn
    same_with_jobs pgn-check --pedantic mac.pgn
    assert_success
    assert_stderr_equal ''
    pgn-check mac.pgn >out.pgn
    cmp out.pgn mac.pgn
    same_with_jobs pgn-to-named-notation --to=uci --inline mac.pgn
    assert_success
    assert_output --partial 'e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7 1-0'
}

@test "CR-only then LF games: the LF game is passed through, line numbers count each CR" {
    printf "$MAC_GAME$LF_GAME$BAD_GAME" >mixed.pgn
    same_with_jobs pgn-check mixed.pgn
    assert_failure 1
    assert_stderr_equal "pgn-check:mixed.pgn:29:16: error: game 3 (X - D, 3): unrecognised text 'foo' in the movetext [unexpected-token]"
    assert_output --partial '1. f3 e5 2. g4 Qh4# 0-1'
    same_with_jobs pgn-to-named-notation --to=uci mixed.pgn
    assert_failure 1
    assert_stderr_equal "pgn-to-named-notation:mixed.pgn:29:16: game 3 (X - D, 3): ply 4 (2...): unexpected text 'foo' in the movetext
3 games, 2 converted, 1 with errors"
}

@test "CRLF stays one line end; a CR inside a line ends it" {
    printf '[Event "E"]\r\n[Site "S"]\r\n\r\n1. e4 e5 2. foo *\r\n' >crlf.pgn
    run --separate-stderr pgn-check --select=unexpected-token crlf.pgn
    assert_failure 1
    assert_stderr_equal "pgn-check:crlf.pgn:4:13: error: game 1 (E): unrecognised text 'foo' in the movetext [unexpected-token]"
    printf '[Event "E"]\n\n1. e4 e5\r2. foo *\n' >cr-in-line.pgn
    run --separate-stderr pgn-check --select=unexpected-token cr-in-line.pgn
    assert_failure 1
    assert_stderr_equal "pgn-check:cr-in-line.pgn:4:4: error: game 1 (E): unrecognised text 'foo' in the movetext [unexpected-token]"
}

@test "--jobs 2 numbers lines as one thread does in a large file of CR and LF games" {
    local i
    {
        for ((i = 0; i < 1500; i++)); do printf "$MAC_GAME"; done
        printf "$BAD_GAME"
        for ((i = 0; i < 1500; i++)); do printf "$LF_GAME"; done
        printf "$BAD_GAME"
        for ((i = 0; i < 1500; i++)); do printf "$MAC_GAME"; done
        printf "$BAD_GAME"
    } >many.pgn
    same_with_jobs pgn-to-named-notation --to=uci many.pgn
    assert_failure 1
    # 1500 games of 10 lines, then the bad game's 10 lines, 1500 of 10...
    assert_stderr_equal "pgn-to-named-notation:many.pgn:15009:16: game 1501 (X - D, 3): ply 4 (2...): unexpected text 'foo' in the movetext
pgn-to-named-notation:many.pgn:30019:16: game 3002 (X - D, 3): ply 4 (2...): unexpected text 'foo' in the movetext
pgn-to-named-notation:many.pgn:45029:16: game 4503 (X - D, 3): ply 4 (2...): unexpected text 'foo' in the movetext
4503 games, 4500 converted, 3 with errors"
    same_with_jobs pgn-check --select=unexpected-token many.pgn
    assert_failure 1
    assert_stderr_equal "pgn-check:many.pgn:15009:16: error: game 1501 (X - D, 3): unrecognised text 'foo' in the movetext [unexpected-token]
pgn-check:many.pgn:30019:16: error: game 3002 (X - D, 3): unrecognised text 'foo' in the movetext [unexpected-token]
pgn-check:many.pgn:45029:16: error: game 4503 (X - D, 3): unrecognised text 'foo' in the movetext [unexpected-token]"
}

# --- 4. near-standard tokens: taken, and noted by pgn-check --pedantic

@test "en-dash results, 'exf6ep' and a forum's [/pgn]: converted, not lost" {
    printf '%s[Result "1-0"]\n\n1. e4 a6 2. e5 d5 3. exd6ep e5 4. d4 e4 5. f4 exf3 e.p. 1\xe2\x80\x930\n\n%s[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0\xe2\x80\x931 [/pgn]\n[pgn]%s[Result "1/2-1/2"]\n\n1. d4 d5 1/2\xe2\x80\x931/2\n[/pgn]\n' "$ROSTER" "$ROSTER" "$ROSTER" >dash.pgn
    same_with_jobs pgn-to-named-notation --to=uci --inline dash.pgn
    assert_success
    assert_stderr_equal ''
    run bash -c "pgn-to-named-notation --to=uci --inline dash.pgn | grep -v -e '^\\[' -e '^\$'"
    assert_output 'e2e4 a7a6 e4e5 d7d5 e5d6 e7e5 d2d4 e5e4 f2f4 e4f3 1-0
f2f3 e7e5 g2g4 d8h4 0-1
d2d4 d7d5 1/2-1/2'
    same_with_jobs pgn-check dash.pgn
    assert_success
    assert_stderr_equal ''
}

@test "pgn-check --pedantic notes each near-standard token, '½-½' and 'e.p.' as the new ones" {
    printf '%s[Result "1-0"]\n\n1. e4 a6 2. e5 d5 3. exd6ep e5 4. d4 e4 5. f4 exf3 e.p. 1\xe2\x80\x930\n\n%s[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0\xe2\x80\x931 [/pgn]\n[pgn]%s[Result "1/2-1/2"]\n\n1. d4 Nf6 2. d5 e5 3. dxe6e.p. \xc2\xbd-\xc2\xbd\n' "$ROSTER" "$ROSTER" "$ROSTER" >notes.pgn
    same_with_jobs pgn-check --select=nonstandard-token notes.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal "pgn-check:notes.pgn:9:22: note: game 1 (A - B, 1): en-passant note after 'exd6': SAN writes none [nonstandard-token]
pgn-check:notes.pgn:9:47: note: game 1 (A - B, 1): en-passant note after 'exf3': SAN writes none [nonstandard-token]
pgn-check:notes.pgn:9:57: note: game 1 (A - B, 1): result written '1–0': the PGN standard writes '1-0' [nonstandard-token]
pgn-check:notes.pgn:19:21: note: game 2 (A - B, 1): result written '0–1': the PGN standard writes '0-1' [nonstandard-token]
pgn-check:notes.pgn:19:27: note: game 3 (A - B, 1): forum delimiter '[/pgn]' read as a blank: it is not PGN [nonstandard-token]
pgn-check:notes.pgn:28:23: note: game 3 (A - B, 1): en-passant note after 'dxe6': SAN writes none [nonstandard-token]
pgn-check:notes.pgn:28:32: note: game 3 (A - B, 1): result written '½-½': the PGN standard writes '1/2-1/2' [nonstandard-token]"
    # without --pedantic nothing is said, and the games pass
    same_with_jobs pgn-check notes.pgn
    assert_success
    assert_stderr_equal ''
}

@test "'fxe6ep' glued is the en-passant capture, as 'fxe6 e.p.' is" {
    run --separate-stderr pgn-to-named-notation --to=uci --inline <(printf '[FEN "4k3/8/8/4pP2/8/8/8/4K3 w - e6 0 2"]\n[SetUp "1"]\n\n1. fxe6ep *\n')
    assert_success
    assert_output --partial 'f5e6 *'
}

@test "legal-moves --explain takes 'fxe6ep' as it takes 'fxe6e.p.' (SAN's grammar, lib/notation/san.c)" {
    printf '4k3/8/8/4pP2/8/8/8/4K3 w - e6 0 2\n' >ep.fen
    local m
    for m in fxe6ep fxe6e.p. 'fxe6 ep'; do
        run --separate-stderr legal-moves --explain="$m" ep.fen
        assert_success
        assert_output 'legal'
    done
}

@test "named-notation-to-pgn: CR-only line ends are line ends, from a file and from a pipe" {
    printf '[Event "E"]\r\r1. e2 - e4 Pawn-move\r1. e7 - e5 Pawn-move\r2. g1 - f3 bad\r*\r' >mac.txt
    run --separate-stderr named-notation-to-pgn mac.txt
    assert_failure 1
    assert_stderr_equal "named-notation-to-pgn:mac.txt:5:1: game 1 (E): ply 3 (2.): bad record '2. g1 - f3 bad': the move generator writes '2. g1 - f3 leap2 n nw'
1 game, 0 converted, 1 with errors"
    run --separate-stderr bash -c 'named-notation-to-pgn <mac.txt'
    assert_failure 1
    assert_stderr_equal "named-notation-to-pgn:<stdin>:5:1: game 1 (E): ply 3 (2.): bad record '2. g1 - f3 bad': the move generator writes '2. g1 - f3 leap2 n nw'
1 game, 0 converted, 1 with errors"
    printf '[Event "E"]\r\r1. e2 - e4 Pawn-move\r1. e7 - e5 Pawn-move\r*\r' >good.txt
    run --separate-stderr named-notation-to-pgn good.txt
    assert_success
    assert_output '[Event "E"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4 e5 *'
}
