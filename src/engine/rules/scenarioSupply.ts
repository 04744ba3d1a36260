/**
 * Scenario GenS for AW 33.9 / 34.9 (special.logistics.supply[side] with an `hqLeg`), traced in two legs:
 *   1. PSS → formation HQ, a path of any length (AW 33.9.0, 34.9.0). In scenario 3 this scenario rule
 *      governs the German HQs' path to Cherbourg (34.9.2: Cherbourg is the German PSS) rather than
 *      AW 1.2.6c's 18 + 18 Mech MP, which relays formation HQs through A3609 to a corps HQ and another
 *      PSS (campaign; scenario 3 has neither): docs/rules-coverage.md.
 *   2. formation HQ → subordinate unit, at most 6 hexes, a step along a primary or secondary road
 *      counting one-half (AW 33.9.0). Independent units, army/corps assets and units whose
 *      formation has no HQ on the map trace from any on-map friendly formation HQ in GenS. AW 34.9:
 *      German units may also treat Cherbourg (A3609, `hqHexes`) as a formation HQ.
 * Both legs together: no enemy-occupied hex, at most two hexes adjacent to an enemy unless the hex is
 * friendly occupied (33.9.0). Epsom: unbridged Odon hexsides block paths (map bridges and the
 * AW 33.6.1 markers carry them), except that a unit (or HQ) adjacent to the Odon is in GenS when a
 * path reaches the adjacent hex across the river (33.9.1: the last step may cross). Elsewhere major
 * rivers and canals are crossed at bridges only (as the AW 32.9 trace, supply.ts).
 * A scenario whose supply rule has no `hqLeg` keeps the AW 32.9 trace (supply.ts `inGenS`).
 */
import { isDraft } from 'immer';
import { HEX_COUNT, NEIGHBOURS, hexsideBetween, tryParseHexRef, type HexId } from '../hex';
import type { GameState, ScenarioBundle, Side } from '../types';
import { hexSet, special } from './scenarioArea';
import { unitIndex } from './unitIndex';
import { BoxedCache } from '../boxCache';
import { landMask, leastAdjacentCosts } from './supplyPath';
import { downBridgeSides, placedBridgesKey } from './placedBridges';
import { EDGE_BRIDGE, EDGE_MAJOR, EDGE_NAMED, EDGE_ROAD, hexsideTable } from './hexsideTable';
import { unitOf } from '../unitTable';

const FRIEND = 2;
const NONE = 0xffff; const NONE8 = 0xff;

let bestScratch = new Uint16Array(0);
/** The leg-2 label buffer, all NONE (fromHq resets the labels it touched). */
function scratchBest(size: number): Uint16Array {
  if (bestScratch.length < size) bestScratch = new Uint16Array(size).fill(NONE);
  return bestScratch;
}
const areaPool: Uint8Array[] = [];
/** A map-sized area buffer, all NONE8. */
function takeArea(): Uint8Array {
  return areaPool.pop() ?? new Uint8Array(HEX_COUNT).fill(NONE8);
}
/** Hands an area buffer back (reset to NONE8: a fill of the map's size is cheaper than a new buffer's garbage). */
function giveArea(a: Uint8Array): void {
  a.fill(NONE8);
  if (areaPool.length < 256) areaPool.push(a);
}
type WithBridges = { special?: { epsom?: { bridges?: number[] } } };

/** AW 33.6.1 bridge markers (hex ids): a marker bridges every Odon hexside of its hex. */
export function bridgeMarkers(state: GameState): number[] {
  return (state as GameState & WithBridges).special?.epsom?.bridges ?? [];
}

/**
 * Is the edge (h, d) closed to supply paths (an unbridged Odon hexside, or a major river / canal without
 * a bridge)? `t` is the bundle's hexside table with the Odon named; `down` the bridges down now
 * (GOSS 17.3.2, AW 41.3.7b); `markers` the AW 33.6.1 bridge markers. Symmetric in the edge's two hexes.
 */
function edgeBlocks(t: Uint8Array, h: HexId, d: number, n: HexId, down: ReadonlySet<number>, markers: number[], namedRiver: boolean): boolean {
  const e = t[h * 6 + d];
  if (!e) return false;
  if (e & EDGE_BRIDGE && !down.has(hexsideBetween(h, n))) return false;
  if (e & EDGE_NAMED) {
    if (!namedRiver) return (e & EDGE_MAJOR) !== 0;
    return !(markers.includes(h) || markers.includes(n));
  }
  return (e & EDGE_MAJOR) !== 0;
}

/** Does the scenario trace GenS through formation HQs (AW 33.9.0, 34.9.0)? */
export function hasHqLeg(bundle: ScenarioBundle, side: Side): boolean {
  return !!special(bundle).logistics?.supply?.[side]?.hqLeg;
}

interface Trace { units: Set<string>; hqs: Map<string, number> }
const cache = new BoxedCache<object, Map<string, Trace>>('scenarioSupply');

/**
 * The units of `side` in GenS now (AW 33.9 / 34.9), and each in-GenS HQ's count of enemy-adjacent
 * path hexes. Cached per frozen state.
 */
export function scenarioSupplyTrace(state: GameState, bundle: ScenarioBundle, side: Side): Trace {
  // Bridges down or placed and the AW 33.6.1 markers change the paths without moving a unit: part of the key.
  const markers = bridgeMarkers(state);
  const bk = placedBridgesKey(state, bundle);
  const key = bk || markers.length ? `${side}|${bk}|${markers.join(',')}` : side;
  const hit = cache.get(state.units)?.get(key);
  if (hit) return hit;
  const rule = special(bundle).logistics!.supply![side]!;
  // Typed arrays over the lattice, not Sets and memo Maps (issue 17: the trace runs at every supply
  // determination and for every mover's GenS; the answers are the same). The occupancy and enemy-adjacency
  // arrays are kept between traces and cleared where this trace wrote them (a fill of the map's size and a
  // new array per trace were most of a small trace's time).
  const NB = NEIGHBOURS; // read once: under vite's SSR loader (tests, bench) each read of an import is a getter call
  const { occ, near } = scratch;
  const written: HexId[] = [];
  let tr: Trace;
  try {
    for (const x of unitIndex(state).live) {
      written.push(x.hex!);
      if (x.side === side) { occ[x.hex!] |= FRIEND; continue; }
      for (let d = 0; d < 6; d++) { const n = NB[x.hex! * 6 + d]; if (n >= 0) near[n] = 1; }
    }
    tr = traceOn(state, bundle, side, rule, markers);
  } finally {
    for (const h of written) { occ[h] = 0; for (let d = 0; d < 6; d++) { const n = NB[h * 6 + d]; if (n >= 0) near[n] = 0; } }
  }
  if (!isDraft(state.units) && Object.isFrozen(state.units)) {
    let m = cache.get(state.units);
    if (!m) cache.set(state.units, (m = new Map()));
    m.set(key, tr);
  }
  return tr;
}

/**
 * Leg 2's half-step buckets and touched labels, kept between searches as typed arrays with their lengths
 * apart (issue 17): emptying a JS array with `length = 0` gives its storage back, so each search grew
 * every bucket again, most of this trace's garbage.
 */
const leg2: { buckets: Int32Array[]; lens: Int32Array; touched: Int32Array } = { buckets: [], lens: new Int32Array(0), touched: new Int32Array(1024) };
/** `a` with room for one more entry after `n`: itself, or a copy twice its size. */
function roomFor(a: Int32Array, n: number): Int32Array {
  if (n < a.length) return a;
  const x = new Int32Array(a.length * 2);
  x.set(a);
  return x;
}
/**
 * Friendly occupancy (the FRIEND bit) and "next to an enemy" per hex, all zero between traces; leg 1's
 * counts and masks (`pass`, `adj`: written whole by each `traceOn`), read only inside it.
 */
const scratch = { occ: new Uint8Array(HEX_COUNT), near: new Uint8Array(HEX_COUNT), leg1: new Uint8Array(HEX_COUNT), pass: new Uint8Array(HEX_COUNT), adj: new Uint8Array(HEX_COUNT) };

type SupplyDef = NonNullable<NonNullable<NonNullable<ReturnType<typeof special>['logistics']>['supply']>[Side]>;

/** The trace itself, on the occupancy arrays scenarioSupplyTrace filled (`scratch`). */
function traceOn(state: GameState, bundle: ScenarioBundle, side: Side, rule: SupplyDef, markers: number[]): Trace {
  const { occ, near } = scratch;
  const leg = rule.hqLeg!;
  const NB = NEIGHBOURS;
  const playArea = special(bundle).playArea;
  const land = landMask(bundle.board, playArea ? hexSet(bundle, playArea.hexes) : null);
  // Where a path may go (land, no enemy unit) and which hexes count as next to an enemy (unless a
  // friendly unit holds it, AW 33.9.0), as masks: leg 1's search reads them six times a hex. Each is
  // written whole here, so nothing is left from the last trace.
  const pass = scratch.pass; pass.set(land);
  const adjMask = scratch.adj; adjMask.set(near);
  for (const x of unitIndex(state).live) { if (x.side === side) adjMask[x.hex!] = 0; else pass[x.hex!] = 0; }
  const adj = (h: HexId) => adjMask[h] === 1;
  const max = rule.maxPathHexesAdjacentToEnemy;
  const passable = (h: HexId) => h >= 0 && pass[h] === 1;
  // AW 33.9.1 (under "Allied PSS"): the Odon blocks only the sides whose rule says so.
  const riverBlocks = rule.namedRiverBlocks !== false;
  const epsom = !!special(bundle).epsom && riverBlocks;
  // Per edge from the bundle's table (issue 17); what play changes is read once per trace.
  const T = hexsideTable(bundle, special(bundle).epsom?.odon.river);
  const down = downBridgeSides(state, bundle);
  const blocks = (x: HexId, d: number, y: HexId) => edgeBlocks(T, x, d, y, down, markers, riverBlocks);
  // Leg 1: least enemy-adjacent count from a PSS to each hex (0-1 BFS), any length.
  const cost = leastAdjacentCosts(hexSet(bundle, rule.pss), { pass, adj: adjMask, crosses: (h, n, d) => !blocks(h, d, n), cap: max }, scratch.leg1);
  // The count at a hex reached by a last step across a blocked hexside (AW 33.9.1), else by a normal path.
  const reach = (h: HexId): number => {
    let c = cost.get(h) ?? Infinity;
    if (epsom) for (let d = 0; d < 6; d++) {
      const n = NB[h * 6 + d];
      const cn = cost.get(n);
      if (cn !== undefined && blocks(h, d, n)) c = Math.min(c, cn + (adj(h) ? 1 : 0));
    }
    return c;
  };

  const live = unitIndex(state).live.filter((x) => x.side === side);
  const isHq = (id: string) => bundle.units.get(id)?.size === 'HQ';
  const hqs = new Map<string, number>();
  for (const u of live) if (isHq(u.id)) { const c = reach(u.hex!); if (c <= max) hqs.set(u.id, c); }
  // AW 34.9: a hex that counts as a formation HQ (Cherbourg), with its own path count.
  const hqHexes: [HexId, number][] = [];
  for (const r of leg.hqHexes) { const x = tryParseHexRef(r); if (!('error' in x) && passable(x.hex)) { const c = reach(x.hex); if (c <= max) hqHexes.push([x.hex, c]); } }

  // Leg 2: from each in-GenS HQ, half-hex steps (road 1, else 2) up to 2 × maxHexes, keeping per hex the least count.
  const limit = leg.maxHexes * 2;
  const K = max + 1; // labels (hex, count) keyed hex * K + count
  // The least half-steps per label, shared by the HQs' searches and reset through the labels touched.
  // Scratch buffers kept between traces (issue 17: two fresh map-sized typed arrays per HQ per trace
  // were garbage at every supply determination); each is handed back reset to NONE.
  const best = scratchBest(HEX_COUNT * K);
  const outs: Uint8Array[] = [];
  const fromHq = (start: HexId, c0: number): Uint8Array => {
    const out = takeArea(); // least count per hex reached; NONE8: not reached
    outs.push(out);
    let touched = leg2.touched; let nTouched = 0;
    while (leg2.buckets.length <= limit) leg2.buckets.push(new Int32Array(64));
    if (leg2.lens.length <= limit) leg2.lens = new Int32Array(limit + 1);
    const buckets = leg2.buckets; const lens = leg2.lens;
    lens.fill(0);
    buckets[0][0] = start * K + c0; lens[0] = 1;
    for (let m = 0; m <= limit; m++) {
      // The bucket is read by index: steps of 1 or 2 only add to later buckets, never to this one.
      const bucket = buckets[m];
      for (let q = 0; q < lens[m]; q++) {
        const key = bucket[q];
        if (best[key] <= m) continue;
        if (best[key] === NONE) { touched = roomFor(touched, nTouched); touched[nTouched++] = key; }
        best[key] = m;
        const h = Math.floor(key / K); const c = key - h * K;
        if (c < out[h]) out[h] = c;
        for (let d = 0; d < 6; d++) {
          const n = NB[h * 6 + d];
          if (!passable(n)) continue;
          const step = leg.roadsHalf && T[h * 6 + d] & EDGE_ROAD ? 1 : 2;
          const m2 = m + step; const c2 = c + (adj(n) ? 1 : 0);
          if (m2 > limit || c2 > max) continue;
          // AW 33.9.1: a blocked (Odon) hexside only as the last step into a friendly-occupied hex.
          if (blocks(h, d, n)) { if (epsom && occ[n] & FRIEND && c2 < out[n]) out[n] = c2; continue; }
          if (best[n * K + c2] > m2) { const b = roomFor(buckets[m2], lens[m2]); buckets[m2] = b; b[lens[m2]++] = n * K + c2; }
        }
      }
    }
    for (let i = 0; i < nTouched; i++) best[touched[i]] = NONE;
    leg2.touched = touched;
    return out;
  };
  const areas = new Map<string, Uint8Array>();
  for (const [id, c] of hqs) areas.set(id, fromHq(unitOf(state, id).hex!, c));
  const hexAreas = hqHexes.map(([h, c]) => fromHq(h, c));

  const hqFormations = new Set(live.filter((u) => isHq(u.id)).map((u) => bundle.units.get(u.id)!.formation ?? ''));
  const units = new Set<string>(hqs.keys());
  // The areas a unit of each formation may trace to, made once per formation (not per unit).
  const everyArea = [...areas.values()];
  const byFormation = new Map<string, Uint8Array[]>();
  const areasFor = (f: string): Uint8Array[] => {
    let a = byFormation.get(f);
    if (!a) {
      // Independent, assets, or no formation HQ on the map: any friendly formation HQ.
      a = hqFormations.has(f) && !leg.assetFormations.includes(f) ? [...areas].filter(([id]) => bundle.units.get(id)!.formation === f).map(([, x]) => x) : everyArea;
      byFormation.set(f, a);
    }
    return a;
  };
  for (const u of live) {
    if (isHq(u.id)) continue;
    const h = u.hex!;
    const ok = areasFor(bundle.units.get(u.id)!.formation ?? '').some((a) => a[h] !== NONE8) || hexAreas.some((a) => a[h] !== NONE8);
    if (ok) units.add(u.id);
  }
  for (const a of outs) giveArea(a);
  return { units, hqs };
}
