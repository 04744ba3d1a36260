import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HEX_COUNT, NEIGHBOURS, type HexId } from '../hex';
import { leastAdjacentCosts, type PathRules } from './supplyPath';

/** The rules as the former search asked them: a callback per question. */
interface Rules { passable(h: HexId): boolean; adjacent(h: HexId): boolean; crosses(a: HexId, b: HexId, d: number): boolean; cap: number }

/** The former search (Map costs, array queues, callbacks): the reference the typed-array search must equal. */
function reference(sources: Iterable<HexId>, r: Rules): Map<HexId, number> {
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
  it('AW 31.11 least enemy-adjacent counts equal the former Map search on random boards (blocked hexes, adjacency, hexsides or none, caps)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 4 }), fc.array(fc.integer({ min: 0, max: HEX_COUNT - 1 }), { minLength: 1, maxLength: 40 }),
      (seed, cap, sources) => {
        // A cheap deterministic hash per hex gives blocked, enemy-adjacent and uncrossable sides.
        const bit = (h: number, k: number) => (((h * 2654435761) ^ (seed + k * 40503)) >>> 0) % 100;
        const r: Rules = {
          passable: (h) => bit(h, 1) >= 15,
          adjacent: (h) => bit(h, 2) < 20,
          crosses: (a, b) => bit(a * 7 + b, 3) >= 5,
          cap,
        };
        // The same rules as the search takes them: masks over the lattice, and the hexside callback
        // (or none: every hexside crossed).
        const pass = new Uint8Array(HEX_COUNT); const adj = new Uint8Array(HEX_COUNT);
        for (let h = 0; h < HEX_COUNT; h++) { pass[h] = r.passable(h) ? 1 : 0; adj[h] = r.adjacent(h) ? 1 : 0; }
        for (const [rules, masks] of [
          [r, { pass, adj, crosses: r.crosses, cap }],
          [{ ...r, crosses: () => true }, { pass, adj, cap }],
        ] as [Rules, PathRules][]) {
          const fast = leastAdjacentCosts(sources, masks);
          const ref = reference(sources, rules);
          expect(fast.size).toBe(ref.size);
          expect(new Map(fast)).toEqual(new Map([...ref].sort((x, y) => x[0] - y[0])));
          for (const h of sources) expect(fast.get(h)).toBe(ref.get(h));
        }
      }), { numRuns: 12 });
  }, 120_000);
});
