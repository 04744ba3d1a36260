/**
 * The app's way to verify a file (issue 15 hole 6): in a Web Worker, so no file makes the page
 * unresponsive, with progress and cancel. The verified game comes back by structured clone; its
 * states are made the engine's again here (frozen, with their unit tables: `adoptState`) and its
 * scenario registered on this thread. Without Worker support (Node tests) the same loader runs here,
 * in slices (loadSaveAsync).
 */
import { adoptState, registerBundle, type GameState } from '../engine';
import type { FromVerifier, ToVerifier } from './verify.worker';
import { defaultBundles, loadSaveAsync, type LoadProgress, type LoadResult, type SavedGame } from './verify';

export interface VerifyOptions {
  onProgress?(p: LoadProgress): void;
  /** Aborting stops the check ("cancelled"); the worker is terminated. */
  signal?: AbortSignal;
}

let worker: Worker | null = null;
let nextId = 1;

function getWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    worker ??= new Worker(new URL('./verify.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  return worker;
}

/**
 * The checked game's states as the engine keeps them (unitTable.ts `adoptState`): the game's and the
 * states its re-play kept. One state may be in several places (an undo state that is also a kept state;
 * the game's own as the only kept state of an empty log): each is adopted once, so they stay one object.
 */
function adoptStates(game: SavedGame): void {
  const seen = new Map<GameState, GameState>();
  const adopt = (s: GameState): GameState => {
    let a = seen.get(s);
    if (!a) seen.set(s, (a = adoptState(s)));
    return a;
  };
  game.state = adopt(game.state);
  const r = game.replayed;
  if (!r) return;
  for (const e of r.undo) e[1] = adopt(e[1]);
  for (const e of r.checkpoints) e[1] = adopt(e[1]);
}

const cancelled = (): LoadResult => ({ ok: false, code: 'cancelled', error: 'the check was cancelled; nothing was loaded' });

export function verifyFile(input: string | Uint8Array, opts: VerifyOptions = {}): Promise<LoadResult> {
  if (opts.signal?.aborted) return Promise.resolve(cancelled());
  const w = getWorker();
  if (!w) return loadSaveAsync(input, { onProgress: opts.onProgress, cancelled: () => !!opts.signal?.aborted });
  const id = nextId++;
  return new Promise<LoadResult>((resolve) => {
    const done = (r: LoadResult) => { w.removeEventListener('message', listener); w.removeEventListener('error', failed); opts.signal?.removeEventListener('abort', abort); resolve(r); };
    const listener = (ev: MessageEvent<FromVerifier>) => {
      const m = ev.data;
      if (m.id !== id) return;
      if (m.type === 'progress') { opts.onProgress?.(m.progress); return; }
      const r = m.result;
      if (r.ok) {
        try { registerBundle(defaultBundles(r.game.save.header.scenario)); } catch { /* the worker loaded it; openSaved reports a failure */ }
        adoptStates(r.game);
      }
      done(r);
    };
    const failed = (e: ErrorEvent) => { worker = null; w.terminate(); done({ ok: false, code: 'internal', error: `the file could not be checked: ${e.message || 'the checking worker failed'}` }); };
    // Cancel: the worker may be deep in a re-play; terminating it is immediate. The next file starts a new one.
    const abort = () => { if (worker === w) worker = null; w.terminate(); done(cancelled()); };
    w.addEventListener('message', listener);
    w.addEventListener('error', failed);
    opts.signal?.addEventListener('abort', abort);
    w.postMessage({ id, input } satisfies ToVerifier);
  });
}
