/**
 * Bridges placed during play, as the hexsides they bridge: the AW 32.6.1 Goodwood bridges (one Orne
 * hexside each, `state.special.bridges.sides`) and the AW 33.6.1 Epsom bridge markers (every Odon
 * hexside of the marker's hex, `state.special.epsom.bridges`). Movement (movement-search.ts
 * `stepCost`), retreats (retreat.ts) and the GenS trace (supply.ts) read them as the map's bridges.
 */
import { NEIGHBOURS, hexsideBetween, type HexId } from '../hex';
import type { GameState, ScenarioBundle } from '../types';
import { special } from './scenarioArea';

export interface PlacedBridgesState { sides?: number[] }
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
  const river = special(bundle).epsom?.bridging.river;
  for (const h of sp.epsom?.bridges ?? []) {
    for (let d = 0; d < 6; d++) {
      const n = NEIGHBOURS[h * 6 + d];
      if (n < 0) continue;
      const side = hexsideBetween(h, n);
      if (river && bundle.board.sideNames.get(side) === river) out.add(side);
    }
  }
  const res = out.size ? out : NONE;
  // Only frozen states are cached (a draft's special may still change).
  if (Object.isFrozen(sp)) cache.set(sp, res);
  return res;
}

/** A key for caches that depend on the placed bridges ('' when there are none). */
export function placedBridgesKey(state: GameState, bundle: ScenarioBundle): string {
  const s = placedBridgeSides(state, bundle);
  return s.size ? [...s].sort((a, b) => a - b).join(',') : '';
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
