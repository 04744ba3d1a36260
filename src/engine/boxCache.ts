/**
 * A cache keyed by an object the engine made — a state, or its unit table — kept in the key's own cache
 * box (frozenProduce.ts) when it has one; a draft's for the produce it belongs to (its box would be its
 * base's, and reading the box through immer's proxy would draft the box itself); any other key's — a
 * new game's state, a test's hand-made one — in a `WeakMap`.
 *
 * Why not a `WeakMap` for everything (issue 17): V8's young-generation collector, the scavenger, treats
 * the values of a `WeakMap` as strong; only the full collector honours the weak keys. A per-state value
 * that reaches its key (a draft's side view holds the draft) or the state before (a value derived from
 * the previous state's, rules/lineage.ts) kept those states, and everything they reached, through every
 * scavenge until the next full collection, copied out of the young generation on the way. A value held
 * by the key's box dies with its key. (The other holders of that kind: docs/development.md, "Speed in
 * the engine".)
 */
import { isDraft } from 'immer';
import { cacheBox, draftScopedMap } from './frozenProduce';

export class BoxedCache<K extends object, V> {
  private readonly weak = new WeakMap<K, V>();
  /** Drafts: for one produce (frozenProduce.ts `draftScopedMap`). */
  private readonly drafts = draftScopedMap<K, V>();
  /** `slot`: the cache's name in the box (unique among the caches keyed by the same kind of object; not `prev`, `pred` or `caches`, which lineage.ts keeps there). */
  constructor(private readonly slot: string) {}
  get(k: K): V | undefined {
    const b = cacheBox(k);
    if (b) return b[this.slot] as V | undefined;
    return isDraft(k) ? this.drafts.get(k) : this.weak.get(k);
  }
  set(k: K, v: V): void {
    const b = cacheBox(k);
    if (b) b[this.slot] = v;
    else if (isDraft(k)) this.drafts.set(k, v);
    else this.weak.set(k, v);
  }
  has(k: K): boolean {
    return this.get(k) !== undefined;
  }
}
