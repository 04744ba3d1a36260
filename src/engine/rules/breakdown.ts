/**
 * Breakdown and recombination (GOSS 18, AW 18.2.0, AW 31.2.1 "units may breakdown or recombine;
 * units that do so reduce their MA by one-half").
 *
 *   {type:'breakdown', unit, coys?}          phasing, Movement Segment: a Bn detaches `coys` breakdown
 *                                            Coys (default: all its steps) into its hex. Each Coy is one
 *                                            step of the Bn (the Bn takes one step reduction per Coy; AW
 *                                            38.8.2 "(-#) = partially broken down"); a Bn that detaches
 *                                            its last step is fully broken down and leaves the map
 *                                            (the Breakdown Box) until its Coys recombine.
 *   {type:'recombine', unit, coys:[id…], hex?} phasing, Movement Segment: Coys the Bn detached rejoin it
 *                                            from its hex or an adjacent one, one step each; a fully
 *                                            broken down Bn re-forms in `hex` (a Coy's hex, default the
 *                                            first Coy's), every Coy in or adjacent to it.
 *
 * At setup (AW 32.11.0, setupPhase.ts): while a setup with breakdowns is open, its side may break the
 * units its setup options list down at no MA cost (nothing has moved yet); the Coys set up in the
 * parent's hex and the hex must stay within the stacking limits (GOSS 6).
 *
 * Both cost every unit taking part half its MA for the phase (GOSS 18, AW 31.2.1), rounded up
 * (GOSS 1.5): the unit must have that much left. Only units in Tac mode (GOSS 5.1.0a: no PA, CR or
 * Exploit marker), not fatigued, with breakdown data on the counter (HQs and artillery have none;
 * the red triangle `mayNotBreakDown`, GOSS 18.3.0 and AW 18.2.0, forbids it), and not halted.
 *
 * Counter marks (GOSS 18.3.0, 4.1.4): a red square lets the Bn create only one breakdown unit (one
 * Coy, and none while that Coy is out); a hybrid breaks down only at full strength (no step lost,
 * none detached), into the parts its data lists (its AFV and infantry Coys, in that order).
 *
 * The Coys are the generic breakdown counters of the scenario's counter mix (AW 40.0): unit
 * definitions with `generic` set and the `class` named by the Bn's breakdown data, not in play yet
 * and not a scheduled reinforcement; the lowest ids are used first. A Coy that rejoins its Bn goes
 * back to the counter mix (its record leaves `state.units`). Eliminated Coys stay eliminated: their
 * step is lost to the Bn.
 */
import { dropUnit, hasUnit, mutUnit, putUnit, unitIds, unitOf } from '../unitTable';
import type { Draft } from 'immer';
import { areAdjacent, formatHex, tryParseHexRef, type HexId } from '../hex';
import { segmentAt } from '../sequence';
import type { UnitDef } from '../../data/schemas/unit';
import type { Action, ActionOf, GameEvent, GameState, Rejection, ScenarioBundle, Side, UnitState } from '../types';
import { reject, type RuleModule } from './registry';
import { allowance, moveRecordNow, sideView } from './movement-search';
import { MARKER, hasMarker, isArtillery, isHq, stepsLeft } from './unit-traits';
import { special } from './scenarioArea';
import { BREAKDOWN_CASE, mayBreakDownAtSetup, setupState } from './setupPhase';
import { stackViolationOf } from './stacking';
import { unitIndex } from './unitIndex';
import { detachedCoys } from './breakdownSteps';

export { detachedCoys, detachedSteps, lostSteps, replaceStep } from './breakdownSteps';

const CASE = 'GOSS 18';
// The action schemas (strict, normalised) live with the other actions (src/engine/actions).

const no = (code: string, message: string, ruleCase = CASE): Rejection => ({ code, message, case: ruleCase });

function phasing(state: GameState, bundle: ScenarioBundle): Side {
  return bundle.scenario.sides[state.pos.playerTurn];
}

const pools = new WeakMap<ScenarioBundle, Map<string, string[]>>();

/** Generic breakdown counters of the counter mix by class (AW 40.0), reinforcements and off-map units excepted. */
function counterMix(bundle: ScenarioBundle): Map<string, string[]> {
  let m = pools.get(bundle);
  if (m) return m;
  m = new Map();
  const sp = special(bundle);
  const reserved = new Set<string>([
    ...(sp.reinforcements ?? []).flatMap((g) => g.units.map((u) => u.unit)),
    ...(sp.offMap ?? []).map((o) => o.unit),
  ]);
  for (const d of bundle.units.values()) {
    if (!d.generic || !d.class || reserved.has(d.id)) continue;
    const l = m.get(d.class);
    if (l) l.push(d.id); else m.set(d.class, [d.id]);
  }
  for (const l of m.values()) l.sort();
  pools.set(bundle, m);
  return m;
}

/** The free breakdown counters (ids) of a class now: in the counter mix and not in play. */
export function freeCounters(state: GameState, bundle: ScenarioBundle, cls: string): string[] {
  return (counterMix(bundle).get(cls) ?? []).filter((id) => !(hasUnit(state, id)));
}

type BdPart = { class: string; values: string };

/**
 * The classes of the next `k` Coys `def` detaches when `gone` of its steps are already lost or out
 * (GOSS 18; a hybrid's parts in data order, GOSS 4.1.4).
 */
function coyParts(def: UnitDef, k: number, gone: number): BdPart[] {
  const bd = def.breakdown!;
  const seq: BdPart[] = bd.parts ? bd.parts.flatMap((p) => Array<BdPart>(p.count).fill(p)) : [bd];
  return Array.from({ length: k }, (_, i) => seq[Math.min(gone + i, seq.length - 1)]);
}

/** Free counters for `parts` (ids in order), or the first part the counter mix cannot supply, with how many it has. */
function pickCounters(state: GameState, bundle: ScenarioBundle, parts: BdPart[]): { ids: string[] } | { short: BdPart; free: number; need: number } {
  const taken = new Map<string, number>();
  const ids: string[] = [];
  for (const p of parts) {
    const free = freeCounters(state, bundle, p.class);
    const i = taken.get(p.class) ?? 0;
    if (i >= free.length) return { short: p, free: free.length, need: parts.filter((x) => x.class === p.class).length };
    ids.push(free[i]);
    taken.set(p.class, i + 1);
  }
  return { ids };
}

/** Half the unit's MA this phase, ×2 (half-MP units), rounded up to whole MP (GOSS 1.5), and what it has left ×2. */
function halfMa(state: GameState, bundle: ScenarioBundle, u: UnitState): { half: number; left: number; budget: number } {
  const def = bundle.units.get(u.id)!;
  const a = allowance({ state, bundle, view: sideView(state, bundle, u.side), unit: u, def, mode: 'tactical', leg: def.moveClass !== 'mech' });
  const half = 2 * Math.ceil(a.budget / 4);
  return { half, left: a.budget - a.spent, budget: a.budget };
}

/** The counters for `k` Coys of `u`, or what the counter mix lacks (countersProblem's text). */
function countersFor(state: GameState, bundle: ScenarioBundle, def: UnitDef, u: UnitState, k: number): ReturnType<typeof pickCounters> {
  return pickCounters(state, bundle, coyParts(def, k, def.steps.length - stepsLeft(def, u)));
}

/** Why `u` may not take part in a breakdown or recombination now (Tac mode, not fatigued, not halted, half its MA left). */
function unitProblem(state: GameState, bundle: ScenarioBundle, u: UnitState, what: string): Rejection | null {
  const def = bundle.units.get(u.id)!;
  const n = def.designation;
  if (hasMarker(u, MARKER.PA) || hasMarker(u, MARKER.CR) || hasMarker(u, MARKER.EXPLOIT)) return no('not-tactical', `${n} is not in Tac mode (PA, CR or Exploit marker) and may not ${what}`, 'GOSS 5.1.0a, 18');
  if (hasMarker(u, MARKER.FATIGUE1) || hasMarker(u, MARKER.FATIGUE2)) return no('fatigued', `${n} is fatigued and may not ${what}`, CASE);
  // Reconstructed: the Coys could not share the Bn's place on the transport (GOSS 7.12.3b): dismount first.
  if (hasMarker(u, MARKER.MOT)) return no('transported', `${n} is carried by its division's transport; it dismounts before it may ${what}`, 'GOSS 7.12.3b, 18');
  if (moveRecordNow(state, bundle, u)?.halted) return no('halted', `${n} halted this phase and may not ${what}`, 'GOSS 7.7');
  const h = halfMa(state, bundle, u);
  if (h.left < h.half) return no('bd-ma', `${n} has ${h.left / 2} MP left; to ${what} costs half its MA (${h.half / 2} MP)`, 'GOSS 18, AW 31.2.1');
  return null;
}

/** The open setup in which units may break down (AW 32.11.0), if any. */
function setupBreakdown(state: GameState) {
  const su = setupState(state);
  return su?.open && su.breakdown ? su : undefined;
}

/** What the counter allows (GOSS 18, 18.3.0 red triangle and red square, AW 18.2.0, hybrids): the Coys it would detach, or why none. */
function breakdownLimits(state: GameState, def: UnitDef, u: UnitState, coys: number | undefined): { k: number; left: number } | Rejection {
  const n = def.designation;
  if (def.mayNotBreakDown) return no('may-not-break-down', `${n} carries the red triangle and may not break down`, 'GOSS 18.3.0, AW 18.2.0');
  if (!def.breakdown || isHq(def) || isArtillery(def)) return no('no-breakdown', `${n} has no breakdown Coys (HQs, artillery and companies do not break down)`, CASE);
  const left = stepsLeft(def, u);
  const k = coys ?? (def.redSquare ? 1 : left);
  if (k > left) return no('too-many-coys', `${n} has ${left} step${left === 1 ? '' : 's'} left and can detach at most ${left} Coy${left === 1 ? '' : 's'}`, CASE);
  return marksProblem(state, def, u, k) ?? { k, left };
}

/** Why `unitId` may not detach `k` Coys at setup (AW 32.11.0): listed unit, GOSS 18 limits, counters, stacking in its hex. */
function setupProblem(state: GameState, bundle: ScenarioBundle, unitId: string, coys: number | undefined, side: Side): Rejection | null {
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId);
  if (!u || !def || u.eliminated || u.hex === null) return no('no-such-unit', `there is no unit "${unitId}" on the map`);
  const n = def.designation;
  if (u.side !== side) return no('not-your-unit', `${n} belongs to the other side`, BREAKDOWN_CASE);
  if (!mayBreakDownAtSetup(bundle, side, unitId)) return no('not-a-setup-option', `${n} is not among the units the setup options let break down`, BREAKDOWN_CASE);
  const lim = breakdownLimits(state, def, u, coys);
  if ('code' in lim) return lim;
  const { k, left } = lim;
  if (hasMarker(u, MARKER.FATIGUE1) || hasMarker(u, MARKER.FATIGUE2)) return no('fatigued', `${n} is fatigued and may not break down`, CASE);
  const c = countersProblem(state, bundle, def, u, k);
  if (c) return c;
  // AW 32.11.0: "stacking rules may not be violated" — the hex with the Coys (and without a fully broken-down Bn).
  const picked = pickCounters(state, bundle, coyParts(def, k, def.steps.length - left));
  const ids = 'ids' in picked ? picked.ids : [];
  const stack = (unitIndex(state).byHex.get(u.hex) ?? []).filter((x) => x.id !== u.id || k < left);
  for (const id of ids) stack.push({ id, side: u.side, hex: u.hex, stepsLost: 0, mpSpent: 0, markers: [] });
  const v = stackViolationOf(bundle, u.hex, u.side, stack);
  if (v) return no('overstack', `${k} breakdown Coy${k === 1 ? '' : 's'} of ${n} would overstack ${v.ref}: ${v.reason}`, `${BREAKDOWN_CASE}, ${v.case}`);
  return null;
}

function common(state: GameState, bundle: ScenarioBundle, unitId: string, what: string): Rejection | null {
  if (segmentAt(bundle.sequence, state.pos).segment.id !== 'move') return no('wrong-segment', `units ${what} in the Movement Segment`, 'AW 31.2.1, GOSS 18');
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId);
  if (!u || !def || u.eliminated) return no('no-such-unit', `there is no unit "${unitId}"`);
  if (u.side !== phasing(state, bundle)) return no('not-your-unit', `${def.designation} belongs to the other side`);
  return null;
}

/** Why `unitId` may not detach `coys` breakdown Coys now, or null (GOSS 18, AW 18.2.0, AW 31.2.1). */
export function breakdownProblem(state: GameState, bundle: ScenarioBundle, unitId: string, coys?: number): Rejection | null {
  const su = setupBreakdown(state);
  if (su) return setupProblem(state, bundle, unitId, coys, su.side);
  const c = common(state, bundle, unitId, 'break down');
  if (c) return c;
  const u = unitOf(state, unitId);
  const def = bundle.units.get(unitId)!;
  const n = def.designation;
  if (u.hex === null) return no('not-on-map', `${n} is not on the map`);
  const lim = breakdownLimits(state, def, u, coys);
  if ('code' in lim) return lim;
  const { k } = lim;
  const p = unitProblem(state, bundle, u, 'break down');
  if (p) return p;
  return countersProblem(state, bundle, def, u, k);
}

/** GOSS 18.3.0 red square (one breakdown unit) and GOSS 18 hybrids (full strength only). */
function marksProblem(state: GameState, def: UnitDef, u: UnitState, k: number): Rejection | null {
  const n = def.designation;
  if (def.redSquare) {
    if (k > 1) return no('red-square', `${n} carries the red square and may create only one breakdown unit, not ${k}`, 'GOSS 18.3.0');
    if (detachedCoys(state, u.id).length) return no('red-square', `${n} carries the red square and already has its one breakdown unit in play`, 'GOSS 18.3.0');
  }
  if (def.hybrid && (u.stepsLost > 0 || (u.detached?.length ?? 0) > 0)) return no('hybrid-not-full', `${n} is a hybrid with ${u.stepsLost} step${u.stepsLost === 1 ? '' : 's'} lost or detached: hybrids break down only at full strength`, 'GOSS 18, 4.1.4');
  return null;
}

function countersProblem(state: GameState, bundle: ScenarioBundle, def: UnitDef, u: UnitState, k: number): Rejection | null {
  const r = countersFor(state, bundle, def, u, k);
  if ('ids' in r) return null;
  return no('no-counters', `the counter mix has ${r.free} free ${r.short.values} breakdown Coy${r.free === 1 ? '' : 's'} (class ${r.short.class}); ${def.designation} needs ${r.need}`, 'GOSS 18, AW 18.2.0');
}

/** Why the Coys may not rejoin `parentId` now (and where it would re-form), or null (GOSS 18). */
export function recombineProblem(state: GameState, bundle: ScenarioBundle, parentId: string, coys: string[], hexRef?: string): Rejection | { hex: HexId } {
  const c = common(state, bundle, parentId, 'recombine');
  if (c) return c;
  const p = unitOf(state, parentId);
  const def = bundle.units.get(parentId)!;
  const n = def.designation;
  if (new Set(coys).size !== coys.length) return no('bad-action', 'each Coy may be named once');
  const mine = detachedCoys(state, parentId);
  for (const id of coys) {
    if (!mine.includes(id)) return no('not-its-coy', `${id} is not a breakdown Coy of ${n} in play; Coys rejoin the Bn they came from`, CASE);
  }
  let target: HexId;
  if (p.hex !== null) {
    target = p.hex;
    const pp = unitProblem(state, bundle, p, 'recombine');
    if (pp) return pp;
    if (hexRef !== undefined) {
      const r = tryParseHexRef(hexRef);
      if ('error' in r) return no('bad-hex', r.error);
      if (r.hex !== p.hex) return no('bad-hex', `${n} is on the map in ${formatHex(p.hex)}: its Coys rejoin it there`, CASE);
    }
  } else {
    const first = unitOf(state, coys[0]).hex!;
    if (hexRef === undefined) target = first;
    else {
      const r = tryParseHexRef(hexRef);
      if ('error' in r) return no('bad-hex', r.error);
      target = r.hex;
    }
    if (!coys.some((id) => unitOf(state, id).hex === target)) return no('bad-hex', `${n} re-forms in the hex of one of its Coys, not ${formatHex(target)}`, CASE);
  }
  for (const id of coys) {
    const u = unitOf(state, id);
    const h = u.hex!;
    if (h !== target && !areAdjacent(h, target)) return no('not-adjacent', `${bundle.units.get(id)?.designation ?? id} in ${formatHex(h)} is neither in nor adjacent to ${formatHex(target)}: recombination needs the same or an adjacent hex`, CASE);
    const up = unitProblem(state, bundle, u, 'recombine');
    if (up) return up;
  }
  return { hex: target };
}

const SUPPLY_ORDER = [MARKER.OOS, MARKER.OHS];
const FATIGUE_ORDER = [MARKER.FATIGUE2, MARKER.FATIGUE1];
/** The worse of each marker family a set of units carries (reconstructed: GOSS 18 says nothing of markers; a recombined Bn keeps the worst supply and fatigue state of its parts). */
function worst(units: UnitState[], family: readonly string[]): string | null {
  for (const m of family) if (units.some((u) => u.markers.includes(m))) return m;
  return null;
}

function applyBreakdown(d: Draft<GameState>, bundle: ScenarioBundle, action: Action): GameEvent[] {
  const a = action as ActionOf<'breakdown'>;
  const state = d as GameState;
  const e = breakdownProblem(state, bundle, a.unit, a.coys);
  if (e) reject(e.code, e.message, e.case);
  const u = mutUnit(d, a.unit);
  const def = bundle.units.get(u.id)!;
  const k = a.coys ?? (def.redSquare ? 1 : stepsLeft(def, u));
  const from = u.hex!;
  const atSetup = !!setupBreakdown(state);
  // AW 32.11.0: at setup nothing has moved; the breakdown costs no MA.
  const cost = atSetup ? { half: 0, left: 0, budget: 0 } : halfMa(state, bundle, u);
  const spentBefore = u.mpSpent;
  const picked = pickCounters(state, bundle, coyParts(def, k, def.steps.length - stepsLeft(def, u)));
  const ids = 'ids' in picked ? picked.ids : [];
  const carried = u.markers.filter((m) => m === MARKER.OHS || m === MARKER.OOS);
  u.stepsLost += k;
  u.mpSpent += cost.half / 2;
  u.detached = [...(u.detached ?? []), ...ids];
  const full = stepsLeft(def, u) === 0;
  if (full) u.hex = null;
  for (const id of ids) {
    const c: UnitState = { id, side: u.side, hex: from, stepsLost: 0, mpSpent: 0, markers: [...carried] };
    putUnit(d, c);
    if (atSetup) continue;
    // GOSS 18 / AW 31.2.1: the new Coys, too, have spent half their MA (after whatever the Bn had spent).
    const h = halfMa(d as GameState, bundle, c);
    mutUnit(d, id).mpSpent = Math.min(h.budget / 2, spentBefore + h.half / 2);
  }
  return [{
    type: 'brokenDown', unit: u.id, coys: ids, hex: formatHex(from), stepsLeft: stepsLeft(def, u), full,
    mpCost: cost.half / 2, case: atSetup ? `${BREAKDOWN_CASE}, GOSS 18` : 'GOSS 18, AW 31.2.1',
  }];
}

function applyRecombine(d: Draft<GameState>, bundle: ScenarioBundle, action: Action): GameEvent[] {
  const a = action as ActionOf<'recombine'>;
  const state = d as GameState;
  const r = recombineProblem(state, bundle, a.unit, a.coys, a.hex);
  if ('code' in r) reject(r.code, r.message, r.case);
  const p = mutUnit(d, a.unit);
  const parts: UnitState[] = a.coys.map((id) => ({ ...unitOf(state, id), markers: [...unitOf(state, id).markers] }));
  const onMap = p.hex !== null;
  const spent = Math.max(onMap ? p.mpSpent : 0, ...parts.map((c) => c.mpSpent));
  const all = onMap ? [{ ...unitOf(state, p.id), markers: [...p.markers] }, ...parts] : parts;
  const supply = worst(all, SUPPLY_ORDER);
  const fatigue = worst(all, FATIGUE_ORDER);
  p.markers = p.markers.filter((m) => !SUPPLY_ORDER.includes(m as never) && !FATIGUE_ORDER.includes(m as never));
  if (supply) p.markers.push(supply);
  if (fatigue) p.markers.push(fatigue);
  p.hex = r.hex;
  p.stepsLost -= a.coys.length;
  p.detached = (p.detached ?? []).filter((id) => !a.coys.includes(id));
  if (!p.detached.length) delete p.detached;
  // The Coys go back to the counter mix.
  for (const id of a.coys) dropUnit(d, id);
  const h = halfMa(d as GameState, bundle, { ...unitOf(state, p.id), hex: r.hex, mpSpent: 0 });
  p.mpSpent = Math.min(h.budget / 2, spent + h.half / 2);
  const def = bundle.units.get(p.id)!;
  return [{ type: 'recombined', unit: p.id, coys: a.coys, hex: formatHex(r.hex), stepsLeft: stepsLeft(def, p as UnitState), mpCost: h.half / 2, case: 'GOSS 18, AW 31.2.1' }];
}

function legalBreakdowns(state: GameState, side: Side, bundle: ScenarioBundle): Action[] {
  const out: Action[] = [];
  const su = setupBreakdown(state);
  if (su) {
    // AW 32.11.0: the setup's listed units (every unit of the side when the option lists none).
    if (su.side !== side) return out;
    for (const id of unitIds(state)) {
      const u = unitOf(state, id);
      const def = bundle.units.get(id);
      if (u.side !== side || u.hex === null || u.eliminated || !def?.breakdown) continue;
      for (let k = 1; k <= stepsLeft(def, u); k++) if (!breakdownProblem(state, bundle, id, k)) out.push({ type: 'breakdown', unit: id, coys: k });
    }
    return out;
  }
  if (state.pending || segmentAt(bundle.sequence, state.pos).segment.id !== 'move' || phasing(state, bundle) !== side) return out;
  for (const id of unitIds(state)) {
    const u = unitOf(state, id);
    if (u.side !== side || u.hex === null || u.eliminated) continue;
    const def = bundle.units.get(id);
    if (!def?.breakdown) continue;
    for (let k = 1; k <= stepsLeft(def, u); k++) {
      // Only whether some check refuses matters here, so the cheap one first (issue 17: every unit, after
      // every action): no free counters for k Coys means none for more Coys either.
      // Whether, not why: no refusal text is written for each unit (legalMarks does the same).
      if (!('ids' in countersFor(state, bundle, def, u, k))) break;
      if (!breakdownProblem(state, bundle, id, k)) out.push({ type: 'breakdown', unit: id, coys: k });
    }
  }
  return out;
}

/** Each Coy alone, and all the eligible Coys of a Bn together (the UI picks other subsets). */
function legalRecombinations(state: GameState, side: Side, bundle: ScenarioBundle): Action[] {
  const out: Action[] = [];
  if (state.pending || segmentAt(bundle.sequence, state.pos).segment.id !== 'move' || phasing(state, bundle) !== side) return out;
  for (const id of unitIds(state)) {
    const p = unitOf(state, id);
    if (p.side !== side || p.eliminated || !p.detached?.length) continue;
    const coys = detachedCoys(state, id);
    const ok = coys.filter((c) => !('code' in recombineProblem(state, bundle, id, [c], p.hex === null ? formatHex(unitOf(state, c).hex!) : undefined)));
    for (const c of ok) out.push({ type: 'recombine', unit: id, coys: [c], ...(p.hex === null ? { hex: formatHex(unitOf(state, c).hex!) } : {}) });
    if (ok.length > 1 && !('code' in recombineProblem(state, bundle, id, ok))) out.push({ type: 'recombine', unit: id, coys: ok });
  }
  return out;
}

export const breakdownRules: RuleModule = {
  name: 'breakdown',
  handlers: [
    { type: 'breakdown', apply: (d, a, ctx) => applyBreakdown(d, ctx.bundle, a), legal: legalBreakdowns },
    { type: 'recombine', apply: (d, a, ctx) => applyRecombine(d, ctx.bundle, a), legal: legalRecombinations },
  ],
};
