#!/usr/bin/env bats
# The games' addresses (issue 39): the byte offset of each game's first
# byte in the file's text, in --to=json, the tables (--fields=offset) and
# pgn-check's JSON and SARIF, with one thread and with --jobs; and
# pgn-select --at OFFSET FILE, which reads the game there.  The expected
# offsets never come from our own output: `grep -b '^\[Event '` (GNU
# grep's byte offset of each matching line) or python over the bytes.

load test_helper

# offsets FILE: the byte offset of each line that opens with an Event tag.
offsets() { grep -ab '^\[Event ' "$1" | cut -d: -f1; }

# A small file with what moves offsets: a BOM, CRLF line ends, blank
# lines, comments before a game, a lone-CR game.
small() {
    printf '\xef\xbb\xbf[Event "a"]\r\n[Site "x"]\r\n\r\n1. e4 e5 *\r\n\r\n\r\n' >"$1"
    printf '[Event "b"]\n\n{ a comment } 1. d4 d5 1-0\n\n' >>"$1"
    printf '[Event "c"]\r[Site "y"]\r\r1. c4 *\r\r' >>"$1"
    printf '[Event "d"]\n[Round "1"]\n\n1. Nf3 Nf6 2. g3 1/2-1/2\n' >>"$1"
}

@test "--to=json: each game's offset is where its first tag starts (BOM, CRLF, lone CR, blank lines)" {
    f=$BATS_TEST_TMPDIR/small.pgn
    small "$f"
    # python: the offset of each "[Event " at a line start (after the BOM)
    want=$(python3 -c '
import re,sys
b=open(sys.argv[1],"rb").read()
print("\n".join(str(m.start()) for m in re.finditer(rb"(?:^|(?<=[\r\n])|(?<=\xef\xbb\xbf))\[Event ",b)))' "$f")
    assert_equal "$want" $'3\n46\n87\n120'
    run --separate-stderr pgn-to-named-notation --to=json "$f"
    assert_success
    assert_equal "$(jq -r .offset <<<"$output")" "$want"
    run --separate-stderr pgn-to-named-notation --to=tsv --per-game --fields=game,line,offset "$f"
    assert_success
    assert_equal "$(sed 1d <<<"$output" | cut -f3)" "$want"
    assert_equal "$(head -1 <<<"$output")" $'game\tline\toffset'
}

@test "--jobs 2: the offsets of 8,000 games are grep -b's, as one thread gives them" {
    need_shared pgn/bench/random-100k.pgn.zst
    f=$BATS_TEST_TMPDIR/g.pgn
    zstd -dc "$SHARED/pgn/bench/random-100k.pgn.zst" | awk '/^\[Event /{n++; if(n>8000) exit} {print}' >"$f"
    want=$(offsets "$f")
    assert_equal "$(wc -l <<<"$want")" 8000
    run --separate-stderr pgn-to-named-notation --to=csv --per-game --fields=offset --jobs 2 "$f"
    assert_success
    assert_equal "$(sed 1d <<<"$output")" "$want"
    run --separate-stderr pgn-to-named-notation --to=json --jobs 2 "$f"
    assert_success
    assert_equal "$(jq -r .offset <<<"$output")" "$want"
    # compressed input: the offsets of the decompressed text
    zstd -q "$f" -o "$f.zst"
    run --separate-stderr pgn-to-named-notation --to=csv --per-game --fields=offset --jobs 2 "$f.zst"
    assert_success
    assert_equal "$(sed 1d <<<"$output")" "$want"
}

@test "pgn-check --format=json and sarif: a finding names its game's offset" {
    f=$BATS_TEST_TMPDIR/c.pgn
    printf '[Event "a"]\n[Result "*"]\n\n1. e4 e5 *\n\n[Event "b"]\n[Result "*"]\n\n1. e4 e4 *\n' >"$f"
    want=$(offsets "$f" | tail -1)
    assert_equal "$want" 38
    run --separate-stderr pgn-check --format=json "$f"
    assert_failure 1
    assert_equal "$(jq -r '"\(.game) \(.offset) \(.code)"' <<<"$output" | sort -u | grep illegal)" "2 38 illegal-move"
    run --separate-stderr pgn-check --format=sarif "$f"
    assert_failure 1
    assert_equal "$(jq -r '.runs[0].results[] | select(.ruleId == "illegal-move") | .relatedLocations[0] | "\(.physicalLocation.region.byteOffset) \(.message.text)"' <<<"$output")" "38 game 2"
}

@test "pgn-select --at OFFSET: each game byte for byte, as the file holds it" {
    f=$BATS_TEST_TMPDIR/small.pgn
    small "$f"
    # python: the bytes from each game's start to the next's (the game
    # ending in a lone CR is left out: its separator is written as a line
    # end of its own, as pgn-select writes a game it selects)
    for at in 3 46 120; do
        want=$(python3 -c '
import sys
b=open(sys.argv[1],"rb").read(); at=int(sys.argv[2])
starts=[3,46,87,120,len(b)]
sys.stdout.buffer.write(b[at:starts[starts.index(at)+1]])' "$f" "$at" | od -c)
        run --separate-stderr bash -c "pgn-select --at $at '$f' | od -c"
        assert_success
        assert_equal "$output" "$want"
    done
}

@test "pgn-select --at on 8,000 games: the game grep finds there, and the one the tag selects" {
    need_shared pgn/bench/random-100k.pgn.zst
    f=$BATS_TEST_TMPDIR/g.pgn
    zstd -dc "$SHARED/pgn/bench/random-100k.pgn.zst" | awk '/^\[Event /{n++; if(n>8000) exit} {print}' >"$f"
    at=$(offsets "$f" | sed -n 5000p)
    next=$(offsets "$f" | sed -n 5001p)
    run --separate-stderr pgn-select --at "$at" "$f"
    assert_success
    assert_equal "$output" "$(tail -c +$((at + 1)) "$f" | head -c $((next - at)))"
    # the last game: to the end of the file
    at=$(offsets "$f" | tail -1)
    run --separate-stderr pgn-select --at "$at" "$f"
    assert_success
    assert_equal "$output" "$(tail -c +$((at + 1)) "$f")"
    # standard input, when it is the file, is seeked in too
    run --separate-stderr bash -c "pgn-select --at $at - <'$f'"
    assert_success
    assert_equal "$output" "$(tail -c +$((at + 1)) "$f")"
}

@test "pgn-select --at where no game starts: status 1, said with the file and the byte" {
    f=$BATS_TEST_TMPDIR/small.pgn
    small "$f"
    for at in 4 16 30 59 47; do # in a tag, a second tag line, movetext, a comment, mid-line
        run --separate-stderr pgn-select --at "$at" "$f"
        assert_failure 1
        assert_output ''
        assert_equal "$stderr" "pgn-select: $f: byte $at: no game starts there (a game's address is the byte offset of its first tag or token, as --to=json's \"offset\" gives it)"
    done
    size=$(stat -c %s "$f")
    run --separate-stderr pgn-select --at 100000 "$f"
    assert_failure 1
    assert_equal "$stderr" "pgn-select: $f: byte 100000: no game starts there: the file has $size bytes"
}

@test "pgn-select --at on compressed input or a pipe: status 66, saying why it cannot seek" {
    f=$BATS_TEST_TMPDIR/small.pgn
    small "$f"
    zstd -q "$f" -o "$f.zst"
    run --separate-stderr pgn-select --at 46 "$f.zst"
    assert_failure 66
    assert_equal "$stderr" "pgn-select: $f.zst: byte 46: --at cannot seek in compressed input: an offset is one of its decompressed text, which only a read from the start reaches (decompress it to a file first)"
    run --separate-stderr bash -c "cat '$f' | pgn-select --at 46"
    assert_failure 64
    run --separate-stderr bash -c "cat '$f' | pgn-select --at 46 -"
    assert_failure 66
    assert_equal "$stderr" "pgn-select: <stdin>: byte 46: --at cannot seek in a pipe or a terminal: it reads a game where it lies in a file (write the text to a file, or select the game with a criterion)"
    run --separate-stderr pgn-select --at 46 "$f" "$f"
    assert_failure 64
    [[ $stderr == *"--at reads one game of one FILE: give exactly one FILE"* ]]
    run --separate-stderr pgn-select --at 46 "$BATS_TEST_TMPDIR/none.pgn"
    assert_failure 66
}
