/**
 * Fast hashing for the save log. Two pieces:
 * - `canon`: canonical JSON (sorted keys), the same text as engine/hash.ts `canonicalJson` for plain
 *   JSON values, built directly instead of through a JSON.stringify replacer (≈3× faster).
 * - `stateDigest`: the per-entry state hash of a save. A Merkle SHA-256 over the state's JSON tree,
 *   memoised per (immer-frozen) object, so after an action only the changed path is re-hashed: the
 *   cost of checking a state hash per entry does not grow with the size of the order of battle.
 *   Objects with many keys (units by id) are hashed in chunks of 32 keys so one changed unit
 *   re-hashes one chunk, not the whole map.
 *
 * What is hashed is defined in docs/save-format.md and, as plain reference code, in digest.test.ts,
 * which checks this implementation against it. The rest is speed: the loader takes one state digest
 * and one entry hash per log entry, and SHA-256 in pure JS (@noble/hashes; WebCrypto's is async) is
 * the largest part of verifying a save: nothing already hashed is serialised or hashed again (memo
 * by object identity, sorted key orders and quoted keys kept, chunks of large maps reused), and
 * engine/hash.ts hashes through a reused buffer and hasher.
 */
import { flatUnits, isUnitTable, type UnitTable } from '../engine/unitTable';
import { BoxedCache } from '../engine/boxCache';
import { canonicalText, keyText, sha256Hex, sortedShape } from '../engine/hash';

/** Keys sorted (JS default order, integer-like ones too; engine/hash.ts keeps the order of recent shapes). The result must not be modified. */
const sortedKeys = (o: object, keys: readonly string[] = Object.keys(o)): readonly string[] => sortedShape(keys);

/** The canonical text of a JSON value (docs/save-format.md): engine/hash.ts's writer, every key sorted as a string. */
export function canon(v: unknown): string {
  return canonicalText(v, sortedKeys) ?? 'null';
}

// ---- SHA-256 of text -----------------------------------------------------------------------------

/** SHA-256 of the UTF-8 of `text`, as 64 lowercase hex digits (engine/hash.ts: reused buffer and hasher). */
export const sha256HexOf: (text: string) => string = sha256Hex;

/** SHA-256 (hex) of canon(v). */
export function canonHash(v: unknown): string {
  return sha256HexOf(canon(v));
}

// ---- Merkle state digest -------------------------------------------------------------------------

/**
 * Digests of objects that cannot change under us: frozen, with frozen descendants (immer's
 * output). A frozen object holding a mutable child is not memoised, since the child could change
 * without the parent changing identity.
 */
const memo = new WeakMap<object, string>();
const CHUNK = 32;
/** Counts objects hashed that could not be memoised; a parent is memoised only if this did not move while hashing it. */
let unstable = 0;

/** ref(x): `#<hex>` for an object (its own digest), canon(x) otherwise. */
function ref(x: unknown): string {
  return x !== null && typeof x === 'object' ? '#' + node(x) : typeof x === 'string' ? JSON.stringify(x) : canon(x);
}

function node(o: object): string {
  const hit = memo.get(o);
  if (hit !== undefined) return hit;
  const u0 = unstable;
  let d: string;
  if (Array.isArray(o)) {
    let s = '[';
    for (let i = 0; i < o.length; i++) {
      if (i) s += ',';
      const x = o[i];
      if (x !== undefined) s += ref(x);
      else if (i in o) s += 'null'; // a hole stays empty (the definition joins Array#map's output)
    }
    d = sha256HexOf(s + ']');
  } else {
    const r = o as Record<string, unknown>;
    const seen = Object.keys(r);
    d = seen.length <= CHUNK ? smallNode(r, sortedKeys(r, seen)) : chunkedNode(r, seen);
  }
  // Only frozen objects (immer output) whose children were all memoised can be trusted not to change under the memo.
  if (unstable === u0 && Object.isFrozen(o)) memo.set(o, d);
  else unstable++;
  return d;
}

/** The parts of an object: `"key":` + ref(value), for values neither undefined nor functions. */
function partsText(r: Record<string, unknown>, keys: readonly string[]): string {
  let s = '';
  for (const k of keys) {
    const x = r[k];
    if (x === undefined || typeof x === 'function') continue;
    if (s) s += ',';
    s += keyText(k) + ref(x);
  }
  return s;
}

function smallNode(r: Record<string, unknown>, keys: readonly string[]): string {
  return sha256HexOf('{' + partsText(r, keys) + '}');
}

/**
 * For objects of more than CHUNK keys: the chunks of the last few such objects, each reused while
 * its keys and values are the same (values by identity, objects only when memoised, i.e. frozen).
 * Immer keeps every unit that an action did not touch identical, so one move re-hashes one chunk.
 */
interface Chunked { seen: string[]; sorted: string[]; chunks: { keys: string[]; vals: unknown[]; hex: string }[] }
const chunked = new Map<string, Chunked>();
const unchanged = (x: unknown, before: unknown) => x === before && (x === null || typeof x !== 'object' || memo.has(x));

/** '{{' + the digests of its chunks of CHUNK parts, comma-separated + '}}'; a chunk is hashed as '{' + parts + '}'. */
function chunkedNode(r: Record<string, unknown>, seen: string[]): string {
  const id = `${seen.length}\u0000${seen[0]}\u0000${seen[seen.length - 1]}`;
  const prev = chunked.get(id);
  const sorted = prev && prev.seen.length === seen.length && prev.seen.every((k, i) => k === seen[i]) ? prev.sorted : [...seen].sort();
  const parts: string[] = [];
  for (const k of sorted) { const x = r[k]; if (x !== undefined && typeof x !== 'function') parts.push(k); }
  if (parts.length <= CHUNK) return smallNode(r, parts);
  const chunks: Chunked['chunks'] = [];
  let top = '{{';
  for (let c = 0, i = 0; i < parts.length; c++, i += CHUNK) {
    const keys = parts.slice(i, i + CHUNK);
    const vals = keys.map((k) => r[k]);
    const old = prev?.chunks[c];
    const same = old !== undefined && old.keys.length === keys.length && keys.every((k, j) => k === old.keys[j] && unchanged(vals[j], old.vals[j]));
    const hex = same ? old.hex : sha256HexOf('{' + partsText(r, keys) + '}');
    chunks.push({ keys, vals, hex });
    top += (c ? ',' : '') + hex;
  }
  if (chunked.size > 256) chunked.clear();
  chunked.set(id, { seen, sorted, chunks });
  return sha256HexOf(top + '}}');
}

/** The state hash recorded in each save entry (Merkle SHA-256, see above). */
export function stateDigest(state: object): string {
  // A game state's units are digested as the flat record `{ id: unit }` (engine/unitTable.ts keeps
  // them in chunks): the digests, and so every save written before the chunks, stay the same.
  const t = (state as { units?: UnitTable }).units;
  if (!isUnitTable(t)) return node(state);
  // The state itself is memoised too: its digest is asked for twice per entry of a compact file (to
  // write the entry, then to check it), and the record below is a new object at each call.
  const hit = memo.get(state);
  if (hit !== undefined) return hit;
  const u0 = unstable;
  // Frozen as immer's output is, so the memo keeps the digests of the unchanged units.
  const d = node(Object.freeze({ ...state, units: flatRecordOf(t) }));
  if (unstable === u0 && Object.isFrozen(state)) memo.set(state, d);
  return d;
}

/**
 * The frozen flat record of a unit table, one per table object: an action that changes no unit keeps
 * its table, so the next state's digest finds the record's digest in the memo (as it found the record
 * itself before the chunks, issue 14: a save's verification took 1.7× as long without it).
 */
const flatRecords = new BoxedCache<UnitTable, object>('flatRecord');
function flatRecordOf(t: UnitTable): object {
  let f = flatRecords.get(t);
  if (f === undefined) {
    f = Object.freeze(flatUnits(t));
    // Only a frozen table cannot change under its record (a draft's or a test's mutable one can). Kept
    // in the table's cache box (boxCache.ts: a WeakMap's values live through every scavenge).
    if (Object.isFrozen(t)) flatRecords.set(t, f);
  }
  return f;
}
