// `node scripts/selfplay-german-hold.mjs [--games 20] [--turns 2] [--seed hold] [--fast]`
// Issue 16 item 12: the programmed opponent as the Germans in Goodwood, AI against AI, seeded games of
// the first game turns. Prints per game the German ground assaults per GT and the fortified hexes
// (IP/ET-2/ET-3) the Germans left, voluntarily (a move out) or forced (a combat result), then the totals:
// games with at least one German GA in the first two GTs, GAs per game, fortified hexes left voluntarily.
import { createServer } from 'vite';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : dflt; };
const games = Number(opt('games', '20'));
const turns = Number(opt('turns', '2'));
const base = opt('seed', 'hold');
const level = args.includes('--fast') ? 'fast' : 'normal';

const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
try {
  const { goodwoodHoldGame } = await vite.ssrLoadModule('/src/ai/germanHold.ts');
  console.log(`Goodwood AI vs AI, ${games} game(s) × ${turns} GT(s), level ${level}, seeds ${base}-1…${base}-${games}`);
  let withGa = 0; let gas = 0; let vol = 0; let forced = 0;
  const forcedBy = {};
  for (let g = 0; g < games; g++) {
    const seed = `${base}-${g + 1}`;
    const t0 = performance.now();
    const f = goodwoodHoldGame(seed, turns, { level, budgetMs: 600_000 });
    const n = f.gaByTurn.reduce((a, b) => a + b, 0);
    if (n > 0) withGa++;
    gas += n; vol += f.leftVoluntarily.length; forced += f.leftForced.length;
    for (const x of f.leftForced) forcedBy[x.action] = (forcedBy[x.action] ?? 0) + 1;
    const fl = (xs) => xs.map((x) => `${x.hex} ${x.fieldworks} GT${x.turn} (${x.action})`).join(', ') || 'none';
    console.log(`game ${g + 1} seed ${seed}: German GAs by GT [${f.gaByTurn.join(', ')}]; left voluntarily: ${fl(f.leftVoluntarily)}; left forced: ${f.leftForced.length}${f.result.stuck ? ` — STUCK: ${f.result.stuck}` : ''} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  console.log(`summary: games with >= 1 German GA in GTs 1-${turns}: ${withGa}/${games}`);
  console.log(`summary: German GAs per game: ${(gas / games).toFixed(2)} (${gas} in all)`);
  console.log(`summary: fortified hexes left voluntarily: ${vol} (${(vol / games).toFixed(2)} per game); left forced by combat results: ${forced} (by the action that emptied the hex: ${Object.entries(forcedBy).map(([k, v]) => `${k} ${v}`).join(', ')})`);
} finally {
  await vite.close();
}
