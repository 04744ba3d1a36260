/** Setup actions: placement pools, fieldworks, random setup and its end (AW 32.11.0, 34.2 deployment). */
import { z } from 'zod';
import { action, HexRef, UnitId } from './schema';

export const PlaceUnit = action('placeUnit', { unit: UnitId, hex: HexRef });
export const UnplaceUnit = action('unplaceUnit', { unit: UnitId });
export const PlaceFieldworks = action('placeFieldworks', { kind: z.string().min(1).max(20), hex: HexRef });
export const RandomSetup = action('randomSetup', {});
export const FinishSetup = action('finishSetup', {});
