/**
 * AW 15.0 (seed L2713–2731, L3132–3137; the supply chart L23664–23666): from the drop until the first
 * Allied corps HQ arrives (June 10, the display's `dzsUntil`) an airborne division traces GenS from its
 * primary DZ (dzSupply.ts `primaryDz`), apart from the seaborne chain:
 *  - primary DZ → the division's HQ: one hex (the HQ on or next to the DZ);
 *  - the HQ → its units: at most 6 Leg or 6 Mech MP; extended paths may not be used;
 *  - "Airborne HQ must remain within one hex of their assigned primary DZ" (`hqMayEnter`).
 * A division whose primary DZ was removed is on-hand for the rest of that game day (dzSupply.ts), so
 * none of its units traces until a new primary DZ is chosen.
 *
 * The HQ → unit path is a GOSS 15.2.1 path of 6 MP (supplyPathMp.ts): Leg for Leg units and FoW
 * counters, Mech for Mech units (GOSS 15.2.3); the enemy-adjacent hexes it counts are the ones entered,
 * the unit's own included and the HQ's not (reconstructed: the HQ's hex belongs to the DZ → HQ leg).
 * A unit in GenS passes it to adjacent units of the division once (GOSS 15.2.3, `passedOn`).
 */
import { distance, formatHex, type HexId } from '../../hex';
import type { GameState, Rejection, ScenarioBundle, UnitState } from '../../types';
import { isHq } from '../unit-traits';
import { moveClassOf } from '../motorised';
import { BoxedCache } from '../../boxCache';
import { unitIndex } from '../unitIndex';
import { unitOf } from '../../unitTable';
import { gameTime } from '../../sequence';
import { AIRBORNE, airborneData, airborneState } from './state';
import { beforeDzsUntil, inStage } from './afterStage';
import { divisionOfUnit, divisionOnHand, primaryDz } from './dzSupply';
import { moduleOn } from '../extensions';
import { PATH_ENEMY_ADJACENT, passedOn, supplyPathCosts } from '../supplyPathMp';

/** AW 15.0: the HQ → unit path, in MP (the search counts half MPs). */
export const AB_PATH_MP = 6;
/** AW 15.0: the HQ stays within this many hexes of its primary DZ. */
export const AB_HQ_FROM_DZ = 1;

/**
 * Is the AW 15.0 airborne supply in force now: after the drop (the Airborne Assault Stage played, or a
 * scenario that starts with DZs on the map; the stage itself traces no supply) and before the DZs leave
 * the map with the first corps HQ (the display's `dzsUntil`)?
 */
export function dzSupplyInForce(s: GameState, bundle: ScenarioBundle): boolean {
  if (!moduleOn(bundle, AIRBORNE) || inStage(s)) return false;
  const a = airborneState(s);
  if (!a.dropDate && !Object.values(a.dzs).some((z) => z.hex !== null)) return false;
  return beforeDzsUntil(bundle, gameTime(bundle.scenario, bundle.sequence, s.pos.turn));
}

const hqs = new WeakMap<ScenarioBundle, Map<string, string | null>>();
/** The division's HQ counter (its one HQ of the division's formation), or null. */
export function divisionHq(bundle: ScenarioBundle, division: string): string | null {
  let m = hqs.get(bundle);
  if (!m) hqs.set(bundle, (m = new Map()));
  if (!m.has(division)) {
    let id: string | null = null;
    for (const d of bundle.units.values()) if (isHq(d) && d.formation === division && d.side === 'allied') { id = d.id; break; }
    m.set(division, id);
  }
  return m.get(division)!;
}

/** Is the division's HQ a source now: not an on-hand day, a primary DZ on the map, the HQ on the map within one hex of it? */
function hqIsSource(s: GameState, bundle: ScenarioBundle, division: string): boolean {
  if (divisionOnHand(s, bundle, division)) return false;
  const dz = primaryDz(s, division);
  const hqId = divisionHq(bundle, division);
  const hq = hqId ? unitOf(s, hqId) : undefined;
  if (!dz || !hq || hq.eliminated || hq.hex === null) return false;
  return distance(hq.hex, airborneState(s).dzs[dz].hex!) <= AB_HQ_FROM_DZ;
}

const traces = new BoxedCache<object, Map<string, ReadonlySet<string>>>('abGenS');

/**
 * AW 15.0: the units of `division` that trace GenS now (its HQ included): empty when the division has
 * no source (on-hand day, no primary DZ, HQ off the map or more than one hex from the DZ). Cached per
 * frozen state.
 */
export function divisionGenS(s: GameState, bundle: ScenarioBundle, division: string): ReadonlySet<string> {
  let byDiv = traces.get(s);
  if (!byDiv) traces.set(s, (byDiv = new Map()));
  const hit = byDiv.get(division);
  if (hit) return hit;
  const out = new Set<string>();
  if (hqIsSource(s, bundle, division)) {
    const hq = unitOf(s, divisionHq(bundle, division)!);
    out.add(hq.id);
    let leg: Int16Array | null = null;
    let mech: Int16Array | null = null;
    const path = (legPath: boolean) => supplyPathCosts(s, bundle, hq.id, { leg: legPath, mp: AB_PATH_MP, maxEnemyAdjacent: PATH_ENEMY_ADJACENT });
    const traced: UnitState[] = [hq];
    const cut: UnitState[] = [];
    for (const u of unitIndex(s).live) {
      if (u.side !== 'allied' || u.hex === null || u.id === hq.id || divisionOfUnit(s, bundle, u.id) !== division) continue;
      // GOSS 15.2.3: a Mech unit needs a Mech path (a FoW counter is Leg, AW 41.3.3).
      const def = bundle.units.get(u.id);
      const isMech = def !== undefined && moveClassOf(def, u) === 'mech';
      const cost = isMech ? (mech ??= path(false)) : (leg ??= path(true));
      if (cost[u.hex] >= 0) { out.add(u.id); traced.push(u); } else cut.push(u);
    }
    // GOSS 15.2.3: the units in GenS pass it to adjacent units of the division (one HQ), once.
    for (const id of passedOn(s, bundle, traced, cut)) out.add(id);
  }
  byDiv.set(division, out);
  return out;
}

/** The `Extension.genS` answer: the unit's airborne GenS while AW 15.0 is in force, null for units it does not govern. */
export function abGenS(s: GameState, bundle: ScenarioBundle, unitId: string): boolean | null {
  const u = unitOf(s, unitId);
  if (!u || u.side !== 'allied') return null;
  const division = divisionOfUnit(s, bundle, unitId);
  if (!division || !airborneData(bundle).special.divisions.includes(division) || !dzSupplyInForce(s, bundle)) return null;
  return divisionGenS(s, bundle, division).has(unitId);
}

/** A path "of any length" (GOSS 15.7.0): longer than any path on the map. */
const ANY_LENGTH_MP = 999;

/**
 * The `Extension.genSAnyLength` answer (GOSS 15.7.0 isolation): while AW 15.0 governs the unit, a path
 * of any length from its division's HQ (which stays within a hex of the primary DZ), with the AW 15.0
 * path's other limits; false when the HQ is not on the map. Null for units AW 15.0 does not govern.
 */
export function abGenSAnyLength(s: GameState, bundle: ScenarioBundle, unitId: string): boolean | null {
  const inGenS = abGenS(s, bundle, unitId);
  if (inGenS !== false) return inGenS;
  const u = unitOf(s, unitId);
  const hqId = divisionHq(bundle, divisionOfUnit(s, bundle, unitId)!);
  const hq = hqId ? unitOf(s, hqId) : undefined;
  if (!hq || hq.hex === null || hq.eliminated || u.hex === null) return false;
  const def = bundle.units.get(unitId);
  const leg = !(def !== undefined && moveClassOf(def, u) === 'mech');
  // One search per HQ and kind of path, for all of the division's cut units (isolation asks per unit).
  let byHq = anyTraces.get(s);
  if (!byHq) anyTraces.set(s, (byHq = new Map()));
  const key = `${hq.id}|${leg ? 'leg' : 'mech'}`;
  let cost = byHq.get(key);
  if (!cost) byHq.set(key, (cost = supplyPathCosts(s, bundle, hq.id, { leg, mp: ANY_LENGTH_MP, maxEnemyAdjacent: PATH_ENEMY_ADJACENT })));
  return cost[u.hex] >= 0;
}

const anyTraces = new BoxedCache<object, Map<string, Int16Array>>('abGenSAny');

/**
 * AW 15.0 "Airborne HQ must remain within one hex of their assigned primary DZ": the HQ's entry filter.
 * An HQ already farther (its new primary DZ chosen elsewhere) may not move farther from it (reconstructed).
 */
export function hqMayEnter(s: GameState, bundle: ScenarioBundle, unitId: string): ((h: HexId) => Rejection | null) | null {
  // Every unit's move asks (enterFilters): the counter first, the game time only for an AB Div HQ.
  const def = bundle.units.get(unitId);
  if (!def || !isHq(def) || def.side !== 'allied' || !airborneData(bundle).special.divisions.includes(def.formation ?? '') || !dzSupplyInForce(s, bundle)) return null;
  const u = unitOf(s, unitId);
  const dz = primaryDz(s, def.formation!);
  if (!u || u.hex === null || !dz) return null;
  const z = airborneState(s).dzs[dz];
  const dzHex = z.hex!;
  const limit = Math.max(AB_HQ_FROM_DZ, distance(u.hex, dzHex));
  return (h) => distance(h, dzHex) > limit
    ? { code: 'ab-hq-from-dz', message: `${def.designation} must stay within ${AB_HQ_FROM_DZ} hex of its primary DZ ${z.letter} (${formatHex(dzHex)}): ${formatHex(h)} is ${distance(h, dzHex)} hexes away`, case: 'AW 15.0' }
    : null;
}
