// chessops-openings.mjs - lichess's opening classification of each game of
// a PGN stream, computed with lichess's own rules library, chessops (npm),
// as the reference for lib/games/opening.c (scripts/check-slow-openings compares
// it with tests/classify-games).  Nothing of this project is used: the
// table is read from the TSV files of OPENINGS_DIR (default
// ../shared/data/openings: lichess-org/chess-openings a.tsv ... e.tsv),
// each line replayed with chessops's SAN reader, and the position reached
// keyed by lichess's "standard FEN" (board, turn, castling, the en-passant
// square only when a capture there is legal: chessops's toSetup() keeps
// that one), later lines overwriting earlier ones as lichess's map does.
// Each game (chessops's PGN parser: chessops/pgn PgnParser, startingPosition,
// parseSan) is classified by lichess's OpeningDb.search: of the positions
// after the first 40 moves of the main line that have 20 pieces or more
// (the first one short of them ends it), the deepest that the table names.
//
// One line per game on standard output, as tests/classify-games prints:
//   N<TAB>ECO<TAB>NAME   the game's opening
//   N<TAB>-<TAB>-        none named, or not classified: a Variant tag of
//                        other rules than standard chess (Chess960 too), a
//                        start position other than the standard one
//   N<TAB>!<TAB>!        standard chess that cannot be read: the FEN tag,
//                        or a move of the main line (any, not only the first
//                        40), or the parser's error
// With --ply a fourth field: the ply of the named position (0: none).
// With --no-ep the table's positions and the games' are keyed without the
// en-passant square (a comparison of rules, for the report only).
//
// chessops's parser ends a game at a blank line, and only there, where
// real archives also put blank lines inside a game (after a comment that
// opens the movetext), none between games (chess.com's exports), or one
// game a line ("e4 e5 *").  So that both sides read the same games, the
// text goes to it with the blank lines of movetext dropped and one put
// after a line that ends with a result and before a tag line that follows
// movetext; a record with no tag and no move (a comment alone) is no game.
// Moves in UCI ("g1f3"), which our reader takes, are read with chessops's
// parseUci where its SAN reader refuses them.  A null move ("--", "Z0",
// ...) ends the search, as in lib/games/opening.h, and is played as a pass.
// CHESSOPS_DIR names the npm prefix where chessops is installed (default
// build/chessops).
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

const dir = resolve(process.env.CHESSOPS_DIR || 'build/chessops');
const esm = join(dir, 'node_modules', 'chessops', 'dist', 'esm');
const load = name => import(pathToFileURL(join(esm, name)).href);
const { makeFen } = await load('fen.js');
const { defaultPosition } = await load('variant.js');
const { PgnParser, emptyHeaders, startingPosition, parseVariant } = await load('pgn.js');
const { parseSan } = await load('san.js');
const { normalizeMove } = await load('chess.js');
const { opposite, parseUci } = await load('util.js');

const args = process.argv.slice(2);
const withPly = args.includes('--ply');
const noEp = args.includes('--no-ep');
const MAX_PLIES = 40, MIN_PIECES = 20;
const openingsDir = resolve(process.env.OPENINGS_DIR || '../shared/data/openings');

// lichess's standard FEN: "board turn castling ep" (ep "-" unless legal).
const key = pos => {
  const f = makeFen(pos.toSetup()).split(' ');
  return (noEp ? f.slice(0, 3) : f.slice(0, 4)).join(' ');
};

// The table: key -> [eco, name], later lines overwriting.
const table = new Map();
for (const letter of ['a', 'b', 'c', 'd', 'e']) {
  const lines = readFileSync(join(openingsDir, `${letter}.tsv`), 'utf8').split('\n');
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const [eco, name, pgn] = line.split('\t');
    const pos = defaultPosition('chess');
    for (const san of pgn.split(' ')) {
      if (/^\d+\.+$/.test(san)) continue;
      const move = parseSan(pos, san);
      if (!move) throw new Error(`${letter}.tsv: ${pgn}: ${san} does not read`);
      pos.play(move);
    }
    table.set(key(pos), [eco, name]);
  }
}
const startKey = key(defaultPosition('chess'));

let count = 0;
function classify(game, err) {
  if (!err && game.headers.size === 0 && !game.moves.children.length) return;
  count++;
  const out = (eco, name, ply = 0) =>
    console.log(withPly ? `${count}\t${eco}\t${name}\t${ply}` : `${count}\t${eco}\t${name}`);
  const variant = game.headers.get('Variant');
  if (variant !== undefined && (parseVariant(variant) !== 'chess' || /960|fischer|wild/i.test(variant)))
    return out('-', '-');
  if (err) return out('!', '!');
  const start = startingPosition(game.headers);
  if (start.isErr) return out('!', '!');
  const pos = start.value;
  if (key(pos) !== startKey) return out('-', '-');
  let found = null, foundPly = 0, ply = 0, open = true;
  for (const node of game.moves.mainline()) {
    if (node.san === '--') {
      open = false;
      if (pos.isCheck()) return out('!', '!');
      pos.turn = opposite(pos.turn);
      pos.epSquare = undefined;
      continue;
    }
    let move = parseSan(pos, node.san);
    if (!move && /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(node.san)) {
      move = parseUci(node.san);
      if (move) move = normalizeMove(pos, move);
      if (move && !pos.isLegal(move)) move = undefined;
    }
    if (!move) return out('!', '!');
    pos.play(move);
    if (!open) continue;
    ply++;
    if (pos.board.occupied.size() < MIN_PIECES) {
      open = false;
      continue;
    }
    const named = table.get(key(pos));
    if (named) {
      found = named;
      foundPly = ply;
    }
    if (ply >= MAX_PLIES) open = false;
  }
  if (found) out(found[0], found[1], foundPly);
  else out('-', '-');
}

const parser = new PgnParser(classify, emptyHeaders, NaN); // no budget: archives are trusted
const rl = createInterface({ input: process.stdin, terminal: false, crlfDelay: Infinity });
let inMoves = false;
for await (const line of rl) {
  const blank = !line.trim();
  if (blank) {
    if (!inMoves) parser.parse('\n', { stream: true });
    continue;
  }
  const tag = /^\s*\[[A-Za-z0-9]/.test(line);
  if (tag && inMoves) parser.parse('\n', { stream: true });
  parser.parse(line + '\n', { stream: true });
  inMoves = !tag || !/^\s*\[[^\]]*\]\s*$/.test(line);
  if (inMoves && /(?:1-0|0-1|1\/2-1\/2|\*)\s*$/.test(line)) {
    parser.parse('\n', { stream: true });
    inMoves = false;
  }
}
parser.parse('');
