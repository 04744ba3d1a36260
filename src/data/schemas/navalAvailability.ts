import { z } from 'zod';
import { Source } from './common';
import { TimeOfDay } from './sequence';
import { Nationality } from './unit';

/**
 * Schema of the AW 11.9.0 naval unit availability rules (data/modules/naval/*.json): the two task forces
 * and the forces each supports (AW 11.9.1), and the limits by date. The Naval Unit Availability chart
 * itself and the ships' points, ranges and ADV are data/tables/naval.json.
 */
const At = z.strictObject({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), time: TimeOfDay });
const ShipKind = z.enum(['BB', 'MN', 'CA', 'CL', 'DD']);

export const NavalAvailabilityTables = z.strictObject({
  format: z.literal('neptune-naval-availability/1'),
  id: z.string().min(1),
  name: z.string().min(1),
  case: z.string(),
  source: Source,
  /** AW 11.9.0–11.9.1: the western TF (the chart's W column) supports US forces, the eastern (E) CW forces. */
  taskForces: z.array(z.strictObject({ id: z.enum(['W', 'E']), name: z.string().min(1), supports: z.array(Nationality).min(1), source: Source })).min(1),
  /** From a date: only these types are rolled for (`only`), and the most of a group of types the TF may have (`caps`). */
  limits: z.array(z.strictObject({
    tf: z.enum(['W', 'E']), from: At,
    only: z.array(ShipKind).optional(),
    caps: z.array(z.strictObject({ kinds: z.array(ShipKind).min(1), max: z.number().int().nonnegative() })).optional(),
    source: Source,
  })),
  /** GOSS 11.2.4, 11.4, 11.5 naval gunfire of the rolled units: the ship sets a mission may carry by observation, each ship's volley DRMs. */
  ngs: z.strictObject({
    capacity: z.strictObject({ unobserved: z.array(z.array(ShipKind)), observed: z.array(z.array(ShipKind)), observedPaOrEt: z.array(z.array(ShipKind)) }),
    drm: z.partialRecord(ShipKind, z.number().int()),
    weather: z.array(z.strictObject({ atmosphere: z.enum(['clear', 'POvr', 'Ovr', 'storm']), rain: z.boolean(), drm: z.number().int() })),
    source: Source,
  }),
});
export type NavalAvailabilityTables = z.infer<typeof NavalAvailabilityTables>;

/** A scenario's use of the rolled naval units (scenario.special.navalAvailability). */
export const NavalAvailabilityRule = z.strictObject({ tables: z.string().min(1), source: Source });
export type NavalAvailabilityRule = z.infer<typeof NavalAvailabilityRule>;
