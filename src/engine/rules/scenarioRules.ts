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
  /** AW 32.5.2: artillery groups and division HQs firing as groups: mission points and range (optionally from a given GT). */
  artillery: z.array(z.object({ unit: z.string(), points: z.number().int().nonnegative(), range: z.number().int().positive(), from: GameTime.optional(), source: Source })).default([]),
  /** AW 32.5.2c: heavy Flak companies add points to FS missions (AW 31.2.2 otherwise ignores GOSS 11.4.1b). */
  heavyFlak: z.object({ points: z.number().int().positive(), range: z.number().int().positive(), source: Source }).optional(),
  /** AW 31.11 + scenario logistics (e.g. 32.9): where each side traces GenS from, and the path limits. */
  supply: z.partialRecord(Side, z.object({
    hexes: z.array(HexRef).default([]),
    edges: z.array(z.enum(['N', 'S', 'E', 'W'])).default([]),
    maxAdjacentToEnemy: z.number().int().nonnegative().default(2),
    source: Source,
  })).optional(),
});
export type ScenarioCombatRules = z.infer<typeof ScenarioCombatRules>;

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
  cache.set(bundle.scenario, r.data);
  return r.data;
}
