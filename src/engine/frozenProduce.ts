/**
 * The engine's one `produce`: immer's, without its automatic freezing, followed by a freeze of what
 * the action made new (issue 17). Every state the engine hands out stays deeply frozen, as with
 * immer's auto-freeze (the per-state caches rely on it: a frozen table cannot change under them);
 * what changes is how. Immer's freeze asks of every value whether it is a draft, draftable and frozen,
 * and its finalisation walks each new value looking for drafts once more: 11% of a real-play replay.
 * This freeze stops at the first frozen object, so it visits only what the action made, once.
 */
import { Immer, type Draft } from 'immer';
import { draftRecordsOf, internals, releaseRecords } from './draftPeek';

const engineImmer = new Immer({ autoFreeze: false });

/** Deep-freezes the plain objects and arrays of `v` not frozen yet (a frozen object's contents are frozen already). */
/** A class whose instances freezeNew freezes as data (the unit table, unitTable.ts: a class so that immer does not draft it). */
let dataClass: object | null = null;
export function freezeAsData(proto: object): void {
  dataClass = proto;
}

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
  if (proto !== Object.prototype && proto !== null && proto !== dataClass) return;
  Object.freeze(v);
  for (const k in v) freezeNew((v as Record<string, unknown>)[k]);
}

/**
 * A box of per-object caches carried by every new object `produceFrozen` returns (rules/lineage.ts
 * keeps a state's predecessor and derived caches in it). A non-enumerable symbol: not state — JSON,
 * hashes, structured clones, immer's copies and equality checks do not see it, so the next state does
 * not inherit it. It replaces a WeakMap entry per state: in a replay every action made one for its new
 * state and looked up the previous one's, 7% of the cheap demo replay's time, and the garbage
 * collector walks every WeakMap entry whose key is a young state.
 */
export const CACHE_BOX: unique symbol = Symbol('per-state caches');
export type CacheBox = Record<string, unknown>;

/**
 * The cache box of an object `produceFrozen` made, or undefined for any other object. A draft has none
 * of its own: reading its base's box through immer's proxy would draft the box, and the state the
 * produce makes would carry it as an enumerable property.
 */
export function cacheBox(v: object): CacheBox | undefined {
  return internals(v) ? undefined : (v as { [CACHE_BOX]?: CacheBox })[CACHE_BOX];
}

let depth = 0;
/**
 * Objects the running produce made outside immer's drafts, which it may still write in place: the unit
 * table and its chunks (unitTable.ts writes them by explicit copy-on-write). Everything a state held
 * before the action is frozen; what is in here becomes so when the outermost produce returns.
 */
const owned = new Set<object>();
/** Whether `x` is an object the running produce made (`claim`) and may write in place. */
export function ownedHere(x: object): boolean {
  // Extensible too: a nested produce freezes what it made when it returns, its outer one still running.
  return owned.has(x) && Object.isExtensible(x);
}
/** Marks `x`, just made by a write inside a produce, as writable in place until that produce returns; outside one, nothing is kept (every write copies). */
export function claim<T extends object>(x: T): T {
  if (depth > 0) owned.add(x);
  return x;
}
const draftMaps: Map<object, unknown>[] = [];
/**
 * A map for caches keyed by drafts, emptied when the outermost `produceFrozen` returns (its drafts are
 * revoked then). Not a `WeakMap`: the scavenger keeps a `WeakMap`'s values alive (boxCache.ts), and a
 * value that reaches its own key — a side view of the draft it was built on — kept the draft, and the
 * state behind it, alive until the next full collection (issue 17).
 */
export function draftScopedMap<K extends object, V>(): Map<K, V> {
  const m = new Map<K, V>();
  draftMaps.push(m as Map<object, unknown>);
  return m;
}

/** `recipe` applied to `base` as immer's produce, the result deeply frozen (with its cache box when new). */
export function produceFrozen<T extends object>(base: T, recipe: (d: Draft<T>) => void): T {
  let next: T;
  let drafted: ReturnType<typeof draftRecordsOf> = null;
  depth++;
  try {
    next = engineImmer.produce(base, (d) => {
      recipe(d);
      drafted = draftRecordsOf(d);
    }) as T;
  } finally {
    if (--depth === 0) {
      for (const m of draftMaps) if (m.size) m.clear();
      owned.clear();
    }
  }
  // Immer's records of this produce no longer reach the base or the copies (draftPeek.ts).
  if (drafted) releaseRecords(drafted);
  if (next !== base && Object.isExtensible(next)) {
    Object.defineProperty(next, CACHE_BOX, { value: {} });
    // A state's unit table is the key of the caches that depend on the units alone (the unit index,
    // who moved, supply traces): a new table gets a box of its own (boxCache.ts).
    const units = (next as { units?: unknown }).units;
    if (units !== (base as { units?: unknown }).units && typeof units === 'object' && units !== null && Object.isExtensible(units)) Object.defineProperty(units, CACHE_BOX, { value: {} });
  }
  freezeNew(next);
  return next;
}
