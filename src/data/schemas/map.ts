import { z } from 'zod';
import { Source, RulesHexId } from './common';

/**
 * Provenance in map files: the common Source forms, plus `shared/geo/<file>` for entries derived
 * from the geographic source data (coast, GeoNames places, communes, forests; see docs/map.md).
 */
export const MapSource = z.union([Source, z.string().regex(/^shared\/geo\/\S/, "source must start with 'seed:NNN', 'reconstructed:', 'shared/research/', 'shared/geo/', … ")]);

/** GOSS terrain set (GOSS 7 TEC, goss-core.md §6.4); IP/ET/Fort are fieldworks from scenarios. */
export const TERRAIN = ['sea', 'clear', 'rough', 'woods', 'hedgerow', 'forest', 'bocage', 'marsh', 'village', 'town', 'city', 'beach'] as const;
export const Terrain = z.enum(TERRAIN);
export type Terrain = z.infer<typeof Terrain>;

/** Hexside features (GOSS 7 TEC; AW 1.2). */
export const HEXSIDE_FEATURES = ['stream', 'river', 'majorRiver', 'canal', 'bridge', 'ford', 'bluff', 'cliff', 'sea'] as const;
export const HexsideFeature = z.enum(HEXSIDE_FEATURES);
export type HexsideFeature = z.infer<typeof HexsideFeature>;

/** Size classes of built-up places (terrain village/town/city; map-data.md §3.3). */
export const PLACE_KINDS = ['city', 'town', 'village'] as const;

export const ROUTE_CLASSES = ['primary', 'secondary', 'trail', 'railway'] as const;
export const RouteClass = z.enum(ROUTE_CLASSES);
export type RouteClass = z.infer<typeof RouteClass>;

/** A hex reference in map files: a rules ID ("C4522") or a lattice position ("@col,row") for hexes between sheets. */
export const HexRef = z.union([RulesHexId, z.string().regex(/^@-?\d+,-?\d+$/, 'lattice ref must look like @col,row')]);

/**
 * A map file (data/map/*.json). Terrain is stored row by row as strings of one-letter codes so
 * the full six-sheet map stays small; `legend` maps each code to a terrain.
 */
export const MapFile = z.object({
  format: z.literal('neptune-map/1'),
  id: z.string().min(1),
  name: z.string().min(1),
  source: Source,
  attribution: z.array(z.string()).default([]),
  legend: z.record(z.string().length(1), Terrain),
  /** Global lattice rows: { row, col0, cells } where cells[i] is the code of hex (col0 + i, row); '.' = not on the map. */
  rows: z.array(z.object({ row: z.number().int(), col0: z.number().int(), cells: z.string() })),
  hexsides: z.array(z.object({
    a: HexRef, b: HexRef,
    features: z.array(HexsideFeature).min(1),
    /** River or canal name when the side carries one. */
    name: z.string().optional(),
    source: MapSource.optional(),
  })).default([]),
  routes: z.array(z.object({
    class: RouteClass,
    name: z.string().optional(),
    /** Consecutive hexes; each pair must be adjacent. */
    path: z.array(HexRef).min(2),
    embankment: z.boolean().optional(),
    source: MapSource,
  })).default([]),
  /** Named places; `kind` is the size class for built-up hexes (PLACE_KINDS) or free text. */
  places: z.array(z.object({
    hex: HexRef, name: z.string(), kind: z.string().optional(),
    /** GOSS 7 TEC: a village takes the other terrain in its hex (OTIH) for movement; this is that terrain (absent: clear). */
    terrain: Terrain.optional(),
    source: MapSource,
  })).default([]),
  /** AW 1.2.8 vantage hexes and their LOS range. */
  vantage: z.array(z.object({ hex: HexRef, los: z.number().int().positive(), source: MapSource })).default([]),
  /** Named heights (hills, ridges) for victory conditions and labels. */
  heights: z.array(z.object({ hex: HexRef, name: z.string(), elevationM: z.number().int().optional(), source: MapSource })).default([]),
  /** Invasion-beach hexes (AW 42): the coastal hexes of each named beach. */
  beaches: z.array(z.object({ hex: HexRef, beach: z.string(), source: MapSource })).default([]),
  /** AW 1.2.1a RR embankment hexes: constricted terrain for all purposes except stacking. */
  embankments: z.array(z.object({ hex: HexRef, source: MapSource })).default([]),
  /** How the file was made (generator, input digests); informational. */
  build: z.object({
    tool: z.string(),
    inputs: z.record(z.string(), z.string()).optional(),
    notes: z.array(z.string()).optional(),
  }).optional(),
});
export type MapFile = z.infer<typeof MapFile>;
