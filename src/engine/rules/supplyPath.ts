/**
 * The search both GenS traces share (AW 31.11 / 32.9 in supply.ts, AW 33.9 / 34.9 in scenarioSupply.ts):
 * from the supply sources, the least number of enemy-adjacent hexes on any path to each hex, counting
 * the source itself (a 0-1 BFS on two queues, no O(n) unshift). The callers say which hexes a path may
 * enter, which hexsides it may cross, which hexes count as enemy-adjacent, and the highest count kept.
 * Costs and queues are typed arrays over the hex lattice (issue 17: a Map per trace made a campaign-size
 * trace ten times slower); the answer is the same least cost per hex.
 */
import { HEX_COUNT, NEIGHBOURS, type HexId } from '../hex';
import { isLand, type Board } from '../board';

export interface PathRules {
  /** Map-sized: 1 where a path may enter. Masks, not callbacks (issue 17): the search asks them six times a hex. */
  pass: Uint8Array;
  /** Map-sized: 1 where a hex counts as enemy-adjacent, else 0. */
  adj: Uint8Array;
  /** The step a → b, b being a's neighbour in direction d (NEIGHBOURS[a * 6 + d]); absent: every hexside may be crossed. */
  crosses?(a: HexId, b: HexId, d: number): boolean;
  /** Counts above this are not kept (nor searched from). */
  cap: number;
}

const UNREACHED = 255;

/** Least counts per hex, read like a Map (hexes beyond the cap are absent); iterates in hex order. */
export class HexCosts implements ReadonlyMap<HexId, number> {
  constructor(private readonly cost: Uint8Array, readonly size: number) {}
  get(h: HexId): number | undefined { const c = h >= 0 && h < HEX_COUNT ? this.cost[h] : UNREACHED; return c === UNREACHED ? undefined : c; }
  has(h: HexId): boolean { return this.get(h) !== undefined; }
  *entries(): MapIterator<[HexId, number]> { for (let h = 0; h < HEX_COUNT; h++) if (this.cost[h] !== UNREACHED) yield [h, this.cost[h]]; }
  *keys(): MapIterator<HexId> { for (const [h] of this.entries()) yield h; }
  *values(): MapIterator<number> { for (const [, c] of this.entries()) yield c; }
  [Symbol.iterator](): MapIterator<[HexId, number]> { return this.entries(); }
  forEach(fn: (c: number, h: HexId, m: ReadonlyMap<HexId, number>) => void): void { for (const [h, c] of this.entries()) fn(c, h, this); }
}

/**
 * `into`: a map-sized buffer to write the counts in, for a caller that reads the result only until its
 * next search (the AW 33.9 / 34.9 HQ trace: a new 20 KB array per trace was a third of this search's
 * time). Without it the counts get an array of their own, which the result keeps.
 */
export function leastAdjacentCosts(sources: Iterable<HexId>, r: PathRules, into?: Uint8Array): HexCosts {
  const cost = (into ?? new Uint8Array(HEX_COUNT)).fill(UNREACHED);
  // Read once: under vite's SSR loader (tests, bench) each read of an imported binding is a getter call.
  const NB = NEIGHBOURS;
  // Two stacks per level, as before: `now` holds hexes at the current level, `later` at level + 1
  // (kept between searches, grown as needed; the search calls nothing that searches again).
  let now = stacks.now; let nowLen = 0;
  let later = stacks.later; let laterLen = 0;
  const push = (toNow: boolean, h: HexId) => {
    if (toNow) { if (nowLen === now.length) { const x = new Int32Array(now.length * 2); x.set(now); now = x; } now[nowLen++] = h; }
    else { if (laterLen === later.length) { const x = new Int32Array(later.length * 2); x.set(later); later = x; } later[laterLen++] = h; }
  };
  const cap = Math.min(r.cap, UNREACHED - 1);
  const { pass, adj, crosses } = r;
  let reached = 0;
  for (const s of sources) {
    if (pass[s] !== 1) continue;
    const c = adj[s];
    if (c <= cap && cost[s] > c) { if (cost[s] === UNREACHED) reached++; cost[s] = c; push(c === 0, s); }
  }
  let level = 0;
  while (nowLen || laterLen) {
    if (!nowLen) { const t = now; now = later; nowLen = laterLen; later = t; laterLen = 0; level++; continue; }
    const h = now[--nowLen];
    if (cost[h] !== level) continue;
    for (let d = 0; d < 6; d++) {
      const n = NB[h * 6 + d];
      if (n < 0 || pass[n] !== 1 || (crosses !== undefined && !crosses(h, n, d))) continue;
      const c = level + adj[n];
      if (c > cap || c >= cost[n]) continue;
      if (cost[n] === UNREACHED) reached++;
      cost[n] = c; push(c === level, n);
    }
  }
  // Keep the grown stacks (which of the two is which does not matter: both are empty).
  stacks.now = now; stacks.later = later;
  return new HexCosts(cost, reached);
}
const stacks = { now: new Int32Array(64), later: new Int32Array(64) };

/**
 * Hexes a supply path may enter whatever the units do: land (on the map, not sea) in `area` (the
 * scenario's play area, AW 32.0; anywhere when null). Both traces read it; made once per board and area.
 */
export function landMask(board: Board, area: ReadonlySet<HexId> | null): Uint8Array {
  let byArea = lands.get(board);
  if (!byArea) lands.set(board, (byArea = new Map()));
  let m = byArea.get(area);
  if (!m) {
    m = new Uint8Array(HEX_COUNT);
    for (let h = 0; h < HEX_COUNT; h++) if (isLand(board, h) && (!area || area.has(h))) m[h] = 1;
    byArea.set(area, m);
  }
  return m;
}
const lands = new WeakMap<Board, Map<ReadonlySet<HexId> | null, Uint8Array>>();
