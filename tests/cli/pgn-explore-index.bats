#!/usr/bin/env bats
# pgn-explore's saved index (--index, --build, --merge, --memory; the
# tables of formats/explorer.md).  The truth of an index's answers is the
# archive's: every answer from an index is compared byte for byte with
# pgn-explore's answer from the archive itself (whose own truth,
# python-chess and chessops, is tests/cli/pgn-explore.bats'), and with
# the counts python-chess and awk make of the games where SQL is asked
# directly.  An index built under --memory 16M, a merge of indexes built
# apart, and an index built in two runs are each compared with the index
# built at once (their sorted `sqlite3 .dump`s, and their answers).  A
# build that fails (a file that cannot be read, a full disk, a kill)
# leaves the index as it was (cmp), and a file that is not an index is
# refused and never written.

load test_helper

pgn-explore() { timeout --foreground -k 10 "$TOOL_TIMEOUT" pgn-explore "$@"; }
export -f pgn-explore

EVENTS=pgn/events
START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

setup() {
    T=$BATS_TEST_TMPDIR
    # Six games: ratings, dates, speeds; one without a result, one that
    # does not replay (an illegal move), one past the first ply limit.
    cat >"$T/small.pgn" <<'EOF'
[Event "a"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[UTCDate "2013.01.05"]
[WhiteElo "1650"]
[BlackElo "1710"]
[TimeControl "180+0"]

1. e4 { [%eval 0.3] } e5 { [%eval 0.25] } 2. Nf3 { [%eval #4] } Nc6 3. Bb5 { [%eval -1.5] } a6 1-0

[Event "b"]
[White "Cid"]
[Black "Dee"]
[Result "0-1"]
[UTCDate "2013.02.11"]
[WhiteElo "2010"]
[BlackElo "1990"]
[TimeControl "600+0"]

1. Nf3 Nc6 2. e4 e5 3. d4 0-1

[Event "c"]
[White "Eve"]
[Black "Fay"]
[Result "1/2-1/2"]
[Date "2014.03.??"]
[TimeControl "60+0"]

1. e4 c5 2. Nf3 d6 1/2-1/2

[Event "d"]
[White "Gus"]
[Black "Hal"]
[Result "*"]
[WhiteElo "1500"]
[BlackElo "1500"]

1. d4 d5 *

[Event "e"]
[White "Ida"]
[Black "Jon"]
[Result "1-0"]
[WhiteElo "2300"]
[BlackElo "2250"]

1. e4 e5 2. Ke3 1-0

[Event "f"]
[White "Kim"]
[Black "Lou"]
[Result "1-0"]
[UTCDate "2015.07.01"]
[WhiteElo "2600"]
[BlackElo "2640"]
[TimeControl "-"]

1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 1-0
EOF
}

# games_where CONDITION: the games of the PGN on standard input (each
# from its [Event line to the next) for which the awk CONDITION holds,
# over w and b (WhiteElo, BlackElo: "" when missing) and d (UTCDate, else
# Date).
games_where() {
    awk '
    function tag(name,   r) {
        return match(game, "\\[" name " \"[^\"]*\"\\]") ? substr(game, RSTART + length(name) + 3, RLENGTH - length(name) - 5) : ""
    }
    function flush(   w, b, d) {
        if (game == "") return
        w = tag("WhiteElo"); b = tag("BlackElo"); d = tag("UTCDate")
        if (d == "") d = tag("Date")
        if ('"$1"') printf "%s", game
        game = ""
    }
    /^\[Event / { flush() }
    { game = game $0 "\n" }
    END { flush() }'
}

# dump DB: the index's rows, sorted (the same rows whatever their order
# in the file).
dump() { sqlite3 "$1" .dump | LC_ALL=C sort; }

# positions FILE...: the FENs of the first 20 plies of every game, one a
# line (pgn-to-named-notation --to=fen; the positions to ask).
positions() {
    pgn-to-named-notation --to=fen "$@" 2>/dev/null | grep -E '^[^[ ][^ ]* [wb] ' |
        awk '{ n[$0]++ } n[$0] == 1' | head -n 3000
}

# same_answers DB FILES... -- ARGS...: the index's answers to the
# positions of FILES are the archive's, in JSON and in the table.
same_answers() {
    local db=$1
    shift
    local files=()
    while [[ $1 != -- ]]; do files+=("$1"); shift; done
    shift
    positions "${files[@]}" >"$T/pos.txt"
    pgn-explore --index "$db" --positions "$T/pos.txt" --json "$@" >"$T/ix.json"
    pgn-explore --positions "$T/pos.txt" --json "$@" "${files[@]}" >"$T/ar.json" 2>/dev/null
    [[ -s $T/ix.json ]]
    cmp "$T/ix.json" "$T/ar.json"
    pgn-explore --index "$db" --positions "$T/pos.txt" "$@" >"$T/ix.txt"
    pgn-explore --positions "$T/pos.txt" "$@" "${files[@]}" >"$T/ar.txt" 2>/dev/null
    cmp "$T/ix.txt" "$T/ar.txt"
}

@test "--build: an index of six games answers as the archive does; the game that does not replay is reported and skipped" {
    run --separate-stderr pgn-explore --index "$T/i.db" --build --stats "$T/small.pgn"
    assert_equal "$status" 1
    assert_equal "${stderr_lines[0]%%:*}" "pgn-explore"
    [[ ${stderr_lines[0]} == *"small.pgn:"* ]]
    assert_equal "${stderr_lines[-1]}" "6 games, 4 counted, 1 unreadable, 1 without result, 0 not chosen"
    for moves in '' 'e4' 'e4 e5' 'Nf3 Nc6 e4 e5' 'e4 e5 Nf3 Nc6' 'd4'; do
        run --separate-stderr pgn-explore --index "$T/i.db" --moves "$moves" --json
        assert_equal "$status" 0
        index=$output
        run --separate-stderr pgn-explore --moves "$moves" --json "$T/small.pgn"
        assert_equal "$index" "$output"
    done
    # The evaluations: after 1. e4, 30 centipawns (one game of two has one).
    run pgn-explore --index "$T/i.db" --json
    assert_equal "$(jq -c '[.moves[] | select(.uci == "e2e4") | .averageEval, .evalGames]' <<<"$output")" "[30,1]"
    # A transposition: 1. e4 e5 2. Nf3 Nc6 and 1. Nf3 Nc6 2. e4 e5.
    run pgn-explore --index "$T/i.db" --moves 'e4 e5 Nf3 Nc6' --json
    assert_equal "$(jq -c '[.white, .draws, .black]' <<<"$output")" "[1,0,1]"
}

@test "--build: the events archive, Chess960 games included: every position of its first 20 plies answers as the archive (JSON and table)" {
    need_shared "$EVENTS"
    pgn-explore --index "$T/ev.db" --build "$SHARED/$EVENTS"/*.pgn 2>/dev/null
    same_answers "$T/ev.db" "$SHARED/$EVENTS"/*.pgn --
}

@test "--memory 16M builds the same index as the default 1G (sorted .dump), on 5 MB of lichess games and the events" {
    need_shared pgn/bench/random-100k.pgn.zst "$EVENTS"
    zstd -dc "$SHARED/pgn/bench/random-100k.pgn.zst" | head -c 5000000 >"$T/raw.pgn"
    last=$(grep -n '^\[Event ' "$T/raw.pgn" | tail -n 1 | cut -d: -f1)
    head -n $((last - 1)) "$T/raw.pgn" >"$T/b.pgn"
    cat "$SHARED/$EVENTS"/*.pgn >>"$T/b.pgn"
    pgn-explore --index "$T/big.db" --build "$T/b.pgn" 2>/dev/null
    pgn-explore --index "$T/small.db" --build --memory 16M "$T/b.pgn" 2>/dev/null
    cmp <(dump "$T/big.db") <(dump "$T/small.db")
    [[ $(sqlite3 "$T/big.db" 'select count(*) from games') -gt 3000 ]]
}

@test "--merge: indexes of two files merged = the index of both (sorted .dump and answers)" {
    need_shared "$EVENTS"
    files=("$SHARED/$EVENTS"/*.pgn)
    pgn-explore --index "$T/a.db" --build "${files[@]:0:8}" 2>/dev/null
    pgn-explore --index "$T/b.db" --build "${files[@]:8}" 2>/dev/null
    pgn-explore --index "$T/ab.db" --build "${files[@]}" 2>/dev/null
    run --separate-stderr pgn-explore --index "$T/m.db" --merge "$T/a.db" "$T/b.db"
    assert_equal "$status" 0
    assert_equal "$stderr" ""
    cmp <(dump "$T/ab.db") <(dump "$T/m.db")
    same_answers "$T/m.db" "${files[@]}" --
    # into an index that is there: the second half added to the first
    cp "$T/a.db" "$T/a2.db"
    pgn-explore --index "$T/a2.db" --merge "$T/b.db"
    cmp <(dump "$T/ab.db") <(dump "$T/a2.db")
}

@test "--build adds to an index that is there: two runs = one run of both files" {
    need_shared "$EVENTS"
    files=("$SHARED/$EVENTS"/*.pgn)
    pgn-explore --index "$T/two.db" --build "${files[@]:0:5}" 2>/dev/null
    pgn-explore --index "$T/two.db" --build "${files[@]:5}" 2>/dev/null
    pgn-explore --index "$T/one.db" --build "${files[@]}" 2>/dev/null
    cmp <(dump "$T/one.db") <(dump "$T/two.db")
}

@test "--speed, --ratings, --since, --until of an index = the index of the games awk chose" {
    need_shared "$EVENTS"
    cat "$SHARED/$EVENTS"/*.pgn "$T/small.pgn" >"$T/all.pgn"
    pgn-explore --index "$T/all.db" --build "$T/all.pgn" 2>/dev/null || [[ $? == 1 ]]
    # awk: the games whose mean rating is 2500 or more (lichess's last
    # group), those of 2013-01 to 2014-12 and of 2012-06 to 2012-07 (by
    # UTCDate, else Date); pgn-select: the blitz and rapid games.
    games_where 'w != "" && b != "" && int((w + b) / 2) >= 2500' <"$T/all.pgn" >"$T/r2500.pgn"
    games_where 'd ~ /^201[34]\./' <"$T/all.pgn" >"$T/y1314.pgn"
    games_where 'd ~ /^2012\.0[67]/' <"$T/all.pgn" >"$T/m2012.pgn"
    pgn-select --speed blitz,rapid "$T/all.pgn" >"$T/br.pgn"
    pgn-explore --index "$T/r.db" --build "$T/r2500.pgn" 2>/dev/null
    pgn-explore --index "$T/y.db" --build "$T/y1314.pgn" 2>/dev/null
    pgn-explore --index "$T/m.db" --build "$T/m2012.pgn" 2>/dev/null
    pgn-explore --index "$T/s.db" --build "$T/br.pgn" 2>/dev/null
    # (the games are the same; where they are, file and number, differs)
    answer() { pgn-explore --index "$@" --json | jq -c 'del(.topGames[]?.file, .topGames[]?.number)'; }
    for moves in '' 'e4' 'd4' 'e4 e5' 'd4 Nf6 c4'; do
        cmp <(answer "$T/all.db" --ratings 2500 --moves "$moves") <(answer "$T/r.db" --moves "$moves")
        cmp <(answer "$T/all.db" --since 2013-01 --until 2014 --moves "$moves") \
            <(answer "$T/y.db" --moves "$moves")
        cmp <(answer "$T/all.db" --since 2012-06 --until 2012-07 --moves "$moves") \
            <(answer "$T/m.db" --moves "$moves")
        cmp <(answer "$T/all.db" --speed blitz,rapid --moves "$moves") <(answer "$T/s.db" --moves "$moves")
        # the archive, asked with the same filters, answers as the index does
        scan() { pgn-explore "$@" --json "$T/all.pgn" 2>/dev/null | jq -c 'del(.topGames[]?.file, .topGames[]?.number)'; }
        cmp <(scan --ratings 2500 --moves "$moves") <(answer "$T/r.db" --moves "$moves")
        cmp <(scan --since 2012-06 --until 2012-07 --moves "$moves") <(answer "$T/m.db" --moves "$moves")
    done
    run pgn-explore --index "$T/all.db" --ratings 1600 --moves e4 --json
    assert_equal "$(jq -c '[.white, .draws, .black]' <<<"$output")" "[1,0,0]"
}

@test "an index is an SQLite database that formats/explorer.md's queries read: first moves and speeds as python-chess counts them" {
    need_shared "$EVENTS"
    PYTHONPATH="${PYCHESS_DIR:-}${PYTHONPATH:+:$PYTHONPATH}" python3 -c 'import chess.pgn' 2>/dev/null ||
        skip "python-chess is not importable (set PYCHESS_DIR)"
    cat "$SHARED/$EVENTS"/*.pgn >"$T/ev.pgn"
    pgn-explore --index "$T/ev.db" --build "$T/ev.pgn" 2>/dev/null
    run sqlite3 -separator ' ' "$T/ev.db" "
      WITH start AS (SELECT key_hi, key_lo FROM moves WHERE variant = 0
                     GROUP BY key_hi, key_lo ORDER BY sum(white + draws + black) DESC LIMIT 1)
      SELECT uci, sum(white + draws + black) AS games FROM moves_uci JOIN start USING (key_hi, key_lo)
      WHERE variant = 0 GROUP BY uci ORDER BY games DESC, uci"
    assert_equal "$status" 0
    sql_first=$output
    run sqlite3 "$T/ev.db" "SELECT s.name, count(*) FROM games g JOIN speeds s ON s.id = g.speed
            GROUP BY s.name ORDER BY count(*) DESC, s.name"
    sql_speeds=$output
    # python-chess: the standard games with a result that replay, from
    # the standard start; their first moves; every counted game's speed
    # by lichess's rule (the estimate initial + 40 x increment).
    run env PYTHONPATH="${PYCHESS_DIR:-}${PYTHONPATH:+:$PYTHONPATH}" python3 - "$T/ev.pgn" <<'EOF'
import collections, sys, chess.pgn
first, speeds = collections.Counter(), collections.Counter()
def speed(tc):
    if tc == "-": return "correspondence"
    try:
        base, inc = (tc.split("+") + ["0"])[:2]
        t = int(base) + 40 * int(inc)
    except ValueError:
        return "unknown"
    for limit, name in ((30, "ultrabullet"), (180, "bullet"), (480, "blitz"), (1500, "rapid"), (21600, "classical")):
        if t < limit: return name
    return "correspondence"
with open(sys.argv[1], encoding="utf-8") as f:
    while (g := chess.pgn.read_game(f)) is not None:
        if g.headers.get("Result") not in ("1-0", "0-1", "1/2-1/2") or g.errors:
            continue
        speeds[speed(g.headers.get("TimeControl", "?"))] += 1
        b = g.board()
        if b.chess960 or b.fen() != chess.STARTING_FEN or g.headers.get("Variant", "Standard").lower() not in ("standard", "chess"):
            continue
        moves = list(g.mainline_moves())
        if moves: first[moves[0].uci()] += 1
for m, n in sorted(first.items(), key=lambda x: (-x[1], x[0])): print(m, n)
print("--")
for s, n in sorted(speeds.items(), key=lambda x: (-x[1], x[0])): print(f"{s}|{n}")
EOF
    assert_equal "$status" 0
    assert_equal "$sql_first
--
$sql_speeds" "$output"
}

@test "a failing input at the end: status 66, nothing added, the index byte for byte as it was" {
    pgn-explore --index "$T/i.db" --build "$T/small.pgn" 2>/dev/null || true
    cp "$T/i.db" "$T/before.db"
    run --separate-stderr pgn-explore --index "$T/i.db" --build "$T/small.pgn" "$T/missing.pgn"
    assert_equal "$status" 66
    assert_equal "${stderr_lines[-2]}" "pgn-explore: cannot open $T/missing.pgn: No such file or directory"
    assert_equal "${stderr_lines[-1]}" "pgn-explore: $T/i.db: nothing was added: the index is left as it was"
    cmp "$T/i.db" "$T/before.db"
    [[ ! -e $T/i.db-journal ]]
    # a new index that failed is not left behind
    run pgn-explore --index "$T/new.db" --build "$T/missing.pgn"
    assert_equal "$status" 66
    [[ ! -e $T/new.db ]]
}

@test "a build killed midway (kill -9) leaves the index answering as before, once SQLite rolls its journal back" {
    need_shared pgn/bench/random-100k.pgn.zst
    pgn-explore --index "$T/i.db" --build "$T/small.pgn" 2>/dev/null || true
    dump "$T/i.db" >"$T/before.txt"
    zstd -dc "$SHARED/pgn/bench/random-100k.pgn.zst" | head -c 30000000 >"$T/big.pgn"
    # (the binary itself, not the function's timeout around it: kill it)
    "$(type -P pgn-explore)" --index "$T/i.db" --build --memory 4M "$T/big.pgn" 2>/dev/null &
    pid=$!
    # wait until it has written into the file (its journal is there)
    for ((i = 0; i < 200; i++)); do
        [[ -e $T/i.db-journal ]] && break
        sleep 0.05
    done
    kill -9 "$pid"
    wait "$pid" || true
    cmp "$T/before.txt" <(dump "$T/i.db")
    run pgn-explore --index "$T/i.db" --moves e4 --json
    assert_equal "$status" 0
    assert_equal "$(jq -c '[.white, .draws, .black]' <<<"$output")" "[1,1,0]"
}

@test "a full disk (ulimit -f): status 74, a message naming the index, the index as it was" {
    need_shared "$EVENTS"
    pgn-explore --index "$T/i.db" --build "$T/small.pgn" 2>/dev/null || true
    cp "$T/i.db" "$T/before.db"
    run --separate-stderr bash -c 'ulimit -f 200 && exec pgn-explore --index "$1" --build "${@:2}"' _ \
        "$T/i.db" "$SHARED/$EVENTS"/*.pgn
    assert_equal "$status" 74
    [[ ${stderr_lines[0]} == "pgn-explore: $T/i.db: cannot write the index; it is left as it was: "* ]]
    cmp "$T/i.db" "$T/before.db"
    run --separate-stderr bash -c 'ulimit -f 200 && exec pgn-explore --index "$1" --build "${@:2}"' _ \
        "$T/new.db" "$SHARED/$EVENTS"/*.pgn
    assert_equal "$status" 74
    [[ ! -e $T/new.db ]]
}

@test "a file that is not an index: status 66, a message naming it, never written (query, --build, --merge)" {
    printf 'not an index\n' >"$T/text.db"
    cp "$T/text.db" "$T/text0"
    msg="pgn-explore: $T/text.db: not an index of pgn-explore (not an SQLite database); it is left as it is"
    run --separate-stderr pgn-explore --index "$T/text.db" --build "$T/small.pgn"
    assert_equal "$status" 66
    assert_equal "$stderr" "$msg"
    run --separate-stderr pgn-explore --index "$T/text.db" --moves e4
    assert_equal "$status" 66
    assert_equal "$stderr" "$msg"
    pgn-explore --index "$T/i.db" --build "$T/small.pgn" 2>/dev/null || true
    run --separate-stderr pgn-explore --index "$T/text.db" --merge "$T/i.db"
    assert_equal "$status" 66
    assert_equal "$stderr" "$msg"
    run --separate-stderr pgn-explore --index "$T/m.db" --merge "$T/i.db" "$T/text.db"
    assert_equal "$status" 66
    assert_equal "$stderr" "$msg"
    [[ ! -e $T/m.db ]]
    cmp "$T/text.db" "$T/text0"
    # another program's SQLite database
    sqlite3 "$T/other.db" 'CREATE TABLE t(x); INSERT INTO t VALUES(1)'
    cp "$T/other.db" "$T/other0"
    run --separate-stderr pgn-explore --index "$T/other.db" --build "$T/small.pgn"
    assert_equal "$status" 66
    assert_equal "$stderr" "pgn-explore: $T/other.db: not an index of pgn-explore (a SQLite database of another kind); it is left as it is"
    cmp "$T/other.db" "$T/other0"
}

@test "an index of another version: status 66, a message naming it and both versions, never written" {
    pgn-explore --index "$T/v.db" --build "$T/small.pgn" 2>/dev/null || true
    sqlite3 "$T/v.db" 'PRAGMA user_version = 2'
    cp "$T/v.db" "$T/v0"
    msg="pgn-explore: $T/v.db: an index of version 2, and this pgn-explore reads version 1 only; build it again (it is left as it is)"
    run --separate-stderr pgn-explore --index "$T/v.db" --build "$T/small.pgn"
    assert_equal "$status" 66
    assert_equal "$stderr" "$msg"
    run --separate-stderr pgn-explore --index "$T/v.db" --moves e4
    assert_equal "$status" 66
    assert_equal "$stderr" "$msg"
    cmp "$T/v.db" "$T/v0"
}

@test "a query of a missing or empty file: status 66, nothing made" {
    run --separate-stderr pgn-explore --index "$T/none.db" --moves e4
    assert_equal "$status" 66
    assert_equal "$stderr" "pgn-explore: cannot open $T/none.db: No such file or directory"
    [[ ! -e $T/none.db ]]
    : >"$T/empty.db"
    run --separate-stderr pgn-explore --index "$T/empty.db" --moves e4
    assert_equal "$status" 66
    assert_equal "$stderr" "pgn-explore: $T/empty.db: not an index of pgn-explore (an empty database)"
    [[ ! -s $T/empty.db ]]
}

@test "--max-ply: an index keeps its own; adding or asking with another is a usage error" {
    pgn-explore --index "$T/i.db" --build --max-ply 4 "$T/small.pgn" 2>/dev/null || true
    assert_equal "$(sqlite3 "$T/i.db" "select value from meta where name = 'max_ply'")" 4
    cp "$T/i.db" "$T/i0"
    run --separate-stderr pgn-explore --index "$T/i.db" --build "$T/small.pgn"
    assert_equal "$status" 64
    assert_equal "$stderr" "pgn-explore: $T/i.db: an index of the first 4 plies of each game, not 50: give --max-ply 4 to add to it (it is left as it is)"
    cmp "$T/i.db" "$T/i0"
    run --separate-stderr pgn-explore --index "$T/i.db" --max-ply 6 --moves e4
    assert_equal "$status" 64
    # past the limit, nothing: the position after 4 plies is in no game's first 4
    run pgn-explore --index "$T/i.db" --moves 'e4 e5 Nf3 Nc6' --json
    assert_equal "$(jq -c '[.white, .draws, .black]' <<<"$output")" "[0,0,0]"
}

@test "usage errors: --build without --index, a bad --memory, --ratings, --since; a criterion an index cannot judge" {
    run --separate-stderr pgn-explore --build "$T/small.pgn"
    assert_equal "$status" 64
    [[ $stderr == *"--build needs --index DB"* ]]
    run --separate-stderr pgn-explore --index "$T/i.db" --build --memory 10 "$T/small.pgn"
    assert_equal "$status" 64
    [[ $stderr == *"invalid --memory value '10' (expected a size such as 512M or 2G, at least 1M)"* ]]
    run --separate-stderr pgn-explore --ratings 1500 --moves e4 "$T/small.pgn"
    assert_equal "$status" 64
    [[ $stderr == *"--ratings: unknown rating group '1500' (0, 1000, 1200, 1400, 1600, 1800, 2000, 2200 or 2500)"* ]]
    run --separate-stderr pgn-explore --since 2013-13 --moves e4 "$T/small.pgn"
    assert_equal "$status" 64
    [[ $stderr == *"invalid --since value '2013-13' (expected YYYY-MM or YYYY)"* ]]
    pgn-explore --index "$T/i.db" --build "$T/small.pgn" 2>/dev/null || true
    run --separate-stderr pgn-explore --index "$T/i.db" --player Ann --moves e4
    assert_equal "$status" 64
    assert_equal "$stderr" "pgn-explore: $T/i.db: an index answers for --speed, --ratings, --since, --until and the position's variant; the other criteria need the archive"
}
