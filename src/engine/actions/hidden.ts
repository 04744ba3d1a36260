/**
 * Strict schemas of the hidden-information actions (src/engine/rules/hidden.ts; docs/engine.md
 * "Hidden information"). Their own file so the action schemas of each area can be gathered into one
 * `Action` union.
 */
import { z } from 'zod';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 as 64 lowercase hex digits');

/** The owner commits to a sealed fact: only the hash of value and salt enters the log. */
export const SealAction = z.strictObject({ type: z.literal('seal'), key: z.string().min(1).max(120), commitment: hex64 });
export type SealAction = z.infer<typeof SealAction>;

/** The owner reveals a sealed fact; the engine checks it against the commitment. */
export const RevealAction = z.strictObject({
  type: z.literal('reveal'),
  key: z.string().min(1).max(120),
  value: z.union([z.string().max(200), z.number(), z.boolean()]),
  salt: hex64,
});
export type RevealAction = z.infer<typeof RevealAction>;

/** AW 3.5 / GOSS 3.5: the owner of an unrevealed rest-GT designation says "not this GT". */
export const RestPassAction = z.strictObject({ type: z.literal('restPass') });
export type RestPassAction = z.infer<typeof RestPassAction>;
/** AW 35.5.2: "this is not my low-fuel GT" (rules/intermediateFuel.ts). */
export const FuelPassAction = z.strictObject({ type: z.literal('fuelPass') });
/** AW 35.5.2: the formations (division or KG) and independent units that move with their full MA this GD. */
export const FuelExemptAction = z.strictObject({
  type: z.literal('fuelExempt'),
  formations: z.array(z.string().min(1).max(40)).max(8),
  units: z.array(z.string().min(1).max(60)).max(8),
});

/** AW 3.3.1 / 20.1.1: one force's AP of the game day, by air sector, to GS and GI missions (rules/airPower.ts). */
// One spelling of a split (issue 15: the PBEM dice derive from it): sectors with no AP left out, the others in key order.
const ApBySector = z.record(z.string().min(1).max(30), z.number().int().min(0).max(200)).refine((r) => Object.keys(r).length <= 8, 'at most 8 sectors')
  .transform((r) => Object.fromEntries(Object.entries(r).filter(([, n]) => n > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
export const AllocateAirAction = z.strictObject({
  type: z.literal('allocateAir'),
  force: z.string().min(1).max(20),
  gs: ApBySector,
  gi: ApBySector,
});
