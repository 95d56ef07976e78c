#!/usr/bin/env bats
# pgn-check in the CI of a game repository (issue 29): --fail-on, the
# configuration file, directories as operands, game labels by what the
# tags tell, GitHub's step summary, and the GitHub Action and pre-commit
# hook that the repository ships, run as GitHub and pre-commit run them.
# Fixtures: tests/cli/fixtures/pgn-check-ci; docs/ci.md and
# formats/pgn-check.md are the specification.

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/pgn-check-ci"
TOP="$BATS_TEST_DIRNAME/../.."
REP=pgn/repertoires
KE3="ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3 [illegal-move]"

setup() {
    cd "$FIX" || return 1
}

# A scratch repository: a .git directory at its top stops the search for
# the configuration file there.
scratch_repo() {
    mkdir -p "$BATS_TEST_TMPDIR/repo/.git" "$BATS_TEST_TMPDIR/repo/sub/deep"
    cp warning.pgn note.pgn "$BATS_TEST_TMPDIR/repo/sub/"
}

# ---------------------------------------------------------------- --fail-on

@test "--fail-on: the default fails on any finding, as before the option" {
    run --separate-stderr pgn-check warning.pgn
    assert_failure 1
    run --separate-stderr pgn-check --pedantic note.pgn
    assert_failure 1
}

@test "--fail-on=error: a warning is reported, its game kept out, but the status is 0" {
    run --separate-stderr pgn-check --fail-on=error warning.pgn
    assert_success
    assert_output ''
    assert_stderr_equal 'pgn-check:warning.pgn:1:1: warning: game 1 (Only an Event): Seven Tag Roster tags missing: Site, Date, Round, White, Black, Result [missing-tag]'
    run --separate-stderr pgn-check --fail-on=error labels.pgn
    assert_failure 1
}

@test "--fail-on=warning: warnings fail, notes do not" {
    run --separate-stderr pgn-check --fail-on=warning warning.pgn
    assert_failure 1
    run --separate-stderr pgn-check --fail-on=warning --pedantic note.pgn
    assert_success
    assert_stderr_equal "pgn-check:note.pgn:9:35: note: game 1 (A - B, 1): ply 7 (4.): 'Qxf7' mates: '#' is missing (SAN 'Qxf7#') [check-mark]"
    run --separate-stderr pgn-check --fail-on=note --pedantic note.pgn
    assert_failure 1
}

@test "--fail-on: an unknown level is a usage error" {
    run --separate-stderr pgn-check --fail-on=warnings warning.pgn
    assert_failure 64
    assert_stderr_equal "pgn-check: invalid --fail-on value 'warnings' (expected error, warning or note)
Try \`pgn-check --help' or \`pgn-check --usage' for more information."
}

@test "the real repertoires: 98 findings; the five real problems apart from missing tags" {
    need_shared "$REP"
    run --separate-stderr pgn-check "$SHARED/$REP"
    assert_failure 1
    [[ $(wc -l <<<"$stderr") == 98 ]]
    run --separate-stderr pgn-check --ignore=missing-tag,missing-result "$SHARED/$REP"
    assert_failure 1
    [[ $(sed 's/.*\[\(.*\)\]$/\1/' <<<"$stderr" | sort | uniq -c | tr -s ' ') == " 1 ambiguous-move
 1 illegal-move
 1 illegal-variation-move
 2 wrong-move-number" ]]
    # the warnings alone do not fail a run that fails on errors
    run --separate-stderr pgn-check --fail-on=error --ignore=missing-tag,missing-result,illegal-move,illegal-variation-move,ambiguous-move "$SHARED/$REP"
    assert_success
    [[ $(wc -l <<<"$stderr") == 2 ]]
}

# ------------------------------------------------------------------- labels

@test "labels: players and round, else Event and round, else the round, else nothing" {
    run --separate-stderr pgn-check --select=illegal-move labels.pgn
    assert_failure 1
    assert_stderr_equal "pgn-check:labels.pgn:3:13: error: game 1 (Sicilian Najdorf): $KE3
pgn-check:labels.pgn:8:13: error: game 2 (Sicilian Najdorf, 2): $KE3
pgn-check:labels.pgn:13:13: error: game 3 (A - ?): $KE3
pgn-check:labels.pgn:18:13: error: game 4 (round 3): $KE3
pgn-check:labels.pgn:20:13: error: game 5: $KE3
pgn-check:labels.pgn:27:13: error: game 6 (? - B): $KE3"
}

@test "labels: the same in JSON, GitHub annotations, duplicates and the converter" {
    run --separate-stderr pgn-check --format=json --select=illegal-move labels.pgn
    assert_line --index 0 --partial '"message":"game 1 (Sicilian Najdorf): ply 3 (2.)'
    assert_line --index 4 --partial '"message":"game 5: ply 3 (2.)'
    run --separate-stderr pgn-check --format=github --select=illegal-move labels.pgn
    assert_line --index 4 "::error file=labels.pgn,line=20,col=13,title=illegal-move::game 5: ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3 [illegal-move]"
    run --separate-stderr pgn-check --select=duplicate-game warning.pgn warning.pgn
    assert_failure 1
    assert_stderr_equal 'pgn-check:warning.pgn:1:1: warning: game 1 (Only an Event): duplicate of game 1 (warning.pgn:1) [duplicate-game]'
    run --separate-stderr pgn-to-named-notation --to=uci labels.pgn
    assert_failure 1
    [[ $(sed -n 5p <<<"$stderr") == "pgn-to-named-notation:labels.pgn:20:13: game 5: ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3" ]]
    [[ $(sed -n 1p <<<"$stderr") == "pgn-to-named-notation:labels.pgn:3:13: game 1 (Sicilian Najdorf): ply 3 (2.): illegal move 'Ke3': a king cannot move from e1 to e3" ]]
}

# -------------------------------------------------------------- directories

@test "a directory: every *.pgn under it, in byte order of the paths, hidden entries skipped" {
    run --separate-stderr pgn-check tree/
    assert_success
    assert_stderr_equal ''
    # the order find and a C-locale sort give
    local expected
    expected=$(find tree -name '.*' -prune -o -name '*.pgn' -print | LC_ALL=C sort | xargs cat)
    assert_output "$expected"
    [[ $(grep -c '^\[Event' <<<"$output") == 4 ]]
    [[ $(grep '^\[Event' <<<"$output" | tr '\n' ' ') == '[Event "tree-B-y"] [Event "tree-a-dash"] [Event "tree-a-x"] [Event "tree-b"] ' ]]
    # "tree" and "tree/" name the same files, and the paths are the messages'
    run --separate-stderr pgn-check --format=json --select=missing-tag --pedantic --select=tag-order tree
    assert_success
    run --separate-stderr pgn-check --format=json tree labels.pgn
    assert_failure 1
    assert_line --index 0 --partial '{"file":"labels.pgn","line":1,"column":1,"game":1,'
}

@test "a directory: the paths in diagnostics are the walk's, the operand's spelling kept" {
    cp -r tree "$BATS_TEST_TMPDIR/t"
    printf '1. e4 e5 2. Ke3 *\n' >"$BATS_TEST_TMPDIR/t/a/bad.pgn"
    cd "$BATS_TEST_TMPDIR"
    run --separate-stderr pgn-check --select=illegal-move t/
    assert_failure 1
    assert_stderr_equal "pgn-check:t/a/bad.pgn:1:13: error: game 1: $KE3"
    run --separate-stderr pgn-check --select=illegal-move t
    assert_stderr_equal "pgn-check:t/a/bad.pgn:1:13: error: game 1: $KE3"
    run --separate-stderr pgn-check --jobs 2 --select=illegal-move t
    assert_stderr_equal "pgn-check:t/a/bad.pgn:1:13: error: game 1: $KE3"
}

@test "a directory without a game file reads nothing, not standard input" {
    run --separate-stderr pgn-check empty <warning.pgn
    assert_success
    assert_output ''
    assert_stderr_equal ''
    run --separate-stderr pgn-to-named-notation --to=uci empty <warning.pgn
    assert_success
    assert_output ''
}

@test "pgn-to-named-notation reads a directory as pgn-check does" {
    local expected
    expected=$(pgn-to-named-notation --to=uci tree/B/y.pgn tree/a-b.pgn tree/a/x.pgn tree/b.pgn)
    [[ $(grep -c '^e2e4$\|^d2d4$\|^c2c4$\|^g1f3$' <<<"$expected") == 4 ]]
    run --separate-stderr pgn-to-named-notation --to=uci tree
    assert_success
    assert_output "$expected"
    run --separate-stderr pgn-to-named-notation --to=uci --jobs 2 tree
    assert_output "$expected"
}

@test "a directory that cannot be read: reported, 66, the other operands checked" {
    [[ $(id -u) != 0 ]] || skip "root reads any directory"
    cp -r tree "$BATS_TEST_TMPDIR/t"
    chmod 000 "$BATS_TEST_TMPDIR/t/a"
    run --separate-stderr pgn-check "$BATS_TEST_TMPDIR/t"
    chmod 755 "$BATS_TEST_TMPDIR/t/a"
    assert_failure 66
    assert_stderr_equal "pgn-check: cannot open $BATS_TEST_TMPDIR/t/a: Permission denied"
    [[ $(grep -c '^\[Event' <<<"$output") == 3 ]]
}

@test "the shared repertoires folder: the same findings as its files named one by one" {
    need_shared "$REP"
    run --separate-stderr pgn-check "$SHARED/$REP"
    local by_dir=$stderr
    run --separate-stderr pgn-check "$SHARED/$REP"/*.pgn
    [[ $by_dir == "$stderr" ]]
    [[ $by_dir != *'Is a directory'* ]]
}

# ------------------------------------------------------ configuration file

@test "the configuration file is found from a subdirectory up to the repository's top" {
    scratch_repo
    printf '# the repertoire: tags are optional\nignore = missing-tag, missing-result\n\nfail-on = error\n' \
        >"$BATS_TEST_TMPDIR/repo/.pgn-check.conf"
    cd "$BATS_TEST_TMPDIR/repo/sub/deep"
    run --separate-stderr pgn-check ../warning.pgn
    assert_success
    assert_output "$(cat ../warning.pgn)"
    assert_stderr_equal ''
    # the command line adds to the list and overrides the level
    run --separate-stderr pgn-check --fail-on=note --pedantic ../note.pgn
    assert_failure 1
    run --separate-stderr pgn-check --no-config ../warning.pgn
    assert_failure 1
}

@test "the search stops at the repository's top: a file above it is not read" {
    scratch_repo
    printf 'fail-on = error\n' >"$BATS_TEST_TMPDIR/.pgn-check.conf"
    cd "$BATS_TEST_TMPDIR/repo/sub"
    run --separate-stderr pgn-check warning.pgn
    assert_failure 1
    run --separate-stderr pgn-check --config ../../.pgn-check.conf warning.pgn
    assert_success
}

@test "the configuration file's keys: pedantic, select, variant" {
    scratch_repo
    cd "$BATS_TEST_TMPDIR/repo/sub"
    printf 'pedantic = true\nfail-on = warning\n' >../.pgn-check.conf
    run --separate-stderr pgn-check note.pgn
    assert_success
    assert_stderr_equal "pgn-check:note.pgn:9:35: note: game 1 (A - B, 1): ply 7 (4.): 'Qxf7' mates: '#' is missing (SAN 'Qxf7#') [check-mark]"
    printf 'pedantic = false\n' >../.pgn-check.conf
    run --separate-stderr pgn-check note.pgn
    assert_success
    assert_stderr_equal ''
    printf 'select = illegal-move\n' >../.pgn-check.conf
    run --separate-stderr pgn-check warning.pgn
    assert_success
    # atomic: 3. Qxf7 explodes the king on e8 and the queen with it, so
    # 3... Kxf7, legal in standard chess, is not a move
    printf 'variant = atomic\nselect = illegal-move\n' >../.pgn-check.conf
    printf '1. e4 d5 2. Qh5 a6 3. Qxf7 Kxf7 *\n' >atomic.pgn
    run --separate-stderr pgn-check atomic.pgn
    assert_failure 1
    [[ $stderr == 'pgn-check:atomic.pgn:1:28: error: game 1: ply 6 (3...): illegal move '\''Kxf7'\'* ]]
    run --separate-stderr pgn-check --no-config --select=illegal-move atomic.pgn
    assert_success
    run --separate-stderr pgn-check --variant=chess --select=illegal-move atomic.pgn
    assert_success
}

@test "a bad configuration file: every bad line as FILE:LINE:COL, status 64" {
    printf 'ignore = missing-tag, bogus ,x\nfail-on = nope\n\n# fine\nfoo = 1\n  junk\npedantic = maybe\nvariant = hexagonal\nselect =\n' \
        >"$BATS_TEST_TMPDIR/bad.conf"
    run --separate-stderr pgn-check --config "$BATS_TEST_TMPDIR/bad.conf" warning.pgn
    assert_failure 64
    assert_output ''
    local f="pgn-check:$BATS_TEST_TMPDIR/bad.conf"
    [[ $(sed -n 1p <<<"$stderr") == "$f:1:23: invalid ignore value 'missing-tag,bogus,x': unknown code 'bogus' (the codes: unexpected-token, "* ]]
    [[ $(sed -n '2,$p' <<<"$stderr") == "$f:2:11: invalid fail-on value 'nope': expected error, warning or note
$f:5:1: unknown key 'foo' (the keys: ignore, select, fail-on, pedantic, variant)
$f:6:7: expected 'key = value'
$f:7:12: invalid pedantic value 'maybe': expected true or false
$f:8:11: invalid variant value 'hexagonal': expected $(pgn-check --help | sed -n 's/.*The rules: \(chess\).*/\1/p')"* ]]
    [[ $(tail -n 1 <<<"$stderr") == "$f:9:9: no value for select" ]]
}

@test "a NUL byte in a configuration line is a bad line at its column (a list read past its copy)" {
    printf 'ignore = missing-tag, b\0\0 ,x\n# a comment\0 passes\nfail-on = warning\n' >"$BATS_TEST_TMPDIR/nul.conf"
    run --separate-stderr pgn-check --config "$BATS_TEST_TMPDIR/nul.conf" warning.pgn
    assert_failure 64
    assert_output ''
    assert_stderr_equal "pgn-check:$BATS_TEST_TMPDIR/nul.conf:1:24: a NUL byte in the line"
}

@test "--config: an unreadable file is 66; with --no-config a usage error" {
    run --separate-stderr pgn-check --config "$BATS_TEST_TMPDIR/none.conf" warning.pgn
    assert_failure 66
    assert_stderr_equal "pgn-check: cannot open $BATS_TEST_TMPDIR/none.conf: No such file or directory"
    touch "$BATS_TEST_TMPDIR/empty.conf"
    run --separate-stderr pgn-check --config "$BATS_TEST_TMPDIR/empty.conf" --no-config warning.pgn
    assert_failure 64
    assert_stderr_equal "pgn-check: --config and --no-config contradict each other
Try \`pgn-check --help' or \`pgn-check --usage' for more information."
}

# ------------------------------------------------------ GitHub step summary

@test "the step summary: appended to \$GITHUB_STEP_SUMMARY, codes, counts, first places" {
    local sum="$BATS_TEST_TMPDIR/summary.md"
    printf 'before\n' >"$sum"
    GITHUB_STEP_SUMMARY=$sum run --separate-stderr pgn-check --format=github labels.pgn warning.pgn
    assert_failure 1
    [[ $(<"$sum") == "before
### pgn-check: failed

7 games: 0 clean, 6 with errors, 7 with warnings; exit status 1 (findings fail the run from level note up).

| Code | Level | Count | First places |
| --- | --- | ---: | --- |
| illegal-move | error | 6 | \`labels.pgn:3:13\`, \`labels.pgn:8:13\`, \`labels.pgn:13:13\`, ... |
| missing-tag | warning | 7 | \`labels.pgn:1:1\`, \`labels.pgn:5:1\`, \`labels.pgn:10:1\`, ... |
| empty-tag | warning | 1 | \`labels.pgn:22:1\` |" ]]
}

@test "the step summary: under GITHUB_ACTIONS=true in any format, never outside Actions" {
    local sum="$BATS_TEST_TMPDIR/summary.md"
    GITHUB_STEP_SUMMARY=$sum run --separate-stderr pgn-check warning.pgn
    [[ ! -e $sum ]]
    GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY=$sum run --separate-stderr pgn-check --fail-on=error warning.pgn
    assert_success
    [[ $(<"$sum") == "### pgn-check: passed

1 game: 0 clean, 0 with errors, 1 with warnings; exit status 0 (findings fail the run from level error up).

| Code | Level | Count | First places |
| --- | --- | ---: | --- |
| missing-tag | warning | 1 | \`warning.pgn:1:1\` |" ]]
    GITHUB_ACTIONS=true GITHUB_STEP_SUMMARY=$sum run --separate-stderr pgn-check -q warning.pgn
    [[ $(grep -c '^### ' "$sum") == 1 ]]
}

@test "the step summary counts what annotations leave out; '|' in a path escaped" {
    mkdir "$BATS_TEST_TMPDIR/a|b"
    for i in $(seq 12); do cat labels.pgn; echo; done >"$BATS_TEST_TMPDIR/a|b/many.pgn"
    cd "$BATS_TEST_TMPDIR"
    GITHUB_STEP_SUMMARY=s.md run --separate-stderr pgn-check --format=github --select=illegal-move 'a|b'
    assert_failure 1
    [[ $(grep -c '^::error' <<<"$output") == 10 ]]
    grep -qxF '| illegal-move | error | 72 | `a\|b/many.pgn:3:13`, `a\|b/many.pgn:8:13`, `a\|b/many.pgn:13:13`, ... |' s.md
}

@test "the step summary cannot be written: status 74" {
    GITHUB_STEP_SUMMARY=/nonexistent/dir/s.md run --separate-stderr pgn-check --format=github --fail-on=error warning.pgn
    assert_failure 74
    [[ $stderr == "pgn-check: cannot write the step summary /nonexistent/dir/s.md: No such file or directory" ]]
}

# ---------------------------------------------- the Action and the pre-commit hook

# yaml_get FILE EXPR: a value of the YAML file, by a Python expression on y.
yaml_get() {
    python3 -c 'import sys, yaml; y = yaml.safe_load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

@test "action.yml: a composite action whose check step runs pgn-check on its inputs" {
    python3 -c 'import yaml' 2>/dev/null || skip "python3-yaml is not installed"
    local a="$TOP/action.yml"
    [[ $(yaml_get "$a" 'y["runs"]["using"]') == composite ]]
    [[ $(yaml_get "$a" 'sorted(y["inputs"])') == "['fail-on', 'format', 'ignore', 'paths']" ]]
    # the build step builds the binary the check step finds on PATH
    yaml_get "$a" 'y["runs"]["steps"][0]["run"]' | grep -q 'PGO=0 build/bin/pgn-check'
    yaml_get "$a" 'y["runs"]["steps"][1]["run"]' >"$BATS_TEST_TMPDIR/check.sh"
    [[ $(yaml_get "$a" 'y["runs"]["steps"][1]["env"]["INPUT_FAIL_ON"]') == '${{ inputs.fail-on }}' ]]
    cp -r tree labels.pgn warning.pgn "$BATS_TEST_TMPDIR/"
    cd "$BATS_TEST_TMPDIR"
    # the defaults: github annotations on the paths, every finding fails
    INPUT_PATHS=warning.pgn INPUT_FAIL_ON= INPUT_IGNORE= INPUT_FORMAT=github \
        run --separate-stderr bash -e check.sh
    assert_failure 1
    assert_output '::warning file=warning.pgn,line=1,col=1,title=missing-tag::game 1 (Only an Event): Seven Tag Roster tags missing: Site, Date, Round, White, Black, Result [missing-tag]'
    INPUT_PATHS=$'tree\n warning.pgn' INPUT_FAIL_ON=error INPUT_IGNORE= INPUT_FORMAT=github \
        run --separate-stderr bash -e check.sh
    assert_success
    INPUT_PATHS='tree warning.pgn' INPUT_FAIL_ON= INPUT_IGNORE=missing-tag INPUT_FORMAT=text \
        run --separate-stderr bash -e check.sh
    assert_success
    assert_output ''
    # paths are never globbed
    INPUT_PATHS='*.pgn' INPUT_FAIL_ON= INPUT_IGNORE= INPUT_FORMAT=json \
        run --separate-stderr bash -e check.sh
    assert_failure 66
    assert_stderr_equal 'pgn-check: cannot open *.pgn: No such file or directory'
}

@test ".pre-commit-hooks.yaml: the pgn-check hook runs as pre-commit runs it" {
    python3 -c 'import yaml' 2>/dev/null || skip "python3-yaml is not installed"
    local h="$TOP/.pre-commit-hooks.yaml"
    [[ $(yaml_get "$h" '[x["id"] for x in y]') == "['pgn-check', 'pgn-check-fix']" ]]
    [[ $(yaml_get "$h" 'y[0]["files"]') == '\.pgn$' ]]
    # pre-commit splits entry as a shell would and appends args, then files
    python3 -c 'import re, sys, yaml
h = yaml.safe_load(open(sys.argv[1]))[0]
assert re.search(h["files"], "games/x.pgn") and not re.search(h["files"], "x.pgn.txt")' "$h"
    local -a cmd
    mapfile -t cmd < <(python3 -c 'import shlex, sys, yaml
h = yaml.safe_load(open(sys.argv[1]))[0]
print("\n".join(shlex.split(h["entry"]) + h.get("args", [])))' "$h")
    run --separate-stderr "${cmd[@]}" warning.pgn tree/b.pgn
    assert_failure 1
    assert_output ''
    assert_stderr_equal 'pgn-check:warning.pgn:1:1: warning: game 1 (Only an Event): Seven Tag Roster tags missing: Site, Date, Round, White, Black, Result [missing-tag]'
    run --separate-stderr "${cmd[@]}" tree/b.pgn tree/a/x.pgn
    assert_success
    assert_output ''
    assert_stderr_equal ''
}
