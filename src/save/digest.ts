/**
 * Fast hashing for the save log. Two pieces:
 * - `canon`: canonical JSON (sorted keys), the same text as engine/hash.ts `canonicalJson` for plain
 *   JSON values, built directly instead of through a JSON.stringify replacer (≈3× faster).
 * - `stateDigest`: the per-entry state hash of a save. A Merkle SHA-256 over the state's JSON tree,
 *   memoised per (immer-frozen) object, so after an action only the changed path is re-hashed: the
 *   cost of checking a state hash per entry does not grow with the size of the order of battle.
 *   Objects with many keys (units by id) are hashed in chunks of 32 keys so one changed unit
 *   re-hashes one chunk, not the whole map.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function canon(v: unknown): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string': return JSON.stringify(v);
    case 'number': return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean': return v ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(v)) {
        let s = '[';
        for (let i = 0; i < v.length; i++) { if (i) s += ','; const x = v[i]; s += x === undefined || typeof x === 'function' ? 'null' : canon(x); }
        return s + ']';
      }
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return canon((v as { toJSON(): unknown }).toJSON());
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o).sort();
      let s = '{';
      let first = true;
      for (const k of keys) {
        const x = o[k];
        if (x === undefined || typeof x === 'function') continue;
        if (!first) s += ',';
        first = false;
        s += JSON.stringify(k) + ':' + canon(x);
      }
      return s + '}';
    }
    default: return 'null';
  }
}

export function sha256HexOf(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

const memo = new WeakMap<object, string>();
const chunkMemo = new Map<string, string>();
const CHUNK = 32;

function ref(x: unknown): string {
  return x !== null && typeof x === 'object' ? '#' + node(x as object) : canon(x);
}

function node(o: object): string {
  const hit = memo.get(o);
  if (hit) return hit;
  let d: string;
  if (Array.isArray(o)) {
    d = sha256HexOf('[' + o.map((x) => (x === undefined ? 'null' : ref(x))).join(',') + ']');
  } else {
    const r = o as Record<string, unknown>;
    const parts: string[] = [];
    for (const k of Object.keys(r).sort()) {
      const x = r[k];
      if (x !== undefined && typeof x !== 'function') parts.push(JSON.stringify(k) + ':' + ref(x));
    }
    if (parts.length <= CHUNK) d = sha256HexOf('{' + parts.join(',') + '}');
    else {
      const chunks: string[] = [];
      for (let i = 0; i < parts.length; i += CHUNK) {
        const c = parts.slice(i, i + CHUNK).join(',');
        let h = chunkMemo.get(c);
        if (!h) {
          if (chunkMemo.size > 50_000) chunkMemo.clear();
          h = sha256HexOf('{' + c + '}');
          chunkMemo.set(c, h);
        }
        chunks.push(h);
      }
      d = sha256HexOf('{{' + chunks.join(',') + '}}');
    }
  }
  // Only frozen objects (immer output) can be trusted not to change under the memo.
  if (Object.isFrozen(o)) memo.set(o, d);
  return d;
}

/** The state hash recorded in each save entry (Merkle SHA-256, see above). */
export function stateDigest(state: object): string {
  return node(state);
}
