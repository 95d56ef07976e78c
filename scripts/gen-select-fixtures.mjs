// gen-select-fixtures.mjs - the chessops half of scripts/gen-select-fixtures:
// lichess's own rules library (chessops) as the independent truth of
// pgn-select's criteria that need the moves, and the builder of the fixture
// files.  Run by scripts/gen-select-fixtures, never by the tests.
//
//   node gen-select-fixtures.mjs build SHARED OUTDIR
//       writes OUTDIR/*.pgn: a few real games picked from the shared data
//       (file and game number below), each with an Id tag put first
//       ([Id "N"], the game's number in its fixture) so that a selection can
//       be compared by game identity; a few games are edited, each saying
//       how in a FixtureEdit tag (the edits are in PICKS below).
//   node gen-select-fixtures.mjs expect OUTDIR
//       writes OUTDIR/expected/NAME.ids for the cases below: a header line
//       "# peer: chessops ..." naming the rule, then the Ids of the selected
//       games, one a line, in input order.
//   node gen-select-fixtures.mjs scan FILE...
//       one line per game (for choosing games, and for the tests on the
//       shared archives): file, number, plies, ending, opening, tags.
//   node gen-select-fixtures.mjs material FILE SIG PLIES...
//       for each PLIES, the number of games of FILE that reach the material
//       SIG and hold it for PLIES plies.
//
// The rules coded here are written from lichess's and FIDE's texts (the
// references are in the comments), never from pgn-select's code or output.
import { readFileSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve, basename } from 'node:path';

const dir = resolve(process.env.CHESSOPS_DIR || 'build/chessops');
const esm = join(dir, 'node_modules', 'chessops', 'dist', 'esm');
const load = name => import(pathToFileURL(join(esm, name)).href);
const { parsePgn, startingPosition, emptyHeaders } = await load('pgn.js');
const { makeFen, makeBoardFen, parseFen, INITIAL_FEN } = await load('fen.js');
const { parseSan } = await load('san.js');
const { defaultPosition, setupPosition } = await load('variant.js');
const { makeUci } = await load('util.js');
const chessopsVersion = JSON.parse(
  readFileSync(join(dir, 'node_modules', 'chessops', 'package.json'), 'utf8')).version;

// ---------------------------------------------------------------- games

// The games of a PGN text, as raw text each: a game starts at a tag line
// that follows movetext (or the start); blank lines before it go with it.
function splitGames(text) {
  const lines = text.split('\n');
  const games = [];
  let cur = [];
  let inMoves = false;
  for (const line of lines) {
    const l = line.replace(/\r$/, '');
    if (l.startsWith('[') && inMoves) {
      games.push(cur.join('\n'));
      cur = [];
      inMoves = false;
    }
    cur.push(line);
    if (l.trim() !== '' && !l.startsWith('[') && !l.startsWith('%')) inMoves = true;
  }
  if (cur.join('').trim() !== '') games.push(cur.join('\n'));
  return games.map(g => g.replace(/^\s+/, '').replace(/\s+$/, '') + '\n');
}

// Everything chessops tells of one game's main line.
function replay(game) {
  const h = game.headers;
  const r = startingPosition(h);
  const info = { headers: h, ok: true, positions: [], sans: [], ucis: [], why: '' };
  if (r.isErr) {
    info.ok = false;
    info.why = 'setup: ' + r.error.message;
    return info;
  }
  const pos = r.value;
  info.rules = pos.rules;
  info.start = makeFen(pos.toSetup());
  info.positions.push(pos.clone());
  for (const node of game.moves.mainline()) {
    const m = parseSan(pos, node.san);
    if (!m) {
      info.ok = false;
      info.why = `ply ${info.sans.length + 1}: illegal '${node.san}'`;
      return info;
    }
    info.ucis.push(makeUci(m));
    pos.play(m);
    info.sans.push(node.san.replace(/[+#!?]+$/, ''));
    info.positions.push(pos.clone());
  }
  info.final = pos;
  return info;
}

function readGames(file) {
  const raw = splitGames(readFileSync(file, 'utf8'));
  return raw.map(text => {
    const parsed = parsePgn(text, emptyHeaders);
    const g = replay(parsed[0]);
    g.raw = text;
    // the tags as written (chessops's parser fills in a missing Result
    // from the game's end): the first of a repeated name counts
    g.headers = new Map();
    for (const m of text.matchAll(/^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]/gm))
      if (!g.headers.has(m[1])) g.headers.set(m[1], m[2].replace(/\\(.)/g, '$1'));
    return g;
  });
}

// A position as FIDE's repetition rule and pgn-select's --fen compare it:
// board (and pockets, checks of the variants), side, castling rights, the
// en-passant square only when a capture en passant is legal (chessops's
// toSetup gives only that one); the counters left out.
const key = p => makeFen(p.toSetup()).split(' ').slice(0, 4).join(' ') +
  (p.pockets ? ' ' + JSON.stringify(p.pockets) : '') +
  (p.remainingChecks ? ' ' + JSON.stringify(p.remainingChecks) : '');
// lichess's opening key (scalachess's Fen.writeOpening, the table's EPD):
// board, side, castling and the en-passant square only when a capture
// there is legal (chessops's toSetup gives only that one); no counters.
// (After 1. d4 c5 2. d5 d6 3. e4 e5 the position has dxe6 e.p. and is not
// the Semi-Benoni's 1. d4 c5 2. d5 e5 3. e4 d6.)
const openingKey = p => makeFen(p.toSetup()).split(' ').slice(0, 4).join(' ');

// The endings of pgn-select's --ending, of the final position.
function ending(g) {
  if (!g.ok) return 'unreadable';
  const p = g.final;
  const out = [];
  if (p.isVariantEnd()) out.push('variant');
  if (p.isCheckmate()) out.push('checkmate');
  if (p.isStalemate()) out.push('stalemate');
  if (p.isInsufficientMaterial()) out.push('insufficient');
  // FIDE 9.2: the same position for the third time (the final one)
  const k = key(p);
  if (g.positions.filter(q => key(q) === k).length >= 3) out.push('threefold');
  // FIDE 9.3: the last 50 moves of each side without a capture or a pawn move
  if (p.halfmoves >= 100) out.push('fifty');
  return out.join(',') || 'none';
}

// ------------------------------------------------------------- openings

// lichess's table (lichess-org/chess-openings a.tsv..e.tsv): each line
// keyed by the position its moves reach; a later line of the table for
// the same position replaces the earlier one.
let table = null;
function openingTable(shared) {
  if (table) return table;
  table = new Map();
  for (const f of ['a', 'b', 'c', 'd', 'e']) {
    const lines = readFileSync(join(shared, 'openings', f + '.tsv'), 'utf8').split('\n');
    for (const line of lines.slice(1)) {
      if (!line) continue;
      const [eco, name, pgn] = line.split('\t');
      const pos = defaultPosition('chess');
      for (const tok of pgn.split(/\s+/)) {
        if (!tok || /^\d+\.+$/.test(tok)) continue;
        const m = parseSan(pos, tok);
        if (!m) throw new Error(`openings: ${eco} ${name}: ${tok}`);
        pos.play(m);
      }
      table.set(openingKey(pos), { eco, name });
    }
  }
  return table;
}

// lichess's OpeningDb.search: of the positions after plies 1..40, taken
// while the position before the move has 20 pieces or more, the deepest
// one the table names.  Only standard chess from the standard start.
function classify(g, shared) {
  if (!g.ok || g.rules !== 'chess') return null;
  if (g.start !== 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1') return null;
  if (g.headers.get('FEN') !== undefined && !g.headers.get('FEN').startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'))
    return null;
  const t = openingTable(shared);
  let found = null;
  for (let ply = 1; ply <= Math.min(40, g.sans.length); ply++) {
    if (g.positions[ply - 1].board.occupied.size() < 20) break;
    const o = t.get(openingKey(g.positions[ply]));
    if (o) found = o;
  }
  return found;
}

// ------------------------------------------------------------ material

// "KQR:KR": the pieces of each side (K Q R B N P letters, any order), '+'
// after a side: at least these.
function parseMaterial(sig) {
  return sig.split(':').map(side => {
    const atLeast = side.endsWith('+');
    const letters = side.replace(/\+$/, '').toUpperCase();
    const count = {};
    for (const c of 'KQRBNP') count[c] = [...letters].filter(x => x === c).length;
    return { atLeast, count };
  });
}
const roleLetter = { king: 'K', queen: 'Q', rook: 'R', bishop: 'B', knight: 'N', pawn: 'P' };
function materialOf(p, color) {
  const count = { K: 0, Q: 0, R: 0, B: 0, N: 0, P: 0 };
  for (const sq of p.board[color]) count[roleLetter[p.board.getRole(sq)]]++;
  return count;
}
function sideMatches(want, have) {
  return Object.keys(want.count).every(c =>
    want.atLeast ? have[c] >= want.count[c] : have[c] === want.count[c]);
}
// Reached on the main line and held for `plies` consecutive positions
// (ply 0 included).
function hasMaterial(g, sig, plies) {
  const [w, b] = parseMaterial(sig);
  let run = 0;
  for (const p of g.positions) {
    if (sideMatches(w, materialOf(p, 'white')) && sideMatches(b, materialOf(p, 'black'))) {
      if (++run >= plies) return true;
    } else run = 0;
  }
  return false;
}

// --position: a FEN board where '?' is any square, optionally " w"/" b".
function positionMatches(p, pattern) {
  const [board, side] = pattern.split(' ');
  const expand = s => s.split('/').map(r => r.replace(/\d/g, d => '1'.repeat(+d))).join('/');
  const want = expand(board), have = expand(makeBoardFen(p.board));
  if (want.length !== have.length) return false;
  for (let i = 0; i < want.length; i++) if (want[i] !== '?' && want[i] !== have[i]) return false;
  return !side || side === (p.turn === 'white' ? 'w' : 'b');
}

// ---------------------------------------------------------------- speed

// lichess's Speed: estimated duration = initial + 40 x increment seconds;
// < 30 ultrabullet, < 180 bullet, < 480 blitz, < 1500 rapid, else
// classical; "-" (no clock) correspondence.  A TimeControl of another form
// ("?", "40/7200:3600") has no speed.  "180" (PGN's sudden death) is 180 + 0.
function speed(tc) {
  if (tc === undefined) return null;
  if (tc === '-') return 'correspondence';
  const m = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(tc);
  if (!m) return null;
  const t = +m[1] + 40 * (m[2] === undefined ? 0 : +m[2]);
  return t < 30 ? 'ultrabullet' : t < 180 ? 'bullet' : t < 480 ? 'blitz' : t < 1500 ? 'rapid' : 'classical';
}

// -------------------------------------------------------------- fixtures

// The picks of each fixture, in order: [shared file, game number
// (1-based) or [tag, value] (the first game with that tag value), edit].
// An edit changes a copy of a real game, for a value the shared data
// lacks; the game says so in a FixtureEdit tag after its Id tag.
const PICKS = {
  // tags, speeds, variants, dates (the tags of real games)
  'tags.pgn': [
    ['pgn/online/allancao_lichess_DannyTheDonkey_2019-01-29.pgn', 1],
    ['pgn/online/allancao_lichess_DrDrunkenstein_2019-01-29.pgn', ['TimeControl', '30+0']],
    ['pgn/online/allancao_lichess_DrDrunkenstein_2019-01-29.pgn', ['TimeControl', '45+0']],
    ['pgn/edge-cases/bots.pgn', ['TimeControl', '180+0']],
    ['pgn/edge-cases/bots.pgn', ['TimeControl', '120+0']],
    ['pgn/edge-cases/bots.pgn', ['TimeControl', '1020+0']],
    ['pgn/online/allancao_games.pgn', ['TimeControl', '180']],
    ['pgn/online/allancao_games.pgn', ['TimeControl', '1500+25']],
    ['pgn/online/allancao_games.pgn', ['Variant', 'Chess960']],
    ['pgn/online/allancao_games.pgn', ['TimeControl', '900+2']],
    ['pgn/edge-cases/nepomniachtchi-liren-game1.pgn', 1],
    ['pgn/events/18860111-18860329-world-chess-championship-1886.pgn', 1],
    ['pgn/edge-cases/kasparov-deep-blue-1997.pgn', 1],
    ['pgn/edge-cases/knightvuillaume-jannlee-zh-lichess.pgn', 1],
    ['pgn/edge-cases/antichess-programfox.pgn', 1],
    ['pgn/edge-cases/cutechess-fischerrandom.pgn', 1],
    ['pgn/online/allancao_lichess_DannyTheDonkey_2019-01-29.pgn', 2,
      { set: ['TimeControl', '-'], note: 'TimeControl 60+0 changed to - (correspondence): the shared data has none' }],
    ['pgn/online/allancao_lichess_DannyTheDonkey_2019-01-29.pgn', 3,
      { set: ['TimeControl', '?'], note: 'TimeControl 60+0 changed to ? (unknown)' }],
    ['pgn/events/20240527-20240607-12th-norway-chess.pgn', 1],
    ['pgn/edge-cases/fischer.pgn', 11],
  ],
  // the endings of standard chess (pgn-extract and chessops both judge them)
  'endings.pgn': [
    ['pgn/edge-cases/test-checkmate.pgn', 1],
    ['pgn/edge-cases/molinari-bordais-1979.pgn', 1],
    ['pgn/edge-cases/test-stalemate.pgn', 3],
    ['pgn/online/allancao_lichess_DannyTheDonkey_2019-01-29.pgn', 46],
    ['pgn/edge-cases/test-fifty.pgn', 1],
    ['pgn/edge-cases/test-repetition.pgn', 1],
    ['pgn/edge-cases/kasparov-deep-blue-1997.pgn', 1],
    ['pgn/online/allancao_games.pgn', 230],
    ['pgn/edge-cases/najdorf.pgn', 2],
    ['pgn/online/allancao_games.pgn', 14],
    ['pgn/edge-cases/test-seventyfive.pgn', 5],
  ],
  // games of the variants (chessops only: pgn-extract plays standard chess)
  'variants.pgn': [
    ['pgn/edge-cases/antichess-programfox.pgn', 1],
    ['pgn/edge-cases/antichess-programfox.pgn', 2],
    ['pgn/edge-cases/knightvuillaume-jannlee-zh-lichess.pgn', 1],
    ['pgn/edge-cases/saturs-jannlee-zh-lichess.pgn', 1],
    ['pgn/edge-cases/cutechess-fischerrandom.pgn', 3],
    ['pgn/events/2025-freestyle-chess-grand-slam-final-ko-lower.pgn', 1],
    ['pgn/edge-cases/fools-mate.pgn', 1],
    // the shared data has no games of these variants: short ones written
    // by hand, each replayed by chessops when the expected files are made
    ['text', '[Variant "Atomic"]\n\n1. Nf3 a6 2. Ng5 a5 3. Nxf7 1-0\n', { note: 'written by hand: the knight explodes the king' }],
    ['text', '[Variant "King of the Hill"]\n\n1. e4 e5 2. Ke2 d5 3. Kd3 dxe4+ 4. Kxe4 1-0\n', { note: 'written by hand: a king on the hill' }],
    ['text', '[Variant "Three-check"]\n\n1. e4 e5 2. Bc4 Nf6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ 1-0\n', { note: 'written by hand: the third check' }],
    ['text', '[Variant "Horde"]\n\n1. e5 e6 *\n', { note: 'written by hand' }],
    ['text', '[Variant "Racing Kings"]\n\n1. Kh3 Kb3 *\n', { note: 'written by hand' }],
  ],
  // openings, transpositions among them (lichess's table, chessops)
  'openings.pgn': [
    ['pgn/events/20240527-20240607-12th-norway-chess.pgn', 3],
    ['pgn/events/20240527-20240607-12th-norway-chess.pgn', 29],
    ['pgn/events/20240527-20240607-12th-norway-chess.pgn', 15],
    ['pgn/online/allancao_lichess_DannyTheDonkey_2019-01-29.pgn', 42],
    ['pgn/events/20120608-20120618-7th-mikail-tal-memorial.pgn', 16],
    ['pgn/events/20250526-20250606-13th-norway-chess.pgn', 24],
    ['pgn/events/20250526-20250606-13th-norway-chess.pgn', 6],
    ['pgn/events/20240527-20240607-12th-norway-chess.pgn', 21],
    ['pgn/events/20250526-20250606-13th-norway-chess.pgn', 34],
    ['pgn/events/20120608-20120618-7th-mikail-tal-memorial.pgn', 29],
    ['pgn/edge-cases/fools-mate.pgn', 1],
    ['pgn/events/2025-freestyle-chess-grand-slam-final-ko-lower.pgn', 1],
    // 1. d4 c5 2. d5 d6 3. e4 e5: the Semi-Benoni's board (A44), but with
    // dxe6 e.p. legal, so not its position: Old Benoni (A43)
    ['pgn/online/allancao_lichess_DrDrunkenstein_2019-01-29.pgn', 920],
  ],
  // one board reached with and without an en-passant right
  'ep.pgn': [
    ['text', '[Event "e.p. right"]\n\n1. e4 Nf6 2. e5 d5 3. Nf3 *\n', { note: 'written by hand: exd6 e.p. is legal after 2...d5' }],
    ['text', '[Event "no e.p. right"]\n\n1. e3 d6 2. e4 d5 3. e5 Nf6 4. Nf3 *\n', { note: 'written by hand: the same board after 3...Nf6, no e.p.' }],
  ],
  // the same games twice with other tags (the two Carlsen files spell the
  // names differently), a game cut short, a game repeated byte for byte
  'dups.pgn': [
    ['pgn/online/dela3499_Carlsen.pgn', 1],
    ['pgn/online/dela3499_Carlsen.pgn', 2],
    ['pgn/online/dela3499_carlsen_all.pgn', 12],
    ['pgn/online/dela3499_Carlsen.pgn', 15],
    ['pgn/online/dela3499_carlsen_all.pgn', 26],
    ['pgn/online/dela3499_carlsen_all.pgn', 13,
      { cut: 40, note: 'the main line cut after 40 plies (a prefix of game 2 is not game 2)' }],
    ['pgn/online/dela3499_Carlsen.pgn', 2],
    ['pgn/online/dela3499_carlsen_all.pgn', 14],
  ],
};

// A game's raw text with its Id tag first (and a FixtureEdit tag saying
// how it was edited, when it was).
function fixtureGame(raw, id, edit) {
  let text = raw;
  let head = '';
  if (edit && edit.set) {
    const [name, value] = edit.set;
    const re = new RegExp(`^\\[${name} "[^"]*"\\]`, 'm');
    if (!re.test(text)) throw new Error(`no ${name} tag to edit`);
    text = text.replace(re, `[${name} "${value}"]`);
  }
  if (edit && edit.cut) {
    // keep the tags and the first edit.cut plies (SAN tokens) of the movetext
    const parsed = parsePgn(text)[0];
    const sans = [...parsed.moves.mainline()].map(n => n.san).slice(0, edit.cut);
    const tags = text.split('\n').filter(l => l.startsWith('[')).map(l =>
      l.startsWith('[Result ') ? '[Result "*"]' : l);
    const moves = [];
    sans.forEach((s, i) => moves.push((i % 2 === 0 ? `${i / 2 + 1}. ` : '') + s));
    text = tags.join('\n') + '\n\n' + moves.join(' ') + ' *\n';
  }
  if (edit) head = `[FixtureEdit "${edit.note}"]\n`;
  return `[Id "${id}"]\n` + head + text;
}

function pick(shared, [file, which, edit]) {
  if (file === 'text') return [which, edit];
  const games = splitGames(readFileSync(join(shared, file), 'latin1'));
  let raw;
  if (typeof which === 'number') raw = games[which - 1];
  else {
    const [name, value] = which;
    raw = games.find(g => g.includes(`\n[${name} "${value}"]`) || g.startsWith(`[${name} "${value}"]`));
  }
  if (!raw) throw new Error(`${file}: no game ${JSON.stringify(which)}`);
  return [raw, edit];
}

function build(shared, out) {
  mkdirSync(out, { recursive: true });
  for (const [fixture, picks] of Object.entries(PICKS)) {
    const texts = picks.map((p, i) => fixtureGame(pick(shared, p)[0], i + 1, p[2]));
    writeFileSync(join(out, fixture), Buffer.from(texts.join('\n'), 'latin1'));
  }
}

// ---------------------------------------------------------------- cases

// pgn-select's tag comparison, from its specification (select.h and issue
// 27): numbers compare as numbers, PGN dates as dates, other text as
// bytes; a missing tag meets no comparison.  Dates with unknown parts
// ("??") compare as formats/pgn-select.md says (the lead's rule; the
// issue left it open): on the parts both know, from the year down.
function tagMeets(value, op, want) {
  // a value "?" is unknown (PGN standard 8.1.1): as a missing tag
  if (value === undefined || value === '?') return false;
  if (op === '~' || op === '!~') {
    const m = new RegExp(want).test(value);
    return op === '~' ? m : !m;
  }
  const num = /^[+-]?\d+(\.\d+)?$/;
  const date = /^(\d{4}|\?{4})(?:\.(\d\d|\?\?)(?:\.(\d\d|\?\?))?)?$/;
  const ord = op !== '=' && op !== '!=';
  let c;
  if (num.test(value) && num.test(want)) c = Math.sign(+value - +want);
  else if (ord && date.test(want)) {
    // formats/pgn-select.md: a value that is no date meets no date
    // comparison; two dates compare on the parts both know, from the year
    // down (2000.??.?? equals 2000.05.10); an unknown year compares with
    // nothing
    if (!date.test(value)) return false;
    const a = date.exec(value).slice(1), b = date.exec(want).slice(1);
    if (a[0].includes('?') || b[0].includes('?')) return false;
    c = 0;
    for (let i = 0; i < 3 && c === 0; i++) {
      if (a[i] === undefined || b[i] === undefined || a[i].includes('?') || b[i].includes('?')) break;
      c = Math.sign(+a[i] - +b[i]);
    }
  } else if (ord && num.test(want)) {
    // a number against a value that is none ("?" for an unknown Elo): the
    // value says nothing, no match (pgn-extract's -t agrees: WhiteElo "?"
    // meets no >= "2700"); the lead's manual would compare them as text
    return false;
  } else c = value < want ? -1 : value > want ? 1 : 0;
  return { '=': c === 0, '!=': c !== 0, '<': c < 0, '<=': c <= 0, '>': c > 0, '>=': c >= 0 }[op];
}
const tag = (name, op, want) => g => tagMeets(g.headers.get(name), op, want);
const variantOf = g => {
  const v = (g.headers.get('Variant') || 'chess').toLowerCase();
  return v === 'fischerandom' || v === 'chess960' || v === 'chess 960' ? 'chess960'
    : v === 'standard' || v === 'normal' ? 'chess' : v;
};
// the moves of a SAN list from the standard start, compared as moves (not
// as text: "Nge2" and "Ne2" may be one move)
const startsWith = sans => {
  const pos = defaultPosition('chess');
  const want = sans.split(' ').map(s => { const m = parseSan(pos, s); pos.play(m); return makeUci(m); });
  return g => g.ok && g.rules === 'chess' && g.start === INITIAL_FEN && want.every((u, i) => g.ucis[i] === u);
};
const reachesFen = fen => {
  const want = key(setupOf(fen));
  return g => g.ok && g.positions.some(p => key(p) === want);
};
const setupOf = fen => setupPosition('chess', parseFen(fen).unwrap()).unwrap();

// Each case: [name, fixture, pgn-select's arguments (shell words), the
// rule in words, the test of a game].  Its ids are the games for which
// the test holds (an unreadable game never).
const O = './fixture-dir';
const CASES = [
  // tags: pgn-extract has no "!=", "~", dates by day, text order; these
  // are the specification's rule applied by hand (tagMeets above)
  ['tag-result', 'tags.pgn', `--tag 'Result=1-0'`, 'Result tag equal to "1-0"', tag('Result', '=', '1-0')],
  ['tag-result-not', 'tags.pgn', `--tag 'Result != 1-0'`, 'Result tag present and not "1-0"', tag('Result', '!=', '1-0')],
  ['tag-elo-ge', 'tags.pgn', `--tag 'WhiteElo>=2700'`, 'WhiteElo a number >= 2700', tag('WhiteElo', '>=', '2700')],
  ['tag-elo-lt', 'tags.pgn', `--tag 'BlackElo < 2000'`, 'BlackElo a number < 2000', tag('BlackElo', '<', '2000')],
  ['tag-elo-numeric', 'tags.pgn', `--tag 'BlackElo>999'`, 'BlackElo > 999 as numbers ("1200" > "999"; as text it would not be)', tag('BlackElo', '>', '999')],
  ['tag-elo-both', 'tags.pgn', `--tag 'WhiteElo>2500' --tag 'BlackElo>2500'`, 'both Elos > 2500',
    g => tag('WhiteElo', '>', '2500')(g) && tag('BlackElo', '>', '2500')(g)],
  ['tag-date-lt', 'tags.pgn', `--tag 'Date<1990.01.01'`, 'Date before 1990.01.01 (years known)', tag('Date', '<', '1990.01.01')],
  ['tag-date-ge', 'tags.pgn', `--tag 'Date>=2017.12.15'`, 'Date on or after 2017.12.15', tag('Date', '>=', '2017.12.15')],
  ['tag-date-partial', 'tags.pgn', `--tag 'Date>=1997.06.01' --tag 'Date<2000'`, '1997.??.?? is equal to 1997.06.01 on the year, the part it knows; 2000 is a date (YYYY)',
    g => tag('Date', '>=', '1997.06.01')(g) && tag('Date', '<', '2000')(g)],
  ['tag-site-re', 'tags.pgn', `--tag 'Site ~ ^https://lichess\\.org/'`, 'Site matches ^https://lichess\\.org/', tag('Site', '~', '^https://lichess\\.org/')],
  ['tag-site-not-re', 'tags.pgn', `--tag 'Site !~ lichess'`, 'Site present and not matching lichess', tag('Site', '!~', 'lichess')],
  ['tag-eco-text', 'tags.pgn', `--tag 'ECO>=C00' --tag 'ECO<D00'`, 'ECO tag C00..C99 as text', g => tag('ECO', '>=', 'C00')(g) && tag('ECO', '<', 'D00')(g)],
  ['player', 'tags.pgn', `--player Carlsen`, 'White or Black matches Carlsen',
    g => /Carlsen/.test(g.headers.get('White') ?? '') || /Carlsen/.test(g.headers.get('Black') ?? '')],
  ['player-re', 'tags.pgn', `--player 'Carlsen|Steinitz'`, 'White or Black matches Carlsen|Steinitz',
    g => /Carlsen|Steinitz/.test(g.headers.get('White') ?? '') || /Carlsen|Steinitz/.test(g.headers.get('Black') ?? '')],
  // speed: lichess's rule (speed() above)
  ...['ultrabullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'].map(s =>
    [`speed-${s}`, 'tags.pgn', `--speed=${s}`, `lichess speed ${s} from TimeControl`, g => speed(g.headers.get('TimeControl')) === s]),
  ['speed-list', 'tags.pgn', '--speed=bullet,blitz', 'lichess speed bullet or blitz',
    g => ['bullet', 'blitz'].includes(speed(g.headers.get('TimeControl')))],
  // variants, from the Variant tag
  ['variant-chess960', 'tags.pgn', '--variant=chess960', 'Variant Chess960 or fischerandom', g => variantOf(g) === 'chess960'],
  ['variant-crazyhouse', 'tags.pgn', '--variant=crazyhouse', 'Variant Crazyhouse', g => variantOf(g) === 'crazyhouse'],
  ['variant-list', 'tags.pgn', '--variant=crazyhouse,antichess', 'Variant Crazyhouse or Antichess', g => ['crazyhouse', 'antichess'].includes(variantOf(g))],
  ['variant-chess', 'tags.pgn', '--variant=chess', 'no Variant tag, Standard or normal (not Chess960)', g => variantOf(g) === 'chess'],
  // endings of the final position (chessops; FIDE 9.2 and 9.3 by hand)
  ...['checkmate', 'stalemate', 'insufficient', 'threefold', 'fifty'].map(e =>
    [`ending-${e}`, 'endings.pgn', `--ending=${e}`, `final position: ${e}`, g => ending(g).split(',').includes(e)]),
  ['ending-list', 'endings.pgn', '--ending=stalemate,insufficient', 'final position stalemate or insufficient',
    g => ['stalemate', 'insufficient'].some(e => ending(g).split(',').includes(e))],
  ['ending-variant', 'variants.pgn', '--ending=variant', 'final position a variant end (chessops isVariantEnd)', g => ending(g).split(',').includes('variant')],
  ['ending-checkmate-variants', 'variants.pgn', '--ending=checkmate', 'final position checkmate, in any variant', g => ending(g).split(',').includes('checkmate')],
  ['variants-variant-antichess', 'variants.pgn', '--variant=antichess', 'Variant Antichess', g => variantOf(g) === 'antichess'],
  ['variants-variant-spelling', 'variants.pgn', `--variant='King of the Hill'`, "the Variant tag's spelling names the variant too", g => g.rules === 'kingofthehill'],
  ['variants-variant-atomic', 'variants.pgn', '--variant=atomic', 'Variant Atomic', g => g.rules === 'atomic'],
  ['variants-variant-list', 'variants.pgn', '--variant=kingofthehill --ending=variant', 'King of the Hill and a variant end', g => g.rules === 'kingofthehill' && ending(g).split(',').includes('variant')],
  // the main line's length
  ['min-plies', 'endings.pgn', '--min-plies=100', 'main line of 100 plies or more', g => g.ok && g.sans.length >= 100],
  ['max-plies', 'endings.pgn', '--max-plies=60', 'main line of 60 plies or fewer', g => g.ok && g.sans.length <= 60],
  ['min-max-plies', 'endings.pgn', '--min-plies=50 --max-plies=110', 'main line of 50 to 110 plies', g => g.ok && g.sans.length >= 50 && g.sans.length <= 110],
  // the first moves
  ['moves-d4', 'openings.pgn', `--moves='d4'`, 'main line starts d4', startsWith('d4')],
  ['moves-catalan', 'openings.pgn', `--moves='d4 Nf6 c4 e6'`, 'main line starts d4 Nf6 c4 e6', startsWith('d4 Nf6 c4 e6')],
  ['moves-e4-c5', 'openings.pgn', `--moves='e4 c5 Nf3'`, 'main line starts e4 c5 Nf3', startsWith('e4 c5 Nf3')],
  // positions reached (chessops's positions; key(): board, side, castling, legal en passant)
  ['fen-catalan', 'openings.pgn', `--fen='rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w KQkq - 1 4'`,
    'reaches the position after d4 d5 c4 e6 Nf3 Nf6 (either order)', reachesFen('rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w KQkq - 1 4')],
  ['fen-catalan-no-castling', 'openings.pgn', `--fen='rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w - - 1 4'`,
    'the same board without castling rights: never reached', reachesFen('rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w - - 1 4')],
  ['fen-ep-not-legal', 'openings.pgn', `--fen='rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1'`,
    'after 1. d4: the d3 square in the FEN is no en-passant right (no capture there is legal)', reachesFen('rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1')],
  ['fen-ep-legal', 'ep.pgn', `--fen='rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3'`,
    'the board after 1. e4 Nf6 2. e5 d5, with exd6 e.p. legal', reachesFen('rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3')],
  ['fen-ep-none', 'ep.pgn', `--fen='rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3'`,
    'the same board without the en-passant right (1. e3 d6 2. e4 d5 3. e5 Nf6)', reachesFen('rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3')],
  ['fen-start', 'openings.pgn', `--fen='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'`,
    'the standard start (ply 0 counts)', reachesFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')],
  ['fen-any', 'openings.pgn', `--fen='rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w KQkq - 1 4' --fen='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'`,
    'reaches either position (any one suffices)',
    g => reachesFen('rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w KQkq - 1 4')(g) || reachesFen('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3')(g)],
  ['position-c4d4', 'openings.pgn', `--position='????????/????????/????????/????????/??PP????/????????/????????/????????'`,
    'white pawns on c4 and d4 at some ply', g => g.ok && g.positions.some(p => positionMatches(p, '????????/????????/????????/????????/??PP????/????????/????????/????????'))],
  ['position-catalan-w', 'openings.pgn', `--position='rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w'`,
    'the board after d4 d5 c4 e6 Nf3 Nf6, White to move', g => g.ok && g.positions.some(p => positionMatches(p, 'rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w'))],
  ['position-catalan-b', 'openings.pgn', `--position='rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R b'`,
    'the same board with Black to move: never', g => g.ok && g.positions.some(p => positionMatches(p, 'rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R b'))],
  ['position-any', 'openings.pgn', `--position='rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w' --position='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R'`,
    'either board (several --position: any one)',
    g => g.ok && g.positions.some(p => positionMatches(p, 'rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w') || positionMatches(p, 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R'))],
  ['position-fool', 'variants.pgn', `--position='rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR'`,
    "fool's mate's board", g => g.ok && g.positions.some(p => positionMatches(p, 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR'))],
  // material (exact or "+" at least, held for --material-plies)
  ['material-kr-kr', 'endings.pgn', '--material=KR:KR', 'K+R against K+R (exactly) at some ply', g => hasMaterial(g, 'KR:KR', 1)],
  ['material-kr-kr-2', 'endings.pgn', '--material=KR:KR --material-plies=2', 'the same for 2 plies in a row', g => hasMaterial(g, 'KR:KR', 2)],
  ['material-kn-k', 'endings.pgn', '--material=KN:K', 'K+N against a bare king', g => hasMaterial(g, 'KN:K', 1)],
  ['material-kr-krb-100', 'endings.pgn', '--material=KR:KRB --material-plies=100', 'K+R against K+R+B for 100 plies', g => hasMaterial(g, 'KR:KRB', 100)],
  ['material-any', 'endings.pgn', '--material=KR:KR --material=KN:K', 'either material (several --material: any one)',
    g => hasMaterial(g, 'KR:KR', 1) || hasMaterial(g, 'KN:K', 1)],
  ['material-kbnn-kr', 'endings.pgn', '--material=KBNN:KR', 'K+B+N+N against K+R', g => hasMaterial(g, 'KBNN:KR', 1)],
  ['material-at-least-white', 'endings.pgn', '--material=KP+:K', 'White K, a pawn and anything more; Black a bare king', g => hasMaterial(g, 'KP+:K', 1)],
  ['material-at-least-black', 'endings.pgn', '--material=K:KP+', 'White a bare king; Black K, a pawn and anything more', g => hasMaterial(g, 'K:KP+', 1)],
  // openings (lichess's rule and table)
  ['eco-code', 'openings.pgn', '--eco=E04', 'classified E04', g => classify(g, SHARED)?.eco === 'E04'],
  ['eco-range', 'openings.pgn', '--eco=A00-B99', 'classified A00..B99', g => { const o = classify(g, SHARED); return !!o && o.eco >= 'A00' && o.eco <= 'B99'; }],
  ['eco-list', 'openings.pgn', '--eco=C47,E05', 'classified C47 or E05', g => ['C47', 'E05'].includes(classify(g, SHARED)?.eco)],
  ['eco-ep-a43', 'openings.pgn', '--eco=A43', 'classified A43 (the Semi-Benoni board with a legal en passant is not its position)', g => classify(g, SHARED)?.eco === 'A43'],
  ['eco-ep-a44', 'openings.pgn', '--eco=A44', 'classified A44: none', g => classify(g, SHARED)?.eco === 'A44'],
  ['opening-catalan', 'openings.pgn', `--opening='^Catalan Opening: Open Defense'`, 'name matches ^Catalan Opening: Open Defense',
    g => /^Catalan Opening: Open Defense/.test(classify(g, SHARED)?.name ?? '')],
  ['opening-four-knights', 'openings.pgn', `--opening='Four Knights Game: Scotch Variation Accepted'`, 'transpositions name alike',
    g => /Four Knights Game: Scotch Variation Accepted/.test(classify(g, SHARED)?.name ?? '')],
  ['eco-none', 'openings.pgn', '--invert --eco=A00-E99', 'the games that no named position classifies (the Chess960 one)',
    g => !classify(g, SHARED)],
  // duplicates: same rules, start position and main line (first kept)
  ['unique', 'dups.pgn', '--unique', 'the first of the games with the same rules, start and main line', null],
  // combinations
  ['tag-and-moves', 'openings.pgn', `--tag 'Event~Norway' --moves='d4'`, 'Event matches Norway and the main line starts d4',
    g => tag('Event', '~', 'Norway')(g) && startsWith('d4')(g)],
  ['invert-moves', 'openings.pgn', `--invert --moves='d4'`, 'the readable games not starting d4', g => g.ok && !startsWith('d4')(g)],
  ['eco-and-min-plies', 'openings.pgn', '--eco=E00-E99 --min-plies=80', 'classified E.. and 80 plies or more',
    g => { const o = classify(g, SHARED); return !!o && o.eco[0] === 'E' && g.sans.length >= 80; }],
];
let SHARED = '/work/shared/data';

function expect(shared, out) {
  SHARED = shared;
  mkdirSync(join(out, 'expected'), { recursive: true });
  const cache = new Map();
  for (const [name, fixture, args, rule, test] of CASES) {
    if (!cache.has(fixture)) cache.set(fixture, readGames(join(out, fixture)));
    const games = cache.get(fixture);
    let ids;
    if (test) ids = games.map((g, i) => (g.ok && test(g) ? i + 1 : 0)).filter(Boolean);
    else {
      // --unique: chessops's identity of a game
      const seen = new Set();
      ids = [];
      games.forEach((g, i) => {
        if (!g.ok) return;
        const k = `${g.rules}|${variantOf(g)}|${g.start}|${g.ucis.join(' ')}`;
        if (!seen.has(k)) { seen.add(k); ids.push(i + 1); }
      });
    }
    writeFileSync(join(out, 'expected', name + '.ids'),
      `# peer: chessops ${chessopsVersion} (lichess's rules library) via scripts/gen-select-fixtures.mjs\n` +
      `# rule: ${rule}\n# fixture: ${fixture}\n# args: ${args}\n` + ids.map(i => i + '\n').join(''));
  }
}

// ----------------------------------------------------------------- main

const mode = import.meta.url === pathToFileURL(resolve(process.argv[1])).href ? process.argv[2] : 'lib';
if (mode === 'lib') {
  // imported
} else if (mode === 'scan') {
  const shared = process.env.SHARED || '/work/shared/data';
  for (const file of process.argv.slice(3)) {
    readGames(file).forEach((g, i) => {
      const o = g.ok ? classify(g, shared) : null;
      const h = g.headers;
      console.log([basename(file), i + 1, g.ok ? g.sans.length : 'BAD ' + g.why, ending(g),
        o ? o.eco + ' ' + o.name : '-', h.get('White'), h.get('Black'), h.get('Date'),
        h.get('TimeControl') ?? '', h.get('Variant') ?? '', h.get('ECO') ?? ''].join('\t'));
    });
  }
} else if (mode === 'material') {
  // material FILE SIG PLIES...: for each PLIES, the number of games that
  // reach SIG and hold it that long (tests/cli/pgn-select.bats)
  const games = readGames(process.argv[3]);
  for (const k of process.argv.slice(5))
    console.log(games.filter(g => g.ok && hasMaterial(g, process.argv[4], +k)).length);
} else if (mode === 'build') {
  build(process.argv[3], process.argv[4]);
} else if (mode === 'expect') {
  expect(process.argv[3], process.argv[4]);
} else {
  console.error('usage: gen-select-fixtures.mjs build SHARED OUTDIR | expect SHARED OUTDIR | scan FILE...');
  process.exit(64);
}
export { readGames, classify, ending, hasMaterial, positionMatches, speed, key, tagMeets, chessopsVersion };
