// chessops-explore.mjs - lichess's chessops as a second reference for
// pgn-explore's move tables (tests/cli/pgn-explore.bats), beside
// scripts/gen-explore-fixtures's python-chess.  Reads the PGN files named
// with chessops's own PGN parser (not ours), replays each game's main line
// with chessops's SAN parser and rules, and applies lichess's explorer
// rule (lila-openingexplorer's indexer, as docs/pgn-explore.md states it):
// a game counts with a Result tag of 1-0, 0-1 or 1/2-1/2 and a main line
// that replays; the positions before its first MAX_PLY moves are keyed by
// the variant and chessops's EPD (en-passant square only where a capture
// there is legal: toSetup), the move played there last counts; per move
// the results, the mover's rating (a whole number 1 to 65535) summed and
// averaged half up, and the last year (UTCDate, else Date).  Prints the
// TSV move table pgn-explore --to=tsv prints, sorted by games then UCI.
//
// Usage: node chessops-explore.mjs [--max-ply N] [--moves 'SAN...'] FILE...
//   (the position: the standard start, after --moves)
// CHESSOPS_DIR names the npm prefix where chessops is installed.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

const dir = resolve(process.env.CHESSOPS_DIR || 'build/chessops');
const esm = join(dir, 'node_modules', 'chessops', 'dist', 'esm');
const load = name => import(pathToFileURL(join(esm, name)).href);
const { makeFen } = await load('fen.js');
const { defaultPosition } = await load('variant.js');
const { parsePgn, startingPosition } = await load('pgn.js');
const { parseSan, makeSan } = await load('san.js');
const { makeUci, squareFile } = await load('util.js');

let maxPly = 50, moves = '';
const files = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--max-ply') maxPly = Number(argv[++i]);
    else if (argv[i] === '--moves') moves = argv[++i];
    else files.push(argv[i]);
}

const keyOf = (variant, pos) => variant + ' ' + makeFen(pos.toSetup(), { epd: true });

// UCI as lichess writes it outside Chess960: castling as the king's two squares.
const uciOf = (pos, m) => {
    if (m.from !== undefined && pos.board.get(m.from)?.role === 'king') {
        const target = pos.board.get(m.to);
        if (target && target.role === 'rook' && target.color === pos.turn) {
            const to = (m.to & ~7) | (squareFile(m.to) > squareFile(m.from) ? 6 : 2);
            return makeUci({ from: m.from, to });
        }
    }
    return makeUci(m);
};

let asked = defaultPosition('chess');
for (const san of moves.split(/\s+/).filter(Boolean)) asked.play(parseSan(asked, san));
const want = keyOf('chess', asked);

const rating = v => (/^\d{1,5}$/.test(v || '') && +v >= 1 && +v <= 65535 ? +v : 0);
const year = h => {
    for (const t of ['UTCDate', 'Date']) {
        const v = h.get(t) || '';
        if (/^\d{4}/.test(v)) return +v.slice(0, 4);
    }
    return 0;
};
const results = { '1-0': 'white', '0-1': 'black', '1/2-1/2': 'draws' };

const rows = new Map();
for (const f of files) {
    for (const game of parsePgn(readFileSync(f, 'utf8'))) {
        const h = game.headers;
        const result = results[h.get('Result')];
        if (!result) continue;
        const start = startingPosition(h);
        if (start.isErr) continue;
        const pos = start.value;
        const variant = (h.get('Variant') || 'chess').toLowerCase().includes('960') ||
            /fischer/i.test(h.get('Variant') || '') ? 'chess960' : pos.rules;
        const last = new Map();
        let ok = true, ply = 0;
        for (const node of game.moves.mainline()) {
            const m = parseSan(pos, node.san);
            if (!m) { ok = false; break; }
            if (ply < maxPly) {
                const k = keyOf(variant, pos);
                if (k === want) last.set(k, { uci: uciOf(pos, m), san: makeSan(pos, m), white: pos.turn === 'white' });
            }
            pos.play(m);
            ply++;
        }
        if (!ok) continue;
        for (const v of last.values()) {
            let r = rows.get(v.uci);
            if (!r) rows.set(v.uci, (r = { san: v.san, white: 0, draws: 0, black: 0, rsum: 0, rn: 0, year: 0 }));
            r[result]++;
            const mover = rating(h.get(v.white ? 'WhiteElo' : 'BlackElo'));
            if (mover) { r.rsum += mover; r.rn++; }
            r.year = Math.max(r.year, year(h));
        }
    }
}
const games = r => r.white + r.draws + r.black;
const out = ['san\tuci\tgames\twhite\tdraws\tblack\taverage_rating\tlast_year'];
for (const [uci, r] of [...rows].sort((a, b) => games(b[1]) - games(a[1]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const avg = r.rn ? Math.floor((2 * r.rsum + r.rn) / (2 * r.rn)) : '';
    out.push([r.san, uci, games(r), r.white, r.draws, r.black, avg, r.year || ''].join('\t'));
}
process.stdout.write(out.join('\n') + '\n');
