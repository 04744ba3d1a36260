/**
 * Strict schemas of the location actions (src/engine/rules/locationMoves.ts; docs/engine.md "Locations").
 * Their own file so the action schemas of each area can be gathered into one `Action` union.
 */
import { z } from 'zod';
import { formatHex, tryParseHexRef } from '../hex';

/**
 * A box id ("es-2") as written, or a hex reference in any accepted spelling normalised to the rules ID
 * the map prints (the same one-spelling rule as every hex field, so the PBEM dice see one action).
 */
const BoxOrHex = z.string().trim().min(1).transform((s) => {
  const r = /^[A-Fa-f]\d{4}$|^@/.test(s) ? tryParseHexRef(s) : null;
  return r && !('error' in r) ? formatHex(r.hex) : s;
});

/** Moves a unit from its box to an adjacent box, or onto one of the box's entry hexes. */
export const MoveBoxAction = z.strictObject({
  type: z.literal('moveBox'),
  unit: z.string().min(1),
  /** A box id of the scenario's box graphs ("es-2") or a hex ref ("C4718", "@col,row"). */
  to: BoxOrHex,
});
export type MoveBoxAction = z.infer<typeof MoveBoxAction>;
