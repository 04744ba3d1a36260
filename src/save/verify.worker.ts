/**
 * Verifying a save off the main thread (issue 15 hole 6): the worker decodes, parses, runs the cheap
 * checks (forbidden keys, entry count against the game's length, seal) and then re-plays the file,
 * posting progress. The worker lives as long as the page (unless a check is cancelled): a file that
 * continues the last one it checked is re-played from where that one ended (verify.ts `lastChecked`). Started by verifyClient.ts with vite's `new Worker(new URL(…), { type: 'module' })`;
 * cancelling terminates the worker.
 */
import { loadSaveAsync, type LoadProgress, type LoadResult } from './verify';

export type ToVerifier = { id: number; input: string | Uint8Array };
export type FromVerifier = { id: number; type: 'progress'; progress: LoadProgress } | { id: number; type: 'done'; result: LoadResult };

const post = (m: FromVerifier) => (self as unknown as { postMessage(m: FromVerifier): void }).postMessage(m);

self.onmessage = (ev: MessageEvent<ToVerifier>) => {
  const { id, input } = ev.data;
  void loadSaveAsync(input, { sliceMs: 50, onProgress: (progress) => post({ id, type: 'progress', progress }) })
    .then((result) => post({ id, type: 'done', result }));
};
