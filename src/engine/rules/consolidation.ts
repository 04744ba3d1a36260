/**
 * Unit consolidation (GOSS 22.5.0 via AW 31.2.1 "after all desired movement is complete, and if a unit
 * is not adjacent to an enemy unit it may consolidate with other units"; AW 32.10, 33.10, 34.10 apply it).
 *
 *   {type:'consolidate', unit, from}   phasing, Movement Segment: `from` gives `unit` as many of its
 *                                      steps as `unit` has lost; a donor left with no step leaves the
 *                                      map (marker `Consolidated`, not eliminated: its steps live on).
 *
 * reconstructed (GOSS 22.5 is not in our sources, goss-scenarios.md §GOSS refs "procedure unknown"):
 * both units are reduced battalions of the same side, type and formation, in the same hex, in Tac
 * mode (GOSS 5.1.0f), neither adjacent to an enemy unit (AW 31.2.1); breakdown Coys and Bns with
 * detached Coys do not consolidate (GOSS 18 has its own recombination). Consolidation ends both
 * units' movement for the phase ("after all desired movement"). Same type also keeps AW 34.10's "WN
 * and StP may not be consolidated into infantry or artillery units".
 */
import type { Draft } from 'immer';
import { formatHex } from '../hex';
import { segmentAt } from '../sequence';
import type { Action, ActionOf, GameEvent, GameState, Rejection, ScenarioBundle, Side, UnitMoveRecord } from '../types';
import { reject, type RuleModule } from './registry';
import { F_ENEMY_ADJ, moveRecordNow, sideView } from './movement-search';
import { MARKER, hasMarker, stepsLeft } from './unit-traits';
import { unitsIn } from './unitIndex';
import { mutUnit, unitIds, unitOf } from '../unitTable';

const CASE = 'GOSS 22.5.0, AW 31.2.1';
/** A donor that gave all its steps (off the map, not eliminated). */
export const CONSOLIDATED = 'Consolidated';
const no = (code: string, message: string, ruleCase = CASE): Rejection => ({ code, message, case: ruleCase });

/** Why `from` may not consolidate into `unitId` now, or null. */
export function consolidationProblem(state: GameState, bundle: ScenarioBundle, unitId: string, fromId: string): Rejection | null {
  if (segmentAt(bundle.sequence, state.pos).segment.id !== 'move') return no('wrong-segment', 'units consolidate in the Movement Segment, after their movement');
  const side: Side = bundle.scenario.sides[state.pos.playerTurn];
  if (unitId === fromId) return no('bad-action', 'a unit cannot consolidate with itself');
  for (const id of [unitId, fromId]) {
    const u = unitOf(state, id);
    const d = bundle.units.get(id);
    if (!u || !d || u.eliminated || u.hex === null) return no('no-such-unit', `there is no unit "${id}" on the map`);
    if (u.side !== side) return no('not-your-unit', `${d.designation} belongs to the other side`);
    if (d.size !== 'Bn' || d.generic || u.detached?.length) return no('not-consolidatable', `${d.designation}: only battalions consolidate (breakdown Coys recombine, GOSS 18)`);
    if (u.stepsLost === 0 || stepsLeft(d, u) === 0) return no('not-reduced', `${d.designation} is not a reduced unit`);
    if (hasMarker(u, MARKER.PA) || hasMarker(u, MARKER.CR) || hasMarker(u, MARKER.EXPLOIT)) return no('not-tactical', `${d.designation} is not in Tac mode`, 'GOSS 5.1.0f');
    if (sideView(state, bundle, side).flags[u.hex] & F_ENEMY_ADJ) return no('adjacent', `${d.designation} is adjacent to an enemy unit`, 'AW 31.2.1');
  }
  const u = unitOf(state, unitId);
  const f = unitOf(state, fromId);
  const du = bundle.units.get(unitId)!;
  const df = bundle.units.get(fromId)!;
  if (u.hex !== f.hex) return no('not-stacked', `${df.designation} must be in the same hex as ${du.designation}`);
  if (du.type !== df.type) return no('other-type', `${df.designation} (${df.type}) and ${du.designation} (${du.type}) are not of the same type`);
  if ((du.formation ?? null) !== (df.formation ?? null)) return no('other-formation', `${df.designation} and ${du.designation} are not of the same formation`);
  return null;
}

function applyConsolidate(d: Draft<GameState>, bundle: ScenarioBundle, action: Action): GameEvent[] {
  const a = action as ActionOf<'consolidate'>;
  const state = d as GameState;
  const e = consolidationProblem(state, bundle, a.unit, a.from);
  if (e) reject(e.code, e.message, e.case);
  const u = mutUnit(d, a.unit);
  const f = mutUnit(d, a.from);
  const df = bundle.units.get(f.id)!;
  const n = Math.min(u.stepsLost, stepsLeft(df, f));
  u.stepsLost -= n;
  f.stepsLost += n;
  const hex = u.hex!;
  const gone = stepsLeft(df, f) === 0;
  if (gone) { f.hex = null; f.markers = [CONSOLIDATED]; }
  // "After all desired movement": neither unit moves again this phase.
  for (const x of gone ? [u] : [u, f]) {
    const rec = moveRecordNow(state, bundle, unitOf(state, x.id));
    const m: UnitMoveRecord = rec
      ? { ...rec, halted: true }
      : { turn: d.pos.turn, playerTurn: d.pos.playerTurn, segment: 'move', seq: d.n, from: hex, hexes: 0, mp: x.mpSpent, type: 'offroad', halted: true, beyond6: false };
    x.move = m;
  }
  return [{ type: 'consolidated', unit: u.id, from: f.id, steps: n, hex: formatHex(hex), donorRemoved: gone, case: CASE }];
}

function legalConsolidations(state: GameState, side: Side, bundle: ScenarioBundle): Action[] {
  const out: Action[] = [];
  if (state.pending || segmentAt(bundle.sequence, state.pos).segment.id !== 'move' || bundle.scenario.sides[state.pos.playerTurn] !== side) return out;
  for (const id of unitIds(state)) {
    const u = unitOf(state, id);
    if (u.side !== side || u.hex === null || u.eliminated || u.stepsLost === 0) continue;
    for (const o of unitsIn(state, u.hex, side)) if (o.id !== id && o.stepsLost > 0 && !consolidationProblem(state, bundle, id, o.id)) out.push({ type: 'consolidate', unit: id, from: o.id });
  }
  return out;
}

export const consolidationRules: RuleModule = {
  name: 'consolidation',
  handlers: [{ type: 'consolidate', apply: (d, a, ctx) => applyConsolidate(d, ctx.bundle, a), legal: legalConsolidations }],
};
