import { z } from 'zod';
import { Source } from './common';
import { Side } from './sequence';
import { Atmosphere } from './weather';

/**
 * Schema of the AW 35.3.1 random arrival (data/modules/arrival/*.json): the weather DRMs of each side
 * (the first rule that matches the weather applies) and the table of results in game days.
 */
const WeatherDrm = z.strictObject({ atmosphere: Atmosphere, rain: z.boolean().optional(), drm: z.number().int() });

export const RandomArrivalTables = z.strictObject({
  format: z.literal('neptune-random-arrival/1'),
  id: z.string().min(1),
  name: z.string().min(1),
  case: z.string(),
  source: Source,
  sides: z.partialRecord(Side, z.strictObject({ drm: z.array(WeatherDrm), source: Source })),
  /** By the modified roll, ascending: the GDs the group arrives after (negative: early) its historical GD. */
  results: z.array(z.strictObject({ max: z.number().int(), days: z.number().int() })).min(1)
    .refine((r) => r.every((x, i) => i === 0 || x.max > r[i - 1].max), 'results must ascend'),
  resultsSource: Source,
});
export type RandomArrivalTables = z.infer<typeof RandomArrivalTables>;

/** A scenario's use of the random arrival (scenario.special.randomArrival): the tables and the sides that roll. */
export const RandomArrivalRule = z.strictObject({ tables: z.string().min(1), sides: z.array(Side).min(1), source: Source });
export type RandomArrivalRule = z.infer<typeof RandomArrivalRule>;
