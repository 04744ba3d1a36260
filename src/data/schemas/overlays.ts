import { z } from 'zod';
import { Source } from './common';
import { HexRef } from './map';

/**
 * Lines printed on the Battlefield Map that are no terrain (data/map/overlays.json): the Army Group
 * boundary (AW 9.2.0) and the weather boundary (AW 19.2.2a), as hex waypoints joined by hex lines.
 */
export const MapOverlay = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  /** The rule case that defines the line, shown to the player. */
  case: z.string().regex(/^AW \d+(\.\d+)*[a-z]?$/),
  waypoints: z.array(HexRef).min(2),
  source: Source,
});
export type MapOverlay = z.infer<typeof MapOverlay>;

export const OverlaysFile = z.strictObject({
  format: z.literal('neptune-map-overlays/1'),
  /** The id a rule module names to read the file (AW 19.2.2a weather sectors: src/engine/rules/weatherSectors.ts). */
  id: z.string().min(1),
  map: z.string(),
  source: Source,
  overlays: z.array(MapOverlay),
});
export type OverlaysFile = z.infer<typeof OverlaysFile>;
