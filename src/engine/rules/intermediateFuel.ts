/**
 * Intermediate logistics: fuel (AW 35.5.1–35.5.2; scenario.special.fuel, data/modules/fuel/*.json),
 * for the intermediate scenarios and the campaign games without the full logistic rules:
 * - AW 35.5.1: Allied Mech units lose 4, then 2 from their printed MA until July 3 AM;
 * - AW 35.5.2: from June 9 the German side secretly designates one GT of each game day as its low-fuel
 *   GT (a daily sealed GT, rules/dailySealedGt.ts: declined with `fuelPass`): German Mech units lose 2
 *   from their printed MA in it; in the other GTs of the day they move at most half their printed MA,
 *   and one hex in PA mode.
 * - AW 35.5.2: each game day the German side may name formations and BGs (`fuelExempt`, in its
 *   Movement Segment, once a day) whose units move with their full MA: one formation or four BGs until
 *   July 3, two division formations or eight BGs from July 4 (reconstructed: a KG formation or an
 *   independent unit is a BG; a division formation weighs as many BGs as the limit gives BGs for one).
 * These are MA steps on the printed MA (extensions.ts `ma`, `paHexes`): the ground, GenS and Exploit
 * reductions apply after them, as AW 35.5.1–35.5.2 say.
 */
import type { Draft } from 'immer';
import type { ActionOf, GameEvent, GameState, ScenarioBundle, Side } from '../types';
import type { UnitDef } from '../../data/schemas/unit';
import type { TimeOfDay } from '../../data/schemas/sequence';
import { FuelTables, type FuelRule } from '../../data/schemas/fuel';
import { compareTime, gameTime, phasingSide } from '../sequence';
import { unitList, unitOf } from '../unitTable';
import { reject, type RuleModule } from './registry';
import { moduleDraft, moduleState } from './moduleState';
import { moduleOn, type Extension, type MaStep } from './extensions';
import { dailySealedGt, isDesignatedGt } from './dailySealedGt';

export const INTERMEDIATE_FUEL = 'intermediateFuel';
const KIND = 'lowFuelGT';

function rule(bundle: ScenarioBundle): FuelRule | undefined {
  return (bundle.scenario.special as { fuel?: FuelRule } | undefined)?.fuel;
}
/** The module's tables (validated at load). */
export function fuelTables(bundle: ScenarioBundle): FuelTables {
  return bundle.moduleData![rule(bundle)!.tables] as FuelTables;
}
const on = (bundle: ScenarioBundle): boolean => !!rule(bundle) && moduleOn(bundle, INTERMEDIATE_FUEL);
type At = { date: string; time: TimeOfDay };
const nowOf = (s: GameState, bundle: ScenarioBundle): At => gameTime(bundle.scenario, bundle.sequence, s.pos.turn) as At;

/** Does the German low-fuel rule apply on this game day (AW 35.5.2: from the June 9 GD)? */
function germanDay(bundle: ScenarioBundle, date: string): boolean {
  return on(bundle) && date >= fuelTables(bundle).german.from.date;
}

/** Is this GT the German side's revealed low-fuel GT (AW 35.5.2)? */
export function isLowFuelGt(state: GameState, bundle: ScenarioBundle): boolean {
  return on(bundle) && isDesignatedGt(state, bundle, KIND, fuelTables(bundle).german.side);
}

/** The module's bookkeeping in `state.special.fuel`: the game day's exemptions (AW 35.5.2). */
interface FuelState { exempt?: { date: string; formations: string[]; units: string[] } }
const fs = (s: GameState): FuelState => moduleState<FuelState>(s, 'fuel');
const fsd = (d: Draft<GameState>): Draft<FuelState> => moduleDraft<FuelState>(d, 'fuel');

/** Does the unit move with its full MA today (its formation or itself exempted, AW 35.5.2)? */
function exempted(state: GameState, def: UnitDef, unitId: string, date: string): boolean {
  const e = fs(state).exempt;
  return !!e && e.date === date && ((!!def.formation && e.formations.includes(def.formation)) || e.units.includes(unitId));
}

/** What an exemption may name (AW 35.5.2, reconstructed): a division formation, a KG formation (a BG), or an independent unit (a BG). */
type Kinds = { divisions: Set<string>; kgs: Set<string>; independent: Set<string> };
const kinds = new WeakMap<ScenarioBundle, Map<Side, Kinds>>();
function kindOf(bundle: ScenarioBundle, side: Side): Kinds {
  let bySide = kinds.get(bundle);
  if (!bySide) kinds.set(bundle, (bySide = new Map()));
  let k = bySide.get(side);
  if (!k) bySide.set(side, (k = buildKinds(bundle, side)));
  return k;
}
function buildKinds(bundle: ScenarioBundle, side: Side): Kinds {
  const pattern = new RegExp(fuelTables(bundle).german.exempt.bgFormationPattern);
  const divisions = new Set<string>(), kgs = new Set<string>(), independent = new Set<string>();
  for (const [id, def] of bundle.units) {
    if (def.side !== side) continue;
    if (def.independent) independent.add(id);
    else if (def.formation && def.formation !== 'breakdown') (pattern.test(def.formation) ? kgs : divisions).add(def.formation);
  }
  return { divisions, kgs, independent };
}

/** The exemption limit of the game day (AW 35.5.2). */
function limitOf(bundle: ScenarioBundle, now: At): { formations: number; bgs: number; source: string } | undefined {
  return fuelTables(bundle).german.exempt.limits.find((x) => compareTime(bundle.sequence, now, x.from) >= 0 && compareTime(bundle.sequence, now, x.before) < 0);
}

function exempt(d: Draft<GameState>, a: ActionOf<'fuelExempt'>, ctx: { bundle: ScenarioBundle; side: Side | null }): GameEvent[] {
  const bundle = ctx.bundle;
  const c = 'AW 35.5.2';
  if (!on(bundle)) reject('not-in-scenario', 'this scenario does not use the intermediate fuel rules', 'AW 35.5');
  const t = fuelTables(bundle);
  const s = d as unknown as GameState;
  const now = nowOf(s, bundle);
  if (ctx.side !== t.german.side || phasingSide(bundle.scenario, d.pos) !== t.german.side) reject('wrong-side', 'the German side names its full-MA formations in its own Movement Segment', c);
  if (!germanDay(bundle, now.date)) reject('not-yet', `the German fuel rules begin on ${t.german.from.date}`, c);
  if (fs(s).exempt?.date === now.date) reject('already', 'the full-MA formations of this game day are already named', c);
  const limit = limitOf(bundle, now);
  if (!limit) reject('no-limit', 'no exemption limit is given for this date', c);
  const k = kindOf(bundle, t.german.side);
  const names = [...a.formations, ...a.units];
  if (new Set(names).size !== names.length) reject('duplicate', 'a formation or unit is named twice', c);
  for (const f of a.formations) if (!k.divisions.has(f) && !k.kgs.has(f)) reject('no-formation', `${f} is no German division or KG formation`, c);
  for (const id of a.units) {
    if (!k.independent.has(id)) reject('not-independent', `${id} is no independent German unit (a BG of its own)`, c);
    if (!unitOf(s, id) || unitOf(s, id).eliminated) reject('not-in-play', `${id} is not in play`, c);
  }
  const divisions = a.formations.filter((f) => k.divisions.has(f)).length;
  const bgs = a.formations.length - divisions + a.units.length;
  const perFormation = limit!.bgs / limit!.formations;
  if (divisions > limit!.formations || divisions * perFormation + bgs > limit!.bgs) {
    reject('too-many', `at most ${limit!.formations} division formation${limit!.formations > 1 ? 's' : ''} or ${limit!.bgs} BGs a game day now`, c);
  }
  fsd(d).exempt = { date: now.date, formations: [...a.formations], units: [...a.units] };
  return [{ type: 'fuelExempted', side: t.german.side, formations: [...a.formations], units: [...a.units], case: c }];
}

/** The German side's single choices on the day (each division or KG formation with Mech units in play, each independent Mech unit). */
function exemptOptions(state: GameState, bundle: ScenarioBundle, side: Side): ActionOf<'fuelExempt'>[] {
  if (!on(bundle)) return [];
  const t = fuelTables(bundle);
  const now = nowOf(state, bundle);
  if (side !== t.german.side || phasingSide(bundle.scenario, state.pos) !== side || !germanDay(bundle, now.date) || fs(state).exempt?.date === now.date || !limitOf(bundle, now)) return [];
  const k = kindOf(bundle, side);
  const formations = new Set<string>();
  const units: string[] = [];
  for (const u of unitList(state)) {
    const def = bundle.units.get(u.id);
    if (u.side !== side || u.eliminated || def?.moveClass !== 'mech') continue;
    if (k.independent.has(u.id)) units.push(u.id);
    else if (def.formation && (k.divisions.has(def.formation) || k.kgs.has(def.formation))) formations.add(def.formation);
  }
  return [...[...formations].sort().map((f) => ({ type: 'fuelExempt' as const, formations: [f], units: [] })), ...units.sort().map((id) => ({ type: 'fuelExempt' as const, formations: [], units: [id] }))];
}

/** The fuel step of a Mech unit's printed MA now, or null (not Mech, no step today). */
function fuelMa(state: GameState, bundle: ScenarioBundle, unitId: string, ma: number): MaStep | null {
  if (!on(bundle)) return null;
  const def = bundle.units.get(unitId);
  const u = unitOf(state, unitId);
  if (!def || !u || def.moveClass !== 'mech') return null;
  const t = fuelTables(bundle);
  const now = nowOf(state, bundle);
  if (u.side === t.allied.side) {
    const step = t.allied.steps.find((x) => compareTime(bundle.sequence, now, x.from) >= 0 && compareTime(bundle.sequence, now, x.before) < 0);
    if (!step) return null;
    const out = Math.max(0, ma + step.mechMa);
    return { ma: out, case: 'AW 35.5.1', text: `fuel: Mech MA ${step.mechMa}, ${out}` };
  }
  if (u.side === t.german.side && germanDay(bundle, now.date) && !exempted(state, def, unitId, now.date)) {
    if (isLowFuelGt(state, bundle)) {
      const out = Math.max(0, ma + t.german.lowFuelMechMa);
      return { ma: out, case: 'AW 35.5.2', text: `low-fuel GT: Mech MA ${t.german.lowFuelMechMa}, ${out}` };
    }
    const out = Math.ceil(ma / t.german.otherGts.maDivisor);
    return { ma: out, case: 'AW 35.5.2', text: `not the low-fuel GT: at most half the printed MA, ${out}` };
  }
  return null;
}

export const intermediateFuel: Extension = {
  name: INTERMEDIATE_FUEL,
  cases: 'AW 35.5.1, AW 35.5.2',
  needs: ['fuel'],
  data(scenario) {
    const r = (scenario.special as { fuel?: FuelRule } | undefined)?.fuel;
    return r ? [{ id: r.tables, schema: FuelTables }] : [];
  },
  ma: fuelMa,
  paHexes(state, bundle, unitId, hexes) {
    if (!on(bundle)) return null;
    const t = fuelTables(bundle);
    const u = unitOf(state, unitId);
    if (u?.side !== t.german.side || bundle.units.get(unitId)?.moveClass !== 'mech') return null;
    const date = nowOf(state, bundle).date;
    if (!germanDay(bundle, date) || isLowFuelGt(state, bundle) || exempted(state, bundle.units.get(unitId)!, unitId, date)) return null;
    const out = Math.min(hexes, t.german.otherGts.paHexes);
    return { ma: out, case: 'AW 35.5.2', text: `not the low-fuel GT: ${out} PA hex` };
  },
};

/** The German low-fuel GT, sealed each game day from June 9 (AW 35.5.2). */
const lowFuelRules = dailySealedGt({
  kind: KIND,
  passType: 'fuelPass',
  case: 'AW 35.5.2',
  what: 'low-fuel GT',
  side: (bundle, date) => (germanDay(bundle, date) ? fuelTables(bundle).german.side : null),
  events: { revealed: 'lowFuelGt', broken: 'lowFuelBroken', declined: 'lowFuelDeclined' },
});

/** The low-fuel GT questions and the day's exemptions (AW 35.5.2). */
export const intermediateFuelRules: RuleModule = {
  ...lowFuelRules,
  name: INTERMEDIATE_FUEL,
  handlers: [...(lowFuelRules.handlers ?? []), {
    type: 'fuelExempt',
    apply: (d, a, ctx) => exempt(d, a as ActionOf<'fuelExempt'>, ctx),
    legal: (state, side, bundle) => exemptOptions(state, bundle, side),
  }],
};
