/**
 * Naval gunfire by ship (scenario.special.naval, AW 33.3.0 and 34.3.0, on top of AW 31.9.3): the
 * firer names the ships of a mission (`fireMission.ships`). Each ship gives its points (the scenario's,
 * else its type's in data/tables/naval.json: GOSS 11.4 BB 8, CA 6, CL 5, DD 4); AW 31.9.3 still holds:
 * AM/PM only, a mission observed by a unit in PA mode or in an ET-2/3, at most 8 naval points per mission.
 *   - AW 33.3.0 (Epsom): only one naval unit per mission; each available once each GD (AM or PM);
 *     any target within five hexes of C3620. The AW 11.9.0 ammunition check (ADV 4, a failure bars the
 *     ship for the rest of the GD) cannot change anything when a ship fires once per GD, so it is not rolled.
 *   - AW 34.3.0 (Cherbourg): each ship available in each AM and PM GT, no ammunition roll, range (by
 *     type) from any full sea hex. The WN/StP suppression (a ship allocated to a WN or StP silences its
 *     guns for the GT) is the `suppressWnStp` action of fortifications.ts.
 * Use is kept in `state.combat.naval` under `ship:<id>` (the GT it fired in).
 */
import type { Draft } from 'immer';
import { distance, formatHex, hexesWithin, tryParseHexRef, type HexId } from '../hex';
import { terrainOf } from '../board';
import { turnTime } from '../sequence';
import type { GameState, ScenarioBundle, Side } from '../types';
import { special } from './scenarioArea';
import { navalTable } from './combatTables';
import { combatOf } from './combatState';
import { anyModuleShips, moduleShips, type ShipDef } from './extensions';
import { weatherNow } from './weather';

export type Ship = ShipDef;
export interface ShipSource {
  ship: string; points: number; why: string; case: string;
  /** AW 11.9.0: the ship's ammunition check after the mission. */
  adv?: number;
  /** GOSS 11.4: the ship fires a volley of its own, with these DRMs on top of the mission's. */
  volley?: { drm: number; why: string[] };
}
export type NavalResult = { ok: true; sources: ShipSource[] } | { ok: false; code: string; message: string; case: string };

const caseOf = (s: Ship) => s.case ?? (s.available === 'eachAmPm' ? 'AW 34.3.0' : 'AW 33.3.0');
const seaCache = new WeakMap<object, Set<HexId>>();

function seaHexes(bundle: ScenarioBundle): Set<HexId> {
  let s = seaCache.get(bundle.board);
  if (!s) { s = new Set(Array.from(bundle.board.hexes).filter((h) => terrainOf(bundle.board, h) === 'sea')); seaCache.set(bundle.board, s); }
  return s;
}

/** Does the scenario give naval gunfire by ship (special.naval, or a module's rolled naval units, AW 11.9.0)? */
export function hasShips(bundle: ScenarioBundle): boolean {
  return !!special(bundle).naval?.ships.length || anyModuleShips(bundle);
}

/** The naval units the Allied side has now: a module's (AW 11.9.0, rolled each game day), else the scenario's. */
export function shipsOf(state: GameState, bundle: ScenarioBundle): readonly Ship[] {
  return moduleShips(state, bundle) ?? special(bundle).naval?.ships ?? [];
}

/** A ship's FS points and range now (scenario value, else the type's row of data/tables/naval.json). */
export function shipStats(bundle: ScenarioBundle, s: Ship): { points: number; range: number | null; source: string } {
  const row = navalTable(bundle).ships[s.kind];
  return { points: s.points ?? row?.points ?? 0, range: 'fromSea' in s.range ? row?.range ?? 0 : null, source: s.points !== undefined ? s.source : row?.source ?? s.source };
}

/** Null when the ship may fire in the current GT; else why not (AW 33.3.0 once per GD, AW 34.3.0 each AM/PM GT). */
function usedAlready(state: GameState, bundle: ScenarioBundle, s: Ship): string | null {
  const rec = state.combat?.naval[`ship:${s.id}`] as { turn: number; used: number; depleted?: string } | undefined;
  if (!rec) return null;
  if (rec.depleted && rec.depleted === turnTime(bundle.scenario, bundle.sequence, state.pos.turn).date) return 'failed its ammunition check: not again this GD (AW 11.9.0)';
  if (s.available === 'eachAmPm') return rec.turn === state.pos.turn ? 'has fired this GT (each naval unit is available once in each AM and PM GT)' : null;
  const then = turnTime(bundle.scenario, bundle.sequence, rec.turn);
  const now = turnTime(bundle.scenario, bundle.sequence, state.pos.turn);
  return then.date === now.date ? `has fired this GD (in the ${then.time} GT; each naval unit is available once each GD)` : null;
}

/**
 * The ships' contribution to a mission on `target`, or the case that forbids it. `observedPaEt`: the
 * mission is observed by a unit in PA mode or in an ET-2/3 (AW 31.9.3). Rolls nothing.
 */
export function navalPlan(state: GameState, bundle: ScenarioBundle, side: Side, ids: string[], target: HexId, day: boolean, level: 'unobserved' | 'observed' | 'observedPaEt', maxPerMission: number, spotter?: string): NavalResult {
  const ships = shipsOf(state, bundle);
  const nr = { ships, onePerMission: special(bundle).naval?.onePerMission ?? false };
  const fail = (code: string, message: string, c: string): NavalResult => ({ ok: false, code, message, case: c });
  if (side !== 'allied') return fail('naval-none', 'only the Allied side has naval units', 'AW 11.9.0');
  if (new Set(ids).size !== ids.length) return fail('naval-twice', 'a ship is named twice', 'AW 31.9.3');
  if (nr.onePerMission && ids.length > 1) return fail('naval-one', 'only one naval unit may take part in a single FS mission', 'AW 33.3.0');
  if (!day) return fail('naval-night', 'naval points are available in AM and PM GTs only', 'AW 31.9.3');
  const named = ids.map((id) => nr.ships.find((x) => x.id === id));
  const ngs = named.length > 0 && named.every((x) => x?.ngs) ? named[0]!.ngs! : null;
  if (ngs) {
    // GOSS 11.2.4: the ships a mission may carry by its capacity (observation), within one listed set.
    const key = level === 'observedPaEt' ? 'observedPaOrEt' : level;
    const sets = ngs.capacity[key];
    const fits = sets.some((set) => { const left = [...set]; return named.every((x) => { const i = left.indexOf(x!.kind); if (i < 0) return false; left.splice(i, 1); return true; }); });
    if (!fits) {
      const words = sets.length ? sets.map((set) => set.join(' + ')).join(', or ') : 'none';
      return fail('naval-capacity', `a${level === 'unobserved' ? 'n unobserved' : level === 'observed' ? 'n observed' : ' PA/ET-observed'} mission carries at most ${words}`, 'GOSS 11.2.4');
    }
  } else if (level !== 'observedPaEt') return fail('naval-observer', 'naval points need a mission observed by a unit in PA mode or in an ET-2/3', 'AW 31.9.3');
  const out: ShipSource[] = [];
  for (const id of ids) {
    const s = nr.ships.find((x) => x.id === id);
    if (!s) return fail('no-such-ship', nr.ships.length ? `there is no naval unit "${id}" now (${nr.ships.map((x) => x.id).join(', ')})` : `there is no naval unit "${id}": none is available now`, nr.ships[0] ? caseOf(nr.ships[0]) : 'AW 11.9.0');
    // AW 11.9.1: each task force supports only its own nationality's forces (the spotter's).
    const nat = spotter ? bundle.units.get(spotter)?.nationality : undefined;
    if (s.taskForce && (!nat || !s.taskForce.supports.includes(nat))) return fail('naval-task-force', `${s.kind} ${s.id} of the ${s.taskForce.name} supports only ${s.taskForce.supports.join(', ')} units${nat ? `, not a ${nat} spotter` : ''}`, 'AW 11.9.1');
    const used = usedAlready(state, bundle, s);
    if (used) return fail('ship-used', `${s.kind} ${s.id} ${used}`, caseOf(s));
    const st = shipStats(bundle, s);
    if ('within' in s.range) {
      const r = tryParseHexRef(s.range.of);
      const of = 'error' in r ? null : r.hex;
      if (of === null || distance(of, target) > s.range.within) return fail('naval-range', `${formatHex(target)} is not within ${s.range.within} hexes of ${s.range.of}`, caseOf(s));
    } else {
      const sea = seaHexes(bundle);
      if (!hexesWithin(target, st.range!).some((h) => sea.has(h))) return fail('naval-range', `${formatHex(target)} is more than ${st.range} hexes (${s.kind} range) from any full sea hex`, 'AW 34.3.0, AW 11.9.1');
    }
    let volley: ShipSource['volley'];
    if (s.ngs) {
      // GOSS 11.5 group E: BB or MN +1; the NGS weather at the target.
      const why: string[] = [];
      let drm = 0;
      if (s.ngs.kindDrm) { drm += s.ngs.kindDrm; why.push(`${s.kind} ${s.ngs.kindDrm > 0 ? '+' : ''}${s.ngs.kindDrm}`); }
      const w = weatherNow(state, bundle, target);
      const wx = s.ngs.weather.find((x) => x.atmosphere === w.atmosphere && x.rain === (w.rain === true));
      if (wx) { drm += wx.drm; why.push(`${w.atmosphere}${wx.rain ? ' with rain' : ''} ${wx.drm}`); }
      volley = { drm, why };
    }
    out.push({ ship: s.id, points: st.points, why: `${s.kind} ${s.id}: ${st.points} points`, case: caseOf(s), ...(s.adv !== undefined ? { adv: s.adv } : {}), ...(volley ? { volley } : {}) });
  }
  const total = out.reduce((n, x) => n + x.points, 0);
  if (!ngs && total > maxPerMission) return fail('naval-max', `${total} naval points: at most ${maxPerMission} per mission`, 'AW 31.9.3');
  return { ok: true, sources: out };
}

/** Records that the ships fired in the current GT, with the points each gave; `depleted`: the game day a ship failed its ammunition check (AW 11.9.0). */
export function recordShips(d: Draft<GameState>, ships: { id: string; points: number; depleted?: string }[]): void {
  const c = combatOf(d);
  for (const s of ships) c.naval[`ship:${s.id}`] = { turn: d.pos.turn, used: s.points, ...(s.depleted ? { depleted: s.depleted } : {}) };
}
