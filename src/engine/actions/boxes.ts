/**
 * Strict schemas of the location actions (src/engine/rules/locationMoves.ts; docs/engine.md "Locations").
 * Their own file so the action schemas of each area can be gathered into one `Action` union.
 */
import { z } from 'zod';

/** Moves a unit from its box to an adjacent box, or onto one of the box's entry hexes. */
export const MoveBoxAction = z.strictObject({
  type: z.literal('moveBox'),
  unit: z.string().min(1),
  /** A box id of the scenario's box graphs ("es-2") or a hex ref ("C4718", "@col,row"). */
  to: z.string().min(1),
});
export type MoveBoxAction = z.infer<typeof MoveBoxAction>;
