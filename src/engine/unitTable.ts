/**
 * The units of a state, kept in chunks (issue 17: "state updates that do not copy the whole unit
 * record per action").
 *
 * With one flat `Record<id, UnitState>`, every action that changed one unit made immer copy the whole
 * record (2,000 keys at campaign scale, a dictionary-mode object) and freeze-walk it again when the
 * action finished: 160 µs per one-unit update at 400 units, 1.2 ms at 2,000 (immer 11, this machine).
 * Here a unit lives in one of `UNIT_CHUNKS` small records, chosen by a hash of its id and kept on the
 * table itself (`c0` … `c31`), so an action copies the table (33 keys) and the chunks it touches:
 * 11 µs at 400 units, 31 µs at 2,000. (Measured: 32 chunks beside 16 and 64; a `chunks` array one
 * level down cost a quarter more, each level being one more immer proxy per unit read on a draft.)
 *
 * The table also keeps the unit ids in the order units were added (`ids`): every list of units
 * follows that order, as `Object.values` of the flat record did (a record keeps insertion order, a
 * unit written again keeps its place, a unit deleted and added again goes last), so the rules see the
 * units in the same order as before and replays are unchanged. State hashes are taken over the flat
 * record (`flatUnits`), so they are unchanged too.
 *
 * Read with `unitOf` / `unitList` / `unitIds`; write inside an action with `mutUnit` / `putUnit` /
 * `patchUnit` / `dropUnit` (explicit copy-on-write: the table is not an immer draft, see `Table`);
 * build a table with `unitTable` and patch one outside an action with `withUnits`.
 */
import { current, isDraft } from 'immer';
import { claim, draftScopedMap, freezeAsData, freezeNew, ownedHere } from './frozenProduce';
import type { UnitState } from './types';
import { BoxedCache } from './boxCache';
import { canonicalJson, isIndexKey, keyText } from './hash';

/** The number of chunks: a power of two (the hash is masked). */
export const UNIT_CHUNKS = 32;

/** A chunk's key on the table: `c0` … `c31`. */
export type ChunkKey = `c${number}`;
/** The chunk keys, by chunk index. */
export const CHUNK_KEYS: readonly ChunkKey[] = Array.from({ length: UNIT_CHUNKS }, (_, k) => `c${k}` as ChunkKey);

type Chunk = Readonly<Record<string, UnitState>>;

export interface UnitTable {
  /** Unit ids in the order the units were added: the order of every list of units. */
  readonly ids: readonly string[];
  /** `UNIT_CHUNKS` records `c0` … `c31`; unit `id` is in chunk `CHUNK_KEYS[chunkOf(id)]`. */
  readonly [chunk: ChunkKey]: Chunk;
}

/**
 * The table's one class (issue 17). A class, not a plain object, so that immer does not draft it: an
 * action's reads of units go to the frozen records themselves (a unit read through a draft was a proxy
 * for the table, its chunk and the unit, each finalised when the action ended), and its writes are
 * explicit copy-on-write (`putUnit`, `mutUnit`, `dropUnit`): the first write of an action copies the
 * table and the chunk it writes, later writes of that action write those copies in place
 * (frozenProduce.ts `claim`). Its 33 fields are assigned by name in one constructor, so every table has
 * one fixed shape. JSON, hashes and structured clones see its fields as a plain object's; a clone comes
 * back as a plain object, and `asTable` makes it a table again (game.ts `apply`).
 */
class Table implements UnitTable {
  readonly [chunk: ChunkKey]: Chunk;
  readonly ids: readonly string[];
  readonly c0: Chunk;
  readonly c1: Chunk;
  readonly c2: Chunk;
  readonly c3: Chunk;
  readonly c4: Chunk;
  readonly c5: Chunk;
  readonly c6: Chunk;
  readonly c7: Chunk;
  readonly c8: Chunk;
  readonly c9: Chunk;
  readonly c10: Chunk;
  readonly c11: Chunk;
  readonly c12: Chunk;
  readonly c13: Chunk;
  readonly c14: Chunk;
  readonly c15: Chunk;
  readonly c16: Chunk;
  readonly c17: Chunk;
  readonly c18: Chunk;
  readonly c19: Chunk;
  readonly c20: Chunk;
  readonly c21: Chunk;
  readonly c22: Chunk;
  readonly c23: Chunk;
  readonly c24: Chunk;
  readonly c25: Chunk;
  readonly c26: Chunk;
  readonly c27: Chunk;
  readonly c28: Chunk;
  readonly c29: Chunk;
  readonly c30: Chunk;
  readonly c31: Chunk;
  constructor(ids: readonly string[], c: Readonly<Record<ChunkKey, Chunk>>) {
    this.ids = ids;
    this.c0 = c.c0;
    this.c1 = c.c1;
    this.c2 = c.c2;
    this.c3 = c.c3;
    this.c4 = c.c4;
    this.c5 = c.c5;
    this.c6 = c.c6;
    this.c7 = c.c7;
    this.c8 = c.c8;
    this.c9 = c.c9;
    this.c10 = c.c10;
    this.c11 = c.c11;
    this.c12 = c.c12;
    this.c13 = c.c13;
    this.c14 = c.c14;
    this.c15 = c.c15;
    this.c16 = c.c16;
    this.c17 = c.c17;
    this.c18 = c.c18;
    this.c19 = c.c19;
    this.c20 = c.c20;
    this.c21 = c.c21;
    this.c22 = c.c22;
    this.c23 = c.c23;
    this.c24 = c.c24;
    this.c25 = c.c25;
    this.c26 = c.c26;
    this.c27 = c.c27;
    this.c28 = c.c28;
    this.c29 = c.c29;
    this.c30 = c.c30;
    this.c31 = c.c31;
  }
}
freezeAsData(Table.prototype);

/** Whether `t` is a Table (not a plain object of the same fields). */
export function isTable(t: UnitTable): boolean {
  return t instanceof Table;
}

/** `t` as a table (itself when it is one): a structured clone or parsed JSON of a state holds a plain object. */
export function asTable(t: UnitTable): UnitTable {
  return t instanceof Table ? t : new Table(t.ids, t);
}

/**
 * A state that arrived by structured clone or JSON (the file checker's and the opponent's workers send
 * states to the page and back), made what the engine keeps: its unit table a `Table` again and every part
 * frozen, so the per-state caches, which key on frozen tables, serve it and a rule that writes a record it
 * only read fails loudly. A state the engine made (frozen already) is returned as it is.
 */
export function adoptState<S extends { units: UnitTable }>(s: S): S {
  if (!Object.isExtensible(s) && isTable(s.units)) return s;
  const own = { ...s, units: asTable(s.units) };
  freezeNew(own);
  return own;
}

type Writable = { ids: string[] } & Record<ChunkKey, Record<string, UnitState>>;

/**
 * The table of `d`, writable: inside an action, a copy made on the first write and written in place
 * after; outside one (tests, hand-made states), a new copy per write.
 */
function ownTable(d: { units: UnitTable }): Writable {
  const t = d.units;
  if (ownedHere(t)) return t as unknown as Writable;
  // A plain object (a structured clone's or parsed JSON's table) that immer has drafted: its current
  // values, not the drafts inside it (which are revoked when the produce ends).
  const from = isDraft(t) ? (current(t as never) as UnitTable) : t;
  const c = claim(new Table(from.ids, from));
  if (ownedHere(c) && Object.isFrozen(t)) bases.set(c, t);
  d.units = c;
  return c as unknown as Writable;
}
const bases = draftScopedMap<UnitTable, UnitTable>();
/**
 * The frozen table an action's table was copied from on its first write (null for any other table):
 * the caches derive the written table's answers from that one's (rules/unitIndex.ts).
 */
export function baseTable(t: UnitTable): UnitTable | null {
  return bases.get(t) ?? null;
}
/** Chunk `k` of a writable table, writable. */
function ownChunk(t: Writable, k: ChunkKey): Record<string, UnitState> {
  const c = t[k];
  if (ownedHere(c)) return c;
  return (t[k] = claim({ ...c }));
}
/** The id list of a writable table, writable. */
function ownIds(t: Writable): string[] {
  if (ownedHere(t.ids)) return t.ids;
  return (t.ids = claim(t.ids.slice()));
}

/** Anything with a unit table: a state, a draft, a redacted view. */
interface HasUnits { readonly units: UnitTable }

const chunkMemo = new Map<string, number>();
const MAX_MEMO = 100_000;
/** The chunk index of a unit id: FNV-1a of its UTF-16 code units, masked (deterministic, data-independent). Memoised (a bounded set: ids also come from actions). */
export function chunkOf(id: string): number {
  let c = chunkMemo.get(id);
  if (c !== undefined) return c;
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) { h ^= id.charCodeAt(i); h = Math.imul(h, 0x01000193); }
  c = (h >>> 0) & (UNIT_CHUNKS - 1);
  if (chunkMemo.size < MAX_MEMO) chunkMemo.set(id, c);
  return c;
}
/** The key of the chunk holding unit `id`. */
export function chunkKeyOf(id: string): ChunkKey {
  return CHUNK_KEYS[chunkOf(id)];
}

/** The chunks of a table, by index (for code that walks every chunk). */
export function chunksOf(t: UnitTable): Chunk[] {
  const out: Chunk[] = new Array(UNIT_CHUNKS);
  for (let k = 0; k < UNIT_CHUNKS; k++) out[k] = t[CHUNK_KEYS[k]];
  return out;
}

/** A table of `units`, in that order. */
export function unitTable(units: Iterable<UnitState>): UnitTable {
  const t = { ids: [] } as unknown as { ids: string[] } & Record<ChunkKey, Record<string, UnitState>>;
  for (const k of CHUNK_KEYS) t[k] = {};
  for (const u of units) {
    const c = t[chunkKeyOf(u.id)];
    if (!Object.hasOwn(c, u.id)) t.ids.push(u.id);
    c[u.id] = u;
  }
  // A Table: V8 keeps an object given 33 properties one by one as a dictionary (every chunk read a hash
  // lookup, until an action copies the table); the class has one fixed shape. The first state's table
  // lasts until a unit changes: the whole of the demo's replay (issue 17).
  return new Table(t.ids, t);
}

/** The unit `id` (undefined when there is none, as a record lookup was): its frozen record, also on a draft (write through `mutUnit`). */
export function unitOf(s: HasUnits, id: string): UnitState {
  const u = s.units[chunkKeyOf(id)][id];
  // Not an own property: a key such as "constructor" or "__proto__" reads Object.prototype's (no `id`).
  return (u !== undefined && u.id === id ? u : undefined) as UnitState;
}

/** Whether the state has a unit `id`. */
export function hasUnit(s: HasUnits, id: string): boolean {
  return Object.hasOwn(s.units[chunkKeyOf(id)], id);
}

/** The unit ids, in table order. Read-only. */
export function unitIds(s: HasUnits): readonly string[] {
  return s.units.ids;
}

const slots = new WeakMap<readonly string[], Uint8Array>();
/**
 * The chunk index of each id of an id list, kept per frozen list: a list is shared by every state until
 * a unit is added or removed, so walking all units does not look every id up again. (Loops index an
 * array of the chunks with these: a load by a chunk's name, 32 names, is a megamorphic keyed load.)
 */
export function chunkIndexOfIds(ids: readonly string[]): Uint8Array {
  let k = slots.get(ids);
  if (k) return k;
  k = new Uint8Array(ids.length);
  for (let i = 0; i < ids.length; i++) k[i] = chunkOf(ids[i]);
  if (Object.isFrozen(ids)) slots.set(ids, k);
  return k;
}

const lists = new BoxedCache<UnitTable, readonly UnitState[]>('unitList');
/**
 * Every unit, in table order. Kept per frozen table (callers share the array: never change it); a
 * table an action is writing is read anew per call. The records are frozen (inside an action, write a
 * unit through `mutUnit` / `patchUnit`).
 */
export function unitList(s: HasUnits): readonly UnitState[] {
  const t = s.units;
  const v = lists.get(t);
  if (v) return v;
  const ids = t.ids;
  const k = chunkIndexOfIds(ids);
  const out = inChunkOrder(t, ids, k) ?? byKey(t, ids, k);
  // Only a frozen table cannot change under the kept list (hand-made test states may be unfrozen).
  if (Object.isFrozen(t)) lists.set(t, out);
  return out;
}

function byKey(t: UnitTable, ids: readonly string[], k: Uint8Array): UnitState[] {
  const cs = chunksOf(t);
  const out: UnitState[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) out[i] = cs[k[i]][ids[i]];
  return out;
}

/**
 * The list read from each chunk's values in their own order, which is the table order of the chunk's
 * ids: a chunk and `ids` are written together (a new id goes last in both, a written one keeps its
 * place in both; engine invariant "chunk order", invariants.ts). `Object.values` of 32 small records
 * costs a third of looking 400 ids up by name across 32 records (on a table no cache knows, that lookup
 * was 11% of a GA resolution). Null when the order cannot be read so: an integer-like id (every JS
 * object lists those first) or counts that do not match; the caller then looks each id up.
 */
function inChunkOrder(t: UnitTable, ids: readonly string[], k: Uint8Array): UnitState[] | null {
  if (!plainIds(ids)) return null;
  const vals: UnitState[][] = new Array(UNIT_CHUNKS);
  for (let c = 0; c < UNIT_CHUNKS; c++) vals[c] = Object.values(t[CHUNK_KEYS[c]]);
  const at = AT.fill(0);
  const out: UnitState[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const c = k[i];
    out[i] = vals[c][at[c]++];
  }
  for (let c = 0; c < UNIT_CHUNKS; c++) if (at[c] !== vals[c].length) return null;
  return out;
}
const AT = new Int32Array(UNIT_CHUNKS);

const plain = new WeakMap<readonly string[], boolean>();
/** Whether no id is integer-like (such keys are listed first by every JS object, out of insertion order). Kept per frozen list. */
function plainIds(ids: readonly string[]): boolean {
  let p = plain.get(ids);
  if (p !== undefined) return p;
  p = !ids.some(isIndexKey);
  if (Object.isFrozen(ids)) plain.set(ids, p);
  return p;
}

/**
 * Why the table breaks the "chunk order" invariant, or null: each chunk must list its units in the
 * order `ids` lists them (`unitList` reads the chunks in their own order).
 */
export function chunkOrderProblem(t: UnitTable): string | null {
  const ids = t.ids;
  const k = chunkIndexOfIds(ids);
  const seen = new Int32Array(UNIT_CHUNKS);
  const keys = CHUNK_KEYS.map((c) => Object.keys(t[c]));
  for (let i = 0; i < ids.length; i++) {
    const c = k[i];
    const key = keys[c][seen[c]++];
    if (key !== ids[i] && !isIndexKey(ids[i])) return `unit ${ids[i]} is listed out of the table order in its chunk (${key ?? 'nothing'} in its place)`;
  }
  for (let c = 0; c < UNIT_CHUNKS; c++) if (seen[c] !== keys[c].length) return `chunk ${CHUNK_KEYS[c]} holds ${keys[c].length} units, the table lists ${seen[c]} for it`;
  return null;
}

/** [id, unit] pairs in table order: the id as the table lists it, the record its chunk holds (the invariants compare them). */
export function unitEntries(s: HasUnits): [string, UnitState][] {
  const ids = s.units.ids;
  return unitList(s).map((u, i) => [ids[i], u]);
}

/**
 * Writes `u` into a draft (or unfrozen) state: a new id goes last, an existing one keeps its place.
 * `u` becomes the table's record: a new object (never a record of a frozen state changed in place).
 */
export function putUnit(d: { units: UnitTable }, u: UnitState): void {
  const t = ownTable(d);
  const k = chunkKeyOf(u.id);
  const c = ownChunk(t, k);
  if (!Object.hasOwn(c, u.id)) ownIds(t).push(u.id);
  c[u.id] = u;
}

/**
 * Unit `id` of a draft (or unfrozen) state, writable until the action ends: a copy of its record (and
 * of its marker and detached lists and its move record, which rules write in place) made on the
 * first call of the action and put in the table, the same object on later calls. Undefined when there
 * is no such unit. Read a unit with `unitOf`; write through what this returns.
 */
export function mutUnit(d: { units: UnitTable }, id: string): UnitState {
  const u = unitOf(d, id);
  if (u === undefined || ownedHere(u)) return u;
  const w: UnitState = { ...u, markers: u.markers.slice() };
  if (u.detached) w.detached = u.detached.slice();
  if (u.move) w.move = { ...u.move };
  putUnit(d, claim(w));
  return w;
}

/**
 * Writes unit `u` with `patch` applied, as a new record (`putUnit`). `u` is the unit as it is now
 * (never one held across a write of the same unit: that record is left behind). For hooks and
 * procedures that change a few fields of many units.
 */
export function patchUnit(d: { units: UnitTable }, u: UnitState, patch: Partial<UnitState>): void {
  putUnit(d, { ...u, ...patch });
}

/** Removes unit `id` from a draft (or unfrozen) state. */
export function dropUnit(d: { units: UnitTable }, id: string): void {
  if (!Object.hasOwn(d.units[chunkKeyOf(id)], id)) return;
  const t = ownTable(d);
  delete ownChunk(t, chunkKeyOf(id))[id];
  const ids = ownIds(t);
  const i = ids.indexOf(id);
  if (i >= 0) ids.splice(i, 1);
}

/**
 * A new table: `t` with `units` written (a new id goes last, an existing one keeps its place), and
 * the ids in `drop` removed. Copies only the chunks it writes. For code outside a draft (tests, UI previews).
 */
export function withUnits(t: UnitTable, units: Iterable<UnitState>, drop: Iterable<string> = []): UnitTable {
  const out = new Table(t.ids, t) as unknown as Writable;
  const copied = new Set<ChunkKey>();
  const chunk = (k: ChunkKey) => { if (!copied.has(k)) { out[k] = { ...out[k] }; copied.add(k); } return out[k]; };
  let idsCopied = false;
  const ids = () => { if (!idsCopied) { out.ids = out.ids.slice(); idsCopied = true; } return out.ids; };
  for (const id of drop) {
    const k = chunkKeyOf(id);
    if (!Object.hasOwn(out[k], id)) continue;
    delete chunk(k)[id];
    ids().splice(ids().indexOf(id), 1);
  }
  for (const u of units) {
    const k = chunkKeyOf(u.id);
    if (!Object.hasOwn(out[k], u.id)) ids().push(u.id);
    chunk(k)[u.id] = u;
  }
  return out as unknown as UnitTable;
}

/**
 * A new, unfrozen table object over the same ids and chunks (benchmarks: a state no per-table cache
 * knows, as a spread of the flat record was before the chunks). Copying the 32 chunks too made only
 * garbage, collected inside the timed calls.
 */
export function thawedTable(t: UnitTable): UnitTable {
  return new Table(t.ids, t);
}

/** Whether `x` looks like a unit table (a state's `units`). */
export function isUnitTable(x: unknown): x is UnitTable {
  return !!x && typeof x === 'object' && Array.isArray((x as { ids?: unknown }).ids) && typeof (x as Record<string, unknown>)[CHUNK_KEYS[0]] === 'object';
}

/**
 * The ids in the order the flat record lists its keys: sorted, except that integer-like ids (none in
 * the data so far) come first in numeric order, as every JS object lists them.
 */
function flatOrder(ids: readonly string[]): readonly string[] {
  if (last !== null && last.ids === ids) return last.order;
  const sorted = [...ids].sort();
  let index = false;
  for (let i = 0; i < sorted.length && !index; i++) index = isIndexKey(sorted[i]);
  if (!index) return sorted;
  return [...sorted.filter(isIndexKey).sort((a, b) => Number(a) - Number(b)), ...sorted.filter((id) => !isIndexKey(id))];
}

/**
 * The flat record `{ id: unit }`, its keys added in sorted order (canonical JSON's): what state hashes
 * and save digests are taken over, so they are those of the flat record the state held before the chunks.
 */
export function flatUnits(t: UnitTable): Record<string, UnitState> {
  // A dictionary from the start (no prototype): adding a few hundred keys builds no hidden classes,
  // which made the first hash of a process 0.05–0.1 ms dearer. JSON writes it in insertion order.
  const out = Object.create(null) as Record<string, UnitState>;
  for (const id of flatOrder(t.ids)) out[id] = t[chunkKeyOf(id)][id];
  return out;
}

/**
 * The flat order and unit texts of the table hashed last, by position in that order: the next state
 * hashed (PBEM dice hash a game's states in turn, a save's verification every state of its log) has
 * the same ids until a unit is added or removed and shares all but the few units its actions changed,
 * and a unit whose frozen object is the one in the same place has the same text. One entry compared by
 * identity, not a WeakMap entry per unit and per id list: a new state's first hash runs cold code (the
 * replay before it evicted it), where every lookup and entry made counts (issue 14: the state-hash figure).
 */
let last: { ids: readonly string[]; order: readonly string[]; units: (UnitState | null)[]; texts: string[] } | null = null;

/**
 * canonicalJson(flatUnits(t)), written without building the flat record, each frozen unit's text
 * reused from the table hashed last when the unit is the same object (game.ts `stateHash`).
 */
export function flatUnitsJson(t: UnitTable): string {
  let keep = last;
  if (keep === null || keep.ids !== t.ids) {
    const order = flatOrder(t.ids);
    keep = { ids: t.ids, order, units: new Array<UnitState | null>(order.length).fill(null), texts: new Array<string>(order.length) };
  }
  const { order, units, texts } = keep;
  let s = '{';
  for (let i = 0; i < order.length; i++) {
    const id = order[i];
    const u = t[chunkKeyOf(id)][id];
    let j: string;
    if (units[i] === u) j = texts[i];
    else {
      j = keyText(id) + canonicalJson(u);
      // Only a frozen unit can be known by identity: a mutable one may change under the same object.
      units[i] = Object.isFrozen(u) ? u : null;
      texts[i] = j;
    }
    s += i ? `,${j}` : j;
  }
  // A frozen id list cannot change under its order.
  if (Object.isFrozen(t.ids)) last = keep;
  return s + '}';
}
