/**
 * The owner's side of hidden information (docs/engine.md "Hidden information"): the value and salt of
 * each sealed fact stay in this browser, in localStorage keyed by game id and side — like the strict
 * dice chain secret (store/pbem.ts) — and never enter the log or a file until the rules ask for the
 * reveal. The log carries only `{type:'seal', key, commitment}`; the reveal action is built here from
 * what was kept. Storage is injectable (a Map in tests).
 */
import type { Action, Side } from '../engine';
import { sealCommitment } from '../engine/rules/hidden';
import { randomHex, type RandomHex } from '../save/dice';
import { browserStorage, type SeatStorage } from './pbem';

export interface KeptSecret { value: string; salt: string }

const PREFIX = 'neptune.secrets.';
export const secretsKey = (gameId: string, side: Side) => `${PREFIX}${gameId}.${side}`;

function readAll(gameId: string, side: Side, storage: SeatStorage | null): Record<string, KeptSecret> {
  const raw = storage?.getItem(secretsKey(gameId, side));
  if (!raw) return {};
  try {
    const all = JSON.parse(raw) as Record<string, KeptSecret>;
    return all && typeof all === 'object' ? all : {};
  } catch {
    return {};
  }
}

/**
 * Seals `value` for `side`: draws a fresh 256-bit salt, keeps value and salt, returns the action that
 * puts only the commitment in the log.
 */
export function sealChoice(gameId: string, side: Side, key: string, value: string, storage: SeatStorage | null = browserStorage(), random: RandomHex = randomHex): Action {
  const salt = random();
  const all = readAll(gameId, side, storage);
  all[key] = { value, salt };
  storage?.setItem(secretsKey(gameId, side), JSON.stringify(all));
  return { type: 'seal', key, commitment: sealCommitment(key, value, salt) };
}

/** What `side` sealed under `key` in this browser (null: sealed elsewhere, or by the other side). */
export function keptSecret(gameId: string, side: Side, key: string, storage: SeatStorage | null = browserStorage()): KeptSecret | null {
  const s = readAll(gameId, side, storage)[key];
  return s && typeof s.value === 'string' && typeof s.salt === 'string' ? s : null;
}

/** The reveal of what `side` sealed under `key`, or null when this browser does not hold it. */
export function revealAction(gameId: string, side: Side, key: string, storage: SeatStorage | null = browserStorage()): Action | null {
  const s = keptSecret(gameId, side, key, storage);
  return s ? { type: 'reveal', key, value: s.value, salt: s.salt } : null;
}
