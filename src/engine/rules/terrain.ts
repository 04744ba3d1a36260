/**
 * The Terrain Effects Chart (data/tables/tec.json) in the shape the hot paths need: per-terrain
 * costs in half-MP integers indexed by terrain code, hexside and road rows, covering terrain.
 * Parsed and validated once per bundle; a malformed table fails with the path of the bad entry.
 */
import { z } from 'zod';
import { TERRAIN, HEXSIDE_FEATURES, ROUTE_CLASSES, type Terrain } from '../../data/schemas/map';
import type { ScenarioBundle } from '../types';

const Mp = z.number().nonnegative().multipleOf(0.5);
const Cover = z.enum(['open', 'OCT', 'MCT']);
const Src = z.string().min(3);

export const TecTable = z.object({
  id: z.literal('tec'),
  terrain: z.record(z.string(), z.object({ leg: Mp.nullable(), mech: Mp.nullable(), mechRoad: Mp.nullable(), cover: Cover, source: Src })),
  fieldworks: z.record(z.string(), z.object({ cover: Cover, halt: z.boolean(), noSlide: z.boolean(), source: Src })),
  hexsides: z.record(z.string(), z.object({ leg: Mp.nullable(), mech: Mp.nullable(), source: Src })),
  roads: z.record(z.string(), z.object({ leg: Mp, mechRoad: Mp, mechRoadNonClear: Mp, source: Src })),
  adjacentEnemy: z.object({ leg: Mp, mech: Mp, source: Src }),
  constricted: z.object({ leg: Mp, mech: z.union([Mp, z.literal('allMA')]), source: Src }),
  friendlyOccupiedRoad: z.object({ mp: Mp, source: Src }),
  overrun: z.object({ mp: Mp, source: Src }),
  pa: z.object({ hexes: z.object({ leg: z.number().int(), mech: z.number().int(), ranger: z.number().int(), cdo: z.number().int() }), mechStop: z.array(z.string()), source: Src }),
  night: z.object({ halfMaUnlessEnemyWithin: z.number().int().nonnegative(), source: Src }),
  exploit: z.object({ printedMaDivisor: z.number().positive(), source: Src }),
  artilleryGroupMa: z.object({ ma: z.number().nonnegative(), source: Src }),
  /** GOSS 7.6.1 step 2 / 7.6.2: Leg road march MA bonus and the road classes it runs on (absent: no road march). */
  legRoadMarch: z.object({ ma: z.number().nonnegative(), roads: z.array(z.enum(ROUTE_CLASSES)), source: Src }).optional(),
  /**
   * GOSS 7.6.1 step 5 / 19.4 (AW 31.2.1b): effects of the ground condition by name (absent: none), the
   * roads a move must follow wholly to be exempt, and the conditions in which Mech road movement may
   * use clear hexes as roads (GOSS 7.10.1).
   */
  ground: z.object({
    exemptRoads: z.array(z.enum(ROUTE_CLASSES)),
    clearAsRoadIn: z.array(z.string()),
    conditions: z.record(z.string(), z.object({
      mechMa: z.number().int().optional(), maDivisor: z.number().int().positive().optional(),
      paMechHexes: z.number().int().nonnegative().optional(), paCdoHexes: z.number().int().nonnegative().optional(),
      advanceMax: z.number().int().nonnegative().optional(), source: Src,
    })),
    source: Src,
  }).optional(),
});
export type TecTable = z.infer<typeof TecTable>;

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
