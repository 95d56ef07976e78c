#!/usr/bin/env bats
# pgn-check --fix and --fix --in-place (issue 39, "pgn-check --fix"): the
# games with findings the export mends written again in the PGN standard's
# export format, the others byte for byte; each finding mended reported as
# a note "[code, fixed]".  Fixtures: tests/cli/fixtures/pgn-check-fix; the
# expected texts (*.expected) are written by hand from the PGN standard:
# the Seven Tag Roster first in its order, a missing or empty roster tag
# "?" (Date "????.??.??", 8.1.1), the other tags in ASCII order (8.1.1),
# quotes in a value escaped (8.1.1), move numbers from the position and
# "N..." after a comment (8.2.2.2), SAN with its marks (8.2.3), the four
# results (8.2.6), SetUp "1" with FEN (9.7.1), PlyCount the plies (9.2.7),
# lines under 80 characters (8.2.1); the Result tag follows the marker, or
# the rules where they decide (formats/pgn-export.md, --fix-result).
# python-chess's reading of the fixed archives is scripts/check-slow-pgn-fix's.

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/pgn-check-fix"
TOP="$BATS_TEST_DIRNAME/../.."

setup() {
    cd "$FIX" || return 1
}

FIXABLE_NOTES='pgn-check:fixable.pgn:1:1: note: game 1 (Anna - Boris): malformed tag pair [bad-tag, fixed]
pgn-check:fixable.pgn:1:1: note: game 1 (Anna - Boris): Seven Tag Roster tags missing: Site, Date, Round [missing-tag, fixed]
pgn-check:fixable.pgn:6:68: note: game 1 (Anna - Boris): move number 4 where the position is at move 3 [wrong-move-number, fixed]
pgn-check:fixable.pgn:6:78: note: game 1 (Anna - Boris): result written '\''½-½'\'': the PGN standard writes '\''1/2-1/2'\'' [nonstandard-token, fixed]
pgn-check:fixable.pgn:6:78: note: game 1 (Anna - Boris): the movetext ends with '\''1/2-1/2'\'' but the Result tag says '\''1-0'\'' [result-mismatch, fixed]
pgn-check:fixable.pgn:16:21: note: game 2 (Carl - Dora, 1): result written '\''0–1'\'': the PGN standard writes '\''0-1'\'' [nonstandard-token, fixed]
pgn-check:fixable.pgn:19:1: note: game 3 (Eve - Finn, 2): Site tag is empty (the Seven Tag Roster wants a value, '\''?'\'' when unknown) [empty-tag, fixed]
pgn-check:fixable.pgn:26:23: note: game 3 (Eve - Finn, 2): en-passant note after '\''exd6'\'': SAN writes none [nonstandard-token, fixed]'

@test "--fix: roster tags, quotes, move numbers, results and nonstandard tokens mended; clocks and evals kept" {
    run --separate-stderr pgn-check --fix --pedantic fixable.pgn
    assert_failure 1
    assert_output "$(cat fixable.expected)"
    assert_stderr_equal "$FIXABLE_NOTES"
}

@test "--fix: SetUp added to FEN, PlyCount counted, tag order, a repeated tag dropped, the missing marker from the tag" {
    run --separate-stderr pgn-check --fix --pedantic tags.pgn
    assert_failure 1
    assert_output "$(cat tags.expected)"
    assert_stderr_equal 'pgn-check:tags.pgn:1:1: note: game 1 (K - L, 3): the input ends inside the game: no termination marker [missing-result, fixed]
pgn-check:tags.pgn:2:1: note: game 1 (K - L, 3): tag Event out of order (the Seven Tag Roster comes first: Event, Site, Date, Round, White, Black, Result) [tag-order, fixed]
pgn-check:tags.pgn:8:1: note: game 1 (K - L, 3): tag White appears twice (first on line 5) [duplicate-tag, fixed]
pgn-check:tags.pgn:9:1: note: game 1 (K - L, 3): PlyCount is 5 but the main line has 2 plies [plycount-mismatch, fixed]
pgn-check:tags.pgn:10:1: note: game 1 (K - L, 3): FEN tag without SetUp "1" [fen-without-setup, fixed]'
}

@test "--fix: the notes are mended only when they are on (--pedantic): without it the dash result stays" {
    run --separate-stderr pgn-check --fix fixable.pgn
    assert_failure 1
    [[ $output == *'Qh4# 0–1'* ]]
    [[ $output == *'[Event "The \"Open\" 2024"]'* ]]
}

@test "--fix: a clean game and a game with an illegal move pass through byte for byte, the error kept" {
    run --separate-stderr pgn-check --fix mixed.pgn
    assert_failure 1
    assert_output "$(cat mixed.pgn)"
    assert_stderr_equal "pgn-check:mixed.pgn:11:1: warning: game 2 (I - J): Seven Tag Roster tags missing: Site, Date, Round, Result [missing-tag]
pgn-check:mixed.pgn:15:13: error: game 2 (I - J): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3 [illegal-move]"
    # the fixed findings are notes: --fail-on=warning passes them, not the error
    run --separate-stderr pgn-check --fix --fail-on=warning fixable.pgn
    assert_success
    run --separate-stderr pgn-check --fix --fail-on=error mixed.pgn
    assert_failure 1
}

@test "--fix keeps a game's CR LF line ends and the byte-order mark that opens the file" {
    printf '\xef\xbb\xbf[Event "E"]\r\n\r\n1. e4 e5 *\r\n' >"$BATS_TEST_TMPDIR/crlf.pgn"
    printf '\xef\xbb\xbf[Event "E"]\r\n[Site "?"]\r\n[Date "????.??.??"]\r\n[Round "?"]\r\n[White "?"]\r\n[Black "?"]\r\n[Result "*"]\r\n\r\n1. e4 e5 *\r\n' >"$BATS_TEST_TMPDIR/expected"
    pgn-check --fix -q "$BATS_TEST_TMPDIR/crlf.pgn" >"$BATS_TEST_TMPDIR/out" || true
    cmp "$BATS_TEST_TMPDIR/out" "$BATS_TEST_TMPDIR/expected"
}

@test "--fix: a game without a marker before a malformed tag pair stays as it was (the marker would change how the text after it reads)" {
    printf '[Event "A"]\n\n1. e4 e5\n\n[Event *B"]\n1. d4 *\n' >"$BATS_TEST_TMPDIR/m.pgn"
    run --separate-stderr pgn-check --fix "$BATS_TEST_TMPDIR/m.pgn"
    assert_failure 1
    assert_output "$(cat "$BATS_TEST_TMPDIR/m.pgn")"
    [[ $stderr != *', fixed]'* ]]
}

@test "--fix of its own output changes nothing and reports nothing fixed" {
    for f in fixable tags mixed; do
        pgn-check --fix --pedantic "$f.pgn" >"$BATS_TEST_TMPDIR/$f.out" 2>/dev/null || true
        run --separate-stderr pgn-check --fix --pedantic "$BATS_TEST_TMPDIR/$f.out"
        assert_output "$(cat "$BATS_TEST_TMPDIR/$f.out")"
        [[ $stderr != *', fixed]'* ]]
    done
    run --separate-stderr pgn-check --pedantic fixable.expected tags.expected
    assert_success
    assert_stderr_equal ''
}

@test "--fix --jobs 2: the same output and diagnostics" {
    for i in 1 2 3 4 5 6 7 8; do cat fixable.pgn mixed.pgn tags.pgn; echo; done >"$BATS_TEST_TMPDIR/many.pgn"
    pgn-check --fix --pedantic "$BATS_TEST_TMPDIR/many.pgn" >"$BATS_TEST_TMPDIR/one" 2>"$BATS_TEST_TMPDIR/one.err" || true
    pgn-check --fix --pedantic -j2 "$BATS_TEST_TMPDIR/many.pgn" >"$BATS_TEST_TMPDIR/two" 2>"$BATS_TEST_TMPDIR/two.err" || true
    cmp "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/two"
    cmp "$BATS_TEST_TMPDIR/one.err" "$BATS_TEST_TMPDIR/two.err"
    grep -q ', fixed]$' "$BATS_TEST_TMPDIR/one.err"
}

@test "--fix --format=json with --in-place: the fixed findings carry \"fixed\":true" {
    cp tags.pgn "$BATS_TEST_TMPDIR/"
    run --separate-stderr pgn-check --fix --in-place --format=json --select=fen-without-setup,bad-date "$BATS_TEST_TMPDIR/tags.pgn"
    assert_failure 1
    assert_output "{\"file\":\"$BATS_TEST_TMPDIR/tags.pgn\",\"line\":10,\"column\":1,\"game\":1,\"offset\":0,\"level\":\"note\",\"code\":\"fen-without-setup\",\"message\":\"game 1 (K - L, 3): FEN tag without SetUp \\\"1\\\"\",\"fixed\":true}"
}

@test "--fix --format=sarif --in-place: a fixed result has properties.fixed" {
    cp tags.pgn "$BATS_TEST_TMPDIR/"
    run --separate-stderr pgn-check --fix --in-place --format=sarif --select=fen-without-setup "$BATS_TEST_TMPDIR/tags.pgn"
    assert_failure 1
    # (game 1 starts at byte 0 of tags.pgn: its related location)
    [[ $output == *'"region":{"startLine":10,"startColumn":1}}}],"relatedLocations":[{"id":1,"physicalLocation":{"artifactLocation":{"uri":'*'},"region":{"byteOffset":0}},"message":{"text":"game 1"}}],"properties":{"fixed":true}}'* ]]
}

# ------------------------------------------------------------------ --in-place

@test "--in-place: a file with something to mend is replaced by the fixed text, its mode kept; status 1" {
    local d=$BATS_TEST_TMPDIR/in
    mkdir "$d"
    cp fixable.pgn "$d/f.pgn"
    chmod 604 "$d/f.pgn"
    run --separate-stderr pgn-check --fix --pedantic --in-place "$d/f.pgn"
    assert_failure 1
    assert_output ''
    assert_stderr_equal "${FIXABLE_NOTES//fixable.pgn/$d/f.pgn}
pgn-check: $d/f.pgn: fixed"
    cmp "$d/f.pgn" fixable.expected
    [[ $(stat -c %a "$d/f.pgn") == 604 ]]
    [[ $(ls -A "$d") == f.pgn ]] # no new file left beside it
    # the second run finds nothing to mend: status 0, the file untouched
    local inode
    inode=$(stat -c %i "$d/f.pgn")
    run --separate-stderr pgn-check --fix --pedantic --in-place "$d/f.pgn"
    assert_success
    assert_stderr_equal ''
    [[ $(stat -c %i "$d/f.pgn") == "$inode" ]]
}

@test "--in-place: a file with nothing to mend is not written, even with unfixable findings" {
    cp mixed.pgn "$BATS_TEST_TMPDIR/m.pgn"
    local inode
    inode=$(stat -c %i "$BATS_TEST_TMPDIR/m.pgn")
    run --separate-stderr pgn-check --fix --in-place -q "$BATS_TEST_TMPDIR/m.pgn"
    assert_failure 1 # the illegal move
    cmp "$BATS_TEST_TMPDIR/m.pgn" mixed.pgn
    [[ $(stat -c %i "$BATS_TEST_TMPDIR/m.pgn") == "$inode" ]]
    run --separate-stderr pgn-check --fix --in-place --fail-on=error --select=missing-result "$BATS_TEST_TMPDIR/m.pgn"
    assert_success
}

@test "--in-place over several files and a directory, with --jobs 2: each file its own fixed text" {
    mkdir -p "$BATS_TEST_TMPDIR/d/sub"
    cp fixable.pgn "$BATS_TEST_TMPDIR/d/a.pgn"
    cp tags.pgn "$BATS_TEST_TMPDIR/d/sub/b.pgn"
    cp mixed.pgn "$BATS_TEST_TMPDIR/c.pgn"
    run --separate-stderr pgn-check --fix --pedantic --in-place -q -j2 "$BATS_TEST_TMPDIR/d" "$BATS_TEST_TMPDIR/c.pgn"
    assert_failure 1
    cmp "$BATS_TEST_TMPDIR/d/a.pgn" fixable.expected
    cmp "$BATS_TEST_TMPDIR/d/sub/b.pgn" tags.expected
    cmp "$BATS_TEST_TMPDIR/c.pgn" mixed.pgn
}

@test "--in-place through a symbolic link: the link stays, the file it points to is rewritten" {
    mkdir "$BATS_TEST_TMPDIR/s"
    cp tags.pgn "$BATS_TEST_TMPDIR/s/target.pgn"
    ln -s target.pgn "$BATS_TEST_TMPDIR/s/link.pgn"
    run --separate-stderr pgn-check --fix --pedantic --in-place -q "$BATS_TEST_TMPDIR/s/link.pgn"
    assert_failure 1
    [[ -L $BATS_TEST_TMPDIR/s/link.pgn ]]
    cmp "$BATS_TEST_TMPDIR/s/target.pgn" tags.expected
    [[ $(ls -A "$BATS_TEST_TMPDIR/s" | tr '\n' ' ') == 'link.pgn target.pgn ' ]]
}

@test "--in-place refuses standard input, a compressed file, and goes with --fix only" {
    run --separate-stderr pgn-check --fix --in-place
    assert_failure 64
    [[ $stderr == *'--in-place rewrites files: standard input cannot be rewritten; name the files'* ]]
    run --separate-stderr pgn-check --fix --in-place fixable.pgn -
    assert_failure 64
    run --separate-stderr pgn-check --in-place fixable.pgn
    assert_failure 64
    [[ $stderr == *'--in-place rewrites files with --fix: give --fix too'* ]]
    run --separate-stderr pgn-check --fix --format=json fixable.pgn
    assert_failure 64
    [[ $stderr == *'--fix writes games: it needs --format=text, or --in-place'* ]]
    run --separate-stderr pgn-check --fix --invert fixable.pgn
    assert_failure 64
    command -v gzip >/dev/null || skip "gzip is not installed"
    gzip -c fixable.pgn >"$BATS_TEST_TMPDIR/f.pgn.gz"
    cp "$BATS_TEST_TMPDIR/f.pgn.gz" "$BATS_TEST_TMPDIR/copy.gz"
    run --separate-stderr pgn-check --fix --in-place "$BATS_TEST_TMPDIR/f.pgn.gz"
    assert_failure 66
    assert_stderr_equal "pgn-check: $BATS_TEST_TMPDIR/f.pgn.gz: gzip-compressed: --in-place rewrites plain text only (decompress it, or write --fix's output to standard output)"
    cmp "$BATS_TEST_TMPDIR/f.pgn.gz" "$BATS_TEST_TMPDIR/copy.gz"
    # to standard output, a compressed input is fixed as its text
    run --separate-stderr pgn-check --fix --pedantic "$BATS_TEST_TMPDIR/f.pgn.gz"
    assert_output "$(cat fixable.expected)"
}

@test "--in-place: a write that fails (file size limit: a full disk) is status 74, the original untouched, nothing left beside it" {
    for i in $(seq 40); do cat fixable.pgn; echo; done >"$BATS_TEST_TMPDIR/big.pgn"
    cp "$BATS_TEST_TMPDIR/big.pgn" "$BATS_TEST_TMPDIR/orig"
    mkdir "$BATS_TEST_TMPDIR/w"
    mv "$BATS_TEST_TMPDIR/big.pgn" "$BATS_TEST_TMPDIR/w/"
    run --separate-stderr bash -c 'ulimit -f 4; trap "" XFSZ; exec pgn-check --fix --pedantic -q --in-place "$1"' _ "$BATS_TEST_TMPDIR/w/big.pgn"
    assert_failure 74
    [[ $stderr == *"(${BATS_TEST_TMPDIR}/w/big.pgn left as it was): File too large" ]]
    cmp "$BATS_TEST_TMPDIR/w/big.pgn" "$BATS_TEST_TMPDIR/orig"
    [[ $(ls -A "$BATS_TEST_TMPDIR/w") == big.pgn ]]
}

@test "--fix to a full standard output: status 74" {
    run --separate-stderr bash -c 'pgn-check --fix -q fixable.pgn >/dev/full'
    assert_failure 74
}

@test ".pre-commit-hooks.yaml: the pgn-check-fix hook rewrites the staged files as pre-commit runs it" {
    python3 -c 'import yaml' 2>/dev/null || skip "python3-yaml is not installed"
    local h="$TOP/.pre-commit-hooks.yaml"
    local -a cmd
    mapfile -t cmd < <(python3 -c 'import shlex, sys, yaml
h = [x for x in yaml.safe_load(open(sys.argv[1])) if x["id"] == "pgn-check-fix"][0]
assert h["files"] == r"\.pgn$" and h["language"] == "system"
print("\n".join(shlex.split(h["entry"]) + h.get("args", [])))' "$h")
    cp tags.pgn mixed.pgn "$BATS_TEST_TMPDIR/"
    cd "$BATS_TEST_TMPDIR"
    run --separate-stderr "${cmd[@]}" tags.pgn
    assert_failure 1 # changed: pre-commit fails the commit, the user stages the fix
    cmp tags.pgn "$FIX/tags.expected"
    run --separate-stderr "${cmd[@]}" tags.pgn
    assert_success
}

@test "--help documents --fix and --in-place" {
    run pgn-check --help
    assert_success
    assert_output --partial '--fix'
    assert_output --partial '--in-place'
}
