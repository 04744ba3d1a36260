/**
 * Reinforcements (AW 32.12, scenario.special.reinforcements). At the start of the owning side's
 * Movement Segment of the arrival GT the group becomes available: its units join the game off the
 * map (`hex: null`, marker `Reinf`) with the step losses the rules give. The owner then enters each
 * with `{type:'enterReinforcement', unit, hex}` on a hex of the group's entry zone (a hex, a range
 * such as "between C5828 & C5830", or an edge of the play area) and may move it on normally. A unit
 * not entered stays available and may enter in a later Movement Segment. Groups a scenario length
 * skips (AW 32.1.0: the short game ignores the July 19 PM Germans) never arrive.
 * reconstructed: AW 32.12 gives the entry hex only; entering costs no MP here (the AW 21.0 entry
 * procedure is not in the scenario rules).
 */
import type { Draft } from 'immer';
import type { Action, GameEvent, GameState, ScenarioBundle, Side } from '../types';
import { reject, type RuleContext, type RuleModule } from './registry';
import { formatHex, tryParseHexRef, type HexId } from '../hex';
import { isLand } from '../board';
import { addDays, segmentAt, turnTime, phasingSide } from '../sequence';
import { arrivalShift } from './extensions';
import { hexSet, inPlayArea, special, type SpecialState } from './scenarioArea';
import { patchUnit, putUnit, unitList, unitOf } from '../unitTable';
import { peekUnit, readUnits } from './unitIndex';

export const REINF = 'Reinf';
const CASE = 'AW 32.12';

function specialOf(d: Draft<GameState>): Draft<SpecialState> {
  const s = d as Draft<GameState> & { special?: SpecialState };
  if (!s.special) s.special = {};
  return s.special as Draft<SpecialState>;
}

/** The date a group arrives: its listed date, moved by the game days a module gives it (AW 35.3.1 random arrival). */
export function arrivalDate(state: GameState, bundle: ScenarioBundle, group: number): string {
  const at = special(bundle).reinforcements![group].at.date;
  const shift = arrivalShift(state, bundle, group);
  return shift ? addDays(at, shift) : at;
}

/** Reinforcement groups due for `side` at game turn `turn` in this game's length. */
export function groupsDue(state: GameState, bundle: ScenarioBundle, turn: number, side: Side): number[] {
  const t = turnTime(bundle.scenario, bundle.sequence, turn);
  return (special(bundle).reinforcements ?? []).flatMap((g, i) =>
    g.side === side && g.at.time === t.time && arrivalDate(state, bundle, i) === t.date && !g.skipInLengths.includes(state.length) ? [i] : []);
}

function arrive(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const { bundle } = ctx;
  const side = phasingSide(bundle.scenario, d.pos);
  const sp = specialOf(d);
  const events: GameEvent[] = [];
  for (const i of groupsDue(d as GameState, bundle, d.pos.turn, side)) {
    if (sp.arrived?.includes(i)) continue;
    const g = special(bundle).reinforcements![i];
    for (const e of g.units) {
      if (!bundle.units.get(e.unit)) throw new Error(`reinforcement names unknown unit "${e.unit}"`);
      if (unitOf(d, e.unit)) continue;
      putUnit(d, { id: e.unit, side: g.side, hex: null, stepsLost: e.stepsLost, mpSpent: 0, markers: [REINF] });
    }
    sp.arrived = [...(sp.arrived ?? []), i];
    events.push({ type: 'reinforcementsArrived', side: g.side, units: g.units.map((u) => u.unit), entry: g.entryText, case: CASE });
  }
  return events;
}

/** The group a waiting unit belongs to (its entry zone). */
function groupOf(bundle: ScenarioBundle, unitId: string) {
  return (special(bundle).reinforcements ?? []).find((g) => g.units.some((u) => u.unit === unitId));
}

/** Entry hexes open to a waiting unit now: in its zone, on land, in the play area, free of enemy units. */
export function entryHexes(state: GameState, bundle: ScenarioBundle, unitId: string): HexId[] {
  const g = groupOf(bundle, unitId);
  const u = peekUnit(state, unitId);
  if (!g || !u) return [];
  const enemy = new Set(readUnits(state.units).filter((x) => x.side !== u.side && !x.eliminated && x.hex !== null).map((x) => x.hex!));
  return [...hexSet(bundle, g.entry)].filter((h) => isLand(bundle.board, h) && inPlayArea(bundle, h) && !enemy.has(h)).sort((a, b) => a - b);
}

function inMovementSegment(state: GameState, bundle: ScenarioBundle, side: Side): boolean {
  return segmentAt(bundle.sequence, state.pos).segment.id === 'move' && phasingSide(bundle.scenario, state.pos) === side;
}

export const reinforcementRules: RuleModule = {
  name: 'reinforcements',
  hooks: [{ segment: 'move', onEnter: arrive }],
  handlers: [{
    type: 'enterReinforcement',
    apply(d, action: Action, ctx) {
      const a = action as { unit?: unknown; hex?: unknown };
      if (typeof a.unit !== 'string' || typeof a.hex !== 'string') reject('bad-action', 'enterReinforcement needs "unit" and "hex"', CASE);
      const u = unitOf(d, a.unit as string);
      if (!u) reject('no-such-unit', `no unit "${a.unit}" has arrived`, CASE);
      if (u.side !== ctx.side) reject('not-your-unit', `${u.id} is not a unit of the side to act`, CASE);
      if (!u.markers.includes(REINF)) reject('not-waiting', `${u.id} is not a reinforcement waiting to enter`, CASE);
      if (!inMovementSegment(d as GameState, ctx.bundle, u.side)) reject('wrong-segment', 'reinforcements enter in their side\'s Movement Segment', CASE);
      const r = tryParseHexRef(a.hex as string);
      if ('error' in r) reject('bad-hex', r.error);
      const g = groupOf(ctx.bundle, u.id)!;
      if (!entryHexes(d as GameState, ctx.bundle, u.id).includes(r.hex)) {
        reject('bad-entry-hex', `${u.id} enters at ${g.entryText}; ${formatHex(r.hex)} is not open to it`, CASE);
      }
      patchUnit(d, u, { hex: r.hex, markers: u.markers.filter((m) => m !== REINF) });
      return [{ type: 'reinforcementEntered', unit: u.id, hex: formatHex(r.hex), case: CASE }];
    },
    legal(state, side, bundle) {
      if (!inMovementSegment(state, bundle, side)) return [];
      const out: Action[] = [];
      for (const u of unitList(state)) {
        if (u.side !== side || !u.markers.includes(REINF)) continue;
        for (const h of entryHexes(state, bundle, u.id)) out.push({ type: 'enterReinforcement', unit: u.id, hex: formatHex(h) });
      }
      return out;
    },
  }],
};
