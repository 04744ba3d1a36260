/**
 * Per-scenario objectives and postures of the programmed opponent, as data (data/ai/<scenario>.json):
 * which hexes each side attacks towards, which it holds, where its supply comes from, how much it
 * keeps in reserve and how readily it attacks. Validated with zod on first use; a scenario without
 * a file gets a generic posture built from its victory hex sets.
 */
import { z } from 'zod';
import { HexSet as HexSetSchema } from '../data/schemas/scenarioRules';
import type { ScenarioBundle, Side } from '../engine/types';
import { special } from '../engine/query';

const Area = z.object({
  id: z.string(), hexes: HexSetSchema, value: z.number(), source: z.string(),
  /** Fall-off of the area's pull per hex (default 0.8 for objectives, 0.6 for holds); a long march (Cherbourg) wants a slower one. */
  decay: z.number().gt(0).lt(1).optional(),
});
const Weights = z.object({
  objective: z.number(), risk: z.number(), cover: z.number(), hold: z.number(), attack: z.number(), supply: z.number(), halt: z.number(),
});
const SidePosture = z.object({
  posture: z.enum(['attack', 'defend']),
  objectives: z.array(Area),
  hold: z.array(Area),
  supplyFrom: HexSetSchema.optional(),
  /** Share of manoeuvre units kept back (the rearmost by objective distance). */
  reserveFraction: z.number().min(0).max(1),
  /** 0–1: how much expected loss the side accepts for ground (scales the attack score). */
  aggression: z.number().min(0).max(1),
  /** Minimum attack score (expected enemy steps lost minus own, plus ground) for a ground assault. */
  attackThreshold: z.number(),
  weights: Weights,
  /**
   * A defender's fieldworks (IP, ET-2, ET-3, GOSS 17) are kept: the last unit in a fortified hex does
   * not leave it by a move or an advance; only a combat result takes it out.
   */
  keepFieldworks: z.boolean().optional(),
  /**
   * A defender's counterattack force: units of these counter types (armour, panzergrenadiers) seek
   * assaults on the enemy next to them and are not held back; their assaults are weighed with their
   * own aggression and threshold.
   */
  counterattack: z.object({
    types: z.array(z.string()).min(1),
    aggression: z.number().min(0).max(1),
    attackThreshold: z.number(),
    /** Weight of an assault opportunity in the force's move scores (the side's `attack` weight times this). */
    seek: z.number().min(0),
    source: z.string(),
  }).optional(),
});
export const AiScenarioFile = z.object({
  format: z.literal('neptune-ai/1'),
  scenario: z.string(),
  name: z.string(),
  source: z.string(),
  sides: z.partialRecord(z.enum(['allied', 'german']), SidePosture),
});
export type SidePosture = z.infer<typeof SidePosture>;
export type AiScenarioFile = z.infer<typeof AiScenarioFile>;

const FILES = import.meta.glob('../../data/ai/*.json', { eager: true, import: 'default' }) as Record<string, unknown>;
const cache = new Map<string, AiScenarioFile | null>();

/** The validated AI file of a scenario, or null. Throws with file and path when the file is malformed. */
export function aiFileFor(scenario: string): AiScenarioFile | null {
  if (cache.has(scenario)) return cache.get(scenario)!;
  let found: AiScenarioFile | null = null;
  for (const [file, json] of Object.entries(FILES)) {
    if ((json as { scenario?: unknown })?.scenario !== scenario) continue;
    const r = AiScenarioFile.safeParse(json);
    if (!r.success) {
      const i = r.error.issues[0];
      throw new Error(`${file.replace(/^.*\/data\//, 'data/')}: ${i.path.join('.')}: ${i.message}`);
    }
    found = r.data;
  }
  cache.set(scenario, found);
  return found;
}

const DEFAULT_WEIGHTS = { objective: 1, risk: 0.8, cover: 0.6, hold: 1, attack: 1, supply: 0.5, halt: 0.5 };

/** The posture of `side` in this scenario: from data/ai, else generic (first side attacks the victory hexes). */
export function postureFor(bundle: ScenarioBundle, side: Side): SidePosture {
  const f = aiFileFor(bundle.scenario.id);
  const p = f?.sides[side];
  if (p) return p;
  const sets = special(bundle).victory?.hexSets ?? {};
  const areas = Object.entries(sets).map(([id, s]) => ({ id, hexes: s.hexes, value: 5, source: 'generic: scenario victory hex set' }));
  const attacker = bundle.scenario.sides[0] === side;
  return {
    posture: attacker ? 'attack' : 'defend',
    objectives: attacker ? areas : [],
    hold: areas,
    reserveFraction: attacker ? 0.1 : 0.2,
    aggression: attacker ? 0.7 : 0.3,
    attackThreshold: attacker ? 0 : 0.6,
    weights: DEFAULT_WEIGHTS,
  };
}
