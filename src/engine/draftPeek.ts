/**
 * Reading an immer draft without drafting it. Every property read through a draft's proxy makes a
 * child draft (a proxy, and work for immer when the action finishes), even when the rule only reads:
 * asking whether a unit has a marker drafted its marker list. These read a draft's current value
 * through immer's internal state (stable: the key is registered with `Symbol.for`): its copy once
 * written, else its frozen base. What they return must not be written (the types say so).
 */
import type { UnitState } from './types';

const DRAFT_STATE = Symbol.for('immer-state');
interface DraftInternals {
  base_: Record<string, unknown>;
  copy_: Record<string, unknown> | null;
  modified_?: boolean;
  /** The produce's scope: its drafts (`drafts_`, until revoked) and the new values finalisation handled. */
  scope_?: { drafts_?: unknown; handledSet_?: unknown };
}

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

/** The records of every draft of the produce `d` belongs to (its scope's list), or null when immer keeps them otherwise. */
export function draftRecordsOf(d: object): DraftInternals[] | null {
  const list = internals(d)?.scope_?.drafts_;
  if (!Array.isArray(list)) return null;
  const out: DraftInternals[] = [];
  for (const p of list) {
    const r = internals(p);
    if (r) out.push(r);
  }
  return out;
}

/**
 * Drops what immer's records of a finished produce still point to (issue 17). Once V8 has seen them
 * outlive a young-generation collection it allocates them in the old generation, where a dead one is
 * kept until the next full collection — and with it the state the action started from and every copy
 * the action made, each young object it reached copied at every scavenge until then. Immer is done with
 * them: its drafts are revoked.
 */
export function releaseRecords(records: DraftInternals[]): void {
  // The values the finalisation handled (new objects the action assigned), kept by the produce's scope.
  const handled = records[0]?.scope_?.handledSet_;
  if (handled instanceof Set) handled.clear();
  for (const r of records) {
    const w = r as unknown as Record<'base_' | 'copy_' | 'draft_' | 'parent_' | 'revoke_', unknown>;
    w.base_ = null;
    w.copy_ = null;
    w.draft_ = null;
    w.parent_ = null;
    w.revoke_ = null;
  }
}
