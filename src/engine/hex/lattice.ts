/**
 * The master hex lattice: flat-topped hexes, columns west→east, rows north→south, odd columns
 * half a hex south (odd-q) — the AW grid (map-data.md §1.1). Sheet B's numbering is the master;
 * other sheets map onto it (sheets.ts).
 *
 * Inside the engine a hex is an integer id into a fixed rectangle of the lattice, so hot paths
 * (legal moves, supply, LOS) work on flat typed arrays. Parity uses `col & 1`, never `col % 2`,
 * because columns go negative (sheet A starts west of B).
 */

export type HexId = number;

/** Bounds of the lattice rectangle (global columns/rows). Wide enough for sheets A–F and map F's
 * sections F1 (east, to global column 142) and F2 (south, to global row 93), AW 1.8.0, plus a margin. */
export const COL_MIN = -16;
export const COL_MAX = 144;
export const ROW_MIN = -33;
export const ROW_MAX = 94;
export const WIDTH = COL_MAX - COL_MIN + 1;
export const HEIGHT = ROW_MAX - ROW_MIN + 1;
export const HEX_COUNT = WIDTH * HEIGHT;

/** Directions, clockwise from north: N, NE, SE, S, SW, NW. */
export const DIRECTIONS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export type Direction = 0 | 1 | 2 | 3 | 4 | 5;

// Offsets [dcol, drow] per direction for even and odd columns (odd-q).
const EVEN_DELTAS: ReadonlyArray<readonly [number, number]> = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 0], [-1, -1]];
const ODD_DELTAS: ReadonlyArray<readonly [number, number]> = [[0, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0]];

export function inLattice(col: number, row: number): boolean {
  return col >= COL_MIN && col <= COL_MAX && row >= ROW_MIN && row <= ROW_MAX;
}

/** Integer id of a lattice hex; -1 when outside the lattice rectangle. */
export function hexAt(col: number, row: number): HexId {
  if (!inLattice(col, row)) return -1;
  return (row - ROW_MIN) * WIDTH + (col - COL_MIN);
}

export function colOf(h: HexId): number {
  return (h % WIDTH) + COL_MIN;
}

export function rowOf(h: HexId): number {
  return Math.floor(h / WIDTH) + ROW_MIN;
}

export function isHex(h: unknown): h is HexId {
  return typeof h === 'number' && Number.isInteger(h) && h >= 0 && h < HEX_COUNT;
}

/** Neighbour table: NEIGHBOURS[h * 6 + d] is the neighbour of h in direction d, or -1. */
export const NEIGHBOURS: Int32Array = (() => {
  const t = new Int32Array(HEX_COUNT * 6);
  for (let h = 0; h < HEX_COUNT; h++) {
    const c = colOf(h);
    const r = rowOf(h);
    const deltas = c & 1 ? ODD_DELTAS : EVEN_DELTAS;
    for (let d = 0; d < 6; d++) t[h * 6 + d] = hexAt(c + deltas[d][0], r + deltas[d][1]);
  }
  return t;
})();

export function neighbour(h: HexId, d: Direction): HexId {
  return NEIGHBOURS[h * 6 + d];
}

export function neighbours(h: HexId): HexId[] {
  const out: HexId[] = [];
  for (let d = 0; d < 6; d++) {
    const n = NEIGHBOURS[h * 6 + d];
    if (n >= 0) out.push(n);
  }
  return out;
}

/** Direction from a to an adjacent b, or -1 when they are not adjacent. */
export function directionTo(a: HexId, b: HexId): Direction | -1 {
  for (let d = 0; d < 6; d++) if (NEIGHBOURS[a * 6 + d] === b) return d as Direction;
  return -1;
}

export function areAdjacent(a: HexId, b: HexId): boolean {
  return directionTo(a, b) !== -1;
}

/** Cube coordinates of an odd-q offset hex (same convention as honeycomb-grid offset -1). */
export function toCube(col: number, row: number): [number, number, number] {
  const q = col;
  const r = row - ((col - (col & 1)) >> 1);
  return [q, r, -q - r];
}

export function fromCube(q: number, r: number): [number, number] {
  return [q, r + ((q - (q & 1)) >> 1)];
}

export function distance(a: HexId, b: HexId): number {
  return distanceColRow(colOf(a), rowOf(a), colOf(b), rowOf(b));
}

export function distanceColRow(c1: number, r1: number, c2: number, r2: number): number {
  // toCube's arithmetic inline: no arrays (issue 17: distance is asked in every hot loop, and its two
  // arrays per call were 7% of a replay's garbage).
  const dq = c1 - c2;
  const dr = (r1 - ((c1 - (c1 & 1)) >> 1)) - (r2 - ((c2 - (c2 & 1)) >> 1));
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

/** Every lattice hex within `radius` of h (h included), in id order. */
export function hexesWithin(h: HexId, radius: number): HexId[] {
  const [q0, r0] = toCube(colOf(h), rowOf(h));
  const out: HexId[] = [];
  for (let dq = -radius; dq <= radius; dq++) {
    const lo = Math.max(-radius, -dq - radius);
    const hi = Math.min(radius, -dq + radius);
    for (let dr = lo; dr <= hi; dr++) {
      const [c, r] = fromCube(q0 + dq, r0 + dr);
      const id = hexAt(c, r);
      if (id >= 0) out.push(id);
    }
  }
  return out.sort((x, y) => x - y);
}

function cubeRound(q: number, r: number, s: number): [number, number] {
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return [rq, rr];
}

/**
 * The hexes a straight line from centre to centre passes through, both ends included (GOSS 8 LOS).
 * A line running exactly along a hexside passes through hexes on both sides; this returns the pair
 * nudged one way and the other, so LOS rules can decide (`alongside` lists the second choice).
 */
export function hexLine(a: HexId, b: HexId): { hexes: HexId[]; alongside: HexId[] } {
  const n = distance(a, b);
  const [q1, r1, s1] = toCube(colOf(a), rowOf(a));
  const [q2, r2, s2] = toCube(colOf(b), rowOf(b));
  const hexes: HexId[] = [];
  const alongside: HexId[] = [];
  const EPS = 1e-6;
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    const q = q1 + (q2 - q1) * t;
    const r = r1 + (r2 - r1) * t;
    const s = s1 + (s2 - s1) * t;
    const [pq, pr] = cubeRound(q + EPS, r + EPS, s - 2 * EPS);
    const [mq, mr] = cubeRound(q - EPS, r - EPS, s + 2 * EPS);
    const p = hexAt(...fromCube(pq, pr));
    const m = hexAt(...fromCube(mq, mr));
    hexes.push(p);
    if (m !== p) alongside.push(m);
  }
  return { hexes, alongside };
}

/**
 * Hexside identity: a hexside is shared by two hexes and has one id. Each hex owns its N, NE and
 * SE sides (id = h*3 + d); its S, SW and NW sides belong to the neighbour across them.
 * Returns -1 for a side on the outer edge of the lattice rectangle.
 */
export function hexsideId(h: HexId, d: Direction): number {
  if (d < 3) return h * 3 + d;
  const n = NEIGHBOURS[h * 6 + d];
  return n < 0 ? -1 : n * 3 + (d - 3);
}

/** The hexside between two adjacent hexes, or -1 when they are not adjacent. */
export function hexsideBetween(a: HexId, b: HexId): number {
  const d = directionTo(a, b);
  return d === -1 ? -1 : hexsideId(a, d);
}

/** The two hexes on either side of a hexside id. */
export function hexsideHexes(side: number): [HexId, HexId] {
  const h = Math.floor(side / 3);
  const d = (side % 3) as Direction;
  return [h, NEIGHBOURS[h * 6 + d]];
}
