#!/usr/bin/env bats
# scripts/check-format, the layout line of `make check`: ok for sources laid
# out as .clang-format says, not ok (naming the file) for one that is not.

load test_helper

REPO="$BATS_TEST_DIRNAME/../.."

setup() {
    command -v clang-format >/dev/null || skip "clang-format is not installed"
    cp "$REPO/.clang-format" "$BATS_TEST_TMPDIR/"
}

@test "a file laid out as .clang-format says passes" {
    printf 'int f(int x)\n{\n    return x + 1;\n}\n' >"$BATS_TEST_TMPDIR/good.c"
    run --separate-stderr "$REPO/scripts/check-format" "$BATS_TEST_TMPDIR/good.c"
    assert_success
    assert_output "ok - clang-format layout of 1 C files (make format)"
}

@test "a misformatted file makes the line not ok and is named" {
    printf 'int f(int x)\n{\n    return x + 1;\n}\n' >"$BATS_TEST_TMPDIR/good.c"
    printf 'int  f( int x ) { return x+1; }\n' >"$BATS_TEST_TMPDIR/bad.c"
    run --separate-stderr "$REPO/scripts/check-format" "$BATS_TEST_TMPDIR/good.c" "$BATS_TEST_TMPDIR/bad.c"
    assert_success
    assert_output "not ok - clang-format layout: 1 of 2 C files differ; run make format: $BATS_TEST_TMPDIR/bad.c"
}
