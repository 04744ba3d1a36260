/**
 * The app's way to verify a file (issue 15 hole 6): in a Web Worker, so no file makes the page
 * unresponsive, with progress and cancel. The verified game comes back by structured clone; its
 * state is frozen again here (the engine and the state digest expect immer's frozen states) and its
 * scenario registered on this thread. Without Worker support (Node tests) the same loader runs here,
 * in slices (loadSaveAsync).
 */
import { registerBundle } from '../engine';
import type { FromVerifier, ToVerifier } from './verify.worker';
import { defaultBundles, loadSaveAsync, type LoadProgress, type LoadResult } from './verify';

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

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
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
        deepFreeze(r.game.state);
        for (const [, st] of [...(r.game.replayed?.undo ?? []), ...(r.game.replayed?.checkpoints ?? [])]) deepFreeze(st);
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
