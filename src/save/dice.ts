/**
 * Dice integrity for PBEM (anchors.md §5.1, docs/save-format.md §Dice):
 * - fast: the sender of a turn file hands over a fresh nonce; the receiver's rolls derive from it,
 *   the state hash and the action (the engine's diceKey, src/engine/rules/diceKey.ts).
 * - strict: commit–reveal over per-side SHA-256 hash chains. c[N] = secret, c[i] = SHA-256(c[i+1]),
 *   the anchor c[0] is published at game start, reveal k publishes c[k] (checked by hashing it to c[k-1]).
 * Randomness comes from WebCrypto (crypto.getRandomValues), never Math.random; tests inject a source.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { canonicalJson, sha256Hex } from '../engine/hash';
import type { Action } from '../engine';

export type RandomHex = () => string;

/** 32 fresh random bytes as hex (WebCrypto, available in browsers and Node ≥ 19). */
export const randomHex: RandomHex = () => bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));

/** Fast mode (format 2): the key a sender hands over is derived from its next chain link, so it cannot be chosen. */
export function fastKey(link: string): string {
  return sha256Hex(`neptune-fast/2|${link}`);
}

export function strictKey(link: string, commitment: string): string {
  return sha256Hex(`neptune-strict/1|${link}|${commitment}`);
}

/** h of anchors.md §5.1: binds the declared actions, the state they start from and the committer's salt. */
export function commitmentHash(game: string, n: number, stateHash: string, actions: Action[], salt: string): string {
  return sha256Hex(canonicalJson({ v: 'neptune-commit/1', game, n, state: stateHash, actions, salt }));
}

/** One hash step down the chain: c[k-1] = SHA-256(c[k]) over the 32 raw bytes. */
export function chainStep(link: string): string {
  return bytesToHex(sha256(hexToBytes(link)));
}

/** A side's private chain: keep `secret` locally (it never goes into a file). */
export interface ChainSecret { secret: string; length: number }

export function newChain(length = 1024, random: RandomHex = randomHex): ChainSecret {
  return { secret: random(), length };
}

/** c[k] for 0 ≤ k ≤ length (c[length] is the secret, c[0] the anchor). */
export function chainLink(chain: ChainSecret, k: number): string {
  if (!Number.isInteger(k) || k < 0 || k > chain.length) throw new RangeError(`link ${k} is outside the chain (0–${chain.length})`);
  let c = chain.secret;
  for (let i = chain.length; i > k; i--) c = chainStep(c);
  return c;
}

export function chainAnchor(chain: ChainSecret): string {
  return chainLink(chain, 0);
}
