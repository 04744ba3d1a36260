/**
 * The units of a state, kept in chunks (issue 17: "state updates that do not copy the whole unit
 * record per action").
 *
 * With one flat `Record<id, UnitState>`, every action that changed one unit made immer copy the whole
 * record (2,000 keys at campaign scale, a dictionary-mode object) and freeze-walk it again when the
 * action finished. Here a unit lives in one of `UNIT_CHUNKS` small records, chosen by a hash of its
 * id, so an action copies the chunk array (64 slots) and the chunks it touches.
 *
 * The table also keeps the unit ids in the order units were added (`ids`): every list of units
 * follows that order, as `Object.values` of the flat record did (a record keeps insertion order, a
 * unit written again keeps its place, a unit deleted and added again goes last), so the rules see the
 * units in the same order as before and replays are unchanged. State hashes are taken over the flat
 * record (`flatUnits`), so they are unchanged too.
 *
 * Read with `unitOf` / `unitList` / `unitIds`; write a draft with `putUnit` / `dropUnit`; build a
 * table with `unitTable` and patch one outside a draft with `withUnits`.
 */
import { isDraft } from 'immer';
import type { UnitState } from './types';

/** The number of chunks: a power of two (the hash is masked). 64 keeps a campaign's chunks ~30 units. */
export const UNIT_CHUNKS = 64;

export interface UnitTable {
  /** Unit ids in the order the units were added: the order of every list of units. */
  readonly ids: readonly string[];
  /** `UNIT_CHUNKS` records; unit `id` is in chunk `chunkOf(id)`. */
  readonly chunks: readonly Readonly<Record<string, UnitState>>[];
}

/** Anything with a unit table: a state, a draft, a redacted view. */
interface HasUnits { readonly units: UnitTable }

const chunkMemo = new Map<string, number>();
/** The chunk of a unit id: FNV-1a of its UTF-16 code units, masked (deterministic, data-independent). */
export function chunkOf(id: string): number {
  let c = chunkMemo.get(id);
  if (c !== undefined) return c;
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) { h ^= id.charCodeAt(i); h = Math.imul(h, 0x01000193); }
  c = (h >>> 0) & (UNIT_CHUNKS - 1);
  // Ids come from the data and from actions (a hostile file may name many): only memoise a bounded set.
  if (chunkMemo.size < 100_000) chunkMemo.set(id, c);
  return c;
}

/** A table of `units`, in that order. */
export function unitTable(units: Iterable<UnitState>): UnitTable {
  const chunks: Record<string, UnitState>[] = Array.from({ length: UNIT_CHUNKS }, () => ({}));
  const ids: string[] = [];
  for (const u of units) {
    const c = chunks[chunkOf(u.id)];
    if (!Object.hasOwn(c, u.id)) ids.push(u.id);
    c[u.id] = u;
  }
  return { ids, chunks };
}

/** The unit `id` (undefined when there is none, as a record lookup was). On a draft: the unit's draft. */
export function unitOf(s: HasUnits, id: string): UnitState {
  const u = s.units.chunks[chunkOf(id)][id];
  // Not an own property: a key such as "constructor" or "__proto__" reads Object.prototype's (no `id`).
  return (u !== undefined && u.id === id ? u : undefined) as UnitState;
}

/** Whether the state has a unit `id`. */
export function hasUnit(s: HasUnits, id: string): boolean {
  return Object.hasOwn(s.units.chunks[chunkOf(id)], id);
}

/** The unit ids, in table order. Read-only. */
export function unitIds(s: HasUnits): readonly string[] {
  return s.units.ids;
}

const slots = new WeakMap<readonly string[], Uint8Array>();
/**
 * The chunk of each id of an id list, kept per frozen list: a list is shared by every state until a
 * unit is added or removed, so walking all units does not hash every id again.
 */
export function chunksOfIds(ids: readonly string[]): Uint8Array {
  let k = slots.get(ids);
  if (k) return k;
  k = new Uint8Array(ids.length);
  for (let i = 0; i < ids.length; i++) k[i] = chunkOf(ids[i]);
  if (Object.isFrozen(ids)) slots.set(ids, k);
  return k;
}

const lists = new WeakMap<UnitTable, readonly UnitState[]>();
/**
 * Every unit, in table order. Kept per frozen table (callers share the array: never change it). On a
 * draft: the units' drafts (writable), as `Object.values` of a draft record gave; to only read a
 * draft's units without drafting each, use rules/unitIndex.ts `readUnits`.
 */
export function unitList(s: HasUnits): readonly UnitState[] {
  const t = s.units;
  if (isDraft(t)) return t.ids.map((id) => t.chunks[chunkOf(id)][id]);
  const v = lists.get(t);
  if (v) return v;
  const { ids, chunks } = t;
  const k = chunksOfIds(ids);
  const out: UnitState[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) out[i] = chunks[k[i]][ids[i]];
  // Only a frozen table cannot change under the kept list (hand-made test states may be unfrozen).
  if (Object.isFrozen(t) && Object.isFrozen(chunks)) lists.set(t, out);
  return out;
}

/** [id, unit] pairs in table order (for the places that iterated `Object.entries`). */
export function unitEntries(s: HasUnits): [string, UnitState][] {
  return unitList(s).map((u) => [u.id, u]);
}

/** Writes `u` into a draft (or unfrozen) state: a new id goes last, an existing one keeps its place. */
export function putUnit(d: { units: UnitTable }, u: UnitState): void {
  const t = d.units as { ids: string[]; chunks: Record<string, UnitState>[] };
  const c = t.chunks[chunkOf(u.id)];
  if (!Object.hasOwn(c, u.id)) t.ids.push(u.id);
  c[u.id] = u;
}

/** Removes unit `id` from a draft (or unfrozen) state. */
export function dropUnit(d: { units: UnitTable }, id: string): void {
  const t = d.units as { ids: string[]; chunks: Record<string, UnitState>[] };
  const c = t.chunks[chunkOf(id)];
  if (!Object.hasOwn(c, id)) return;
  delete c[id];
  const i = t.ids.indexOf(id);
  if (i >= 0) t.ids.splice(i, 1);
}

/**
 * A new table: `t` with `units` written (a new id goes last, an existing one keeps its place), and
 * the ids in `drop` removed. Copies only the chunks it writes. For code outside a draft (tests, UI previews).
 */
export function withUnits(t: UnitTable, units: Iterable<UnitState>, drop: Iterable<string> = []): UnitTable {
  const chunks = t.chunks.slice() as Record<string, UnitState>[];
  const copied = new Set<number>();
  const chunk = (k: number) => { if (!copied.has(k)) { chunks[k] = { ...chunks[k] }; copied.add(k); } return chunks[k]; };
  let ids = t.ids as string[];
  let idsCopied = false;
  for (const id of drop) {
    const k = chunkOf(id);
    if (!Object.hasOwn(chunks[k], id)) continue;
    delete chunk(k)[id];
    if (!idsCopied) { ids = ids.slice(); idsCopied = true; }
    ids.splice(ids.indexOf(id), 1);
  }
  for (const u of units) {
    const k = chunkOf(u.id);
    if (!Object.hasOwn(chunks[k], u.id)) { if (!idsCopied) { ids = ids.slice(); idsCopied = true; } ids.push(u.id); }
    chunk(k)[u.id] = u;
  }
  return { ids, chunks };
}

/** The flat record `{ id: unit }`, in table order: what state hashes and JSON views are taken over. */
export function flatUnits(t: UnitTable): Record<string, UnitState> {
  const out: Record<string, UnitState> = {};
  for (const id of t.ids) out[id] = t.chunks[chunkOf(id)][id];
  return out;
}
