/**
 * Bridge demolition (GOSS 17.3.2b hasty, 17.3.2c prepared), where the scenario allows it
 * (`special.bridges`: AW 33.6.0 Epsom, AW 34.6.0 Cherbourg; AW 32.6.0 Goodwood has none). The numbers
 * are data (data/tables/construction.json `demolition`); a demolished bridge is its hexside id in
 * `state.special.bridges.demolished` (placedBridges.ts), which movement, retreats, the GA and the GenS
 * traces read: the map's bridge, a road across the water there, or a bridge placed in play is gone.
 *
 * - Prepared (`demolishBridge {unit, hex}`): in the segment the scenario names (AW 33.6.0 "at the end of
 *   the friendly Movement Phase": the Construction Completion Segment; AW 34.6.0 the Construction
 *   Segment), a Tac engineer unit demolishes the bridge between its hex and `hex`, when an enemy unit is
 *   within 8 hexes of it: 1d10 + 1 at night + 1 with an enemy adjacent to the bridge, ≤ 5 with one Eng
 *   step in the hex, ≤ 7 with two or more. Every Eng unit of the side in the hex takes part; they may
 *   not move in their side's next Movement Segment (`Demo` marker, GOSS 17.3.2c), and try once per segment.
 * - Hasty (`hastyDemolition`, called by the GA procedure before the defender's line, GOSS 13 step 3.5):
 *   when a GA crosses a bridge over a river and an Eng step defends, one 1d10 per bridge crossed, ≤ 3,
 *   ≤ 5 with more than one Eng step, +1 at night. The defender always tries (reconstructed: it can only
 *   gain). Mech attackers across a demolished bridge drop out of the GA (reconstructed from GOSS 17.3.2a
 *   collapse); if none are left the GA ends.
 */
import type { Draft } from 'immer';
import { areAdjacent, distance, formatHex, hexsideBetween, neighbours, tryParseHexRef, type HexId } from '../hex';
import { segmentAt, phasingSide } from '../sequence';
import type { Action, GameEvent, GameState, Rejection, ScenarioBundle, Side, UnitState } from '../types';
import { reject, type RuleModule } from './registry';
import { hasMarker, isEngineer, MARKER, stepsLeft } from './unit-traits';
import { special } from './scenarioArea';
import { constructionTable } from './combatTables';
import { isNight } from './movement-search';
import { standingBridge, type PlacedBridgesState } from './placedBridges';
import { moveClassOf } from './motorised';
import { readUnits, unitIndex } from './unitIndex';
import type { Run } from '../procedures/stack';
import type { GroundAssaultFrame } from '../procedures/frames';
import { SIDE_BIT } from '../board';
import { mutUnit, patchUnit, unitOf } from '../unitTable';

const PREPARED = 'GOSS 17.3.2c';
const HASTY = 'GOSS 17.3.2b';
type WithPlaced = { special?: { bridges?: PlacedBridgesState } };

const no = (code: string, message: string, ruleCase: string): Rejection => ({ code, message, case: ruleCase });

function rules(bundle: ScenarioBundle) {
  return special(bundle).bridges;
}

/** The scenario's bridge case (AW 33.6.0, 34.6.0), from its data. */
function scenarioCase(bundle: ScenarioBundle): string {
  return rules(bundle)?.case ?? 'GOSS 17.3.2';
}

/** The live units of `side` in `h`. */
function unitsIn(state: GameState, h: HexId, side: Side): UnitState[] {
  return unitIndex(state).live.filter((u) => u.hex === h && u.side === side);
}

/** The Eng steps of `side` in `h` (GOSS 17.3.2: more than one step demolishes more surely). */
export function engStepsIn(state: GameState, bundle: ScenarioBundle, h: HexId, side: Side, only?: string[]): number {
  let n = 0;
  for (const u of unitsIn(state, h, side)) {
    const d = bundle.units.get(u.id);
    if (d && isEngineer(d) && (!only || only.includes(u.id))) n += stepsLeft(d, u);
  }
  return n;
}

function enemyNear(state: GameState, side: Side, hexes: HexId[], within: number): boolean {
  return unitIndex(state).live.some((u) => u.side !== side && hexes.some((h) => distance(h, u.hex!) <= within));
}

/** The roll needed (≤) for `engSteps`, from the table's rows. */
function needed(rows: { engSteps: number; max: number }[], engSteps: number): number {
  let best = rows[0];
  for (const r of rows) if (engSteps >= r.engSteps) best = r;
  return best.max;
}

/** The segment where prepared demolition is made now for `side`, or a refusal. */
function preparedSegmentProblem(state: GameState, bundle: ScenarioBundle, side: Side | null): Rejection | null {
  const b = rules(bundle);
  if (!b?.demolition || !b.demolitionSegment) return no('no-demolition', 'no bridge may be demolished in this scenario', b?.case ?? PREPARED);
  const seg = segmentAt(bundle.sequence, state.pos).segment;
  if (seg.id !== b.demolitionSegment || phasingSide(bundle.scenario, state.pos) !== side) {
    const where = b.demolitionSegment === 'construction' ? 'its own Construction Segment' : 'its own Construction Completion Segment, at the end of its Movement Phase';
    return no('wrong-segment', `a side demolishes bridges in ${where}`, `${scenarioCase(bundle)}, ${PREPARED}`);
  }
  return null;
}

/** Why `unitId` may not demolish the bridge between its hex and `to` now, or null (GOSS 17.3.2c). */
export function demolitionProblem(state: GameState, bundle: ScenarioBundle, unitId: string, to: HexId, side: Side | null): Rejection | null {
  const s = preparedSegmentProblem(state, bundle, side);
  if (s) return s;
  const u = unitOf(state, unitId);
  const d = bundle.units.get(unitId);
  if (!u || !d) return no('no-such-unit', `there is no unit "${unitId}"`, PREPARED);
  const n = d.designation;
  if (u.side !== side) return no('not-your-unit', `${n} belongs to the other side`, PREPARED);
  if (u.hex === null || u.eliminated) return no('not-on-map', `${n} is not on the map`, PREPARED);
  if (!isEngineer(d)) return no('not-engineer', `only engineers demolish bridges; ${n} is not one`, PREPARED);
  if (hasMarker(u, MARKER.PA) || hasMarker(u, MARKER.CR) || hasMarker(u, MARKER.EXPLOIT)) return no('not-tactical', `${n} is not in Tac mode (PA, CR or Exploit marker)`, 'GOSS 5.1.0e, 17.3');
  if (hasMarker(u, MARKER.DEMO)) return no('tried', `${n} has already tried a demolition and may not try again before its next Movement Segment`, PREPARED);
  if (!areAdjacent(u.hex, to) || !standingBridge(state, bundle, u.hex, to, true)) return no('no-bridge', `there is no standing bridge between ${formatHex(u.hex)} and ${formatHex(to)}`, PREPARED);
  const t = constructionTable(bundle).demolition.prepared;
  if (!enemyNear(state, u.side, [u.hex, to], t.enemyWithin)) return no('no-enemy-near', `no enemy unit is within ${t.enemyWithin} hexes of the bridge ${formatHex(u.hex)}–${formatHex(to)}`, PREPARED);
  return null;
}

/** Every bridge `unitId` may demolish now: the hexes across them. */
function demolitionTargets(state: GameState, bundle: ScenarioBundle, unitId: string, side: Side): HexId[] {
  const u = unitOf(state, unitId);
  if (!u || u.hex === null) return [];
  return neighbours(u.hex).filter((h) => !demolitionProblem(state, bundle, unitId, h, side));
}

function demolish(d: Draft<GameState>, a: HexId, b: HexId): void {
  const s = d as Draft<GameState> & WithPlaced;
  if (!s.special) s.special = {};
  const st = (s.special.bridges ??= {});
  st.demolished = [...(st.demolished ?? []), hexsideBetween(a, b)];
}

function applyPrepared(d: Draft<GameState>, action: Action, ctx: { bundle: ScenarioBundle; side: Side | null; dice: Run['ctx']['dice'] }): GameEvent[] {
  const a = action as { unit: string; hex: string };
  const r = tryParseHexRef(String(a.hex));
  if ('error' in r) reject('bad-hex', r.error);
  const to = (r as { hex: HexId }).hex;
  const e = demolitionProblem(d as GameState, ctx.bundle, a.unit, to, ctx.side);
  if (e) reject(e.code, e.message, e.case);
  const state = d as GameState;
  const u = unitOf(state, a.unit);
  const from = u.hex!;
  const t = constructionTable(ctx.bundle).demolition.prepared;
  const engIds = unitsIn(state, from, u.side).filter((x) => isEngineer(ctx.bundle.units.get(x.id)!)).map((x) => x.id);
  const steps = engStepsIn(state, ctx.bundle, from, u.side);
  const night = isNight(state, ctx.bundle);
  const adj = unitIndex(state).live.some((x) => x.side !== u.side && (distance(x.hex!, from) <= 1 || distance(x.hex!, to) <= 1));
  const drm = (night ? t.drm.night : 0) + (adj ? t.drm.enemyAdjacent : 0);
  const max = needed(t.success, steps);
  const roll = ctx.dice.d10(`prepared bridge demolition ${formatHex(from)}-${formatHex(to)}`);
  const success = roll + drm <= max;
  // GOSS 17.3.2c: the engineers may not move in their next Movement Phase, whatever the roll.
  for (const id of engIds) if (!unitOf(d, id).markers.includes(MARKER.DEMO)) mutUnit(d, id).markers.push(MARKER.DEMO);
  if (success) demolish(d, from, to);
  return [{
    type: 'bridgeDemolition', kind: 'prepared', from: formatHex(from), to: formatHex(to), engineers: engIds, engSteps: steps,
    roll, drm, needed: max, success, case: `${scenarioCase(ctx.bundle)}, ${PREPARED}`,
  }];
}

/**
 * GOSS 17.3.2b / 13 step 3.5: hasty demolition at the start of a GA, once per GA (`g.hasty`). Returns
 * true when the GA goes on, false when no attacker is left.
 */
export function hastyDemolition(run: Run, g: Draft<GroundAssaultFrame>): boolean {
  const { bundle, dice } = run.ctx;
  if (g.hasty || !rules(bundle)?.hastyDemolition) return true;
  g.hasty = true;
  const state = run.d as GameState;
  const steps = engStepsIn(state, bundle, g.hex, g.defenderSide, g.defenders);
  if (steps <= 0) return true;
  const t = constructionTable(bundle).demolition.hasty;
  const from = [...new Set(g.attackers.map((id) => unitOf(state, id)?.hex).filter((h): h is HexId => h !== null && h !== undefined))].sort((a, b) => a - b);
  let left = [...g.attackers];
  for (const h of from) {
    const bits = bundle.board.sides.get(hexsideBetween(h, g.hex)) ?? 0;
    const overRiver = (bits & (SIDE_BIT.river | SIDE_BIT.majorRiver | SIDE_BIT.canal)) !== 0;
    if (!overRiver || !standingBridge(state, bundle, h, g.hex, true)) continue;
    const drm = isNight(state, bundle) ? t.drm.night : 0;
    const max = needed(t.success, steps);
    const roll = dice.d10(`hasty bridge demolition ${formatHex(g.hex)}-${formatHex(h)}`);
    const success = roll + drm <= max;
    const out: string[] = [];
    if (success) {
      demolish(run.d, h, g.hex);
      for (const id of left) {
        const u = unitOf(state, id);
        if (u.hex !== h || moveClassOf(bundle.units.get(id)!, u) !== 'mech') continue;
        out.push(id);
        const du = mutUnit(run.d, id);
        du.markers = du.markers.filter((m) => m !== MARKER.TA && m !== MARKER.PA);
      }
      left = left.filter((id) => !out.includes(id));
    }
    run.events.push({
      type: 'bridgeDemolition', kind: 'hasty', from: formatHex(g.hex), to: formatHex(h), engSteps: steps, roll, drm, needed: max, success,
      droppedOut: out, case: `${scenarioCase(bundle)}, ${HASTY}`,
    });
  }
  g.attackers = left;
  if (!left.length) {
    run.events.push({ type: 'gaCancelled', hex: formatHex(g.hex), why: 'the bridge was demolished under every attacker: Mech units may not attack across the river', case: HASTY });
    return false;
  }
  return true;
}

export const bridgeDemolitionRules: RuleModule = {
  name: 'bridgeDemolition',
  handlers: [{
    type: 'demolishBridge',
    apply(d, action, ctx) { return applyPrepared(d, action, ctx); },
    legal(state, side, bundle) {
      if (preparedSegmentProblem(state, bundle, side)) return [];
      const out: Action[] = [];
      for (const u of unitIndex(state).live) {
        if (u.side !== side || !isEngineer(bundle.units.get(u.id)!)) continue;
        for (const h of demolitionTargets(state, bundle, u.id, side)) out.push({ type: 'demolishBridge', unit: u.id, hex: formatHex(h) } as Action);
      }
      return out;
    },
  }],
  hooks: [{
    // GOSS 17.3.2c: the engineers stay put through their side's next Movement Segment, then may try again.
    segment: 'move',
    onExit(draft, ctx) {
      const side = phasingSide(ctx.bundle.scenario, draft.pos);
      const events: GameEvent[] = [];
      // Read without drafting every unit (unitIndex.ts readUnits): only the marked ones are written.
      for (const r of readUnits(draft.units)) {
        if (r.side !== side || !r.markers.includes(MARKER.DEMO)) continue;
        patchUnit(draft, r, { markers: r.markers.filter((m) => m !== MARKER.DEMO) });
        events.push({ type: 'markerRemoved', unit: r.id, marker: MARKER.DEMO, case: PREPARED });
      }
      return events;
    },
  }],
};
