// `npm run selfplay -- --scenario goodwood --games N [--length short|long] [--seed base] [--fast] [--budget ms] [--vs random-allied|random-german] [--turns T]`
// Plays the programmed opponent (src/ai) against itself (or a random-legal-move player) to the end
// and prints per game: winner and AW victory result, steps lost per side, time per AI side-turn.
// Engine and AI are TypeScript, loaded through vite's SSR loader (Node 20 cannot run .ts).
import { createServer } from 'vite';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : dflt; };
const flag = (name) => args.includes(`--${name}`);
const scenario = opt('scenario', 'goodwood');
const games = Number(opt('games', '4'));
const length = opt('length', '') || undefined; // default: the scenario's first length (Goodwood: short)
const base = opt('seed', 'selfplay');
const vs = opt('vs', '');
const turns = opt('turns', '');
const level = flag('fast') ? 'fast' : 'normal';
// --budget ms: the per-side-turn wall-clock safety net (docs/ai.md); a large one makes results independent of the machine's load.
const budget = opt('budget', '');

const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN; };
try {
  const { playGame } = await vite.ssrLoadModule('/src/ai/selfplay.ts');
  // A stage-alone scenario (the night drops) is won on points: print them, and their spread (docs/scenarios/night-drop-*.md).
  const { stageScore } = await vite.ssrLoadModule('/src/engine/query.ts');
  const { loadScenario } = await vite.ssrLoadModule('/src/data/bundle.ts');
  const points = [];
  const players = { allied: vs === 'random-allied' ? 'random' : 'ai', german: vs === 'random-german' ? 'random' : 'ai' };
  console.log(`selfplay ${scenario} (${length ?? 'default length'}), ${games} game(s), allied=${players.allied} german=${players.german}, level ${level}`);
  const tally = { allied: 0, german: 0, draw: 0 };
  const lost = { allied: [], german: [] };
  const times = { allied: [], german: [] };
  for (let g = 0; g < games; g++) {
    const seed = `${base}-${g + 1}`;
    const t0 = performance.now();
    const r = playGame({ scenario, seed, length, players, ai: { level, ...(budget ? { budgetMs: Number(budget) } : {}) }, ...(turns ? { maxTurns: Number(turns) } : {}) });
    const w = r.winner ?? 'draw';
    const sc = stageScore(r.finalState, loadScenario(scenario));
    if (sc) points.push(sc.total);
    tally[w === 'allied' || w === 'german' ? w : 'draw']++;
    for (const s of ['allied', 'german']) { lost[s].push(r.stepsLost[s] / r.stepsTotal[s]); times[s].push(...r.sideTurnMs[s]); }
    const st = (s) => `${s} lost ${r.stepsLost[s]}/${r.stepsTotal[s]} steps (${r.eliminated[s]} units eliminated)`;
    const tt = (s) => (r.sideTurnMs[s].length ? `${s} side-turn mean ${(r.sideTurnMs[s].reduce((a, b) => a + b, 0) / r.sideTurnMs[s].length / 1000).toFixed(2)} s, max ${(Math.max(...r.sideTurnMs[s]) / 1000).toFixed(2)} s` : `${s} not AI`);
    console.log(`game ${g + 1} seed ${seed}: winner ${w} (${r.level}) — ${r.text || r.reason}${sc ? ` — ${sc.total} points` : ''}${r.stuck ? ` — STUCK: ${r.stuck}` : ""}`);
    console.log(`  ${st('allied')}; ${st('german')}; ${r.actions.length} actions, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    console.log(`  ${tt('allied')}; ${tt('german')}`);
  }
  const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  console.log(`summary: allied wins ${tally.allied}, german wins ${tally.german}, draws ${tally.draw}`);
  if (points.length) {
    const s = [...points].sort((a, b) => a - b);
    const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
    console.log(`summary: points ${s.join(' ')}; 20th percentile ${at(0.2)}, median ${at(0.5)}, 80th percentile ${at(0.8)}`);
  }
  console.log(`summary: mean share of steps lost: allied ${(100 * mean(lost.allied)).toFixed(1)}%, german ${(100 * mean(lost.german)).toFixed(1)}%`);
  for (const s of ['allied', 'german']) if (times[s].length) console.log(`summary: ${s} side-turn p50 ${(pct(times[s], 50) / 1000).toFixed(2)} s, p95 ${(pct(times[s], 95) / 1000).toFixed(2)} s, max ${(Math.max(...times[s]) / 1000).toFixed(2)} s`);
} finally {
  await vite.close();
}
