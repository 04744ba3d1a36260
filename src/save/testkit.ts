/**
 * Helpers for the save tests and the benchmark: deterministic "random" sources and generated games.
 * Not used by the app.
 */
import { legalActions, sideToAct, type Action, type Side } from '../engine';
import { gzipSync, strToU8 } from 'fflate';
import { sha256Hex } from '../engine/hash';
import { appendAction, appendAnchor, createSave } from './build';
import type { ChainSecret, RandomHex } from './dice';
import type { DiceMode } from './format';
import { entryHash, headerHash, type SavedGame } from './verify';
import type { SaveFile } from './format';

/** A reproducible stand-in for crypto randomness. */
export function fakeRandom(label: string): RandomHex {
  let i = 0;
  return () => sha256Hex(`${label}#${i++}`);
}

/** Small deterministic PRNG for choosing actions (tests only). */
export function pick(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; };
}

/** A side's private dice chain in tests (deterministic from the label). */
export function testChain(label: string, length = 64): ChainSecret {
  return { secret: sha256Hex(`chain:${label}`), length };
}

/** A demo game; in PBEM modes created by `creator` (default Allied) with chain testChain(`${label}-${creator}`). */
export function newTestGame(dice: DiceMode = 'hotseat', length = 'short', label = 'g', creator: Side | { side: Side; chain: ChainSecret } = 'allied'): SavedGame {
  const c = typeof creator === 'string' ? { side: creator, chain: testChain(`${label}-${creator}`) } : creator;
  const r = createSave({ scenario: 'demo', length, dice, players: { allied: 'Monty', german: 'Rommel' }, random: fakeRandom(label), ...(dice !== 'hotseat' ? { creator: c } : {}) });
  if (!r.ok) throw new Error(r.error);
  return r.game;
}

/** The joining side's first entry in a PBEM game: the anchor of testChain(`${label}-${side}`). */
export function joinTest(g: SavedGame, side: Side, label: string): SavedGame {
  return must(appendAnchor(g, side, testChain(`${label}-${side}`)));
}

export function must(r: { ok: true; game: SavedGame } | { ok: false; error: string }): SavedGame {
  if (!r.ok) throw new Error(r.error);
  return r.game;
}

/**
 * A hotseat game of `n` actions: in each player segment a few legal moves and dice rolls, then
 * endSegment. Stops early when the game ends.
 */
export function generatedGame(n: number, seed = 1, length = 'long'): SavedGame {
  const rnd = pick(seed);
  let g = newTestGame('hotseat', length, `gen${seed}`);
  let inSegment = 0;
  const perSegment = Math.max(2, Math.ceil(n / 80));
  while (g.save.entries.length < n && !g.state.over) {
    const side = sideToAct(g.state)!;
    let a: Action;
    if (inSegment >= perSegment) a = { type: 'endSegment' };
    else if (rnd(3) === 0) {
      const moves = legalActions(g.state, side).filter((x) => x.type === 'move');
      a = moves.length ? moves[rnd(moves.length)] : { type: 'roll', dice: '1d10', purpose: 'check' };
    } else a = { type: 'roll', dice: rnd(2) ? '1d10' : '2d10', purpose: `roll ${g.save.entries.length}` };
    let r = appendAction(g, a);
    if (!r.ok) {
      // A rule may be waiting for a decision (e.g. a pending choice): take the first legal action that is accepted.
      const legal = legalActions(g.state, side);
      for (let i = 0; i < legal.length && !r.ok; i++) { a = legal[(i + rnd(legal.length)) % legal.length]; r = appendAction(g, a); }
      if (!r.ok) throw new Error(`generatedGame stuck at entry ${g.save.entries.length}: ${r.error}`);
    }
    g = r.game;
    inSegment = a.type === 'endSegment' ? 0 : inSegment + 1;
  }
  return g;
}

/** Re-seals a hand-edited file, as a forger would: recompute every prev link and the head. */
export function rechain(s: SaveFile): SaveFile {
  let prev = headerHash(s.header);
  for (let i = 0; i < s.entries.length; i++) { s.entries[i].prev = prev; prev = entryHash(s.entries[i]); }
  s.head = prev;
  return s;
}

/**
 * Issue 15 hole 6: a small file that would take long to re-play: `n` compact free rolls of a demo
 * game, gzipped, with a wrong seal (and a wrong head). 200,000 entries are ≈ 60 KB.
 */
export function hostileCompactFile(n = 200_000, label = 'hostile'): Uint8Array {
  const g = newTestGame('hotseat', 'short', label);
  const entry = '{"by":"allied","kind":"action","action":{"type":"roll","dice":"1d10","purpose":"x"}}';
  const top = JSON.stringify({ format: g.save.format, version: g.save.version, encoding: 'compact', header: g.save.header, entries: [], head: '0'.repeat(64), seal: '1'.repeat(64) });
  return gzipSync(strToU8(top.replace('"entries":[]', `"entries":[${Array(n).fill(entry).join(',')}]`)), { level: 9, mtime: 0 });
}
