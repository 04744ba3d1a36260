/**
 * Scenario-specific combat and supply data (scenario.rules.combat: generic naval points, leaders,
 * supply sources), validated at load by src/data/bundle.ts with the schema in
 * src/data/schemas/scenarioRules.ts. Weather and air points live in scenario.special only (weather.ts,
 * fireSupport.ts `airPointsPerDay`). A scenario without the block gets the schema's defaults.
 */
import type { z } from 'zod';
import { ScenarioCombatRules as CombatRulesSchema } from '../../data/schemas/scenarioRules';
import type { ScenarioBundle } from '../types';

/**
 * The parsed block plus what is derived from scenario.special: `heavyFlak` (AW 32.5.2c) comes from the
 * heavy-Flak entry of special.artillery, the one place artillery is defined (rules/artilleryGroups.ts);
 * `leaders` from special.leaders when the block has none.
 */
export type ScenarioCombatRules = z.infer<typeof CombatRulesSchema> & { heavyFlak?: { points: number; range: number; source: string } };

const cache = new WeakMap<object, ScenarioCombatRules>();

export function combatRules(bundle: ScenarioBundle): ScenarioCombatRules {
  const hit = cache.get(bundle.scenario);
  if (hit) return hit;
  const raw = (bundle.scenario as { rules?: { combat?: unknown } }).rules?.combat ?? {};
  const r = CombatRulesSchema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new Error(`scenario ${bundle.scenario.id} rules.combat.${i.path.join('.')}: ${i.message}`);
  }
  const out: ScenarioCombatRules = r.data;
  const sp = bundle.scenario.special;
  // AW 32.8: leaders as special.leaders (the scenario's own statement of them) when rules.combat names none.
  if (!out.leaders.length && sp?.leaders?.length) {
    out.leaders = sp.leaders.map((l) => ({ unit: l.unit, formation: l.formation, attackShift: l.stackedWith.attackShift, defenceShift: l.stackedWith.defenceShift, advanceBonus: l.stackedWith.advanceBonus, source: l.source }));
  }
  const flak = sp?.artillery?.groups.find((g) => g.kind === 'heavyFlak');
  if (flak) out.heavyFlak = { points: flak.points, range: flak.range, source: flak.source };
  cache.set(bundle.scenario, out);
  return out;
}
