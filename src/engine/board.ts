/**
 * The board the rules read: terrain, hexsides, routes, places and vantage hexes on the master
 * lattice as flat arrays indexed by integer hex id (fast for movement, supply and LOS searches).
 */
import { HEX_COUNT, hexAt, hexsideBetween, areAdjacent, type HexId } from './hex/lattice';
import { tryParseHexRef, rulesIdsOf } from './hex/sheets';
import {
  TERRAIN, HEXSIDE_FEATURES, ROUTE_CLASSES, type MapFile, type Terrain, type HexsideFeature, type RouteClass,
} from '../data/schemas/map';
import type { DataProblem } from '../data/problems';

export const NO_TERRAIN = 255;
const SEA = TERRAIN.indexOf('sea');

export interface Board {
  id: string;
  name: string;
  /** TERRAIN index per hex, NO_TERRAIN when the hex is not on the map. */
  terrain: Uint8Array;
  /**
   * GOSS 7 TEC: a village costs what the other terrain in its hex (OTIH) costs. TERRAIN index per hex of the
   * terrain whose movement costs apply: a village hex's other terrain (clear when the map gives none), the hex's
   * own terrain elsewhere.
   */
  moveTerrain: Uint8Array;
  /** Village hex → the other terrain in its hex (GOSS 7 TEC OTIH), where the map gives one. */
  otherTerrain: Map<HexId, Terrain>;
  /** Hexside id → bitmask of HEXSIDE_FEATURES. */
  sides: Map<number, number>;
  /** Hexside id → bitmask of ROUTE_CLASSES crossing it. */
  routes: Map<number, number>;
  names: Map<HexId, string>;
  /** Size class of built-up hexes ('city' | 'town' | 'village') or a place's free-text kind. */
  placeKinds: Map<HexId, string>;
  vantage: Map<HexId, number>;
  /** Named heights (AW victory conditions, labels). */
  heights: Map<HexId, { name: string; elevationM?: number }>;
  /** Invasion-beach hexes → beach name (AW 42). */
  beaches: Map<HexId, string>;
  /** AW 1.2.1a RR embankment hexes (constricted terrain except for stacking). */
  embankments: Set<HexId>;
  /** Hexside id → river/canal name, where the map names one. */
  sideNames: Map<number, string>;
  attribution: string[];
  /** All on-map hexes, ascending. */
  hexes: Int32Array;
}

export const terrainCode = (t: Terrain): number => TERRAIN.indexOf(t);
export const featureBit = (f: HexsideFeature): number => 1 << HEXSIDE_FEATURES.indexOf(f);
export const routeBit = (r: RouteClass): number => 1 << ROUTE_CLASSES.indexOf(r);

export function terrainOf(board: Board, h: HexId): Terrain | null {
  const t = board.terrain[h];
  return t === NO_TERRAIN ? null : TERRAIN[t];
}

const VILLAGE = TERRAIN.indexOf('village');
const CLEAR = TERRAIN.indexOf('clear');

/** GOSS 7 TEC: the other terrain in a village hex (clear when the map gives none); null for a hex that is no village. */
export function otherTerrainOf(board: Board, h: HexId): Terrain | null {
  if (board.terrain[h] !== VILLAGE) return null;
  return board.otherTerrain.get(h) ?? 'clear';
}

/** The terrains in a hex: its terrain, and a village's other terrain in hex (GOSS 7 TEC). */
export function terrainsIn(board: Board, h: HexId): Terrain[] {
  const t = terrainOf(board, h);
  if (!t) return [];
  const o = otherTerrainOf(board, h);
  return o && o !== t ? [t, o] : [t];
}

export function onMap(board: Board, h: HexId): boolean {
  return h >= 0 && board.terrain[h] !== NO_TERRAIN;
}

/** On the map and not sea. */
export function isLand(board: Board, h: HexId): boolean {
  const t = board.terrain[h];
  return h >= 0 && t !== NO_TERRAIN && t !== SEA;
}

/**
 * Every rules hex ID naming this hex, one per sheet covering it (sheets overlap), preferred first.
 * An ID that the errata table reads as another hex (e.g. printed C3609 = A3609) is left out, so
 * each ID returned parses back to this hex.
 */
export function rulesIdsOfHex(h: HexId): string[] {
  return rulesIdsOf(h).filter((id) => { const r = tryParseHexRef(id); return 'hex' in r && r.hex === h; });
}

/** Map sheets (A–F) that cover this hex. */
export function sheetsOfHex(h: HexId): string[] {
  return rulesIdsOf(h).map((id) => id[0]);
}

export function isEmbankment(board: Board, h: HexId): boolean {
  return board.embankments.has(h);
}

/** Bit of a hexside feature in `sideBits` (the order of HEXSIDE_FEATURES). */
export const SIDE_BIT = Object.fromEntries(HEXSIDE_FEATURES.map((f, i) => [f, 1 << i])) as Record<HexsideFeature, number>;

/** The hexside's features as bits (`SIDE_BIT`): for hot paths that test one or two features without building a list. */
export function sideBits(board: Board, a: HexId, b: HexId): number {
  return board.sides.get(hexsideBetween(a, b)) ?? 0;
}

export function sideFeatures(board: Board, a: HexId, b: HexId): HexsideFeature[] {
  const bits = board.sides.get(hexsideBetween(a, b)) ?? 0;
  return HEXSIDE_FEATURES.filter((_, i) => bits & (1 << i));
}

export function routesBetween(board: Board, a: HexId, b: HexId): RouteClass[] {
  const bits = board.routes.get(hexsideBetween(a, b)) ?? 0;
  return ROUTE_CLASSES.filter((_, i) => bits & (1 << i));
}

/** Builds the runtime board from a schema-valid map file; cross-reference problems are collected, not thrown. */
export function buildBoard(file: string, map: MapFile): { board: Board; problems: DataProblem[] } {
  const problems: DataProblem[] = [];
  // the same hexes recur along routes and hexsides: parse each reference once
  const refCache = new Map<string, { hex: HexId } | { error: string }>();
  const resolveRef = (ref: string) => {
    let r = refCache.get(ref);
    if (!r) { r = tryParseHexRef(ref); refCache.set(ref, r); }
    return r;
  };
  const terrain = new Uint8Array(HEX_COUNT).fill(NO_TERRAIN);
  const codes = new Map(Object.entries(map.legend).map(([k, v]) => [k, terrainCode(v)]));
  map.rows.forEach((r, i) => {
    for (let k = 0; k < r.cells.length; k++) {
      const ch = r.cells[k];
      if (ch === '.') continue;
      const code = codes.get(ch);
      const h = hexAt(r.col0 + k, r.row);
      if (code === undefined) problems.push({ file, path: `rows[${i}].cells[${k}]`, reason: `terrain code '${ch}' is not in the legend` });
      else if (h < 0) problems.push({ file, path: `rows[${i}]`, reason: `hex (${r.col0 + k},${r.row}) is outside the lattice` });
      else terrain[h] = code;
    }
  });
  const sides = new Map<number, number>();
  const sideNames = new Map<number, string>();
  map.hexsides.forEach((s, i) => {
    const a = resolveRef(s.a);
    const b = resolveRef(s.b);
    if ('error' in a) return problems.push({ file, path: `hexsides[${i}].a`, reason: a.error });
    if ('error' in b) return problems.push({ file, path: `hexsides[${i}].b`, reason: b.error });
    if (!areAdjacent(a.hex, b.hex)) return problems.push({ file, path: `hexsides[${i}]`, reason: `${s.a} and ${s.b} are not adjacent` });
    const id = hexsideBetween(a.hex, b.hex);
    sides.set(id, (sides.get(id) ?? 0) | s.features.reduce((m, f) => m | featureBit(f), 0));
  });
  const routes = new Map<number, number>();
  map.routes.forEach((r, i) => {
    let prev: HexId = -1;
    r.path.forEach((ref, k) => {
      const x = resolveRef(ref);
      if ('error' in x) { problems.push({ file, path: `routes[${i}].path[${k}]`, reason: x.error }); prev = -1; return; }
      if (prev >= 0) {
        if (!areAdjacent(prev, x.hex)) problems.push({ file, path: `routes[${i}].path[${k}]`, reason: `${r.path[k - 1]} → ${ref} is not a step to an adjacent hex` });
        else {
          const id = hexsideBetween(prev, x.hex);
          routes.set(id, (routes.get(id) ?? 0) | routeBit(r.class));
        }
      }
      prev = x.hex;
    });
  });
  map.hexsides.forEach((s) => {
    if (!s.name) return;
    const a = resolveRef(s.a);
    const b = resolveRef(s.b);
    if ('hex' in a && 'hex' in b && areAdjacent(a.hex, b.hex)) sideNames.set(hexsideBetween(a.hex, b.hex), s.name);
  });
  const names = new Map<HexId, string>();
  const placeKinds = new Map<HexId, string>();
  const otherTerrain = new Map<HexId, Terrain>();
  map.places.forEach((p, i) => {
    const x = resolveRef(p.hex);
    if ('error' in x) problems.push({ file, path: `places[${i}].hex`, reason: x.error });
    else {
      names.set(x.hex, p.name);
      if (p.kind) placeKinds.set(x.hex, p.kind);
      if (p.terrain === undefined) return;
      if (terrain[x.hex] !== VILLAGE) problems.push({ file, path: `places[${i}].terrain`, reason: `${p.hex} is not a village hex: only a village takes the other terrain in its hex (GOSS 7 TEC)` });
      else if (p.terrain === 'village' || p.terrain === 'town' || p.terrain === 'city' || p.terrain === 'sea') problems.push({ file, path: `places[${i}].terrain`, reason: `a village's other terrain may not be ${p.terrain}` });
      else otherTerrain.set(x.hex, p.terrain);
    }
  });
  const moveTerrain = terrain.slice();
  for (let h = 0; h < HEX_COUNT; h++) if (terrain[h] === VILLAGE) moveTerrain[h] = otherTerrain.has(h) ? terrainCode(otherTerrain.get(h)!) : CLEAR;
  const heights = new Map<HexId, { name: string; elevationM?: number }>();
  map.heights.forEach((p, i) => {
    const x = resolveRef(p.hex);
    if ('error' in x) problems.push({ file, path: `heights[${i}].hex`, reason: x.error });
    else heights.set(x.hex, p.elevationM === undefined ? { name: p.name } : { name: p.name, elevationM: p.elevationM });
  });
  const beaches = new Map<HexId, string>();
  map.beaches.forEach((p, i) => {
    const x = resolveRef(p.hex);
    if ('error' in x) problems.push({ file, path: `beaches[${i}].hex`, reason: x.error });
    else beaches.set(x.hex, p.beach);
  });
  const embankments = new Set<HexId>();
  map.embankments.forEach((p, i) => {
    const x = resolveRef(p.hex);
    if ('error' in x) problems.push({ file, path: `embankments[${i}].hex`, reason: x.error });
    else embankments.add(x.hex);
  });
  const vantage = new Map<HexId, number>();
  map.vantage.forEach((v, i) => {
    const x = resolveRef(v.hex);
    if ('error' in x) problems.push({ file, path: `vantage[${i}].hex`, reason: x.error });
    else vantage.set(x.hex, v.los);
  });
  const list: number[] = [];
  for (let h = 0; h < HEX_COUNT; h++) if (terrain[h] !== NO_TERRAIN) list.push(h);
  return {
    board: {
      id: map.id, name: map.name, terrain, moveTerrain, otherTerrain, sides, routes, names, placeKinds, vantage, heights, beaches, embankments, sideNames,
      attribution: map.attribution, hexes: Int32Array.from(list),
    },
    problems,
  };
}
