/**
 * The opponent's own choices (tie-breaks, the fallback for decisions it does not understand) come
 * from this PRNG, keyed by the game seed, state.n and the side: an AI game replays exactly, and
 * the opponent never touches the engine's dice (src/engine/rng), which it could not predict anyway.
 */
import type { GameState, Side } from '../engine/types';

/** xmur3 string hash → 32-bit seed. */
function hash32(s: string): number {
  let h = 1779033703 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^= h >>> 16) >>> 0;
}

export interface AiRng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  pick<T>(xs: readonly T[]): T;
}

/** mulberry32: small, fast, good enough for tie-breaks. */
export function rngFrom(key: string): AiRng {
  let a = hash32(key);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (xs) => xs[Math.floor(next() * xs.length)] };
}

/** The PRNG for one decision point: game seed + action index + side + purpose. */
export function aiRng(state: GameState, side: Side, purpose = ''): AiRng {
  return rngFrom(`neptune-ai|${state.seed}|${playIndex(state)}|${side}|${purpose}`);
}

/** Actions of play counted from the end of a game-start setup, as the engine's seeded dice are (GameState.playFrom). */
export function playIndex(state: GameState): number {
  return state.n - (state.playFrom ?? 0);
}
