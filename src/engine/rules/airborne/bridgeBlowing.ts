/**
 * AW 41.3.7b bridge blowing missions: in an Allied Movement Segment of the stage, a non-HQ,
 * non-artillery airborne unit next to a bridge over a river (not a stream) may try to blow it — one
 * attempt per bridge and per unit each segment, and the unit's movement is over once it tries (the
 * rule speaks of units that *end* the segment there). 1d10: 0–5 succeeds (tables.json
 * `bridgeBlowing`). A non-FoW unit destroys the bridge; a FoW unit is revealed (fow.ts revealFow): a
 * dummy is removed and the bridge stands, a para Coy destroys it and stays on its regrouped side.
 *
 * The bridge is the river hexside (the engine's bridges are hexside features); a destroyed one is
 * kept in `AirborneState.bridges.blown` and is no bridge for the stage's movement (movement.ts
 * `riverBridge`, germanMovement.ts). After the stage the GOSS movement search does not read it yet
 * (the extension points filter hexes, not hexsides).
 */
import type { ActionOf, GameEvent, GameState, Rejection, ScenarioBundle, Side } from '../../types';
import { reject, type ActionHandler } from '../registry';
import { moduleOn } from '../extensions';
import { formatHex, tryParseHexRef } from '../../hex/sheets';
import { NEIGHBOURS, hexsideBetween, type HexId } from '../../hex/lattice';
import { segmentAt } from '../../sequence';
import { isArtillery, isHq } from '../unit-traits';
import { AIRBORNE, airborneData, airborneDraft, airborneState } from './state';
import { isFow, revealFow } from './fow';
import { ALLIED_MOVE_SEGMENTS, blownSides, markMoved, riverBridge, segKey } from './movement';
import { unitList, unitOf } from '../../unitTable';

export const CASE_BRIDGE = 'AW 41.3.7b';

/** B's bridge record (AirborneState.bridges). */
export interface AbBridgeState {
  /** Hexside ids of the river bridges destroyed in the stage. */
  blown?: number[];
  /** This segment's attempts: the bridges tried and the units that tried. */
  attempts?: { seg: string; bridges: number[]; units: string[] };
}

/** Why the unit may not try to blow the bridge between its hex and `across` now, or null. */
export function blowProblem(state: GameState, bundle: ScenarioBundle, unitId: string, across: HexId, side: Side | null): Rejection | null {
  const no = (code: string, message: string): Rejection => ({ code, message, case: CASE_BRIDGE });
  if (!moduleOn(bundle, AIRBORNE)) return no('not-in-scenario', 'this scenario has no Airborne Assault Stage');
  if (!ALLIED_MOVE_SEGMENTS.includes(segmentAt(bundle.sequence, state.pos).segment.id)) return no('wrong-segment', 'bridges are blown in the Allied Movement Segments of the Airborne Assault Stage');
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId);
  if (!u || !def || u.eliminated || u.hex === null) return no('no-such-unit', `there is no unit "${unitId}" on the map`);
  if (side !== 'allied' || u.side !== 'allied') return no('not-your-unit', 'only Allied airborne units blow bridges');
  const fow = isFow(state, unitId);
  if (!def.airborne && !fow) return no('not-airborne', `${def.designation} is not an airborne unit`);
  if (!fow && (isHq(def) || isArtillery(def))) return no('not-eligible', 'HQ and artillery units may not try to blow a bridge');
  if (!riverBridge(bundle, blownSides(state, bundle), u.hex, across)) return no('no-bridge', `there is no standing bridge over a river between ${formatHex(u.hex)} and ${formatHex(across)}`);
  const at = airborneState(state).bridges?.attempts;
  const key = segKey(state, bundle);
  if (at && at.seg === key) {
    if (at.bridges.includes(hexsideBetween(u.hex, across))) return no('bridge-tried', 'only one attempt per bridge may be made in each Allied Movement Segment');
    if (at.units.includes(unitId)) return no('unit-tried', `${def.designation} has made its attempt this segment`);
  }
  return null;
}

export const bridgeHandlers: ActionHandler[] = [{
  type: 'blowBridge',
  apply(d, action, ctx) {
    const a = action as ActionOf<'blowBridge'>;
    const r = tryParseHexRef(a.across);
    if ('error' in r) reject('bad-hex', r.error, CASE_BRIDGE);
    const across = (r as { hex: HexId }).hex;
    const p = blowProblem(d as GameState, ctx.bundle, a.unit, across, ctx.side);
    if (p) reject(p.code, p.message, p.case);
    const from = unitOf(d, a.unit).hex!;
    const side = hexsideBetween(from, across);
    const key = segKey(d as GameState, ctx.bundle);
    const st = airborneDraft(d);
    const b = (st.bridges ??= {});
    if (!b.attempts || b.attempts.seg !== key) b.attempts = { seg: key, bridges: [], units: [] };
    b.attempts.bridges.push(side);
    b.attempts.units.push(a.unit);
    // trying ends the unit's movement this segment (AW 41.3.7b: units that end the segment next to the bridge)
    markMoved(d, ctx.bundle, a.unit);
    const [lo, hi] = airborneData(ctx.bundle).tables.bridgeBlowing.success;
    const roll = ctx.dice.d10(`AW 41.3.7b bridge blowing at ${formatHex(from)}/${formatHex(across)}`);
    const events: GameEvent[] = [];
    const ok = roll >= lo && roll <= hi;
    events.push({ type: 'bridgeAttempt', unit: a.unit, hex: formatHex(from), across: formatHex(across), roll, success: ok, case: CASE_BRIDGE });
    if (!ok) return events;
    let destroy = true;
    if (isFow(d as GameState, a.unit)) {
      const rev = revealFow(d, ctx, a.unit, { case: CASE_BRIDGE, why: 'a FoW unit blew a bridge' });
      events.push(...rev.events);
      if (rev.unit === null) destroy = false;
      else { b.attempts.units.push(rev.unit); markMoved(d, ctx.bundle, rev.unit); }
    }
    if (destroy) {
      (b.blown ??= []).push(side);
      const log = (st.log ??= {});
      log.bridgesBlown = (log.bridgesBlown ?? 0) + 1;
      events.push({ type: 'bridgeDestroyed', hex: formatHex(from), across: formatHex(across), case: CASE_BRIDGE });
    } else events.push({ type: 'bridgeStands', hex: formatHex(from), across: formatHex(across), why: 'the FoW unit was a dummy', case: CASE_BRIDGE });
    return events;
  },
  legal(state, side, bundle) {
    if (side !== 'allied' || !moduleOn(bundle, AIRBORNE)) return [];
    if (!ALLIED_MOVE_SEGMENTS.includes(segmentAt(bundle.sequence, state.pos).segment.id)) return [];
    const out: ActionOf<'blowBridge'>[] = [];
    for (const u of unitList(state)) {
      if (u.side !== 'allied' || u.hex === null || u.eliminated) continue;
      for (let k = 0; k < 6; k++) {
        const n = NEIGHBOURS[u.hex * 6 + k];
        if (n >= 0 && !blowProblem(state, bundle, u.id, n, side)) out.push({ type: 'blowBridge', unit: u.id, across: formatHex(n) });
      }
    }
    return out;
  },
}];
