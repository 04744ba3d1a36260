/** Movement-phase actions: move, mark, breakdown and recombination, consolidation, stacking, reinforcements (GOSS 6, 7, 18, 22.5; AW 31.2.1, 32.12). */
import { z } from 'zod';
import { action, HexPath, HexRef, UnitId, UnitSet } from './schema';

export const MARKABLE = ['PA', 'CR', 'Exploit', 'IB'] as const;

/** A move's road choices and route length (shared with actions/asSpelled.ts). */
export const MOVE_VIA = ['road', 'offroad', 'mainroad'] as const;
export const MOVE_PATH = { min: 1, max: 200 } as const;
export const Move = action('move', {
  unit: UnitId,
  /** The route, in order. */
  path: HexPath.min(MOVE_PATH.min).max(MOVE_PATH.max),
  via: z.enum(MOVE_VIA).optional(),
  /** GOSS 6.2: the other members of a free-stacked group moving as one (a set). */
  with: UnitSet.pipe(z.array(z.string()).max(2)).optional(),
});
export const Mark = action('mark', { unit: UnitId, marker: z.enum(MARKABLE) });
/** GOSS 7.12.3b: a Leg unit boards (mount) or leaves (dismount) its division's inherent transport. */
export const Mount = action('mount', { unit: UnitId });
export const Dismount = action('dismount', { unit: UnitId });
export const Breakdown = action('breakdown', { unit: UnitId, coys: z.number().int().positive().optional() });
export const Recombine = action('recombine', { unit: UnitId, coys: UnitSet.pipe(z.array(z.string()).min(1).max(6)), hex: HexRef.optional() });
export const Consolidate = action('consolidate', { unit: UnitId, from: UnitId });
export const EliminateOverstack = action('eliminateOverstack', { unit: UnitId });
export const RelocateGroup = action('relocateGroup', { unit: UnitId, hex: HexRef.optional() });
export const EnterReinforcement = action('enterReinforcement', { unit: UnitId, hex: HexRef });
