/** The actions of the engine core: end the segment, a free roll, a PBEM dice key (AW 31.1, GOSS 26.0). */
import { z } from 'zod';
import { action } from './schema';

export const EndSegment = action('endSegment', {});
export const Roll = action('roll', { dice: z.enum(['1d10', '2d10']), purpose: z.string().min(1).max(200) });
export const DiceKey = action('diceKey', { key: z.string().regex(/^[0-9a-f]{64}$/, 'a key is 64 lowercase hex digits (a SHA-256)') });
