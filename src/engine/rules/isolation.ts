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
 * supply sources (genSCost, whose only limit is the enemy-adjacent hexes). Not yet: the check before
 * defending in a ground assault (GOSS 13.5 step 3).
 */
import type { Draft } from 'immer';
import type { GameEvent, GameState, ScenarioBundle, Side } from '../types';
import type { RuleContext, RuleModule } from './registry';
import { hexesWithin, distance, type HexId } from '../hex';
import { phasingSide, gameTime } from '../sequence';
import { M, addMarker, dropMarker, has, live } from './combatTraits';
import { genSCheck, genSCost, supplyRule } from './supply';
import { anyModuleGenS } from './extensions';
import { isHq } from './unit-traits';
import { readUnits } from './unitIndex';
import { mutUnit, patchUnit } from '../unitTable';
import { effectivePr } from './combatPr';
import { leaderPrcDrm } from './leaders';
import { prc } from '../procedures/proficiency';
import { moduleDraft, moduleState } from './moduleState';

export const ISOLATED = 'Isolated';
const CASE = 'GOSS 15.7';
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
  for (const u of cut) {
    if (cost && (cost.get(u.hex!) ?? Infinity) <= rule!.maxAdjacentToEnemy) continue;
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

/** `state.special.surrender`: the AM GTs each unit has checked in (GOSS 15.7.1 +2 each), and the last GT's surrenders. */
interface SurrenderState { checks?: Record<string, number> }
const ss = (s: GameState): SurrenderState => moduleState<SurrenderState>(s, 'surrender');
const ssd = (d: Draft<GameState>): Draft<SurrenderState> => moduleDraft<SurrenderState>(d, 'surrender');

/** GOSS 15.7.1 in the Surrender Segment: the surrender checks of both sides' isolated OoS units. */
function surrenderChecks(d: Draft<GameState>, ctx: RuleContext): GameEvent[] {
  const bundle = ctx.bundle;
  if (gameTime(bundle.scenario, bundle.sequence, d.pos.turn).time !== 'AM') return [];
  const s = d as GameState;
  const events: GameEvent[] = [];
  const before = ss(s).checks ?? {};
  const checks: Record<string, number> = {};
  for (const side of bundle.scenario.sides as Side[]) {
    const surrendered: HexId[] = [];
    const due = readUnits(d.units).filter((u) => u.side === side && live(u) && u.hex !== null && has(u, ISOLATED) && has(u, M.OOS)).sort((a, b) => a.id.localeCompare(b.id));
    for (const u of due) {
      const earlier = before[u.id] ?? 0;
      checks[u.id] = earlier + 1;
      const pr = effectivePr(s, bundle, u.id, 'def').pr ?? 0;
      const near = surrendered.some((h) => distance(h, u.hex!) <= SURRENDER_RANGE);
      const ld = leaderPrcDrm(s, bundle, side, [u.hex!]);
      const drm = 2 * earlier + (near ? 1 : 0) + (ld?.drm ?? 0);
      const r = prc(ctx.dice, pr, drm, `surrender check ${u.id} (GOSS 15.7.1)`);
      if (!r.pass) { surrendered.push(u.hex!); patchUnit(d, u, { eliminated: true, hex: null }); delete checks[u.id]; }
      events.push({ type: 'surrenderCheck', unit: u.id, pr, drm, roll: r.roll, surrendered: !r.pass, case: ld ? `GOSS 15.7.1, ${ld.case}` : 'GOSS 15.7.1' });
    }
  }
  // Units no longer isolated and OoS start again from no check (reconstructed).
  const st = ssd(d);
  if (Object.keys(checks).length || st.checks) st.checks = checks;
  return events;
}

export const isolationRules: RuleModule = {
  name: 'isolation',
  hooks: [
    { segment: 'supplyDetermination', onEnter: markIsolation },
    { segment: 'surrender', onEnter: surrenderChecks },
  ],
};

export { CASE as ISOLATION_CASE };
