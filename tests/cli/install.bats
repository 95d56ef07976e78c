#!/usr/bin/env bats
# Installation per purpose (scripts/install-deps), the plain build, and
# `make install`/`make uninstall` into a staging root.

load test_helper

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)

setup() {
    # The make run here is not a part of the make that runs the tests.
    unset MAKEFLAGS MFLAGS MAKELEVEL
}

# dry_make ARGS...: make -n in the checkout with an empty environment
# (PATH and HOME aside), so that what it prints depends on ARGS alone, not
# on the caller's NO_DEPS, PGO, SAN, CFLAGS...
dry_make() { env -i PATH="$PATH" HOME="$HOME" make -n -C "$ROOT" --no-print-directory "$@"; }

# The build directory whose tools the tests run (build/bin is on PATH).
built() { dirname "$(dirname "$(type -P fen-check)")"; }

@test "install-deps --list build: the compiler, make, PCRE2's and the compression libraries' headers, nothing else" {
    run --separate-stderr "$ROOT/scripts/install-deps" --list build
    assert_success
    assert_output $'build-essential\nlibpcre2-dev\nlibsqlite3-dev\nlibzstd-dev\nzlib1g-dev\nlibbz2-dev\nliblzma-dev'
    assert_equal "$stderr" ""
}

@test "make demo installs the build's packages only; make check the build's and the tests'" {
    # A dry run (make -n) in an empty build directory prints the installation
    # each target asks for (and the rest of its recipes, which are not run).
    run --separate-stderr dry_make demo BUILD="$BATS_TEST_TMPDIR/b"
    assert_equal "$(grep '^scripts/install-deps' <<<"$output")" "scripts/install-deps --quiet build"
    run --separate-stderr dry_make check BUILD="$BATS_TEST_TMPDIR/b"
    assert_equal "$(grep '^scripts/install-deps' <<<"$output")" $'scripts/install-deps --quiet build\nscripts/install-deps --quiet test'
}

@test "install-deps --list test names what the tests call: bats and its libraries, jq, zstd, bc, help2man" {
    run --separate-stderr "$ROOT/scripts/install-deps" --list test
    assert_success
    for p in bats bats-assert bats-support jq zstd gzip bzip2 xz-utils bc help2man clang-format stockfish pgn-extract parallel; do
        grep -qx "$p" <<<"$output" || fail "$p is missing from: $output"
    done
    refute_line build-essential
    refute_line openssh-server
    refute_line clang
    refute_line hyperfine
}

@test "install-deps: an unknown purpose is a usage error" {
    run --separate-stderr "$ROOT/scripts/install-deps" --list demos
    assert_equal "$status" 64
    assert_output ""
    assert_equal "$stderr" "install-deps: unknown purpose: demos (build, test, man, fuzz, slow, bench or all)"
}

@test "a plain make builds once, without the profile-guided build; PGO=1 trains first" {
    run --separate-stderr dry_make all BUILD="$BATS_TEST_TMPDIR/b" CC=gcc
    assert_success
    refute_output --partial "fprofile"
    refute_output --partial "pgo-train"
    run --separate-stderr dry_make all BUILD="$BATS_TEST_TMPDIR/b" CC=gcc PGO=1
    assert_success
    assert_output --partial "scripts/pgo-train"
    assert_output --partial "-fprofile-use"
}

@test "make install DESTDIR=... PREFIX=/usr installs the tools, the cluster scripts, the man pages and the formats; uninstall removes them" {
    command -v help2man >/dev/null || skip "help2man is not installed"
    local dest=$BATS_TEST_TMPDIR/root build
    build=$(built)
    run make -s -C "$ROOT" --no-print-directory install BUILD="$build" DESTDIR="$dest" PREFIX=/usr NO_DEPS=1
    assert_success
    run bash -c "cd '$dest' && find . -type f | LC_ALL=C sort"
    assert_output "./usr/bin/fen-check
./usr/bin/legal-moves
./usr/bin/named-notation-to-pgn
./usr/bin/perft
./usr/bin/perft-cluster
./usr/bin/perft-sum
./usr/bin/pgn-check
./usr/bin/pgn-explore
./usr/bin/pgn-select
./usr/bin/pgn-to-named-notation
./usr/share/doc/chesskit/formats/annotations.md
./usr/share/doc/chesskit/formats/explorer.md
./usr/share/doc/chesskit/formats/fen.md
./usr/share/doc/chesskit/formats/game-json.md
./usr/share/doc/chesskit/formats/game-table.md
./usr/share/doc/chesskit/formats/named-notation.md
./usr/share/doc/chesskit/formats/named-vocabularies.tsv
./usr/share/doc/chesskit/formats/pgn-check.md
./usr/share/doc/chesskit/formats/pgn-export.md
./usr/share/doc/chesskit/formats/pgn-select.md
./usr/share/doc/chesskit/formats/pgn.md
./usr/share/doc/chesskit/formats/polyglot.md
./usr/share/man/man1/fen-check.1
./usr/share/man/man1/legal-moves.1
./usr/share/man/man1/named-notation-to-pgn.1
./usr/share/man/man1/perft.1
./usr/share/man/man1/pgn-check.1
./usr/share/man/man1/pgn-explore.1
./usr/share/man/man1/pgn-select.1
./usr/share/man/man1/pgn-to-named-notation.1"
    # The perft cluster runs from where it is installed (it finds perft-sum beside it).
    run env PATH="$dest/usr/bin:$PATH" "$dest/usr/bin/perft-cluster" --startpos -d 3 --split 1
    assert_success
    assert_output "8902 nodes"
    run make -s -C "$ROOT" --no-print-directory uninstall BUILD="$build" DESTDIR="$dest" PREFIX=/usr NO_DEPS=1
    assert_success
    run find "$dest" -type f
    assert_output ""
}

@test "the man pages name the installed format documents, and their examples stay one a line" {
    command -v help2man >/dev/null || skip "help2man is not installed"
    command -v man >/dev/null || skip "man is not installed"
    local dest=$BATS_TEST_TMPDIR/root build
    build=$(built)
    run make -s -C "$ROOT" --no-print-directory install BUILD="$build" DESTDIR="$dest" PREFIX=/opt/ck NO_DEPS=1
    assert_success
    run bash -c "MANWIDTH=80 man -l '$dest/opt/ck/share/man/man1/fen-check.1' 2>/dev/null | tr -s ' \n' '  '"
    assert_output --partial "/opt/ck/share/doc/chesskit/formats/fen.md lists"
    refute_output --regexp "[^/]formats/fen.md"
    [[ -s $dest/opt/ck/share/doc/chesskit/formats/fen.md ]]
    # Each example on a line of its own, as --help shows them.
    run bash -c "MANWIDTH=80 man -l '$dest/opt/ck/share/man/man1/legal-moves.1' 2>/dev/null | sed -n '/^EXAMPLES/,/Exit status/p' | sed 's/^ *//'"
    assert_line "legal-moves --lone Nd4"
    assert_line "legal-moves --explain O-O --with-fen positions.fen"
    run bash -c "MANWIDTH=80 man -l '$dest/opt/ck/share/man/man1/perft.1' 2>/dev/null | sed -n '/^EXAMPLES/,/Exit status/p' | sed 's/^ *//'"
    assert_line "perft --startpos -d 6"
    assert_line "perft --variant=crazyhouse --startpos -d 5 --against /usr/games/fairy-stockfish"
}

@test "every example of the README prints what the README shows" {
    local block=$BATS_TEST_TMPDIR/readme n=0 cmd expected
    # The README's console blocks: "$ COMMAND" lines, each followed by its
    # output (standard output; a command shows its standard error by
    # redirecting it).
    awk '/^```console$/ {on = 1; next} /^```$/ {on = 0} on' "$ROOT/README.md" >"$block"
    [[ -s $block ]] || fail "no console block in README.md"
    while IFS= read -r line || [[ -n $line ]]; do
        if [[ $line == '$ '* ]]; then
            ((n++)) || true
            printf '%s\n' "${line#\$ }" >"$BATS_TEST_TMPDIR/cmd.$n"
            : >"$BATS_TEST_TMPDIR/out.$n"
        else
            printf '%s\n' "$line" >>"$BATS_TEST_TMPDIR/out.$n"
        fi
    done <"$block"
    ((n >= 6)) || fail "only $n examples found"
    # Run where the checkout's files are seen but nothing is written into
    # it (an example that writes files, pgn-select --split, writes here).
    local here=$BATS_TEST_TMPDIR/checkout entry
    mkdir "$here"
    for entry in "$ROOT"/*; do ln -s "$entry" "$here/"; done
    for ((i = 1; i <= n; i++)); do
        cmd=$(cat "$BATS_TEST_TMPDIR/cmd.$i")
        expected=$(cat "$BATS_TEST_TMPDIR/out.$i")
        run bash -c "cd '$here' && $cmd"
        [[ $output == "$expected" ]] || fail "README example $i: $cmd
printed:
$output
the README shows:
$expected"
    done
}
