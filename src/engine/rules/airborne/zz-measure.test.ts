import { it } from 'vitest';
import { legalActions, sideToAct } from '../../game';
import { b6, start, playTo, act, segId } from './stage.fixture';

function time(f: () => unknown, n = 5): string {
  const t: number[] = [];
  for (let i = 0; i < n; i++) { const t0 = performance.now(); f(); t.push(performance.now() - t0); }
  t.sort((a, b) => a - b);
  return `min ${t[0].toFixed(1)} med ${t[t.length >> 1].toFixed(1)} max ${t[t.length - 1].toFixed(1)} ms`;
}

it('measure', () => {
  const bundle = b6();
  let s = start(bundle, 'm1');
  for (const seg of ['alliedMovement1', 'germanMovement1', 'alliedMovement2', 'germanMovement2']) {
    s = playTo(s, bundle, seg);
    // activate German units where possible
    if (seg.startsWith('german')) {
      for (let g = 0; g < 30; g++) { const a = legalActions(s, 'german').find((x) => x.type === 'gActivate'); if (!a) break; s = act(s, a).state; }
    }
    const side = sideToAct(s)!;
    const all = legalActions(s, side);
    const counts: Record<string, number> = {};
    for (const a of all) counts[a.type] = (counts[a.type] ?? 0) + 1;
    // fresh states each time to avoid caches: clone via JSON? use the same state (caches per state are part of reality for the panel's first call)
    const fresh = () => { const c = structuredClone(s); Object.freeze(c); Object.freeze(c.units); return c; };
    console.log(seg, side, JSON.stringify(counts));
    console.log('  legalActions all   ', time(() => legalActions(fresh(), side)));
    console.log('  without ab/gMove   ', time(() => legalActions(fresh(), side, (t) => t !== 'move' && t !== 'abMove' && t !== 'gMove')));
    console.log('  seg', segId(s, bundle));
  }
}, 600_000);
