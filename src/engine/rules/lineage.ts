/**
 * Which state an action's result came from, for the per-state caches that can derive the next state's
 * value from the previous one's instead of rebuilding it (issue 17: in a movement segment each move
 * changes one stack of one side, yet every move rebuilt the mover's side view over all units).
 *
 * `apply` notes each successor. A note holds the previous state's top-level values (not the state
 * itself, so a long game does not keep every state alive through its notes) and the previous state's
 * derived caches (`derivedCaches`), which a deriving cache reads. Callers must check that what their
 * value depends on is unchanged except what they patch (`sameExcept`; for the units, unitIndex.ts `changedUnits`).
 */
import type { GameState } from '../types';

export interface Predecessor {
  /** The previous state's top-level values. */
  top: Readonly<Record<string, unknown>>;
  /** The previous state's derived caches (by cache name). */
  caches: Map<string, unknown>;
}

/** A state's derived caches, in a box its successor's note shares (created when first asked for). */
interface Holder { caches?: Map<string, unknown> }
/** What is kept per state: its predecessor's top-level values and caches' box, and its own caches' box. */
interface Link { top?: Readonly<Record<string, unknown>>; from?: Holder; pred?: Predecessor; own?: Holder }

// One WeakMap entry per state (issue 14: two entries and a Map made for every state doubled the
// scavenger's time in a replay; WeakMap entries keyed by young objects are what it walks).
const links = new WeakMap<GameState, Link>();

function linkOf(state: GameState): Link {
  let l = links.get(state);
  if (!l) links.set(state, (l = {}));
  return l;
}

/** The derived caches of a state (created on first use): a cache keeps its per-state value under its name. */
export function derivedCaches(state: GameState): Map<string, unknown> {
  const own = (linkOf(state).own ??= {});
  return (own.caches ??= new Map());
}

/** Notes that `next` is the result of an action on `prev` (game.ts `apply`). */
export function noteSuccessor(prev: GameState, next: GameState): void {
  if (prev === next) return;
  const l = linkOf(next);
  l.top = { ...prev };
  l.from = (linkOf(prev).own ??= {});
  l.pred = undefined;
}

/** The state's predecessor (the same object on every call: caches compare it), or undefined. */
export function predecessorOf(state: GameState): Predecessor | undefined {
  const l = links.get(state);
  if (!l?.top) return undefined;
  return (l.pred ??= { top: l.top, caches: (l.from!.caches ??= new Map()) });
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
