/**
 * Bridges placed during play, as the hexsides they bridge: the AW 32.6.1 Goodwood bridges (one Orne
 * hexside each, `state.special.bridges.sides`) and the AW 33.6.1 Epsom bridge markers (every Odon
 * hexside of the marker's hex, `state.special.epsom.bridges`). Movement (movement-search.ts
 * `stepCost`), retreats (retreat.ts), the GA (gaOdds.ts) and the GenS traces (supply.ts,
 * scenarioSupply.ts) read them as the map's bridges.
 *
 * Bridges demolished in play (GOSS 17.3.2b hasty, 17.3.2c prepared; AW 33.6.0, 34.6.0:
 * `state.special.bridges.demolished`, hexside ids): the map's bridge there, and any road crossing the
 * water at that hexside, no longer bridge it; a placed bridge demolished is gone too.
 *
 * A scenario module may down bridges of its own (the airborne stage's blown bridges, AW 41.3.7b,
 * extensions.ts `blownBridges`): `downBridgeSides` is the one set of downed bridges every reader uses,
 * so a bridge blown in the stage is gone for movement, retreats, the GA and GenS alike.
 */
import { NEIGHBOURS, hexsideBetween, type HexId } from '../hex';
import type { GameState, ScenarioBundle } from '../types';
import { special } from './scenarioArea';
import { SIDE_BIT } from '../board';
import { blownBridgeSides } from './extensions';

export interface PlacedBridgesState { sides?: number[]; demolished?: number[] }
type WithPlaced = { special?: { bridges?: PlacedBridgesState; epsom?: { bridges?: number[] } } };

const NONE: ReadonlySet<number> = new Set();
const cache = new WeakMap<object, ReadonlySet<number>>();

/** The hexsides bridged by bridges placed in play (AW 32.6.1, 33.6.1). */
export function placedBridgeSides(state: GameState, bundle: ScenarioBundle): ReadonlySet<number> {
  const sp = (state as GameState & WithPlaced).special;
  if (!sp) return NONE;
  const hit = cache.get(sp);
  if (hit) return hit;
  const out = new Set<number>(sp.bridges?.sides ?? []);
  for (const d of sp.bridges?.demolished ?? []) out.delete(d);
  const river = special(bundle).epsom?.bridging.river;
  for (const h of sp.epsom?.bridges ?? []) {
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[h * 6 + d];
      if (n < 0) continue;
      const side = hexsideBetween(h, n);
      if (river && bundle.board.sideNames.get(side) === river && !sp.bridges?.demolished?.includes(side)) out.add(side);
    }
  }
  const res = out.size ? out : NONE;
  // Only frozen states are cached (a draft's special may still change).
  if (Object.isFrozen(sp)) cache.set(sp, res);
  return res;
}

/** The hexsides whose bridge was demolished in play (GOSS 17.3.2b/c). */
function demolishedSides(state: GameState): ReadonlySet<number> {
  const d = (state as GameState & WithPlaced).special?.bridges?.demolished;
  if (!d?.length) return NONE;
  // Movement asks once per unit it searches for: one set per (frozen) list, not one per call.
  const hit = demolishedCache.get(d);
  if (hit) return hit;
  const out = new Set(d);
  if (Object.isFrozen(d)) demolishedCache.set(d, out);
  return out;
}
const demolishedCache = new WeakMap<readonly number[], ReadonlySet<number>>();

/**
 * The hexsides whose bridge is down: demolished in play (GOSS 17.3.2b/c) or downed by a scenario
 * module (AW 41.3.7b blown in the airborne stage).
 */
export function downBridgeSides(state: GameState, bundle: ScenarioBundle): ReadonlySet<number> {
  const demolished = demolishedSides(state);
  const blown = blownBridgeSides(state, bundle);
  if (!blown.size) return demolished;
  if (!demolished.size) return blown;
  // Both sets are cached per frozen state by their owners: their union is cached by the pair.
  let byD = unionCache.get(blown);
  if (!byD) unionCache.set(blown, (byD = new WeakMap()));
  const hit = byD.get(demolished);
  if (hit) return hit;
  const out = new Set([...blown, ...demolished]);
  byD.set(demolished, out);
  return out;
}
const unionCache = new WeakMap<ReadonlySet<number>, WeakMap<ReadonlySet<number>, ReadonlySet<number>>>();

/** A key for caches that depend on the placed or demolished bridges ('' when there are none). */
export function placedBridgesKey(state: GameState, bundle: ScenarioBundle): string {
  const s = placedBridgeSides(state, bundle);
  const d = downBridgeSides(state, bundle);
  const k = s.size ? [...s].sort((a, b) => a - b).join(',') : '';
  return d.size ? `${k}-${[...d].sort((a, b) => a - b).join(',')}` : k;
}

const WATER = SIDE_BIT.stream | SIDE_BIT.river | SIDE_BIT.majorRiver | SIDE_BIT.canal;

/**
 * Is there a standing bridge over the water at hexside a|b: the map's bridge (with `roads`, also a road
 * crossing the water, GOSS 7.10, as movement reads it) or one placed in play, not demolished? False for
 * a hexside without water.
 */
export function standingBridge(state: GameState, bundle: ScenarioBundle, a: HexId, b: HexId, roads = false): boolean {
  const side = hexsideBetween(a, b);
  const f = bundle.board.sides.get(side) ?? 0;
  if (!(f & WATER)) return false;
  if (placedBridgeSides(state, bundle).has(side)) return true;
  if (downBridgeSides(state, bundle).has(side)) return false;
  return (f & SIDE_BIT.bridge) !== 0 || (roads && (bundle.board.routes.get(side) ?? 0) !== 0);
}

/** The hexsides of `h` on the named river. */
export function riverSidesOf(bundle: ScenarioBundle, h: HexId, river: string): number[] {
  const out: number[] = [];
  for (let d = 0; d < 6; d++) {
    const n = NEIGHBOURS[h * 6 + d];
    if (n < 0) continue;
    const side = hexsideBetween(h, n);
    if (bundle.board.sideNames.get(side) === river) out.push(side);
  }
  return out;
}
