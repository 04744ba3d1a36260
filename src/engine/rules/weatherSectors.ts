/**
 * AW 19.2.2a weather sectors: the Battlefield Map is split by the printed weather boundary into a
 * western and an eastern sector, each with its own weather. The boundary is a map overlay (data/map/
 * overlays.json, hex waypoints joined by straight lines through the hex centres); every hex of the
 * lattice gets the sector on its side of the line, once per bundle, as a typed array (movement and
 * fire support ask it per unit and per mission). The AW 20.1.1a air sectors use the same line reading.
 */
import type { OverlaysFile } from '../../data/schemas/overlays';
import type { VariableWeatherTables } from '../../data/schemas/weather';
import { colOf, hexLine, HEX_COUNT, rowOf, tryParseHexRef, type HexId } from '../hex';

/** A hex centre in units of the hex radius (flat-top odd-q, as src/engine/hex/honeycomb.ts draws it). */
export function centreOf(h: HexId): { x: number; y: number } {
  const col = colOf(h);
  return { x: 1.5 * col, y: Math.sqrt(3) * (rowOf(h) + (col & 1 ? 0.5 : 0)) };
}

/** The x of the polyline at height y (north of its first point and south of its last, straight on). */
function lineX(pts: { x: number; y: number }[], y: number): number {
  if (y <= pts[0].y) return pts[0].x;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1], b = pts[i];
    if (y <= b.y) return b.y === a.y ? Math.min(a.x, b.x) : a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y);
  }
  return pts.at(-1)!.x;
}

/**
 * West (0) or east (1) of a north–south map overlay line for every lattice hex, once per call (the
 * callers keep it per bundle); the hexes the line runs through get `onLine`. The waypoints must run
 * north to south. Used by the AW 19.2.2a weather sectors and the AW 20.1.1a air sectors.
 */
export function sideOfLine(overlays: OverlaysFile, overlayId: string, onLine: 0 | 1): Uint8Array {
  const line = overlays.overlays.find((o) => o.id === overlayId);
  if (!line) throw new Error(`the boundary "${overlayId}" is not in the map's overlays (${overlays.id})`);
  const hexes = line.waypoints.map((w) => {
    const r = tryParseHexRef(w);
    if ('error' in r) throw new Error(`${overlayId}: ${r.error}`);
    return r.hex;
  });
  const pts = hexes.map(centreOf);
  if (pts.some((p, i) => i > 0 && p.y < pts[i - 1].y)) throw new Error(`${overlayId}: the waypoints must run north to south`);
  const out = new Uint8Array(HEX_COUNT);
  for (let h = 0; h < HEX_COUNT; h++) {
    const c = centreOf(h);
    out[h] = c.x < lineX(pts, c.y) ? 0 : 1;
  }
  for (let i = 1; i < hexes.length; i++) for (const h of hexLine(hexes[i - 1], hexes[i]).hexes) out[h] = onLine;
  return out;
}

/**
 * The sector index (into `tables.sectors`) of every lattice hex: west or east of the boundary, the
 * hexes the line runs through to `onLine`.
 */
export function buildSectorMap(tables: VariableWeatherTables, overlays: OverlaysFile): Uint8Array {
  const b = tables.boundary;
  const idx = (id: string): number => tables.sectors.findIndex((s) => s.id === id);
  const west = idx(b.west), east = idx(b.east), on = idx(b.onLine);
  const sides = sideOfLine(overlays, b.overlay, on === east && on !== west ? 1 : 0);
  return sides.map((x) => (x === 0 ? west : east));
}
