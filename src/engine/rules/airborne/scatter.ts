/**
 * AW 41.1.2, 41.1.3, 41.2.2, 41.2.3a/c, 41.3.5, 41.4.2: the dice tables of the airborne drop and the
 * Scatter Diagram, as pure functions over the airborne tables (data/modules/airborne/tables.json).
 * They take die faces, not dice, so the stage procedures roll (and record) and these only read tables.
 */
import { colOf, fromCube, hexAt, rowOf, toCube, type HexId } from '../../hex/lattice';
import type { AirborneTables } from '../../../data/schemas/airborne';

export type ScatterResult = 'NS' | 'S1' | 'S2' | 'S3' | 'S4' | 'S5' | 'S6' | 'ES';
export type DzStatus = 'A' | 'B' | 'C' | 'D' | 'E';
export type Terrain = string;

// Axial directions of flat-topped hexes, walking a ring clockwise from its north corner:
// SE, S, SW, NW, N, NE (each n steps for ring n).
const RING_WALK: ReadonlyArray<readonly [number, number]> = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

/**
 * The 6n hexes of ring n around `centre`, in the Scatter Diagram's order: first the hex n hexes
 * directly north of the centre, then clockwise (AW 41.1.2: "north is the top of the diagram").
 * A hex outside the lattice is -1 (it keeps its place in the order).
 */
export function ringHexes(centre: HexId, n: number): HexId[] {
  const [q0, r0] = toCube(colOf(centre), rowOf(centre));
  let q = q0;
  let r = r0 - n;
  const out: HexId[] = [];
  for (const [dq, dr] of RING_WALK) {
    for (let i = 0; i < n; i++) {
      out.push(hexAt(...fromCube(q, r)));
      q += dq;
      r += dr;
    }
  }
  return out;
}

/** S1…S6 → ring number; NS → 0. */
export function ringOf(result: ScatterResult): number {
  return result === 'NS' || result === 'ES' ? 0 : Number(result.slice(1));
}

/**
 * AW 41.1.2 / 41.2.3a: where a scattered DZ or unit lands: ring `ring` of the Scatter Diagram, the
 * first hex clockwise from north whose percentile range holds `percentile` (2d10, 00–99).
 */
export function scatterHex(t: AirborneTables, centre: HexId, ring: number, percentile: number): { hex: HexId; position: number } {
  const r = t.scatterDiagram.rings[ring - 1];
  if (!r) throw new Error(`the Scatter Diagram has no ring ${ring}`);
  const position = r.ranges.findIndex(([a, b]) => percentile >= a && percentile <= b);
  if (position < 0) throw new Error(`percentile ${percentile} is outside 00–99`);
  return { hex: ringHexes(centre, ring)[position], position };
}

/** AW 41.1.2: the DZ Scatter Table, read by 1d10 (no DRM) in the division's column. */
export function dzScatter(t: AirborneTables, division: string, roll: number): 'NS' | 'S1' | 'S2' {
  const col = t.dzScatter.columns.indexOf(division);
  if (col < 0) throw new Error(`the DZ Scatter Table has no column for ${division}`);
  return t.dzScatter.rows[roll][col];
}

export interface DzSurroundings {
  /** Terrain of the DZ hex. */
  terrain: Terrain;
  /** Any German unit adjacent to the DZ; `adjacentAA`: at least one of them is an AA unit. */
  adjacentGerman: boolean;
  adjacentAA: boolean;
}

/**
 * AW 41.1.3: the DZ status DRMs — at most one adjacency DRM (+1 German adjacent, +2 if one is AA) and
 * one terrain DRM (+1 woods/marsh, +2 city/town/bocage/forest). They also modify unit scatter (41.2.3a).
 */
export function dzStatusDrm(t: AirborneTables, s: DzSurroundings): number {
  const adj = s.adjacentAA ? t.dzStatus.adjacentGermanAA : s.adjacentGerman ? t.dzStatus.adjacentGerman : 0;
  const terr = Math.max(0, ...t.dzStatus.terrain.filter((x) => x.terrain.includes(s.terrain as never)).map((x) => x.drm));
  return adj + terr;
}

/** AW 41.1.3: the DZ Status Table; a modified roll above 9 reads row 9 (reconstructed, docs/errata.md). */
export function dzStatus(t: AirborneTables, scatter: 'NS' | 'S1' | 'S2', roll: number, drm: number): { status: DzStatus; modified: number } {
  const modified = roll + drm;
  const row = Math.min(t.dzStatus.overflow.max, Math.max(0, modified));
  return { status: t.dzStatus.rows[row][t.dzStatus.columns.indexOf(scatter)], modified };
}

function unitScatterCell(t: AirborneTables, status: DzStatus, row: number) {
  const { min = 0, max } = t.unitScatter.overflow;
  return t.unitScatter.rows[Math.min(max, Math.max(min, row))][t.unitScatter.columns.indexOf(status)];
}

/**
 * AW 41.2.3a (and 41.4.2 for gliders, −3): a unit's scatter, 1d10 + the DZ's status DRMs, read under
 * the DZ's status; modified rolls outside 0–9 read the end rows (reconstructed, docs/errata.md).
 */
export function unitScatter(t: AirborneTables, status: DzStatus, roll: number, drm: number, glider = false): { result: ScatterResult; modified: number } {
  const modified = roll + drm + (glider ? t.unitScatter.gliderDrm : 0);
  return { result: unitScatterCell(t, status, modified).result, modified };
}

/** AW 41.2.2: dummies added to the container for one Btn landing on the DZ (1d10, no DRM). */
export function dummiesFor(t: AirborneTables, status: DzStatus, roll: number): number {
  return unitScatterCell(t, status, roll).dummies;
}

/**
 * AW 41.2.3a / 41.4.2: landing terrain, checked even on NS (1d10). A non-FoW unit sent to the ES
 * boxes is eliminated instead (the chart sends only FoW units there; reconstructed, docs/errata.md).
 */
export function landing(t: AirborneTables, terrain: Terrain, roll: number, kind: 'para' | 'glider', fow: boolean): 'landed' | 'eliminated' | 'extendedScatter' {
  const row = t.landingTerrain.rows.find((x) => x.terrain.includes(terrain as never));
  const hit = row?.[kind].find((x) => roll >= x.from && roll <= x.to);
  if (!hit) return 'landed';
  if (hit.result === 'extendedScatter' && !fow) return t.landingTerrain.nonFowExtendedScatter.result;
  return hit.result;
}

/** AW 41.2.3a: an ES result — 1d10: 1–9 into that ES box (FoW side up), 0 eliminated. */
export function extendedScatterEntry(t: AirborneTables, roll: number): { box: number } | 'eliminated' {
  const [a, b] = t.extendedScatter.entry.eliminated;
  return roll >= a && roll <= b ? 'eliminated' : { box: roll };
}

/**
 * AW 41.2.3c: one step down the ES track in the Airborne Re-Group Segment. A unit that starts in
 * box 1 comes back onto a DZ of its nationality; otherwise it moves one box lower and rolls 1d10
 * against that box's elimination range.
 */
export function extendedScatterStep(t: AirborneTables, box: number, roll: number): 'toDz' | 'eliminated' | { box: number } {
  if (box <= 1) return 'toDz';
  const lower = t.extendedScatter.boxes[box - 2];
  const e = lower.eliminated;
  return e && roll >= e[0] && roll <= e[1] ? 'eliminated' : { box: lower.box };
}

/**
 * AW 41.3.5 / 41.3.6: a FoW unit's regroup number — the DZ status's number (A7 B6 C4 D3 E2) when
 * stacked with a DZ, 3 with a leader only, +1 with a leader; in normal GTs −1 DRM per GD after June 6,
 * which (success being a low roll) adds one to the number per GD. Success: 1d10 ≤ the number.
 */
export function regroupNumber(t: AirborneTables, dz: DzStatus | null, leader: boolean, gdAfterDrop = 0): number | null {
  if (dz === null && !leader) return null;
  const base = dz !== null ? t.unitScatter.regroupNumber[dz] : t.regroupLeaderOnly.number;
  return base + (leader && dz !== null ? t.regroupLeaderOnly.leaderBonus : 0) + gdAfterDrop;
}
