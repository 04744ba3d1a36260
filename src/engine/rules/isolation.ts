/**
 * Isolation and surrender (GOSS 15.7; AW 3.3.3, 3.3.5g; reconstructed from goss-core.md §15, GOSS
 * 2020 — AW 4.0 asks for v17, whose 15.7.0 / 15.7.2 are 2020's 15.7.0 / 15.7.1):
 * - GOSS 15.7.0: a unit is isolated when it has no GenS path of any length and no friendly unit in
 *   GenS within 3 hexes. The Supply Determination Segment of the standard and intermediate sequences
 *   ("mark units with OhS, Isolated and OoS markers", seed:004 L1663–1671) marks the phasing side's
 *   units, HQs left out, with `Isolated`, and clears the marker of those no longer isolated. An isolated
 *   unit cannot spot (observation.ts).
 * - GOSS 15.7.1: in the Surrender Segment (AW 3.3.3, the AM Command Phase, seed:004 L1250) each unit
 *   of both sides that is isolated and OoS makes a defensive PRC: +2 for each earlier AM GT in which
 *   it checked, +1 when a friendly unit within 2 hexes surrendered this GT, −1 with a leader (GOSS
 *   23.2.1). A unit that fails surrenders: it is removed (no recycle steps).
 * "No GenS path of any length": the unit's own GenS check, or the side's any-length trace from its
 * supply sources (genSCost, whose only limit is the enemy-adjacent hexes). The same check is made
 * before defending in a ground assault (GOSS 13.5 step 3, `gaSurrenderChecks`).
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle, Side, UnitState } from '../types';
import type { RuleContext, RuleModule } from './registry';
import { hexesWithin, distance, type HexId } from '../hex';
import { phasingSide, gameTime } from '../sequence';
import { M, addMarker, dropMarker, has, live } from './combatTraits';
import { genSCheck, genSCost, supplyRule } from './supply';
import { anyModuleGenS, moduleGenSAnyLength } from './extensions';
import { isHq } from './unit-traits';
import { peekUnit, readUnits } from './unitIndex';
import { mutUnit, patchUnit } from '../unitTable';
import { effectivePr } from './combatPr';
import { leaderPrcDrm } from './leaders';
import { prc } from '../procedures/proficiency';
import { moduleDraft, moduleState } from './moduleState';

export const ISOLATED = 'Isolated';
/** GOSS 15.7.0: a friendly unit in GenS this close keeps a unit from being isolated. */
const FRIEND_RANGE = 3;
/** GOSS 15.7.1: a surrender this close this GT is a +1. */
const SURRENDER_RANGE = 2;

/** The units of `side` on the map that are isolated now (GOSS 15.7.0). Empty when the side traces no supply. */
export function isolatedUnits(state: GameState, bundle: ScenarioBundle, side: Side): Set<string> {
  const rule = supplyRule(bundle, side);
  const out = new Set<string>();
  if (!rule && !anyModuleGenS(bundle)) return out;
  const inGenS = genSCheck(state, bundle, side);
  const mine = readUnits(state.units).filter((u) => u.side === side && live(u) && u.hex !== null);
  const supplied = new Set<HexId>();
  const cut = mine.filter((u) => { const ok = inGenS(u); if (ok) supplied.add(u.hex!); return !ok; });
  if (!cut.length) return out;
  // Any length: the side's trace from its sources, limited only by the enemy-adjacent hexes.
  const cost = rule ? genSCost(state, bundle, side) : null;
  const mods = anyModuleGenS(bundle);
  for (const u of cut) {
    // A module that decides the unit's GenS decides its path of any length too (AW 15.0: from its division's HQ).
    const m = mods ? moduleGenSAnyLength(state, bundle, u.id) : null;
    if (m === true) continue;
    if (m === null && cost && (cost.get(u.hex!) ?? Infinity) <= rule!.maxAdjacentToEnemy) continue;
    if (hexesWithin(u.hex!, FRIEND_RANGE).some((h) => supplied.has(h))) continue;
    out.add(u.id);
  }
  return out;
}

/** GOSS 15.7.0 in the Supply Determination Segment: the phasing side's units (not HQs) marked or cleared. */
function markIsolation(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const bundle = ctx.bundle;
  const side = phasingSide(bundle.scenario, d.pos);
  const iso = isolatedUnits(d as GameState, bundle, side);
  const events: GameEvent[] = [];
  for (const u of readUnits(d.units)) {
    if (u.side !== side || !live(u) || u.hex === null) continue;
    const def = bundle.units.get(u.id);
    if (def && isHq(def)) continue;
    const now = iso.has(u.id);
    if (now === has(u, ISOLATED)) continue;
    const m = mutUnit(d, u.id);
    if (now) addMarker(m, ISOLATED); else dropMarker(m, ISOLATED);
    events.push({ type: 'isolationChanged', unit: u.id, isolated: now, case: 'GOSS 15.7.0' });
  }
  return events;
}

/** `state.special.surrender`: the AM GTs each unit has checked in (GOSS 15.7.1 +2 each), and where units surrendered in the GT `turn`. */
interface SurrenderState { checks?: Record<string, number>; surrendered?: { turn: number; at: { hex: number; side: Side }[] } }
const ss = (s: GameState): SurrenderState => moduleState<SurrenderState>(s, 'surrender');
const ssd = (d: Draft<GameState>): Draft<SurrenderState> => moduleDraft<SurrenderState>(d, 'surrender');

/** Is the unit isolated and OoS, and so checks for surrender (GOSS 15.7.1)? */
export const checksSurrender = (u: UnitState): boolean => live(u) && u.hex !== null && has(u, ISOLATED) && has(u, M.OOS);

/**
 * One surrender check (GOSS 15.7.1): a defensive PRC, +2 per earlier AM GT the unit checked in, +1 when a
 * friendly unit within 2 hexes surrendered this GT, −1 with a leader. A failure removes the unit.
 */
function check(d: Draft<GameState>, ctx: RuleContext, u: UnitState, earlier: number, where: string): { event: GameEvent; surrendered: boolean } {
  const s = d as GameState;
  const bundle = ctx.bundle;
  const done = ss(s).surrendered;
  const near = done?.turn === d.pos.turn && done.at.some((x) => x.side === u.side && distance(x.hex, u.hex!) <= SURRENDER_RANGE);
  const pr = effectivePr(s, bundle, u.id, 'def').pr ?? 0;
  const ld = leaderPrcDrm(s, bundle, u.side, [u.hex!]);
  const drm = 2 * earlier + (near ? 1 : 0) + (ld?.drm ?? 0);
  const r = prc(ctx.dice, pr, drm, `surrender check ${u.id} (${where})`);
  if (!r.pass) {
    const st = ssd(d);
    const at = st.surrendered?.turn === d.pos.turn ? [...st.surrendered.at] : [];
    st.surrendered = { turn: d.pos.turn, at: [...at, { hex: u.hex!, side: u.side }] };
    patchUnit(d, u, { eliminated: true, hex: null });
  }
  return { event: { type: 'surrenderCheck', unit: u.id, pr, drm, roll: r.roll, surrendered: !r.pass, case: ld ? `${where}, ${ld.case}` : where }, surrendered: !r.pass };
}

/** GOSS 15.7.1 in the Surrender Segment: the surrender checks of both sides' isolated OoS units. */
function surrenderChecks(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const bundle = ctx.bundle;
  if (gameTime(bundle.scenario, bundle.sequence, d.pos.turn).time !== 'AM') return [];
  const events: GameEvent[] = [];
  const before = ss(d as GameState).checks ?? {};
  const checks: Record<string, number> = {};
  for (const side of bundle.scenario.sides as Side[]) {
    const due = readUnits(d.units).filter((u) => u.side === side && checksSurrender(u)).sort((a, b) => a.id.localeCompare(b.id));
    for (const u of due) {
      const earlier = before[u.id] ?? 0;
      const r = check(d, ctx, u, earlier, 'GOSS 15.7.1');
      if (!r.surrendered) checks[u.id] = earlier + 1;
      events.push(r.event);
    }
  }
  // Units no longer isolated and OoS start again from no check (reconstructed).
  const st = ssd(d);
  if (Object.keys(checks).length || st.checks) st.checks = checks;
  return events;
}

/**
 * GOSS 13.5 step 3 / 15.7.1: before defending in a ground assault, each isolated OoS defender checks for
 * surrender with the DRMs of the AM check. Returns the events and the defenders left.
 */
export function gaSurrenderChecks(d: Draft<GameState>, ctx: RuleContext, defenders: readonly string[]): { events: GameEvent[]; left: string[] } {
  const events: GameEvent[] = [];
  const left: string[] = [];
  const before = ss(d as GameState).checks ?? {};
  for (const id of [...defenders].sort()) {
    const u = peekUnit(d as GameState, id);
    if (!u || !checksSurrender(u)) { if (u && live(u)) left.push(id); continue; }
    const r = check(d, ctx, u, before[id] ?? 0, 'GOSS 13.5, 15.7.1');
    events.push(r.event);
    if (!r.surrendered) left.push(id);
  }
  return { events, left: defenders.filter((x) => left.includes(x)) };
}

export const isolationRules: RuleModule = {
  name: 'isolation',
  hooks: [
    { segment: 'supplyDetermination', onEnter: markIsolation },
    { segment: 'surrender', onEnter: surrenderChecks },
  ],
};

