/**
 * One location space for hexes and off-map boxes (docs/engine.md "Locations"; issue 14 part 3).
 *
 * Every place a unit can be is one integer: map hexes are their lattice ids (0 … HEX_COUNT−1, the
 * typed-array index every hex rule reads), boxes are ids from BOX_BASE up — as Rally the Troops
 * numbers its boxes beside its hexes (shared/research/style-anchors.md). `UnitState.hex` keeps
 * meaning "the map hex, or null": a unit in a box has `hex: null` and `box` set, so no hex rule
 * (movement, stacking, supply tracing, the Pixi map) can ever index a typed array with a box id,
 * and code that asks "where is it?" asks `locationOf(u)`.
 *
 * Boxes: two core boxes every game has (eliminated, not yet entered), then the boxes of the graphs a
 * scenario declares in data (data/boxes/*.json, src/data/schemas/boxes.ts), numbered in the order
 * the scenario lists the graphs and each graph its boxes (stable for one data version: saves name it).
 * This file is the query layer (no rule module imports it back); the `moveBox` action is in
 * locationMoves.ts.
 */
import { isDraft } from 'immer';
import { HEX_COUNT, formatHex, tryParseHexRef, type HexId } from '../hex';
import type { BoxDef, BoxGraphFile } from '../../data/schemas/boxes';
import type { GameState, ScenarioBundle, Side, UnitState } from '../types';
import { readUnits } from './unitIndex';
import { unitList } from '../unitTable';

/** A hex id (< BOX_BASE) or a box id (≥ BOX_BASE). */
export type LocationId = number;

/** First box id: above every lattice hex (2^15 > HEX_COUNT). */
export const BOX_BASE = 1 << 15;
if (HEX_COUNT >= BOX_BASE) throw new Error('the hex lattice outgrew the location space below BOX_BASE');
/** Eliminated units (GOSS 4.6; `UnitState.eliminated`). */
export const ELIMINATED_BOX: LocationId = BOX_BASE;
/** Units not yet on the map and in no declared box: reinforcements to come, units held off map. */
export const OFF_MAP_BOX: LocationId = BOX_BASE + 1;
/** First id of the declared boxes. */
const DECLARED_BASE = BOX_BASE + 16;

export const isHex = (loc: LocationId | null | undefined): loc is HexId => loc != null && loc >= 0 && loc < BOX_BASE;
export const isBox = (loc: LocationId | null | undefined): loc is LocationId => loc != null && loc >= BOX_BASE;

/** Where a unit is: its map hex, its box, the eliminated box, or the off-map box. */
export function locationOf(u: Pick<UnitState, 'hex' | 'box' | 'eliminated'>): LocationId {
  if (u.eliminated) return ELIMINATED_BOX;
  if (u.hex !== null) return u.hex;
  return u.box ?? OFF_MAP_BOX;
}

/** A declared box, resolved: its integer id, adjacencies and entry hexes. */
export interface BoxInfo {
  loc: LocationId;
  def: BoxDef;
  graph: BoxGraphFile;
  adjacent: LocationId[];
  entry: HexId[];
}

export interface BoxRegistry {
  list: BoxInfo[];
  byLoc: Map<LocationId, BoxInfo>;
  byId: Map<string, BoxInfo>;
}

const EMPTY: BoxRegistry = { list: [], byLoc: new Map(), byId: new Map() };
const registries = new WeakMap<ScenarioBundle, BoxRegistry>();

/**
 * Builds the registry from graphs already validated (src/data/bundle.ts checks ids, adjacency and
 * entry hexes at load and reports file/path/reason); throws on what only a hand-made bundle could hold.
 */
export function buildBoxRegistry(graphs: readonly BoxGraphFile[]): BoxRegistry {
  const list: BoxInfo[] = [];
  const byId = new Map<string, BoxInfo>();
  for (const graph of graphs) {
    for (const def of graph.boxes) {
      if (byId.has(def.id)) throw new Error(`box "${def.id}" is declared twice`);
      const info: BoxInfo = { loc: DECLARED_BASE + list.length, def, graph, adjacent: [], entry: [] };
      list.push(info);
      byId.set(def.id, info);
    }
  }
  for (const b of list) {
    b.adjacent = b.def.adjacent.map((id) => {
      const to = byId.get(id);
      if (!to) throw new Error(`box "${b.def.id}" names an unknown adjacent box "${id}"`);
      return to.loc;
    });
    b.entry = b.def.entry.map((ref) => {
      const h = tryParseHexRef(ref);
      if ('error' in h) throw new Error(`box "${b.def.id}" entry ${ref}: ${h.error}`);
      return h.hex;
    });
  }
  return { list, byLoc: new Map(list.map((b) => [b.loc, b])), byId };
}

/** The declared boxes of a scenario (none when it declares no box graph). */
export function boxRegistry(bundle: ScenarioBundle): BoxRegistry {
  if (!bundle.boxGraphs?.length) return EMPTY;
  let r = registries.get(bundle);
  if (!r) registries.set(bundle, (r = buildBoxRegistry(bundle.boxGraphs)));
  return r;
}

export function boxAt(bundle: ScenarioBundle, loc: LocationId): BoxInfo | undefined {
  return boxRegistry(bundle).byLoc.get(loc);
}

/** A location from its written form: a box id ("es-3") or a hex ref ("C4522", "@col,row"). */
export function parseLocation(bundle: ScenarioBundle, ref: string): { loc: LocationId } | { error: string } {
  const b = boxRegistry(bundle).byId.get(ref);
  if (b) return { loc: b.loc };
  const h = tryParseHexRef(ref);
  return 'error' in h ? { error: `"${ref}" is neither a box of this scenario nor a hex (${h.error})` } : { loc: h.hex };
}

/** Player-facing name of a location: the hex's rules ID or the box's name. */
export function locationName(bundle: ScenarioBundle, loc: LocationId): string {
  if (isHex(loc)) return formatHex(loc);
  if (loc === ELIMINATED_BOX) return 'the eliminated units box';
  if (loc === OFF_MAP_BOX) return 'off the map';
  return boxAt(bundle, loc)?.def.name ?? `box ${loc - BOX_BASE}`;
}

/** Written form of a location for actions and events: the box id or the hex's rules ID. */
export function locationRef(bundle: ScenarioBundle, loc: LocationId): string {
  if (isHex(loc)) return formatHex(loc);
  return boxAt(bundle, loc)?.def.id ?? (loc === ELIMINATED_BOX ? 'eliminated' : 'off-map');
}

const boxCache = new WeakMap<object, Map<LocationId, UnitState[]>>();

/** Units (not eliminated) in declared boxes, by box. Cached per frozen `units` record like the hex index. */
export function unitsByBox(state: GameState): Map<LocationId, UnitState[]> {
  const hit = boxCache.get(state.units);
  if (hit) return hit;
  const m = new Map<LocationId, UnitState[]>();
  for (const u of readUnits(state.units)) {
    if (u.eliminated || u.hex !== null || u.box === undefined) continue;
    const l = m.get(u.box);
    if (l) l.push(u); else m.set(u.box, [u]);
  }
  if (!isDraft(state.units) && Object.isFrozen(state.units)) boxCache.set(state.units, m);
  return m;
}

export function unitsInBox(state: GameState, loc: LocationId): UnitState[] {
  return unitsByBox(state).get(loc) ?? [];
}

/**
 * Why `adding` may not join `side`'s units in box `b` under the box's declared stacking rule, or null.
 * A `hex` rule is checked by the caller with the hex stacking limits (locationMoves.ts).
 */
export function boxStackingProblem(b: BoxInfo, present: readonly UnitState[], side: Side, adding: number): string | null {
  const s = b.def.stacking;
  if (s.rule !== 'units') return null;
  const mine = present.filter((u) => u.side === side).length;
  return mine + adding > s.max ? `${b.def.name} holds at most ${s.max} unit${s.max === 1 ? '' : 's'} of a side (it has ${mine})` : null;
}

/**
 * Supply of a unit in a box, per the box's declared rule: 'GenS', 'OoS', or null when the box does
 * not trace supply (the unit keeps its markers). Units on hexes are traced by supply.ts.
 */
export function boxSupply(bundle: ScenarioBundle, loc: LocationId): 'GenS' | 'OoS' | null {
  const rule = boxAt(bundle, loc)?.def.supply.rule;
  return rule === 'inSupply' ? 'GenS' : rule === 'outOfSupply' ? 'OoS' : null;
}

/**
 * Puts a unit at a location (a draft's unit): on a hex, `hex` is set and `box` cleared; in a box, `hex`
 * is null — the invariant that keeps box ids out of every hex-indexed array.
 */
export function placeUnit(u: UnitState, loc: LocationId): void {
  if (isHex(loc)) {
    u.hex = loc;
    delete u.box;
  } else if (loc === ELIMINATED_BOX) {
    u.eliminated = true;
    u.hex = null;
    delete u.box;
  } else {
    u.hex = null;
    if (loc === OFF_MAP_BOX) delete u.box; else u.box = loc;
  }
}

/** One declared box as a panel draws it: its units as the viewer may see them. */
export interface BoxDisplay { id: string; name: string; loc: LocationId; adjacent: string[]; entry: string[]; units: UnitState[] }

/**
 * The declared box graphs with their contents, read from `view(state, side)` (so the other side's
 * units in owner-only boxes are the anonymous counters view leaves): the reading API for the React
 * box panels. The map draws hexes only (units with `hex: null` are not drawn).
 */
export function boxDisplays(v: Pick<GameState, 'units'>, bundle: ScenarioBundle): { graph: string; name: string; boxes: BoxDisplay[] }[] {
  const reg = boxRegistry(bundle);
  if (!reg.list.length) return [];
  const inBox = new Map<LocationId, UnitState[]>();
  for (const u of unitList(v)) {
    if (u.eliminated || u.hex !== null || u.box === undefined) continue;
    const l = inBox.get(u.box);
    if (l) l.push(u); else inBox.set(u.box, [u]);
  }
  return (bundle.boxGraphs ?? []).map((g) => ({
    graph: g.id,
    name: g.name,
    boxes: g.boxes.map((d) => {
      const b = reg.byId.get(d.id)!;
      return { id: d.id, name: d.name, loc: b.loc, adjacent: d.adjacent, entry: b.entry.map(formatHex), units: inBox.get(b.loc) ?? [] };
    }),
  }));
}
