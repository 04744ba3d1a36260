/**
 * The Battlefield Map's printed boundary lines (data/map/overlays.json: AW 9.2.0 Army Group boundary,
 * AW 19.2.2a weather boundary) as hex paths and pixel polylines. Pure: no Pixi, so tests read it.
 */
import overlaysJson from '../../../data/map/overlays.json';
import { OverlaysFile, type MapOverlay } from '../../data/schemas/overlays';
import { hexLine, tryParseHexRef, type HexId } from '../../engine/hex';
import { centre } from './geometry';

/** Validated when first read, like every data file: a bad file names its path and reason. */
let parsed: OverlaysFile | null = null;
export function mapOverlays(): OverlaysFile {
  if (!parsed) {
    const r = OverlaysFile.safeParse(overlaysJson);
    if (!r.success) throw new Error(`data/map/overlays.json: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    parsed = r.data;
  }
  return parsed;
}

/** The hexes a boundary runs through: straight hex lines between its waypoints, in order. */
export function overlayHexPath(o: MapOverlay): HexId[] {
  const pts = o.waypoints.map((w) => {
    const r = tryParseHexRef(w);
    if ('error' in r) throw new Error(`${o.id}: ${r.error}`);
    return r.hex;
  });
  const path: HexId[] = [pts[0]];
  for (let i = 1; i < pts.length; i++) for (const h of hexLine(pts[i - 1], pts[i]).hexes.slice(1)) path.push(h);
  return path;
}

/** The line to draw, through the hex centres of the waypoints (flat x, y list in world pixels). */
export function overlayPolyline(o: MapOverlay): number[] {
  return o.waypoints.flatMap((w) => {
    const r = tryParseHexRef(w);
    if ('error' in r) throw new Error(`${o.id}: ${r.error}`);
    const { x, y } = centre(r.hex);
    return [x, y];
  });
}
