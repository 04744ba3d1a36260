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
 * The HQ → unit path is a GOSS 15.2.1 path (goss-core.md §15, reconstructed from GOSS 2020: AW 4.0
 * asks for v17): counted in MP like movement but without the adjacent-enemy surcharge or a night cost;
 * no enemy-occupied hex; it may enter a movement-halt hex but not go on from it; at most two of its
 * hexes adjacent to an enemy unit (reconstructed: the hexes entered, the unit's own included, the HQ's
 * not — that hex belongs to the DZ → HQ leg). A Mech unit needs a Mech path (GOSS 15.2.3), a Leg unit
 * a Leg one; a Mech path may mix road and off-road steps (the cheaper of the two per step).
 */
import { HEX_COUNT, NEIGHBOURS, distance, formatHex, type HexId } from '../../hex';
import type { GameState, Rejection, ScenarioBundle } from '../../types';
import { F_ENEMY_ADJ, groundNow, haltAt, sideView, stepCost, type MoverCtx, type SideView } from '../movement-search';
import { tecOf } from '../terrain';
import { isHq } from '../unit-traits';
import { moveClassOf } from '../motorised';
import { placedBridgeSides, downBridgeSides } from '../placedBridges';
import { BoxedCache } from '../../boxCache';
import { unitIndex } from '../unitIndex';
import { unitOf } from '../../unitTable';
import { gameTime } from '../../sequence';
import { AIRBORNE, airborneData, airborneState } from './state';
import { inStage } from './afterStage';
import { divisionOfUnit, divisionOnHand, primaryDz } from './dzSupply';
import { moduleOn } from '../extensions';

/** AW 15.0: the HQ → unit path, in MP (the search counts half MPs). */
export const AB_PATH_MP = 6;
/** GOSS 15.2.1: at most this many path hexes adjacent to an enemy unit. */
export const AB_PATH_ENEMY_ADJ = 2;
/** AW 15.0: the HQ stays within this many hexes of its primary DZ. */
export const AB_HQ_FROM_DZ = 1;

/**
 * Is the AW 15.0 airborne supply in force now: after the Airborne Assault Stage (the stage traces no
 * supply) and before the DZs leave the map with the first corps HQ (the display's `dzsUntil`)?
 */
export function dzSupplyInForce(s: GameState, bundle: ScenarioBundle): boolean {
  if (!moduleOn(bundle, AIRBORNE) || inStage(s)) return false;
  const a = airborneState(s);
  if (!a.dropDate) return false;
  const until = airborneData(bundle).display.dzsUntil;
  if (!until) return true;
  const t = gameTime(bundle.scenario, bundle.sequence, s.pos.turn);
  const tod = bundle.sequence.timesOfDay as readonly string[];
  return t.date < until.date || (t.date === until.date && tod.indexOf(t.time) < tod.indexOf(until.time));
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
    for (const u of unitIndex(s).live) {
      if (u.side !== 'allied' || u.hex === null || u.id === hq.id || divisionOfUnit(s, bundle, u.id) !== division) continue;
      // GOSS 15.2.3: a Mech unit needs a Mech path (a FoW counter is Leg, AW 41.3.3).
      const def = bundle.units.get(u.id);
      const isMech = def !== undefined && moveClassOf(def, u) === 'mech';
      const cost = isMech ? (mech ??= pathCosts(s, bundle, hq.id, false)) : (leg ??= pathCosts(s, bundle, hq.id, true));
      if (cost[u.hex] >= 0) out.add(u.id);
    }
  }
  byDiv.set(division, out);
  return out;
}

/** The `Extension.genS` answer: the unit's airborne GenS while AW 15.0 is in force, null for units it does not govern. */
export function abGenS(s: GameState, bundle: ScenarioBundle, unitId: string): boolean | null {
  if (!dzSupplyInForce(s, bundle)) return null;
  const u = unitOf(s, unitId);
  if (!u || u.side !== 'allied') return null;
  const division = divisionOfUnit(s, bundle, unitId);
  if (!division || !airborneData(bundle).special.divisions.includes(division)) return null;
  return divisionGenS(s, bundle, division).has(unitId);
}

/**
 * AW 15.0 "Airborne HQ must remain within one hex of their assigned primary DZ": the HQ's entry filter.
 * An HQ already farther (its new primary DZ chosen elsewhere) may move only toward it (reconstructed).
 */
export function hqMayEnter(s: GameState, bundle: ScenarioBundle, unitId: string): ((h: HexId) => Rejection | null) | null {
  if (!dzSupplyInForce(s, bundle)) return null;
  const def = bundle.units.get(unitId);
  if (!def || !isHq(def) || def.side !== 'allied' || !airborneData(bundle).special.divisions.includes(def.formation ?? '')) return null;
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

// ---- the GOSS 15.2.1 path -------------------------------------------------------------------------

let best = new Int16Array(0);

/**
 * The least GOSS 15.2.1 path cost ×2 (half MPs) from the HQ's hex to each hex within AB_PATH_MP, −1
 * beyond: Dial's algorithm over (hex, enemy-adjacent hexes so far, at most `maxAdj`) with a bucket per
 * half MP. A fresh array per call (the caller keeps it for its units); the label buffer is shared.
 */
export function pathCosts(s: GameState, bundle: ScenarioBundle, hqId: string, leg: boolean, maxAdj = AB_PATH_ENEMY_ADJ): Int16Array {
  const hq = unitOf(s, hqId);
  const from = hq.hex!;
  const LAYERS = maxAdj + 1;
  if (best.length < HEX_COUNT * LAYERS) best = new Int16Array(HEX_COUNT * LAYERS);
  best.fill(-1, 0, HEX_COUNT * LAYERS);
  const res = new Int16Array(HEX_COUNT).fill(-1);
  const view = sideView(s, bundle, 'allied');
  const ctxs = contexts(s, bundle, view, hqId, leg);
  const adjFlags = view.flags;
  const limit = 2 * AB_PATH_MP;
  const buckets: number[][] = Array.from({ length: limit + 1 }, () => []);
  best[from * LAYERS] = 0;
  buckets[0].push(from * LAYERS);
  const nb = NEIGHBOURS;
  for (let c = 0; c <= limit; c++) {
    const q = buckets[c];
    for (let i = 0; i < q.length; i++) {
      const st = q[i];
      if (best[st] !== c) continue;
      const h = (st / LAYERS) | 0;
      const adj = st % LAYERS;
      if (res[h] === -1 || c < res[h]) res[h] = c;
      // GOSS 15.2.1: a path may enter a halt hex but not go on from it.
      if (h !== from && haltAt(ctxs[0], h, h) !== null) continue;
      for (let d = 0; d < 6; d++) {
        const n = nb[h * 6 + d];
        if (n < 0) continue;
        let step = -1;
        for (const ctx of ctxs) { const v = stepCost(ctx, h, n); if (v >= 0 && (step < 0 || v < step)) step = v; }
        if (step < 0) continue;
        const a = adj + ((adjFlags[n] & F_ENEMY_ADJ) ? 1 : 0);
        if (a > maxAdj) continue;
        const total = c + step;
        if (total > limit) continue;
        const ns = n * LAYERS + a;
        if (best[ns] !== -1 && best[ns] <= total) continue;
        best[ns] = total;
        buckets[total].push(ns);
      }
    }
  }
  return res;
}

/** Movement contexts for a supply path: no entry filter or supply restriction, no adjacent-enemy surcharge, no friendly-occupied road cost. */
function contexts(s: GameState, bundle: ScenarioBundle, view: SideView, hqId: string, leg: boolean): MoverCtx[] {
  // The surcharge is the only use stepCost makes of F_ENEMY_ADJ: a copy without that bit (the count of
  // enemy-adjacent hexes reads the real flags).
  const flags = view.flags.slice();
  for (let i = 0; i < flags.length; i++) flags[i] &= ~F_ENEMY_ADJ;
  const pathView: SideView = { ...view, flags, friendly: () => false, noSlide: [] };
  const bridges = placedBridgeSides(s, bundle);
  const blown = downBridgeSides(s, bundle);
  // The HQ as the mover: the steps read neither (only the halts' PA and Mech rules would, and the path moves tactically).
  const base: MoverCtx = {
    state: s, bundle, tec: tecOf(bundle), view: pathView, unit: unitOf(s, hqId), def: bundle.units.get(hqId)!,
    leg, mode: 'tactical', type: 'offroad', commando: false, enter: null, gens: null, observed: null, ground: groundNow(s, bundle).ground,
    bridges: bridges.size ? bridges : undefined, blown: blown.size ? blown : undefined, limits: null,
  };
  // GOSS 15.2.1 Mech path costs: primary road ⅓, secondary ½ (the road movement table), or off-road.
  return leg ? [base] : [{ ...base, type: 'road' }, base];
}
