#!/usr/bin/env bats
# Faults that hang or exhaust memory, write errors on standard error, and
# the test rails themselves (issue 25): --jobs N on input with no place to
# cut it, `2>/dev/full` in every tool, thread_cpus that cannot hang, and
# tests that skip, not fail, without the shared data.

load test_helper

TOOLS=(fen-check legal-moves perft pgn-to-named-notation named-notation-to-pgn pgn-check)

# max_rss_kb COMMAND...: run COMMAND (its output dropped) and set $rss to
# its peak resident memory in KB (GNU time's %M) and $rc to its status.
max_rss_kb() {
    [[ -x /usr/bin/time ]] || skip "GNU time (/usr/bin/time) is not installed"
    [[ -z ${SAN:-} ]] || skip "AddressSanitizer's shadow memory and quarantine swell the peak"
    local t="$BATS_TEST_TMPDIR/time"
    /usr/bin/time -o "$t" -f %M "$@" >/dev/null 2>&1 && rc=0 || rc=$?
    rss=$(tail -n 1 "$t")
}

# zero_head MB TOOL ARGS...: TOOL ARGS reading the first MB megabytes of
# /dev/zero from a pipe (no line, no game: nothing to cut at).
zero_head() {
    local mb=$1
    shift
    head -c "$((mb * 1000000))" /dev/zero | "$@"
}

@test "--jobs 2 on 300 MB of /dev/zero stays within a small bound of memory" {
    # Before: the whole input was gathered into one chunk (7.3 GB after 20
    # s of /dev/zero); now a run of text without a place to cut stops at
    # 4 MiB and goes on as one thread reads it.  One thread takes 7 MB
    # (pgn-to-named-notation) and 69 MB (pgn-check, which keeps up to 64
    # MiB of a game to pass it through); 150 MB is less than half the
    # input.
    for tool in pgn-to-named-notation pgn-check; do
        max_rss_kb bash -c 'head -c 300000000 /dev/zero | timeout 300 "$1" --jobs 2' _ "$tool"
        [[ $rc == 1 ]] || fail "$tool --jobs 2 exited $rc"
        ((rss < 150000)) || fail "$tool --jobs 2 took $rss KB on 300 MB of /dev/zero"
    done
}

@test "--jobs 2 on one line of 256 MB takes linear time and bounded memory" {
    # Before, the splitter looked again at the whole unfinished line at
    # every 256 KiB read: quadratic (a 128 MB line took pgn-check --jobs 2
    # 54 s on the loaded 2-CPU test host, one thread 1.7 s; 256 MB would
    # take four times that); now well under a second per 100 MB.  The
    # timeout is generous, it times nothing: it fails the quadratic
    # reading alone.  The memory stays that of one thread plus a few
    # chunks.
    for tool in pgn-check pgn-to-named-notation; do
        max_rss_kb bash -c 'head -c 256000000 /dev/zero | tr "\0" a | timeout 120 "$1" --jobs 2' _ "$tool"
        [[ $rc == 1 ]] || fail "$tool --jobs 2 exited $rc (124: it did not end within 120 s)"
        ((rss < 150000)) || fail "$tool --jobs 2 took $rss KB on a 256 MB line"
    done
}

@test "--jobs 2 on a line of 20 MB and on /dev/zero writes what one thread writes" {
    local t=$BATS_TEST_TMPDIR
    big_line "$t/line.pgn" 20000000
    printf ' 1-0\n\n[Event "after"]\n\n1. e4 e4 1-0\n' >>"$t/line.pgn"
    for tool in pgn-check pgn-to-named-notation; do
        "$tool" "$t/line.pgn" >"$t/1.out" 2>"$t/1.err" && s1=0 || s1=$?
        "$tool" --jobs 2 "$t/line.pgn" >"$t/2.out" 2>"$t/2.err" && s2=0 || s2=$?
        [[ $s1 == 1 && $s2 == 1 ]]
        cmp "$t/1.out" "$t/2.out"
        cmp "$t/1.err" "$t/2.err"
        # the game after the line (text and a result: a game, an empty one,
        # PGN 18): game 2, its illegal move on line 5
        grep -q "^$tool:$t/line.pgn:5:7: .*game 2 (" "$t/2.err"
        zero_head 20 "$tool" >"$t/1.out" 2>"$t/1.err" && s1=0 || s1=$?
        zero_head 20 "$tool" --jobs 2 >"$t/2.out" 2>"$t/2.err" && s2=0 || s2=$?
        [[ $s1 == 1 && $s2 == 1 ]]
        cmp "$t/1.out" "$t/2.out"
        cmp "$t/1.err" "$t/2.err"
    done
}

# many_games FILE PREFIX N: N small games, the last move of each illegal
# when PREFIX is "bad", appended to FILE.
many_games() {
    local move=e5
    [[ $2 == bad ]] && move=e4
    awk -v n="$3" -v p="$2" -v m="$move" 'BEGIN {
        for (i = 1; i <= n; i++) printf "[Event \"%s%d\"]\n\n1. e4 %s 1-0\n\n", p, i, m }' >>"$1"
}

@test "--jobs 2 with a game of 6 MB between small ones writes what one thread writes" {
    # 1500 games, then one whose comment goes over 150,000 lines (no place
    # to cut within 4 MiB), then 1500 games with an illegal move each.  In
    # the second file, the comment holds a result line and a tag line every
    # 2000 lines, where pgn-to-named-notation guesses a cut; its reader
    # does not come to rest there, and the chunk is read again past it.
    local t=$BATS_TEST_TMPDIR f
    for f in plain fake; do
        : >"$t/$f.pgn"
        many_games "$t/$f.pgn" good 1500
        printf '[Event "big"]\n\n1. e4 {\n' >>"$t/$f.pgn"
        awk -v fake="$([[ $f == fake ]] && echo 1)" 'BEGIN {
            for (i = 0; i < 150000; i++) {
                print "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
                if (fake && i % 2000 == 0) print "1-0\n[Event \"fake\"]"
            } }' >>"$t/$f.pgn"
        printf '} e5 1-0\n\n' >>"$t/$f.pgn"
        many_games "$t/$f.pgn" bad 1500
    done
    # the first game after the big one: game 1502, its line worked out
    # from the text above (6000 + 3 + 150000 + 2 lines before it, plus
    # 75 times 2 in the second file), its illegal move in column 7
    local line_plain=$((6000 + 3 + 150000 + 2 + 3)) line_fake=$((6000 + 3 + 150000 + 150 + 2 + 3))
    for tool in pgn-to-named-notation pgn-check; do
        for f in plain fake; do
            "$tool" "$t/$f.pgn" >"$t/1.out" 2>"$t/1.err" && s1=0 || s1=$?
            "$tool" --jobs 2 "$t/$f.pgn" >"$t/2.out" 2>"$t/2.err" && s2=0 || s2=$?
            [[ $s1 == 1 && $s2 == 1 ]]
            cmp "$t/1.out" "$t/2.out"
            cmp "$t/1.err" "$t/2.err"
            local want=line_$f
            grep -q "^$tool:$t/$f.pgn:${!want}:7: .*game 1502 (" "$t/2.err" ||
                fail "$tool $f: no message about game 1502 at line ${!want}"
            grep -q ":$((${!want} + 4 * 1499)):7: .*game 3001 (" "$t/2.err"
        done
        # after another file, the game numbers start again at 1
        "$tool" "$t/plain.pgn" "$t/fake.pgn" >"$t/1.out" 2>"$t/1.err" && s1=0 || s1=$?
        "$tool" --jobs 2 "$t/plain.pgn" "$t/fake.pgn" >"$t/2.out" 2>"$t/2.err" && s2=0 || s2=$?
        [[ $s1 == 1 && $s2 == 1 ]]
        cmp "$t/1.out" "$t/2.out"
        cmp "$t/1.err" "$t/2.err"
        grep -q "^$tool:$t/fake.pgn:$line_fake:7: .*game 1502 (" "$t/2.err"
    done
}

@test "a failed write to standard error exits 74 in every tool" {
    [[ -w /dev/full ]] || skip "no /dev/full"
    # each tool given input it reports a problem about
    run bash -c 'fen-check 2>/dev/full <<<"bad fen"'
    assert_failure 74
    run bash -c 'legal-moves 2>/dev/full <<<"bad fen"'
    assert_failure 74
    run bash -c 'perft -d 1 2>/dev/full <<<"bad fen"'
    assert_failure 74
    run bash -c 'printf "[Event \"x\"]\n\n1. e4 e4 1-0\n" | pgn-to-named-notation 2>/dev/full'
    assert_failure 74
    run bash -c 'printf "[Event \"x\"]\n\n1. e4 e4 1-0\n" | pgn-to-named-notation --jobs 2 2>/dev/full'
    assert_failure 74
    run bash -c 'printf "[Event \"x\"]\n\n1. e4 e4 1-0\n" | pgn-check 2>/dev/full'
    assert_failure 74
    run bash -c 'printf "[Event \"x\"]\n\n1. e4 e4 1-0\n" | pgn-check --jobs 2 2>/dev/full'
    assert_failure 74
    run bash -c 'named-notation-to-pgn 2>/dev/full <<<"no such notation"'
    assert_failure 74
    # a file that cannot be opened: its message is lost too
    for tool in "${TOOLS[@]}"; do
        run bash -c '"$1" /nonexistent/x 2>/dev/full' _ "$tool"
        assert_failure 74
    done
}

@test "with standard error writable, the same runs keep their own status" {
    run --separate-stderr bash -c 'printf "[Event \"x\"]\n\n1. e4 e4 1-0\n" | pgn-check'
    assert_failure 1
    run --separate-stderr bash -c 'fen-check /nonexistent/x'
    assert_failure 66
}

@test "thread_cpus fails, and does not hang, when the tool never opens its input" {
    command -v taskset >/dev/null || skip "taskset (util-linux) is not installed"
    # Before, thread_cpus closed the FIFO's only writer after 5 s and
    # waited for the tool, which then blocked for ever opening the FIFO.
    local start=$SECONDS
    THREAD_CPUS_WAIT=2 run --separate-stderr thread_cpus 0 bash -c 'exec sleep 30' _
    assert_failure
    [[ $stderr == *"did not open its input within 2 s"* ]]
    # a tool that opens it but never ends (its open may be slow on a
    # loaded machine: only the wait for its end is short)
    THREAD_CPUS_OPEN_WAIT=60 THREAD_CPUS_WAIT=2 run --separate-stderr thread_cpus 0 bash -c 'exec 5<"$1"; while :; do sleep 1; done' _
    assert_failure
    [[ $stderr == *"did not exit within 2 s"* ]]
    ((SECONDS - start < 90))
}

@test "tests that read the shared data skip, saying why, where it is absent" {
    # A part of the suite with SHARED pointing to an empty directory, as
    # in a clone made on its own: the tests that read the data skip, the
    # others pass, none fails.
    local empty="$BATS_TEST_TMPDIR/empty"
    mkdir -p "$empty"
    run env SHARED="$empty" bats --tap -f 'perft suite|Kiwipete|--jobs 2 --on-error' \
        "$BATS_TEST_DIRNAME/fen-check.bats" "$BATS_TEST_DIRNAME/perft.bats" \
        "$BATS_TEST_DIRNAME/pgn-to-named-notation.bats"
    assert_success
    refute_line --partial 'not ok'
    assert_line --regexp "^ok [0-9]+ .* # skip the shared test data is absent \\($empty/perft/standard.epd\\)$"
    assert_line --regexp "^ok [0-9]+ .* # skip the shared test data is absent \\($empty/pgn/engines/"
}

@test "unit tests that read the shared data skip, saying why, where it is absent" {
    # The unit test programs are built beside the tools (build/tests).
    local units empty="$BATS_TEST_TMPDIR/empty" u
    units=$(dirname "$(type -P fen-check)")/../tests
    [[ -x $units/test_fen ]] || skip "the unit tests are not built beside the tools"
    mkdir -p "$empty"
    for u in test_explain test_fen test_perft test_pgn test_san; do
        run env SHARED="$empty" "$units/$u"
        assert_success
        refute_line --partial 'not ok'
        assert_line --regexp "^ok [0-9]+ - # skip the shared test data is absent \\($empty/p"
    done
}

@test "a tool that waits for ever is ended by TOOL_TIMEOUT and fails with 124" {
    # its input a FIFO that this shell keeps open and never writes to
    local fifo="$BATS_TEST_TMPDIR/never"
    mkfifo "$fifo"
    exec 4<>"$fifo"
    TOOL_TIMEOUT=2 run --separate-stderr pgn-check "$fifo"
    assert_failure 124
    # from bash -c too (the wrappers are exported)
    TOOL_TIMEOUT=2 run --separate-stderr bash -c 'fen-check "$1"' _ "$fifo"
    exec 4>&-
    assert_failure 124
}
