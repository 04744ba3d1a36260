/**
 * Where the units are: one hex → units index per state, shared by movement, stacking, observation,
 * supply and combat. States produced by the engine are frozen (immer), so the index is cached in a
 * WeakMap keyed by the `units` record: every query on the same state reuses one pass over the units,
 * and a new state (any unit changed) gets a new record and a new index. Drafts and hand-made
 * unfrozen states are never cached (they may still change); they get a fresh index per call.
 */
import { isDraft } from 'immer';
import type { HexId } from '../hex';
import type { GameState, Side, UnitState } from '../types';

export interface UnitIndex {
  /** Units on the map (not eliminated, hex set), in the record's order. */
  live: UnitState[];
  /** Live units by hex. */
  byHex: Map<HexId, UnitState[]>;
}

const cache = new WeakMap<object, UnitIndex>();
const NONE: UnitState[] = [];

function build(units: Record<string, UnitState>): UnitIndex {
  // Object.values is an order of magnitude faster than for…in over a large dictionary-mode record.
  const all = Object.values(units);
  const live: UnitState[] = [];
  const byHex = new Map<HexId, UnitState[]>();
  for (const u of all) {
    if (u.hex === null || u.eliminated) continue;
    live.push(u);
    const l = byHex.get(u.hex);
    if (l) l.push(u); else byHex.set(u.hex, [u]);
  }
  return { live, byHex };
}

/** The index of `state` (cached for frozen, non-draft states). */
export function unitIndex(state: GameState): UnitIndex {
  const units = state.units;
  // Look up first: Object.isFrozen is O(properties) on a large record, so it runs once per state, on the miss.
  const hit = cache.get(units);
  if (hit) return hit;
  const ix = build(units);
  if (!isDraft(units) && Object.isFrozen(units)) cache.set(units, ix);
  return ix;
}

/** Live units in hex `h`, optionally of one side. */
export function unitsIn(state: GameState, h: HexId, side?: Side): UnitState[] {
  const l = unitIndex(state).byHex.get(h) ?? NONE;
  if (side === undefined) return l.slice();
  const out: UnitState[] = [];
  for (const u of l) if (u.side === side) out.push(u);
  return out;
}
