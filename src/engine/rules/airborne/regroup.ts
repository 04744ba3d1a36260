/**
 * AW 41.3.1, 41.3.4, 41.3.5: at the start of each Allied airborne Movement Segment, para Coys of one
 * Btn stacked together reorganise into the Btn (`reorganise`), and FoW counters stacked with a DZ or
 * a leader try to regroup (`regroup`: 1d10 ≤ the DZ's regroup number A7 B6 C4 D3 E2, +1 with a leader,
 * 3 with a leader alone), revealing their identity (fow.ts `revealFow`). At the end of the segment a
 * hex holds at most 4 FoW counters besides those still on the DZ they landed on (41.3.1).
 */
import type { Draft } from 'immer';
import type { Action, ActionOf, GameEvent, GameState, ScenarioBundle } from '../../types';
import { reject, type ActionHandler, type RuleContext, type SegmentHook } from '../registry';
import { moduleOn } from '../extensions';
import { segmentAt } from '../../sequence';
import { formatHex, type HexId } from '../../hex';
import { isBox } from '../locations';
import { isLeader } from '../unit-traits';
import { regroupNumber, type DzStatus } from './scatter';
import { revealFow } from './fow';
import { eliminateLanded } from './landing';
import { AIRBORNE, airborneData, airborneDraft, airborneState } from './state';
import { regroupGdDrm } from './afterStage';
import { dropUnit, hasUnit, putUnit, unitList, unitOf } from '../../unitTable';

const MOVE_SEGMENTS = ['alliedMovement1', 'alliedMovement2'];
/** AW 41.3.1: FoW counters a hex may hold besides the normal stacking. */
export const FOW_STACK = 4;

const segKey = (s: GameState, b: ScenarioBundle) => `${s.pos.turn}:${segmentAt(b.sequence, s.pos).segment.id}`;

/**
 * AW 41.3.0: the Allied airborne Movement Segment runs reorganisation, then FoW regroup, then movement.
 * Which of the later steps has begun in this segment (a regroup tried, a unit moved or tried a bridge)?
 */
export function segmentStep(s: GameState, b: ScenarioBundle): 'reorganise' | 'regroup' | 'move' | null {
  if (!MOVE_SEGMENTS.includes(segmentAt(b.sequence, s.pos).segment.id)) return null;
  const a = airborneState(s);
  const key = segKey(s, b);
  if (a.moves?.seg === key && a.moves.moved?.length) return 'move';
  if (Object.values(a.regroupTried ?? {}).includes(key)) return 'regroup';
  return 'reorganise';
}

/** The best DZ status in the hex (a placed DZ, not removed), or null. */
function dzStatusAt(s: GameState, hex: HexId): DzStatus | null {
  const order = 'ABCDE';
  const st = Object.values(airborneState(s).dzs).filter((z) => z.hex === hex && !z.removed && z.status).map((z) => z.status!);
  return st.length ? st.sort((x, y) => order.indexOf(x) - order.indexOf(y))[0] : null;
}

function leaderAt(s: GameState, b: ScenarioBundle, hex: HexId): boolean {
  return unitList(s).some((u) => u.hex === hex && u.side === 'allied' && !u.eliminated && isLeader(b.units.get(u.id)!));
}

/** The regroup number of a FoW counter now (AW 41.3.5), or why it may not try. */
export function regroupChance(s: GameState, b: ScenarioBundle, unit: string): { number: number; dz: DzStatus | null; leader: boolean } | { code: string; message: string; case: string } {
  const a = airborneState(s);
  const u = unitOf(s, unit);
  if (!a.fow[unit] || !u || u.eliminated) return { code: 'not-fow', message: `${unit} is not a FoW counter in play`, case: 'AW 41.3.5' };
  if (u.hex === null) return { code: 'not-on-map', message: 'a FoW counter off the map regroups only from the ES track', case: 'AW 41.3.5' };
  if (segmentStep(s, b) === 'move') return { code: 'order', message: 'FoW units regroup before any unit moves in the segment (reorganisation, regroup, then movement)', case: 'AW 41.3.0' };
  if (a.regroupTried?.[unit] === segKey(s, b)) return { code: 'regroup-tried', message: 'this FoW counter has tried to regroup in this segment', case: 'AW 41.3.5' };
  const dz = dzStatusAt(s, u.hex);
  const leader = leaderAt(s, b, u.hex);
  // AW 41.3.6: in the normal GTs −1 DRM per GD after the drop (success is a low roll: the number goes up).
  const n = regroupNumber(airborneData(b).tables, dz, leader, -regroupGdDrm(s, b));
  if (n === null) return { code: 'no-dz-or-leader', message: 'a FoW counter regroups only stacked with a DZ or a leader', case: 'AW 41.3.5' };
  return { number: n, dz, leader };
}

function regroup(d: Draft<GameState>, action: Action, ctx: RuleContext): GameEvent[] {
  const a = action as ActionOf<'regroup'>;
  if (!moduleOn(ctx.bundle, AIRBORNE)) reject('no-airborne', 'this scenario has no airborne drop', 'AW 41.0');
  const c = regroupChance(d as GameState, ctx.bundle, a.unit);
  if ('code' in c) reject(c.code, c.message, c.case);
  const ch = c as { number: number; dz: DzStatus | null; leader: boolean };
  const hex = unitOf(d, a.unit).hex!;
  const roll = ctx.dice.d10(`AW 41.3.5 regroup of a FoW counter in ${formatHex(hex)} (success on ${ch.number} or less)`);
  const ok = roll <= ch.number;
  const events: GameEvent[] = [{ type: 'regroupRoll', unit: a.unit, hex: formatHex(hex), number: ch.number, dz: ch.dz, leader: ch.leader, roll, success: ok, case: 'AW 41.3.5' }];
  (airborneDraft(d).regroupTried ??= {})[a.unit] = segKey(d as GameState, ctx.bundle);
  if (ok) events.push(...revealFow(d, ctx, a.unit, { case: 'AW 41.3.5', why: 'regrouped' }).events);
  return events;
}

/** The Btn of a para Coy (from the display's schedule), or null. */
function btnOf(b: ScenarioBundle, coy: string): { bn: string; coys: string[] } | null {
  for (const e of airborneData(b).display.drops) for (const x of e.battalions) if (x.coys.includes(coy)) return x;
  return null;
}

/** AW 41.3.4: why these Coys may not reform the Btn, or null. */
export function reorganiseProblem(s: GameState, b: ScenarioBundle, bn: string, coys: string[]): { code: string; message: string; case: string } | null {
  const a = airborneState(s);
  const btn = airborneData(b).display.drops.flatMap((e) => e.battalions).find((x) => x.bn === bn);
  if (!btn) return { code: 'not-a-btn', message: `${bn} is no para Btn of the Airborne Display`, case: 'AW 41.3.4' };
  if (hasUnit(s, bn) && !unitOf(s, bn).eliminated) return { code: 'btn-formed', message: `${bn} is already on the map`, case: 'AW 41.3.4' };
  const step = segmentStep(s, b);
  if (step === 'regroup' || step === 'move') return { code: 'order', message: `Coys reorganise at the start of the segment, before any ${step === 'move' ? 'movement' : 'FoW regroup'} (reorganisation, regroup, then movement)`, case: 'AW 41.3.0' };
  if (new Set(coys).size !== coys.length || !coys.length) return { code: 'bad-coys', message: 'name each Coy once', case: 'AW 41.3.4' };
  for (const c of coys) {
    const u = unitOf(s, c);
    if (!btn.coys.includes(c)) return { code: 'other-btn', message: `${c} is not a Coy of ${bn}`, case: 'AW 41.3.4' };
    if (!u || u.eliminated || u.hex === null) return { code: 'not-on-map', message: `${c} is not on the map`, case: 'AW 41.3.4' };
    if (u.hex !== unitOf(s, coys[0]).hex) return { code: 'not-stacked', message: 'the Coys must be stacked together', case: 'AW 41.3.4' };
  }
  if (coys.length === 1) {
    // A lone Coy only once every FoW unit has regrouped and the ES track is empty.
    const esBusy = unitList(s).some((u) => !u.eliminated && u.box !== undefined && isBox(u.box) && a.fow[u.id]);
    if (Object.values(a.fow).some((f) => !f.eliminated) || esBusy) return { code: 'lone-coy', message: 'a lone Coy becomes a Btn only once every FoW unit has regrouped and the ES track is empty', case: 'AW 41.3.4' };
  }
  return null;
}

function reorganise(d: Draft<GameState>, action: Action, ctx: RuleContext): GameEvent[] {
  const a = action as ActionOf<'reorganise'>;
  if (!moduleOn(ctx.bundle, AIRBORNE)) reject('no-airborne', 'this scenario has no airborne drop', 'AW 41.0');
  const p = reorganiseProblem(d as GameState, ctx.bundle, a.unit, a.coys);
  if (p) reject(p.code, p.message, p.case);
  const hex = unitOf(d, a.coys[0]).hex!;
  const steps = ctx.bundle.units.get(a.unit)!.steps.length;
  putUnit(d, { id: a.unit, side: 'allied', hex, stepsLost: Math.max(0, steps - a.coys.length), mpSpent: 0, markers: [] });
  for (const c of a.coys) dropUnit(d, c);
  return [{ type: 'reorganised', unit: a.unit, coys: a.coys, hex: formatHex(hex), stepsLost: unitOf(d, a.unit).stepsLost, case: 'AW 41.3.4' }];
}

export const regroupHandlers: ActionHandler[] = [
  {
    type: 'regroup',
    apply: regroup,
    legal(s, side, b) {
      if (side !== 'allied' || !moduleOn(b, AIRBORNE)) return [];
      return Object.keys(airborneState(s).fow).filter((id) => !('code' in regroupChance(s, b, id))).sort().map((unit) => ({ type: 'regroup', unit }) as Action);
    },
  },
  {
    type: 'reorganise',
    apply: reorganise,
    legal(s, side, b) {
      if (side !== 'allied' || !moduleOn(b, AIRBORNE)) return [];
      const out: Action[] = [];
      const byBtnHex = new Map<string, string[]>();
      for (const u of unitList(s)) {
        if (u.eliminated || u.hex === null || u.side !== 'allied') continue;
        const btn = btnOf(b, u.id);
        if (btn) { const k = `${btn.bn}|${u.hex}`; byBtnHex.set(k, [...(byBtnHex.get(k) ?? []), u.id]); }
      }
      for (const [k, coys] of byBtnHex) {
        const bn = k.split('|')[0];
        const sets = coys.length === 3 ? [coys, ...coys.map((_, i) => coys.filter((__, j) => j !== i))] : [coys];
        for (const set of sets) if (!reorganiseProblem(s, b, bn, set)) out.push({ type: 'reorganise', unit: bn, coys: [...set].sort() });
      }
      return out;
    },
  },
];

/** AW 41.3.1: at the end of each Allied airborne Movement Segment, FoW counters over 4 in a hex (those still on the DZ they landed on apart) are eliminated. */
export const stackingHooks: SegmentHook[] = MOVE_SEGMENTS.map((segment) => ({
  segment,
  onExit(d, ctx) {
    if (!moduleOn(ctx.bundle, AIRBORNE)) return [];
    const a = airborneDraft(d);
    const byHex = new Map<HexId, string[]>();
    for (const [id, f] of Object.entries(a.fow)) {
      const u = unitOf(d, id);
      if (!u || u.eliminated || u.hex === null || f.landedOn === u.hex) continue;
      byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), id]);
    }
    const events: GameEvent[] = [];
    for (const [, ids] of [...byHex].sort((x, y) => x[0] - y[0])) {
      // FoW counters are interchangeable (no identity), so which ones go does not matter: the last numbered.
      const over = ids.sort((x, y) => x.localeCompare(y, 'en', { numeric: true })).slice(FOW_STACK);
      for (const id of over) events.push(...eliminateLanded(d, id, `more than ${FOW_STACK} FoW units in the hex at the end of the segment`, 'AW 41.3.1'));
    }
    return events;
  },
}));
