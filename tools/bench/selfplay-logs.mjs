// `node tools/bench/selfplay-logs.mjs [scenario:length:seed ...]`: records games the programmed opponent
// plays against itself as fixtures (tests/fixtures/selfplay/*.json) for the real-play replay figure of
// `npm run bench` and the replay-identity test (tests/selfplay-replay.test.ts). Each file keeps the log
// and the state hash every 250 actions and at the end, so an engine optimisation that changes any
// outcome is caught. Re-record only when a rules change makes a log illegal or changes its play on purpose.
import { createServer } from 'vite';
import { writeFileSync, mkdirSync } from 'node:fs';

const DEFAULT = ['goodwood:long:bench-1', 'epsom:full:bench-1', 'cherbourg:full:bench-1'];
const specs = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT;
const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'error' });
try {
  const { playGame } = await vite.ssrLoadModule('/src/ai/selfplay.ts');
  const { replay, stateHash } = await vite.ssrLoadModule('/src/engine/index.ts');
  mkdirSync('tests/fixtures/selfplay', { recursive: true });
  for (const spec of specs) {
    const [scenario, length, seed] = spec.split(':');
    const t0 = performance.now();
    // A very large time budget: the opponent's choices then do not depend on the machine's load.
    const r = playGame({ scenario, seed, length, players: { allied: 'ai', german: 'ai' }, ai: { level: 'fast', budgetMs: 1e9 } });
    const log = { scenario, options: { seed, length }, actions: r.actions };
    const hashes = {};
    for (let n = 250; n < log.actions.length; n += 250) {
      const x = replay({ ...log, actions: log.actions.slice(0, n) });
      if (!x.ok) throw new Error(`${spec}: own log refused at ${x.index}: ${x.error}`);
      hashes[n] = stateHash(x.state);
    }
    hashes[log.actions.length] = stateHash(r.finalState);
    const file = `tests/fixtures/selfplay/${scenario}-${length}-${seed}.json`;
    writeFileSync(file, JSON.stringify({ ...log, winner: r.winner, hashes }) + '\n');
    console.log(`${file}: ${log.actions.length} actions, winner ${r.winner}${r.stuck ? ` (stuck: ${r.stuck})` : ''}, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
} finally {
  await vite.close();
}
