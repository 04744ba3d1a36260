/**
 * Scenario-specific combat, supply and air/naval data (scenario.rules.combat), validated by this
 * module: each scenario of AW 32–34 sets its own weather, air and naval points, leaders and supply
 * sources; none of it is hard-coded. A scenario without the block gets the defaults below.
 */
import { z } from 'zod';
import { Source } from '../../data/schemas/common';
import { HexRef } from '../../data/schemas/map';
import { Side } from '../../data/schemas/sequence';
import type { ScenarioBundle } from '../types';

const GameTime = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), time: z.enum(['AM', 'PM', 'Night']) });

export const ScenarioCombatRules = z.object({
  /** AW 31.2.1b / 19.3: atmosphere by GT (the entry in force is the last one at or before the GT). */
  atmosphere: z.array(z.object({ from: GameTime, value: z.enum(['clear', 'POvr', 'Ovr']), rain: z.boolean().default(false), source: Source })).default([]),
  /** AW 31.9.1: air points per game day per side. */
  airPoints: z.partialRecord(Side, z.number().int().nonnegative()).default({}),
  /** AW 31.9.3: naval points per GT per side and their range from a sea hex (or from listed hexes). */
  naval: z.partialRecord(Side, z.object({ points: z.number().int().nonnegative(), range: z.number().int().positive(), from: z.array(HexRef).default([]), source: Source })).default({}),
  /** Scenario leaders (e.g. AW 32.8 Wunsche): column shifts and advance bonus when stacked with units of the formation. */
  leaders: z.array(z.object({
    unit: z.string(), formation: z.string().optional(),
    attackShift: z.number().int().default(1), defenceShift: z.number().int().default(1), advanceBonus: z.number().int().default(0),
    source: Source,
  })).default([]),
  /** AW 31.11 + scenario logistics (e.g. 32.9): where each side traces GenS from, and the path limits. */
  supply: z.partialRecord(Side, z.object({
    hexes: z.array(HexRef).default([]),
    edges: z.array(z.enum(['N', 'S', 'E', 'W'])).default([]),
    maxAdjacentToEnemy: z.number().int().nonnegative().default(2),
    source: Source,
  })).optional(),
});
/**
 * The parsed block plus what is derived from scenario.special: `heavyFlak` (AW 32.5.2c) comes from the
 * heavy-Flak entry of special.artillery, the one place artillery is defined (rules/artilleryGroups.ts);
 * `leaders` from special.leaders when the block has none. Weather and air points are read from
 * special.weather / special.airPoints first (fireSupport.ts `atmosphere`, `airPointsPerDay`).
 */
export type ScenarioCombatRules = z.infer<typeof ScenarioCombatRules> & { heavyFlak?: { points: number; range: number; source: string } };

const cache = new WeakMap<object, ScenarioCombatRules>();

export function combatRules(bundle: ScenarioBundle): ScenarioCombatRules {
  const hit = cache.get(bundle.scenario);
  if (hit) return hit;
  const raw = (bundle.scenario as { rules?: { combat?: unknown } }).rules?.combat ?? {};
  const r = ScenarioCombatRules.safeParse(raw);
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
