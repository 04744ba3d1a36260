/**
 * The Terrain Effects Chart (data/tables/tec.json) in the shape the hot paths need: per-terrain
 * costs in half-MP integers indexed by terrain code, hexside and road rows, covering terrain.
 * Parsed and validated once per bundle; a malformed table fails with the path of the bad entry.
 */
import { TERRAIN, HEXSIDE_FEATURES, ROUTE_CLASSES, type Terrain } from '../../data/schemas/map';
import type { ScenarioBundle } from '../types';

// The TEC's schema lives with the other table schemas (validated at load by src/data/bundle.ts).
import { TecTable } from '../../data/schemas/tables';
export { TecTable };

export const COVER_OPEN = 0;
export const COVER_OCT = 1;
export const COVER_MCT = 2;
const coverCode = { open: COVER_OPEN, OCT: COVER_OCT, MCT: COVER_MCT } as const;

/** Half-MP integer costs (x2) so searches work on integers; -1 = prohibited. */
export interface Tec {
  raw: TecTable;
  /** [terrain code] → cost ×2 for Leg, non-road Mech, Mech road movement (clear as road). */
  leg: Int16Array;
  mech: Int16Array;
  mechRoad: Int16Array;
  cover: Uint8Array;
  /** [feature index] → hexside cost ×2, -1 prohibited. */
  sideLeg: Int16Array;
  sideMech: Int16Array;
  /** [route class index] → road costs ×2. */
  roadLeg: Int16Array;
  roadMech: Int16Array;
  roadMechNonClear: Int16Array;
  clearCode: number;
}

const cache = new WeakMap<object, Tec>();
const x2 = (v: number | null | undefined): number => (v === null || v === undefined ? -1 : Math.round(v * 2));

/** The TEC of a bundle, validated once. Throws with the offending path when the table is malformed. */
export function tecOf(bundle: ScenarioBundle): Tec {
  const key = bundle.tables;
  const hit = cache.get(key);
  if (hit) return hit;
  const r = TecTable.safeParse(bundle.tables.tec);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new Error(`data/tables/tec.json ${i.path.join('.')}: ${i.message}`);
  }
  const raw = r.data;
  const n = TERRAIN.length;
  const t: Tec = {
    raw,
    leg: new Int16Array(n).fill(-1), mech: new Int16Array(n).fill(-1), mechRoad: new Int16Array(n).fill(-1), cover: new Uint8Array(n),
    sideLeg: new Int16Array(HEXSIDE_FEATURES.length), sideMech: new Int16Array(HEXSIDE_FEATURES.length),
    roadLeg: new Int16Array(ROUTE_CLASSES.length).fill(-1), roadMech: new Int16Array(ROUTE_CLASSES.length).fill(-1),
    roadMechNonClear: new Int16Array(ROUTE_CLASSES.length).fill(-1),
    clearCode: TERRAIN.indexOf('clear'),
  };
  TERRAIN.forEach((name, i) => {
    const row = raw.terrain[name];
    if (!row) return; // a terrain the TEC does not list is prohibited (and reported by the data check below)
    t.leg[i] = x2(row.leg); t.mech[i] = x2(row.mech); t.mechRoad[i] = x2(row.mechRoad); t.cover[i] = coverCode[row.cover];
  });
  HEXSIDE_FEATURES.forEach((name, i) => {
    const row = raw.hexsides[name];
    t.sideLeg[i] = row ? x2(row.leg) : 0;
    t.sideMech[i] = row ? x2(row.mech) : 0;
  });
  ROUTE_CLASSES.forEach((name, i) => {
    const row = raw.roads[name];
    if (!row) return;
    t.roadLeg[i] = x2(row.leg); t.roadMech[i] = x2(row.mechRoad); t.roadMechNonClear[i] = x2(row.mechRoadNonClear);
  });
  cache.set(key, t);
  return t;
}

/** Terrains of the map schema that the TEC does not list (a data problem the loader test reports). */
export function missingTerrains(bundle: ScenarioBundle): Terrain[] {
  const raw = tecOf(bundle).raw;
  return TERRAIN.filter((name) => !raw.terrain[name]);
}

export const FEATURE = Object.fromEntries(HEXSIDE_FEATURES.map((f, i) => [f, 1 << i])) as Record<(typeof HEXSIDE_FEATURES)[number], number>;
export const ROUTE = Object.fromEntries(ROUTE_CLASSES.map((f, i) => [f, 1 << i])) as Record<(typeof ROUTE_CLASSES)[number], number>;
export const WATER = FEATURE.stream | FEATURE.river | FEATURE.majorRiver | FEATURE.canal;
export const ANY_ROAD = ROUTE.primary | ROUTE.secondary | ROUTE.trail | ROUTE.railway;
export const MAJOR_ROAD = ROUTE.primary | ROUTE.secondary;
