#!/usr/bin/env bats
# pgn-to-named-notation --to=pgn on a game without moves: the writer
# judges (--fix-result) and names (the Variant tag) the position the
# replay started from, under the rules it was replayed by, which
# --variant gives a game without a Variant tag.  The results in
# fixtures/pgn-export-start/*.expected are python-chess's (board.result()
# of the variant's board, and of chess.Board for standard chess): each
# input's % lines give the command and what it prints.  The rest of each
# expected file is formats/pgn-export.md's layout (the roster with its
# defaults, the other tags in ASCII order, the Variant tag in lichess's
# spelling, as for a game with moves).

load test_helper

FIX="$BATS_TEST_DIRNAME/fixtures/pgn-export-start"

# need_pychess: skip unless python-chess is importable (PYCHESS_DIR, else
# whatever python3 finds).
need_pychess() {
    PYTHONPATH="${PYCHESS_DIR:-}${PYTHONPATH:+:$PYTHONPATH}" python3 -c 'import chess.variant' 2>/dev/null ||
        skip "python-chess is not importable (set PYCHESS_DIR)"
}

@test "--fix-result --variant on a game without moves: King of the Hill's verdict (White's king on e4: 1-0), not standard chess's draw" {
    run --separate-stderr pgn-to-named-notation --to=pgn --fix-result --variant=kingofthehill "$FIX/koth.pgn"
    assert_success
    assert_equal "$stderr" ""
    assert_output "$(cat "$FIX/koth.expected")"
    # (assert_output drops the last newline: the bytes, once)
    cmp <(pgn-to-named-notation --to=pgn --fix-result --variant=kingofthehill "$FIX/koth.pgn") "$FIX/koth.expected"
}

@test "--fix-result --variant on a game without moves: antichess plays on (*) where standard chess has checkmate" {
    run --separate-stderr pgn-to-named-notation --to=pgn --fix-result --variant=antichess "$FIX/antichess.pgn"
    assert_success
    assert_equal "$stderr" ""
    assert_output "$(cat "$FIX/antichess.expected")"
    cmp <(pgn-to-named-notation --to=pgn --fix-result --variant=antichess "$FIX/antichess.pgn") "$FIX/antichess.expected"
}

@test "--fix-result without --variant on the same games: standard chess's verdicts (1/2-1/2, 0-1), no Variant tag" {
    run --separate-stderr pgn-to-named-notation --to=pgn --fix-result "$FIX/koth.pgn" "$FIX/antichess.pgn"
    assert_success
    assert_equal "$stderr" ""
    run grep -E '^(\[Result|\[Variant|1-0|0-1|1/2-1/2|\*)' <<<"$output"
    assert_output $'[Result "1/2-1/2"]\n1/2-1/2\n[Result "0-1"]\n0-1'
}

@test "--variant on a game without moves, without --fix-result: the Variant tag is written, the result kept" {
    run --separate-stderr pgn-to-named-notation --to=pgn --variant=kingofthehill "$FIX/koth.pgn"
    assert_success
    assert_equal "$stderr" ""
    assert_output "$(sed 's/1-0/*/' "$FIX/koth.expected")"
}

@test "python-chess reads each expected export back as its variant, with the result written" {
    need_pychess
    local f
    for f in "$FIX"/*.expected; do
        PYTHONPATH="${PYCHESS_DIR:-}${PYTHONPATH:+:$PYTHONPATH}" python3 -c '
import sys, chess.pgn
g = chess.pgn.read_game(open(sys.argv[1]))
b = g.board()
assert b.uci_variant in ("kingofthehill", "antichess"), b.uci_variant
assert b.result() == g.headers["Result"], (b.result(), g.headers["Result"])
' "$f"
    done
}
