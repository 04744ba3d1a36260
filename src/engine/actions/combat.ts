/**
 * Combat actions: designation, fire support, ground assault, overrun, ground interdiction
 * (AW 31.2.2, 31.7, 31.9, GOSS 5.3.5, 11, 12, 13). Sets of units are sorted; a path and the
 * ammo-depletion order (GOSS 11.8.0) keep their order.
 */
import { z } from 'zod';
import { action, HexPath, HexRef, UnitId, UnitSet } from './schema';

export const Designate = action('designate', { units: UnitSet.pipe(z.array(z.string()).min(1)) });
export const DropAttack = action('dropAttack', { unit: UnitId });
export const Interdict = action('interdict', { unit: UnitId });
export const GiDone = action('giDone', {});

const Firer = z.strictObject({ unit: UnitId, points: z.number().int().positive().optional() });
/** A mission's fields after its target (shared by `fireMission` and the GOSS 5.3.5 `overrunFs`). */
const missionShape = {
  spotter: UnitId.optional(),
  /** The firing artillery: a set (sorted by unit); the order they are depleted in is `deplete`. */
  artillery: z.array(Firer).optional(),
  air: z.number().int().nonnegative().optional(),
  naval: z.number().int().nonnegative().optional(),
  ships: UnitSet.optional(),
  /** GOSS 11.8.0, AW 34.5.3: the order firers are ammo depleted (by default the order they are listed in). */
  deplete: z.array(UnitId).optional(),
  skipRemainder: z.boolean().optional(),
};
export const FireMission = action('fireMission', { target: HexRef, ...missionShape });
export const FsHits = action('fsHits', { option: z.enum(['step', 'retreat']), removeEt3: z.boolean().optional() });
export const FsRetreat = z.union([
  action('fsRetreat', { path: HexPath.length(1), withdraw: z.literal(false).optional() }),
  action('fsRetreat', { path: z.array(z.string()).length(0), withdraw: z.literal(true) }),
]);
export const FsAbsorb = action('fsAbsorb', { fatigue: z.number().int().min(0).max(2) });
export const FsAdvance = action('fsAdvance', { hex: HexRef, units: UnitSet.pipe(z.array(z.string()).min(1)) });

export const Assault = action('assault', {
  hex: HexRef, attackers: UnitSet.pipe(z.array(z.string()).min(1)), standoff: UnitSet.optional(), leadPr: UnitId.optional(),
});
export const GaDefend = action('gaDefend', { line: z.number().int(), standoff: UnitSet.optional(), fullStrength: UnitSet.optional() });
export const GaConvert = action('gaConvert', { removeEt3: z.boolean().optional(), convert: z.enum(['none', 'bocage', 'recon']).optional() });
export const GaOption = action('gaOption', { option: z.enum(['hold', 'limited', 'full']) });
export const GaRetreat = action('gaRetreat', { from: HexRef, path: HexPath, withdraw: z.boolean().optional() });
export const GaAbsorb = action('gaAbsorb', { fatigue: z.number().int().min(0).max(2) });
export const GaAdvance = action('gaAdvance', { units: UnitSet, hexes: z.number().int().min(1).max(8).optional() });

export const Overrun = action('overrun', { unit: UnitId, hex: HexRef, with: UnitSet.pipe(z.array(z.string()).max(2)).optional() });
export const OverrunFs = z.union([
  action('overrunFs', { fire: z.literal(false) }),
  action('overrunFs', { fire: z.literal(true), ...missionShape }),
]);

/** The values a field takes when it is left out: the canonical form leaves them out. */
export const COMBAT_DEFAULTS: Record<string, Record<string, unknown>> = {
  gaConvert: { convert: 'none' },
};
