/**
 * Intermediate logistics: fuel (AW 35.5.1–35.5.2; scenario.special.fuel, data/modules/fuel/*.json),
 * for the intermediate scenarios and the campaign games without the full logistic rules:
 * - AW 35.5.1: Allied Mech units lose 4, then 2 from their printed MA until July 3 AM;
 * - AW 35.5.2: from June 9 the German side secretly designates one GT of each game day as its low-fuel
 *   GT (a daily sealed GT, rules/dailySealedGt.ts: declined with `fuelPass`): German Mech units lose 2
 *   from their printed MA in it; in the other GTs of the day they move at most half their printed MA,
 *   and one hex in PA mode.
 * These are MA steps on the printed MA (extensions.ts `ma`, `paHexes`): the ground, GenS and Exploit
 * reductions apply after them, as AW 35.5.1–35.5.2 say. Not yet: the AW 35.5.2 exemptions (formations
 * and independent BGs at full MA each GD).
 */
import type { GameState, ScenarioBundle } from '../types';
import type { TimeOfDay } from '../../data/schemas/sequence';
import { FuelTables, type FuelRule } from '../../data/schemas/fuel';
import { compareTime, gameTime } from '../sequence';
import { unitOf } from '../unitTable';
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
  if (u.side === t.german.side && germanDay(bundle, now.date)) {
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
    if (!germanDay(bundle, nowOf(state, bundle).date) || isLowFuelGt(state, bundle)) return null;
    const out = Math.min(hexes, t.german.otherGts.paHexes);
    return { ma: out, case: 'AW 35.5.2', text: `not the low-fuel GT: ${out} PA hex` };
  },
};

/** The German low-fuel GT, sealed each game day from June 9 (AW 35.5.2). */
export const intermediateFuelRules = dailySealedGt({
  kind: KIND,
  passType: 'fuelPass',
  case: 'AW 35.5.2',
  what: 'low-fuel GT',
  side: (bundle, date) => (germanDay(bundle, date) ? fuelTables(bundle).german.side : null),
  events: { revealed: 'lowFuelGt', broken: 'lowFuelBroken', declined: 'lowFuelDeclined' },
});
