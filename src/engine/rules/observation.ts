/**
 * Observation (GOSS 8, AW 1.2.7a, 1.2.8, 31.6, 31.9): line of sight, LOS range, covering terrain as
 * seen by one observer, who observes whom, and how well an FS mission against a hex is observed.
 * Pure functions for the fire-support rules and the UI; nothing here changes state.
 */
import { unitIndex } from './unitIndex';
import { HEX_COUNT, colOf, rowOf, distance, fromCube, hexAt, toCube, type HexId } from '../hex/lattice';
import { TERRAIN } from '../../data/schemas/map';
import { NO_TERRAIN } from '../board';
import type { GameState, ScenarioBundle, Side } from '../types';
import { tecOf, COVER_MCT, COVER_OCT, COVER_OPEN } from './terrain';
import { isNight } from './movement-search';
import { MARKER, hasMarker, isArtilleryGroup, isZStep } from './unit-traits';
import { unitOf } from '../unitTable';

export type Atmosphere = 'clear' | 'POvr' | 'Ovr' | 'storm' | 'fog' | 'snow';

export interface ObserveOptions {
  /** The target units are moving (e.g. Exploit movers, GOSS 5.3.4c): OCT no longer hides them from adjacent or elevated observers. */
  targetMoving?: boolean;
  /** Weather; the introductory engine has no weather state yet, so the default is clear. */
  atmosphere?: Atmosphere;
}

export interface Observation {
  ok: boolean;
  /** Why (not): shown by the UI next to the FS preview. */
  reason: string;
  case: string;
}

const VP_LOS = 3;
const isTownOrCity = (t: string) => t === 'town' || t === 'city';

function terrainName(bundle: ScenarioBundle, h: HexId): string {
  const t = bundle.board.terrain[h];
  return t === NO_TERRAIN ? '' : TERRAIN[t];
}

/** Vantage point (GOSS 8.1.2: LOS 3) or high vantage point (AW 1.2.8: printed LOS above 3). */
function vantageOf(bundle: ScenarioBundle, h: HexId): { vp: boolean; hvp: boolean; los: number } {
  const los = bundle.board.vantage.get(h);
  if (los === undefined) return { vp: false, hvp: false, los: 0 };
  return { vp: true, hvp: los > VP_LOS, los };
}

/** LOS range of an observer in hex `h` (GOSS 8.1.2; AW 1.2.8; AW 31.6 night max 1), before the rough-terrain reduction. */
export function losRange(state: GameState, bundle: ScenarioBundle, h: HexId, opts: ObserveOptions = {}): number {
  const v = vantageOf(bundle, h);
  let r = 1;
  if (isTownOrCity(terrainName(bundle, h))) r = 2;
  if (v.vp) r = Math.max(r, v.hvp ? v.los : VP_LOS);
  const atm = opts.atmosphere ?? 'clear';
  if (atm === 'Ovr') r = Math.min(r, 2);
  if (atm === 'storm' || atm === 'fog' || atm === 'snow') r = 1;
  if (isNight(state, bundle)) r = 1;
  return r;
}

/**
 * The hexes a centre-to-centre line passes through, step by step: at each step one hex, or two
 * when the line runs along their common hexside (GOSS 8.1.1: such a hexside blocks only if both block).
 */
export function losSteps(a: HexId, b: HexId): HexId[][] {
  const n = distance(a, b);
  const [q1, r1] = toCube(colOf(a), rowOf(a));
  const [q2, r2] = toCube(colOf(b), rowOf(b));
  const steps: HexId[][] = [];
  const EPS = 1e-6;
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    const q = q1 + (q2 - q1) * t;
    const r = r1 + (r2 - r1) * t;
    const s = -q - r;
    const p = hexAt(...fromCube(...round(q + EPS, r + EPS, s - 2 * EPS)));
    const m = hexAt(...fromCube(...round(q - EPS, r - EPS, s + 2 * EPS)));
    steps.push(p === m ? [p] : [p, m]);
  }
  return steps;
}

function round(q: number, r: number, s: number): [number, number] {
  let rq = Math.round(q); let rr = Math.round(r); const rs = Math.round(s);
  const dq = Math.abs(rq - q); const dr = Math.abs(rr - r); const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs; else if (dr > ds) rr = -rq - rs;
  return [rq, rr];
}

/**
 * Line of sight from `from` to `to` (GOSS 8.1): towns, cities and vantage hexes between them block;
 * an observer on a vantage point sees past everything but vantage hexes, and only a high vantage
 * point blocks one on a high vantage point. Also says whether the line passes through or into rough.
 */
export function lineOfSight(bundle: ScenarioBundle, from: HexId, to: HexId): { clear: boolean; blockedBy: HexId | null; rough: boolean } {
  const ov = vantageOf(bundle, from);
  const blocks = (h: HexId): boolean => {
    if (h < 0 || h >= HEX_COUNT) return false;
    const v = vantageOf(bundle, h);
    if (ov.hvp) return v.hvp;
    if (ov.vp) return v.vp;
    return v.vp || isTownOrCity(terrainName(bundle, h));
  };
  const steps = losSteps(from, to);
  let rough = false;
  for (let i = 1; i < steps.length; i++) {
    const s = steps[i];
    if (s.some((h) => terrainName(bundle, h) === 'rough')) rough = true;
    if (i === steps.length - 1) break;
    if (s.every(blocks)) return { clear: false, blockedBy: s[0], rough };
  }
  return { clear: true, blockedBy: null, rough };
}

/** Does LOS reach `to` within the observer's range (GOSS 8.1.2: −1 once for rough, minimum 1)? */
export function inLosRange(state: GameState, bundle: ScenarioBundle, from: HexId, to: HexId, opts: ObserveOptions = {}): { ok: boolean; reason: string; case: string } {
  const d = distance(from, to);
  if (d <= 1) return { ok: true, reason: 'adjacent', case: 'GOSS 8.1.2' };
  const los = lineOfSight(bundle, from, to);
  if (!los.clear) return { ok: false, reason: `line of sight blocked by the hex at lattice ${los.blockedBy}`, case: 'GOSS 8.1.1' };
  const range = Math.max(1, losRange(state, bundle, from, opts) - (los.rough ? 1 : 0));
  if (d > range) return { ok: false, reason: `${d} hexes is beyond the observer's LOS range of ${range}${los.rough ? ' (−1 for rough terrain)' : ''}${isNight(state, bundle) ? ' (night: 1)' : ''}`, case: isNight(state, bundle) ? 'AW 31.6' : 'GOSS 8.1.2' };
  return { ok: true, reason: `LOS ${d} of ${range}`, case: 'GOSS 8.1.2' };
}

/**
 * Covering terrain of `target` against one observer (GOSS 8.2): bocage and hedgerow are only OCT
 * against an adjacent vantage-point observer or within half the LOS of a high vantage point (AW
 * 1.2.7a, 1.2.8); at night open counts as OCT and OCT as MCT unless next to the observer side's ET or Fort.
 */
export function coverAgainst(state: GameState, bundle: ScenarioBundle, target: HexId, observerHex: HexId | null, observerSide: Side): number {
  const tec = tecOf(bundle);
  const t0 = bundle.board.terrain[target];
  if (t0 === NO_TERRAIN) return COVER_OPEN;
  // GOSS 7 TEC: a village hex also holds its other terrain (board.moveTerrain); the better cover of the two counts.
  const t1 = bundle.board.moveTerrain[target];
  let c = COVER_OPEN;
  for (const t of t1 === t0 ? [t0] : [t0, t1]) {
    let ct = tec.cover[t];
    const name = TERRAIN[t];
    if (ct === COVER_MCT && (name === 'bocage' || name === 'hedgerow') && observerHex !== null) {
      const v = vantageOf(bundle, observerHex);
      const d = distance(observerHex, target);
      if (v.vp && (d === 1 || (v.hvp && d * 2 <= v.los))) ct = COVER_OCT;
    }
    c = Math.max(c, ct);
  }
  const fw = state.fieldworks[target];
  const fwRow = fw ? tec.raw.fieldworks[fw] : undefined;
  if (fwRow) c = Math.max(c, fwRow.cover === 'MCT' ? COVER_MCT : fwRow.cover === 'OCT' ? COVER_OCT : COVER_OPEN);
  if (isNight(state, bundle) && c < COVER_MCT && !nextToWorksOf(state, bundle, target, observerSide)) c += 1;
  return c;
}

function nextToWorksOf(state: GameState, bundle: ScenarioBundle, h: HexId, side: Side): boolean {
  const tec = tecOf(bundle);
  for (const key in state.fieldworks) {
    const w = Number(key);
    if (distance(w, h) !== 1) continue;
    const row = tec.raw.fieldworks[state.fieldworks[key]];
    if (!row || !row.halt) continue;
    if ((unitIndex(state).byHex.get(w) ?? []).some((u) => u.side === side)) return true;
    if (state.fieldworks[key] === 'Fort' && side === 'german') return true;
  }
  return false;
}

const attackDesignated = (markers: string[]) => markers.includes(MARKER.TA) || markers.includes(MARKER.PA);

function unitsIn(state: GameState, h: HexId, side: Side | null, notSide?: Side) {
  const out = [];
  for (const u of unitIndex(state).byHex.get(h) ?? []) {
    if (side && u.side !== side) continue;
    if (notSide && u.side === notSide) continue;
    out.push(u);
  }
  return out;
}

/**
 * Can unit `observerId` observe hex `targetHex` (GOSS 8.2.3, 8.2; AW 1.2.7a, 1.2.8, 31.6)?
 * The target units are the observer's enemies in that hex.
 */
export function canObserve(state: GameState, bundle: ScenarioBundle, observerId: string, targetHex: HexId, opts: ObserveOptions = {}): Observation {
  const o = unitOf(state, observerId);
  const def = bundle.units.get(observerId);
  if (!o || !def || o.hex === null || o.eliminated) return { ok: false, reason: 'the observer is not on the map', case: 'GOSS 8.0' };
  if (isZStep(def)) return { ok: false, reason: `${def.designation} is a Z-step; Z-steps cannot spot`, case: 'GOSS 4.1.3' };
  if (def.size === 'Leader' || isArtilleryGroup(def)) return { ok: false, reason: `${def.designation} is not a ground unit that can spot`, case: 'GOSS 8.0' };
  // GOSS 15.7.0: isolated units cannot spot (the marker of the standard Supply Determination Segment, rules/isolation.ts).
  if (o.markers.includes('Isolated')) return { ok: false, reason: `${def.designation} is isolated; isolated units cannot spot`, case: 'GOSS 15.7' };
  const d = distance(o.hex, targetHex);
  if (d === 0) return { ok: false, reason: 'the observer is in the target hex', case: 'GOSS 8.0' };
  const targets = unitsIn(state, targetHex, null, o.side);
  const obsAD = attackDesignated(o.markers);
  const tgtAD = targets.some((u) => attackDesignated(u.markers));
  if (d === 1 && (obsAD || tgtAD)) return { ok: true, reason: 'adjacent, and one side is attack designated: always observed', case: 'GOSS 8.2.3' };
  const los = inLosRange(state, bundle, o.hex, targetHex, opts);
  if (!los.ok) return { ok: false, reason: los.reason, case: los.case };
  const cover = coverAgainst(state, bundle, targetHex, o.hex, o.side);
  const t = terrainName(bundle, o.hex);
  const elevated = vantageOf(bundle, o.hex).vp || isTownOrCity(t);
  const moving = !!opts.targetMoving;
  if (cover === COVER_OPEN) return { ok: true, reason: 'target in open terrain within LOS range', case: 'GOSS 8.2.3' };
  if (cover === COVER_OCT) {
    if (d === 1 && moving) return { ok: true, reason: 'adjacent to a moving target in OCT', case: 'GOSS 8.2.2' };
    if (elevated && (moving || tgtAD)) return { ok: true, reason: 'observer on a vantage point, town or city with LOS to a moving or attack-designated target in OCT', case: 'GOSS 8.2.2' };
    return { ok: false, reason: `the target is in observation covering terrain${isNight(state, bundle) ? ' (night: open counts as OCT)' : ''}; it is observed only by an adjacent attack-designated observer, or when it moves or is attack designated`, case: isNight(state, bundle) ? 'AW 31.6' : 'GOSS 8.2.2' };
  }
  if (elevated && tgtAD) return { ok: true, reason: 'observer on a vantage point, town or city with LOS to an attack-designated target in MCT', case: 'GOSS 8.2.1' };
  return { ok: false, reason: `the target is in movement covering terrain${isNight(state, bundle) ? ' (night: OCT counts as MCT)' : ''}; it is observed only by an adjacent attack-designated observer or when attack designated`, case: isNight(state, bundle) ? 'AW 31.6' : 'GOSS 8.2.1' };
}

/** FS missions a unit may observe for in a player turn (AW 31.9: Coy 1, Btn 2). */
export function observerCapacity(bundle: ScenarioBundle, unitId: string): number {
  const def = bundle.units.get(unitId);
  if (!def) return 0;
  if (def.size === 'Bn') return 2;
  if (def.size === 'Co') return 1;
  // reconstructed: an HQ counter is company-sized for AW 31.9; Z-steps, leaders and artillery groups cannot spot.
  if (def.size === 'HQ') return 1;
  return 0;
}

export interface Observer {
  unit: string;
  capacity: number;
  used: number;
  /** In PA mode or in an ET-2/ET-3: lifts the mission cap to 24 and allows naval points (AW 31.9.3, 31.9.4). */
  paOrEt: boolean;
  reason: string;
}

/**
 * Units of `side` that can observe `targetHex` and still have observation capacity. `used` maps unit
 * id → missions it already observed this player turn (kept by the fire-support rules).
 */
export function observersOf(state: GameState, bundle: ScenarioBundle, side: Side, targetHex: HexId, used: Record<string, number> = {}, opts: ObserveOptions = {}): Observer[] {
  const out: Observer[] = [];
  for (const u of unitIndex(state).live) {
    const id = u.id;
    if (u.side !== side || u.hex === null) continue;
    if (distance(u.hex, targetHex) > 9) continue;
    const cap = observerCapacity(bundle, id);
    const n = used[id] ?? 0;
    if (cap - n <= 0) continue;
    const o = canObserve(state, bundle, id, targetHex, opts);
    if (!o.ok) continue;
    const fw = state.fieldworks[u.hex];
    out.push({ unit: id, capacity: cap, used: n, paOrEt: hasMarker(u, MARKER.PA) || fw === 'ET-2' || fw === 'ET-3', reason: o.reason });
  }
  return out.sort((a, b) => Number(b.paOrEt) - Number(a.paOrEt) || a.unit.localeCompare(b.unit));
}

export type MissionObservation = 'unobserved' | 'observed' | 'observedPaEt';

/**
 * How an FS mission of `side` against `targetHex` is observed (AW 31.6, 31.9.4): the cap is 8
 * unobserved, 16 observed, 24 when observed by a unit in PA mode or an ET-2/3. At night every
 * mission is unobserved unless attack-designated units are in the target hex or adjacent to it.
 * Air observation (GOSS 8.3): Allied, by day in clear or partial overcast, a target in open terrain
 * within 6 (POvr 3) hexes of a friendly ground unit not out of supply.
 */
export function missionObservation(state: GameState, bundle: ScenarioBundle, side: Side, targetHex: HexId, used: Record<string, number> = {}, opts: ObserveOptions = {}): { level: MissionObservation; observers: Observer[]; air: boolean; case: string; reason: string } {
  const observers = observersOf(state, bundle, side, targetHex, used, opts);
  const pe = observers.some((o) => o.paOrEt);
  if (isNight(state, bundle)) {
    let ad = unitsIn(state, targetHex, null, side).some((u) => attackDesignated(u.markers));
    if (!ad) for (const u of unitIndex(state).live) {
      if (u.side === side && u.hex !== null && !u.eliminated && distance(u.hex, targetHex) === 1 && attackDesignated(u.markers)) { ad = true; break; }
    }
    if (!ad) return { level: 'unobserved', observers: [], air: false, case: 'AW 31.6', reason: 'night: no attack-designated units in or adjacent to the target hex' };
    return { level: pe ? 'observedPaEt' : 'observed', observers, air: false, case: 'AW 31.6', reason: 'night: attack-designated units in or adjacent to the target hex' };
  }
  if (observers.length) return { level: pe ? 'observedPaEt' : 'observed', observers, air: false, case: pe ? 'AW 31.9.4' : 'GOSS 8.2', reason: `observed by ${observers.map((o) => o.unit).join(', ')}` };
  const air = airObservation(state, bundle, side, targetHex, opts.atmosphere ?? 'clear');
  if (air) return { level: 'observed', observers: [], air: true, case: 'GOSS 8.3', reason: air };
  return { level: 'unobserved', observers: [], air: false, case: 'GOSS 8.2', reason: 'no friendly unit can observe the target hex' };
}

/**
 * GOSS 8.3 air observation: by day, in clear (6 hexes) or partial overcast (3 hexes) weather, an Allied
 * mission against a target in open terrain within that distance of an Allied ground unit that is not
 * out of supply is observed. The reason, or null. (GenS is read as "no OhS or OoS marker", AW 31.11.)
 */
export function airObservation(state: GameState, bundle: ScenarioBundle, side: Side, targetHex: HexId, atm: Atmosphere): string | null {
  if (side !== 'allied' || isNight(state, bundle) || (atm !== 'clear' && atm !== 'POvr')) return null;
  if (coverAgainst(state, bundle, targetHex, null, side) !== COVER_OPEN) return null;
  const r = atm === 'clear' ? 6 : 3;
  for (const u of unitIndex(state).live) {
    if (u.side !== side || u.hex === null || hasMarker(u, MARKER.OOS) || hasMarker(u, MARKER.OHS) || distance(u.hex, targetHex) > r) continue;
    // reconstructed: the "ground unit" is one that could spot (GOSS 8.0): not a leader or an artillery group counter.
    const def = bundle.units.get(u.id);
    if (!def || def.size === 'Leader' || isArtilleryGroup(def)) continue;
    return `air observation (${atm}): target in open terrain within ${r} hexes of ${def.designation}`;
  }
  return null;
}
