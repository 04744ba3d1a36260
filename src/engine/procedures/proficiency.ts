/** GOSS 4.4.1 proficiency check, shared by the hit procedure, ground assault and scenario rules. */
import type { Dice } from '../rng';

/** GOSS 4.4.1 proficiency check: 1d10 + DRM, pass when the modified roll is below the PR. */
export function prc(dice: Dice, pr: number, drm: number, purpose: string): { roll: number; pass: boolean } {
  const roll = dice.d10(purpose);
  return { roll, pass: roll + drm < pr };
}
