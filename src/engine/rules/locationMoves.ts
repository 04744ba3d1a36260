/**
 * The generic box move (docs/engine.md "Locations"): `moveBox` takes a unit from its box to an adjacent
 * box of the same declared graph, or onto one of the box's entry hexes, in the segments the graph names
 * (`moveSegments`). Modules with their own box procedures (the ES track's descent, AW 41.2.3c) move
 * units with `placeUnit` from their hooks instead; the checks here (adjacency, the box's stacking
 * rule, the hex stacking limits and enemy units on an entry hex) are exported for them.
 */
import { reject, type RuleModule } from './registry';
import { segmentAt, phasingSide } from '../sequence';
import { stackViolationOf } from './stacking';
import { unitIndex } from './unitIndex';
import {
  boxAt, boxStackingProblem, isHex, locationName, locationRef, parseLocation, placeUnit, unitsByBox, unitsInBox,
  type BoxInfo, type LocationId,
} from './locations';
import type { Action, ActionOf, GameEvent, GameState, Rejection, ScenarioBundle, Side, UnitState } from '../types';
import { mutUnit, putUnit, unitOf } from '../unitTable';

const no = (code: string, message: string, ruleCase?: string): Rejection => ({ code, message, case: ruleCase });

function unitName(bundle: ScenarioBundle, id: string): string {
  return bundle.units.get(id)?.designation ?? id;
}

/** Why `u` (in box `from`) may not go to `to` now, stacking and enemies included; null when it may. */
export function boxMoveProblem(state: GameState, bundle: ScenarioBundle, u: UnitState, from: BoxInfo, to: LocationId): Rejection | null {
  const ruleCase = from.graph.moveCase ?? from.graph.case;
  const n = unitName(bundle, u.id);
  if (isHex(to)) {
    if (!from.entry.includes(to)) return no('not-adjacent', `${n} may leave ${from.def.name} only onto ${from.entry.length ? from.entry.map((h) => locationName(bundle, h)).join(', ') : 'no hex'}, not ${locationName(bundle, to)}`, ruleCase);
    const there = unitIndex(state).byHex.get(to) ?? [];
    if (there.some((o) => o.side !== u.side)) return no('enemy-hex', `${n} may not enter ${locationName(bundle, to)}: enemy units are there`, 'GOSS 7.1');
    const v = stackViolationOf(bundle, to, u.side, [...there, u]);
    if (v) return no('overstacked', `${n} may not enter ${v.ref}: ${v.reason}`, v.case);
    return null;
  }
  const dest = boxAt(bundle, to);
  if (!dest) return no('bad-location', `${n} may not go to ${locationName(bundle, to)}`, ruleCase);
  if (!from.adjacent.includes(to)) return no('not-adjacent', `${dest.def.name} is not adjacent to ${from.def.name}`, ruleCase);
  const full = boxStackingProblem(dest, unitsInBox(state, to), u.side, 1);
  if (full) return no('overstacked', `${n} may not enter ${dest.def.name}: ${full}`, ruleCase ?? 'GOSS 6.0');
  return null;
}

/** The box a unit may be moved out of with `moveBox` now by `side`, or why not. */
function movableFrom(state: GameState, bundle: ScenarioBundle, u: UnitState | undefined, side: Side | null): BoxInfo | Rejection {
  if (!u) return no('no-such-unit', 'there is no such unit');
  const n = unitName(bundle, u.id);
  const from = u.hex === null && !u.eliminated && u.box !== undefined ? boxAt(bundle, u.box) : undefined;
  if (!from) return no('not-in-box', `${n} is in no box of this scenario's displays`);
  const phasing = phasingSide(bundle.scenario, state.pos);
  if (u.side !== phasing || (side !== null && side !== phasing)) return no('not-your-unit', `${n} moves only in its own side's player turn`, from.graph.moveCase);
  const seg = segmentAt(bundle.sequence, state.pos).segment;
  if (!from.graph.moveSegments.includes(seg.id)) {
    return no('wrong-segment', `units in ${from.def.name} are not moved in the ${seg.name}`, from.graph.moveCase ?? from.graph.case);
  }
  return from;
}

export const locationRules: RuleModule = {
  name: 'locations',
  /** Units the scenario sets up in boxes (`boxSetup`, checked at load). */
  onNewGame(d, ctx) {
    for (const e of ctx.bundle.scenario.boxSetup ?? []) {
      const def = ctx.bundle.units.get(e.unit);
      const to = parseLocation(ctx.bundle, e.box);
      if (!def || 'error' in to) throw new Error(`boxSetup of ${e.unit}: not loaded through the data loader`);
      putUnit(d, { id: e.unit, side: def.side, hex: null, box: to.loc, stepsLost: e.stepsLost, mpSpent: 0, markers: [] });
    }
    return [];
  },
  handlers: [{
    type: 'moveBox',
    apply(d, action, ctx) {
      const a = action as ActionOf<'moveBox'>;
      const { unit, to: ref } = a;
      const state = d as GameState;
      const u = unitOf(state, unit);
      const from = movableFrom(state, ctx.bundle, u, ctx.side);
      if ('code' in from) reject(from.code, from.message, from.case);
      const to = parseLocation(ctx.bundle, ref);
      if ('error' in to) reject('bad-location', to.error);
      const problem = boxMoveProblem(state, ctx.bundle, u, from, to.loc);
      if (problem) reject(problem.code, problem.message, problem.case);
      placeUnit(mutUnit(d, unit), to.loc);
      const ev: GameEvent = { type: 'unitMovedBox', unit, from: from.def.id, to: locationRef(ctx.bundle, to.loc), case: from.graph.moveCase ?? from.graph.case ?? '' };
      return [ev];
    },
    legal(state, side, bundle) {
      const out: Action[] = [];
      if (!bundle.boxGraphs?.length || state.pending) return out;
      for (const units of unitsByBox(state).values()) {
        for (const u of units) {
          const from = movableFrom(state, bundle, u, side);
          if ('code' in from) continue;
          for (const to of [...from.adjacent, ...from.entry]) {
            if (!boxMoveProblem(state, bundle, u, from, to)) out.push({ type: 'moveBox', unit: u.id, to: locationRef(bundle, to) });
          }
        }
      }
      return out;
    },
  }],
};
