/**
 * The search both GenS traces share (AW 31.11 / 32.9 in supply.ts, AW 33.9 / 34.9 in scenarioSupply.ts):
 * from the supply sources, the least number of enemy-adjacent hexes on any path to each hex, counting
 * the source itself (a 0-1 BFS on two queues, no O(n) unshift). The callers say which hexes a path may
 * enter, which hexsides it may cross, which hexes count as enemy-adjacent, and the highest count kept.
 */
import { NEIGHBOURS, type HexId } from '../hex';

export interface PathRules {
  passable(h: HexId): boolean;
  crosses(a: HexId, b: HexId): boolean;
  adjacent(h: HexId): boolean;
  /** Counts above this are not kept (nor searched from). */
  cap: number;
}

export function leastAdjacentCosts(sources: Iterable<HexId>, r: PathRules): Map<HexId, number> {
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
      if (n < 0 || !r.passable(n) || !r.crosses(h, n)) continue;
      const c = level + (r.adjacent(n) ? 1 : 0);
      if (c > r.cap || c >= (cost.get(n) ?? Infinity)) continue;
      cost.set(n, c); (c === level ? now : later).push(n);
    }
  }
  return cost;
}
