// chessops-select.mjs - lichess's chessops as the reference for pgn-select's
// move criteria (scripts/check-slow-select).  Reads PGN on standard input
// with chessops's own PGN parser (not ours), replays each game's main line
// with chessops's SAN parser and rules, and prints one JSON line per game:
//
//   {"id": the value of the game's CkGame tag (the harness numbers games
//          with it) or null, "ok": true, or "bad": why chessops could not
//          replay it, "variant", "plies": main-line length,
//    "end": the endings of the final position: checkmate, stalemate,
//           insufficient (chessops's isInsufficientMaterial), threefold (the
//           final position occurred three times or more on the main line,
//           ply 0 included), fifty (halfmove clock >= 100), variant
//           (chessops's isVariantEnd),
//    "fen": indexes of the --fen arguments the main line reaches,
//    "promo": the ply of the main line's first promotion, or null,
//    "pos": indexes of the board patterns it reaches,
//    "any": "repetition" when some position occurred three times, "fifty"
//           when the halfmove clock reached 100 at some point (pgn-extract's
//           --repetition and --fifty), "rawrepetition" when some position
//           occurred three times with positions told apart by the
//           en-passant square after each double step, capture or not,
//    "fenply": {index: the first ply where that --fen is reached},
//    "fenboard": indexes of the --fen whose board alone is reached,
//    "mat": indexes of the material signatures it holds long enough,
//    "matply": {index: the ply where it first has held long enough},
//    "mv": indexes of the "moves" lines the main line starts with (a
//          standard game from the standard start),
//    "key": a hash of (variant, start position, main line in UCI)}
//
// Positions are compared as chessops's EPD: board (and pockets), side,
// castling rights, en-passant square only when a capture there is legal
// (chessops's toSetup), remaining checks; counters ignored.  Ply 0 (the
// start) counts for every position criterion.
//
// Usage: node chessops-select.mjs SPEC.json <games.pgn
//   SPEC: {"fens": [FEN...], "patterns": ["rnbqkb?r/... [w|b]"...],
//          "materials": [{"sig": "KR:KR", "plies": 1}...], "moves": ["e4 c5"...]}
//   A pattern is a board in FEN board syntax where '?' stands for any
//   square; a signature lists White's then Black's pieces (KQRBNP, a
//   letter once per piece), '+' after a side meaning "at least", held for
//   "plies" consecutive positions of the main line.
// CHESSOPS_DIR names the npm prefix where chessops is installed.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

const dir = resolve(process.env.CHESSOPS_DIR || 'build/chessops');
const esm = join(dir, 'node_modules', 'chessops', 'dist', 'esm');
const load = name => import(pathToFileURL(join(esm, name)).href);
const { parseFen, makeFen, makeBoardFen } = await load('fen.js');
const { setupPosition, defaultPosition } = await load('variant.js');
const { PgnParser, startingPosition, emptyHeaders } = await load('pgn.js');
const { parseSan } = await load('san.js');
const { makeUci } = await load('util.js');

const spec = process.argv[2] ? JSON.parse(readFileSync(process.argv[2], 'utf8')) : {};
const epd = pos => makeFen(pos.toSetup(), { epd: true });

// The --fen arguments, normalised by chessops (standard rules).
const fens = (spec.fens || []).map(f => {
  const s = parseFen(f);
  if (s.isErr) throw new Error(`fen ${f}: ${s.error.message}`);
  const p = setupPosition('chess', s.value);
  if (p.isErr) throw new Error(`fen ${f}: ${p.error.message}`);
  return epd(p.value);
});

// A board as 64 characters, a8..h8, a7..h1, '.' for an empty square.
const expand = board => board.replace(/[1-8]/g, d => '.'.repeat(+d)).replace(/\//g, '');
const patterns = (spec.patterns || []).map(p => {
  const [board, side] = p.trim().split(/\s+/);
  const squares = expand(board);
  if (squares.length !== 64) throw new Error(`pattern ${p}: not 64 squares`);
  return { squares, side: side ? (side === 'w' ? 'white' : 'black') : null };
});
const patternMatch = (pat, squares, turn) => {
  if (pat.side && pat.side !== turn) return false;
  for (let i = 0; i < 64; i++) if (pat.squares[i] !== '?' && pat.squares[i] !== squares[i]) return false;
  return true;
};

// Material: counts per side of KQRBNP.
const ROLES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const parseSide = s => {
  const atLeast = s.endsWith('+');
  const counts = { king: 0, queen: 0, rook: 0, bishop: 0, knight: 0, pawn: 0 };
  for (const c of atLeast ? s.slice(0, -1) : s) {
    const role = ROLES[c.toLowerCase()];
    if (!role) throw new Error(`material side ${s}: ${c}`);
    counts[role]++;
  }
  return { atLeast, counts };
};
const materials = (spec.materials || []).map(m => {
  const [w, b] = m.sig.split(':');
  return { white: parseSide(w), black: parseSide(b), plies: m.plies || 1 };
});
const sideMatch = (want, board, color) => {
  for (const role of Object.values(ROLES)) {
    const n = board.pieces(color, role).size();
    if (want.atLeast ? n < want.counts[role] : n !== want.counts[role]) return false;
  }
  return true;
};

// The --moves lines, as UCI from the standard start.
const STANDARD = epd(defaultPosition('chess'));
const moveLines = (spec.moves || []).map(line => {
  const pos = defaultPosition('chess');
  return line.trim().split(/\s+/).map(san => {
    const m = parseSan(pos, san);
    if (!m) throw new Error(`moves ${line}: ${san}`);
    pos.play(m);
    return makeUci(m);
  });
});

function judge(game) {
  const headers = game.headers;
  const out = { id: headers.get('CkGame') ?? null, variant: headers.get('Variant') || 'Standard' };
  const start = startingPosition(headers);
  if (start.isErr) return { ...out, bad: `start: ${start.error.message}` };
  const pos = start.value;
  const keys = new Map(), rawKeys = new Map();
  const fenHit = new Map(), fenBoard = new Set(), posHit = new Set(), matHit = new Map();
  const any = new Set();
  let ply = 0;
  const matRun = materials.map(() => 0);
  const uci = [];
  const see = () => {
    const key = epd(pos);
    keys.set(key, (keys.get(key) || 0) + 1);
    if (keys.get(key) >= 3) any.add('repetition');
    // the same with the en-passant square after every double step, as
    // pgn-extract keeps it (a "faux" square: no capture needed)
    const raw = makeFen({ ...pos.toSetup(), epSquare: pos.epSquare }, { epd: true });
    rawKeys.set(raw, (rawKeys.get(raw) || 0) + 1);
    if (rawKeys.get(raw) >= 3) any.add('rawrepetition');
    if (pos.halfmoves >= 100) any.add('fifty');
    const board = key.split(' ')[0];
    fens.forEach((f, i) => {
      if (f === key && !fenHit.has(i)) fenHit.set(i, ply);
      if (f.split(' ')[0] === board) fenBoard.add(i);
    });
    if (patterns.length) {
      const squares = expand(makeBoardFen(pos.board));
      patterns.forEach((p, i) => { if (patternMatch(p, squares, pos.turn)) posHit.add(i); });
    }
    materials.forEach((m, i) => {
      const held = sideMatch(m.white, pos.board, 'white') && sideMatch(m.black, pos.board, 'black');
      matRun[i] = held ? matRun[i] + 1 : 0;
      if (matRun[i] >= m.plies && !matHit.has(i)) matHit.set(i, ply);
    });
    return key;
  };
  const startKey = see();
  const standardStart = pos.rules === 'chess' && startKey === STANDARD;
  let plies = 0, promo = null;
  for (const node of game.moves.mainline()) {
    const move = parseSan(pos, node.san);
    if (!move) return { ...out, bad: `ply ${plies + 1}: ${node.san}: not a legal move for chessops` };
    uci.push(makeUci(move));
    if (move.promotion && promo === null) promo = plies + 1;
    pos.play(move);
    plies++;
    ply = plies;
    see();
  }
  const last = epd(pos);
  const end = [];
  if (pos.isCheckmate()) end.push('checkmate');
  if (pos.isStalemate()) end.push('stalemate');
  if (pos.isInsufficientMaterial()) end.push('insufficient');
  if (keys.get(last) >= 3) end.push('threefold');
  if (pos.halfmoves >= 100) end.push('fifty');
  if (pos.isVariantEnd()) end.push('variant');
  const key = createHash('sha1').update(`${pos.rules}\n${startKey}\n${uci.join(' ')}`).digest('hex');
  const mv = [];
  if (standardStart)
    moveLines.forEach((line, i) => {
      if (line.length <= uci.length && line.every((m, k) => m === uci[k])) mv.push(i);
    });
  return {
    ...out, ok: true, plies, end, any: [...any], fen: [...fenHit.keys()], fenply: Object.fromEntries(fenHit),
    fenboard: [...fenBoard], promo, pos: [...posHit], mat: [...matHit.keys()], matply: Object.fromEntries(matHit), mv, key,
  };
}

const lines = [];
const flush = () => {
  if (lines.length) process.stdout.write(lines.join('\n') + '\n');
  lines.length = 0;
};
const parser = new PgnParser((game, err) => {
  let r;
  if (err) r = { id: game.headers.get('CkGame') ?? null, bad: `pgn: ${err.message}` };
  else {
    try {
      r = judge(game);
    } catch (e) {
      r = { id: game.headers.get('CkGame') ?? null, bad: `exception: ${e.message}` };
    }
  }
  lines.push(JSON.stringify(r));
  if (lines.length >= 1000) flush();
}, emptyHeaders);
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) parser.parse(chunk, { stream: true });
parser.parse('');
flush();
