# Shared setup of chesskit's CLI tests; every tests/cli/*.bats file starts
# with `load test_helper`. `make check-cli` puts build/bin first on PATH and
# sets BATS_LIB_PATH so that bats finds Debian's bats-support and bats-assert.
#
# Tests run the tools with `run --separate-stderr`, then check $status,
# $output (stdout) and $stderr.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

# No test waits without a limit: every run of a tool named below, from a
# test's own shell or from `bash -c` (the functions are exported; `exec
# TOOL` and other shells run it bare), goes through `timeout`
# (TOOL_TIMEOUT seconds, 600 by default; status 124 when it is hit), far
# above what any test takes on a loaded machine: it turns a hang into a
# failure, it times nothing.  BATS_TEST_TIMEOUT is not set here: Debian's
# bats 1.8.2 cannot end the grandchild that `run` starts, and under load
# its watchdog (a `sleep` as long as the timeout) outlived a test that
# passed and held bats' output open, so `make check` waited for it (20
# minutes with 1200 s).  Set it for a run where that is wanted.
export TOOL_TIMEOUT=${TOOL_TIMEOUT:-600}
for _tool in fen-check legal-moves perft pgn-to-named-notation named-notation-to-pgn pgn-check; do
    eval "$_tool() { timeout --foreground -k 10 \"\$TOOL_TIMEOUT\" $_tool \"\$@\"; }"
    export -f "$_tool"
done
unset _tool

# The shared test data (positions, perft suites, games), beside the repos.
SHARED="${SHARED:-$BATS_TEST_DIRNAME/../../../shared/data}"

# need_shared [PATH...]: skip the test, saying why, when the shared test
# data (../shared/data beside the checkout, or $SHARED) or one of the
# named paths below it is absent, as in a clone made on its own.
need_shared() {
    local p
    for p in "${@:-.}"; do
        [[ -e $SHARED/$p ]] || skip "the shared test data is absent ($SHARED/$p)"
    done
}

# The exit status table that every tool's --help ends with (cli.h).
EXIT_STATUS_TABLE='Exit status:
  0   all input valid
  1   some input invalid
  64  usage error
  66  an input file could not be read
  69  an engine (perft --against) failed
  71  out of memory or another system failure
  74  write error'

# assert_exit_status_table: the output of the last run (--help) holds it.
assert_exit_status_table() { assert_output --partial "$EXIT_STATUS_TABLE"; }

# with_memory_limit KBYTES COMMAND...: run COMMAND with `ulimit -v`, which
# AddressSanitizer cannot live with (it reserves terabytes of shadow
# memory): such a test is skipped under `make check-asan` (SAN set).
with_memory_limit() {
    [[ -z ${SAN:-} ]] || skip "ulimit -v and AddressSanitizer do not mix"
    local kb=$1
    shift
    run --separate-stderr bash -c 'ulimit -v "$1" && shift && exec "$@"' _ "$kb" "$@"
}

# thread_cpus CPUS COMMAND...: run COMMAND FIFO under `taskset -c CPUS`
# and, once it has opened FIFO (its threads are started by then), print
# the CPUs each of its threads may run on (Cpus_allowed_list), sorted;
# then end its input and check that it exits 0.  Skipped where CPUS are
# not all there.  Every wait is bounded (THREAD_CPUS_WAIT seconds, 60 by
# default; THREAD_CPUS_OPEN_WAIT, if set, for the open): a COMMAND that does not open FIFO in time, or does not exit
# in time once its input ended, is killed and the check fails, saying so;
# it never hangs.
thread_cpus() {
    command -v taskset >/dev/null || skip "taskset (util-linux) is not installed"
    local wait=${THREAD_CPUS_WAIT:-60} open_wait=${THREAD_CPUS_OPEN_WAIT:-${THREAD_CPUS_WAIT:-60}}
    local cpus=$1 fifo="$BATS_TEST_TMPDIR/fifo" pid t i limit=$((wait * 20)) exe
    shift
    taskset -c "$cpus" true 2>/dev/null || skip "CPUs $cpus are not all available here"
    rm -f "$fifo"
    mkfifo "$fifo"
    # read-write: the open does not wait for the reader, and closing it
    # is the end of the input; the FIFO stays open here until COMMAND
    # has opened it or is gone, so COMMAND never waits on its open
    exec 3<>"$fifo"
    exe=$(readlink -f "$(type -P "$1")")
    taskset -c "$cpus" "$@" "$fifo" >/dev/null 3>&- &
    pid=$!
    # (the FIFO open in the forked shell, before it closes fd 3 and execs
    # taskset, is not COMMAND's: COMMAND's opens it once it runs)
    for ((i = 0; ; i++)); do
        [[ $(readlink /proc/"$pid"/exe 2>/dev/null) == "$exe" &&
            $(readlink /proc/"$pid"/fd/* 2>/dev/null) == *"$fifo"* ]] && break
        if ((i >= open_wait * 20)) || ! kill -0 "$pid" 2>/dev/null; then
            kill -9 "$pid" 2>/dev/null
            wait "$pid"
            exec 3>&-
            echo "thread_cpus: $1 did not open its input within $open_wait s" >&2
            return 1
        fi
        sleep 0.05
    done
    for t in /proc/"$pid"/task/*; do
        awk '/^Cpus_allowed_list:/ { print $2 }' "$t/status"
    done | sort
    exec 3>&-
    for ((i = 0; i < limit; i++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
    done
    if kill -0 "$pid" 2>/dev/null; then
        kill -9 "$pid" 2>/dev/null
        wait "$pid"
        echo "thread_cpus: $1 did not exit within $wait s of the end of its input" >&2
        return 1
    fi
    wait "$pid"
}

# big_line FILE BYTES: FILE holds one line of BYTES letters 'a'.
big_line() { head -c "$2" /dev/zero | tr '\0' a >"$1"; }

# ANSI colors, as cli.h's cli_paint writes them (ECMA-48 SGR codes).
ESC=$'\033'
BOLD="$ESC[1m" RED="$ESC[1;31m" GREEN="$ESC[1;32m" YELLOW="$ESC[1;33m" BLUE="$ESC[1;34m"
DIM="$ESC[2m" RESET="$ESC[m"

# on_terminal COMMAND...: run COMMAND with stdin, stdout and stderr on a
# pseudo-terminal (util-linux script), its output (both streams) in $output.
on_terminal() {
    command -v script >/dev/null || skip "script (util-linux) is not installed"
    local cmd
    printf -v cmd '%q ' "$@"
    TERM=xterm run script -qec "$cmd" /dev/null </dev/null
    output=${output//$'\r'/}
}

# assert_stderr_equal EXPECTED: stderr of the last `run --separate-stderr`
# is exactly EXPECTED (bats-assert's assert_output only looks at stdout).
# shellcheck disable=SC2154 # $stderr is set by bats' run
assert_stderr_equal() {
    local expected="$1"
    if [[ $stderr != "$expected" ]]; then
        batslib_print_kv_single_or_multi 8 expected "$expected" actual "$stderr" |
            batslib_decorate 'stderr differs' |
            fail
    fi
}

# big_pgn FILE MB: MB megabytes (of 10^6 bytes) of games in FILE, for runs
# long enough to show progress: the clean games of formats/examples over
# and over, then blank lines up to the size, so that it runs in any
# checkout, the shared data there or not; skips the test when script
# (util-linux) is missing.
big_pgn() {
    command -v script >/dev/null || skip "script (util-linux) is not installed"
    local examples="$BATS_TEST_DIRNAME/../../formats/examples" block="$1.block" f
    local size n=$(($2 * 1000000)) i=0
    for f in games database annotated chess960 dagaz-example; do
        cat "$examples/$f.pgn" && echo
    done >"$block"
    while (($(stat -c %s "$block") < 1000000)); do
        cat "$block" "$block" >"$block.2" && mv "$block.2" "$block"
    done
    size=$(stat -c %s "$block")
    for (( ; i + size <= n; i += size)); do cat "$block"; done >"$1"
    head -c "$((n - i))" /dev/zero | tr '\0' '\n' >>"$1"
    rm -f "$block"
}

# assert_progress TOOL: the output of `script` holds at least one progress
# line of TOOL ("\rTOOL: N games, N games/s" and, for a file, ", N of M MB",
# ending with "\e[K") and the line is erased at the end ("\r\e[K").
assert_progress() {
    local cr=$'\r' esc=$'\e'
    [[ $output =~ ${cr}$1:\ [0-9]+\ games,\ [0-9]+\ games/s(,\ [0-9.]+\ of\ [0-9.]+\ MB)?${esc}\[K ]] ||
        fail "no progress line of $1 in: ${output:0:300}"
    [[ $output == *"${cr}${esc}[K"* ]] || fail "the progress line of $1 is not erased"
}
