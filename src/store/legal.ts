/** legalActions memoised per state object: panels ask often, the state changes only by actions. */
import { legalActions, type Action, type GameState, type Side } from '../engine';

const cache = new WeakMap<GameState, Partial<Record<Side, Action[]>>>();

export function legalFor(state: GameState, side: Side): Action[] {
  let c = cache.get(state);
  if (!c) cache.set(state, (c = {}));
  return (c[side] ??= legalActions(state, side));
}
