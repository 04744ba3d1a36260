/**
 * Where the acting side's units in `hex` can move now: every destination with its MP cost and
 * whether entering it halts the unit (AW 31.8), from the engine's movementOptions.
 */
import { sideToAct, type GameState, type ScenarioBundle } from '../../engine';
import { movementOptions, type Destination } from '../../engine/query';

export interface ReachInfo { cost: number; halt: boolean }

/** The acting side's units in `hex` that move with the stack (all but those held back in the inspector). */
export function movableUnits(state: GameState, hex: number, held: readonly string[] = []): string[] {
  const side = sideToAct(state);
  return Object.keys(state.units).filter((id) => state.units[id].hex === hex && state.units[id].side === side && !state.units[id].eliminated && !held.includes(id));
}

/** Destinations per unit in the hex (units that cannot move are left out). */
export function destinationsByUnit(state: GameState, bundle: ScenarioBundle, hex: number, held: readonly string[] = []): Map<string, Map<number, Destination>> {
  const out = new Map<string, Map<number, Destination>>();
  for (const id of movableUnits(state, hex, held)) {
    const o = movementOptions(state, bundle, id);
    if ('error' in o) continue;
    out.set(id, new Map(o.destinations.map((d) => [d.hex, d])));
  }
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
