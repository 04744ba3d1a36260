/**
 * Reading an immer draft without drafting it. Every property read through a draft's proxy makes a
 * child draft (a proxy, and work for immer when the action finishes), even when the rule only reads:
 * asking whether a unit has a marker drafted its marker list. These read a draft's current value
 * through immer's internal state (stable: the key is registered with `Symbol.for`): its copy once
 * written, else its frozen base. What they return must not be written (the types say so).
 */
import type { UnitState } from './types';

const DRAFT_STATE = Symbol.for('immer-state');
interface DraftInternals { base_: Record<string, unknown>; copy_: Record<string, unknown> | null; modified_?: boolean }

/** A draft's immer state, or undefined for any other value. */
export const internals = (x: unknown): DraftInternals | undefined => (x && typeof x === 'object' ? (x as Record<symbol, DraftInternals | undefined>)[DRAFT_STATE] : undefined);

/** A draft's current value (its copy, or its base while nothing was written), read without its proxy; any other value as it is. */
export function latest<T>(x: T): T {
  const st = internals(x);
  return st ? ((st.copy_ ?? st.base_) as unknown as T) : x;
}

/** A unit's markers as they are now, without drafting the list (a draft unit's or a frozen one's). */
export function markersOf(u: UnitState): readonly string[] {
  const st = internals(u);
  return st ? latest((st.copy_ ?? st.base_).markers as string[]) : u.markers;
}
