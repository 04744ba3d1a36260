/**
 * legalActions for the panels, memoised per state object: panels ask often, the state changes only by
 * actions. Map moves are left out: the map asks for the selected unit's own (ui/map/reach.ts), and every
 * destination of every unit of a side costs ~1 s at campaign scale after every action (issue 17).
 */
import { legalActions, type Action, type GameState, type Side } from '../engine';

const cache = new WeakMap<GameState, Partial<Record<Side, Action[]>>>();
// The Airborne Assault Stage's moves too (AW 41.3.7, 41.6): the map asks for the selected unit's (ui/map/stageMoves.ts).
const MAP_MOVES = new Set(['move', 'abMove', 'gMove']);
const notMove = (type: string) => !MAP_MOVES.has(type);

/** Every legal action of `side` now except map moves (the Decisions panel lists the selected unit's stage moves itself). */
export function legalFor(state: GameState, side: Side): Action[] {
  let c = cache.get(state);
  if (!c) cache.set(state, (c = {}));
  return (c[side] ??= legalActions(state, side, notMove));
}
