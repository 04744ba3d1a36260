/** Canonical JSON and SHA-256 (@noble/hashes) for state hashes, data hashes and dice derivation. */
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * JSON with object keys sorted, so equal values always serialise (and hash) identically. `swap`: the
 * text to write in place of one object (`from`): a state's unit table as its flat record (game.ts
 * `stateHash`, unitTable.ts `flatUnitsJson`).
 *
 * The text is exactly `JSON.stringify(value, replacer)` where the replacer copies every object with
 * its keys sorted (the definition this project's hashes were first taken with, kept as the reference
 * in hash.test.ts). As in any JSON.stringify of a plain object, integer-like keys ("2", "10") come
 * first in numeric order, then the others in sorted order. Written directly, with no sorted copy
 * of every object: ≈ 2–3× faster (issue 14: the state hash; issue 7: a save's verification).
 */
export function canonicalJson(value: unknown, swap?: Swap): string {
  return write(value, '', indexFirst, swap) as string; // undefined for undefined / a function, as JSON.stringify
}

/**
 * The same writer with another key order: the save digest's canonical text (save/digest.ts `canon`)
 * sorts every key as a string, integer-like ones included. Undefined for undefined / a function.
 */
export function canonicalText(value: unknown, order: KeyOrder): string | undefined {
  return write(value, '', order, undefined);
}

/** The text written in place of the object `from` (already canonical). */
export interface Swap { from: object; json: () => string }
/** The order an object's keys are written in. */
export type KeyOrder = (o: object) => readonly string[];

function write(v: unknown, key: string, order: KeyOrder, swap: Swap | undefined): string | undefined {
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON(k: string): unknown }).toJSON(key);
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string': return JSON.stringify(v);
    case 'number': return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean': return v ? 'true' : 'false';
    case 'bigint': return JSON.stringify(v); // throws, as JSON.stringify does
    case 'object': {
      if (swap && v === swap.from) return swap.json();
      if (Array.isArray(v)) {
        let s = '[';
        for (let i = 0; i < v.length; i++) {
          if (i) s += ',';
          s += write(v[i], String(i), order, swap) ?? 'null';
        }
        return s + ']';
      }
      const o = v as Record<string, unknown>;
      const keys = order(o);
      let s = '{';
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        const x = write(o[k], k, order, swap);
        if (x === undefined) continue;
        s += s.length > 1 ? `,${keyText(k)}${x}` : keyText(k) + x;
      }
      return s + '}';
    }
    default: return undefined; // undefined, functions, symbols: left out of objects, null in arrays
  }
}

/** `"key":`; keys of a game repeat (unit ids, hex ids, field names), so their quoted form is kept. */
const keyTexts = new Map<string, string>();
export function keyText(k: string): string {
  let t = keyTexts.get(k);
  if (t === undefined) {
    if (keyTexts.size > 20_000) keyTexts.clear();
    t = JSON.stringify(k) + ':';
    keyTexts.set(k, t);
  }
  return t;
}

/**
 * `keys` sorted (JS default order). Objects of one shape (a unit, the root state, an entry) list
 * their keys in the same order every time, so the sorted order of recent shapes is kept and reused
 * when the key list is identical. The result must not be modified.
 */
const shapes = new Map<string, { seen: readonly string[]; sorted: string[] }>();
export function sortedShape(keys: readonly string[]): readonly string[] {
  const n = keys.length;
  if (n < 2) return keys;
  let inOrder = true;
  for (let i = 1; i < n; i++) if (keys[i - 1] > keys[i]) { inOrder = false; break; }
  if (inOrder) return keys;
  const id = keys[0] + '\u0000' + n;
  const hit = shapes.get(id);
  if (hit) {
    let same = true;
    for (let i = 0; i < n; i++) if (hit.seen[i] !== keys[i]) { same = false; break; }
    if (same) return hit.sorted;
  }
  const sorted = [...keys].sort();
  if (shapes.size > 1000) shapes.clear();
  shapes.set(id, { seen: keys, sorted });
  return sorted;
}

/** Whether `k` is an array index ("0", "17"), a key every object lists first, in numeric order. */
export function isIndexKey(k: string): boolean {
  const n = k.length;
  if (n === 0 || n > 10) return false;
  const c0 = k.charCodeAt(0);
  if (c0 < 48 || c0 > 57 || (c0 === 48 && n > 1)) return false;
  for (let i = 1; i < n; i++) { const c = k.charCodeAt(i); if (c < 48 || c > 57) return false; }
  return n < 10 || Number(k) < 4294967295;
}

/** Object.keys lists index keys first (ascending), then the rest by insertion: only that rest is sorted. */
function indexFirst(o: object): readonly string[] {
  const keys = Object.keys(o);
  let p = 0;
  while (p < keys.length && isIndexKey(keys[p])) p++;
  if (p === 0) return sortedShape(keys);
  if (keys.length - p < 2) return keys;
  const tail = sortedShape(keys.slice(p));
  for (let i = 0; i < tail.length; i++) keys[p + i] = tail[i];
  return keys;
}

// Speed (issue 7: a save is verified by hashing every entry and state, and every action seeds its
// dice): the UTF-8 is written into one reused buffer (encodeInto, no allocation per call) and the
// hasher is a copy of one fresh SHA-256 state, not built anew; about 1 µs less per hash. Same bytes,
// same digests as sha256(utf8ToBytes(text)).
const encoder = new TextEncoder();
let scratch = new Uint8Array(8192);
const fresh = sha256.create();
const hasher = sha256.create();
const HEX_CODES = Array.from({ length: 256 }, (_, i) => [...i.toString(16).padStart(2, '0')].map((c) => c.charCodeAt(0)));
const hexCodes: number[] = new Array<number>(64).fill(0);

function digestInto(text: string, out: Uint8Array): Uint8Array {
  fresh._cloneInto(hasher);
  if (text.length > 65536) hasher.update(encoder.encode(text)); // large (data hashes): no scratch kept that big
  else {
    if (text.length * 3 > scratch.length) scratch = new Uint8Array(text.length * 3); // UTF-8: ≤ 3 bytes per UTF-16 unit
    hasher.update(scratch.subarray(0, encoder.encodeInto(text, scratch).written));
  }
  hasher.digestInto(out);
  return out;
}

const hexOut = new Uint8Array(32);

export function sha256Hex(text: string): string {
  digestInto(text, hexOut);
  for (let i = 0; i < 32; i++) { const c = HEX_CODES[hexOut[i]]; hexCodes[2 * i] = c[0]; hexCodes[2 * i + 1] = c[1]; }
  return String.fromCharCode.apply(null, hexCodes); // one flat string, not 32 concatenations
}

export function sha256Bytes(text: string): Uint8Array {
  return digestInto(text, new Uint8Array(32));
}

export function hashValue(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
