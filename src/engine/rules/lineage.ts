/**
 * Which state an action's result came from, for the per-state caches that can derive the next state's
 * value from the previous one's instead of rebuilding it (issue 17: in a movement segment each move
 * changes one stack of one side, yet every move rebuilt the mover's side view over all units).
 *
 * `apply` notes each successor. A note holds the previous state and its derived caches
 * (`derivedCaches`), which a deriving cache reads. Callers must check that what their value depends on
 * is unchanged except what they patch (`sameExcept`; for the units, unitIndex.ts `changedUnits`).
 *
 * Only the newest link of a line is kept: noting a successor drops the previous state's own note, so
 * a long game does not keep every state alive through its notes (each state would hold the one before).
 * A state asked about after its successor was made (an undo, a sibling an opponent's search tries)
 * builds its caches whole, as one with no note does. (Until session 14 a note held a copy of the
 * previous state's top-level values instead: a 17-key copy per action, most of the cost of the notes
 * in a replay of cheap actions.)
 */
import type { GameState, UnitState } from '../types';
import { cacheBox } from '../frozenProduce';

export interface Predecessor {
  /** The previous state (read its top-level values). */
  top: Readonly<Record<string, unknown>>;
  /** The previous state's derived caches (by cache name). */
  caches: Map<string, unknown>;
  /**
   * The units that differ from the previous state's (unitIndex.ts `changedUnits`; undefined until asked,
   * null when a unit was added or removed). Kept here and not per state (a record is its state's own):
   * the record goes when the state's successor is noted, while a per-state entry holding it held the
   * previous state, whose entry held the one before it — every state of a game, for as long as the
   * newest one lived (issue 17).
   */
  changed?: [UnitState, UnitState][] | null;
}

/** What is kept per state: its predecessor, its own derived caches (made when first asked for) and the predecessor handed out. */
interface Link { prev?: GameState; caches?: Map<string, unknown>; pred?: Predecessor }

// A state apply made keeps its link in its cache box (frozenProduce.ts: the box is the link); only
// other states (a new game's, hand-made ones) take a WeakMap entry (issue 14: WeakMap entries keyed by
// young objects are what the scavenger walks).
const links = new WeakMap<GameState, Link>();

/** The state's link if it has one: a state apply made carries it in its cache box, any other (a new game's, a test's) in the WeakMap. */
function peekLink(state: GameState): Link | undefined {
  return (cacheBox(state) as Link | undefined) ?? links.get(state);
}

function linkOf(state: GameState): Link {
  let l = peekLink(state);
  if (!l) links.set(state, (l = {}));
  return l;
}

/** The derived caches of a state (created on first use): a cache keeps its per-state value under its name. */
export function derivedCaches(state: GameState): Map<string, unknown> {
  const l = linkOf(state);
  return (l.caches ??= new Map());
}

/** Notes that `next` is the result of an action on `prev` (game.ts `apply`). */
export function noteSuccessor(prev: GameState, next: GameState): void {
  if (prev === next) return;
  const l = linkOf(next);
  l.prev = prev;
  l.pred = undefined;
  // The chain stops here: `prev` no longer reaches the state before it.
  const p = peekLink(prev);
  if (p) { p.prev = undefined; p.pred = undefined; }
}

/** The state's predecessor (the same object on every call while it is kept: caches compare it), or undefined. */
export function predecessorOf(state: GameState): Predecessor | undefined {
  const l = peekLink(state);
  if (!l?.prev) return undefined;
  return (l.pred ??= { top: l.prev as unknown as Readonly<Record<string, unknown>>, caches: derivedCaches(l.prev) });
}

/** Whether every top-level value of `state` is the previous state's, except the keys in `except`. */
export function sameExcept(p: Predecessor, state: GameState, except: ReadonlySet<string>): boolean {
  const now = state as unknown as Record<string, unknown>;
  let n = 0;
  for (const k in now) {
    n++;
    if (!except.has(k) && now[k] !== p.top[k]) return false;
  }
  for (const k in p.top) if (!(k in now)) return false;
  return n > 0;
}
