/**
 * Where the acting side's units in `hex` can move now: every destination with its MP cost and
 * whether entering it halts the unit (AW 31.8), from the engine's movementOptions.
 */
import { sideToAct, type GameState, type ScenarioBundle } from '../../engine';
import { movementOptions, type Destination } from '../../engine/query';
import { unitIds, unitOf } from '../../engine/unitTable';

export interface ReachInfo { cost: number; halt: boolean }

/** The acting side's units in `hex` that move with the stack (all but those held back in the inspector). */
export function movableUnits(state: GameState, hex: number, held: readonly string[] = []): string[] {
  const side = sideToAct(state);
  return unitIds(state).filter((id) => unitOf(state, id).hex === hex && unitOf(state, id).side === side && !unitOf(state, id).eliminated && !held.includes(id));
}

type PerUnit = ReadonlyMap<string, ReadonlyMap<number, Destination>>;
/** Per state (states are immutable): the answers by bundle, hex and held units. */
const byState = new WeakMap<GameState, Map<ScenarioBundle, Map<string, PerUnit>>>();

/**
 * Destinations per unit in the hex (units that cannot move are left out). Kept per state: the click
 * that moves a stack checks the destinations the map's reach was drawn from when it was selected
 * (issue 17: the search again was 1.5–9 ms of the move's frame at 2,000 counters).
 */
export function destinationsByUnit(state: GameState, bundle: ScenarioBundle, hex: number, held: readonly string[] = []): PerUnit {
  let perBundle = byState.get(state);
  if (!perBundle) byState.set(state, (perBundle = new Map()));
  let memo = perBundle.get(bundle);
  if (!memo) perBundle.set(bundle, (memo = new Map()));
  const key = `${hex}|${held.join(',')}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const out = new Map<string, Map<number, Destination>>();
  for (const id of movableUnits(state, hex, held)) {
    const o = movementOptions(state, bundle, id);
    if ('error' in o) continue;
    out.set(id, new Map(o.destinations.map((d) => [d.hex, d])));
  }
  memo.set(key, out);
  return out;
}

/** Hexes every movable unit of the stack can reach, at the highest cost among them (a stack moves at its slowest). */
export function reachableCosts(state: GameState, bundle: ScenarioBundle, hex: number, held: readonly string[] = []): Map<number, ReachInfo> | null {
  const per = destinationsByUnit(state, bundle, hex, held);
  if (!per.size) return null;
  let out: Map<number, ReachInfo> | null = null;
  for (const dests of per.values()) {
    if (!out) {
      out = new Map([...dests].map(([h, d]) => [h, { cost: d.cost, halt: !!d.halt }]));
      continue;
    }
    for (const [h, v] of out) {
      const d = dests.get(h);
      if (!d) out.delete(h);
      else out.set(h, { cost: Math.max(v.cost, d.cost), halt: v.halt || !!d.halt });
    }
  }
  return out;
}
