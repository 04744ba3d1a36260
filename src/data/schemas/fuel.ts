import { z } from 'zod';
import { Source } from './common';
import { Side, TimeOfDay } from './sequence';

/**
 * Schema of the intermediate fuel rules (data/modules/fuel/*.json, AW 35.5.1–35.5.2): the Allied Mech
 * MA steps by date, the German low-fuel GT and the formations and BGs the German side may exempt each
 * game day.
 */
const At = z.strictObject({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), time: TimeOfDay });

export const FuelTables = z.strictObject({
  format: z.literal('neptune-fuel/1'),
  id: z.string().min(1),
  name: z.string().min(1),
  case: z.string(),
  source: Source,
  /** AW 35.5.1: a Mech MA change on the printed MA from `from` until before `before`. */
  allied: z.strictObject({
    side: Side,
    steps: z.array(z.strictObject({ from: At, before: At, mechMa: z.number().int(), source: Source })),
    source: Source,
  }),
  /** AW 35.5.2: from `from`, one secret low-fuel GT a GD; the other GTs of the GD half the printed MA and a PA limit. */
  german: z.strictObject({
    side: Side,
    from: At,
    lowFuelMechMa: z.number().int(),
    otherGts: z.strictObject({ maDivisor: z.number().int().positive(), paHexes: z.number().int().positive() }),
    /** The formations and BGs the side may exempt each GD (full MA), by date; what makes a BG. */
    exempt: z.strictObject({
      limits: z.array(z.strictObject({ from: At, before: At, formations: z.number().int().positive(), bgs: z.number().int().positive(), source: Source })).min(1),
      bgFormationPattern: z.string().min(1),
      source: Source,
    }),
    source: Source,
  }),
});
export type FuelTables = z.infer<typeof FuelTables>;

/** A scenario's use of the intermediate fuel rules (scenario.special.fuel). */
export const FuelRule = z.strictObject({ tables: z.string().min(1), source: Source });
export type FuelRule = z.infer<typeof FuelRule>;
