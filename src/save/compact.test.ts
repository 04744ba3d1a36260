/** The compact encoding: same game, far smaller, and still every edit refused (sealed by head). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gunzipSync, strFromU8 } from 'fflate';
import { compactToGzip, loadSave, saveToGzip, stateDigest } from '.';
import { generatedGame } from './testkit';

describe('compact save encoding', { timeout: 60_000 }, () => {
  const g = generatedGame(150, 12, 'short');
  const z = compactToGzip(g.save);
  const text = strFromU8(gunzipSync(z));

  it('loads to the same game and is much smaller than the full gzip file', () => {
    const r = loadSave(z);
    if (!r.ok) throw new Error(r.error);
    expect(stateDigest(r.game.state)).toBe(stateDigest(g.state));
    expect(r.game.save).toEqual(g.save); // the full file is re-derived exactly
    expect(z.length).toBeLessThan(saveToGzip(g.save).length / 2);
  });

  it('every single-field edit of a compact file is refused (300 generated)', () => {
    const obj = JSON.parse(text);
    const leaves: (string | number)[][] = [];
    const walk = (v: unknown, p: (string | number)[]) => {
      if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...p, Array.isArray(v) ? Number(k) : k]);
      else leaves.push(p);
    };
    walk(obj, []);
    let n = 0;
    fc.assert(fc.property(fc.nat(), (i) => {
      const o = JSON.parse(text);
      const p = leaves[i % leaves.length];
      const parent = p.slice(0, -1).reduce((a, k) => a[k], o);
      const k = p[p.length - 1];
      const v = parent[k];
      parent[k] = typeof v === 'number' ? v + 1 : typeof v === 'string' ? (v.length ? (v[0] === 'a' ? 'b' : 'a') + v.slice(1) : 'x') : !v;
      if (JSON.stringify(parent[k]) === JSON.stringify(v)) return;
      n++;
      const r = loadSave(JSON.stringify(o));
      if (r.ok) throw new Error(`edit of ${p.join('.')} accepted`);
    }), { numRuns: 300, seed: 7 });
    expect(n).toBeGreaterThan(250);
  }, 120_000);
});
