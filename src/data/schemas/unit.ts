import { z } from 'zod';
import { Source } from './common';
import { Side } from './sequence';

/** Combat values of one step state of a counter (GOSS 4.2: full, reduced, hit-marker values). */
export const StepValues = z.object({
  attack: z.number().nonnegative(),
  defence: z.number().nonnegative(),
});

/**
 * A counter (GOSS 4.0, goss-core.md §3.1). `steps[i]` holds the values with i steps lost;
 * PR, Arm/AT and MA are not reduced by losses (GOSS 4.2.2).
 */
export const UnitDef = z.object({
  id: z.string().min(1),
  designation: z.string().min(1),
  side: Side,
  nationality: z.string(),
  type: z.string(),
  size: z.enum(['Bn', 'Co', 'Z', 'HQ', 'Group', 'Leader']),
  moveClass: z.enum(['leg', 'mech', 'static']),
  ma: z.number().nonnegative(),
  prOff: z.number().int().min(0).max(10).nullable(),
  prDef: z.number().int().min(0).max(10).nullable(),
  steps: z.array(StepValues).min(1),
  source: Source,
}).passthrough();
export type UnitDef = z.infer<typeof UnitDef>;

export const UnitsFile = z.object({
  format: z.literal('neptune-units/1'),
  id: z.string(),
  source: Source,
  units: z.array(UnitDef),
}).superRefine((f, ctx) => {
  const seen = new Set<string>();
  f.units.forEach((u, i) => {
    if (seen.has(u.id)) ctx.addIssue({ code: 'custom', path: ['units', i, 'id'], message: `duplicate unit id ${u.id}` });
    seen.add(u.id);
  });
});
export type UnitsFile = z.infer<typeof UnitsFile>;
