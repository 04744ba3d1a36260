import { z } from 'zod';
import { Source, RulesHexId } from './common';

export const SheetLetter = z.enum(['A', 'B', 'C', 'D', 'E', 'F']);
export type SheetLetter = z.infer<typeof SheetLetter>;

const Range = z.tuple([z.number().int(), z.number().int()]);

export const SheetsFile = z.object({
  source: Source,
  note: z.string().optional(),
  sheets: z.record(SheetLetter, z.object({
    colOffset: z.number().int(),
    /** Row offset in 'g' units (row + 0.5·(col&1)); half-integer exactly when colOffset is odd. */
    rowOffsetG: z.number().multipleOf(0.5),
    cols: Range,
    rows: Range,
    source: Source,
  })),
  /**
   * Sections attached to a sheet and numbered on its grid (AW 1.8.0: map F has sections F1 and F2),
   * named in IDs as "F2-5257". Their column/row ranges lie outside the parent sheet's own ranges.
   */
  sections: z.record(z.string().regex(/^[A-F][1-9]$/), z.object({ sheet: SheetLetter, cols: Range, rows: Range, source: Source })).default({}),
  preferredOrder: z.array(SheetLetter),
  errata: z.array(z.object({ printed: RulesHexId, correct: RulesHexId, source: Source })),
}).superRefine((f, ctx) => {
  for (const [k, s] of Object.entries(f.sheets)) {
    const half = Math.abs(s.rowOffsetG % 1) === 0.5;
    if (half !== ((s.colOffset & 1) === 1)) {
      ctx.addIssue({ code: 'custom', path: ['sheets', k, 'rowOffsetG'], message: `sheet ${k}: rowOffsetG must be a half-integer exactly when colOffset is odd, or the sheet does not sit on the lattice` });
    }
  }
});
export type SheetsFile = z.infer<typeof SheetsFile>;
