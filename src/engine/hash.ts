/** Canonical JSON and SHA-256 (@noble/hashes) for state hashes, data hashes and dice derivation. */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** JSON with object keys sorted, so equal values always serialise (and hash) identically. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) out[k] = (v as Record<string, unknown>)[k];
      return out;
    }
    return v;
  });
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

export function sha256Bytes(text: string): Uint8Array {
  return sha256(utf8ToBytes(text));
}

export function hashValue(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
