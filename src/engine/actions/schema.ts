/**
 * The building blocks of the canonical action schemas (issue 15, PBEM dice): every action is parsed
 * strictly — unknown fields refused — and normalised to one spelling, so that two spellings of one
 * decision are one action (the same dice, the same log entry). A leaf module: it imports the hex
 * lattice and zod, never a rule file.
 */
import { z } from 'zod';
import { formatHex, tryParseHexRef } from '../hex';

/** A hex reference in any accepted spelling (`C5320`, `c5320`, ` C5320 `, `@col,row`), normalised to the rules ID the map prints. */
export const HexRef = z.string().transform((s, ctx) => {
  const r = printedHex(s);
  if (typeof r !== 'string') {
    ctx.addIssue({ code: 'custom', message: r.error, params: { code: 'bad-hex' } });
    return z.NEVER;
  }
  return r;
});

/** A hex reference as the rules ID the map prints, or why it is none (`HexRef`'s normalisation). */
export function printedHex(s: string): string | { error: string } {
  const r = tryParseHexRef(s);
  return 'error' in r ? r : formatHex(r.hex);
}

/** A path of hexes: the order is the route, so it is kept. */
export const HexPath = z.array(HexRef);

/** A unit id, exactly as the counter list spells it. */
/** A unit id's length (shared with actions/asSpelled.ts). */
export const UNIT_ID = { min: 1, max: 80 } as const;
export const UnitId = z.string().min(UNIT_ID.min).max(UNIT_ID.max);

/**
 * A set of units (attackers, defenders standing off, Coys to recombine…): the order means nothing,
 * so it is sorted. Duplicates are kept for the rule handler to refuse with its case.
 */
export const UnitSet = z.array(UnitId).transform((a) => [...a].sort());

/** A strict object: a field the action type does not define is refused, not ignored. */
export const action = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ type: z.literal(type), ...shape });
