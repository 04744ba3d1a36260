/**
 * Bytes ⇄ JSON text for save files: plain UTF-8 JSON, or the same gzipped (fflate). Decoding never
 * throws: it returns a message for empty, oversized, truncated or non-text input and stops a gzip
 * bomb at LIMITS.jsonChars while inflating.
 */
import { Gunzip, gzipSync, strToU8 } from 'fflate';
import { canonHash } from './digest';
import { LIMITS, type CompactEntry, type CompactSaveFile, type SaveFile } from './format';

export type Decoded = { ok: true; text: string; gzip: boolean } | { ok: false; error: string };

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const TOO_BIG = {};

let table: Uint32Array | null = null;
function crc32(b: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let i = 0; i < 256; i++) { let c = i; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; table[i] = c >>> 0; }
  }
  let c = 0xffffffff;
  for (let i = 0; i < b.length; i++) c = table[(c ^ b[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function isGzip(b: Uint8Array): boolean {
  return b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;
}

function gunzipLimited(bytes: Uint8Array): Decoded {
  const parts: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const g = new Gunzip((chunk, final) => {
    total += chunk.length;
    if (total > LIMITS.jsonChars) throw TOO_BIG;
    parts.push(chunk);
    if (final) ended = true;
  });
  try {
    const step = 16 * 1024; // small input chunks bound the output of each push (deflate expands ≤ ~1032×)
    for (let o = 0; o < bytes.length; o += step) g.push(bytes.subarray(o, Math.min(bytes.length, o + step)), o + step >= bytes.length);
  } catch (e) {
    if (e === TOO_BIG) return { ok: false, error: `the compressed file expands to more than ${mb(LIMITS.jsonChars)}; a Neptune save is far smaller` };
    return { ok: false, error: 'the compressed file is damaged or truncated (gzip could not be read)' };
  }
  if (!ended) return { ok: false, error: 'the compressed file is truncated (gzip stream ends early)' };
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  // The gzip trailer (CRC-32 and length of the first member) tells a damaged file from a good one.
  const n = bytes.length;
  const trailer = (i: number) => (bytes[n - 8 + i] | (bytes[n - 7 + i] << 8) | (bytes[n - 6 + i] << 16) | (bytes[n - 5 + i] << 24)) >>> 0;
  if (n < 18 || trailer(4) !== total >>> 0 || trailer(0) !== crc32(out)) return { ok: false, error: 'the compressed file is damaged (gzip checksum mismatch)' };
  return utf8(out, true);
}

function utf8(bytes: Uint8Array, gzip: boolean): Decoded {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), gzip };
  } catch {
    return { ok: false, error: 'the file is not text (not UTF-8): it is not a Neptune save' };
  }
}

/** Turns whatever the user picked (text, bytes) into JSON text, or says why it cannot. */
export function decodeInput(input: unknown): Decoded {
  if (typeof input === 'string') {
    if (input.length > LIMITS.jsonChars) return { ok: false, error: `the file is larger than ${mb(LIMITS.jsonChars)}; a Neptune save is far smaller` };
    return { ok: true, text: input, gzip: false };
  }
  let bytes: Uint8Array;
  if (input instanceof Uint8Array) bytes = input;
  else if (input instanceof ArrayBuffer) bytes = new Uint8Array(input);
  else return { ok: false, error: 'nothing to load: expected the text or bytes of a .neptune.json file' };
  if (bytes.length === 0) return { ok: false, error: 'the file is empty' };
  if (bytes.length > LIMITS.inputBytes) return { ok: false, error: `the file is larger than ${mb(LIMITS.inputBytes)}; a Neptune save is far smaller` };
  return isGzip(bytes) ? gunzipLimited(bytes) : utf8(bytes, false);
}

/** JSON text with one log entry per line, so a save diffs and reads well. */
export function saveToText(save: SaveFile): string {
  const { entries, ...rest } = save;
  const top = JSON.stringify({ ...rest, entries: [] });
  const body = entries.map((e) => JSON.stringify(e)).join(',\n');
  return top.replace('"entries":[]', entries.length ? `"entries":[\n${body}\n]` : '"entries":[]') + '\n';
}

export function saveToGzip(save: SaveFile): Uint8Array {
  return gzipSync(strToU8(saveToText(save)), { level: 9, mtime: 0 });
}

/** The compact encoding (format.ts CompactSaveFile): derivable fields dropped, head kept. */
export function toCompact(save: SaveFile): CompactSaveFile {
  const entries = save.entries.map((e): CompactEntry => {
    const base = { by: e.by, ...(e.at ? { at: e.at } : {}) };
    if (e.kind === 'action') return { ...base, kind: 'action', action: e.action, ...(e.proof ? { proof: e.proof } : {}), ...(e.order !== undefined ? { order: e.order } : {}) };
    if (e.kind === 'anchor') return { ...base, kind: 'anchor', anchor: e.anchor, length: e.length };
    if (e.kind === 'orders') return { ...base, kind: 'orders', orders: e.orders };
    return { ...base, kind: 'commit', actions: e.actions, salt: e.salt };
  });
  return { format: save.format, version: save.version, encoding: 'compact', header: save.header, entries, head: save.head, seal: canonHash({ header: save.header, entries }) };
}

export function compactToGzip(save: SaveFile): Uint8Array {
  const c = toCompact(save);
  const { entries, ...rest } = c;
  const text = JSON.stringify({ ...rest, entries: [] }).replace('"entries":[]', `"entries":[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]`) + '\n';
  return gzipSync(strToU8(text), { level: 9, mtime: 0 });
}
