#!/usr/bin/env bats
# Compressed input (cmd/input/decompress.c): zstd, gzip, bzip2 and xz, found by
# their magic bytes, in every tool that reads FILE operands or standard
# input.  The truth is the plain text: a tool given the compressed bytes
# must give what it gives on the text the format's own program
# (zstd/gzip/bzip2/xz -dc) decompresses, byte for byte, the file's name
# aside; a damaged or truncated stream must keep what that program gets
# out of it before the break, and say where it broke: the line and column
# just after that text, counted here from the program's output.  The
# compressed fixtures are made at test time by the formats' programs
# (scripts/install-deps test installs them).

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/compressed"
GAMES="$BATS_TEST_DIRNAME/fixtures/pgn-select/tags.pgn"
FORMATS="zstd gzip bzip2 xz"

pgn-select() { timeout --foreground -k 10 "$TOOL_TIMEOUT" pgn-select "$@"; }
export -f pgn-select

setup() {
    for z in $FORMATS; do
        command -v "$z" >/dev/null || skip "$z is not installed (scripts/install-deps test)"
    done
}

# pack FORMAT [OPTION...] <TEXT >PACKED: compress with the format's program.
pack() {
    local z=$1
    shift
    case $z in
    zstd) zstd -q -c "$@" ;;
    *) "$z" -c "$@" ;;
    esac
}

# same_as_plain PLAIN PACKED TOOL [ARG...]: TOOL on PACKED, as a file and
# on standard input, gives what it gives on PLAIN: status, stdout and
# stderr, with PACKED's name for PLAIN's.
same_as_plain() {
    local plain=$1 packed=$2
    shift 2
    run --separate-stderr "$@" "$plain"
    local want_out=$output want_err=$stderr want_status=$status
    run --separate-stderr "$@" "$packed"
    assert_equal "$status" "$want_status"
    assert_equal "$output" "${want_out//"$plain"/"$packed"}"
    assert_equal "$stderr" "${want_err//"$plain"/"$packed"}"
    run --separate-stderr "$@" <"$plain"
    want_out=$output want_err=$stderr want_status=$status
    run --separate-stderr "$@" <"$packed"
    assert_equal "$status" "$want_status"
    assert_equal "$output" "$want_out"
    assert_equal "$stderr" "$want_err"
}

# place_after TEXTFILE: "LINE:COL" of the byte after the text (1-based,
# '\n' ends a line, COL counts bytes), as the tools place a message there.
place_after() {
    local lines last
    lines=$(tr -cd '\n' <"$1" | wc -c)
    last=$(tail -c 100000 "$1" | awk 'BEGIN { RS = "\n"; ORS = "" } { n = length($0) } END { print n }')
    # (awk's last record is the text after the last '\n', or empty)
    if [[ -s $1 && $(tail -c 1 "$1" | od -An -c | tr -d ' ') == '\n' ]]; then last=0; fi
    echo "$((lines + 1)):$((last + 1))"
}

# A larger archive, as lichess's: the fixture's games forty times over,
# each copy's Ids its own (so that no copy is another's), compressed by
# each program with a small window: a byte in the middle then falls in
# the middle of the text, with games before it.
make_archive() {
    ARCHIVE="$BATS_TEST_TMPDIR/archive.pgn"
    for i in $(seq 1 40); do sed "s/^\[Id \"\(.*\)\"\]/[Id \"$i-\1\"]/" "$GAMES"; done >"$ARCHIVE"
    zstd -q -c --zstd=wlog=10 "$ARCHIVE" >"$ARCHIVE.zst"
    gzip -c "$ARCHIVE" >"$ARCHIVE.gz"
    bzip2 -1 -c "$ARCHIVE" >"$ARCHIVE.bz2"
    xz -c --lzma2=preset=1,dict=4KiB "$ARCHIVE" >"$ARCHIVE.xz"
}

# flip_middle IN OUT: OUT is IN with its middle byte changed.
flip_middle() {
    local size half byte
    size=$(stat -c %s "$1")
    half=$((size / 2))
    byte=$(od -An -tu1 -j "$half" -N 1 "$1" | tr -d ' ')
    cp "$1" "$2"
    printf "$(printf '\\%03o' $(((byte + 85) % 256)))" | dd of="$2" bs=1 seek="$half" conv=notrunc status=none
}

# kept_at_least PEER PACKED LINE: PACKED broke on LINE of its text, at or
# after the end of PEER, the text the format's program got out of it (it
# drops what its last read gave when the read fails): every game that
# PEER holds whole is chosen from PACKED alike.
kept_at_least() {
    [[ $3 -ge $(($(tr -cd '\n' <"$1" | wc -c) + 1)) ]]
    run --separate-stderr pgn-select --tag Result=1-0 "$1"
    local peer_games=$output
    run --separate-stderr pgn-select --tag Result=1-0 "$2"
    [[ $output == "$(sed '/^\[Id /,$!d' <<<"$peer_games" | tac | sed '1,/^\[Id /d' | tac)"* ]]
}

ext() { case $1 in zstd) echo zst ;; gzip) echo gz ;; bzip2) echo bz2 ;; xz) echo xz ;; esac; }

@test "pgn-to-named-notation reads zstd, gzip, bzip2 and xz files and standard input as their text" {
    for z in $FORMATS; do
        pack "$z" <"$GAMES" >"$BATS_TEST_TMPDIR/games.pgn.$z"
        same_as_plain "$GAMES" "$BATS_TEST_TMPDIR/games.pgn.$z" pgn-to-named-notation --to=uci
        same_as_plain "$GAMES" "$BATS_TEST_TMPDIR/games.pgn.$z" pgn-to-named-notation --to=json
    done
    # (the plain run converts every game: the comparison is not of nothing)
    run --separate-stderr pgn-to-named-notation --to=uci "$BATS_TEST_TMPDIR/games.pgn.zstd"
    assert_success
    # (the first game's first moves, as its SAN says: 1. d4 Nf6 2. c4)
    assert_equal "$(sed -n '/^$/,$p' <<<"$output" | sed -n '2,4p' | tr '\n' ' ')" 'd2d4 g8f6 c2c4 '
    assert_equal "$(grep -c '^\[Id ' <<<"$output")" "$(grep -c '^\[Id ' "$GAMES")"
}

@test "pgn-check reads the four formats: clean games through, the findings at the text's lines" {
    for z in $FORMATS; do
        pack "$z" <"$GAMES" >"$BATS_TEST_TMPDIR/games.pgn.$z"
        same_as_plain "$GAMES" "$BATS_TEST_TMPDIR/games.pgn.$z" pgn-check
        same_as_plain "$GAMES" "$BATS_TEST_TMPDIR/games.pgn.$z" pgn-check --format=json
    done
    run --separate-stderr pgn-check "$BATS_TEST_TMPDIR/games.pgn.xz"
    assert_failure 1
    assert_line --index 0 '[Id "1"]'
    [[ $stderr == *"games.pgn.xz:279:1: warning: game 13 "* ]]
}

@test "pgn-select reads the four formats: the chosen games byte for byte, and counted" {
    for z in $FORMATS; do
        pack "$z" <"$GAMES" >"$BATS_TEST_TMPDIR/games.pgn.$z"
        same_as_plain "$GAMES" "$BATS_TEST_TMPDIR/games.pgn.$z" pgn-select --tag Result=1-0
        same_as_plain "$GAMES" "$BATS_TEST_TMPDIR/games.pgn.$z" pgn-select --tag Result=1-0 -c
    done
    run --separate-stderr pgn-select --tag Result=1-0 -c "$BATS_TEST_TMPDIR/games.pgn.gzip"
    assert_success
    assert_output "$(grep -c '^\[Result "1-0"\]' "$GAMES")"
}

@test "named-notation-to-pgn reads the four formats" {
    local named="$BATS_TEST_TMPDIR/games.named"
    pgn-to-named-notation --to=named "$GAMES" >"$named"
    for z in $FORMATS; do
        pack "$z" <"$named" >"$named.$z"
        same_as_plain "$named" "$named.$z" named-notation-to-pgn
    done
    run --separate-stderr named-notation-to-pgn "$named.bzip2"
    assert_success
    assert_line '[Id "1"]'
}

@test "fen-check and legal-moves read the four formats: each record at its line" {
    for z in $FORMATS; do
        pack "$z" <"$FIX/positions.fen" >"$BATS_TEST_TMPDIR/positions.fen.$z"
        same_as_plain "$FIX/positions.fen" "$BATS_TEST_TMPDIR/positions.fen.$z" fen-check
        same_as_plain "$FIX/positions.fen" "$BATS_TEST_TMPDIR/positions.fen.$z" legal-moves -c
    done
    run --separate-stderr fen-check "$BATS_TEST_TMPDIR/positions.fen.zstd"
    assert_failure 1
    assert_line --index 0 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    [[ $stderr == *"positions.fen.zstd:3:1: white has 0 kings, expected 1 [king-count]"* ]]
    [[ $stderr == *"positions.fen.zstd:5:45: "* ]]
}

@test "--jobs 2 splits the decompressed text: one thread's bytes" {
    make_archive
    for z in $FORMATS; do
        local f="$ARCHIVE.$(ext "$z")"
        run --separate-stderr pgn-to-named-notation --to=uci "$ARCHIVE"
        local want=$output
        run --separate-stderr pgn-to-named-notation --to=uci --jobs 2 "$f"
        assert_success
        assert_equal "$output" "$want"
        run --separate-stderr pgn-select --tag Result=0-1 --jobs 1 "$ARCHIVE"
        want=$output
        run --separate-stderr pgn-select --tag Result=0-1 --jobs 2 "$f"
        assert_success
        assert_equal "$output" "$want"
        run --separate-stderr pgn-check --jobs 1 "$ARCHIVE"
        want=$output
        local want_err=${stderr//"$ARCHIVE"/"$f"}
        run --separate-stderr pgn-check --jobs 2 "$f"
        assert_failure 1
        assert_equal "$output" "$want"
        assert_equal "$stderr" "$want_err"
    done
}

@test "concatenated streams (frames, members) are read to the end, and zstd's skippable frames are no text" {
    local a="$BATS_TEST_TMPDIR/a.pgn" b="$BATS_TEST_TMPDIR/b.pgn" ab="$BATS_TEST_TMPDIR/ab.pgn"
    sed -n '1,200p' "$GAMES" >"$a"
    sed -n '201,$p' "$GAMES" >"$b"
    cat "$a" "$b" >"$ab"
    for z in $FORMATS; do
        { pack "$z" <"$a"; pack "$z" <"$b"; } >"$ab.$z"
        same_as_plain "$ab" "$ab.$z" pgn-to-named-notation --to=uci
        same_as_plain "$ab" "$ab.$z" pgn-check
    done
    # a skippable frame (magic 0x184D2A50, 4 bytes of data) before and
    # between the frames
    { printf '\x50\x2a\x4d\x18\x04\x00\x00\x00abcd'; pack zstd <"$a"; printf '\x5f\x2a\x4d\x18\x00\x00\x00\x00'; pack zstd <"$b"; } >"$ab.skip"
    same_as_plain "$ab" "$ab.skip" pgn-to-named-notation --to=uci
}

@test "formats by their bytes, never by the name: a .zst holding text is text, a .pgn holding zstd is decompressed" {
    cp "$GAMES" "$BATS_TEST_TMPDIR/text.pgn.zst"
    same_as_plain "$GAMES" "$BATS_TEST_TMPDIR/text.pgn.zst" pgn-to-named-notation --to=uci
    pack zstd <"$GAMES" >"$BATS_TEST_TMPDIR/zstd.pgn"
    same_as_plain "$GAMES" "$BATS_TEST_TMPDIR/zstd.pgn" pgn-to-named-notation --to=uci
    # text that begins like a magic but is none: "BZh" and a letter, one
    # byte 0x28, "\x1f" alone
    for start in 'BZhx' '(' $'\x1f'; do
        printf '%s\n' "$start" >"$BATS_TEST_TMPDIR/odd.pgn"
        run --separate-stderr pgn-check "$BATS_TEST_TMPDIR/odd.pgn"
        [[ $stderr != *stream* && $stderr != *compressed* ]]
    done
}

@test "a directory operand yields its compressed PGN files too (*.pgn.zst, .gz, .bz2, .xz)" {
    local d="$BATS_TEST_TMPDIR/dir"
    mkdir -p "$d"
    pack zstd <"$GAMES" >"$d/a.pgn.zst"
    pack gzip <"$GAMES" >"$d/b.pgn.gz"
    pack bzip2 <"$GAMES" >"$d/c.pgn.bz2"
    pack xz <"$GAMES" >"$d/d.pgn.xz"
    pack xz <"$GAMES" >"$d/e.txt.xz"
    run --separate-stderr pgn-select --tag Result=1-0 -c "$d"
    assert_success
    assert_output "$((4 * $(grep -c '^\[Result "1-0"\]' "$GAMES")))"
}

@test "a damaged stream (a byte changed in the middle): the text before it kept, the break said once at its place" {
    make_archive
    for z in $FORMATS; do
        local f="$ARCHIVE.$(ext "$z")" bad="$BATS_TEST_TMPDIR/bad.pgn.$(ext "$z")"
        local peer="$BATS_TEST_TMPDIR/peer.pgn" prefix="$BATS_TEST_TMPDIR/prefix.pgn" why
        flip_middle "$f" "$bad"
        why=$("$z" -dc "$bad" 2>&1 >"$peer") && false
        # the library's reason, as the format's program says it where it
        # says the library's words (gzip and bzip2 word their own)
        case $z in
        zstd) why=$(sed 's/.* : //; s/ *$//' <<<"$why") ;;
        gzip) why="incorrect data check" ;;
        bzip2) why="data integrity error (a block's check failed)" ;;
        xz) why=${why##*: } why=${why,} ;;
        esac
        run --separate-stderr pgn-select -c "$bad"
        assert_failure 1
        local last=${stderr##*$'\n'} at
        [[ $last =~ ^pgn-select:$bad:([0-9]+):([0-9]+):\ damaged\ $z\ stream:\ (.*)\;\ the\ text\ before\ it\ was\ read$ ]]
        assert_equal "${BASH_REMATCH[3]}" "$why"
        at="${BASH_REMATCH[1]}:${BASH_REMATCH[2]}"
        # the text kept is the program's up to that place: all of it, but
        # for zstd, which keeps back the last block it decoded when the
        # frame's checksum then fails (the program writes it)
        head -n "$((BASH_REMATCH[1] - 1))" "$peer" >"$prefix"
        head -n "${BASH_REMATCH[1]}" "$peer" | tail -n 1 | head -c "$((BASH_REMATCH[2] - 1))" >>"$prefix"
        case $z in
        zstd) cmp -s "$prefix" <(head -c "$(stat -c %s "$prefix")" "$peer") ;;
        gzip | xz) assert_equal "$at" "$(place_after "$peer")" ;;
        bzip2)
            # libbz2 gives a block's text before its check fails, as far
            # as the caller's buffer goes: bzip2's is smaller than ours,
            # so it keeps less; what it keeps, ours holds
            kept_at_least "$peer" "$bad" "${BASH_REMATCH[1]}"
            continue
            ;;
        esac
        # there are games before the break
        [[ $(grep -c '^\[Id ' "$prefix") -gt 10 ]]
        for tool in "pgn-to-named-notation --to=uci" "pgn-check" "pgn-select --tag Result=1-0"; do
            for jobs in 1 2; do
                run --separate-stderr $tool --jobs $jobs "$prefix"
                local want_out=$output want_err=${stderr//"$prefix"/"$bad"}
                run --separate-stderr $tool --jobs $jobs "$bad"
                assert_failure 1
                assert_equal "$output" "$want_out"
                # the reader's findings on the text (the converter's count
                # aside), then the break, once
                local brk="${tool%% *}:$bad:$at: damaged $z stream: $why; the text before it was read"
                assert_equal "$(grep -c 'stream:' <<<"$stderr")" 1
                want_err=$(grep -v '^[0-9]* games\?,' <<<"$want_err")
                assert_equal "$(grep -v '^[0-9]* games\?,' <<<"$stderr")" "$want_err${want_err:+$'\n'}$brk"
            done
        done
    done
}

@test "a truncated stream (cut at half): the text before it kept, 'truncated' said once at its place" {
    make_archive
    for z in $FORMATS; do
        local f="$ARCHIVE.$(ext "$z")" cut="$BATS_TEST_TMPDIR/cut.pgn.$(ext "$z")"
        local prefix="$BATS_TEST_TMPDIR/prefix.pgn"
        head -c $(($(stat -c %s "$f") / 2)) "$f" >"$cut"
        ! "$z" -dc "$cut" >"$prefix" 2>/dev/null
        [[ $(grep -c '^\[Id ' "$prefix") -gt 10 ]]
        local at brk
        at=$(place_after "$prefix")
        brk="truncated $z stream: the compressed data ends before the stream does; the text before it was read"
        if [[ $z == bzip2 ]]; then
            # (bzip2 drops the text of its last read, as above)
            run --separate-stderr pgn-select -c "$cut"
            assert_failure 1
            [[ ${stderr##*$'\n'} =~ ^pgn-select:$cut:([0-9]+):[0-9]+:\ $brk$ ]]
            kept_at_least "$prefix" "$cut" "${BASH_REMATCH[1]}"
            continue
        fi
        for jobs in 1 2; do
            run --separate-stderr pgn-select --tag Result=1-0 --jobs $jobs "$prefix"
            local want_out=$output want_err=${stderr//"$prefix"/"$cut"}
            run --separate-stderr pgn-select --tag Result=1-0 --jobs $jobs "$cut"
            assert_failure 1
            assert_equal "$output" "$want_out"
            assert_equal "$stderr" "$want_err${want_err:+$'\n'}pgn-select:$cut:$at: $brk"
        done
        # on standard input, and through the converter, the same
        run --separate-stderr pgn-to-named-notation --to=uci <"$prefix"
        local want_out=$output want_err=$stderr
        run --separate-stderr pgn-to-named-notation --to=uci <"$cut"
        assert_failure 1
        assert_equal "$output" "$want_out"
        want_err=$(grep -v '^[0-9]* games\?,' <<<"$want_err")
        assert_equal "$(grep -v '^[0-9]* games\?,' <<<"$stderr")" \
            "$want_err${want_err:+$'\n'}pgn-to-named-notation:<stdin>:$at: $brk"
    done
}

@test "a truncated stream of positions: fen-check reports the cut line as the text has it, then the break" {
    local text="$BATS_TEST_TMPDIR/p.fen" cut="$BATS_TEST_TMPDIR/cut.gz"
    head -c 100 "$FIX/positions.fen" >"$text"
    # the gzip member without its trailer: the text is all there, the stream is not
    gzip -c "$text" | head -c -8 >"$cut"
    run --separate-stderr fen-check "$text"
    local want_out=$output want_err=${stderr//"$text"/"$cut"}
    [[ -n $want_err ]]
    run --separate-stderr fen-check "$cut"
    assert_failure 1
    assert_equal "$output" "$want_out"
    assert_equal "$stderr" "$want_err
fen-check:$cut:$(place_after "$text"): truncated gzip stream: the compressed data ends before the stream does; the text before it was read"
}

@test "empty input, plain or compressed, is no game and no error" {
    : >"$BATS_TEST_TMPDIR/empty.pgn"
    for z in $FORMATS; do
        pack "$z" </dev/null >"$BATS_TEST_TMPDIR/empty.pgn.$z"
        for f in "$BATS_TEST_TMPDIR/empty.pgn" "$BATS_TEST_TMPDIR/empty.pgn.$z"; do
            run --separate-stderr pgn-to-named-notation --to=uci "$f"
            assert_success
            assert_output ''
            assert_equal "$stderr" ''
            run --separate-stderr pgn-check <"$f"
            assert_success
            assert_output ''
            assert_equal "$stderr" ''
            run --separate-stderr fen-check "$f"
            assert_success
            assert_equal "$stderr" ''
        done
    done
}

@test "compressed input to a full disk: write error, status 74" {
    [[ -w /dev/full ]] || skip "no /dev/full"
    make_archive
    run bash -c 'pgn-to-named-notation --to=uci "$1" >/dev/full' _ "$ARCHIVE.zst"
    assert_failure 74
    assert_output 'pgn-to-named-notation: write error'
    run bash -c 'pgn-check --jobs 2 "$1" >/dev/full 2>/dev/null' _ "$ARCHIVE.xz"
    assert_failure 74
}

@test "--help no longer sends compressed archives through a pipe" {
    for tool in pgn-to-named-notation pgn-check pgn-select named-notation-to-pgn fen-check; do
        run --separate-stderr "$tool" --help
        assert_success
        refute_output --partial 'zstdcat'
        assert_output --partial 'zstd'
    done
}
