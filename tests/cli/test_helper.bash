# Shared setup of chesskit's CLI tests; every tests/cli/*.bats file starts
# with `load test_helper`. `make check-cli` puts build/bin first on PATH and
# sets BATS_LIB_PATH so that bats finds Debian's bats-support and bats-assert.
#
# Tests run the tools with `run --separate-stderr`, then check $status,
# $output (stdout) and $stderr.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

# The shared test data (positions, perft suites, games), beside the repos.
SHARED="${SHARED:-$BATS_TEST_DIRNAME/../../../shared/data}"

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
