/** The actions of the engine core: end the segment, a free roll, a PBEM dice key (AW 31.1, GOSS 26.0). */
import { z } from 'zod';
import { action } from './schema';

export const EndSegment = action('endSegment', {});
/** A free roll's fields, shared with the fast path for a roll written in its one spelling (actions/asSpelled.ts). */
export const ROLL_DICE = ['1d10', '2d10'] as const;
export const ROLL_PURPOSE = { min: 1, max: 200 } as const;
export const Roll = action('roll', { dice: z.enum(ROLL_DICE), purpose: z.string().min(ROLL_PURPOSE.min).max(ROLL_PURPOSE.max) });
export const DiceKey = action('diceKey', { key: z.string().regex(/^[0-9a-f]{64}$/, 'a key is 64 lowercase hex digits (a SHA-256)') });
