/**
 * Where the units are: one hex → units index per state, shared by movement, stacking, observation,
 * supply and combat. States produced by the engine are frozen (immer), so the index is cached per
 * `units` table (boxCache.ts: in the table's cache box): every query on the same state reuses one
 * index. A state `apply` made gets its index derived from the previous state's (`carryIndex`: the
 * changed units moved, the stacks shared). A table an action is writing and hand-made unfrozen ones
 * are never cached (they may still change): the action's is derived from the frozen table it was
 * copied from per call (unitTable.ts `baseTable`), a hand-made one built whole.
 */
import { internals } from '../draftPeek';
import { NEIGHBOURS, type HexId } from '../hex';
import type { GameState, Side, UnitState } from '../types';
import { predecessorOf, type Predecessor } from './lineage';
import { BoxedCache } from '../boxCache';
import { CHUNK_KEYS, baseTable, unitList, unitOf, type UnitTable } from '../unitTable';

export interface UnitIndex {
  /** Units on the map (not eliminated, hex set), in the record's order (read-only: indexes derived from one another may share it). */
  readonly live: UnitState[];
  /** Live units by hex (read-only: a derived index shares its stacks with the one it came from). */
  byHex: ReadonlyMap<HexId, UnitState[]>;
  /** Each live unit's position in `live` (made when an index is first derived from this one). */
  at?: Map<string, number>;
  /**
   * For an index derived from another: the hexes whose stacks changed, and the other index's per-index
   * memo (`memoOf`), so a whole-map answer can be derived from the other's (stacking.ts violations).
   * Only the memo is held, not the index: a long game does not keep every earlier index alive. A
   * draft's index (made per question, never kept) also holds the base's index (`index`), so an answer
   * the base's memo lacks is made there once and kept for the state the action makes.
   */
  from?: { hexes: ReadonlySet<HexId>; memo: Map<string, unknown>; index?: UnitIndex };
  /** Answers kept for this index (`memoOf`). */
  memo?: Map<string, unknown>;
}

/**
 * Answers kept per index by the rules that ask about the whole map (stacking.ts): by name. On the index
 * itself, not in a WeakMap keyed by it (boxCache.ts: the scavenger keeps a WeakMap's values alive).
 */
export function memoOf(ix: UnitIndex): Map<string, unknown> {
  return (ix.memo ??= new Map());
}

const cache = new BoxedCache<object, UnitIndex>('unitIndex');
const NONE: UnitState[] = [];

/**
 * Every unit as it is now, in table order (`unitList`). Read-only: inside an action, write a unit
 * through `mutUnit` / `patchUnit`. (Before the table was kept out of immer's drafts this read a draft's
 * units without a proxy per unit; the rules still call it where they only read.)
 */
export function readUnits(units: UnitTable): readonly UnitState[] {
  return unitList({ units });
}

/**
 * Unit `id` as it is now (`unitOf`, undefined when there is none). Read-only, as `readUnits`.
 */
export function peekUnit(state: GameState, id: string): UnitState | undefined {
  return unitOf(state, id);
}

/**
 * Stacks by hex: a map shared by every index derived from one built whole, and the stacks the actions
 * since then changed (issue 17: each derived index copied the whole map, O(stacks) per action; at
 * campaign scale a thousand stacks). A lookup reads the changes first. Iterating merges them once.
 */
class HexStacks implements ReadonlyMap<HexId, UnitState[]> {
  private merged: Map<HexId, UnitState[]> | null = null;
  /** `own`: the changed stacks, an empty list where a hex was emptied (never written after construction). */
  constructor(readonly flat: ReadonlyMap<HexId, UnitState[]>, readonly own: ReadonlyMap<HexId, UnitState[]>) {}
  get(h: HexId): UnitState[] | undefined {
    const l = this.own.get(h);
    if (l === undefined) return this.flat.get(h);
    return l.length ? l : undefined;
  }
  has(h: HexId): boolean { return this.get(h) !== undefined; }
  /** One map of every stack (made once, on the first iteration). */
  all(): Map<HexId, UnitState[]> {
    if (!this.merged) {
      const m = copyOf(this.flat);
      for (const [h, l] of this.own) if (l.length) m.set(h, l); else m.delete(h);
      this.merged = m;
    }
    return this.merged;
  }
  get size(): number { return this.all().size; }
  entries(): MapIterator<[HexId, UnitState[]]> { return this.all().entries(); }
  keys(): MapIterator<HexId> { return this.all().keys(); }
  values(): MapIterator<UnitState[]> { return this.all().values(); }
  [Symbol.iterator](): MapIterator<[HexId, UnitState[]]> { return this.all().entries(); }
  forEach(fn: (l: UnitState[], h: HexId, m: ReadonlyMap<HexId, UnitState[]>) => void): void { for (const [h, l] of this.all()) fn(l, h, this); }
}
/**
 * A copy of a map. Not `new Map(m)`: that goes through the map's iterator and makes an entry array per
 * entry (issue 17: those arrays were 3% of a real-play replay's garbage, the copy a third slower).
 */
function copyOf<K, V>(m: ReadonlyMap<K, V>): Map<K, V> {
  const out = new Map<K, V>();
  m.forEach((v, k) => out.set(k, v));
  return out;
}

/**
 * How many changed stacks are kept apart before they are merged into a new shared map. Each derived
 * index copies the changed stacks (about half the limit on average) and a merge copies every stack once
 * per limit / 2 derivations at two stacks a move: 2·√stacks balances the two.
 */
const maxOwn = (stacks: number): number => 8 + 2 * Math.sqrt(stacks);

function build(units: UnitTable): UnitIndex {
  const all = readUnits(units);
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

/**
 * The frozen state behind a draft nothing has written to yet (immer marks the root modified on any
 * write below it), else `d` itself. An action handler that first checks the action against the
 * state it starts from reads the frozen base, so every per-state cache (unit index, side view,
 * supply trace) is built once and shared with `legalActions` on the same state instead of being
 * rebuilt from the draft for each query.
 */
export function unmodifiedBase<T extends object>(d: T): T {
  const st = internals(d);
  return st && !st.modified_ ? (st.base_ as unknown as T) : d;
}

/** The index of `state` (cached for frozen tables). */
export function unitIndex(state: GameState): UnitIndex {
  const units = state.units;
  // Look up first: Object.isFrozen is O(properties) on a large record, so it runs once per state, on the miss.
  const hit = cache.get(units);
  if (hit) return hit;
  if (!Object.isFrozen(units)) {
    // An action's table after its first write (unitTable.ts), derived from the frozen one it was copied
    // from (the end-of-segment hooks and the handlers ask after writing markers); a hand-made one, built.
    // Not kept: it may still change.
    const base = baseTable(units);
    return (base && draftIndex(base, units)) ?? build(units);
  }
  // A frozen table; on a draft nothing has written a unit to yet, the base state's: its cached index, or
  // one derived from the base state's predecessor (a handler checking its action on the draft).
  const root = internals(state);
  const whole = root ? (root.base_ as unknown as GameState) : state;
  const ix = (units === whole.units && derivedIndex(whole)) || build(units);
  cache.set(units, ix);
  return ix;
}

const isLive = (u: UnitState) => u.hex !== null && !u.eliminated;

/**
 * The index derived from the previous state's (rules/lineage.ts, issue 17: a move changes one stack,
 * yet each new state indexed every unit again): the previous lists copied, the changed units put in
 * their new hexes. Only when no unit came onto or left the map (the live list keeps its positions,
 * so the record order of every list is kept). Null otherwise (built whole).
 */
function derivedIndex(state: GameState): UnitIndex | null {
  const p = predecessorOf(state);
  if (!p) return null;
  const prev = cache.get(p.top.units as object);
  if (!prev) return null;
  const changed = changedUnits(p, state);
  return changed && patched(prev, changed);
}

/**
 * The index of the table an action is writing (`now`), derived from the index of the frozen table it
 * was copied from (`base`; the end-of-segment hooks and the handlers ask after writing markers, which
 * rebuilt the index from every unit per question). Not kept: the table may still change. The changed
 * units are the copied chunks' entries that are not the base's.
 */
function draftIndex(base: UnitTable, now: UnitTable): UnitIndex | null {
  // The base's index, built and kept when no query asked it before the writes: the state this action
  // makes derives its own index from it too (derivedIndex).
  let prev = cache.get(base);
  if (!prev) cache.set(base, (prev = build(base)));
  const changed = tableChanges(base, now);
  return changed && patched(prev, changed, true);
}

/**
 * The live list of a derived index, made when first read (issue 17: a derived index copied the whole
 * list per action, yet only about one in five is ever asked for it; the copies were a tenth of a
 * real-play replay's allocation and most of them outlived a scavenge). It holds the list of the index
 * it came from (or that index's own LiveList, not yet made) and the positions the action wrote. A line
 * of indexes nobody reads makes its list every `MAX_CHAIN` derivations, so a chain stays short.
 */
class LiveList {
  private list: UnitState[] | null = null;
  constructor(private from: UnitState[] | LiveList, private readonly editAt: readonly number[], private readonly editUnit: readonly UnitState[], private readonly depth: number) {
    if (depth > MAX_CHAIN) this.made();
  }
  /** The list, made on first use: the nearest made list of the line, with the edits since applied in order. */
  made(): UnitState[] {
    if (this.list) return this.list;
    const chain: LiveList[] = [this];
    let p = this.from;
    while (p instanceof LiveList && !p.list) { chain.push(p); p = p.from; }
    const l = (p instanceof LiveList ? p.list! : p).slice();
    for (let c = chain.length - 1; c >= 0; c--) {
      const x = chain[c];
      for (let k = 0; k < x.editAt.length; k++) l[x.editAt[k]] = x.editUnit[k];
    }
    this.list = l;
    this.from = l; // the line before need not be held any longer
    return l;
  }
  /** The live list of an index derived from this one, whose action wrote `units` at positions `at`. */
  next(at: readonly number[], units: readonly UnitState[]): LiveList {
    return this.list ? new LiveList(this.list, at, units, 1) : new LiveList(this, at, units, this.depth + 1);
  }
}
const MAX_CHAIN = 16;

/** A derived index: its live list made on first read (LiveList). */
class DerivedIndex implements UnitIndex {
  memo?: Map<string, unknown>;
  constructor(private readonly lives: LiveList, readonly byHex: ReadonlyMap<HexId, UnitState[]>, readonly at: Map<string, number>, readonly from: NonNullable<UnitIndex['from']>) {}
  get live(): UnitState[] { return this.lives.made(); }
  /** The live list of an index derived from this one. */
  livesAfter(at: readonly number[], units: readonly UnitState[]): LiveList { return this.lives.next(at, units); }
}

/** `prev` with the changed units ([before, after]) in their new hexes; null when one came onto or left the map. */
function patched(prev: UnitIndex, changed: readonly [UnitState, UnitState][], holdPrev = false): UnitIndex | null {
  if (!changed.length) return prev;
  for (const [a, b] of changed) if (!a || isLive(a) !== isLive(b)) return null;
  const at = prev.at ??= new Map(prev.live.map((u, i) => [u.id, i]));
  // The stacks of the index derived from, and the changes since its shared map (HexStacks).
  const from = prev.byHex;
  const flat = from instanceof HexStacks ? from.flat : from;
  const own = from instanceof HexStacks ? copyOf(from.own) : new Map<HexId, UnitState[]>();
  const copied = new Set<HexId>();
  const listAt = (h: HexId): UnitState[] => {
    if (copied.has(h)) return own.get(h)!;
    const l = from.get(h)?.slice() ?? [];
    own.set(h, l); copied.add(h);
    return l;
  };
  for (const [a] of changed) {
    if (!isLive(a)) continue;
    const l = listAt(a.hex!);
    l.splice(l.findIndex((x) => x.id === a.id), 1);
  }
  const editAt: number[] = []; const editUnit: UnitState[] = [];
  for (const [, b] of changed) {
    if (!isLive(b)) continue;
    const i = at.get(b.id)!;
    editAt.push(i); editUnit.push(b);
    const l = listAt(b.hex!);
    let k = 0;
    while (k < l.length && at.get(l[k].id)! < i) k++;
    l.splice(k, 0, b);
  }
  // An emptied hex stays in `own` as an empty list (it hides the shared map's stack).
  for (const h of copied) if (!own.get(h)!.length && !flat.has(h)) own.delete(h);
  const stacks = new HexStacks(flat, own);
  const lives = prev instanceof DerivedIndex ? prev.livesAfter(editAt, editUnit) : new LiveList(prev.live, editAt, editUnit, 1);
  return new DerivedIndex(lives, own.size > maxOwn(flat.size) ? stacks.all() : stacks, at, { hexes: copied, memo: memoOf(prev), ...(holdPrev ? { index: prev } : {}) });
}

/**
 * Derives the index of the state an action made from its predecessor's, when that one is kept (game.ts
 * `apply`, after noting the successor). A state no rule asked about (a mark, an action that reads no
 * stack) would otherwise break the chain, and the next state's index would be built over every unit.
 */
export function carryIndex(prev: GameState, next: GameState): void {
  if (prev.units !== next.units && cache.has(prev.units)) unitIndex(next);
}

/** Live units in hex `h`, optionally of one side. */
export function unitsIn(state: GameState, h: HexId, side?: Side): UnitState[] {
  const l = unitIndex(state).byHex.get(h) ?? NONE;
  if (side === undefined) return l.slice();
  const out: UnitState[] = [];
  for (const u of l) if (u.side === side) out.push(u);
  return out;
}

/**
 * Whether a live unit of `side` stands next to `h`, from an index taken once (`unitIndex`): for the
 * segment hooks that walk every unit and write markers but move none, so the positions they read do
 * not change under the loop (asking `unitsIn` on the written draft rebuilt the index per question).
 */
export function sideAdjacent(ix: UnitIndex, h: HexId, side: Side): boolean {
  const nb = NEIGHBOURS;
  for (let d = 0; d < 6; d++) {
    const n = nb[h * 6 + d];
    if (n < 0) continue;
    const l = ix.byHex.get(n);
    if (l) for (const u of l) if (u.side === side) return true;
  }
  return false;
}

/**
 * The units whose record differs between the previous state and `state`, as [before, after]; null when
 * a unit was added or removed (the id lists differ). For the caches derived from the previous state's
 * (lineage.ts). Only the chunks that are not the previous state's are looked at (unitTable.ts).
 */
export function changedUnits(p: Predecessor, state: GameState): [UnitState, UnitState][] | null {
  // Asked by every cache that derives from the previous state's (index, side views, GenS): once per state.
  if (p.changed !== undefined) return p.changed;
  const changed = diffUnits(p, state);
  if (Object.isFrozen(state)) p.changed = changed;
  return changed;
}

function diffUnits(p: Predecessor, state: GameState): [UnitState, UnitState][] | null {
  return tableChanges(p.top.units as UnitTable, state.units);
}

/**
 * The units of `now` whose record is not `before`'s, as [before, after]; null when a unit was added or
 * removed. Only the chunks that are not `before`'s are looked at (`now` may be a table an action is
 * still writing).
 */
function tableChanges(before: UnitTable, now: UnitTable): [UnitState, UnitState][] | null {
  if (before === now) return [];
  const ids = now.ids;
  if (before.ids !== ids) {
    if (before.ids.length !== ids.length) return null;
    for (let i = 0; i < ids.length; i++) if (before.ids[i] !== ids[i]) return null;
  }
  const out: [UnitState, UnitState][] = [];
  for (const k of CHUNK_KEYS) {
    const x = before[k];
    if (now[k] === x) continue;
    const y = now[k];
    for (const id in y) { const u = y[id]; if (x[id] !== u) out.push([x[id], u]); }
  }
  return out;
}
