/**
 * Allied airborne movement in the Airborne Assault Stage (AW 41.3.7, 41.3.7a, 41.8.0): counted in
 * hexes, not MP. FoW units move up to two hexes and only toward a DZ or a river bridge (never from
 * one DZ to another); every other airborne unit, leaders included, up to three. Nobody ends more
 * than six hexes from a DZ or crosses an unbridged river; a unit starting in Marsh moves only one
 * hex along a road or trail (41.8.0: in the 2nd segment one hex in any way); entering Marsh or
 * Forest, or crossing a stream, off a road or trail stops the unit. Movement halts are ignored;
 * regrouped units never enter an enemy hex, a FoW unit able to move two hexes may try to pass
 * through one as its first hex (41.3.7a: the German's defensive PR check decides, germanMovement's
 * procedure `abPass`).
 *
 * Pure queries over (state, bundle) and the stage facts the caller gives (`AbCtx`), so the tests run
 * on hand-made maps and the handlers pass the airborne state.
 */
import { NEIGHBOURS, distance, hexsideBetween, hexsideHexes, type HexId } from '../../hex/lattice';
import { formatHex } from '../../hex/sheets';
import { NO_TERRAIN, terrainOf } from '../../board';
import { FEATURE, ROUTE, tecOf } from '../terrain';
import type { GameState, Rejection, ScenarioBundle, UnitState } from '../../types';

export const CASE_MOVE = 'AW 41.3.7';
export const CASE_ENEMY = 'AW 41.3.7a';
export const CASE_MOVE2 = 'AW 41.8.0';

/** Roads and trails (AW 41.3.7 "road or trail"); a railway is neither. */
export const ROAD_OR_TRAIL = ROUTE.primary | ROUTE.secondary | ROUTE.trail;
/** River hexsides (AW 41.3.7 "un-bridged river hexside"; 41.3.7b "a bridge over a river (not streams)"). */
export const RIVER = FEATURE.river | FEATURE.majorRiver | FEATURE.canal;

/** What the stage knows that the map does not: where the DZs are, which units are FoW, which bridges are blown. */
export interface AbCtx {
  state: GameState;
  bundle: ScenarioBundle;
  /** Hexes of the DZs on the map (AW 41.3.7: no unit ends more than six hexes from one). */
  dzs: readonly HexId[];
  isFow(unitId: string): boolean;
  /** Hexside ids of bridges destroyed in the stage (AW 41.3.7b). */
  blown: ReadonlySet<number>;
  /** The 2nd Allied Movement Segment (AW 41.8.0: a unit starting in Marsh may move one hex off-road). */
  second: boolean;
}

const live = (u: UnitState | undefined): u is UnitState => !!u && !u.eliminated && u.hex !== null;

/** Hexes holding a live unit of the other side. */
export function enemyHexes(state: GameState, side: 'allied' | 'german'): Set<HexId> {
  const out = new Set<HexId>();
  for (const u of Object.values(state.units)) if (live(u) && u.side !== side) out.add(u.hex!);
  return out;
}

/** Is the hexside between a and b a river hexside crossed by a bridge (a mapped bridge or a road) that is still standing? */
export function riverBridge(bundle: ScenarioBundle, blown: ReadonlySet<number>, a: HexId, b: HexId): boolean {
  const side = hexsideBetween(a, b);
  const feats = bundle.board.sides.get(side) ?? 0;
  if (!(feats & RIVER)) return false;
  const bridged = (feats & FEATURE.bridge) !== 0 || ((bundle.board.routes.get(side) ?? 0) & (ROAD_OR_TRAIL | ROUTE.railway)) !== 0;
  return bridged && !blown.has(side);
}

/** Every standing river bridge hexside (AW 41.3.7b), by hexside id. */
export function riverBridges(bundle: ScenarioBundle, blown: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (const [side, feats] of bundle.board.sides) {
    if (!(feats & RIVER)) continue;
    const [a, b] = hexsideHexes(side);
    if (riverBridge(bundle, blown, a, b)) out.push(side);
  }
  return out.sort((x, y) => x - y);
}

/** Distance from a hex to a hexside: 0 when the hex borders it. */
export function distanceToSide(h: HexId, side: number): number {
  const [a, b] = hexsideHexes(side);
  return Math.min(distance(h, a), distance(h, b));
}

export function nearestDz(dzs: readonly HexId[], h: HexId): number {
  let best = Infinity;
  for (const z of dzs) best = Math.min(best, distance(h, z));
  return best;
}

/** The unit's allowance in hexes this segment, and how a Marsh start limits it (AW 41.3.7, 41.8.0). */
export interface AbAllowance { hexes: number; alongRoadOnly: boolean; case: string; why: string }

export function abAllowance(c: AbCtx, unitId: string): AbAllowance {
  const u = c.state.units[unitId];
  const fow = c.isFow(unitId);
  const base: AbAllowance = fow
    ? { hexes: 2, alongRoadOnly: false, case: CASE_MOVE, why: 'a FoW unit moves up to two hexes' }
    : { hexes: 3, alongRoadOnly: false, case: CASE_MOVE, why: 'an airborne unit moves up to three hexes' };
  if (!live(u) || terrainOf(c.bundle.board, u.hex!) !== 'marsh') return base;
  if (c.second) return { hexes: 1, alongRoadOnly: false, case: CASE_MOVE2, why: 'a unit starting the 2nd Allied Movement Segment in a Marsh hex moves one hex' };
  const h = u.hex!;
  let road = false;
  for (let d = 0; d < 6; d++) {
    const n = NEIGHBOURS[h * 6 + d];
    if (n >= 0 && (c.bundle.board.routes.get(hexsideBetween(h, n)) ?? 0) & ROAD_OR_TRAIL) road = true;
  }
  return road
    ? { hexes: 1, alongRoadOnly: true, case: CASE_MOVE, why: 'a unit starting in a Marsh hex with a road or trail moves one hex along it' }
    : { hexes: 0, alongRoadOnly: true, case: CASE_MOVE, why: 'a unit starting in a Marsh hex without a road or trail may not move' };
}

/** One step a→b: null when it may be taken, else why not; `stop` when the unit moves no further after it. */
export function abStep(c: AbCtx, a: HexId, b: HexId): { error: Rejection } | { stop: string | null } {
  const { bundle } = c;
  const t = bundle.board.terrain[b];
  if (t === NO_TERRAIN) return { error: { code: 'off-map', message: `${formatHex(b)} is not on the map`, case: CASE_MOVE } };
  const tec = tecOf(bundle);
  if (tec.leg[t] < 0) return { error: { code: 'prohibited-terrain', message: `airborne units may not enter ${terrainOf(bundle.board, b)} (${formatHex(b)})`, case: 'AW 41.3.7, GOSS 7 TEC' } };
  const side = hexsideBetween(a, b);
  const feats = bundle.board.sides.get(side) ?? 0;
  const routes = bundle.board.routes.get(side) ?? 0;
  if (feats & (FEATURE.sea | FEATURE.cliff)) return { error: { code: 'prohibited-terrain', message: `no unit crosses the hexside ${formatHex(a)}–${formatHex(b)}`, case: 'AW 41.3.7, GOSS 7 TEC' } };
  if ((feats & RIVER) && !riverBridge(bundle, c.blown, a, b)) {
    return { error: { code: 'unbridged-river', message: `the river hexside ${formatHex(a)}–${formatHex(b)} has no standing bridge: units may not cross an un-bridged river hexside`, case: CASE_MOVE } };
  }
  const onRoad = (routes & ROAD_OR_TRAIL) !== 0;
  const terrain = terrainOf(bundle.board, b);
  if (!onRoad && (terrain === 'marsh' || terrain === 'forest')) return { stop: `entering ${terrain} off a road or trail stops the unit` };
  if (!onRoad && (feats & FEATURE.stream)) return { stop: 'crossing a stream off a road or trail stops the unit' };
  return { stop: null };
}

/** A checked path: the hexes entered, and the enemy hex a FoW unit tries to pass through (AW 41.3.7a), if any. */
export interface AbWalk { path: HexId[]; through: HexId | null }

/** Why the path is illegal for the unit now, or the checked walk. The path lists the hexes entered, in order. */
export function checkAbPath(c: AbCtx, unitId: string, path: readonly HexId[]): AbWalk | { error: Rejection } {
  const u = c.state.units[unitId];
  if (!live(u)) return { error: { code: 'not-on-map', message: `${unitId} is not on the map`, case: CASE_MOVE } };
  if (!path.length) return { error: { code: 'bad-action', message: 'the path is empty', case: CASE_MOVE } };
  const fow = c.isFow(unitId);
  const allow = abAllowance(c, unitId);
  if (path.length > allow.hexes) return { error: { code: 'over-ma', message: `${allow.why}; this path enters ${path.length}`, case: allow.case } };
  const enemy = enemyHexes(c.state, u.side);
  let through: HexId | null = null;
  let prev = u.hex!;
  for (let i = 0; i < path.length; i++) {
    const h = path[i];
    if (distance(prev, h) !== 1) return { error: { code: 'not-adjacent', message: `${formatHex(h)} is not adjacent to ${formatHex(prev)}`, case: CASE_MOVE } };
    if (allow.alongRoadOnly && !((c.bundle.board.routes.get(hexsideBetween(prev, h)) ?? 0) & ROAD_OR_TRAIL)) {
      return { error: { code: 'marsh-road', message: allow.why, case: allow.case } };
    }
    const s = abStep(c, prev, h);
    if ('error' in s) return s;
    if (enemy.has(h)) {
      if (!fow) return { error: { code: 'enemy-hex', message: 're-grouped units may not enter enemy occupied hexes', case: CASE_ENEMY } };
      if (i !== 0 || allow.hexes < 2) return { error: { code: 'enemy-hex', message: 'a FoW unit may pass through an enemy hex only as the first hex it enters, and only when it may move two hexes', case: CASE_ENEMY } };
      if (i === path.length - 1) return { error: { code: 'enemy-hex', message: 'FoW units may not end their movement in an enemy occupied hex', case: CASE_ENEMY } };
      through = h;
    }
    if (s.stop && i < path.length - 1) return { error: { code: 'halted', message: `${s.stop} (${formatHex(h)}): it moves no further this segment`, case: CASE_MOVE } };
    prev = h;
  }
  const end = path[path.length - 1];
  if (nearestDz(c.dzs, end) > 6) return { error: { code: 'far-from-dz', message: `${formatHex(end)} is more than six hexes from every DZ: units may not end their movement there`, case: CASE_MOVE } };
  if (fow) {
    const bad = fowTowardProblem(c, u.hex!, path);
    if (bad) return { error: bad };
  }
  return { path: [...path], through };
}

/**
 * AW 41.3.7: a FoW unit moves toward a DZ or toward a bridge hexside it will try to blow; "a FoW unit
 * cannot leave one DZ and move to another DZ". Read as: some one target — a DZ, unless the unit starts
 * on a DZ, or a standing river bridge — is strictly nearer after every hex entered (docs/errata.md).
 */
export function fowTowardProblem(c: AbCtx, start: HexId, path: readonly HexId[]): Rejection | null {
  const onDz = c.dzs.includes(start);
  const approaches = (dist: (h: HexId) => number): boolean => {
    let d = dist(start);
    for (const h of path) { const n = dist(h); if (n >= d) return false; d = n; }
    return true;
  };
  if (!onDz) for (const z of c.dzs) if (approaches((h) => distance(h, z))) return null;
  for (const side of riverBridges(c.bundle, c.blown)) if (approaches((h) => distanceToSide(h, side))) return null;
  return {
    code: 'fow-toward',
    message: onDz
      ? 'a FoW unit on a DZ may only move toward a river bridge it will try to blow: it cannot leave one DZ for another'
      : 'a FoW unit must move toward a DZ or toward a river bridge it will try to blow, every hex nearer to it',
    case: CASE_MOVE,
  };
}

/** Every legal path of the unit now, one per end hex (passing through an enemy hex listed apart), shortest first. */
export function abDestinations(c: AbCtx, unitId: string): AbWalk[] {
  const u = c.state.units[unitId];
  if (!live(u)) return [];
  const allow = abAllowance(c, unitId);
  const out = new Map<string, AbWalk>();
  const walk = (path: HexId[]) => {
    if (path.length) {
      const r = checkAbPath(c, unitId, path);
      if (!('error' in r)) {
        const key = `${path[path.length - 1]}|${r.through ?? ''}`;
        const had = out.get(key);
        if (!had || had.path.length > path.length) out.set(key, r);
      }
    }
    if (path.length >= allow.hexes) return;
    const from = path.length ? path[path.length - 1] : u.hex!;
    if (path.length) {
      const s = abStep(c, path.length > 1 ? path[path.length - 2] : u.hex!, from);
      if ('error' in s || s.stop) return;
    }
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[from * 6 + d];
      if (n < 0 || n === u.hex || path.includes(n)) continue;
      walk([...path, n]);
    }
  };
  walk([]);
  return [...out.values()].sort((a, b) => a.path.length - b.path.length || a.path[a.path.length - 1] - b.path[b.path.length - 1]);
}
