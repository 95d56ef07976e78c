#!/usr/bin/env bats
# pgn-select --split against an independent splitter: split_py (Python,
# below) cuts the input into games (a game starts at a tag line that
# follows no tag line, and holds every byte up to the next game's start,
# the blank lines after it included), reads the tag itself, makes it safe
# by the rule docs/pgn-select.md states, and appends each game to its file;
# the files pgn-select writes must be the same bytes.  The errors: a file
# that exists, a directory that cannot be made or written, a write that
# fails (`ulimit -f`), each status 74, the file named, and no file left.

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/pgn-select"

pgn-select() { timeout --foreground -k 10 "$TOOL_TIMEOUT" pgn-select "$@"; }
export -f pgn-select

# split_py OUTDIR SPEC FILE...: the files --split would write, by Python.
# SPEC: "TAG" ({TAG}.pgn), "TAG:N" ({TAG:N}.pgn), "every:N" (part-{n}.pgn
# with --split-every N); games kept only when their Result tag is $RESULT,
# when it is set, or when it is not $NOT_RESULT (or missing), when that is.
split_py() {
    python3 - "$@" <<'PY'
import os, re, sys
out, spec, files = sys.argv[1], sys.argv[2], sys.argv[3:]
want = os.environ.get("RESULT")
unwanted = os.environ.get("NOT_RESULT")
def games(data):
    lines = data.splitlines(keepends=True)
    starts, prev_tag = [], False
    for i, l in enumerate(lines):
        tag = l.startswith(b"[")
        if tag and not prev_tag:
            starts.append(i)
        prev_tag = tag
    for a, b in zip(starts, starts[1:] + [len(lines)]):
        yield b"".join(lines[a:b])
def tag(g, name):
    m = re.search(rb'(?m)^\[' + re.escape(name.encode()) + rb' "((?:[^"\\]|\\.)*)"\]', g)
    return None if m is None else m.group(1).decode("utf-8", "replace")
def safe(v, n):
    if v is None:
        return "_"
    if n:
        v = v[:n]
    s = "".join(c if re.fullmatch(r"[A-Za-z0-9._-]", c) and not (i == 0 and c == ".") else "_"
                for i, c in enumerate(v))[:64]
    return s or "_"
os.makedirs(out, exist_ok=True)
k = 0
for f in files:
    for g in games(open(f, "rb").read()):
        if want is not None and tag(g, "Result") != want:
            continue
        if unwanted is not None and tag(g, "Result") == unwanted:
            continue
        if spec.startswith("every:"):
            name = "part-%d.pgn" % (k // int(spec[6:]) + 1)
        else:
            t, _, n = spec.partition(":")
            name = safe(tag(g, t), int(n) if n else 0) + ".pgn"
        k += 1
        with open(os.path.join(out, name), "ab") as fp:
            fp.write(g)
PY
}

# same_tree A B: the same files with the same bytes.
same_tree() { diff -r "$1" "$2"; }

@test "--split '{ECO:1}.pgn': A.pgn to E.pgn, and _.pgn for the game without ECO, as Python splits" {
    cd "$BATS_TEST_TMPDIR"
    run --separate-stderr pgn-select --split 'got/{ECO:1}.pgn' "$FIX/tags.pgn" "$FIX/openings.pgn"
    assert_success
    assert_output ''
    assert_equal "$stderr" ''
    split_py want ECO:1 "$FIX/tags.pgn" "$FIX/openings.pgn"
    run same_tree want got
    assert_success
    [[ -s got/_.pgn && -s got/B.pgn ]]
    # every game once: the files hold all the input's bytes
    assert_equal "$(cat got/*.pgn | wc -c)" "$(cat "$FIX/tags.pgn" "$FIX/openings.pgn" | wc -c)"
}

@test "--split '{ECO}.pgn' --tag 'Result=1-0': the chosen games only, each to its code's file" {
    cd "$BATS_TEST_TMPDIR"
    run --separate-stderr pgn-select --tag 'Result=1-0' --split 'got/{ECO}.pgn' --stats \
        "$FIX/tags.pgn"
    assert_success
    assert_output ''
    RESULT=1-0 split_py want ECO "$FIX/tags.pgn"
    run same_tree want got
    assert_success
    files=$(ls want | wc -l)
    chosen=$(grep -c '^\[Result "1-0"\]' "$FIX/tags.pgn")
    assert_equal "$stderr" "$(grep -c '^\[Id ' "$FIX/tags.pgn") games, $chosen selected, 0 unreadable, $files files written"
}

@test "--split with --invert: the games not chosen go to the files" {
    cd "$BATS_TEST_TMPDIR"
    run pgn-select --invert --tag 'Result=1-0' --split 'got/{ECO:1}.pgn' "$FIX/tags.pgn"
    assert_success
    NOT_RESULT=1-0 split_py want ECO:1 "$FIX/tags.pgn"
    run same_tree want got
    assert_success
}

@test "--split 'part-{n}.pgn' --split-every 4: blocks of 4 games in input order; {n} alone is one game a file" {
    cd "$BATS_TEST_TMPDIR"
    run --separate-stderr pgn-select --split 'got/part-{n}.pgn' --split-every 4 --stats \
        "$FIX/tags.pgn" "$FIX/openings.pgn"
    assert_success
    games=$(cat "$FIX/tags.pgn" "$FIX/openings.pgn" | grep -c '^\[Id ')
    assert_equal "$stderr" "$games games, $games selected, 0 unreadable, $(((games + 3) / 4)) files written"
    split_py want every:4 "$FIX/tags.pgn" "$FIX/openings.pgn"
    run same_tree want got
    assert_success
    run pgn-select --split 'one/{n}.pgn' "$FIX/tags.pgn"
    assert_success
    split_py want1 every:1 "$FIX/tags.pgn"
    games=$(grep -c '^\[Id ' "$FIX/tags.pgn")
    for i in $(seq 1 "$games"); do cmp "one/$i.pgn" "want1/part-$i.pgn"; done
    assert_equal "$(ls one | wc -l)" "$games"
}

@test "--split '{Result}/{n}.pgn' --split-every 5: {n} counts apart for each name, directories made" {
    cd "$BATS_TEST_TMPDIR"
    run pgn-select --split 'got/{Result}/{n}.pgn' --split-every 5 "$FIX/tags.pgn"
    assert_success
    for r in 1-0 0-1 1/2-1/2; do
        d=got/$(printf '%s' "$r" | tr / _)
        RESULT=$r split_py "want-$r" every:5 "$FIX/tags.pgn"
        for w in "want-$r"/part-*.pgn; do
            n=${w##*/part-}
            cmp "$w" "$d/$n"
        done
        assert_equal "$(ls "$d" | wc -l)" "$(ls "want-$r" | wc -l)"
    done
}

@test "--split: a value made safe for a file name: no '/', no leading '.', one '_' a character, 64 bytes at most; {{ }} are braces" {
    cd "$BATS_TEST_TMPDIR"
    long=$(printf 'x%.0s' $(seq 1 80))
    printf '[Event "../a b/c"]\n[White "Gödel, K."]\n[Black "%s"]\n[Result "*"]\n\n*\n\n[Event ".hidden"]\n[White ""]\n[Black "B"]\n[Result "*"]\n\n*\n' \
        "$long" >in.pgn
    run --separate-stderr pgn-select --split 'got/{Event}+{White:3}+{Black}+{Site}{{x}}.pgn' in.pgn
    assert_success
    assert_equal "$stderr" ''
    run ls -A got
    assert_output "$(printf '%s\n' "_hidden+_+B+_{x}.pgn" "_._a_b_c+G_d+$(printf 'x%.0s' $(seq 1 64))+_{x}.pgn" | sort)"
}

@test "--split: a file that exists is refused, named, status 74, and no file is written" {
    cd "$BATS_TEST_TMPDIR"
    mkdir got
    echo old >got/C.pgn
    run --separate-stderr pgn-select --split 'got/{ECO:1}.pgn' "$FIX/tags.pgn"
    assert_failure 74
    assert_equal "$stderr" "pgn-select: --split: got/C.pgn exists (--append adds to it)"
    run ls -A got
    assert_output 'C.pgn'
    assert_equal "$(cat got/C.pgn)" old
}

@test "--split --append: the games added after the old bytes, a blank line between" {
    cd "$BATS_TEST_TMPDIR"
    split_py want ECO:1 "$FIX/tags.pgn"
    mkdir got
    printf '[Event "old"]\n[Result "*"]\n\n*' >got/B.pgn
    chmod 640 got/B.pgn
    run pgn-select --split 'got/{ECO:1}.pgn' --append "$FIX/tags.pgn"
    assert_success
    { printf '[Event "old"]\n[Result "*"]\n\n*\n\n'; cat want/B.pgn; } | cmp - got/B.pgn
    cmp want/C.pgn got/C.pgn
    assert_equal "$(stat -c %a got/B.pgn)" 640
    # and again: each file twice over
    run pgn-select --split 'got/{ECO:1}.pgn' --append "$FIX/tags.pgn"
    assert_success
    cat want/C.pgn want/C.pgn | cmp - got/C.pgn
}

@test "--split: a directory that cannot be made or written: status 74, named, nothing left" {
    cd "$BATS_TEST_TMPDIR"
    echo file >plain
    run --separate-stderr pgn-select --split 'plain/{ECO:1}.pgn' "$FIX/tags.pgn"
    assert_failure 74
    assert_equal "$stderr" "pgn-select: --split: cannot write plain/E.pgn: Not a directory"
    run --separate-stderr pgn-select --split 'new/{ECO:1}/plain/x.pgn' "$FIX/tags.pgn"
    assert_success
    run --separate-stderr pgn-select --split 'out/{ECO:1}/z/x.pgn' --split-every 1 "$FIX/tags.pgn"
    assert_failure 64
    if [[ $(id -u) != 0 ]]; then
        mkdir ro && chmod 555 ro
        run --separate-stderr pgn-select --split 'ro/{ECO:1}.pgn' "$FIX/tags.pgn"
        assert_failure 74
        assert_equal "$stderr" "pgn-select: --split: cannot write ro/E.pgn: Permission denied"
        assert_equal "$(ls -A ro)" ''
    fi
}

@test "--split: a write that fails (ulimit -f): status 74, the file named, no file and no temporary file left" {
    cd "$BATS_TEST_TMPDIR"
    cat "$FIX"/*.pgn >all.pgn
    run --separate-stderr bash -c 'ulimit -f 16; pgn-select --split "got/sub/{ECO:1}.pgn" all.pgn'
    assert_failure 74
    [[ $stderr =~ ^"pgn-select: --split: write error: got/sub/"[A-E_]".pgn: File too large"$ ]]
    [[ ! -e got ]]
}

@test "--split with --jobs 2: the same files, byte for byte, as one thread" {
    cd "$BATS_TEST_TMPDIR"
    cat "$FIX"/*.pgn "$FIX"/*.pgn "$FIX"/*.pgn >all.pgn
    pgn-select --split 'one/{ECO:2}/{n}.pgn' --split-every 3 all.pgn
    run pgn-select --jobs 2 --split 'two/{ECO:2}/{n}.pgn' --split-every 3 all.pgn
    assert_success
    run same_tree one two
    assert_success
}

@test "--split with --jobs 2 on 20,000 games of the benchmark: the same files as one thread and as Python" {
    need_shared pgn/bench/random-100k.pgn.zst
    cd "$BATS_TEST_TMPDIR"
    zstd -dc "$SHARED/pgn/bench/random-100k.pgn.zst" | awk '/^\[Event /{n++} n>20000{exit} {print}' >b.pgn
    pgn-select --split 'one/{Result}.pgn' b.pgn
    run pgn-select -j 2 --split 'two/{Result}.pgn' b.pgn
    assert_success
    run same_tree one two
    assert_success
    split_py want Result b.pgn
    run same_tree want one
    assert_success
}

@test "--split: more files than may be open at once (64), each reopened to append, as Python splits" {
    cd "$BATS_TEST_TMPDIR"
    # 300 games whose Event cycles over 100 names: every file is closed
    # and reopened again and again
    python3 - "$FIX/tags.pgn" <<'PY'
import sys
game = open(sys.argv[1]).read().split("\n\n[")[0]
body = game.split("\n", 1)[1] if game.startswith("[Id") else game
with open("many.pgn", "w") as f:
    for k in range(300):
        f.write('[Event "E%d"]\n%s\n\n' % (k % 100, body.split("\n", 1)[1]))
PY
    run --separate-stderr pgn-select --split 'got/{Event}.pgn' --stats many.pgn
    assert_success
    assert_equal "$stderr" "300 games, 300 selected, 0 unreadable, 100 files written"
    split_py want Event many.pgn
    run same_tree want got
    assert_success
}

@test "--split: usage errors name the option" {
    run --separate-stderr pgn-select --split 'a{b' "$FIX/tags.pgn"
    assert_failure 64
    assert_equal "${stderr_lines[0]}" "pgn-select: --split: a '{' with no '}' (a literal one is '{{')"
    run --separate-stderr pgn-select --split 'a}b' "$FIX/tags.pgn"
    assert_failure 64
    run --separate-stderr pgn-select --split 'dir/' "$FIX/tags.pgn"
    assert_failure 64
    assert_equal "${stderr_lines[0]}" "pgn-select: --split: 'dir/' names no file"
    run --separate-stderr pgn-select --split '{ECO:0}' "$FIX/tags.pgn"
    assert_failure 64
    run --separate-stderr pgn-select --split 'x.pgn' --split-every 2 "$FIX/tags.pgn"
    assert_failure 64
    assert_equal "${stderr_lines[0]}" "pgn-select: --split-every N numbers the files: --split's template needs {n}"
    run --separate-stderr pgn-select --append "$FIX/tags.pgn"
    assert_failure 64
    assert_equal "${stderr_lines[0]}" "pgn-select: --append goes with --split, which is not given"
    run --separate-stderr pgn-select --count --split x.pgn "$FIX/tags.pgn"
    assert_failure 64
}
