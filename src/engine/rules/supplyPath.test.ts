import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HEX_COUNT, NEIGHBOURS, type HexId } from '../hex';
import { leastAdjacentCosts, type PathRules } from './supplyPath';

/** The former search (Map costs, array queues): the reference the typed-array search must equal. */
function reference(sources: Iterable<HexId>, r: PathRules): Map<HexId, number> {
  const cost = new Map<HexId, number>();
  let now: HexId[] = []; let later: HexId[] = [];
  for (const s of sources) {
    if (!r.passable(s)) continue;
    const c = r.adjacent(s) ? 1 : 0;
    if (c <= r.cap && (cost.get(s) ?? Infinity) > c) { cost.set(s, c); (c === 0 ? now : later).push(s); }
  }
  let level = 0;
  while (now.length || later.length) {
    if (!now.length) { now = later; later = []; level++; continue; }
    const h = now.pop()!;
    if (cost.get(h) !== level) continue;
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[h * 6 + d];
      if (n < 0 || !r.passable(n) || !r.crosses(h, n, d)) continue;
      const c = level + (r.adjacent(n) ? 1 : 0);
      if (c > r.cap || c >= (cost.get(n) ?? Infinity)) continue;
      cost.set(n, c); (c === level ? now : later).push(n);
    }
  }
  return cost;
}

describe('AW 31.11 / 32.9 GenS search on typed arrays', () => {
  it('AW 31.11 least enemy-adjacent counts equal the former Map search on random boards (blocked hexes, adjacency, hexsides, caps)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 4 }), fc.array(fc.integer({ min: 0, max: HEX_COUNT - 1 }), { minLength: 1, maxLength: 40 }),
      (seed, cap, sources) => {
        // A cheap deterministic hash per hex gives blocked, enemy-adjacent and uncrossable sides.
        const bit = (h: number, k: number) => (((h * 2654435761) ^ (seed + k * 40503)) >>> 0) % 100;
        const r: PathRules = {
          passable: (h) => bit(h, 1) >= 15,
          adjacent: (h) => bit(h, 2) < 20,
          crosses: (a, b) => bit(a * 7 + b, 3) >= 5,
          cap,
        };
        const fast = leastAdjacentCosts(sources, r);
        const ref = reference(sources, r);
        expect(fast.size).toBe(ref.size);
        expect(new Map(fast)).toEqual(new Map([...ref].sort((x, y) => x[0] - y[0])));
        for (const h of sources) expect(fast.get(h)).toBe(ref.get(h));
      }), { numRuns: 12 });
  }, 120_000);
});
