/** Scenario actions: Cherbourg Landefront and lull (AW 34.9, 34.10), Epsom bridging (AW 33.6.1). */
import { z } from 'zod';
import { action, HexRef, UnitId, UnitSet } from './schema';

export const DeclareLandefront = action('declareLandefront', {});
export const DeclareLull = action('declareLull', {});
export const GermanReplacement = action('germanReplacement', { unit: UnitId });
export const PlaceBridge = action('placeBridge', { hex: HexRef });
/** GOSS 17.3.2c prepared demolition of the bridge between the engineer's hex and `hex`. */
export const DemolishBridge = action('demolishBridge', { unit: UnitId, hex: HexRef });
/** GOSS 17.3.3, AW 1.2.7c: start an IP or ET-2 in the builders' hex. */
export const Construct = action('construct', {
  hex: HexRef, work: z.enum(['IP', 'ET-2', 'bridge']), units: UnitSet.pipe(z.array(z.string()).min(1).max(10)),
  /** GOSS 17.3.0: a bridge spans the hexside from `hex` to this adjacent hex. */
  to: HexRef.optional(),
});
/** AW 34.3.0, 4.5.10b: a naval unit allocated to a WN or StP with guns silences them for the GT. */
export const SuppressWnStp = action('suppressWnStp', { ship: z.string().min(1), unit: UnitId });
