/**
 * The opponent in a Web Worker, so the UI stays responsive while it thinks (design card: nothing
 * heavy on the UI thread). Started by client.ts with vite's
 * `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })`; the loop itself is
 * inThread.ts (the same code runs without a Worker in tests).
 */
import { runInThread } from './inThread';
import type { FromWorker, ToWorker } from './protocol';

const cancelled = new Set<number>();
const post = (m: FromWorker) => (self as unknown as { postMessage(m: FromWorker): void }).postMessage(m);

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  if (msg.type === 'cancel') { cancelled.add(msg.id); return; }
  if (msg.type === 'start') void runInThread(msg, post, () => cancelled.has(msg.id)).finally(() => cancelled.delete(msg.id));
};
