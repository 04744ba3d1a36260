/**
 * GOSS 7.12.3b Allied inherent transport, the actions (AW 34.7.0: "Allied divisions do have their
 * inherent TP capability"; the queries are in motorised.ts). In the Movement Segment:
 *
 * - `mount {unit}`: a Leg personnel unit of a division whose HQ is on the map boards that division's
 *   transport, at most `perDivision` units per division at a time. It must be in Tac mode (no PA, CR
 *   or Exploit marker), not fatigued and not out of supply (GOSS 7.12: mounting needs Tac, a GenS path,
 *   no fatigue), and must not have moved or spent MP this phase (reconstructed: GOSS 7.12.0 charges half
 *   the MA; the transport's, so 6 of its 12 MP are gone and 6 are left for this phase).
 * - `dismount {unit}`: a carried unit leaves the transport, having spent at most half the transport's MA
 *   this phase (GOSS 7.12.2 reading). Half its Leg MA is the cost: a unit that has not moved this phase
 *   keeps the other half; one that moved carried ends its move (reconstructed: its Leg MP are spent).
 *
 * The `Mot` marker stays on from phase to phase until the unit dismounts.
 */
import type { Draft } from 'immer';
import type { Action, GameEvent, GameState, Rejection, ScenarioBundle, Side, UnitState } from '../types';
import { reject, type ActionHandler, type RuleModule } from './registry';
import { segmentAt, phasingSide } from '../sequence';
import { hasMarker, isHq, MARKER } from './unit-traits';
import { moveRecordNow } from './movement-search';
import { mayAct } from './extensions';
import { carriedBy, divisionOf, isMotorised, transportRule } from './motorised';
import { mutUnit, unitList, unitOf } from '../unitTable';

const CASE_MOUNT = 'GOSS 7.12.3b';
const no = (code: string, message: string, ruleCase: string): Rejection => ({ code, message, case: ruleCase });

/** Why the side may not use the transport now (segment, scenario), or null. */
function segmentProblem(state: GameState, bundle: ScenarioBundle, side: Side | null, what: string): Rejection | null {
  const r = transportRule(bundle);
  if (!r || r.side !== side) return no('no-transport', `this side has no inherent divisional transport in this scenario`, r?.case ?? CASE_MOUNT);
  if (segmentAt(bundle.sequence, state.pos).segment.id !== 'move' || phasingSide(bundle.scenario, state.pos) !== side) {
    return no('wrong-segment', `units ${what} only in their own Movement Segment`, `${r.case}, GOSS 7.12.0`);
  }
  return null;
}

function common(state: GameState, bundle: ScenarioBundle, u: UnitState | undefined, side: Side | null, what: string): Rejection | null {
  const r = transportRule(bundle);
  const ruleCase = r?.case ?? CASE_MOUNT;
  if (!u) return no('no-such-unit', 'there is no such unit', ruleCase);
  const name = bundle.units.get(u.id)!.designation;
  if (u.side !== side) return no('not-your-unit', `${name} belongs to the other side`, ruleCase);
  if (u.hex === null || u.eliminated) return no('not-on-map', `${name} is not on the map`, ruleCase);
  const s = segmentProblem(state, bundle, side, what);
  if (s) return s;
  return mayAct(state, bundle, u.id, 'move');
}

/** Why the unit may not board its division's transport now, or null (GOSS 7.12.3b, 7.12.0). */
export function mountProblem(state: GameState, bundle: ScenarioBundle, unitId: string, side: Side | null): Rejection | null {
  const u = unitOf(state, unitId);
  const c = common(state, bundle, u, side, 'mount');
  if (c) return c;
  const r = transportRule(bundle)!;
  const def = bundle.units.get(unitId)!;
  const n = def.designation;
  if (isMotorised(u)) return no('already-mounted', `${n} is already carried by its division's transport`, r.case);
  if (def.moveClass !== 'leg' || isHq(def)) return no('not-leg', `only Leg units ride the divisional transport; ${n} is ${isHq(def) ? 'an HQ' : def.moveClass}`, `${r.case}, GOSS 4.3`);
  if (hasMarker(u, MARKER.PA) || hasMarker(u, MARKER.CR) || hasMarker(u, MARKER.EXPLOIT)) return no('not-tactical', `${n} is not in Tac mode (PA, CR or Exploit marker) and may not mount`, 'GOSS 7.12.0, 5.2.1h');
  if (hasMarker(u, MARKER.FATIGUE1) || hasMarker(u, MARKER.FATIGUE2)) return no('fatigued', `${n} is fatigued and may not mount`, 'GOSS 7.12.0');
  if (hasMarker(u, MARKER.OOS)) return no('oos', `${n} is out of supply and may not mount`, 'GOSS 7.12.0');
  if (u.mpSpent !== 0 || moveRecordNow(state, bundle, u)) return no('has-moved', `${n} has moved or spent MP this phase; a unit mounts before it moves (half the transport's MA)`, `${r.case}, GOSS 7.12.0`);
  const div = divisionOf(state, bundle, unitId);
  if (!div) return no('no-division', `${n} belongs to no division with a division HQ: only divisions have inherent transport`, r.case);
  const hq = unitOf(state, div);
  const hqName = bundle.units.get(div)?.designation ?? div;
  if (!hq || hq.hex === null || hq.eliminated) return no('no-hq', `the ${hqName} is not on the map: its transport carries no one`, r.case);
  const on = carriedBy(state, bundle, div);
  if (on.length >= r.perDivision) {
    return no('transport-full', `the ${hqName}'s transport already carries ${r.perDivision} units (${on.map((id) => bundle.units.get(id)?.designation ?? id).join(', ')})`, r.case);
  }
  return null;
}

/** Why the unit may not leave its transport now, or null (GOSS 7.12.0, 7.12.2). */
export function dismountProblem(state: GameState, bundle: ScenarioBundle, unitId: string, side: Side | null): Rejection | null {
  const u = unitOf(state, unitId);
  const c = common(state, bundle, u, side, 'dismount');
  if (c) return c;
  const r = transportRule(bundle)!;
  const n = bundle.units.get(unitId)!.designation;
  if (!isMotorised(u)) return no('not-mounted', `${n} is not carried by a transport`, r.case);
  const half = Math.ceil(r.ma / 2);
  if (u.mpSpent > half) return no('spent-too-much', `${n} has spent ${u.mpSpent} MP carried this phase; a unit dismounts only with no more than half the transport's MA (${half}) spent`, 'GOSS 7.12.2');
  return null;
}

function mount(d: Draft<GameState>, unitId: string, bundle: ScenarioBundle): GameEvent[] {
  const r = transportRule(bundle)!;
  const u = mutUnit(d, unitId);
  u.markers.push(MARKER.MOT);
  const cost = Math.ceil(r.ma / 2);
  u.mpSpent = cost;
  return [{ type: 'mounted', unit: unitId, division: divisionOf(d as GameState, bundle, unitId), mpCost: cost, case: r.case }];
}

function dismount(d: Draft<GameState>, unitId: string, bundle: ScenarioBundle): GameEvent[] {
  const r = transportRule(bundle)!;
  const u = mutUnit(d, unitId);
  const def = bundle.units.get(unitId)!;
  const moved = u.mpSpent > 0 || !!moveRecordNow(d as GameState, bundle, u as UnitState);
  u.markers = u.markers.filter((m) => m !== MARKER.MOT);
  // Half the Leg MA; after a carried move nothing is left of it (reconstructed).
  u.mpSpent = moved ? def.ma : def.ma - Math.ceil(def.ma / 2);
  return [{ type: 'dismounted', unit: unitId, mpLeft: def.ma - u.mpSpent, case: `${r.case}, GOSS 7.12.0` }];
}

/**
 * The handler of a one-unit transport action: `apply` refuses with `problem`'s rejection, `legal`
 * lists the side's `candidate` units the problem lets through, sorted by id.
 */
function unitActionHandler(
  type: 'mount' | 'dismount',
  problem: (state: GameState, bundle: ScenarioBundle, unitId: string, side: Side | null) => Rejection | null,
  act: (d: Draft<GameState>, unitId: string, bundle: ScenarioBundle) => GameEvent[],
  candidate: (u: UnitState, bundle: ScenarioBundle) => boolean,
): ActionHandler {
  return {
    type,
    apply(d, action: Action, ctx) {
      const id = String((action as { unit?: unknown }).unit);
      const e = problem(d as GameState, ctx.bundle, id, ctx.side);
      if (e) reject(e.code, e.message, e.case);
      return act(d, id, ctx.bundle);
    },
    legal(state, side, bundle) {
      if (segmentProblem(state, bundle, side, type)) return [];
      return unitList(state)
        .filter((u) => u.side === side && candidate(u, bundle) && !problem(state, bundle, u.id, side))
        .map((u) => ({ type, unit: u.id }) as Action)
        .sort((a, b) => ((a as { unit: string }).unit < (b as { unit: string }).unit ? -1 : 1));
    },
  };
}

export const motorisationRules: RuleModule = {
  name: 'motorisation',
  handlers: [
    unitActionHandler('mount', mountProblem, mount,
      (u, bundle) => u.hex !== null && !u.eliminated && !isMotorised(u) && bundle.units.get(u.id)?.moveClass === 'leg'),
    unitActionHandler('dismount', dismountProblem, dismount, (u) => isMotorised(u)),
  ],
};
