/**
 * Figures for `npm run bench` (issue 7 budgets): verifying a long log and the gzipped size of a
 * long game file. Call through vite's ssrLoadModule from scripts/bench.mjs.
 */
import { saveToGzip, saveToText } from './codec';
import { generatedGame } from './testkit';
import { loadSave } from './verify';

export interface SaveBench { actions: number; verifyMs: number; textBytes: number; gzipBytes: number; perActionUs: number }

/** Builds a hotseat log of `n` actions (moves, rolls, segment ends) and times a full verification. */
export function benchSave(n = 10_000, runs = 3): SaveBench {
  const g = generatedGame(n, 42, 'long');
  const text = saveToText(g.save);
  const gz = saveToGzip(g.save);
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = loadSave(text);
    const dt = performance.now() - t0;
    if (!r.ok) throw new Error(`benchmark log failed to verify: ${r.error}`);
    best = Math.min(best, dt);
  }
  const actions = g.save.entries.length;
  return { actions, verifyMs: Math.round(best), textBytes: text.length, gzipBytes: gz.length, perActionUs: Math.round((best * 1000) / actions) };
}

/** `name: value unit` lines for scripts/bench.mjs. */
export function benchLines(b: SaveBench = benchSave()): string[] {
  return [
    `save.verify.${b.actions}actions: ${b.verifyMs} ms`,
    `save.verify.perAction: ${b.perActionUs} µs`,
    `save.file.${b.actions}actions.json: ${(b.textBytes / 1024).toFixed(0)} KB`,
    `save.file.${b.actions}actions.gzip: ${(b.gzipBytes / 1024).toFixed(0)} KB`,
  ];
}
