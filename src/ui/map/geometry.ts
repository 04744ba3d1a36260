/** Pixel geometry of lattice hexes, shared by the layers (flat-top, radius HEX_RADIUS at zoom 1). */
import { AwHex, HEX_RADIUS, hexAtPoint } from '../../engine/hex/honeycomb';
import { colOf, rowOf, type HexId } from '../../engine/hex';

export { HEX_RADIUS, hexAtPoint };

const probe = new AwHex({ col: 0, row: 0 });
/** Corner offsets from a hex centre, as a flat [x0,y0,x1,y1,…] list. */
export const CORNER_OFFSETS: number[] = probe.corners.flatMap((c) => [c.x - probe.x, c.y - probe.y]);

const SQRT3 = Math.sqrt(3);
const X0 = probe.x;
const Y0 = probe.y;

/** Centre of a lattice hex in world pixels (same as honeycomb's AwHex, without allocating). */
export function centre(h: HexId): { x: number; y: number } {
  const c = colOf(h);
  const r = rowOf(h);
  return { x: X0 + HEX_RADIUS * 1.5 * c, y: Y0 + HEX_RADIUS * SQRT3 * (r + 0.5 * (c & 1)) };
}
