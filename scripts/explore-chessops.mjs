// explore-chessops.mjs - the move table of `pgn-explore --to=tsv`
// (docs/pgn-explore.md) computed by lichess's own rules library, chessops,
// a second peer beside scripts/gen-explore-fixtures (python-chess).
// Nothing of chesskit runs, and the rule is coded here from lichess's
// explorer as docs/pgn-explore.md states it:
//
//   - a game counts when its result is 1-0, 0-1 or 1/2-1/2 (its Result
//     tag, or where that is missing or "*" the movetext's marker) and
//     chessops replays its main line from its start position (FEN and
//     Variant tags) without an illegal move;
//   - the positions before its first MAX_PLY moves (default 50) count, a
//     null move ending the walk; a position is its rules (the variant,
//     Chess960 apart), its board, pockets, side, castling rights, checks
//     left and the en-passant square only when a capture there is legal
//     (chessops's toSetup keeps only that one); not the counters;
//   - per game and position only the move played there last counts;
//   - per (position, move): White's wins, draws, Black's wins, the mean of
//     the mover's ratings (WhiteElo/BlackElo from 1 to 65535) rounded half
//     up, the last year (UTCDate's, else Date's);
//   - moves by games, most first, ties by UCI.
//
// Usage: node scripts/explore-chessops.mjs [--to=tsv] [--fen FEN]
//            [--moves 'SAN ...'] [--positions FILE] [--variant NAME]
//            [--max-ply N] FILE...
// Environment: CHESSOPS_DIR (default build/chessops).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

const dir = resolve(process.env.CHESSOPS_DIR || 'build/chessops');
const esm = join(dir, 'node_modules', 'chessops', 'dist', 'esm');
const load = name => import(pathToFileURL(join(esm, name)).href);
const { parsePgn, startingPosition, emptyHeaders } = await load('pgn.js');
const { makeFen, parseFen } = await load('fen.js');
const { parseSan } = await load('san.js');
const { defaultPosition, setupPosition } = await load('variant.js');
const { makeUci, squareFile } = await load('util.js');
const { makeSan } = await load('san.js');

const CHESS960 = ['chess960', 'chess 960', 'fischerandom', 'fischerrandom', 'fischer random'];
const RULES = {
  chess: 'chess', standard: 'chess', antichess: 'antichess', giveaway: 'antichess',
  kingofthehill: 'kingofthehill', koth: 'kingofthehill', threecheck: '3check',
  '3check': '3check', atomic: 'atomic', horde: 'horde', racingkings: 'racingkings',
  crazyhouse: 'crazyhouse', zh: 'crazyhouse',
};

// (rules, chess960) of a --variant name or a Variant tag's value.
function rulesOf(name) {
  if (!name) return ['chess', false];
  if (CHESS960.includes(name.toLowerCase())) return ['chess', true];
  const n = name.toLowerCase().replace(/[-_ ]/g, '');
  if (CHESS960.map(s => s.replace(/ /g, '')).includes(n)) return ['chess', true];
  if (!(n in RULES)) throw new Error('unknown variant ' + name);
  return [RULES[n], false];
}

const key = (pos, c960) => pos.rules + (c960 ? '960' : '') + ' ' +
  makeFen(pos.toSetup()).split(' ').slice(0, 4).join(' ') +
  (pos.pockets ? ' ' + JSON.stringify(pos.pockets) : '') +
  (pos.remainingChecks ? ' ' + JSON.stringify(pos.remainingChecks) : '');

// The games of a PGN text, as raw text each: a game starts at a tag line
// that follows movetext (or the start).
function splitGames(text) {
  const games = [];
  let cur = [];
  let inMoves = false;
  for (const line of text.split('\n')) {
    const l = line.replace(/\r$/, '');
    if (l.startsWith('[') && inMoves) {
      games.push(cur.join('\n'));
      cur = [];
      inMoves = false;
    }
    cur.push(l);
    if (l.trim() !== '' && !l.startsWith('[') && !l.startsWith('%')) inMoves = true;
  }
  if (cur.join('').trim() !== '') games.push(cur.join('\n'));
  return games;
}

const RESULTS = { '1-0': 'white', '0-1': 'black', '1/2-1/2': 'draws' };

function tags(text) {
  const h = new Map();
  for (const m of text.matchAll(/^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]/gm))
    if (!h.has(m[1])) h.set(m[1], m[2].replace(/\\(.)/g, '$1'));
  return h;
}

function resultOf(h, text) {
  const r = h.get('Result');
  if (r && r !== '*') return RESULTS[r];
  // the movetext's marker: its last token, comments left out
  const moves = text.replace(/^\[.*$/gm, '').replace(/\{[^}]*\}/g, ' ').replace(/;.*$/gm, ' ');
  const toks = moves.trim().split(/\s+/);
  return RESULTS[toks[toks.length - 1]];
}

const rating = v => (/^\d{1,5}$/.test(v || '') && +v >= 1 && +v <= 65535 ? +v : 0);
function year(h) {
  for (const t of ['UTCDate', 'Date']) {
    const v = h.get(t) || '';
    if (/^\d{4}/.test(v)) return +v.slice(0, 4);
  }
  return 0;
}

// UCI as lichess writes it outside Chess960: castling as the king's two
// squares (chessops's moves are king-takes-rook).
function uciOf(pos, m, c960) {
  if (!c960 && m.from !== undefined && pos.board.get(m.from)?.role === 'king') {
    const target = pos.board.get(m.to);
    if (target && target.role === 'rook' && target.color === pos.turn)
      return makeUci({ from: m.from, to: (m.to & ~7) | (squareFile(m.to) > squareFile(m.from) ? 6 : 2) });
  }
  return makeUci(m);
}

function* walk(files, maxPly) {
  for (const file of files) {
    for (const text of splitGames(readFileSync(file, 'utf8'))) {
      const h = tags(text);
      const result = resultOf(h, text);
      if (!result) continue;
      const game = parsePgn(text, emptyHeaders)[0];
      if (!game) continue;
      const [, c960] = rulesOf(h.get('Variant'));
      const r = startingPosition(game.headers);
      if (r.isErr) continue;
      const pos = r.value;
      const last = new Map();
      let ok = true;
      let i = 0;
      for (const node of game.moves.mainline()) {
        // a null move ends the walk (lichess's games have none)
        if (['--', 'Z0', '0000', '@@@@'].includes(node.san)) break;
        const m = parseSan(pos, node.san);
        if (!m) {
          ok = false;
          break;
        }
        if (i++ < maxPly) last.set(key(pos, c960), { pos: pos.clone(), m });
        pos.play(m);
      }
      // the whole main line must replay, beyond the plies counted too
      if (!ok) continue;
      yield { h, result, last };
    }
  }
}

function asked(opt) {
  const [rules, c960] = rulesOf(opt.variant);
  const one = fen => {
    const setup = fen ? parseFen(fen) : null;
    if (setup && setup.isErr) return null;
    const p = setup ? setupPosition(rules, setup.value) : { isErr: false, value: defaultPosition(rules) };
    return p.isErr ? null : p.value;
  };
  if (opt.positions) {
    return readFileSync(opt.positions, 'utf8').split('\n')
      .filter(l => l.trim() && !l.trimStart().startsWith('#'))
      .map(l => ({ pos: one(l.trim()), c960 }));
  }
  const pos = one(opt.fen);
  for (const san of (opt.moves || '').split(/\s+/).filter(Boolean)) pos.play(parseSan(pos, san));
  return [{ pos, c960 }];
}

function main() {
  const opt = { maxPly: 50, files: [] };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith('--to=')) {
      if (a[i] !== '--to=tsv') throw new Error('--to=tsv only');
    } else if (['--fen', '--moves', '--positions', '--variant', '--max-ply'].includes(a[i])) {
      opt[{ '--max-ply': 'maxPly' }[a[i]] || a[i].slice(2)] = a[++i];
    } else opt.files.push(a[i]);
  }
  const boards = asked(opt);
  const want = new Map();
  boards.forEach((b, i) => {
    if (!b.pos) return;
    const k = key(b.pos, b.c960);
    if (!want.has(k)) want.set(k, []);
    want.get(k).push(i);
  });
  const res = boards.map(() => new Map());
  for (const g of walk(opt.files, +opt.maxPly)) {
    for (const [k, { pos, m }] of g.last) {
      if (!want.has(k)) continue;
      const mover = rating(g.h.get(pos.turn === 'white' ? 'WhiteElo' : 'BlackElo'));
      for (const i of want.get(k)) {
        const uci = uciOf(pos, m, boards[i].c960);
        if (!res[i].has(uci))
          res[i].set(uci, { san: makeSan(pos, m), white: 0, draws: 0, black: 0, rsum: 0, rn: 0, year: 0 });
        const row = res[i].get(uci);
        row[g.result]++;
        if (mover) {
          row.rsum += mover;
          row.rn++;
        }
        row.year = Math.max(row.year, year(g.h));
      }
    }
  }
  const many = !!opt.positions;
  let out = (many ? 'fen\t' : '') + 'san\tuci\tgames\twhite\tdraws\tblack\taverage_rating\tlast_year\n';
  boards.forEach((b, i) => {
    if (!b.pos) return;
    const rows = [...res[i].entries()].map(([uci, r]) => ({ uci, ...r, games: r.white + r.draws + r.black }));
    rows.sort((x, y) => y.games - x.games || (x.uci < y.uci ? -1 : x.uci > y.uci ? 1 : 0));
    for (const r of rows) {
      // half up: floor(sum / n + 1/2) in integers
      const avg = r.rn ? Math.floor((2 * r.rsum + r.rn) / (2 * r.rn)) : '';
      const cells = [r.san, r.uci, r.games, r.white, r.draws, r.black, avg, r.year || ''];
      if (many) cells.unshift(makeFen(b.pos.toSetup()));
      out += cells.join('\t') + '\n';
    }
  });
  process.stdout.write(out);
}

main();
