// chessops-perft.mjs - lichess's chessops as a perft oracle for the
// variants: reads "VARIANT<TAB>FEN<TAB>DEPTH" lines on standard input and
// writes "NODES" (or "error: ...") per line, counted by chessops/debug's
// perft.  CHESSOPS_DIR names the npm prefix where chessops is installed
// (scripts/install-deps puts it in build/chessops).
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

const dir = resolve(process.env.CHESSOPS_DIR || 'build/chessops');
const esm = join(dir, 'node_modules', 'chessops', 'dist', 'esm');
const load = name => import(pathToFileURL(join(esm, name)).href);
const { parseFen } = await load('fen.js');
const { setupPosition } = await load('variant.js');
const { perft } = await load('debug.js');

const rl = createInterface({ input: process.stdin, terminal: false });
for await (const line of rl) {
  if (!line.trim()) continue;
  const [variant, fen, depth] = line.split('\t');
  const rules = variant === 'chess960' ? 'chess' : variant;
  const setup = parseFen(fen);
  if (setup.isErr) { console.log(`error: fen: ${setup.error.message}`); continue; }
  const pos = setupPosition(rules, setup.value);
  if (pos.isErr) { console.log(`error: position: ${pos.error.message}`); continue; }
  console.log(String(perft(pos.value, Number(depth), false)));
}
