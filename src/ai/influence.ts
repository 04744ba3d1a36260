/**
 * Influence maps on flat typed arrays indexed by lattice hex id (the engine's own convention):
 * objective value and hold value (static per scenario and side, from data/ai), and per state the
 * enemy threat, friendly strength, enemy defence per hex and the supply distance. Only hexes of the
 * play area are filled; everything else stays 0 (or Infinity for supply).
 */
import { HEX_COUNT, NEIGHBOURS, distance, hexesWithin, type HexId } from '../engine/hex';
import { isLand, sideFeatures } from '../engine/board';
import { hexSet, inPlayArea, csAtt, csDef, defOf, enemyOf, isArtillery, isHq, isLeader, live, stepsLeft } from '../engine/query';
import type { GameState, ScenarioBundle, Side } from '../engine/types';
import type { SidePosture } from './posture';
import { unitIds, unitOf } from '../engine/unitTable';

export interface StaticMaps {
  /** Land hexes of the play area, ascending. */
  area: Int32Array;
  inArea: Uint8Array;
  /** Σ value × 0.8^distance over the side's objectives. */
  objective: Float32Array;
  /** Value of the hex itself when it is in one of the side's objective areas (0 otherwise): ground worth an assault. */
  objHex: Float32Array;
  /** Value of the hex itself when it is in a hold area (0 otherwise). */
  hold: Float32Array;
  /** Σ value × 0.6^distance over the hold areas: where the defence should stand. */
  holdNear: Float32Array;
}

export interface StateMaps {
  /** Enemy attack strength that can reach the hex next turn (adjacent full, 2 hexes half, Mech 3 hexes quarter). */
  threat: Float32Array;
  /** Friendly defence strength in the hex. */
  friendDef: Float32Array;
  friendAtt: Float32Array;
  /** Enemy defence and attack strength in the hex. */
  enemyDef: Float32Array;
  enemyAtt: Float32Array;
  enemySteps: Float32Array;
  /** Hexes (in steps) from the side's supply sources through hexes free of enemy units; enemy-adjacent hexes cost 3. */
  supply: Float32Array;
  /** Hexes to the nearest enemy combat unit (a plain lattice distance, as fire-support range counts it, GOSS 11.4). */
  enemyDist: Int16Array;
}

const staticCache = new WeakMap<ScenarioBundle, Map<string, StaticMaps>>();

/** GOSS 13.4: no assault across a major river hexside without a bridge (and none by Mech units at all). */
export function majorRiverBetween(bundle: ScenarioBundle, a: HexId, b: HexId): { major: boolean; bridge: boolean } {
  const f = sideFeatures(bundle.board, a, b);
  return { major: f.includes('majorRiver'), bridge: f.includes('bridge') };
}

/**
 * Hexes from the seeds in steps; a major-river hexside counts 4 steps (2 on a bridge): the ground on
 * the far bank of the Orne is not "next to" a victory hex that cannot be assaulted from there (GOSS 13.4).
 */
function distanceField(bundle: ScenarioBundle, inArea: Uint8Array, seeds: Iterable<HexId>): Int16Array {
  const d = new Int16Array(HEX_COUNT).fill(-1);
  const q: number[] = [];
  for (const h of seeds) if (h >= 0 && h < HEX_COUNT && d[h] < 0) { d[h] = 0; q.push(h); }
  for (let i = 0; i < q.length; i++) {
    const h = q[i];
    for (let k = 0; k < 6; k++) {
      const n = NEIGHBOURS[h * 6 + k];
      if (n < 0 || !inArea[n]) continue;
      const r = majorRiverBetween(bundle, h, n);
      const c = d[h] + (r.major ? (r.bridge ? 2 : 4) : 1);
      if (d[n] >= 0 && d[n] <= c) continue;
      d[n] = c;
      q.push(n);
    }
  }
  return d;
}

export function staticMaps(bundle: ScenarioBundle, side: Side, posture: SidePosture): StaticMaps {
  let m = staticCache.get(bundle);
  if (!m) staticCache.set(bundle, (m = new Map()));
  const hit = m.get(side);
  if (hit) return hit;
  const inArea = new Uint8Array(HEX_COUNT);
  const list: number[] = [];
  for (const h of bundle.board.hexes) if (isLand(bundle.board, h) && inPlayArea(bundle, h)) { inArea[h] = 1; list.push(h); }
  const objective = new Float32Array(HEX_COUNT);
  const objHex = new Float32Array(HEX_COUNT);
  for (const o of posture.objectives) {
    const set = hexSet(bundle, o.hexes);
    for (const h of set) if (h >= 0 && h < HEX_COUNT) objHex[h] = Math.max(objHex[h], o.value);
    const d = distanceField(bundle, inArea, set);
    for (const h of list) if (d[h] >= 0) objective[h] += o.value * Math.pow(o.decay ?? 0.8, d[h]);
  }
  const hold = new Float32Array(HEX_COUNT);
  const holdNear = new Float32Array(HEX_COUNT);
  for (const o of posture.hold) {
    const set = hexSet(bundle, o.hexes);
    for (const h of set) if (h >= 0 && h < HEX_COUNT) hold[h] = Math.max(hold[h], o.value);
    const d = distanceField(bundle, inArea, set);
    for (const h of list) if (d[h] >= 0) holdNear[h] += o.value * Math.pow(o.decay ?? 0.6, d[h]);
  }
  const out = { area: Int32Array.from(list), inArea, objective, objHex, hold, holdNear };
  m.set(side, out);
  return out;
}

/** Combat units only: artillery, HQs and leaders neither hold ground nor threaten it in a GA. */
export function isManoeuvre(bundle: ScenarioBundle, id: string): boolean {
  const d = defOf(bundle, id);
  return !isArtillery(d) && !isHq(d) && !isLeader(d);
}

export function stateMaps(state: GameState, bundle: ScenarioBundle, side: Side, st: StaticMaps, posture: SidePosture): StateMaps {
  // Read once: under vite's SSR loader (the bench, the tests) every read of an imported binding is a
  // getter call through the re-exports, and the searches below read NEIGHBOURS ~10^5 times per state.
  const NB = NEIGHBOURS;
  const within = hexesWithin;
  const dist = distance;
  const threat = new Float32Array(HEX_COUNT);
  const friendDef = new Float32Array(HEX_COUNT);
  const friendAtt = new Float32Array(HEX_COUNT);
  const enemyDef = new Float32Array(HEX_COUNT);
  const enemyAtt = new Float32Array(HEX_COUNT);
  const enemySteps = new Float32Array(HEX_COUNT);
  const enemy = enemyOf(side);
  for (const id of unitIds(state)) {
    const u = unitOf(state, id);
    if (!live(u)) continue;
    const d = defOf(bundle, id);
    if (u.side === side) {
      friendDef[u.hex!] += csDef(d, u);
      if (isManoeuvre(bundle, id)) friendAtt[u.hex!] += csAtt(d, u);
      continue;
    }
    enemyDef[u.hex!] += csDef(d, u);
    enemySteps[u.hex!] += stepsLeft(d, u);
    if (!isManoeuvre(bundle, id)) continue;
    const a = csAtt(d, u);
    enemyAtt[u.hex!] += a;
    const r = d.moveClass === 'mech' ? 3 : 2;
    for (const h of within(u.hex!, r)) {
      if (!st.inArea[h]) continue;
      const k = dist(u.hex!, h);
      threat[h] += k <= 1 ? a : k === 2 ? a * 0.5 : a * 0.25;
    }
  }
  void enemy;
  const enemyDist = new Int16Array(HEX_COUNT).fill(999);
  {
    const q: number[] = [];
    for (const h of st.area) if (enemySteps[h] > 0) { enemyDist[h] = 0; q.push(h); }
    for (let i = 0; i < q.length; i++) {
      const h = q[i];
      for (let k = 0; k < 6; k++) {
        const n = NB[h * 6 + k];
        if (n < 0 || enemyDist[n] <= enemyDist[h] + 1) continue;
        enemyDist[n] = enemyDist[h] + 1;
        q.push(n);
      }
    }
  }
  // Supply: 0-1-3 weighted BFS (Dial's buckets are overkill at this size; a deque-free relaxation suffices).
  const supply = new Float32Array(HEX_COUNT).fill(Infinity);
  if (posture.supplyFrom) {
    const src = hexSet(bundle, posture.supplyFrom);
    const enemyHex = new Uint8Array(HEX_COUNT);
    const enemyAdj = new Uint8Array(HEX_COUNT);
    for (const h of st.area) if (enemyDef[h] > 0 || enemySteps[h] > 0) {
      enemyHex[h] = 1;
      for (let k = 0; k < 6; k++) { const n = NB[h * 6 + k]; if (n >= 0) enemyAdj[n] = 1; }
    }
    const q: number[] = [];
    for (const h of src) if (h >= 0 && st.inArea[h] && !enemyHex[h]) { supply[h] = enemyAdj[h] ? 3 : 0; q.push(h); }
    for (let i = 0; i < q.length; i++) {
      const h = q[i];
      for (let k = 0; k < 6; k++) {
        const n = NB[h * 6 + k];
        if (n < 0 || !st.inArea[n] || enemyHex[n]) continue;
        const c = supply[h] + (enemyAdj[n] ? 3 : 1);
        if (c < supply[n]) { supply[n] = c; q.push(n); }
      }
    }
  } else for (const h of st.area) supply[h] = 0;
  return { threat, friendDef, friendAtt, enemyDef, enemyAtt, enemySteps, supply, enemyDist };
}
