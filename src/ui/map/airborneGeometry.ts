/**
 * Pure geometry of the airborne map marks (AW 41): the outline of a DZ's 6-hex reach (AW 41.3.7: "no
 * unit may end more than 6 hexes from a DZ") and the scatter arrow from a DZ's target hex to the hex
 * it landed in (AW 41.1.2). World pixels, no Pixi, so it is tested without a canvas.
 */
import { NEIGHBOURS, hexesWithin, type HexId } from '../../engine/hex/lattice';
import { CORNER_OFFSETS, centre } from './geometry';

/** AW 41.3.7: a unit may not end an airborne movement segment more than this many hexes from a DZ. */
export const DZ_REACH = 6;

/**
 * The outline of a set of hexes: every hex edge between a member and a non-member, as flat
 * segments [x0, y0, x1, y1, …] (edge d runs from corner d-1 to corner d, as in gridLayer's sheets).
 */
export function outlineSegments(hexes: Iterable<HexId>): number[] {
  const member = new Set(hexes);
  const segs: number[] = [];
  for (const h of member) {
    const { x, y } = centre(h);
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[h * 6 + d];
      if (n >= 0 && member.has(n)) continue;
      const a = (d + 5) % 6;
      segs.push(x + CORNER_OFFSETS[a * 2], y + CORNER_OFFSETS[a * 2 + 1], x + CORNER_OFFSETS[d * 2], y + CORNER_OFFSETS[d * 2 + 1]);
    }
  }
  return segs;
}

/** The outline of the hexes within DZ_REACH of a DZ hex (AW 41.3.7). */
export function reachOutline(dz: HexId, radius = DZ_REACH): number[] {
  return outlineSegments(hexesWithin(dz, radius));
}

/**
 * A scatter arrow from the centre of `from` (the target hex) to the centre of `to` (where the DZ
 * landed), stopping short of `to`'s centre so the DZ marker stays readable: the shaft [x0,y0,x1,y1]
 * and the head triangle [x,y ×3]. Null when the DZ did not move.
 */
export function scatterArrow(from: HexId, to: HexId, head = 7, stopShort = 10): { shaft: number[]; head: number[] } | null {
  if (from === to) return null;
  const a = centre(from), b = centre(to);
  const dx = b.x - a.x, dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  const ux = dx / len, uy = dy / len;
  const tx = b.x - ux * stopShort, ty = b.y - uy * stopShort;
  const bx = tx - ux * head, by = ty - uy * head;
  return {
    shaft: [a.x, a.y, bx, by],
    head: [tx, ty, bx - uy * head * 0.6, by + ux * head * 0.6, bx + uy * head * 0.6, by - ux * head * 0.6],
  };
}
