/**
 * The engine's one `produce`: immer's, without its automatic freezing, followed by a freeze of what
 * the action made new (issue 17). Every state the engine hands out stays deeply frozen, as with
 * immer's auto-freeze (the per-state caches rely on it: a frozen table cannot change under them);
 * what changes is how. Immer's freeze asks of every value whether it is a draft, draftable and frozen,
 * and its finalisation walks each new value looking for drafts once more: 11% of a real-play replay.
 * This freeze stops at the first frozen object, so it visits only what the action made, once.
 */
import { Immer, type Draft } from 'immer';

const engineImmer = new Immer({ autoFreeze: false });

/** Deep-freezes the plain objects and arrays of `v` not frozen yet (a frozen object's contents are frozen already). */
export function freezeNew(v: unknown): void {
  // Not extensible = frozen here (nothing in a state is sealed or made non-extensible otherwise), and
  // cheaper to ask: V8's isFrozen checks every property of the object.
  if (v === null || typeof v !== 'object' || !Object.isExtensible(v)) return;
  if (Array.isArray(v)) {
    Object.freeze(v);
    for (let i = 0; i < v.length; i++) freezeNew(v[i]);
    return;
  }
  const proto = Object.getPrototypeOf(v);
  // Only plain data, as immer freezes: the state is JSON (a class instance or typed array is left as it is).
  if (proto !== Object.prototype && proto !== null) return;
  Object.freeze(v);
  for (const k in v) freezeNew((v as Record<string, unknown>)[k]);
}

/** `recipe` applied to `base` as immer's produce, the result deeply frozen. */
export function produceFrozen<T extends object>(base: T, recipe: (d: Draft<T>) => void): T {
  const next = engineImmer.produce(base, recipe) as T;
  freezeNew(next);
  return next;
}
