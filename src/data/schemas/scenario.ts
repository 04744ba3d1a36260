import { z } from 'zod';
import { Source } from './common';
import { HexRef } from './map';
import { Side, TimeOfDay } from './sequence';
import { ScenarioSpecial } from './scenarioRules';

const GameTime = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), time: TimeOfDay });

export const Fieldworks = z.enum(['IP', 'ET-2', 'ET-3']);

export const ScenarioFile = z.object({
  format: z.literal('neptune-scenario/1'),
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  case: z.string().optional(),
  description: z.string(),
  source: Source,
  map: z.string(),
  sequence: z.string(),
  unitSets: z.array(z.string()).min(1),
  /** Both sides in the order they move in each game turn. */
  sides: z.tuple([Side, Side]),
  start: GameTime,
  /** Lengths the players choose between at start (e.g. AW 32.1: July 19 PM or July 20 Night). */
  lengths: z.array(z.object({ id: z.string(), label: z.string(), end: GameTime, source: Source })).min(1),
  setup: z.array(z.object({
    unit: z.string(),
    hex: HexRef,
    stepsLost: z.number().int().nonnegative().default(0),
    fieldworks: Fieldworks.optional(),
    source: Source,
  })),
  /**
   * The optional rule modules this scenario turns on, by name (src/engine/rules/extensions.ts; e.g.
   * `corpsBoundary` for AW 32.7.1 / 33.7.1, `landefront` for AW 1.2.6). Each reads its parameters and
   * the texts of its refusals from `special`; the loader refuses an unknown name or a missing block.
   */
  modules: z.array(z.string()).optional(),
  /** Scenario-specific rules by rule area (e.g. `combat`: weather, air/naval points, leaders, supply), validated by the module that reads them. */
  rules: z.record(z.string(), z.unknown()).default({}),
  /** Special scenario rules as data (AW 32–34: area, weather, artillery, reinforcements, victory): src/data/schemas/scenarioRules.ts. */
  special: ScenarioSpecial.optional(),
  /** Off-map box graphs the scenario uses, by id (data/boxes/*.json; docs/engine.md "Locations"). */
  boxGraphs: z.array(z.string()).optional(),
  /** Units that start in an off-map box of those graphs instead of on a hex (src/engine/rules/locationMoves.ts). */
  boxSetup: z.array(z.object({ unit: z.string(), box: z.string(), stepsLost: z.number().int().nonnegative().default(0), source: Source })).optional(),
});
export type ScenarioFile = z.infer<typeof ScenarioFile>;
