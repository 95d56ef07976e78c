// chessops-games.mjs - lichess's chessops as the reference for the variant
// games of the PGN tools (scripts/check-slow-variant-games).  Two modes,
// reading standard input:
//
//   replay  the output of `pgn-to-named-notation --to=uci --inline`: for each
//           game, the start position from its Variant and FEN tags
//           (chessops's parseVariant, parseFen), then every UCI move, which
//           must be legal in chessops's position before it is played.  One
//           line per game, TAB-separated: "ok VARIANT PLIES" or "bad VARIANT game N ply K:
//           MOVE: why".
//   moves   lines "VARIANT<TAB>FEN<TAB>MOVES" (MOVES: legal-moves's list for
//           that FEN): "ok" when chessops's legal moves are the same set,
//           else "differ FEN: only ours ...; only chessops ...".
//
// UCI castling is the king's two-square step (as chesskit writes it outside
// Chess960); chessops's king-takes-rook is converted.  CHESSOPS_DIR names
// the npm prefix where chessops is installed (default build/chessops).
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

const dir = resolve(process.env.CHESSOPS_DIR || 'build/chessops');
const esm = join(dir, 'node_modules', 'chessops', 'dist', 'esm');
const load = name => import(pathToFileURL(join(esm, name)).href);
const { parseFen } = await load('fen.js');
const { setupPosition, defaultPosition } = await load('variant.js');
const { parseVariant } = await load('pgn.js');
const { parseUci, makeUci, makeSquare } = await load('util.js');
const { normalizeMove } = await load('chess.js');

const mode = process.argv[2];
if (mode !== 'replay' && mode !== 'moves') {
  console.error('usage: chessops-games.mjs replay|moves');
  process.exit(64);
}

// Every legal move in chesskit's UCI: promotions (king in antichess),
// drops, castling as the king's two-square step.
function legalUci(pos) {
  const ctx = pos.ctx();
  const out = new Set();
  for (const [from, dests] of pos.allDests(ctx)) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const target = pos.board.get(to);
      if (piece.role === 'king' && target && target.color === piece.color && target.role === 'rook') {
        out.add(makeSquare(from) + makeSquare((from & ~7) + (to > from ? 6 : 2)));
        continue;
      }
      const last = piece.role === 'pawn' && (to >> 3 === 7 || to >> 3 === 0);
      if (!last) {
        out.add(makeUci({ from, to }));
        continue;
      }
      for (const promotion of ['queen', 'rook', 'bishop', 'knight', 'king'])
        if (pos.isLegal({ from, to, promotion }, ctx)) out.add(makeUci({ from, to, promotion }));
    }
  }
  if (pos.pockets)
    for (const role of ['pawn', 'knight', 'bishop', 'rook', 'queen'])
      if (pos.pockets[pos.turn][role])
        for (const to of pos.dropDests(ctx))
          if (pos.isLegal({ role, to }, ctx)) out.add(makeUci({ role, to }));
  return out;
}

function setup(rules, fen) {
  if (!fen) return defaultPosition(rules);
  const s = parseFen(fen);
  if (s.isErr) throw new Error(`fen: ${s.error.message}`);
  const p = setupPosition(rules, s.value);
  if (p.isErr) throw new Error(`position: ${p.error.message}`);
  return p.value;
}

const rl = createInterface({ input: process.stdin, terminal: false });
if (mode === 'moves') {
  for await (const line of rl) {
    if (!line.trim()) continue;
    const [variant, fen, moves = ''] = line.split('\t');
    let pos;
    try {
      pos = setup(variant, fen);
    } catch (e) {
      console.log(`differ ${fen}: chessops refuses it: ${e.message}`);
      continue;
    }
    const theirs = legalUci(pos);
    const ours = new Set(moves.split(' ').filter(Boolean));
    const onlyOurs = [...ours].filter(m => !theirs.has(m));
    const onlyTheirs = [...theirs].filter(m => !ours.has(m));
    console.log(onlyOurs.length || onlyTheirs.length
      ? `differ ${fen}: only ours ${onlyOurs.join(' ')}; only chessops ${onlyTheirs.join(' ')}` : 'ok');
  }
} else {
  let tags = {}, game = 0;
  for await (const line of rl) {
    const t = /^\[(\w+) "(.*)"\]$/.exec(line);
    if (t) {
      tags[t[1]] = t[2].replace(/\\(["\\])/g, '$1');
      continue;
    }
    if (!line.trim()) continue;
    game++;
    const rules = parseVariant(tags.Variant);
    const name = tags.Variant || 'Standard';
    const words = line.trim().split(/\s+/).slice(0, -1); // the result last
    let verdict = `ok\t${name}\t${words.length}`;
    if (!rules) verdict = `bad\t${name}\tgame ${game}: chessops does not know the variant`;
    else {
      try {
        const pos = setup(rules, tags.FEN);
        for (let i = 0; i < words.length; i++) {
          const legal = legalUci(pos);
          if (!legal.has(words[i])) {
            verdict = `bad\t${name}\tgame ${game} ply ${i + 1}: ${words[i]}: not a legal move for chessops`;
            break;
          }
          pos.play(normalizeMove(pos, parseUci(words[i])));
        }
      } catch (e) {
        verdict = `bad\t${name}\tgame ${game}: ${e.message}`;
      }
    }
    console.log(verdict);
    tags = {};
  }
}
